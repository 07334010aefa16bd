//! The named worst case of flank-row (`growing-run`), for `gen --pattern`
//! and the benchmarks.

use super::{Case, Cell, Placement, Player};
use crate::generation::Pattern;

/// The worst case for a cell-by-cell solver: one piece in the middle of `n`
/// empty cells, then pieces placed alternately left and right of a growing
/// run, so every second placement flips the whole run. `n` placements in all
/// (the last few, once the row is full, are illegal).
pub fn growing_run(n: usize) -> Case {
    let n = n.max(1);
    let centre = n / 2;
    let mut row = vec![Cell::Empty; n];
    row[centre] = Cell::Piece(Player::A);
    let mut placements = Vec::with_capacity(n);
    let mut radius = 1;
    while placements.len() < n {
        let player = if radius % 2 == 1 {
            Player::B
        } else {
            Player::A
        };
        for index in [centre.checked_sub(radius), Some(centre + radius)] {
            let index = index.filter(|&i| i < n).unwrap_or(centre);
            if placements.len() < n {
                placements.push(Placement { player, index });
            }
        }
        radius += 1;
    }
    Case { row, placements }
}

/// Every pattern of flank-row, for `gen --pattern`, `list` and the benchmarks.
pub fn all() -> Vec<Pattern<super::FlankRow>> {
    vec![Pattern {
        name: "growing-run",
        about: "a run flipped again and again as it grows from the middle",
        build: growing_run,
    }]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growing_run_has_n_placements_inside_the_row() {
        for n in [1, 2, 3, 10, 101] {
            let case = growing_run(n);
            assert_eq!(case.placements.len(), n);
            assert!(case.placements.iter().all(|p| p.index < n));
        }
    }
}
