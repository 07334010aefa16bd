//! One-step simplifications of a chomp-solve position (the checker's greedy
//! shrinking and quickcheck's), biggest cuts first, each made when asked for.

use std::rc::Rc;

use super::Case;
use crate::generation::steps;

/// Positions one step simpler: the top row dropped, any row dropped, a row
/// one shorter (where that keeps the rows nonincreasing), trailing empty
/// rows dropped.
pub fn simpler(case: &Case) -> impl Iterator<Item = Case> + use<> {
    let case = Rc::new(case.clone());
    let h = case.rows.len();
    let droppable = if h > 1 { h } else { 0 };
    steps(&case, 1, |case, _| other(case, case.trimmed().to_vec()))
        .chain(steps(&case, droppable, |case, k| {
            let mut r = case.rows.clone();
            r.remove(case.rows.len() - 1 - k);
            other(case, r)
        }))
        .chain(steps(&case, h, |case, i| {
            let rows = &case.rows;
            if rows[i] > 0 && rows.get(i + 1).is_none_or(|&above| above < rows[i]) {
                let mut r = rows.clone();
                r[i] -= 1;
                other(case, r)
            } else {
                None
            }
        }))
}

/// The position `rows`, if it is one (not empty) and not `case` itself.
fn other(case: &Case, rows: Vec<u64>) -> Option<Case> {
    (rows.iter().any(|&r| r > 0) && rows != case.rows).then_some(Case { rows })
}
