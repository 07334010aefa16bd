//! othello-game (docs/spec/othello-game.md): a game of Othello on an n × n board (n
//! even, 4 to 16) as a sequence of GTP-like commands (`play COLOUR
//! VERTEX|pass`, `undo`), each answered `=`, `? illegal move` or `? cannot
//! undo`, then the final board.
//!
//! - [`oracle`]: for every command, replays the whole history of accepted
//!   plays from the start on a plain grid, walking rays cell by cell.
//! - `engine`: incremental on two 256-bit boards (16 × 16 layout), legal
//!   moves by shifted fills, `undo` by a stack of flip masks.
//! - [`gtp_form`]: the case played against a GTP engine (`check --gtp`), the
//!   board read back from GRhino's or Edax's `showboard`.
//!
//! Vertices: column letter from `a` (no letter skipped), row 1 at the top.
//!
//! ```
//! use boardcheck::problem::{Problem, read_input, answer_text};
//! use boardcheck::problems::othello_game::OthelloGame;
//! let input = "4\n2\nplay b b1\nplay b pass\n";
//! let case = read_input::<OthelloGame>(input, false).unwrap().remove(0);
//! assert_eq!(
//!     answer_text::<OthelloGame>(&OthelloGame::engine(&case)),
//!     "=\n? illegal move\n.X..\n.XX.\n.XO.\n....\n"
//! );
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
pub mod gtp_form;
mod json_form;
/// The text forms (`format.rs`) and the JSON form (`json_form.rs`, built on
/// the text forms) side by side, for `impl Problem`.
mod forms {
    pub use super::format::{read_answer, read_case, write_answer, write_case};
    pub use super::json_form::json;
}
pub mod limits;
pub mod oracle;
pub mod patterns;
pub(crate) mod properties;
mod repeats;
pub mod shortcuts;
pub mod shrink;
pub mod strategy;
pub mod zoo;

use crate::json::JsonCodec;
use crate::suite::{Property, Solver, Suite};
use crate::text::{Lines, ParseError};
use proptest::strategy::BoxedStrategy;
use proptest::strategy::Strategy;

use crate::generation::{Enumeration, Extras, Generate, RuleSets, Shape, ShapeKind, Shapes};
use crate::problem::Problem;
use crate::text::plural;

pub use limits::{MAX_COMMANDS, MAX_SIDE, MIN_SIDE};

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Black (`b`, `X`), who moves first.
    Black,
    /// White (`w`, `O`).
    White,
}

impl Colour {
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
}

/// A cell of the board: column and row, 0-based, row 0 being row 1 (the top).
pub type Vertex = (u8, u8);

/// One command of a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// `play COLOUR VERTEX` (`vertex: None` is `pass`).
    Play {
        /// Who plays.
        colour: Colour,
        /// Where, or `None` for a pass.
        vertex: Option<Vertex>,
    },
    /// `undo`: take back the last accepted play.
    Undo,
}

/// Who is to move after a play that leaves the opponent without a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rules {
    /// docs/spec/othello-game.md: the opponent, who must then send `play COLOUR
    /// pass`; the pass is a play of its own (and `undo` takes it back).
    #[default]
    Standard,
    /// The convention of engines that insert forced passes themselves
    /// (GRhino, Edax; not the contract's, `--rules auto-pass`): the same
    /// player moves again, a `pass` command is always refused, and `undo`
    /// takes back the last disc placed. Input: `n auto-pass` on line 1.
    AutoPass,
    /// Both conventions at once (Edax; `--rules either-pass`): the forced
    /// pass may be sent, as the contract says, or left out: a play by the
    /// colour that just moved, when its opponent has no move, is taken
    /// with a pass inserted before it. That pass is a play of its own
    /// (`undo` takes it back), and a refused play leaves none behind.
    /// Input: `n either-pass` on line 1.
    EitherPass,
}

impl Rules {
    /// Every rule set, in the order of their numbers for `--rules`.
    pub const ALL: [Rules; 3] = [Rules::Standard, Rules::AutoPass, Rules::EitherPass];

    /// The rule set's word (`--rules`, and after n on a case's first line
    /// except for `standard`).
    pub fn word(self) -> &'static str {
        match self {
            Rules::Standard => "standard",
            Rules::AutoPass => "auto-pass",
            Rules::EitherPass => "either-pass",
        }
    }

    /// The rule set of a word: its own, or `pass=sent|auto|either`.
    pub fn from_word(word: &str) -> Option<Rules> {
        match word.trim().to_ascii_lowercase().as_str() {
            "standard" | "pass=sent" => Some(Rules::Standard),
            "auto-pass" | "pass=auto" => Some(Rules::AutoPass),
            "either-pass" | "pass=either" => Some(Rules::EitherPass),
            _ => None,
        }
    }
}

/// One input: the side n, the rules and the commands.
///
/// Invariants (kept by every reader and generator): `n` is even and in
/// `MIN_SIDE..=MAX_SIDE`, every vertex is on the board, at most
/// `MAX_COMMANDS` commands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Case {
    /// The side of the board.
    pub n: usize,
    /// Forced passes sent (the contract) or inserted by the engine.
    pub rules: Rules,
    /// The commands, in order.
    pub commands: Vec<Command>,
}

/// What a command was answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reply {
    /// `=`.
    Accepted,
    /// `? illegal move`.
    Illegal,
    /// `? cannot undo`.
    CannotUndo,
}

/// Cell values of a [`Board`].
pub const EMPTY: u8 = 0;
/// A black disc.
pub const BLACK: u8 = 1;
/// A white disc.
pub const WHITE: u8 = 2;

/// An n × n board, row by row from row 1 (the top): cell (col, row) is
/// `cells[row * n + col]`, each [`EMPTY`], [`BLACK`] or [`WHITE`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The side.
    pub n: usize,
    /// The cells (empty when the board is not known: [`gtp_form`]'s answers
    /// without a board read back).
    pub cells: Vec<u8>,
}

/// The answer to a case: one reply per command, then the final board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Answer {
    /// The replies, one per command.
    pub replies: Vec<Reply>,
    /// The board after the last command.
    pub board: Board,
}

/// The othello-game problem.
pub struct OthelloGame;

impl Problem for OthelloGame {
    const NAME: &'static str = "othello-game";
    const ABOUT: &'static str = "a game of Othello on an n x n board as play/pass/undo commands, each answered, then the board";

    type Case = Case;
    type Answer = Answer;

    fn read_case(lines: &mut Lines<'_>) -> Result<Self::Case, ParseError> {
        forms::read_case(lines)
    }
    fn write_case(case: &Self::Case, out: &mut String) {
        forms::write_case(case, out)
    }
    fn read_answer(lines: &mut Lines<'_>, case: &Self::Case) -> Result<Self::Answer, ParseError> {
        forms::read_answer(lines, case)
    }
    fn write_answer(answer: &Self::Answer, out: &mut String) {
        forms::write_answer(answer, out)
    }
    fn json() -> JsonCodec<Self> {
        forms::json()
    }

    fn oracle(case: &Self::Case) -> Self::Answer {
        oracle::solve(case)
    }
    fn engine(case: &Self::Case) -> Self::Answer {
        engine::solve(case)
    }
}

impl Generate for OthelloGame {
    const SIZE_UNIT: &'static str = "side length";
    const DEFAULT_SIZE: usize = 8;
    const MAX_SIZE: usize = MAX_SIDE;
    // A game on 4 x 4 costs a fraction of one on 8 x 8 and shows most
    // rule slips (docs/finders.md, change 14).
    const FIRST_SIZES: &'static [usize] = &[4];

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
        format!(
            "{}x{} board, {}",
            case.n,
            case.n,
            plural(case.commands.len(), "command")
        )
    }
    fn size(case: &Case) -> usize {
        case.n
    }
    fn oracle_reaches(case: &Case) -> bool {
        // The oracle copies the board for every play and searches it for
        // every pass (O(n³)): 4000 commands stay well within a time limit.
        case.commands.len() <= 4000
    }
    fn gtp_form() -> Option<crate::gtp_form::GtpForm<Self>> {
        Some(gtp_form::form())
    }

    fn extras() -> Extras<Self> {
        Extras {
            shapes: Some(Shapes {
                kind: ShapeKind::Square,
                of: |case| Shape {
                    rows: case.n,
                    cols: case.n,
                },
                cases: |shape| strategy::sized(strategy::valid_side(shape.rows)).boxed(),
            }),
            patterns: patterns::all(),
            enumerate: Some(Enumeration {
                every: |max_cells| Box::new(enumerate::every_case(max_cells)),
                cells: enumerate::cells,
                moves: None,
                claim: "no game of fewer board points plus commands fails under the contract's rules",
                every_like: None,
            }),
            rules: Some(RuleSets {
                parse: |text| {
                    let rules = if text.trim().is_empty() {
                        Some(Rules::Standard)
                    } else {
                        Rules::from_word(text)
                    };
                    rules
                        .map(|r| Rules::ALL.iter().position(|&a| a == r).unwrap_or(0) as u32)
                        .ok_or_else(|| {
                            format!(
                                "othello-game has no rules {text:?}: standard (docs/spec/othello-game.md: forced passes are sent), auto-pass (the engine inserts forced passes itself and refuses a sent one, as GRhino does) or either-pass (both, as Edax)"
                            )
                        })
                },
                of: |case| {
                    Rules::ALL
                        .iter()
                        .position(|&r| r == case.rules)
                        .unwrap_or(0) as u32
                },
                describe: |rules| Rules::ALL[(rules as usize).min(2)].word().to_string(),
                with: |case, rules| Case {
                    rules: Rules::ALL[(rules as usize).min(2)],
                    ..case
                },
            }),
            shortcuts: Some(shortcuts::shortcuts),
            ..Extras::default()
        }
    }
}

impl Suite for OthelloGame {
    fn properties() -> Vec<Property<Self>> {
        properties::all()
    }
    fn zoo() -> Vec<Solver<Self>> {
        zoo::all()
    }
}

/// Engine and oracle on default-size and 16 x 16 games and on games with
/// forced passes (`strategy::auto_pass_cases`). How small each slip shrinks
/// is `tests/othello_game.rs`'s own test (from a 4 x 4 game).
impl crate::suite::TestPlan for OthelloGame {
    fn property_runs() -> Vec<(proptest::strategy::BoxedStrategy<Case>, u32)> {
        vec![
            (Self::cases(Self::DEFAULT_SIZE), 64),
            (Self::cases(16), 8),
            (strategy::auto_pass_cases(8), 32),
            // Not either-pass: there an inserted pass is a play of its own,
            // so `undo` after it does not give back the game without the
            // command (undo-restores does not hold, by that convention).
        ]
    }
}
