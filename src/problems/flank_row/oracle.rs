//! The statement's method, literally: write the piece, copy the row, decide
//! both directions on the copy, then write the flips. O(n) per placement.

use super::{Case, Cell, Player, Row};

/// Left is direction 0, right is direction 1.
const STEPS: [isize; 2] = [-1, 1];

/// The row after every placement of `case`.
pub fn solve(case: &Case) -> Row {
    solve_in_order(case, &[0, 1])
}

/// Like [`solve`], visiting the two directions in `order` (a permutation of `[0, 1]`).
pub fn solve_in_order(case: &Case, order: &[usize]) -> Row {
    let mut row = case.row.clone();
    for p in &case.placements {
        place(&mut row, p.player, p.index, order);
    }
    row
}

/// One placement of `me` at `at`, directions visited in `order`.
pub fn place(row: &mut Row, me: Player, at: usize, order: &[usize]) {
    if row[at] != Cell::Empty {
        return; // illegal: nothing changes
    }
    row[at] = Cell::Piece(me);
    let before = row.clone();
    let opponent = Cell::Piece(me.opponent());
    let inside = |j: isize| j >= 0 && (j as usize) < before.len();

    let mut flips = Vec::new();
    for &direction in order {
        let step = STEPS[direction];
        let mut j = at as isize + step;
        let mut run = Vec::new();
        while inside(j) && before[j as usize] == opponent {
            run.push(j as usize);
            j += step;
        }
        if !run.is_empty() && inside(j) && before[j as usize] == Cell::Piece(me) {
            flips.extend(run);
        }
    }
    for j in flips {
        row[j] = Cell::Piece(me);
    }
}
