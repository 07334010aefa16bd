//! The laws of go-capture, each checkable on any solver.

use super::oracle::groups;
use super::{Board, EMPTY, GoCapture, Removal};
use crate::problems::geometry::Symmetry;
use crate::suite::{Holds, LawKind, Property, Solver, Stop, agrees_with_oracle, breaks};

/// Every go-capture property.
pub fn all() -> Vec<Property<GoCapture>> {
    vec![
        agrees_with_oracle(),
        Property {
            name: "dead-groups-removed",
            about: "every stone of a group without a liberty in the given position is removed",
            holds: dead_groups_removed,
            kind: LawKind::Answers,
        },
        Property {
            name: "live-groups-kept",
            about: "every stone of a group with a liberty in the given position stays",
            holds: live_groups_kept,
            kind: LawKind::Answers,
        },
        Property {
            name: "count-matches-board",
            about: "the answer board is the given one with some stones emptied, and the count is how many",
            holds: count_matches_board,
            kind: LawKind::Answers,
        },
        Property {
            name: "remaining-groups-have-liberties",
            about: "every group left on the answer board has a liberty",
            holds: remaining_groups_have_liberties,
            kind: LawKind::Answers,
        },
        Property {
            name: "idempotent",
            about: "solving the answer board again removes nothing",
            holds: idempotent,
            kind: LawKind::Answers,
        },
        Property {
            name: "dihedral-symmetry",
            about: "each of the 8 rotations and reflections (transposes turn n x m into m x n) commutes with removal",
            holds: dihedral_symmetry,
            kind: LawKind::Answers,
        },
        Property {
            name: "colour-permutation",
            about: "renaming the colour characters by a permutation commutes with removal",
            holds: colour_permutation,
            kind: LawKind::Answers,
        },
    ]
}

/// A board as text, for messages.
pub fn show(board: &Board) -> String {
    let mut s = String::new();
    super::format::write_rows(board, &mut s);
    s.trim_end().replace('\n', "/")
}

fn show_answer(a: &Removal) -> String {
    format!("{} {}", a.removed, show(&a.board))
}

/// The answer, checked to have the case's shape (a wrong shape is reported, not indexed).
fn solve_same_shape(solver: &Solver<GoCapture>, board: &Board) -> Result<Removal, Stop> {
    let answer = solver.solve(board)?;
    if answer.board.rows != board.rows
        || answer.board.cols != board.cols
        || answer.board.cells.len() != board.len()
    {
        return Err(Stop::Breaks(format!(
            "on {} the answer board is {}x{}, expected {}x{}",
            show(board),
            answer.board.rows,
            answer.board.cols,
            board.rows,
            board.cols
        )));
    }
    Ok(answer)
}

fn stones_judged(solver: &Solver<GoCapture>, board: &Board, dead: bool) -> Holds {
    let answer = solve_same_shape(solver, board)?;
    for g in groups(board) {
        if g.liberties.is_empty() != dead {
            continue;
        }
        for &(r, c) in &g.stones {
            let now = answer.board.get(r, c);
            let want = if dead { EMPTY } else { g.colour };
            if now != want {
                return breaks(format!(
                    "on {} the {} group of {} at row {r}, column {c} ({} liberties) left {:?} there, expected {:?}; answer {}",
                    show(board),
                    if dead { "dead" } else { "live" },
                    char::from(g.colour),
                    g.liberties.len(),
                    char::from(now),
                    char::from(want),
                    show_answer(&answer)
                ));
            }
        }
    }
    Ok(())
}

fn dead_groups_removed(solver: &Solver<GoCapture>, board: &Board) -> Holds {
    stones_judged(solver, board, true)
}

fn live_groups_kept(solver: &Solver<GoCapture>, board: &Board) -> Holds {
    stones_judged(solver, board, false)
}

fn count_matches_board(solver: &Solver<GoCapture>, board: &Board) -> Holds {
    let answer = solve_same_shape(solver, board)?;
    let mut emptied = 0;
    for (i, (&before, &after)) in board.cells.iter().zip(&answer.board.cells).enumerate() {
        if before == after {
            continue;
        }
        if before == EMPTY || after != EMPTY {
            return breaks(format!(
                "on {} point {} changed from {:?} to {:?}: only stones may change, into .",
                show(board),
                i,
                char::from(before),
                char::from(after)
            ));
        }
        emptied += 1;
    }
    if emptied != answer.removed {
        return breaks(format!(
            "on {} the count says {} removed, the board shows {emptied}",
            show(board),
            answer.removed
        ));
    }
    Ok(())
}

fn remaining_groups_have_liberties(solver: &Solver<GoCapture>, board: &Board) -> Holds {
    let answer = solve_same_shape(solver, board)?;
    match groups(&answer.board)
        .into_iter()
        .find(|g| g.liberties.is_empty())
    {
        None => Ok(()),
        Some(g) => breaks(format!(
            "on {} the answer {} keeps the group of {} at {:?} without a liberty",
            show(board),
            show(&answer.board),
            char::from(g.colour),
            g.stones[0]
        )),
    }
}

fn idempotent(solver: &Solver<GoCapture>, board: &Board) -> Holds {
    let first = solve_same_shape(solver, board)?;
    let again = solve_same_shape(solver, &first.board)?;
    if again.removed == 0 && again.board == first.board {
        Ok(())
    } else {
        breaks(format!(
            "on {} the answer board {} solves again to {}",
            show(board),
            show(&first.board),
            show_answer(&again)
        ))
    }
}

/// Symmetry `s` (0..8) of the dihedral group: bit 2 transposes, bit 1
/// reverses the rows, bit 0 reverses the columns (applied in that order).
pub fn transform(board: &Board, s: u8) -> Board {
    let symmetry = Symmetry::from_bits(s as usize);
    let (rows, cols) = symmetry.shape(board.rows, board.cols);
    Board {
        rows,
        cols,
        cells: symmetry.grid(board.rows, board.cols, &board.cells),
    }
}

fn dihedral_symmetry(solver: &Solver<GoCapture>, board: &Board) -> Holds {
    let answer = solve_same_shape(solver, board)?;
    for s in 1..8 {
        let moved = transform(board, s);
        let got = solve_same_shape(solver, &moved)?;
        let want = Removal {
            removed: answer.removed,
            board: transform(&answer.board, s),
        };
        if got != want {
            return breaks(format!(
                "symmetry {s} of {} is {}: expected {}, got {}",
                show(board),
                show(&moved),
                show_answer(&want),
                show_answer(&got)
            ));
        }
    }
    Ok(())
}

/// Two fixed permutations of the stone characters, as byte tables: a shift
/// by one (so `#` becomes `$`, `X` becomes `Y`) and a reversal.
fn permutations() -> [[u8; 256]; 2] {
    let stones = super::stone_chars();
    let k = stones.len();
    let mut tables = [[0u8; 256]; 2];
    for table in &mut tables {
        for (b, slot) in table.iter_mut().enumerate() {
            *slot = b as u8;
        }
    }
    for (i, &s) in stones.iter().enumerate() {
        tables[0][s as usize] = stones[(i + 1) % k];
        tables[1][s as usize] = stones[k - 1 - i];
    }
    tables
}

fn colour_permutation(solver: &Solver<GoCapture>, board: &Board) -> Holds {
    let answer = solve_same_shape(solver, board)?;
    let rename = |b: &Board, table: &[u8; 256]| Board {
        rows: b.rows,
        cols: b.cols,
        cells: b.cells.iter().map(|&c| table[c as usize]).collect(),
    };
    for table in permutations() {
        let renamed = rename(board, &table);
        let got = solve_same_shape(solver, &renamed)?;
        let want = Removal {
            removed: answer.removed,
            board: rename(&answer.board, &table),
        };
        if got != want {
            return breaks(format!(
                "renaming the colours of {} to {}: expected {}, got {}",
                show(board),
                show(&renamed),
                show_answer(&want),
                show_answer(&got)
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_symmetries_are_distinct_and_transposes_swap_the_shape() {
        let board = Board::from_rows(&["XO.", "#.."]);
        let mut seen: Vec<Board> = (0..8).map(|s| transform(&board, s)).collect();
        for s in 0..8u8 {
            let t = transform(&board, s);
            let shape = if s & 4 != 0 { (3, 2) } else { (2, 3) };
            assert_eq!((t.rows, t.cols), shape);
        }
        seen.sort_by(|a, b| a.cells.cmp(&b.cells).then(a.rows.cmp(&b.rows)));
        seen.dedup();
        assert_eq!(seen.len(), 8);
    }
}
