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

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use proptest::strategy::{Strategy, ValueTree};

use super::batch::{ddmin, suspects};
use super::candidate::{Candidate, Ran};
use super::report::{Failure, GivenSummary, PhaseSeconds, Report, Shrink, Timings};
pub use super::run::{
    CheckConfig, Given, Judged, LimitsMode, OnFailure, Progress, PropertiesMode, Shard, generate,
    judge, seeded_rng, seeded_runner,
};
use super::run::{failure, judge_run, run_alone, run_batches, run_batches_timed};
pub use super::shrink::simplify_greedily;
use super::shrink::{Budget, Shrinker, Signature};
use super::verdict::{Origin, Status, Verdict};
use crate::generation::{Generate, reference};
pub use crate::limits::RUNS_PER_LAW;
use crate::problem::{Problem, answer_text, case_text};
use crate::suite::Suite;

/// The input text generated cases may add up to before they are run; past
/// it a chunk holds one case per job.
const HELD_TEXT: usize = 4 << 20;

/// A batch that failed, with its run.
type FailingBatch<P> = (Vec<<P as Problem>::Case>, Ran<<P as Problem>::Answer>);

/// Everything [`check`] needs to report a failure found in a run.
pub(super) struct Checker<'a, P: Generate> {
    pub(super) candidate: &'a dyn Candidate<P>,
    pub(super) config: &'a CheckConfig,
    pub(super) jobs: usize,
    /// Wall time of every run of the case phase, and of shrinking.
    pub(super) clock: Mutex<Clock>,
    /// The distinct failures found so far.
    pub(super) findings: Mutex<Findings>,
}

/// The distinct failures a check keeps, up to `--max-failures`.
#[derive(Default)]
pub(super) struct Findings {
    kept: Vec<Failure>,
    /// Failures whose shrunk case an earlier one explains.
    repeats: usize,
    /// Whether the first failure was tried on the domain's smallest input.
    start_up_checked: bool,
    /// Set when the candidate cannot run at all; the check stops.
    cannot_run: Option<String>,
}

/// What [`Checker`] times as it goes.
#[derive(Default)]
pub(super) struct Clock {
    run_ms: Vec<f64>,
    shrinking: Duration,
}

/// Whether `earlier` explains `later`: the same shrunk input, or the same
/// [`Signature`].
fn explains(earlier: &Failure, later: &Failure) -> bool {
    earlier.input == later.input || Signature::of(earlier) == Signature::of(later)
}

impl<P: Generate> Checker<'_, P> {
    fn shrinker(&self, case: P::Case, judged: Judged, origin: Origin) -> Shrinker<'_, P> {
        Shrinker {
            candidate: self.candidate,
            config: self.config,
            jobs: self.jobs,
            cache: HashMap::from([(case_text::<P>(&case), judged.clone())]),
            budget: Budget::new(self.config, judged.verdict),
            visited: HashSet::from([case_text::<P>(&case)]),
            best: (case, judged),
            steps: 0,
            origin,
            // A further failure must not shrink into one already kept:
            // its steps stay away from their inputs and signatures.
            avoid: self
                .findings
                .lock()
                .expect("findings")
                .kept
                .iter()
                .map(|f| (f.input.clone(), Signature::of(f)))
                .collect(),
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
            if !budget.open(verdict) {
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
            found_by: None,
        }
    }

    pub(super) fn shrunk_failure(
        &self,
        case: P::Case,
        judged: Judged,
        tree: Option<&mut dyn ValueTree<Value = P::Case>>,
        origin: Origin,
    ) -> Failure {
        let start = Instant::now();
        let found = self.shrunk_failure_untimed(case, judged, tree, origin);
        self.clock.lock().expect("clock").shrinking += start.elapsed();
        found
    }

    fn shrunk_failure_untimed(
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
        if self.cannot_run(&case, &judged) {
            let shrink = Shrink::Not("the candidate could not run at all".into());
            return failure::<P>(self.candidate, &case, judged, (0, 0, shrink), origin);
        }
        if !matches!(origin, Origin::Generated | Origin::Limits) {
            // Given inputs are reported as they are: they are someone's case.
            let shrink = Shrink::Not(format!("a {origin} input is reported as given"));
            return failure::<P>(self.candidate, &case, judged, (0, 0, shrink), origin);
        }
        let shrunk = self.shrinker(case, judged, origin).shrink(tree);
        let shrink = match (shrunk.why_stopped, shrunk.smallest) {
            (None, Ok(tried)) => Shrink::Smallest(tried),
            (None, Err(why)) => Shrink::Unproven(why),
            (Some(why), _) if shrunk.steps == 0 => Shrink::Not(why),
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

    /// Whether the candidate fails the way it failed on `case` (a crash
    /// with no output) on the domain's smallest input too, with the same
    /// exit status and stderr: then it cannot run at all (an import error,
    /// a missing file or function), which is the user's set-up, not a bug
    /// to shrink. Asked once, for the first failure; the answer is kept.
    fn cannot_run(&self, case: &P::Case, judged: &Judged) -> bool {
        let mut findings = self.findings.lock().expect("findings");
        if std::mem::replace(&mut findings.start_up_checked, true) {
            return findings.cannot_run.is_some();
        }
        if judged.verdict != Verdict::RuntimeError || !judged.got.trim().is_empty() {
            return false;
        }
        let smallest = smallest_case::<P>(&self.config.domain());
        if smallest == *case {
            return false;
        }
        let again = run_alone(self.candidate, std::slice::from_ref(&smallest), 1).remove(0);
        if again.verdict == judged.verdict
            && again.detail == judged.detail
            && again.got.trim().is_empty()
        {
            findings.cannot_run = Some(judged.detail.clone());
        }
        findings.cannot_run.is_some()
    }

    /// Whether the check has found all it may: `--max-failures` distinct
    /// failures, as many repeats of them, or a candidate that cannot run.
    pub(super) fn done(&self) -> bool {
        let f = self.findings.lock().expect("findings");
        let most = self.config.max_failures.max(1);
        f.cannot_run.is_some() || f.kept.len() >= most || f.repeats >= most
    }

    /// Keeps `failure` unless an earlier one explains it.
    pub(super) fn keep(&self, failure: Failure) {
        let mut f = self.findings.lock().expect("findings");
        if f.kept.iter().any(|k| explains(k, &failure)) {
            f.repeats += 1;
        } else {
            f.kept.push(failure);
        }
    }

    /// Runs `cases` in batches, keeping each failure and going on after it
    /// until [`Checker::done`]; how many cases ran.
    fn run_all(
        &self,
        cases: &[P::Case],
        mut trees: Option<&mut [Box<dyn ValueTree<Value = P::Case>>]>,
        origin: Origin,
    ) -> u64 {
        let mut start = 0;
        while start < cases.len() && !self.done() {
            let rest = trees.as_deref_mut().map(|t| &mut t[start..]);
            match self.run(&cases[start..], rest, origin) {
                Ok(ran) => return (start as u64) + ran,
                Err(found) => {
                    let (ran, failure) = *found;
                    self.keep(failure);
                    start += ran as usize;
                }
            }
        }
        start as u64
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
        let runs = run_batches_timed(self.candidate, &batches, self.jobs);
        let runs: Vec<Ran<P::Answer>> = {
            let mut clock = self.clock.lock().expect("clock");
            runs.into_iter()
                .map(|(ran, took)| {
                    clock.run_ms.push(took.as_secs_f64() * 1000.0);
                    ran
                })
                .collect()
        };
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

impl<P: Generate> Checker<'_, P> {
    /// Every cell-bounded case of the domain in order, in batches; the
    /// first failure is minimal by construction.
    fn exhaustive(&self, max_cells: usize, report: &mut Report) {
        let Some(enumerate) = P::extras().enumerate.map(|e| e.every) else {
            return;
        };
        let shard = self.config.shard.unwrap_or(Shard { index: 0, count: 1 });
        let domain = self.config.domain();
        let mut all = enumerate(max_cells)
            .filter(move |case| domain.contains::<P>(case))
            .enumerate()
            .filter(move |(k, _)| shard.takes(*k as u64))
            .map(|(_, case)| case);
        let chunk = (self.jobs * self.candidate.batch_size() * 4).max(64);
        while !self.done() {
            let cases: Vec<P::Case> = all.by_ref().take(chunk).collect();
            if cases.is_empty() {
                return;
            }
            report.cases += self.run_all(&cases, None, Origin::Exhaustive);
        }
    }

    /// `config.cases` generated cases; each failure shrunk.
    fn generated(&self, report: &mut Report) {
        let config = self.config;
        let tell = |done: u64| {
            if let Some(progress) = &config.progress {
                progress(done, config.cases)
            }
        };
        let mut runner = seeded_runner(config.seed);
        let strategy = config.domain().cases::<P>();
        let chunk = (self.jobs * self.candidate.batch_size() * 4).max(16);
        let mut done = 0u64;
        // With --shard, every case is still generated (the RNG stream is
        // the same for all shards) and only this shard's are run.
        let mut generated = 0u64;
        let shard = config.shard.unwrap_or(Shard { index: 0, count: 1 });
        while generated < config.cases && !self.done() {
            let mut trees: Vec<Box<dyn ValueTree<Value = P::Case>>> = Vec::with_capacity(chunk);
            // Big cases are held only a few at a time (one per job once
            // their text passes HELD_TEXT), so memory stays a small multiple
            // of one case however large `--size` is.
            let mut held = 0usize;
            while trees.len() < chunk
                && generated < config.cases
                && (held < HELD_TEXT || trees.len() < self.jobs)
            {
                let tree = strategy
                    .new_tree(&mut runner)
                    .expect("strategies here never reject");
                if shard.takes(generated) {
                    held += case_text::<P>(&tree.current()).len();
                    trees.push(Box::new(tree));
                }
                generated += 1;
            }
            if trees.is_empty() {
                break;
            }
            let cases: Vec<P::Case> = trees.iter().map(|t| t.current()).collect();
            done += self.run_all(&cases, Some(&mut trees), Origin::Generated);
            tell(done);
        }
        report.cases += done;
    }
}

/// The smallest input of `domain`: its random cases' strategy simplified
/// as far as it goes (what a set-up failure is tried on).
pub fn smallest_case<P: Generate>(domain: &crate::generation::Domain) -> P::Case {
    let mut tree = domain
        .cases::<P>()
        .new_tree(&mut seeded_runner(0))
        .expect("strategies here never reject");
    // Bounded, though every strategy here stops simplifying on its own.
    for _ in 0..100_000 {
        if !tree.simplify() {
            break;
        }
    }
    tree.current()
}

/// Checks `candidate` on `config.given`, then on `config.cases` generated
/// cases (or every case up to `config.exhaustive` cells), then the laws on
/// them with `PropertiesMode::All`, then at the limits (with the laws on
/// the largest case of each pattern), all inside the declared domain
/// (`config.size`, `config.shape`). Each failure is confirmed alone and
/// shrunk; the check goes on until it has `config.max_failures` distinct
/// ones. A candidate that fails the same way on the smallest input as on
/// the first failing one cannot run at all: the report says so
/// ([`Status::Error`]) and nothing is shrunk.
pub fn check<P: Suite>(candidate: &dyn Candidate<P>, config: &CheckConfig) -> Report {
    let jobs = config.jobs.max(1);
    let checker = Checker {
        candidate,
        config,
        jobs,
        clock: Mutex::new(Clock::default()),
        findings: Mutex::new(Findings::default()),
    };
    let mut report = Report {
        problem: P::NAME.to_string(),
        seed: config.seed,
        status: Status::Pass,
        cases: 0,
        sandbox: candidate.sandbox(),
        domain: config.domain().describe::<P>(),
        given: None,
        properties: None,
        limits: Vec::new(),
        failure: None,
        failures: Vec::new(),
        cannot_run: None,
        timings: Timings::default(),
        stack_bytes: candidate.stack_limit(),
    };
    // Each phase timed; a phase runs only while more failures are wanted.
    let mut seconds = [0.0f64; 4];
    let mut timed = |phase: usize, run: &mut dyn FnMut(&mut Report), report: &mut Report| {
        if !checker.done() {
            let start = Instant::now();
            run(report);
            seconds[phase] = start.elapsed().as_secs_f64();
        }
    };
    timed(0, &mut |r| checker.given(r), &mut report);
    if config.limits != LimitsMode::Only {
        timed(
            1,
            &mut |r| match config.exhaustive {
                Some(max_cells) => checker.exhaustive(max_cells, r),
                None => checker.generated(r),
            },
            &mut report,
        );
        if config.exhaustive.is_none() {
            timed(2, &mut |r| checker.laws_on_generated(r), &mut report);
        }
    }
    if config.limits != LimitsMode::Off {
        timed(3, &mut |r| checker.limits(r), &mut report);
    }
    let findings = checker.findings.into_inner().expect("findings");
    if let Some(detail) = findings.cannot_run {
        report.status = Status::Error;
        report.cannot_run = Some(detail);
    } else if !findings.kept.is_empty() {
        report.status = Status::Fail;
        report.failure = findings.kept.first().cloned();
        report.failures = findings.kept;
    }
    let clock = checker.clock.into_inner().expect("clock");
    report.timings = Timings::of_runs(&clock.run_ms, candidate.batch_size());
    let [given, cases, laws, limits] = seconds;
    report.timings.phases = PhaseSeconds {
        given,
        cases,
        laws,
        limits,
        shrinking: clock.shrinking.as_secs_f64(),
    };
    report
}

impl<P: Generate> Checker<'_, P> {
    /// The given inputs (replayed or vectors) inside the domain; each
    /// failure, as given.
    fn given(&self, report: &mut Report) {
        let config = self.config;
        if config.given.is_empty() && config.given_skipped.is_empty() {
            return;
        }
        let domain = config.domain();
        let mut summary = GivenSummary {
            origin: config.given_origin,
            ran: 0,
            skipped: config.given_skipped.clone(),
        };
        // Every entry's cases in one list, so they run `jobs` at a time; the
        // first failure in file order is still the one investigated.
        let mut cases = Vec::new();
        for given in &config.given {
            match crate::problem::read_input::<P>(&given.input, given.multi) {
                Ok(read) if read.iter().all(|c| domain.contains::<P>(c)) => cases.extend(read),
                Ok(_) => summary.skipped.push(format!(
                    "{}: outside the declared domain ({})",
                    given.name,
                    domain.describe::<P>()
                )),
                Err(e) => {
                    summary
                        .skipped
                        .push(format!("{}: not a {} input ({e})", given.name, P::NAME))
                }
            }
        }
        summary.ran += self.run_all(&cases, None, config.given_origin);
        report.cases += summary.ran;
        report.given = Some(summary);
    }
}
