//! How a check runs: its configuration, below everything that runs
//! candidates (so a GTP candidate can fit it without reaching up).

use std::sync::Arc;
use std::time::Duration;

use super::casefile::Entry;
use super::report::Failure;
use super::verdict::Origin;
use crate::generation::{Domain, LeftOut, Shape, Shard};

/// Called with (cases done, cases in all) as a check goes on.
pub type Progress = Arc<dyn Fn(u64, u64) + Send + Sync>;

/// Called with the smallest confirmed failure so far, while shrinking.
pub type OnFailure = Arc<dyn Fn(&Failure) + Send + Sync>;

/// How a check runs.
#[derive(Clone)]
pub struct CheckConfig {
    /// How many generated cases to run.
    pub cases: u64,
    /// The seed of the generated cases.
    pub seed: u64,
    /// The largest case the candidate plays, in the problem's unit
    /// (`--size`; `None`: the contract's). Every phase stays within it:
    /// random cases, the limits phase, the laws and shrinking.
    pub size: Option<usize>,
    /// The smallest case the candidate plays (`--size A..B`), likewise.
    pub min_size: Option<usize>,
    /// What the candidate cannot be asked, found by asking it (a GTP
    /// engine's refused board sizes, its missing `undo`), likewise.
    pub left_out: LeftOut,
    /// The one board shape the candidate plays (`--shape`), likewise kept
    /// by every phase.
    pub shape: Option<Shape>,
    /// The one rule set the candidate plays (`--rules`), likewise kept.
    pub rules: Option<u32>,
    /// Most distinct failures to find and report (`--max-failures`); the
    /// check goes on after each until it has this many.
    pub max_failures: usize,
    /// Candidate runs at once.
    pub jobs: usize,
    /// Most candidate runs spent shrinking a failure.
    pub max_shrink_runs: usize,
    /// Most candidate runs spent shrinking a time-out (each costs a full
    /// time limit).
    pub max_tle_shrink_runs: usize,
    /// Most wall time spent shrinking.
    pub max_shrink_time: Duration,
    /// Told how far the check is, e.g. to draw a progress bar.
    pub progress: Option<Progress>,
    /// Told of every smaller confirmed failure while shrinking (for a
    /// progress line, and so an interrupted run can still print one).
    pub on_failure: Option<OnFailure>,
    /// Inputs to run before the generated ones, with where they come from.
    pub given: Vec<Entry>,
    /// Where the given inputs come from.
    pub given_origin: Origin,
    /// Whether to run the worst-case patterns at the contract's limits.
    pub limits: LimitsMode,
    /// Only this pattern in the limits phase.
    pub pattern: Option<String>,
    /// Where the laws run on the candidate's own answers.
    pub properties: PropertiesMode,
    /// Instead of generated cases, every case of up to this many cells.
    pub exhaustive: Option<usize>,
    /// Given inputs left out before the check, and why (e.g. error vectors).
    pub given_skipped: Vec<String>,
    /// `Some(Shard { index, count })`: only the generated (or enumerated)
    /// cases whose position `k` has `k % count == index` (`--shard I/N`,
    /// I = index + 1); the shards of one seed together run every case once.
    pub shard: Option<Shard>,
}

impl CheckConfig {
    /// The declared domain: `size` and `shape`.
    pub fn domain(&self) -> Domain {
        Domain {
            size: self.size,
            min_size: self.min_size,
            left_out: self.left_out,
            shape: self.shape,
            rules: self.rules,
        }
    }
}

impl Default for CheckConfig {
    fn default() -> Self {
        CheckConfig {
            cases: 1000,
            seed: 0,
            size: None,
            min_size: None,
            left_out: LeftOut::default(),
            shape: None,
            rules: None,
            max_failures: 1,
            jobs: crate::limits::cores(),
            max_shrink_runs: 2000,
            max_tle_shrink_runs: 8,
            max_shrink_time: Duration::from_secs(60),
            progress: None,
            on_failure: None,
            given: Vec::new(),
            given_origin: Origin::Replayed,
            given_skipped: Vec::new(),
            limits: LimitsMode::On,
            pattern: None,
            properties: PropertiesMode::Beyond,
            exhaustive: None,
            shard: None,
        }
    }
}

/// Whether a check runs the limits phase: the problem's worst-case
/// patterns at sizes growing to the contract's maximum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitsMode {
    /// Small cases only.
    Off,
    /// Small cases, then the limits (the default).
    On,
    /// The limits only.
    Only,
}

impl std::str::FromStr for LimitsMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "off" => Ok(LimitsMode::Off),
            "on" => Ok(LimitsMode::On),
            "only" => Ok(LimitsMode::Only),
            _ => Err(format!(
                "unknown limits mode {s:?} (expected on, off or only)"
            )),
        }
    }
}

/// Where a check runs the properties on the candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PropertiesMode {
    /// Never.
    Off,
    /// On the limits cases the oracle cannot answer (the default).
    Beyond,
    /// On every generated case and every limits case.
    All,
}

impl std::str::FromStr for PropertiesMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "off" => Ok(PropertiesMode::Off),
            "beyond" => Ok(PropertiesMode::Beyond),
            "all" => Ok(PropertiesMode::All),
            _ => Err(format!(
                "unknown properties mode {s:?} (expected beyond, all or off)"
            )),
        }
    }
}
