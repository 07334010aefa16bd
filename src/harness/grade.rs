//! Many candidates judged on the same seed and cases, in parallel (`grade`):
//! one row each.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::candidate::Candidate;
use super::check::{CheckConfig, check};
use super::report::{AtLimits, Failure, Report};
use super::verdict::Origin;
use crate::suite::Suite;

/// One row of the table.
#[derive(serde::Serialize)]
pub struct Row {
    /// The submission's name.
    pub submission: String,
    /// `PASS`, a verdict (`WA`, `TLE`, ...), or `ERROR` (could not start).
    pub verdict: String,
    /// The phase that failed: `given`, `cases`, `laws` or `limits`.
    pub phase: Option<&'static str>,
    /// Cases that passed.
    pub cases_passed: u64,
    /// Cases run.
    pub cases_run: u64,
    /// The first failing case, minimal, exactly as fed.
    pub minimal_case: Option<String>,
    /// For a failure at the limits: the pattern and the sizes it fails
    /// from and passes at.
    pub at_limits: Option<AtLimits>,
    /// The failure's detail, or why the submission could not run.
    pub detail: Option<String>,
    /// Seconds its check took, to the hundredth.
    pub seconds: f64,
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

/// The row of submission `name` whose check gave `report`.
pub fn row_of(name: &str, report: &Report, elapsed: Duration) -> Row {
    if let Some(why) = &report.cannot_run {
        // A submission that cannot run at all (a set-up mistake) is not
        // judged: no case passed or failed.
        return Row {
            submission: name.to_string(),
            verdict: "ERROR".into(),
            phase: None,
            cases_passed: 0,
            cases_run: 0,
            minimal_case: None,
            at_limits: None,
            detail: Some(format!("could not run: {why}")),
            seconds: (elapsed.as_secs_f64() * 100.0).round() / 100.0,
        };
    }
    let failed = report.failure.is_some();
    Row {
        submission: name.to_string(),
        verdict: report
            .failure
            .as_ref()
            .map_or("PASS".into(), |f| f.verdict.to_string()),
        phase: report.failure.as_ref().map(phase),
        cases_passed: report.cases - u64::from(failed),
        cases_run: report.cases,
        minimal_case: report.failure.as_ref().map(|f| f.input.clone()),
        at_limits: report.failure.as_ref().and_then(|f| f.at_limits.clone()),
        detail: report
            .failure
            .as_ref()
            .filter(|f| !f.detail.is_empty())
            .map(|f| f.detail.clone()),
        seconds: (elapsed.as_secs_f64() * 100.0).round() / 100.0,
    }
}

/// Checks each of `candidates` under `config` (its `jobs` is each
/// check's own), `threads` of them at once; `done` hears of each row as
/// it comes. The rows in the candidates' order.
pub fn grade<P: Suite>(
    candidates: &[(&str, &dyn Candidate<P>)],
    config: &CheckConfig,
    threads: usize,
    done: &(dyn Fn(&Row) + Sync),
) -> Vec<Row> {
    let rows: Vec<Mutex<Option<Row>>> = candidates.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, candidates.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((name, candidate)) = candidates.get(i) else {
                        break;
                    };
                    let started = Instant::now();
                    let report = check::<P>(*candidate, config);
                    let row = row_of(name, &report, started.elapsed());
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
