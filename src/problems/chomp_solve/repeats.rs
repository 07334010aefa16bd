//! A failure seen again: the position transposed (rows become columns; the
//! game is the same, its winning moves transposed). Positions hold no
//! smaller position in a way the game keeps, so containment is equality.

use super::Case;

/// `case`, and its transposed position; `case` first, no repeats.
pub fn images(case: &Case) -> Vec<Case> {
    let rows = case.trimmed();
    let width = rows.first().copied().unwrap_or(0);
    let columns = Case {
        rows: (0..width)
            .map(|x| rows.iter().filter(|&&r| r > x).count() as u64)
            .collect(),
    };
    let mut out = vec![case.clone()];
    if columns.trimmed() != rows {
        out.push(columns);
    }
    out
}

/// Whether the two are the same position (empty rows on top aside).
pub fn contains(bigger: &Case, smaller: &Case) -> bool {
    bigger.trimmed() == smaller.trimmed()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transposed_position_is_the_same_failure() {
        let small = Case { rows: vec![3, 1] };
        let big = Case {
            rows: vec![2, 1, 1, 0],
        };
        assert!(images(&small).iter().any(|i| contains(&big, i)));
        assert!(!contains(&big, &small));
        assert_eq!(images(&Case { rows: vec![2, 1] }).len(), 1);
    }
}
