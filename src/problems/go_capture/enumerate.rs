//! Exhaustive enumeration of go-capture boards: every shape, every board
//! over a small alphabet.

use super::Board;

/// Every board with at most `max_cells` points, every shape: first over two
/// colours (`.XO`, 3^(n·m) boards a shape), then over three (`.XO#`, 4^(n·m)
/// a shape) for shapes of at most `max_cells - 2` points.
pub fn every_board(max_cells: usize) -> impl Iterator<Item = Board> + Send {
    let two = boards_over(max_cells, b".XO");
    let three = boards_over(max_cells.saturating_sub(2), b".XO#");
    two.chain(three)
}

/// Every board of at most `max_cells` points whose points are from `alphabet`.
pub fn boards_over(
    max_cells: usize,
    alphabet: &'static [u8],
) -> impl Iterator<Item = Board> + Send {
    shapes(max_cells).flat_map(move |(n, m)| {
        let k = alphabet.len() as u64;
        let count = k.pow((n * m) as u32);
        (0..count).map(move |mut code| {
            let cells = (0..n * m)
                .map(|_| {
                    let c = alphabet[(code % k) as usize];
                    code /= k;
                    c
                })
                .collect();
            Board {
                rows: n,
                cols: m,
                cells,
            }
        })
    })
}

/// Every shape n x m with 1 <= n·m <= `max_cells`, smallest first.
pub fn shapes(max_cells: usize) -> impl Iterator<Item = (usize, usize)> + Send {
    (1..=max_cells).flat_map(move |points| {
        (1..=points)
            .filter(move |n| points % n == 0)
            .map(move |n| (n, points / n))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhaustive_count() {
        // shapes of 1, 2 points: 1x1; 1x2, 2x1.
        assert_eq!(boards_over(2, b".XO").count(), 3 + 2 * 9);
        assert_eq!(shapes(9).count(), 1 + 2 + 2 + 3 + 2 + 4 + 2 + 4 + 3);
    }
}
