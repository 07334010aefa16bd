//! The named case of chomp-solve (`square`), for `gen --pattern`.

use super::Case;
use crate::generation::Pattern;

/// The full n × n square (n at most 12, the solver's limit): the first player wins.
pub fn square(size: usize) -> Case {
    let n = (size as u64).clamp(1, super::MAX_SIZE_SIDE);
    Case {
        rows: vec![n; n as usize],
    }
}

/// Every pattern of chomp-solve, for `gen --pattern`, `list` and the benchmarks.
pub fn all() -> Vec<Pattern<super::ChompSolve>> {
    vec![Pattern {
        name: "square",
        about: "the full n x n square (the first player wins)",
        build: square,
    }]
}
