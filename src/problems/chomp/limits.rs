//! chomp's limits (docs/spec/chomp.md), read by its parsers, messages,
//! `--size` clamping and docs, so a message never names a limit the code
//! does not enforce.

/// The largest width and height (W, H).
pub const MAX_SIDE: u64 = 1_000_000_000;

/// Boards drawn by `display` have both sides at most this.
pub const MAX_DISPLAY_SIDE: u64 = 10;

/// The `long-game` pattern: most moves (each with a `legal` probe), so a
/// 10^9-sided board makes a case of some 225 000 commands, not 4·10^9.
/// The contract sets no limit on the number of commands.
pub const PATTERN_MAX_MOVES: u64 = 100_000;
