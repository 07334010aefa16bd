//! One-step simplifications of a reversi-move case (the checker's greedy
//! shrinking and quickcheck's), biggest cuts first, each made when asked for.

use std::iter;
use std::ops::Range;
use std::rc::Rc;

use super::grid::DIRECTIONS;
use super::{Board, Case, swap_colours};
use crate::generation::steps;

/// Cases one step simpler than `case`, the biggest cuts first: the 2-D
/// board straightened into one row (see [`lines`]), the rows above or
/// below the move dropped, the columns left or right of it
/// dropped, one row or column dropped, one cell emptied, the colours
/// swapped so that player 1 moves.
pub fn simpler(case: &Case) -> impl Iterator<Item = Case> + use<> {
    let case = Rc::new(case.clone());
    let (rows, cols) = (case.board.rows, case.board.cols);
    let straightened = {
        let case = Rc::clone(&case);
        iter::once_with(move || lines(&case)).flatten()
    };
    straightened
        .chain(steps(&case, 4, crop))
        .chain(steps(&case, rows, |case, r| {
            (r != case.row).then(|| without_row(case, r))
        }))
        .chain(steps(&case, cols, |case, c| {
            (c != case.col).then(|| without_col(case, c))
        }))
        .chain(steps(&case, rows * cols, |case, i| {
            (case.board.cells[i] != 0).then(|| {
                let mut c = case.clone();
                c.board.cells[i] = 0;
                c
            })
        }))
        .chain(steps(&case, 1, |case, _| {
            (case.player == 2).then(|| swap_colours(case))
        }))
}

/// Crop `which` of four, if there is anything to cut: the rows above the
/// move dropped, the rows below it, the columns left of it, the columns
/// right of it.
fn crop(case: &Case, which: usize) -> Option<Case> {
    let b = &case.board;
    let (rows, cols) = match which {
        0 => (case.row > 0).then_some((case.row..b.rows, 0..b.cols)),
        1 => (case.row + 1 < b.rows).then_some((0..case.row + 1, 0..b.cols)),
        2 => (case.col > 0).then_some((0..b.rows, case.col..b.cols)),
        _ => (case.col + 1 < b.cols).then_some((0..b.rows, 0..case.col + 1)),
    }?;
    Some(keep(case, rows, cols))
}

/// The part of `case` in `rows` × `cols` (which hold the move).
fn keep(case: &Case, rows: Range<usize>, cols: Range<usize>) -> Case {
    let b = &case.board;
    Case {
        board: Board {
            rows: rows.len(),
            cols: cols.len(),
            cells: rows
                .clone()
                .flat_map(|r| cols.clone().map(move |c| (r, c)))
                .map(|(r, c)| b.get(r, c))
                .collect(),
        },
        row: case.row - rows.start,
        col: case.col - cols.start,
        player: case.player,
    }
}

/// `case` without row `r` (not the move's).
fn without_row(case: &Case, r: usize) -> Case {
    let b = &case.board;
    let rows: Vec<usize> = (0..b.rows).filter(|&x| x != r).collect();
    Case {
        board: Board {
            rows: b.rows - 1,
            cols: b.cols,
            cells: rows
                .iter()
                .flat_map(|&x| (0..b.cols).map(move |c| b.get(x, c)))
                .collect(),
        },
        row: if r < case.row { case.row - 1 } else { case.row },
        ..case.clone()
    }
}

/// `case` without column `c` (not the move's).
fn without_col(case: &Case, c: usize) -> Case {
    let b = &case.board;
    let cols: Vec<usize> = (0..b.cols).filter(|&x| x != c).collect();
    Case {
        board: Board {
            rows: b.rows,
            cols: b.cols - 1,
            cells: (0..b.rows)
                .flat_map(|r| cols.iter().map(move |&x| b.get(r, x)))
                .collect(),
        },
        col: if c < case.col { case.col - 1 } else { case.col },
        ..case.clone()
    }
}

/// For a board with more than one row and column: one-row boards holding
/// the move and one or two of its rays (those that start with a piece),
/// one ray read leftward from the move and the other rightward, in both
/// arrangements. Most slips show on one line; a diagonal one then shrinks
/// to a row instead of staying stuck on a square. The rays are read at
/// once, each board made when asked for.
pub fn lines(case: &Case) -> impl Iterator<Item = Case> + use<> {
    let b = &case.board;
    let rays: Vec<Vec<u8>> = if b.rows == 1 || b.cols == 1 {
        Vec::new()
    } else {
        DIRECTIONS
            .iter()
            .map(|&(dr, dc)| {
                let mut ray = Vec::new();
                let (mut r, mut c) = (case.row as isize + dr, case.col as isize + dc);
                while r >= 0 && c >= 0 && r < b.rows as isize && c < b.cols as isize {
                    ray.push(b.get(r as usize, c as usize));
                    r += dr;
                    c += dc;
                }
                ray
            })
            .filter(|ray| ray.first().is_some_and(|&v| v != 0))
            .collect()
    };
    let (centre, player) = (b.get(case.row, case.col), case.player);
    let rays = Rc::new(rays);
    let k = rays.len();
    steps(&rays, k, move |rays, i| {
        Some(line(centre, player, &[], &rays[i]))
    })
    .chain(steps(&rays, k * k, move |rays, x| {
        let (i, j) = (x / k, x % k);
        (i != j).then(|| line(centre, player, &rays[i], &rays[j]))
    }))
}

/// The one-row case: `left` read backward, the move's cell `centre`, then
/// `right`; `player` moves on `centre`.
fn line(centre: u8, player: u8, left: &[u8], right: &[u8]) -> Case {
    let mut cells: Vec<u8> = left.iter().rev().copied().collect();
    cells.push(centre);
    cells.extend_from_slice(right);
    Case {
        board: Board {
            rows: 1,
            cols: cells.len(),
            cells,
        },
        row: 0,
        col: left.len(),
        player,
    }
}
