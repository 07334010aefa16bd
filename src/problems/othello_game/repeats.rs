//! A failure seen again: the game under the three symmetries that keep the
//! start position (the half turn and the two diagonal reflections; black
//! moves first, so no colour swap), or a game whose commands hold a
//! failing game's in order on the same board under the same rules, or a
//! wrong reply of the same kind (the same command, in the same kind of
//! position, answered the same wrong way) however long the game before it.

use super::oracle::met;
use super::properties::map_case;
use super::{Case, Command, Reply, Rules};
use crate::generation::is_subsequence;
use crate::gtp_form::first_differing_reply;
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

/// The kind of a wrong answer: the first command answered wrong (a move,
/// a pass or `undo`; by the side to move or the other), what the position
/// it met allows (which sides have a move; for a move, whether its cell is
/// empty and flips anything), and the reply expected and given. `None`
/// when every reply agrees (the boards alone differ).
///
/// A defect that shows in one reply is one kind whatever game led there:
/// 50 or 70 commands, one report. Under either-pass, a difference that
/// follows a refused play by the side not to move, made while the side to
/// move had no move, is one kind whatever it is: an engine that keeps the
/// pass it inserted before that play (Edax) shows it as its next pass
/// refused, or as an `undo` that takes back the pass, or in the board.
pub fn failure_class(case: &Case, expected: &str, got: &str) -> Option<String> {
    let k = case.commands.len();
    let first = first_differing_reply(k, expected, got);
    if refused_after_pass(case, first.map_or(k, |(i, ..)| i)).is_some() {
        return Some(
            "the first difference follows a refused play (a move or a pass) by the side not to \
             move, made when the side to move had no move (where either-pass inserts that \
             side's pass first)"
                .into(),
        );
    }
    let (i, want, have) = first?;
    let m = met(case, i);
    let yes = |b: bool| if b { "has a" } else { "has no" };
    let sides = format!(
        "the side to move {} move, the other side {} move",
        yes(m.mover_can),
        yes(m.other_can)
    );
    let what = match case.commands[i] {
        Command::Undo => {
            let history = if m.can_undo {
                "a play to take back"
            } else {
                "nothing to take back"
            };
            format!("undo with {history}")
        }
        Command::Play { vertex: None, .. } => {
            let by = if m.by_mover {
                "the side to move"
            } else {
                "the other side"
            };
            format!("a pass by {by} ({sides})")
        }
        Command::Play {
            vertex: Some(_), ..
        } => {
            let by = if m.by_mover {
                "the side to move"
            } else {
                "the other side"
            };
            let cell = match (m.empty, m.flips) {
                (false, _) => "an occupied cell",
                (true, false) => "an empty cell that flips nothing",
                (true, true) => "an empty cell that flips",
            };
            format!("a move by {by} on {cell} ({sides})")
        }
    };
    Some(format!("{what}: expected `{want}`, got `{have}`"))
}

/// The first of `case`'s commands before command `end` that, under
/// either-pass, is a play (a move or a pass) by the side not to move while
/// the side to move has no move (where the convention inserts that side's
/// pass) and that the reference refuses: where an engine that keeps the
/// pass it inserted before a refused play goes wrong. Whatever shows it
/// later (the next pass refused, `undo` taking back the pass instead of the
/// play, a board), it is one defect.
fn refused_after_pass(case: &Case, end: usize) -> Option<usize> {
    if case.rules != Rules::EitherPass {
        return None;
    }
    let replies = super::oracle::solve(case).replies;
    (0..end.min(case.commands.len())).find(|&j| {
        matches!(case.commands[j], Command::Play { .. }) && replies[j] != Reply::Accepted && {
            let m = met(case, j);
            !m.by_mover && !m.mover_can && m.other_can
        }
    })
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

    /// The expected answer to `case` and one with reply `i` replaced.
    fn answers(case: &Case, i: usize, reply: &str) -> (String, String) {
        let expected = crate::problem::answer_text::<OthelloGame>(&OthelloGame::oracle(case));
        let got = expected
            .lines()
            .enumerate()
            .map(|(j, l)| format!("{}\n", if j == i { reply } else { l }))
            .collect();
        (expected, got)
    }

    #[test]
    fn one_wrong_reply_in_games_of_different_lengths_is_one_kind() {
        // After b b1 white is to move and has moves: its pass is refused.
        // Accepting it, two commands in or three (a refused play of black
        // between), is one kind of wrong answer, at another line of the
        // answer: the differing cells alone would call them two.
        let short = case("4\n2\nplay b b1\nplay w pass\n");
        let long = case("4\n3\nplay b b1\nplay b a4\nplay w pass\n");
        let (e1, g1) = answers(&short, 1, "=");
        let (e2, g2) = answers(&long, 2, "=");
        assert_eq!(e1.lines().nth(1), Some("? illegal move"));
        let k1 = failure_class(&short, &e1, &g1).unwrap();
        assert_eq!(
            k1,
            "a pass by the side to move (the side to move has a move, the other side has a move): \
             expected `? illegal move`, got `=`"
        );
        assert_eq!(failure_class(&long, &e2, &g2).as_deref(), Some(k1.as_str()));
        // Another command answered wrong, or another wrong reply: other kinds.
        let (e3, g3) = answers(&long, 1, "=");
        let k3 = failure_class(&long, &e3, &g3).unwrap();
        assert!(k3.starts_with("a move by the other side"), "{k3}");
        let (e4, g4) = answers(&short, 0, "? illegal move");
        assert_ne!(
            failure_class(&short, &e4, &g4).as_deref(),
            Some(k1.as_str())
        );
        // Every reply right: the boards alone tell.
        assert_eq!(failure_class(&short, &e1, &e1), None);
    }

    #[test]
    fn what_follows_a_refused_play_after_an_inserted_pass_is_one_kind() {
        // Edax's defect (found by boardcheck, seed 1): after white's h1
        // black has no move; white's g6 (occupied) is refused, and Edax
        // keeps the pass it inserted for black. Its `undo` then takes back
        // that pass, not h1: every reply agrees, the boards differ. The
        // same game ended by white's pass instead shows it as a refused
        // pass. One defect, one kind.
        let moves = "play b d3\nplay w c3\nplay b c4\nplay w e3\nplay b d2\nplay w e1\nplay b b2\nplay w c6\nplay b d6\nplay w c7\nplay b f2\nplay w g3\nplay b g1\nplay w a1\nplay b h4\nplay w e2\nplay b b3\nplay w b4\nplay b b7\nplay w c2\nplay b f5\nplay w a8\nplay b b1\nplay w g2\nplay b h2\nplay w f1\nplay b a5\nplay w g6\nplay b h7\nplay w b5\nplay b a2\nplay w a3\nplay b a4\nplay w e6\nplay b d7\nplay w h3\nplay b a7\nplay w f3\nplay b f4\nplay w h1\nplay w g6\nundo";
        let undo = case(&format!("8 either-pass\n42\n{moves}\n"));
        let expected = crate::problem::answer_text::<OthelloGame>(&OthelloGame::oracle(&undo));
        let got = expected.replacen("OX..OOX.", "OX..OOOO", 1);
        assert_ne!(got, expected);
        let kind = failure_class(&undo, &expected, &got).unwrap();
        assert!(kind.contains("follows a refused play"), "{kind}");
        let prefix: Vec<&str> = moves.lines().take(41).collect();
        let pass = case(&format!(
            "8 either-pass\n42\n{}\nplay b pass\n",
            prefix.join("\n")
        ));
        let (e, g) = answers(&pass, 41, "? illegal move");
        assert_eq!(failure_class(&pass, &e, &g).as_deref(), Some(kind.as_str()));
        // White's pass instead of g6, refused too: black's pass after it.
        let prefix: Vec<&str> = moves.lines().take(40).collect();
        let passes = case(&format!(
            "8 either-pass\n42\n{}\nplay w pass\nplay b pass\n",
            prefix.join("\n")
        ));
        let (e, g) = answers(&passes, 41, "? illegal move");
        assert_eq!(e.lines().nth(40), Some("? illegal move"));
        assert_eq!(
            failure_class(&passes, &e, &g).as_deref(),
            Some(kind.as_str())
        );
        // Under the standard rules there is no inserted pass: the boards
        // alone tell.
        let standard = case(&format!("8\n42\n{moves}\n"));
        let expected = crate::problem::answer_text::<OthelloGame>(&OthelloGame::oracle(&standard));
        assert_eq!(failure_class(&standard, &expected, &got), None);
    }
}
