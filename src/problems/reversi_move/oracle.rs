//! The statement, literally, on a plain grid: copy the board, walk each of
//! the 8 directions on the copy over the opponent's cells, keep the run if
//! the mover's piece closes it, and only then write the piece and the flips.
//! O(m·n) per move (the copies); shares no code with the engines.

use super::{Board, Case};

/// The 8 directions as (row step, column step): up, up-right, right,
/// down-right, down, down-left, left, up-left.
pub const DIRECTIONS: [(i64, i64); 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

/// The board after the move of `case`.
pub fn solve(case: &Case) -> Board {
    solve_in_order(case, &[0, 1, 2, 3, 4, 5, 6, 7])
}

/// Like [`solve`], visiting the directions in `order` (a permutation of `0..8`).
pub fn solve_in_order(case: &Case, order: &[usize]) -> Board {
    let before: Vec<Vec<u8>> = case.board.to_rows();
    let m = before.len() as i64;
    let n = before[0].len() as i64;
    let (row, col) = (case.row, case.col);
    let player = case.player;
    let opponent = 3 - player;
    let on_board = |r: i64, c: i64| 0 <= r && r < m && 0 <= c && c < n;

    if before[row][col] != 0 {
        return case.board.clone(); // occupied: illegal
    }

    let mut flips: Vec<(usize, usize)> = Vec::new();
    for &d in order {
        let (dr, dc) = DIRECTIONS[d];
        let mut r = row as i64 + dr;
        let mut c = col as i64 + dc;
        let mut run = Vec::new();
        while on_board(r, c) && before[r as usize][c as usize] == opponent {
            run.push((r as usize, c as usize));
            r += dr;
            c += dc;
        }
        if !run.is_empty() && on_board(r, c) && before[r as usize][c as usize] == player {
            flips.extend(run);
        }
    }

    if flips.is_empty() {
        return case.board.clone(); // nothing flips: illegal
    }
    let mut after = before;
    after[row][col] = player;
    for (r, c) in flips {
        after[r][c] = player;
    }
    Board::from_rows(&after)
}
