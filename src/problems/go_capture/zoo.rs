//! Known-wrong go-capture solvers: the slips of the seed (removing dead
//! groups one at a time, as its code does; `#` as a wall, as its test
//! expects) and the classic ones (the edge as a liberty, diagonal
//! adjacency, ...). Each is a flood fill with exactly one slip, and each must
//! be caught by at least one property (`boardcheck selftest`,
//! `tests/go_capture.rs`).

use std::collections::HashSet;

use super::{Board, EMPTY, GoCapture, Removal};
use crate::suite::{Solver, zoo};

/// The one thing a variant gets wrong.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slip {
    /// Removes a dead group before judging the next (the seed's own code).
    OneAtATime,
    /// A point off the board counts as a liberty.
    EdgeIsLiberty,
    /// Eight directions for joining and for liberties.
    EightNeighbours,
    /// Diagonal neighbours join groups (liberties stay orthogonal).
    DiagonalJoins,
    /// `#` is a wall: never a group, never removed (the seed's test).
    HashIsWall,
    /// A group with one liberty is removed too.
    AtariIsDead,
    /// Counts dead groups instead of dead stones.
    CountsGroups,
    /// Never looks at the point below for a liberty.
    NoLookDown,
    /// Adjacent stones join whatever their colours.
    ColourBlind,
    /// Only the liberties of the stone the flood fill starts from count.
    FirstStoneLiberties,
    /// Counts the dead stones but prints the board as given.
    KeepsBoard,
}

const ORTHOGONAL: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
const DIAGONAL: [(isize, isize); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
const DOWN: (isize, isize) = (1, 0);

fn solve(board: &Board, slip: Slip) -> Removal {
    let (n, m) = (board.rows as isize, board.cols as isize);
    let at =
        |r: isize, c: isize| (r >= 0 && r < n && c >= 0 && c < m).then(|| (r * m + c) as usize);
    let mut grid = board.cells.clone();
    let mut seen = vec![false; grid.len()];
    let mut dead_stones = Vec::new();
    let mut dead_groups = 0;
    let join_dirs: Vec<(isize, isize)> = match slip {
        Slip::EightNeighbours | Slip::DiagonalJoins => {
            ORTHOGONAL.iter().chain(&DIAGONAL).copied().collect()
        }
        _ => ORTHOGONAL.to_vec(),
    };
    let liberty_dirs: Vec<(isize, isize)> = match slip {
        Slip::EightNeighbours => ORTHOGONAL.iter().chain(&DIAGONAL).copied().collect(),
        Slip::NoLookDown => ORTHOGONAL.iter().copied().filter(|&d| d != DOWN).collect(),
        _ => ORTHOGONAL.to_vec(),
    };
    let is_stone = |b: u8| b != EMPTY && !(slip == Slip::HashIsWall && b == b'#');
    for start in 0..grid.len() {
        if seen[start] || !is_stone(grid[start]) {
            continue;
        }
        let colour = grid[start];
        let same = |b: u8| is_stone(b) && (b == colour || slip == Slip::ColourBlind);
        let mut stones = vec![start];
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(i) = stack.pop() {
            let (r, c) = ((i as isize) / m, (i as isize) % m);
            for &(dr, dc) in &join_dirs {
                if let Some(j) = at(r + dr, c + dc)
                    && !seen[j]
                    && same(grid[j])
                {
                    seen[j] = true;
                    stones.push(j);
                    stack.push(j);
                }
            }
        }
        let mut liberties = HashSet::new();
        let mut edge = false;
        let judged = if slip == Slip::FirstStoneLiberties {
            &stones[..1]
        } else {
            &stones[..]
        };
        for &i in judged {
            let (r, c) = ((i as isize) / m, (i as isize) % m);
            for &(dr, dc) in &liberty_dirs {
                match at(r + dr, c + dc) {
                    Some(j) if grid[j] == EMPTY => {
                        liberties.insert(j);
                    }
                    Some(_) => {}
                    None => edge |= slip == Slip::EdgeIsLiberty,
                }
            }
        }
        let count = liberties.len() + usize::from(edge);
        let dead = if slip == Slip::AtariIsDead {
            count <= 1
        } else {
            count == 0
        };
        if dead {
            dead_groups += 1;
            if slip == Slip::OneAtATime {
                for &i in &stones {
                    grid[i] = EMPTY;
                }
            }
            dead_stones.extend(stones);
        }
    }
    let mut after = board.clone();
    if slip != Slip::KeepsBoard {
        for &i in &dead_stones {
            after.cells[i] = EMPTY;
        }
    }
    Removal {
        removed: if slip == Slip::CountsGroups {
            dead_groups
        } else {
            dead_stones.len()
        },
        board: after,
    }
}

/// Every known-wrong variant.
pub fn all() -> Vec<Solver<GoCapture>> {
    zoo(
        solve,
        &[
            (
                "one-at-a-time",
                Slip::OneAtATime,
                "removes a dead group before judging the next, as the seed's code does (8 for ###/#B#/###)",
            ),
            (
                "edge-is-liberty",
                Slip::EdgeIsLiberty,
                "a point off the board counts as a liberty",
            ),
            (
                "eight-neighbours",
                Slip::EightNeighbours,
                "diagonal neighbours join groups and give liberties",
            ),
            (
                "diagonal-joins",
                Slip::DiagonalJoins,
                "diagonal neighbours of the same colour join groups",
            ),
            (
                "hash-is-wall",
                Slip::HashIsWall,
                "# is a wall, never a stone (the seed's test expects 1 for ###/#B#/###)",
            ),
            (
                "atari-is-dead",
                Slip::AtariIsDead,
                "a group with a single liberty is removed too",
            ),
            (
                "counts-groups",
                Slip::CountsGroups,
                "prints the number of dead groups, not of dead stones",
            ),
            (
                "no-look-down",
                Slip::NoLookDown,
                "never looks at the point below a stone for a liberty",
            ),
            (
                "colour-blind",
                Slip::ColourBlind,
                "adjacent stones join whatever their colours",
            ),
            (
                "first-stone-liberties",
                Slip::FirstStoneLiberties,
                "judges a group by the liberties of the stone its flood fill starts from",
            ),
            (
                "keeps-board",
                Slip::KeepsBoard,
                "counts the dead stones but prints the board as given",
            ),
        ],
    )
}
