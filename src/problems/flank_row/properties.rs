//! The laws of flank-row, each checkable on any solver.

use super::{Case, Cell, FlankRow, Placement, Row, order};
use crate::suite::{Holds, LawKind, Property, Solver, Stop, agrees_with_oracle, breaks};

/// Every flank-row property.
pub fn all() -> Vec<Property<FlankRow>> {
    vec![
        agrees_with_oracle(),
        Property {
            name: "mirror-symmetry",
            about: "reversing the row and mapping index i to n-1-i reverses the answer",
            holds: mirror_symmetry,
            kind: LawKind::Answers,
        },
        Property {
            name: "colour-swap",
            about: "swapping A and B everywhere swaps them in the answer",
            holds: colour_swap,
            kind: LawKind::Answers,
        },
        Property {
            name: "illegal-changes-nothing",
            about: "a placement on an occupied cell leaves the row as it was",
            holds: illegal_changes_nothing,
            kind: LawKind::Answers,
        },
        Property {
            name: "flips-are-closed-runs",
            about: "a legal placement writes its cell and flips exactly the opponent runs next to it that its own piece closes: only those (sound) and all of them (complete)",
            holds: flips_are_closed_runs,
            kind: LawKind::Answers,
        },
        Property {
            name: "direction-order-independence",
            about: "visiting the directions in another order gives the same answer (engines and zoo only: a solver that takes no order, like a candidate program, has none to vary and the law is not applicable to it)",
            holds: direction_order_independence,
            kind: LawKind::Variant,
        },
        Property {
            name: "sequence-is-fold",
            about: "k placements at once give the same row as k single placements one after the other",
            holds: sequence_is_fold,
            kind: LawKind::Answers,
        },
    ]
}

fn compare(what: &str, want: &Row, got: &Row) -> Holds {
    if want == got {
        Ok(())
    } else {
        breaks(format!(
            "{what}: expected {}, got {}",
            show(want),
            show(got)
        ))
    }
}

/// A row as text, for messages.
pub fn show(row: &[Cell]) -> String {
    let mut s = String::new();
    super::format::write_row(row, &mut s);
    s.pop();
    s
}

/// The row after one placement, computed by `solver`.
fn step(solver: &Solver<FlankRow>, row: &Row, p: Placement) -> Result<Row, Stop> {
    solver.solve(&Case {
        row: row.clone(),
        placements: vec![p],
    })
}

/// The row before each placement and the row after it, as `solver` sees them.
fn steps(solver: &Solver<FlankRow>, case: &Case) -> Result<Vec<(Row, Placement, Row)>, Stop> {
    let mut row = case.row.clone();
    let mut out = Vec::with_capacity(case.placements.len());
    for &p in &case.placements {
        let next = step(solver, &row, p)?;
        out.push((row, p, next.clone()));
        row = next;
    }
    Ok(out)
}

fn mirror_symmetry(solver: &Solver<FlankRow>, case: &Case) -> Holds {
    let n = case.row.len();
    let mirrored = Case {
        row: case.row.iter().rev().copied().collect(),
        placements: case
            .placements
            .iter()
            .map(|p| Placement {
                index: n - 1 - p.index,
                ..*p
            })
            .collect(),
    };
    let want: Row = solver.solve(case)?.into_iter().rev().collect();
    compare(
        "solving the mirrored case",
        &want,
        &solver.solve(&mirrored)?,
    )
}

fn swap_cell(c: Cell) -> Cell {
    match c {
        Cell::Empty => Cell::Empty,
        Cell::Piece(p) => Cell::Piece(p.opponent()),
    }
}

fn colour_swap(solver: &Solver<FlankRow>, case: &Case) -> Holds {
    let swapped = Case {
        row: case.row.iter().map(|&c| swap_cell(c)).collect(),
        placements: case
            .placements
            .iter()
            .map(|p| Placement {
                player: p.player.opponent(),
                ..*p
            })
            .collect(),
    };
    let want: Row = solver.solve(case)?.into_iter().map(swap_cell).collect();
    compare(
        "solving the colour-swapped case",
        &want,
        &solver.solve(&swapped)?,
    )
}

fn illegal_changes_nothing(solver: &Solver<FlankRow>, case: &Case) -> Holds {
    for (before, p, after) in steps(solver, case)? {
        if before[p.index] != Cell::Empty {
            compare(
                &format!(
                    "{:?} at occupied cell {} of {}",
                    p.player,
                    p.index,
                    show(&before)
                ),
                &before,
                &after,
            )?;
        }
    }
    Ok(())
}

fn flips_are_closed_runs(solver: &Solver<FlankRow>, case: &Case) -> Holds {
    for (before, p, after) in steps(solver, case)? {
        if before[p.index] != Cell::Empty {
            continue;
        }
        let context = format!(
            "{:?} at {} of {} gave {}",
            p.player,
            p.index,
            show(&before),
            show(&after)
        );
        if after.len() != before.len() || after[p.index] != Cell::Piece(p.player) {
            return breaks(format!(
                "{context}: the placed cell must hold the placed piece"
            ));
        }
        let (me, them) = (Cell::Piece(p.player), Cell::Piece(p.player.opponent()));
        let changed = |j: usize| j != p.index && before[j] != after[j];
        for step in [-1isize, 1] {
            // The changed cells on this side must be one block starting next
            // to the placed cell, opponent pieces turned into the player's,
            // closed by a piece of the player in the row before the flip.
            let mut j = p.index as isize + step;
            let mut flipped = 0;
            while j >= 0 && (j as usize) < before.len() && changed(j as usize) {
                let c = j as usize;
                if before[c] != them || after[c] != me {
                    return breaks(format!(
                        "{context}: cell {c} changed but was not an opponent piece turned"
                    ));
                }
                flipped += 1;
                j += step;
            }
            if flipped > 0 && !(j >= 0 && (j as usize) < before.len() && before[j as usize] == me) {
                return breaks(format!(
                    "{context}: the run flipped toward {step:+} is not closed by the player's piece"
                ));
            }
            // Completeness: a closed opponent run on this side is flipped whole.
            let inside = |k: isize| k >= 0 && (k as usize) < before.len();
            let mut k = p.index as isize + step;
            let mut run = 0;
            while inside(k) && before[k as usize] == them {
                run += 1;
                k += step;
            }
            if run > 0 && inside(k) && before[k as usize] == me && flipped != run {
                return breaks(format!(
                    "{context}: the closed run of {run} toward {step:+} must flip, {flipped} flipped"
                ));
            }
            while j >= 0 && (j as usize) < before.len() {
                if changed(j as usize) {
                    return breaks(format!(
                        "{context}: cell {j} changed but is not in a flipped run next to the placement"
                    ));
                }
                j += step;
            }
        }
    }
    Ok(())
}

/// Why the order law says nothing about a solver without an order.
const NO_ORDER: &str = "not applicable: the solver takes no direction order";

fn direction_order_independence(solver: &Solver<FlankRow>, case: &Case) -> Holds {
    match (
        order::solve(solver, case, &[0, 1]),
        order::solve(solver, case, &[1, 0]),
    ) {
        (Some(left_first), Some(right_first)) => compare(
            "right-then-left vs left-then-right",
            &left_first,
            &right_first,
        ),
        // Never a silent pass: the harness skips solvers without an order
        // (`Property::applies_to`), and a direct call is told why.
        _ => breaks(NO_ORDER),
    }
}

fn sequence_is_fold(solver: &Solver<FlankRow>, case: &Case) -> Holds {
    let folded = steps(solver, case)?
        .pop()
        .map_or(case.row.clone(), |(_, _, row)| row);
    compare(
        "all placements at once vs one at a time",
        &folded,
        &solver.solve(case)?,
    )
}
