//! The laws of othello-game, each checkable on any solver: engine ==
//! oracle, an illegal play changes nothing, `undo` restores the state
//! before, the turn passes after every accepted play, and the symmetries
//! of the board that keep the start position commute with the game.

use super::format::{command_text, write_board};
use super::oracle::DIRECTIONS;
use super::{Answer, BLACK, Board, Case, Colour, Command, EMPTY, OthelloGame, Reply, Rules, WHITE};
use crate::problems::geometry::Symmetry;
use crate::suite::{Holds, LawKind, Property, Solver, Stop, agrees_with_oracle, breaks};

/// Every othello-game property.
pub fn all() -> Vec<Property<OthelloGame>> {
    vec![
        agrees_with_oracle(),
        Property {
            name: "illegal-changes-nothing",
            about: "deleting a refused play leaves every other reply and the final board unchanged",
            holds: illegal_changes_nothing,
            kind: LawKind::Answers,
        },
        Property {
            name: "undo-restores",
            about: "an accepted play followed at once by an accepted undo leaves the game as if the play had not been sent",
            holds: undo_restores,
            kind: LawKind::Answers,
        },
        Property {
            name: "turns-alternate",
            about: "right after an accepted play (a pass included), a play of the same colour is refused and changes nothing (under auto-pass: when the opponent has a move)",
            holds: turns_alternate,
            kind: LawKind::Answers,
        },
        Property {
            name: "start-symmetries",
            about: "the half turn and the two diagonal reflections keep the start position, so they commute with the game: the same replies, the board mapped",
            holds: start_symmetries,
            kind: LawKind::Answers,
        },
    ]
}

/// How many commands of a kind each law tries (first, middle, last).
const TRIES: usize = 3;

/// A board as text, for messages.
fn show(board: &Board) -> String {
    let mut s = String::new();
    write_board(board, &mut s);
    s.trim_end().replace('\n', " / ")
}

/// The solver's answer, checked to have one reply per command and an
/// n × n board.
fn solve(solver: &Solver<OthelloGame>, case: &Case) -> Result<Answer, Stop> {
    let a = solver.solve(case)?;
    if a.replies.len() != case.commands.len() {
        return Err(Stop::Breaks(format!(
            "{} replies to {} commands",
            a.replies.len(),
            case.commands.len()
        )));
    }
    if a.board.n != case.n || a.board.cells.len() != case.n * case.n {
        return Err(Stop::Breaks(format!("the board is not {0}x{0}", case.n)));
    }
    Ok(a)
}

/// Up to [`TRIES`] of `indices`: the first, one in the middle, the last.
fn spread(indices: &[usize]) -> Vec<usize> {
    let mut out: Vec<usize> = match indices.len() {
        0 => Vec::new(),
        k => vec![indices[0], indices[k / 2], indices[k - 1]],
    };
    out.dedup();
    out.truncate(TRIES);
    out
}

fn with_commands(case: &Case, commands: Vec<Command>) -> Case {
    Case {
        n: case.n,
        rules: case.rules,
        commands,
    }
}

fn compare(what: &str, want: &Answer, got: &Answer) -> Holds {
    if want.replies != got.replies {
        let i = want
            .replies
            .iter()
            .zip(&got.replies)
            .position(|(a, b)| a != b)
            .unwrap_or(want.replies.len().min(got.replies.len()));
        return breaks(format!(
            "{what}: the replies differ first at command {} ({:?} expected, {:?} got)",
            i + 1,
            want.replies.get(i),
            got.replies.get(i)
        ));
    }
    if want.board != got.board {
        return breaks(format!(
            "{what}: expected the board {}, got {}",
            show(&want.board),
            show(&got.board)
        ));
    }
    Ok(())
}

fn illegal_changes_nothing(solver: &Solver<OthelloGame>, case: &Case) -> Holds {
    let a = solve(solver, case)?;
    let refused: Vec<usize> = (0..case.commands.len())
        .filter(|&i| {
            a.replies[i] == Reply::Illegal && matches!(case.commands[i], Command::Play { .. })
        })
        .collect();
    for i in spread(&refused) {
        let mut commands = case.commands.clone();
        commands.remove(i);
        let mut want = a.clone();
        want.replies.remove(i);
        let got = solve(solver, &with_commands(case, commands))?;
        compare(
            &format!(
                "without the refused command {} ({})",
                i + 1,
                command_text(&case.commands[i])
            ),
            &want,
            &got,
        )?;
    }
    Ok(())
}

fn accepted_plays(case: &Case, a: &Answer) -> Vec<usize> {
    (0..case.commands.len())
        .filter(|&i| {
            a.replies[i] == Reply::Accepted && matches!(case.commands[i], Command::Play { .. })
        })
        .collect()
}

fn undo_restores(solver: &Solver<OthelloGame>, case: &Case) -> Holds {
    let a = solve(solver, case)?;
    for i in spread(&accepted_plays(case, &a)) {
        let mut undone = case.commands.clone();
        undone.insert(i + 1, Command::Undo);
        let mut never = case.commands.clone();
        never.remove(i);
        let got = solve(solver, &with_commands(case, undone))?;
        let mut want = solve(solver, &with_commands(case, never))?;
        want.replies.insert(i, Reply::Accepted);
        want.replies.insert(i + 1, Reply::Accepted);
        compare(
            &format!(
                "command {} ({}) then undo, against the game without it",
                i + 1,
                command_text(&case.commands[i])
            ),
            &want,
            &got,
        )?;
    }
    Ok(())
}

/// A vertex where `colour` would flip something on `board`, if any.
fn some_move(board: &Board, colour: Colour) -> Option<(u8, u8)> {
    let n = board.n as i64;
    let (me, them) = match colour {
        Colour::Black => (BLACK, WHITE),
        Colour::White => (WHITE, BLACK),
    };
    let at = |r: i64, c: i64| {
        (0 <= r && r < n && 0 <= c && c < n).then(|| board.cells[(r * n + c) as usize])
    };
    for r in 0..n {
        for c in 0..n {
            if at(r, c) != Some(EMPTY) {
                continue;
            }
            for (dr, dc) in DIRECTIONS {
                let mut k = 1;
                while at(r + k * dr, c + k * dc) == Some(them) {
                    k += 1;
                }
                if k > 1 && at(r + k * dr, c + k * dc) == Some(me) {
                    return Some((c as u8, r as u8));
                }
            }
        }
    }
    None
}

fn turns_alternate(solver: &Solver<OthelloGame>, case: &Case) -> Holds {
    let a = solve(solver, case)?;
    for i in spread(&accepted_plays(case, &a)) {
        let Command::Play { colour, .. } = case.commands[i] else {
            continue;
        };
        let board = solve(solver, &with_commands(case, case.commands[..=i].to_vec()))?.board;
        let opponent = match colour {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        };
        if case.rules != Rules::Standard && some_move(&board, opponent).is_none() {
            continue; // the engine passes for the opponent: the same colour moves
        }
        // A move the same colour could make, were it its turn; else a pass.
        let again = Command::Play {
            colour,
            vertex: some_move(&board, colour),
        };
        let mut commands = case.commands.clone();
        commands.insert(i + 1, again);
        let got = solve(solver, &with_commands(case, commands))?;
        let mut want = a.clone();
        want.replies.insert(i + 1, Reply::Illegal);
        compare(
            &format!(
                "{} sent again right after the accepted command {} ({})",
                command_text(&again),
                i + 1,
                command_text(&case.commands[i])
            ),
            &want,
            &got,
        )?;
    }
    Ok(())
}

/// The symmetries that keep the start position: where (col, row) of an
/// n × n board goes under the half turn (0), the reflection in the main
/// diagonal (1) and in the other diagonal (2).
fn map_vertex(s: usize, n: u8, (c, r): (u8, u8)) -> (u8, u8) {
    let n = usize::from(n);
    let (r, c) = START_SYMMETRIES[s].point(n, n, usize::from(r), usize::from(c));
    (c as u8, r as u8)
}

/// The half turn, the transpose and the anti-transpose.
const START_SYMMETRIES: [Symmetry; 3] = [
    Symmetry::new(false, true, true),
    Symmetry::new(true, false, false),
    Symmetry::new(true, true, true),
];

/// `case` with every vertex under symmetry `s`.
pub fn map_case(s: usize, case: &Case) -> Case {
    let n = case.n as u8;
    let commands = case
        .commands
        .iter()
        .map(|&command| match command {
            Command::Play { colour, vertex } => Command::Play {
                colour,
                vertex: vertex.map(|v| map_vertex(s, n, v)),
            },
            Command::Undo => Command::Undo,
        })
        .collect();
    with_commands(case, commands)
}

fn map_board(s: usize, board: &Board) -> Board {
    let n = board.n;
    Board {
        n,
        cells: START_SYMMETRIES[s].grid(n, n, &board.cells),
    }
}

fn start_symmetries(solver: &Solver<OthelloGame>, case: &Case) -> Holds {
    let a = solve(solver, case)?;
    for (s, name) in [
        "the half turn",
        "the main-diagonal reflection",
        "the anti-diagonal reflection",
    ]
    .iter()
    .enumerate()
    {
        let got = solve(solver, &map_case(s, case))?;
        let want = Answer {
            replies: a.replies.clone(),
            board: map_board(s, &a.board),
        };
        compare(&format!("the game under {name}"), &want, &got)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::othello_game::oracle;

    #[test]
    fn the_three_symmetries_keep_the_start_and_the_other_four_do_not() {
        for n in [4usize, 8, 16] {
            let start = oracle::solve(&Case {
                n,
                rules: Default::default(),
                commands: vec![],
            })
            .board;
            for s in 0..3 {
                assert_eq!(map_board(s, &start), start, "n {n}, symmetry {s}");
            }
            // The left-right mirror swaps the colours of the start.
            let mut mirrored = start.clone();
            for row in mirrored.cells.chunks_mut(n) {
                row.reverse();
            }
            assert_ne!(mirrored, start);
        }
    }
}
