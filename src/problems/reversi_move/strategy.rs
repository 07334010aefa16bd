//! Proptest strategies for reversi-move: boards biased small, densities from
//! empty to full, moves mostly on empty cells, some with long closed runs
//! built along the rays; 8×8 cases and reachable Othello positions.

use proptest::prelude::*;
use proptest::sample::Index;

use crate::generation::{from_ranges, one_of, weighted};

use super::grid::DIRECTIONS;
use super::othello::Position;
use super::{Board, Case, MAX_SIDE};

/// A player, shrinking toward 1.
pub fn player() -> impl Strategy<Value = u8> {
    weighted(&[(1, 1u8), (1, 2u8)])
}

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
        for (&(dr, dc), &(run, close)) in DIRECTIONS.iter().zip(&rays) {
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
        weighted(&[(4, true), (1, false)]),
        any::<Index>(),
        player(),
        // Rays six times in ten (`proptest::option::weighted(0.6, ..)`,
        // but a union of its own clones the runner for `None` every draw).
        one_of(vec![
            (2, Just(None).boxed()),
            (
                3,
                proptest::collection::vec(
                    (
                        // A run of 1 or 2 three times in four, else of
                        // 0 to side - 1.
                        from_ranges(&[(3, 1..=2), (1, 0..=side.max(1) - 1)]),
                        weighted(&[(3, true), (1, false)]),
                    ),
                    8,
                )
                .prop_map(Some)
                .boxed(),
            ),
        ]),
    )
}

/// Cases on `rows`×`cols` boards.
pub fn shaped(rows: usize, cols: usize) -> BoxedStrategy<Case> {
    raw(rows.max(cols))
        .prop_map(move |raw| build(rows, cols, raw))
        .boxed()
}

/// Random cases with sides at most `size` (at most 100): mostly at most 4,
/// then at most 8, sometimes up to `size`, and one case in eight on the
/// full `size`×`size` board: at the default size that is the Othello board,
/// the only one an 8×8 bitboard engine (this crate's, Edax's) plays on, so
/// its bugs show there alone. The cells come from a seed that
/// does not shrink; shrinking crops the board (the sides shrink), moves the
/// move, drops the runs along the rays and lowers the fill, and the
/// checker's greedy [`simpler`](super::shrink::simpler) steps empty single
/// cells afterwards.
pub fn cases(size: usize) -> BoxedStrategy<Case> {
    let size = size.clamp(1, MAX_SIDE);
    let (small, mid) = (size.min(4), size.min(8));
    let sides = one_of(vec![
        (4, (1..=small, 1..=small).boxed()),
        (2, (1..=mid, 1..=mid).boxed()),
        (1, (1..=size, 1..=size).boxed()),
        (1, Just((size, size)).boxed()),
    ]);
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
