//! Proptest strategies for othello-game: command sequences steered by the
//! engine so that they reach what matters: mostly legal plays (a forced
//! pass when the mover has none), so games run to forced passes and to
//! their end (fast on 4 × 4 and 6 × 6), with undos (at the start, after
//! passes), passes out of place, plays out of turn, plays anywhere.
//! Boards of every even side, weighted to small ones and to 8.
//!
//! A case is built from a list of [`Step`]s; shrinking the list (proptest
//! drops steps and lowers choices) keeps the steering, and the checker's
//! [`simpler`](super::shrink::simpler) works on the commands afterwards.

use proptest::prelude::*;

use crate::generation::{from_ranges, weighted};

use super::engine::Game;
use super::{Case, Colour, Command, MAX_SIDE, MIN_SIDE, Reply, Rules};

/// One step of a generated case, turned into a command by [`build`].
#[derive(Clone, Copy, Debug)]
pub enum Step {
    /// The mover's `i`-th legal move (modulo their number); a pass when
    /// they have none (then illegal at the end of the game).
    Legal(usize),
    /// The mover's move that leaves the opponent the fewest moves (the
    /// first such; a pass when the mover has none): steers 8 × 8 games
    /// and larger toward forced passes and early ends.
    Squeeze,
    /// `undo`.
    Undo,
    /// `undo` right after an accepted pass; elsewhere the mover's first
    /// legal move (a pass when forced), so that passes get undone often.
    UndoPass,
    /// A pass by the player to move (legal only when forced).
    Pass,
    /// A pass by the player not to move.
    PassOutOfTurn,
    /// A play out of turn: the `i`-th move the other player would have.
    OutOfTurn(usize),
    /// A play of either colour at any vertex (`(colour, col, row)`, taken
    /// modulo the side).
    Anywhere(bool, u8, u8),
}

fn step() -> impl Strategy<Value = Step> {
    // One number a step, its kind and choices read from it: the steps
    // never shrink (see `sized`), and a draw per choice made the dozens
    // of steps of a case most of its cost. The kinds weighted (of 36).
    let kinds = weighted(&[
        (18, 0u8),
        (6, 1),
        (2, 2),
        (6, 3),
        (1, 4),
        (1, 5),
        (1, 6),
        (1, 7),
    ]);
    any::<u64>().prop_map(move |x| {
        // The low half rolls the kind, the high half gives the choices.
        let high = x >> 32;
        let i = high as usize;
        let (b, c, r) = (high & 1 == 1, (high >> 8) as u8, (high >> 16) as u8);
        match kinds.roll(x as u32) {
            0 => Step::Legal(i),
            1 => Step::Squeeze,
            2 => Step::Undo,
            3 => Step::UndoPass,
            4 => Step::Pass,
            5 => Step::PassOutOfTurn,
            6 => Step::OutOfTurn(i),
            _ => Step::Anywhere(b, c, r),
        }
    })
}

fn colour(black: bool) -> Colour {
    if black { Colour::Black } else { Colour::White }
}

/// The case on an n × n board that `steps` make, played on the engine to
/// choose the legal moves.
pub fn build(n: usize, steps: &[Step]) -> Case {
    let mut game = Game::new(n);
    let mut commands = Vec::with_capacity(steps.len());
    let mut passed = false;
    for &s in steps {
        let mover = game.to_move();
        let command = match s {
            Step::UndoPass if passed => Command::Undo,
            Step::Legal(_) | Step::UndoPass => {
                let i = if let Step::Legal(i) = s { i } else { 0 };
                let moves = game.legal_vertices();
                let vertex = (!moves.is_empty()).then(|| moves[i % moves.len()]);
                Command::Play {
                    colour: mover,
                    vertex,
                }
            }
            Step::Squeeze => Command::Play {
                colour: mover,
                vertex: squeeze(&game),
            },
            Step::Undo => Command::Undo,
            Step::Pass => Command::Play {
                colour: mover,
                vertex: None,
            },
            Step::PassOutOfTurn => Command::Play {
                colour: other(mover),
                vertex: None,
            },
            Step::OutOfTurn(i) => {
                let moves = super::engine::vertices(game.moves_of(other(mover)));
                let vertex = if moves.is_empty() {
                    ((i % n) as u8, (i / n % n) as u8)
                } else {
                    moves[i % moves.len()]
                };
                Command::Play {
                    colour: other(mover),
                    vertex: Some(vertex),
                }
            }
            Step::Anywhere(black, c, r) => Command::Play {
                colour: colour(black),
                vertex: Some((c % n as u8, r % n as u8)),
            },
        };
        let reply = game.command(&command);
        passed = reply == Reply::Accepted && matches!(command, Command::Play { vertex: None, .. });
        commands.push(command);
    }
    Case {
        n,
        rules: Rules::Standard,
        commands,
    }
}

/// The legal move of the player to move after which the opponent has
/// the fewest moves (`None` if there is no legal move).
fn squeeze(game: &Game) -> Option<super::Vertex> {
    game.legal_vertices()
        .into_iter()
        .min_by_key(|&v| game.opponent_moves_after(v))
}

fn other(c: Colour) -> Colour {
    match c {
        Colour::Black => Colour::White,
        Colour::White => Colour::Black,
    }
}

/// The nearest side the contract allows to `side`: even, 4 to 16.
pub fn valid_side(side: usize) -> usize {
    (side & !1).clamp(MIN_SIDE, MAX_SIDE)
}

/// Cases on n × n boards: short sequences, or long ones that play the
/// game out (a little over the n² - 4 plies it can last).
pub fn sized(n: usize) -> impl Strategy<Value = Case> {
    let plies = n * n;
    // Short, about the whole game, or any.
    let lengths = from_ranges(&[
        (2, 0..=12),
        (3, plies.saturating_sub(8)..=plies + 12),
        (1, 0..=plies + 12),
    ]);
    // The steps of the longest case, cut to the length drawn: shrinking
    // cuts the game short. The steps themselves do not shrink (most lie
    // past the cut, and a changed choice replays a different game); the
    // checker's `simpler` deletes commands afterwards.
    (
        lengths,
        proptest::collection::vec(step(), plies + 12).no_shrink(),
    )
        .prop_map(move |(len, steps)| build(n, &steps[..len.min(steps.len())]))
}

/// [`cases`] under `rules` (what `--rules WORD` checks).
pub fn cases_under(rules: Rules, size: usize) -> BoxedStrategy<Case> {
    cases(size)
        .prop_map(move |case| Case { rules, ..case })
        .boxed()
}

/// [`cases`] under [`Rules::AutoPass`] (what `--rules auto-pass` checks).
pub fn auto_pass_cases(size: usize) -> BoxedStrategy<Case> {
    cases(size)
        .prop_map(|case| Case {
            rules: Rules::AutoPass,
            ..case
        })
        .boxed()
}

/// Random cases with sides at most `size` (4 at least): mostly 4, 6 and
/// 8, sometimes any even side up to `size`.
pub fn cases(size: usize) -> BoxedStrategy<Case> {
    let top = valid_side(size);
    let small = |s: usize| s.min(top) / 2;
    // 4, 6, 8 or any even side, drawn as half of it.
    let sides = from_ranges(&[
        (3, small(4)..=small(4)),
        (3, small(6)..=small(6)),
        (3, small(8)..=small(8)),
        (2, MIN_SIDE / 2..=top / 2),
    ])
    .prop_map(|half| 2 * half);
    sides.prop_flat_map(sized).boxed()
}
