//! The checker: generate cases from a seed, run the candidate on them in
//! parallel, compare with the oracle's answers, and shrink the first
//! failure.
//!
//! A reported failure is always a claim about one run: the printed input,
//! fed exactly as printed, failed. Batches of the multi-case form are only a
//! fast pre-filter. A failing batch is narrowed to a case that fails alone
//! (its flagged cases first, then by splitting the batch, delta-debugging
//! style); every shrinking step is judged on lone runs; and a failure that
//! needs several cases in one process is reported as that, with the
//! smallest batch that still fails.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use super::candidate::{Candidate, Outcome, Ran};
use super::report::{AtLimits, Failure, GivenSummary, LimitCase, Report, Shrink};
use super::verdict::{Origin, Status, Verdict};
use crate::generation::{Generate, Reference, clamp_size, reference};
use crate::problem::{Problem, answer_text, case_text};

/// Called with (cases done, cases in all) as a check goes on.
pub type Progress = Arc<dyn Fn(u64, u64) + Send + Sync>;
/// Called with the smallest confirmed failure so far, while shrinking.
pub type OnFailure = Arc<dyn Fn(&Failure) + Send + Sync>;

/// Inputs given to a check besides the generated ones: saved failures
/// (`--replay`) or test vectors (`--vectors`), each one input as text.
#[derive(Clone, Debug)]
pub struct Given {
    /// Its name in the file.
    pub name: String,
    /// The input text.
    pub input: String,
    /// Whether the text is in the multi-case form.
    pub multi: bool,
}

/// How a check runs.
#[derive(Clone)]
pub struct CheckConfig {
    /// How many generated cases to run.
    pub cases: u64,
    /// The seed of the generated cases.
    pub seed: u64,
    /// Upper bound on generated board size (`None`: the problem's default).
    pub size: Option<usize>,
    /// Candidate runs at once.
    pub jobs: usize,
    /// Most candidate runs spent shrinking a failure.
    pub max_shrink_runs: usize,
    /// Most candidate runs spent shrinking a time-out (each costs a full
    /// time limit).
    pub max_tle_shrink_runs: usize,
    /// Most wall time spent shrinking.
    pub max_shrink_time: Duration,
    /// Told how far the check is, e.g. to draw a progress bar.
    pub progress: Option<Progress>,
    /// Told of every smaller confirmed failure while shrinking (for a
    /// progress line, and so an interrupted run can still print one).
    pub on_failure: Option<OnFailure>,
    /// Inputs to run before the generated ones, with where they come from.
    pub given: Vec<Given>,
    /// Where the given inputs come from.
    pub given_origin: Origin,
    /// Whether to run the worst-case patterns at the contract's limits.
    pub limits: LimitsMode,
    /// Only this pattern in the limits phase.
    pub pattern: Option<String>,
    /// Instead of generated cases, every case of up to this many cells.
    pub exhaustive: Option<usize>,
    /// Given inputs left out before the check, and why (e.g. error vectors).
    pub given_skipped: Vec<String>,
}

impl Default for CheckConfig {
    fn default() -> Self {
        CheckConfig {
            cases: 1000,
            seed: 0,
            size: None,
            jobs: std::thread::available_parallelism().map_or(2, |n| n.get()),
            max_shrink_runs: 2000,
            max_tle_shrink_runs: 8,
            max_shrink_time: Duration::from_secs(60),
            progress: None,
            on_failure: None,
            given: Vec::new(),
            given_origin: Origin::Replayed,
            given_skipped: Vec::new(),
            limits: LimitsMode::On,
            pattern: None,
            exhaustive: None,
        }
    }
}

/// A candidate's outcome on one case, judged against the oracle.
#[derive(Clone, Debug)]
pub struct Judged {
    /// The verdict.
    pub verdict: Verdict,
    /// The oracle's answer as text.
    pub expected: String,
    /// What the candidate wrote for this case.
    pub got: String,
    /// Exit status, parse error, limit, etc.
    pub detail: String,
    /// Which solver gave `expected`.
    pub reference: Reference,
}

/// Judges `outcome` against the reference answer to `case`.
pub fn judge<P: Generate>(case: &P::Case, outcome: Outcome<P::Answer>) -> Judged {
    let (want, reference) = reference::<P>(case);
    let expected = answer_text::<P>(&want);
    let (verdict, got, detail) = match outcome {
        Outcome::Answered { answer, output } if answer == want => {
            (Verdict::Ok, output, String::new())
        }
        Outcome::Answered { output, .. } => (Verdict::WrongAnswer, output, String::new()),
        Outcome::Unreadable { output, error } => (Verdict::Presentation, output, error),
        Outcome::Crashed { output, detail } => (Verdict::RuntimeError, output, detail),
        Outcome::TimedOut { output, detail } => (Verdict::TimeLimit, output, detail),
        Outcome::OutOfMemory { output, detail } => (Verdict::MemoryLimit, output, detail),
        Outcome::OutputLimit { output, detail } => (Verdict::OutputLimit, output, detail),
    };
    Judged {
        verdict,
        expected,
        got,
        detail,
        reference,
    }
}

/// A deterministic random source for `seed`.
pub fn seeded_rng(seed: u64) -> TestRng {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    TestRng::from_seed(RngAlgorithm::ChaCha, &bytes)
}

/// A deterministic proptest runner for `seed`.
pub fn seeded_runner(seed: u64) -> TestRunner {
    TestRunner::new_with_rng(Config::default(), seeded_rng(seed))
}

/// One case generated from `seed` (what `boardcheck gen` prints).
pub fn generate<P: Generate>(seed: u64, size: usize) -> P::Case {
    let mut runner = seeded_runner(seed);
    P::cases(size)
        .new_tree(&mut runner)
        .expect("strategies here never reject")
        .current()
}

/// Runs each of `batches` once, `jobs` runs at a time; the runs in order.
fn run_batches<P: Generate>(
    candidate: &dyn Candidate<P>,
    batches: &[&[P::Case]],
    jobs: usize,
) -> Vec<Ran<P::Answer>> {
    let results: Vec<Mutex<Option<Ran<P::Answer>>>> =
        batches.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, batches.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let b = next.fetch_add(1, Ordering::Relaxed);
                    let Some(batch) = batches.get(b) else { break };
                    *results[b].lock().unwrap() = Some(candidate.run(batch));
                }
            });
        }
    });
    results
        .into_iter()
        .map(|m| m.into_inner().unwrap().expect("every batch ran"))
        .collect()
}

/// Each case alone, `jobs` runs at a time: the judgements in order.
fn run_alone<P: Generate>(
    candidate: &dyn Candidate<P>,
    cases: &[P::Case],
    jobs: usize,
) -> Vec<Judged> {
    let batches: Vec<&[P::Case]> = cases.chunks(1).collect();
    run_batches(candidate, &batches, jobs)
        .into_iter()
        .zip(cases)
        .map(|(ran, case)| judge::<P>(case, ran.outcomes.into_iter().next().expect("one")))
        .collect()
}

/// One batch run, judged case by case.
fn judge_run<P: Generate>(cases: &[P::Case], ran: Ran<P::Answer>) -> Vec<Judged> {
    ran.outcomes
        .into_iter()
        .zip(cases)
        .map(|(o, c)| judge::<P>(c, o))
        .collect()
}

/// The shrinking budget of one failure and what has been spent.
struct Budget {
    runs: usize,
    max_runs: usize,
    deadline: Instant,
    why_stopped: Option<String>,
}

impl Budget {
    fn new(config: &CheckConfig, verdict: Verdict) -> Self {
        let max_runs = if verdict == Verdict::TimeLimit {
            config.max_shrink_runs.min(config.max_tle_shrink_runs)
        } else {
            config.max_shrink_runs
        };
        Budget {
            runs: 0,
            max_runs,
            deadline: Instant::now() + config.max_shrink_time,
            why_stopped: None,
        }
    }

    /// True while runs may be spent; records why not once it says no.
    fn open(&mut self, verdict: Verdict) -> bool {
        if self.why_stopped.is_some() {
            return false;
        }
        if self.runs >= self.max_runs {
            self.why_stopped = Some(if verdict == Verdict::TimeLimit {
                format!(
                    "time-outs shrink with at most {} runs, each a full time limit (--max-tle-shrink-runs)",
                    self.max_runs
                )
            } else {
                format!(
                    "the budget of {} runs is spent (--max-shrink-runs)",
                    self.max_runs
                )
            });
        } else if Instant::now() >= self.deadline {
            self.why_stopped = Some("the shrinking time is up (--shrink-seconds)".into());
        }
        self.why_stopped.is_none()
    }
}

/// What shrinking one failure came to.
struct Shrunk<P: Problem> {
    case: P::Case,
    judged: Judged,
    steps: u64,
    runs: usize,
    why_stopped: Option<String>,
}

/// The checker's state for one failure: lone runs, cached by input.
struct Shrinker<'a, P: Generate> {
    candidate: &'a dyn Candidate<P>,
    config: &'a CheckConfig,
    jobs: usize,
    cache: HashMap<String, Judged>,
    budget: Budget,
    best: (P::Case, Judged),
    steps: u64,
    origin: Origin,
}

impl<'a, P: Generate> Shrinker<'a, P> {
    /// Judges `cases` on lone runs (cached), `jobs` at a time, within budget;
    /// `None` for those the budget left unrun.
    fn alone(&mut self, cases: &[P::Case]) -> Vec<Option<Judged>> {
        let texts: Vec<String> = cases.iter().map(case_text::<P>).collect();
        let mut fresh: Vec<usize> = Vec::new();
        for (i, text) in texts.iter().enumerate() {
            if !self.cache.contains_key(text) && !fresh.iter().any(|&j| texts[j] == *text) {
                fresh.push(i);
            }
        }
        let room = self.budget.max_runs.saturating_sub(self.budget.runs);
        fresh.truncate(room);
        if !fresh.is_empty() && self.budget.open(self.best.1.verdict) {
            let to_run: Vec<P::Case> = fresh.iter().map(|&i| cases[i].clone()).collect();
            self.budget.runs += to_run.len();
            for (&i, judged) in fresh
                .iter()
                .zip(run_alone(self.candidate, &to_run, self.jobs))
            {
                self.cache.insert(texts[i].clone(), judged);
            }
        }
        texts.iter().map(|t| self.cache.get(t).cloned()).collect()
    }

    /// Accepts `case` as the new smallest failure if it failed with the same verdict.
    fn accept(&mut self, case: &P::Case, judged: &Judged) -> bool {
        if judged.verdict != self.best.1.verdict || *case == self.best.0 {
            return false;
        }
        self.best = (case.clone(), judged.clone());
        self.steps += 1;
        if let Some(tell) = &self.config.on_failure {
            tell(&self.failure_so_far());
        }
        true
    }

    fn failure_so_far(&self) -> Failure {
        let shrink = Shrink::Stopped("interrupted while shrinking".into());
        failure::<P>(
            self.candidate,
            &self.best.0,
            self.best.1.clone(),
            (self.steps, self.budget.runs, shrink),
            self.origin,
        )
    }

    /// Proptest's simplify/complicate search from `tree`, then greedy
    /// [`Generate::simpler`] steps, each judged on lone runs.
    fn shrink(mut self, tree: Option<&mut dyn ValueTree<Value = P::Case>>) -> Shrunk<P> {
        let verdict = self.best.1.verdict;
        if let Some(tell) = &self.config.on_failure {
            tell(&self.failure_so_far());
        }
        if let Some(tree) = tree {
            let mut more = tree.simplify();
            while more && self.budget.open(verdict) {
                let case = tree.current();
                more = match self.alone(std::slice::from_ref(&case)).remove(0) {
                    Some(judged) if self.accept(&case, &judged) || judged.verdict == verdict => {
                        tree.simplify()
                    }
                    Some(_) => tree.complicate(),
                    None => false,
                };
            }
        }
        // Greedy steps, `jobs` lone runs at a time; with a batch-taking
        // candidate a group is first run as one batch to skip the cases
        // that pass.
        let width = self.jobs.max(1);
        let group_size = self.candidate.batch_size().clamp(width, 64);
        'step: while self.budget.open(verdict) {
            let mut options = P::simpler(&self.best.0);
            loop {
                let group: Vec<P::Case> = options.by_ref().take(group_size).collect();
                if group.is_empty() {
                    break 'step;
                }
                let flagged: Vec<P::Case> = if self.candidate.batch_size() > 1 && group.len() > 1 {
                    if !self.budget.open(verdict) {
                        break 'step;
                    }
                    self.budget.runs += 1;
                    let ran = run_batches(self.candidate, &[&group], 1).remove(0);
                    let judged = judge_run::<P>(&group, ran);
                    suspects(&judged)
                        .into_iter()
                        .map(|i| group[i].clone())
                        .collect()
                } else {
                    group
                };
                for part in flagged.chunks(width) {
                    let judged = self.alone(part);
                    for (case, judged) in part.iter().zip(judged) {
                        match judged {
                            Some(j) if self.accept(case, &j) => continue 'step,
                            Some(_) => {}
                            None => break 'step,
                        }
                    }
                }
            }
        }
        let (case, judged) = self.best;
        Shrunk {
            case,
            judged,
            steps: self.steps,
            runs: self.budget.runs,
            why_stopped: self.budget.why_stopped,
        }
    }
}

/// Replaces `case` by the first of [`Generate::simpler`] that still fails,
/// until none does. `first_failing` judges up to `width` simpler cases at
/// once and names the first that fails. Returns the last failing case and
/// the number of steps taken.
pub fn simplify_greedily<P: Generate>(
    mut case: P::Case,
    width: usize,
    mut first_failing: impl FnMut(&[P::Case]) -> Option<usize>,
) -> (P::Case, u64) {
    let mut steps = 0;
    'step: loop {
        let mut options = P::simpler(&case);
        loop {
            let group: Vec<P::Case> = options.by_ref().take(width.max(1)).collect();
            if group.is_empty() {
                return (case, steps);
            }
            if let Some(i) = first_failing(&group) {
                case = group[i].clone();
                steps += 1;
                continue 'step;
            }
        }
    }
}

fn failure<P: Generate>(
    candidate: &dyn Candidate<P>,
    case: &P::Case,
    judged: Judged,
    (steps, runs, shrink): (u64, usize, Shrink),
    origin: Origin,
) -> Failure {
    Failure {
        verdict: judged.verdict,
        input: candidate.input_text(std::slice::from_ref(case)),
        expected: judged.expected,
        got: judged.got,
        shrink_steps: steps,
        shrink_runs: runs as u64,
        shrink,
        detail: judged.detail,
        reference: judged.reference,
        size: P::size_of(case),
        origin,
        at_limits: None,
    }
}

/// The cases of a batch to try alone, most likely culprit first: the first
/// case judged wrong, then the one before it (an answer with a line too
/// many is read as right and shifts the blame to the next case), then the
/// other cases judged wrong.
fn suspects(judged: &[Judged]) -> Vec<usize> {
    let wrong: Vec<usize> = (0..judged.len())
        .filter(|&i| judged[i].verdict != Verdict::Ok)
        .collect();
    let Some(&first) = wrong.first() else {
        return wrong;
    };
    let mut order = vec![first];
    order.extend(first.checked_sub(1));
    order.extend(wrong.iter().skip(1));
    order
}

/// Smallest sub-list of `cases` (keeping their order) for which `fails`
/// holds, by delta debugging: halves, then finer parts and their
/// complements. `fails(cases)` must hold on entry.
fn ddmin<C: Clone>(mut cases: Vec<C>, mut fails: impl FnMut(&[C]) -> Option<bool>) -> Vec<C> {
    let mut parts = 2;
    while cases.len() >= 2 {
        let size = cases.len().div_ceil(parts);
        let chunks: Vec<Vec<C>> = cases.chunks(size).map(<[C]>::to_vec).collect();
        let mut next = None;
        for chunk in &chunks {
            match fails(chunk) {
                Some(true) => {
                    next = Some((chunk.clone(), 2));
                    break;
                }
                Some(false) => {}
                None => return cases,
            }
        }
        if next.is_none() && chunks.len() > 2 {
            for skip in 0..chunks.len() {
                let rest: Vec<C> = chunks
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| *k != skip)
                    .flat_map(|(_, c)| c.iter().cloned())
                    .collect();
                match fails(&rest) {
                    Some(true) => {
                        next = Some((rest, (chunks.len() - 1).max(2)));
                        break;
                    }
                    Some(false) => {}
                    None => return cases,
                }
            }
        }
        match next {
            Some((smaller, p)) => {
                cases = smaller;
                parts = p;
            }
            None if parts >= cases.len() => break,
            None => parts = (parts * 2).min(cases.len()),
        }
    }
    cases
}

/// A batch that failed, with its run.
type FailingBatch<P> = (Vec<<P as Problem>::Case>, Ran<<P as Problem>::Answer>);

/// Everything [`check`] needs to report a failure found in a run.
struct Checker<'a, P: Generate> {
    candidate: &'a dyn Candidate<P>,
    config: &'a CheckConfig,
    jobs: usize,
}

impl<P: Generate> Checker<'_, P> {
    fn shrinker(&self, case: P::Case, judged: Judged, origin: Origin) -> Shrinker<'_, P> {
        Shrinker {
            candidate: self.candidate,
            config: self.config,
            jobs: self.jobs,
            cache: HashMap::from([(case_text::<P>(&case), judged.clone())]),
            budget: Budget::new(self.config, judged.verdict),
            best: (case, judged),
            steps: 0,
            origin,
        }
    }

    /// The failure a failing `batch` (judged `judged`) comes to: a case that
    /// fails alone, shrunk (if `trees` are given); else the smallest batch
    /// that still fails.
    fn investigate(
        &self,
        batch: &[P::Case],
        judged: Vec<Judged>,
        mut trees: Option<&mut [Box<dyn ValueTree<Value = P::Case>>]>,
        origin: Origin,
    ) -> Failure {
        let flagged = suspects(&judged);
        // A lone run is the detection itself when the candidate takes one
        // case a run; otherwise try the flagged cases alone, a few at once.
        let lone: Option<(usize, Judged)> = if self.candidate.batch_size() == 1 {
            flagged.first().map(|&i| (i, judged[i].clone()))
        } else {
            let first: Vec<usize> = flagged.iter().copied().take(self.jobs.max(1) * 2).collect();
            let cases: Vec<P::Case> = first.iter().map(|&i| batch[i].clone()).collect();
            first
                .into_iter()
                .zip(run_alone(self.candidate, &cases, self.jobs))
                .find(|(_, j)| j.verdict != Verdict::Ok)
        };
        if let Some((i, alone)) = lone {
            let tree = trees
                .as_mut()
                .map(|t| t[i].as_mut() as &mut dyn ValueTree<Value = P::Case>);
            return self.shrunk_failure(batch[i].clone(), alone, tree, origin);
        }
        // No flagged case fails alone: split the batch.
        let verdict = judged
            .iter()
            .map(|j| j.verdict)
            .find(|v| *v != Verdict::Ok)
            .unwrap_or(Verdict::WrongAnswer);
        let mut budget = Budget::new(self.config, verdict);
        // The last failing part and its run.
        let mut last: Option<FailingBatch<P>> = None;
        let smallest = ddmin(batch.to_vec(), |part| {
            if !budget.open(Verdict::WrongAnswer) {
                return None;
            }
            budget.runs += 1;
            let ran = run_batches(self.candidate, &[part], 1).remove(0);
            let fails = judge_run::<P>(part, ran.clone())
                .iter()
                .any(|j| j.verdict != Verdict::Ok);
            if fails {
                last = Some((part.to_vec(), ran));
            }
            Some(fails)
        });
        if smallest.len() == 1 {
            let alone = run_alone(self.candidate, &smallest, 1).remove(0);
            if alone.verdict != Verdict::Ok {
                return self.shrunk_failure(smallest[0].clone(), alone, None, origin);
            }
        }
        let (cases, ran) = match last {
            Some((cases, ran)) if cases == smallest => (cases, ran),
            _ => {
                let ran = run_batches(self.candidate, &[&smallest], 1).remove(0);
                (smallest, ran)
            }
        };
        let judged = judge_run::<P>(&cases, ran.clone());
        let worst = judged
            .iter()
            .find(|j| j.verdict != Verdict::Ok)
            .cloned()
            .unwrap_or_else(|| judged[0].clone());
        let why = if worst.verdict == Verdict::Ok {
            "the batch failed once but not when run again (a flaky candidate)".to_string()
        } else {
            format!(
                "fails only when these {} cases share one process; each passes alone",
                cases.len()
            )
        };
        Failure {
            verdict: worst.verdict,
            input: self.candidate.input_text(&cases),
            expected: cases
                .iter()
                .map(|c| answer_text::<P>(&reference::<P>(c).0))
                .collect(),
            got: ran.output,
            shrink_steps: 0,
            shrink_runs: budget.runs as u64,
            shrink: Shrink::Batch(why),
            detail: worst.detail,
            reference: worst.reference,
            size: crate::text::plural(cases.len(), "case"),
            origin: Origin::Batch,
            at_limits: None,
        }
    }

    fn shrunk_failure(
        &self,
        case: P::Case,
        judged: Judged,
        tree: Option<&mut dyn ValueTree<Value = P::Case>>,
        origin: Origin,
    ) -> Failure {
        if origin == Origin::Exhaustive {
            // Every case with fewer cells passed: minimal by construction.
            return failure::<P>(
                self.candidate,
                &case,
                judged,
                (0, 0, Shrink::Minimal),
                origin,
            );
        }
        if origin != Origin::Generated {
            // Given inputs are reported as they are: they are someone's case.
            let shrink = Shrink::Not(format!("a {origin} input is reported as given"));
            return failure::<P>(self.candidate, &case, judged, (0, 0, shrink), origin);
        }
        let shrunk = self.shrinker(case, judged, origin).shrink(tree);
        let shrink = match (shrunk.why_stopped, shrunk.steps) {
            (None, _) => Shrink::Minimal,
            (Some(why), 0) => Shrink::Not(why),
            (Some(why), _) => Shrink::Stopped(why),
        };
        failure::<P>(
            self.candidate,
            &shrunk.case,
            shrunk.judged,
            (shrunk.steps, shrunk.runs, shrink),
            origin,
        )
    }

    /// Runs `cases` in batches; the first failing batch's failure, if any,
    /// and how many cases ran up to and including it.
    fn run(
        &self,
        cases: &[P::Case],
        trees: Option<&mut [Box<dyn ValueTree<Value = P::Case>>]>,
        origin: Origin,
    ) -> Result<u64, Box<(u64, Failure)>> {
        let size = self.candidate.batch_size();
        let batches: Vec<&[P::Case]> = cases.chunks(size).collect();
        let runs = run_batches(self.candidate, &batches, self.jobs);
        for (b, (batch, ran)) in batches.iter().zip(runs).enumerate() {
            let judged = judge_run::<P>(batch, ran);
            if let Some(i) = judged.iter().position(|j| j.verdict != Verdict::Ok) {
                let start = b * size;
                let trees = trees.map(|t| &mut t[start..start + batch.len()]);
                let failure = self.investigate(batch, judged, trees, origin);
                return Err(Box::new(((start + i + 1) as u64, failure)));
            }
        }
        Ok(cases.len() as u64)
    }
}

/// Whether a check runs the limits phase: the problem's worst-case
/// patterns at sizes growing to the contract's maximum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitsMode {
    /// Small cases only.
    Off,
    /// Small cases, then the limits (the default).
    On,
    /// The limits only.
    Only,
}

impl std::str::FromStr for LimitsMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "off" => Ok(LimitsMode::Off),
            "on" => Ok(LimitsMode::On),
            "only" => Ok(LimitsMode::Only),
            _ => Err(format!(
                "unknown limits mode {s:?} (expected on, off or only)"
            )),
        }
    }
}

/// The sizes a pattern runs at in the limits phase: growing by 8 up to
/// the contract's maximum.
pub fn limit_sizes<P: Generate>() -> Vec<usize> {
    let max = P::MAX_SIZE;
    let mut sizes: Vec<usize> = [max / 64, max / 8, max]
        .into_iter()
        .filter(|&s| s >= 1)
        .collect();
    sizes.dedup();
    sizes
}

/// Most runs spent finding the smallest failing size of a pattern.
const BISECTION_RUNS: usize = 12;

/// Cases whose text is at most this long are shrunk further after the
/// bisection; larger ones cost too much a run.
const SHRINK_TEXT_BYTES: usize = 1024;

impl<P: Generate> Checker<'_, P> {
    /// Every cell-bounded case in order, in batches; the first failure is
    /// minimal by construction.
    fn exhaustive(&self, max_cells: usize, report: &mut Report) -> Option<Failure> {
        let enumerate = P::extras().enumerate?;
        let mut all = enumerate(max_cells);
        let chunk = (self.jobs * self.candidate.batch_size() * 4).max(64);
        loop {
            let cases: Vec<P::Case> = all.by_ref().take(chunk).collect();
            if cases.is_empty() {
                return None;
            }
            match self.run(&cases, None, Origin::Exhaustive) {
                Ok(ran) => report.cases += ran,
                Err(found) => {
                    let (ran, failure) = *found;
                    report.cases += ran;
                    return Some(failure);
                }
            }
        }
    }

    /// `config.cases` generated cases; the first failure, shrunk.
    fn generated(&self, report: &mut Report) -> Option<Failure> {
        let config = self.config;
        let tell = |done: u64| {
            if let Some(progress) = &config.progress {
                progress(done, config.cases)
            }
        };
        let mut runner = seeded_runner(config.seed);
        let strategy = P::cases(clamp_size::<P>(config.size.unwrap_or(P::DEFAULT_SIZE)));
        let chunk = (self.jobs * self.candidate.batch_size() * 4).max(16);
        let mut done = 0u64;
        while done < config.cases {
            let n = chunk.min((config.cases - done) as usize);
            let mut trees: Vec<Box<dyn ValueTree<Value = P::Case>>> = (0..n)
                .map(|_| {
                    Box::new(
                        strategy
                            .new_tree(&mut runner)
                            .expect("strategies here never reject"),
                    ) as Box<dyn ValueTree<Value = P::Case>>
                })
                .collect();
            let cases: Vec<P::Case> = trees.iter().map(|t| t.current()).collect();
            match self.run(&cases, Some(&mut trees), Origin::Generated) {
                Ok(ran) => {
                    done += ran;
                    tell(done);
                }
                Err(found) => {
                    let (ran, failure) = *found;
                    tell(config.cases);
                    report.cases += done + ran;
                    return Some(failure);
                }
            }
        }
        report.cases += done;
        None
    }

    /// One lone run of `case`, judged, and its wall time.
    fn timed(&self, case: &P::Case) -> (Judged, Duration) {
        let started = Instant::now();
        let ran = self.candidate.run(std::slice::from_ref(case));
        let took = started.elapsed();
        let outcome = ran.outcomes.into_iter().next().expect("one outcome");
        (judge::<P>(case, outcome), took)
    }

    /// Every pattern (or `config.pattern`) at [`limit_sizes`], each run
    /// alone and timed; the first failure, narrowed to the smallest failing
    /// size of its pattern.
    fn limits(&self, report: &mut Report) -> Option<Failure> {
        let extras = P::extras();
        let chosen = extras
            .patterns
            .iter()
            .filter(|p| self.config.pattern.as_deref().is_none_or(|n| n == p.name));
        for pattern in chosen {
            let mut passes_at = None;
            for size in limit_sizes::<P>() {
                let case = (pattern.build)(size);
                let (judged, took) = self.timed(&case);
                report.cases += 1;
                report.limits.push(LimitCase {
                    pattern: pattern.name.to_string(),
                    size,
                    verdict: judged.verdict,
                    seconds: took.as_secs_f64(),
                    reference: judged.reference,
                });
                if judged.verdict != Verdict::Ok {
                    return Some(self.narrow(
                        pattern.name,
                        pattern.build,
                        passes_at,
                        size,
                        case,
                        judged,
                    ));
                }
                passes_at = Some(size);
            }
        }
        None
    }

    /// The smallest size of a pattern that still fails the same way, by
    /// bisection between the last passing size and the failing one; then,
    /// if the case is small, the usual simpler steps.
    fn narrow(
        &self,
        name: &str,
        build: fn(usize) -> P::Case,
        passes_at: Option<usize>,
        size: usize,
        case: P::Case,
        judged: Judged,
    ) -> Failure {
        let verdict = judged.verdict;
        let (mut lo, mut hi) = (passes_at.unwrap_or(0), size);
        let mut best = (case, judged);
        let mut runs = 0;
        // A time-out costs a full time limit per run.
        let most = if verdict == Verdict::TimeLimit {
            BISECTION_RUNS.min(self.config.max_tle_shrink_runs)
        } else {
            BISECTION_RUNS
        };
        while hi - lo > 1 && runs < most {
            let mid = lo + (hi - lo) / 2;
            let case = build(mid);
            let (judged, _) = self.timed(&case);
            runs += 1;
            if judged.verdict == verdict {
                hi = mid;
                best = (case, judged);
            } else {
                lo = mid;
            }
        }
        let at_limits = AtLimits {
            pattern: name.to_string(),
            fails_from: hi,
            passes_at: (lo > 0).then_some(lo),
            unit: P::SIZE_UNIT.to_string(),
        };
        let narrowed = if hi - lo > 1 {
            Shrink::Stopped(format!(
                "the bisection over sizes stopped after {runs} runs"
            ))
        } else {
            Shrink::Not(format!("the smallest failing size of pattern {name}"))
        };
        let mut failure = if case_text::<P>(&best.0).len() <= SHRINK_TEXT_BYTES {
            self.shrunk_failure(best.0, best.1, None, Origin::Generated)
        } else {
            failure::<P>(
                self.candidate,
                &best.0,
                best.1,
                (0, runs, narrowed),
                Origin::Limits,
            )
        };
        failure.origin = Origin::Limits;
        failure.at_limits = Some(at_limits);
        failure
    }
}

/// Checks `candidate` on `config.given`, then on `config.cases` generated
/// cases (or every case up to `config.exhaustive` cells), then at the
/// limits, stopping at the first failure, which it confirms alone and
/// shrinks.
pub fn check<P: Generate>(candidate: &dyn Candidate<P>, config: &CheckConfig) -> Report {
    let jobs = config.jobs.max(1);
    let checker = Checker {
        candidate,
        config,
        jobs,
    };
    let mut report = Report {
        problem: P::NAME.to_string(),
        seed: config.seed,
        status: Status::Pass,
        cases: 0,
        sandbox: candidate.sandbox(),
        given: None,
        limits: Vec::new(),
        failure: None,
    };
    let found = checker
        .given(&mut report)
        .or_else(|| match (config.limits, config.exhaustive) {
            (LimitsMode::Only, _) => None,
            (_, Some(max_cells)) => checker.exhaustive(max_cells, &mut report),
            (_, None) => checker.generated(&mut report),
        })
        .or_else(|| match config.limits {
            LimitsMode::Off => None,
            _ => checker.limits(&mut report),
        });
    if let Some(failure) = found {
        report.status = Status::Fail;
        report.failure = Some(failure);
    }
    report
}

impl<P: Generate> Checker<'_, P> {
    /// The given inputs (replayed or vectors); the first failure, as given.
    fn given(&self, report: &mut Report) -> Option<Failure> {
        let config = self.config;
        if config.given.is_empty() && config.given_skipped.is_empty() {
            return None;
        }
        let mut summary = GivenSummary {
            origin: config.given_origin,
            ran: 0,
            skipped: config.given_skipped.clone(),
        };
        let mut found = None;
        for given in &config.given {
            let cases = match crate::problem::read_input::<P>(&given.input, given.multi) {
                Ok(cases) => cases,
                Err(e) => {
                    summary
                        .skipped
                        .push(format!("{}: not a {} input ({e})", given.name, P::NAME));
                    continue;
                }
            };
            match self.run(&cases, None, config.given_origin) {
                Ok(n) => summary.ran += n,
                Err(failed) => {
                    let (n, failure) = *failed;
                    summary.ran += n;
                    found = Some(failure);
                    break;
                }
            }
        }
        report.cases += summary.ran;
        report.given = Some(summary);
        found
    }
}

#[cfg(test)]
mod tests {
    use super::ddmin;

    #[test]
    fn ddmin_finds_the_smallest_failing_pair() {
        // Fails when both 3 and 7 are present.
        let cases: Vec<u32> = (0..20).collect();
        let got = ddmin(cases, |c| Some(c.contains(&3) && c.contains(&7)));
        assert_eq!(got, vec![3, 7]);
    }

    #[test]
    fn ddmin_finds_a_single_culprit() {
        let got = ddmin((0..100).collect::<Vec<u32>>(), |c| Some(c.contains(&42)));
        assert_eq!(got, vec![42]);
    }
}
