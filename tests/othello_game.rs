//! othello-game: (properties, zoo and vectors: `tests/registry.rs`) each
//! zoo variant shrunk to a short 4 x 4 game, whole games engine against oracle move by move, the
//! shrinking steps, the GTP form, and the fuzz bodies. GRhino itself is
//! driven by `tests/othello_game.rs`'s ignored test only where installed.

use boardcheck::generation::{Generate, pattern};
use boardcheck::gtp_form::{ReadBack, Reply as GtpReply};
use boardcheck::harness::testing::{self, case_count};
use boardcheck::problem::{Problem, answer_text};
use boardcheck::problems::othello_game::engine::Game;
use boardcheck::problems::othello_game::{
    Case, Colour, Command, OthelloGame, Reply, Rules, engine, oracle, shrink, strategy,
};
use boardcheck::suite::Suite;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;

#[test]
fn every_zoo_variant_shrinks_to_a_short_4x4_game() {
    // (That every variant is caught is tests/registry.rs's.) The first failing 4 x 4 case, shrunk greedily with `simpler` (as the
    // checker does): every slip shows in a short game. (From an 8 x 8
    // game a slip that needs a forced pass cannot shrink: every deletion
    // unforces the pass.)
    for variant in OthelloGame::zoo() {
        let fails = |case: &Case| {
            variant.solve(case).expect("a zoo variant answers") != oracle::solve(case)
        };
        let mut runner = TestRunner::deterministic();
        let small = OthelloGame::cases(4);
        let mut case = (0..500)
            .map(|_| small.new_tree(&mut runner).expect("a case").current())
            .find(|case| fails(case))
            .unwrap_or_else(|| panic!("{}: no failing 4x4 case in 500", variant.name));
        while let Some(smaller) = OthelloGame::simpler(&case).find(|s| fails(s)) {
            case = smaller;
        }
        eprintln!(
            "{:22} minimal: {}x{} board, {} commands: {:?}",
            variant.name,
            case.n,
            case.n,
            case.commands.len(),
            boardcheck::problem::case_text::<OthelloGame>(&case)
        );
        assert!(
            case.n == 4 && case.commands.len() <= 16,
            "{}: shrinks only to\n{}",
            variant.name,
            boardcheck::problem::case_text::<OthelloGame>(&case)
        );
    }
}

/// Random games on every even side, steered mostly through legal moves
/// with undos, passes and stray plays, a third under auto-pass and a
/// third under either-pass: the
/// engine's replies equal the oracle's, and so do the boards after every
/// fourth command (the oracle on the prefix).
#[test]
fn engine_equals_oracle_command_by_command() {
    let mut runner = TestRunner::deterministic();
    for i in 0..case_count(21) {
        // Sides 4 to 10: the oracle on every fourth prefix is cubic.
        let n = 4 + 2 * (i as usize % 4);
        let mut case = strategy::sized(n)
            .new_tree(&mut runner)
            .expect("a case")
            .current();
        case.rules = Rules::ALL[i as usize % 3];
        let whole = oracle::solve(&case);
        let mut game = Game::with_rules(n, case.rules);
        for (j, command) in case.commands.iter().enumerate() {
            let got = game.command(command);
            assert_eq!(got, whole.replies[j], "command {} of\n{case:?}", j + 1);
            if j % 4 == 3 {
                let prefix = Case {
                    n,
                    rules: case.rules,
                    commands: case.commands[..=j].to_vec(),
                };
                let want = oracle::solve(&prefix);
                assert_eq!(game.board(), want.board, "after command {}", j + 1);
            }
        }
        assert_eq!(game.board(), whole.board);
    }
}

/// The generator reaches what matters: forced passes accepted, games that
/// end (a refused pass with neither side able to move), undos after passes
/// and at the start, on small boards within a few dozen cases.
#[test]
fn generated_games_reach_passes_and_game_ends() {
    let mut runner = TestRunner::deterministic();
    let (mut passes, mut ends, mut undo_after_pass, mut cannot_undo) = (0, 0, 0, 0);
    for _ in 0..100 {
        let case = OthelloGame::cases(6)
            .new_tree(&mut runner)
            .expect("a case")
            .current();
        let mut game = Game::new(case.n);
        let mut last_was_pass = false;
        for command in &case.commands {
            let reply = game.command(command);
            match (command, reply) {
                (Command::Play { vertex: None, .. }, Reply::Accepted) => {
                    passes += 1;
                    last_was_pass = true;
                    continue;
                }
                (Command::Undo, Reply::Accepted) if last_was_pass => undo_after_pass += 1,
                (Command::Undo, Reply::CannotUndo) => cannot_undo += 1,
                _ => {}
            }
            last_was_pass = false;
        }
        ends += usize::from(game.over());
    }
    eprintln!(
        "{passes} passes, {ends} ended games, {undo_after_pass} undos after a pass, {cannot_undo} undos at the start"
    );
    assert!(passes >= 5 && ends >= 10 && undo_after_pass >= 1 && cannot_undo >= 1);
}

#[test]
fn shrinking_steps_stay_valid_and_smaller() {
    let mut runner = TestRunner::deterministic();
    for _ in 0..20 {
        let case = OthelloGame::cases(16)
            .new_tree(&mut runner)
            .expect("a case")
            .current();
        for simpler in shrink::simpler(&case) {
            assert!(
                simpler.n < case.n
                    || simpler.commands.len() < case.commands.len()
                    || simpler.commands != case.commands,
                "not simpler"
            );
            // It reads back as itself, so it is a valid case.
            let text = boardcheck::problem::case_text::<OthelloGame>(&simpler);
            let back = boardcheck::problem::read_input::<OthelloGame>(&text, false).unwrap();
            assert_eq!(back[0], simpler);
        }
    }
}

#[test]
fn the_full_game_pattern_agrees_on_every_side() {
    for n in (4..=16).step_by(2) {
        let case = pattern::<OthelloGame>("full-game", n).unwrap();
        assert_eq!(engine::solve(&case), oracle::solve(&case), "n = {n}");
    }
}

#[test]
fn gtp_form_sends_othello_vertices_and_reads_the_replies() {
    let form = OthelloGame::gtp_form().expect("a GTP form");
    let case = Case {
        n: 8,
        rules: Rules::Standard,
        commands: vec![
            Command::Play {
                colour: Colour::Black,
                vertex: Some((3, 2)),
            },
            Command::Play {
                colour: Colour::White,
                vertex: None,
            },
            Command::Undo,
        ],
    };
    assert_eq!((form.board_size)(&case), 8);
    assert_eq!(
        (form.commands)(&case),
        vec!["play b d3", "play w pass", "undo"]
    );
    let replies = [
        GtpReply {
            ok: true,
            text: String::new(),
        },
        GtpReply {
            ok: false,
            text: "syntax error".into(),
        },
        GtpReply {
            ok: true,
            text: String::new(),
        },
    ];
    let shown = "Next move: Black\n    a b c d e f g h\n  1 . . . . . . . .\n  2 . . . . . . . .\n  3 . . . . . . . .\n  4 . . . O X . . .\n  5 . . . X O . . .\n  6 . . . . . . . .\n  7 . . . . . . . .\n  8 . . . . . . . .";
    let got = (form.answer)(&case, &replies, Some(ReadBack::Showboard(shown))).unwrap();
    let want = oracle::solve(&case);
    assert_eq!(
        answer_text::<OthelloGame>(&got),
        answer_text::<OthelloGame>(&want)
    );
    // Without a board only the replies are compared.
    let bare = (form.answer)(&case, &replies, None).unwrap();
    assert_eq!(bare, (form.without_board)(&want));
    assert!((form.answer)(&case, &replies[..2], None).is_err());
    assert!((form.answer)(&case, &replies, Some(ReadBack::Showboard("= \n"))).is_err());
}

#[test]
fn quickcheck_engine_equals_oracle() {
    testing::quickcheck_engine_equals_oracle::<OthelloGame>(60);
}

#[test]
fn fuzz_bodies_on_random_bytes() {
    for data in testing::random_bytes(case_count(400), 160) {
        testing::fuzz_bodies::<OthelloGame>(&data);
    }
}

#[test]
fn problem_name_and_registry() {
    assert!(boardcheck::problems::NAMES.contains(&OthelloGame::NAME));
}

/// Where GRhino's GTP engine is installed (Debian package `grhino`).
const GRHINO: &str = "/usr/games/gtp-rhino";

/// GRhino's replies to `boardsize`, `clear_board`, the case's commands and
/// `showboard`, all sent at once (GRhino reads queued input), cut into
/// replies at the blank lines.
fn grhino(case: &Case) -> Vec<GtpReply> {
    use std::io::Write;
    let form = OthelloGame::gtp_form().expect("a GTP form");
    let mut script = format!("boardsize {}\nclear_board\n", (form.board_size)(case));
    for line in (form.commands)(case) {
        script.push_str(&line);
        script.push('\n');
    }
    script.push_str("showboard\nquit\n");
    let mut child = std::process::Command::new(GRHINO)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("gtp-rhino starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).replace('\r', "");
    text.split("\n\n")
        .filter(|r| !r.trim().is_empty())
        .map(|r| {
            let r = r.trim_start_matches('\n');
            GtpReply {
                ok: r.starts_with('='),
                text: r[1..].trim().to_string(),
            }
        })
        .collect()
}

/// GRhino against the oracle under `--rules auto-pass` on 8 × 8 games:
/// the hand-checked auto-pass vectors' commands, then
/// `BOARDCHECK_CASES` (default 6) generated games; every reply and the
/// board read from its `showboard` agree. Skipped (and said so) where
/// GRhino is not installed.
#[test]
fn grhino_agrees_under_auto_pass() {
    if !std::path::Path::new(GRHINO).exists() {
        eprintln!("skipped: {GRHINO} not found (Debian package grhino)");
        return;
    }
    let form = OthelloGame::gtp_form().expect("a GTP form");
    let mut runner = TestRunner::deterministic();
    let mut cases: Vec<Case> = Vec::new();
    for _ in 0..case_count(6) {
        let mut case = strategy::sized(8)
            .new_tree(&mut runner)
            .expect("a case")
            .current();
        case.rules = Rules::AutoPass;
        cases.push(case);
    }
    let file =
        boardcheck::harness::vectors::load("src/problems/othello_game/vectors.toml").unwrap();
    for v in file
        .vectors
        .iter()
        .filter(|v| v.name.starts_with("auto-pass-"))
    {
        cases.extend(boardcheck::problem::read_input::<OthelloGame>(&v.input, false).unwrap());
    }
    let standard = |case: &Case| {
        oracle::solve(&Case {
            rules: Rules::Standard,
            ..case.clone()
        })
    };
    let passes: usize = cases
        .iter()
        .map(|case| {
            let a = standard(case);
            let passes = case.commands.iter().zip(&a.replies).filter(|(c, r)| {
                matches!(c, Command::Play { vertex: None, .. }) && **r == Reply::Accepted
            });
            passes.count()
        })
        .sum();
    eprintln!(
        "{} sequences, {passes} forced passes under the contract's rules",
        cases.len()
    );
    for case in &cases {
        let replies = grhino(case);
        let k = case.commands.len();
        assert_eq!(replies.len(), k + 4, "GRhino's replies: {replies:?}");
        assert!(replies[0].ok && replies[1].ok, "boardsize 8, clear_board");
        let shown = ReadBack::Showboard(&replies[k + 2].text);
        let got = (form.answer)(case, &replies[2..k + 2], Some(shown)).unwrap();
        let want = oracle::solve(case);
        assert_eq!(
            answer_text::<OthelloGame>(&got),
            answer_text::<OthelloGame>(&want),
            "GRhino disagrees on\n{}",
            boardcheck::problem::case_text::<OthelloGame>(case)
        );
    }
}
