//! Exhaustive enumeration of go-move cases: every legal position of every
//! small board, every move of both colours.

use super::rules::first_dead_stone;
use super::{BLACK, Case, MAX_N, Move, Position, WHITE};

/// Every legal position of every n×n board with n² ≤ `max_cells`, with
/// every move of both colours (occupied points included).
pub fn every_move(max_cells: usize) -> impl Iterator<Item = Case> + Send {
    (1..=MAX_N)
        .take_while(move |n| n * n <= max_cells)
        .flat_map(|n| {
            let points = n * n;
            (0..3u64.pow(points as u32)).flat_map(move |mut code| {
                let mut position = Position::empty(n);
                for cell in position.cells.iter_mut() {
                    *cell = (code % 3) as u8;
                    code /= 3;
                }
                let legal = first_dead_stone(&position).is_none();
                let moves = if legal { points * 2 } else { 0 };
                (0..moves).map(move |k| Case {
                    position: position.clone(),
                    mv: Move {
                        row: (k / 2) / n,
                        col: (k / 2) % n,
                        colour: if k % 2 == 0 { BLACK } else { WHITE },
                    },
                })
            })
        })
}

/// How many cases [`every_move`] yields (for tests and reports).
pub fn every_move_count(max_cells: usize) -> u64 {
    every_move(max_cells).count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhaustive_counts() {
        // Legal positions: 1 (1x1), 57 (2x2); 2 colours x points moves each.
        assert_eq!(every_move_count(1), 2);
        assert_eq!(every_move_count(4), 2 + 57 * 8);
    }
}
