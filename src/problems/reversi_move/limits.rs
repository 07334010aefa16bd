//! reversi-move's limits (docs/spec/reversi-move.md), read by its parsers, messages,
//! `--size` clamping and docs, so a message never names a limit the code
//! does not enforce.

/// Most rows and columns (m, n).
pub const MAX_SIDE: usize = 100;

/// `perft`: the deepest depth `boardcheck perft` takes.
pub const PERFT_MAX_DEPTH: u32 = 20;
