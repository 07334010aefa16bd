//! Shrinking's counts are honest: every step is a smaller input confirmed
//! by a run of its own, so steps never outnumber runs. The known-wrong
//! variants of go-capture and chomp, whose value trees walk back to inputs
//! already judged, showed "37 steps in 33 runs" before steps were counted
//! once per input.

use boardcheck::harness::candidate::FnCandidate;
use boardcheck::harness::check::{CheckConfig, LimitsMode, PropertiesMode, check};
use boardcheck::problems::{chomp::Chomp, go_capture::GoCapture, go_move::GoMove};
use boardcheck::suite::Suite;

fn steps_never_outnumber_runs<P: Suite>(seeds: std::ops::Range<u64>) {
    for solver in P::zoo() {
        for seed in seeds.clone() {
            let candidate = FnCandidate::<P, _>::new(|case: &P::Case| {
                solver.solve(case).expect("a zoo variant answers")
            });
            let config = CheckConfig {
                cases: 300,
                seed,
                jobs: 1,
                limits: LimitsMode::Off,
                properties: PropertiesMode::Off,
                ..CheckConfig::default()
            };
            let Some(failure) = check::<P>(&candidate, &config).failure else {
                continue;
            };
            assert!(
                failure.shrink_steps <= failure.shrink_runs,
                "{} {} seed {seed}: {} steps in {} runs",
                P::NAME,
                solver.name,
                failure.shrink_steps,
                failure.shrink_runs
            );
        }
    }
}

#[test]
fn go_capture_steps_never_outnumber_runs() {
    steps_never_outnumber_runs::<GoCapture>(0..6);
}

#[test]
fn go_move_steps_never_outnumber_runs() {
    steps_never_outnumber_runs::<GoMove>(0..6);
}

#[test]
fn chomp_steps_never_outnumber_runs() {
    steps_never_outnumber_runs::<Chomp>(0..4);
}

/// A failure the proof of fewest cells finds (one cell, `move 0 0; count`)
/// still gets the greedy steps after it: chomp's `staircase-corner-kept`
/// is reported as `move 0 0` alone, the smallest failing input, whatever
/// the seed (seed 0 reported the two commands before the fix).
#[test]
fn chomp_proof_then_greedy_steps() {
    for (seed, input) in chomp_zoo_reports("staircase-corner-kept", 0..4) {
        assert_eq!(input, "1 1\n1\nmove 0 0\n", "seed {seed}");
    }
}

/// The reported input of chomp's zoo variant `name` in a unit check of
/// each seed.
fn chomp_zoo_reports(name: &str, seeds: std::ops::Range<u64>) -> Vec<(u64, String)> {
    use boardcheck::unit::Check;
    let bug = Chomp::zoo()
        .into_iter()
        .find(|b| b.name == name)
        .expect("the variant");
    seeds
        .map(|seed| {
            let b = bug.clone();
            let report = Check::<Chomp>::function(move |case| b.solve(case).expect("answers"))
                .seed(seed)
                .keep_failures(false)
                .report();
            (seed, report.failure.expect("the variant fails").input)
        })
        .collect()
}

/// The proof of fewest cells takes a smaller input that fails in any way,
/// not only the way the first failure did: "minimal" must mean that nothing
/// smaller fails. A cargo-mutants mutant of flank-row's engine (a run's
/// root always 1) answered wrong on `B.` and was reported there, proven
/// smallest "this way", while `A`, one cell, made it panic. Here a
/// candidate answers wrong on every row of two cells or more and panics on
/// one cell: the report is the one-cell crash.
#[test]
fn the_proof_takes_a_smaller_failure_of_another_kind() {
    use boardcheck::harness::report::Shrink;
    use boardcheck::harness::verdict::Verdict;
    use boardcheck::problem::Problem;
    use boardcheck::problems::flank_row::{Cell, FlankRow, Player};
    use boardcheck::unit::Check;
    for seed in 0..4 {
        let report = Check::<FlankRow>::function(|case| {
            assert!(case.row.len() > 1, "a row of one cell");
            let mut row = FlankRow::engine(case);
            row[0] = match row[0] {
                Cell::Empty => Cell::Piece(Player::A),
                _ => Cell::Empty,
            };
            row
        })
        .seed(seed)
        .keep_failures(false)
        .report();
        let failure = report.failure.expect("it fails");
        assert_eq!(failure.verdict, Verdict::RuntimeError, "seed {seed}");
        let first = failure.input.lines().next().expect("a row");
        assert_eq!(first.len(), 1, "seed {seed}: {:?}", failure.input);
        assert!(
            matches!(failure.shrink, Shrink::Smallest { .. }),
            "seed {seed}: {:?}",
            failure.shrink
        );
    }
}

/// A Rust function that panics on every input, the smallest too, has a
/// bug: it is a failure (RE, on the smallest input), not "could not run at
/// all", which is for a program that cannot start (a usage error). A
/// cargo-mutants mutant of chomp-solve's solver (`orient` always
/// `(0, 1, true)`) was reported with no failure before.
#[test]
fn a_function_that_always_panics_is_a_failure_not_a_usage_error() {
    use boardcheck::harness::verdict::Verdict;
    use boardcheck::problems::flank_row::FlankRow;
    use boardcheck::unit::Check;
    let report = Check::<FlankRow>::function(|_| panic!("always"))
        .keep_failures(false)
        .report();
    assert_eq!(report.cannot_run, None);
    let failure = report.failure.expect("a failure");
    assert_eq!(failure.verdict, Verdict::RuntimeError);
    assert_eq!(
        failure.input.lines().next().map(str::len),
        Some(1),
        "{}",
        failure.input
    );
}

/// A side shrinks by a half, a quarter, ... of what is left, down to one
/// step, so shrinking closes in on the edge where a failure starts:
/// chomp's `count-wraps-32` (the count kept in 32 bits) is reported on a
/// board of exactly 2^32 cells, the fewest that fail. With only halving
/// and one step at a time, seed 1 stopped at 7 x 715 744 730, a row at a
/// time, when the shrinking time was up; with the cuts toward the edge
/// but no power-of-two trade, at 7 x 613 566 757 (2^32 + 3 cells).
#[test]
fn chomp_sides_shrink_to_the_fewest_failing_cells() {
    for (seed, input) in chomp_zoo_reports("count-wraps-32", 0..4) {
        let sides: Vec<u64> = input
            .lines()
            .next()
            .expect("the sides")
            .split_whitespace()
            .map(|s| s.parse().expect("a side"))
            .collect();
        let (w, h) = (sides[0], sides[1]);
        let wraps = |w: u64, h: u64| w * h >= 1 << 32;
        assert!(wraps(w, h), "seed {seed}: {input}");
        assert_eq!(
            w * h,
            1 << 32,
            "seed {seed}: {w} x {h} is not the fewest cells"
        );
    }
}

/// On as many cells, fewer commands are smaller, and the proof tries them:
/// a candidate wrong on `count` once `move 0 0` was played (the board
/// empty) and on `legal -1 -1` on a 1 x 1 board is reported on the one command,
/// not on the two, which no greedy step shortens (either command alone
/// passes). Two cargo-mutants mutants of chomp stopped at two commands
/// where one failed on the same board (`mutant-2054` in 11 seeds of 20).
#[test]
fn chomp_fewer_commands_on_as_many_cells_are_smaller() {
    use boardcheck::problem::Problem;
    use boardcheck::problems::chomp::{Command, Reply};
    reported_proven::<Chomp>(0..8, "1 1\n1\nlegal -1 -1\n", |case| {
        let mut answer = Chomp::engine(case);
        for (i, command) in case.commands.iter().enumerate() {
            let after_clear = case.commands[..i].contains(&Command::Move(0, 0));
            let off_corner =
                (case.width, case.height) == (1, 1) && *command == Command::Legal(-1, -1);
            match (answer.get_mut(i), command) {
                (Some(Reply::Count(n)), Command::Count) if after_clear => *n += 1,
                (Some(Reply::Legal(yes)), Command::Legal(..)) if off_corner => *yes = !*yes,
                _ => {}
            }
        }
        answer
    });
}

/// In every seed of `seeds`, a unit check of `solve` reports `input`,
/// proven the smallest.
fn reported_proven<P: Suite>(
    seeds: std::ops::Range<u64>,
    input: &str,
    solve: fn(&P::Case) -> P::Answer,
) {
    use boardcheck::harness::report::Shrink;
    use boardcheck::unit::Check;
    for seed in seeds {
        let report = Check::<P>::function(solve)
            .seed(seed)
            .keep_failures(false)
            .report();
        let failure = report.failure.expect("it fails");
        assert_eq!(failure.input, input, "seed {seed}");
        assert!(
            matches!(failure.shrink, Shrink::Smallest { .. }),
            "seed {seed}: {:?}",
            failure.shrink
        );
    }
}

/// The proof tries every board of fewer points over the enumeration's
/// alphabet, `#` included, whatever the best's size: a candidate wrong on
/// the one-point board `#` and on every board of three points or more
/// without a `#` is reported on `#`. Before `#` was enumerated at every
/// size, the proof of a three-point board tried two colours only below it
/// and called the three points minimal.
#[test]
fn go_capture_proof_tries_every_colour_below_the_best() {
    use boardcheck::problem::Problem;
    reported_proven::<GoCapture>(0..8, "1 1\n#\n", |board| {
        let mut answer = GoCapture::engine(board);
        let hash = board.cells.contains(&b'#');
        let points = board.rows * board.cols;
        if (points == 1 && hash) || (points >= 3 && !hash) {
            answer.removed += 1;
        }
        answer
    });
}

/// The proof tries the best board's own stone characters too, beyond the
/// enumeration's `.XO#`: a candidate wrong on a one-point board of a
/// stone character outside `.XO#BW` (the generator's fixed palette is
/// `#BWX`) and on every board of three points or more holding one is
/// reported on such a one-point board. Greedy steps stop at three points
/// (no two-point board fails), and a proof over `.XO#` alone called three
/// points the fewest.
#[test]
fn go_capture_proof_tries_the_best_boards_own_characters() {
    use boardcheck::harness::report::Shrink;
    use boardcheck::problem::Problem;
    use boardcheck::unit::Check;
    fn rare(c: &u8) -> bool {
        !b".XO#BW".contains(c)
    }
    for seed in 0..8 {
        let report = Check::<GoCapture>::function(|board| {
            let mut answer = GoCapture::engine(board);
            let points = board.rows * board.cols;
            if board.cells.iter().any(rare) && points != 2 {
                answer.removed += 1;
            }
            answer
        })
        .seed(seed)
        .keep_failures(false)
        .report();
        let failure = report.failure.expect("it fails");
        let one_rare = matches!(failure.input.strip_prefix("1 1\n").map(str::as_bytes),
            Some([c, b'\n']) if rare(c));
        assert!(one_rare, "seed {seed}: {:?}", failure.input);
        assert!(
            matches!(failure.shrink, Shrink::Smallest { .. }),
            "seed {seed}: {:?}",
            failure.shrink
        );
    }
}

/// A shard of `--exhaustive` runs every other enumerated case: its first
/// failure is not minimal by construction, so it is shrunk, and the proof
/// tries every smaller case, the other shard's too. Here the one-cell row
/// `.` (the enumeration's first case, shard 1's) fails, and so does every
/// case of three cells or more; shard 2's first failure has three cells,
/// and was reported there as minimal before.
#[test]
fn a_shard_of_the_enumeration_proves_its_first_failure() {
    use boardcheck::harness::report::Shrink;
    use boardcheck::problem::Problem;
    use boardcheck::problems::flank_row::{Cell, FlankRow};
    let candidate = FnCandidate::<FlankRow, _>::new(|case| {
        let mut row = FlankRow::engine(case);
        let empty_cell = case.row == [Cell::Empty] && case.placements.is_empty();
        if empty_cell || case.row.len() + case.placements.len() >= 3 {
            row[0] = match row[0] {
                Cell::Empty => Cell::Piece(boardcheck::problems::flank_row::Player::A),
                _ => Cell::Empty,
            };
        }
        row
    });
    let config = CheckConfig {
        cases: 0,
        exhaustive: Some(4),
        shard: Some("2/2".parse().expect("a shard")),
        jobs: 1,
        limits: LimitsMode::Off,
        properties: PropertiesMode::Off,
        ..CheckConfig::default()
    };
    let failure = check::<FlankRow>(&candidate, &config)
        .failure
        .expect("it fails");
    assert_eq!(failure.size, "1 cell, 0 placements", "{:?}", failure.input);
    assert!(
        matches!(failure.shrink, Shrink::Smallest { .. }),
        "{:?}",
        failure.shrink
    );
}

/// On a fixed 8 x 8 board (an engine of one size, like GRhino or Edax) a
/// candidate that refuses every forced pass is reported on the shortest
/// game to one: eight plays and black's pass. Deleting commands from the
/// random game that first met a pass stopped at 35 to 61 commands (GRhino,
/// seeds 31 to 35); the shortcut search (`Extras::shortcuts`) plays the
/// games shorter than the report that meet the same situation.
#[test]
fn othello_game_refused_pass_shrinks_to_the_shortest_game_to_a_pass() {
    use boardcheck::problem::Problem;
    use boardcheck::problems::othello_game::{Command, OthelloGame, Reply};
    use boardcheck::unit::Check;
    for seed in 0..4 {
        let report = Check::<OthelloGame>::function(|case| {
            let mut answer = OthelloGame::engine(case);
            // Wrong only where a pass is the contract's answer: the replies
            // to any pass become "illegal" (the board is not read back).
            for (reply, command) in answer.replies.iter_mut().zip(&case.commands) {
                if matches!(command, Command::Play { vertex: None, .. }) {
                    *reply = Reply::Illegal;
                }
            }
            answer
        })
        .seed(seed)
        .shape(8, 8)
        .keep_failures(false)
        .report();
        let failure = report.failure.expect("a forced pass is met");
        let lines: Vec<&str> = failure.input.lines().collect();
        assert_eq!(lines[1], "9", "seed {seed}:\n{}", failure.input);
        assert_eq!(lines.last(), Some(&"play b pass"), "seed {seed}");
    }
}
