//! Many candidates judged on the same seed and cases, in parallel (`grade`):
//! one row each, with what a teacher tells the student (the class of the
//! verdict, one sentence, the check's failure and the command that repeats
//! it).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

use super::candidate::Candidate;
use super::check::{CheckConfig, LimitsMode, check};
use super::report::{Failure, Report, Shrink};
use super::verdict::{Origin, Verdict};
use crate::suite::Suite;
use crate::text::plural;

/// What a submission came to, as a teacher sorts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// Every case agreed (and, with the limits phase on, in time at every size).
    Pass,
    /// An answer that is not the reference's, or not an answer (WA, PE).
    Wrong,
    /// Past the time limit (TLE).
    TooSlow,
    /// Crashed, or was killed past the memory or output limit (RE, MLE, OLE).
    Crashes,
    /// Failed the same way on the smallest input, before answering
    /// anything: not judged.
    CouldNotRun,
}

impl Class {
    /// The class of a failure's verdict.
    pub fn of(verdict: Verdict) -> Class {
        match verdict {
            Verdict::Ok => Class::Pass,
            Verdict::WrongAnswer | Verdict::Presentation => Class::Wrong,
            Verdict::TimeLimit => Class::TooSlow,
            Verdict::RuntimeError | Verdict::MemoryLimit | Verdict::OutputLimit => Class::Crashes,
        }
    }

    /// The class in words, as the table shows it.
    pub fn words(self) -> &'static str {
        match self {
            Class::Pass => "pass",
            Class::Wrong => "wrong",
            Class::TooSlow => "too slow",
            Class::Crashes => "crashes",
            Class::CouldNotRun => "could not run",
        }
    }
}

/// The time limits of one run of a submission (its own: a start-up
/// allowance may differ from one to another).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RunLimits {
    /// Wall time, in milliseconds.
    pub timeout_ms: u64,
    /// CPU time, all threads and processes together, in milliseconds.
    pub cpu_ms: Option<u64>,
}

impl RunLimits {
    /// In words: `2000 ms` (wall), or `1000 ms of CPU (5000 ms wall)`.
    pub fn words(self) -> String {
        match self.cpu_ms {
            Some(cpu) => format!("{cpu} ms of CPU ({} ms wall)", self.timeout_ms),
            None => format!("{} ms", self.timeout_ms),
        }
    }
}

/// One submission to grade: its name, the candidate, its limits and the
/// `check` command that judges it alone the same way.
pub struct Submission<'a, P: Suite> {
    /// Its name in the table (the file, or the command).
    pub name: &'a str,
    /// How it is run.
    pub candidate: &'a dyn Candidate<P>,
    /// The time limits its runs have.
    pub limits: Option<RunLimits>,
    /// The command that repeats its check, pasteable.
    pub repeat: String,
}

/// One row of the table: the submission's result.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The submission's name.
    pub submission: String,
    /// What it came to.
    pub class: Class,
    /// `PASS`, the failure's verdict (`WA`, `TLE`, ...), or `ERROR`
    /// (could not run).
    pub verdict: String,
    /// The phase that failed: `given`, `cases`, `laws` or `limits`.
    pub phase: Option<&'static str>,
    /// Cases that passed.
    pub cases_passed: u64,
    /// Cases run.
    pub cases_run: u64,
    /// What happened, in one sentence (the class, the case's size, the
    /// limit and where it was met).
    pub summary: String,
    /// The time limits of one run (none for one that could not be set up).
    pub limits: Option<RunLimits>,
    /// The `check` command that repeats this submission's check.
    pub repeat: String,
    /// The failure as `check --json` gives it: the input exactly as fed,
    /// how far it was shrunk, expected, got, detail, and at the limits the
    /// sizes it fails from and passes at.
    pub failure: Option<Failure>,
    /// Why it could not run: the exit status and the end of its stderr.
    pub cannot_run: Option<String>,
    /// Seconds its check took, to the hundredth.
    pub seconds: f64,
    /// The whole report, for the per-submission sections.
    #[serde(skip)]
    pub report: Report,
}

/// The phase of a check that found `failure`.
fn phase(failure: &Failure) -> &'static str {
    match failure.origin {
        _ if failure.found_by.is_some() => "laws",
        Origin::Replayed | Origin::Vector => "given",
        Origin::Generated | Origin::Batch | Origin::Exhaustive => "cases",
        Origin::Limits => "limits",
    }
}

/// The limit a time-out met: the CPU-time or wall-time limit, as the
/// run's detail names it.
fn limit_met(failure: &Failure, limits: Option<RunLimits>) -> String {
    let cpu = failure.detail.starts_with("CPU-time limit");
    match (limits, cpu) {
        (
            Some(RunLimits {
                cpu_ms: Some(ms), ..
            }),
            true,
        ) => {
            format!("over the CPU-time limit of {ms} ms")
        }
        (Some(l), false) => format!("over the wall-time limit of {} ms", l.timeout_ms),
        _ => failure
            .detail
            .split(',')
            .next()
            .unwrap_or("")
            .trim()
            .to_string(),
    }
}

/// How far `f`'s input was shrunk, with its size, in words.
fn input_words(f: &Failure) -> String {
    match &f.shrink {
        Shrink::Minimal(claim) | Shrink::Smallest { claim, .. } => {
            format!("a minimal input ({}; {claim})", f.size)
        }
        other => format!(
            "an input of {} (not shown minimal: {})",
            f.size,
            other.why()
        ),
    }
}

/// The pass sentence: what ran, and whether speed was judged.
fn passed(report: &Report, mode: LimitsMode, limits: Option<RunLimits>) -> String {
    let small = (report.cases as usize).saturating_sub(report.limits.len());
    let mut out = format!("pass: {} agreed", plural(small, "case"));
    match report.limits.iter().max_by_key(|l| l.size) {
        Some(largest) => {
            let slowest = report
                .limits
                .iter()
                .map(|l| l.seconds)
                .fold(0.0_f64, f64::max);
            out.push_str(&format!(
                "; at the limits, up to size {}, every run answered within {}; the slowest took {slowest:.2} s wall",
                largest.size,
                limits.map_or("the time limit".into(), RunLimits::words)
            ));
        }
        None if mode == LimitsMode::Off => {
            out.push_str(" (speed not judged: the limits phase was off)");
        }
        None => {}
    }
    out
}

/// The one sentence of a failing row.
fn failed(report: &Report, f: &Failure, limits: Option<RunLimits>) -> String {
    let class = Class::of(f.verdict);
    // The limits phase's cases (the failing one among them) come after
    // the small ones.
    let small = (report.cases as usize).saturating_sub(report.limits.len());
    let found = match phase(f) {
        "limits" => format!("all {} agreed", plural(small, "small case")),
        _ => format!("found at case {}", report.cases),
    };
    let what = match (&f.at_limits, &f.found_by) {
        (Some(at), _) => match at.passes_at {
            Some(p) if p + 1 == at.fails_from => format!(
                "on pattern {} from {} {} (passes at {p})",
                at.pattern, at.fails_from, at.unit
            ),
            Some(p) => format!(
                "on pattern {} at {} {} (passes at {p}; sizes between not tried)",
                at.pattern, at.fails_from, at.unit
            ),
            None => format!(
                "on pattern {} at {} {}, the smallest size tried",
                at.pattern, at.fails_from, at.unit
            ),
        },
        (None, Some(by)) => format!("the law {} fails on {}", by.law, input_words(f)),
        (None, None) => format!("on {}", input_words(f)),
    };
    let how = match (class, f.verdict) {
        (Class::TooSlow, _) => limit_met(f, limits),
        (Class::Crashes, Verdict::RuntimeError) => crate::harness::crash::words(&f.detail),
        // Killed at the memory or output limit: the detail names it.
        (Class::Crashes, _) => f.detail.split(',').next().unwrap_or("").trim().to_string(),
        _ => f.verdict.name().to_string(),
    };
    format!("{}: {how}, {what}; {found}", class.words())
}

/// The row of submission `name` whose check under `config` gave `report`.
pub fn row_of(
    name: &str,
    report: Report,
    config: &CheckConfig,
    limits: Option<RunLimits>,
    repeat: String,
    elapsed: Duration,
) -> Row {
    let seconds = (elapsed.as_secs_f64() * 100.0).round() / 100.0;
    if let Some(why) = &report.cannot_run {
        // A submission that cannot run at all (a set-up mistake) is not
        // judged: no case passed or failed.
        return Row {
            submission: name.to_string(),
            class: Class::CouldNotRun,
            verdict: "ERROR".into(),
            phase: None,
            cases_passed: 0,
            cases_run: 0,
            summary: format!(
                "could not run: {}",
                crate::harness::report::cannot_run_parts(why).0
            ),
            limits,
            repeat,
            failure: None,
            cannot_run: Some(why.clone()),
            seconds,
            report,
        };
    }
    let failure = report.failure.clone();
    let failed_one = failure.is_some();
    Row {
        submission: name.to_string(),
        class: failure
            .as_ref()
            .map_or(Class::Pass, |f| Class::of(f.verdict)),
        verdict: failure
            .as_ref()
            .map_or("PASS".into(), |f| f.verdict.to_string()),
        phase: failure.as_ref().map(phase),
        cases_passed: report.cases - u64::from(failed_one),
        cases_run: report.cases,
        summary: match &failure {
            Some(f) => failed(&report, f, limits),
            None => passed(&report, config.limits, limits),
        },
        limits,
        repeat,
        failure,
        cannot_run: None,
        seconds,
        report,
    }
}

/// A row for a submission that could not even be set up (its program or
/// function missing): `why`, and the command that says so again.
pub fn not_started(name: &str, why: &str, repeat: String, problem: &str, seed: u64) -> Row {
    Row {
        submission: name.to_string(),
        class: Class::CouldNotRun,
        verdict: "ERROR".into(),
        phase: None,
        cases_passed: 0,
        cases_run: 0,
        summary: format!("could not run: {why}"),
        limits: None,
        repeat,
        failure: None,
        cannot_run: Some(why.to_string()),
        seconds: 0.0,
        report: Report {
            problem: problem.to_string(),
            seed,
            status: super::verdict::Status::Error,
            cases: 0,
            sandbox: String::new(),
            domain: String::new(),
            limits: Vec::new(),
            properties: None,
            given: None,
            failure: None,
            failures: Vec::new(),
            cannot_run: Some(why.to_string()),
            slow_once: None,
            set_aside: 0,
            timings: Default::default(),
            stack_bytes: None,
            gtp_laws: None,
            // No failure to draw, so no answer head.
            answer_form: Default::default(),
        },
    }
}

/// Checks each of `submissions` under `config` (its `jobs` is each
/// check's own), `threads` of them at once; `done` hears of each row as
/// it comes. The rows in the submissions' order.
pub fn grade<P: Suite>(
    submissions: &[Submission<'_, P>],
    config: &CheckConfig,
    threads: usize,
    done: &(dyn Fn(&Row) + Sync),
) -> Vec<Row> {
    let rows: Vec<Mutex<Option<Row>>> = submissions.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, submissions.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(s) = submissions.get(i) else {
                        break;
                    };
                    let started = Instant::now();
                    let report = check::<P>(s.candidate, config);
                    let row = row_of(
                        s.name,
                        report,
                        config,
                        s.limits,
                        s.repeat.clone(),
                        started.elapsed(),
                    );
                    done(&row);
                    *rows[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(row);
                }
            });
        }
    });
    rows.into_iter()
        .map(|r| {
            r.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .expect("graded")
        })
        .collect()
}
