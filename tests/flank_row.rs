//! flank-row: engine and oracle against every property, the zoo caught,
//! the seed's vectors, exhaustive small rows, and a quickcheck family.

use boardcheck::harness::casefile;
use boardcheck::harness::exhaust::exhaust;
use boardcheck::harness::fuzz;
use boardcheck::harness::selftest::{idle_properties, selftest};
use boardcheck::harness::testing::{assert_property, case_count, check_entries};
use boardcheck::problem::{Problem, Solver};
use boardcheck::problems::flank_row::{Case, FlankRow, engine, generate, oracle};
use proptest::strategy::Strategy;

fn engine_with_order() -> Solver<FlankRow> {
    Solver {
        solve_in_order: Some(engine::solve_in_order),
        ..Solver::engine()
    }
}

fn oracle_with_order() -> Solver<FlankRow> {
    Solver {
        solve_in_order: Some(oracle::solve_in_order),
        ..Solver::oracle()
    }
}

#[test]
fn every_property_holds_for_engine_and_oracle() {
    let small = FlankRow::cases(FlankRow::DEFAULT_SIZE);
    let long = FlankRow::cases(300);
    for property in FlankRow::properties() {
        for solver in [engine_with_order(), oracle_with_order()] {
            assert_property(&property, &solver, &small, 256);
            assert_property(&property, &solver, &long, 32);
        }
    }
}

#[test]
fn single_placement_laws_on_single_placements() {
    let singles = generate::single_placements(10);
    for property in FlankRow::properties() {
        assert_property(&property, &engine_with_order(), &singles, 256);
    }
}

#[test]
fn every_zoo_variant_is_caught_and_every_property_catches_one() {
    let results = selftest::<FlankRow>(case_count(200), 1);
    for caught in &results {
        assert!(
            !caught.by.is_empty(),
            "{} ({}) slipped through every property",
            caught.variant,
            caught.about
        );
        let agrees = caught
            .by
            .iter()
            .find(|(p, _, _)| *p == "agrees-with-oracle");
        let (_, size, input) =
            agrees.unwrap_or_else(|| panic!("{} not caught against the oracle", caught.variant));
        // Every slip shows on a row of at most 3 cells... except frozen-row, which needs two placements.
        let cells = input.lines().next().unwrap().len();
        assert!(
            cells <= 4,
            "{}: counterexample too big: {size}\n{input}",
            caught.variant
        );
    }
    assert_eq!(
        idle_properties::<FlankRow>(&results),
        Vec::<&str>::new(),
        "properties that catch nothing"
    );
}

#[test]
fn seed_vectors_and_malformed_inputs() {
    let entries = casefile::load("tests/data/flank_row.toml".as_ref()).unwrap();
    assert!(check_entries::<FlankRow>(&entries).unwrap() >= 10);
}

#[test]
fn exhaustive_up_to_7_cells() {
    let done = exhaust::<FlankRow>(7, 2);
    assert_eq!(done.mismatch, None);
    assert_eq!(
        done.checked,
        (1..=7)
            .map(|n: u64| 3u64.pow(n as u32) * 2 * n)
            .sum::<u64>()
    );
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
    for case in generate::every_single_placement(8) {
        assert_eq!(sequential(&case), oracle::solve(&case), "{case:?}");
        n += 1;
    }
    assert!(n > 100_000);
}

#[test]
fn the_worst_case_pattern_agrees() {
    let case = generate::growing_run(2001);
    assert_eq!(engine::solve(&case), oracle::solve(&case));
}

#[test]
fn quickcheck_engine_equals_oracle() {
    fn agree(case: Case) -> bool {
        engine::solve(&case) == oracle::solve(&case)
    }
    quickcheck::QuickCheck::new()
        .tests(case_count(500) as u64)
        .quickcheck(agree as fn(Case) -> bool);
}

#[test]
fn fuzz_bodies_on_random_bytes() {
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let bytes = proptest::collection::vec(proptest::prelude::any::<u8>(), 0..64);
    for _ in 0..case_count(2000) {
        let data = bytes.new_tree(&mut runner).unwrap();
        let data = proptest::strategy::ValueTree::current(&data);
        fuzz::text_input::<FlankRow>(&data);
        if let Ok(case) = arbitrary::Unstructured::new(&data).arbitrary::<Case>() {
            fuzz::structured::<FlankRow>(&case);
        }
    }
}
