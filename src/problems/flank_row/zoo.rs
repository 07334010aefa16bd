//! Known-wrong flank-row solvers: the slips the seed warns about and a few
//! more. Each is the oracle's method with exactly one slip, and each must be
//! caught by at least one property (`boardcheck selftest`, `tests/flank_row.rs`).

use super::engine::{self, solve_with};
use super::order::ordered_zoo;
use super::{Case, Cell, FlankRow, Player, Row};
use crate::suite::Solver;

/// The one thing a variant gets wrong.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slip {
    /// Flips while walking, and never undoes an unclosed run (the seed's first slip).
    FlipWhileScanning,
    /// Treats the end of the row as a closing piece.
    EdgeCloses,
    /// Treats an empty cell as a closing piece.
    EmptyCloses,
    /// Skips the write on an occupied cell but still flips.
    IllegalStillFlips,
    /// Overwrites an occupied cell.
    IllegalOverwrites,
    /// Keeps one run list for both directions (shared scan state).
    SharedRunList,
    /// Only looks left.
    LeftOnly,
    /// Takes B as the opponent whoever moves, so B never captures.
    OpponentAlwaysB,
    /// Decides every placement's captures on the starting row.
    FrozenRow,
    /// Writes the piece and never flips (sound, never complete).
    NeverFlips,
    /// The union–find engine with a stale run end after a merge.
    EngineStaleRunEnd,
}

const STEPS: [isize; 2] = [-1, 1];

fn solve(case: &Case, order: &[usize], slip: Slip) -> Row {
    if slip == Slip::EngineStaleRunEnd {
        return solve_with::<{ engine::STALE_RUN_END }>(case, order);
    }
    let mut row = case.row.clone();
    let start = case.row.clone();
    for p in &case.placements {
        let (me, at) = (p.player, p.index);
        let occupied = row[at] != Cell::Empty;
        if occupied && !matches!(slip, Slip::IllegalStillFlips | Slip::IllegalOverwrites) {
            continue;
        }
        if !occupied || slip == Slip::IllegalOverwrites {
            row[at] = Cell::Piece(me);
        }
        let mut before = if slip == Slip::FrozenRow {
            start.clone()
        } else {
            row.clone()
        };
        before[at] = Cell::Piece(me);
        let them = if slip == Slip::OpponentAlwaysB {
            Player::B
        } else {
            me.opponent()
        };
        let n = row.len();
        let inside = |j: isize| j >= 0 && (j as usize) < n;
        let mut flips = Vec::new();
        let mut run = Vec::new();
        for &direction in order {
            if slip == Slip::LeftOnly && direction == 1 {
                continue;
            }
            let step = STEPS[direction];
            if slip != Slip::SharedRunList {
                run.clear();
            }
            let mut j = at as isize + step;
            while inside(j) && before[j as usize] == Cell::Piece(them) {
                if slip == Slip::FlipWhileScanning {
                    row[j as usize] = Cell::Piece(me);
                }
                run.push(j as usize);
                j += step;
            }
            let closed = match slip {
                Slip::EdgeCloses => !inside(j) || before[j as usize] == Cell::Piece(me),
                Slip::EmptyCloses => inside(j) && before[j as usize] != Cell::Piece(them),
                _ => inside(j) && before[j as usize] == Cell::Piece(me),
            };
            if !run.is_empty() && closed {
                flips.extend(run.iter().copied());
            }
        }
        if slip == Slip::NeverFlips {
            flips.clear();
        }
        for j in flips {
            row[j] = Cell::Piece(me);
        }
    }
    row
}

/// Every known-wrong variant.
pub fn all() -> Vec<Solver<FlankRow>> {
    ordered_zoo(
        solve,
        &[
            (
                "flip-while-scanning",
                Slip::FlipWhileScanning,
                "flips while walking and never undoes an unclosed run",
            ),
            (
                "edge-closes-run",
                Slip::EdgeCloses,
                "a run that reaches the end of the row counts as closed",
            ),
            (
                "empty-closes-run",
                Slip::EmptyCloses,
                "a run followed by an empty cell counts as closed",
            ),
            (
                "illegal-still-flips",
                Slip::IllegalStillFlips,
                "a placement on an occupied cell writes nothing but still flips",
            ),
            (
                "illegal-overwrites",
                Slip::IllegalOverwrites,
                "a placement on an occupied cell overwrites it",
            ),
            (
                "shared-run-list",
                Slip::SharedRunList,
                "the run list is not cleared between the two directions",
            ),
            ("left-only", Slip::LeftOnly, "only looks left"),
            (
                "opponent-always-b",
                Slip::OpponentAlwaysB,
                "takes B as the opponent whoever moves",
            ),
            (
                "frozen-row",
                Slip::FrozenRow,
                "decides every placement on the starting row",
            ),
            (
                "never-flips",
                Slip::NeverFlips,
                "writes the placed piece and never flips (every flip it makes is sound)",
            ),
            (
                "engine-stale-run-end",
                Slip::EngineStaleRunEnd,
                "the union-find engine keeps a run's old last cell after a merge",
            ),
        ],
    )
}
