//! A failure seen again: the row mirrored or its colours swapped (the
//! rules treat both directions and both players alike), or a case that
//! reaches a failing one: its row, before or after some of its placements,
//! holds the failing row as a window, with the failing placements among
//! the ones that follow.

use super::{Case, Cell, Placement, oracle};
use crate::generation::is_subsequence;
use crate::problems::geometry::distinct_images;

/// `case`, mirrored, colour-swapped, and both; `case` first, no repeats.
pub fn images(case: &Case) -> Vec<Case> {
    let mirrored = mirror(case);
    distinct_images(case, [swap(case), swap(&mirrored), mirrored])
}

/// Whether `bigger` reaches `smaller`: after some of its placements (none
/// included) its row, as the rules leave it, holds `smaller`'s starting row
/// as a window, and its placements from there hold `smaller`'s (moved with
/// the window) in order. Rows too long to replay placement by placement
/// (more than [`REPLAYED_CELLS`] cells times placements) are looked at
/// before their first placement only.
pub fn contains(bigger: &Case, smaller: &Case) -> bool {
    let mut row = bigger.row.clone();
    let replay = bigger.row.len().saturating_mul(bigger.placements.len()) <= REPLAYED_CELLS;
    for k in 0..=bigger.placements.len() {
        if holds_from(&row, &bigger.placements[k..], smaller) {
            return true;
        }
        let Some(p) = bigger.placements.get(k).filter(|_| replay) else {
            return false;
        };
        oracle::place(&mut row, p.player, p.index, &[0, 1]);
    }
    false
}

/// Most cells times placements [`contains`] replays.
const REPLAYED_CELLS: usize = 1 << 16;

/// Whether `row` holds `smaller`'s row as a window and `rest` holds
/// `smaller`'s placements (moved with the window) in order. A cell
/// `smaller` places on while it is empty may hold a piece in `row`: a
/// candidate that overwrites there (an earlier failure's bug) goes on as
/// `smaller` does, so the case shows `smaller`'s bug again, combined.
fn holds_from(row: &[Cell], rest: &[Placement], smaller: &Case) -> bool {
    let (n, m) = (row.len(), smaller.row.len());
    let placed_on_empty =
        |i: usize| smaller.row[i] == Cell::Empty && smaller.placements.iter().any(|p| p.index == i);
    m <= n
        && (0..=n - m).any(|at| {
            (0..m).all(|i| row[at + i] == smaller.row[i] || placed_on_empty(i))
                && is_subsequence(&shifted(&smaller.placements, at), rest)
        })
}

fn shifted(placements: &[Placement], by: usize) -> Vec<Placement> {
    placements
        .iter()
        .map(|p| Placement {
            index: p.index + by,
            ..*p
        })
        .collect()
}

fn mirror(case: &Case) -> Case {
    let n = case.row.len();
    Case {
        row: case.row.iter().rev().copied().collect(),
        placements: case
            .placements
            .iter()
            .map(|p| Placement {
                index: n - 1 - p.index,
                ..*p
            })
            .collect(),
    }
}

fn swap(case: &Case) -> Case {
    let swap_cell = |c: Cell| match c {
        Cell::Empty => Cell::Empty,
        Cell::Piece(p) => Cell::Piece(p.opponent()),
    };
    Case {
        row: case.row.iter().map(|&c| swap_cell(c)).collect(),
        placements: case
            .placements
            .iter()
            .map(|p| Placement {
                player: p.player.opponent(),
                ..*p
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;
    use crate::problems::flank_row::FlankRow;
    use crate::text::Lines;

    fn case(text: &str) -> Case {
        FlankRow::read_case(&mut Lines::new(text)).unwrap()
    }

    #[test]
    fn a_mirrored_or_swapped_failure_inside_a_longer_row_is_held() {
        let small = case(".B\n1\nA 0\n");
        assert_eq!(images(&small).len(), 4);
        // Its mirror image, B. with A at 1, inside a longer row, among
        // other placements.
        let big = case("AB.A\n3\nB 3\nA 2\nB 0\n");
        assert!(images(&small).iter().any(|i| contains(&big, i)));
        assert!(!contains(&big, &small));
        // The window holds, but not the placement.
        let other = case("AB.A\n1\nA 3\n");
        assert!(!images(&small).iter().any(|i| contains(&other, i)));
    }

    #[test]
    fn a_failure_reached_by_earlier_placements_is_held() {
        // A placement on an occupied cell: the occupied cell here is made
        // by the first two placements, then played on.
        let small = case("A\n1\nB 0\n");
        let reached = case("..\n3\nB 1\nB 0\nA 0\n");
        assert!(images(&small).iter().any(|i| contains(&reached, i)));
        // The same placements onto empty cells only reach nothing.
        let never = case("..\n2\nB 1\nA 0\n");
        assert!(!images(&small).iter().any(|i| contains(&never, i)));
    }

    #[test]
    fn an_earlier_failure_on_an_occupied_cell_is_held_combined() {
        // The edge closing a run (B at 0 flips A at the end) where the
        // placement lands on B's own piece: shown only by a candidate that
        // overwrites, which is the two slips combined.
        let edge = case(".A\n1\nB 0\n");
        let combined = case(".BA\n1\nB 1\n");
        assert!(images(&edge).iter().any(|i| contains(&combined, i)));
        // The cells the earlier failure does not place on must match.
        let elsewhere = case("..A\n1\nB 0\n");
        assert!(!images(&edge).iter().any(|i| contains(&elsewhere, i)));
    }
}
