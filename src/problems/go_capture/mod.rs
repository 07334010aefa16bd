//! go-capture (docs/spec/go-capture.md): every group without a liberty in
//! the given position is removed, all at once.
//!
//! ```
//! use boardcheck::problem::{Problem, read_input, answer_text};
//! use boardcheck::problems::go_capture::GoCapture;
//! let case = read_input::<GoCapture>("3 3\n###\n#B#\n###\n", false).unwrap().remove(0);
//! assert_eq!(answer_text::<GoCapture>(&GoCapture::engine(&case)), "9\n...\n...\n...\n");
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
pub mod patterns;
pub(crate) mod properties;
mod repeats;
pub(crate) mod shrink;
pub mod strategy;
pub mod zoo;

use crate::json::JsonCodec;
use crate::suite::{Property, Solver, Suite};
use crate::text::{Lines, ParseError};
use std::fmt;

use proptest::strategy::BoxedStrategy;

use crate::generation::{Enumeration, Extras, Generate, Shape, ShapeKind, Shapes};
use crate::problem::Problem;
use crate::text::plural;

/// The empty point.
pub const EMPTY: u8 = b'.';

/// True for a byte that may stand on a board: `.` or a stone colour
/// (printable ASCII other than space).
pub fn is_point(b: u8) -> bool {
    b.is_ascii_graphic()
}

/// True for a stone colour: printable ASCII other than space and `.`.
pub fn is_stone(b: u8) -> bool {
    b.is_ascii_graphic() && b != EMPTY
}

/// Every stone character: printable ASCII except space and `.`, ascending.
pub fn stone_chars() -> Vec<u8> {
    (0x21u8..=0x7e).filter(|&b| is_stone(b)).collect()
}

/// An n x m board, row-major.
///
/// Invariant: `cells.len() == rows * cols`, `rows >= 1`, `cols >= 1`, and
/// every cell satisfies [`is_point`]. Everything that builds a board here
/// keeps it; [`Board::new`] checks it.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// n, the number of rows.
    pub rows: usize,
    /// m, the number of columns.
    pub cols: usize,
    /// The points, row by row: `.` or a stone colour.
    pub cells: Vec<u8>,
}

impl Board {
    /// A board from its cells; panics if the invariant does not hold.
    pub fn new(rows: usize, cols: usize, cells: Vec<u8>) -> Board {
        assert!(rows >= 1 && cols >= 1, "a board has at least one point");
        assert_eq!(
            rows.checked_mul(cols),
            Some(cells.len()),
            "cells must be rows * cols"
        );
        assert!(
            cells.iter().all(|&b| is_point(b)),
            "a cell is . or a printable stone"
        );
        Board { rows, cols, cells }
    }

    /// A board from its row strings (tests and examples); panics on a bad board.
    pub fn from_rows(rows: &[&str]) -> Board {
        let cols = rows.first().map_or(0, |r| r.len());
        assert!(rows.iter().all(|r| r.len() == cols), "ragged rows");
        Board::new(rows.len(), cols, rows.concat().into_bytes())
    }

    /// The number of points.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Never true for a valid board.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The point at row `r`, column `c` (both inside the board).
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols + c]
    }

    /// Row `r` as bytes.
    pub fn row(&self, r: usize) -> &[u8] {
        &self.cells[r * self.cols..(r + 1) * self.cols]
    }

    /// The number of stones.
    pub fn stones(&self) -> usize {
        self.cells.iter().filter(|&&b| b != EMPTY).count()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}x{} [", self.rows, self.cols)?;
        for r in 0..self.rows {
            if r > 0 {
                f.write_str(" / ")?;
            }
            f.write_str(&String::from_utf8_lossy(self.row(r)))?;
        }
        f.write_str("]")
    }
}

/// The answer: how many stones were removed, and the board after removal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Removal {
    /// The number of removed stones.
    pub removed: usize,
    /// The board with every removed stone turned into `.`.
    pub board: Board,
}

/// The go-capture problem.
pub struct GoCapture;

impl Problem for GoCapture {
    const NAME: &'static str = "go-capture";
    const ABOUT: &'static str =
        "remove every group without a liberty in the given position, all at once";

    type Case = Board;
    type Answer = Removal;

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

impl Generate for GoCapture {
    const SIZE_UNIT: &'static str = "side length";
    /// Boards of up to 6 x 6 = 36 points.
    const DEFAULT_SIZE: usize = 6;
    /// 2000 x 2000 = 4 000 000 points, the contract's limit.
    const MAX_SIZE: usize = 2000;

    fn cases(size: usize) -> BoxedStrategy<Board> {
        strategy::cases(size.saturating_mul(size).min(limits::MAX_POINTS), size)
    }
    fn simpler(case: &Board) -> Box<dyn Iterator<Item = Board>> {
        Box::new(shrink::simpler(case))
    }
    fn images(case: &Self::Case) -> Vec<Self::Case> {
        repeats::images(case)
    }
    fn contains(bigger: &Self::Case, smaller: &Self::Case) -> bool {
        repeats::contains(bigger, smaller)
    }
    /// The oracle floods every group from scratch: fine up to a million points.
    fn oracle_reaches(case: &Board) -> bool {
        case.len() <= 1_000_000
    }
    fn size_of(case: &Board) -> String {
        format!(
            "{}x{} board ({}, {})",
            case.rows,
            case.cols,
            plural(case.len(), "point"),
            plural(case.stones(), "stone")
        )
    }
    fn size(case: &Board) -> usize {
        case.rows.max(case.cols)
    }
    fn extras() -> Extras<Self> {
        Extras {
            shapes: Some(Shapes {
                kind: ShapeKind::Rect,
                of: |board| Shape {
                    rows: board.rows,
                    cols: board.cols,
                },
                cases: |shape| strategy::shaped(shape.rows, shape.cols),
            }),
            patterns: patterns::all(),
            enumerate: Some(Enumeration {
                every: |max_cells| Box::new(enumerate::every_board(max_cells)),
                cells: |board| board.rows * board.cols,
                moves: None,
                claim: "no board of fewer points over `.XO#` and this board's own stone characters \
                        fails (other stone characters are not enumerated)",
                every_like: Some(|max_cells, best| {
                    Box::new(enumerate::every_board_like(max_cells, best))
                }),
            }),
            answer_head: Some(|line| {
                let removed: u64 = line.parse().ok()?;
                Some(crate::text::plural(removed as usize, "stone") + " removed")
            }),
            ..Extras::default()
        }
    }
}

impl Suite for GoCapture {
    fn properties() -> Vec<Property<Self>> {
        properties::all()
    }
    fn zoo() -> Vec<Solver<Self>> {
        zoo::all()
    }
}

/// Engine and oracle on default-size and 30-point boards; every slip shows
/// on at most 9 points.
impl crate::suite::TestPlan for GoCapture {
    const ZOO_CASES: u32 = 200;

    fn property_runs() -> Vec<(proptest::strategy::BoxedStrategy<Board>, u32)> {
        vec![
            (Self::cases(Self::DEFAULT_SIZE), 256),
            (Self::cases(30), 16),
        ]
    }

    fn zoo_counterexample_fits(_variant: &str, case: &Board) -> bool {
        case.len() <= 9
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ninety_three_stone_characters() {
        let s = stone_chars();
        assert_eq!(s.len(), 93);
        assert!(!s.contains(&b'.') && !s.contains(&b' '));
    }
}
