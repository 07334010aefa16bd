//! go-game (docs/spec/go-game.md): a game of Go from the empty board as a
//! sequence of GTP-like commands (`play COLOUR VERTEX|pass`, `undo`) under
//! named ko and suicide rules; the answer is one reply per command and the
//! final board.
//!
//! ```
//! use boardcheck::problem::{Problem, read_input, answer_text};
//! use boardcheck::problems::go_game::GoGame;
//! let text = "2 simple forbidden\n3\nplay b A1\nplay w A1\nundo\n";
//! let case = read_input::<GoGame>(text, false).unwrap().remove(0);
//! assert_eq!(answer_text::<GoGame>(&GoGame::engine(&case)), "=\n? illegal move\n=\n..\n..\n");
//! ```
//!
//! The oracle ([`oracle`]) replays the whole history and compares whole
//! boards; the engine (`engine::Game`) keeps chains with exact liberties,
//! Zobrist hashes for superko and a journal of changes for `undo`.

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
pub mod picture;
pub(crate) mod properties;
mod repeats;
pub mod rule_sets;
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

/// An empty point.
pub const EMPTY: u8 = 0;
/// A black stone (`X`).
pub const BLACK: u8 = 1;
/// A white stone (`O`).
pub const WHITE: u8 = 2;
pub use limits::{MAX_COMMANDS, MAX_N};
/// GTP's column letters, `I` skipped.
pub const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The ko rule (docs/spec/go-game.md, step 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ko {
    /// No ko rule.
    None,
    /// A single-stone capture may not recreate the board before the
    /// previous play.
    Simple,
    /// No board of the game may recur.
    Positional,
    /// No board may recur that was produced by a play of the same colour.
    Situational,
}

/// The suicide rule (docs/spec/go-game.md, step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suicide {
    /// Every suicide is illegal.
    Forbidden,
    /// A suicide of more than one stone is played (the group removed); a
    /// single stone's is illegal.
    Multi,
    /// Every suicide is played.
    All,
}

/// Conventions of real engines that the contract's situational superko
/// does not share (GNU Go's, read in its engine/board.c), each an option
/// of the header line and of `--rules`; only under `ko=situational`
/// (under the other ko rules they change nothing or make no sense).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Conventions {
    /// `simple-ko-too`: the simple-ko ban (step 4, `simple`) applies as
    /// well as the superko.
    pub simple_ko_too: bool,
    /// `next-mover`: a play of colour C is refused if its board equals an
    /// earlier board from which the OTHER colour then played (a pass
    /// included), instead of one produced by a play of C; the current
    /// board and a board never played from do not count.
    pub next_mover: bool,
}

impl Conventions {
    /// The contract's: none.
    pub const NONE: Conventions = Conventions {
        simple_ko_too: false,
        next_mover: false,
    };
    /// The words of the header line and `--rules`, in their order.
    pub fn words(self) -> Vec<&'static str> {
        let mut words = Vec::new();
        if self.simple_ko_too {
            words.push("simple-ko-too");
        }
        if self.next_mover {
            words.push("next-mover");
        }
        words
    }
}

/// The rules a case is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The ko rule.
    pub ko: Ko,
    /// The suicide rule.
    pub suicide: Suicide,
    /// Engine conventions beyond §7 (only under situational superko).
    pub conventions: Conventions,
}

impl Rules {
    /// The rules of §7, no convention.
    pub const fn new(ko: Ko, suicide: Suicide) -> Rules {
        Rules {
            ko,
            suicide,
            conventions: Conventions::NONE,
        }
    }
}

impl Ko {
    /// Every ko rule, in the order of their rule-set numbers.
    pub const ALL: [Ko; 4] = [Ko::None, Ko::Simple, Ko::Positional, Ko::Situational];
    /// The word of the text format.
    pub fn word(self) -> &'static str {
        match self {
            Ko::None => "none",
            Ko::Simple => "simple",
            Ko::Positional => "positional",
            Ko::Situational => "situational",
        }
    }
}

impl Suicide {
    /// Every suicide rule, in the order of their rule-set numbers.
    pub const ALL: [Suicide; 3] = [Suicide::Forbidden, Suicide::Multi, Suicide::All];
    /// The word of the text format.
    pub fn word(self) -> &'static str {
        match self {
            Suicide::Forbidden => "forbidden",
            Suicide::Multi => "multi",
            Suicide::All => "all",
        }
    }
}

/// One command of a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// `play COLOUR VERTEX`: `colour` is [`BLACK`] or [`WHITE`]; `vertex`
    /// is `(col, row)`, both 0-based, row 0 the bottom row (GTP's row 1);
    /// `None` is a pass.
    Play {
        /// [`BLACK`] or [`WHITE`].
        colour: u8,
        /// `(col, row)`, or `None` for a pass.
        vertex: Option<(usize, usize)>,
    },
    /// `undo`: take back the last accepted play.
    Undo,
}

/// One input: a board size, rules and commands. The type lets a library
/// caller name a vertex off the board; engine and oracle call such a play
/// illegal (the text format cannot say it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Case {
    /// The board side, 1 to [`MAX_N`].
    pub n: usize,
    /// The ko and suicide rules.
    pub rules: Rules,
    /// The commands, at most [`MAX_COMMANDS`].
    pub commands: Vec<Command>,
}

/// The reply to one command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Response {
    /// `=`.
    Accepted,
    /// `? illegal move`.
    Illegal,
    /// `? cannot undo`.
    CannotUndo,
}

/// What a game answers: one reply per command, and the final board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Answer {
    /// One reply per command.
    pub replies: Vec<Response>,
    /// `n * n` points, `board[row * n + col]`, row 0 the bottom row: each
    /// [`EMPTY`], [`BLACK`] or [`WHITE`].
    pub board: Vec<u8>,
}

/// The go-game problem.
pub struct GoGame;

impl Problem for GoGame {
    const NAME: &'static str = "go-game";
    const ABOUT: &'static str =
        "a game of Go as GTP commands (play, pass, undo) under ko and suicide rules";

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

impl Generate for GoGame {
    const SIZE_UNIT: &'static str = "side length";
    const DEFAULT_SIZE: usize = 7;
    const MAX_SIZE: usize = MAX_N;

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
        let n = case.n;
        let mut rules = format!("{} {}", case.rules.ko.word(), case.rules.suicide.word());
        for word in case.rules.conventions.words() {
            rules.push(' ');
            rules.push_str(word);
        }
        format!(
            "{n}x{n} board, {}, {rules}",
            plural(case.commands.len(), "command"),
        )
    }
    fn size(case: &Case) -> usize {
        case.n
    }
    /// The oracle copies and floods the whole board at every play, and
    /// under superko compares it with every earlier board: beyond about
    /// 10^8 point visits the engine is the reference.
    fn oracle_reaches(case: &Case) -> bool {
        let k = case.commands.len();
        let per_play = case.n
            * case.n
            * if case.rules.ko >= Ko::Positional {
                k + 1
            } else {
                2
            };
        k.saturating_mul(per_play) <= 100_000_000
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
                cases: |shape| strategy::shaped(shape.rows),
            }),
            patterns: patterns::all(),
            enumerate: Some(Enumeration {
                every: |max_cells| Box::new(enumerate::every_case(max_cells)),
                cells: enumerate::cells,
                moves: None,
                claim: "no game of fewer board points plus commands fails under the rule sets checked",
                every_like: None,
            }),
            picture: Some(picture::picture),
            rules: Some(rule_sets::sets()),
            ..Extras::default()
        }
    }
}

impl Suite for GoGame {
    fn properties() -> Vec<Property<Self>> {
        properties::all()
    }
    fn zoo() -> Vec<Solver<Self>> {
        zoo::all()
    }
}

/// Engine and oracle on default-size and 19 x 19 games; every slip shows
/// on a 4 x 4 board within 12 commands.
impl crate::suite::TestPlan for GoGame {
    const ZOO_CASES: u32 = 300;

    fn property_runs() -> Vec<(proptest::strategy::BoxedStrategy<Case>, u32)> {
        vec![
            (Self::cases(Self::DEFAULT_SIZE), 150),
            (Self::cases(19), 10),
        ]
    }

    fn zoo_counterexample_fits(_variant: &str, case: &Case) -> bool {
        case.n <= 4 && case.commands.len() <= 12
    }
}
