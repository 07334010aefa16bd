//! The laws of reversi-move, each checkable on any solver.

use super::format::write_board;
use super::{Board, Case, ReversiMove, order, swap_colours};
use crate::problems::geometry::Symmetry;
use crate::suite::{Holds, LawKind, Property, Solver, agrees_with_oracle, breaks};

/// Every reversi-move property.
pub fn all() -> Vec<Property<ReversiMove>> {
    vec![
        agrees_with_oracle(),
        Property {
            name: "square-symmetries",
            about: "each of the 8 symmetries of the square (rectangles: the transposing ones give n x m) commutes with the move",
            holds: square_symmetries,
            kind: LawKind::Answers,
        },
        Property {
            name: "colour-swap",
            about: "swapping 1 and 2 everywhere, the mover included, swaps them in the answer",
            holds: colour_swap,
            kind: LawKind::Answers,
        },
        Property {
            name: "illegal-changes-nothing",
            about: "a move on an occupied cell, or one that closes no run, returns the board byte-identical",
            holds: illegal_changes_nothing,
            kind: LawKind::Answers,
        },
        Property {
            name: "flips-are-closed-runs",
            about: "a move that changes the board places the piece on its empty cell and flips at least one cell, each an opponent's on a ray from the move, between the move and a piece of the mover",
            holds: flips_are_closed_runs,
            kind: LawKind::Answers,
        },
        Property {
            name: "direction-order-independence",
            about: "visiting the directions in another order gives the same answer (engines and zoo only: a solver that takes no order, like a candidate program, has none to vary and the law is not applicable to it)",
            holds: direction_order_independence,
            kind: LawKind::Variant,
        },
    ]
}

/// A board as text, for messages.
pub fn show(board: &Board) -> String {
    let mut s = String::new();
    write_board(board, &mut s);
    s.trim_end().replace('\n', " / ")
}

fn compare(what: &str, want: &Board, got: &Board) -> Holds {
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

/// Symmetry `s` (0..8) of the rectangle: where cell (r, c) of an m×n board goes.
/// 0 identity, 1 quarter turn, 2 half turn, 3 three quarters, 4 mirror
/// left-right, 5 mirror top-bottom, 6 transpose, 7 anti-transpose.
const SYMMETRIES: [Symmetry; 8] = [
    Symmetry::IDENTITY,
    Symmetry::new(true, false, true),
    Symmetry::new(false, true, true),
    Symmetry::new(true, true, false),
    Symmetry::new(false, false, true),
    Symmetry::new(false, true, false),
    Symmetry::new(true, false, false),
    Symmetry::new(true, true, true),
];

/// `board` under symmetry `s`.
pub fn map_board(s: usize, board: &Board) -> Board {
    let (rows, cols) = SYMMETRIES[s].shape(board.rows, board.cols);
    Board {
        rows,
        cols,
        cells: SYMMETRIES[s].grid(board.rows, board.cols, &board.cells),
    }
}

/// `case` under symmetry `s`.
pub fn map_case(s: usize, case: &Case) -> Case {
    let (row, col) = SYMMETRIES[s].point(case.board.rows, case.board.cols, case.row, case.col);
    Case {
        board: map_board(s, &case.board),
        row,
        col,
        player: case.player,
    }
}

fn square_symmetries(solver: &Solver<ReversiMove>, case: &Case) -> Holds {
    let answer = solver.solve(case)?;
    if (answer.rows, answer.cols) != (case.board.rows, case.board.cols) {
        return breaks(format!(
            "the answer is {}x{}, the board {}x{}",
            answer.rows, answer.cols, case.board.rows, case.board.cols
        ));
    }
    for s in 1..8 {
        let moved = map_case(s, case);
        compare(
            &format!("solving the case under symmetry {s}"),
            &map_board(s, &answer),
            &solver.solve(&moved)?,
        )?;
    }
    Ok(())
}

fn colour_swap(solver: &Solver<ReversiMove>, case: &Case) -> Holds {
    let swapped = swap_colours(case);
    let want = swap_colours(&Case {
        board: solver.solve(case)?,
        ..case.clone()
    })
    .board;
    compare(
        "solving the colour-swapped case",
        &want,
        &solver.solve(&swapped)?,
    )
}

/// The 8 rays from (row, col): each the cells from the neighbour outward to the edge.
fn rays(board: &Board, row: usize, col: usize) -> Vec<Vec<(usize, usize)>> {
    let mut out = Vec::new();
    for dr in -1isize..=1 {
        for dc in -1isize..=1 {
            if (dr, dc) == (0, 0) {
                continue;
            }
            let mut ray = Vec::new();
            let (mut r, mut c) = (row as isize + dr, col as isize + dc);
            while r >= 0 && c >= 0 && (r as usize) < board.rows && (c as usize) < board.cols {
                ray.push((r as usize, c as usize));
                r += dr;
                c += dc;
            }
            out.push(ray);
        }
    }
    out
}

/// How many cells of `ray` open a run of `opponent` that a `player` piece closes (0 if none).
fn closed_prefix(board: &Board, ray: &[(usize, usize)], player: u8) -> usize {
    let run = ray
        .iter()
        .take_while(|&&(r, c)| board.get(r, c) == 3 - player)
        .count();
    match ray.get(run) {
        Some(&(r, c)) if run > 0 && board.get(r, c) == player => run,
        _ => 0,
    }
}

fn illegal_changes_nothing(solver: &Solver<ReversiMove>, case: &Case) -> Holds {
    let b = &case.board;
    let occupied = b.get(case.row, case.col) != 0;
    let closes = rays(b, case.row, case.col)
        .iter()
        .any(|ray| closed_prefix(b, ray, case.player) > 0);
    if occupied || !closes {
        compare(
            &format!(
                "player {} at ({}, {}), {}",
                case.player,
                case.row,
                case.col,
                if occupied {
                    "an occupied cell"
                } else {
                    "closing no run"
                }
            ),
            b,
            &solver.solve(case)?,
        )
    } else {
        Ok(())
    }
}

fn flips_are_closed_runs(solver: &Solver<ReversiMove>, case: &Case) -> Holds {
    let before = &case.board;
    let after = solver.solve(case)?;
    if after == *before {
        return Ok(());
    }
    let context = format!(
        "player {} at ({}, {}) of {} gave {}",
        case.player,
        case.row,
        case.col,
        show(before),
        show(&after)
    );
    if (after.rows, after.cols) != (before.rows, before.cols) {
        return breaks(format!("{context}: the board changed shape"));
    }
    if before.get(case.row, case.col) != 0 || after.get(case.row, case.col) != case.player {
        return breaks(format!(
            "{context}: a move that changes the board must place the piece on an empty cell"
        ));
    }
    // Every cell a closed run may flip.
    let mut may_flip = vec![false; before.cells.len()];
    for ray in rays(before, case.row, case.col) {
        for &(r, c) in &ray[..closed_prefix(before, &ray, case.player)] {
            may_flip[r * before.cols + c] = true;
        }
    }
    let mut flipped = 0;
    let cells = before.cells.iter().zip(&after.cells).zip(&may_flip);
    for (i, ((&was, &now), &may)) in cells.enumerate() {
        if i == case.row * before.cols + case.col || was == now {
            continue;
        }
        let (r, c) = (i / before.cols, i % before.cols);
        if was != 3 - case.player || now != case.player {
            return breaks(format!(
                "{context}: cell ({r}, {c}) changed but was not an opponent piece turned"
            ));
        }
        if !may {
            return breaks(format!(
                "{context}: cell ({r}, {c}) flipped but is not in a run the move closes"
            ));
        }
        flipped += 1;
    }
    if flipped == 0 {
        return breaks(format!(
            "{context}: the piece was placed but nothing flipped"
        ));
    }
    Ok(())
}

/// The orders tried against the natural one.
const ORDERS: [[usize; 8]; 4] = [
    [7, 6, 5, 4, 3, 2, 1, 0],
    [4, 5, 6, 7, 0, 1, 2, 3],
    [1, 3, 5, 7, 0, 2, 4, 6],
    [6, 0, 3, 5, 2, 7, 4, 1],
];

/// Why the order law says nothing about a solver without an order.
const NO_ORDER: &str = "not applicable: the solver takes no direction order";

fn direction_order_independence(solver: &Solver<ReversiMove>, case: &Case) -> Holds {
    let Some(natural) = order::solve(solver, case, &[0, 1, 2, 3, 4, 5, 6, 7]) else {
        // Never a silent pass: the harness skips solvers without an order
        // (`Property::applies_to`), and a direct call is told why.
        return breaks(NO_ORDER);
    };
    for order in &ORDERS {
        let other =
            order::solve(solver, case, order).expect("a solver that takes one order takes any");
        compare(
            &format!("directions in order {order:?} vs 0..8"),
            &natural,
            &other,
        )?;
    }
    Ok(())
}
