//! Exhaustive enumeration of go-capture boards: every shape, every board
//! over a small alphabet.

use super::Board;

/// Every board with at most `max_cells` points, every shape, in order of
/// points (so the first failure has the fewest): at each number of points,
/// first over two colours (`.XO`, 3^(n·m) boards a shape), then over three
/// (`.XO#`, 4^(n·m) a shape) while the points are at most `max_cells - 2`.
pub fn every_board(max_cells: usize) -> impl Iterator<Item = Board> + Send {
    (1..=max_cells).flat_map(move |points| {
        let hash = points + 2 <= max_cells;
        let alphabets: &[&'static [u8]] = if hash { &[b".XO", b".XO#"] } else { &[b".XO"] };
        alphabets
            .iter()
            .flat_map(move |&alphabet| boards_of(points, alphabet))
    })
}

/// Every board of exactly `points` points over `alphabet`, every shape.
fn boards_of(points: usize, alphabet: &'static [u8]) -> impl Iterator<Item = Board> + Send {
    (1..=points)
        .filter(move |n| points.is_multiple_of(*n))
        .flat_map(move |n| boards_shaped(n, points / n, alphabet))
}

/// Every board of at most `max_cells` points whose points are from `alphabet`.
pub fn boards_over(
    max_cells: usize,
    alphabet: &'static [u8],
) -> impl Iterator<Item = Board> + Send {
    shapes(max_cells).flat_map(move |(n, m)| boards_shaped(n, m, alphabet))
}

/// Every `n`×`m` board whose points are from `alphabet`.
fn boards_shaped(
    n: usize,
    m: usize,
    alphabet: &'static [u8],
) -> impl Iterator<Item = Board> + Send {
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
        // In order of points, the boards with `#` among them.
        let points: Vec<usize> = every_board(4).map(|b| b.rows * b.cols).collect();
        assert!(points.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(
            every_board(4).count(),
            3 + 4 + 2 * 9 + 2 * 16 + 2 * 27 + 3 * 81
        );
    }
}
