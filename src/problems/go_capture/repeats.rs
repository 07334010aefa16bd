//! A failure seen again: the board under any of its 8 symmetries, or a
//! board that holds a failing one as a window up to a renaming of the
//! stone colours (the rules care only which stones share a colour).

use super::properties::transform;
use super::{Board, EMPTY};
use crate::problems::geometry::distinct_images;

/// `case` under the 8 symmetries of the rectangle (colour renamings are
/// left to [`contains`]); `case` first, no repeats.
pub fn images(case: &Board) -> Vec<Board> {
    distinct_images(case, (1..8).map(|s| transform(case, s)))
}

/// Whether some window of `bigger` is `smaller` with its stone colours
/// renamed one to one (empty points staying empty).
pub fn contains(bigger: &Board, smaller: &Board) -> bool {
    if smaller.rows > bigger.rows || smaller.cols > bigger.cols {
        return false;
    }
    (0..=bigger.rows - smaller.rows).any(|top| {
        (0..=bigger.cols - smaller.cols).any(|left| renamed_window(bigger, smaller, top, left))
    })
}

/// Whether `smaller` is `bigger`'s window at (`top`, `left`), renamed.
fn renamed_window(bigger: &Board, smaller: &Board, top: usize, left: usize) -> bool {
    let mut to_big = [None::<u8>; 256];
    let mut to_small = [None::<u8>; 256];
    (0..smaller.rows).all(|r| {
        (0..smaller.cols).all(|c| {
            let (s, b) = (smaller.get(r, c), bigger.get(top + r, left + c));
            if (s == EMPTY) != (b == EMPTY) {
                return false;
            }
            let (forward, backward) = (&mut to_big[s as usize], &mut to_small[b as usize]);
            let fits = forward.is_none_or(|f| f == b) && backward.is_none_or(|k| k == s);
            *forward = Some(b);
            *backward = Some(s);
            fits
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;
    use crate::problems::go_capture::GoCapture;
    use crate::text::Lines;

    fn board(text: &str) -> Board {
        GoCapture::read_case(&mut Lines::new(text)).unwrap()
    }

    #[test]
    fn a_turned_renamed_failure_inside_a_larger_board_is_held() {
        let small = board("1 2\nXO\n");
        // Turned to a column and renamed: a above b.
        let big = board("3 3\n.a.\n.b.\n...\n");
        assert!(images(&small).iter().any(|i| contains(&big, i)));
        assert!(!contains(&big, &small));
        // One colour for both: not a renaming.
        let same = board("3 3\n.a.\n.a.\n...\n");
        assert!(!images(&small).iter().any(|i| contains(&same, i)));
    }
}
