//! Known-wrong go-game solvers: the rules with exactly one slip each, the
//! slips real engines make with ko, superko, suicide and undo. Each must be
//! caught by at least one property (`tests/go_game.rs`, `boardcheck
//! selftest`).

// The board's geometry and flood fill are the oracle's: a variant differs
// from the rules in one slip of play, ko or undo, not in what a group is.
use super::oracle::{group, neighbours};
use super::{Answer, BLACK, Case, Command, EMPTY, GoGame, Ko, Response, Suicide, WHITE};
use crate::suite::{Solver, zoo};

/// The one thing a variant gets wrong.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slip {
    /// Simple ko bans a recurring board whatever the play captured.
    SimpleKoAnyCapture,
    /// Positional superko compares only with the board before the previous play.
    SuperkoLastBoardOnly,
    /// Judges suicide before removing the captured stones.
    SuicideBeforeCaptures,
    /// `undo` takes the stone back but not the stones it captured.
    UndoKeepsCaptures,
    /// `undo` leaves the undone board in the superko history.
    UndoKeepsHistory,
    /// Situational superko ignores who produced the earlier board.
    SituationalIgnoresColour,
    /// Simple ko skips passes when finding the previous play.
    PassNotAPlay,
    /// A play refused for ko still removes the stones it captured.
    IllegalKeepsCaptures,
    /// Refuses suicide for black only; white's is played.
    BlackOnlySuicide,
    /// Counts rows from the top (GTP's row 1 read as the top row).
    RowsFromTop,
    /// `multi` also plays a single stone's suicide.
    MultiAsAll,
    /// `simple-ko-too` ignored: no simple-ko ban under situational superko.
    SimpleKoTooIgnored,
    /// `next-mover` ignored: situational superko by the producing colour.
    NextMoverAsProducer,
}

struct Entry {
    board: Vec<u8>,
    by: u8,
    pass: bool,
    /// The opponent stones this play captured.
    captured: Vec<usize>,
}

/// The result of a play: the new board and what it captured, or refused
/// (with the captures made before a ko refusal, for the slip that keeps them).
enum Played {
    Legal(Vec<u8>, Vec<usize>),
    Refused(Vec<usize>),
}

fn play(
    case: &Case,
    history: &[Entry],
    ghosts: &[Vec<u8>],
    colour: u8,
    at: usize,
    slip: Slip,
) -> Played {
    let n = case.n;
    let mut board = history[history.len() - 1].board.clone();
    if board[at] != EMPTY {
        return Played::Refused(Vec::new());
    }
    board[at] = colour;
    let suicide = case.rules.suicide;
    let suicide_rule = |size: usize| match suicide {
        Suicide::Forbidden if slip == Slip::BlackOnlySuicide && colour == WHITE => true,
        Suicide::Forbidden => false,
        Suicide::Multi => {
            size > 1
                || slip == Slip::MultiAsAll
                || (slip == Slip::BlackOnlySuicide && colour == WHITE)
        }
        Suicide::All => true,
    };
    if slip == Slip::SuicideBeforeCaptures {
        let (own, free) = group(&board, n, at);
        if !free && !suicide_rule(own.len()) {
            return Played::Refused(Vec::new());
        }
    }
    let mut dead = Vec::new();
    for q in neighbours(n, at) {
        if board[q] == 3 - colour && !dead.contains(&q) {
            let (points, free) = group(&board, n, q);
            if !free {
                dead.extend(points);
            }
        }
    }
    for &p in &dead {
        board[p] = EMPTY;
    }
    let (own, free) = group(&board, n, at);
    if !free {
        if !suicide_rule(own.len()) {
            return Played::Refused(Vec::new());
        }
        for p in own {
            board[p] = EMPTY;
        }
    }
    let last = history.len() - 1;
    let banned = match case.rules.ko {
        Ko::None => false,
        Ko::Simple => {
            let previous = if slip == Slip::PassNotAPlay {
                (1..=last).rev().find(|&m| !history[m].pass)
            } else {
                (last >= 1).then_some(last)
            };
            (dead.len() == 1 || slip == Slip::SimpleKoAnyCapture)
                && previous.is_some_and(|m| history[m - 1].board == board)
        }
        Ko::Positional if slip == Slip::SuperkoLastBoardOnly => {
            last >= 1 && history[last - 1].board == board
        }
        Ko::Positional => history.iter().any(|e| e.board == board) || ghosts.contains(&board),
        Ko::Situational => {
            let conventions = case.rules.conventions;
            let simple = conventions.simple_ko_too
                && slip != Slip::SimpleKoTooIgnored
                && dead.len() == 1
                && last >= 1
                && history[last - 1].board == board;
            simple
                || if conventions.next_mover && slip != Slip::NextMoverAsProducer {
                    history
                        .windows(2)
                        .any(|pair| pair[1].by == 3 - colour && pair[0].board == board)
                } else {
                    history.iter().any(|e| {
                        (e.by == colour || slip == Slip::SituationalIgnoresColour)
                            && e.board == board
                    })
                }
        }
    };
    if banned {
        Played::Refused(dead)
    } else {
        Played::Legal(board, dead)
    }
}

fn solve(case: &Case, slip: Slip) -> Answer {
    let n = case.n;
    let mut history = vec![Entry {
        board: vec![EMPTY; n * n],
        by: WHITE,
        pass: false,
        captured: Vec::new(),
    }];
    // Boards undone but remembered (the history slip).
    let mut ghosts: Vec<Vec<u8>> = Vec::new();
    let mut replies = Vec::new();
    for command in &case.commands {
        let reply = match *command {
            Command::Undo if history.len() > 1 => {
                let undone = history.pop().expect("more than one board");
                if slip == Slip::UndoKeepsHistory {
                    ghosts.push(undone.board);
                }
                if slip == Slip::UndoKeepsCaptures {
                    let top = history.len() - 1;
                    for p in undone.captured {
                        history[top].board[p] = EMPTY;
                    }
                }
                Response::Accepted
            }
            Command::Undo => Response::CannotUndo,
            Command::Play { colour, vertex } if colour == BLACK || colour == WHITE => {
                match vertex {
                    None => {
                        let board = history[history.len() - 1].board.clone();
                        history.push(Entry {
                            board,
                            by: colour,
                            pass: true,
                            captured: Vec::new(),
                        });
                        Response::Accepted
                    }
                    Some((col, row)) if col < n && row < n => {
                        let row = if slip == Slip::RowsFromTop {
                            n - 1 - row
                        } else {
                            row
                        };
                        match play(case, &history, &ghosts, colour, row * n + col, slip) {
                            Played::Legal(board, captured) => {
                                history.push(Entry {
                                    board,
                                    by: colour,
                                    pass: false,
                                    captured,
                                });
                                Response::Accepted
                            }
                            Played::Refused(captured) => {
                                if slip == Slip::IllegalKeepsCaptures {
                                    let top = history.len() - 1;
                                    for p in captured {
                                        history[top].board[p] = EMPTY;
                                    }
                                }
                                Response::Illegal
                            }
                        }
                    }
                    Some(_) => Response::Illegal,
                }
            }
            Command::Play { .. } => Response::Illegal,
        };
        replies.push(reply);
    }
    Answer {
        replies,
        board: history.pop().map(|e| e.board).unwrap_or_default(),
    }
}

/// Every known-wrong variant.
pub fn all() -> Vec<Solver<GoGame>> {
    zoo(
        solve,
        &[
            (
                "simple-ko-any-capture",
                Slip::SimpleKoAnyCapture,
                "simple ko bans recreating the board before the previous play whatever the play captured",
            ),
            (
                "superko-last-board-only",
                Slip::SuperkoLastBoardOnly,
                "positional superko compares only with the board before the previous play",
            ),
            (
                "suicide-before-captures",
                Slip::SuicideBeforeCaptures,
                "judges suicide before removing the captured stones",
            ),
            (
                "undo-keeps-captures",
                Slip::UndoKeepsCaptures,
                "undo takes the stone back but leaves the stones it captured off the board",
            ),
            (
                "undo-keeps-history",
                Slip::UndoKeepsHistory,
                "undo leaves the undone board in the positional superko history",
            ),
            (
                "situational-ignores-colour",
                Slip::SituationalIgnoresColour,
                "situational superko bans an earlier board whoever produced it",
            ),
            (
                "pass-not-a-play",
                Slip::PassNotAPlay,
                "simple ko skips passes when finding the board before the previous play",
            ),
            (
                "illegal-keeps-captures",
                Slip::IllegalKeepsCaptures,
                "a play refused for ko still removes the stones it captured",
            ),
            (
                "black-only-suicide",
                Slip::BlackOnlySuicide,
                "refuses suicide for black only: white's is played",
            ),
            (
                "rows-from-top",
                Slip::RowsFromTop,
                "reads row 1 as the top row",
            ),
            (
                "multi-as-all",
                Slip::MultiAsAll,
                "suicide=multi also plays a single stone's suicide",
            ),
        ],
    )
}

/// Slips in GNU Go's conventions (`simple-ko-too`, `next-mover`): caught on
/// [`super::strategy::gnugo_cases`] (`tests/go_game.rs`), not by
/// `selftest`, whose cases keep to §7.
pub fn conventions() -> Vec<Solver<GoGame>> {
    zoo(
        solve,
        &[
            (
                "simple-ko-too-ignored",
                Slip::SimpleKoTooIgnored,
                "situational superko with simple-ko-too applies no simple-ko ban",
            ),
            (
                "next-mover-as-producer",
                Slip::NextMoverAsProducer,
                "situational superko with next-mover judges by the colour that produced a board",
            ),
        ],
    )
}
