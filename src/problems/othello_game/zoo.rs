//! Known-wrong othello-game solvers: each a plain incremental game on a
//! flat grid with exactly one slip, each caught by at least one property
//! (`boardcheck selftest`, `tests/othello_game.rs`).

use super::oracle::DIRECTIONS;
use super::{Answer, BLACK, Board, Case, Colour, Command, EMPTY, OthelloGame, Reply, WHITE};
use crate::suite::{Solver, zoo};

/// The one thing a variant gets wrong.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slip {
    /// Never looks up-left from the move.
    ForgetsDirection,
    /// Walks the row-major array, so runs wrap from one row's end into the
    /// next row and flip past the edge.
    FlipsPastEdge,
    /// Accepts a pass from the player to move whenever it comes.
    PassAlwaysAllowed,
    /// After a pass the same player is still to move.
    PassKeepsTurn,
    /// `undo` lifts the disc but leaves the flipped discs as they are.
    UndoKeepsFlips,
    /// A pass is legal when the mover has no move, even if the opponent
    /// has none either: the end of the game goes unnoticed.
    NoGameOver,
    /// A refused play still hands the turn to the other player.
    IllegalPassesTurn,
    /// Either colour may play at any time (as in Go); the turn goes to the
    /// other of whoever played.
    NoTurnCheck,
    /// `undo` takes back the last disc placed, with the passes after it.
    UndoSkipsPasses,
}

fn disc(c: Colour) -> u8 {
    if c == Colour::Black { BLACK } else { WHITE }
}

fn other(c: Colour) -> Colour {
    if c == Colour::Black {
        Colour::White
    } else {
        Colour::Black
    }
}

struct Game {
    n: usize,
    cells: Vec<u8>,
    to_move: Colour,
    stack: Vec<(Colour, Option<usize>, Vec<usize>)>,
    slip: Slip,
}

impl Game {
    fn flips(&self, colour: Colour, at: usize) -> Vec<usize> {
        let n = self.n as i64;
        let (me, them) = (disc(colour), disc(other(colour)));
        let mut all = Vec::new();
        if self.cells[at] != EMPTY {
            return all;
        }
        let (row, col) = (at as i64 / n, at as i64 % n);
        for (dr, dc) in DIRECTIONS {
            if self.slip == Slip::ForgetsDirection && (dr, dc) == (-1, -1) {
                continue;
            }
            let cell = |k: i64| -> Option<usize> {
                if self.slip == Slip::FlipsPastEdge {
                    let i = at as i64 + k * (dr * n + dc);
                    (0..n * n).contains(&i).then_some(i as usize)
                } else {
                    let (r, c) = (row + k * dr, col + k * dc);
                    (0 <= r && r < n && 0 <= c && c < n).then_some((r * n + c) as usize)
                }
            };
            let mut k = 1;
            let mut run = Vec::new();
            while let Some(i) = cell(k).filter(|&i| self.cells[i] == them) {
                run.push(i);
                k += 1;
            }
            if !run.is_empty() && cell(k).is_some_and(|i| self.cells[i] == me) {
                all.extend(run);
            }
        }
        all
    }

    fn has_move(&self, colour: Colour) -> bool {
        (0..self.cells.len()).any(|i| !self.flips(colour, i).is_empty())
    }

    fn play(&mut self, colour: Colour, vertex: Option<(u8, u8)>) -> bool {
        let slip = self.slip;
        if colour != self.to_move && slip != Slip::NoTurnCheck {
            return false;
        }
        let mine = self.has_move(colour);
        let theirs = self.has_move(other(colour));
        match vertex {
            None => {
                let legal = match slip {
                    Slip::PassAlwaysAllowed => true,
                    Slip::NoGameOver => !mine,
                    _ => !mine && theirs,
                };
                if !legal {
                    return false;
                }
                self.stack.push((colour, None, Vec::new()));
                if slip != Slip::PassKeepsTurn {
                    self.to_move = other(colour);
                }
                true
            }
            Some((c, r)) => {
                let at = r as usize * self.n + c as usize;
                let flips = self.flips(colour, at);
                if flips.is_empty() {
                    if slip == Slip::IllegalPassesTurn {
                        self.to_move = other(colour);
                    }
                    return false;
                }
                for &i in &flips {
                    self.cells[i] = disc(colour);
                }
                self.cells[at] = disc(colour);
                self.stack.push((colour, Some(at), flips));
                self.to_move = other(colour);
                true
            }
        }
    }

    fn undo(&mut self) -> bool {
        if self.slip == Slip::UndoSkipsPasses {
            let Some(last) = self.stack.iter().rposition(|p| p.1.is_some()) else {
                return false;
            };
            self.stack.truncate(last + 1);
        }
        let Some((colour, at, flips)) = self.stack.pop() else {
            return false;
        };
        if let Some(at) = at {
            self.cells[at] = EMPTY;
            if self.slip != Slip::UndoKeepsFlips {
                for i in flips {
                    self.cells[i] = disc(other(colour));
                }
            }
        }
        self.to_move = colour;
        true
    }
}

fn solve(case: &Case, slip: Slip) -> Answer {
    let n = case.n;
    let mut cells = vec![EMPTY; n * n];
    let (a, b) = (n / 2 - 1, n / 2);
    cells[a * n + a] = WHITE;
    cells[b * n + b] = WHITE;
    cells[a * n + b] = BLACK;
    cells[b * n + a] = BLACK;
    let mut game = Game {
        n,
        cells,
        to_move: Colour::Black,
        stack: Vec::new(),
        slip,
    };
    let replies = case
        .commands
        .iter()
        .map(|command| match *command {
            Command::Undo if game.undo() => Reply::Accepted,
            Command::Undo => Reply::CannotUndo,
            Command::Play { colour, vertex } if game.play(colour, vertex) => Reply::Accepted,
            Command::Play { .. } => Reply::Illegal,
        })
        .collect();
    Answer {
        replies,
        board: Board {
            n,
            cells: game.cells,
        },
    }
}

/// Every zoo variant of othello-game.
pub fn all() -> Vec<Solver<OthelloGame>> {
    zoo(
        solve,
        &[
            (
                "forgets-up-left",
                Slip::ForgetsDirection,
                "never looks up-left from the move",
            ),
            (
                "flips-past-edge",
                Slip::FlipsPastEdge,
                "walks the row-major array, so runs wrap past the board's edge into the next row",
            ),
            (
                "pass-always-allowed",
                Slip::PassAlwaysAllowed,
                "accepts a pass from the player to move even when they have a move",
            ),
            (
                "pass-keeps-turn",
                Slip::PassKeepsTurn,
                "after a pass the same player is still to move",
            ),
            (
                "undo-keeps-flips",
                Slip::UndoKeepsFlips,
                "undo lifts the disc but does not turn the flipped discs back",
            ),
            (
                "no-game-over",
                Slip::NoGameOver,
                "a pass is legal whenever the mover has no move, even when the game is over",
            ),
            (
                "illegal-passes-turn",
                Slip::IllegalPassesTurn,
                "a refused play by the mover still hands the turn over",
            ),
            (
                "no-turn-check",
                Slip::NoTurnCheck,
                "either colour may play at any time, as in Go",
            ),
            (
                "undo-skips-passes",
                Slip::UndoSkipsPasses,
                "undo takes back the last disc placed together with the passes after it",
            ),
        ],
    )
}
