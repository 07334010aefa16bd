//! `boardcheck check`: the main job.

use std::path::{Path, PathBuf};
use std::time::Duration;

use boardcheck::generation::Shape;
use boardcheck::harness::candidate::Candidate;
use boardcheck::harness::casefile::{self, Entry};
use boardcheck::harness::check::{CheckConfig, LimitsMode, PropertiesMode, check};
use boardcheck::harness::external::External;
use boardcheck::harness::process::{Limits, SandboxMode, probe, warning};
use boardcheck::harness::protocol::Jsonl;
use boardcheck::harness::report::{Failure, Report};
use boardcheck::harness::vectors;
use boardcheck::harness::verdict::{Origin, Status};
use boardcheck::problem::read_input;
use boardcheck::problems::{self, Visitor};
use boardcheck::suite::Suite;
use clap::Args;

use super::{interactive, on_problem, print, usage_error};

/// Options of `check`.
#[derive(Args)]
pub struct CheckArgs {
    /// The problem.
    problem: String,
    /// The seed of the generated cases (random if absent; always printed).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    pub judge: JudgeArgs,
    #[command(flatten)]
    limits: LimitArgs,
    /// Candidate runs at once (default: the number of cores; with one job
    /// per core, each job's runs are pinned to a core of their own).
    #[arg(long)]
    jobs: Option<usize>,
    /// Instead of random cases, every case of up to K cells, in order of
    /// size: the first failure is minimal by construction.
    #[arg(long, value_name = "K")]
    exhaustive: Option<usize>,
    /// Print the machine-readable JSON report.
    #[arg(long)]
    json: bool,
    /// Add the minimal failing input to this case file on failure.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Run the inputs of this case file first (it must exist: a file
    /// `--save` wrote).
    #[arg(long)]
    replay: Option<PathBuf>,
    /// Run the candidate on this test-vector file (tests/data/*.toml format)
    /// first; error vectors are for `solve` and are skipped, counted.
    #[arg(long, conflicts_with = "replay")]
    vectors: Option<PathBuf>,
    /// A Python function as the candidate, `FILE.py:NAME`, called with the
    /// seed's signature (README, "Functions as candidates"); served by
    /// long-lived Python processes over the jsonl protocol.
    #[arg(long, value_name = "FILE.py:NAME", conflicts_with_all = ["command", "multi"])]
    py_func: Option<String>,
    /// Only part I of N of the generated (or enumerated) cases: those
    /// whose position k has k % N == I-1, so N machines with the same seed
    /// run every case once; the limits phase runs in shard 1 only.
    /// `boardcheck merge` adds the shards' `--json` reports up.
    #[arg(long, value_name = "I/N")]
    shard: Option<boardcheck::harness::check::Shard>,
    /// Colour in the human report: auto (on a terminal, unless NO_COLOR is
    /// set), always, never.
    #[arg(long, default_value = "auto", value_parser = ["auto", "always", "never"])]
    color: String,
    /// Also write the report as one standalone HTML page (boards drawn,
    /// differences highlighted).
    #[arg(long, value_name = "FILE.html")]
    report: Option<PathBuf>,
    /// The candidate command and its arguments, after `--`.
    #[arg(last = true, required_unless_present = "py_func", value_name = "CMD")]
    command: Vec<String>,
}

/// How a candidate is judged: the options `check` and `grade` share,
/// so that both judge alike, by the same phases with the same defaults.
#[derive(Args)]
pub struct JudgeArgs {
    /// Generated cases to run (`check`: 0 runs only the inputs of --replay
    /// or --vectors).
    #[arg(long, default_value_t = 1000)]
    pub cases: u64,
    /// Feed the candidate the multi-case form, in batches of --batch cases.
    #[arg(long)]
    pub multi: bool,
    /// Cases per run with --multi.
    #[arg(long, default_value_t = 100)]
    pub batch: usize,
    /// The largest case the candidate plays, in the problem's unit (cells
    /// or side length: `boardcheck list` names it), clamped to
    /// the contract's maximum. Every phase stays within it: random cases,
    /// the limits phase (which then tops out at this size), the laws and
    /// shrinking.
    #[arg(long)]
    pub size: Option<usize>,
    /// The one board the candidate plays, `RxC` (or `N`: N x N, or a row of
    /// N cells where the board is one row): every case
    /// has it, shrinking included. For engines of one board size.
    #[arg(long, value_name = "RxC")]
    pub shape: Option<String>,
    /// Keep checking after a failure until this many different failures
    /// are found (each shrunk and confirmed alone; one whose shrunk case or
    /// signature matches an earlier one is not counted, and as many such
    /// repeats end the search). Different is not proof of a different bug:
    /// one bug seen mirrored or shifted can come out twice.
    #[arg(long, default_value_t = 1)]
    pub max_failures: usize,
    /// Most candidate runs spent shrinking a failure.
    #[arg(long, default_value_t = 2000)]
    pub max_shrink_runs: usize,
    /// Most candidate runs spent shrinking a time-out (each costs a full
    /// time limit).
    #[arg(long, default_value_t = 8)]
    pub max_tle_shrink_runs: usize,
    /// Most seconds spent shrinking a failure.
    #[arg(long, default_value_t = 60)]
    pub shrink_seconds: u64,
    /// The limits phase: each worst-case pattern at sizes growing to the
    /// contract's maximum, after the small cases (on), never (off), or
    /// alone (only).
    #[arg(long = "limits", default_value = "on", value_parser = parse_limits)]
    pub limits_mode: LimitsMode,
    /// Only this pattern in the limits phase (see `boardcheck list`).
    #[arg(long)]
    pub pattern: Option<String>,
    /// The problem's laws (symmetries, colour swap, ...) on the
    /// candidate's own answers: on the largest case of each pattern when
    /// the oracle cannot answer it (beyond, the default), on every
    /// generated case too (all; `--properties` alone), or never (off).
    #[arg(long = "properties", value_name = "WHERE", default_value = "beyond",
          num_args = 0..=1, default_missing_value = "all", value_parser = parse_properties)]
    pub properties_mode: PropertiesMode,
    /// How the candidate is fed: `text` (one process per run, the
    /// problem's text form) or `jsonl` (one long-lived process per job, one
    /// JSON case a line in, one JSON answer a line out: docs/protocol.md).
    #[arg(long, default_value = "text", value_parser = ["text", "jsonl"])]
    pub protocol: String,
}

impl JudgeArgs {
    /// `--shape` as problem `P` reads it, if given.
    pub fn shape<P: Suite>(&self) -> Result<Option<Shape>, String> {
        let Some(text) = &self.shape else {
            return Ok(None);
        };
        let shapes = P::extras()
            .shapes
            .ok_or_else(|| format!("--shape: {} has no board of a fixed shape", P::NAME))?;
        shapes.kind.parse(text, P::MAX_SIZE).map(Some)
    }

    /// The configuration of one check of `seed` with `jobs` runs at once;
    /// given inputs, progress and shards left at their defaults.
    pub fn config(&self, seed: u64, jobs: usize) -> CheckConfig {
        CheckConfig {
            cases: self.cases,
            seed,
            size: self.size,
            max_failures: self.max_failures,
            jobs,
            max_shrink_runs: self.max_shrink_runs,
            max_tle_shrink_runs: self.max_tle_shrink_runs,
            max_shrink_time: Duration::from_secs(self.shrink_seconds),
            limits: self.limits_mode,
            pattern: self.pattern.clone(),
            properties: self.properties_mode,
            ..CheckConfig::default()
        }
    }

    /// The candidate `command` (or `py_func`) as these options feed it.
    pub fn candidate(
        &self,
        problem: &str,
        limits: &LimitArgs,
        command: Vec<String>,
        py_func: Option<&str>,
    ) -> Result<AnyCandidate, i32> {
        any_candidate(
            problem,
            limits,
            command,
            &self.protocol,
            py_func,
            self.multi.then_some(self.batch),
        )
    }
}

/// A candidate as the command line gives it.
pub enum AnyCandidate {
    /// One process per run (or per batch with `--multi`).
    External(External),
    /// The persistent protocol (`--protocol jsonl`, `--py-func`).
    Jsonl(Jsonl),
}

impl AnyCandidate {
    /// The candidate as `P`'s.
    pub fn as_candidate<P: Suite>(&self) -> &dyn Candidate<P> {
        match self {
            AnyCandidate::External(e) => e,
            AnyCandidate::Jsonl(j) => j,
        }
    }
}

/// The candidate of `check` (and `grade`): `--py-func`, `--protocol jsonl`
/// or a plain command; else the usage error's status.
pub fn any_candidate(
    problem: &str,
    limits: &LimitArgs,
    command: Vec<String>,
    protocol: &str,
    py_func: Option<&str>,
    multi: Option<usize>,
) -> Result<AnyCandidate, i32> {
    if py_func.is_none() && protocol != "jsonl" {
        return external(limits, command, multi).map(AnyCandidate::External);
    }
    if multi.is_some() {
        return Err(usage_error(
            "--multi and --protocol jsonl exclude each other",
        ));
    }
    // The sandbox and the limits are checked as for a plain command.
    let plain = external(
        limits,
        if py_func.is_some() {
            vec!["python3".into()]
        } else {
            command.clone()
        },
        None,
    )?;
    let jsonl = match py_func {
        Some(spec) => {
            let adapter = problems::visit(problem, PyAdapter).unwrap_or_default();
            Jsonl::python_function(adapter, spec, plain.limits).map_err(usage_error)?
        }
        None => Jsonl::new(command, plain.limits),
    };
    Ok(AnyCandidate::Jsonl(jsonl))
}

/// The problem's `--py-func` adapter.
struct PyAdapter;

impl Visitor for PyAdapter {
    type Output = &'static str;
    fn visit<P: Suite>(self) -> &'static str {
        P::json().py_adapter
    }
}

fn parse_limits(text: &str) -> Result<LimitsMode, String> {
    text.parse()
}

fn parse_properties(text: &str) -> Result<PropertiesMode, String> {
    text.parse()
}

/// The limits of one candidate run, shared by `check` and `scale`.
#[derive(Args)]
pub struct LimitArgs {
    /// Wall-time limit of one candidate run, in milliseconds.
    #[arg(long, default_value_t = 2000)]
    pub timeout_ms: u64,
    /// CPU-time limit of one candidate run (all its threads and processes
    /// together), in milliseconds; the wall-time limit if absent.
    #[arg(long)]
    cpu_ms: Option<u64>,
    /// Memory limit of one candidate run, in MiB (resident memory where
    /// cgroups are available, else address space).
    #[arg(long, default_value_t = 2048)]
    memory_mb: u64,
    /// Output cap of one candidate run, in KiB.
    #[arg(long, default_value_t = 65536)]
    output_kb: usize,
    /// Stack limit of each candidate process, in MiB (RLIMIT_STACK); raise
    /// it for a deep recursion, as judges do.
    #[arg(long, default_value_t = boardcheck::harness::process::DEFAULT_STACK_BYTES >> 20,
          value_parser = clap::value_parser!(u64).range(1..))]
    stack_mb: u64,
    /// How to contain candidate runs: auto (the strongest this machine
    /// allows), strict (PID/network/mount namespaces and cgroups, or refuse
    /// to run), none (process group and rlimits only).
    #[arg(long, default_value = "auto", value_parser = parse_sandbox)]
    sandbox: SandboxMode,
}

/// The candidate `command` under `limits`, once the sandbox asked for is
/// known to work and the program to exist; else the usage error's status.
pub fn external(
    limits: &LimitArgs,
    command: Vec<String>,
    multi: Option<usize>,
) -> Result<External, i32> {
    let candidate = External {
        argv: command,
        limits: Limits {
            timeout: Duration::from_millis(limits.timeout_ms),
            memory_bytes: limits.memory_mb.saturating_mul(1 << 20),
            output_bytes: limits.output_kb.saturating_mul(1024),
            stack_bytes: limits.stack_mb.saturating_mul(1 << 20),
            sandbox: limits.sandbox,
            cpu: limits.cpu_ms.map(Duration::from_millis),
            ..Limits::default()
        },
        multi,
    };
    match probe(limits.sandbox) {
        Err(e) => return Err(usage_error(format!("--sandbox {}: {e}", limits.sandbox))),
        Ok(_) => {
            if let Some(warning) = warning(limits.sandbox) {
                eprintln!("boardcheck: warning: {warning}");
            }
        }
    }
    if let Err(e) = candidate.verify() {
        return Err(usage_error(format!("the candidate cannot be started: {e}")));
    }
    Ok(candidate)
}

fn parse_sandbox(text: &str) -> Result<SandboxMode, String> {
    text.parse()
}

/// The options in force, for the JSON report.
fn options_json(args: &CheckArgs, seed: u64, jobs: usize) -> serde_json::Value {
    let l = &args.limits;
    serde_json::json!({
        "cases": args.judge.cases,
        "seed": seed,
        "size": args.judge.size,
        "shape": args.judge.shape,
        "max_failures": args.judge.max_failures,
        "jobs": jobs,
        "timeout_ms": l.timeout_ms,
        "cpu_ms": l.cpu_ms,
        "memory_mb": l.memory_mb,
        "output_kb": l.output_kb,
        "stack_mb": l.stack_mb,
        "sandbox": l.sandbox.to_string(),
        "multi": args.judge.multi,
        "batch": args.judge.multi.then_some(args.judge.batch),
        "protocol": if args.py_func.is_some() { "jsonl" } else { args.judge.protocol.as_str() },
        "py_func": args.py_func,
        "limits": format!("{:?}", args.judge.limits_mode).to_lowercase(),
        "pattern": args.judge.pattern,
        "exhaustive": args.exhaustive,
        "max_shrink_runs": args.judge.max_shrink_runs,
        "max_tle_shrink_runs": args.judge.max_tle_shrink_runs,
        "shrink_seconds": args.judge.shrink_seconds,
        "replay": args.replay,
        "vectors": args.vectors,
        "command": args.command,
        "shard": args.shard.map(|s| format!("{}/{}", s.index + 1, s.count)),
    })
}

/// A random seed, when none is given.
pub(super) fn random_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

/// The command that repeats this run: the command line as given (every
/// option kept), with `--seed` set to the seed used.
fn repeat_command(argv: &[String], seed: u64) -> String {
    let split = argv.iter().position(|a| a == "--").unwrap_or(argv.len());
    // The program as it was typed, like every other word, so that the line
    // works pasted where the run was started.
    let mut words: Vec<String> = vec![argv.first().cloned().unwrap_or_else(|| "boardcheck".into())];
    let mut skip_value = false;
    for word in &argv[1..split] {
        if skip_value {
            skip_value = false;
        } else if word == "--seed" {
            skip_value = true;
        } else if !word.starts_with("--seed=") {
            words.push(word.clone());
        }
    }
    // After `check PROBLEM`.
    let at = words
        .iter()
        .position(|w| w == "check")
        .map_or(words.len(), |i| i + 2);
    words.splice(
        at.min(words.len())..at.min(words.len()),
        ["--seed".into(), seed.to_string()],
    );
    words.extend(argv[split..].iter().cloned());
    shlex::try_join(words.iter().map(String::as_str)).unwrap_or_else(|_| words.join(" "))
}

/// What Ctrl-C prints and saves: the smallest failure confirmed so far.
struct Interrupted {
    text: String,
    save: Option<(PathBuf, Entry)>,
}

static INTERRUPTED: std::sync::Mutex<Option<Interrupted>> = std::sync::Mutex::new(None);

/// For the Ctrl-C handler: prints how far the check got and the smallest
/// failure found so far, if any (and saves it, with `--save`).
pub fn on_interrupt() {
    let last = INTERRUPTED.lock().ok().and_then(|mut g| g.take());
    if let Some(summary) = super::interrupt::summary(last.as_ref().map(|l| l.text.as_str())) {
        print(&summary);
    }
    if let Some(Interrupted {
        save: Some((path, entry)),
        ..
    }) = last
    {
        let _ = casefile::append(&path, entry);
    }
}

/// The case-file entry `--save` keeps for `failure`.
fn saved_entry(problem: &str, seed: u64, multi: bool, failure: &Failure) -> Entry {
    Entry {
        name: format!("{problem} seed {seed}: {}", failure.verdict),
        input: failure.input.clone(),
        output: Some(failure.expected.clone()),
        multi,
        ..Entry::default()
    }
}

/// The check itself, once the problem is known: replayed entries must read
/// as its inputs.
struct Check<'a> {
    candidate: &'a AnyCandidate,
    config: CheckConfig,
    replay_file: &'a Path,
    judge: &'a JudgeArgs,
}

impl Visitor for Check<'_> {
    /// The report, and the problem's picture of a wrong answer.
    type Output = Result<(Report, Option<String>), String>;
    fn visit<P: Suite>(mut self) -> Self::Output {
        self.config.shape = self.judge.shape::<P>()?;
        // A saved input that no longer reads (another problem's file, an
        // edited entry) is an error, not something to skip silently.
        for entry in &self.config.given {
            if let Err(e) = read_input::<P>(&entry.input, entry.multi) {
                return Err(format!(
                    "{}: entry {:?} is not a {} input: {e}",
                    self.replay_file.display(),
                    entry.name,
                    P::NAME
                ));
            }
        }
        let extras = P::extras();
        if let Some(name) = &self.config.pattern {
            extras.pattern(name)?;
        }
        if self.config.exhaustive.is_some() && extras.enumerate.is_none() {
            return Err(format!("{} has no exhaustive enumeration", P::NAME));
        }
        let report = check::<P>(self.candidate.as_candidate::<P>(), &self.config);
        let picture = match (&report.failure, extras.picture) {
            (Some(f), Some(draw))
                if f.verdict == boardcheck::harness::verdict::Verdict::WrongAnswer =>
            {
                draw(&f.input, &f.got)
            }
            _ => None,
        };
        Ok((report, picture))
    }
}

/// A progress bar on stderr.
fn progress_bar() -> boardcheck::harness::check::Progress {
    use indicatif::{ProgressBar, ProgressStyle};
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {pos}/{len} cases [{bar:30}] {per_sec} eta {eta}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    std::sync::Arc::new(move |done, all| {
        bar.set_length(all);
        bar.set_position(done);
        if done >= all {
            bar.finish_and_clear();
        }
    })
}

/// Keeps every smaller failure found while shrinking, for Ctrl-C, and
/// shows shrinking progress on a terminal.
fn remember_failure(
    args: &CheckArgs,
    seed: u64,
    argv: &[String],
) -> boardcheck::harness::check::OnFailure {
    let (problem, json, multi) = (args.problem.clone(), args.json, args.judge.multi);
    let save = args.save.clone();
    let stack_mb = args.limits.stack_mb;
    let repeat = repeat_command(argv, seed);
    let show = !json && interactive();
    std::sync::Arc::new(move |failure: &Failure| {
        if show {
            eprint!(
                "\rshrinking: {} ({} steps, {} runs)\x1b[K",
                failure.size, failure.shrink_steps, failure.shrink_runs
            );
        }
        let report = Report {
            problem: problem.clone(),
            seed,
            status: Status::Fail,
            cases: 0,
            sandbox: String::new(),
            domain: String::new(),
            given: None,
            properties: None,
            limits: Vec::new(),
            failure: Some(failure.clone()),
            failures: Vec::new(),
            cannot_run: None,
            timings: Default::default(),
            stack_bytes: Some(stack_mb << 20),
        };
        let text = if json {
            format!(
                "{}\n",
                serde_json::to_string_pretty(&report).expect("a report serializes")
            )
        } else {
            report.render(&repeat)
        };
        let save = save
            .clone()
            .map(|path| (path, saved_entry(&problem, seed, multi, failure)));
        if let Ok(mut last) = INTERRUPTED.lock() {
            *last = Some(Interrupted { text, save });
        }
    })
}

/// Runs `check`; the exit status.
pub fn run(args: CheckArgs) -> i32 {
    use std::io::IsTerminal;
    if let Err(status) = super::known_problem(&args.problem) {
        return status;
    }
    boardcheck::harness::board_view::set_colour(boardcheck::harness::board_view::colour_wanted(
        &args.color,
        std::io::stdout().is_terminal(),
    ));
    if args.judge.batch == 0 || args.limits.timeout_ms == 0 || args.jobs == Some(0) {
        return usage_error("--batch, --jobs and --timeout-ms must be at least 1");
    }
    if args.judge.cases == 0 && args.replay.is_none() && args.vectors.is_none() {
        // `--cases 0` checks only the given inputs; without any, nothing.
        return usage_error("--cases must be at least 1 (0 only with --replay or --vectors)");
    }
    if args.save.is_some() && (args.py_func.is_some() || args.judge.protocol == "jsonl") {
        // A failure's input is then the JSON line, which case files do not hold.
        return usage_error("--save keeps text inputs: not with --protocol jsonl or --py-func");
    }
    if args.shard.is_some() && args.judge.limits_mode == LimitsMode::Only {
        return usage_error("--limits only has no cases to split: run it without --shard");
    }
    let candidate = match args.judge.candidate(
        &args.problem,
        &args.limits,
        args.command.clone(),
        args.py_func.as_deref(),
    ) {
        Ok(candidate) => candidate,
        Err(status) => return status,
    };
    let entries: Vec<Entry> = match &args.replay {
        Some(path) if !path.exists() => {
            return usage_error(format!(
                "--replay {}: no such file (a file --save wrote is replayed)",
                path.display()
            ));
        }
        Some(path) => match casefile::load(path) {
            Ok(entries) => entries,
            Err(e) => return usage_error(e),
        },
        None => Vec::new(),
    };
    // Entries that expect an error are for `solve`: a candidate is not run
    // on them, and the report says so.
    let (errors, valid): (Vec<Entry>, Vec<Entry>) =
        entries.into_iter().partition(|e| e.error.is_some());
    let given_skipped = errors
        .iter()
        .map(|e| format!("{}: an error vector (for `solve`)", e.name))
        .collect();
    let given = valid;
    let (given, given_skipped, given_origin, given_file) = match &args.vectors {
        None => (
            given,
            given_skipped,
            Origin::Replayed,
            args.replay.clone().unwrap_or_default(),
        ),
        Some(path) => match vectors::load(path) {
            Err(e) => return usage_error(e),
            Ok(file) => {
                let entries = vectors::candidate_entries(&file);
                let notes = entries.notes();
                (entries.entries, notes, Origin::Vector, path.clone())
            }
        },
    };
    let argv: Vec<String> = std::env::args().collect();
    let seed = args.seed.unwrap_or_else(random_seed);
    let started = std::time::Instant::now();
    let jobs = super::jobs(args.jobs);
    let config = CheckConfig {
        progress: Some(super::interrupt::counted(
            (!args.json && interactive()).then(progress_bar),
        )),
        on_failure: Some(remember_failure(&args, seed, &argv)),
        given,
        given_origin,
        given_skipped,
        limits: match args.shard {
            Some(shard) if shard.index > 0 => LimitsMode::Off,
            _ => args.judge.limits_mode,
        },
        exhaustive: args.exhaustive,
        shard: args.shard,
        ..args.judge.config(seed, jobs)
    };
    if args.judge.max_failures == 0 {
        return usage_error("--max-failures must be at least 1");
    }
    let visit = Check {
        candidate: &candidate,
        config,
        replay_file: &given_file,
        judge: &args.judge,
    };
    if !args.json {
        eprintln!("boardcheck: checking {} with seed {seed}", args.problem);
    }
    super::interrupt::started(super::interrupt::Running {
        seed,
        repeat: repeat_command(&argv, seed),
        json: args.json,
    });
    let (report, picture) = match on_problem(&args.problem, visit) {
        Ok(Ok(done)) => done,
        Ok(Err(e)) => return usage_error(e),
        Err(status) => return status,
    };
    INTERRUPTED.lock().map(|mut g| g.take()).ok();
    super::interrupt::finished();
    let hint = match args.command.first() {
        Some(program) => super::hints::process_per_case(&report.timings, program),
        None => None,
    };
    if !args.json && interactive() {
        eprint!("\r\x1b[K");
    }
    if let Some(detail) = &report.cannot_run {
        if args.json {
            print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&report).expect("a report serializes")
            ));
        }
        return usage_error(format!(
            "could not run the candidate: it fails the same way on the smallest input \
             as on the first, before answering anything (a set-up mistake, not a case to \
             shrink):\n{detail}"
        ));
    }
    // Every distinct failure is kept, so that each is replayed next time.
    if let Some(path) = &args.save {
        for f in &report.failures {
            let entry = saved_entry(&args.problem, seed, args.judge.multi, f);
            if let Err(e) = casefile::append(path, entry) {
                eprintln!("boardcheck: warning: could not save the failure: {e}");
            }
        }
    }
    if let Some(path) = &args.report {
        let page = boardcheck::harness::html::check_page(&report, &repeat_command(&argv, seed));
        if let Err(e) = std::fs::write(path, page) {
            eprintln!(
                "boardcheck: warning: could not write {}: {e}",
                path.display()
            );
        }
    }
    if args.json {
        // CLI.md's fields as they are, and beside them the repeat command,
        // the options in force and the timings.
        let mut json = serde_json::to_value(&report).expect("a report serializes");
        let total = started.elapsed().as_secs_f64();
        json["repeat"] = repeat_command(&argv, seed).into();
        if let Some(hint) = report.crash_hint() {
            json["failure"]["hint"] = hint.into();
        }
        json["options"] = options_json(&args, seed, jobs);
        json["timings"] = serde_json::to_value(&report.timings).expect("timings serialize");
        json["timings"]["total_seconds"] = total.into();
        json["timings"]["mean_ms_per_case"] = report.mean_ms_per_case().into();
        if let Some(hint) = &hint {
            json["hint"] = hint.clone().into();
        }
        print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&json).expect("a report serializes")
        ));
    } else {
        print(&report.render(&repeat_command(&argv, seed)));
        if let Some(picture) = picture {
            print(&format!("\n{picture}"));
        }
        if let Some(hint) = hint {
            eprintln!("boardcheck: {hint}");
        }
    }
    if report.failure.is_some() { 1 } else { 0 }
}
