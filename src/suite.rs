//! What the rules imply, checkable on any solver: [`Property`], the
//! [`Solver`]s it runs on (oracle, engine, zoo variants, a candidate), and
//! the [`Suite`] trait that names a problem's properties and zoo.

use std::sync::Arc;

use crate::generation::Generate;
use crate::problem::{Problem, answer_text};

/// A problem's laws and its known-wrong solvers.
pub trait Suite: Generate {
    /// The properties the rules imply, each checkable on any solver.
    fn properties() -> Vec<Property<Self>>;
    /// Deliberately wrong solvers: every property must catch at least one.
    fn zoo() -> Vec<Solver<Self>>;
}

type Solve<P> = dyn Fn(&<P as Problem>::Case) -> <P as Problem>::Answer + Send + Sync;
type SolveInOrder<P> =
    dyn Fn(&<P as Problem>::Case, &[usize]) -> <P as Problem>::Answer + Send + Sync;

/// A named solver: the oracle, the engine, a zoo variant, or any closure
/// (a candidate program wrapped by the checker, say).
pub struct Solver<P: Problem> {
    /// Short name, e.g. `flip-while-scanning`.
    pub name: String,
    /// What it does, in one line.
    pub about: String,
    solve: Arc<Solve<P>>,
    in_order: Option<Arc<SolveInOrder<P>>>,
}

impl<P: Problem> Clone for Solver<P> {
    fn clone(&self) -> Self {
        Solver {
            name: self.name.clone(),
            about: self.about.clone(),
            solve: self.solve.clone(),
            in_order: self.in_order.clone(),
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
        Solver {
            name: name.into(),
            about: about.into(),
            solve: Arc::new(solve),
            in_order: None,
        }
    }

    /// A solver that can visit the capture directions in any order (a
    /// permutation of `0..default_order.len()`); plain solving uses
    /// `default_order`.
    pub fn ordered(
        name: impl Into<String>,
        about: impl Into<String>,
        default_order: &'static [usize],
        solve: impl Fn(&P::Case, &[usize]) -> P::Answer + Send + Sync + 'static,
    ) -> Self {
        let solve = Arc::new(solve);
        let plain = solve.clone();
        Solver {
            name: name.into(),
            about: about.into(),
            solve: Arc::new(move |case| plain(case, default_order)),
            in_order: Some(solve),
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

    /// This solver, visiting directions in a given order with `in_order`.
    pub fn with_order(
        self,
        in_order: impl Fn(&P::Case, &[usize]) -> P::Answer + Send + Sync + 'static,
    ) -> Self {
        Solver {
            in_order: Some(Arc::new(in_order)),
            ..self
        }
    }

    /// Whether the solver can be told a direction order.
    pub fn takes_order(&self) -> bool {
        self.in_order.is_some()
    }

    /// Solves one case.
    pub fn solve(&self, case: &P::Case) -> P::Answer {
        (self.solve)(case)
    }

    /// Solves one case visiting the directions in `order`, if this solver
    /// can be told an order.
    pub fn solve_in_order(&self, case: &P::Case, order: &[usize]) -> Option<P::Answer> {
        self.in_order.as_ref().map(|f| f(case, order))
    }
}

/// What a property says about one case: holds, or why not.
pub type Holds = Result<(), String>;

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
    /// A law about the order the directions are visited in: it applies only
    /// to solvers that can be told an order (the engines and the zoo, see
    /// [`Solver::takes_order`]). A candidate program has no order to vary,
    /// so for it the law is not applicable, and said to be, not passed.
    DirectionOrder,
    /// Agreement with the oracle ([`agrees_with_oracle`]): the checker's
    /// judging already is this law, so it is not run again on a candidate.
    AgreesWithOracle,
}

impl<P: Problem> Property<P> {
    /// Whether the law can say anything about `solver`.
    pub fn applies_to(&self, solver: &Solver<P>) -> bool {
        self.kind != LawKind::DirectionOrder || solver.takes_order()
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
            let got = solver.solve(case);
            let want = P::oracle(case);
            if got == want {
                Ok(())
            } else {
                Err(format!(
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

/// [`zoo`] for solvers that take a direction order too.
pub fn ordered_zoo<P: Problem, S: Copy + Send + Sync + 'static>(
    solve: fn(&P::Case, &[usize], S) -> P::Answer,
    default_order: &'static [usize],
    variants: &[(&'static str, S, &'static str)],
) -> Vec<Solver<P>> {
    variants
        .iter()
        .map(|&(name, slip, about)| {
            Solver::ordered(name, about, default_order, move |case, order| {
                solve(case, order, slip)
            })
        })
        .collect()
}
