//! go-capture's limits (docs/spec/go-capture.md), read by its parsers, messages,
//! `--size` clamping and docs, so a message never names a limit the code
//! does not enforce.

/// Most points on the board (n * m).
pub const MAX_POINTS: usize = 4_000_000;
