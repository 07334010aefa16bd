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

use std::time::{Duration, Instant};

use serde::Serialize;

use super::candidate::External;
use super::process::{self, Exit, signal_name};
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

/// `seconds ≈ fixed + coefficient · size^exponent`, by least squares on the
/// logs of `seconds - fixed`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Fit {
    /// A fixed cost of every run (a program's start-up), in seconds; 0
    /// unless it was taken off before the fit.
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
    /// The fitted time at [`Generate::MAX_SIZE`], in seconds; None past a
    /// failure.
    pub projected_seconds_at_max: Option<f64>,
    /// Whether that is over the time limit.
    pub over_limit: Option<bool>,
    /// The fastest time measured at [`Generate::MAX_SIZE`], if it was run.
    pub measured_seconds_at_max: Option<f64>,
    /// The time limit, in seconds.
    pub limit_seconds: f64,
    /// [`Generate::MAX_SIZE`]: the contract's maximum.
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

/// Runs of the smallest size that measure the fixed cost of a run.
pub const START_UP_RUNS: usize = 3;

/// Runs of each size whose first run is well above the start-up.
const RUNS_PER_SIZE: usize = 3;

/// The time past the start-up a size must show, at least, for the fit to
/// use it: the start-up itself and three times its noise. Below that the
/// difference is mostly the start-up's own variation.
pub fn well_above(start_up: &Point) -> f64 {
    start_up
        .seconds
        .max(3.0 * (start_up.max_seconds - start_up.seconds))
}

/// Repeats shorter calls until a sample lasts this long.
const MIN_SAMPLE: Duration = Duration::from_millis(20);

/// Times a Rust function in process: one call, repeated until the calls
/// together last at least 20 ms; the time of one call. The calls run on a
/// thread of their own: past `limit` they are given up (timed out) and the
/// thread is left to finish on its own, since a thread cannot be killed
/// (the command's exit ends it).
pub fn in_process<P: Problem>(
    solve: fn(&P::Case) -> P::Answer,
    limit: Duration,
) -> impl FnMut(&P::Case) -> Result<Duration, Fault> {
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
        match timed.recv_timeout(limit + MIN_SAMPLE) {
            Ok(took) => Ok(took),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Err(Fault::TimedOut),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Err(Fault::Crashed {
                how: "panicked".into(),
                said: String::new(),
            }),
        }
    }
}

/// Which time of an external run is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Clock {
    /// The CPU time of all its processes (user and system), from its
    /// cgroup: what other programs on the machine barely change.
    Cpu,
    /// The wall time from start to exit.
    Wall,
}

impl Clock {
    /// The clock in words, for the report's heading.
    pub fn describe(self) -> &'static str {
        match self {
            Clock::Cpu => "CPU time (user + system, all its processes)",
            Clock::Wall => "wall time",
        }
    }
}

/// Times an external program: the time of one run on the case's text by
/// `clock` (the wall time where no CPU time is measured), start-up
/// included; the fault if it did not exit with status 0.
pub fn external<P: Problem>(
    candidate: &External,
    clock: Clock,
) -> impl FnMut(&P::Case) -> Result<Duration, Fault> + '_ {
    move |case| {
        let input = case_text::<P>(case);
        let run =
            process::run(&candidate.argv, input.as_bytes(), &candidate.limits).map_err(|e| {
                Fault::Crashed {
                    how: "could not start".into(),
                    said: e.to_string(),
                }
            })?;
        let how = match run.exit {
            Exit::Code(0) if clock == Clock::Cpu => return Ok(run.cpu_time.unwrap_or(run.elapsed)),
            Exit::Code(0) => return Ok(run.elapsed),
            Exit::TimedOut | Exit::CpuLimit => return Err(Fault::TimedOut),
            Exit::Code(status) => format!("exit status {status}"),
            Exit::Signal(signal) => signal_name(signal),
            Exit::MemoryLimit => "memory limit".into(),
            Exit::OutputLimit => "output limit".into(),
        };
        let said = String::from_utf8_lossy(&run.stderr)
            .lines()
            .rev()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or_default()
            .chars()
            .take(200)
            .collect();
        Err(Fault::Crashed { how, said })
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

/// `runs` runs of `case` (fewer if one is slow: two once one took a third
/// of the limit), or the first fault.
fn repeated<C>(
    case: &C,
    runs: usize,
    limit: Duration,
    time: &mut impl FnMut(&C) -> Result<Duration, Fault>,
) -> Result<Vec<f64>, Fault> {
    let mut seconds = Vec::new();
    while seconds.len() < runs {
        let took = time(case)?;
        seconds.push(took.as_secs_f64());
        if took > limit / 3 {
            return Ok(seconds);
        }
    }
    Ok(seconds)
}

/// The point of `size` from its runs' times.
fn point(size: usize, seconds: &[f64]) -> Point {
    Point {
        size,
        seconds: seconds.iter().copied().fold(f64::INFINITY, f64::min),
        max_seconds: seconds.iter().copied().fold(0.0, f64::max),
        runs: seconds.len(),
        fitted: false,
    }
}

/// Measures one size: one run, then more if the first is well above the
/// start-up (a size the fit may use); the point, or the fault.
fn measure<P: Generate>(
    pattern: &Pattern<P>,
    size: usize,
    above: f64,
    config: &ScaleConfig,
    time: &mut impl FnMut(&P::Case) -> Result<Duration, Fault>,
) -> Result<Point, Fault> {
    let case = (pattern.build)(size);
    let mut seconds = repeated(&case, 1, config.time_limit, time)?;
    if seconds[0] >= above {
        let more = repeated(&case, RUNS_PER_SIZE - 1, config.time_limit, time)?;
        seconds.extend(more);
    }
    Ok(point(size, &seconds))
}

/// Whether to stop before `size`: the next size's projected time over
/// twice the limit, or its projected cost over what is left of the
/// budget (`left`, in seconds of the wall clock, which `costs` are in).
fn stop_before(
    size: usize,
    done: &[Point],
    costs: &[f64],
    (above, left, limit): (f64, f64, f64),
) -> Option<Stop> {
    let last = done.last()?;
    let sizes: Vec<usize> = done.iter().map(|p| p.size).collect();
    let ratio = size as f64 / last.size as f64;
    let seconds: Vec<f64> = done.iter().map(|p| p.seconds).collect();
    let projected = last.seconds * ratio.powf(local_exponent(&sizes, &seconds));
    if projected > 2.0 * limit {
        return Some(Stop::Projected {
            next: size,
            seconds: projected,
        });
    }
    // A run's cost grows as its time does, and stops at the limit.
    let per_run = costs.last()? / last.runs as f64;
    let growth = (projected / last.seconds.max(f64::MIN_POSITIVE)).max(1.0);
    let per_run = (per_run * growth).min(per_run + limit);
    let runs = match projected {
        p if p < above => 1.0,
        p if p > limit / 3.0 => 2.0,
        _ => RUNS_PER_SIZE as f64,
    };
    (per_run * runs > left).then_some(Stop::Budget { next: size })
}

/// Measures the start-up, then runs `pattern` at the sizes of
/// [`schedule`], timing each case with `time`, until the largest size, the
/// budget, a run over the time limit, or a fault; then fits the time past
/// the start-up on the sizes well above it.
pub fn scale<P: Generate>(
    pattern: &Pattern<P>,
    mut time: impl FnMut(&P::Case) -> Result<Duration, Fault>,
    config: &ScaleConfig,
) -> Scaling {
    let started = Instant::now();
    let limit = config.time_limit.as_secs_f64();
    let sizes = schedule(P::MAX_SIZE);
    let smallest = (pattern.build)(sizes[0]);
    let start_up = repeated(&smallest, START_UP_RUNS, config.time_limit, &mut time)
        .map(|seconds| point(sizes[0], &seconds));
    drop(smallest);
    let start_up = match start_up {
        Ok(start_up) => start_up,
        Err(fault) => {
            let stopped = Stop::Failed {
                size: sizes[0],
                fault,
            };
            return scaling(pattern, None, Vec::new(), stopped, limit);
        }
    };
    // A size is repeated when its first run could be fitted.
    let above = start_up.seconds + well_above(&start_up);
    let mut done = vec![start_up.clone()];
    // What each size cost in all: building the case and every run.
    let mut costs = vec![started.elapsed().as_secs_f64()];
    let mut stopped = Stop::MaxSize;
    for &size in &sizes[1..] {
        let left = config
            .budget
            .saturating_sub(started.elapsed())
            .as_secs_f64();
        if let Some(stop) = stop_before(size, &done, &costs, (above, left, limit)) {
            stopped = stop;
            break;
        }
        let began = Instant::now();
        match measure(pattern, size, above, config, &mut time) {
            Err(fault) => {
                stopped = Stop::Failed { size, fault };
                break;
            }
            Ok(p) => {
                let over = p.seconds > limit;
                done.push(p);
                costs.push(began.elapsed().as_secs_f64());
                if over {
                    stopped = Stop::OverLimit { size };
                    break;
                }
            }
        }
    }
    scaling(pattern, Some(start_up), done, stopped, limit)
}

/// The fit of the time past the fixed cost, on the points at least
/// [`well_above`] the start-up (marked in `points`); None with fewer than
/// two. The fixed cost is the fastest run of all, start-up runs or not:
/// every run pays it, and noise only adds time.
fn fit_above_start_up(start_up: &Point, points: &mut [Point]) -> Option<Fit> {
    let fixed = points
        .iter()
        .map(|p| p.seconds)
        .fold(start_up.seconds, f64::min);
    let above = well_above(start_up);
    let mut chosen = Vec::new();
    for p in points.iter_mut() {
        p.fitted = p.seconds - fixed >= above;
        if p.fitted {
            chosen.push((p.size, p.seconds - fixed));
        }
    }
    let f = fit(&chosen).filter(|_| chosen.len() >= 2)?;
    Some(Fit { fixed, ..f })
}

/// The report of one pattern from its points.
fn scaling<P: Generate>(
    pattern: &Pattern<P>,
    start_up: Option<Point>,
    mut points: Vec<Point>,
    stopped: Stop,
    limit: f64,
) -> Scaling {
    let the_fit = start_up
        .as_ref()
        .and_then(|s| fit_above_start_up(s, &mut points));
    // Nothing is projected past a crash, a time-out or a run over the limit.
    let projected = the_fit
        .filter(|_| stopped.failed_at().is_none())
        .map(|f| f.at(P::MAX_SIZE));
    let reading = match (the_fit, &start_up) {
        (Some(f), _) => format!("{} in {}", reading(f.exponent), P::SIZE_UNIT),
        (None, Some(s)) if stopped == Stop::MaxSize => format!(
            "constant in {}: no size took well over the start-up of {}",
            P::SIZE_UNIT,
            human_seconds(s.seconds)
        ),
        (None, Some(s)) if stopped.failed_at().is_some() => format!(
            "too few sizes well above the start-up of {} to fit before the failure",
            human_seconds(s.seconds)
        ),
        (None, Some(s)) => format!(
            "too few sizes well above the start-up of {} to fit \
             (a longer --timeout-ms or --budget-seconds reaches more)",
            human_seconds(s.seconds)
        ),
        (None, None) => "no time measured".to_string(),
    };
    Scaling {
        pattern: pattern.name.to_string(),
        exponent: the_fit.map(|f| f.exponent),
        r2: the_fit.map(|f| f.r2),
        reading,
        projected_seconds_at_max: projected,
        over_limit: projected.map(|p| p > limit),
        measured_seconds_at_max: points
            .last()
            .filter(|p| p.size == P::MAX_SIZE)
            .map(|p| p.seconds),
        start_up,
        points,
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

    /// A point's line of the table: the fastest run, the slowest, the runs.
    fn point_line(p: &Point) -> String {
        let spread = if p.runs > 1 {
            format!(
                "{:>10}  {:>4.0} %  {}",
                human_seconds(p.max_seconds),
                100.0 * p.spread(),
                p.runs
            )
        } else {
            format!("{:>10}  {:>6}  {}", "", "", p.runs)
        };
        format!(
            "  {:>12}  {:>10}  {spread}{}\n",
            p.size,
            human_seconds(p.seconds),
            if p.fitted { "  *" } else { "" }
        )
    }

    /// Why the sizes stopped, in a line (none if they ran to the end).
    fn stop_line(&self) -> String {
        let limit = human_seconds(self.limit_seconds);
        match &self.stopped {
            Stop::MaxSize => String::new(),
            Stop::Budget { next } => format!("  stopped before {next}: the budget is spent\n"),
            Stop::Projected { next, seconds } => format!(
                "  stopped before {next}: projected {}, over the {limit} limit\n",
                human_seconds(*seconds)
            ),
            Stop::OverLimit { size } => format!(
                "  over the {limit} limit at {size} {}: nothing projected past it\n",
                self.unit
            ),
            Stop::Failed { size, fault } => format!(
                "  {} at {size} {}: nothing projected past it\n",
                fault.describe(self.limit_seconds),
                self.unit
            ),
        }
    }

    /// The table and the fit, for people.
    pub fn render(&self) -> String {
        let mut out = format!(
            "pattern {} (size in {}; the contract's maximum is {})\n",
            self.pattern, self.unit, self.max_size
        );
        if let Some(s) = &self.start_up {
            out.push_str(&format!(
                "  start-up (the fixed cost of a run): {}, the fastest of {} runs at size {} (slowest {})\n",
                human_seconds(s.seconds),
                s.runs,
                s.size,
                human_seconds(s.max_seconds)
            ));
        }
        out.push_str(&format!(
            "  {:>12}  {:>10}  {:>10}  {:>6}  runs\n",
            "size", "fastest", "slowest", "spread"
        ));
        for p in &self.points {
            out.push_str(&Self::point_line(p));
        }
        out.push_str(&self.stop_line());
        if let Some(fit) = self.fit {
            let fitted = self.points.iter().filter(|p| p.fitted).count();
            out.push_str(&format!(
                "  exponent {:.2} (R² {:.3}, of the time past the start-up of {}, over the {fitted} sizes marked *): {}\n",
                fit.exponent,
                fit.r2,
                human_seconds(fit.fixed),
                self.reading
            ));
        } else {
            out.push_str(&format!("  {}\n", self.reading));
        }
        if let Some(projected) = self.projected_seconds_at_max {
            out.push_str(&format!(
                "  projected at the contract's maximum, {} {}: {} ({} the {} limit)\n",
                self.max_size,
                self.unit,
                human_seconds(projected),
                self.against_limit(projected),
                human_seconds(self.limit_seconds)
            ));
        }
        if let Some(measured) = self.measured_seconds_at_max {
            out.push_str(&format!(
                "  measured at the contract's maximum, {} {}: {} ({} the limit)\n",
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

    use crate::problems::flank_row::FlankRow;

    type FlankCase = <FlankRow as Problem>::Case;

    /// flank-row's growing-run pattern, timed by the fake clock `time`.
    fn growing_run(
        time: impl FnMut(&FlankCase) -> Result<Duration, Fault>,
        limit: Duration,
    ) -> Scaling {
        let extras = FlankRow::extras();
        let pattern = extras.pattern("growing-run").unwrap();
        let config = ScaleConfig {
            budget: Duration::from_secs(5),
            time_limit: limit,
        };
        scale(pattern, time, &config)
    }

    #[test]
    fn scale_stops_over_the_limit_and_fits_what_it_measured() {
        // A fake clock: the time is the number of placements, in µs, squared.
        let fake = |case: &FlankCase| {
            let n = case.placements.len() as u64;
            Ok(Duration::from_nanos(n * n))
        };
        let s = growing_run(fake, Duration::from_secs(1));
        // 1 s at 31 623 placements: 32768 is over the limit, 65536 projected over it.
        assert!(s.points.iter().all(|p| p.size <= 32768), "{:?}", s.points);
        assert!(
            matches!(s.stopped, Stop::Projected { .. } | Stop::OverLimit { .. }),
            "{:?}",
            s.stopped
        );
        let e = s.exponent.unwrap();
        assert!((e - 2.0).abs() < 0.05, "{e}");
        assert!(s.render().contains("quadratic in cells"), "{}", s.render());
    }

    /// A clock of a program that starts in 300 ms, give or take 60, then
    /// spends `per_cell_pair` seconds per cell per placement and 20 µs per
    /// placement: an O(n·k) program whose start-up dominates the small
    /// sizes.
    fn slow_start(per_cell_pair: f64) -> impl FnMut(&FlankCase) -> Result<Duration, Fault> {
        let mut calls = 0u64;
        move |case| {
            calls += 1;
            let (n, k) = (case.row.len() as f64, case.placements.len() as f64);
            let jitter = 0.06 * ((calls * 7919) % 11) as f64 / 10.0;
            Ok(Duration::from_secs_f64(
                0.3 + jitter + 20e-6 * k + per_cell_pair * n * k,
            ))
        }
    }

    #[test]
    fn a_start_up_dominated_quadratic_reads_quadratic() {
        let s = growing_run(slow_start(25e-9), Duration::from_secs(2));
        let start_up = s.start_up.clone().unwrap();
        assert_eq!(start_up.runs, START_UP_RUNS);
        assert!(start_up.seconds >= 0.3 && start_up.max_seconds > start_up.seconds);
        let e = s.exponent.unwrap();
        assert!(e >= 1.6, "exponent {e}\n{}", s.render());
        // Fitted sizes are repeated, so their noise shows.
        assert!(s.points.iter().filter(|p| p.fitted).all(|p| p.runs >= 2));
        // The same times with the start-up left in read close to linear:
        // the bug this guards against.
        let raw: Vec<(usize, f64)> = s
            .points
            .iter()
            .filter(|p| p.size >= 512)
            .map(|p| (p.size, p.seconds))
            .collect();
        assert!(fit(&raw).unwrap().exponent < 1.3, "{raw:?}");
        // The linear part alone reads linear.
        let linear = growing_run(slow_start(0.0), Duration::from_secs(2));
        let e = linear.exponent.unwrap();
        assert!(
            (0.8..=1.2).contains(&e),
            "exponent {e}\n{}",
            linear.render()
        );
    }

    #[test]
    fn nothing_is_projected_past_a_crash_or_a_time_out() {
        let crash = |case: &FlankCase| {
            if case.row.len() >= 512 {
                return Err(Fault::Crashed {
                    how: "SIGSEGV".into(),
                    said: String::new(),
                });
            }
            Ok(Duration::from_nanos(1000 * case.row.len() as u64))
        };
        let s = growing_run(crash, Duration::from_secs(2));
        assert!(
            matches!(s.stopped, Stop::Failed { size: 512, .. }),
            "{:?}",
            s.stopped
        );
        assert_eq!(s.projected_seconds_at_max, None);
        assert_eq!(s.over_limit, None);
        let text = s.render();
        assert!(text.contains("crashed (SIGSEGV) at 512 cells"), "{text}");
        assert!(!text.contains("projected at"), "{text}");
        let hang = |case: &FlankCase| match case.row.len() {
            n if n >= 4096 => Err(Fault::TimedOut),
            n => Ok(Duration::from_nanos(1000 * n as u64)),
        };
        let text = growing_run(hang, Duration::from_secs(2)).render();
        assert!(
            text.contains("timed out (over 2.00 s) at 4096 cells"),
            "{text}"
        );
        // A failure at the smallest size leaves nothing to fit.
        let s = growing_run(|_: &FlankCase| Err(Fault::TimedOut), Duration::from_secs(2));
        assert!(s.start_up.is_none() && s.exponent.is_none(), "{s:?}");
    }

    #[test]
    fn the_projection_names_the_contracts_maximum() {
        let linear = |case: &FlankCase| Ok(Duration::from_nanos(1 + 100 * case.row.len() as u64));
        let s = growing_run(linear, Duration::from_secs(2));
        assert_eq!(s.stopped, Stop::MaxSize, "{}", s.render());
        let text = s.render();
        assert!(
            text.contains("projected at the contract's maximum, 1000000 cells"),
            "{text}"
        );
    }
}
