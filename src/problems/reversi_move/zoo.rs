//! Known-wrong reversi-move solvers: the slips the seed warns about and a
//! few classic ones. Each is a plain-grid move with exactly one slip, and
//! each must be caught by at least one property (`boardcheck selftest`,
//! `tests/reversi_move.rs`).

use super::order::ordered_zoo;
use super::{Board, Case, ReversiMove};
use crate::suite::{Solver, zoo};

/// The one thing a variant gets wrong.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slip {
    /// Places the piece on any empty cell, even if nothing flips.
    PlacesWithoutFlip,
    /// A run that reaches the board's edge counts as closed.
    EdgeCloses,
    /// A run followed by an empty cell counts as closed.
    EmptyCloses,
    /// Flips while walking and never undoes a run that turns out unclosed.
    FlipWhileScanning,
    /// On an occupied cell writes nothing but still flips.
    OccupiedStillFlips,
    /// Overwrites an occupied cell (and flips).
    OccupiedOverwrites,
    /// Keeps one run list for all directions (never cleared).
    SharedRunList,
    /// Stops after the first direction that flips.
    FirstDirectionOnly,
    /// Forgets the up-left diagonal.
    ForgetsUpLeft,
    /// Walks a flat row-major array checking only the array's ends, so
    /// horizontal and diagonal runs wrap from one row into the next.
    RowWrap,
    /// Takes 2 as the opponent whoever moves.
    OpponentAlways2,
}

/// The oracle's directions: each variant is the oracle's method with one slip.
use super::oracle::DIRECTIONS;

fn solve(case: &Case, order: &[usize], slip: Slip) -> Board {
    let before = &case.board;
    let (m, n) = (before.rows as i64, before.cols as i64);
    let (row, col, me) = (case.row as i64, case.col as i64, case.player);
    let them = if slip == Slip::OpponentAlways2 {
        2
    } else {
        3 - me
    };
    let occupied = before.get(case.row, case.col) != 0;
    if occupied && !matches!(slip, Slip::OccupiedStillFlips | Slip::OccupiedOverwrites) {
        return before.clone();
    }
    // The cell index `k` steps from the move in direction (dr, dc), if on the board.
    let at = |dr: i64, dc: i64, k: i64| -> Option<usize> {
        if slip == Slip::RowWrap {
            let i = (row * n + col) + k * (dr * n + dc);
            (0..m * n).contains(&i).then_some(i as usize)
        } else {
            let (r, c) = (row + k * dr, col + k * dc);
            (0 <= r && r < m && 0 <= c && c < n).then_some((r * n + c) as usize)
        }
    };
    let mut after = before.clone();
    let mut flips = Vec::new();
    let mut run = Vec::new();
    for &d in order {
        if slip == Slip::ForgetsUpLeft && d == 7 {
            continue;
        }
        if slip == Slip::FirstDirectionOnly && !flips.is_empty() {
            break;
        }
        let (dr, dc) = DIRECTIONS[d];
        if slip != Slip::SharedRunList {
            run.clear();
        }
        let mut k = 1;
        let mut end = at(dr, dc, k);
        let mut walked = 0;
        while let Some(i) = end.filter(|&i| before.cells[i] == them) {
            if slip == Slip::FlipWhileScanning {
                after.cells[i] = me;
            }
            run.push(i);
            walked += 1;
            k += 1;
            end = at(dr, dc, k);
        }
        let closed = match (slip, end) {
            (Slip::EdgeCloses, None) => true,
            (Slip::EmptyCloses, Some(i)) => before.cells[i] != them,
            (_, Some(i)) => before.cells[i] == me,
            (_, None) => false,
        };
        if walked > 0 && closed {
            flips.extend(run.iter().copied());
        }
    }
    let legal = !flips.is_empty() || (slip == Slip::PlacesWithoutFlip && !occupied);
    if !legal && slip != Slip::FlipWhileScanning {
        return before.clone();
    }
    if !legal {
        return after; // unclosed runs stay flipped, the piece is not placed
    }
    if !occupied || slip == Slip::OccupiedOverwrites {
        after.set(case.row, case.col, me);
    }
    for i in flips {
        after.cells[i] = me;
    }
    after
}

/// A slip of a shift-based bitboard engine (the board packed row-major
/// into one `u64`, `cols` bits a row; runs found by shifting the move's bit
/// and masking the column it must not wrap into).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shift {
    /// The left/right shifts are not masked: a run wraps between the last
    /// column of one row and the first of the next (h to a on 8×8).
    MissingEdgeMask,
    /// The down-left diagonal shifts by `cols + 1`, the down-right step.
    WrongDiagonalShift,
}

/// The move on the packed bitboard with `slip`. Boards of more than 64
/// cells do not fit and are played right (by the oracle).
fn packed(case: &Case, slip: Shift) -> Board {
    let (rows, cols) = (case.board.rows, case.board.cols);
    let cells = rows * cols;
    if cells > 64 || case.row >= rows || case.col >= cols {
        return super::oracle::solve(case);
    }
    let board = if cells == 64 {
        u64::MAX
    } else {
        (1 << cells) - 1
    };
    let (mut first, mut last) = (0u64, 0u64);
    for r in 0..rows {
        first |= 1 << (r * cols);
        last |= 1 << (r * cols + cols - 1);
    }
    let (mut p, mut o) = (0u64, 0u64);
    for (i, &cell) in case.board.cells.iter().enumerate() {
        p |= u64::from(cell == case.player) << i;
        o |= u64::from(cell != 0 && cell != case.player) << i;
    }
    let bit = 1u64 << (case.row * cols + case.col);
    if (p | o) & bit != 0 {
        return case.board.clone();
    }
    let c = cols as i32;
    let (east, west) = if slip == Shift::MissingEdgeMask {
        (board, board)
    } else {
        (!first, !last)
    };
    let down_left = if slip == Shift::WrongDiagonalShift {
        c + 1
    } else {
        c - 1
    };
    // (shift, mask of the cells a step may land on)
    let steps = [
        (1, east),
        (-1, west),
        (c, board),
        (-c, board),
        (c + 1, !first),
        (down_left, !last),
        (-(c - 1), !first),
        (-(c + 1), !last),
    ];
    let shift = |b: u64, (k, mask): (i32, u64)| {
        let moved = if k >= 0 { b << k } else { b >> -k };
        moved & mask & board
    };
    let mut flips = 0;
    for step in steps {
        if step.0 == 0 {
            continue;
        }
        let (mut run, mut x) = (0, shift(bit, step));
        while x & o != 0 {
            run |= x;
            x = shift(x, step);
        }
        if x & p != 0 {
            flips |= run;
        }
    }
    let mut after = case.board.clone();
    if flips == 0 {
        return after;
    }
    p |= flips | bit;
    o &= !flips;
    for (i, cell) in after.cells.iter_mut().enumerate() {
        if p >> i & 1 == 1 {
            *cell = case.player;
        } else if o >> i & 1 == 1 {
            *cell = 3 - case.player;
        }
    }
    after
}

/// Every known-wrong variant.
pub fn all() -> Vec<Solver<ReversiMove>> {
    let mut all = zoo(
        packed,
        &[
            (
                "bitboard-missing-edge-mask",
                Shift::MissingEdgeMask,
                "a shift-based bitboard without the edge mask: runs wrap from the last column into the first",
            ),
            (
                "bitboard-wrong-shift",
                Shift::WrongDiagonalShift,
                "a shift-based bitboard stepping down-left by the down-right shift",
            ),
        ],
    );
    all.extend(grid_slips());
    all
}

/// The oracle's grid method with one slip each.
fn grid_slips() -> Vec<Solver<ReversiMove>> {
    ordered_zoo(
        solve,
        &[
            (
                "places-without-flip",
                Slip::PlacesWithoutFlip,
                "places the piece on an empty cell even when nothing flips",
            ),
            (
                "edge-closes-run",
                Slip::EdgeCloses,
                "a run that reaches the board's edge counts as closed",
            ),
            (
                "empty-closes-run",
                Slip::EmptyCloses,
                "a run followed by an empty cell counts as closed",
            ),
            (
                "flip-while-scanning",
                Slip::FlipWhileScanning,
                "flips while walking and never undoes a run that is not closed",
            ),
            (
                "occupied-still-flips",
                Slip::OccupiedStillFlips,
                "a move on an occupied cell writes nothing there but still flips",
            ),
            (
                "occupied-overwrites",
                Slip::OccupiedOverwrites,
                "a move on an occupied cell overwrites it",
            ),
            (
                "shared-run-list",
                Slip::SharedRunList,
                "the run list is not cleared between directions",
            ),
            (
                "first-direction-only",
                Slip::FirstDirectionOnly,
                "stops after the first direction that flips",
            ),
            (
                "forgets-up-left",
                Slip::ForgetsUpLeft,
                "never looks up-left",
            ),
            (
                "row-wrap",
                Slip::RowWrap,
                "walks a flat array, so runs wrap from the end of one row into the next",
            ),
            (
                "opponent-always-2",
                Slip::OpponentAlways2,
                "takes 2 as the opponent whoever moves",
            ),
        ],
    )
}
