//! Exhaustive enumeration of reversi-move cases: every small board of
//! every shape, every cell, both players.

use super::{Board, Case};

/// Every board of every shape with at most `max_cells` cells, every cell,
/// both players: the sum over shapes m×n of 3^(mn) · mn · 2 cases.
pub fn every_move(max_cells: usize) -> impl Iterator<Item = Case> + Send {
    let shapes: Vec<(usize, usize)> = (1..=max_cells)
        .flat_map(|cells| {
            (1..=cells)
                .filter(move |m| cells % m == 0)
                .map(move |m| (m, cells / m))
        })
        .collect();
    shapes.into_iter().flat_map(|(rows, cols)| {
        let cells = rows * cols;
        (0..3u64.pow(cells as u32)).flat_map(move |mut code| {
            let board = Board {
                rows,
                cols,
                cells: (0..cells)
                    .map(|_| {
                        let v = (code % 3) as u8;
                        code /= 3;
                        v
                    })
                    .collect(),
            };
            [1u8, 2].into_iter().flat_map(move |player| {
                let board = board.clone();
                (0..cells).map(move |i| Case {
                    board: board.clone(),
                    row: i / cols,
                    col: i % cols,
                    player,
                })
            })
        })
    })
}

/// How many cases [`every_move`] yields.
pub fn every_move_count(max_cells: usize) -> u64 {
    (1..=max_cells as u64)
        .map(|cells| {
            let shapes = (1..=cells).filter(|m| cells % m == 0).count() as u64;
            shapes * 3u64.pow(cells as u32) * cells * 2
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhaustive_count_matches_formula() {
        // 1 cell: 1 shape; 2 cells: 1x2, 2x1; 3 cells: 1x3, 3x1.
        assert_eq!(every_move(3).count() as u64, every_move_count(3));
        assert_eq!(every_move_count(2), 3 * 2 + 2 * 9 * 2 * 2);
    }
}
