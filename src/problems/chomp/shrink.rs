//! One-step simplifications of a chomp case (the checker's greedy shrinking
//! and quickcheck's), biggest cuts first, each made when asked for.

use std::rc::Rc;

use super::{Case, Command};
use crate::generation::steps;

/// Cases one step simpler than `case`, biggest cuts first: half the script
/// dropped, one command dropped, a side shrunk (to 1, halved, minus one;
/// coordinates kept), a coordinate moved toward 0.
pub fn simpler(case: &Case) -> impl Iterator<Item = Case> + use<> {
    let case = Rc::new(case.clone());
    let n = case.commands.len();
    let halves = if n >= 2 { 2 } else { 0 };
    steps(&case, halves, |case, which| {
        let (first, second) = case.commands.split_at(case.commands.len() / 2);
        Some(with(case, [first, second][which].to_vec()))
    })
    .chain(steps(&case, n, |case, i| {
        let mut c = case.commands.clone();
        c.remove(i);
        Some(with(case, c))
    }))
    .chain(steps(&case, 6, smaller_sides))
    .chain(steps(&case, n * 6, |case, k| {
        let (i, j) = (k / 6, k % 6);
        let (x, y, rebuild): (i64, i64, fn(i64, i64) -> Command) = match case.commands[i] {
            Command::Legal(x, y) => (x, y, Command::Legal),
            Command::Move(x, y) => (x, y, Command::Move),
            _ => return None,
        };
        let moved = if j < 3 {
            rebuild(*toward_zero(x).get(j)?, y)
        } else {
            rebuild(x, *toward_zero(y).get(j - 3)?)
        };
        let mut c = case.commands.clone();
        c[i] = moved;
        Some(with(case, c))
    }))
}

/// `case` with its script replaced by `commands`.
fn with(case: &Case, commands: Vec<Command>) -> Case {
    Case {
        commands,
        ..case.clone()
    }
}

/// Side change `which` of six, if it changes the board: width 1, height 1,
/// width halved, height halved, width minus one, height minus one.
fn smaller_sides(case: &Case, which: usize) -> Option<Case> {
    let (w, h) = (case.width, case.height);
    let (nw, nh) = [
        (1, h),
        (w, 1),
        (w / 2, h),
        (w, h / 2),
        (w - 1, h),
        (w, h - 1),
    ][which];
    ((nw, nh) != (w, h) && nw >= 1 && nh >= 1).then(|| Case {
        width: nw,
        height: nh,
        commands: case.commands.clone(),
    })
}

/// Up to three values closer to 0 than `v`: 0, half of it, one step.
fn toward_zero(v: i64) -> Vec<i64> {
    let mut vs = vec![0, v / 2, v - v.signum()];
    vs.retain(|&t| t != v);
    vs.dedup();
    vs
}
