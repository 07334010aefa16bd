//! Checking a Rust function from a unit test: [`Check`] and
//! [`assert_solves`], with defaults for `cargo test` rather than for the
//! command line. The user's layer over the game-free harness (beside
//! [`crate::prelude`], which re-exports it), so its examples may name a
//! problem.
//!
//! - no limits phase and no laws: random cases only, [`UNIT_CASES`] of them;
//! - one job (the test runner already runs tests in parallel);
//! - a time limit per case ([`UNIT_TIME_LIMIT`]): the function runs on a
//!   thread of its own and a case that takes longer is a time-out (TLE);
//! - a panic in the function is a crash (RE), reported like any failure;
//! - the seed from `BOARDCHECK_SEED`, else a random one, printed with a
//!   failure so the run can be repeated;
//! - each failure's shrunk input kept in `proptest-regressions/`, one file
//!   per test, and replayed before the random cases on the next run.
//!
//! ```
//! use boardcheck::prelude::*;
//! use boardcheck::problems::flank_row::{FlankRow, Case};
//!
//! // The engine itself passes.
//! Check::<FlankRow>::function(|case: &Case| FlankRow::engine(case)).cases(50).assert();
//! ```

use std::path::PathBuf;
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use crate::generation::{Shape, ShapeKind};
use crate::harness::candidate::{
    Candidate, FnCandidate, Outcome, Ran, panic_message, screen_calls,
};
use crate::harness::casefile::{self, Entry};
use crate::harness::check::{CheckConfig, LimitsMode, PropertiesMode, check_since};
use crate::harness::report::Report;
use crate::harness::verdict::{Origin, Status};
use crate::problem::{Problem, answer_text};
use crate::suite::Suite;

/// Random cases a unit test runs by default.
pub const UNIT_CASES: u64 = 256;

/// The time limit of one case of a function checked by [`Check`].
pub const UNIT_TIME_LIMIT: Duration = Duration::from_secs(2);

/// The variable that fixes a unit test's seed.
pub const SEED_VARIABLE: &str = "BOARDCHECK_SEED";

type Solve<P> = dyn Fn(&<P as Problem>::Case) -> <P as Problem>::Answer + Send + Sync;

/// A Rust function as a candidate with a time limit: each case runs on a
/// worker thread and one that does not answer in time is a time-out. A
/// worker serves case after case (starting a thread per case cost more
/// than most cases); one that times out is left to finish on its own (a
/// thread cannot be stopped) and a fresh one takes its place.
pub struct TimedFn<P: Problem> {
    solve: Arc<Solve<P>>,
    limit: Duration,
    /// Idle workers, each taken by one case at a time.
    idle: Mutex<Vec<Worker<P>>>,
}

/// What a worker sends back for one case: the answer, or the panic's message.
type Answered<P> = Result<<P as Problem>::Answer, String>;

/// What a worker is sent: one case to answer, or cases to screen
/// ([`Candidate::screen`]).
enum Job<C> {
    One(C),
    Screen(Vec<C>),
}

/// What a worker sends back: one case's answer, or how many screened
/// cases passed and their times (ms).
enum Done<P: Problem> {
    One(Answered<P>),
    Screened(usize, Vec<f64>),
}

/// Which case a worker's screen is at and when it started it, for the
/// watchdog of [`TimedFn::screen`].
type At = Arc<Mutex<(usize, Instant)>>;

/// A thread that solves the cases it is sent, one at a time, until its
/// sender is dropped.
struct Worker<P: Problem> {
    jobs: mpsc::Sender<Job<P::Case>>,
    done: mpsc::Receiver<Done<P>>,
    at: At,
}

impl<P: crate::generation::Generate> Worker<P> {
    fn start(solve: Arc<Solve<P>>, limit: Duration) -> std::io::Result<Self> {
        let (job_tx, job_rx) = mpsc::channel::<Job<P::Case>>();
        let (done_tx, done_rx) = mpsc::channel();
        let at: At = Arc::new(Mutex::new((0, Instant::now())));
        let at_here = at.clone();
        std::thread::Builder::new()
            .name("boardcheck-candidate".into())
            .spawn(move || {
                for job in job_rx {
                    let done = match job {
                        Job::One(case) => Done::One(
                            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| solve(&case)))
                                .map_err(|p| panic_message(&p)),
                        ),
                        Job::Screen(cases) => {
                            let mut run_ms = Vec::with_capacity(cases.len());
                            let passed =
                                screen_calls::<P>(&*solve, &cases, Some(limit), &mut run_ms, |i| {
                                    if let Ok(mut at) = at_here.lock() {
                                        *at = (i, Instant::now());
                                    }
                                });
                            Done::Screened(passed, run_ms)
                        }
                    };
                    if done_tx.send(done).is_err() {
                        // The case timed out and its worker was given up.
                        break;
                    }
                }
            })?;
        Ok(Worker {
            jobs: job_tx,
            done: done_rx,
            at,
        })
    }
}

impl<P: crate::generation::Generate> TimedFn<P> {
    /// `solve`, each case given at most `limit`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use boardcheck::harness::candidate::Candidate;
    /// use boardcheck::unit::TimedFn;
    /// use boardcheck::problems::flank_row::FlankRow;
    /// let slow = TimedFn::<FlankRow>::new(
    ///     |case| { std::thread::sleep(Duration::from_secs(1)); case.row.clone() },
    ///     Duration::from_millis(50),
    /// );
    /// let case = boardcheck::harness::check::generate::<FlankRow>(1, 5);
    /// let ran = Candidate::<FlankRow>::run(&slow, &[case]);
    /// assert!(ran.outcomes[0].output().is_empty());
    /// ```
    pub fn new(
        solve: impl Fn(&P::Case) -> P::Answer + Send + Sync + 'static,
        limit: Duration,
    ) -> Self {
        TimedFn {
            solve: Arc::new(solve),
            limit,
            idle: Mutex::new(Vec::new()),
        }
    }

    /// An idle worker, or a new one.
    fn worker(&self) -> std::io::Result<Worker<P>> {
        let idle = self.idle.lock().map(|mut w| w.pop()).unwrap_or(None);
        idle.map_or_else(|| Worker::start(self.solve.clone(), self.limit), Ok)
    }

    fn one(&self, case: &P::Case) -> Outcome<P::Answer> {
        let worker = match self.worker() {
            Ok(worker) => worker,
            Err(e) => {
                return Outcome::Crashed {
                    output: String::new(),
                    detail: format!("could not start a thread for the function: {e}"),
                };
            }
        };
        let answer = match worker.jobs.send(Job::One(case.clone())) {
            Ok(()) => match worker.done.recv_timeout(self.limit) {
                Ok(Done::One(answer)) => Ok(answer),
                Ok(Done::Screened(..)) => Err(mpsc::RecvTimeoutError::Disconnected),
                Err(e) => Err(e),
            },
            Err(_) => Err(mpsc::RecvTimeoutError::Disconnected),
        };
        match answer {
            Ok(Ok(answer)) => {
                if let Ok(mut idle) = self.idle.lock() {
                    idle.push(worker);
                }
                Outcome::Answered {
                    output: answer_text::<P>(&answer),
                    answer,
                    note: String::new(),
                }
            }
            Ok(Err(message)) => {
                if let Ok(mut idle) = self.idle.lock() {
                    idle.push(worker);
                }
                Outcome::Crashed {
                    output: String::new(),
                    detail: format!("panicked: {message}"),
                }
            }
            // The worker is dropped: its thread ends after this case.
            Err(mpsc::RecvTimeoutError::Timeout) => Outcome::TimedOut {
                output: String::new(),
                detail: format!("no answer within {:?} (the time limit)", self.limit),
                starved: false,
            },
            Err(mpsc::RecvTimeoutError::Disconnected) => Outcome::Crashed {
                output: String::new(),
                detail: "the function's thread ended without answering".into(),
            },
        }
    }
}

impl<P: crate::generation::Generate> Candidate<P> for TimedFn<P> {
    fn run(&self, cases: &[P::Case]) -> Ran<P::Answer> {
        let outcomes: Vec<_> = cases.iter().map(|c| self.one(c)).collect();
        let output = outcomes.iter().map(|o| o.output().to_string()).collect();
        Ran { outcomes, output }
    }

    fn time_limit(&self) -> Option<Duration> {
        Some(self.limit)
    }

    fn screens(&self) -> bool {
        true
    }

    /// The cases are screened on a worker, one message for them all; a
    /// watchdog here stops at a case that has run past the time limit (its
    /// worker given up, as with a time-out), which the full run then times.
    fn screen(&self, cases: &[P::Case], run_ms: &mut Vec<f64>) -> usize {
        let Ok(worker) = self.worker() else { return 0 };
        if let Ok(mut at) = worker.at.lock() {
            *at = (0, Instant::now());
        }
        if worker.jobs.send(Job::Screen(cases.to_vec())).is_err() {
            return 0;
        }
        loop {
            let (i, started) = worker.at.lock().map_or((0, Instant::now()), |at| *at);
            let left = (started + self.limit).saturating_duration_since(Instant::now());
            match worker.done.recv_timeout(left + Duration::from_millis(1)) {
                Ok(Done::Screened(passed, ms)) => {
                    run_ms.extend(ms);
                    if let Ok(mut idle) = self.idle.lock() {
                        idle.push(worker);
                    }
                    return passed;
                }
                Ok(Done::One(_)) | Err(mpsc::RecvTimeoutError::Disconnected) => return 0,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let (now_at, now_started) = worker.at.lock().map_or((i, started), |at| *at);
                    if (now_at, now_started) == (i, started) && started.elapsed() > self.limit {
                        // The worker is dropped: its thread ends after this
                        // case. The cases before it passed (their times are
                        // lost with it).
                        return i;
                    }
                }
            }
        }
    }
}

/// A check of a Rust function, built up and then run by [`Check::assert`]
/// (or [`Check::report`]); see the [module](self) for its defaults.
///
/// ```
/// use boardcheck::prelude::*;
/// use boardcheck::problems::reversi_move::{Board, Case, ReversiMove};
///
/// // A move that flips nothing: caught on 8x8 boards.
/// let lazy = |case: &Case| {
///     let mut board = case.board.clone();
///     if board.get(case.row, case.col) == 0 {
///         board.set(case.row, case.col, case.player);
///     }
///     board
/// };
/// let report = Check::<ReversiMove>::function(lazy).shape(8, 8).seed(1).keep_failures(false).report();
/// assert_eq!(report.failure.unwrap().verdict, Verdict::WrongAnswer);
/// ```
pub struct Check<P: Suite> {
    solve: Arc<Solve<P>>,
    config: CheckConfig,
    seed: Option<u64>,
    /// `None`: no time limit, the function called on the check's thread.
    time_limit: Option<Duration>,
    keep: bool,
    name: Option<String>,
    caller: &'static std::panic::Location<'static>,
    /// When the check was made: its time to the first failure counts from
    /// here, its own set-up included.
    made: Instant,
}

impl<P: Suite> Check<P> {
    /// A check of `solve` with the unit-test defaults.
    #[track_caller]
    pub fn function(solve: impl Fn(&P::Case) -> P::Answer + Send + Sync + 'static) -> Self {
        let made = Instant::now();
        Check {
            solve: Arc::new(solve),
            config: CheckConfig {
                cases: UNIT_CASES,
                jobs: 1,
                limits: LimitsMode::Off,
                properties: PropertiesMode::Off,
                // A run is a function call: time, not runs, bounds shrinking.
                max_shrink_runs: 10_000_000,
                max_shrink_time: Duration::from_secs(20),
                ..CheckConfig::default()
            },
            seed: None,
            time_limit: Some(UNIT_TIME_LIMIT),
            keep: true,
            name: None,
            caller: std::panic::Location::caller(),
            made,
        }
    }

    /// The one board shape the function plays, `rows` × `cols` (e.g. an
    /// 8×8 engine): every case is of this shape.
    ///
    /// Panics if the problem has no shapes or none of this kind (a row
    /// problem takes `1 × n`, a square one `n × n`).
    pub fn shape(mut self, rows: usize, cols: usize) -> Self {
        let Some(shapes) = P::extras().shapes else {
            panic!("{} has no board shapes to choose from", P::NAME)
        };
        let fits = match shapes.kind {
            ShapeKind::Row => rows == 1,
            ShapeKind::Square => rows == cols,
            ShapeKind::Rect => true,
        };
        assert!(
            fits && rows >= 1 && cols >= 1,
            "{}: no {rows}x{cols} boards ({:?} shapes only)",
            P::NAME,
            shapes.kind
        );
        self.config.shape = Some(Shape { rows, cols });
        self
    }

    /// The largest case the function plays, in the problem's unit.
    pub fn size(mut self, size: usize) -> Self {
        self.config.size = Some(size);
        self
    }

    /// How many random cases to run.
    pub fn cases(mut self, cases: u64) -> Self {
        self.config.cases = cases;
        self
    }

    /// A fixed seed (else `BOARDCHECK_SEED`, else a random one).
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// The time limit of one case.
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// No time limit: for code you trust to return. Each case is a plain
    /// call on the check's own thread (no worker thread, no hand-over per
    /// case), so a case costs little more than the call and the oracle's;
    /// a case that never returns hangs the check.
    ///
    /// ```
    /// use boardcheck::prelude::*;
    /// use boardcheck::problems::flank_row::{FlankRow, Case};
    /// Check::<FlankRow>::function(|case: &Case| FlankRow::engine(case))
    ///     .without_time_limit()
    ///     .cases(50)
    ///     .assert();
    /// ```
    pub fn without_time_limit(mut self) -> Self {
        self.time_limit = None;
        self
    }

    /// Whether failures are kept in `proptest-regressions/` and replayed
    /// (on by default).
    pub fn keep_failures(mut self, keep: bool) -> Self {
        self.keep = keep;
        self
    }

    /// The test's name for its file in `proptest-regressions/` (by default
    /// the test thread's name, else the caller's line).
    pub fn named(mut self, name: &str) -> Self {
        self.name = Some(name.to_string());
        self
    }

    /// The file this test keeps its failures in.
    fn regressions(&self) -> PathBuf {
        let root = std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| ".".into(), PathBuf::from);
        let file = std::path::Path::new(self.caller.file())
            .file_stem()
            .map_or_else(|| "test".into(), |s| s.to_string_lossy().into_owned());
        let test = self
            .name
            .clone()
            .unwrap_or_else(|| match std::thread::current().name() {
                Some(name) if name != "main" => {
                    name.rsplit("::").next().unwrap_or(name).to_string()
                }
                _ => format!("line-{}", self.caller.line()),
            });
        let safe = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                        c
                    } else {
                        '-'
                    }
                })
                .collect()
        };
        root.join("proptest-regressions")
            .join(safe(&file))
            .join(format!("{}.toml", safe(&test)))
    }

    /// Runs the check: the kept failures first, then the random cases; the
    /// report, its failures kept for the next run.
    pub fn report(mut self) -> Report {
        self.config.seed = self.seed.unwrap_or_else(seed_from_environment);
        let path = self.regressions();
        if self.keep {
            // A file that does not read is not replayed; it is rewritten
            // with the next failure.
            self.config
                .given
                .extend(casefile::load(&path).unwrap_or_default());
            self.config.given_origin = Origin::Replayed;
        }
        let report = match self.time_limit {
            Some(limit) => {
                let candidate = TimedFn::<P> {
                    solve: self.solve.clone(),
                    limit,
                    idle: Mutex::new(Vec::new()),
                };
                check_since(&candidate, &self.config, self.made)
            }
            None => {
                let solve = self.solve.clone();
                let candidate = FnCandidate::<P, _>::new(move |case: &P::Case| solve(case));
                check_since(&candidate, &self.config, self.made)
            }
        };
        if self.keep {
            for failure in &report.failures {
                if let Some(parent) = path.parent() {
                    let _ = std::fs::create_dir_all(parent);
                }
                let entry = Entry {
                    name: format!("{} seed {}: {}", P::NAME, report.seed, failure.verdict),
                    input: failure.input.clone(),
                    output: Some(failure.expected.clone()),
                    ..Entry::default()
                };
                if let Err(e) = casefile::append(&path, entry) {
                    eprintln!("boardcheck: could not keep the failure: {e}");
                }
            }
        }
        report
    }

    /// Runs the check and panics with the report unless it passes: the
    /// seed, the shrunk input, expected and got, and how to repeat it.
    #[track_caller]
    pub fn assert(self) {
        let path = self.regressions();
        let keep = self.keep;
        let report = self.report();
        if report.status != Status::Pass {
            let repeat = format!("{SEED_VARIABLE}={} cargo test", report.seed);
            let kept = if keep {
                format!("kept in {} (replayed first next time)\n", path.display())
            } else {
                String::new()
            };
            panic!("boardcheck: {}\n{kept}", report.render(&repeat));
        }
    }
}

/// Asserts that `solve` answers every case of `P` as the reference does,
/// with the unit-test defaults of [`Check`].
///
/// ```
/// use boardcheck::prelude::*;
/// use boardcheck::problems::flank_row::FlankRow;
/// assert_solves::<FlankRow>(FlankRow::engine);
/// ```
#[track_caller]
pub fn assert_solves<P: Suite>(solve: impl Fn(&P::Case) -> P::Answer + Send + Sync + 'static) {
    Check::<P>::function(solve).assert()
}

/// The seed in `BOARDCHECK_SEED`, else a random one.
fn seed_from_environment() -> u64 {
    if let Some(seed) = std::env::var(SEED_VARIABLE)
        .ok()
        .and_then(|s| s.trim().parse().ok())
    {
        return seed;
    }
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    // Seeds people type: kept below a million.
    hasher.finish() % 1_000_000
}
