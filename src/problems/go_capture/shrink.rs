//! One-step simplifications of a go-capture board (the checker's greedy
//! shrinking and quickcheck's), biggest cuts first, each made when asked for.

use std::iter;
use std::rc::Rc;

use super::{Board, EMPTY};
use crate::generation::steps;

/// How readable a colour is in a minimal counterexample: X and O first, then
/// the seed's `#` and `B`, then every other character in ASCII order.
/// Simplifications only ever move a colour to a lower rank.
pub fn colour_rank(b: u8) -> usize {
    match b {
        b'X' => 0,
        b'O' => 1,
        b'#' => 2,
        b'B' => 3,
        _ => 4 + b as usize,
    }
}

/// The `rows` x `cols` board of the points of `board` that `keep` keeps.
fn without_line(
    board: &Board,
    keep: impl Fn(usize, usize) -> bool,
    rows: usize,
    cols: usize,
) -> Board {
    let mut cells = Vec::with_capacity(rows * cols);
    for r in 0..board.rows {
        for c in 0..board.cols {
            if keep(r, c) {
                cells.push(board.get(r, c));
            }
        }
    }
    Board { rows, cols, cells }
}

/// Boards one step simpler than `board`, biggest cuts first: a half of the
/// rows or columns, one row or column dropped, one stone removed, a colour
/// renamed to a more readable unused one, one stone recoloured to a more
/// readable colour. Every step lowers (points, stones, colour ranks), so
/// greedy shrinking ends.
pub fn simpler(board: &Board) -> impl Iterator<Item = Board> + use<> {
    let board = Rc::new(board.clone());
    let (n, m) = (board.rows, board.cols);
    let (tall, wide) = (n > 1, m > 1);
    let recoloured = {
        let board = Rc::clone(&board);
        iter::once_with(move || recoloured(&board)).flatten()
    };
    steps(&board, if tall { 2 } else { 0 }, move |b, which| {
        let h = n / 2;
        Some(if which == 0 {
            without_line(b, |r, _| r < n - h, n - h, m)
        } else {
            without_line(b, |r, _| r >= h, n - h, m)
        })
    })
    .chain(steps(&board, if wide { 2 } else { 0 }, move |b, which| {
        let h = m / 2;
        Some(if which == 0 {
            without_line(b, |_, c| c < m - h, n, m - h)
        } else {
            without_line(b, |_, c| c >= h, n, m - h)
        })
    }))
    .chain(steps(&board, if tall { n } else { 0 }, move |b, drop| {
        Some(without_line(b, |r, _| r != drop, n - 1, m))
    }))
    .chain(steps(&board, if wide { m } else { 0 }, move |b, drop| {
        Some(without_line(b, |_, c| c != drop, n, m - 1))
    }))
    .chain(steps(&board, n * m, |b, i| {
        (b.cells[i] != EMPTY).then(|| {
            let mut b = b.clone();
            b.cells[i] = EMPTY;
            b
        })
    }))
    .chain(recoloured)
}

/// The colour steps of [`simpler`]: each colour present renamed to the
/// most readable of `XO#B` that is unused and more readable, then each stone
/// recoloured to each more readable colour present.
fn recoloured(board: &Rc<Board>) -> impl Iterator<Item = Board> + use<> {
    let mut seen = [false; 256];
    for &b in &board.cells {
        seen[b as usize] = true;
    }
    let mut present: Vec<u8> = (0..=u8::MAX)
        .filter(|&b| b != EMPTY && seen[b as usize])
        .collect();
    present.sort_by_key(|&b| colour_rank(b));
    let k = present.len();
    let renames = present.clone();
    steps(board, k, move |board, j| {
        let colour = renames[j];
        let better = *[b'X', b'O', b'#', b'B']
            .iter()
            .find(|&&b| !renames.contains(&b) && colour_rank(b) < colour_rank(colour))?;
        let mut b = board.clone();
        for cell in &mut b.cells {
            if *cell == colour {
                *cell = better;
            }
        }
        Some(b)
    })
    .chain(steps(board, board.len() * k, move |b, x| {
        let (here, better) = (b.cells[x / k], present[x % k]);
        (here != EMPTY && colour_rank(better) < colour_rank(here)).then(|| {
            let mut b = b.clone();
            b.cells[x / k] = better;
            b
        })
    }))
}

#[cfg(test)]
mod tests {
    use super::super::is_point;
    use super::*;

    #[test]
    fn simplifications_stay_valid_boards() {
        let board = Board::from_rows(&["X.O", "#zO"]);
        for b in simpler(&board) {
            assert_eq!(b.len(), b.rows * b.cols);
            assert!(b.cells.iter().all(|&c| is_point(c)));
        }
    }
}
