//! The result of a check: JSON for machines (docs/spec/cli.md), text for people.
//!
//! One job a file: this one the report and its failures; `timings.rs`
//! where the time went; `full.rs` what `check` shows beside docs/spec/cli.md's
//! fields; `summaries.rs` what each phase found and how a failure was
//! shrunk; `marks.rs` expected and got side by side, marked
//! where they differ; `plain.rs` the report for people, as plain text.

use serde::Serialize;

#[cfg(all(unix, feature = "process"))]
mod full;
mod marks;
mod plain;
mod summaries;
mod timings;

#[cfg(all(unix, feature = "process"))]
pub use full::Beside;
pub use marks::{mark_differences, program_of};
pub use summaries::{BrokenLaw, FoundBy, GivenSummary, GtpLaws, PropertiesSummary, Shrink};
pub use timings::{PhaseSeconds, Spread, Timings};

use super::verdict::{Origin, Status, Verdict};

/// Sizes a projection needs well above the start-up cost: two points fit
/// any exponent exactly, so a third is the first that can disagree. (Here,
/// below the limits phase that fits and the report that says so.)
pub(in crate::harness) const PROJECTION_SIZES: usize = 3;
use crate::generation::Reference;

/// What a check found.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    /// The problem's name.
    pub problem: String,
    /// The seed the cases came from.
    pub seed: u64,
    /// Pass or fail.
    pub status: Status,
    /// Cases run before stopping (given ones included).
    pub cases: u64,
    /// How candidate runs were contained, e.g. `namespaces+cgroups`.
    pub sandbox: String,
    /// The cases checked, as declared (`--size`, `--shape`), in words.
    pub domain: String,
    /// The limits phase: every worst-case pattern at growing sizes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub limits: Vec<LimitCase>,
    /// The laws checked on the candidate's own answers (`--properties`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub properties: Option<PropertiesSummary>,
    /// The GTP laws (`--gtp-laws`), when the candidate is a GTP engine.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gtp_laws: Option<GtpLaws>,
    /// The given inputs (`--replay`, `--vectors`): how many ran, which were skipped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub given: Option<GivenSummary>,
    /// The minimal failure, when one was found: the first of `failures`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<Failure>,
    /// Every distinct failure found (`--max-failures`), each shrunk and
    /// confirmed alone.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub failures: Vec<Failure>,
    /// Why the candidate could not run at all (status `error`), a set-up
    /// mistake: a first line that says what was seen and what to do, then
    /// the evidence, if any (the run's detail: its exit status and the end
    /// of its stderr). [`cannot_run_parts`] splits them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cannot_run: Option<String>,
    /// Time-outs that answered in time when run again alone: a busy
    /// machine's noise, counted here and never reported as TLE.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slow_once: Option<SlowOnce>,
    /// Failing cases not reported because they are a reported failure
    /// again (`--max-failures`): they hold its input, or its image under
    /// the problem's symmetries, or share its signature.
    #[serde(skip_serializing_if = "is_zero")]
    pub set_aside: u64,
    /// Where the time went; `--json` shows it beside docs/spec/cli.md's fields.
    #[serde(skip)]
    pub timings: Timings,
    /// The stack limit of the candidate's processes in bytes, if it runs
    /// in processes of its own (the crash hint names it).
    #[serde(skip)]
    pub stack_bytes: Option<u64>,
    /// How the problem's answers read their first line, for the renderers.
    #[serde(skip)]
    pub answer_form: AnswerForm,
}

/// [`Report::cannot_run`] in its two parts: what was seen (its first
/// line) and the evidence (the lines after it, empty if none).
///
/// ```
/// use boardcheck::harness::report::cannot_run_parts;
/// let why = "it crashes alike on every input\nexit status 1; stderr: boom";
/// assert_eq!(
///     cannot_run_parts(why),
///     ("it crashes alike on every input", "exit status 1; stderr: boom")
/// );
/// assert_eq!(cannot_run_parts("no such program"), ("no such program", ""));
/// ```
pub fn cannot_run_parts(why: &str) -> (&str, &str) {
    why.split_once('\n').unwrap_or((why, ""))
}

/// How a problem's answers are drawn, handed to the report by whoever
/// knows the problem (the check, or the command line for an interim
/// report): the renderers look nothing up by name. A function of the
/// problem, so two reports of the same `problem` have the same one: it takes
/// no part in comparing reports (function pointers do not compare reliably).
#[derive(Clone, Copy, Default)]
pub struct AnswerForm {
    /// How the first line reads when it is not a board row
    /// ([`crate::generation::Extras::answer_head`]).
    pub head: Option<fn(&str) -> Option<String>>,
    /// Whether answers are lines of replies, never drawn as boards
    /// ([`crate::generation::Extras::answers_are_lines`]).
    pub lines: bool,
}

impl AnswerForm {
    /// `P`'s form, from its extras ([`crate::generation::Generate::extras`]).
    pub fn of<P: crate::problem::Problem>(extras: &crate::generation::Extras<P>) -> AnswerForm {
        AnswerForm {
            head: extras.answer_head,
            lines: extras.answers_are_lines,
        }
    }
}

impl PartialEq for AnswerForm {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for AnswerForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnswerForm")
            .field("head", &self.head.is_some())
            .field("lines", &self.lines)
            .finish()
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Time-outs seen once and not again: how many, and the slowest of their
/// lone re-runs.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SlowOnce {
    /// Runs that timed out and then passed when run again alone.
    pub runs: u64,
    /// The time limit they were killed at, in ms.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit_ms: Option<u64>,
    /// The slowest of the re-runs that passed, in ms.
    pub worst_rerun_ms: f64,
}

impl SlowOnce {
    /// The noise of `reruns` (ms each) under the time limit `limit`.
    pub fn of(reruns: &[f64], limit: Option<std::time::Duration>) -> SlowOnce {
        SlowOnce {
            runs: reruns.len() as u64,
            limit_ms: limit.map(|l| l.as_millis() as u64),
            worst_rerun_ms: (reruns.iter().copied().fold(0.0, f64::max) * 10.0).round() / 10.0,
        }
    }
}

/// A failing case, confirmed by one run of exactly `input`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Failure {
    /// What the candidate did.
    pub verdict: Verdict,
    /// The failing input, exactly as fed to the candidate in the run
    /// that confirmed it.
    pub input: String,
    /// The reference answer.
    pub expected: String,
    /// Which solver gave it: the oracle, or the engine beyond the oracle's reach.
    pub reference: Reference,
    /// What the candidate wrote.
    pub got: String,
    /// How many smaller failing inputs the shrinker stepped through.
    pub shrink_steps: u64,
    /// How many candidate runs shrinking spent.
    pub shrink_runs: u64,
    /// Whether the input is minimal, and if not why.
    pub shrink: Shrink,
    /// Exit status, signal, stderr or parse error, when there is one.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub detail: String,
    /// The size of the minimal input, e.g. `3 cells, 1 placement`.
    pub size: String,
    /// The same size as numbers, as the problem's enumeration orders
    /// inputs (cells, then moves), where it has one: `merge` puts the
    /// smallest of the shards' failures first by it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size_key: Option<[u64; 2]>,
    /// Where the case came from.
    pub origin: Origin,
    /// For a failure at the limits: the pattern and where it starts failing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_limits: Option<AtLimits>,
    /// For a failure a law found on the candidate's answers: which law.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found_by: Option<FoundBy>,
    /// The number of the case (from 1, in the order the check ran them)
    /// whose run first showed this failure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found_at: Option<u64>,
    /// For a verdict that depends on time (TLE): how it was confirmed
    /// before it was reported.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirmed: Option<String>,
    /// For a GTP engine: the failing sequence replayed on a fresh engine,
    /// made by the check from the typed case (not read back from `input`).
    #[serde(skip)]
    pub replayed: Option<Replayed>,
}

/// A failing GTP sequence replayed on a fresh engine.
#[derive(Clone, Debug, PartialEq)]
pub struct Replayed {
    /// Command by command, the boards where they first differ and the
    /// replay line: shown in the human report in place of the answers.
    pub text: String,
    /// The sequence as a GNU Go regression file (`.tst`).
    pub tst: String,
    /// When every reply of the replay is right under another of the
    /// problem's rule sets: which, in words the failure's detail adds.
    pub convention: Option<String>,
}

/// Where a worst-case pattern starts failing.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct AtLimits {
    /// The pattern's name.
    pub pattern: String,
    /// The smallest size found failing (the reported input's size).
    pub fails_from: usize,
    /// The largest size found passing below it, if any ran.
    pub passes_at: Option<usize>,
    /// The unit of the sizes.
    pub unit: String,
    /// How long the run at `passes_at` took, in seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub passes_in: Option<f64>,
    /// The time limit each run had, in ms, if the candidate has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit_ms: Option<u64>,
    /// The running time at the contract's maximum, fitted on the runs that
    /// passed (as `boardcheck scale` does).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub projected: Option<Projection>,
}

/// A fitted running time at the contract's maximum.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Projection {
    /// The contract's maximum size, in the problem's unit.
    pub size: usize,
    /// Seconds at the maximum size.
    pub seconds_at_max: f64,
    /// The fitted exponent of time against size.
    pub exponent: f64,
    /// How many passing runs the fit used.
    pub from_runs: usize,
}

/// One case of the limits phase: a pattern at a size, and how it went.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LimitCase {
    /// The pattern's name.
    pub pattern: String,
    /// Its size, in the problem's unit.
    pub size: usize,
    /// The verdict.
    pub verdict: Verdict,
    /// Wall time of the candidate's run.
    pub seconds: f64,
    /// Which solver gave the reference answer.
    pub reference: Reference,
}
