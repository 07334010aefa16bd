//! Plain minimax with a memo: a position loses iff every move other than
//! (0, 0) leads to a winning one. Exponential only in the memo's size.
//! The move rule is written here from the statement, not taken from the
//! solver's (`tests/independence.rs` checks that no code is shared).

use std::collections::HashMap;

use super::{Case, Value};

/// The rows left after eating (x, y): every cell (x', y') with x' ≥ x and
/// y' ≥ y goes, so row y' keeps its cells left of x; rows emptied at the
/// top are dropped (they are no longer part of the position).
fn eat(rows: &[u64], x: u64, y: u64) -> Vec<u64> {
    let mut left = Vec::with_capacity(rows.len());
    for (row, &width) in rows.iter().enumerate() {
        left.push(if row as u64 >= y { width.min(x) } else { width });
    }
    while let Some(0) = left.last() {
        left.pop();
    }
    left
}

/// Whether the player to move loses `rows` (nonempty, no trailing zeros).
pub fn loses(rows: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&v) = memo.get(rows) {
        return v;
    }
    let mut lose = true;
    'search: for (y, &r) in rows.iter().enumerate() {
        for x in 0..r {
            if (x, y) != (0, 0) && loses(&eat(rows, x, y as u64), memo) {
                lose = false;
                break 'search;
            }
        }
    }
    memo.insert(rows.to_vec(), lose);
    lose
}

/// The value and winning moves of `case`.
pub fn solve(case: &Case) -> Value {
    let rows = eat(&case.rows, u64::MAX, u64::MAX);
    let mut memo = HashMap::new();
    let mut wins = Vec::new();
    for (y, &r) in rows.iter().enumerate() {
        for x in 0..r {
            if (x, y) != (0, 0) && loses(&eat(&rows, x, y as u64), &mut memo) {
                wins.push((x, y as u64));
            }
        }
    }
    if wins.is_empty() {
        Value::Lose
    } else {
        Value::Win(wins)
    }
}
