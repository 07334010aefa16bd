//! flank-row: the single-placement laws on single placements, exhaustive
//! small rows, sequential flipping, the run row. (Properties, zoo and
//! vectors: `tests/registry.rs`.)

use boardcheck::harness::exhaust::exhaust;
use boardcheck::harness::testing::assert_every_property;
use boardcheck::problems::flank_row::{
    Case, FlankRow, engine, enumerate, oracle, order, patterns, strategy,
};
use boardcheck::suite::Solver;

fn engine_with_order() -> Solver<FlankRow> {
    order::with_order(Solver::engine(), engine::solve_in_order)
}

#[test]
fn single_placement_laws_on_single_placements() {
    assert_every_property(
        &[engine_with_order()],
        &[(&strategy::single_placements(10), 256)],
    );
}

#[test]
fn exhaustive_up_to_7_cells() {
    // Cells are the row's plus the placements: every row of n cells with
    // every sequence of k placements, n + k <= 7.
    let done = exhaust::<FlankRow>(7, 2).unwrap();
    assert_eq!(done.mismatch, None);
    let count: u64 = (1..=7u64)
        .flat_map(|c| (1..=c).map(move |n| 3u64.pow(n as u32) * (2 * n).pow((c - n) as u32)))
        .sum();
    assert_eq!(done.checked, count);
}

/// The contract says the seed's second slip (scanning the second direction
/// on the row the first flip already changed) is harmless for one placement:
/// the two scans touch disjoint cells. Checked on every row of up to 8 cells.
#[test]
fn sequential_flipping_is_harmless_as_the_contract_says() {
    use boardcheck::problems::flank_row::Cell;
    fn sequential(case: &Case) -> Vec<Cell> {
        let mut row = case.row.clone();
        for p in &case.placements {
            if row[p.index] != Cell::Empty {
                continue;
            }
            row[p.index] = Cell::Piece(p.player);
            for step in [-1isize, 1] {
                let mut j = p.index as isize + step;
                let mut run = Vec::new();
                let them = Cell::Piece(p.player.opponent());
                while j >= 0 && (j as usize) < row.len() && row[j as usize] == them {
                    run.push(j as usize);
                    j += step;
                }
                if j >= 0 && (j as usize) < row.len() && row[j as usize] == Cell::Piece(p.player) {
                    for c in run {
                        row[c] = Cell::Piece(p.player); // flips before the next scan
                    }
                }
            }
        }
        row
    }
    let mut n = 0;
    for case in enumerate::every_single_placement(8) {
        assert_eq!(sequential(&case), oracle::solve(&case), "{case:?}");
        n += 1;
    }
    assert!(n > 100_000);
}

#[test]
fn the_worst_case_pattern_agrees() {
    let case = patterns::growing_run(2001);
    assert_eq!(engine::solve(&case), oracle::solve(&case));
}

/// The run structure holds the row it was built from: as many cells, empty
/// only for a row of no cells, and the same cells back; a placement through
/// `RunRow::place` gives the oracle's row.
#[test]
fn a_run_row_holds_the_row_it_was_built_from() {
    use boardcheck::problems::flank_row::engine::RunRow;
    let mut none: RunRow = RunRow::new(&[]);
    assert!(none.is_empty());
    assert_eq!(none.len(), 0);
    assert_eq!(none.read_row(), Vec::new());
    for case in enumerate::every_single_placement(5) {
        let mut runs: RunRow = RunRow::new(&case.row);
        assert_eq!(runs.len(), case.row.len());
        assert!(!runs.is_empty());
        assert_eq!(runs.read_row(), case.row);
        // And `place` plays the statement's placement on it.
        let p = case.placements[0];
        runs.place(p.player, p.index);
        assert_eq!(runs.read_row(), oracle::solve(&case), "{case:?}");
    }
}

/// Union by size keeps the forest shallow: a run built cell by cell is a
/// star (its root at depth 0, every other piece at 1, empty cells at 0),
/// and a run grown leftwards one placement at a time, where every merge
/// joins a single new piece to the whole run, stays a star too; hanging
/// the run under the new piece instead would make a chain of depth n - 1.
#[test]
fn union_by_size_keeps_the_runs_shallow() {
    use boardcheck::problems::flank_row::engine::RunRow;
    use boardcheck::problems::flank_row::{Cell, Player};
    let n = 64;
    let mut row = vec![Cell::Piece(Player::A); n];
    row[n - 1] = Cell::Empty;
    let built: RunRow = RunRow::new(&row);
    let depths: Vec<usize> = (0..n).map(|i| built.depth(i)).collect();
    assert_eq!(depths[0], 0, "the first cell is the root");
    assert!(depths[1..n - 1].iter().all(|&d| d == 1), "{depths:?}");
    assert_eq!(depths[n - 1], 0, "an empty cell");

    let mut grown: RunRow = RunRow::new(&vec![Cell::Empty; n]);
    for at in (0..n).rev() {
        grown.place(Player::B, at);
        let deepest = (at..n).map(|i| grown.depth(i)).max();
        assert_eq!(
            deepest,
            Some(usize::from(at + 1 < n)),
            "after placing at {at}"
        );
    }
    assert_eq!(grown.read_row(), vec![Cell::Piece(Player::B); n]);
}
