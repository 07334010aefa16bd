//! go-move's limits (docs/spec/go-move.md), read by its parsers, messages,
//! `--size` clamping and docs, so a message never names a limit the code
//! does not enforce.

/// The largest side (n).
pub const MAX_SIDE: usize = 25;

/// `count-legal-go`: most points enumerated (3^points colourings).
pub const COUNT_LEGAL_GO_MAX_POINTS: usize = 20;
