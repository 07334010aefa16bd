//! One-step simplifications of a go-move case (the checker's greedy
//! shrinking and quickcheck's), biggest cuts first, each made when asked for.

use std::rc::Rc;

use super::rules::legalize;
use super::{BLACK, Case, EMPTY, Move, Position, WHITE};
use crate::generation::steps;

/// Cases one step simpler than `case`, the biggest cuts first: smaller
/// windows around the move, one row and one column removed, one stone
/// emptied, a white stone made black, a white move made black. Each is
/// made legal again.
pub fn simpler(case: &Case) -> impl Iterator<Item = Case> + use<> {
    let case = Rc::new(case.clone());
    let n = case.position.n;
    let unchanged = Rc::clone(&case);
    // Windows of side k in 1..n, at most five each.
    steps(&case, n.saturating_sub(1) * 5, |case, x| {
        let (k, j) = (1 + x / 5, x % 5);
        let &(r0, c0) = window_starts(case, k).get(j)?;
        Some(window(case, r0, c0, k))
    })
    // One row and one column out (neither the move's).
    .chain(steps(&case, if n > 1 { n * n } else { 0 }, |case, x| {
        let (dr, dc) = (x / case.position.n, x % case.position.n);
        (dr != case.mv.row && dc != case.mv.col).then(|| without(case, dr, dc))
    }))
    .chain(steps(&case, n * n, |case, i| {
        (case.position.cells[i] != EMPTY).then(|| {
            let mut c = case.clone();
            c.position.cells[i] = EMPTY;
            c
        })
    }))
    // White to black only (never back), so the steps always end.
    .chain(steps(&case, n * n, |case, i| {
        (case.position.cells[i] == WHITE).then(|| {
            let mut c = case.clone();
            c.position.cells[i] = BLACK;
            legalize(&mut c.position);
            c
        })
    }))
    .chain(steps(&case, 1, |case, _| {
        (case.mv.colour == WHITE).then(|| {
            let mut c = case.clone();
            c.mv.colour = BLACK;
            c
        })
    }))
    .filter(move |c| c != &*unchanged)
}

/// The top-left corners of the windows of side `k` (below the board's)
/// that hold the move: the move at each corner, then in the middle;
/// sorted, without repeats.
fn window_starts(case: &Case, k: usize) -> Vec<(usize, usize)> {
    let n = case.position.n;
    let (mr, mc) = (case.mv.row, case.mv.col);
    let lo = |m: usize| m.saturating_sub(k - 1);
    let hi = |m: usize| m.min(n - k);
    let mut starts = vec![
        (lo(mr), lo(mc)),
        (hi(mr), hi(mc)),
        (lo(mr), hi(mc)),
        (hi(mr), lo(mc)),
        (
            mr.saturating_sub(k / 2).min(n - k),
            mc.saturating_sub(k / 2).min(n - k),
        ),
    ];
    starts.sort_unstable();
    starts.dedup();
    starts
}

/// The k×k window of `case` with top-left corner (r0, c0), made legal,
/// with the move shifted (the window must hold the move).
fn window(case: &Case, r0: usize, c0: usize, k: usize) -> Case {
    let mut position = Position::empty(k);
    for r in 0..k {
        for c in 0..k {
            position.set(r, c, case.position.at(r0 + r, c0 + c));
        }
    }
    legalize(&mut position);
    Case {
        position,
        mv: Move {
            row: case.mv.row - r0,
            col: case.mv.col - c0,
            ..case.mv
        },
    }
}

/// `case` without row `dr` and column `dc` (neither the move's), made legal.
fn without(case: &Case, dr: usize, dc: usize) -> Case {
    let n = case.position.n;
    let mut position = Position::empty(n - 1);
    let keep = |i: usize, d: usize| if i < d { i } else { i - 1 };
    for r in (0..n).filter(|&r| r != dr) {
        for c in (0..n).filter(|&c| c != dc) {
            position.set(keep(r, dr), keep(c, dc), case.position.at(r, c));
        }
    }
    legalize(&mut position);
    Case {
        position,
        mv: Move {
            row: keep(case.mv.row, dr),
            col: keep(case.mv.col, dc),
            ..case.mv
        },
    }
}

#[cfg(test)]
mod tests {
    use super::super::patterns::capture_all;
    use super::super::rules::first_dead_stone;
    use super::*;

    #[test]
    fn simpler_cases_are_legal_and_hold_the_move() {
        let case = capture_all(5);
        for c in simpler(&case) {
            assert_eq!(first_dead_stone(&c.position), None);
            assert!(c.mv.row < c.position.n && c.mv.col < c.position.n);
        }
    }
}
