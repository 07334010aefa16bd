//! How cases of a problem are made: random cases that shrink, one-step
//! simplifications, and the optional extras a problem opts into (named
//! worst-case patterns, exhaustive enumeration, boards of one shape, its
//! own subcommands).

use std::rc::Rc;

use proptest::strategy::{BoxedStrategy, Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use crate::problem::Problem;

/// Random and simplified cases of a problem, for the checker.
pub trait Generate: Problem {
    /// What `--size` counts, e.g. `cells` or `side length`.
    const SIZE_UNIT: &'static str;
    /// The `--size` used when none is given.
    const DEFAULT_SIZE: usize;
    /// The largest `--size` the contract allows; larger ones are clamped.
    const MAX_SIZE: usize;
    /// The sizes of a check's first random cases, where smaller than its
    /// size: a size schedule cut short (QuickCheck grows the size over the
    /// whole run). For a problem whose cases cost more the larger they are
    /// (a game played out, a position solved) and whose bugs often show on
    /// small ones, a small first case finds them sooner; the rest are drawn
    /// at the check's size. None by default: where the smallest boards show
    /// few bugs, a case spent on them is a case lost.
    const FIRST_SIZES: &'static [usize] = &[];

    /// Random cases no larger than `size`, biased small, shrinking toward
    /// small cases.
    fn cases(size: usize) -> BoxedStrategy<Self::Case>;
    /// Cases one step simpler than `case` (a placement or a cell dropped, a
    /// cell emptied, ...), the biggest cuts first, made lazily so a huge
    /// case does not build all its simplifications at once. After
    /// proptest's shrinking, the checker tries these greedily until none
    /// still fails.
    fn simpler(case: &Self::Case) -> Box<dyn Iterator<Item = Self::Case>>;
    /// A short description of a case's size for reports, e.g. `3 cells, 1 placement`.
    fn size_of(case: &Self::Case) -> String;
    /// The case's size in [`Generate::SIZE_UNIT`]: what `--size` bounds.
    /// Every case of `cases(size)`, and every simpler case of one, is at
    /// most `size`.
    fn size(case: &Self::Case) -> usize;

    /// Whether the oracle answers `case` well within a candidate's time
    /// limit. Beyond its reach (the contract's largest cases) the engine is
    /// the reference, itself checked against the oracle wherever the oracle
    /// reaches and by the properties.
    fn oracle_reaches(_case: &Self::Case) -> bool {
        true
    }

    /// What else the problem offers: patterns, enumeration, shapes, subcommands.
    fn extras() -> Extras<Self> {
        Extras::default()
    }

    /// The case played command by command against a GTP engine (`--gtp`),
    /// for a problem that has that form. A trait function, not a field of
    /// [`Extras`]: the GTP path asks for it per case, and it is only
    /// function pointers, built for nothing.
    fn gtp_form() -> Option<crate::gtp_form::GtpForm<Self>> {
        None
    }

    /// `case` under each symmetry the rules allow (mirror, rotation,
    /// transposition, colour swap), `case` itself first: a failure on one
    /// image is the same bug seen another way, so `--max-failures` keeps
    /// one of them. Only symmetries under which every answer maps to the
    /// image's answer belong here. Default: `case` alone.
    fn images(case: &Self::Case) -> Vec<Self::Case> {
        vec![case.clone()]
    }

    /// Whether `bigger` holds all of `smaller` (its board contains
    /// `smaller`'s cells, its commands contain `smaller`'s in order): a
    /// further failure that contains an earlier one's input most likely
    /// fails by the earlier bug, and `--max-failures` does not keep it.
    /// Default: the two are equal.
    fn contains(bigger: &Self::Case, smaller: &Self::Case) -> bool {
        bigger == smaller
    }

    /// What kind of wrong answer `got` is on `case` (where `expected` is
    /// the reference's answer, both as text), when the problem can say more
    /// than which cells of the answer differ: for a sequence of commands,
    /// the kind of the first command answered wrong, the position it met
    /// and the two replies. Two wrong answers of one kind are one bug, so
    /// `--max-failures` keeps one of them. `None` (the default): the
    /// differing cells tell failures apart.
    fn failure_class(_case: &Self::Case, _expected: &str, _got: &str) -> Option<String> {
        None
    }
}

/// Whether the items of `small` appear in `big` in the same order (not
/// necessarily next to each other): a script that holds another's.
///
/// ```
/// use boardcheck::generation::is_subsequence;
/// assert!(is_subsequence(&[1, 3], &[1, 2, 3]));
/// assert!(!is_subsequence(&[3, 1], &[1, 2, 3]));
/// ```
pub fn is_subsequence<T: PartialEq>(small: &[T], big: &[T]) -> bool {
    let mut rest = big.iter();
    small.len() <= big.len() && small.iter().all(|s| rest.any(|b| b == s))
}

/// Whether `later` holds `earlier`, or `earlier` under a symmetry
/// ([`Generate::images`], [`Generate::contains`]); `earlier_images` are
/// `P::images(earlier)`, computed once.
pub fn holds_image_of<P: Generate>(later: &P::Case, earlier_images: &[P::Case]) -> bool {
    earlier_images.iter().any(|image| P::contains(later, image))
}

/// A named worst case, e.g. flank-row's `growing-run`.
pub struct Pattern<P: Problem> {
    /// The name `--pattern` takes.
    pub name: &'static str,
    /// What it stresses, in one line.
    pub about: &'static str,
    /// The case at a size (in the problem's `SIZE_UNIT`).
    pub build: fn(usize) -> P::Case,
}

/// Every case of up to some number of cells, in order of size.
pub type Enumerate<P> = fn(usize) -> Box<dyn Iterator<Item = <P as Problem>::Case> + Send>;

/// Every case of up to some number of cells, in order of size, over the
/// characters of the given case as well as those [`Enumerate`] takes.
pub type EnumerateLike<P> =
    fn(usize, &<P as Problem>::Case) -> Box<dyn Iterator<Item = <P as Problem>::Case> + Send>;

/// Shorter games to a failing case's last command ([`Extras::shortcuts`]),
/// shortest first, the search stopped at the given instant.
pub type Shortcuts<P> =
    fn(&<P as Problem>::Case, std::time::Instant) -> Box<dyn Iterator<Item = <P as Problem>::Case>>;

/// Exhaustive enumeration: every case up to K cells, and the cells of a
/// case as the enumeration counts them. One capability, so that neither
/// comes without the other: `exhaust` walks `every`, and the checker ends
/// shrinking by trying every enumerated case smaller than the one it holds
/// (fewer `cells`, or as many and fewer `moves`).
pub struct Enumeration<P: Problem> {
    /// Every case of up to some number of cells, in order of cells, and
    /// within as many cells in order of [`Enumeration::moves`].
    pub every: Enumerate<P>,
    /// The cells of a case, as `every` counts them.
    pub cells: fn(&P::Case) -> usize,
    /// The moves or commands of a case that `cells` leaves uncounted, where
    /// a case has such (chomp's commands on a board of W × H cells): then
    /// a case is smaller than another of as many cells when it has fewer
    /// moves, and the proof of the smallest input tries those too. `None`
    /// where the cells are the whole size (a game's cells count its
    /// commands; go-move's case is one move).
    pub moves: Option<fn(&P::Case) -> usize>,
    /// What a report of the smallest input claims once every enumerated
    /// case smaller than it passed, as a clause: `no case of fewer cells
    /// plus placements fails`. Where the domain has more cases of a size
    /// than can be enumerated (chomp's commands at any coordinates,
    /// go-capture's 94 stone characters), it names the part enumerated.
    pub claim: &'static str,
    /// Where a case may hold characters `every` does not enumerate
    /// (go-capture's 94 stone characters against `.XO#`): every case of up
    /// to some number of cells over `every`'s characters and the given
    /// case's, in order of size, holding every case of `every` too. The
    /// proof of the smallest input walks it from the best case, so that a
    /// failure on a character only the best holds is tried on every smaller
    /// input; `claim` says so. `None` where `every` holds every character.
    pub every_like: Option<EnumerateLike<P>>,
}

// Written out: a derive would ask `P: Copy`, and the fields are fn pointers.
impl<P: Problem> Clone for Enumeration<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Problem> Copy for Enumeration<P> {}

impl<P: Problem> Enumeration<P> {
    /// The size of `case` as the enumeration orders it: cells, then moves.
    pub fn size(&self, case: &P::Case) -> (usize, usize) {
        (
            (self.cells)(case),
            self.moves.map_or(0, |moves| moves(case)),
        )
    }
}

/// The optional forms a problem opts into; none by default.
pub struct Extras<P: Problem> {
    /// Named worst cases for `gen --pattern` and benchmarks.
    pub patterns: Vec<Pattern<P>>,
    /// Every case up to K cells, for `exhaust` and the end of shrinking.
    pub enumerate: Option<Enumeration<P>>,
    /// A picture for the report of a wrong answer, from the input and the
    /// output as text (chomp: the board before the failing command).
    pub picture: Option<fn(&str, &str) -> Option<String>>,
    /// Boards of one shape, for engines that play one size only (`--shape`).
    pub shapes: Option<Shapes<P>>,
    /// An answer's first line in words when it is not a board row
    /// (go-move's `0`/`1`: illegal, legal; go-capture's count of removed
    /// stones): reports say the words and draw only the lines after it as
    /// a board. `None` for a first line it does not read.
    pub answer_head: Option<fn(&str) -> Option<String>>,
    /// Answers that are lines of replies, one a command or a move (chomp's
    /// `yes`, `3`), never a board: reports show them as lines and draw no
    /// boards side by side, whatever their widths.
    pub answers_are_lines: bool,
    /// Named rule sets the cases carry (go-game's ko and suicide rules),
    /// for `--rules`.
    pub rules: Option<RuleSets<P>>,
    /// For a game: cases that play a shorter legal game on the same board
    /// under the same rules and then send the case's last command into the
    /// same situation (the same reply, the same side to move, the same
    /// moves left to either side), shortest first. Shrinking tries them when
    /// deleting commands stops: a forced pass met after 47 commands of a
    /// random 8 x 8 game is met after 8 plays. `None` for a problem without
    /// commands.
    pub shortcuts: Option<Shortcuts<P>>,
    /// Subcommands of the problem's own (`perft`), registered on the
    /// command line under their names.
    #[cfg(feature = "cli")]
    pub commands: Vec<ProblemCommand>,
}

/// A subcommand a problem adds to the command line (reversi-move's
/// `perft`): the harness and the command line know it only by this.
#[cfg(feature = "cli")]
#[derive(Clone, Copy)]
pub struct ProblemCommand {
    /// The clap command; its name is the subcommand's.
    pub command: fn() -> clap::Command,
    /// Runs it on its parsed arguments: the text to print, or the error
    /// (exit status 2).
    pub run: fn(&clap::ArgMatches) -> Result<String, String>,
}

/// Named rule sets a problem's cases carry (go-game's ko and suicide rules,
/// `--rules`): a check declared to one keeps every case in it, as it does
/// with `--shape`.
pub struct RuleSets<P: Problem> {
    /// Reads `--rules` text into the rule set's number; the error says what
    /// is accepted.
    pub parse: fn(&str) -> Result<u32, String>,
    /// The rule set of a case.
    pub of: fn(&P::Case) -> u32,
    /// The rule set in words, for reports (`ko=simple,suicide=forbidden`).
    pub describe: fn(u32) -> String,
    /// The same case under another rule set (its commands unchanged).
    pub with: fn(P::Case, u32) -> P::Case,
}

/// The dimensions of a case's board: `rows` × `cols` (a flank-row row is
/// 1 × n).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Shape {
    /// Rows (a Chomp board's height H).
    pub rows: usize,
    /// Columns (a Chomp board's width W).
    pub cols: usize,
}

impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// Which shapes a problem's boards take, so that `--shape N` reads right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeKind {
    /// One row of n cells: `N` (or `1xN`).
    Row,
    /// n × n only: `N` (or `NxN`).
    Square,
    /// Any `RxC`; `N` is N × N.
    Rect,
}

/// A problem's boards of a given shape: what `--shape` needs.
pub struct Shapes<P: Problem> {
    /// Which shapes there are.
    pub kind: ShapeKind,
    /// The shape of a case's board.
    pub of: fn(&P::Case) -> Shape,
    /// Random cases whose board has exactly this shape, shrinking within it.
    pub cases: fn(Shape) -> BoxedStrategy<P::Case>,
}

impl ShapeKind {
    /// Reads `--shape`: `RxC`, or `N` (a row of N cells, or N × N).
    pub fn parse(self, text: &str, max_side: usize) -> Result<Shape, String> {
        let side = |t: &str| -> Result<usize, String> {
            match t.trim().parse::<usize>() {
                Ok(n) if (1..=max_side).contains(&n) => Ok(n),
                _ => Err(format!(
                    "--shape {text:?}: {t:?} is not a side from 1 to {max_side}"
                )),
            }
        };
        let shape = match text.split_once(['x', 'X']) {
            Some((r, c)) => Shape {
                rows: side(r)?,
                cols: side(c)?,
            },
            None if self == ShapeKind::Row => Shape {
                rows: 1,
                cols: side(text)?,
            },
            None => {
                let n = side(text)?;
                Shape { rows: n, cols: n }
            }
        };
        match self {
            ShapeKind::Row if shape.rows != 1 => Err(format!(
                "--shape {text:?}: this problem's board is one row; give its length N"
            )),
            ShapeKind::Square if shape.rows != shape.cols => Err(format!(
                "--shape {text:?}: this problem's boards are square; give N or NxN"
            )),
            _ => Ok(shape),
        }
    }
}

/// `--size`: the largest size, or a range `A..B` that declares the
/// smallest too (in the problem's unit).
///
/// ```
/// use boardcheck::generation::SizeRange;
/// let r: SizeRange = "2..9".parse().unwrap();
/// assert_eq!((r.min, r.max), (Some(2), 9));
/// assert_eq!("9".parse::<SizeRange>().unwrap().min, None);
/// assert!("9..2".parse::<SizeRange>().is_err());
/// assert_eq!(r.to_string(), "2..9");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeRange {
    /// The smallest size, if declared.
    pub min: Option<usize>,
    /// The largest size.
    pub max: usize,
}

impl std::str::FromStr for SizeRange {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let number = |t: &str| {
            t.trim().parse::<usize>().map_err(|_| {
                format!("--size {s:?}: expected N (the largest size) or A..B (the smallest and the largest)")
            })
        };
        match s.split_once("..") {
            None => Ok(SizeRange {
                min: None,
                max: number(s)?,
            }),
            Some((a, b)) => {
                let (min, max) = (number(a)?, number(b.trim_start_matches('='))?);
                if min > max {
                    return Err(format!(
                        "--size {s:?}: the smallest size is above the largest"
                    ));
                }
                Ok(SizeRange {
                    min: Some(min),
                    max,
                })
            }
        }
    }
}

impl std::fmt::Display for SizeRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.min {
            Some(min) => write!(f, "{min}..{}", self.max),
            None => write!(f, "{}", self.max),
        }
    }
}

/// What a check leaves out of the problem's cases for the candidate at
/// hand (a GTP engine's probe): board sizes it refuses, `undo` it lacks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeftOut {
    /// Bit `s` set: size `s` is left out (sizes below 128; a GTP board's
    /// side is at most 25).
    pub sizes: u128,
    /// No `undo` in any command sequence ([`crate::gtp_form::GtpForm`]).
    pub undo: bool,
}

impl LeftOut {
    /// Whether size `s` is left out.
    pub fn size(&self, s: usize) -> bool {
        s < 128 && self.sizes & (1 << s) != 0
    }

    /// Leaves size `s` out (sizes from 128 on cannot be: ignored).
    pub fn leave_out_size(&mut self, s: usize) {
        if s < 128 {
            self.sizes |= 1 << s;
        }
    }

    /// The sizes left out, in order.
    pub fn sizes(&self) -> Vec<usize> {
        (0..128).filter(|&s| self.size(s)).collect()
    }
}

/// The cases a candidate declares it plays (`--size`, `--shape`): every
/// phase of a check stays inside it, shrinking included.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Domain {
    /// The largest size, in the problem's unit (`None`: the contract's).
    pub size: Option<usize>,
    /// The smallest size (`--size A..B`), in the same unit.
    pub min_size: Option<usize>,
    /// What the candidate cannot be asked (a GTP engine's refused sizes,
    /// its missing `undo`).
    pub left_out: LeftOut,
    /// The one board shape, for engines of one size.
    pub shape: Option<Shape>,
    /// The one rule set (`--rules`, a number of [`RuleSets`]).
    pub rules: Option<u32>,
}

impl Domain {
    /// Whether `case` lies inside the domain. `extras` are the problem's
    /// ([`Generate::extras`]), built once by the caller: a check carries
    /// them with its domain rather than building them per case.
    pub fn contains<P: Generate>(&self, extras: &Extras<P>, case: &P::Case) -> bool {
        self.sizes_contain::<P>(case)
            && (!self.left_out.undo || P::gtp_form().is_none_or(|form| !(form.has_undo)(case)))
            && self.shape.is_none_or(|shape| {
                extras
                    .shapes
                    .as_ref()
                    .is_some_and(|shapes| (shapes.of)(case) == shape)
            })
            && self.rules.is_none_or(|rules| {
                extras
                    .rules
                    .as_ref()
                    .is_some_and(|sets| (sets.of)(case) == rules)
            })
    }

    /// Whether `case`'s size lies inside the domain's sizes.
    fn sizes_contain<P: Generate>(&self, case: &P::Case) -> bool {
        let size = P::size(case);
        self.size.is_none_or(|s| size <= s)
            && self.min_size.is_none_or(|s| size >= s)
            && !self.left_out.size(size)
    }

    /// The random cases of a check: of the shape if one is fixed, else of
    /// at most `--size` (the problem's default size without one), at least
    /// the smallest size declared and none of the sizes left out; without
    /// `undo` when it is left out.
    pub fn cases<P: Generate>(&self, extras: &Extras<P>) -> BoxedStrategy<P::Case> {
        self.cases_up_to(extras, usize::MAX)
    }

    /// The strategies of the first random cases, one a case, by
    /// [`Generate::FIRST_SIZES`] below the domain's size; none under a
    /// shape or declared sizes (the small ones may lie outside them).
    pub fn first_cases<P: Generate>(&self, extras: &Extras<P>) -> Vec<BoxedStrategy<P::Case>> {
        if self.shape.is_some() || self.min_size.is_some() || self.left_out.sizes != 0 {
            return Vec::new();
        }
        let size = clamp_size::<P>(self.size.unwrap_or(P::DEFAULT_SIZE));
        P::FIRST_SIZES
            .iter()
            .filter(|&&first| first < size)
            .map(|&first| self.cases_up_to(extras, first))
            .collect()
    }

    /// [`Domain::cases`], their size at most `cap`.
    fn cases_up_to<P: Generate>(&self, extras: &Extras<P>, cap: usize) -> BoxedStrategy<P::Case> {
        let mut cases = match (self.shape, &extras.shapes) {
            (Some(shape), Some(shapes)) => (shapes.cases)(shape),
            _ => {
                // The default size never below the smallest declared.
                let size = self
                    .size
                    .unwrap_or(P::DEFAULT_SIZE.max(self.min_size.unwrap_or(0)));
                P::cases(clamp_size::<P>(size.min(cap)))
            }
        };
        if self.min_size.is_some() || self.left_out.sizes != 0 {
            let domain = *self;
            cases = cases
                .prop_filter("inside the declared sizes", move |c| {
                    domain.sizes_contain::<P>(c)
                })
                .boxed();
        }
        if self.left_out.undo
            && let Some(form) = P::gtp_form()
        {
            let without = form.without_undo;
            cases = cases.prop_map(without).boxed();
        }
        match (self.rules, &extras.rules) {
            (Some(rules), Some(sets)) => {
                let with = sets.with;
                cases.prop_map(move |case| with(case, rules)).boxed()
            }
            _ => cases,
        }
    }

    /// The largest size the limits phase may reach: the declared size (or
    /// the shape's), else the contract's maximum.
    pub fn max_size<P: Generate>(&self, extras: &Extras<P>) -> usize {
        let by_shape = self
            .shape
            .map(|s| match extras.shapes.as_ref().map(|s| s.kind) {
                Some(ShapeKind::Row) => s.cols,
                _ => s.rows.max(s.cols),
            });
        match (self.size, by_shape) {
            (Some(a), Some(b)) => clamp_size::<P>(a.min(b)),
            (Some(a), None) | (None, Some(a)) => clamp_size::<P>(a),
            (None, None) => P::MAX_SIZE,
        }
    }

    /// Whether a size or shape was declared.
    pub fn declared(&self) -> bool {
        self.size.is_some()
            || self.min_size.is_some()
            || self.shape.is_some()
            || self.rules.is_some()
    }

    /// The domain in words, for reports: `side length at most 8`, `boards
    /// of 8x8`.
    pub fn describe<P: Generate>(&self, extras: &Extras<P>) -> String {
        let mut parts = Vec::new();
        if let Some(shape) = self.shape {
            parts.push(format!("boards of {shape} only"));
        }
        if let (Some(rules), Some(sets)) = (self.rules, &extras.rules) {
            parts.push(format!("rules {}", (sets.describe)(rules)));
        }
        match (self.min_size, self.size) {
            (Some(min), Some(max)) => parts.push(format!(
                "{} from {min} to {}",
                P::SIZE_UNIT,
                clamp_size::<P>(max)
            )),
            (Some(min), None) => parts.push(format!("{} at least {min}", P::SIZE_UNIT)),
            (None, Some(max)) => {
                parts.push(format!("{} at most {}", P::SIZE_UNIT, clamp_size::<P>(max)))
            }
            (None, None) => {}
        }
        let left_out = self.left_out.sizes();
        if !left_out.is_empty() {
            parts.push(format!(
                "{} {} left out (the candidate refuses them)",
                P::SIZE_UNIT,
                crate::text::ranges(&left_out)
            ));
        }
        if self.left_out.undo {
            parts.push("no undo (the candidate has none)".to_string());
        }
        if parts.is_empty() {
            format!(
                "the contract's: {} up to {} (random cases up to {})",
                P::SIZE_UNIT,
                P::MAX_SIZE,
                P::DEFAULT_SIZE
            )
        } else {
            parts.join(", ")
        }
    }
}

impl<P: Problem> Default for Extras<P> {
    fn default() -> Self {
        Extras {
            patterns: Vec::new(),
            enumerate: None,
            picture: None,
            shapes: None,
            answer_head: None,
            answers_are_lines: false,
            rules: None,
            shortcuts: None,
            #[cfg(feature = "cli")]
            commands: Vec::new(),
        }
    }
}

impl<P: Generate> Extras<P> {
    /// The pattern called `name`, or an error listing the ones there are.
    pub fn pattern(&self, name: &str) -> Result<&Pattern<P>, String> {
        self.patterns
            .iter()
            .find(|p| p.name == name)
            .ok_or_else(|| {
                let names: Vec<_> = self.patterns.iter().map(|p| p.name).collect();
                format!(
                    "{} has no pattern {name:?} (patterns: {})",
                    P::NAME,
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                )
            })
    }
}

/// Which solver gave a reference answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Reference {
    /// The naive transcription of the rules.
    Oracle,
    /// The optimized implementation, for cases beyond the oracle's reach.
    Engine,
}

impl std::fmt::Display for Reference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Reference::Oracle => "oracle",
            Reference::Engine => "engine",
        })
    }
}

/// The answer a candidate is judged by: the oracle's where it reaches
/// ([`Generate::oracle_reaches`]), else the engine's.
pub fn reference<P: Generate>(case: &P::Case) -> (P::Answer, Reference) {
    if P::oracle_reaches(case) {
        (P::oracle(case), Reference::Oracle)
    } else {
        (P::engine(case), Reference::Engine)
    }
}

/// `size` clamped to `1..=P::MAX_SIZE`.
pub fn clamp_size<P: Generate>(size: usize) -> usize {
    size.clamp(1, P::MAX_SIZE)
}

/// The case of pattern `name` at `size`, or an error naming the patterns.
pub fn pattern<P: Generate>(name: &str, size: usize) -> Result<P::Case, String> {
    Ok((P::extras().pattern(name)?.build)(size))
}

/// Values of a number closer to `target`, the biggest cut first:
/// `target` itself, then `v` less a half, a quarter, an eighth, ... of the
/// distance, down to one step. A greedy shrinker taking the first that
/// still fails closes in on the edge where a failure starts in about
/// log² of the distance runs, where halving alone overshoots and one step
/// at a time crawls (a count kept in 32 bits fails from 2^32 cells: from
/// a 7-column board of 5 x 10^9 cells, 260 single steps down and the
/// shrinking time ran out).
///
/// ```
/// use boardcheck::generation::cuts_toward;
/// assert_eq!(cuts_toward(100, 1), vec![1, 51, 76, 88, 94, 97, 99]);
/// assert_eq!(cuts_toward(-9, 0), vec![0, -5, -7, -8]);
/// assert!(cuts_toward(3, 3).is_empty());
/// ```
pub fn cuts_toward(v: i64, target: i64) -> Vec<i64> {
    let mut cuts = Vec::new();
    if v == target {
        return cuts;
    }
    cuts.push(target);
    let mut distance = v.abs_diff(target) / 2;
    while distance > 0 {
        let cut = if v > target {
            v - distance as i64
        } else {
            v + distance as i64
        };
        if cuts.last() != Some(&cut) {
            cuts.push(cut);
        }
        distance /= 2;
    }
    let last = v - (v - target).signum();
    if cuts.last() != Some(&last) {
        cuts.push(last);
    }
    cuts
}

/// A weighted choice among values that shrinks toward the first, as
/// `prop_oneof![w => Just(v), ...]` does (to the value just before, one at
/// a time, while the failure holds), at the cost of one draw. proptest's
/// union keeps, for every alternative before the one drawn, a clone of the
/// test runner with a fork of its random generator, in case shrinking gets
/// there; a value needs neither. Drawn once per cell or per command, those
/// clones were most of a case's cost (reversi-move: 2.5 of 3.4 µs).
///
/// ```
/// use boardcheck::generation::weighted;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let choice = weighted(&[(1, 'a'), (1, 'b'), (8, 'c')]);
/// let mut tree = choice.new_tree(&mut TestRunner::deterministic()).unwrap();
/// while tree.current() != 'a' {
///     assert!(tree.simplify());
/// }
/// assert!(!tree.simplify());
/// ```
///
/// Panics if `choices` is empty or its weights add up to 0 (or past
/// `u32::MAX`).
pub fn weighted<T: Clone + std::fmt::Debug>(choices: &[(u32, T)]) -> Weighted<T> {
    let total = choices
        .iter()
        .try_fold(0u32, |sum, (w, _)| sum.checked_add(*w))
        .expect("weights add up within u32");
    assert!(total > 0, "a weighted choice needs a positive weight");
    Weighted {
        choices: choices.into(),
        total,
    }
}

/// The strategy of [`weighted`].
#[derive(Clone, Debug)]
pub struct Weighted<T> {
    choices: std::sync::Arc<[(u32, T)]>,
    total: u32,
}

/// A value drawn by [`Weighted`], and where shrinking stands.
#[derive(Clone, Debug)]
pub struct WeightedTree<T> {
    choices: std::sync::Arc<[(u32, T)]>,
    pick: Pick,
}

/// Where shrinking a choice stands: the alternative picked (`at`), never
/// below `min`; `prev`, the one to return to if the simpler one passes.
#[derive(Clone, Copy, Debug)]
struct Pick {
    at: usize,
    min: usize,
    prev: Option<usize>,
}

impl Pick {
    fn new(at: usize) -> Pick {
        Pick {
            at,
            min: 0,
            prev: None,
        }
    }

    /// To the simpler `earlier`, remembering where it was.
    fn move_to(&mut self, earlier: usize) {
        self.prev = Some(self.at);
        self.at = earlier;
    }

    /// Back from a simpler pick that passed, and never below it again;
    /// false when the last step was not a move to a simpler pick.
    fn back(&mut self) -> bool {
        match self.prev.take() {
            Some(at) => {
                self.at = at;
                self.min = at;
                true
            }
            None => false,
        }
    }
}

impl<T: Clone + std::fmt::Debug> Weighted<T> {
    /// The value a uniform 32-bit number `x` rolls, each as often as its
    /// weight: for a value read from a number drawn once for many choices
    /// (that does not shrink).
    pub fn roll(&self, x: u32) -> &T {
        &self.choices[self.index(x)].1
    }

    fn index(&self, x: u32) -> usize {
        // Lemire's multiply: uniform in 0..total but for a bias of at most
        // total / 2^32.
        let roll = ((u64::from(x) * u64::from(self.total)) >> 32) as u32;
        let mut below = 0u32;
        self.choices
            .iter()
            .position(|(w, _)| {
                below += w;
                roll < below
            })
            .expect("the roll is below the total")
    }
}

impl<T: Clone + std::fmt::Debug> Strategy for Weighted<T> {
    type Tree = WeightedTree<T>;
    type Value = T;

    fn new_tree(
        &self,
        runner: &mut proptest::test_runner::TestRunner,
    ) -> proptest::strategy::NewTree<Self> {
        use proptest::prelude::Rng;
        let pick = self.index(runner.rng().next_u32());
        Ok(WeightedTree {
            choices: self.choices.clone(),
            pick: Pick::new(pick),
        })
    }
}

impl<T: Clone + std::fmt::Debug> proptest::strategy::ValueTree for WeightedTree<T> {
    type Value = T;

    fn current(&self) -> T {
        self.choices[self.pick.at].1.clone()
    }

    fn simplify(&mut self) -> bool {
        // The value just before, skipping those of weight 0 (never drawn).
        let Some(earlier) = (self.pick.min..self.pick.at)
            .rev()
            .find(|&i| self.choices[i].0 > 0)
        else {
            return false;
        };
        self.pick.move_to(earlier);
        true
    }

    fn complicate(&mut self) -> bool {
        self.pick.back()
    }
}

/// A number from one of several ranges: a [`weighted`] choice of the
/// range, then where in it. Shrinks toward the first range, then toward
/// the start of the range drawn. Cheaper than a union of ranges (no tree
/// per range, no runner cloned); made for choices drawn once a command or
/// once a ray.
///
/// ```
/// use boardcheck::generation::from_ranges;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let length = from_ranges(&[(1, 0..=3), (3, 40..=60)]);
/// let mut runner = TestRunner::deterministic();
/// for _ in 0..100 {
///     let mut tree = length.new_tree(&mut runner).unwrap();
///     let n = tree.current();
///     assert!(n <= 3 || (40..=60).contains(&n));
///     while tree.simplify() {}
///     assert_eq!(tree.current(), 0);
/// }
/// ```
///
/// Panics as [`weighted`] does, or if a range is empty.
pub fn from_ranges(
    choices: &[(u32, std::ops::RangeInclusive<usize>)],
) -> impl Strategy<Value = usize> + use<> {
    assert!(
        choices.iter().all(|(_, r)| !r.is_empty()),
        "every range holds a number"
    );
    let kinds: Vec<(u32, usize)> = choices
        .iter()
        .enumerate()
        .map(|(k, (w, _))| (*w, k))
        .collect();
    let ranges: Vec<(usize, usize)> = choices
        .iter()
        .map(|(_, r)| (*r.start(), r.end() - r.start() + 1))
        .collect();
    (
        weighted(&kinds),
        proptest::arbitrary::any::<proptest::sample::Index>(),
    )
        .prop_map(move |(k, at)| {
            let (start, len) = ranges[k];
            start + at.index(len)
        })
}

/// A deterministic random source for `seed`.
pub fn seeded_rng(seed: u64) -> TestRng {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    TestRng::from_seed(RngAlgorithm::ChaCha, &bytes)
}

/// A deterministic proptest runner for `seed`.
pub fn seeded_runner(seed: u64) -> TestRunner {
    TestRunner::new_with_rng(Config::default(), seeded_rng(seed))
}

/// A weighted choice among strategies that shrinks as
/// `prop_oneof![w => s, ...]` does: the drawn alternative's value first,
/// then the alternatives before it, one at a time while the failure holds.
/// proptest's union clones the test runner, with a fork of its random
/// generator, for every alternative before the one drawn, on every draw;
/// here one number drawn with the case seeds a runner made only if
/// shrinking gets there. Drawn once a case (every problem's mix of
/// families, its sides), those clones were a third of a draw. A choice
/// among ranges made once a command is cheaper still: [`from_ranges`].
///
/// ```
/// use boardcheck::generation::one_of;
/// use proptest::prelude::*;
/// use proptest::strategy::ValueTree;
/// use proptest::test_runner::TestRunner;
/// let number = one_of(vec![(1, Just(0u32).boxed()), (3, (10u32..20).boxed())]);
/// let mut tree = number.new_tree(&mut TestRunner::deterministic()).unwrap();
/// while tree.current() != 0 {
///     assert!(tree.simplify());
/// }
/// assert!(!tree.simplify());
/// ```
///
/// Panics if `choices` is empty or its weights add up to 0 (or past
/// `u32::MAX`).
pub fn one_of<T: std::fmt::Debug>(choices: Vec<(u32, BoxedStrategy<T>)>) -> OneOf<T> {
    let roll = weighted(
        &choices
            .iter()
            .enumerate()
            .map(|(i, (w, _))| (*w, i))
            .collect::<Vec<_>>(),
    );
    OneOf {
        strategies: choices.into_iter().map(|(_, s)| s).collect(),
        roll,
    }
}

/// The strategy of [`one_of`].
#[derive(Clone)]
pub struct OneOf<T> {
    strategies: std::sync::Arc<[BoxedStrategy<T>]>,
    roll: Weighted<usize>,
}

impl<T> std::fmt::Debug for OneOf<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OneOf({} strategies)", self.strategies.len())
    }
}

type AnyTree<T> = Box<dyn ValueTree<Value = T>>;

/// A value drawn by [`OneOf`]: the trees made so far (the drawn
/// alternative's, then those shrinking moved to), and where shrinking
/// stands.
pub struct OneOfTree<T> {
    strategies: std::sync::Arc<[BoxedStrategy<T>]>,
    trees: Vec<Option<AnyTree<T>>>,
    /// Seeds the runner of the alternatives before the drawn one.
    seed: u64,
    runner: Option<TestRunner>,
    pick: Pick,
}

impl<T> std::fmt::Debug for OneOfTree<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "OneOfTree(pick {} of {})",
            self.pick.at,
            self.strategies.len()
        )
    }
}

impl<T: std::fmt::Debug> Strategy for OneOf<T> {
    type Tree = OneOfTree<T>;
    type Value = T;

    fn new_tree(&self, runner: &mut TestRunner) -> proptest::strategy::NewTree<Self> {
        use proptest::prelude::Rng;
        let pick = *self.roll.roll(runner.rng().next_u32());
        let seed = runner.rng().next_u64();
        let mut trees: Vec<Option<AnyTree<T>>> = Vec::with_capacity(pick + 1);
        trees.resize_with(pick, || None);
        trees.push(Some(self.strategies[pick].new_tree(runner)?));
        Ok(OneOfTree {
            strategies: self.strategies.clone(),
            trees,
            seed,
            runner: None,
            pick: Pick::new(pick),
        })
    }
}

impl<T: std::fmt::Debug> OneOfTree<T> {
    fn picked(&mut self) -> &mut AnyTree<T> {
        self.trees[self.pick.at]
            .as_mut()
            .expect("the picked alternative has a tree")
    }
}

impl<T: std::fmt::Debug> ValueTree for OneOfTree<T> {
    type Value = T;

    fn current(&self) -> T {
        self.trees[self.pick.at]
            .as_ref()
            .expect("the picked alternative has a tree")
            .current()
    }

    fn simplify(&mut self) -> bool {
        if self.picked().simplify() {
            self.pick.prev = None;
            return true;
        }
        // The alternatives before, the nearest first; one that cannot
        // make a value (it rejects) is skipped.
        for earlier in (self.pick.min..self.pick.at).rev() {
            if self.trees[earlier].is_none() {
                let seed = self.seed;
                let runner = self.runner.get_or_insert_with(|| seeded_runner(seed));
                self.trees[earlier] = self.strategies[earlier].new_tree(runner).ok();
            }
            if self.trees[earlier].is_some() {
                self.pick.move_to(earlier);
                return true;
            }
        }
        false
    }

    fn complicate(&mut self) -> bool {
        self.pick.back() || self.picked().complicate()
    }
}

/// Delta debugging's block sizes for a sequence of `len` items: half,
/// a quarter, an eighth, ... down to 1 (nothing for an empty sequence).
///
/// ```
/// use boardcheck::generation::halving_sizes;
/// assert_eq!(halving_sizes(10), vec![5, 2, 1]);
/// assert_eq!(halving_sizes(1), vec![1]);
/// assert!(halving_sizes(0).is_empty());
/// ```
pub fn halving_sizes(len: usize) -> Vec<usize> {
    let mut sizes = Vec::new();
    let mut size = len / 2;
    while size > 1 {
        sizes.push(size);
        size /= 2;
    }
    if len > 0 {
        sizes.push(1);
    }
    sizes
}

/// Lazily, for each block size in `sizes` (the largest first), `case` with
/// each block of that size of its `len`-item sequence deleted in turn (the
/// last block may be shorter): `delete(case, range)` makes the copy.
pub fn block_deletions<C, F>(
    case: &Rc<C>,
    len: usize,
    sizes: Vec<usize>,
    delete: F,
) -> impl Iterator<Item = C> + use<C, F>
where
    F: Fn(&C, std::ops::Range<usize>) -> C + Clone,
{
    let case = Rc::clone(case);
    sizes.into_iter().flat_map(move |size| {
        let delete = delete.clone();
        steps(&case, len.div_ceil(size), move |case, b| {
            let start = b * size;
            Some(delete(case, start..(start + size).min(len)))
        })
    })
}

/// Lazily, `step(case, i)` for each `i` in `0..count`, the `None`s skipped:
/// the building block of the problems' [`Generate::simpler`], so that each
/// simpler case is made only when the shrinker asks for it.
pub fn steps<C, T, F>(case: &Rc<C>, count: usize, step: F) -> impl Iterator<Item = T> + use<C, T, F>
where
    F: Fn(&C, usize) -> Option<T>,
{
    let case = Rc::clone(case);
    (0..count).filter_map(move |i| step(&case, i))
}

/// One part of a check split across machines (`--shard I/N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 0-based: shard `I/N` has index I - 1.
    pub index: u64,
    /// N, at least 1.
    pub count: u64,
}

impl Shard {
    /// The whole run: one shard of one.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Whether case number `k` (0-based, in generation order) is this shard's.
    pub fn takes(self, k: u64) -> bool {
        k % self.count == self.index
    }
}

impl std::str::FromStr for Shard {
    type Err = String;
    /// `I/N` with 1 <= I <= N.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("--shard {s:?}: expected I/N with 1 <= I <= N, e.g. 2/4");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (i, n): (u64, u64) = (
            i.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if i == 0 || n == 0 || i > n {
            return Err(bad());
        }
        Ok(Shard {
            index: i - 1,
            count: n,
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use proptest::strategy::ValueTree;

    use super::{from_ranges, one_of, seeded_runner};

    /// The tree of `strategy` whose first value is `value`, over seeds.
    fn drawn<S: Strategy<Value = u32>>(strategy: &S, value: u32) -> S::Tree {
        (0..1000)
            .map(|seed| strategy.new_tree(&mut seeded_runner(seed)).unwrap())
            .find(|tree| tree.current() == value)
            .expect("drawn within 1000 seeds")
    }

    #[test]
    fn one_of_shrinks_to_the_alternative_before_and_back() {
        let strategy = one_of(vec![
            (1, Just(0u32).boxed()),
            (1, Just(1u32).boxed()),
            (1, (10u32..20).boxed()),
        ]);
        let mut tree = drawn(&strategy, 19);
        // The drawn alternative's own value first.
        assert!(tree.simplify());
        assert!(tree.current() < 19 && tree.current() >= 10);
        while tree.current() != 10 {
            assert!(tree.simplify());
        }
        assert!(tree.simplify());
        assert_eq!(tree.current(), 1);
        // 1 passed: back to 10, and never below the third alternative.
        assert!(tree.complicate());
        assert_eq!(tree.current(), 10);
        assert!(!tree.simplify());
    }

    #[test]
    fn one_of_skips_an_alternative_that_cannot_draw() {
        let strategy = one_of(vec![
            (1, Just(0u32).boxed()),
            (0, Just(5u32).prop_filter("never", |_| false).boxed()),
            (1, Just(2u32).boxed()),
        ]);
        let mut tree = drawn(&strategy, 2);
        assert!(tree.simplify());
        assert_eq!(tree.current(), 0);
        assert!(!tree.simplify());
    }

    #[test]
    fn the_first_cases_are_drawn_at_the_first_sizes_inside_the_domain_only() {
        use super::{Domain, Generate};
        use crate::problems::othello_game::OthelloGame;
        let extras = OthelloGame::extras();
        let first = Domain::default().first_cases::<OthelloGame>(&extras);
        assert_eq!(first.len(), OthelloGame::FIRST_SIZES.len());
        let mut runner = seeded_runner(3);
        let sides: Vec<usize> = (0..40)
            .map(|_| OthelloGame::size(&first[0].new_tree(&mut runner).unwrap().current()))
            .collect();
        assert!(sides.iter().all(|&s| s <= 4), "{sides:?}");
        // None at or above the check's size, nor where small ones may lie
        // outside the declared sizes.
        for domain in [
            Domain {
                size: Some(4),
                ..Domain::default()
            },
            Domain {
                min_size: Some(6),
                ..Domain::default()
            },
        ] {
            assert!(domain.first_cases::<OthelloGame>(&extras).is_empty());
        }
    }

    #[test]
    fn from_ranges_draws_each_range_by_its_weight_and_all_of_it() {
        let strategy = from_ranges(&[(1, 0..=1), (3, 10..=13)]);
        let mut runner = seeded_runner(7);
        let mut seen = [0u32; 14];
        for _ in 0..4000 {
            seen[strategy.new_tree(&mut runner).unwrap().current()] += 1;
        }
        let (first, second): (u32, u32) = (seen[..2].iter().sum(), seen[10..].iter().sum());
        assert_eq!(first + second, 4000, "nothing outside the ranges");
        assert!(
            (2700..3300).contains(&second),
            "three in four from the second: {second}"
        );
        assert!(
            seen[..2].iter().chain(&seen[10..]).all(|&n| n > 100),
            "{seen:?}"
        );
    }
}
