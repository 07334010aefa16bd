//! The proptest strategy for chomp-solve: positions inside a `size` × `size`
//! box, each row an [`Index`] into 0..=the row below, so rows stay
//! nonincreasing while they shrink.

use proptest::prelude::*;
use proptest::sample::Index;

use super::Case;

/// The rows `r0`, then each row above picked by an [`Index`] into 0..=the
/// row below it.
fn build(r0: u64, above: &[Index]) -> Vec<u64> {
    let mut rows = vec![r0];
    for i in above {
        let below = *rows.last().unwrap_or(&0);
        rows.push(i.index(below as usize + 1) as u64);
    }
    rows
}

/// Positions inside a `size` × `size` box (size at most 14), sometimes
/// with trailing empty rows.
pub fn cases(size: usize) -> BoxedStrategy<Case> {
    let s = size.clamp(1, 14);
    (
        1..=s as u64,
        proptest::collection::vec(any::<Index>(), 0..s),
    )
        .prop_map(|(r0, above)| Case {
            rows: build(r0, &above),
        })
        .boxed()
}
