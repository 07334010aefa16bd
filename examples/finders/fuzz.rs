//! (5) cargo-fuzz: the problem's structured target (`fuzz/`), built once
//! by `cargo fuzz build` (scripts/finders.sh), run with the bug in place of
//! the engine (`BOARDCHECK_FUZZ_ZOO`, src/harness/fuzz.rs) until its first
//! crash: a disagreement with the oracle is an assertion there. A mutant
//! runs in a target built from the mutant-schemata tree, switched on by
//! `BOARDCHECK_MUTANT` (scripts/mutants-table.py, `FUZZ=1`). From an
//! empty corpus, or from the committed one (`fuzz/corpus/<target>/`, read
//! but not written: new inputs go to a scratch directory). The target is
//! held to the domain every finder is given (`BOARDCHECK_FUZZ_DOMAIN`: the
//! size bound and the rule sets: a larger case is skipped, one under
//! another rule set played under one of those), and the
//! scripts build it as the other finders are built, without overflow
//! checks (`cargo fuzz build -O`). The reported counterexample is the
//! crashing input, decoded as the target decodes it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use boardcheck::suite::Solver;

use crate::finders::{Budget, Run};
use crate::subject::{Subject, key};

/// Where the fuzz binaries are, and how many seeds they run.
#[derive(Default)]
pub struct Options {
    /// The directory of the built targets (default
    /// `fuzz/target/x86_64-unknown-linux-gnu/release`).
    pub bin: Option<PathBuf>,
    /// Seeds for the fuzz finders (default: as for the others).
    pub seeds: Option<u64>,
}

fn bin_dir(o: &Options) -> PathBuf {
    o.bin
        .clone()
        .unwrap_or_else(|| PathBuf::from("fuzz/target/x86_64-unknown-linux-gnu/release"))
}

/// The domain every finder is given, as `BOARDCHECK_FUZZ_DOMAIN` says it.
fn domain<P: Subject>() -> String {
    let mut domain = format!("size={}", P::BOUND);
    if let Some(sets) = P::rule_sets() {
        let sets: Vec<String> = sets.iter().map(u32::to_string).collect();
        domain += &format!(";rules={}", sets.join(","));
    }
    domain
}

/// One libFuzzer run of the problem's structured target against `bug`.
pub fn run<P: Subject>(
    o: &Options,
    bug: &Solver<P>,
    seed: u64,
    budget: Budget,
    committed: bool,
) -> Result<Run, String> {
    let target = format!("{}_structured", P::MODULE);
    let binary = bin_dir(o).join(&target);
    if !binary.exists() {
        return Err(format!(
            "no {} (build it: scripts/finders.sh builds the fuzz targets)",
            binary.display()
        ));
    }
    let scratch = std::env::temp_dir().join(format!(
        "finders-fuzz-{}-{target}-{}-{seed}",
        std::process::id(),
        bug.name
    ));
    let _ = std::fs::remove_dir_all(&scratch);
    let corpus = scratch.join("corpus");
    std::fs::create_dir_all(&corpus).map_err(|e| e.to_string())?;
    let artifacts = scratch.join("crash-");
    let budget_seconds = budget.seconds.ceil().max(1.0) as u64;
    let mut command = Command::new(&binary);
    match crate::mutants::id(&bug.name) {
        // A schemata build's target (`--fuzz-bin`): the mutant is on for
        // the whole process, so the engine (or oracle) it mutates is the
        // one the target checks.
        Some(id) => command.env("BOARDCHECK_MUTANT", id),
        None => command.env("BOARDCHECK_FUZZ_ZOO", &bug.name),
    };
    command.env(boardcheck::harness::fuzz::DOMAIN_VAR, domain::<P>());
    command
        .arg(&corpus)
        .arg(format!("-seed={}", seed + 1))
        .arg(format!("-runs={}", budget.cases))
        .arg(format!("-max_total_time={budget_seconds}"))
        // One input that hangs (a mutant's endless loop) ends the run past
        // the budget, so not found, instead of libFuzzer's 20 minutes.
        .arg(format!("-timeout={}", 2 * budget_seconds))
        .arg("-print_final_stats=1")
        .arg("-rss_limit_mb=2048")
        .arg(format!("-artifact_prefix={}", artifacts.display()));
    if committed {
        command.arg(Path::new("fuzz/corpus").join(&target));
    }
    let start = Instant::now();
    let output = command.output().map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    let log = String::from_utf8_lossy(&output.stderr);
    let execs = log
        .lines()
        .filter_map(|l| l.strip_prefix("stat::number_of_executed_units:"))
        .filter_map(|n| n.trim().parse::<u64>().ok())
        .next_back()
        .unwrap_or(0);
    let crash = log
        .lines()
        .find_map(|l| l.split("Test unit written to ").nth(1))
        .map(|p| PathBuf::from(p.trim()));
    let run = match crash {
        Some(path) => {
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let u = arbitrary::Unstructured::new(&bytes);
            let case = <P::Case as arbitrary::Arbitrary>::arbitrary_take_rest(u).ok();
            Run {
                found: seconds <= budget.seconds,
                cases: execs,
                seconds,
                reported: case.as_ref().map(key::<P>),
                shrink_seconds: Some(0.0),
                proven_seconds: None,
                example: None,
            }
        }
        None => Run {
            cases: execs,
            seconds,
            ..Run::default()
        },
    };
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(run)
}
