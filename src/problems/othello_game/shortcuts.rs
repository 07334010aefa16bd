//! Shorter games to a failing command. Deleting commands from a random game
//! keeps a failure only while the position it needs survives: a forced pass
//! met after 47 commands stays 35 to 61 commands long under greedy steps,
//! though 8 plays reach one. This search plays every legal game on the
//! case's board, shortest first (iterative deepening), and offers each
//! whose position meets the case's last command in the same situation.

use std::time::Instant;

use super::engine::Game;
use super::{Case, Command, Reply, Rules};

/// What a command meets, as the oracle's `met` tells failures apart: the
/// position's part, the same for every command sent there...
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sides {
    mover_can: bool,
    other_can: bool,
    can_undo: bool,
}

impl Sides {
    fn of(game: &Game) -> Sides {
        let mover = game.to_move();
        Sides {
            mover_can: !game.moves_of(mover).is_zero(),
            other_can: !game.moves_of(mover.other()).is_zero(),
            can_undo: game.depth() > 0,
        }
    }
}

/// ... and the command's own part, with its reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Meets {
    reply: Reply,
    by_mover: bool,
    /// For a play at a vertex: empty there, and a disc flipped by it.
    empty: bool,
    flips: bool,
}

impl Meets {
    fn of(game: &Game, command: &Command) -> Meets {
        let mover = game.to_move();
        let (colour, (empty, flips)) = match *command {
            Command::Play {
                colour,
                vertex: Some(v),
            } => (colour, game.empty_and_flips(colour, v)),
            Command::Play { colour, .. } => (colour, (false, false)),
            Command::Undo => (mover, (false, false)),
        };
        Meets {
            reply: game.clone().command(command),
            by_mover: colour == mover,
            empty,
            flips,
        }
    }
}

/// Cases of `case`'s board and rules that play a legal game of fewer
/// commands than `case` has before its last, then send that command into
/// the situation `case`'s last command meets (the same reply; the same
/// relation of its colour to the mover; the same moves left to the mover
/// and the other side; the same emptiness and flips at its vertex), by the
/// colour in that relation and at another vertex if need be; shortest
/// first, one per game; none after `until`.
pub fn shortcuts(case: &Case, until: Instant) -> Box<dyn Iterator<Item = Case>> {
    let Some((&last, before)) = case.commands.split_last() else {
        return Box::new(std::iter::empty());
    };
    let Some(max_plays) = before.len().checked_sub(1) else {
        return Box::new(std::iter::empty());
    };
    let mut game = Game::with_rules(case.n, case.rules);
    for command in before {
        game.command(command);
    }
    let wanted = (Sides::of(&game), Meets::of(&game, &last));
    Box::new(Search {
        n: case.n,
        rules: case.rules,
        last,
        wanted,
        max_plays,
        plays: 0,
        game: Game::with_rules(case.n, case.rules),
        path: Vec::new(),
        left: Vec::new(),
        started: false,
        until,
        visited: 0,
    })
}

/// The depth-first walk of the games of `plays` plays, then one more.
struct Search {
    n: usize,
    rules: Rules,
    last: Command,
    wanted: (Sides, Meets),
    max_plays: usize,
    /// The length of the games of this round.
    plays: usize,
    game: Game,
    /// The plays that led to `game`.
    path: Vec<Command>,
    /// The plays still to try at each level of `path` (the root's first).
    left: Vec<Vec<Command>>,
    /// Whether this round's walk has begun.
    started: bool,
    until: Instant,
    /// Steps taken, for reading the clock every 1024 of them.
    visited: u32,
}

impl Search {
    /// Every game of this length was tried: one play longer.
    fn next_round(&mut self) {
        self.started = false;
        self.plays += 1;
    }

    /// The legal plays from `game`: its mover's moves, or the forced pass
    /// (the engine makes it itself under auto-pass); none once it is over.
    fn children(&self) -> Vec<Command> {
        let colour = self.game.to_move();
        let mut plays: Vec<Command> = self
            .game
            .legal_vertices()
            .into_iter()
            .map(|v| Command::Play {
                colour,
                vertex: Some(v),
            })
            .collect();
        if plays.is_empty() && !self.game.over() && self.rules != Rules::AutoPass {
            plays.push(Command::Play {
                colour,
                vertex: None,
            });
        }
        // Popped from the end: the first vertex is tried first.
        plays.reverse();
        plays
    }

    /// The game so far and a last command meeting the wanted situation, if
    /// one does: the case's own, or the same command by the side in the
    /// same relation to the mover (a forced pass of black's where the case
    /// had white's), at its own vertex or else at the first that meets it.
    fn leaf(&self) -> Option<Case> {
        let game = &self.game;
        let (sides, wanted) = self.wanted;
        if Sides::of(game) != sides {
            return None;
        }
        let meets = |c: &Command| Meets::of(game, c) == wanted;
        let last = match self.last {
            Command::Undo => Some(Command::Undo).filter(meets),
            Command::Play { vertex, .. } => {
                let mover = game.to_move();
                let colour = if wanted.by_mover {
                    mover
                } else {
                    mover.other()
                };
                let at = |vertex| Command::Play { colour, vertex };
                let n = self.n as u8;
                let elsewhere = (0..n)
                    .flat_map(|row| (0..n).map(move |col| Some((col, row))))
                    .filter(|_| vertex.is_some());
                std::iter::once(vertex).chain(elsewhere).map(at).find(meets)
            }
        }?;
        let mut commands = self.path.clone();
        commands.push(last);
        Some(Case {
            n: self.n,
            rules: self.rules,
            commands,
        })
    }
}

impl Iterator for Search {
    type Item = Case;

    fn next(&mut self) -> Option<Case> {
        loop {
            if self.plays > self.max_plays {
                return None;
            }
            self.visited = self.visited.wrapping_add(1);
            if self.visited.is_multiple_of(1024) && Instant::now() >= self.until {
                self.plays = self.max_plays + 1;
                return None;
            }
            if !self.started {
                self.started = true;
                self.game = Game::with_rules(self.n, self.rules);
                self.path.clear();
                self.left.clear();
                if self.plays == 0 {
                    // The start is the one game of no plays.
                    let found = self.leaf();
                    self.next_round();
                    match found {
                        Some(case) => return Some(case),
                        None => continue,
                    }
                }
                let root = self.children();
                self.left.push(root);
            }
            let Some(frame) = self.left.last_mut() else {
                self.next_round();
                continue;
            };
            let Some(play) = frame.pop() else {
                self.left.pop();
                if self.path.pop().is_some() {
                    self.game.undo();
                }
                continue;
            };
            let accepted = self.game.command(&play) == Reply::Accepted;
            debug_assert!(accepted, "only legal plays are walked");
            self.path.push(play);
            if self.path.len() < self.plays {
                let next = self.children();
                self.left.push(next);
                continue;
            }
            let found = self.leaf();
            self.path.pop();
            self.game.undo();
            if found.is_some() {
                return found;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;
    use crate::problems::othello_game::{Colour, OthelloGame, Vertex, oracle};

    fn play(colour: Colour, vertex: Option<Vertex>) -> Command {
        Command::Play { colour, vertex }
    }

    /// A random legal game on 8 x 8 up to its first forced pass, as the
    /// check's random games meet one.
    fn game_to_a_forced_pass() -> Case {
        for seed in 1u64.. {
            let mut x = seed;
            let mut game = Game::new(8);
            let mut commands = Vec::new();
            while !game.over() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let moves = game.legal_vertices();
                let vertex = (!moves.is_empty()).then(|| moves[x as usize % moves.len()]);
                let command = play(game.to_move(), vertex);
                game.command(&command);
                commands.push(command);
                if vertex.is_none() {
                    return Case {
                        n: 8,
                        rules: Rules::Standard,
                        commands,
                    };
                }
            }
        }
        unreachable!("some random game has a forced pass")
    }

    #[test]
    fn a_forced_pass_is_met_after_eight_plays_on_eight_by_eight() {
        let case = game_to_a_forced_pass();
        assert!(case.commands.len() > 20, "{}", case.commands.len());
        let first = shortcuts(&case, Instant::now() + std::time::Duration::from_secs(60))
            .next()
            .expect("a shorter game reaches a forced pass");
        let answer = OthelloGame::oracle(&first);
        assert!(
            answer.replies.iter().all(|r| *r == Reply::Accepted),
            "{first:?}: {answer:?}"
        );
        // Black meets the first forced pass, after 8 plays.
        assert_eq!(first.commands.len(), 9, "{first:?}");
        assert_eq!(first.commands[8], play(Colour::Black, None));
    }

    #[test]
    fn every_shortcut_meets_what_the_oracle_says_the_last_command_met() {
        let cases = [
            vec![
                play(Colour::Black, Some((3, 2))),
                play(Colour::White, Some((2, 2))),
                play(Colour::White, Some((1, 1))),
            ],
            vec![
                play(Colour::Black, Some((3, 2))),
                Command::Undo,
                Command::Undo,
            ],
            vec![
                play(Colour::Black, Some((3, 2))),
                play(Colour::White, Some((2, 2))),
                play(Colour::Black, Some((3, 3))),
            ],
            vec![
                play(Colour::Black, Some((0, 0))),
                play(Colour::White, Some((4, 5))),
                play(Colour::Black, Some((5, 4))),
            ],
        ];
        for rules in [Rules::Standard, Rules::AutoPass, Rules::EitherPass] {
            for (k, commands) in cases.iter().enumerate() {
                let case = Case {
                    n: 6,
                    rules,
                    commands: commands.clone(),
                };
                let i = case.commands.len() - 1;
                let wanted = oracle::met(&case, i);
                let reply = OthelloGame::oracle(&case).replies[i];
                let mut seen = 0;
                for short in
                    shortcuts(&case, Instant::now() + std::time::Duration::from_secs(10)).take(20)
                {
                    seen += 1;
                    let j = short.commands.len() - 1;
                    assert!(j < i, "case {k}: {short:?}");
                    let answers = OthelloGame::oracle(&short);
                    assert!(answers.replies[..j].iter().all(|r| *r == Reply::Accepted));
                    assert_eq!(answers.replies[j], reply, "case {k}: {short:?}");
                    let met = oracle::met(&short, j);
                    assert_eq!(
                        (met.by_mover, met.mover_can, met.other_can, met.can_undo),
                        (
                            wanted.by_mover,
                            wanted.mover_can,
                            wanted.other_can,
                            wanted.can_undo
                        ),
                        "case {k} {rules:?}: {short:?}"
                    );
                    if met.empty || wanted.empty {
                        assert_eq!((met.empty, met.flips), (wanted.empty, wanted.flips));
                    }
                }
                assert!(seen > 0, "case {k} {rules:?}: no shortcut");
            }
        }
    }
}
