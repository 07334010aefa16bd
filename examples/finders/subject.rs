//! What the finders need to know of each problem beyond the harness's
//! traits: the one domain every finder is given (a size bound, a bound on
//! moves), how a user's plain generator turns raw random values into a
//! case (the stress loop, proptest and quickcheck all go through
//! [`Subject::from_raw`], each drawing the raw values its own way), and the
//! size of a case as (cells, moves).

use boardcheck::generation::Generate;
use boardcheck::problems;
use boardcheck::suite::Suite;

/// Raw random values a plain generator draws: the board's dimensions
/// (already inside the bound), its cells (any bytes, read modulo the
/// number of cell states) and moves (any values, read modulo what the
/// board allows).
#[derive(Clone, Debug, Default)]
pub struct Raw {
    pub rows: u64,
    pub cols: u64,
    pub cells: Vec<u8>,
    pub moves: Vec<(u8, u32, u32)>,
}

/// A problem as the finders see it.
pub trait Subject: Suite {
    /// The module name (`flank_row`): the fuzz targets' prefix.
    const MODULE: &'static str;
    /// The size bound of the domain, in the problem's unit: boardcheck's
    /// default size, given to every finder.
    const BOUND: u64 = Self::DEFAULT_SIZE as u64;
    /// Whether the board is square (one side drawn).
    const SQUARE: bool = false;
    /// The range a plain generator draws each side from (othello-game maps
    /// 1..=3 to its even sides 4, 6, 8).
    const SIDES: (u64, u64) = (1, Self::BOUND);
    /// The most moves (placements, commands) a plain generator draws.
    const MOVES: usize;
    /// How many states a cell takes (0: the board has no cells to draw).
    const CELL_STATES: u8;
    /// The most enumerated cells the search for the smallest failing
    /// input goes to.
    const MAX_ENUMERATED: usize;

    /// How many cells a plain generator draws for a board of these
    /// dimensions.
    fn cell_count(rows: u64, cols: u64) -> usize {
        (rows * cols) as usize
    }
    /// The case the raw values stand for; `None` when the contract rules
    /// it out (go-move's positions with a dead group), which the finder
    /// rejects and draws again.
    fn from_raw(raw: &Raw) -> Option<Self::Case>;
    /// Moves, placements or commands of a case (0 where there are none).
    fn moves(case: &Self::Case) -> usize;
    /// The rule sets of the domain, as `--rules` numbers them, for a
    /// problem with rule sets: those a plain generator draws (boardcheck's
    /// default draws the same). The fuzz finders are held to them.
    fn rule_sets() -> Option<Vec<u32>> {
        None
    }
    /// Every case of up to `max_cells` cells (the problem's enumeration,
    /// or this benchmark's where the problem has none).
    fn every(max_cells: usize) -> Box<dyn Iterator<Item = Self::Case> + Send> {
        (Self::extras().enumerate.expect("an enumeration").every)(max_cells)
    }
    /// The cells of a case as [`Subject::every`] counts them.
    fn cells(case: &Self::Case) -> usize {
        (Self::extras().enumerate.expect("an enumeration").cells)(case)
    }
    /// The answer of the code in `file` on `case`, where that file is an
    /// engine of its own beside the problem's engine and oracle
    /// (reversi-move's 8×8 bitboard): a mutant of it is a bug of that
    /// code, not of the problem's engine, which never calls it. `None`:
    /// the file is the engine's or the oracle's, or the case is beyond
    /// that code's reach.
    fn own_engine(_file: &str, _case: &Self::Case) -> Option<Self::Answer> {
        None
    }
}

/// The size a counterexample is compared by: cells, then moves.
pub fn key<P: Subject>(case: &P::Case) -> (usize, usize) {
    (P::cells(case), P::moves(case))
}

/// Whether `case` is inside the domain every finder is given.
pub fn in_domain<P: Subject>(case: &P::Case) -> bool {
    (P::size(case) as u64) <= P::BOUND
}

fn cell(raw: &Raw, i: usize, states: u8) -> u8 {
    raw.cells.get(i).map_or(0, |c| c % states)
}

impl Subject for problems::flank_row::FlankRow {
    const MODULE: &'static str = "flank_row";
    const MOVES: usize = 12;
    const CELL_STATES: u8 = 3;
    const MAX_ENUMERATED: usize = 9;
    fn cell_count(_rows: u64, cols: u64) -> usize {
        cols as usize
    }
    fn from_raw(raw: &Raw) -> Option<Self::Case> {
        use problems::flank_row::{Case, Cell, Placement, Player};
        let n = raw.cols as usize;
        let row = (0..n)
            .map(|i| match cell(raw, i, 3) {
                0 => Cell::Empty,
                1 => Cell::Piece(Player::A),
                _ => Cell::Piece(Player::B),
            })
            .collect();
        let placements = raw
            .moves
            .iter()
            .take(Self::MOVES)
            .map(|&(who, at, _)| Placement {
                player: if who % 2 == 0 { Player::A } else { Player::B },
                index: at as usize % n,
            })
            .collect();
        Some(Case { row, placements })
    }
    fn moves(case: &Self::Case) -> usize {
        case.placements.len()
    }
}

impl Subject for problems::reversi_move::ReversiMove {
    const MODULE: &'static str = "reversi_move";
    const MOVES: usize = 1;
    const CELL_STATES: u8 = 3;
    const MAX_ENUMERATED: usize = 9;
    fn from_raw(raw: &Raw) -> Option<Self::Case> {
        use problems::reversi_move::{Board, Case};
        let (rows, cols) = (raw.rows as usize, raw.cols as usize);
        let cells = (0..rows * cols).map(|i| cell(raw, i, 3)).collect();
        let (who, r, c) = raw.moves.first().copied().unwrap_or_default();
        Some(Case {
            board: Board { rows, cols, cells },
            row: r as usize % rows,
            col: c as usize % cols,
            player: 1 + who % 2,
        })
    }
    fn moves(_case: &Self::Case) -> usize {
        1
    }
    fn own_engine(file: &str, case: &Self::Case) -> Option<Self::Answer> {
        let square = (case.board.rows, case.board.cols) == (8, 8);
        (file.ends_with("/bitboard.rs") && square)
            .then(|| problems::reversi_move::bitboard::solve(case))
    }
}

impl Subject for problems::chomp::Chomp {
    const MODULE: &'static str = "chomp";
    const MOVES: usize = 8;
    const CELL_STATES: u8 = 0;
    const MAX_ENUMERATED: usize = 8;
    fn cell_count(_rows: u64, _cols: u64) -> usize {
        0
    }
    fn from_raw(raw: &Raw) -> Option<Self::Case> {
        use problems::chomp::{Case, Command};
        let (width, height) = (raw.cols, raw.rows);
        // Coordinates uniform over the board and one step past each edge.
        let at = |v: u32, side: u64| (v as u64 % (side + 2)) as i64 - 1;
        let commands = raw
            .moves
            .iter()
            .take(Self::MOVES)
            .map(|&(kind, x, y)| match kind % 4 {
                0 => Command::Count,
                1 => Command::Legal(at(x, width), at(y, height)),
                2 => Command::Move(at(x, width), at(y, height)),
                _ => Command::Display,
            })
            .collect();
        Some(Case {
            width,
            height,
            commands,
        })
    }
    fn moves(case: &Self::Case) -> usize {
        case.commands.len()
    }
}

impl Subject for problems::chomp_solve::ChompSolve {
    const MODULE: &'static str = "chomp_solve";
    const MOVES: usize = 0;
    const CELL_STATES: u8 = 255;
    const MAX_ENUMERATED: usize = 14;
    /// One width per row.
    fn cell_count(rows: u64, _cols: u64) -> usize {
        rows as usize
    }
    fn from_raw(raw: &Raw) -> Option<Self::Case> {
        // Rows of uniform widths 1..=cols, sorted into a position.
        let mut rows: Vec<u64> = (0..raw.rows as usize)
            .map(|i| 1 + raw.cells.get(i).map_or(0, |&w| w as u64) % raw.cols)
            .collect();
        rows.sort_unstable_by(|a, b| b.cmp(a));
        Some(problems::chomp_solve::Case { rows })
    }
    fn moves(_case: &Self::Case) -> usize {
        0
    }
}

impl Subject for problems::go_capture::GoCapture {
    const MODULE: &'static str = "go_capture";
    const MOVES: usize = 0;
    const CELL_STATES: u8 = 4;
    const MAX_ENUMERATED: usize = 10;
    fn from_raw(raw: &Raw) -> Option<Self::Case> {
        let (rows, cols) = (raw.rows as usize, raw.cols as usize);
        let cells = (0..rows * cols)
            .map(|i| b".XO#"[cell(raw, i, 4) as usize])
            .collect();
        Some(problems::go_capture::Board::new(rows, cols, cells))
    }
    fn moves(_case: &Self::Case) -> usize {
        0
    }
}

impl Subject for problems::go_move::GoMove {
    const MODULE: &'static str = "go_move";
    const SQUARE: bool = true;
    const MOVES: usize = 1;
    const CELL_STATES: u8 = 3;
    const MAX_ENUMERATED: usize = 9;
    fn from_raw(raw: &Raw) -> Option<Self::Case> {
        use problems::go_move::{Case, Move, Position};
        let n = raw.rows as usize;
        let position = Position {
            n,
            cells: (0..n * n).map(|i| cell(raw, i, 3)).collect(),
        };
        // The contract's positions have a liberty for every group.
        if problems::go_move::rules::first_dead_stone(&position).is_some() {
            return None;
        }
        let (who, r, c) = raw.moves.first().copied().unwrap_or_default();
        Some(Case {
            position,
            mv: Move {
                row: r as usize % n,
                col: c as usize % n,
                colour: 1 + who % 2,
            },
        })
    }
    fn moves(_case: &Self::Case) -> usize {
        1
    }
}

impl Subject for problems::go_game::GoGame {
    const MODULE: &'static str = "go_game";
    const SQUARE: bool = true;
    const MOVES: usize = 20;
    /// The one "cell" drawn is the rule set.
    const CELL_STATES: u8 = 12;
    const MAX_ENUMERATED: usize = 9;
    fn cell_count(_rows: u64, _cols: u64) -> usize {
        // The rule set, one of 12.
        1
    }
    fn from_raw(raw: &Raw) -> Option<Self::Case> {
        use problems::go_game::{Case, Command};
        let n = raw.rows as usize;
        let set = raw.cells.first().map_or(0, |&b| b as usize % 12);
        // Each command one of the 3 + 2n² there are, uniformly.
        let commands = raw
            .moves
            .iter()
            .take(Self::MOVES)
            .map(|&(_, code, _)| {
                let code = code as usize % (3 + 2 * n * n);
                match code {
                    0 => Command::Undo,
                    1 | 2 => Command::Play {
                        colour: code as u8,
                        vertex: None,
                    },
                    _ => {
                        let (p, colour) = ((code - 3) / 2, 1 + (code - 3) % 2);
                        Command::Play {
                            colour: colour as u8,
                            vertex: Some((p % n, p / n)),
                        }
                    }
                }
            })
            .collect();
        Some(Case {
            n,
            rules: go_rules(set),
            commands,
        })
    }
    fn moves(case: &Self::Case) -> usize {
        case.commands.len()
    }
    fn rule_sets() -> Option<Vec<u32>> {
        let of = Self::extras().rules.expect("go-game's rule sets").of;
        let numbers = (0..12).map(|set| {
            of(&problems::go_game::Case {
                n: 1,
                rules: go_rules(set),
                commands: Vec::new(),
            })
        });
        Some(numbers.collect())
    }
}

/// go-game's rule set `set` of the 12 a plain generator draws: each ko
/// rule with each suicide rule, the conventions off.
fn go_rules(set: usize) -> problems::go_game::Rules {
    use problems::go_game::{Ko, Rules, Suicide};
    Rules::new(Ko::ALL[set % 4], Suicide::ALL[set / 4])
}

impl Subject for problems::othello_game::OthelloGame {
    const MODULE: &'static str = "othello_game";
    const SQUARE: bool = true;
    const SIDES: (u64, u64) = (1, (Self::BOUND - 2) / 2);
    const MOVES: usize = 20;
    const CELL_STATES: u8 = 0;
    const MAX_ENUMERATED: usize = 21;
    fn cell_count(_rows: u64, _cols: u64) -> usize {
        0
    }
    fn from_raw(raw: &Raw) -> Option<Self::Case> {
        use problems::othello_game::{Case, Colour, Command, Rules};
        // An even side from 4 up to the bound.
        let n = 2 + 2 * raw.rows as usize;
        let commands = raw
            .moves
            .iter()
            .take(Self::MOVES)
            .map(|&(_, code, _)| {
                let code = code as usize % (3 + 2 * n * n);
                let colour = |k: usize| {
                    if k.is_multiple_of(2) {
                        Colour::Black
                    } else {
                        Colour::White
                    }
                };
                match code {
                    0 => Command::Undo,
                    1 | 2 => Command::Play {
                        colour: colour(code),
                        vertex: None,
                    },
                    _ => {
                        let p = (code - 3) / 2;
                        Command::Play {
                            colour: colour(code - 3),
                            vertex: Some(((p % n) as u8, (p / n) as u8)),
                        }
                    }
                }
            })
            .collect();
        Some(Case {
            n,
            rules: Rules::Standard,
            commands,
        })
    }
    fn moves(case: &Self::Case) -> usize {
        case.commands.len()
    }
    fn rule_sets() -> Option<Vec<u32>> {
        use problems::othello_game::{Case, Rules};
        let of = Self::extras().rules.expect("othello-game's rule sets").of;
        let standard = Case {
            n: 4,
            rules: Rules::Standard,
            commands: Vec::new(),
        };
        Some(vec![of(&standard)])
    }
}
