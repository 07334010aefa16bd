//! The limits phase: every worst-case pattern at sizes growing to the
//! contract's maximum, each run alone and timed, judged by the engine where
//! the oracle cannot reach, and a failure bisected to the smallest failing
//! size of its pattern.

use std::time::{Duration, Instant};

use super::check::Checker;
use super::report::{AtLimits, Failure, LimitCase, Report, Shrink};
use super::run::{Judged, failure, judge};
use super::verdict::{Origin, Verdict};
use crate::generation::Generate;
use crate::problem::case_text;

/// The sizes a pattern runs at in the limits phase: growing by 8 up to
/// the contract's maximum.
pub fn limit_sizes<P: Generate>() -> Vec<usize> {
    let max = P::MAX_SIZE;
    let mut sizes: Vec<usize> = [max / 64, max / 8, max]
        .into_iter()
        .filter(|&s| s >= 1)
        .collect();
    sizes.dedup();
    sizes
}

/// Most runs spent finding the smallest failing size of a pattern.
const BISECTION_RUNS: usize = 12;

/// Cases whose text is at most this long are shrunk further after the
/// bisection; larger ones cost too much a run.
const SHRINK_TEXT_BYTES: usize = 1024;

impl<P: Generate> Checker<'_, P> {
    /// One lone run of `case`, judged, and its wall time.
    fn timed(&self, case: &P::Case) -> (Judged, Duration) {
        let started = Instant::now();
        let ran = self.candidate.run(std::slice::from_ref(case));
        let took = started.elapsed();
        let outcome = ran.outcomes.into_iter().next().expect("one outcome");
        (judge::<P>(case, outcome), took)
    }

    /// Every pattern (or `config.pattern`) at [`limit_sizes`], each run
    /// alone and timed; the first failure, narrowed to the smallest failing
    /// size of its pattern.
    pub(super) fn limits(&self, report: &mut Report) -> Option<Failure> {
        let extras = P::extras();
        let chosen = extras
            .patterns
            .iter()
            .filter(|p| self.config.pattern.as_deref().is_none_or(|n| n == p.name));
        for pattern in chosen {
            let mut passes_at = None;
            for size in limit_sizes::<P>() {
                let case = (pattern.build)(size);
                let (judged, took) = self.timed(&case);
                report.cases += 1;
                report.limits.push(LimitCase {
                    pattern: pattern.name.to_string(),
                    size,
                    verdict: judged.verdict,
                    seconds: took.as_secs_f64(),
                    reference: judged.reference,
                });
                if judged.verdict != Verdict::Ok {
                    return Some(self.narrow(
                        pattern.name,
                        pattern.build,
                        passes_at,
                        size,
                        case,
                        judged,
                    ));
                }
                passes_at = Some(size);
            }
        }
        None
    }

    /// The smallest size of a pattern that still fails the same way, by
    /// bisection between the last passing size and the failing one; then,
    /// if the case is small, the usual simpler steps.
    fn narrow(
        &self,
        name: &str,
        build: fn(usize) -> P::Case,
        passes_at: Option<usize>,
        size: usize,
        case: P::Case,
        judged: Judged,
    ) -> Failure {
        let verdict = judged.verdict;
        let (mut lo, mut hi) = (passes_at.unwrap_or(0), size);
        let mut best = (case, judged);
        let mut runs = 0;
        // A time-out costs a full time limit per run.
        let most = if verdict == Verdict::TimeLimit {
            BISECTION_RUNS.min(self.config.max_tle_shrink_runs)
        } else {
            BISECTION_RUNS
        };
        while hi - lo > 1 && runs < most {
            let mid = lo + (hi - lo) / 2;
            let case = build(mid);
            let (judged, _) = self.timed(&case);
            runs += 1;
            if judged.verdict == verdict {
                hi = mid;
                best = (case, judged);
            } else {
                lo = mid;
            }
        }
        let at_limits = AtLimits {
            pattern: name.to_string(),
            fails_from: hi,
            passes_at: (lo > 0).then_some(lo),
            unit: P::SIZE_UNIT.to_string(),
        };
        let narrowed = if hi - lo > 1 {
            Shrink::Stopped(format!(
                "the bisection over sizes stopped after {runs} runs"
            ))
        } else {
            Shrink::Not(format!("the smallest failing size of pattern {name}"))
        };
        let mut failure = if case_text::<P>(&best.0).len() <= SHRINK_TEXT_BYTES {
            self.shrunk_failure(best.0, best.1, None, Origin::Limits)
        } else {
            failure::<P>(
                self.candidate,
                &best.0,
                best.1,
                (0, runs, narrowed),
                Origin::Limits,
            )
        };
        failure.at_limits = Some(at_limits);
        failure
    }
}
