//! Exhaustive enumeration of go-capture boards: every shape, every board
//! over a small alphabet.

use super::Board;

/// Every board with at most `max_cells` points, every shape, in order of
/// points (so the first failure has the fewest): at each number of points,
/// the boards over `.XO` (3^(n·m) a shape), then those over `.XO#` with a
/// `#` among them (4^(n·m) - 3^(n·m)). So every board over `.XO#` comes
/// once, whatever `max_cells` is, and the proof of the smallest input tries
/// `#` on boards of every size below the best. Other stone characters are
/// not enumerated here: a correct solver treats every one alike.
pub fn every_board(max_cells: usize) -> impl Iterator<Item = Board> + Send {
    every_board_over(max_cells, Vec::new())
}

/// [`every_board`], and at each number of points after its boards those
/// that hold one of `like`'s other stone characters (over `.XO#` and
/// those): the proof of a smallest board that holds, say, a `Z` tries `Z`
/// on every smaller board too, and the report claims no more than that.
pub fn every_board_like(
    max_cells: usize,
    like: &Board,
) -> impl Iterator<Item = Board> + Send + use<> {
    let mut own: Vec<u8> = like
        .cells
        .iter()
        .copied()
        .filter(|c| !BASE.contains(c))
        .collect();
    own.sort_unstable();
    own.dedup();
    every_board_over(max_cells, own)
}

/// The alphabet of [`every_board`]: the empty point and three stones.
const BASE: &[u8] = b".XO#";

/// Level by level: over `.XO`, then with a `#`, then with one of `own`.
fn every_board_over(max_cells: usize, own: Vec<u8>) -> impl Iterator<Item = Board> + Send {
    let all: Vec<u8> = BASE.iter().chain(&own).copied().collect();
    (1..=max_cells).flat_map(move |points| {
        let two = boards_of(points, b".XO".to_vec());
        let with_hash = boards_of(points, BASE.to_vec()).filter(|b| b.cells.contains(&b'#'));
        // Only where there are such characters: else every board over
        // `.XO#` would be made again to be filtered out.
        let own = own.clone();
        let with_own = (!own.is_empty())
            .then(|| boards_of(points, all.clone()))
            .into_iter()
            .flatten()
            .filter(move |b| b.cells.iter().any(|c| own.contains(c)));
        two.chain(with_hash).chain(with_own)
    })
}

/// Every board of exactly `points` points over `alphabet`, every shape.
fn boards_of(points: usize, alphabet: Vec<u8>) -> impl Iterator<Item = Board> + Send {
    (1..=points)
        .filter(move |n| points.is_multiple_of(*n))
        .flat_map(move |n| boards_shaped(n, points / n, alphabet.clone()))
}

/// Every board of at most `max_cells` points whose points are from `alphabet`.
pub fn boards_over(
    max_cells: usize,
    alphabet: &'static [u8],
) -> impl Iterator<Item = Board> + Send {
    shapes(max_cells).flat_map(move |(n, m)| boards_shaped(n, m, alphabet.to_vec()))
}

/// Every `n`×`m` board whose points are from `alphabet`.
fn boards_shaped(n: usize, m: usize, alphabet: Vec<u8>) -> impl Iterator<Item = Board> + Send {
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
        // In order of points, each board over `.XO#` once.
        let points: Vec<usize> = every_board(4).map(|b| b.rows * b.cols).collect();
        assert!(points.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(every_board(4).count(), 4 + 2 * 16 + 2 * 64 + 3 * 256);
        let distinct: std::collections::HashSet<_> = every_board(4).collect();
        assert_eq!(distinct.len(), every_board(4).count());
        // What a level holds does not depend on the bound.
        assert!(every_board(1).any(|b| b.cells == b"#"));
        // The two-colour boards of a level come first.
        let level: Vec<Board> = every_board(2).filter(|b| b.rows * b.cols == 2).collect();
        assert!(level[..18].iter().all(|b| !b.cells.contains(&b'#')));
        assert!(level[18..].iter().all(|b| b.cells.contains(&b'#')));
    }

    #[test]
    fn boards_like_another_add_its_own_characters() {
        let like = Board::from_rows(&["Zq", "XZ"]);
        let boards: Vec<Board> = every_board_like(3, &like).collect();
        // Each board over `.XO#Zq` once, in order of points.
        assert_eq!(boards.len(), 6 + 2 * 36 + 2 * 216);
        let distinct: std::collections::HashSet<_> = boards.iter().collect();
        assert_eq!(distinct.len(), boards.len());
        assert!(boards.windows(2).all(|w| w[0].len() <= w[1].len()));
        // The boards of every_board first at each level, then the others.
        let plain: Vec<Board> = every_board(1).collect();
        assert_eq!(boards[..4], plain[..]);
        assert_eq!(boards[4].cells, b"Z");
        // A board of the base alphabet adds nothing.
        let base = Board::from_rows(&["X#"]);
        assert!(every_board_like(4, &base).eq(every_board(4)));
    }
}
