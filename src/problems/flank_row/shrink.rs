//! One-step simplifications of a flank-row case (the checker's greedy
//! shrinking and quickcheck's), biggest cuts first, each made when asked for.

use std::rc::Rc;

use super::{Case, Cell, Placement, Player};
use crate::generation::steps;

/// Cases one step simpler than `case`: the first placement folded into the
/// row (as the oracle plays it), a placement dropped, a cell dropped (later
/// indices shift down), a cell emptied, a B turned into an A.
pub fn simpler(case: &Case) -> impl Iterator<Item = Case> + use<> {
    let case = Rc::new(case.clone());
    let (n, k) = (case.row.len(), case.placements.len());
    let droppable_cells = if n > 1 { n } else { 0 };
    steps(&case, 1, |case, _| fold_first(case))
        .chain(steps(&case, k, |case, i| {
            let mut c = case.clone();
            c.placements.remove(i);
            Some(c)
        }))
        .chain(steps(&case, droppable_cells, |case, i| {
            Some(without_cell(case, i))
        }))
        .chain(steps(&case, n, |case, i| {
            (case.row[i] != Cell::Empty).then(|| {
                let mut c = case.clone();
                c.row[i] = Cell::Empty;
                c
            })
        }))
        .chain(steps(&case, k, |case, i| {
            (case.placements[i].player == Player::B).then(|| {
                let mut c = case.clone();
                c.placements[i].player = Player::A;
                c
            })
        }))
}

/// `case` with its first placement played into the row, if it has one.
fn fold_first(case: &Case) -> Option<Case> {
    let (&first, rest) = case.placements.split_first()?;
    let row = super::oracle::solve(&Case {
        row: case.row.clone(),
        placements: vec![first],
    });
    Some(Case {
        row,
        placements: rest.to_vec(),
    })
}

/// `case` without cell `i` and the placements on it; later indices shift down.
fn without_cell(case: &Case, i: usize) -> Case {
    let mut row = case.row.clone();
    row.remove(i);
    let placements = case
        .placements
        .iter()
        .filter(|p| p.index != i)
        .map(|p| Placement {
            index: if p.index > i { p.index - 1 } else { p.index },
            ..*p
        })
        .collect();
    Case { row, placements }
}
