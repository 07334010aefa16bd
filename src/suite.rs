//! What the rules imply, checkable on any solver: [`Property`], the
//! [`Solver`]s it runs on (oracle, engine, zoo variants, a candidate), and
//! the [`Suite`] trait that names a problem's properties and zoo.

use std::any::Any;
use std::sync::Arc;

use proptest::strategy::BoxedStrategy;

use crate::generation::Generate;
use crate::problem::{Problem, answer_text};

/// A problem's laws and its known-wrong solvers.
pub trait Suite: Generate {
    /// The properties the rules imply, each checkable on any solver.
    fn properties() -> Vec<Property<Self>>;
    /// Deliberately wrong solvers: every property must catch at least one.
    fn zoo() -> Vec<Solver<Self>>;
}

/// How the shared test suite holds a problem to its contract: the tests
/// every problem gets from its registry line (`tests/registry.rs`, made by
/// `boardcheck::for_each_problem!`) take their per-problem settings from
/// here, so a problem's own test file holds only what is its own. Every item
/// has a default: `impl TestPlan for MyProblem {}` is a complete plan.
pub trait TestPlan: Suite {
    /// Cases each zoo variant gets in `every_zoo_variant_is_caught` (seed 1).
    const ZOO_CASES: u32 = 100;

    /// The solvers held to every property: the engine and the oracle, each
    /// carrying the problem's variant (a direction order, say) if it has
    /// [`LawKind::Variant`] laws, so those laws run on them too.
    fn references() -> Vec<Solver<Self>> {
        vec![Solver::engine(), Solver::oracle()]
    }

    /// The property runs: each a strategy and how many cases it gives every
    /// property on every reference (`BOARDCHECK_CASES` overrides the count).
    fn property_runs() -> Vec<(BoxedStrategy<Self::Case>, u32)> {
        vec![(Self::cases(Self::DEFAULT_SIZE), 64)]
    }

    /// Whether `case`, zoo variant `variant`'s minimal counterexample
    /// against the oracle, is as small as its slip needs: a problem states
    /// how small each slip shows, so a shrinker that stops early fails.
    fn zoo_counterexample_fits(_variant: &str, _case: &Self::Case) -> bool {
        true
    }
}

/// Generic code to run on one problem, chosen by name at run time:
/// implement `visit` once and [`Registry::visit`] calls it with the right
/// type.
pub trait Visitor {
    /// What the visit returns.
    type Output;
    /// Runs on problem `P`.
    fn visit<P: Suite>(self) -> Self::Output;
}

/// A set of problems chosen by name at run time. The harness knows no
/// problem: what needs them all (the fuzz targets) takes a `Registry` from
/// its caller, who hands it `boardcheck::problems::Registry`.
pub trait Registry {
    /// Every problem's command-line name, in order.
    const NAMES: &'static [&'static str];
    /// Runs `visitor` on the problem called `name`; `None` if there is none.
    fn visit<V: Visitor>(name: &str, visitor: V) -> Option<V::Output>;
}

type Solve<P> = dyn Fn(&<P as Problem>::Case) -> Result<<P as Problem>::Answer, Stop> + Send + Sync;

/// A named solver: the oracle, the engine, a zoo variant, or any closure
/// (a candidate program wrapped by the checker, say). A solver may be
/// fallible ([`Solver::fallible`]): a law asking it stops, with `?`, at
/// the first input it does not answer.
pub struct Solver<P: Problem> {
    /// Short name, e.g. `flip-while-scanning`.
    pub name: String,
    /// What it does, in one line.
    pub about: String,
    solve: Arc<Solve<P>>,
    variant: Option<Arc<dyn Any + Send + Sync>>,
}

impl<P: Problem> Clone for Solver<P> {
    fn clone(&self) -> Self {
        Solver {
            name: self.name.clone(),
            about: self.about.clone(),
            solve: self.solve.clone(),
            variant: self.variant.clone(),
        }
    }
}

impl<P: Problem> Solver<P> {
    /// A solver from any function of a case.
    pub fn new(
        name: impl Into<String>,
        about: impl Into<String>,
        solve: impl Fn(&P::Case) -> P::Answer + Send + Sync + 'static,
    ) -> Self {
        Solver::fallible(name, about, move |case: &P::Case| Ok(solve(case)))
    }

    /// A solver that may not answer: the candidate under check, answering
    /// from its runs so far, is one ([`Stop::Unanswered`] for an input it
    /// has no answer to).
    pub fn fallible(
        name: impl Into<String>,
        about: impl Into<String>,
        solve: impl Fn(&P::Case) -> Result<P::Answer, Stop> + Send + Sync + 'static,
    ) -> Self {
        Solver {
            name: name.into(),
            about: about.into(),
            solve: Arc::new(solve),
            variant: None,
        }
    }

    /// The problem's oracle.
    pub fn oracle() -> Self {
        Solver::new("oracle", "the naive transcription of the rules", P::oracle)
    }

    /// The problem's engine.
    pub fn engine() -> Self {
        Solver::new("engine", "the optimized implementation", P::engine)
    }

    /// This solver, carrying a problem's own way to vary it (the order its
    /// solvers visit the directions in, say):
    /// laws about it (of [`LawKind::Variant`]) get it back with
    /// [`Solver::variant`].
    pub fn with_variant<T: Any + Send + Sync>(self, variant: T) -> Self {
        Solver {
            variant: Some(Arc::new(variant)),
            ..self
        }
    }

    /// The variant the solver carries, if it is a `T`.
    pub fn variant<T: Any>(&self) -> Option<&T> {
        self.variant.as_deref()?.downcast_ref()
    }

    /// Solves one case; only a [`Solver::fallible`] one may not answer.
    pub fn solve(&self, case: &P::Case) -> Result<P::Answer, Stop> {
        (self.solve)(case)
    }
}

/// Why a law did not hold on a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The law is broken: why.
    Breaks(String),
    /// The solver did not answer an input the law asked about (the
    /// candidate has no run of it yet, or failed on it): no verdict.
    Unanswered,
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Breaks(why) => f.write_str(why),
            Stop::Unanswered => f.write_str("the solver did not answer an input the law asked"),
        }
    }
}

/// A helper's complaint (`Result<_, String>` and `?`) breaks the law.
impl From<String> for Stop {
    fn from(why: String) -> Stop {
        Stop::Breaks(why)
    }
}

/// What a property says about one case: holds, or why it stopped.
pub type Holds = Result<(), Stop>;

/// The law is broken, for the reason `why`.
pub fn breaks(why: impl Into<String>) -> Holds {
    Err(Stop::Breaks(why.into()))
}

/// A law the rules imply, checkable on any [`Solver`].
pub struct Property<P: Problem> {
    /// Short name, e.g. `mirror-symmetry`.
    pub name: &'static str,
    /// The law in one line.
    pub about: &'static str,
    /// Checks the law for one case.
    pub holds: fn(&Solver<P>, &P::Case) -> Holds,
    /// What kind of law it is, which says on which solvers it runs.
    pub kind: LawKind,
}

/// The kinds of law, typed so the checker picks laws by kind, not by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LawKind {
    /// A law about the solver's answers alone: it applies to every solver.
    Answers,
    /// A law about a problem's own variation of its solvers (a direction
    /// order, [`Solver::with_variant`]): it applies only to solvers that
    /// carry one (the engines and the zoo). A candidate program has none,
    /// so for it the law is not applicable, and said to be, not passed.
    Variant,
    /// Agreement with the oracle ([`agrees_with_oracle`]): the checker's
    /// judging already is this law, so it is not run again on a candidate.
    AgreesWithOracle,
}

impl<P: Problem> Property<P> {
    /// Whether the law can say anything about `solver`.
    pub fn applies_to(&self, solver: &Solver<P>) -> bool {
        self.kind != LawKind::Variant || solver.variant.is_some()
    }
}

impl<P: Problem> Clone for Property<P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P: Problem> Copy for Property<P> {}

/// The property every problem has: the solver agrees with the oracle.
pub fn agrees_with_oracle<P: Problem>() -> Property<P> {
    Property {
        name: "agrees-with-oracle",
        about: "the solver's answer equals the oracle's",
        holds: |solver, case| {
            let got = solver.solve(case)?;
            let want = P::oracle(case);
            if got == want {
                Ok(())
            } else {
                breaks(format!(
                    "expected {}got {}",
                    answer_text::<P>(&want),
                    answer_text::<P>(&got)
                ))
            }
        },
        kind: LawKind::AgreesWithOracle,
    }
}

/// One wrong solver per slip: `solve(case, slip)` for each `(name, slip,
/// about)` of `variants`. Every zoo is one function with a slip parameter.
pub fn zoo<P: Problem, S: Copy + Send + Sync + 'static>(
    solve: fn(&P::Case, S) -> P::Answer,
    variants: &[(&'static str, S, &'static str)],
) -> Vec<Solver<P>> {
    variants
        .iter()
        .map(|&(name, slip, about)| Solver::new(name, about, move |case| solve(case, slip)))
        .collect()
}
