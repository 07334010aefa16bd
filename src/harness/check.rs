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

use proptest::strategy::{Strategy, ValueTree};

use super::candidate::Candidate;
use super::phases::Context;
pub use super::phases::Phase;
pub use super::phases::limits::limit_sizes;
use super::report::{Report, Timings};
pub use super::run::{
    CheckConfig, Entry, Judged, LimitsMode, OnFailure, Progress, PropertiesMode, Shard, generate,
    judge, seeded_rng, seeded_runner,
};
pub use super::shrink::simplify_greedily;
use super::verdict::Status;
use crate::generation::Generate;
pub use crate::limits::RUNS_PER_LAW;
use crate::suite::Suite;

/// The smallest input of `domain`: its random cases' strategy simplified
/// as far as it goes (what a set-up failure is tried on).
pub fn smallest_case<P: Generate>(domain: &crate::generation::Domain) -> P::Case {
    let mut tree = domain
        .cases::<P>()
        .new_tree(&mut seeded_runner(0))
        .expect("strategies here never reject");
    // Bounded, though every strategy here stops simplifying on its own.
    for _ in 0..100_000 {
        if !tree.simplify() {
            break;
        }
    }
    tree.current()
}

/// Checks `candidate` on `config.given`, then on `config.cases` generated
/// cases (or every case up to `config.exhaustive` cells), then the laws on
/// them with `PropertiesMode::All`, then at the limits (with the laws on
/// the largest case of each pattern), all inside the declared domain
/// (`config.size`, `config.shape`). Each failure is confirmed alone and
/// shrunk; the check goes on until it has `config.max_failures` distinct
/// ones. A candidate that fails the same way on the smallest input as on
/// the first failing one cannot run at all: the report says so
/// ([`Status::Error`]) and nothing is shrunk.
pub fn check<P: Suite>(candidate: &dyn Candidate<P>, config: &CheckConfig) -> Report {
    let mut report = Report {
        problem: P::NAME.to_string(),
        seed: config.seed,
        status: Status::Pass,
        cases: 0,
        sandbox: candidate.sandbox(),
        domain: config.domain().describe::<P>(),
        given: None,
        properties: None,
        limits: Vec::new(),
        failure: None,
        failures: Vec::new(),
        cannot_run: None,
        slow_once: None,
        set_aside: 0,
        timings: Timings::default(),
        stack_bytes: candidate.stack_limit(),
    };
    Context::new(candidate, config).run_all_phases(&mut report);
    report
}
