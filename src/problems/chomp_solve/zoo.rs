//! Known-wrong chomp-solve solvers: memoized minimax with one slip each.
//! Each must be caught by at least one property (`tests/chomp_solve.rs`).

use std::collections::HashMap;

use super::{Case, ChompSolve, Value, after_move};
use crate::suite::{Solver, zoo};

/// The one thing a variant gets wrong.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slip {
    /// Normal play: taking the last cell wins, so (0, 0) is a winning move.
    PoisonWins,
    /// Moves sorted by X then Y.
    SortedByX,
    /// Lists only the first winning move.
    FirstMoveOnly,
    /// Never considers a move in the top row.
    IgnoresTopRow,
    /// Only considers moves on the edges (x = 0 or y = 0).
    EdgeMovesOnly,
    /// Guesses: the player to move wins iff the number of cells is even.
    ParityGuess,
    /// The memo is keyed by the number of cells, not the position.
    MemoByCount,
    /// Prints the moves as `Y X`.
    SwappedOutput,
    /// The ranked box table of the solver, looked up one rank too far.
    RankOffByOne,
}

fn allowed(rows: &[u64], x: u64, y: u64, slip: Slip) -> bool {
    match slip {
        Slip::PoisonWins => true,
        _ if (x, y) == (0, 0) => false,
        Slip::IgnoresTopRow => y + 1 < rows.len() as u64,
        Slip::EdgeMovesOnly => x == 0 || y == 0,
        _ => true,
    }
}

fn key(rows: &[u64], slip: Slip) -> Vec<u64> {
    if slip == Slip::MemoByCount {
        vec![rows.iter().sum()]
    } else {
        rows.to_vec()
    }
}

fn loses(rows: &[u64], memo: &mut HashMap<Vec<u64>, bool>, slip: Slip) -> bool {
    if rows.is_empty() {
        // Only reachable under PoisonWins: the player facing nothing lost.
        return true;
    }
    if slip == Slip::ParityGuess {
        return rows.iter().sum::<u64>() % 2 == 1;
    }
    if let Some(&v) = memo.get(&key(rows, slip)) {
        return v;
    }
    let mut lose = true;
    'search: for (y, &r) in rows.iter().enumerate() {
        for x in 0..r {
            if allowed(rows, x, y as u64, slip) && loses(&after_move(rows, x, y as u64), memo, slip)
            {
                lose = false;
                break 'search;
            }
        }
    }
    memo.insert(key(rows, slip), lose);
    lose
}

fn solve(case: &Case, slip: Slip) -> Value {
    if slip == Slip::RankOffByOne {
        return super::solver::solve_with::<1>(case);
    }
    let rows = case.trimmed();
    let mut memo = HashMap::new();
    let mut wins = Vec::new();
    for (y, &r) in rows.iter().enumerate() {
        for x in 0..r {
            if allowed(rows, x, y as u64, slip)
                && loses(&after_move(rows, x, y as u64), &mut memo, slip)
            {
                wins.push((x, y as u64));
            }
        }
    }
    match slip {
        Slip::SortedByX => wins.sort(),
        Slip::FirstMoveOnly => wins.truncate(1),
        Slip::SwappedOutput => wins.iter_mut().for_each(|m| *m = (m.1, m.0)),
        _ => {}
    }
    if wins.is_empty() {
        Value::Lose
    } else {
        Value::Win(wins)
    }
}

/// Every known-wrong variant.
pub fn all() -> Vec<Solver<ChompSolve>> {
    zoo(
        solve,
        &[
            (
                "solver-rank-off-by-one",
                Slip::RankOffByOne,
                "the solver's box table is looked up one rank too far",
            ),
            (
                "poison-wins",
                Slip::PoisonWins,
                "plays normal Chomp: taking the last cell, (0, 0), wins",
            ),
            (
                "sorted-by-x",
                Slip::SortedByX,
                "sorts the moves by X then Y",
            ),
            (
                "first-move-only",
                Slip::FirstMoveOnly,
                "lists only the first winning move",
            ),
            (
                "ignores-top-row",
                Slip::IgnoresTopRow,
                "never considers a move in the top row",
            ),
            (
                "edge-moves-only",
                Slip::EdgeMovesOnly,
                "only considers moves with x = 0 or y = 0",
            ),
            (
                "parity-guess",
                Slip::ParityGuess,
                "guesses that an even number of cells wins",
            ),
            (
                "memo-by-count",
                Slip::MemoByCount,
                "keys the memo by the number of cells",
            ),
            (
                "swapped-output",
                Slip::SwappedOutput,
                "prints the moves as Y X",
            ),
        ],
    )
}
