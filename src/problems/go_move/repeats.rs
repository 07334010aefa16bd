//! A failure seen again: the board under any of its 8 symmetries with or
//! without its colours swapped (the rules treat both alike), or a board
//! that holds a failing one as a window, with the same move.

use super::properties::transform_case;
use super::{Case, EMPTY, Move, Position, opponent};
use crate::problems::geometry::distinct_images;

/// `case` under the 8 symmetries of the square and colour swap; `case`
/// first, no repeats.
pub fn images(case: &Case) -> Vec<Case> {
    let images = (0..8).flat_map(|t| {
        let moved = transform_case(t, case);
        [swap(&moved), moved]
    });
    distinct_images(case, images)
}

/// Whether `bigger`'s board holds `smaller`'s as a window (every point the
/// same) with `smaller`'s move at the same place in it, in the same colour.
pub fn contains(bigger: &Case, smaller: &Case) -> bool {
    let (big, small) = (&bigger.position, &smaller.position);
    if small.n > big.n || bigger.mv.colour != smaller.mv.colour {
        return false;
    }
    let (Some(top), Some(left)) = (
        bigger.mv.row.checked_sub(smaller.mv.row),
        bigger.mv.col.checked_sub(smaller.mv.col),
    ) else {
        return false;
    };
    top + small.n <= big.n
        && left + small.n <= big.n
        && (0..small.n).all(|r| (0..small.n).all(|c| big.at(top + r, left + c) == small.at(r, c)))
}

fn swap(case: &Case) -> Case {
    Case {
        position: Position {
            n: case.position.n,
            cells: case
                .position
                .cells
                .iter()
                .map(|&v| if v == EMPTY { EMPTY } else { opponent(v) })
                .collect(),
        },
        mv: Move {
            colour: opponent(case.mv.colour),
            ..case.mv
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;
    use crate::problems::go_move::GoMove;
    use crate::text::Lines;

    fn case(text: &str) -> Case {
        GoMove::read_case(&mut Lines::new(text)).unwrap()
    }

    #[test]
    fn a_mirrored_swapped_failure_inside_a_larger_board_is_held() {
        // Black at the corner of a 2x2 board next to a white stone.
        let small = case("2\n02\n00\n0 0 1\n");
        assert!(images(&small).len() >= 8);
        // Mirrored left-right, colours swapped, in the top right of a 3x3.
        let big = case("3\n010\n000\n000\n2 0 2\n");
        assert!(images(&small).iter().any(|i| contains(&big, i)));
        assert!(!contains(&big, &small));
        let unrelated = case("3\n010\n000\n000\n0 2 2\n");
        assert!(!images(&small).iter().any(|i| contains(&unrelated, i)));
    }
}
