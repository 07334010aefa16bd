//! Which laws run on a candidate: those of the kind about answers
//! ([`LawKind::Answers`]) that compare answers to different inputs; a law
//! that judges the case's own answer alone is left to the reference.

use std::sync::{Arc, Mutex};

use crate::problem::{Problem, case_text};
use crate::suite::{LawKind, Property, Solver, Suite};

/// The size of the case a law is probed on (see [`compares_inputs`]):
/// what a law asks about does not depend on size, and the probe is cheap.
pub(super) const PROBE_SIZE: usize = 12;

/// Whether `law` compares answers to different inputs: checked on
/// `probe` with the engine answering, it asks about some input other than
/// its case. A law that judges the case's answer alone adds nothing to the
/// reference's judgement of that answer, and is left to it.
fn compares_inputs<P: Suite>(law: &Property<P>, probe: &P::Case) -> bool {
    let own = case_text::<P>(probe);
    let asked = Arc::new(Mutex::new(false));
    let other = asked.clone();
    let solver = Solver::new(
        "engine",
        "the engine, noting what it is asked",
        move |case| {
            if case_text::<P>(case) != own {
                *other.lock().expect("no panic while held") = true;
            }
            P::engine(case)
        },
    );
    // Whether the engine keeps the law here does not matter, only what it asks.
    let _ = (law.holds)(&solver, probe);
    *asked.lock().expect("no panic while held")
}

/// The laws run on a candidate, split by [`compares_inputs`].
pub(super) struct Laws<P: Problem> {
    /// Those that compare answers to different inputs.
    pub(super) run: Vec<Property<P>>,
    /// Those that judge the case's own answer alone (by name).
    pub(super) left_to_reference: Vec<&'static str>,
}

impl<P: Suite> Laws<P> {
    /// [`laws`] split by probing each on `probes`: a law compares answers
    /// if it does on any of them (a law may ask nothing else of a trivial
    /// case, such as a row with no placement).
    pub(super) fn probed_on(probes: &[P::Case]) -> Laws<P> {
        let (run, left): (Vec<_>, Vec<_>) = laws::<P>()
            .into_iter()
            .partition(|law| probes.iter().any(|probe| compares_inputs(law, probe)));
        Laws {
            run,
            left_to_reference: left.iter().map(|law| law.name).collect(),
        }
    }
}

/// The laws worth running on a candidate: all but agreement with the
/// oracle, which the judging already is (and which the oracle cannot
/// answer beyond its reach), and those that need a direction order to
/// vary, which a program does not take.
fn laws<P: Suite>() -> Vec<Property<P>> {
    P::properties()
        .into_iter()
        .filter(|law| law.kind == LawKind::Answers)
        .collect()
}
