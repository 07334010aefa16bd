//! The zoo run through the properties: which law catches which wrong
//! solver, and how small the counterexample is.

use super::testing::counterexample;
use crate::problem::{Problem, Solver, case_text};

/// What the properties found in one known-wrong solver.
#[derive(Clone, Debug)]
pub struct Caught {
    /// The variant's name.
    pub variant: &'static str,
    /// What it gets wrong.
    pub about: &'static str,
    /// Each property that caught it, with the size and text of its minimal counterexample.
    pub by: Vec<(&'static str, String, String)>,
}

/// Runs every property of `P` on every zoo variant, `cases` cases each.
pub fn selftest<P: Problem>(cases: u32, seed: u64) -> Vec<Caught> {
    let strategy = P::cases(P::DEFAULT_SIZE);
    let properties = P::properties();
    P::zoo()
        .iter()
        .map(|variant: &Solver<P>| Caught {
            variant: variant.name,
            about: variant.about,
            by: properties
                .iter()
                .filter_map(|p| {
                    counterexample(p, variant, &strategy, cases, seed)
                        .map(|(case, _)| (p.name, P::size_of(&case), case_text::<P>(&case)))
                })
                .collect(),
        })
        .collect()
}

/// The properties of `P` that caught no variant in `results` (should be none).
pub fn idle_properties<P: Problem>(results: &[Caught]) -> Vec<&'static str> {
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
