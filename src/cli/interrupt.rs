//! What Ctrl-C leaves behind (exit status 130): how far the check got, and
//! the smallest failure so far if one was found.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use boardcheck::harness::check::Progress;

/// The check under way, as the summary names it.
pub struct Running {
    /// The seed of the generated cases.
    pub seed: u64,
    /// The command that repeats the run.
    pub repeat: String,
    /// Whether the summary is JSON (`--json`).
    pub json: bool,
}

static RUNNING: Mutex<Option<Running>> = Mutex::new(None);
static DONE: AtomicU64 = AtomicU64::new(0);
static ALL: AtomicU64 = AtomicU64::new(0);

/// Notes the check that starts, so that Ctrl-C can sum it up.
pub fn started(running: Running) {
    DONE.store(0, Ordering::Relaxed);
    ALL.store(0, Ordering::Relaxed);
    if let Ok(mut slot) = RUNNING.lock() {
        *slot = Some(running);
    }
}

/// The check is over: Ctrl-C has nothing to sum up any more.
pub fn finished() {
    if let Ok(mut slot) = RUNNING.lock() {
        *slot = None;
    }
}

/// `bar` (a progress bar, if any), with every count also kept for the
/// summary.
pub fn counted(bar: Option<Progress>) -> Progress {
    Arc::new(move |done, all| {
        DONE.store(done, Ordering::Relaxed);
        ALL.store(all, Ordering::Relaxed);
        if let Some(bar) = &bar {
            bar(done, all);
        }
    })
}

/// What Ctrl-C prints, given the smallest failure so far (its report, as
/// text or JSON); `None` when no check is under way.
pub fn summary(failure: Option<&str>) -> Option<String> {
    let running = RUNNING.lock().ok()?.take()?;
    let (done, all) = (DONE.load(Ordering::Relaxed), ALL.load(Ordering::Relaxed));
    if running.json {
        let mut value = failure
            .and_then(|f| serde_json::from_str(f).ok())
            .unwrap_or_else(|| serde_json::json!({"status": "interrupted", "seed": running.seed}));
        value["interrupted"] = true.into();
        value["generated_cases_run"] = done.into();
        value["repeat"] = running.repeat.into();
        return Some(format!(
            "{}\n",
            serde_json::to_string_pretty(&value).expect("a report serializes")
        ));
    }
    let ran = if all == 0 {
        // Counts are told after each batch of cases has run (and shrunk).
        "interrupted (Ctrl-C) in the first batch of generated cases".to_string()
    } else {
        format!("interrupted (Ctrl-C): {done} of {all} generated cases run")
    };
    Some(match failure {
        None => format!(
            "\n{ran}, no failure so far (seed {})\nrepeat: {}\n",
            running.seed, running.repeat
        ),
        Some(report) => format!("\n{ran}; the smallest failure so far:\n{report}"),
    })
}
