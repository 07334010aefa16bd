//! What a check over GTP adds to its report: each failing sequence
//! explained command by command (and the first as a `.tst` file), and the
//! throughput of a passing check. (The GTP laws are a phase of the check,
//! `phases/gtp_laws.rs`; their summary is the report's.)

use super::Gtp;
use crate::generation::Generate;
use crate::harness::config::CheckConfig;
use crate::harness::report::Report;
use crate::problem::read_input;

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

/// After a check of `gtp` under `config`: its failures explained, each
/// replayed on a fresh engine.
pub fn after_check<P: Generate>(gtp: &Gtp, report: &Report, config: &CheckConfig) -> Summary {
    let mut summary = Summary::default();
    let shown =
        shlex::try_join(gtp.argv.iter().map(String::as_str)).unwrap_or_else(|_| gtp.argv.join(" "));
    for f in &report.failures {
        let Some(case) = read_input::<P>(&f.input, false)
            .ok()
            .and_then(|mut c| c.pop())
        else {
            summary.pictures.push(String::new());
            continue;
        };
        let header = format!(
            "boardcheck check {} --seed {}: {} on this sequence ({})\nengine: {}",
            P::NAME,
            config.seed,
            f.verdict,
            report.domain,
            gtp.argv.join(" ")
        );
        let explained = super::report::explain::<P>(gtp, &case, &shown, &header);
        summary.pictures.push(explained.text);
        summary.tst.get_or_insert(explained.tst);
    }
    summary
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
