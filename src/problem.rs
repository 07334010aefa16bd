//! The contract every problem implements, and the generic pieces built on it.
//!
//! A [`Problem`] bundles the case and answer types, the text formats, the
//! oracle and the engine, and the generators. The harness (`crate::harness`)
//! and the CLI only ever talk to this trait, so adding a problem means adding
//! one folder under `src/problems/` and one line in its registry.

use std::fmt::Debug;

use proptest::strategy::BoxedStrategy;

use crate::text::{Lines, ParseError};

/// One problem of PROBLEMS.md.
pub trait Problem: Sized + 'static {
    /// The name used on the command line, e.g. `flank-row`.
    const NAME: &'static str;
    /// One line for `--help` and reports.
    const ABOUT: &'static str;
    /// The `--size` used when none is given: the largest board a generated
    /// case has, in the problem's own unit (cells, side length, ...).
    const DEFAULT_SIZE: usize;

    /// One input of the problem.
    type Case: Clone + Debug + PartialEq + Send + Sync + 'static;
    /// What a solver answers for one case.
    type Answer: Clone + Debug + PartialEq + Send + Sync + 'static;

    /// Reads one case; the cursor is left just after it.
    fn read_case(lines: &mut Lines<'_>) -> Result<Self::Case, ParseError>;
    /// Appends the text form of `case`, ending with a newline.
    fn write_case(case: &Self::Case, out: &mut String);
    /// Reads one answer to `case` (a candidate's output); the cursor is left just after it.
    fn read_answer(lines: &mut Lines<'_>, case: &Self::Case) -> Result<Self::Answer, ParseError>;
    /// Appends the text form of `answer`, ending with a newline.
    fn write_answer(answer: &Self::Answer, out: &mut String);

    /// The naive transcription of the rules.
    fn oracle(case: &Self::Case) -> Self::Answer;
    /// The optimized implementation.
    fn engine(case: &Self::Case) -> Self::Answer;
    /// The answer a candidate is compared with: the oracle, unless the
    /// problem documents why it cannot be (e.g. boards too large for it).
    fn reference(case: &Self::Case) -> Self::Answer {
        Self::oracle(case)
    }

    /// Random cases no larger than `size`, biased small, shrinking toward
    /// small cases.
    fn cases(size: usize) -> BoxedStrategy<Self::Case>;
    /// Cases one step simpler than `case` (a placement or a cell dropped, a
    /// cell emptied, ...), the biggest cuts first. After proptest's
    /// shrinking, the checker tries these greedily until none still fails,
    /// which also undoes the detours a value tree cannot see past.
    fn simpler(_case: &Self::Case) -> Vec<Self::Case> {
        Vec::new()
    }
    /// Every case with at most `max_cells` cells, for `exhaust`.
    fn exhaust(max_cells: usize) -> Box<dyn Iterator<Item = Self::Case> + Send>;
    /// A short description of a case's size for reports, e.g. `3 cells, 1 placement`.
    fn size_of(case: &Self::Case) -> String;

    /// The properties the rules imply, each checkable on any solver.
    fn properties() -> Vec<Property<Self>>;
    /// Deliberately wrong solvers: every property must catch at least one.
    fn zoo() -> Vec<Solver<Self>>;

    /// Names of special generators for `gen --pattern` (worst cases for benchmarks).
    const PATTERNS: &'static [&'static str] = &[];
    /// The case of pattern `name` at `size`, if the problem has that pattern.
    fn pattern(_name: &str, _size: usize) -> Option<Self::Case> {
        None
    }

    /// The JSON form of a case, for problems that have one (`--format json`).
    fn case_from_json(_text: &str) -> Option<Result<Self::Case, ParseError>> {
        None
    }
    /// The JSON form of an answer, for problems that have one.
    fn answer_to_json(_answer: &Self::Answer) -> Option<String> {
        None
    }
}

/// Solves a case visiting the capture directions in a given order.
pub type SolveInOrder<P> = fn(&<P as Problem>::Case, &[usize]) -> <P as Problem>::Answer;

/// A named solver: the oracle, the engine, or a variant from the zoo.
pub struct Solver<P: Problem> {
    /// Short name, e.g. `flip-while-scanning`.
    pub name: &'static str,
    /// What it does (wrong), in one line.
    pub about: &'static str,
    /// Solves one case.
    pub solve: fn(&P::Case) -> P::Answer,
    /// Solves one case visiting the capture directions in the given order (a
    /// permutation of `0..directions`), for the direction-order property.
    pub solve_in_order: Option<SolveInOrder<P>>,
}

impl<P: Problem> Clone for Solver<P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P: Problem> Copy for Solver<P> {}

impl<P: Problem> Solver<P> {
    /// The problem's oracle as a solver.
    pub fn oracle() -> Self {
        Solver {
            name: "oracle",
            about: "the naive transcription of the rules",
            solve: P::oracle,
            solve_in_order: None,
        }
    }

    /// The problem's engine as a solver.
    pub fn engine() -> Self {
        Solver {
            name: "engine",
            about: "the optimized implementation",
            solve: P::engine,
            solve_in_order: None,
        }
    }

    /// This solver, with `solve_in_order` as its way of visiting the
    /// capture directions in a given order (for the direction-order property).
    pub fn with_order(self, solve_in_order: SolveInOrder<P>) -> Self {
        Solver {
            solve_in_order: Some(solve_in_order),
            ..self
        }
    }
}

/// What a property says about one case: holds, or a counterexample explanation.
pub type Verdict = Result<(), String>;

/// A law the rules imply, checkable on any [`Solver`].
pub struct Property<P: Problem> {
    /// Short name, e.g. `mirror-symmetry`.
    pub name: &'static str,
    /// The law in one line.
    pub about: &'static str,
    /// Checks the law for one case.
    pub holds: fn(&Solver<P>, &P::Case) -> Verdict,
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
            let got = (solver.solve)(case);
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
    }
}

/// Reads a whole input: one case, or with `multi` the multi-case form (`T`
/// then T cases). Only blank lines may follow.
pub fn read_input<P: Problem>(text: &str, multi: bool) -> Result<Vec<P::Case>, ParseError> {
    let mut lines = Lines::new(text);
    let cases = if multi {
        let line = lines.next_line("the number of cases T")?;
        let mut tokens = line.tokens();
        let t: usize = tokens.int_in("the number of cases T", 0, 1_000_000)?;
        tokens.end()?;
        let mut cases = Vec::with_capacity(t.min(1024));
        for _ in 0..t {
            cases.push(P::read_case(&mut lines)?);
        }
        cases
    } else {
        vec![P::read_case(&mut lines)?]
    };
    lines.finish()?;
    Ok(cases)
}

/// The text of one case.
pub fn case_text<P: Problem>(case: &P::Case) -> String {
    let mut out = String::new();
    P::write_case(case, &mut out);
    out
}

/// The text of one answer.
pub fn answer_text<P: Problem>(answer: &P::Answer) -> String {
    let mut out = String::new();
    P::write_answer(answer, &mut out);
    out
}

/// The multi-case text of `cases`.
pub fn multi_case_text<P: Problem>(cases: &[P::Case]) -> String {
    let mut out = format!("{}\n", cases.len());
    for case in cases {
        P::write_case(case, &mut out);
    }
    out
}
