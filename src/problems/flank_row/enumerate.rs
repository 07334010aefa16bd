//! Exhaustive enumeration of flank-row cases: every small row with every
//! single placement.

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
    }
}
