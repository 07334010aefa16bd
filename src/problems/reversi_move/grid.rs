//! The engine for any m×n board. One move walks the 8 rays from the move
//! cell and nothing else: O(m + n) per move (two rays of at most n cells,
//! two of at most m, four diagonals of at most min(m, n)). [`solve`] copies
//! the board into the answer and plays on the copy; [`play`] works in place.
//!
//! Flipping a direction as soon as it is decided is safe: the 8 rays of a
//! cell are disjoint and none contains the cell itself, so no decision
//! reads a cell that another direction wrote. That is the "every direction
//! decided on the board before the move" rule, without copying the board.

use super::{Board, Case};

/// The 8 directions as (row step, column step), clockwise from up.
pub const DIRECTIONS: [(isize, isize); 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

/// All directions in their natural order.
pub const ALL: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// How many cells lie beyond (`row`, `col`) in direction (`dr`, `dc`) before the edge.
#[inline]
fn reach(board: &Board, row: usize, col: usize, dr: isize, dc: isize) -> usize {
    let vertical = match dr {
        -1 => row,
        1 => board.rows - 1 - row,
        _ => usize::MAX,
    };
    let horizontal = match dc {
        -1 => col,
        1 => board.cols - 1 - col,
        _ => usize::MAX,
    };
    vertical.min(horizontal)
}

/// The length of the opponent run starting next to (`row`, `col`) in
/// direction `d` if a piece of `player` closes it, else 0.
#[inline]
fn closed_run(board: &Board, row: usize, col: usize, player: u8, d: usize) -> usize {
    let (dr, dc) = DIRECTIONS[d];
    let step = dr * board.cols as isize + dc;
    let opponent = 3 - player;
    let mut at = row * board.cols + col;
    for k in 1..=reach(board, row, col, dr, dc) {
        at = at.wrapping_add_signed(step);
        match board.cells[at] {
            c if c == opponent => continue,
            c if c == player => return k - 1,
            _ => return 0,
        }
    }
    0 // the edge closes nothing
}

/// True if `player` may move at (`row`, `col`): the cell is empty and some direction flips.
pub fn is_legal(board: &Board, row: usize, col: usize, player: u8) -> bool {
    board.get(row, col) == 0
        && ALL
            .iter()
            .any(|&d| closed_run(board, row, col, player, d) > 0)
}

/// Plays the move in place and returns how many cells flipped; an illegal
/// move (occupied, or nothing flips) leaves the board untouched and returns 0.
pub fn play(board: &mut Board, row: usize, col: usize, player: u8) -> usize {
    play_in_order(board, row, col, player, &ALL)
}

/// Like [`play`], deciding and flipping the directions in `order`.
pub fn play_in_order(
    board: &mut Board,
    row: usize,
    col: usize,
    player: u8,
    order: &[usize],
) -> usize {
    let start = row * board.cols + col;
    if board.cells[start] != 0 {
        return 0;
    }
    let mut flipped = 0;
    for &d in order {
        let k = closed_run(board, row, col, player, d);
        let (dr, dc) = DIRECTIONS[d];
        let step = dr * board.cols as isize + dc;
        let mut at = start;
        for _ in 0..k {
            at = at.wrapping_add_signed(step);
            board.cells[at] = player;
        }
        flipped += k;
    }
    if flipped > 0 {
        board.cells[start] = player;
    }
    flipped
}

/// The cells where `player` may move, row by row.
pub fn legal_moves(board: &Board, player: u8) -> Vec<(usize, usize)> {
    (0..board.rows)
        .flat_map(|r| (0..board.cols).map(move |c| (r, c)))
        .filter(|&(r, c)| is_legal(board, r, c, player))
        .collect()
}

/// The board after the move of `case`.
pub fn solve(case: &Case) -> Board {
    solve_in_order(case, &ALL)
}

/// Like [`solve`], visiting the directions in `order` (a permutation of `0..8`).
pub fn solve_in_order(case: &Case, order: &[usize]) -> Board {
    let mut board = case.board.clone();
    play_in_order(&mut board, case.row, case.col, case.player, order);
    board
}
