//! The statement, literally: for every command, the game is replayed from
//! the start position through every accepted play so far, on a plain grid
//! of rows, each move found by walking the 8 rays cell by cell. Quadratic
//! in the number of commands; shares no code with the engine.

use super::{Answer, BLACK, Board, Case, Colour, Command, EMPTY, Reply, Rules, Vertex, WHITE};

/// The 8 directions as (row step, column step).
pub(super) const DIRECTIONS: [(i64, i64); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// A position: the grid (`grid[row][col]`) and who is to move.
struct Position {
    grid: Vec<Vec<u8>>,
    to_move: Colour,
}

fn disc(colour: Colour) -> u8 {
    match colour {
        Colour::Black => BLACK,
        Colour::White => WHITE,
    }
}

/// The start: the four centre cells, white on the upper-left and
/// lower-right of them, black on the other two; black to move.
fn start(n: usize) -> Position {
    let mut grid = vec![vec![EMPTY; n]; n];
    let (a, b) = (n / 2 - 1, n / 2);
    grid[a][a] = WHITE;
    grid[b][b] = WHITE;
    grid[a][b] = BLACK;
    grid[b][a] = BLACK;
    Position {
        grid,
        to_move: Colour::Black,
    }
}

/// The cells that flip when `colour` plays at (`col`, `row`) on `grid`
/// (reversi-move's rule, §2); empty if the cell is occupied or nothing flips.
fn flips(grid: &[Vec<u8>], colour: Colour, col: usize, row: usize) -> Vec<(usize, usize)> {
    let n = grid.len() as i64;
    let me = disc(colour);
    let them = disc(colour.other());
    if grid[row][col] != EMPTY {
        return Vec::new();
    }
    let mut all = Vec::new();
    for (dr, dc) in DIRECTIONS {
        let mut run = Vec::new();
        let (mut r, mut c) = (row as i64 + dr, col as i64 + dc);
        while r >= 0 && r < n && c >= 0 && c < n && grid[r as usize][c as usize] == them {
            run.push((r as usize, c as usize));
            r += dr;
            c += dc;
        }
        let closed = r >= 0 && r < n && c >= 0 && c < n && grid[r as usize][c as usize] == me;
        if !run.is_empty() && closed {
            all.extend(run);
        }
    }
    all
}

/// Whether `colour` has a legal move anywhere.
fn has_move(grid: &[Vec<u8>], colour: Colour) -> bool {
    let n = grid.len();
    (0..n).any(|row| (0..n).any(|col| !flips(grid, colour, col, row).is_empty()))
}

/// Replays `history` (accepted plays, in order) from the start.
fn replay(n: usize, rules: Rules, history: &[(Colour, Option<Vertex>)]) -> Position {
    let mut pos = start(n);
    for &(colour, vertex) in history {
        if let Some((col, row)) = vertex {
            let (col, row) = (col as usize, row as usize);
            for (r, c) in flips(&pos.grid, colour, col, row) {
                pos.grid[r][c] = disc(colour);
            }
            pos.grid[row][col] = disc(colour);
        }
        pos.to_move = colour.other();
        // auto-pass: the engine passes for an opponent without a move.
        if rules == Rules::AutoPass
            && !has_move(&pos.grid, colour.other())
            && has_move(&pos.grid, colour)
        {
            pos.to_move = colour;
        }
    }
    pos
}

/// Whether `colour` may play `vertex` in `pos`.
fn legal(pos: &Position, rules: Rules, colour: Colour, vertex: Option<Vertex>) -> bool {
    if rules == Rules::AutoPass && vertex.is_none() {
        return false; // passes are the engine's own
    }
    let mover_can = has_move(&pos.grid, pos.to_move);
    let other_can = has_move(&pos.grid, pos.to_move.other());
    if !mover_can && !other_can {
        return false; // the game is over
    }
    if colour != pos.to_move {
        return false;
    }
    match vertex {
        None => !mover_can && other_can,
        Some((col, row)) => !flips(&pos.grid, colour, col as usize, row as usize).is_empty(),
    }
}

/// Whether, under either-pass, `colour`'s play at `vertex` comes with a
/// pass inserted for the side to move: it is the other side's turn, and
/// that side has no move while `colour` has one.
fn inserts_pass(pos: &Position, rules: Rules, colour: Colour, vertex: Option<Vertex>) -> bool {
    rules == Rules::EitherPass
        && vertex.is_some()
        && colour != pos.to_move
        && !has_move(&pos.grid, pos.to_move)
        && has_move(&pos.grid, colour)
}

/// The answer to `case`.
pub fn solve(case: &Case) -> Answer {
    let (replies, history) = run(case);
    let pos = replay(case.n, case.rules, &history);
    Answer {
        replies,
        board: Board {
            n: case.n,
            cells: pos.grid.concat(),
        },
    }
}

/// Who is to move after `case`'s commands.
pub fn to_move(case: &Case) -> Colour {
    let (_, history) = run(case);
    replay(case.n, case.rules, &history).to_move
}

/// The replies to `case`'s commands and the accepted plays left.
fn run(case: &Case) -> (Vec<Reply>, Vec<(Colour, Option<Vertex>)>) {
    let mut history: Vec<(Colour, Option<Vertex>)> = Vec::new();
    let mut replies = Vec::with_capacity(case.commands.len());
    for command in &case.commands {
        let reply = match *command {
            Command::Undo => {
                if history.pop().is_some() {
                    Reply::Accepted
                } else {
                    Reply::CannotUndo
                }
            }
            Command::Play { colour, vertex } => {
                let pos = replay(case.n, case.rules, &history);
                if legal(&pos, case.rules, colour, vertex) {
                    history.push((colour, vertex));
                    Reply::Accepted
                } else if inserts_pass(&pos, case.rules, colour, vertex) {
                    // either-pass: the opponent's forced pass goes first.
                    let mut with_pass = history.clone();
                    with_pass.push((pos.to_move, None));
                    let after = replay(case.n, case.rules, &with_pass);
                    if legal(&after, case.rules, colour, vertex) {
                        history = with_pass;
                        history.push((colour, vertex));
                        Reply::Accepted
                    } else {
                        Reply::Illegal
                    }
                } else {
                    Reply::Illegal
                }
            }
        };
        replies.push(reply);
    }
    (replies, history)
}

/// The position command `i` of `case` meets, as [`super::repeats`] tells
/// failures apart by it.
pub(super) struct Met {
    /// Whether the command is played by the side to move.
    pub by_mover: bool,
    /// Whether the side to move has a move, and the other side.
    pub mover_can: bool,
    pub other_can: bool,
    /// For a play at a cell: whether the cell is empty and whether the
    /// play flips anything there.
    pub empty: bool,
    pub flips: bool,
    /// For `undo`: whether there is an accepted play to take back.
    pub can_undo: bool,
}

/// What command `i` of `case` meets after the commands before it.
pub(super) fn met(case: &Case, i: usize) -> Met {
    let before = Case {
        n: case.n,
        rules: case.rules,
        commands: case.commands[..i.min(case.commands.len())].to_vec(),
    };
    let (_, history) = run(&before);
    let pos = replay(case.n, case.rules, &history);
    let (colour, cell) = match case.commands.get(i) {
        Some(Command::Play { colour, vertex }) => (*colour, *vertex),
        _ => (pos.to_move, None),
    };
    let (empty, flips) = match cell {
        Some((col, row)) => (
            pos.grid[row as usize][col as usize] == EMPTY,
            !flips(&pos.grid, colour, col as usize, row as usize).is_empty(),
        ),
        None => (false, false),
    };
    Met {
        by_mover: colour == pos.to_move,
        mover_can: has_move(&pos.grid, pos.to_move),
        other_can: has_move(&pos.grid, pos.to_move.other()),
        empty,
        flips,
        can_undo: !history.is_empty(),
    }
}
