//! The named cases of go-move (`capture-all`, `playout`), for
//! `gen --pattern` and the benchmarks.

use super::rules::pick_move;
use super::{BLACK, Case, EMPTY, MAX_N, Move, Position, WHITE};
use crate::generation::Pattern;

/// A position in the middle of a random game on an n×n board, and a
/// random move (mostly on an empty point) of a random colour, from `seed`.
pub fn from_playout(n: usize, seed: u64) -> Case {
    use super::playout::{Rng, playout};
    let n = n.clamp(1, MAX_N);
    let mut rng = Rng::new(seed);
    let mut board = super::engine::Board::new(n, n);
    let turns = rng.below(3 * n * n + 1);
    playout(&mut board, BLACK, turns, &mut rng);
    let position = Position {
        n,
        cells: board.cells(),
    };
    let colour = if rng.next_u64() & 1 == 0 {
        BLACK
    } else {
        WHITE
    };
    let on_empty = rng.below(10) != 0;
    let pick = rng.next_u64() as usize;
    let mv = pick_move(&position, on_empty, |k| pick % k, colour);
    Case { position, mv }
}

/// The worst single move: an n×n board of black stones but for one empty
/// corner, where White plays and captures everything.
pub fn capture_all(size: usize) -> Case {
    let n = size.clamp(1, MAX_N);
    let mut position = Position {
        n,
        cells: vec![BLACK; n * n],
    };
    position.cells[0] = EMPTY;
    Case {
        position,
        mv: Move {
            row: 0,
            col: 0,
            colour: WHITE,
        },
    }
}

/// Every pattern of go-move, for `gen --pattern`, `list` and the benchmarks.
pub fn all() -> Vec<Pattern<super::GoMove>> {
    vec![
        Pattern {
            name: "capture-all",
            about: "one move that captures every opponent stone on the board",
            build: capture_all,
        },
        Pattern {
            name: "playout",
            about: "a move in a position reached by a long random game",
            build: |size| from_playout(size, size as u64),
        },
    ]
}
