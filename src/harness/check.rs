//! The checker: generate cases from a seed, run the candidate on them in
//! parallel, compare with the oracle's answers, and shrink the first
//! failure. The work is done by the phases ([`Phase`], one file each under
//! `src/harness/phases/`); this is their entry point.
//!
//! A reported failure is always a claim about one run: the printed input,
//! fed exactly as printed, failed. Batches of the multi-case form are only a
//! fast pre-filter. A failing batch is narrowed to a case that fails alone
//! (its flagged cases first, then by splitting the batch, delta-debugging
//! style); every shrinking step is judged on lone runs; and a failure that
//! needs several cases in one process is reported as that, with the
//! smallest batch that still fails.

use std::time::Instant;

use super::candidate::Candidate;
pub use super::judging::{
    CheckConfig, Entry, Judged, LimitsMode, OnFailure, Progress, PropertiesMode, Shard, generate,
    judge, seeded_rng, seeded_runner, smallest_case,
};
use super::phases::Context;
pub use super::phases::Phase;
pub use super::phases::worst_cases::limit_sizes;
use super::report::{AnswerForm, Report, Timings};
pub use super::shrink::simplify_greedily;
use super::verdict::Status;
use crate::generation::{Domain, Extras};
pub use crate::limits::RUNS_PER_LAW;
use crate::suite::Suite;

/// Checks `candidate` on `config.given`, then on `config.cases` generated
/// cases (or every case up to `config.exhaustive` cells), then the laws on
/// them with `PropertiesMode::All`, then at the limits (with the laws on
/// the largest case of each pattern), all inside the declared domain
/// (`config.size`, `config.shape`). Each failure is confirmed alone and
/// shrunk; the check goes on until it has `config.max_failures` distinct
/// ones. A program that fails the same way on the smallest input as on
/// the first failing one (or another, if that is the smallest) before
/// answering anything cannot run at all: the report says so
/// ([`Status::Error`]) and nothing is shrunk (a Rust function is never
/// taken for one: its panics are failures).
pub fn check<P: Suite>(candidate: &dyn Candidate<P>, config: &CheckConfig) -> Report {
    check_since(candidate, config, Instant::now())
}

/// [`check`], its time to the first failure counted from `started` (when
/// the caller began the check, e.g. made its [`crate::Check`]), not from
/// this call.
pub fn check_since<P: Suite>(
    candidate: &dyn Candidate<P>,
    config: &CheckConfig,
    started: Instant,
) -> Report {
    // The problem's extras, built once; every phase reads them.
    let extras = P::extras();
    // A GTP engine is asked once what it accepts; the check keeps to it.
    #[cfg(all(unix, feature = "process"))]
    let fitted;
    #[cfg(all(unix, feature = "process"))]
    let config = match crate::harness::gtp::engine_of(candidate).map(|gtp| gtp.fit::<P>(config)) {
        Some(Ok(fit)) => {
            fitted = fit;
            &fitted
        }
        Some(Err(why)) => {
            // It cannot run: why, and nothing else.
            return Report {
                status: Status::Error,
                cannot_run: Some(why),
                ..nothing_run(candidate, config, &config.domain(), &extras)
            };
        }
        None => config,
    };
    // The declared domain, built once; every phase keeps to it.
    let domain = config.domain();
    let mut report = nothing_run(candidate, config, &domain, &extras);
    Context::new(candidate, config, domain, &extras, started).run_all_phases(&mut report);
    report
}

/// The report of `candidate` under `config` before any phase ran: a pass
/// of no cases, which the phases fill in.
fn nothing_run<P: Suite>(
    candidate: &dyn Candidate<P>,
    config: &CheckConfig,
    domain: &Domain,
    extras: &Extras<P>,
) -> Report {
    Report {
        problem: P::NAME.to_string(),
        seed: config.seed,
        status: Status::Pass,
        cases: 0,
        sandbox: candidate.sandbox(),
        domain: domain.describe(extras),
        given: None,
        properties: None,
        gtp_laws: None,
        limits: Vec::new(),
        failure: None,
        failures: Vec::new(),
        cannot_run: None,
        slow_once: None,
        set_aside: 0,
        timings: Timings::default(),
        stack_bytes: candidate.stack_limit(),
        answer_form: AnswerForm::of(extras),
    }
}
