//! The power law `seconds ≈ fixed + c · size^e` fitted by least squares on
//! the logs, the sizes tried, and the exponent in words.

use serde::Serialize;

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
