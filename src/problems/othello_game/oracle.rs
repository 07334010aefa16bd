//! The statement, literally, on a plain grid of rows: every move found by
//! walking the 8 rays cell by cell, and the position after every accepted
//! play kept on a stack, so that `undo` takes back exactly one play by
//! popping it (the stack is the history of positions the statement speaks
//! of). Shares no code with the engine.

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
#[derive(Clone)]
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

/// How many discs flip along the ray (`dr`, `dc`) when `colour` plays at
/// (`col`, `row`) on `grid`: the run of the opponent's discs from the
/// move, if the mover's own disc closes it; 0 otherwise.
fn run(
    grid: &[Vec<u8>],
    colour: Colour,
    (col, row): (usize, usize),
    (dr, dc): (i64, i64),
) -> usize {
    let n = grid.len() as i64;
    let on_board = |r: i64, c: i64| r >= 0 && r < n && c >= 0 && c < n;
    let (mut r, mut c) = (row as i64 + dr, col as i64 + dc);
    let mut length = 0;
    while on_board(r, c) && grid[r as usize][c as usize] == disc(colour.other()) {
        length += 1;
        r += dr;
        c += dc;
    }
    let closed = on_board(r, c) && grid[r as usize][c as usize] == disc(colour);
    if closed { length } else { 0 }
}

/// The cells that flip when `colour` plays at (`col`, `row`) on `grid`
/// (reversi-move's rule, §2); empty if the cell is occupied or nothing flips.
fn flips(grid: &[Vec<u8>], colour: Colour, col: usize, row: usize) -> Vec<(usize, usize)> {
    if grid[row][col] != EMPTY {
        return Vec::new();
    }
    let mut all = Vec::new();
    for (dr, dc) in DIRECTIONS {
        for k in 1..=run(grid, colour, (col, row), (dr, dc)) as i64 {
            all.push((
                (row as i64 + k * dr) as usize,
                (col as i64 + k * dc) as usize,
            ));
        }
    }
    all
}

/// Whether `colour` playing at (`col`, `row`) flips anything: the move is
/// legal.
fn flips_any(grid: &[Vec<u8>], colour: Colour, col: usize, row: usize) -> bool {
    grid[row][col] == EMPTY
        && DIRECTIONS
            .into_iter()
            .any(|d| run(grid, colour, (col, row), d) > 0)
}

/// Whether `colour` has a legal move anywhere.
fn has_move(grid: &[Vec<u8>], colour: Colour) -> bool {
    let n = grid.len();
    (0..n).any(|row| (0..n).any(|col| flips_any(grid, colour, col, row)))
}

/// The position after `colour` plays `vertex` (a pass if `None`) in `pos`.
fn after(pos: &Position, rules: Rules, colour: Colour, vertex: Option<Vertex>) -> Position {
    let mut next = pos.clone();
    if let Some((col, row)) = vertex {
        let (col, row) = (col as usize, row as usize);
        for (r, c) in flips(&pos.grid, colour, col, row) {
            next.grid[r][c] = disc(colour);
        }
        next.grid[row][col] = disc(colour);
    }
    next.to_move = colour.other();
    // auto-pass: the engine passes for an opponent without a move.
    if rules == Rules::AutoPass
        && !has_move(&next.grid, colour.other())
        && has_move(&next.grid, colour)
    {
        next.to_move = colour;
    }
    next
}

/// Whether `colour` may play `vertex` in `pos`.
fn legal(pos: &Position, rules: Rules, colour: Colour, vertex: Option<Vertex>) -> bool {
    if rules == Rules::AutoPass && vertex.is_none() {
        return false; // passes are the engine's own
    }
    if colour != pos.to_move {
        return false;
    }
    match vertex {
        // Only when forced: no move of one's own, one for the opponent
        // (so never once the game is over).
        None => !has_move(&pos.grid, colour) && has_move(&pos.grid, colour.other()),
        // Where it flips: then the mover has a move, and the game is not
        // over.
        Some((col, row)) => flips_any(&pos.grid, colour, col as usize, row as usize),
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
    let (replies, positions) = run_commands(case);
    let last = positions.last().expect("the start is never popped");
    Answer {
        replies,
        board: Board {
            n: case.n,
            cells: last.grid.concat(),
        },
    }
}

/// Who is to move after `case`'s commands.
pub fn to_move(case: &Case) -> Colour {
    let (_, positions) = run_commands(case);
    positions.last().expect("the start is never popped").to_move
}

/// The replies to `case`'s commands, and the positions: the start, then
/// one after each accepted play still standing (a pass the engine inserts
/// is a play of its own, taken back by its own `undo`).
fn run_commands(case: &Case) -> (Vec<Reply>, Vec<Position>) {
    let mut positions = vec![start(case.n)];
    let mut replies = Vec::with_capacity(case.commands.len());
    for command in &case.commands {
        let reply = match *command {
            Command::Undo => {
                if positions.len() > 1 {
                    positions.pop();
                    Reply::Accepted
                } else {
                    Reply::CannotUndo
                }
            }
            Command::Play { colour, vertex } => {
                let pos = positions.last().expect("the start is never popped");
                if legal(pos, case.rules, colour, vertex) {
                    let next = after(pos, case.rules, colour, vertex);
                    positions.push(next);
                    Reply::Accepted
                } else if inserts_pass(pos, case.rules, colour, vertex) {
                    // either-pass: the opponent's forced pass goes first.
                    let passed = after(pos, case.rules, pos.to_move, None);
                    if legal(&passed, case.rules, colour, vertex) {
                        let next = after(&passed, case.rules, colour, vertex);
                        positions.push(passed);
                        positions.push(next);
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
    (replies, positions)
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
    let (_, positions) = run_commands(&before);
    let pos = positions.last().expect("the start is never popped");
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
        can_undo: positions.len() > 1,
    }
}
