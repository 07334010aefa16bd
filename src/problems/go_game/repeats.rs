//! A failure seen again: the game under any of the 8 symmetries of the
//! board, with or without b and w swapped (except where the rules tell the
//! colours apart), or a game whose commands hold a failing game's in order
//! on the same board under the same rules.

use super::properties::{swap_case, transform_case};
use super::{Case, Ko, Suicide};
use crate::generation::is_subsequence;
use crate::problems::geometry::distinct_images;

/// `case` under the 8 symmetries of the board and, where the rules allow,
/// the colour swap; `case` first, no repeats.
pub fn images(case: &Case) -> Vec<Case> {
    // Under situational superko the empty start counts as white's, so a
    // play that empties the board is judged by its colour (as the
    // colour-swap law says).
    let rules = case.rules;
    let colours_alike = !(rules.ko == Ko::Situational
        && rules.suicide != Suicide::Forbidden
        && !rules.conventions.next_mover);
    let images = (0..8).flat_map(|t| {
        let moved = transform_case(t, case);
        let swapped = colours_alike.then(|| swap_case(&moved));
        swapped.into_iter().chain([moved])
    });
    distinct_images(case, images)
}

/// Whether `bigger` is played on the same board under the same rules and
/// its commands hold `smaller`'s in order.
pub fn contains(bigger: &Case, smaller: &Case) -> bool {
    bigger.n == smaller.n
        && bigger.rules == smaller.rules
        && is_subsequence(&smaller.commands, &bigger.commands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;
    use crate::problems::go_game::GoGame;
    use crate::text::Lines;

    fn case(text: &str) -> Case {
        GoGame::read_case(&mut Lines::new(text)).unwrap()
    }

    #[test]
    fn a_mirrored_swapped_game_inside_a_longer_one_is_held() {
        let small = case("3 simple forbidden\n2\nplay b A1\nplay w A2\n");
        let big = case("3 simple forbidden\n3\nplay w C1\nplay b B2\nplay b C2\n");
        assert!(images(&small).iter().any(|i| contains(&big, i)));
        assert!(!contains(&big, &small));
        let other_rules = case("3 none forbidden\n3\nplay w C1\nplay b B2\nplay b C2\n");
        assert!(!images(&small).iter().any(|i| contains(&other_rules, i)));
    }
}
