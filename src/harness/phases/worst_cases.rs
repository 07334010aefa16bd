//! The limits phase: every worst-case pattern at sizes growing to the
//! contract's maximum, each run alone and timed, judged by the engine where
//! the oracle cannot reach, and a failure bisected to the smallest failing
//! size of its pattern.

use std::time::{Duration, Instant};

use super::{Context, Found};
use crate::generation::Generate;
use crate::harness::judging::{CheckConfig, Judged, failure};
use crate::harness::report::{AtLimits, LimitCase, Projection, Report, Shrink};
use crate::harness::verdict::{Origin, Verdict};
use crate::problem::case_text;
use crate::suite::Suite;

/// The sizes a pattern runs at in the limits phase: growing by 8 up to
/// `max`, the contract's maximum or the candidate's declared size
/// ([`crate::generation::Domain::max_size`]).
pub fn limit_sizes(max: usize) -> Vec<usize> {
    let mut sizes: Vec<usize> = [max / 64, max / 8, max]
        .into_iter()
        .filter(|&s| s >= 1)
        .collect();
    sizes.dedup();
    sizes
}

/// Cases whose text is at most this long are shrunk further after the
/// bisection; larger ones cost too much a run.
pub(in crate::harness) const SHRINK_TEXT_BYTES: usize = 1024;

/// The time limit assumed for a candidate without one (in process).
const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(2);

/// Most runs spent finding the smallest failing size of a pattern.
const BISECTION_RUNS: usize = 12;

/// The smallest failing size between `lo` (passes, or 0) and `hi` (fails),
/// by bisection, each step judged by `fails`; at most [`BISECTION_RUNS`]
/// steps, fewer for time-outs (each costs a full time limit). Returns the
/// smallest size found failing, the largest found passing below it, and
/// the steps spent.
pub(super) fn bisect(
    lo: usize,
    hi: usize,
    verdict: Verdict,
    config: &CheckConfig,
    mut fails: impl FnMut(usize) -> bool,
) -> (usize, Option<usize>, usize) {
    let (mut lo, mut hi) = (lo, hi);
    let most = if verdict == Verdict::TimeLimit {
        BISECTION_RUNS.min(config.max_tle_shrink_runs)
    } else {
        BISECTION_RUNS
    };
    let mut runs = 0;
    while hi - lo > 1 && runs < most {
        let mid = lo + (hi - lo) / 2;
        runs += 1;
        if fails(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    (hi, (lo > 0).then_some(lo), runs)
}

use crate::harness::report::PROJECTION_SIZES;

/// The fitted time at the contract's maximum from the passing runs of a
/// pattern (size, seconds), the start-up cost (`start_up`, seconds: the
/// fastest run of the check) taken off first, and the exponent; none unless
/// [`PROJECTION_SIZES`] sizes, at least 1.5 times apart and spanning a
/// factor of 4, each took at least twice the start-up (more work than
/// start-up): a size that costs only start-up says nothing about growth.
/// None too when the fit is below a time it was fitted on: the times do
/// not follow one power of the size (a program whose fixed costs beyond
/// start-up hide its growth at small sizes, or a busy machine), and a
/// projection under a measured time would contradict the measurement.
pub(super) fn projection<P: Generate>(
    passing: &[(usize, f64)],
    start_up: f64,
) -> Option<Projection> {
    let mut points: Vec<(usize, f64)> = passing
        .iter()
        .copied()
        .filter(|&(_, t)| t >= 2.0 * start_up)
        .collect();
    points.sort_by_key(|p| p.0);
    // Sizes a bisection leaves close together say nothing about growth:
    // keep sizes at least 1.5 times apart, the larger of each cluster.
    let mut spread: Vec<(usize, f64)> = Vec::new();
    for p in points.into_iter().rev() {
        if spread.last().is_none_or(|q| q.0 as f64 >= 1.5 * p.0 as f64) {
            spread.push(p);
        }
    }
    spread.reverse();
    if spread.len() < PROJECTION_SIZES {
        return None;
    }
    let span = spread.last()?.0 as f64 / spread.first()?.0 as f64;
    let above: Vec<(usize, f64)> = spread.iter().map(|&(s, t)| (s, t - start_up)).collect();
    let fit =
        crate::harness::scale::fit(&above).filter(|f| span >= 4.0 && f.exponent.is_finite())?;
    let seconds_at_max = start_up + fit.at(P::MAX_SIZE);
    let slowest = spread.iter().map(|p| p.1).fold(0.0, f64::max);
    if seconds_at_max < slowest {
        return None;
    }
    Some(Projection {
        size: P::MAX_SIZE,
        seconds_at_max,
        exponent: fit.exponent,
        from_runs: spread.len(),
    })
}

impl<P: Suite> Context<'_, P> {
    /// Every pattern (or `config.pattern`) at [`limit_sizes`], each run
    /// alone and timed; the first failure, narrowed to the smallest failing
    /// size of its pattern. A pattern that passes at its largest size then
    /// has the laws run on that case.
    pub(super) fn limits(&self, report: &mut Report) {
        let extras = self.extras;
        let chosen = extras
            .patterns
            .iter()
            .filter(|p| self.config.pattern.as_deref().is_none_or(|n| n == p.name));
        let sizes = limit_sizes(self.domain.max_size(extras));
        let per_run = self.candidate.time_limit().unwrap_or(DEFAULT_TIME_LIMIT);
        let planned = extras.patterns.len() * sizes.len();
        // The laws share the phase's budget: a time limit per planned case.
        let deadline = Instant::now() + per_run * planned as u32;
        'patterns: for pattern in chosen {
            if self.done() {
                return;
            }
            let mut passes_at = None;
            let mut passing = Vec::new();
            for &size in &sizes {
                let case = (pattern.build)(size);
                // A pattern's case of another shape than the declared one
                // is outside the domain: not run.
                if !self.domain.contains(extras, &case) {
                    continue;
                }
                let (judged, took, _) = self.timed(&case);
                // A time-out stands only once a second run confirms it.
                let (judged, took) = self.confirm_timed(&case, judged, took);
                report.cases += 1;
                report.limits.push(LimitCase {
                    pattern: pattern.name.to_string(),
                    size,
                    verdict: judged.verdict,
                    seconds: took.as_secs_f64(),
                    reference: judged.reference,
                });
                if judged.verdict != Verdict::Ok {
                    let found = self.narrow(
                        (pattern.name, pattern.build),
                        passes_at,
                        passing,
                        (size, case, judged),
                    );
                    self.keep(found, report.cases);
                    continue 'patterns;
                }
                passing.push((size, took.as_secs_f64()));
                passes_at = Some(size);
            }
            let pattern = (pattern.name, pattern.build);
            let found = self.laws_at_limits(pattern, &sizes, &mut passing, deadline, report);
            self.keep(found, report.cases);
        }
    }

    /// The start-up cost a projection takes off: the fastest run of the
    /// check so far (every run pays it), or of `passing` if faster.
    fn start_up(&self, passing: &[(usize, f64)]) -> f64 {
        let clock = self.clock.lock().expect("clock");
        let fastest_run = clock.run_ms.iter().copied().fold(f64::INFINITY, f64::min) / 1000.0;
        passing.iter().map(|p| p.1).fold(fastest_run, f64::min)
    }

    /// The smallest size of a pattern that still fails the same way, by
    /// bisection between the last passing size and the failing one; then,
    /// if the case is small, the usual simpler steps.
    pub(super) fn narrow(
        &self,
        (name, build): (&str, fn(usize) -> P::Case),
        passes_at: Option<usize>,
        mut passing: Vec<(usize, f64)>,
        (size, case, judged): (usize, P::Case, Judged),
    ) -> Option<Found<P::Case>> {
        let verdict = judged.verdict;
        let mut best = (case, judged);
        let (fails_from, passes, runs) =
            bisect(passes_at.unwrap_or(0), size, verdict, self.config, |mid| {
                let case = build(mid);
                let (judged, took, _) = self.timed(&case);
                let (judged, took) = self.confirm_timed(&case, judged, took);
                if judged.verdict == verdict {
                    best = (case, judged);
                    true
                } else {
                    if judged.verdict == Verdict::Ok {
                        passing.push((mid, took.as_secs_f64()));
                    }
                    false
                }
            });
        let at_limits = AtLimits {
            pattern: name.to_string(),
            fails_from,
            passes_at: passes,
            passes_in: passing
                .iter()
                .find(|&&(s, _)| Some(s) == passes)
                .map(|&(_, seconds)| seconds),
            unit: P::SIZE_UNIT.to_string(),
            limit_ms: self.candidate.time_limit().map(|t| t.as_millis() as u64),
            // Only a time-out is about time: nothing is projected past a crash.
            projected: (verdict == Verdict::TimeLimit)
                .then(|| projection::<P>(&passing, self.start_up(&passing)))
                .flatten(),
        };
        let narrowed = if fails_from - passes.unwrap_or(0) > 1 {
            Shrink::Stopped(format!(
                "the bisection over sizes stopped after {runs} runs"
            ))
        } else {
            Shrink::Not(format!("the smallest failing size of pattern {name}"))
        };
        let mut found = if case_text::<P>(&best.0).len() <= SHRINK_TEXT_BYTES {
            self.shrunk_failure(best.0, best.1, None, Origin::Limits)?
        } else {
            let failure = failure::<P>(
                self.candidate,
                &best.0,
                best.1,
                (0, runs, narrowed),
                Origin::Limits,
            );
            Found {
                failure,
                case: Some(best.0),
            }
        };
        found.failure.at_limits = Some(at_limits);
        Some(found)
    }
}

#[cfg(test)]
mod tests {
    use super::projection;
    use crate::harness::fixture::SortRow as Fixture;

    #[test]
    fn a_projection_follows_the_growth_of_the_passing_times() {
        // Start-up 0.1 s, then 10 µs a cell: 10.1 s at the maximum.
        let linear = |size: usize| 0.1 + 1e-5 * size as f64;
        let max = <Fixture as crate::generation::Generate>::MAX_SIZE;
        let passing: Vec<(usize, f64)> = [max / 64, max / 16, max / 4]
            .iter()
            .map(|&s| (s, linear(s)))
            .collect();
        let p = projection::<Fixture>(&passing, 0.1).expect("three sizes well above start-up");
        assert!((p.exponent - 1.0).abs() < 0.01, "{p:?}");
        assert!((p.seconds_at_max - linear(max)).abs() < 0.01, "{p:?}");
    }

    #[test]
    fn no_projection_below_a_time_it_was_fitted_on() {
        // Flat at the small sizes (costs beyond start-up, or a busy
        // machine), then steep: a power fitted through them projects the
        // maximum under the slowest time measured at a smaller size.
        let max = <Fixture as crate::generation::Generate>::MAX_SIZE;
        let passing = [(max / 64, 0.25), (max / 8, 0.35), (max * 3 / 4, 2.0)];
        assert_eq!(projection::<Fixture>(&passing, 0.09), None);
    }
}
