//! The verdict's honesty on real code, in process: a candidate is judged
//! only inside the domain it declares (`size`, `shape`), one that cannot run
//! at all is told so instead of shrunk, "minimal" is claimed only when no
//! input with fewer cells fails, and independent bugs are each reported.

use std::time::Duration;

use boardcheck::generation::{Domain, Generate, Shape};
use boardcheck::harness::candidate::{Candidate, FnCandidate, Ran};
use boardcheck::harness::check::{CheckConfig, LimitsMode, PropertiesMode, check};
use boardcheck::harness::report::{Report, Shrink};
use boardcheck::harness::verdict::{Status, Verdict};
use boardcheck::problem::{Problem, read_input};
use boardcheck::problems::flank_row::{Cell, FlankRow, Player};
use boardcheck::problems::go_move::GoMove;
use boardcheck::problems::reversi_move::{self, ReversiMove};

fn config() -> CheckConfig {
    CheckConfig {
        cases: 300,
        seed: 1,
        jobs: 2,
        limits: LimitsMode::Off,
        properties: PropertiesMode::Off,
        max_shrink_time: Duration::from_secs(600),
        ..CheckConfig::default()
    }
}

/// The reversi engine on a fixed 8 x 8 array: a larger board does not fit.
fn fixed_8x8(case: &reversi_move::Case) -> reversi_move::Board {
    assert!(
        case.board.rows <= 8 && case.board.cols <= 8,
        "the board does not fit the 8 x 8 array"
    );
    ReversiMove::engine(case)
}

#[test]
fn a_fixed_size_engine_passes_inside_its_declared_size_and_fails_outside() {
    let candidate = FnCandidate::<ReversiMove, _>::new(fixed_8x8);
    let declared = CheckConfig {
        size: Some(8),
        limits: LimitsMode::On,
        ..config()
    };
    let report = check::<ReversiMove>(&candidate, &declared);
    assert_eq!(report.status, Status::Pass, "{:?}", report.failure);
    assert!(
        report.limits.iter().all(|l| l.size <= 8),
        "{:?}",
        report.limits
    );
    assert!(!report.limits.is_empty(), "the limits phase ran, up to 8");
    assert_eq!(report.domain, "side length at most 8");
    // Undeclared, the same engine meets boards it cannot hold.
    let report = check::<ReversiMove>(
        &candidate,
        &CheckConfig {
            size: Some(12),
            ..config()
        },
    );
    assert_eq!(report.status, Status::Fail);
}

#[test]
fn a_one_shape_engine_passes_with_its_shape_and_its_slip_is_shown_on_that_shape() {
    let only_8x8 = |case: &reversi_move::Case| {
        assert_eq!((case.board.rows, case.board.cols), (8, 8), "8 x 8 only");
        ReversiMove::engine(case)
    };
    let shape = Some(Shape { rows: 8, cols: 8 });
    let report = check::<ReversiMove>(
        &FnCandidate::<ReversiMove, _>::new(only_8x8),
        &CheckConfig {
            shape,
            limits: LimitsMode::On,
            ..config()
        },
    );
    assert_eq!(report.status, Status::Pass, "{:?}", report.failure);
    assert_eq!(report.domain, "boards of 8x8 only");
    // Forgets the flips toward the top right (north-east).
    let slip = |case: &reversi_move::Case| {
        let right = ReversiMove::engine(case);
        let mut kept = right.clone();
        for r in 0..case.row {
            let c = case.col + (case.row - r);
            if c < 8 && right.get(r, c) != case.board.get(r, c) {
                kept.set(r, c, case.board.get(r, c));
            }
        }
        only_8x8(case);
        kept
    };
    let report = check::<ReversiMove>(
        &FnCandidate::<ReversiMove, _>::new(slip),
        &CheckConfig { shape, ..config() },
    );
    let failure = report.failure.expect("the slip is caught");
    assert_eq!(failure.verdict, Verdict::WrongAnswer);
    let case = read_input::<ReversiMove>(&failure.input, false).unwrap();
    assert_eq!((case[0].board.rows, case[0].board.cols), (8, 8));
    assert!(
        matches!(&failure.shrink, Shrink::Unproven(why) if why.contains("shape is fixed")),
        "{:?}",
        failure.shrink
    );
}

#[test]
fn every_case_of_a_domain_is_inside_it() {
    fn inside<P: Generate>(domain: Domain) {
        let extras = P::extras();
        let strategy = domain.cases(&extras);
        let mut runner = boardcheck::harness::check::seeded_runner(7);
        use proptest::strategy::{Strategy, ValueTree};
        for _ in 0..200 {
            let mut tree = strategy.new_tree(&mut runner).unwrap();
            assert!(
                domain.contains(&extras, &tree.current()),
                "{:?}",
                tree.current()
            );
            // Shrinking stays inside too.
            for _ in 0..20 {
                if !tree.simplify() {
                    break;
                }
                assert!(domain.contains(&extras, &tree.current()));
            }
        }
    }
    let sized = |s| Domain {
        size: Some(s),
        ..Domain::default()
    };
    let shaped = |rows, cols| Domain {
        shape: Some(Shape { rows, cols }),
        ..Domain::default()
    };
    inside::<FlankRow>(sized(5));
    inside::<FlankRow>(shaped(1, 6));
    inside::<ReversiMove>(sized(3));
    inside::<ReversiMove>(shaped(8, 8));
    inside::<ReversiMove>(shaped(3, 5));
    inside::<GoMove>(sized(4));
    inside::<GoMove>(shaped(9, 9));
    inside::<boardcheck::problems::go_capture::GoCapture>(sized(4));
    inside::<boardcheck::problems::go_capture::GoCapture>(shaped(2, 7));
    inside::<boardcheck::problems::chomp::Chomp>(sized(6));
    inside::<boardcheck::problems::chomp::Chomp>(shaped(3, 9));
    inside::<boardcheck::problems::chomp_solve::ChompSolve>(sized(5));
}

/// A program (`runs_a_program`) that runs as the function it wraps: only
/// a program can fail to start; a Rust function that panics on every
/// input has a bug (tests/shrink_counts.rs).
struct Program<C>(C);

impl<C: Candidate<FlankRow>> Candidate<FlankRow> for Program<C> {
    fn run(&self, cases: &[<FlankRow as Problem>::Case]) -> Ran<Vec<Cell>> {
        self.0.run(cases)
    }
    fn runs_a_program(&self) -> bool {
        true
    }
}

#[test]
fn a_candidate_that_fails_alike_on_the_smallest_input_cannot_run() {
    let broken = Program(FnCandidate::<FlankRow, _>::new(|_: &_| -> Vec<Cell> {
        panic!("ModuleNotFoundError: No module named 'numpy'")
    }));
    let report = check::<FlankRow>(&broken, &config());
    assert_eq!(report.status, Status::Error);
    assert!(report.failure.is_none(), "nothing is reported as a bug");
    assert!(report.cannot_run.unwrap().contains("numpy"));
    // A crash on some inputs only is a bug, shrunk as usual.
    let picky = FnCandidate::<FlankRow, _>::new(|case: &<FlankRow as Problem>::Case| {
        assert!(case.row.len() < 3, "index out of range");
        FlankRow::engine(case)
    });
    let report = check::<FlankRow>(&picky, &config());
    assert_eq!(report.status, Status::Fail);
    assert_eq!(report.failure.unwrap().verdict, Verdict::RuntimeError);
}

#[test]
fn minimal_is_claimed_only_after_every_input_with_fewer_cells_passed() {
    // Suicide judged before captures: greedy steps can stop on a 3x3 board
    // whose 2x2 windows all lose the capture; the enumeration finds 2x2.
    let zoo = boardcheck::suite::Suite::zoo();
    let slip: &boardcheck::suite::Solver<GoMove> = zoo
        .iter()
        .find(|s| s.name == "suicide-before-captures")
        .expect("in the zoo");
    for seed in 1..=3 {
        let report = check::<GoMove>(
            &FnCandidate::<GoMove, _>::new(|c: &_| slip.solve(c).expect("a zoo variant answers")),
            &CheckConfig { seed, ..config() },
        );
        let failure = report.failure.expect("caught");
        let case = read_input::<GoMove>(&failure.input, false).unwrap();
        assert_eq!(case[0].position.n, 2, "seed {seed}: {}", failure.input);
        assert!(
            matches!(failure.shrink, Shrink::Smallest { .. }),
            "{:?}",
            failure.shrink
        );
    }
}

/// Two independent slips: a placement on an occupied cell overwrites it,
/// and a run reaching the right end of the row is flipped.
fn two_slips(case: &<FlankRow as Problem>::Case) -> Vec<Cell> {
    let mut row = case.row.clone();
    for p in &case.placements {
        let me = Cell::Piece(p.player);
        let them = Cell::Piece(match p.player {
            Player::A => Player::B,
            Player::B => Player::A,
        });
        row[p.index] = me;
        let before = row.clone();
        for step in [-1isize, 1] {
            let mut j = p.index as isize + step;
            let mut run = Vec::new();
            while j >= 0 && (j as usize) < before.len() && before[j as usize] == them {
                run.push(j as usize);
                j += step;
            }
            let closed = j >= 0 && (j as usize) < before.len() && before[j as usize] == me;
            let edge = step == 1 && j as usize == before.len();
            if !run.is_empty() && (closed || edge) {
                for k in run {
                    row[k] = me;
                }
            }
        }
    }
    row
}

#[test]
fn two_independent_slips_get_two_minimal_reports() {
    let report: Report = check::<FlankRow>(
        &FnCandidate::<FlankRow, _>::new(two_slips),
        &CheckConfig {
            max_failures: 2,
            ..config()
        },
    );
    assert_eq!(report.failures.len(), 2, "{:#?}", report.failures);
    let inputs: Vec<&str> = report.failures.iter().map(|f| f.input.as_str()).collect();
    // The overwrite needs one cell; the edge needs a run and the edge.
    assert!(
        inputs.contains(&"A\n1\nB 0\n") || inputs.contains(&"B\n1\nA 0\n"),
        "{inputs:?}"
    );
    assert!(inputs.iter().any(|i| i.starts_with(".")), "{inputs:?}");
    for f in &report.failures {
        assert!(
            matches!(f.shrink, Shrink::Smallest { .. }),
            "{:?}",
            f.shrink
        );
    }
    // With one failure wanted (the library's default), the check stops.
    let report = check::<FlankRow>(&FnCandidate::<FlankRow, _>::new(two_slips), &config());
    assert_eq!(report.failures.len(), 1);
}

#[test]
fn more_failures_wanted_report_each_bug_once_and_find_the_first_at_the_same_case() {
    let first = check::<FlankRow>(&FnCandidate::<FlankRow, _>::new(two_slips), &config());
    let report = check::<FlankRow>(
        &FnCandidate::<FlankRow, _>::new(two_slips),
        &CheckConfig {
            max_failures: 3,
            ..config()
        },
    );
    // Two slips, two reports: the third failure the search meets is one of
    // them again (mirrored, colour-swapped or reached by other placements).
    assert_eq!(report.failures.len(), 2, "{:#?}", report.failures);
    assert!(report.set_aside > 0, "{}", report.set_aside);
    assert_eq!(first.failures[0].found_at, report.failures[0].found_at);
    assert_eq!(first.failures[0].input, report.failures[0].input);
}
