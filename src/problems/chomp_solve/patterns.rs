//! The named case of chomp-solve (`square`), for `gen --pattern`.

use super::Case;

/// The full n × n square (n at most 14): the first player wins.
pub fn square(size: usize) -> Case {
    let n = (size as u64).clamp(1, 14);
    Case {
        rows: vec![n; n as usize],
    }
}
