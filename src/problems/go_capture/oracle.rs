//! The statement, literally: find each group by a flood fill from scratch
//! (an explicit stack, so a board-sized group cannot overflow anything),
//! list its liberties on the GIVEN board, and only when every group has been
//! judged turn the dead ones into empty points.

use std::collections::HashSet;

use super::{Board, EMPTY, Removal};

/// One group: its colour, its stones, and its liberties (each listed once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The colour character.
    pub colour: u8,
    /// The stones as (row, column), in the order the flood fill found them.
    pub stones: Vec<(usize, usize)>,
    /// The empty points orthogonally next to the group, each once.
    pub liberties: Vec<(usize, usize)>,
}

/// The up to four orthogonal neighbours of (r, c) that are on the board.
/// The oracle's own naive code, not `problems::geometry`: an oracle
/// shares nothing with the engines it judges.
pub fn neighbours(board: &Board, r: usize, c: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push((r - 1, c));
    }
    if r + 1 < board.rows {
        out.push((r + 1, c));
    }
    if c > 0 {
        out.push((r, c - 1));
    }
    if c + 1 < board.cols {
        out.push((r, c + 1));
    }
    out
}

/// The group holding the stone at (r, c): flood fill over same-colour
/// neighbours, then its liberties.
pub fn group_at(board: &Board, r: usize, c: usize) -> Group {
    let colour = board.get(r, c);
    assert_ne!(colour, EMPTY, "a group starts at a stone");
    // Sets sized by the group, not the board, so finding every group stays
    // proportional to the board even when there are millions of groups.
    let mut in_group = HashSet::from([(r, c)]);
    let mut stones = Vec::new();
    let mut stack = vec![(r, c)];
    while let Some((r, c)) = stack.pop() {
        stones.push((r, c));
        for (nr, nc) in neighbours(board, r, c) {
            if board.get(nr, nc) == colour && in_group.insert((nr, nc)) {
                stack.push((nr, nc));
            }
        }
    }
    let mut is_liberty = HashSet::new();
    let mut liberties = Vec::new();
    for &(r, c) in &stones {
        for (nr, nc) in neighbours(board, r, c) {
            if board.get(nr, nc) == EMPTY && is_liberty.insert((nr, nc)) {
                liberties.push((nr, nc));
            }
        }
    }
    Group {
        colour,
        stones,
        liberties,
    }
}

/// Every group of the board, each found once (in the order of its first stone).
pub fn groups(board: &Board) -> Vec<Group> {
    let mut seen = vec![vec![false; board.cols]; board.rows];
    let mut out = Vec::new();
    for r in 0..board.rows {
        for c in 0..board.cols {
            if board.get(r, c) != EMPTY && !seen[r][c] {
                let group = group_at(board, r, c);
                for &(gr, gc) in &group.stones {
                    seen[gr][gc] = true;
                }
                out.push(group);
            }
        }
    }
    out
}

/// Removes every group without a liberty in the given position.
pub fn solve(board: &Board) -> Removal {
    // Judge every group on the given board first...
    let dead: Vec<Group> = groups(board)
        .into_iter()
        .filter(|g| g.liberties.is_empty())
        .collect();
    // ...and only then remove.
    let mut after = board.clone();
    let mut removed = 0;
    for group in &dead {
        for &(r, c) in &group.stones {
            after.cells[r * board.cols + c] = EMPTY;
            removed += 1;
        }
    }
    Removal {
        removed,
        board: after,
    }
}
