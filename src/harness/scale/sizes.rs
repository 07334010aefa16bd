//! The sizes of one pattern: the start-up measured first, each size run
//! (repeated when the fit may use it), stopped at the budget, the limit or
//! a fault, and the fit of the time past the start-up.

use std::time::{Duration, Instant};

use super::fit::{Fit, fit, reading, schedule};
use super::render::human_seconds;
use super::{Fault, Point, ScaleConfig, Scaling, Stop};
use crate::generation::{Generate, Pattern};

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
