//! The laws of chomp, each checkable on any solver. Most derive new scripts
//! from the case (probes inserted, a command dropped, the board transposed)
//! and compare the solver with itself; the cell-by-cell laws run on boards
//! of at most [`PROBE_MAX_CELLS`] cells.

use super::{Answer, Case, Chomp, Command, MoveReply, Reply, align, picture, transpose};
use crate::suite::{Holds, LawKind, Property, Solver, Stop, agrees_with_oracle, breaks};

/// Cell-by-cell laws probe every cell, so they run on boards up to this size.
pub const PROBE_MAX_CELLS: u64 = 49;

/// Every chomp property.
pub fn all() -> Vec<Property<Chomp>> {
    vec![
        agrees_with_oracle(),
        Property {
            name: "legal-iff-move-accepted",
            about: "`legal X Y` is true exactly when `move X Y` right after it is not `illegal`",
            holds: legal_iff_move_accepted,
            kind: LawKind::Answers,
        },
        Property {
            name: "illegal-changes-nothing",
            about: "dropping a move answered `illegal` changes no other reply, not even whose turn it is",
            holds: illegal_changes_nothing,
            kind: LawKind::Answers,
        },
        Property {
            name: "count-is-occupied-cells",
            about: "after every command, `count` equals the number of cells `legal` calls occupied, and they form an order ideal",
            holds: count_is_occupied_cells,
            kind: LawKind::Answers,
        },
        Property {
            name: "move-removes-quadrant",
            about: "a legal move removes exactly the occupied cells x' >= x, y' >= y (at least one); an illegal one removes none",
            holds: move_removes_quadrant,
            kind: LawKind::Answers,
        },
        Property {
            name: "display-matches-cells",
            about: "`display` draws the seed's picture of the cells `legal` calls occupied",
            holds: display_matches_cells,
            kind: LawKind::Answers,
        },
        Property {
            name: "loser-is-mover",
            about: "`player P loses` answers exactly the accepted move at (0, 0), P being the mover; the board is then empty; at most W*H moves are accepted",
            holds: loser_is_mover,
            kind: LawKind::Answers,
        },
        Property {
            name: "fresh-count-is-exact",
            about: "the full board counts W*H and after a first move (x, y) W*H - (W-x)(H-y), exactly (beyond 2^32)",
            holds: fresh_count_is_exact,
            kind: LawKind::Answers,
        },
        Property {
            name: "transpose-symmetry",
            about: "swapping W and H and X and Y in every command gives the same replies (pictures aside)",
            holds: transpose_symmetry,
            kind: LawKind::Answers,
        },
        Property {
            name: "count-decreases",
            about: "around every move, the count drops by at least one if it is accepted and stays if it is `illegal`",
            holds: count_decreases,
            kind: LawKind::Answers,
        },
    ]
}

/// The solver's reply to every command of `case`, one per command: a
/// `legal` probe goes before every move so that no two moves are adjacent
/// and [`align`] is exact; the probes' replies are then dropped.
fn per_command(solver: &Solver<Chomp>, case: &Case) -> Result<Vec<Reply>, Stop> {
    let mut probed = Vec::with_capacity(case.commands.len() * 2);
    let mut mine = Vec::with_capacity(case.commands.len() * 2);
    for &c in &case.commands {
        if let Command::Move(x, y) = c {
            probed.push(Command::Legal(x, y));
            mine.push(false);
        }
        probed.push(c);
        mine.push(true);
    }
    let answer = solver.solve(&Case {
        commands: probed.clone(),
        ..case.clone()
    })?;
    Ok(align(&probed, &answer)
        .into_iter()
        .zip(mine)
        .filter_map(|(r, keep)| keep.then_some(r))
        .collect())
}

/// [`per_command`] on the script `commands` on the case's board.
fn run(solver: &Solver<Chomp>, case: &Case, commands: Vec<Command>) -> Result<Vec<Reply>, Stop> {
    per_command(
        solver,
        &Case {
            commands,
            ..case.clone()
        },
    )
}

fn show(command: &Command) -> String {
    match command {
        Command::Count => "count".into(),
        Command::Display => "display".into(),
        Command::Legal(x, y) => format!("legal {x} {y}"),
        Command::Move(x, y) => format!("move {x} {y}"),
    }
}

fn accepted(reply: Option<&Reply>) -> Option<bool> {
    match reply {
        Some(Reply::Move(m)) => Some(*m != MoveReply::Illegal),
        _ => None,
    }
}

fn legal_iff_move_accepted(solver: &Solver<Chomp>, case: &Case) -> Holds {
    let mut commands = Vec::new();
    for &c in &case.commands {
        if let Command::Move(x, y) = c {
            commands.push(Command::Legal(x, y));
        }
        commands.push(c);
    }
    let replies = run(solver, case, commands.clone())?;
    for (i, pair) in commands.windows(2).enumerate() {
        if let (Command::Legal(..), Command::Move(x, y)) = (pair[0], pair[1]) {
            let legal = replies.get(i);
            let moved = accepted(replies.get(i + 1));
            if legal.cloned() != moved.map(Reply::Legal) {
                return breaks(format!(
                    "command {}: legal {x} {y} said {legal:?} but the move right after was {:?}",
                    i + 1,
                    replies.get(i + 1)
                ));
            }
        }
    }
    Ok(())
}

fn illegal_changes_nothing(solver: &Solver<Chomp>, case: &Case) -> Holds {
    let replies = per_command(solver, case)?;
    for (i, c) in case.commands.iter().enumerate() {
        if replies.get(i) == Some(&Reply::Move(MoveReply::Illegal)) {
            let mut commands = case.commands.clone();
            commands.remove(i);
            let without = run(solver, case, commands)?;
            let mut want = replies.clone();
            want.remove(i);
            if without != want {
                return breaks(format!(
                    "{} (command {}) was illegal, yet dropping it changes the other replies from {want:?} to {without:?}",
                    show(c),
                    i + 1
                ));
            }
        }
    }
    Ok(())
}

fn small(case: &Case) -> bool {
    case.width.saturating_mul(case.height) <= PROBE_MAX_CELLS
}

/// `legal` at every cell of the board, row by row from the bottom.
fn probes(case: &Case) -> Vec<Command> {
    let mut out = Vec::new();
    for y in 0..case.height as i64 {
        for x in 0..case.width as i64 {
            out.push(Command::Legal(x, y));
        }
    }
    out
}

/// Which cells the probes' replies call occupied.
fn cells(case: &Case, replies: &[Reply]) -> Result<Vec<Vec<bool>>, String> {
    let w = case.width as usize;
    let mut grid = vec![vec![false; w]; case.height as usize];
    for (k, r) in replies.iter().enumerate() {
        match r {
            Reply::Legal(b) => grid[k / w][k % w] = *b,
            other => return Err(format!("a legal probe answered {other:?}")),
        }
    }
    if replies.len() != w * case.height as usize {
        return Err("the probes got too few replies".into());
    }
    Ok(grid)
}

/// The cells occupied after the first `prefix` commands, by the solver's own `legal`.
fn cells_after(solver: &Solver<Chomp>, case: &Case, prefix: usize) -> Result<Vec<Vec<bool>>, Stop> {
    let mut commands = case.commands[..prefix].to_vec();
    commands.extend(probes(case));
    let replies = run(solver, case, commands)?;
    Ok(cells(case, replies.get(prefix..).unwrap_or(&[]))?)
}

fn popcount(grid: &[Vec<bool>]) -> u64 {
    grid.iter().flatten().filter(|&&c| c).count() as u64
}

fn count_is_occupied_cells(solver: &Solver<Chomp>, case: &Case) -> Holds {
    if !small(case) {
        return Ok(());
    }
    for prefix in 0..=case.commands.len() {
        let grid = cells_after(solver, case, prefix)?;
        let mut commands = case.commands[..prefix].to_vec();
        commands.push(Command::Count);
        let count = run(solver, case, commands)?.get(prefix).cloned();
        let want = Reply::Count(popcount(&grid).into());
        if count != Some(want.clone()) {
            return breaks(format!(
                "after {prefix} commands: count said {count:?}, the legal probes find {want:?}"
            ));
        }
        for (y, row) in grid.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                let below = y == 0 || grid[y - 1][x];
                let left = x == 0 || row[x - 1];
                if c && !(below && left) {
                    return breaks(format!(
                        "after {prefix} commands: ({x}, {y}) is occupied but the cells below or left of it are not"
                    ));
                }
            }
        }
    }
    Ok(())
}

fn move_removes_quadrant(solver: &Solver<Chomp>, case: &Case) -> Holds {
    if !small(case) {
        return Ok(());
    }
    for (i, &c) in case.commands.iter().enumerate() {
        let Command::Move(x, y) = c else { continue };
        let before = cells_after(solver, case, i)?;
        let after = cells_after(solver, case, i + 1)?;
        let moved = accepted(run(solver, case, case.commands[..=i].to_vec())?.get(i));
        let mut want = before.clone();
        if moved == Some(true) {
            for (yy, row) in want.iter_mut().enumerate() {
                for (xx, cell) in row.iter_mut().enumerate() {
                    if xx as i64 >= x && yy as i64 >= y {
                        *cell = false;
                    }
                }
            }
            if popcount(&want) == popcount(&before) {
                return breaks(format!(
                    "{} (command {}) was accepted but no cell of its quadrant was occupied",
                    show(&c),
                    i + 1
                ));
            }
        }
        if after != want {
            return breaks(format!(
                "{} (command {}, {}): occupied cells went from {before:?} to {after:?}, expected {want:?}",
                show(&c),
                i + 1,
                if moved == Some(true) {
                    "accepted"
                } else {
                    "illegal"
                }
            ));
        }
    }
    Ok(())
}

fn display_matches_cells(solver: &Solver<Chomp>, case: &Case) -> Holds {
    if !small(case) {
        return Ok(());
    }
    let replies = per_command(solver, case)?;
    for (i, c) in case.commands.iter().enumerate() {
        if *c != Command::Display {
            continue;
        }
        let grid = cells_after(solver, case, i)?;
        let want = Reply::Display(picture(case.width, case.height, |y| {
            grid[y as usize].iter().filter(|&&c| c).count() as u64
        }));
        if replies.get(i) != Some(&want) {
            return breaks(format!(
                "display (command {}) drew {:?}, the legal probes give {want:?}",
                i + 1,
                replies.get(i)
            ));
        }
    }
    Ok(())
}

fn loser_is_mover(solver: &Solver<Chomp>, case: &Case) -> Holds {
    let replies = per_command(solver, case)?;
    let mut moves = 0u64;
    let mut over = None;
    for (i, (c, r)) in case.commands.iter().zip(&replies).enumerate() {
        let Reply::Move(m) = r else { continue };
        if *m == MoveReply::Illegal {
            continue;
        }
        if let Some(j) = over {
            return breaks(format!(
                "{} (command {}) was accepted after the game ended at command {j}",
                show(c),
                i + 1
            ));
        }
        let mover = 1 + (moves % 2) as u8;
        moves += 1;
        let want = if *c == Command::Move(0, 0) {
            MoveReply::Loses(mover)
        } else {
            MoveReply::Done
        };
        if *m != want {
            return breaks(format!(
                "{} (command {}) was accepted move {moves}, so the reply should be {want:?}, got {m:?}",
                show(c),
                i + 1
            ));
        }
        if want != MoveReply::Done {
            over = Some(i + 1);
            let mut commands = case.commands[..=i].to_vec();
            commands.push(Command::Count);
            let count = run(solver, case, commands)?.get(i + 1).cloned();
            if count != Some(Reply::Count(0)) {
                return breaks(format!(
                    "after the losing move (command {}) count said {count:?}, not 0",
                    i + 1
                ));
            }
        }
    }
    if moves > case.width.saturating_mul(case.height) {
        return breaks(format!("{moves} moves accepted on a board of W*H cells"));
    }
    Ok(())
}

fn fresh_count_is_exact(solver: &Solver<Chomp>, case: &Case) -> Holds {
    let (w, h) = (case.width, case.height);
    let mut commands = vec![Command::Count];
    let mut want = vec![Reply::Count((w * h).into())];
    let first = case.commands.iter().find_map(|c| match *c {
        Command::Move(x, y) | Command::Legal(x, y) => Some((x, y)),
        _ => None,
    });
    if let Some((x, y)) =
        first.filter(|&(x, y)| x >= 0 && y >= 0 && (x as u64) < w && (y as u64) < h)
    {
        let (x, y) = (x as u64, y as u64);
        commands.extend([Command::Move(x as i64, y as i64), Command::Count]);
        want.push(Reply::Move(if (x, y) == (0, 0) {
            MoveReply::Loses(1)
        } else {
            MoveReply::Done
        }));
        want.push(Reply::Count((w * h - (w - x) * (h - y)).into()));
    }
    let got = run(solver, case, commands.clone())?;
    if got == want {
        Ok(())
    } else {
        breaks(format!(
            "on the full {w} x {h} board, {:?} gave {got:?}, expected {want:?}",
            commands.iter().map(show).collect::<Vec<_>>()
        ))
    }
}

fn without_pictures(answer: Answer) -> Answer {
    answer
        .into_iter()
        .map(|r| match r {
            Reply::Display(_) => Reply::Display(Vec::new()),
            other => other,
        })
        .collect()
}

fn transpose_symmetry(solver: &Solver<Chomp>, case: &Case) -> Holds {
    let want = without_pictures(solver.solve(case)?);
    let got = without_pictures(solver.solve(&transpose(case))?);
    if got == want {
        Ok(())
    } else {
        breaks(format!(
            "the transposed script gives {got:?}, the script {want:?}"
        ))
    }
}

fn count_decreases(solver: &Solver<Chomp>, case: &Case) -> Holds {
    let mut commands = Vec::new();
    for &c in &case.commands {
        if matches!(c, Command::Move(..)) {
            commands.extend([Command::Count, c, Command::Count]);
        } else {
            commands.push(c);
        }
    }
    let replies = run(solver, case, commands.clone())?;
    for (i, triple) in commands.windows(3).enumerate() {
        let (Command::Count, Command::Move(x, y), Command::Count) =
            (triple[0], triple[1], triple[2])
        else {
            continue;
        };
        let (Some(Reply::Count(a)), Some(Reply::Count(b))) = (replies.get(i), replies.get(i + 2))
        else {
            return breaks(format!("counts around move {x} {y} missing"));
        };
        let ok = match accepted(replies.get(i + 1)) {
            Some(true) => b < a,
            Some(false) => b == a,
            None => false,
        };
        if !ok {
            return breaks(format!(
                "move {x} {y} ({:?}) took the count from {a} to {b}",
                replies.get(i + 1)
            ));
        }
    }
    Ok(())
}
