//! A failure seen again: the board under any of its 8 symmetries with or
//! without its colours swapped (the rules treat both alike), or a board
//! that holds a failing one as a window, with the same move; or a wrong
//! answer of the same kind (the same step of the rules deciding the move,
//! answered the same wrong way) on any board.

use super::oracle::group;
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
/// same) with `smaller`'s move at the same place in it, in the same colour,
/// and every edge of the board that touches `smaller`'s move an edge of
/// `bigger`'s too: an edge next to the move decides its liberties, so a
/// window that puts points beyond it is another position (a 1x1 failure
/// must not hold every move onto an empty point).
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
    let last = small.n - 1;
    let edges_kept = (smaller.mv.row != 0 || top == 0)
        && (smaller.mv.col != 0 || left == 0)
        && (smaller.mv.row != last || top + small.n == big.n)
        && (smaller.mv.col != last || left + small.n == big.n);
    top + small.n <= big.n
        && left + small.n <= big.n
        && edges_kept
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

/// The kind of a wrong answer: the step of the rules (docs/spec/go-move.md)
/// that decides the move (onto a stone; a suicide; a capture, by a stone
/// that has a liberty of its own or by one that has none before its
/// captures; a quiet move), and the answer's first line expected and
/// given (or, both legal, that the board after it differs). A slip shows
/// as one kind however large the board around it.
pub fn failure_class(case: &Case, expected: &str, got: &str) -> Option<String> {
    let n = case.position.n;
    let (r, c, me) = (case.mv.row, case.mv.col, case.mv.colour);
    let step = if r >= n || c >= n || case.position.at(r, c) != EMPTY {
        "a move onto a stone"
    } else {
        let mut grid: Vec<Vec<u8>> = (0..n)
            .map(|y| (0..n).map(|x| case.position.at(y, x)).collect())
            .collect();
        let own_liberty = [
            (r.wrapping_sub(1), c),
            (r + 1, c),
            (r, c.wrapping_sub(1)),
            (r, c + 1),
        ]
        .iter()
        .any(|&(y, x)| y < n && x < n && grid[y][x] == EMPTY);
        grid[r][c] = me;
        let mut captured = false;
        for (y, x) in [
            (r.wrapping_sub(1), c),
            (r + 1, c),
            (r, c.wrapping_sub(1)),
            (r, c + 1),
        ] {
            if y < n && x < n && grid[y][x] == opponent(me) {
                let (points, free) = group(&grid, y, x);
                if !free {
                    captured = true;
                    for (py, px) in points {
                        grid[py][px] = EMPTY;
                    }
                }
            }
        }
        match (group(&grid, r, c).1, captured, own_liberty) {
            (false, ..) => "a suicide",
            (true, true, false) => "a capture by a stone without a liberty before its captures",
            (true, true, true) => "a capture",
            (true, false, _) => "a quiet move",
        }
    };
    let (want, have) = (
        expected.lines().next().unwrap_or("").trim(),
        got.lines().next().unwrap_or("").trim(),
    );
    if want == have {
        return Some(format!("{step}: the board after it differs"));
    }
    Some(format!("{step}: expected `{want}`, got `{have}`"))
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

    #[test]
    fn an_edge_next_to_the_move_stays_an_edge() {
        // A move onto a 1x1 board has the edge on every side: it holds no
        // move onto a larger board, where that point has neighbours.
        let tiny = case("1\n0\n0 0 1\n");
        let corner = case("2\n00\n00\n0 0 1\n");
        assert!(!contains(&corner, &tiny));
        assert!(contains(&tiny, &tiny));
        // The corner move of a 2x2 board sits in the corner of a 3x3 one,
        // not on its side.
        let in_corner = case("3\n000\n000\n000\n0 0 1\n");
        let on_side = case("3\n000\n000\n000\n1 0 1\n");
        assert!(contains(&in_corner, &corner));
        assert!(!contains(&on_side, &corner));
    }

    #[test]
    fn a_move_onto_a_stone_taken_is_one_kind_on_any_board() {
        let answer = |c: &Case| crate::problem::answer_text::<GoMove>(&GoMove::oracle(c));
        // The own-stone slip on 3x3 and on 4x4 (no window or symmetry
        // relates them: the 4x4 has another stone where the 3x3 is empty).
        let small = case("3\n000\n000\n001\n2 2 1\n");
        let big = case("4\n0001\n0000\n0010\n0000\n3 0 1\n");
        let wrong = "1\n000\n000\n001\n";
        let k1 = failure_class(&small, &answer(&small), wrong).unwrap();
        assert_eq!(k1, "a move onto a stone: expected `0`, got `1`");
        let k2 = failure_class(&big, &answer(&big), "1\n0001\n0000\n0010\n0000\n").unwrap();
        assert_eq!(k1, k2);
        // Suicide judged before captures refuses a capture by a stone with
        // no liberty of its own: another kind.
        let capture = case("2\n11\n01\n0 1 2\n");
        assert_eq!(answer(&capture).lines().next(), Some("1"));
        let k3 = failure_class(&capture, &answer(&capture), "0\n").unwrap();
        assert_eq!(
            k3,
            "a capture by a stone without a liberty before its captures: expected `1`, got `0`"
        );
        // A capture missed: legal both ways, the boards differ.
        let missed = failure_class(&capture, &answer(&capture), "1\n11\n21\n").unwrap();
        assert!(missed.ends_with("the board after it differs"), "{missed}");
    }
}
