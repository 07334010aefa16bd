//! chomp: the three representations (grid, boundary array, staircase) and
//! the literal quadrant list agree after every command and keep their
//! invariants; exhaustive small boards; huge boards; the fuzz bodies on
//! chomp's own texts. (Properties, zoo and vectors: `tests/registry.rs`.)

use boardcheck::generation::Generate;
use boardcheck::harness::exhaust::exhaust;
use boardcheck::harness::fuzz;
use boardcheck::harness::testing::case_count;
use boardcheck::problem::Problem;
use boardcheck::problems::chomp::boundary::{self, Boundary};
use boardcheck::problems::chomp::engine::{self, Staircase};
use boardcheck::problems::chomp::oracle::{self, Grid, Quadrants};
use boardcheck::problems::chomp::{Board, Case, Chomp, Command, patterns};
use boardcheck::suite::Solver;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// Steps every representation that fits the board through the script,
/// checking after every command that they hold the same board and keep
/// their invariants.
fn step_all(case: &Case, literal: bool) -> Result<(), String> {
    let (w, h) = (case.width, case.height);
    let mut grid = (w * h <= oracle::GRID_MAX_CELLS).then(|| Grid::new(w as usize, h as usize));
    let mut rows = (h <= boundary::MAX_ROWS).then(|| <Boundary as Board>::new(w, h));
    let mut stairs = <Staircase as Board>::new(w, h);
    let mut quads = Quadrants::new(w, h);
    let probe_rows: Vec<u64> = if h <= 64 {
        (0..h).collect()
    } else {
        vec![0, 1, h / 3, h / 2, h - 2, h - 1]
    };
    for (i, &c) in case.commands.iter().enumerate() {
        if let Command::Move(x, y) = c {
            let legal = (x >= 0 && y >= 0 && (x as u64) < w && (y as u64) < h)
                && (x as u64) < stairs.row(y as u64);
            if literal {
                if quads.get(x, y) != legal {
                    return Err(format!("command {i}: quadrants disagree on legality"));
                }
                quads.take(x, y);
            }
            if let Some(g) = grid.as_mut() {
                let before = g.clone();
                let took = g.take(x, y);
                if took != legal {
                    return Err(format!("command {i}: grid says legal = {took}"));
                }
                // A legal move removes exactly the occupied cells of the quadrant.
                for (yy, row) in g.occupied.iter().enumerate() {
                    for (xx, &cell) in row.iter().enumerate() {
                        let want =
                            before.occupied[yy][xx] && !(took && xx as i64 >= x && yy as i64 >= y);
                        if cell != want {
                            return Err(format!("command {i}: cell ({xx}, {yy}) is {cell}"));
                        }
                    }
                }
                if took && g.count() >= before.count() {
                    return Err(format!("command {i}: a legal move removed nothing"));
                }
            }
            if legal {
                if let Some(b) = rows.as_mut() {
                    b.take(x as u64, y as u64);
                }
                stairs.take(x as u64, y as u64);
            }
        }
        stairs
            .check()
            .map_err(|e| format!("command {i}: staircase: {e}"))?;
        if h <= 64 {
            // One step per distinct nonzero width (the rows never widen).
            let mut widths: Vec<u64> = (0..h).map(|y| stairs.row(y)).filter(|&r| r > 0).collect();
            widths.dedup();
            if stairs.steps() != widths.len() {
                return Err(format!(
                    "command {i}: {} steps for the widths {widths:?}",
                    stairs.steps()
                ));
            }
        }
        let count = stairs.count();
        if literal && quads.count() != count {
            return Err(format!(
                "command {i}: quadrants count {} vs staircase {count}",
                quads.count()
            ));
        }
        if let Some(b) = &rows {
            b.check()
                .map_err(|e| format!("command {i}: boundary: {e}"))?;
            if b.count() != count || b.row != (0..h).map(|y| stairs.row(y)).collect::<Vec<_>>() {
                return Err(format!(
                    "command {i}: boundary {:?} vs staircase {:?}",
                    b.row,
                    stairs.runs()
                ));
            }
        }
        if let Some(g) = &grid {
            if g.count() != count {
                return Err(format!("command {i}: grid count {} vs {count}", g.count()));
            }
            for y in 0..h as i64 {
                for x in 0..w as i64 {
                    let c = g.get(x, y);
                    // Order ideal: every occupied cell has its left and lower neighbours.
                    if c && ((x > 0 && !g.get(x - 1, y)) || (y > 0 && !g.get(x, y - 1))) {
                        return Err(format!(
                            "command {i}: grid not an order ideal at ({x}, {y})"
                        ));
                    }
                    if c != ((x as u64) < stairs.row(y as u64)) {
                        return Err(format!(
                            "command {i}: grid and staircase differ at ({x}, {y})"
                        ));
                    }
                }
            }
        }
        for &y in probe_rows.iter().filter(|_| literal) {
            if quads.row(y) != stairs.row(y) {
                return Err(format!(
                    "command {i}: row {y}: quadrants {} vs staircase {}",
                    quads.row(y),
                    stairs.row(y)
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn representations_agree_after_every_command() {
    let mut runner = TestRunner::new(Config {
        cases: case_count(400),
        ..Config::default()
    });
    runner
        .run(&Chomp::cases(Chomp::DEFAULT_SIZE), |case| {
            step_all(&case, true).map_err(TestCaseError::fail)
        })
        .unwrap();
    let mut runner = TestRunner::new(Config {
        cases: case_count(200),
        ..Config::default()
    });
    runner
        .run(&Chomp::cases(5), |case| {
            step_all(&case, true).map_err(TestCaseError::fail)
        })
        .unwrap();
}

#[test]
fn the_four_script_runners_agree() {
    let mut runner = TestRunner::new(Config {
        cases: case_count(300),
        ..Config::default()
    });
    runner
        .run(&Chomp::cases(Chomp::DEFAULT_SIZE), |case| {
            let stairs = engine::solve(&case);
            prop_assert_eq!(&oracle::solve_quadrants(&case), &stairs);
            if case.height <= boundary::MAX_ROWS {
                prop_assert_eq!(&boundary::solve(&case), &stairs);
            }
            if case.width * case.height <= oracle::GRID_MAX_CELLS {
                prop_assert_eq!(&oracle::solve_grid(&case), &stairs);
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn long_games_agree_on_every_representation() {
    for (w, h) in [(1, 1), (1, 7), (7, 1), (12, 9), (40, 40)] {
        let case = patterns::long_game(w, h, 3000, w * 31 + h);
        step_all(&case, w * h <= 200).unwrap();
        assert_eq!(engine::solve(&case), oracle::solve_grid(&case), "{w} x {h}");
    }
    // Boards too large for the grid: the boundary array (W huge) and the staircase.
    for (w, h) in [(1_000_000_000, 300), (300, 2000)] {
        let case = patterns::long_game(w, h, 2000, 5);
        step_all(&case, false).unwrap();
        assert_eq!(engine::solve(&case), boundary::solve(&case), "{w} x {h}");
    }
}

#[test]
fn huge_boards_count_beyond_32_bits() {
    let case = Case {
        width: 1_000_000_000,
        height: 1_000_000_000,
        commands: vec![
            Command::Count,
            Command::Move(3, 999_999_999),
            Command::Count,
            Command::Move(999_999_999, 2),
            Command::Count,
            Command::Legal(999_999_998, 5),
            Command::Display,
        ],
    };
    let text = boardcheck::problem::answer_text::<Chomp>(&Chomp::engine(&case));
    assert_eq!(
        text,
        "1000000000000000000\n999999999000000003\n999999998000000006\ntrue\ntoo large to display\n"
    );
    assert_eq!(Chomp::engine(&case), Chomp::oracle(&case));
}

#[test]
fn exhaustive_up_to_6_cells() {
    let done = exhaust::<Chomp>(6, 2).unwrap();
    assert_eq!(done.mismatch, None);
    assert!(done.checked > 1000, "{}", done.checked);
}

#[test]
fn fuzz_bodies_on_random_bytes() {
    // Text that reads as a case.
    for text in [
        "3 2\n2\nmove 1 0\ncount\n",
        "1000000000 7\n1\nlegal -99999999999999999999 3\n",
    ] {
        fuzz::text_input::<Chomp>(text.as_bytes());
    }
}

/// `Boundary::check` accepts every boundary of small boards (equal rows,
/// full rows and empty rows included) with its true count, and refuses a
/// row wider than its lower neighbour, a row beyond W and a wrong count.
#[test]
fn the_boundary_check_refuses_each_broken_invariant() {
    use boardcheck::problems::chomp::enumerate::every_boundary;
    for (w, h) in [(1, 1), (2, 2), (3, 3), (4, 2)] {
        for row in every_boundary(w, h) {
            let remaining = row.iter().sum();
            let b = Boundary {
                row,
                remaining,
                width: w,
            };
            assert_eq!(b.check(), Ok(()), "{b:?}");
            let wrong = Boundary {
                remaining: remaining + 1,
                ..b.clone()
            };
            assert!(wrong.check().is_err(), "{wrong:?}");
        }
    }
    let broken = [
        (vec![1, 2], 3, 2),       // row 1 wider than row 0
        (vec![3, 3, 0, 1], 7, 3), // row 3 wider than row 2
        (vec![3, 1], 4, 2),       // row 0 beyond W
    ];
    for (row, remaining, width) in broken {
        let b = Boundary {
            row,
            remaining,
            width,
        };
        assert!(b.check().is_err(), "{b:?}");
    }
    // And a new board is full, row by row.
    let full = <Boundary as Board>::new(5, 3);
    assert_eq!(
        (full.count(), full.row(0), full.row(2), full.row(3)),
        (15, 5, 5, 0)
    );
    assert_eq!(full.check(), Ok(()));
}

#[test]
fn the_staircase_check_refuses_each_broken_invariant() {
    // 5 x 4: row 0 full, rows 1 to 3 two wide (the last run ends at H, the
    // first is W wide: both limits are reached).
    let valid = Staircase::from_parts(5, 4, &[(1, 5), (4, 2)], 11);
    assert_eq!(valid.check(), Ok(()));
    assert_eq!(valid.steps(), 2);
    // Each broken staircase breaks one invariant, its count matching its runs.
    for (steps, count, what) in [
        (&[(0, 5), (4, 2)][..], 8, "an empty run"),
        (&[(1, 5), (5, 2)][..], 13, "a run above the board"),
        (&[(1, 5), (4, 0)][..], 5, "a run of width 0"),
        (&[(1, 6), (4, 2)][..], 12, "a run wider than W"),
        (&[(1, 2), (4, 2)][..], 8, "two runs of one width"),
        (&[(1, 2), (4, 3)][..], 11, "a run wider than the one below"),
        (&[(1, 5), (4, 2)][..], 10, "a wrong count"),
    ] {
        let broken = Staircase::from_parts(5, 4, steps, count);
        assert!(broken.check().is_err(), "{what} passes the check");
    }
}

#[test]
fn the_corner_slip_drops_exactly_the_moves_at_a_corner() {
    let slip = boardcheck::problems::chomp::zoo::all()
        .into_iter()
        .find(|s| s.name == "staircase-corner-kept")
        .expect("the zoo holds the corner slip");
    let engine = Solver::<Chomp>::engine();
    let script = |x, y| Case {
        width: 3,
        height: 3,
        commands: vec![Command::Move(x, y), Command::Count],
    };
    // (2, 2) is the corner of the full board's one step; (1, 2) and (1, 1)
    // are not corners (the second is not on a run's top row).
    let corner = script(2, 2);
    assert_ne!(slip.solve(&corner), engine.solve(&corner));
    for (x, y) in [(1, 2), (1, 1), (0, 2)] {
        let case = script(x, y);
        assert_eq!(slip.solve(&case), engine.solve(&case), "({x}, {y})");
    }
}
