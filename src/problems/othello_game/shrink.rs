//! One-step simplifications of an othello-game case, biggest cuts first,
//! each made when asked for: delta debugging's deletions (halves,
//! quarters, ... single commands), the game moved to a smaller board,
//! plays turned into passes. Legality is not kept: after a deletion the
//! oracle says what every later command should answer.

use std::iter;
use std::rc::Rc;

use super::{Case, Command, MIN_SIDE};
use crate::generation::{block_deletions, halving_sizes, steps};

/// Cases one step simpler than `case`: the first and second halves
/// deleted, the game on a board 2 smaller (down to 4 × 4), then blocks of
/// a quarter, an eighth, ... down to single commands deleted, then each
/// play turned into a pass.
pub fn simpler(case: &Case) -> impl Iterator<Item = Case> + use<> {
    let case = Rc::new(case.clone());
    let len = case.commands.len();
    let sizes = halving_sizes(len);
    let (halves, rest) = sizes.split_at(sizes.len().min(1));
    let first = blocks(&case, halves.to_vec());
    let smaller = {
        let case = Rc::clone(&case);
        iter::once_with(move || smaller_board(&case)).flatten()
    };
    let later = blocks(&case, rest.to_vec());
    let passes = steps(&case, len, |case, i| match case.commands[i] {
        Command::Play {
            colour,
            vertex: Some(_),
        } => {
            let mut c = case.clone();
            c.commands[i] = Command::Play {
                colour,
                vertex: None,
            };
            Some(c)
        }
        _ => None,
    });
    first.chain(smaller).chain(later).chain(passes)
}

/// `case` with blocks of each size in `sizes` deleted, in turn.
fn blocks(case: &Rc<Case>, sizes: Vec<usize>) -> impl Iterator<Item = Case> + use<> {
    block_deletions(case, case.commands.len(), sizes, |case, range| {
        let mut c = case.clone();
        c.commands.drain(range);
        c
    })
}

/// The game on the board 2 smaller, if there is one: the outer ring cut
/// off (every vertex moves one up and one left, so the centre stays the
/// centre), the plays on the ring deleted.
pub fn smaller_board(case: &Case) -> Option<Case> {
    if case.n <= MIN_SIDE {
        return None;
    }
    let n = case.n - 2;
    let commands = case
        .commands
        .iter()
        .filter_map(|&command| match command {
            Command::Play {
                colour,
                vertex: Some((c, r)),
            } => {
                let inside = (1..=n as u8).contains(&c) && (1..=n as u8).contains(&r);
                inside.then(|| Command::Play {
                    colour,
                    vertex: Some((c - 1, r - 1)),
                })
            }
            other => Some(other),
        })
        .collect();
    Some(Case {
        n,
        rules: case.rules,
        commands,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::othello_game::Colour;

    #[test]
    fn every_step_is_smaller_and_valid() {
        let play = |c, r| Command::Play {
            colour: Colour::Black,
            vertex: Some((c, r)),
        };
        let case = Case {
            n: 6,
            rules: Default::default(),
            commands: vec![play(0, 0), play(2, 1), Command::Undo, play(5, 5)],
        };
        let all: Vec<Case> = simpler(&case).collect();
        assert!(all.iter().any(|c| c.n == 4 && c.commands.len() == 2));
        assert!(all.iter().all(|c| {
            c.n >= MIN_SIDE
                && c.commands.iter().all(|m| match m {
                    Command::Play {
                        vertex: Some((a, b)),
                        ..
                    } => (*a as usize) < c.n && (*b as usize) < c.n,
                    _ => true,
                })
        }));
        // 2 halves, 1 smaller board, 4 singles, 3 plays made passes.
        assert_eq!(all.len(), 2 + 1 + 4 + 3);
    }
}
