//! `boardcheck check`: the main job.

use std::path::{Path, PathBuf};
use std::time::Duration;

use boardcheck::harness::candidate::External;
use boardcheck::harness::casefile;
use boardcheck::harness::check::CheckConfig;
use boardcheck::harness::process::Limits;
use boardcheck::harness::registry::SolveOptions;
use clap::Args;

use super::{interactive, print, problem, usage_error};

/// Options of `check`.
#[derive(Args)]
pub struct CheckArgs {
    /// The problem.
    problem: String,
    /// Generated cases to run.
    #[arg(long, default_value_t = 1000)]
    cases: u64,
    /// The seed of the generated cases (random if absent; always printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Wall-time limit of one candidate run, in milliseconds.
    #[arg(long, default_value_t = 2000)]
    timeout_ms: u64,
    /// Memory (address space) limit of one candidate run, in MiB.
    #[arg(long, default_value_t = 2048)]
    memory_mb: u64,
    /// Output cap of one candidate run, in KiB.
    #[arg(long, default_value_t = 65536)]
    output_kb: usize,
    /// Candidate runs at once (default: the number of cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Feed the candidate the multi-case form, in batches of --batch cases.
    #[arg(long)]
    multi: bool,
    /// Cases per run with --multi.
    #[arg(long, default_value_t = 100)]
    batch: usize,
    /// Upper bound on the board size of generated cases.
    #[arg(long)]
    size: Option<usize>,
    /// Most candidate runs spent shrinking a failure.
    #[arg(long, default_value_t = 2000)]
    max_shrink_runs: usize,
    /// Most seconds spent shrinking a failure.
    #[arg(long, default_value_t = 60)]
    shrink_seconds: u64,
    /// Print the machine-readable JSON report.
    #[arg(long)]
    json: bool,
    /// Add the minimal failing input to this case file on failure.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Run the inputs of this case file first (a missing file counts as empty).
    #[arg(long)]
    replay: Option<PathBuf>,
    /// The candidate command and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "CMD")]
    command: Vec<String>,
}

/// A random seed, when none is given.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

/// The command that repeats this run with the same seed.
fn repeat_command(args: &CheckArgs, seed: u64, cases: u64) -> String {
    let mut words = vec![
        "boardcheck".to_string(),
        "check".into(),
        args.problem.clone(),
        "--seed".into(),
        seed.to_string(),
        "--cases".into(),
        cases.to_string(),
    ];
    if let Some(size) = args.size {
        words.extend(["--size".into(), size.to_string()]);
    }
    if args.multi {
        words.extend(["--multi".into(), "--batch".into(), args.batch.to_string()]);
    }
    if args.timeout_ms != 2000 {
        words.extend(["--timeout-ms".into(), args.timeout_ms.to_string()]);
    }
    words.push("--".into());
    words.extend(args.command.iter().cloned());
    shlex::try_join(words.iter().map(String::as_str)).unwrap_or_else(|_| words.join(" "))
}

/// Runs `check`; the exit status.
pub fn run(args: CheckArgs) -> i32 {
    let p = match problem(&args.problem) {
        Ok(p) => p,
        Err(status) => return status,
    };
    if args.cases == 0 || args.batch == 0 || args.timeout_ms == 0 {
        return usage_error("--cases, --batch and --timeout-ms must be at least 1");
    }
    let candidate = External {
        argv: args.command.clone(),
        limits: Limits {
            timeout: Duration::from_millis(args.timeout_ms),
            memory_bytes: args.memory_mb.saturating_mul(1 << 20),
            output_bytes: args.output_kb.saturating_mul(1024),
            ..Limits::default()
        },
        multi: args.multi.then_some(args.batch),
    };
    if let Err(e) = candidate.verify() {
        return usage_error(format!("the candidate cannot be started: {e}"));
    }
    let replay = match &args.replay {
        Some(path) if path.exists() => match casefile::load(path) {
            Ok(entries) => entries,
            Err(e) => return usage_error(e),
        },
        _ => Vec::new(),
    };
    // A saved input that no longer reads (another problem's file, an edited
    // entry) is an error, not something to skip silently.
    for entry in &replay {
        let options = SolveOptions {
            multi: entry.multi,
            ..SolveOptions::default()
        };
        if let Err(e) = p.solve(&entry.input, options) {
            let file = args.replay.as_deref().unwrap_or(Path::new("")).display();
            return usage_error(format!(
                "{file}: entry {:?} is not a {} input: {e}",
                entry.name,
                p.name()
            ));
        }
    }
    let seed = args.seed.unwrap_or_else(random_seed);
    let config = CheckConfig {
        cases: args.cases,
        seed,
        size: args.size,
        jobs: super::jobs(args.jobs),
        max_shrink_runs: args.max_shrink_runs,
        max_shrink_time: Duration::from_secs(args.shrink_seconds),
        progress: !args.json && interactive(),
        replay,
    };
    if !args.json {
        eprintln!("boardcheck: checking {} with seed {seed}", p.name());
    }
    let report = p.check(&candidate, &config);
    if let (Some(path), Some(f)) = (&args.save, &report.failure) {
        let entry = casefile::Entry {
            name: format!("{} seed {seed}: {}", p.name(), f.verdict),
            input: f.input.clone(),
            output: Some(f.expected.clone()),
            error: None,
            multi: args.multi,
        };
        if let Err(e) = casefile::append(path, entry) {
            eprintln!("boardcheck: warning: could not save the failure: {e}");
        }
    }
    if args.json {
        print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&report).expect("a report serializes")
        ));
    } else {
        print(&report.render(&repeat_command(&args, seed, args.cases)));
    }
    if report.failure.is_some() { 1 } else { 0 }
}
