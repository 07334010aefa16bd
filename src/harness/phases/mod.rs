//! The phases of a check over one shared [`Context`]: the candidate, the
//! configuration, the clock and the failures kept so far. Each phase is a
//! file of its own ([`given`], [`random`], [`exhaustive`], [`laws`], the
//! limits phase in [`worst_cases`], the GTP laws in `gtp_laws.rs`);
//! [`cases`] is the one stream of cases they draw from (seed, shard,
//! enumeration); [`failing`] turns a failing run into a reported, shrunk
//! failure.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use proptest::strategy::ValueTree;

use super::candidate::{Candidate, Outcome, Ran};
use super::judging::run_batches_timed;
use super::judging::{CheckConfig, Judged, LimitsMode, PropertiesMode, judge, judge_run};
use super::report::{Failure, PhaseSeconds, Report};
use super::shrink::Signature;
use super::verdict::{Origin, Verdict};
use crate::generation::{Domain, Extras, Generate, holds_image_of};
use crate::suite::Suite;

pub(in crate::harness) mod cases;
mod chosen;
mod exhaustive;
mod failing;
mod given;
#[cfg(all(unix, feature = "process"))]
mod gtp_laws;
pub(super) mod laws;
mod random;
pub(super) mod worst_cases;

/// A phase of a check, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The given inputs (`--replay`, `--vectors`), as given.
    Given,
    /// `config.cases` random cases from the seed, each failure shrunk.
    Random,
    /// Every case up to `config.exhaustive` cells, instead of random ones.
    Exhaustive,
    /// The laws on the random cases again (`--properties all`).
    Laws,
    /// The worst-case patterns up to the contract's maximum, with the laws
    /// beyond the oracle's reach.
    Limits,
    /// A GTP engine's laws (`--gtp-laws`): sequences with the board read
    /// after every command; nothing for other candidates.
    GtpLaws,
}

impl Phase {
    /// The phases `config` asks for, in order.
    ///
    /// ```
    /// use boardcheck::harness::check::{CheckConfig, LimitsMode, Phase};
    /// let config = CheckConfig { limits: LimitsMode::Off, ..CheckConfig::default() };
    /// assert_eq!(Phase::planned(&config), [Phase::Given, Phase::Random, Phase::GtpLaws]);
    /// ```
    pub fn planned(config: &CheckConfig) -> Vec<Phase> {
        let mut phases = vec![Phase::Given];
        if config.limits != LimitsMode::Only {
            if config.exhaustive.is_some() {
                phases.push(Phase::Exhaustive);
            } else {
                phases.push(Phase::Random);
                if config.properties == PropertiesMode::All {
                    phases.push(Phase::Laws);
                }
            }
        }
        if config.limits != LimitsMode::Off {
            phases.push(Phase::Limits);
        }
        if config.limits != LimitsMode::Only {
            phases.push(Phase::GtpLaws);
        }
        phases
    }

    /// Where the report keeps this phase's seconds.
    fn seconds(self, phases: &mut PhaseSeconds) -> &mut f64 {
        match self {
            Phase::Given => &mut phases.given,
            Phase::Random | Phase::Exhaustive => &mut phases.cases,
            Phase::Laws | Phase::GtpLaws => &mut phases.laws,
            Phase::Limits => &mut phases.limits,
        }
    }
}

/// How many failures shrunk and then found to be a kept one again the
/// search may meet per failure it may keep before it stops: one bug often
/// shows in several shapes no symmetry relates (go-move's two_slips.py,
/// seed 2, meets its suicide slip 4 more times before case 117 shows its
/// second bug); each repeat costs at most a shrinking budget.
const REPEATS_PER_FAILURE: usize = 4;

/// What every phase shares.
pub(super) struct Context<'a, P: Generate> {
    pub(super) candidate: &'a dyn Candidate<P>,
    pub(super) config: &'a CheckConfig,
    /// The declared domain, built once from `config`.
    pub(super) domain: Domain,
    /// The problem's extras, built once: every phase, the domain's tests
    /// of each case and shrinking read these.
    pub(super) extras: &'a Extras<P>,
    pub(super) jobs: usize,
    /// Wall time of every run of the case phases, and of shrinking.
    clock: Mutex<Clock>,
    /// The distinct failures found so far.
    findings: Mutex<Findings<P::Case>>,
}

/// The distinct failures a check keeps, up to `--max-failures`.
struct Findings<C> {
    kept: Vec<Failure>,
    /// The images of each kept failure's case under the problem's
    /// symmetries ([`crate::generation::Generate::images`]), where the
    /// failure is one case: a later failing case that holds one of them is
    /// that failure again.
    kept_images: Vec<Vec<C>>,
    /// Failures shrunk and then found to be one kept already.
    repeats: usize,
    /// Failing cases set aside unshrunk: they hold a kept failure's case
    /// or its image.
    set_aside: u64,
    /// The lone re-runs (ms) of time-outs that answered in time when run
    /// again: noise of a busy machine, never a verdict.
    slow_once: Vec<f64>,
    /// Whether the first failure was tried on the domain's smallest input.
    start_up_checked: bool,
    /// Set when the candidate cannot run at all; the check stops.
    cannot_run: Option<String>,
}

impl<C> Default for Findings<C> {
    fn default() -> Self {
        Findings {
            kept: Vec::new(),
            kept_images: Vec::new(),
            repeats: 0,
            set_aside: 0,
            slow_once: Vec::new(),
            start_up_checked: false,
            cannot_run: None,
        }
    }
}

/// A failure as a phase found it: the report's [`Failure`] and, when it is
/// one case, that case (the shrunk one).
pub(super) struct Found<C> {
    pub(super) failure: Failure,
    pub(super) case: Option<C>,
}

/// A failure and how many cases ran up to and including the one that
/// showed it.
type FailingAt<C> = Box<(u64, Found<C>)>;

/// What [`Context`] times as it goes.
#[derive(Default)]
struct Clock {
    run_ms: Vec<f64>,
    shrinking: Duration,
    /// When the phases started, and when a run was first judged a failure.
    started: Option<Instant>,
    first_failure: Option<Duration>,
}

/// Whether `earlier` (of case `earlier_case`, when it is one) explains
/// `later` (of `later_case`): the same shrunk input, or the same
/// [`Signature`].
fn explains<P: Generate>(
    (earlier, earlier_case): (&Failure, Option<&P::Case>),
    (later, later_case): (&Failure, Option<&P::Case>),
) -> bool {
    earlier.input == later.input
        || Signature::of::<P>(earlier, earlier_case) == Signature::of::<P>(later, later_case)
}

impl<'a, P: Suite> Context<'a, P> {
    /// A context for checking `candidate` under `config`, `domain` being
    /// `config`'s and `extras` `P`'s; the check began at `started`.
    pub(super) fn new(
        candidate: &'a dyn Candidate<P>,
        config: &'a CheckConfig,
        domain: Domain,
        extras: &'a Extras<P>,
        started: Instant,
    ) -> Self {
        Context {
            candidate,
            config,
            domain,
            extras,
            jobs: config.jobs.max(1),
            clock: Mutex::new(Clock {
                started: Some(started),
                ..Clock::default()
            }),
            findings: Mutex::new(Findings::default()),
        }
    }

    /// Runs `phase`, adding what it ran to `report`.
    pub(super) fn run_phase(&self, phase: Phase, report: &mut Report) {
        match phase {
            Phase::Given => self.given(report),
            Phase::Random => self.random(report),
            Phase::Exhaustive => self.exhaustive(report),
            Phase::Laws => self.laws_on_random(report),
            Phase::Limits => self.limits(report),
            #[cfg(all(unix, feature = "process"))]
            Phase::GtpLaws => self.gtp_laws(report),
            #[cfg(not(all(unix, feature = "process")))]
            Phase::GtpLaws => {}
        }
    }

    /// Runs every phase `config` plans, each timed, while more failures are
    /// wanted; then the findings and timings into `report`.
    pub(super) fn run_all_phases(self, report: &mut Report) {
        let mut seconds = PhaseSeconds::default();
        for phase in Phase::planned(self.config) {
            if self.done() {
                break;
            }
            let start = Instant::now();
            self.run_phase(phase, report);
            *phase.seconds(&mut seconds) += start.elapsed().as_secs_f64();
        }
        let findings = self.findings.into_inner().expect("findings");
        if !findings.slow_once.is_empty() {
            report.slow_once = Some(super::report::SlowOnce::of(
                &findings.slow_once,
                self.candidate.time_limit(),
            ));
        }
        report.set_aside = findings.set_aside + findings.repeats as u64;
        if let Some(detail) = findings.cannot_run {
            report.status = super::verdict::Status::Error;
            report.cannot_run = Some(detail);
        } else if !findings.kept.is_empty() {
            report.status = super::verdict::Status::Fail;
            report.failures = findings.kept;
            replay_over_gtp(
                self.candidate,
                self.config.seed,
                report,
                &findings.kept_images,
            );
            report.failure = report.failures.first().cloned();
        } else if report.gtp_laws.as_ref().is_some_and(|l| l.broken.is_some()) {
            report.status = super::verdict::Status::Fail;
        }
        let clock = self.clock.into_inner().expect("clock");
        report.timings =
            super::report::Timings::of_runs(&clock.run_ms, self.candidate.batch_size());
        seconds.shrinking = clock.shrinking.as_secs_f64();
        seconds.first_failure = clock.first_failure.map(|d| d.as_secs_f64());
        report.timings.phases = seconds;
    }
}

/// Each kept failure of a check of `candidate`, when it is a GTP engine,
/// replayed on a fresh engine from its typed case (`kept_images[i]`
/// starts with failure `i`'s case): the report shows the sequence command
/// by command, never read back from its printed input.
fn replay_over_gtp<P: Generate>(
    candidate: &dyn Candidate<P>,
    seed: u64,
    report: &mut Report,
    kept_images: &[Vec<P::Case>],
) {
    #[cfg(all(unix, feature = "process"))]
    if let Some(gtp) = crate::harness::gtp::engine_of(candidate) {
        for (failure, images) in report.failures.iter_mut().zip(kept_images) {
            if let Some(case) = images.first() {
                let replayed = crate::harness::gtp::summary::replay::<P>(
                    gtp,
                    case,
                    failure,
                    seed,
                    &report.domain,
                );
                if let Some(convention) = &replayed.convention {
                    if failure.verdict == super::verdict::Verdict::WrongAnswer {
                        failure.detail.push_str(&format!("; {convention}"));
                    }
                }
                failure.replayed = Some(replayed);
            }
        }
    }
    #[cfg(not(all(unix, feature = "process")))]
    let _ = (candidate, seed, report, kept_images);
}

impl<P: Generate> Context<'_, P> {
    /// Whether the check has found all it may: `--max-failures` distinct
    /// failures, [`REPEATS_PER_FAILURE`] times as many shrunk repeats of
    /// them, or a candidate that cannot run.
    pub(super) fn done(&self) -> bool {
        let f = self.findings.lock().expect("findings");
        let most = self.config.max_failures.max(1);
        f.cannot_run.is_some() || f.kept.len() >= most || f.repeats >= most * REPEATS_PER_FAILURE
    }

    /// Whether a failure was kept (or the candidate cannot run).
    #[cfg(all(unix, feature = "process"))]
    pub(super) fn found_any(&self) -> bool {
        let f = self.findings.lock().expect("findings");
        !f.kept.is_empty() || f.cannot_run.is_some()
    }

    /// Keeps `found`, first seen at case number `at` (from 1, in the
    /// order cases ran), unless an earlier failure explains it: the same
    /// input or signature, or a case that holds an earlier failure's case
    /// under the problem's symmetries, or is held by one.
    pub(super) fn keep(&self, found: Option<Found<P::Case>>, at: u64) {
        let Some(Found { mut failure, case }) = found else {
            return;
        };
        let mut f = self.findings.lock().expect("findings");
        // Held either way: a case that holds a kept one's image is that bug
        // again; one that a kept case holds (an image of it: found later,
        // smaller) is the bug the kept case already shows.
        let repeated = f
            .kept
            .iter()
            .zip(&f.kept_images)
            .any(|(k, images)| explains::<P>((k, images.first()), (&failure, case.as_ref())))
            || case.as_ref().is_some_and(|c| {
                f.kept_images.iter().any(|images| {
                    holds_image_of::<P>(c, images) || images.iter().any(|k| P::contains(k, c))
                })
            });
        if repeated {
            f.repeats += 1;
            return;
        }
        failure.found_at = Some(at);
        f.kept_images
            .push(case.as_ref().map(P::images).unwrap_or_default());
        f.kept.push(failure);
    }

    /// Whether `case` holds a kept failure's case or one of its images:
    /// then it fails by that bug most likely, and is set aside unshrunk.
    pub(super) fn holds_kept(&self, case: &P::Case) -> bool {
        let f = self.findings.lock().expect("findings");
        f.kept_images.iter().any(|i| holds_image_of::<P>(case, i))
    }

    /// Whether `judged`, a wrong answer on `case`, is of a kind the
    /// problem names ([`Generate::failure_class`]) and a kept failure is of
    /// that kind: then it is that bug again, whatever its length, and is
    /// set aside unshrunk.
    pub(super) fn same_kind_as_kept(&self, case: &P::Case, judged: &Judged) -> bool {
        let signature = Signature::judged::<P>(case, judged);
        if !signature.is_class() {
            return false;
        }
        let f = self.findings.lock().expect("findings");
        f.kept
            .iter()
            .zip(&f.kept_images)
            .any(|(k, images)| Signature::of::<P>(k, images.first()) == signature)
    }

    /// Counts a failing case set aside as a kept failure again.
    pub(super) fn set_aside(&self) {
        self.findings.lock().expect("findings").set_aside += 1;
    }

    /// Counts a time-out that passed when run again alone (`again_ms`).
    pub(super) fn slow_once(&self, again_ms: f64) {
        self.findings
            .lock()
            .expect("findings")
            .slow_once
            .push(again_ms);
    }

    /// One lone run of `case`, judged, its wall time, and what it did.
    pub(super) fn timed(&self, case: &P::Case) -> (Judged, Duration, Outcome<P::Answer>) {
        let started = Instant::now();
        let ran = self.candidate.run(std::slice::from_ref(case));
        let took = started.elapsed();
        let outcome = ran.outcomes.into_iter().next().expect("one outcome");
        (judge::<P>(case, outcome.clone()), took, outcome)
    }

    /// Notes `seen` as the time of the first run judged a failure, unless
    /// one was noted before.
    fn first_failure(&self, seen: Instant) {
        let mut clock = self.clock.lock().expect("clock");
        if clock.first_failure.is_none() {
            clock.first_failure = clock.started.map(|s| seen.saturating_duration_since(s));
        }
    }

    /// How many cases the case phases hold at once.
    pub(super) fn chunk(&self, least: usize) -> usize {
        (self.jobs * self.candidate.batch_size() * 4).max(least)
    }

    /// Runs `cases` in batches, keeping each failure and going on after it
    /// until [`Context::done`]; how many cases ran. `before`: the cases
    /// the check ran before these, so that a failure is numbered by the
    /// case that showed it whatever `--max-failures` says.
    pub(super) fn run_cases(
        &self,
        cases: &[P::Case],
        mut trees: Option<&mut [Box<dyn ValueTree<Value = P::Case>>]>,
        origin: Origin,
        before: u64,
    ) -> u64 {
        let mut start = 0;
        while start < cases.len() && !self.done() {
            let rest = trees.as_deref_mut().map(|t| &mut t[start..]);
            match self.run_until_failure(&cases[start..], rest, origin) {
                Ok(ran) => return (start as u64) + ran,
                Err(found) => {
                    let (ran, found) = *found;
                    self.keep(Some(found), before + start as u64 + ran);
                    start += ran as usize;
                }
            }
        }
        start as u64
    }

    /// Whether the case phases screen cases ([`Candidate::screen`]) rather
    /// than run each the full way: a candidate that can, with one job.
    pub(super) fn screening(&self) -> bool {
        self.jobs == 1 && self.candidate.screens()
    }

    /// Runs `cases` in batches; the first failing batch's failure, if any,
    /// and how many cases ran up to and including it. A failing batch that
    /// comes to nothing (a time-out that passes when run again, a case
    /// that holds a failure kept already) is passed over. A candidate that
    /// screens has its cases screened, and only a case the screen stops at
    /// runs the full way (so a failure is found, confirmed and reported
    /// exactly as without screening).
    fn run_until_failure(
        &self,
        cases: &[P::Case],
        mut trees: Option<&mut [Box<dyn ValueTree<Value = P::Case>>]>,
        origin: Origin,
    ) -> Result<u64, FailingAt<P::Case>> {
        if !self.screening() {
            return self.run_in_batches(cases, trees, origin, None);
        }
        let mut start = 0;
        while start < cases.len() {
            let mut run_ms = Vec::new();
            start += self.candidate.screen(&cases[start..], &mut run_ms);
            self.clock
                .lock()
                .expect("clock")
                .run_ms
                .extend_from_slice(&run_ms);
            if start >= cases.len() {
                break;
            }
            // The screen stopped at this case now (a wrong answer, a panic,
            // a slow call); the full run below judges and confirms it, as a
            // lone run confirms a batch's failure.
            let stopped = Instant::now();
            let one = start..start + 1;
            let tree = trees.as_deref_mut().map(|t| &mut t[one.clone()]);
            if let Err(found) = self.run_in_batches(&cases[one], tree, origin, Some(stopped)) {
                let (ran, found) = *found;
                return Err(Box::new((start as u64 + ran, found)));
            }
            start += 1;
        }
        Ok(cases.len() as u64)
    }

    /// [`Context::run_until_failure`] without screening: every case run
    /// the full way, in batches. `screened`: when a screen stopped at
    /// `cases` (then one case), the moment a failure among them was first
    /// seen.
    fn run_in_batches(
        &self,
        cases: &[P::Case],
        trees: Option<&mut [Box<dyn ValueTree<Value = P::Case>>]>,
        origin: Origin,
        screened: Option<Instant>,
    ) -> Result<u64, FailingAt<P::Case>> {
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
        let mut trees = trees;
        for (b, (batch, ran)) in batches.iter().zip(runs).enumerate() {
            let judged = judge_run::<P>(batch, ran);
            if let Some(i) = judged.iter().position(|j| j.verdict != Verdict::Ok) {
                self.first_failure(screened.unwrap_or_else(Instant::now));
                let start = b * size;
                let trees = trees
                    .as_deref_mut()
                    .map(|t| &mut t[start..start + batch.len()]);
                if let Some(found) = self.investigate(batch, judged, trees, origin) {
                    return Err(Box::new(((start + i + 1) as u64, found)));
                }
            }
        }
        Ok(cases.len() as u64)
    }
}
