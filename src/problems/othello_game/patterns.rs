//! Named cases of othello-game, for `gen --pattern` and the benchmarks.

use super::engine::Game;
use super::strategy::valid_side;
use super::{Case, Command, OthelloGame, Rules};
use crate::generation::Pattern;

/// A whole game on the n × n board (n made even, 4 to 16): at every turn
/// the mover's legal move chosen by a fixed pseudo-random sequence, or
/// the forced pass, until neither can move; then every play undone and
/// the game played again, so the case runs long and exercises `undo`.
pub fn full_game(side: usize) -> Case {
    let n = valid_side(side);
    let mut game = Game::new(n);
    let mut commands = Vec::new();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ n as u64;
    let mut played = Vec::new();
    while !game.over() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let moves = game.legal_vertices();
        let vertex = (!moves.is_empty()).then(|| moves[seed as usize % moves.len()]);
        let command = Command::Play {
            colour: game.to_move(),
            vertex,
        };
        game.command(&command);
        played.push(command);
    }
    commands.extend(&played);
    commands.extend(std::iter::repeat_n(Command::Undo, played.len() + 1));
    commands.extend(&played);
    Case {
        n,
        rules: Rules::Standard,
        commands,
    }
}

/// Every pattern of othello-game.
pub fn all() -> Vec<Pattern<OthelloGame>> {
    vec![Pattern {
        name: "full-game",
        about: "a game played to its end, all of it undone (and one undo more), then played again",
        build: full_game,
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::othello_game::{Reply, oracle};

    #[test]
    fn full_game_ends_and_replays() {
        let case = full_game(4);
        let answer = oracle::solve(&case);
        let k = (case.commands.len() - 1) / 3;
        // Every play accepted, every undo but the last, then the replay.
        assert!(answer.replies[..k].iter().all(|&r| r == Reply::Accepted));
        assert_eq!(answer.replies[2 * k], Reply::CannotUndo);
        assert!(
            answer.replies[2 * k + 1..]
                .iter()
                .all(|&r| r == Reply::Accepted)
        );
    }
}
