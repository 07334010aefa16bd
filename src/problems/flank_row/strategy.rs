//! Proptest strategies for flank-row cases, shrinking toward short rows
//! and few placements.

use proptest::prelude::*;
use proptest::sample::Index;

use super::{Case, Cell, Placement, Player, Row};

/// A player, shrinking toward A.
pub fn player() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::A), Just(Player::B)]
}

/// A cell, shrinking toward empty.
pub fn cell() -> impl Strategy<Value = Cell> {
    prop_oneof![
        Just(Cell::Empty),
        Just(Cell::Piece(Player::A)),
        Just(Cell::Piece(Player::B))
    ]
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

/// Random cases: rows of at most `size` cells (mostly at most 8, uniform
/// cells or [`run_row`]s), and up to `size` placements. Most placements
/// (`on_empty`) are drawn among the cells still empty when they are made, so
/// they are legal; the rest anywhere. Indices are drawn as [`Index`] so
/// they stay valid, and keep shrinking toward 0, while the row shrinks.
pub fn cases(size: usize) -> BoxedStrategy<Case> {
    let size = size.max(1);
    let rows = prop_oneof![
        2 => row(size.min(8)),
        2 => run_row(size.min(12)),
        1 => row(size),
    ];
    let placement = (player(), any::<Index>(), proptest::bool::weighted(0.8));
    let placements = proptest::collection::vec(placement, 0..=size);
    (rows, placements)
        .prop_map(|(row, placements)| {
            // Play the placements on a copy (the plain rule) to know which
            // cells are empty when each is made.
            let mut now = row.clone();
            let mut kept = Vec::new();
            for (player, index, on_empty) in placements {
                let empty: Vec<usize> = (0..now.len()).filter(|&i| now[i] == Cell::Empty).collect();
                let index = if on_empty && !empty.is_empty() {
                    empty[index.index(empty.len())]
                } else {
                    index.index(now.len())
                };
                kept.push(Placement { player, index });
                flip_for(&mut now, player, index);
            }
            let placements = kept;
            Case { row, placements }
        })
        .boxed()
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
