//! A failure seen again: the script on the transposed board (W and H, X and
//! Y swapped: every reply but a picture is the same, so only for scripts
//! without `display`), or a script that holds a failing one's commands in
//! order on the same board.

use super::{Case, Command, transpose};
use crate::generation::is_subsequence;

/// `case`, and transposed when it has no `display` (whose picture is not
/// transposed); `case` first, no repeats.
pub fn images(case: &Case) -> Vec<Case> {
    let mut out = vec![case.clone()];
    if !case.commands.contains(&Command::Display) {
        let image = transpose(case);
        if image != *case {
            out.push(image);
        }
    }
    out
}

/// Whether `bigger` is on the same board and its commands hold `smaller`'s
/// in order.
pub fn contains(bigger: &Case, smaller: &Case) -> bool {
    (bigger.width, bigger.height) == (smaller.width, smaller.height)
        && is_subsequence(&smaller.commands, &bigger.commands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;
    use crate::problems::chomp::Chomp;
    use crate::text::Lines;

    fn case(text: &str) -> Case {
        Chomp::read_case(&mut Lines::new(text)).unwrap()
    }

    #[test]
    fn a_transposed_script_inside_a_longer_one_is_held_unless_it_draws() {
        let small = case("3 2\n2\nmove 1 0\ncount\n");
        let big = case("2 3\n3\nlegal 0 0\nmove 0 1\ncount\n");
        assert!(images(&small).iter().any(|i| contains(&big, i)));
        assert!(!contains(&big, &small));
        let drawn = case("3 2\n2\nmove 1 0\ndisplay\n");
        assert_eq!(images(&drawn).len(), 1);
    }
}
