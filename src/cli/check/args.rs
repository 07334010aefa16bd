//! `check`'s options (clap), and the options `grade` shares with it.

use std::path::PathBuf;
use std::time::Duration;

use boardcheck::generation::{Shape, SizeRange};
use boardcheck::harness::check::{CheckConfig, LimitsMode, PropertiesMode};
use boardcheck::harness::process::SandboxMode;
use boardcheck::suite::Suite;
use clap::Args;

/// Options of `check`.
#[derive(Args)]
pub struct CheckArgs {
    /// The problem.
    pub problem: String,
    /// The seed of the generated cases (random if absent; always printed).
    #[arg(long)]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub judge: JudgeArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Candidate runs at once (default: the number of cores; with one job
    /// per core, each job's runs are pinned to a core of their own).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Instead of random cases, every case of up to K cells, in order of
    /// size: the first failure is minimal by construction.
    #[arg(long, value_name = "K")]
    pub exhaustive: Option<usize>,
    /// Print the machine-readable JSON report.
    #[arg(long)]
    pub json: bool,
    /// Add the minimal failing input to this case file on failure.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Run the inputs of this case file first (it must exist: a file
    /// `--save` wrote).
    #[arg(long)]
    pub replay: Option<PathBuf>,
    /// Run the candidate on this test-vector file (the format of a problem's vectors.toml)
    /// first; error vectors are for `solve` and are skipped, counted.
    #[arg(long, conflicts_with = "replay")]
    pub vectors: Option<PathBuf>,
    /// A Python function as the candidate, `FILE.py:NAME`, called with the
    /// seed's signature (docs/protocol.md, "Python functions"); served by
    /// long-lived Python processes over the jsonl protocol.
    #[arg(long, value_name = "FILE.py:NAME", conflicts_with_all = ["command", "multi"])]
    pub py_func: Option<String>,
    /// Only part I of N of the generated (or enumerated) cases: those
    /// whose position k has k % N == I-1, so N machines with the same seed
    /// run every case once; the limits phase runs in shard 1 only.
    /// `boardcheck merge` adds the shards' `--json` reports up.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<boardcheck::harness::check::Shard>,
    /// Colour in the human report: auto (on a terminal, unless NO_COLOR is
    /// set), always, never.
    #[arg(long, default_value = "auto", value_parser = ["auto", "always", "never"])]
    pub color: String,
    /// Also write the report as one standalone HTML page (boards drawn,
    /// differences highlighted).
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<PathBuf>,
    /// The candidate is an engine speaking the Go Text Protocol (for the
    /// problems played over GTP): one long-lived process per job, each case played as
    /// `boardsize`, `clear_board` and its commands one at a time, the board
    /// read back with `list_stones` or `showboard` (docs/gtp.md).
    #[arg(long, conflicts_with_all = ["py_func", "multi"])]
    pub gtp: bool,
    /// The one rule set the candidate plays (for a problem with rule
    /// sets to choose from), e.g. `ko=none|simple|positional|situational,suicide=forbidden|multi|all`,
    /// or a preset (`tromp-taylor`, `new-zealand`, `japanese`). Every case
    /// keeps it, shrinking included.
    #[arg(long, value_name = "SPEC")]
    pub rules: Option<String>,
    /// With --gtp: also write the minimal failing sequence as a GNU Go
    /// regression file (`.tst`, replayed by gogui-regress) here; with
    /// --save and without this, it goes next to the --save file.
    #[arg(long, value_name = "FILE.tst", requires = "gtp")]
    pub save_tst: Option<PathBuf>,
    /// With --gtp: after the cases, this many more played with the board
    /// read after every command, for the laws only an engine with state
    /// can break (undo restores the board, a refused play changes nothing,
    /// genmove's move is legal); 0: none.
    #[arg(long, default_value_t = boardcheck::harness::gtp::LAW_CASES, value_name = "N")]
    pub gtp_laws: usize,
    /// With --gtp: what to check whatever the engine lists (comma-separated):
    /// `undo` sends undo to an engine that does not list it (else sequences
    /// leave it out), `board` refuses an engine whose board cannot be read.
    #[arg(long, value_name = "undo,board", default_value = "", requires = "gtp")]
    pub gtp_require: boardcheck::harness::gtp::Require,
    /// The candidate command and its arguments, after `--`.
    #[arg(last = true, required_unless_present = "py_func", value_name = "CMD")]
    pub command: Vec<String>,
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
    /// the contract's maximum; `A..B` declares the smallest too. Every
    /// phase stays within it: random cases, the limits phase (which then
    /// tops out at this size), the laws and shrinking.
    #[arg(long, value_name = "N|A..B")]
    pub size: Option<SizeRange>,
    /// The one board the candidate plays, `RxC` (or `N`: N x N, or a row of
    /// N cells where the board is one row): every case
    /// has it, shrinking included. For engines of one board size.
    #[arg(long, value_name = "RxC")]
    pub shape: Option<String>,
    /// Keep checking after a failure until this many different failures
    /// are found (each shrunk and confirmed alone; a failing case that
    /// holds an earlier failure's input, or its mirror, turn or colour swap
    /// where the rules allow, is set aside; one whose shrunk case or
    /// signature matches an earlier one is not counted, and as many such
    /// repeats end the search). The first failure is found at the same
    /// case whatever this says.
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
        boardcheck::harness::options::shape::<P>(self.shape.as_deref())
    }

    /// The configuration of one check of `seed` with `jobs` runs at once;
    /// given inputs, progress and shards left at their defaults.
    pub fn config(&self, seed: u64, jobs: usize) -> CheckConfig {
        CheckConfig {
            cases: self.cases,
            seed,
            size: self.size.map(|r| r.max),
            min_size: self.size.and_then(|r| r.min),
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
}

fn parse_limits(text: &str) -> Result<LimitsMode, String> {
    text.parse()
}

fn parse_properties(text: &str) -> Result<PropertiesMode, String> {
    text.parse()
}

/// The limits of one candidate run, shared by `check`, `grade` and `scale`.
#[derive(Args, Clone)]
pub struct LimitArgs {
    /// Wall-time limit of one candidate run, in milliseconds.
    #[arg(long, default_value_t = 2000)]
    pub timeout_ms: u64,
    /// CPU-time limit of one candidate run (all its threads and processes
    /// together), in milliseconds; the wall-time limit if absent.
    #[arg(long)]
    pub cpu_ms: Option<u64>,
    /// Memory limit of one candidate run, in MiB (resident memory where
    /// cgroups are available, else address space).
    #[arg(long, default_value_t = 2048)]
    pub memory_mb: u64,
    /// Output cap of one candidate run, in KiB.
    #[arg(long, default_value_t = 65536)]
    pub output_kb: usize,
    /// Stack limit of each candidate process, in MiB (RLIMIT_STACK); raise
    /// it for a deep recursion, as judges do.
    #[arg(long, default_value_t = boardcheck::harness::process::DEFAULT_STACK_BYTES >> 20,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub stack_mb: u64,
    /// How to contain candidate runs: auto (the strongest this machine
    /// allows), strict (PID/network/mount namespaces and cgroups, or refuse
    /// to run), none (process group and rlimits only).
    #[arg(long, default_value = "auto", value_parser = parse_sandbox)]
    pub sandbox: SandboxMode,
}

fn parse_sandbox(text: &str) -> Result<SandboxMode, String> {
    text.parse()
}
