//! The finders, each run on one bug with one seed and one budget: how many
//! cases and how long until the first failure, what counterexample it
//! reports, and when (if ever) that counterexample is known to be the
//! smallest.

use std::any::Any;
use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use boardcheck::generation::reference;
use boardcheck::harness::report::Shrink;
use boardcheck::problem::{case_text, read_input};
use boardcheck::suite::Solver;
use boardcheck::unit::Check;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestError, TestRng, TestRunner};
use quickcheck::{Gen, QuickCheck, TestResult};

use crate::subject::{Raw, Subject, in_domain, key};

/// What every finder is given.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Cases (valid ones: rejected draws are not counted).
    pub cases: u64,
    /// Wall time to the first failure.
    pub seconds: f64,
}

/// One finder's run on one bug with one seed.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Run {
    /// Whether a failure came within the budget.
    pub found: bool,
    /// Cases run up to and including the first failing one (all of them
    /// when none failed).
    pub cases: u64,
    /// Wall time to the first failure (or of the whole run).
    pub seconds: f64,
    /// The reported counterexample's (cells, moves).
    pub reported: Option<(usize, usize)>,
    /// From the first failure to the report (shrinking).
    pub shrink_seconds: Option<f64>,
    /// From the first failure to a report proven to have the fewest cells
    /// (`None`: the finder never proves it).
    pub proven_seconds: Option<f64>,
    /// The reported counterexample as the problem's input text (boardcheck
    /// and exhaustive only: the others' are sizes only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub example: Option<String>,
}

/// The finders, by the names the table uses.
pub const NAMES: [&str; 8] = [
    "boardcheck",
    "stress",
    "proptest",
    "quickcheck",
    "exhaustive",
    "fuzz-empty",
    "fuzz-corpus",
    "floor",
];

/// Whether `bug` fails on `case` (a wrong answer or a panic).
pub fn fails<P: Subject>(bug: &Solver<P>, case: &P::Case) -> bool {
    match catch_unwind(AssertUnwindSafe(|| bug.solve(case))) {
        Ok(Ok(answer)) => answer != reference::<P>(case).0,
        _ => true,
    }
}

/// A small fast generator (SplitMix64): the stress loop's.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

/// (1) boardcheck's default in-process check ([`Check`]): its generators,
/// sizes, patterns and shrinking. Without a time limit, as the zoo is
/// trusted code and the other finders call it without one: each case a
/// plain call on this thread (with a time limit, each case is handed to a
/// worker thread, which costs more than most cases).
pub fn boardcheck<P: Subject>(bug: &Solver<P>, seed: u64, budget: Budget) -> Run {
    let solver = bug.clone();
    let report =
        Check::<P>::function(move |case| solver.solve(case).expect("a zoo variant answers"))
            .seed(seed)
            .cases(budget.cases)
            .without_time_limit()
            .keep_failures(false)
            .report();
    let t = &report.timings.phases;
    // From the making of the check (its set-up included) to the first case
    // judged a failure (the stress loop's measure); before confirmation and
    // shrinking.
    let first = t.first_failure.unwrap_or(t.given + t.cases - t.shrinking);
    let Some(failure) = report.failure else {
        return Run {
            cases: report.cases,
            seconds: t.given + t.cases,
            ..Run::default()
        };
    };
    let reported = read_input::<P>(&failure.input, false)
        .ok()
        .and_then(|cases| cases.first().map(key::<P>));
    Run {
        found: first <= budget.seconds,
        cases: report.cases,
        seconds: first,
        reported,
        shrink_seconds: Some(t.shrinking),
        proven_seconds: matches!(failure.shrink, Shrink::Smallest { .. }).then_some(t.shrinking),
        example: Some(failure.input.clone()),
    }
}

/// The raw values of a uniform case: uniform sides, uniform cells,
/// uniform moves and a uniform number of them.
fn uniform_raw<P: Subject>(rng: &mut Rng) -> Raw {
    let (lo, hi) = P::SIDES;
    let rows = rng.range(lo, hi);
    let cols = if P::SQUARE { rows } else { rng.range(lo, hi) };
    let states = u64::from(P::CELL_STATES.max(1));
    let cells = (0..P::cell_count(rows, cols))
        .map(|_| (rng.next() % states) as u8)
        .collect();
    let moves = (0..rng.range(0, P::MOVES as u64))
        .map(|_| (rng.next() as u8, rng.next() as u32, rng.next() as u32))
        .collect();
    Raw {
        rows,
        cols,
        cells,
        moves,
    }
}

/// A uniform case inside the contract: raw values drawn again until
/// they stand for one.
fn uniform_case<P: Subject>(rng: &mut Rng) -> P::Case {
    loop {
        if let Some(case) = P::from_raw(&uniform_raw::<P>(rng)) {
            return case;
        }
    }
}

/// (2) The stress loop: uniform cases, each compared with the reference,
/// no shrinking.
pub fn stress<P: Subject>(bug: &Solver<P>, seed: u64, budget: Budget) -> Run {
    let mut rng = Rng::new(seed);
    let start = Instant::now();
    let limit = Duration::from_secs_f64(budget.seconds);
    for k in 1..=budget.cases {
        if start.elapsed() > limit {
            return Run {
                cases: k - 1,
                seconds: start.elapsed().as_secs_f64(),
                ..Run::default()
            };
        }
        let case = uniform_case::<P>(&mut rng);
        if fails(bug, &case) {
            return Run {
                found: true,
                cases: k,
                seconds: start.elapsed().as_secs_f64(),
                reported: Some(key::<P>(&case)),
                shrink_seconds: Some(0.0),
                proven_seconds: None,
                example: None,
            };
        }
    }
    Run {
        cases: budget.cases,
        seconds: start.elapsed().as_secs_f64(),
        ..Run::default()
    }
}

/// The proptest strategy a user writes from the book: the sides, then
/// `prop::collection::vec` of cells and of moves.
fn book_strategy<P: Subject>() -> BoxedStrategy<P::Case> {
    let (lo, hi) = P::SIDES;
    let sides = if P::SQUARE {
        (lo..=hi).prop_map(|n| (n, n)).boxed()
    } else {
        (lo..=hi, lo..=hi).boxed()
    };
    let states = P::CELL_STATES.max(1);
    sides
        .prop_flat_map(move |(rows, cols)| {
            (
                Just(rows),
                Just(cols),
                prop::collection::vec(0..states, P::cell_count(rows, cols)),
                prop::collection::vec(any::<(u8, u32, u32)>(), 0..=P::MOVES),
            )
        })
        .prop_filter_map("outside the contract", |(rows, cols, cells, moves)| {
            P::from_raw(&Raw {
                rows,
                cols,
                cells,
                moves,
            })
        })
        .boxed()
}

/// A seed as proptest's 32 bytes.
fn seed_bytes(seed: u64) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    let mut rng = Rng::new(seed);
    for chunk in bytes.chunks_mut(8) {
        chunk.copy_from_slice(&rng.next().to_le_bytes());
    }
    bytes
}

/// (3a) A proptest test as the book writes it: [`book_strategy`], default
/// shrinking, the runner's defaults but for the case count (and rejects
/// allowed in proportion: go-move's filter rejects some boards).
pub fn proptest<P: Subject>(bug: &Solver<P>, seed: u64, budget: Budget) -> Run {
    let config = Config {
        cases: budget.cases.min(u64::from(u32::MAX)) as u32,
        failure_persistence: None,
        max_global_rejects: (budget.cases * 10).min(u64::from(u32::MAX)) as u32,
        ..Config::default()
    };
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes(seed));
    let mut runner = TestRunner::new_with_rng(config, rng);
    let count = std::cell::Cell::new(0u64);
    let first = std::cell::Cell::new(None::<(u64, Instant)>);
    let start = Instant::now();
    let result = runner.run(&book_strategy::<P>(), |case| {
        count.set(count.get() + 1);
        let wrong = fails(bug, &case);
        if wrong && first.get().is_none() {
            first.set(Some((count.get(), Instant::now())));
        }
        prop_assert!(!wrong);
        Ok(())
    });
    let end = Instant::now();
    match (result, first.get()) {
        (Err(TestError::Fail(_, case)), Some((cases, at))) => {
            let seconds = (at - start).as_secs_f64();
            Run {
                found: seconds <= budget.seconds,
                cases,
                seconds,
                reported: Some(key::<P>(&case)),
                shrink_seconds: Some((end - at).as_secs_f64()),
                proven_seconds: None,
                example: None,
            }
        }
        _ => Run {
            cases: count.get(),
            seconds: (end - start).as_secs_f64(),
            ..Run::default()
        },
    }
}

/// What the quickcheck property reads: it is a plain `fn`, so the bug and
/// the counts live here, per thread.
struct QcState<P: Subject> {
    bug: Solver<P>,
    count: u64,
    first: Option<(u64, Instant)>,
    last_failing: Option<P::Case>,
}

thread_local! {
    static QC: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// The property a quickcheck user writes: default `Arbitrary` arguments
/// (sides, a `Vec<u8>` of cells, a `Vec` of moves) read into a case.
fn qc_property<P: Subject>(
    rows: u32,
    cols: u32,
    cells: Vec<u8>,
    moves: Vec<(u8, u32, u32)>,
) -> TestResult {
    let (lo, hi) = P::SIDES;
    let rows = lo + u64::from(rows) % (hi - lo + 1);
    let cols = if P::SQUARE {
        rows
    } else {
        lo + u64::from(cols) % (hi - lo + 1)
    };
    let Some(case) = P::from_raw(&Raw {
        rows,
        cols,
        cells,
        moves,
    }) else {
        return TestResult::discard();
    };
    QC.with(|state| {
        let mut state = state.borrow_mut();
        let state = state
            .as_mut()
            .and_then(|s| s.downcast_mut::<QcState<P>>())
            .expect("the quickcheck state is set");
        state.count += 1;
        let wrong = fails(&state.bug, &case);
        if wrong {
            if state.first.is_none() {
                state.first = Some((state.count, Instant::now()));
            }
            state.last_failing = Some(case);
        }
        TestResult::from_bool(!wrong)
    })
}

/// The quickcheck property's type: sides, cells and moves.
type QcProperty = fn(u32, u32, Vec<u8>, Vec<(u8, u32, u32)>) -> TestResult;

/// (3b) A quickcheck test with the default `Arbitrary` and shrinking,
/// [`qc_property`], generator size 100 (quickcheck's default).
pub fn quickcheck<P: Subject>(bug: &Solver<P>, seed: u64, budget: Budget) -> Run {
    QC.with(|s| {
        *s.borrow_mut() = Some(Box::new(QcState::<P> {
            bug: bug.clone(),
            count: 0,
            first: None,
            last_failing: None,
        }))
    });
    let start = Instant::now();
    let property: QcProperty = qc_property::<P>;
    let result = QuickCheck::new()
        .rng(Gen::from_size_and_seed(100, seed))
        .tests(budget.cases)
        .max_tests(budget.cases * 10)
        .quicktest(property);
    let end = Instant::now();
    let state = QC
        .with(|s| s.borrow_mut().take())
        .and_then(|s| s.downcast::<QcState<P>>().ok())
        .expect("the quickcheck state");
    match (result, state.first, state.last_failing) {
        (Err(_), Some((cases, at)), Some(case)) => {
            let seconds = (at - start).as_secs_f64();
            Run {
                found: seconds <= budget.seconds,
                cases,
                seconds,
                reported: Some(key::<P>(&case)),
                shrink_seconds: Some((end - at).as_secs_f64()),
                proven_seconds: None,
                example: None,
            }
        }
        _ => Run {
            cases: state.count,
            seconds: (end - start).as_secs_f64(),
            ..Run::default()
        },
    }
}

/// Every case of the domain with exactly `cells` cells, as the
/// enumeration counts them.
pub fn level<P: Subject>(cells: usize) -> impl Iterator<Item = P::Case> {
    P::every(cells).filter(move |case| P::cells(case) == cells && in_domain::<P>(case))
}

/// (4) Exhaustive enumeration, smallest first (SmallCheck-style): every
/// case of 1 cell, then of 2, ... until a failure or the budget. The first
/// failure has the fewest cells of any, proven on the spot.
pub fn exhaustive<P: Subject>(bug: &Solver<P>, budget: Budget) -> Run {
    let start = Instant::now();
    let limit = Duration::from_secs_f64(budget.seconds);
    let mut count = 0u64;
    for cells in 1..=64 {
        for case in level::<P>(cells) {
            if count >= budget.cases || start.elapsed() > limit {
                return Run {
                    cases: count,
                    seconds: start.elapsed().as_secs_f64(),
                    ..Run::default()
                };
            }
            count += 1;
            if fails(bug, &case) {
                return Run {
                    found: true,
                    cases: count,
                    seconds: start.elapsed().as_secs_f64(),
                    reported: Some(key::<P>(&case)),
                    shrink_seconds: Some(0.0),
                    proven_seconds: Some(0.0),
                    example: Some(case_text::<P>(&case)),
                };
            }
        }
    }
    Run {
        cases: count,
        seconds: start.elapsed().as_secs_f64(),
        ..Run::default()
    }
}

/// How many timed runs [`floor`] takes the median of.
const FLOOR_RUNS: usize = 51;

/// Not a finder but the least time to failure any finder can have: one
/// run of `bug` and the reference on its smallest failing input
/// (`example`, the exhaustive finder's report, as text), warm, the median
/// of [`FLOOR_RUNS`] runs after one more. A finder that drew exactly that
/// input first, at no cost, would take this long; a tenth of the stress
/// loop's time is out of every finder's reach where this is more.
/// `None` when `example` does not read or does not fail.
pub fn floor<P: Subject>(bug: &Solver<P>, example: &str) -> Option<Run> {
    let case = read_input::<P>(example, false).ok()?.into_iter().next()?;
    if !fails(bug, &case) {
        return None;
    }
    let mut times: Vec<f64> = (0..FLOOR_RUNS)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(fails(bug, std::hint::black_box(&case)));
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    Some(Run {
        found: true,
        cases: 1,
        seconds: times[FLOOR_RUNS / 2],
        reported: Some(key::<P>(&case)),
        shrink_seconds: Some(0.0),
        proven_seconds: Some(0.0),
        example: Some(example.to_string()),
    })
}

/// The smallest failing input's (cells, moves): the first level of the
/// enumeration that holds a failure, searched whole for the fewest moves;
/// `None` when no level up to [`Subject::MAX_ENUMERATED`] cells fails, or
/// the search passes `most` cases.
pub fn smallest<P: Subject>(bug: &Solver<P>, most: u64) -> Option<(usize, usize)> {
    let mut count = 0u64;
    for cells in 1..=P::MAX_ENUMERATED {
        let mut best: Option<(usize, usize)> = None;
        for case in level::<P>(cells) {
            count += 1;
            if count > most {
                // A failure of this level may not have the fewest moves.
                return best;
            }
            let k = key::<P>(&case);
            if best.is_none_or(|b| k < b) && fails(bug, &case) {
                best = Some(k);
            }
        }
        if best.is_some() {
            return best;
        }
    }
    None
}

/// The share of `n` cases, drawn by boardcheck's default check (its
/// domain's strategy, one runner of seed 0) and by the stress loop (seed
/// 0), that each of `bugs` fails on: how likely a case of each generator
/// is to hit a bug, with no clock and no seed's luck in it. A generator
/// change that keeps the share and makes a case cheaper makes the time
/// to failure shorter however a 20-seed median moves.
pub fn failure_shares<P: Subject>(bugs: &[Solver<P>], n: usize) -> Vec<(f64, f64)> {
    use boardcheck::harness::check::{CheckConfig, seeded_runner};
    use proptest::strategy::ValueTree;
    let strategy = CheckConfig::default().domain().cases(&P::extras());
    let mut runner = seeded_runner(0);
    let drawn: Vec<P::Case> = (0..n)
        .map(|_| {
            strategy
                .new_tree(&mut runner)
                .expect("strategies here never reject")
                .current()
        })
        .collect();
    let mut rng = Rng::new(0);
    let uniform: Vec<P::Case> = (0..n).map(|_| uniform_case::<P>(&mut rng)).collect();
    let share = |bug: &Solver<P>, cases: &[P::Case]| {
        cases.iter().filter(|case| fails(bug, case)).count() as f64 / n as f64
    };
    bugs.iter()
        .map(|bug| (share(bug, &drawn), share(bug, &uniform)))
        .collect()
}
