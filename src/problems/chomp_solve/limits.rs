//! chomp-solve's limits (docs/spec/chomp-solve.md), read by its parsers, messages,
//! `--size` clamping and docs, so a message never names a limit the code
//! does not enforce.

/// Positions whose box has more positions than this are
/// Refused: C(24, 12), the 12 x 12 box. The contract leaves the limit to
/// The solver; this one keeps the engine, the reference at the limits,
/// Well inside the 2 s time limit even on a loaded machine (about 0.3 s
/// Here; the 13 x 13 box takes 1.2 s, the 14 x 14 one 7 s, and a reference
/// May not take longer than a candidate may).
pub const MAX_POSITIONS: u64 = 2_704_156;

/// ... or more cells than this (the 12 x 12 box's).
pub const MAX_CELLS: u64 = 144;

/// Most rows given (H) before trailing empty rows are dropped.
pub const MAX_ROWS: usize = 1_000_000;

/// `chomp-census`: boxes up to this many positions, C(33, 16), the 16 x 17
/// Box (a table of C(32, 16) = 601 080 390 bytes). Larger than the
/// Chomp-solve limit: a census is one long run, not an answer per case.
pub const CENSUS_MAX_POSITIONS: u64 = 1_166_803_110;

/// `chomp-census`: ... and this many cells.
pub const CENSUS_MAX_CELLS: u64 = 289;
