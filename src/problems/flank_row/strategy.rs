//! Proptest strategies for flank-row cases, shrinking toward short rows
//! and few placements.

use proptest::prelude::*;
use proptest::sample::Index;

use super::{Case, Cell, Placement, Player, Row};
use crate::generation::{one_of, weighted};

/// A player, shrinking toward A.
pub fn player() -> impl Strategy<Value = Player> {
    weighted(&[(1, Player::A), (1, Player::B)])
}

/// A cell, shrinking toward empty.
pub fn cell() -> impl Strategy<Value = Cell> {
    weighted(&[
        (1, Cell::Empty),
        (1, Cell::Piece(Player::A)),
        (1, Cell::Piece(Player::B)),
    ])
}

/// Rows of 1 to `max` cells.
pub fn row(max: usize) -> impl Strategy<Value = Row> {
    proptest::collection::vec(cell(), 1..=max.max(1))
}

/// Rows made of runs: up to 4 runs of one player, 1 to 6 long, each followed
/// by 0 to 2 empty cells, cut to `max` cells. Long runs, runs closed by the
/// other player and runs ended by the edge are common; uniform cells make
/// runs of 3 or more rare.
pub fn run_row(max: usize) -> impl Strategy<Value = Row> {
    let max = max.max(1);
    proptest::collection::vec((player(), 1..=6usize, 0..=2usize), 1..=4).prop_map(move |runs| {
        let mut row = Vec::new();
        for (player, len, gap) in runs {
            row.extend(std::iter::repeat_n(Cell::Piece(player), len));
            row.extend(std::iter::repeat_n(Cell::Empty, gap));
        }
        row.truncate(max);
        row
    })
}

/// Sizes above this are drawn by [`lean_cases`]: proptest keeps a value
/// tree per element, about a kilobyte for the strategies below, so a row of
/// 10^6 cells would hold a gigabyte while the case itself is a few megabytes.
pub const LEAN_FROM: usize = 4096;

/// Random cases: rows of at most `size` cells (mostly at most 8, uniform
/// cells or [`run_row`]s), and up to `size` placements. Most placements
/// (`on_empty`) are drawn among the cells still empty when they are made, so
/// they are legal; the rest anywhere. Indices are drawn as [`Index`] so
/// they stay valid, and keep shrinking toward 0, while the row shrinks.
/// Above [`LEAN_FROM`] cells, [`lean_cases`].
pub fn cases(size: usize) -> BoxedStrategy<Case> {
    let size = size.max(1);
    if size > LEAN_FROM {
        return lean_cases(size);
    }
    let rows = one_of(vec![
        (2, row(size.min(8)).boxed()),
        (2, run_row(size.min(12)).boxed()),
        (1, row(size).boxed()),
    ]);
    with_placements(rows.boxed(), size)
}

/// Random cases on rows of exactly `n` cells (`--shape`).
pub fn shaped(n: usize) -> BoxedStrategy<Case> {
    let n = n.max(1);
    with_placements(proptest::collection::vec(cell(), n..=n).boxed(), n)
}

/// Up to `size` placements on the drawn rows, most on empty cells.
fn with_placements(rows: BoxedStrategy<Row>, size: usize) -> BoxedStrategy<Case> {
    let placement = (player(), any::<Index>(), proptest::bool::weighted(0.8));
    let placements = proptest::collection::vec(placement, 0..=size);
    (rows, placements)
        .prop_map(|(row, placements)| {
            // Play the placements on a copy (the plain rule) to know which
            // cells are empty when each is made.
            let placements = placements.into_iter().map(|(player, index, on_empty)| {
                (player, move |len: usize| index.index(len), on_empty)
            });
            steer(row, placements)
        })
        .boxed()
}

/// Large random cases with small value trees: a row of 1 to `size` uniform
/// cells and up to `size` placements, most on empty cells, as in [`cases`].
/// Each element is a primitive (a number, a bit) so its tree is a few words;
/// the checker's own `simpler` steps do the fine shrinking.
pub fn lean_cases(size: usize) -> BoxedStrategy<Case> {
    const CELLS: [Cell; 3] = [Cell::Empty, Cell::Piece(Player::A), Cell::Piece(Player::B)];
    let row = proptest::collection::vec(0..3usize, 1..=size)
        .prop_map(|cells| cells.into_iter().map(|c| CELLS[c]).collect::<Row>());
    let placement = (any::<bool>(), any::<u64>(), proptest::bool::weighted(0.8));
    (row, proptest::collection::vec(placement, 0..=size))
        .prop_map(|(row, placements)| {
            let placements = placements.into_iter().map(|(b, at, on_empty)| {
                let player = if b { Player::B } else { Player::A };
                // `at` scaled to 0..len, so it stays valid as the row shrinks.
                (
                    player,
                    move |len: usize| ((u128::from(at) * len as u128) >> 64) as usize,
                    on_empty,
                )
            });
            steer(row, placements)
        })
        .boxed()
}

/// The case of `row` and placements given as (player, index in 0..len for
/// any len, whether to pick among the cells empty at that point): plays them
/// on a copy with the plain rule to know which cells are empty.
fn steer<F: Fn(usize) -> usize>(
    row: Row,
    placements: impl Iterator<Item = (Player, F, bool)>,
) -> Case {
    let mut now = row.clone();
    let mut empty = EmptyCells::new(&now);
    let mut kept = Vec::new();
    for (player, index_in, on_empty) in placements {
        let index = if on_empty && empty.count() > 0 {
            empty.nth(index_in(empty.count()))
        } else {
            index_in(now.len())
        };
        kept.push(Placement { player, index });
        if now[index] == Cell::Empty {
            empty.fill(index);
        }
        flip_for(&mut now, player, index);
    }
    Case {
        row,
        placements: kept,
    }
}

/// The empty cells of a row, in order, as a Fenwick tree of 0/1 so the
/// generator picks the i-th empty cell in O(log n), not O(n) (a row of 10^6
/// cells with 10^6 placements would take minutes otherwise). Cells only
/// ever fill: a flip turns a piece over, it never empties a cell.
struct EmptyCells {
    tree: Vec<usize>,
    count: usize,
}

impl EmptyCells {
    fn new(row: &Row) -> EmptyCells {
        let mut tree = vec![0; row.len() + 1];
        for (i, &c) in row.iter().enumerate() {
            tree[i + 1] += usize::from(c == Cell::Empty);
            let parent = (i + 1) + ((i + 1) & (i + 1).wrapping_neg());
            if parent < tree.len() {
                tree[parent] += tree[i + 1];
            }
        }
        let count = row.iter().filter(|&&c| c == Cell::Empty).count();
        EmptyCells { tree, count }
    }

    fn count(&self) -> usize {
        self.count
    }

    /// Marks the empty cell `at` filled.
    fn fill(&mut self, at: usize) {
        self.count -= 1;
        let mut i = at + 1;
        while i < self.tree.len() {
            self.tree[i] -= 1;
            i += i & i.wrapping_neg();
        }
    }

    /// The index of the `n`-th empty cell (from 0; `n < count`).
    fn nth(&self, n: usize) -> usize {
        let (mut pos, mut left) = (0, n + 1);
        let mut step = (self.tree.len()).next_power_of_two();
        while step > 0 {
            if pos + step < self.tree.len() && self.tree[pos + step] < left {
                pos += step;
                left -= self.tree[pos];
            }
            step /= 2;
        }
        pos
    }
}

/// The plain rule, to steer the generator: writes `me` at an empty `at` and
/// flips the closed opponent runs next to it.
fn flip_for(row: &mut Row, me: Player, at: usize) {
    if row[at] != Cell::Empty {
        return;
    }
    row[at] = Cell::Piece(me);
    for step in [-1isize, 1] {
        let mut j = at as isize + step;
        let mut run = Vec::new();
        while j >= 0 && (j as usize) < row.len() && row[j as usize] == Cell::Piece(me.opponent()) {
            run.push(j as usize);
            j += step;
        }
        if j >= 0 && (j as usize) < row.len() && row[j as usize] == Cell::Piece(me) {
            for k in run {
                row[k] = Cell::Piece(me);
            }
        }
    }
}

/// Cases of exactly one placement, for laws about a single step.
pub fn single_placements(size: usize) -> BoxedStrategy<Case> {
    (row(size), player(), any::<Index>())
        .prop_map(|(row, player, index)| Case {
            placements: vec![Placement {
                player,
                index: index.index(row.len()),
            }],
            row,
        })
        .boxed()
}

#[cfg(test)]
mod tests {
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::TestRunner;

    use super::super::oracle;
    use super::*;

    #[test]
    fn empty_cells_are_found_in_order() {
        let row: Row = ".AB..A."
            .chars()
            .map(|c| match c {
                'A' => Cell::Piece(Player::A),
                'B' => Cell::Piece(Player::B),
                _ => Cell::Empty,
            })
            .collect();
        let mut empty = EmptyCells::new(&row);
        let all = |e: &EmptyCells| (0..e.count()).map(|n| e.nth(n)).collect::<Vec<_>>();
        assert_eq!(all(&empty), [0, 3, 4, 6]);
        empty.fill(3);
        assert_eq!(all(&empty), [0, 4, 6]);
        empty.fill(0);
        empty.fill(6);
        assert_eq!(all(&empty), [4]);
    }

    #[test]
    fn lean_cases_stay_in_range() {
        let mut runner = TestRunner::deterministic();
        for _ in 0..20 {
            let case = lean_cases(5000).new_tree(&mut runner).unwrap().current();
            assert!((1..=5000).contains(&case.row.len()) && case.placements.len() <= 5000);
            assert!(case.placements.iter().all(|p| p.index < case.row.len()));
        }
    }

    /// What the generator makes, in figures: `cargo test --lib
    /// flank_row::strategy -- --ignored --nocapture` (docs/zoo.md).
    #[test]
    #[ignore]
    fn fraction_of_legal_and_flipping_placements() {
        let mut runner = TestRunner::deterministic();
        let strategy = cases(12);
        let (mut placements, mut legal, mut flipping, mut edge_runs) = (0, 0, 0, 0);
        for _ in 0..20_000 {
            let case = strategy.new_tree(&mut runner).unwrap().current();
            let mut row = case.row.clone();
            let ends = |r: &Row| {
                let n = r.len();
                usize::from(n > 1 && r[0] != Cell::Empty && r[1] == r[0])
                    + usize::from(n > 1 && r[n - 1] != Cell::Empty && r[n - 2] == r[n - 1])
            };
            edge_runs += ends(&row);
            for p in &case.placements {
                placements += 1;
                if row[p.index] == Cell::Empty {
                    legal += 1;
                    let before = row.clone();
                    oracle::place(&mut row, p.player, p.index, &[0, 1]);
                    let changed = before.iter().zip(&row).filter(|(a, b)| a != b).count();
                    flipping += usize::from(changed > 1);
                }
            }
        }
        let pct = |k: usize| 100.0 * k as f64 / placements as f64;
        println!(
            "{placements} placements: {:.1}% legal, {:.1}% flip something; {edge_runs} runs of 2+ at an edge in 20000 rows",
            pct(legal),
            pct(flipping)
        );
    }
}
