//! Exhaustive enumeration for chomp-solve: every position up to a number of
//! cells, and every position in a box.

use super::Case;

/// Every position (a partition, rows nonincreasing) of 1 to `max_cells`
/// cells, in order of cells, each level made only when reached.
pub fn every_position(max_cells: u64) -> impl Iterator<Item = Case> + Send {
    (1..=max_cells).flat_map(positions_of)
}

/// Every position of exactly `cells` cells.
fn positions_of(cells: u64) -> Vec<Case> {
    fn go(cap: u64, left: u64, prefix: &mut Vec<u64>, out: &mut Vec<Case>) {
        if left == 0 {
            out.push(Case {
                rows: prefix.clone(),
            });
            return;
        }
        for r in 1..=cap.min(left) {
            prefix.push(r);
            go(r, left - r, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    go(cells, cells, &mut Vec::new(), &mut out);
    out
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
