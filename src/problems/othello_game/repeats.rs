//! A failure seen again: the game under the three symmetries that keep the
//! start position (the half turn and the two diagonal reflections; black
//! moves first, so no colour swap), or a game whose commands hold a
//! failing game's in order on the same board under the same rules.

use super::Case;
use super::properties::map_case;
use crate::generation::is_subsequence;
use crate::problems::geometry::distinct_images;

/// `case` under the symmetries of the start position; `case` first, no
/// repeats.
pub fn images(case: &Case) -> Vec<Case> {
    distinct_images(case, (0..3).map(|s| map_case(s, case)))
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
    use crate::problems::othello_game::OthelloGame;
    use crate::text::Lines;

    fn case(text: &str) -> Case {
        OthelloGame::read_case(&mut Lines::new(text)).unwrap()
    }

    #[test]
    fn a_reflected_game_inside_a_longer_one_is_held() {
        // d3 reflected in the main diagonal is c4.
        let small = case("8\n1\nplay b d3\n");
        let big = case("8\n2\nplay w a1\nplay b c4\n");
        assert!(images(&small).iter().any(|i| contains(&big, i)));
        assert!(!contains(&big, &small));
        let mirrored = case("8\n1\nplay b e3\n");
        assert!(!images(&small).iter().any(|i| contains(&mirrored, i)));
    }
}
