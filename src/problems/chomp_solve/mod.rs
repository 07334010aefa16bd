//! chomp-solve (docs/spec/chomp-solve.md): the game value of one Chomp position and
//! its winning moves, and the census of losing positions in a box
//! (`boardcheck chomp-census`).
//!
//! - [`oracle`]: plain minimax with a memo, move by move;
//! - `solver`: the whole box at once, one byte per upper part, ranked by
//!   the combinatorial number system (see its docs);
//! - `census`: the count of losing positions in boxes far past the
//!   solver's, one bit per upper part and value, slab by slab (see its
//!   docs); the solver is its independent check.
//!
//! The box of a position is W = r0 by H = its number of nonempty rows
//! (trailing empty rows are accepted and ignored). Positions whose box has
//! more than `solver::MAX_POSITIONS` positions (C(24, 12), the 12 × 12
//! box) or more than `solver::MAX_CELLS` cells are refused when read, with
//! an error naming the limit.
//!
//! ```
//! use boardcheck::problem::{Problem, read_input, answer_text};
//! use boardcheck::problems::chomp_solve::ChompSolve;
//! let case = read_input::<ChompSolve>("2\n2 2\n", false).unwrap().remove(0);
//! assert_eq!(answer_text::<ChompSolve>(&ChompSolve::engine(&case)), "win 1\n1 1\n");
//! ```

// Engine modules: public with feature `internals`, else crate-private
// (src/problems/mod.rs says why they are written out twice).
#[cfg(feature = "internals")]
pub mod census;
#[cfg(not(feature = "internals"))]
#[allow(dead_code, unused_imports)]
pub(crate) mod census;
#[cfg(feature = "internals")]
pub mod solver;
#[cfg(not(feature = "internals"))]
#[allow(dead_code, unused_imports)]
pub(crate) mod solver;

#[cfg(feature = "cli")]
mod command;
pub mod enumerate;
pub mod format;
mod fuzzing;
pub mod limits;
pub mod oracle;
pub(crate) mod patterns;
pub(crate) mod properties;
mod repeats;
pub(crate) mod shrink;
pub(crate) mod strategy;
pub mod zoo;

use crate::generation::{Enumeration, Extras, Generate};
use crate::json::JsonCodec;
use crate::problem::Problem;
use crate::suite::{Property, Solver, Suite};
use crate::text::{Lines, ParseError};
use proptest::strategy::BoxedStrategy;

/// One input: the row lengths, bottom row first, nonincreasing, not all zero.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Case {
    /// r0 ≥ r1 ≥ … ≥ r(H-1) ≥ 0.
    pub rows: Vec<u64>,
}

/// The value of a position for the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// `lose`
    Lose,
    /// `win K` and the K winning moves (X, Y), sorted by Y then X.
    Win(Vec<(u64, u64)>),
}

impl Case {
    /// The rows without trailing empty ones.
    pub fn trimmed(&self) -> &[u64] {
        let n = self.rows.iter().rposition(|&r| r > 0).map_or(0, |i| i + 1);
        &self.rows[..n]
    }
}

/// The position after the move (x, y): rows j ≥ y capped at x, empty rows dropped.
pub fn after_move(rows: &[u64], x: u64, y: u64) -> Vec<u64> {
    let mut out: Vec<u64> = rows
        .iter()
        .enumerate()
        .map(|(j, &r)| if j as u64 >= y { r.min(x) } else { r })
        .collect();
    while out.last() == Some(&0) {
        out.pop();
    }
    out
}

/// The chomp-solve problem.
pub struct ChompSolve;

impl Problem for ChompSolve {
    const NAME: &'static str = "chomp-solve";
    const ABOUT: &'static str = "the value and winning moves of a Chomp position";

    type Case = Case;
    type Answer = Value;

    fn read_case(lines: &mut Lines<'_>) -> Result<Self::Case, ParseError> {
        format::read_case(lines)
    }
    fn write_case(case: &Self::Case, out: &mut String) {
        format::write_case(case, out)
    }
    fn read_answer(lines: &mut Lines<'_>, case: &Self::Case) -> Result<Self::Answer, ParseError> {
        format::read_answer(lines, case)
    }
    fn write_answer(answer: &Self::Answer, out: &mut String) {
        format::write_answer(answer, out)
    }
    fn json() -> JsonCodec<Self> {
        format::json()
    }

    fn oracle(case: &Self::Case) -> Self::Answer {
        oracle::solve(case)
    }
    fn engine(case: &Self::Case) -> Self::Answer {
        solver::solve(case)
    }
}

/// The side of the largest square box within the solver's limits.
pub const MAX_SIZE_SIDE: u64 = 12;

impl Generate for ChompSolve {
    const SIZE_UNIT: &'static str = "side length of the box";
    /// Positions inside a 7 x 7 box by default (3432 positions: the oracle is instant).
    const DEFAULT_SIZE: usize = 7;
    /// The 12 x 12 box is the largest the solver takes.
    const MAX_SIZE: usize = MAX_SIZE_SIDE as usize;
    // Positions inside 2 x 2 are solved at once; larger ones cost more.
    const FIRST_SIZES: &'static [usize] = &[2];

    fn cases(size: usize) -> BoxedStrategy<Self::Case> {
        strategy::cases(size)
    }
    fn simpler(case: &Self::Case) -> Box<dyn Iterator<Item = Self::Case>> {
        Box::new(shrink::simpler(case))
    }
    fn images(case: &Self::Case) -> Vec<Self::Case> {
        repeats::images(case)
    }
    fn contains(bigger: &Self::Case, smaller: &Self::Case) -> bool {
        repeats::contains(bigger, smaller)
    }

    /// The oracle's memo holds every position it reaches inside the box.
    fn oracle_reaches(case: &Case) -> bool {
        let rows = case.trimmed();
        let width = rows.first().copied().unwrap_or(0);
        solver::box_positions(width, rows.len() as u64) <= 200_000
    }
    fn size_of(case: &Case) -> String {
        let rows = case.trimmed();
        format!(
            "{} x {} box, {} cells",
            rows.first().copied().unwrap_or(0),
            rows.len(),
            rows.iter().sum::<u64>()
        )
    }
    /// The side of the smallest square box that holds the position.
    fn size(case: &Case) -> usize {
        let rows = case.trimmed();
        let width = rows.first().copied().unwrap_or(0);
        usize::try_from(width).unwrap_or(usize::MAX).max(rows.len())
    }
    fn extras() -> Extras<Self> {
        Extras {
            // Replies a command (chomp) or moves (chomp-solve), not boards.
            answers_are_lines: true,
            patterns: patterns::all(),
            enumerate: Some(Enumeration {
                every: |max_cells| Box::new(enumerate::every_position(max_cells as u64)),
                cells: |case| case.rows.iter().sum::<u64>() as usize,
                moves: None,
                claim: "no position of fewer squares fails",
                every_like: None,
            }),
            #[cfg(feature = "cli")]
            commands: vec![command::census_command()],
            ..Extras::default()
        }
    }
}

impl Suite for ChompSolve {
    fn properties() -> Vec<Property<Self>> {
        properties::all()
    }
    fn zoo() -> Vec<Solver<Self>> {
        zoo::all()
    }
}

/// Engine and oracle on default-size boxes, 48 cases a property.
impl crate::suite::TestPlan for ChompSolve {
    fn property_runs() -> Vec<(proptest::strategy::BoxedStrategy<Case>, u32)> {
        vec![(Self::cases(Self::DEFAULT_SIZE), 48)]
    }
}
