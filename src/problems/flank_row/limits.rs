//! flank-row's limits (docs/spec/flank-row.md), read by its parsers, messages,
//! `--size` clamping and docs, so a message never names a limit the code
//! does not enforce.

/// Most cells in the row (n).
pub const MAX_CELLS: usize = 1_000_000;

/// Most placements (k).
pub const MAX_PLACEMENTS: usize = 1_000_000;
