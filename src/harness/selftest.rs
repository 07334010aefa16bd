//! The zoo run through the properties: which law catches which wrong
//! solver, and how small the counterexample is.

use proptest::strategy::BoxedStrategy;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};

use super::check::{seeded_rng, simplify_greedily};
use crate::generation::Generate;
use crate::problem::case_text;
use crate::suite::{Property, Solver, Suite};

/// What the properties found in one known-wrong solver.
#[derive(Clone, Debug)]
pub struct Caught {
    /// The variant's name.
    pub variant: String,
    /// What it gets wrong.
    pub about: String,
    /// Each property that caught it, with the size and text of its minimal counterexample.
    pub by: Vec<(&'static str, String, String)>,
    /// The properties that do not apply to it ([`Property::applies_to`]).
    pub not_applicable: Vec<&'static str>,
}

/// Runs every property of `P` on every zoo variant, `cases` cases each.
pub fn selftest<P: Suite>(cases: u32, seed: u64) -> Vec<Caught> {
    let strategy = P::cases(P::DEFAULT_SIZE);
    let properties = P::properties();
    P::zoo()
        .iter()
        .map(|variant: &Solver<P>| Caught {
            variant: variant.name.clone(),
            about: variant.about.clone(),
            by: properties
                .iter()
                .filter_map(|p| {
                    counterexample(p, variant, &strategy, cases, seed)
                        .map(|(case, _)| (p.name, P::size_of(&case), case_text::<P>(&case)))
                })
                .collect(),
            not_applicable: properties
                .iter()
                .filter(|p| !p.applies_to(variant))
                .map(|p| p.name)
                .collect(),
        })
        .collect()
}

/// The properties of `P` that caught no variant in `results` (should be none).
pub fn idle_properties<P: Suite>(results: &[Caught]) -> Vec<&'static str> {
    P::properties()
        .iter()
        .map(|p| p.name)
        .filter(|name| {
            !results
                .iter()
                .any(|c| c.by.iter().any(|(p, _, _)| p == name))
        })
        .collect()
}

/// The minimal counterexample to `property` on `solver` within `cases`
/// cases of `strategy` drawn from `seed`, with the property's explanation:
/// proptest's shrinking, then greedy [`Generate::simpler`] steps. Nothing
/// is persisted: this is for solvers that are meant to fail.
pub fn counterexample<P: Generate>(
    property: &Property<P>,
    solver: &Solver<P>,
    strategy: &BoxedStrategy<P::Case>,
    cases: u32,
    seed: u64,
) -> Option<(P::Case, String)> {
    if !property.applies_to(solver) {
        return None;
    }
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new_with_rng(config, seeded_rng(seed));
    match runner.run(strategy, |case| {
        (property.holds)(solver, &case).map_err(|stop| TestCaseError::fail(stop.to_string()))
    }) {
        Err(TestError::Fail(why, case)) => {
            let (case, _) = simplify_greedily::<P>(case, 1, |c| {
                (property.holds)(solver, &c[0]).is_err().then_some(0)
            });
            let why = (property.holds)(solver, &case)
                .err()
                .map_or_else(|| why.to_string(), |stop| stop.to_string());
            Some((case, why))
        }
        _ => None,
    }
}
