//! Running time against size (`boardcheck scale`): the fixed cost of a run
//! measured first (a program's start-up), then one pattern run at doubling
//! sizes up to the contract's largest, each size repeated to show the
//! noise, a power law fitted to the time past the fixed cost on the sizes
//! well above it, and the time it projects at the contract's maximum. A
//! run that crashes or times out ends the sizes, and nothing is projected
//! past it.
//!
//! Generic: what is timed (an external program, the engine, the oracle) is
//! a function from a case to its running time, or the [`Fault`] that ended
//! it. [`in_process`] makes one for a Rust function.
//!
//! One job a file: this one the results; `fit.rs` the power law and its
//! reading; `timers.rs` what times a case (a Rust function, an external
//! program); `sizes.rs` the doubling sizes, their runs and when to stop;
//! `render.rs` the table for people.

use std::time::Duration;

use serde::Serialize;

mod fit;
mod render;
mod sizes;
#[cfg(test)]
mod tests;
mod timers;

pub use fit::{Fit, fit, fit_past_start_up, fitted, reading, schedule};
pub use render::human_seconds;
pub use sizes::{START_UP_RUNS, scale, well_above};
#[cfg(all(unix, feature = "process"))]
pub use timers::external;
pub use timers::{Clock, in_process};

/// How long [`scale`] may spend and how long one run may take.
#[derive(Clone, Debug)]
pub struct ScaleConfig {
    /// All runs of one pattern together (case building included).
    pub budget: Duration,
    /// One run; a run over it is the last, and the projection at the
    /// largest size is compared with it.
    pub time_limit: Duration,
}

impl Default for ScaleConfig {
    fn default() -> Self {
        ScaleConfig {
            budget: Duration::from_secs(20),
            time_limit: Duration::from_millis(2000),
        }
    }
}

/// Why a run gave no time.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Fault {
    /// Still running at the time limit.
    TimedOut,
    /// Ended other than with exit status 0.
    Crashed {
        /// How: `SIGSEGV`, `exit status 1`, `memory limit`, ...
        how: String,
        /// The last line of its stderr, if any.
        said: String,
    },
}

impl Fault {
    /// The fault in words, e.g. `crashed (SIGSEGV)`.
    pub fn describe(&self, limit_seconds: f64) -> String {
        match self {
            Fault::TimedOut => format!("timed out (over {})", human_seconds(limit_seconds)),
            Fault::Crashed { how, said } if said.is_empty() => format!("crashed ({how})"),
            Fault::Crashed { how, said } => format!("crashed ({how}: {said})"),
        }
    }
}

/// One measured size: the fastest of its runs, and the slowest.
#[derive(Clone, Debug, Serialize)]
pub struct Point {
    /// The size, in the problem's unit.
    pub size: usize,
    /// The time of the fastest run, in seconds: noise only adds time.
    pub seconds: f64,
    /// The time of the slowest run, in seconds.
    pub max_seconds: f64,
    /// How many runs.
    pub runs: usize,
    /// Whether the fit uses this point.
    pub fitted: bool,
}

impl Point {
    /// The slowest run over the fastest, less one: 0.1 is 10 % apart.
    pub fn spread(&self) -> f64 {
        if self.seconds > 0.0 {
            self.max_seconds / self.seconds - 1.0
        } else {
            0.0
        }
    }
}

/// Why the sizes stopped where they did.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "why", rename_all = "kebab-case")]
pub enum Stop {
    /// Every size up to the largest was run.
    MaxSize,
    /// The next size would not have fitted in what was left of the budget.
    Budget {
        /// The size not run.
        next: usize,
    },
    /// The next size was projected well over the time limit.
    Projected {
        /// The size not run.
        next: usize,
        /// Its projected time.
        seconds: f64,
    },
    /// The fastest run at this size took longer than the time limit.
    OverLimit {
        /// That size.
        size: usize,
    },
    /// A run at this size crashed or timed out.
    Failed {
        /// That size.
        size: usize,
        /// What happened.
        fault: Fault,
    },
}

impl Stop {
    /// The size a run failed or went over the limit at: nothing is
    /// projected past it.
    pub fn failed_at(&self) -> Option<usize> {
        match self {
            Stop::OverLimit { size } | Stop::Failed { size, .. } => Some(*size),
            _ => None,
        }
    }
}

/// What [`scale`] found for one pattern.
#[derive(Clone, Debug, Serialize)]
pub struct Scaling {
    /// The pattern's name.
    pub pattern: String,
    /// The fixed cost of a run: the smallest size, run [`START_UP_RUNS`]
    /// times (None if it failed there).
    pub start_up: Option<Point>,
    /// The sizes measured and their times, in order (the start-up's first).
    pub points: Vec<Point>,
    /// The fitted exponent (None with fewer than two points well above
    /// the start-up).
    pub exponent: Option<f64>,
    /// The fit's R².
    pub r2: Option<f64>,
    /// The exponent in words, e.g. `linear in cells`.
    pub reading: String,
    /// The fitted time at [`Generate::MAX_SIZE`](crate::generation::Generate::MAX_SIZE), in seconds; None past a
    /// failure.
    pub projected_seconds_at_max: Option<f64>,
    /// Whether that is over the time limit.
    pub over_limit: Option<bool>,
    /// The fastest time measured at [`Generate::MAX_SIZE`](crate::generation::Generate::MAX_SIZE), if it was run.
    pub measured_seconds_at_max: Option<f64>,
    /// The time limit, in seconds.
    pub limit_seconds: f64,
    /// [`Generate::MAX_SIZE`](crate::generation::Generate::MAX_SIZE): the contract's maximum.
    pub max_size: usize,
    /// [`Generate::SIZE_UNIT`](crate::generation::Generate::SIZE_UNIT).
    pub unit: &'static str,
    /// Why the sizes stopped.
    pub stopped: Stop,
    /// The fit itself.
    #[serde(skip)]
    pub fit: Option<Fit>,
}
