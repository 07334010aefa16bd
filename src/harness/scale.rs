//! Running time against size (`boardcheck scale`): one pattern run at
//! doubling sizes up to the contract's largest, a power law fitted to the
//! times, and the time it projects at the largest size.
//!
//! Generic: what is timed (an external program, the engine, the oracle) is
//! a function from a case to its running time, `None` when it timed out or
//! failed. [`in_process`] makes one for a Rust function.

use std::time::{Duration, Instant};

use serde::Serialize;

use super::candidate::External;
use super::process::{self, Exit};
use crate::generation::{Generate, Pattern};
use crate::problem::{Problem, case_text};

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

/// One measured size.
#[derive(Clone, Debug, Serialize)]
pub struct Point {
    /// The size, in the problem's unit.
    pub size: usize,
    /// The time of one run, in seconds.
    pub seconds: f64,
    /// Whether the fit uses this point.
    pub fitted: bool,
}

/// `seconds ≈ fixed + coefficient · size^exponent`, by least squares on the
/// logs of `seconds - fixed`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Fit {
    /// A fixed cost of every run (a program's start-up), in seconds; 0
    /// unless [`fit_past_start_up`] took one off.
    pub fixed: f64,
    /// The exponent `e`.
    pub exponent: f64,
    /// The factor `c`, in seconds.
    pub coefficient: f64,
    /// The coefficient of determination of the fit on the logs.
    pub r2: f64,
}

impl Fit {
    /// The fitted time at `size`, in seconds.
    pub fn at(&self, size: usize) -> f64 {
        self.fixed + self.coefficient * (size as f64).powf(self.exponent)
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
    /// The last measured size took longer than the time limit.
    OverLimit {
        /// That size.
        size: usize,
    },
    /// The run at this size timed out or failed.
    Failed {
        /// That size.
        size: usize,
    },
}

/// What [`scale`] found for one pattern.
#[derive(Clone, Debug, Serialize)]
pub struct Scaling {
    /// The pattern's name.
    pub pattern: String,
    /// The sizes measured and their times, in order.
    pub points: Vec<Point>,
    /// The fitted exponent (None with fewer than two points).
    pub exponent: Option<f64>,
    /// The fit's R².
    pub r2: Option<f64>,
    /// The exponent in words, e.g. `linear in cells`.
    pub reading: String,
    /// The fitted time at [`Generate::MAX_SIZE`], in seconds.
    pub projected_seconds_at_max: Option<f64>,
    /// Whether that is over the time limit.
    pub over_limit: Option<bool>,
    /// The time measured at [`Generate::MAX_SIZE`], if it was run.
    pub measured_seconds_at_max: Option<f64>,
    /// The time limit, in seconds.
    pub limit_seconds: f64,
    /// [`Generate::MAX_SIZE`].
    pub max_size: usize,
    /// [`Generate::SIZE_UNIT`].
    pub unit: &'static str,
    /// Why the sizes stopped.
    pub stopped: Stop,
    /// The fit itself.
    #[serde(skip)]
    pub fit: Option<Fit>,
}

/// The sizes tried, in order: from the larger of 1 and `max / 2^20`,
/// doubling while below `max`, then `max` itself.
pub fn schedule(max: usize) -> Vec<usize> {
    let max = max.max(1);
    let mut sizes = Vec::new();
    let mut size = (max >> 20).max(1);
    while size < max {
        sizes.push(size);
        size = size.saturating_mul(2);
    }
    sizes.push(max);
    sizes
}

/// Least squares of `ln seconds` on `ln size`; None with fewer than two
/// distinct sizes or a time that is not positive.
pub fn fit(points: &[(usize, f64)]) -> Option<Fit> {
    if points
        .iter()
        .any(|&(s, t)| s == 0 || t <= 0.0 || !t.is_finite())
    {
        return None;
    }
    let logs: Vec<(f64, f64)> = points
        .iter()
        .map(|&(s, t)| ((s as f64).ln(), t.ln()))
        .collect();
    let n = logs.len() as f64;
    let mean_x = logs.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = logs.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = logs.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    let sxy: f64 = logs.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    let syy: f64 = logs.iter().map(|p| (p.1 - mean_y).powi(2)).sum();
    if logs.len() < 2 || sxx <= 0.0 {
        return None;
    }
    let exponent = sxy / sxx;
    let intercept = mean_y - exponent * mean_x;
    let residual: f64 = logs
        .iter()
        .map(|p| (p.1 - intercept - exponent * p.0).powi(2))
        .sum();
    // Constant times (to rounding) are fitted perfectly by e = 0.
    let r2 = if syy > 1e-12 {
        1.0 - residual / syy
    } else {
        1.0
    };
    Some(Fit {
        fixed: 0.0,
        exponent,
        coefficient: intercept.exp(),
        r2,
    })
}

/// [`fit`] of the time above `start_up` (the time at the smallest size:
/// a program's start-up, paid by every run), when every point is at least
/// 4 times it; else [`fit`] as it is. Without this a linear program that
/// starts in 0.1 s and runs 0.4 s at the largest size reads sublinear.
/// Times close to the start-up (a constant-time solver) are not taken
/// apart: their differences would be noise.
pub fn fit_past_start_up(points: &[(usize, f64)], start_up: f64) -> Option<Fit> {
    let well_above =
        points.len() >= 2 && start_up > 0.0 && points.iter().all(|&(_, t)| t >= 4.0 * start_up);
    if !well_above {
        return fit(points);
    }
    let above: Vec<(usize, f64)> = points.iter().map(|&(s, t)| (s, t - start_up)).collect();
    fit(&above).map(|f| Fit {
        fixed: start_up,
        ..f
    })
}

/// Which points the fit uses: those whose time is at least 4 times the
/// smallest measured one (well above a program's start-up time or a call's
/// fixed cost), and at least the last 3 however small.
pub fn fitted(seconds: &[f64]) -> Vec<bool> {
    let smallest = seconds.iter().copied().fold(f64::INFINITY, f64::min);
    let keep_from = seconds.len().saturating_sub(3);
    seconds
        .iter()
        .enumerate()
        .map(|(i, &t)| i >= keep_from || t >= 4.0 * smallest)
        .collect()
}

/// The exponent in words. The bands are wide because a measured exponent
/// is: n log n over sizes 2^10..2^20 measures about 1.1, and so can a
/// linear solver whose data outgrows the caches.
pub fn reading(exponent: f64) -> &'static str {
    match exponent {
        e if e < 0.3 => "constant",
        e if e < 0.75 => "sublinear",
        e if e < 1.12 => "linear",
        e if e < 1.35 => "n log n, or linear slowed by the caches",
        e if e < 1.75 => "between n log n and quadratic",
        e if e < 2.4 => "quadratic",
        e if e < 3.4 => "cubic",
        _ => "worse than cubic",
    }
}

/// Repeats shorter calls until a sample lasts this long.
const MIN_SAMPLE: Duration = Duration::from_millis(20);

/// Times a Rust function in process: one call, repeated until the calls
/// together last at least 20 ms; the time of one call. The calls run on a
/// thread of their own: past `limit` they are given up (`None`) and the
/// thread is left to finish on its own, since a thread cannot be killed
/// (the command's exit ends it).
pub fn in_process<P: Problem>(
    solve: fn(&P::Case) -> P::Answer,
    limit: Duration,
) -> impl FnMut(&P::Case) -> Option<Duration> {
    move |case| {
        let case = case.clone();
        let (done, timed) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let started = Instant::now();
            let mut calls = 0u32;
            loop {
                std::hint::black_box(solve(std::hint::black_box(&case)));
                calls += 1;
                let took = started.elapsed();
                if took >= MIN_SAMPLE || calls == u32::MAX {
                    let _ = done.send(took / calls);
                    return;
                }
            }
        });
        timed.recv_timeout(limit + MIN_SAMPLE).ok()
    }
}

/// Times an external program: the wall time of one run on the case's text,
/// start-up included; `None` if it timed out, crashed or could not start.
pub fn external<P: Problem>(candidate: &External) -> impl FnMut(&P::Case) -> Option<Duration> + '_ {
    move |case| {
        let input = case_text::<P>(case);
        match process::run(&candidate.argv, input.as_bytes(), &candidate.limits) {
            Ok(run) if run.exit == Exit::Code(0) => Some(run.elapsed),
            _ => None,
        }
    }
}

/// The growth between the last two of `values` as an exponent of the size,
/// clamped to `1..=20`: how the next size is projected.
fn local_exponent(sizes: &[usize], values: &[f64]) -> f64 {
    match (sizes, values) {
        ([.., s0, s1], [.., v0, v1]) if *v0 > 0.0 && *v1 > 0.0 && s1 > s0 => {
            ((v1 / v0).ln() / (*s1 as f64 / *s0 as f64).ln()).clamp(1.0, 20.0)
        }
        _ => 1.0,
    }
}

/// Runs `pattern` at the sizes of [`schedule`], timing each case with
/// `time`, until the largest size, the budget, a run over the time limit,
/// or a failure; then fits the times.
pub fn scale<P: Generate>(
    pattern: &Pattern<P>,
    mut time: impl FnMut(&P::Case) -> Option<Duration>,
    config: &ScaleConfig,
) -> Scaling {
    let started = Instant::now();
    let limit = config.time_limit.as_secs_f64();
    let mut sizes: Vec<usize> = Vec::new();
    let mut seconds: Vec<f64> = Vec::new();
    // What each size cost in all: building the case and every repeat.
    let mut costs: Vec<f64> = Vec::new();
    let mut stopped = Stop::MaxSize;
    for size in schedule(P::MAX_SIZE) {
        if let (Some(&last), Some(&cost), Some(&t)) = (sizes.last(), costs.last(), seconds.last()) {
            let ratio = size as f64 / last as f64;
            let remaining = config
                .budget
                .saturating_sub(started.elapsed())
                .as_secs_f64();
            if cost * ratio.powf(local_exponent(&sizes, &costs)) > remaining {
                stopped = Stop::Budget { next: size };
                break;
            }
            let projected = t * ratio.powf(local_exponent(&sizes, &seconds));
            if projected > 2.0 * limit {
                stopped = Stop::Projected {
                    next: size,
                    seconds: projected,
                };
                break;
            }
        }
        let began = Instant::now();
        let case = (pattern.build)(size);
        let took = time(&case);
        drop(case);
        let Some(took) = took else {
            stopped = Stop::Failed { size };
            break;
        };
        sizes.push(size);
        seconds.push(took.as_secs_f64());
        costs.push(began.elapsed().as_secs_f64());
        if took > config.time_limit {
            stopped = Stop::OverLimit { size };
            break;
        }
    }
    let used = fitted(&seconds);
    let chosen: Vec<(usize, f64)> = sizes
        .iter()
        .zip(&seconds)
        .zip(&used)
        .filter(|(_, used)| **used)
        .map(|((&s, &t), _)| (s, t))
        .collect();
    let start_up = seconds.iter().copied().fold(f64::INFINITY, f64::min);
    let the_fit = fit_past_start_up(&chosen, start_up);
    let projected = the_fit.map(|f| f.at(P::MAX_SIZE));
    Scaling {
        pattern: pattern.name.to_string(),
        points: sizes
            .iter()
            .zip(&seconds)
            .zip(&used)
            .map(|((&size, &seconds), &fitted)| Point {
                size,
                seconds,
                fitted,
            })
            .collect(),
        exponent: the_fit.map(|f| f.exponent),
        r2: the_fit.map(|f| f.r2),
        reading: match the_fit {
            Some(f) => format!("{} in {}", reading(f.exponent), P::SIZE_UNIT),
            None => "too few points to fit".to_string(),
        },
        projected_seconds_at_max: projected,
        over_limit: projected.map(|p| p > limit),
        measured_seconds_at_max: sizes
            .last()
            .filter(|&&s| s == P::MAX_SIZE)
            .and(seconds.last().copied()),
        limit_seconds: limit,
        max_size: P::MAX_SIZE,
        unit: P::SIZE_UNIT,
        stopped,
        fit: the_fit,
    }
}

/// A time for people: three significant digits and a unit.
pub fn human_seconds(seconds: f64) -> String {
    let (value, unit) = match seconds {
        s if s >= 1.0 => (s, "s"),
        s if s >= 1e-3 => (s * 1e3, "ms"),
        s if s >= 1e-6 => (s * 1e6, "µs"),
        s => (s * 1e9, "ns"),
    };
    let digits = match value {
        v if v >= 100.0 => 0,
        v if v >= 10.0 => 1,
        _ => 2,
    };
    format!("{value:.digits$} {unit}")
}

impl Scaling {
    /// `OVER` or `within`, for a time against the limit.
    fn against_limit(&self, seconds: f64) -> &'static str {
        if seconds > self.limit_seconds {
            "OVER"
        } else {
            "within"
        }
    }

    /// The table and the fit, for people.
    pub fn render(&self) -> String {
        let mut out = format!(
            "pattern {} (size in {}, at most {})\n  {:>12}  {:>10}\n",
            self.pattern, self.unit, self.max_size, "size", "time"
        );
        for p in &self.points {
            out.push_str(&format!(
                "  {:>12}  {:>10}{}\n",
                p.size,
                human_seconds(p.seconds),
                if p.fitted { "  *" } else { "" }
            ));
        }
        match &self.stopped {
            Stop::MaxSize => {}
            Stop::Budget { next } => {
                out.push_str(&format!("  stopped before {next}: the budget is spent\n"));
            }
            Stop::Projected { next, seconds } => out.push_str(&format!(
                "  stopped before {next}: projected {}, over the {} limit\n",
                human_seconds(*seconds),
                human_seconds(self.limit_seconds)
            )),
            Stop::OverLimit { size } => out.push_str(&format!(
                "  stopped at {size}: over the {} limit\n",
                human_seconds(self.limit_seconds)
            )),
            Stop::Failed { size } => out.push_str(&format!(
                "  stopped at {size}: timed out (over {}) or failed\n",
                human_seconds(self.limit_seconds)
            )),
        }
        match (self.fit, self.projected_seconds_at_max) {
            (Some(fit), Some(projected)) => {
                let fitted = self.points.iter().filter(|p| p.fitted).count();
                let past = if fit.fixed > 0.0 {
                    format!(
                        ", of the time past a start-up of {}",
                        human_seconds(fit.fixed)
                    )
                } else {
                    String::new()
                };
                out.push_str(&format!(
                    "  exponent {:.2} (R² {:.3}, over the {fitted} points marked *{past}): {}\n",
                    fit.exponent, fit.r2, self.reading
                ));
                out.push_str(&format!(
                    "  projected at {} {}: {} ({} the {} limit)\n",
                    self.max_size,
                    self.unit,
                    human_seconds(projected),
                    self.against_limit(projected),
                    human_seconds(self.limit_seconds)
                ));
            }
            _ => out.push_str(&format!("  {}\n", self.reading)),
        }
        if let Some(measured) = self.measured_seconds_at_max {
            out.push_str(&format!(
                "  measured at {} {}: {} ({} the limit)\n",
                self.max_size,
                self.unit,
                human_seconds(measured),
                self.against_limit(measured),
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn power_law(c: f64, e: f64) -> Vec<(usize, f64)> {
        schedule(1_000_000)
            .into_iter()
            .map(|s| (s, c * (s as f64).powf(e)))
            .collect()
    }

    #[test]
    fn a_start_up_cost_is_taken_off_before_the_fit() {
        // 0.1 s start-up plus a linear 4e-7 s per unit.
        let points: Vec<(usize, f64)> = [1_000_000, 2_000_000, 4_000_000]
            .iter()
            .map(|&s| (s, 0.1 + 4e-7 * s as f64))
            .collect();
        assert!(fit(&points).unwrap().exponent < 0.9);
        let f = fit_past_start_up(&points, 0.1).unwrap();
        assert!((f.exponent - 1.0).abs() < 0.01, "{f:?}");
        assert!((f.at(8_000_000) - 3.3).abs() < 1e-6, "{f:?}");
        // Times near the start-up are left as they are.
        let flat = [(10, 0.10), (20, 0.11), (40, 0.10)];
        assert_eq!(fit_past_start_up(&flat, 0.1), fit(&flat));
    }

    #[test]
    fn exact_power_laws_are_recovered() {
        for e in [0.0, 1.0, 2.0, 3.0] {
            let f = fit(&power_law(3e-9, e)).unwrap();
            assert!((f.exponent - e).abs() < 0.05, "{e}: {f:?}");
            assert!(f.r2 > 0.999, "{e}: {f:?}");
            let want = 3e-9 * 1e6f64.powf(e);
            assert!((f.at(1_000_000) / want - 1.0).abs() < 1e-6, "{f:?}");
        }
    }

    #[test]
    fn noise_lowers_r2() {
        let noisy: Vec<(usize, f64)> = power_law(1e-6, 1.0)
            .into_iter()
            .enumerate()
            .map(|(i, (s, t))| (s, t * if i % 2 == 0 { 3.0 } else { 0.3 }))
            .collect();
        let f = fit(&noisy).unwrap();
        assert!(f.r2 < 0.99, "{f:?}");
        assert!((f.exponent - 1.0).abs() < 0.3, "{f:?}");
    }

    #[test]
    fn fits_need_two_sizes_and_positive_times() {
        assert_eq!(fit(&[(10, 1.0)]), None);
        assert_eq!(fit(&[(10, 1.0), (10, 2.0)]), None);
        assert_eq!(fit(&[(10, 1.0), (20, 0.0)]), None);
        assert!(fit(&[(10, 1.0), (20, 2.0)]).is_some());
    }

    #[test]
    fn schedules_double_up_to_the_largest_size() {
        for max in [1, 2, 3, 14, 25, 100, 2000, 1_000_000, 1_000_000_000] {
            let sizes = schedule(max);
            assert_eq!(*sizes.last().unwrap(), max);
            assert!(sizes.iter().all(|&s| (1..=max).contains(&s)), "{sizes:?}");
            assert!(sizes[0] == (max >> 20).max(1), "{sizes:?}");
            for pair in sizes.windows(2) {
                assert!(pair[0] < pair[1], "{sizes:?}");
            }
            for pair in sizes[..sizes.len() - 1].windows(2) {
                assert_eq!(pair[1], 2 * pair[0], "{sizes:?}");
            }
            assert!(sizes.len() <= 22, "{max}: {} sizes", sizes.len());
        }
        assert_eq!(schedule(14), [1, 2, 4, 8, 14]);
    }

    #[test]
    fn the_fit_drops_start_up_dominated_points_but_keeps_three() {
        // A start-up time of 20 ms, then linear.
        let times = [0.020, 0.020, 0.021, 0.030, 0.100, 0.500];
        assert_eq!(fitted(&times), [false, false, false, true, true, true]);
        let times = [0.020, 0.020, 0.021, 0.022, 0.100, 0.500];
        assert_eq!(fitted(&times), [false, false, false, true, true, true]);
        let times = [0.020, 0.021, 0.090, 0.100, 0.200, 0.500];
        assert_eq!(fitted(&times), [false, false, true, true, true, true]);
        assert_eq!(fitted(&[0.1, 0.1]), [true, true]);
    }

    #[test]
    fn readings_name_the_usual_growths() {
        assert_eq!(reading(0.05), "constant");
        assert_eq!(reading(1.0), "linear");
        assert!(reading(1.2).starts_with("n log n"));
        assert_eq!(reading(2.0), "quadratic");
        assert_eq!(reading(3.0), "cubic");
    }

    #[test]
    fn scale_stops_at_the_budget_and_fits_what_it_measured() {
        use crate::problems::flank_row::FlankRow;
        let pattern = &FlankRow::extras().patterns[0];
        // A fake clock: the time is the number of placements, in µs, squared.
        let fake = |case: &<FlankRow as Problem>::Case| {
            let n = case.placements.len() as u64;
            Some(Duration::from_nanos(n * n))
        };
        let config = ScaleConfig {
            budget: Duration::from_secs(5),
            time_limit: Duration::from_secs(1),
        };
        let s = scale(pattern, fake, &config);
        // 1 s at 31 623 placements: 32768 is over the limit, 65536 projected over it.
        assert!(s.points.iter().all(|p| p.size <= 32768), "{:?}", s.points);
        assert!(
            matches!(s.stopped, Stop::Projected { .. } | Stop::OverLimit { .. }),
            "{:?}",
            s.stopped
        );
        let e = s.exponent.unwrap();
        assert!((e - 2.0).abs() < 0.05, "{e}");
        assert_eq!(s.over_limit, Some(true));
        assert!(s.render().contains("quadratic in cells"), "{}", s.render());
    }
}
