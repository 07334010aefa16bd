//! The shipped example candidates (`examples/<problem>/*.py`) through the
//! `boardcheck` binary, from one table: each correct candidate passes, each
//! wrong one is caught with the expected verdict and a minimal
//! counterexample within the row's bounds.
//!
//! Every Python start costs 0.1–0.2 s, so most rows use the multi-case form
//! (`check --multi -- python3 FILE --multi`): a failure is then confirmed
//! alone and shrunk alone, and the report's input is the multi-case form of
//! that one case, which the rows check. Shrinking still starts Python once
//! per step, in either form.

mod common;

use std::ops::RangeInclusive;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use boardcheck::harness::testing::case_count;
use boardcheck::problem::read_input;
use boardcheck::problems::chomp::Chomp;
use boardcheck::problems::flank_row::FlankRow;
use boardcheck::problems::go_capture::GoCapture;
use boardcheck::problems::go_move::GoMove;
use boardcheck::problems::reversi_move::ReversiMove;

/// How many generated cases a row runs.
#[derive(Clone, Copy)]
enum Cases {
    /// Exactly this many.
    Fixed(u64),
    /// This many, unless `BOARDCHECK_CASES` says otherwise (`case_count`).
    Scaled(u32),
}

impl Cases {
    /// The count, `BOARDCHECK_CASES` applied where it applies.
    fn get(self) -> u64 {
        match self {
            Cases::Fixed(n) => n,
            Cases::Scaled(n) => u64::from(case_count(n)),
        }
    }
}

/// One measure of a counterexample and the values it may take.
struct Bound {
    /// What is measured, for messages (e.g. `cells`).
    what: &'static str,
    /// The measure of one case, given in its single-case text.
    measure: fn(&str) -> usize,
    /// The values allowed.
    allowed: RangeInclusive<usize>,
}

/// What the checker must say about a candidate.
enum Expect {
    /// Every case passes.
    Pass,
    /// Caught with this verdict, the minimal input within every bound.
    Caught(&'static str, &'static [Bound]),
}

/// How the candidates of one problem are run.
struct Setup {
    /// The problem's name on the command line; its candidates are in
    /// `examples/<module>/` (the name with underscores).
    problem: &'static str,
    /// Feed the multi-case form.
    multi: bool,
    /// `--seed`.
    seed: u64,
    /// More options for `check` (`--batch`, `--jobs`).
    extra: &'static [&'static str],
}

/// The folder of a problem's candidates: `examples/<module>`.
fn examples_dir(problem: &str) -> String {
    format!("examples/{}", problem.replace('-', "_"))
}

/// The folders of `examples/` that are no problem's: functions/ and
/// protocol/ are not programs of the text form (tests/protocol.rs checks
/// each of them); gtp/ holds GTP engines (tests/gtp.rs); misbehaving/
/// candidates that break the rules of a run (tests/verdicts.rs);
/// classroom/ is graded as a class (tests/grade.rs); finders/ is the
/// bug-finding table, a Rust example (docs/finders.md).
const NOT_A_PROBLEM: &[&str] = &[
    "misbehaving",
    "functions",
    "protocol",
    "gtp",
    "classroom",
    "finders",
];

/// One candidate run through `boardcheck check`.
struct Example {
    /// The problem and how its candidates run.
    setup: &'static Setup,
    /// The candidate's file in the problem's folder, run as `python3 PATH` (with
    /// `--multi` in that form).
    file: &'static str,
    /// `--cases`.
    cases: Cases,
    /// The verdict expected.
    expect: Expect,
}

impl Example {
    /// The path of the candidate.
    fn path(&self) -> String {
        format!("{}/{}", examples_dir(self.setup.problem), self.file)
    }
}

/// A correct candidate: it passes `cases` cases.
const fn pass(setup: &'static Setup, file: &'static str, cases: Cases) -> Example {
    Example {
        setup,
        file,
        cases,
        expect: Expect::Pass,
    }
}

/// A wrong candidate: a wrong answer within `cases` cases, its minimal
/// input within `bounds`.
const fn wrong(
    setup: &'static Setup,
    file: &'static str,
    cases: u64,
    bounds: &'static [Bound],
) -> Example {
    Example {
        setup,
        file,
        cases: Cases::Fixed(cases),
        expect: Expect::Caught("WA", bounds),
    }
}

fn flank_cells(text: &str) -> usize {
    read_input::<FlankRow>(text, false).unwrap()[0].row.len()
}

fn flank_placements(text: &str) -> usize {
    read_input::<FlankRow>(text, false).unwrap()[0]
        .placements
        .len()
}

fn reversi_cells(text: &str) -> usize {
    let case = &read_input::<ReversiMove>(text, false).unwrap()[0];
    case.board.rows * case.board.cols
}

fn go_capture_points(text: &str) -> usize {
    read_input::<GoCapture>(text, false).unwrap()[0].len()
}

fn go_move_points(text: &str) -> usize {
    let n = read_input::<GoMove>(text, false).unwrap()[0].position.n;
    n * n
}

/// The number of commands q of a chomp script (its second line).
fn chomp_commands(text: &str) -> usize {
    read_input::<Chomp>(text, false).unwrap()[0].commands.len()
}

/// At most 3 cells and exactly one placement.
const FLANK_ROW_MINIMAL: &[Bound] = &[
    Bound {
        what: "cells",
        measure: flank_cells,
        allowed: 1..=3,
    },
    Bound {
        what: "placements",
        measure: flank_placements,
        allowed: 1..=1,
    },
];
/// At most 9 cells.
const REVERSI_9: &[Bound] = &[Bound {
    what: "cells",
    measure: reversi_cells,
    allowed: 1..=9,
}];
/// At most 9 points.
const GO_CAPTURE_9: &[Bound] = &[Bound {
    what: "points",
    measure: go_capture_points,
    allowed: 1..=9,
}];
/// At most 9 points (n x n).
const GO_MOVE_9: &[Bound] = &[Bound {
    what: "points",
    measure: go_move_points,
    allowed: 1..=9,
}];
/// A script of at most 2 commands (the count q on its second line).
const CHOMP_2: &[Bound] = &[Bound {
    what: "commands",
    measure: chomp_commands,
    allowed: 0..=2,
}];

const FLANK_ROW: Setup = Setup {
    problem: "flank-row",
    multi: true,
    seed: 3,
    extra: &[],
};
/// The single-case form, for the correct candidate.
const FLANK_ROW_SINGLE: Setup = Setup {
    multi: false,
    ..FLANK_ROW
};
/// The correct candidate's 1000 cases in batches of 250.
const FLANK_ROW_BATCH_250: Setup = Setup {
    extra: &["--batch", "250"],
    ..FLANK_ROW
};
const REVERSI_MOVE: Setup = Setup {
    problem: "reversi-move",
    multi: true,
    seed: 3,
    extra: &["--batch", "50"],
};
/// Engines of at most 8 x 8, checked within the domain they declare.
const REVERSI_MOVE_UP_TO_8: Setup = Setup {
    extra: &["--batch", "50", "--size", "8"],
    ..REVERSI_MOVE
};
const REVERSI_MOVE_8X8: Setup = Setup {
    extra: &["--batch", "50", "--shape", "8x8"],
    ..REVERSI_MOVE
};
const GO_CAPTURE: Setup = Setup {
    problem: "go-capture",
    multi: true,
    seed: 5,
    extra: &["--batch", "50", "--jobs", "2"],
};
const GO_MOVE: Setup = Setup {
    problem: "go-move",
    multi: true,
    seed: 3,
    extra: &[],
};
/// A move's reply line is optional (a legal move prints nothing unless it
/// ends the game), so the multi-case output is cut by the reference answers'
/// line counts; this row is what shows that works.
const CHOMP: Setup = Setup {
    problem: "chomp",
    multi: true,
    seed: 3,
    extra: &[],
};
const CHOMP_SOLVE: Setup = Setup {
    problem: "chomp-solve",
    multi: true,
    seed: 3,
    extra: &[],
};

const EXAMPLES: &[Example] = &[
    pass(&FLANK_ROW_SINGLE, "correct.py", Cases::Fixed(40)),
    pass(&FLANK_ROW_BATCH_250, "correct.py", Cases::Fixed(1000)),
    // The two speeds `tests/scale.rs` tells apart; both correct.
    pass(&FLANK_ROW_BATCH_250, "linear.py", Cases::Fixed(1000)),
    pass(&FLANK_ROW_BATCH_250, "quadratic.py", Cases::Fixed(1000)),
    wrong(&FLANK_ROW, "flip_while_scanning.py", 200, FLANK_ROW_MINIMAL),
    wrong(&FLANK_ROW, "edge_closes_run.py", 200, FLANK_ROW_MINIMAL),
    wrong(&FLANK_ROW, "shared_run_list.py", 200, FLANK_ROW_MINIMAL),
    wrong(&FLANK_ROW, "two_slips.py", 200, FLANK_ROW_MINIMAL),
    pass(&REVERSI_MOVE_UP_TO_8, "fixed_8x8.py", Cases::Fixed(100)),
    pass(&REVERSI_MOVE_8X8, "bitboard_8x8.py", Cases::Fixed(100)),
    pass(&REVERSI_MOVE, "correct.py", Cases::Fixed(100)),
    wrong(
        &REVERSI_MOVE,
        "wrong_places_without_flip.py",
        100,
        REVERSI_9,
    ),
    wrong(&REVERSI_MOVE, "wrong_edge_closes.py", 100, REVERSI_9),
    wrong(
        &REVERSI_MOVE,
        "wrong_flip_while_scanning.py",
        100,
        REVERSI_9,
    ),
    wrong(&REVERSI_MOVE, "wrong_row_wrap.py", 100, REVERSI_9),
    pass(&GO_CAPTURE, "correct.py", Cases::Scaled(200)),
    // Right on small boards; its RecursionError at the limits is in verdicts.rs.
    pass(&GO_CAPTURE, "recursive_flood.py", Cases::Scaled(200)),
    wrong(&GO_CAPTURE, "one_at_a_time.py", 100, GO_CAPTURE_9),
    wrong(&GO_CAPTURE, "edge_liberty.py", 100, GO_CAPTURE_9),
    wrong(&GO_CAPTURE, "diagonal.py", 100, GO_CAPTURE_9),
    wrong(&GO_CAPTURE, "hash_wall.py", 100, GO_CAPTURE_9),
    pass(&GO_MOVE, "correct.py", Cases::Fixed(1000)),
    wrong(&GO_MOVE, "suicide_before_captures.py", 300, GO_MOVE_9),
    wrong(&GO_MOVE, "edge_is_liberty.py", 300, GO_MOVE_9),
    wrong(&GO_MOVE, "one_neighbour_captures.py", 300, GO_MOVE_9),
    wrong(&GO_MOVE, "two_slips.py", 300, GO_MOVE_9),
    pass(&CHOMP, "correct.py", Cases::Fixed(1000)),
    wrong(&CHOMP, "illegal_passes_turn.py", 300, CHOMP_2),
    wrong(&CHOMP, "count_wraps_32.py", 300, CHOMP_2),
    wrong(&CHOMP, "display_off_by_one.py", 300, CHOMP_2),
    wrong(&CHOMP, "display_upside_down.py", 300, CHOMP_2),
    pass(&CHOMP_SOLVE, "correct.py", Cases::Fixed(1000)),
];

/// Runs one row; what went wrong, if anything.
fn judge(e: &Example) -> Result<(), String> {
    let cases = e.cases.get();
    let cases_arg = cases.to_string();
    let path = e.path();
    let setup = e.setup;
    // One failure is all a row checks; more would only cost shrinking time.
    // A generous wall-time limit: these rows are about answers, and on a
    // loaded machine (load 20-30 on 2 cores) a Python run of a small case
    // took over the default 2 s, turning right answers into time-outs and
    // stopping the shrinking of wrong ones early.
    let mut extra = vec![
        "--cases",
        cases_arg.as_str(),
        "--max-failures",
        "1",
        "--timeout-ms",
        "60000",
    ];
    let mut candidate = vec!["python3", path.as_str()];
    if setup.multi {
        extra.push("--multi");
        candidate.push("--multi");
    }
    extra.extend(setup.extra);
    let (status, report) = common::check_json(setup.problem, setup.seed, &extra, &candidate);
    let failure = &report["failure"];
    match &e.expect {
        Expect::Pass => {
            if (status, report["status"].as_str(), report["cases"].as_u64())
                != (0, Some("pass"), Some(cases))
            {
                return Err(format!("expected {cases} passing cases, got {report}"));
            }
        }
        Expect::Caught(verdict, bounds) => {
            if status != 1 || failure["verdict"] != *verdict {
                return Err(format!(
                    "expected {verdict} (exit 1), got {status}: {report}"
                ));
            }
            if failure["expected"] == failure["got"] {
                return Err(format!("expected and got are the same: {report}"));
            }
            let input = failure["input"].as_str().unwrap_or_default();
            // The multi-case form of the one case confirmed alone: "1", then the case.
            let case = if setup.multi {
                input
                    .strip_prefix("1\n")
                    .ok_or_else(|| format!("not confirmed alone:\n{input}"))?
            } else {
                input
            };
            for b in bounds.iter() {
                let n = (b.measure)(case);
                if !b.allowed.contains(&n) {
                    return Err(format!(
                        "not minimal: {n} {}, expected {:?} ({}):\n{input}",
                        b.what, b.allowed, failure["size"]
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Every row of the table, two at a time (each check runs its candidate on
/// up to two jobs itself); all the rows that fail are reported together.
#[test]
fn every_example_is_judged_as_expected() {
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some(e) = EXAMPLES.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let mode = if e.setup.multi { "--multi" } else { "single" };
                    let started = std::time::Instant::now();
                    if let Err(why) = judge(e) {
                        failures.lock().unwrap().push(format!(
                            "{} {} ({mode}): {why}",
                            e.setup.problem,
                            e.path()
                        ));
                    } else {
                        let took = started.elapsed().as_secs_f64();
                        eprintln!("ok: {} {} ({mode}) {took:.1} s", e.setup.problem, e.path());
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Every Python candidate in a problem's folder `examples/<module>/` has a
/// row, so a new example cannot be left out of the table; every other
/// folder of `examples/` is one of [`NOT_A_PROBLEM`], so a problem's folder
/// misnamed is not skipped.
#[test]
fn every_shipped_example_is_in_the_table() {
    let problem_dirs: Vec<String> = boardcheck::problems::NAMES
        .iter()
        .map(|p| examples_dir(p))
        .collect();
    let mut missing = Vec::new();
    for dir in std::fs::read_dir("examples").unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        let shown = dir.to_str().unwrap().to_string();
        if !problem_dirs.contains(&shown) {
            assert!(
                NOT_A_PROBLEM.iter().any(|d| dir.ends_with(d)),
                "{shown}: neither a problem's folder (examples/<module>) nor one of {NOT_A_PROBLEM:?}"
            );
            continue;
        }
        for file in std::fs::read_dir(&dir).unwrap() {
            let file = file.unwrap().path();
            let name = file.to_str().unwrap().to_string();
            if name.ends_with(".py") && !EXAMPLES.iter().any(|e| e.path() == name) {
                missing.push(name);
            }
        }
    }
    missing.sort();
    assert_eq!(missing, Vec::<String>::new(), "examples without a row");
}
