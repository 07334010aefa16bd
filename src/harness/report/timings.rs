//! Where a check's time went: per phase, and per run of the case phase.

use serde::Serialize;

/// Where a check's time went: per phase, and per run of the case phase.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Timings {
    /// Seconds of each phase, in the order they ran.
    pub phases: PhaseSeconds,
    /// Cases one run of the case phase holds (1, or the `--multi` batch).
    pub cases_per_run: usize,
    /// The spread of the case phase's run times, in ms.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_run_ms: Option<Spread>,
    /// Every run of the case phase (given, generated or enumerated cases),
    /// in ms, in case order; left out beyond [`Timings::MAX_LISTED`] runs.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub run_ms: Vec<f64>,
    /// The runs of the case phase, listed or not.
    pub runs: u64,
}

impl Timings {
    /// The most run times [`Timings::run_ms`] lists.
    pub const MAX_LISTED: usize = 10_000;

    /// The mean time of one case in the case phase: a run's mean time
    /// over the cases it holds; `None` when the phase ran nothing.
    pub fn mean_ms_per_case(&self) -> Option<f64> {
        let mean = self.per_run_ms.as_ref()?.mean;
        Some(mean / self.cases_per_run.max(1) as f64)
    }

    /// The timings of the case phase's runs, `ms` in case order.
    pub fn of_runs(ms: &[f64], cases_per_run: usize) -> Timings {
        let round = |v: f64| (v * 1000.0).round() / 1000.0;
        let mut sorted: Vec<f64> = ms.iter().map(|&v| round(v)).collect();
        sorted.sort_by(f64::total_cmp);
        let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
        let per_run_ms = (!sorted.is_empty()).then(|| Spread {
            min: sorted[0],
            median: at(0.5),
            p90: at(0.9),
            max: sorted[sorted.len() - 1],
            mean: round(sorted.iter().sum::<f64>() / sorted.len() as f64),
        });
        Timings {
            phases: PhaseSeconds::default(),
            cases_per_run,
            per_run_ms,
            run_ms: if ms.len() <= Self::MAX_LISTED {
                ms.iter().map(|&v| round(v)).collect()
            } else {
                Vec::new()
            },
            runs: ms.len() as u64,
        }
    }
}

/// Seconds spent in each phase of a check (shrinking is inside the phase
/// that found the failure, and also counted on its own).
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct PhaseSeconds {
    /// `--replay` and `--vectors` inputs.
    pub given: f64,
    /// Generated or enumerated cases.
    pub cases: f64,
    /// The laws on generated cases (`--properties all`).
    pub laws: f64,
    /// The limits phase, with its laws.
    pub limits: f64,
    /// Confirming and shrinking the failure, if one was found.
    pub shrinking: f64,
    /// From the start of the check (for [`crate::Check`], its making) to
    /// the first run judged a failure (by a screen, or else by a full
    /// run), before it was confirmed or shrunk (not in the JSON report: a
    /// measure for benchmarks of time to failure).
    #[serde(skip)]
    pub first_failure: Option<f64>,
}

/// Order statistics of some times, in ms.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Spread {
    /// The fastest.
    pub min: f64,
    /// The middle one.
    pub median: f64,
    /// 90% are no slower than this.
    pub p90: f64,
    /// The slowest.
    pub max: f64,
    /// The mean.
    pub mean: f64,
}
