//! What a check over GTP adds to its report: each failing sequence
//! explained command by command (and the first as a `.tst` file), and the
//! throughput of a passing check. (The GTP laws are a phase of the check,
//! `phases/gtp_laws.rs`; their summary is the report's.)

use super::Gtp;
use crate::generation::Generate;
use crate::harness::report::{Failure, Replayed, Report};

/// The error refusing `--gtp` for `P`, which has no GTP form; `names`:
/// the problems played over GTP (the registry's, from the command line).
pub fn not_played<P: Generate>(names: &[&str]) -> String {
    let (list, verb) = match names.split_last() {
        None => ("none".to_string(), "is"),
        Some((last, [])) => (last.to_string(), "is"),
        Some((last, rest)) => (format!("{} and {last}", rest.join(", ")), "are"),
    };
    format!("--gtp: {} is not played over GTP ({list} {verb})", P::NAME)
}

/// What the GTP part of a check came to.
#[derive(Default)]
pub struct Summary {
    /// Each failure's sequence explained, in the order of the report's
    /// failures: in the human report in place of its answers.
    pub pictures: Vec<String>,
    /// The first failing sequence as a GNU Go regression file.
    pub tst: Option<String>,
}

/// Each failure of `report` (a check of `gtp`, seeded `seed`) replayed on
/// a fresh engine from its typed `case`, in the check itself: the
/// report's failures keep what their replay showed.
pub(crate) fn replay<P: Generate>(
    gtp: &Gtp,
    case: &P::Case,
    failure: &Failure,
    seed: u64,
    domain: &str,
) -> Replayed {
    let shown =
        shlex::try_join(gtp.argv.iter().map(String::as_str)).unwrap_or_else(|_| gtp.argv.join(" "));
    let header = format!(
        "boardcheck check {} --seed {seed}: {} on this sequence ({domain})\nengine: {}",
        P::NAME,
        failure.verdict,
        gtp.argv.join(" ")
    );
    super::report::explain::<P>(gtp, case, &shown, &header)
}

/// What the GTP part of a finished check shows: the replays its failures
/// keep, in order, and the first one's `.tst`.
pub fn of(report: &Report) -> Summary {
    Summary {
        pictures: report
            .failures
            .iter()
            .map(|f| {
                f.replayed
                    .as_ref()
                    .map(|r| r.text.clone())
                    .unwrap_or_default()
            })
            .collect(),
        tst: report
            .failures
            .iter()
            .find_map(|f| f.replayed.as_ref().map(|r| r.tst.clone())),
    }
}

/// Seconds of candidate runs in `report`, and whether the throughput is
/// worth showing: for a passing check only, as a failing one also runs
/// split batches the run times leave out.
fn run_seconds(report: &Report) -> Option<f64> {
    report
        .failure
        .is_none()
        .then(|| report.timings.run_ms.iter().sum::<f64>() / 1000.0)
}

/// The throughput of a passing check, for `--json`: the commands of the
/// batches, the time waited for their replies and the batches' own time
/// (measured together, so the share is at most 1).
pub fn stats_json(gtp: &Gtp, report: &Report) -> Option<serde_json::Value> {
    let runs = run_seconds(report)?;
    let stats = gtp.stats();
    let served = stats.served.as_secs_f64();
    Some(serde_json::json!({
        "commands": stats.commands,
        "engine_seconds": stats.waited.as_secs_f64(),
        "batches_seconds": served,
        "runs_seconds": runs,
        "commands_per_second": stats.commands as f64 / served.max(1e-9),
        "engine_share": stats.engine_share(),
        "board": gtp.board_words(),
    }))
}

/// The throughput of a passing check, as a line for people.
pub fn stats_line(gtp: &Gtp, report: &Report) -> Option<String> {
    run_seconds(report)?;
    let stats = gtp.stats();
    let served = stats.served.as_secs_f64();
    (served > 0.0).then(|| {
        format!(
            "GTP: {} commands in {served:.1} s of batches ({:.0} a second per job); \
             the engine's share of that time {:.0}%\n",
            stats.commands,
            stats.commands as f64 / served,
            100.0 * stats.engine_share()
        )
    })
}
