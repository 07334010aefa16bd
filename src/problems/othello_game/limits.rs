//! othello-game's limits (docs/spec/othello-game.md), read by its parser, messages,
//! `--size` clamping and docs.

/// The smallest board side (even).
pub const MIN_SIDE: usize = 4;
/// The largest board side (even).
pub const MAX_SIDE: usize = 16;
/// The most commands one case may hold.
pub const MAX_COMMANDS: usize = 100_000;
