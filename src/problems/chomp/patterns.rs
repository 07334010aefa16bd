//! The named worst case of chomp (`long-game`), for `gen --pattern` and the
//! benchmarks.

use super::engine::Staircase;
use super::limits::PATTERN_MAX_MOVES;
use super::{Board, Case, Command, MAX_SIDE};
use crate::generation::Pattern;

/// A deterministic xorshift generator (benchmarks and long games need no proptest).
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// A long random game on a `width` × `height` board: each move takes one of
/// the last few occupied cells of a random nonempty row, so the game is
/// long and the staircase gets many steps; a `legal` probe before every move
/// and a `count` every 8 moves. Stops after `max_moves` moves, or when
/// (0, 0) is taken (after at most W·H moves).
pub fn long_game(width: u64, height: u64, max_moves: u64, seed: u64) -> Case {
    let (width, height) = (width.clamp(1, MAX_SIDE), height.clamp(1, MAX_SIDE));
    let mut rng = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut board = Staircase::new(width, height);
    let mut commands = Vec::new();
    let limit = width.saturating_mul(height).min(max_moves);
    let mut top = height;
    for i in 0..limit {
        while top > 0 && board.row(top - 1) == 0 {
            top -= 1;
        }
        if top == 0 {
            break;
        }
        // Rows near the top are the narrow ones: favour a random row.
        let y = rng.below(top);
        let r = board.row(y);
        let x = r - 1 - rng.below(3).min(r - 1);
        // Keep the poisoned cell for last.
        let (x, y) = match (x, y) {
            (0, 0) if top > 1 => (0, 1),
            (0, 0) if r > 1 => (r - 1, 0),
            other => other,
        };
        commands.push(Command::Legal(x as i64, y as i64));
        commands.push(Command::Move(x as i64, y as i64));
        if board.row(y) > x {
            board.take(x, y);
        }
        if i % 8 == 7 {
            commands.push(Command::Count);
        }
    }
    commands.push(Command::Count);
    Case {
        width,
        height,
        commands,
    }
}

/// Every pattern of chomp, for `gen --pattern`, `list` and the benchmarks.
pub fn all() -> Vec<Pattern<super::Chomp>> {
    vec![Pattern {
        name: "long-game",
        about: "a size x size board, 4 size moves (at most 100 000) that each take the last cells of a row",
        build: |size| {
            let n = size as u64;
            long_game(n, n, n.saturating_mul(4).min(PATTERN_MAX_MOVES), 1)
        },
    }]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_games_are_long_and_legal() {
        let case = long_game(20, 20, 1000, 7);
        let moves = case
            .commands
            .iter()
            .filter(|c| matches!(c, Command::Move(..)))
            .count();
        assert!(moves > 40, "{moves} moves");
    }
}
