//! The result of a check: JSON for machines (docs/spec/cli.md), text for people.
//!
//! One job a file: this one the report and its failures; `timings.rs`
//! where the time went; `full.rs` what `check` shows beside docs/spec/cli.md's
//! fields; `summaries.rs` what each phase found and how a failure was
//! shrunk; `marks.rs` expected and got side by side, marked
//! where they differ; `text.rs` the report for people.

use serde::Serialize;

#[cfg(all(unix, feature = "process"))]
mod full;
mod marks;
mod summaries;
mod text;
mod timings;

#[cfg(all(unix, feature = "process"))]
pub use full::Beside;
pub use marks::{answer_head, mark_differences, program_of};
pub use summaries::{FoundBy, GivenSummary, PropertiesSummary, Shrink};
pub use timings::{PhaseSeconds, Spread, Timings};

use super::verdict::{Origin, Status, Verdict};
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
    /// Why the candidate could not run at all (status `error`): its exit
    /// status and the end of its stderr, the same on the smallest input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cannot_run: Option<String>,
    /// Where the time went; `--json` shows it beside docs/spec/cli.md's fields.
    #[serde(skip)]
    pub timings: Timings,
    /// The stack limit of the candidate's processes in bytes, if it runs
    /// in processes of its own (the crash hint names it).
    #[serde(skip)]
    pub stack_bytes: Option<u64>,
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
    /// Where the case came from.
    pub origin: Origin,
    /// For a failure at the limits: the pattern and where it starts failing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_limits: Option<AtLimits>,
    /// For a failure a law found on the candidate's answers: which law.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found_by: Option<FoundBy>,
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
