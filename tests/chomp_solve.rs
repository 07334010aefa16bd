//! chomp-solve: the box solver against plain minimax on every position of
//! every box up to 5 x 5, known values and census figures, the table.
//! (Properties, zoo and vectors: `tests/registry.rs`.)

use boardcheck::harness::exhaust::exhaust;
use boardcheck::problems::chomp_solve::solver::{self, census};
use boardcheck::problems::chomp_solve::{Case, ChompSolve, Value, enumerate, oracle};

#[test]
fn solver_equals_minimax_on_every_box_up_to_5x5() {
    let mut n = 0;
    for w in 1..=5 {
        for h in 1..=5 {
            for case in enumerate::every_position_in_box(w, h) {
                assert_eq!(solver::solve(&case), oracle::solve(&case), "{case:?}");
                n += 1;
            }
        }
    }
    assert_eq!(n, 887);
}

#[test]
fn census_matches_minimax_on_small_boxes() {
    for w in 1..=5u64 {
        for h in 1..=5u64 {
            let losing = enumerate::every_position_in_box(w, h)
                .iter()
                .filter(|c| oracle::solve(c) == Value::Lose)
                .count() as u64;
            assert_eq!(census(w, h), Ok(losing), "{w} x {h}");
        }
    }
    assert_eq!(census(2, 2), Ok(2));
    for (w, h) in [(0, 3), (3, 0), (0, 0)] {
        assert!(
            census(w, h).unwrap_err().contains("at least 1 x 1"),
            "{w} x {h}"
        );
    }
    // What `boardcheck chomp-census` prints: the count first, then the box.
    let printed =
        boardcheck::problems::chomp_solve::census::census_cli(4, 3, &Default::default(), false)
            .unwrap();
    let first = printed.lines().next().unwrap();
    assert_eq!(first, census(4, 3).unwrap().to_string());
    assert!(
        printed.contains("the C(7, 3) = 35 positions of the 4 x 3 box"),
        "{printed}"
    );
}

#[test]
fn exhaustive_up_to_9_cells() {
    let done = exhaust::<ChompSolve>(9, 2).unwrap();
    assert_eq!(done.mismatch, None);
    // p(1) + ... + p(9)
    assert_eq!(done.checked, 1 + 2 + 3 + 5 + 7 + 11 + 15 + 22 + 30);
}

#[test]
fn three_rows_agree_with_minimax() {
    // Three-rowed Chomp (Brouwer's page, Zeilberger's paper): every position
    // (a, b, c) with a <= 6, the box solver against minimax.
    for a in 1..=6u64 {
        for b in 0..=a {
            for c in 0..=b {
                let case = Case {
                    rows: vec![a, b, c],
                };
                assert_eq!(solver::solve(&case), oracle::solve(&case), "{a} {b} {c}");
            }
        }
    }
    // Two known losses: two rows (p, p-1), and the L with equal arms.
    assert_eq!(oracle::solve(&Case { rows: vec![2, 1] }), Value::Lose);
    assert_eq!(
        oracle::solve(&Case {
            rows: vec![3, 1, 1]
        }),
        Value::Lose
    );
}

#[test]
fn the_table_answers_like_minimax_on_every_position_of_small_boxes() {
    for (w, h) in [(1, 1), (2, 2), (3, 2), (4, 4), (5, 3)] {
        let table = solver::Table::new(w, h);
        for case in enumerate::every_position_in_box(w, h) {
            let mut rows = case.rows.clone();
            rows.resize(h as usize, 0);
            if rows[0] > 0 {
                let want = oracle::solve(&case) == Value::Lose;
                assert_eq!(table.loses(&rows), want, "{w} x {h}: {rows:?}");
            }
        }
    }
}

#[test]
fn a_box_is_turned_only_when_the_mask_or_the_table_size_needs_it() {
    for (w, h, want) in [
        (3, 3, (3, 3, false)),
        (5, 3, (5, 3, false)),
        (3, 5, (5, 3, true)),
        (3, 62, (62, 3, true)),
        (62, 63, (62, 63, false)),
        (63, 62, (62, 63, true)),
        (100, 1, (1, 100, true)),
        (1, 100, (1, 100, false)),
    ] {
        assert_eq!(solver::orient(w, h), want, "{w} x {h}");
    }
    // Boxes with a side beyond the mask, solved turned, against minimax.
    for rows in [
        vec![100],
        vec![1; 100],
        vec![70, 70],
        vec![2; 64],
        vec![64, 3, 1],
    ] {
        let case = Case { rows };
        assert_eq!(solver::solve(&case), oracle::solve(&case), "{case:?}");
    }
}
