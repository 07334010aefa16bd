//! The laws of go-game, each checkable on any solver (a candidate's own
//! answers included): the oracle's answer; a refused command changes
//! nothing; `undo` restores exactly the state before the play it takes
//! back; colour swap; the 8 symmetries of the board.

use super::format::{command_text, response_text};
use super::{Answer, Case, Command, GoGame, Ko, Response, Suicide};
use crate::problems::geometry::Symmetry;
use crate::suite::{Holds, LawKind, Property, Solver, agrees_with_oracle, breaks};

/// The most commands of one case each law deletes and re-solves for.
const PROBES: usize = 12;

/// Every go-game property.
pub fn all() -> Vec<Property<GoGame>> {
    vec![
        agrees_with_oracle(),
        Property {
            name: "refused-changes-nothing",
            about: "deleting a refused command (? illegal move, ? cannot undo) changes no other reply and not the final board",
            holds: refused_changes_nothing,
            kind: LawKind::Answers,
        },
        Property {
            name: "undo-restores",
            about: "an accepted undo restores exactly the state before the play it takes back: deleting the play, the undo and what lies between changes no later reply and not the final board",
            holds: undo_restores,
            kind: LawKind::Answers,
        },
        Property {
            name: "colour-swap",
            about: "swapping b and w in the commands swaps the colours of the board and keeps the replies (not under situational superko with suicide, whose empty start counts as white's)",
            holds: colour_swap,
            kind: LawKind::Answers,
        },
        Property {
            name: "symmetries",
            about: "each of the 8 rotations and reflections of the vertices transforms the final board alike and keeps the replies",
            holds: symmetries,
            kind: LawKind::Answers,
        },
    ]
}

/// Up to [`PROBES`] of `indices`, spread over them.
fn spread(indices: Vec<usize>) -> Vec<usize> {
    if indices.len() <= PROBES {
        return indices;
    }
    let step = indices.len().div_ceil(PROBES);
    indices.into_iter().step_by(step).collect()
}

/// `answer` with the replies of `block` taken out.
fn without(answer: &Answer, block: std::ops::Range<usize>) -> Answer {
    let mut replies = answer.replies.clone();
    let end = block.end.min(replies.len());
    replies.drain(block.start.min(end)..end);
    Answer {
        replies,
        board: answer.board.clone(),
    }
}

fn answer_text(answer: &Answer) -> String {
    let mut s = String::new();
    super::format::write_answer(answer, &mut s);
    s
}

/// Checks that deleting `block` of the commands gives `answer` without
/// the block's replies.
fn same_without(
    solver: &Solver<GoGame>,
    case: &Case,
    answer: &Answer,
    block: std::ops::Range<usize>,
    why: &str,
) -> Holds {
    let mut shorter = case.clone();
    shorter.commands.drain(block.clone());
    let want = without(answer, block.clone());
    let got = solver.solve(&shorter)?;
    if got == want {
        return Ok(());
    }
    breaks(format!(
        "{why} (commands {}..={} of {}), but without {} the answer is\n{}instead of\n{}",
        block.start + 1,
        block.end,
        case.commands.len(),
        if block.len() == 1 { "it" } else { "them" },
        answer_text(&got),
        answer_text(&want)
    ))
}

fn refused_changes_nothing(solver: &Solver<GoGame>, case: &Case) -> Holds {
    let answer = solver.solve(case)?;
    if answer.replies.len() != case.commands.len() {
        return breaks(format!(
            "{} replies to {} commands",
            answer.replies.len(),
            case.commands.len()
        ));
    }
    let refused: Vec<usize> = (0..case.commands.len())
        .filter(|&i| answer.replies[i] != Response::Accepted)
        .collect();
    for i in spread(refused) {
        same_without(
            solver,
            case,
            &answer,
            i..i + 1,
            &format!(
                "`{}` is answered `{}`",
                command_text(&case.commands[i]),
                response_text(answer.replies[i])
            ),
        )?;
    }
    Ok(())
}

fn undo_restores(solver: &Solver<GoGame>, case: &Case) -> Holds {
    let answer = solver.solve(case)?;
    if answer.replies.len() != case.commands.len() {
        return breaks(format!(
            "{} replies to {} commands",
            answer.replies.len(),
            case.commands.len()
        ));
    }
    // The solver's own accepted plays, as a stack: an accepted undo takes
    // back the last.
    let mut stack = Vec::new();
    let mut pairs = Vec::new();
    for (i, command) in case.commands.iter().enumerate() {
        if answer.replies[i] != Response::Accepted {
            continue;
        }
        match command {
            Command::Play { .. } => stack.push(i),
            Command::Undo => match stack.pop() {
                Some(j) => pairs.push((j, i)),
                None => {
                    return breaks(format!(
                        "undo (command {}) is accepted with no accepted play to take back",
                        i + 1
                    ));
                }
            },
        }
    }
    let pairs = spread((0..pairs.len()).collect())
        .into_iter()
        .map(|x| pairs[x]);
    for (j, i) in pairs {
        same_without(
            solver,
            case,
            &answer,
            j..i + 1,
            &format!(
                "undo (command {}) takes back `{}` (command {})",
                i + 1,
                command_text(&case.commands[j]),
                j + 1
            ),
        )?;
    }
    Ok(())
}

/// The case with b and w swapped.
pub fn swap_case(case: &Case) -> Case {
    Case {
        commands: case
            .commands
            .iter()
            .map(|&c| match c {
                Command::Play { colour, vertex } => Command::Play {
                    colour: 3 - colour,
                    vertex,
                },
                Command::Undo => Command::Undo,
            })
            .collect(),
        ..case.clone()
    }
}

fn swap_board(board: &[u8]) -> Vec<u8> {
    board
        .iter()
        .map(|&v| if v == 0 { 0 } else { 3 - v })
        .collect()
}

fn colour_swap(solver: &Solver<GoGame>, case: &Case) -> Holds {
    // Under situational superko the empty start counts as produced by
    // white: a play that empties the board (a suicide of the last stones)
    // is judged differently for each colour, so the law does not hold there
    // (with `next-mover` the start has no colour, and it holds).
    if case.rules.ko == Ko::Situational
        && case.rules.suicide != Suicide::Forbidden
        && !case.rules.conventions.next_mover
    {
        return Ok(());
    }
    let answer = solver.solve(case)?;
    let want = Answer {
        replies: answer.replies.clone(),
        board: swap_board(&answer.board),
    };
    let got = solver.solve(&swap_case(case))?;
    if got == want {
        return Ok(());
    }
    breaks(format!(
        "with b and w swapped the answer is\n{}instead of the swapped\n{}",
        answer_text(&got),
        answer_text(&want)
    ))
}

/// Symmetry `t` (0..8) of a vertex of an n×n board: bit 2 transposes, bit
/// 0 flips the rows, bit 1 flips the columns.
pub fn transform_vertex(t: usize, n: usize, (col, row): (usize, usize)) -> (usize, usize) {
    let (r, c) = symmetry(t).point(n, n, row, col);
    (c, r)
}

/// Symmetry `t` (0..8) of the shared geometry: bit 2 transposes, bit 0
/// flips the rows, bit 1 the columns.
fn symmetry(t: usize) -> Symmetry {
    Symmetry::new(t & 4 != 0, t & 1 != 0, t & 2 != 0)
}

/// Symmetry `t` of a case.
pub fn transform_case(t: usize, case: &Case) -> Case {
    Case {
        commands: case
            .commands
            .iter()
            .map(|&c| match c {
                Command::Play {
                    colour,
                    vertex: Some(v),
                } if v.0 < case.n && v.1 < case.n => Command::Play {
                    colour,
                    vertex: Some(transform_vertex(t, case.n, v)),
                },
                other => other,
            })
            .collect(),
        ..case.clone()
    }
}

/// Symmetry `t` of a board.
pub fn transform_board(t: usize, n: usize, board: &[u8]) -> Vec<u8> {
    if board.len() != n * n {
        return board.to_vec();
    }
    symmetry(t).grid(n, n, board)
}

fn symmetries(solver: &Solver<GoGame>, case: &Case) -> Holds {
    let answer = solver.solve(case)?;
    for t in 1..8 {
        let want = Answer {
            replies: answer.replies.clone(),
            board: transform_board(t, case.n, &answer.board),
        };
        let got = solver.solve(&transform_case(t, case))?;
        if got != want {
            return breaks(format!(
                "symmetry {t} (transpose {}, rows flipped {}, columns flipped {}): the answer is\n{}instead of the transformed\n{}",
                t & 4 != 0,
                t & 1 != 0,
                t & 2 != 0,
                answer_text(&got),
                answer_text(&want)
            ));
        }
    }
    Ok(())
}
