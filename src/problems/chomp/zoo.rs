//! Known-wrong chomp solvers: the staircase engine's script loop with one
//! slip each (so they run on 10^9 × 10^9 boards like the real thing). Each
//! must be caught by at least one property (`tests/chomp.rs`).

use super::engine::{self, Staircase};
use super::{
    Answer, Board, Case, Chomp, Command, MoveReply, Reply, TOO_LARGE, displayable, picture,
};
use crate::suite::{Solver, zoo};

/// The one thing a variant gets wrong.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slip {
    /// An illegal move still hands the turn over.
    IllegalPassesTurn,
    /// The count is kept in 32 bits.
    CountWraps32,
    /// The count starts at W*W.
    CountStartsSquare,
    /// A move subtracts the whole quadrant (W-x)(H-y), occupied or not.
    CountSubtractsQuadrant,
    /// `legal` answers x <= row[y].
    LegalInclusive,
    /// `move` accepts x <= row[y], removing nothing at x = row[y].
    MoveAcceptsBoundary,
    /// `legal` forgets the lower bounds: a negative y reads row[H+y]
    /// (Python's negative index), a negative x is inside any nonempty row.
    LegalNegativeIndex,
    /// A move cuts the rows above y but not row y itself.
    MoveSparesItsRow,
    /// `player P loses` names the other player.
    LoserIsNext,
    /// `display` draws a star too many in every row.
    DisplayExtraStar,
    /// `display` draws the rows upside down (labels right, cells of row H-1-y).
    DisplayUpsideDown,
    /// The staircase drops a move at a step's corner: the corner stays.
    StaircaseCornerKept,
    /// A move on an eaten cell prints `illegal` but the count drops by one.
    CountDropsOnEatenCell,
}

fn inside(case: &Case, x: i64, y: i64) -> Option<(u64, u64)> {
    let (x, y) = (u64::try_from(x).ok()?, u64::try_from(y).ok()?);
    (x < case.width && y < case.height).then_some((x, y))
}

fn solve(case: &Case, slip: Slip) -> Answer {
    let (w, h) = (case.width, case.height);
    let mut board = Staircase::new(w, h);
    // Only the count slips use this separate tally.
    let mut tally: i128 = if slip == Slip::CountStartsSquare {
        i128::from(w) * i128::from(w)
    } else {
        i128::from(w) * i128::from(h)
    };
    let mut player = 1u8;
    let mut out = Vec::new();
    for &command in &case.commands {
        out.push(match command {
            Command::Count => Reply::Count(match slip {
                Slip::CountWraps32 => (board.count() & 0xFFFF_FFFF).into(),
                Slip::CountStartsSquare
                | Slip::CountSubtractsQuadrant
                | Slip::CountDropsOnEatenCell => (tally.max(0) as u64).into(),
                _ => board.count().into(),
            }),
            Command::Legal(x, y) => Reply::Legal(match (slip, inside(case, x, y)) {
                (Slip::LegalInclusive, Some((x, y))) => x <= board.row(y),
                (Slip::LegalNegativeIndex, _)
                    if x < w as i64 && y < h as i64 && y >= -(h as i64) =>
                {
                    let y = if y < 0 {
                        (h as i64 + y) as u64
                    } else {
                        y as u64
                    };
                    x < board.row(y) as i64
                }
                (_, Some((x, y))) => x < board.row(y),
                (_, None) => false,
            }),
            Command::Move(x, y) => {
                let at = inside(case, x, y).filter(|&(x, y)| {
                    x < board.row(y) || (slip == Slip::MoveAcceptsBoundary && x == board.row(y))
                });
                match at {
                    None => {
                        if slip == Slip::IllegalPassesTurn {
                            player = 3 - player;
                        }
                        if slip == Slip::CountDropsOnEatenCell && inside(case, x, y).is_some() {
                            tally -= 1;
                        }
                        Reply::Move(MoveReply::Illegal)
                    }
                    Some((x, y)) => {
                        let before = board.count();
                        if slip == Slip::MoveSparesItsRow {
                            if y + 1 < h && x < board.row(y + 1) {
                                board.take(x, y + 1);
                            }
                        } else if slip == Slip::StaircaseCornerKept {
                            board.take_with::<{ engine::CORNER_KEPT }>(x, y);
                        } else if x < board.row(y) {
                            board.take(x, y);
                        }
                        tally -= if slip == Slip::CountSubtractsQuadrant {
                            i128::from(w - x) * i128::from(h - y)
                        } else {
                            i128::from(before - board.count())
                        };
                        if board.count() == 0 {
                            let loser = if slip == Slip::LoserIsNext {
                                3 - player
                            } else {
                                player
                            };
                            Reply::Move(MoveReply::Loses(loser))
                        } else {
                            player = 3 - player;
                            Reply::Move(MoveReply::Done)
                        }
                    }
                }
            }
            Command::Display => Reply::Display(match slip {
                Slip::DisplayExtraStar => picture(w, h, |y| (board.row(y) + 1).min(w)),
                Slip::DisplayUpsideDown if displayable(w, h) => {
                    picture(w, h, |y| board.row(h - 1 - y))
                }
                _ if !displayable(w, h) => vec![TOO_LARGE.to_string()],
                _ => picture(w, h, |y| board.row(y)),
            }),
        });
    }
    super::printed(out)
}

/// Every known-wrong variant.
pub fn all() -> Vec<Solver<Chomp>> {
    zoo(
        solve,
        &[
            (
                "staircase-corner-kept",
                Slip::StaircaseCornerKept,
                "the staircase drops a move at a step's corner, so the corner stays",
            ),
            (
                "count-drops-on-eaten-cell",
                Slip::CountDropsOnEatenCell,
                "a move on an eaten cell prints illegal but lowers the count by one",
            ),
            (
                "illegal-passes-turn",
                Slip::IllegalPassesTurn,
                "an illegal move hands the turn to the other player",
            ),
            (
                "count-wraps-32",
                Slip::CountWraps32,
                "the count is kept in 32 bits and wraps at 2^32",
            ),
            (
                "count-starts-square",
                Slip::CountStartsSquare,
                "the count starts at W*W instead of W*H",
            ),
            (
                "count-subtracts-quadrant",
                Slip::CountSubtractsQuadrant,
                "a move subtracts (W-x)(H-y), the whole quadrant, occupied or not",
            ),
            (
                "legal-inclusive",
                Slip::LegalInclusive,
                "legal answers x <= row[y] (the cell just right of a row counts)",
            ),
            (
                "move-accepts-boundary",
                Slip::MoveAcceptsBoundary,
                "a move at x = row[y] is accepted, removes nothing and passes the turn",
            ),
            (
                "legal-negative-index",
                Slip::LegalNegativeIndex,
                "legal has no lower bound checks: y = -1 reads the top row, x < 0 is inside",
            ),
            (
                "move-spares-its-row",
                Slip::MoveSparesItsRow,
                "a move cuts the rows above y but not row y",
            ),
            (
                "loser-is-next",
                Slip::LoserIsNext,
                "the losing message names the other player",
            ),
            (
                "display-extra-star",
                Slip::DisplayExtraStar,
                "display draws x <= row[y], a star too many",
            ),
            (
                "display-upside-down",
                Slip::DisplayUpsideDown,
                "display draws row H-1-y on the line labelled y",
            ),
        ],
    )
}
