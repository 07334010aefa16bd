//! Positions: a proptest strategy inside a `size` × `size` box (each row an
//! [`Index`] into 0..=the row below, so rows stay nonincreasing while they
//! shrink), one-step simplifications, `quickcheck` and `arbitrary` impls,
//! and every position up to a number of cells.

use proptest::prelude::*;
use proptest::sample::Index;

use super::Case;

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

/// Positions one step simpler: the top row dropped, any row dropped, a row
/// one shorter (where that keeps the rows nonincreasing), trailing empty
/// rows dropped.
pub fn simpler(case: &Case) -> Vec<Case> {
    let rows = &case.rows;
    let mut out = Vec::new();
    let mut push = |rows: Vec<u64>| {
        if rows.iter().any(|&r| r > 0) && rows != case.rows {
            out.push(Case { rows });
        }
    };
    push(case.trimmed().to_vec());
    for i in (0..rows.len()).rev() {
        if rows.len() > 1 {
            let mut r = rows.clone();
            r.remove(i);
            push(r);
        }
    }
    for i in 0..rows.len() {
        if rows[i] > 0 && rows.get(i + 1).is_none_or(|&above| above < rows[i]) {
            let mut r = rows.clone();
            r[i] -= 1;
            push(r);
        }
    }
    out
}

/// Every position (a partition, rows nonincreasing) of 1 to `max_cells` cells.
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
    out.into_iter()
}

/// Every position inside the W × H box (nonempty, H rows with trailing zeros).
pub fn every_position_in_box(width: u64, height: u64) -> Vec<Case> {
    crate::problems::chomp::generate::every_boundary(width, height)
        .into_iter()
        .filter(|rows| rows[0] > 0)
        .map(|rows| Case { rows })
        .collect()
}

impl quickcheck::Arbitrary for Case {
    fn arbitrary(g: &mut quickcheck::Gen) -> Case {
        let s = g.size().clamp(1, 8) as u64;
        let r0 = 1 + <u64 as quickcheck::Arbitrary>::arbitrary(g) % s;
        let h = <usize as quickcheck::Arbitrary>::arbitrary(g) % s as usize;
        let mut rows = vec![r0];
        for _ in 0..h {
            let below = *rows.last().unwrap_or(&0);
            rows.push(<u64 as quickcheck::Arbitrary>::arbitrary(g) % (below + 1));
        }
        Case { rows }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Case>> {
        Box::new(simpler(self).into_iter())
    }
}

impl<'a> arbitrary::Arbitrary<'a> for Case {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Case> {
        let r0 = u.int_in_range(1..=7u64)?;
        let h = u.int_in_range(0..=6usize)?;
        let mut rows = vec![r0];
        for _ in 0..h {
            let below = *rows.last().unwrap_or(&0);
            rows.push(u.int_in_range(0..=below)?);
        }
        Ok(Case { rows })
    }
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
