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
use super::shrink::{Budget, Shrinker};
use super::verdict::{Origin, Status, Verdict};
use crate::generation::{Generate, clamp_size, reference};
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
}

/// What [`Checker`] times as it goes.
#[derive(Default)]
pub(super) struct Clock {
    run_ms: Vec<f64>,
    shrinking: Duration,
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
        if !matches!(origin, Origin::Generated | Origin::Limits) {
            // Given inputs are reported as they are: they are someone's case.
            let shrink = Shrink::Not(format!("a {origin} input is reported as given"));
            return failure::<P>(self.candidate, &case, judged, (0, 0, shrink), origin);
        }
        let shrunk = self.shrinker(case, judged, origin).shrink(tree);
        let shrink = match (shrunk.why_stopped, shrunk.steps) {
            (None, _) if shrunk.enumerated.is_some() => {
                Shrink::Smallest(shrunk.enumerated.unwrap_or(0))
            }
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
    /// Every cell-bounded case in order, in batches; the first failure is
    /// minimal by construction.
    fn exhaustive(&self, max_cells: usize, report: &mut Report) -> Option<Failure> {
        let enumerate = P::extras().enumerate?;
        let shard = self.config.shard.unwrap_or(Shard { index: 0, count: 1 });
        let mut all = enumerate(max_cells)
            .enumerate()
            .filter(move |(k, _)| shard.takes(*k as u64))
            .map(|(_, case)| case);
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
        // With --shard, every case is still generated (the RNG stream is
        // the same for all shards) and only this shard's are run.
        let mut generated = 0u64;
        let shard = config.shard.unwrap_or(Shard { index: 0, count: 1 });
        while generated < config.cases {
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
}

/// Checks `candidate` on `config.given`, then on `config.cases` generated
/// cases (or every case up to `config.exhaustive` cells), then the laws on
/// them with `PropertiesMode::All`, then at the limits (with the laws on
/// the largest case of each pattern), stopping at the first failure, which
/// it confirms alone and shrinks.
pub fn check<P: Suite>(candidate: &dyn Candidate<P>, config: &CheckConfig) -> Report {
    let jobs = config.jobs.max(1);
    let checker = Checker {
        candidate,
        config,
        jobs,
        clock: Mutex::new(Clock::default()),
    };
    let mut report = Report {
        problem: P::NAME.to_string(),
        seed: config.seed,
        status: Status::Pass,
        cases: 0,
        sandbox: candidate.sandbox(),
        given: None,
        properties: None,
        limits: Vec::new(),
        failure: None,
        timings: Timings::default(),
        stack_bytes: candidate.stack_limit(),
    };
    // Each phase timed; a phase runs only while nothing has failed.
    let mut seconds = [0.0f64; 4];
    let mut timed =
        |phase: usize, run: &mut dyn FnMut(&mut Report) -> Option<Failure>, report: &mut Report| {
            let start = Instant::now();
            let found = run(report);
            seconds[phase] = start.elapsed().as_secs_f64();
            found
        };
    let mut found = timed(0, &mut |r| checker.given(r), &mut report);
    if found.is_none() && config.limits != LimitsMode::Only {
        found = timed(
            1,
            &mut |r| match config.exhaustive {
                Some(max_cells) => checker.exhaustive(max_cells, r),
                None => checker.generated(r),
            },
            &mut report,
        );
        if found.is_none() && config.exhaustive.is_none() {
            found = timed(2, &mut |r| checker.laws_on_generated(r), &mut report);
        }
    }
    if found.is_none() && config.limits != LimitsMode::Off {
        found = timed(3, &mut |r| checker.limits(r), &mut report);
    }
    if let Some(failure) = found {
        report.status = Status::Fail;
        report.failure = Some(failure);
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
        // Every entry's cases in one list, so they run `jobs` at a time; the
        // first failure in file order is still the one investigated.
        let mut cases = Vec::new();
        for given in &config.given {
            match crate::problem::read_input::<P>(&given.input, given.multi) {
                Ok(read) => cases.extend(read),
                Err(e) => {
                    summary
                        .skipped
                        .push(format!("{}: not a {} input ({e})", given.name, P::NAME))
                }
            }
        }
        let found = match self.run(&cases, None, config.given_origin) {
            Ok(n) => {
                summary.ran += n;
                None
            }
            Err(failed) => {
                let (n, failure) = *failed;
                summary.ran += n;
                Some(failure)
            }
        };
        report.cases += summary.ran;
        report.given = Some(summary);
        found
    }
}
