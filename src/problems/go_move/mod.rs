//! go-move (docs/spec/go-move.md): one move on an n×n Go board. The
//! stone is placed, opponent groups left without a liberty are removed, and
//! then the move is illegal if its own group has no liberty (suicide). An
//! occupied point is illegal too. Ko is ignored.
//!
//! ```
//! use boardcheck::problem::{Problem, read_input, answer_text};
//! use boardcheck::problems::go_move::GoMove;
//! let case = read_input::<GoMove>("2\n10\n11\n1 0 2\n", false).unwrap().remove(0);
//! assert_eq!(answer_text::<GoMove>(&GoMove::engine(&case)), "1\n02\n00\n");
//! ```
//!
//! The engine (`engine::Board`) is an incremental board with exact
//! liberty counts that also runs random playouts (`playout`) and counts
//! legal positions (`count`, `boardcheck count-legal-go`).

// Engine modules: public with feature `internals`, else crate-private
// (src/problems/mod.rs says why they are written out twice).
#[cfg(feature = "internals")]
pub mod count;
#[cfg(not(feature = "internals"))]
#[allow(dead_code, unused_imports)]
pub(crate) mod count;
#[cfg(feature = "internals")]
pub mod engine;
#[cfg(not(feature = "internals"))]
#[allow(dead_code, unused_imports)]
pub(crate) mod engine;
#[cfg(feature = "internals")]
pub mod fast_board;
#[cfg(not(feature = "internals"))]
#[allow(dead_code, unused_imports)]
pub(crate) mod fast_board;
#[cfg(feature = "internals")]
pub mod playout;
#[cfg(not(feature = "internals"))]
#[allow(dead_code, unused_imports)]
pub(crate) mod playout;

#[cfg(feature = "cli")]
mod command;
pub mod enumerate;
pub mod format;
mod fuzzing;
pub mod limits;
pub mod oracle;
pub mod patterns;
pub(crate) mod properties;
mod repeats;
pub mod rules;
pub(crate) mod shrink;
pub mod strategy;
pub mod zoo;

use crate::generation::{Enumeration, Extras, Generate, Shape, ShapeKind, Shapes};
use crate::json::JsonCodec;
use crate::problem::Problem;
use crate::suite::{Property, Solver, Suite};
use crate::text::plural;
use crate::text::{Lines, ParseError};
use proptest::strategy::BoxedStrategy;

/// An empty point (`0`).
pub const EMPTY: u8 = 0;
/// A black stone (`1`).
pub const BLACK: u8 = 1;
/// A white stone (`2`).
pub const WHITE: u8 = 2;
/// The largest board side the contract allows.
pub const MAX_N: usize = limits::MAX_SIDE;

/// The other colour (`BLACK` ↔ `WHITE`).
pub fn opponent(colour: u8) -> u8 {
    3 - colour
}

/// An n×n board of points, row-major: `cells[row * n + col]` is `EMPTY`,
/// `BLACK` or `WHITE`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The side length, 1 to [`MAX_N`].
    pub n: usize,
    /// `n * n` points, row by row.
    pub cells: Vec<u8>,
}

impl Position {
    /// An empty n×n board.
    pub fn empty(n: usize) -> Position {
        Position {
            n,
            cells: vec![EMPTY; n * n],
        }
    }

    /// The point at `row`, `col`.
    pub fn at(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.n + col]
    }

    /// Sets the point at `row`, `col`.
    pub fn set(&mut self, row: usize, col: usize, v: u8) {
        self.cells[row * self.n + col] = v;
    }

    /// How many stones of either colour.
    pub fn stones(&self) -> usize {
        self.cells.iter().filter(|&&c| c != EMPTY).count()
    }
}

/// Colour `colour` plays at column `col`, row `row` (both 0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// 0-based column, inside the board.
    pub col: usize,
    /// 0-based row (the board line), inside the board.
    pub row: usize,
    /// `BLACK` or `WHITE`.
    pub colour: u8,
}

/// One input: a legal position (every group has a liberty) and a move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Case {
    /// The given position.
    pub position: Position,
    /// The move to play.
    pub mv: Move,
}

/// What a move does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// `0`: the point is occupied or the move is suicide.
    Illegal,
    /// `1` and the board after the move and its captures.
    Legal(Position),
}

/// The go-move problem.
pub struct GoMove;

impl Problem for GoMove {
    const NAME: &'static str = "go-move";
    const ABOUT: &'static str =
        "one Go move: place, remove opponent groups without liberties, refuse suicide";

    type Case = Case;
    type Answer = Answer;

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

impl Generate for GoMove {
    const SIZE_UNIT: &'static str = "side length";
    const DEFAULT_SIZE: usize = 7;
    const MAX_SIZE: usize = limits::MAX_SIDE;
    // Boards of side 1 or 2 show suicide and edge slips at once.
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
    fn failure_class(case: &Case, expected: &str, got: &str) -> Option<String> {
        repeats::failure_class(case, expected, got)
    }

    fn size_of(case: &Case) -> String {
        let n = case.position.n;
        format!(
            "{n}x{n} board ({}, {})",
            plural(n * n, "point"),
            plural(case.position.stones(), "stone")
        )
    }
    fn size(case: &Case) -> usize {
        case.position.n
    }
    fn extras() -> Extras<Self> {
        Extras {
            shapes: Some(Shapes {
                kind: ShapeKind::Square,
                of: |case| Shape {
                    rows: case.position.n,
                    cols: case.position.n,
                },
                cases: |shape| strategy::shaped(shape.rows),
            }),
            patterns: patterns::all(),
            enumerate: Some(Enumeration {
                every: |max_cells| Box::new(enumerate::every_move(max_cells)),
                cells: |case| case.position.n * case.position.n,
                moves: None,
                claim: "no move on a smaller board fails",
                every_like: None,
            }),
            answer_head: Some(|line| match line {
                "0" => Some("illegal".into()),
                "1" => Some("legal".into()),
                _ => None,
            }),
            #[cfg(feature = "cli")]
            commands: vec![command::count_command()],
            ..Extras::default()
        }
    }
}

impl Suite for GoMove {
    fn properties() -> Vec<Property<Self>> {
        properties::all()
    }
    fn zoo() -> Vec<Solver<Self>> {
        zoo::all()
    }
}

/// Engine and oracle on default-size and 19 x 19 positions; the slips the
/// issue named show on at most 3 x 3, the others on at most 4 x 4
/// (diagonal joins need a little room).
impl crate::suite::TestPlan for GoMove {
    const ZOO_CASES: u32 = 300;

    fn property_runs() -> Vec<(proptest::strategy::BoxedStrategy<Case>, u32)> {
        vec![
            (Self::cases(Self::DEFAULT_SIZE), 200),
            (Self::cases(19), 16),
        ]
    }

    fn zoo_counterexample_fits(variant: &str, case: &Case) -> bool {
        let named = [
            "suicide-before-captures",
            "edge-is-liberty",
            "one-neighbour-captures",
        ];
        case.position.n <= if named.contains(&variant) { 3 } else { 4 }
    }
}
