//! The laws of chomp-solve, each checkable on any solver. Several derive a
//! position from the case (its bounding rectangle, the L or the square or
//! the two rows of its size) whose value is known in closed form.

use super::solver::transpose_rows;
use super::{Case, ChompSolve, Value, after_move};
use crate::suite::{Holds, LawKind, Property, Solver, Stop, agrees_with_oracle, breaks};

/// Every chomp-solve property.
pub fn all() -> Vec<Property<ChompSolve>> {
    vec![
        agrees_with_oracle(),
        Property {
            name: "moves-are-consistent",
            about: "the listed moves are occupied cells other than (0, 0), sorted by Y then X, each leaving a `lose`, and every other move leaves a `win`",
            holds: moves_are_consistent,
            kind: LawKind::Answers,
        },
        Property {
            name: "transpose-symmetry",
            about: "the transposed position has the same value and the transposed winning moves",
            holds: transpose_symmetry,
            kind: LawKind::Answers,
        },
        Property {
            name: "rectangles-win",
            about: "every rectangle but 1 x 1 is a win (strategy stealing); the case's bounding rectangle is checked",
            holds: rectangles_win,
            kind: LawKind::Answers,
        },
        Property {
            name: "l-shape",
            about: "the L with arms a and b (rows a+1, then b rows of 1) is a loss iff a = b",
            holds: l_shape,
            kind: LawKind::Answers,
        },
        Property {
            name: "square-one-one",
            about: "the move (1, 1) wins every n x n square with n >= 2",
            holds: square_one_one,
            kind: LawKind::Answers,
        },
        Property {
            name: "two-rows",
            about: "two rows (p, q) lose iff p = q + 1",
            holds: two_rows,
            kind: LawKind::Answers,
        },
        Property {
            name: "winning-moves-distinct-lines",
            about: "two winning moves never share a row or a column",
            holds: distinct_lines,
            kind: LawKind::Answers,
        },
    ]
}

fn solve(solver: &Solver<ChompSolve>, rows: Vec<u64>) -> Result<Value, Stop> {
    solver.solve(&Case { rows })
}

fn moves_are_consistent(solver: &Solver<ChompSolve>, case: &Case) -> Holds {
    let rows = case.trimmed();
    let value = solver.solve(case)?;
    let listed = match &value {
        Value::Lose => Vec::new(),
        Value::Win(moves) => moves.clone(),
    };
    if matches!(value, Value::Win(ref m) if m.is_empty()) {
        return breaks("win with no winning move");
    }
    let mut sorted = listed.clone();
    sorted.sort_by_key(|&(x, y)| (y, x));
    sorted.dedup();
    if sorted != listed {
        return breaks(format!(
            "moves {listed:?} not sorted by Y then X (or repeated)"
        ));
    }
    for &(x, y) in &listed {
        if (x, y) == (0, 0) || rows.get(y as usize).is_none_or(|&r| x >= r) {
            return breaks(format!(
                "({x}, {y}) listed, but it is not a cell other than (0, 0)"
            ));
        }
    }
    for (y, &r) in rows.iter().enumerate() {
        for x in 0..r {
            if (x, y) == (0, 0) {
                continue;
            }
            let child = after_move(rows, x, y as u64);
            let loses = solve(solver, child.clone())? == Value::Lose;
            if loses != listed.contains(&(x, y as u64)) {
                return breaks(format!(
                    "({x}, {y}) leaves {child:?}, which the solver calls {}, yet it is {}listed",
                    if loses { "lose" } else { "win" },
                    if loses { "not " } else { "" }
                ));
            }
        }
    }
    Ok(())
}

fn transpose_symmetry(solver: &Solver<ChompSolve>, case: &Case) -> Holds {
    let rows = case.trimmed();
    let width = rows.first().copied().unwrap_or(0);
    let transposed = transpose_rows(rows, width);
    let want = match solver.solve(case)? {
        Value::Lose => Value::Lose,
        Value::Win(moves) => {
            let mut t: Vec<(u64, u64)> = moves.into_iter().map(|(x, y)| (y, x)).collect();
            t.sort_by_key(|&(x, y)| (y, x));
            Value::Win(t)
        }
    };
    let got = solve(solver, transposed.clone())?;
    if got == want {
        Ok(())
    } else {
        breaks(format!(
            "the transposed position {transposed:?} gives {got:?}, expected {want:?}"
        ))
    }
}

fn box_of(case: &Case) -> (u64, u64) {
    let rows = case.trimmed();
    (rows.first().copied().unwrap_or(1), rows.len().max(1) as u64)
}

fn rectangles_win(solver: &Solver<ChompSolve>, case: &Case) -> Holds {
    let (w, h) = box_of(case);
    let got = solve(solver, vec![w; h as usize])?;
    let lose = got == Value::Lose;
    if lose == ((w, h) == (1, 1)) {
        Ok(())
    } else {
        breaks(format!("the {w} x {h} rectangle gives {got:?}"))
    }
}

fn l_shape(solver: &Solver<ChompSolve>, case: &Case) -> Holds {
    let (w, h) = box_of(case);
    let (a, b) = (w - 1, h - 1);
    let mut rows = vec![a + 1];
    rows.extend(std::iter::repeat_n(1, b as usize));
    let got = solve(solver, rows)?;
    if (got == Value::Lose) == (a == b) {
        Ok(())
    } else {
        breaks(format!("the L with arms {a} and {b} gives {got:?}"))
    }
}

fn square_one_one(solver: &Solver<ChompSolve>, case: &Case) -> Holds {
    let (w, h) = box_of(case);
    let n = w.min(h);
    if n < 2 {
        return Ok(());
    }
    match solve(solver, vec![n; n as usize])? {
        Value::Win(moves) if moves.contains(&(1, 1)) => Ok(()),
        got => breaks(format!(
            "the {n} x {n} square gives {got:?}, without the move 1 1"
        )),
    }
}

fn two_rows(solver: &Solver<ChompSolve>, case: &Case) -> Holds {
    let rows = case.trimmed();
    let p = rows.first().copied().unwrap_or(1);
    let q = rows.get(1).copied().unwrap_or(0);
    let got = solve(solver, vec![p, q])?;
    if (got == Value::Lose) == (p == q + 1) {
        Ok(())
    } else {
        breaks(format!("two rows ({p}, {q}) give {got:?}"))
    }
}

fn distinct_lines(solver: &Solver<ChompSolve>, case: &Case) -> Holds {
    if let Value::Win(moves) = solver.solve(case)? {
        for (i, a) in moves.iter().enumerate() {
            for b in &moves[i + 1..] {
                if a.0 == b.0 || a.1 == b.1 {
                    return breaks(format!("winning moves {a:?} and {b:?} share a line"));
                }
            }
        }
    }
    Ok(())
}
