//! Exhaustive enumeration of flank-row cases: every small row with every
//! sequence of placements, in order of "cells" counted as the row's cells
//! plus the placements (as go-game counts a game), so that no case of fewer
//! cells is left out however many placements it makes; and every small row
//! with every single placement.

use super::{Case, Cell, Placement, Player, Row};

/// Every row of 1 to `max_cells` cells with every single placement of both
/// players (occupied cells included): sum over n of 3^n · 2n cases.
pub fn every_single_placement(max_cells: usize) -> impl Iterator<Item = Case> + Send {
    (1..=max_cells).flat_map(|n| {
        (0..3u64.pow(n as u32)).flat_map(move |code| {
            let row = row_from_code(code, n);
            [Player::A, Player::B].into_iter().flat_map(move |player| {
                let row = row.clone();
                (0..n).map(move |index| Case {
                    row: row.clone(),
                    placements: vec![Placement { player, index }],
                })
            })
        })
    })
}

/// The cells of a case as [`every_case`] counts them: the row's cells plus
/// the placements.
pub fn cells(case: &Case) -> usize {
    case.row.len() + case.placements.len()
}

/// Every case of at most `max_cells` cells ([`cells`]), fewest first: each
/// row of n cells with each sequence of k placements of either player on
/// any cell, n + k at most `max_cells`: 3^n · (2n)^k cases for each n, k.
pub fn every_case(max_cells: usize) -> impl Iterator<Item = Case> + Send {
    (1..=max_cells).flat_map(|c| {
        (1..=c).flat_map(move |n| {
            let k = c - n;
            let choices = 2 * n as u64;
            let sequences = choices.checked_pow(k as u32).unwrap_or(u64::MAX);
            (0..3u64.pow(n as u32)).flat_map(move |code| {
                let row = row_from_code(code, n);
                (0..sequences).map(move |mut seq| {
                    let placements = (0..k)
                        .map(|_| {
                            let choice = (seq % choices) as usize;
                            seq /= choices;
                            Placement {
                                player: if choice.is_multiple_of(2) {
                                    Player::A
                                } else {
                                    Player::B
                                },
                                index: choice / 2,
                            }
                        })
                        .collect();
                    Case {
                        row: row.clone(),
                        placements,
                    }
                })
            })
        })
    })
}

/// The `n`-cell row whose base-3 digits are `code` (0 = `.`, 1 = A, 2 = B).
fn row_from_code(mut code: u64, n: usize) -> Row {
    (0..n)
        .map(|_| {
            let c = code % 3;
            code /= 3;
            [Cell::Empty, Cell::Piece(Player::A), Cell::Piece(Player::B)][c as usize]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhaustive_count() {
        // sum over n = 1..=3 of 3^n * 2n = 6 + 36 + 162
        assert_eq!(every_single_placement(3).count(), 204);
        // c = 1: the 3 one-cell rows; c = 2: 9 two-cell rows and 3 one-cell
        // rows with one of 2 placements.
        assert_eq!(every_case(2).count(), 3 + 9 + 3 * 2);
        let sizes: Vec<usize> = every_case(4).map(|c| cells(&c)).collect();
        assert!(sizes.windows(2).all(|w| w[0] <= w[1]));
    }
}
