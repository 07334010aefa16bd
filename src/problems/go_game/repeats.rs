//! A failure seen again: the game under any of the 8 symmetries of the
//! board, with or without b and w swapped (except where the rules tell the
//! colours apart), or a game whose commands hold a failing game's in order
//! on the same board under the same rules, or a wrong reply of the same
//! kind (the same command, in the same kind of position, answered the same
//! wrong way) however long the game before it.

use super::oracle::{boards_before, group, neighbours};
use super::properties::{swap_case, transform_case};
use super::{Case, Command, EMPTY, Ko, Suicide};
use crate::generation::is_subsequence;
use crate::gtp_form::first_differing_reply;
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

/// The kind of a wrong answer: the first command answered wrong, the rule
/// that decides the reference's reply to it, and the reply expected and
/// given. A pass or `undo` is its own kind (`undo` with or without a play
/// to take back). A play is told by the step of the rules that decides it
/// (docs/spec/go-game.md): onto a stone; a suicide (of one stone, of a
/// group); a board the ko rule looks at (the one before the previous play,
/// or an earlier one of the game); and, for a play the reference accepts,
/// a capture by a stone that has no liberty before its captures (where
/// judging suicide first would refuse it). `None` when every reply agrees
/// (the boards alone differ).
///
/// A missing superko, a suicide let through, are each one kind whatever
/// game led to them.
pub fn failure_class(case: &Case, expected: &str, got: &str) -> Option<String> {
    let (i, want, have) = first_differing_reply(case.commands.len(), expected, got)?;
    let boards = boards_before(case, i);
    let what = match case.commands[i] {
        Command::Undo if boards.len() > 1 => "undo with a play to take back".to_string(),
        Command::Undo => "undo with nothing to take back".to_string(),
        Command::Play { vertex: None, .. } => "a pass".to_string(),
        Command::Play {
            colour,
            vertex: Some((col, row)),
        } => play_kind(&boards, case.n, colour, (col, row), want.starts_with('=')),
    };
    Some(format!("{what}: expected `{want}`, got `{have}`"))
}

/// The rule step that decides a play of `colour` at `(col, row)` after
/// the game's `boards` (the current one last); `legal`: whether the
/// reference accepts it.
fn play_kind(
    boards: &[Vec<u8>],
    n: usize,
    colour: u8,
    (col, row): (usize, usize),
    legal: bool,
) -> String {
    let board = boards.last().expect("the start board");
    if col >= n || row >= n {
        return "a play off the board".into();
    }
    let at = row * n + col;
    if board[at] != EMPTY {
        return "a play onto a stone".into();
    }
    let own_liberty = neighbours(n, at).any(|m| board[m] == EMPTY);
    let mut after = board.clone();
    after[at] = colour;
    let mut taken = Vec::new();
    for m in neighbours(n, at) {
        if after[m] == 3 - colour && !taken.contains(&m) {
            let (points, free) = group(&after, n, m);
            if !free {
                taken.extend(points);
            }
        }
    }
    for &p in &taken {
        after[p] = EMPTY;
    }
    let (own, free) = group(&after, n, at);
    if !free {
        let what = if own.len() == 1 {
            "one stone"
        } else {
            "a group"
        };
        return format!("a suicide of {what}");
    }
    let k = boards.len();
    let board_ko_sees = if k >= 2 && boards[k - 2] == after {
        Some("the board before the previous play")
    } else if boards.contains(&after) {
        Some("an earlier board of the game")
    } else {
        None
    };
    match board_ko_sees {
        Some(which) => format!("a play that makes {which} again"),
        None if legal && !taken.is_empty() && !own_liberty => {
            "a capture by a stone without a liberty before its captures".into()
        }
        None => "a play that makes a new board".into(),
    }
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

    /// The expected answer to `case` and one with reply `i` replaced.
    fn answers(case: &Case, i: usize, reply: &str) -> (String, String) {
        let expected = crate::problem::answer_text::<GoGame>(&GoGame::oracle(case));
        let got = expected
            .lines()
            .enumerate()
            .map(|(j, l)| format!("{}\n", if j == i { reply } else { l }))
            .collect();
        (expected, got)
    }

    #[test]
    fn a_suicide_let_through_is_one_kind_in_games_of_any_length() {
        // White's A1 into black's corner, after 2 plays or after 4.
        let short = case("3 simple forbidden\n3\nplay b A2\nplay b B1\nplay w A1\n");
        let long =
            case("3 simple forbidden\n5\nplay b C3\nplay b A2\nplay w C2\nplay b B1\nplay w A1\n");
        let (e1, g1) = answers(&short, 2, "=");
        let (e2, g2) = answers(&long, 4, "=");
        let k1 = failure_class(&short, &e1, &g1).unwrap();
        assert_eq!(
            k1,
            "a suicide of one stone: expected `? illegal move`, got `=`"
        );
        assert_eq!(failure_class(&long, &e2, &g2).as_deref(), Some(k1.as_str()));
        // A quiet play refused wrongly is another kind; so is a capture.
        let ko = case("3 simple forbidden\n1\nplay b A1\n");
        let (e3, g3) = answers(&ko, 0, "? illegal move");
        let k3 = failure_class(&ko, &e3, &g3).unwrap();
        assert!(k3.starts_with("a play that makes a new board"), "{k3}");
        // Black's A1 takes white's B1, which A1 needs for a liberty.
        let capture =
            case("3 none forbidden\n5\nplay b C1\nplay b B2\nplay w B1\nplay w A2\nplay b A1\n");
        let (e4, g4) = answers(&capture, 4, "? illegal move");
        let k4 = failure_class(&capture, &e4, &g4).unwrap();
        assert!(
            k4.starts_with("a capture by a stone without a liberty"),
            "{k4}"
        );
        assert_eq!(failure_class(&short, &e1, &e1), None);
    }
}
