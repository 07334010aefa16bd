//! Every limit in one place: the contract's input limits (PROBLEMS.md) and
//! the limits of boardcheck's own tools. Parsers, error messages, `--size`
//! clamping and docs all read these, so a message can never name a limit
//! the code does not enforce.

/// Most cases in one multi-case input (the `T` line).
pub const MAX_MULTI_CASES: usize = 1_000_000;

/// flank-row: most cells in the row (n).
pub const FLANK_ROW_MAX_CELLS: usize = 1_000_000;
/// flank-row: most placements (k).
pub const FLANK_ROW_MAX_PLACEMENTS: usize = 1_000_000;

/// reversi-move: most rows and columns (m, n).
pub const REVERSI_MAX_SIDE: usize = 100;
/// reversi-move perft: the deepest depth `boardcheck perft` takes.
pub const PERFT_MAX_DEPTH: u32 = 20;

/// chomp: the largest width and height (W, H).
pub const CHOMP_MAX_SIDE: u64 = 1_000_000_000;
/// chomp: boards drawn by `display` have both sides at most this.
pub const CHOMP_MAX_DISPLAY_SIDE: u64 = 10;

/// chomp `long-game` pattern: most moves (each with a `legal` probe), so a
/// 10^9-sided board makes a case of some 225 000 commands, not 4·10^9.
/// The contract sets no limit on the number of commands.
pub const CHOMP_PATTERN_MAX_MOVES: u64 = 100_000;

/// chomp-solve: positions whose box has more positions than this are
/// refused: C(24, 12), the 12 x 12 box. The contract leaves the limit to
/// the solver; this one keeps the engine, the reference at the limits,
/// well inside the 2 s time limit even on a loaded machine (about 0.3 s
/// here; the 13 x 13 box takes 1.2 s, the 14 x 14 one 7 s, and a reference
/// may not take longer than a candidate may).
pub const CHOMP_SOLVE_MAX_POSITIONS: u64 = 2_704_156;
/// chomp-solve: ... or more cells than this (the 12 x 12 box's).
pub const CHOMP_SOLVE_MAX_CELLS: u64 = 144;
/// chomp-solve: most rows given (H) before trailing empty rows are dropped.
pub const CHOMP_SOLVE_MAX_ROWS: usize = 1_000_000;
/// `chomp-census`: boxes up to this many positions, C(33, 16), the 16 x 17
/// box (a table of C(32, 16) = 601 080 390 bytes). Larger than the
/// chomp-solve limit: a census is one long run, not an answer per case.
pub const CHOMP_CENSUS_MAX_POSITIONS: u64 = 1_166_803_110;
/// `chomp-census`: ... and this many cells.
pub const CHOMP_CENSUS_MAX_CELLS: u64 = 289;

/// go-capture: most points on the board (n * m).
pub const GO_CAPTURE_MAX_POINTS: usize = 4_000_000;

/// go-move: the largest side (n).
pub const GO_MOVE_MAX_SIDE: usize = 25;
/// `count-legal-go`: most points enumerated (3^points colourings).
pub const COUNT_LEGAL_GO_MAX_POINTS: usize = 20;

/// `check --properties`: most candidate runs one law may spend on one case
/// (a law needing more, such as k single steps of a k-step case, is
/// skipped and counted).
pub const RUNS_PER_LAW: usize = 9;
