//! chomp (docs/spec/chomp.md): a W × H board, a script of `count`,
//! `legal X Y`, `move X Y` and `display` commands, and the lines they print.
//!
//! Three representations of the board, as the seed and the issue ask:
//! - [`oracle`]: the seed's Boolean grid `occupied[y][x]`, moves applied cell
//!   by cell (boards of at most [`oracle::GRID_MAX_CELLS`] cells);
//! - `boundary`: the seed's monotone boundary array `row[y]` with a cached
//!   count, Θ(H) per move, kept as a second reference;
//! - `engine`: a staircase of corners (maximal runs of equal-width rows in
//!   a `BTreeMap`), O(log s) amortized per move in the number s of steps, for
//!   boards up to 10^9 × 10^9, with an exact `u64` count.
//!
//! ## Why the oracle is not always the grid
//! The grid needs W·H cells, and the contract allows 10^18. So
//! [`Chomp::oracle`] (the reference every candidate is compared with) picks the most naive model that fits the board:
//! 1. the grid, when W·H ≤ [`oracle::GRID_MAX_CELLS`];
//! 2. else the boundary array, when H ≤ `boundary::MAX_ROWS` (or, on the
//!    transposed script, when W is; display is `too large` either way);
//! 3. else [`oracle::Quadrants`]: the rule read literally, "a cell is
//!    occupied iff it is on the board and no earlier legal move's quadrant
//!    covers it", keeping the list of legal moves and counting by coordinate
//!    compression. It is quadratic in the number of moves, shares nothing
//!    with the staircase engine, and handles 10^9 × 10^9.
//!
//! So no answer a candidate is judged by ever comes from the engine itself.
//!
//! ## Commands after the game is over
//! The contract is followed literally: once (0, 0) is taken nothing is
//! occupied, so `count` prints 0, `legal` prints `false`, every `move`
//! prints `illegal` (and nobody loses twice), and `display` draws the empty
//! board.
//!
//! ## Reading a candidate's answer
//! Without knowing the answer in advance: a `move` prints nothing, `illegal`
//! or `player P loses`, so the reader looks at the next line and consumes it
//! for the move only if it is one of the last two.
//!
//! ```
//! use boardcheck::problem::{Problem, read_input, answer_text};
//! use boardcheck::problems::chomp::Chomp;
//! let case = read_input::<Chomp>("2 2\n3\nmove 1 1\ncount\nmove 0 0\n", false).unwrap().remove(0);
//! assert_eq!(answer_text::<Chomp>(&Chomp::engine(&case)), "3\nplayer 2 loses\n");
//! ```

// Engine modules: public with feature `internals`, else crate-private
// (src/problems/mod.rs says why they are written out twice).
#[cfg(feature = "internals")]
pub mod boundary;
#[cfg(not(feature = "internals"))]
#[allow(dead_code, unused_imports)]
pub(crate) mod boundary;
#[cfg(feature = "internals")]
pub mod engine;
#[cfg(not(feature = "internals"))]
#[allow(dead_code, unused_imports)]
pub(crate) mod engine;

pub(crate) mod calls;
pub mod enumerate;
pub mod format;
mod fuzzing;
pub mod limits;
pub mod oracle;
pub mod patterns;
pub(crate) mod properties;
mod repeats;
mod seed_output;
pub(crate) mod shrink;
pub(crate) mod strategy;
pub mod zoo;

use crate::generation::{Enumeration, Extras, Generate, Shape, ShapeKind, Shapes};
use crate::json::JsonCodec;
use crate::suite::{Property, Solver, Suite};
use crate::text::{Lines, ParseError};
use proptest::strategy::BoxedStrategy;

use crate::problem::Problem;
use crate::text::plural;

/// The largest width and height the contract allows.
pub const MAX_SIDE: u64 = limits::MAX_SIDE;

/// Boards with both sides at most this are drawn by `display`.
pub const MAX_DISPLAY_SIDE: u64 = limits::MAX_DISPLAY_SIDE;

/// What `display` prints for boards wider or taller than [`MAX_DISPLAY_SIDE`].
pub const TOO_LARGE: &str = "too large to display";

/// One command of a script. Coordinates are any integers (saturated to `i64`
/// when read: everything that far out is off the board anyway).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// `count`
    Count,
    /// `legal X Y`
    Legal(i64, i64),
    /// `move X Y`
    Move(i64, i64),
    /// `display`
    Display,
}

/// One input: the board size and the script.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Case {
    /// W, 1..=10^9.
    pub width: u64,
    /// H, 1..=10^9.
    pub height: u64,
    /// The commands, in order.
    pub commands: Vec<Command>,
}

/// What a `move` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveReply {
    /// A legal move that leaves cells: nothing.
    Done,
    /// `illegal`
    Illegal,
    /// `player P loses`: the mover took (0, 0).
    Loses(u8),
}

/// What one command prints.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reply {
    /// The number of occupied cells. Wide enough for any integer a
    /// function candidate returns (a negative count is a wrong answer).
    Count(i128),
    /// `true` or `false`.
    Legal(bool),
    /// The move's line, if any.
    Move(MoveReply),
    /// The lines of the picture (trailing spaces trimmed), or the one line
    /// [`TOO_LARGE`].
    Display(Vec<String>),
}

/// The answer to a script: the printed items in order. A move that prints
/// nothing has no item, so the answer is exactly what the text says: two
/// moves in a row printing one `illegal` read the same whichever of them
/// was illegal. Per-command replies are `engine::play`'s, and [`align`] recovers
/// them from an answer when no two moves are adjacent.
pub type Answer = Vec<Reply>;

/// The printed items of per-command replies (`Move(Done)` prints nothing).
pub fn printed(replies: Vec<Reply>) -> Answer {
    replies
        .into_iter()
        .filter(|r| *r != Reply::Move(MoveReply::Done))
        .collect()
}

/// Assigns the printed items of `answer` to `commands`, one per command: a
/// move owns the next item if it is a move's line, else it printed nothing.
/// Exact when no two moves are adjacent. A missing item reads as an empty
/// picture (matching no real reply).
pub fn align(commands: &[Command], answer: &[Reply]) -> Vec<Reply> {
    let mut items = answer.iter().peekable();
    commands
        .iter()
        .map(|c| match c {
            Command::Move(..) => match items.peek() {
                Some(Reply::Move(_)) => items
                    .next()
                    .cloned()
                    .unwrap_or(Reply::Move(MoveReply::Done)),
                _ => Reply::Move(MoveReply::Done),
            },
            _ => items.next().cloned().unwrap_or(Reply::Display(Vec::new())),
        })
        .collect()
}

/// True when `display` draws the board.
pub fn displayable(width: u64, height: u64) -> bool {
    width <= MAX_DISPLAY_SIDE && height <= MAX_DISPLAY_SIDE
}

/// The seed's picture, given each row's number of occupied cells (a left
/// prefix), trailing spaces trimmed. Used by the staircase engine and the
/// properties; the oracle draws its own, cell by cell.
pub fn picture(width: u64, height: u64, row: impl Fn(u64) -> u64) -> Vec<String> {
    if !displayable(width, height) {
        return vec![TOO_LARGE.to_string()];
    }
    let mut lines: Vec<String> = (0..height)
        .rev()
        .map(|y| {
            let mut line = format!("{y} ");
            for _ in 0..row(y).min(width) {
                line.push_str("* ");
            }
            line.trim_end().to_string()
        })
        .collect();
    let mut last = String::from(" ");
    for x in 0..width {
        last.push_str(&format!(" {x}"));
    }
    lines.push(last);
    lines
}

/// A board representation with rows (the boundary array, the staircase).
pub trait Board {
    /// The full W × H board.
    fn new(width: u64, height: u64) -> Self;
    /// The number of occupied cells.
    fn count(&self) -> u64;
    /// The number of occupied cells of row `y`; 0 for a row above the board.
    fn row(&self, y: u64) -> u64;
    /// Removes the quadrant x' ≥ x, y' ≥ y; (x, y) is on the board and occupied.
    fn take(&mut self, x: u64, y: u64);
}

/// The same script on the transposed board: W and H swapped, and X and Y in
/// every command. Every reply but a picture is the same.
pub fn transpose(case: &Case) -> Case {
    Case {
        width: case.height,
        height: case.width,
        commands: case
            .commands
            .iter()
            .map(|&c| match c {
                Command::Legal(x, y) => Command::Legal(y, x),
                Command::Move(x, y) => Command::Move(y, x),
                other => other,
            })
            .collect(),
    }
}

/// The chomp problem.
pub struct Chomp;

impl Problem for Chomp {
    const NAME: &'static str = "chomp";
    const ABOUT: &'static str =
        "a Chomp board up to 10^9 x 10^9 driven by count/legal/move/display commands";
    /// A legal `move` prints nothing, so answers do not delimit themselves.
    const SELF_DELIMITING: bool = false;

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

    // The oracle: the most naive model that fits the board (see the module
    // docs), the grid, else the boundary array, else the quadrant list.
    fn oracle(case: &Self::Case) -> Self::Answer {
        oracle::naive(case)
    }
    fn engine(case: &Self::Case) -> Self::Answer {
        engine::solve(case)
    }
}

impl Generate for Chomp {
    const SIZE_UNIT: &'static str = "side length";
    /// Boards up to the contract's 10^9 sides: huge boards are the point
    /// (32-bit counts). `--size` bounds both sides.
    const DEFAULT_SIZE: usize = MAX_SIDE as usize;
    const MAX_SIZE: usize = MAX_SIDE as usize;
    // Boards of side 1 or 2: a script's slips show there first.
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

    /// The grid is instant; the boundary array costs the short side per
    /// move; the quadrant list is quadratic in the moves.
    fn oracle_reaches(case: &Case) -> bool {
        let commands = case.commands.len() as u64;
        let short = case.width.min(case.height);
        case.width.saturating_mul(case.height) <= oracle::GRID_MAX_CELLS
            || (short <= boundary::MAX_ROWS && commands.saturating_mul(short) <= 50_000_000)
            || commands <= 3_000
    }
    fn size_of(case: &Case) -> String {
        format!(
            "{} x {} board, {}",
            case.width,
            case.height,
            plural(case.commands.len(), "command")
        )
    }
    fn size(case: &Case) -> usize {
        usize::try_from(case.width.max(case.height)).unwrap_or(usize::MAX)
    }
    fn extras() -> Extras<Self> {
        Extras {
            // Replies a command (chomp) or moves (chomp-solve), not boards.
            answers_are_lines: true,
            // A W x H board is H rows of W cells.
            shapes: Some(Shapes {
                kind: ShapeKind::Rect,
                of: |case| Shape {
                    rows: usize::try_from(case.height).unwrap_or(usize::MAX),
                    cols: usize::try_from(case.width).unwrap_or(usize::MAX),
                },
                cases: |shape| strategy::shaped(shape.cols as u64, shape.rows as u64),
            }),
            patterns: patterns::all(),
            enumerate: Some(Enumeration {
                every: |max_cells| Box::new(enumerate::every_position_and_command(max_cells)),
                cells: |case| (case.width as usize).saturating_mul(case.height as usize),
                // Commands on a board: one failing command beats two.
                moves: Some(|case| case.commands.len()),
                claim: "no board of fewer cells, nor of as many with fewer commands, fails: every position reached by legal moves, then a command, or a move and a command, at x from -1 to W and y from -1 to H",
                every_like: None,
            }),
            picture: Some(format::picture_before_failure),
            ..Extras::default()
        }
    }
}

impl Suite for Chomp {
    fn properties() -> Vec<Property<Self>> {
        properties::all()
    }
    fn zoo() -> Vec<Solver<Self>> {
        zoo::all()
    }
}

/// Engine and oracle on default-size and 6-cell boards; every slip shows
/// with a script of at most two commands, but the quadrant-count slip,
/// which needs two overlapping moves and a count, and the eaten-cell count,
/// which needs a move to eat the cell, a move on it and a count.
impl crate::suite::TestPlan for Chomp {
    const ZOO_CASES: u32 = 120;

    fn property_runs() -> Vec<(proptest::strategy::BoxedStrategy<Case>, u32)> {
        vec![(Self::cases(Self::DEFAULT_SIZE), 64), (Self::cases(6), 64)]
    }

    fn zoo_counterexample_fits(variant: &str, case: &Case) -> bool {
        let three = ["count-subtracts-quadrant", "count-drops-on-eaten-cell"];
        case.commands.len() <= if three.contains(&variant) { 3 } else { 2 }
    }
}
