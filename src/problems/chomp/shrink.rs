//! One-step simplifications of a chomp case (the checker's greedy shrinking
//! and quickcheck's), biggest cuts first, each made when asked for.

use std::rc::Rc;

use super::{Case, Command, MAX_SIDE};
use crate::generation::{cuts_toward, steps};

/// More cuts than any side or coordinate has (they are below 2^63).
const MOST_CUTS: usize = 64;

/// Cases one step simpler than `case`, biggest cuts first: half the script
/// dropped, one command dropped, a side shrunk (to 1, then by a half, a
/// quarter, ... of what is left, down to minus one; coordinates kept), a
/// side traded for a power of two (see [`power_of_two_side`]), a
/// coordinate moved toward 0 the same way.
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
    .chain(steps(&case, 2 * MOST_CUTS, smaller_sides))
    .chain(steps(&case, 4, power_of_two_side))
    .chain(steps(&case, n * 2 * MOST_CUTS, |case, k| {
        let (i, j) = (k / (2 * MOST_CUTS), k % (2 * MOST_CUTS));
        let (x, y, rebuild): (i64, i64, fn(i64, i64) -> Command) = match case.commands[i] {
            Command::Legal(x, y) => (x, y, Command::Legal),
            Command::Move(x, y) => (x, y, Command::Move),
            _ => return None,
        };
        // x's cut and y's cut of the same size side by side.
        let moved = if j.is_multiple_of(2) {
            rebuild(*cuts_toward(x, 0).get(j / 2)?, y)
        } else {
            rebuild(x, *cuts_toward(y, 0).get(j / 2)?)
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

/// Side change `which`: the width's cut `which / 2` when `which` is even,
/// the height's when odd ([`cuts_toward`] 1: to 1, then by a half, a
/// quarter, ... of the distance, down to minus one).
fn smaller_sides(case: &Case, which: usize) -> Option<Case> {
    let (w, h) = (case.width, case.height);
    let cut = |side: u64| -> Option<u64> {
        let cut = *cuts_toward(i64::try_from(side).ok()?, 1).get(which / 2)?;
        u64::try_from(cut).ok()
    };
    let (nw, nh) = if which.is_multiple_of(2) {
        (cut(w)?, h)
    } else {
        (w, cut(h)?)
    };
    (nw >= 1 && nh >= 1).then(|| Case {
        width: nw,
        height: nh,
        commands: case.commands.clone(),
    })
}

/// Side trade `which`: the width (`which` < 2) or the height set to the
/// power of two just below it (`which` even) or just above, the other side
/// as long as leaves fewer cells than before, both within the format's
/// 10^9. A count kept in k bits goes wrong from 2^k cells on, and the
/// boards of exactly 2^k cells have power-of-two sides: from 7 x 613 566 757
/// (2^32 + 3 cells, one row or column fewer passes) no cut reaches
/// 8 x 536 870 912, this does.
fn power_of_two_side(case: &Case, which: usize) -> Option<Case> {
    let (side, other) = if which < 2 {
        (case.width, case.height)
    } else {
        (case.height, case.width)
    };
    let below = 1u64 << side.checked_ilog2()?;
    let traded = if which.is_multiple_of(2) {
        below
    } else {
        below.checked_mul(2)?
    };
    let cells = u128::from(side) * u128::from(other);
    let longer = u64::try_from(cells.checked_sub(1)? / u128::from(traded)).ok()?;
    if traded == side || longer == 0 || traded.max(longer) > MAX_SIDE {
        return None;
    }
    let (width, height) = if which < 2 {
        (traded, longer)
    } else {
        (longer, traded)
    };
    Some(Case {
        width,
        height,
        commands: case.commands.clone(),
    })
}
