//! The statement, step by step, replaying the whole history: the game is
//! the list of boards after each accepted play (the empty start first),
//! each with the colour that produced it. A play copies the last board,
//! places the stone, removes every opponent group without a liberty (flood
//! fill over the whole board), judges suicide, then ko by comparing whole
//! boards with the history. `undo` drops the last board. O(n²) per play,
//! and O(k·n²) under superko.

use super::{Answer, BLACK, Case, Command, EMPTY, Ko, Response, Suicide, WHITE};

/// One board of the history and the colour whose play produced it.
struct Entry {
    board: Vec<u8>,
    by: u8,
}

/// The on-board orthogonal neighbours of point `p` of an n×n board.
/// The oracle's own naive code, not `problems::geometry`: an oracle
/// shares nothing with the engines it judges.
pub(super) fn neighbours(n: usize, p: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (p / n, p % n);
    [
        (r > 0).then(|| p - n),
        (r + 1 < n).then(|| p + n),
        (c > 0).then(|| p - 1),
        (c + 1 < n).then(|| p + 1),
    ]
    .into_iter()
    .flatten()
}

/// The group of the stone at `p`: its points and whether it has a liberty.
pub(super) fn group(board: &[u8], n: usize, p: usize) -> (Vec<usize>, bool) {
    let colour = board[p];
    let mut seen = vec![false; board.len()];
    let mut stack = vec![p];
    seen[p] = true;
    let mut points = Vec::new();
    let mut free = false;
    while let Some(q) = stack.pop() {
        points.push(q);
        for m in neighbours(n, q) {
            if board[m] == EMPTY {
                free = true;
            } else if board[m] == colour && !seen[m] {
                seen[m] = true;
                stack.push(m);
            }
        }
    }
    (points, free)
}

/// The board after `colour` plays at (col, row) on the last board of
/// `history`, or `None` if the play is illegal.
fn play(case: &Case, history: &[Entry], colour: u8, col: usize, row: usize) -> Option<Vec<u8>> {
    let n = case.n;
    if col >= n || row >= n {
        return None;
    }
    let last = &history[history.len() - 1];
    let mut board = last.board.clone();
    let at = row * n + col;
    // 1. Occupied.
    if board[at] != EMPTY {
        return None;
    }
    // 2. Place, then remove every opponent group without a liberty.
    board[at] = colour;
    let them = 3 - colour;
    // Each group once: a stone of a group already looked at has its group.
    let mut looked_at = vec![false; n * n];
    let mut dead = Vec::new();
    for p in 0..n * n {
        if board[p] == them && !looked_at[p] {
            let (points, free) = group(&board, n, p);
            for &q in &points {
                looked_at[q] = true;
            }
            if !free {
                dead.extend(points);
            }
        }
    }
    for &p in &dead {
        board[p] = EMPTY;
    }
    let captured = dead.len();
    // 3. Suicide.
    let (own, free) = group(&board, n, at);
    if !free {
        match case.rules.suicide {
            Suicide::Forbidden => return None,
            Suicide::Multi if own.len() == 1 => return None,
            Suicide::Multi | Suicide::All => {
                for p in own {
                    board[p] = EMPTY;
                }
            }
        }
    }
    // 4. Ko, on the board this produces.
    let banned = match case.rules.ko {
        Ko::None => false,
        Ko::Simple => {
            captured == 1 && history.len() >= 2 && history[history.len() - 2].board == board
        }
        Ko::Positional => history.iter().any(|e| e.board == board),
        // GNU Go's convention: the board each play was made from, with that
        // play's colour (the current board is in no such pair).
        Ko::Situational if case.rules.conventions.next_mover => history
            .windows(2)
            .any(|pair| pair[1].by == 3 - colour && pair[0].board == board),
        Ko::Situational => history.iter().any(|e| e.by == colour && e.board == board),
    } || (case.rules.ko == Ko::Situational
        && case.rules.conventions.simple_ko_too
        && captured == 1
        && history.len() >= 2
        && history[history.len() - 2].board == board);
    if banned { None } else { Some(board) }
}

/// The oracle's answer to one case.
pub fn solve(case: &Case) -> Answer {
    let (replies, mut history) = run(case, case.commands.len());
    Answer {
        replies,
        board: history.pop().map(|e| e.board).unwrap_or_default(),
    }
}

/// The boards of the game after `case`'s first `i` commands, the empty
/// start first and the current board last (what command `i` meets).
pub(super) fn boards_before(case: &Case, i: usize) -> Vec<Vec<u8>> {
    run(case, i).1.into_iter().map(|e| e.board).collect()
}

/// The replies to the first `k` commands of `case` and the history they
/// leave.
fn run(case: &Case, k: usize) -> (Vec<Response>, Vec<Entry>) {
    let n = case.n;
    // The empty start counts as produced by white.
    let mut history = vec![Entry {
        board: vec![EMPTY; n * n],
        by: WHITE,
    }];
    let mut replies = Vec::with_capacity(k);
    for command in case.commands.iter().take(k) {
        let reply = match *command {
            Command::Undo => {
                if history.len() > 1 {
                    history.pop();
                    Response::Accepted
                } else {
                    Response::CannotUndo
                }
            }
            Command::Play { colour, vertex } => {
                let next = match vertex {
                    _ if colour != BLACK && colour != WHITE => None,
                    None => Some(history[history.len() - 1].board.clone()),
                    Some((col, row)) => play(case, &history, colour, col, row),
                };
                match next {
                    Some(board) => {
                        history.push(Entry { board, by: colour });
                        Response::Accepted
                    }
                    None => Response::Illegal,
                }
            }
        };
        replies.push(reply);
    }
    (replies, history)
}
