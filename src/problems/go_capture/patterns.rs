//! The named worst cases of go-capture (`spiral`, `snake`, `checkerboard`,
//! `full`) for `gen --pattern`, and the snake and spiral shapes they and
//! the strategy draw.

use super::{Board, EMPTY};
use crate::generation::Pattern;

/// The points of a boustrophedon path: every even row, joined at alternate
/// ends through the odd rows between them. One orthogonally connected group.
pub fn snake(n: usize, m: usize) -> Vec<bool> {
    let mut on = vec![false; n * m];
    for r in 0..n {
        if r % 2 == 0 {
            on[r * m..(r + 1) * m].fill(true);
        } else {
            let c = if r % 4 == 1 { m - 1 } else { 0 };
            on[r * m + c] = true;
        }
    }
    on
}

/// The points of a rectangular spiral path winding inward from the top-left
/// corner, one-point corridors between its arms. One connected group. With
/// `roomy_centre` it stops early so the innermost corridor opens into a
/// block at least 3 points across (when the board is at least 5 across).
pub fn spiral(n: usize, m: usize, roomy_centre: bool) -> Vec<bool> {
    let mut on = vec![false; n * m];
    let mut set = |r: usize, c: usize| on[r * m + c] = true;
    let (mut top, mut left) = (0usize, 0usize);
    let (mut bottom, mut right) = (n - 1, m - 1);
    loop {
        for c in left..=right {
            set(top, c);
            set(bottom, c);
        }
        for r in top..=bottom {
            set(r, right);
        }
        for r in top + 2..=bottom {
            set(r, left);
        }
        let min_gap = if roomy_centre { 8 } else { 4 };
        if bottom < top + min_gap || right < left + min_gap {
            break;
        }
        set(top + 2, left + 1);
        top += 2;
        left += 2;
        bottom -= 2;
        right -= 2;
    }
    on
}

/// An N x N snake of `X` and `O` stripes, one long group each, with one
/// empty point at the end: the `X` snake is alive only through its tail.
pub fn snake_pattern(size: usize) -> Board {
    let n = size.max(1);
    let mut cells: Vec<u8> = snake(n, n)
        .into_iter()
        .map(|on| if on { b'X' } else { b'O' })
        .collect();
    let last = cells.len() - 1;
    cells[last] = EMPTY;
    Board::new(n, n, cells)
}

/// An N x N checkerboard of `X` and `O`: every stone its own dead group.
pub fn checkerboard(size: usize) -> Board {
    let n = size.max(1);
    let colour = |i: usize| {
        if (i / n + i % n).is_multiple_of(2) {
            b'X'
        } else {
            b'O'
        }
    };
    Board::new(n, n, (0..n * n).map(colour).collect())
}

/// An N x N board full of `X`: one group of N^2 stones without a liberty.
pub fn full(size: usize) -> Board {
    let n = size.max(1);
    Board::new(n, n, vec![b'X'; n * n])
}

/// One spiral group of `X` covering about half of an N x N board, the
/// corridor between its arms `O`, and one empty point in the middle of the
/// roomy centre, touching only `O` (from N = 5 on). So the whole `X` spiral
/// is dead (the verdict needs the entire group) and the `O` corridor, just as
/// long, lives by a liberty at its far end.
pub fn spiral_pattern(size: usize) -> Board {
    let n = size.max(1);
    let mut cells: Vec<u8> = spiral(n, n, true)
        .into_iter()
        .map(|on| if on { b'X' } else { b'O' })
        .collect();
    let (r, c) = (n / 2, n / 2);
    let o = |r: usize, c: usize| cells[r * n + c] == b'O';
    if r >= 1 && r + 1 < n && o(r, c) && o(r - 1, c) && o(r + 1, c) && o(r, c - 1) && o(r, c + 1) {
        cells[r * n + c] = EMPTY;
    }
    Board::new(n, n, cells)
}

/// Every pattern of go-capture, for `gen --pattern`, `list` and the benchmarks.
pub fn all() -> Vec<Pattern<super::GoCapture>> {
    vec![
        Pattern {
            name: "spiral",
            about: "one spiral group over half the board, dead, beside a living corridor",
            build: spiral_pattern,
        },
        Pattern {
            name: "snake",
            about: "two snake groups covering the board, one liberty at the tail",
            build: snake_pattern,
        },
        Pattern {
            name: "checkerboard",
            about: "every stone a one-stone group without a liberty",
            build: checkerboard,
        },
        Pattern {
            name: "full",
            about: "one group covering the whole board",
            build: full,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_and_spiral_are_one_group() {
        for (n, m) in [
            (1, 1),
            (1, 7),
            (7, 1),
            (2, 2),
            (5, 5),
            (6, 9),
            (13, 8),
            (21, 21),
        ] {
            for on in [snake(n, m), spiral(n, m, false), spiral(n, m, true)] {
                let cells = on.iter().map(|&b| if b { b'X' } else { EMPTY }).collect();
                let board = Board {
                    rows: n,
                    cols: m,
                    cells,
                };
                let groups = super::super::oracle::groups(&board);
                assert_eq!(groups.len(), 1, "{n}x{m}: {board:?}");
            }
        }
    }
}
