//! What a check over GTP adds to its report: the minimal failing sequence
//! explained command by command (and as a `.tst` file), the laws only an
//! engine with state can break, and the throughput of a passing check.

use super::Gtp;
use super::laws::{LawsReport, check_laws};
use crate::generation::Generate;
use crate::harness::check::CheckConfig;
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
    /// The failing sequence explained, for the human report.
    pub picture: Option<String>,
    /// The failing sequence as a GNU Go regression file.
    pub tst: Option<String>,
    /// The laws on the engine's state, run when the cases all passed.
    pub laws: Option<LawsReport>,
}

/// After a check of `gtp` under `config`: its failure explained, or the
/// laws run on `law_cases` more cases when it passed.
pub fn after_check<P: Generate>(
    gtp: &Gtp,
    report: &Report,
    config: &CheckConfig,
    law_cases: usize,
) -> Summary {
    gtp.end_of_cases();
    let domain = config.domain();
    let mut summary = Summary::default();
    match &report.failure {
        Some(f) => {
            if let Some(case) = read_input::<P>(&f.input, false)
                .ok()
                .and_then(|mut c| c.pop())
            {
                let header = format!(
                    "boardcheck check {} --seed {}: {} on this sequence ({})\nengine: {}",
                    P::NAME,
                    config.seed,
                    f.verdict,
                    domain.describe::<P>(),
                    gtp.argv.join(" ")
                );
                let shown = shlex::try_join(gtp.argv.iter().map(String::as_str))
                    .unwrap_or_else(|_| gtp.argv.join(" "));
                let explained = super::report::explain::<P>(gtp, &case, &shown, &header);
                summary.picture = Some(explained.text);
                summary.tst = Some(explained.tst);
            }
        }
        None if law_cases > 0 => {
            summary.laws = Some(check_laws::<P>(
                gtp,
                domain,
                config.seed,
                law_cases,
                config.max_shrink_runs.min(500),
            ));
        }
        None => {}
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

/// The throughput of a passing check, for `--json`.
pub fn stats_json(gtp: &Gtp, report: &Report) -> Option<serde_json::Value> {
    let runs = run_seconds(report)?;
    let (commands, waited) = gtp.stats();
    Some(serde_json::json!({
        "commands": commands,
        "engine_seconds": waited.as_secs_f64(),
        "runs_seconds": runs,
        "commands_per_second": commands as f64 / runs.max(1e-9),
        "engine_share": waited.as_secs_f64() / runs.max(1e-9),
        "board": gtp.board_words(),
    }))
}

/// The throughput of a passing check, as a line for people.
pub fn stats_line(gtp: &Gtp, report: &Report) -> Option<String> {
    let runs = run_seconds(report).filter(|&runs| runs > 0.0)?;
    let (commands, waited) = gtp.stats();
    Some(format!(
        "GTP: {commands} commands in {runs:.1} s of runs ({:.0} a second per job); \
         the engine's share of that time {:.0}%\n",
        commands as f64 / runs,
        100.0 * waited.as_secs_f64() / runs
    ))
}
