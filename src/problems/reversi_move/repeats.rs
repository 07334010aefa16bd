//! A failure seen again: the board under any of its 8 symmetries (the
//! rules walk all 8 directions alike) with or without its colours swapped,
//! or a board that holds a failing one as a window, with the same move.

use super::properties::map_case;
use super::{Case, swap_colours};
use crate::problems::geometry::distinct_images;

/// `case` under the 8 symmetries of the rectangle and colour swap; `case`
/// first, no repeats.
pub fn images(case: &Case) -> Vec<Case> {
    let images = (0..8).flat_map(|s| {
        let moved = map_case(s, case);
        [swap_colours(&moved), moved]
    });
    distinct_images(case, images)
}

/// Whether `bigger`'s board holds `smaller`'s as a window (every cell the
/// same) with `smaller`'s move at the same place in it, by the same player.
pub fn contains(bigger: &Case, smaller: &Case) -> bool {
    let (big, small) = (&bigger.board, &smaller.board);
    if small.rows > big.rows || small.cols > big.cols || bigger.player != smaller.player {
        return false;
    }
    // The window's corner is where the moves line up.
    let (Some(top), Some(left)) = (
        bigger.row.checked_sub(smaller.row),
        bigger.col.checked_sub(smaller.col),
    ) else {
        return false;
    };
    top + small.rows <= big.rows
        && left + small.cols <= big.cols
        && (0..small.rows)
            .all(|r| (0..small.cols).all(|c| big.get(top + r, left + c) == small.get(r, c)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;
    use crate::problems::reversi_move::ReversiMove;
    use crate::text::Lines;

    fn case(text: &str) -> Case {
        ReversiMove::read_case(&mut Lines::new(text)).unwrap()
    }

    #[test]
    fn a_rotated_swapped_failure_inside_a_larger_board_is_held() {
        let small = case("1 3\n0 2 1\n0 0 1\n");
        // Turned a quarter and colour-swapped: a column 2, 1, 0, moved by 2.
        let big = case("3 3\n0 0 2\n0 0 1\n0 1 0\n2 2 2\n");
        assert!(images(&small).iter().any(|i| contains(&big, i)));
        assert!(!contains(&big, &small));
        let unrelated = case("3 3\n0 0 2\n0 0 2\n0 1 0\n2 2 2\n");
        assert!(!images(&small).iter().any(|i| contains(&unrelated, i)));
    }
}
