//! go-game's limits (docs/spec/go-game.md), read by its parser, messages,
//! `--size` clamping and docs.

/// The largest board side the contract allows.
pub const MAX_N: usize = 25;
/// The most commands one case may hold.
pub const MAX_COMMANDS: usize = 100_000;
