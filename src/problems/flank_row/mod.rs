//! flank-row (docs/spec/flank-row.md): placements on a 1-D row, each
//! flipping the runs of the opponent it closes on either side.
//!
//! ```
//! use boardcheck::problem::{Problem, read_input, answer_text};
//! use boardcheck::problems::flank_row::FlankRow;
//! let case = read_input::<FlankRow>("A.BBA\n1\nA 1\n", false).unwrap().remove(0);
//! assert_eq!(answer_text::<FlankRow>(&FlankRow::engine(&case)), "AAAAA\n");
//! ```

// Engine modules: public with feature `internals`, else crate-private
// (src/problems/mod.rs says why they are written out twice).
#[cfg(feature = "internals")]
pub mod engine;
#[cfg(not(feature = "internals"))]
#[allow(dead_code, unused_imports)]
pub(crate) mod engine;

pub mod enumerate;
pub mod format;
mod fuzzing;
pub mod limits;
pub mod oracle;
pub mod order;
pub mod patterns;
pub(crate) mod properties;
mod repeats;
pub mod shrink;
pub mod strategy;
pub mod zoo;

use crate::generation::{Enumeration, Extras, Generate, Shape, ShapeKind, Shapes};
use crate::json::JsonCodec;
use crate::problem::Problem;
use crate::suite::{Property, Solver, Suite};
use crate::text::plural;
use crate::text::{Lines, ParseError};
use proptest::strategy::BoxedStrategy;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Player A.
    A,
    /// Player B.
    B,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }
}

/// One cell of the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `.`
    Empty,
    /// A piece of a player.
    Piece(Player),
}

impl From<Player> for Cell {
    fn from(p: Player) -> Cell {
        Cell::Piece(p)
    }
}

/// A row of cells.
pub type Row = Vec<Cell>;

/// Player `player` places a piece at `index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Who places.
    pub player: Player,
    /// 0-based cell index, always inside the row.
    pub index: usize,
}

/// One input: a row and the placements applied to it in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Case {
    /// The starting row, at least one cell.
    pub row: Row,
    /// The placements, each index inside the row.
    pub placements: Vec<Placement>,
}

/// The flank-row problem.
pub struct FlankRow;

impl Problem for FlankRow {
    const NAME: &'static str = "flank-row";
    const ABOUT: &'static str = "placements on a 1-D row that flip the opponent runs they close";

    type Case = Case;
    type Answer = Row;

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
        engine::solve(case)
    }
}

impl Generate for FlankRow {
    const SIZE_UNIT: &'static str = "cells";
    const DEFAULT_SIZE: usize = 12;
    const MAX_SIZE: usize = limits::MAX_CELLS;

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

    /// The oracle copies the row for every placement: O(n·k).
    fn oracle_reaches(case: &Case) -> bool {
        case.row.len().saturating_mul(case.placements.len()) <= 20_000_000
    }
    fn size_of(case: &Case) -> String {
        let (n, k) = (case.row.len(), case.placements.len());
        format!("{}, {}", plural(n, "cell"), plural(k, "placement"))
    }
    fn size(case: &Case) -> usize {
        case.row.len()
    }
    fn extras() -> Extras<Self> {
        Extras {
            shapes: Some(Shapes {
                kind: ShapeKind::Row,
                of: |case| Shape {
                    rows: 1,
                    cols: case.row.len(),
                },
                cases: |shape| strategy::shaped(shape.cols),
            }),
            patterns: patterns::all(),
            enumerate: Some(Enumeration {
                every: |max_cells| Box::new(enumerate::every_case(max_cells)),
                cells: enumerate::cells,
                moves: None,
                claim: "no case of fewer cells plus placements fails",
                every_like: None,
            }),
            ..Extras::default()
        }
    }
}

impl Suite for FlankRow {
    fn properties() -> Vec<Property<Self>> {
        properties::all()
    }
    fn zoo() -> Vec<Solver<Self>> {
        zoo::all()
    }
}

/// Engine and oracle told a direction order (for
/// `direction-order-independence`), on default-size and 300-cell rows;
/// every slip shows on a row of at most 3 cells, but frozen-row, which
/// needs two placements (4).
impl crate::suite::TestPlan for FlankRow {
    const ZOO_CASES: u32 = 200;

    fn references() -> Vec<Solver<Self>> {
        vec![
            order::with_order(Solver::engine(), engine::solve_in_order),
            order::with_order(Solver::oracle(), oracle::solve_in_order),
        ]
    }

    fn property_runs() -> Vec<(proptest::strategy::BoxedStrategy<Case>, u32)> {
        vec![
            (Self::cases(Self::DEFAULT_SIZE), 256),
            (Self::cases(300), 32),
        ]
    }

    fn zoo_counterexample_fits(_variant: &str, case: &Case) -> bool {
        case.row.len() <= 4
    }
}
