//! The count by enumeration, the independent check of the transfer-matrix
//! count on boards of up to [`MAX_POINTS`] points (`count-legal-go
//! --enumerate`), with the engine's own position check.
//!
//! Colourings share their work: [`Board::from_cells`] builds a position by
//! adding its stones in row-major order and then checks every chain's
//! liberty count. Here the points are decided in that same order, depth
//! first, and each prefix's board is kept (points not decided yet are
//! empty), so every colouring's board is built exactly as `from_cells`
//! builds it, but shared prefixes are built once. A prefix is cut as soon as
//! adding a stone leaves some chain with no liberty: such a chain has no
//! empty neighbour, so no later stone can touch it and it stays dead —
//! every colouring below it is illegal. At the last point the three colours
//! are decided with [`Board::add_keeps_all_alive`] without building the
//! board.

use crate::problems::go_move::engine::Board;
use crate::problems::go_move::{BLACK, WHITE};

/// The largest board (in points) the enumeration accepts; 3^20 colourings
/// at most, which the pruning makes feasible but slow (minutes).
pub const MAX_POINTS: usize = crate::problems::go_move::limits::COUNT_LEGAL_GO_MAX_POINTS;

/// The number of legal colourings of a `rows`×`cols` board.
pub fn count_legal(rows: usize, cols: usize) -> u64 {
    count_legal_part(rows, cols, 0, 1)
}

/// How many points the prefixes a shard is dealt have: up to 3^8 of them,
/// so N shards get about equal work.
pub const SHARD_DEPTH: usize = 8;

/// Part `index` (0-based) of `count` of [`count_legal`]: the colourings
/// below the legal prefixes of the first [`SHARD_DEPTH`] points (all but the
/// last point on smaller boards) numbered k with k % count == index, in
/// search order. The parts of one board add up to its count.
pub fn count_legal_part(rows: usize, cols: usize, index: u64, count: u64) -> u64 {
    let points = rows * cols;
    let order: Vec<usize> = {
        let b = Board::new(rows, cols);
        (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .map(|(r, c)| b.point(r, c))
            .collect()
    };
    // One board per number of stones placed so far (levels of the search).
    let boards = vec![Board::new(rows, cols); points + 1];
    let mut walk = Walk {
        order: &order,
        boards,
        count: 0,
        deal: Deal {
            at: SHARD_DEPTH.min(points - 1),
            dealt: 0,
            index,
            count,
        },
    };
    walk.walk(0, 0);
    walk.count
}

/// How prefixes are dealt to shards: the `dealt`-th prefix reaching point
/// `at` is this shard's when `dealt % count == index`.
struct Deal {
    at: usize,
    dealt: u64,
    index: u64,
    count: u64,
}

struct Walk<'a> {
    order: &'a [usize],
    boards: Vec<Board>,
    count: u64,
    deal: Deal,
}

impl Walk<'_> {
    /// Decides point `i` onward, `level` stones placed so far.
    fn walk(&mut self, i: usize, level: usize) {
        if i == self.deal.at {
            let k = self.deal.dealt;
            self.deal.dealt += 1;
            if k % self.deal.count != self.deal.index {
                return;
            }
        }
        let p = self.order[i];
        if i + 1 == self.order.len() {
            let b = &self.boards[level];
            self.count += 1
                + u64::from(b.add_keeps_all_alive(p, BLACK))
                + u64::from(b.add_keeps_all_alive(p, WHITE));
            return;
        }
        // Empty: the board is unchanged.
        self.walk(i + 1, level);
        for colour in [BLACK, WHITE] {
            if self.boards[level].add_keeps_all_alive(p, colour) {
                let (lo, hi) = self.boards.split_at_mut(level + 1);
                hi[0].clone_from(&lo[level]);
                hi[0].add_stone(p, colour);
                self.walk(i + 1, level + 1);
            }
        }
    }
}

/// The same count by brute force: every colouring through
/// [`Board::from_cells`] (for tests on small boards).
pub fn count_legal_brute(rows: usize, cols: usize) -> u64 {
    let points = rows * cols;
    let mut cells = vec![0u8; points];
    let mut count = 0;
    for mut code in 0..3u64.pow(points as u32) {
        for cell in cells.iter_mut() {
            *cell = (code % 3) as u8;
            code /= 3;
        }
        count += u64::from(Board::from_cells(rows, cols, &cells).is_ok());
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_small_values() {
        assert_eq!(count_legal(1, 1), 1);
        assert_eq!(count_legal(1, 2), 5);
        assert_eq!(count_legal(2, 2), 57);
    }

    #[test]
    fn shards_add_up_to_the_count() {
        for (rows, cols) in [(1, 1), (1, 3), (2, 3), (3, 3), (3, 4)] {
            let whole = count_legal(rows, cols);
            assert_eq!(whole, count_legal_brute(rows, cols));
            for n in [2, 3, 7] {
                let parts: Vec<u64> = (0..n).map(|i| count_legal_part(rows, cols, i, n)).collect();
                assert_eq!(
                    parts.iter().sum::<u64>(),
                    whole,
                    "{rows}x{cols} in {n}: {parts:?}"
                );
                // The work is split, not repeated: on a board past the deal
                // depth no shard has it all.
                if rows * cols > SHARD_DEPTH {
                    assert!(parts.iter().all(|&p| p < whole), "{parts:?}");
                }
            }
        }
    }
}
