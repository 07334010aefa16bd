//! The named worst case of reversi-move (`long-rays`), for `gen --pattern`
//! and the benchmarks.

use super::grid::DIRECTIONS;
use super::{Board, Case, MAX_SIDE};
use crate::generation::Pattern;

/// The worst case for the flips: a `side`×`side` board (at most 100), the
/// move in the middle, every one of the 8 rays filled with the opponent to
/// its last cell, which holds the mover's piece; everything else empty.
pub fn long_rays(side: usize) -> Case {
    let side = side.clamp(1, MAX_SIDE);
    let mid = side / 2;
    let mut board = Board::empty(side, side);
    for (dr, dc) in DIRECTIONS {
        let (mut r, mut c) = (mid as isize + dr, mid as isize + dc);
        while r >= 0 && c >= 0 && r < side as isize && c < side as isize {
            let last = {
                let (nr, nc) = (r + dr, c + dc);
                nr < 0 || nc < 0 || nr >= side as isize || nc >= side as isize
            };
            board.set(r as usize, c as usize, if last { 1 } else { 2 });
            r += dr;
            c += dc;
        }
    }
    Case {
        board,
        row: mid,
        col: mid,
        player: 1,
    }
}

/// Every pattern of reversi-move, for `gen --pattern`, `list` and the benchmarks.
pub fn all() -> Vec<Pattern<super::ReversiMove>> {
    vec![Pattern {
        name: "long-rays",
        about: "a move whose eight rays run to the edges of the board",
        build: long_rays,
    }]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_rays_flips_everything_on_the_rays() {
        let case = long_rays(9);
        let after = super::super::oracle::solve(&case);
        assert_eq!(after.cells.iter().filter(|&&v| v == 2).count(), 0);
    }
}
