//! Cases: proptest strategies (boards biased small, densities from empty to
//! full, moves mostly on empty cells, some with long closed runs built along
//! the rays), one-step simplifications, `quickcheck` and `arbitrary` impls,
//! exhaustive enumeration, reachable Othello positions, and the worst-case
//! pattern.

use proptest::prelude::*;
use proptest::sample::Index;

use super::othello::Position;
use super::{Board, Case, MAX_SIDE};

/// A player, shrinking toward 1.
pub fn player() -> impl Strategy<Value = u8> {
    prop_oneof![Just(1u8), Just(2u8)]
}

/// The 8 directions, for the ray builder (any order will do).
use super::grid::DIRECTIONS as RAYS;

/// Raw material of one case, turned into a valid case by [`build`]: fill
/// level, board seed, whether to prefer an empty cell, the move's cell,
/// the player, and the optional runs along the rays.
type Raw = (u32, u64, bool, Index, u8, Option<Vec<(usize, bool)>>);

/// A roll in 0..8 for cell (`r`, `c`) of the board drawn from `seed`: a
/// function of the cell alone, so a smaller board drawn from the same seed
/// is a crop of the larger one (shrinking the sides crops the board).
fn roll(seed: u64, r: usize, c: usize) -> u8 {
    // splitmix64 of the seed and the cell
    let mut z = seed ^ ((r as u64) << 32 | c as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    ((z ^ (z >> 31)) >> 61) as u8
}

/// A board drawn from `seed` at fill level `fill` (0 = empty board, 4 =
/// full), a move chosen by `at` (among the empty cells if `prefer_empty`
/// and there are any), and optionally runs written along the rays from the
/// move: `run` opponent cells, then the mover's piece if `close` (as far as
/// the board reaches).
fn build(rows: usize, cols: usize, raw: Raw) -> Case {
    let (fill, seed, prefer_empty, at, player, rays) = raw;
    let empty_below = 8 - 2 * fill.min(4) as u8;
    let mut board = Board::empty(rows, cols);
    for r in 0..rows {
        for c in 0..cols {
            let x = roll(seed, r, c);
            board.set(r, c, if x < empty_below { 0 } else { 1 + (x & 1) });
        }
    }
    let empties: Vec<usize> = (0..rows * cols).filter(|&i| board.cells[i] == 0).collect();
    let index = if prefer_empty && !empties.is_empty() {
        empties[at.index(empties.len())]
    } else {
        at.index(rows * cols)
    };
    let (row, col) = (index / cols, index % cols);
    if let Some(rays) = rays {
        for (&(dr, dc), &(run, close)) in RAYS.iter().zip(&rays) {
            let mut r = row as isize;
            let mut c = col as isize;
            for k in 0..=run {
                r += dr;
                c += dc;
                if r < 0 || c < 0 || r >= rows as isize || c >= cols as isize {
                    break;
                }
                let value = if k < run {
                    3 - player
                } else if close {
                    player
                } else {
                    board.get(r as usize, c as usize)
                };
                board.set(r as usize, c as usize, value);
            }
        }
    }
    Case {
        board,
        row,
        col,
        player,
    }
}

/// Everything of a case but its shape; runs along rays up to `side` long.
fn raw(side: usize) -> impl Strategy<Value = Raw> {
    (
        0u32..=4,
        any::<u64>().no_shrink(),
        prop_oneof![4 => Just(true), 1 => Just(false)],
        any::<Index>(),
        player(),
        proptest::option::weighted(
            0.6,
            proptest::collection::vec(
                (
                    prop_oneof![3 => 1..=2usize, 1 => 0..side.max(1)],
                    prop_oneof![3 => Just(true), 1 => Just(false)],
                ),
                8,
            ),
        ),
    )
}

/// Cases on `rows`×`cols` boards.
pub fn shaped(rows: usize, cols: usize) -> BoxedStrategy<Case> {
    raw(rows.max(cols))
        .prop_map(move |raw| build(rows, cols, raw))
        .boxed()
}

/// Random cases with sides at most `size` (at most 100): mostly at most 4,
/// then at most 8, sometimes up to `size`. The cells come from a seed that
/// does not shrink; shrinking crops the board (the sides shrink), moves the
/// move, drops the runs along the rays and lowers the fill, and the
/// checker's greedy [`simpler`] steps empty single cells afterwards.
pub fn cases(size: usize) -> BoxedStrategy<Case> {
    let size = size.clamp(1, MAX_SIDE);
    let (small, mid) = (size.min(4), size.min(8));
    let sides = prop_oneof![
        4 => (1..=small, 1..=small),
        2 => (1..=mid, 1..=mid),
        1 => (1..=size, 1..=size),
    ];
    (sides, raw(size))
        .prop_map(|((rows, cols), raw)| build(rows, cols, raw))
        .boxed()
}

/// Random 8×8 cases (for the bitboard engine).
pub fn eight_by_eight() -> BoxedStrategy<Case> {
    shaped(8, 8)
}

/// Positions reached from the Othello start by up to 60 random plies
/// (passes played when forced), with the mover to move.
pub fn reachable() -> BoxedStrategy<Position> {
    proptest::collection::vec(any::<usize>(), 0..=60)
        .prop_map(|choices| Position::after_choices(&choices))
        .boxed()
}

/// Cases one step simpler than `case`, the biggest cuts first: the 2-D
/// board straightened into one row (see [`lines`]), the rows above or
/// below the move dropped, the columns left or right of it
/// dropped, one row or column dropped, one cell emptied, the colours
/// swapped so that player 1 moves.
pub fn simpler(case: &Case) -> Vec<Case> {
    let b = &case.board;
    let mut out = lines(case);
    let keep = |rows: std::ops::Range<usize>, cols: std::ops::Range<usize>| Case {
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
    };
    if case.row > 0 {
        out.push(keep(case.row..b.rows, 0..b.cols));
    }
    if case.row + 1 < b.rows {
        out.push(keep(0..case.row + 1, 0..b.cols));
    }
    if case.col > 0 {
        out.push(keep(0..b.rows, case.col..b.cols));
    }
    if case.col + 1 < b.cols {
        out.push(keep(0..b.rows, 0..case.col + 1));
    }
    for r in (0..b.rows).filter(|&r| r != case.row) {
        let rows: Vec<usize> = (0..b.rows).filter(|&x| x != r).collect();
        out.push(Case {
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
        });
    }
    for c in (0..b.cols).filter(|&c| c != case.col) {
        let cols: Vec<usize> = (0..b.cols).filter(|&x| x != c).collect();
        out.push(Case {
            board: Board {
                rows: b.rows,
                cols: b.cols - 1,
                cells: (0..b.rows)
                    .flat_map(|r| cols.iter().map(move |&x| b.get(r, x)))
                    .collect(),
            },
            col: if c < case.col { case.col - 1 } else { case.col },
            ..case.clone()
        });
    }
    for i in 0..b.cells.len() {
        if b.cells[i] != 0 {
            let mut c = case.clone();
            c.board.cells[i] = 0;
            out.push(c);
        }
    }
    if case.player == 2 {
        out.push(swap_colours(case));
    }
    out
}

/// For a board with more than one row and column: one-row boards holding
/// the move and one or two of its rays (those that start with a piece),
/// one ray read leftward from the move and the other rightward, in both
/// arrangements. Most slips show on one line; a diagonal one then shrinks
/// to a row instead of staying stuck on a square.
pub fn lines(case: &Case) -> Vec<Case> {
    let b = &case.board;
    if b.rows == 1 || b.cols == 1 {
        return Vec::new();
    }
    let rays: Vec<Vec<u8>> = RAYS
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
        .collect();
    let line = |left: &[u8], right: &[u8]| {
        let mut cells: Vec<u8> = left.iter().rev().copied().collect();
        cells.push(b.get(case.row, case.col));
        cells.extend_from_slice(right);
        Case {
            board: Board {
                rows: 1,
                cols: cells.len(),
                cells,
            },
            row: 0,
            col: left.len(),
            player: case.player,
        }
    };
    let mut out: Vec<Case> = rays.iter().map(|ray| line(&[], ray)).collect();
    for (i, left) in rays.iter().enumerate() {
        for (j, right) in rays.iter().enumerate() {
            if i != j {
                out.push(line(left, right));
            }
        }
    }
    out
}

/// `case` with 1 and 2 exchanged everywhere, the mover included.
pub fn swap_colours(case: &Case) -> Case {
    Case {
        board: Board {
            cells: case
                .board
                .cells
                .iter()
                .map(|&v| if v == 0 { 0 } else { 3 - v })
                .collect(),
            ..case.board.clone()
        },
        player: 3 - case.player,
        ..case.clone()
    }
}

/// Every board of every shape with at most `max_cells` cells, every cell,
/// both players: the sum over shapes m×n of 3^(mn) · mn · 2 cases.
pub fn every_move(max_cells: usize) -> impl Iterator<Item = Case> + Send {
    let shapes: Vec<(usize, usize)> = (1..=max_cells)
        .flat_map(|cells| {
            (1..=cells)
                .filter(move |m| cells % m == 0)
                .map(move |m| (m, cells / m))
        })
        .collect();
    shapes.into_iter().flat_map(|(rows, cols)| {
        let cells = rows * cols;
        (0..3u64.pow(cells as u32)).flat_map(move |mut code| {
            let board = Board {
                rows,
                cols,
                cells: (0..cells)
                    .map(|_| {
                        let v = (code % 3) as u8;
                        code /= 3;
                        v
                    })
                    .collect(),
            };
            [1u8, 2].into_iter().flat_map(move |player| {
                let board = board.clone();
                (0..cells).map(move |i| Case {
                    board: board.clone(),
                    row: i / cols,
                    col: i % cols,
                    player,
                })
            })
        })
    })
}

/// How many cases [`every_move`] yields.
pub fn every_move_count(max_cells: usize) -> u64 {
    (1..=max_cells as u64)
        .map(|cells| {
            let shapes = (1..=cells).filter(|m| cells % m == 0).count() as u64;
            shapes * 3u64.pow(cells as u32) * cells * 2
        })
        .sum()
}

/// The worst case for the flips: a `side`×`side` board (at most 100), the
/// move in the middle, every one of the 8 rays filled with the opponent to
/// its last cell, which holds the mover's piece; everything else empty.
pub fn long_rays(side: usize) -> Case {
    let side = side.clamp(1, MAX_SIDE);
    let mid = side / 2;
    let mut board = Board::empty(side, side);
    for (dr, dc) in RAYS {
        let (mut r, mut c) = (mid as isize + dr, mid as isize + dc);
        while r >= 0 && c >= 0 && r < side as isize && c < side as isize {
            let last = {
                let (nr, nc) = (r + dr, c + dc);
                nr < 0 || nc < 0 || nr >= side as isize || nc >= side as isize
            };
            board.set(r as usize, c as usize, if last { 1 } else { 2 });
            r += dr;
            c += dc;
        }
    }
    Case {
        board,
        row: mid,
        col: mid,
        player: 1,
    }
}

/// A quickcheck value of type `T`.
fn qc<T: quickcheck::Arbitrary>(g: &mut quickcheck::Gen) -> T {
    T::arbitrary(g)
}

impl quickcheck::Arbitrary for Case {
    fn arbitrary(g: &mut quickcheck::Gen) -> Case {
        let max = g.size().clamp(1, MAX_SIDE);
        let rows = 1 + qc::<usize>(g) % max;
        let cols = 1 + qc::<usize>(g) % max;
        let fill = qc::<u8>(g) % 5;
        let cells = (0..rows * cols)
            .map(|_| {
                if qc::<u8>(g) % 4 >= fill {
                    0
                } else {
                    1 + qc::<u8>(g) % 2
                }
            })
            .collect();
        Case {
            board: Board { rows, cols, cells },
            row: qc::<usize>(g) % rows,
            col: qc::<usize>(g) % cols,
            player: 1 + qc::<u8>(g) % 2,
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Case>> {
        Box::new(simpler(self).into_iter())
    }
}

impl<'a> arbitrary::Arbitrary<'a> for Case {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Case> {
        let rows = u.int_in_range(1..=12usize)?;
        let cols = u.int_in_range(1..=12usize)?;
        let cells = (0..rows * cols)
            .map(|_| u.int_in_range(0..=2u8))
            .collect::<arbitrary::Result<Vec<u8>>>()?;
        Ok(Case {
            board: Board { rows, cols, cells },
            row: u.int_in_range(0..=rows - 1)?,
            col: u.int_in_range(0..=cols - 1)?,
            player: u.int_in_range(1..=2u8)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhaustive_count_matches_formula() {
        // 1 cell: 1 shape; 2 cells: 1x2, 2x1; 3 cells: 1x3, 3x1.
        assert_eq!(every_move(3).count() as u64, every_move_count(3));
        assert_eq!(every_move_count(2), 3 * 2 + 2 * 9 * 2 * 2);
    }

    #[test]
    fn long_rays_flips_everything_on_the_rays() {
        let case = long_rays(9);
        let after = super::super::oracle::solve(&case);
        assert_eq!(after.cells.iter().filter(|&&v| v == 2).count(), 0);
    }
}
