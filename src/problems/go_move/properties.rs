//! The laws of go-move, each checkable on any solver.

use super::rules::{first_dead_stone, group_and_liberties};
use super::{Answer, Case, EMPTY, GoMove, Move, Position, opponent};
use crate::problems::geometry::Symmetry;
use crate::suite::{Holds, LawKind, Property, Solver, agrees_with_oracle, breaks};

/// Every go-move property.
pub fn all() -> Vec<Property<GoMove>> {
    vec![
        agrees_with_oracle(),
        Property {
            name: "no-group-without-liberty",
            about: "after a legal move the board is n x n and every group has a liberty",
            holds: no_group_without_liberty,
            kind: LawKind::Answers,
        },
        Property {
            name: "captures-exactly",
            about: "a legal move adds its stone and removes exactly the opponent groups next to it whose only liberty was the move point",
            holds: captures_exactly,
            kind: LawKind::Answers,
        },
        Property {
            name: "stone-count",
            about: "stones after = stones before + 1 - captured, and the mover has exactly one stone more",
            holds: stone_count,
            kind: LawKind::Answers,
        },
        Property {
            name: "illegal-exactly",
            about: "a move is illegal exactly when its point is occupied, or it captures nothing and its own group has no liberty",
            holds: illegal_exactly,
            kind: LawKind::Answers,
        },
        Property {
            name: "symmetries",
            about: "each of the 8 rotations and reflections of the board commutes with the move",
            holds: symmetries,
            kind: LawKind::Answers,
        },
        Property {
            name: "colour-swap",
            about: "swapping black and white (board and mover) swaps them in the answer",
            holds: colour_swap,
            kind: LawKind::Answers,
        },
    ]
}

fn show(pos: &Position) -> String {
    let mut s = String::new();
    super::format::write_position(pos, &mut s);
    s.trim_end().replace('\n', "/")
}

fn context(case: &Case) -> String {
    let m = case.mv;
    format!(
        "colour {} at column {}, row {} of {}",
        m.colour,
        m.col,
        m.row,
        show(&case.position)
    )
}

/// The points the rules say are captured: the opponent groups next to the
/// move whose liberties, before the move, were exactly the move point.
/// `None` if the point is occupied.
fn captured_points(case: &Case) -> Option<Vec<usize>> {
    let pos = &case.position;
    let n = pos.n;
    let at = case.mv.row * n + case.mv.col;
    if pos.cells[at] != EMPTY {
        return None;
    }
    let them = opponent(case.mv.colour);
    let (r, c) = (case.mv.row, case.mv.col);
    let mut neighbours = Vec::new();
    if r > 0 {
        neighbours.push(at - n);
    }
    if r + 1 < n {
        neighbours.push(at + n);
    }
    if c > 0 {
        neighbours.push(at - 1);
    }
    if c + 1 < n {
        neighbours.push(at + 1);
    }
    let mut out: Vec<usize> = Vec::new();
    for q in neighbours {
        if pos.cells[q] == them && !out.contains(&q) {
            let (points, libs) = group_and_liberties(pos, q);
            if libs == [at] {
                out.extend(points);
            }
        }
    }
    out.sort_unstable();
    Some(out)
}

fn no_group_without_liberty(solver: &Solver<GoMove>, case: &Case) -> Holds {
    if let Answer::Legal(after) = solver.solve(case)? {
        if after.n != case.position.n || after.cells.len() != after.n * after.n {
            return breaks(format!("{}: the answer is not {0}x{0}", context(case)));
        }
        if let Some(i) = first_dead_stone(&after) {
            return breaks(format!(
                "{}: answered {} where the group at row {}, column {} has no liberty",
                context(case),
                show(&after),
                i / after.n,
                i % after.n
            ));
        }
    }
    Ok(())
}

fn captures_exactly(solver: &Solver<GoMove>, case: &Case) -> Holds {
    let Answer::Legal(after) = solver.solve(case)? else {
        return Ok(());
    };
    let Some(captured) = captured_points(case) else {
        return breaks(format!(
            "{}: a move on an occupied point was played",
            context(case)
        ));
    };
    let before = &case.position;
    if after.cells.len() != before.cells.len() {
        return breaks(format!("{}: the answer has the wrong size", context(case)));
    }
    let at = case.mv.row * before.n + case.mv.col;
    for i in 0..before.cells.len() {
        let want = if i == at {
            case.mv.colour
        } else if captured.binary_search(&i).is_ok() {
            EMPTY
        } else {
            before.cells[i]
        };
        if after.cells[i] != want {
            return breaks(format!(
                "{}: answered {}, but row {}, column {} should be {want} (captured: {} stones)",
                context(case),
                show(&after),
                i / before.n,
                i % before.n,
                captured.len()
            ));
        }
    }
    Ok(())
}

fn stone_count(solver: &Solver<GoMove>, case: &Case) -> Holds {
    let Answer::Legal(after) = solver.solve(case)? else {
        return Ok(());
    };
    let captured = captured_points(case).map_or(0, |c| c.len());
    let before = &case.position;
    let want = before.stones() + 1 - captured;
    let mine = |p: &Position| p.cells.iter().filter(|&&v| v == case.mv.colour).count();
    if after.stones() != want || mine(&after) != mine(before) + 1 {
        return breaks(format!(
            "{}: {} stones before, {captured} captured, so {want} after, but {} answers {} ({} of the mover's, expected {})",
            context(case),
            before.stones(),
            solver.name,
            after.stones(),
            mine(&after),
            mine(before) + 1
        ));
    }
    Ok(())
}

fn illegal_exactly(solver: &Solver<GoMove>, case: &Case) -> Holds {
    let want_illegal = match captured_points(case) {
        None => true,
        Some(captured) if !captured.is_empty() => false,
        Some(_) => {
            // Nothing captured: legal exactly when the new stone's group has a liberty.
            let mut placed = case.position.clone();
            placed.set(case.mv.row, case.mv.col, case.mv.colour);
            let at = case.mv.row * placed.n + case.mv.col;
            group_and_liberties(&placed, at).1.is_empty()
        }
    };
    let got_illegal = solver.solve(case)? == Answer::Illegal;
    if want_illegal != got_illegal {
        return breaks(format!(
            "{}: the move is {}, but {} says {}",
            context(case),
            if want_illegal { "illegal" } else { "legal" },
            solver.name,
            if got_illegal { "illegal" } else { "legal" }
        ));
    }
    Ok(())
}

/// Symmetry `t` (0..8) of an n×n board: bit 2 transposes, bit 0 flips
/// the rows, bit 1 flips the columns.
pub fn transform_point(t: usize, n: usize, row: usize, col: usize) -> (usize, usize) {
    symmetry(t).point(n, n, row, col)
}

/// Symmetry `t` (0..8) of the shared geometry: bit 2 transposes, bit 0
/// flips the rows, bit 1 the columns.
fn symmetry(t: usize) -> Symmetry {
    Symmetry::new(t & 4 != 0, t & 1 != 0, t & 2 != 0)
}

/// Symmetry `t` applied to a position.
pub fn transform_position(t: usize, pos: &Position) -> Position {
    Position {
        n: pos.n,
        cells: symmetry(t).grid(pos.n, pos.n, &pos.cells),
    }
}

/// Symmetry `t` applied to a case.
pub fn transform_case(t: usize, case: &Case) -> Case {
    let (row, col) = transform_point(t, case.position.n, case.mv.row, case.mv.col);
    Case {
        position: transform_position(t, &case.position),
        mv: Move {
            row,
            col,
            ..case.mv
        },
    }
}

fn symmetries(solver: &Solver<GoMove>, case: &Case) -> Holds {
    let answer = solver.solve(case)?;
    for t in 1..8 {
        let want = match &answer {
            Answer::Illegal => Answer::Illegal,
            Answer::Legal(p) => Answer::Legal(transform_position(t, p)),
        };
        let moved = transform_case(t, case);
        let got = solver.solve(&moved)?;
        if got != want {
            return breaks(format!(
                "symmetry {t}: {} answers {got:?}, but the transformed answer to {} is {want:?}",
                context(&moved),
                context(case)
            ));
        }
    }
    Ok(())
}

fn swap(pos: &Position) -> Position {
    Position {
        n: pos.n,
        cells: pos
            .cells
            .iter()
            .map(|&v| if v == EMPTY { EMPTY } else { opponent(v) })
            .collect(),
    }
}

fn colour_swap(solver: &Solver<GoMove>, case: &Case) -> Holds {
    let swapped = Case {
        position: swap(&case.position),
        mv: Move {
            colour: opponent(case.mv.colour),
            ..case.mv
        },
    };
    let want = match solver.solve(case)? {
        Answer::Illegal => Answer::Illegal,
        Answer::Legal(p) => Answer::Legal(swap(&p)),
    };
    let got = solver.solve(&swapped)?;
    if got != want {
        return breaks(format!(
            "{} answers {got:?}, but the swapped answer to {} is {want:?}",
            context(&swapped),
            context(case)
        ));
    }
    Ok(())
}
