//! Go rules the generators and the properties share: neighbours, a group
//! and its liberties, dead stones, making a position legal, and the move at
//! a numbered point.

use super::{EMPTY, Move, Position};
use crate::problems::geometry;

/// The orthogonal neighbours of point `i` of an n×n board (row-major).
pub fn neighbours(n: usize, i: usize) -> impl Iterator<Item = usize> {
    geometry::neighbours(n, n, i)
}

/// The group of the stone at `i`: its points and its liberties (sorted).
pub fn group_and_liberties(pos: &Position, i: usize) -> (Vec<usize>, Vec<usize>) {
    let n = pos.n;
    let colour = pos.cells[i];
    let mut seen = vec![false; n * n];
    let mut stack = vec![i];
    seen[i] = true;
    let mut points = Vec::new();
    let mut libs = Vec::new();
    while let Some(p) = stack.pop() {
        points.push(p);
        for q in neighbours(n, p) {
            if pos.cells[q] == EMPTY {
                libs.push(q);
            } else if pos.cells[q] == colour && !seen[q] {
                seen[q] = true;
                stack.push(q);
            }
        }
    }
    libs.sort_unstable();
    libs.dedup();
    (points, libs)
}

/// The first stone (row-major) of a group without a liberty, if any: one
/// labelling pass over the board.
pub fn first_dead_stone(pos: &Position) -> Option<usize> {
    let n = pos.n;
    let mut seen = vec![false; n * n];
    let mut stack = Vec::new();
    for i in 0..n * n {
        let colour = pos.cells[i];
        if colour == EMPTY || seen[i] {
            continue;
        }
        seen[i] = true;
        stack.push(i);
        let mut free = false;
        while let Some(p) = stack.pop() {
            for q in neighbours(n, p) {
                if pos.cells[q] == EMPTY {
                    free = true;
                } else if pos.cells[q] == colour && !seen[q] {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
        if !free {
            return Some(i);
        }
    }
    None
}

/// Makes `pos` legal: while some group has no liberty, the first stone of
/// the first such group becomes empty. Emptying a point never takes a
/// liberty away, so this ends, and it keeps most of the structure (a full
/// checkerboard keeps all but a few stones).
pub fn legalize(pos: &mut Position) {
    while let Some(i) = first_dead_stone(pos) {
        pos.cells[i] = EMPTY;
    }
}

/// The move at point `pick(k)` (a number below k) of the k empty points (or of all points when
/// `on_empty` is false or the board is full).
pub fn pick_move(
    pos: &Position,
    on_empty: bool,
    pick: impl Fn(usize) -> usize,
    colour: u8,
) -> Move {
    let n = pos.n;
    let empties: Vec<usize> = (0..n * n).filter(|&i| pos.cells[i] == EMPTY).collect();
    let i = if on_empty && !empties.is_empty() {
        empties[pick(empties.len())]
    } else {
        pick(n * n)
    };
    move_at(i, n, colour)
}

/// The move of `colour` at point `i` of an `n` x `n` board.
pub fn move_at(i: usize, n: usize, colour: u8) -> Move {
    Move {
        row: i / n,
        col: i % n,
        colour,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legalize_leaves_a_legal_position() {
        let mut p = Position {
            n: 3,
            cells: vec![1, 2, 1, 2, 1, 2, 1, 2, 1],
        };
        legalize(&mut p);
        assert_eq!(first_dead_stone(&p), None);
        assert!(p.stones() >= 4, "{p:?}");
    }
}
