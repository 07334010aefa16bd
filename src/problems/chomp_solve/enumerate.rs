//! Exhaustive enumeration for chomp-solve: every position up to a number of
//! cells, and every position in a box.

use super::Case;

/// Every position (a partition, rows nonincreasing) of 1 to `max_cells`
/// cells, in order of cells.
pub fn every_position(max_cells: u64) -> impl Iterator<Item = Case> + Send {
    fn go(cap: u64, left: u64, prefix: &mut Vec<u64>, out: &mut Vec<Case>) {
        if !prefix.is_empty() {
            out.push(Case {
                rows: prefix.clone(),
            });
        }
        for r in 1..=cap.min(left) {
            prefix.push(r);
            go(r, left - r, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    go(max_cells, max_cells, &mut Vec::new(), &mut out);
    // In order of cells, so the first failure has the fewest.
    out.sort_by_key(|case| case.rows.iter().sum::<u64>());
    out.into_iter()
}

/// Every position inside the W × H box (nonempty, H rows with trailing zeros).
pub fn every_position_in_box(width: u64, height: u64) -> Vec<Case> {
    crate::problems::chomp::enumerate::every_boundary(width, height)
        .into_iter()
        .filter(|rows| rows[0] > 0)
        .map(|rows| Case { rows })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_are_counted() {
        // p(1) + ... + p(6) = 1 + 2 + 3 + 5 + 7 + 11
        assert_eq!(every_position(6).count(), 29);
    }
}
