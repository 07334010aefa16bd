//! Plain minimax with a memo: a position loses iff every move other than
//! (0, 0) leads to a winning one. Exponential only in the memo's size.

use std::collections::HashMap;

use super::{Case, Value, after_move};

/// Whether the player to move loses `rows` (nonempty, no trailing zeros).
pub fn loses(rows: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&v) = memo.get(rows) {
        return v;
    }
    let mut lose = true;
    'search: for (y, &r) in rows.iter().enumerate() {
        for x in 0..r {
            if (x, y) != (0, 0) && loses(&after_move(rows, x, y as u64), memo) {
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
    let rows = case.trimmed();
    let mut memo = HashMap::new();
    let mut wins = Vec::new();
    for (y, &r) in rows.iter().enumerate() {
        for x in 0..r {
            if (x, y) != (0, 0) && loses(&after_move(rows, x, y as u64), &mut memo) {
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
