//! reversi-move: (properties, zoo and vectors: `tests/registry.rs`)
//! exhaustive small boards, the bitboard engine against
//! the grid engine, perft, and the JSON form. The example candidates
//! through the checker are in `examples.rs`.

use boardcheck::harness::exhaust::exhaust;
use boardcheck::harness::testing::{self, assert_property, case_count};
use boardcheck::problem::{Problem, answer_text, case_text};
use boardcheck::problems::reversi_move::othello::{Position, Turn};
use boardcheck::problems::reversi_move::{
    Board, Case, ReversiMove, bitboard, enumerate, format, grid, oracle, patterns, perft, perft_tt,
    strategy,
};
use boardcheck::suite::{LawKind, Property, Solver};
use proptest::strategy::{Strategy, ValueTree};

/// The issue's `exhaust --max-cells 9`: every board of every shape with at
/// most 9 cells, every cell, both players (1,586,220 moves).
#[test]
fn exhaustive_up_to_9_cells() {
    let done = exhaust::<ReversiMove>(9, 2).unwrap();
    assert_eq!(done.mismatch, None);
    assert_eq!(done.checked, enumerate::every_move_count(9));
    assert_eq!(done.checked, 1_586_220);
}

#[test]
fn the_worst_case_pattern_agrees_on_100_by_100() {
    for side in [1, 2, 3, 8, 99, 100] {
        let case = patterns::long_rays(side);
        assert_eq!(grid::solve(&case), oracle::solve(&case), "side {side}");
    }
    let case = patterns::long_rays(100);
    let flipped = grid::solve(&case)
        .cells
        .iter()
        .zip(&case.board.cells)
        .filter(|(a, b)| a != b)
        .count();
    // From (50, 50): up, left and up-left reach 50 cells, the other five 49;
    // all but the closing cell of each flip, and the move itself is written.
    assert_eq!(flipped, 3 * 49 + 5 * 48 + 1);
}

/// Bitboard against grid engine on one 8×8 board: every cell, both players,
/// and the legal-move mask against the cells where the grid move is legal.
fn bitboard_agrees_on(board: &Board) -> Result<(), String> {
    for player in [1, 2] {
        let (p, o) = bitboard::planes(board, player);
        let mut legal = 0u64;
        for row in 0..8 {
            for col in 0..8 {
                let case = Case {
                    board: board.clone(),
                    row,
                    col,
                    player,
                };
                let (want, got) = (grid::solve(&case), bitboard::solve(&case));
                if want != got {
                    return Err(format!(
                        "bitboard {}grid {}on\n{}",
                        answer_text::<ReversiMove>(&got),
                        answer_text::<ReversiMove>(&want),
                        case_text::<ReversiMove>(&case)
                    ));
                }
                if grid::is_legal(board, row, col, player) {
                    legal |= 1 << (row * 8 + col);
                }
            }
        }
        if bitboard::moves(p, o) != legal {
            return Err(format!(
                "player {player}: move mask {:016x}, grid legal cells {legal:016x}",
                bitboard::moves(p, o)
            ));
        }
    }
    Ok(())
}

#[test]
fn bitboard_equals_grid_engine_on_random_8x8_boards() {
    let property = Property::<ReversiMove> {
        name: "bitboard-equals-grid",
        about: "the bitboard move and mask equal the grid engine's on 8x8",
        holds: |_, case| Ok(bitboard_agrees_on(&case.board)?),
        kind: LawKind::Answers,
    };
    assert_property(
        &property,
        &Solver::engine(),
        &strategy::eight_by_eight(),
        200,
    );
}

#[test]
fn bitboard_equals_grid_engine_on_reachable_positions() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let positions = strategy::reachable();
    for _ in 0..case_count(100) {
        let pos = positions.new_tree(&mut runner).unwrap().current();
        bitboard_agrees_on(&pos.to_board()).unwrap();
    }
}

/// The flips of a cell-by-cell walk on the planes (bit `8·row + col`).
fn walked_flips(p: u64, o: u64, sq: u32) -> u64 {
    let mut all = 0;
    for (dr, dc) in grid::DIRECTIONS {
        let on = |r: isize, c: isize| (0..8).contains(&r) && (0..8).contains(&c);
        let (mut r, mut c, mut run) = (sq as isize / 8 + dr, sq as isize % 8 + dc, 0u64);
        while on(r, c) && o >> (8 * r + c) & 1 == 1 {
            run |= 1 << (8 * r + c);
            (r, c) = (r + dr, c + dc);
        }
        if on(r, c) && p >> (8 * r + c) & 1 == 1 {
            all |= run;
        }
    }
    all
}

/// The legal-move mask of the walk: the empty cells where something flips.
fn walked_moves(p: u64, o: u64) -> u64 {
    (0..64)
        .filter(|&sq| (p | o) >> sq & 1 == 0 && walked_flips(p, o, sq) != 0)
        .fold(0, |m, sq| m | 1 << sq)
}

/// `moves`, `flips` and `play` of the bitboard engine against the walk on
/// random planes, sparse and dense (runs of every length, runs that would
/// wrap round an edge), every cell.
#[test]
fn bitboard_moves_flips_and_play_match_a_walk_on_random_planes() {
    let mut s = 0x1234_5678_9abc_def1u64;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    for round in 0..case_count(4000) {
        let (a, b, c) = (next(), next(), next());
        let p = if round % 3 == 0 { a & b & c } else { a & b };
        let o = match round % 4 {
            0 => !a & c,
            1 => !p & (b | c),
            2 => !p & !(a & c),
            _ => !p & next() & next(),
        };
        assert_eq!(bitboard::moves(p, o), walked_moves(p, o), "{p:#x} {o:#x}");
        for sq in 0..64 {
            let bit = 1u64 << sq;
            let (mut p2, mut o2) = (p, o);
            let f = bitboard::play(&mut p2, &mut o2, sq);
            if (p | o) & bit != 0 {
                assert_eq!((f, p2, o2), (0, p, o), "occupied {sq}");
                continue;
            }
            let want = walked_flips(p, o, sq);
            assert_eq!(bitboard::flips(p, o, sq), want, "{p:#x} {o:#x} {sq}");
            assert_eq!(f, want);
            if want == 0 {
                assert_eq!((p2, o2), (p, o), "illegal {sq}");
            } else {
                assert_eq!((p2, o2), (p | want | bit, o & !want), "{sq}");
            }
        }
    }
}

/// Every run of 1 to 6 opponent pieces from every cell in every direction,
/// closed by the mover or open (an empty cell or the edge after it): the
/// move is legal and flips exactly the run when closed, else neither.
#[test]
fn bitboard_finds_every_run_closed_or_open() {
    for sq in 0..64u32 {
        let (r0, c0) = (sq as isize / 8, sq as isize % 8);
        for (dr, dc) in grid::DIRECTIONS {
            for len in 1..=6 {
                let cell = |k: isize| {
                    let (r, c) = (r0 + k * dr, c0 + k * dc);
                    ((0..8).contains(&r) && (0..8).contains(&c)).then(|| 1u64 << (8 * r + c))
                };
                let Some(run) = (1..=len).map(cell).sum::<Option<u64>>() else {
                    continue;
                };
                for closed in [true, false] {
                    let p = match (closed, cell(len + 1)) {
                        (true, Some(end)) => end,
                        (true, None) => continue,
                        // A piece of the mover elsewhere on the line's far side.
                        (false, _) => cell(-1).unwrap_or(0),
                    };
                    let legal = bitboard::moves(p, run) >> sq & 1 == 1;
                    assert_eq!(legal, closed, "{sq} ({dr}, {dc}) {len}");
                    let flips = bitboard::flips(p, run, sq);
                    assert_eq!(
                        flips,
                        if closed { run } else { 0 },
                        "{sq} ({dr}, {dc}) {len}"
                    );
                }
            }
        }
    }
}

/// The planes of a board and the board of the planes, both players; the
/// bitboard engine refuses a board that is not 8×8.
#[test]
fn bitboard_planes_and_boards_round_trip() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let cases = strategy::eight_by_eight();
    for _ in 0..case_count(200) {
        let case = cases.new_tree(&mut runner).unwrap().current();
        for player in [1, 2] {
            let (p, o) = bitboard::planes(&case.board, player);
            assert_eq!(p & o, 0);
            for (i, &cell) in case.board.cells.iter().enumerate() {
                assert_eq!(p >> i & 1 == 1, cell == player, "{i}");
                assert_eq!(o >> i & 1 == 1, cell == 3 - player, "{i}");
            }
            assert_eq!(bitboard::to_board(p, o, player), case.board);
        }
    }
    for (rows, cols) in [(8, 7), (7, 8), (1, 1)] {
        let board = Board::empty(rows, cols);
        let refused = std::panic::catch_unwind(|| bitboard::planes(&board, 1));
        assert!(refused.is_err(), "{rows}x{cols}");
    }
}

/// The perft suite (`tests/data/perft/suite.toml`, the published tables
/// for the start position, computed counts elsewhere) under both pass
/// conventions: the bitboard engine plainly wherever a count is at most
/// `plain_max` leaves, hashed (one and two threads) against the same
/// numbers, and the grid engine wherever a count is at most `grid_max`.
fn perft_suite(plain_max: u64, grid_max: u64) {
    use perft::Passes;
    use perft_tt::{Config, count};
    let suite = perft::suite().unwrap();
    assert!(suite.len() >= 7, "the suite lost positions");
    assert_eq!(suite[0].position().unwrap(), Position::start());
    let mut checked = 0;
    for entry in &suite {
        let pos = entry.position().unwrap();
        let board = pos.to_board();
        for passes in [Passes::Ply, Passes::Free] {
            let counts = entry.counts(passes);
            assert!(!counts.is_empty(), "{}: no counts", entry.name);
            for (i, &want) in counts.iter().enumerate() {
                let depth = i as u32 + 1;
                let at = format!("{} {passes:?} depth {depth}", entry.name);
                if want <= plain_max {
                    assert_eq!(perft::perft_with(&pos, depth, passes), want, "{at}");
                    for (hash_mb, threads) in [(4, 1), (4, 2), (0, 2)] {
                        let config = Config {
                            passes,
                            hash_mb,
                            threads,
                        };
                        assert_eq!(
                            count(&pos, depth, &config),
                            want,
                            "{at} {hash_mb} MiB, {threads} threads"
                        );
                    }
                    // Three shards, one plain, add up to the count.
                    let shards: u64 = (0..3)
                        .map(|i| {
                            let config = Config {
                                passes,
                                hash_mb: if i == 1 { 0 } else { 4 },
                                threads: 1,
                            };
                            perft_tt::count_shard(&pos, depth, &config, i, 3)
                        })
                        .sum();
                    assert_eq!(shards, want, "{at} in 3 shards");
                    checked += 1;
                }
                if want <= grid_max {
                    assert_eq!(
                        perft::perft_grid_with(&board, pos.mover(), depth, passes),
                        want,
                        "{at} grid"
                    );
                }
            }
        }
    }
    assert!(
        checked >= 50,
        "only {checked} counts were small enough to check"
    );
}

#[test]
fn perft_suite_small_counts() {
    perft_suite(300_000, 20_000);
}

/// Every count up to 2·10^10 leaves (depth 13 from the start): run with
/// `--ignored --release`.
#[test]
#[ignore]
fn perft_suite_deep() {
    perft_suite(20_000_000_000, 5_000_000);
}

#[test]
fn perft_bitboard_equals_perft_grid_from_reachable_positions() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let positions = strategy::reachable();
    let mut passes_or_ends = 0;
    for _ in 0..case_count(40) {
        let pos = positions.new_tree(&mut runner).unwrap().current();
        passes_or_ends += usize::from(pos.turn() != Turn::Move(pos.moves()));
        let board = pos.to_board();
        for depth in 1..=3 {
            assert_eq!(
                perft::perft(&pos, depth),
                perft::perft_grid(&board, pos.mover(), depth),
                "depth {depth} from\n{}",
                answer_text::<ReversiMove>(&board)
            );
        }
    }
    // Late positions, where passes and game ends happen.
    for choices in [vec![0usize; 60], vec![7; 60], vec![3; 70]] {
        let pos = Position::after_choices(&choices);
        let board = pos.to_board();
        for depth in 1..=4 {
            assert_eq!(
                perft::perft(&pos, depth),
                perft::perft_grid(&board, pos.mover(), depth)
            );
        }
    }
    let _ = passes_or_ends;
}

#[test]
fn perft_bitboard_equals_perft_grid_from_random_boards() {
    // Unreachable boards too: crowded ones, lopsided ones, finished ones.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let boards = strategy::eight_by_eight();
    for _ in 0..case_count(60) {
        let case = boards.new_tree(&mut runner).unwrap().current();
        let pos = Position::from_board(&case.board, case.player);
        for depth in 1..=2 {
            assert_eq!(
                perft::perft(&pos, depth),
                perft::perft_grid(&case.board, case.player, depth),
                "depth {depth} from\n{}",
                case_text::<ReversiMove>(&case)
            );
        }
    }
}

#[test]
fn perft_counts_passes_and_game_ends_by_the_convention() {
    // White has one piece and no move; black moves, then black again after
    // white's pass. A position where neither moves is one leaf at any depth.
    let mut board = Board::empty(8, 8);
    board.set(0, 0, 1);
    board.set(0, 1, 2);
    let pos = Position::from_board(&board, 1);
    assert_eq!(pos.turn(), Turn::Move(1 << 2));
    let after = pos.play(2).unwrap();
    assert_eq!(after.turn(), Turn::Over);
    for depth in 1..=5 {
        assert_eq!(perft::perft(&after, depth), 1);
        assert_eq!(perft::perft(&pos, depth), 1);
        assert_eq!(perft::perft_grid(&board, 1, depth), 1);
    }
    // White in the corner, black next to it: black has no move, white has
    // one. The pass uses one ply, then white's move ends the game.
    let mut board = Board::empty(8, 8);
    board.set(0, 0, 2);
    board.set(0, 1, 1);
    let pos = Position::from_board(&board, 1);
    assert_eq!(pos.turn(), Turn::Pass);
    assert_eq!(pos.pass().turn(), Turn::Move(1 << 2));
    for depth in 1..=4 {
        assert_eq!(perft::perft(&pos, depth), 1);
        assert_eq!(perft::perft_grid(&board, 1, depth), 1);
    }
    // Passes in real games: a forced pass is one ply of its own.
    let mut found = 0;
    for seed in 0..400usize {
        let choices: Vec<usize> = (0..60).map(|i| (i * 7 + seed * 13) ^ seed).collect();
        let mut pos = Position::start();
        for &c in &choices {
            match pos.turn() {
                Turn::Over => break,
                Turn::Pass => {
                    found += 1;
                    for depth in 1..=3 {
                        let want = if depth == 1 {
                            1
                        } else {
                            perft::perft(&pos.pass(), depth - 1)
                        };
                        assert_eq!(perft::perft(&pos, depth), want);
                        assert_eq!(perft::perft_grid(&pos.to_board(), pos.mover(), depth), want);
                    }
                    pos = pos.pass();
                }
                Turn::Move(m) => {
                    pos = pos
                        .play(boardcheck::problems::reversi_move::othello::nth_bit(
                            m,
                            c % m.count_ones() as usize,
                        ))
                        .unwrap();
                }
            }
        }
    }
    assert!(found > 0, "no pass found");
}

/// Who is to move, and which colour each plane is, through play, pass and
/// the board form: the colours are what the problem's answers show.
#[test]
fn positions_keep_the_colours_and_the_side_to_move() {
    let start = Position::start();
    assert!(start.black_to_move);
    assert_eq!(start.mover(), 1);
    // d5 (3, 3) and e4 (4, 4) black, d4 (4, 3) and e5 (3, 4) white.
    let board = start.to_board();
    for (r, c, colour) in [(3, 3, 1), (4, 4, 1), (4, 3, 2), (3, 4, 2)] {
        assert_eq!(board.get(r, c), colour, "({r}, {c})");
    }
    // Black plays e6 (2, 4), flipping e5: four black pieces, white to move.
    let after = start.play(2 * 8 + 4).unwrap();
    assert!(!after.black_to_move);
    assert_eq!(after.mover(), 2);
    let board = after.to_board();
    for (r, c, colour) in [(2, 4, 1), (3, 4, 1), (3, 3, 1), (4, 4, 1), (4, 3, 2)] {
        assert_eq!(board.get(r, c), colour, "({r}, {c})");
    }
    assert_eq!(Position::from_board(&board, 2), after);
    assert_eq!(after.player.count_ones(), 1);
    // A pass hands the move back without touching the board.
    let passed = after.pass();
    assert!(passed.black_to_move);
    assert_eq!(passed.mover(), 1);
    assert_eq!(passed.to_board(), board);
    assert_eq!(Position::from_board(&board, 1), passed);
    // Every reachable position survives the board form, both movers.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let positions = strategy::reachable();
    let mut white_to_move = 0;
    for _ in 0..case_count(100) {
        let pos = positions.new_tree(&mut runner).unwrap().current();
        assert_eq!(Position::from_board(&pos.to_board(), pos.mover()), pos);
        assert_eq!(pos.mover(), if pos.black_to_move { 1 } else { 2 });
        white_to_move += usize::from(!pos.black_to_move);
    }
    assert!(white_to_move > 0);
}

/// `nth_bit` against the set bits listed one by one, and `after_choices`
/// picking the move the choice names (the n-th legal move, modulo).
#[test]
fn nth_bit_names_the_nth_set_bit_and_choices_pick_that_move() {
    use boardcheck::problems::reversi_move::othello::nth_bit;
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..2000 {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let mask = s & s.rotate_left(17);
        let bits: Vec<u32> = (0..64).filter(|&i| mask >> i & 1 == 1).collect();
        for (n, &bit) in bits.iter().enumerate() {
            assert_eq!(nth_bit(mask, n), bit, "{mask:#x} {n}");
        }
    }
    let start = Position::start();
    let m = start.moves();
    for choice in 0..8 {
        let sq = (0..64)
            .filter(|&i| m >> i & 1 == 1)
            .nth(choice % 4)
            .unwrap();
        assert_eq!(
            Position::after_choices(&[choice]),
            start.play(sq).unwrap(),
            "choice {choice}"
        );
    }
}

#[test]
fn perft_cli_prints_every_depth_and_refuses_bad_depths() {
    let text = perft::run_cli(Some(5)).unwrap();
    let rows: Vec<&str> = text.lines().skip(3).collect();
    assert_eq!(rows.len(), 5, "{text}");
    for (d, row) in rows.iter().enumerate() {
        let fields: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(fields[0], (d + 1).to_string());
        assert_eq!(
            fields[1],
            perft::published(perft::Passes::Ply)[d].to_string()
        );
        assert_eq!(fields.last(), Some(&"ok"), "{row}");
    }
    assert!(perft::run_cli(Some(0)).is_err());
    assert!(perft::run_cli(Some(perft::MAX_DEPTH + 1)).is_err());
}

/// The start position in the perft suite's notation, with `black` and
/// `white` for the two colours and `empty` for the empty cells.
fn start_text(black: char, white: char, empty: char, side: &str) -> String {
    let mut cells = vec![empty; 64];
    (cells[27], cells[36], cells[28], cells[35]) = (black, black, white, white);
    format!("{} {side}", cells.into_iter().collect::<String>())
}

#[test]
fn perft_positions_read_in_every_notation_and_bad_ones_are_refused() {
    let start = Position::start();
    for (black, white, empty, side) in [
        ('X', 'O', '-', "X"),
        ('x', 'o', '.', "x"),
        ('*', 'O', '-', "*"),
    ] {
        let text = start_text(black, white, empty, side);
        assert_eq!(perft::parse_position(&text), Ok(start), "{text}");
    }
    for side in ["O", "o"] {
        let text = start_text('X', 'O', '-', side);
        assert_eq!(perft::parse_position(&text), Ok(start.pass()), "{text}");
    }
    let good = start_text('X', 'O', '-', "X");
    let bad = [
        (good[1..].to_string(), "expected 64 cells, found 63"),
        (format!("-{good}"), "expected 64 cells, found 65"),
        (good.replacen('-', "Z", 1), "cell 1 is 'Z'"),
        (start_text('X', 'O', '-', "B"), "side to move is \"B\""),
        (good[..64].to_string(), "the side to move"),
        (format!("{good} X"), "the side to move"),
    ];
    for (text, want) in bad {
        let err = perft::parse_position(&text).unwrap_err();
        assert!(err.contains(want), "{text}: {err}");
    }
}

/// The columns of one row of the `boardcheck perft` table: depth, leaves,
/// seconds, CPU seconds, rate, check.
fn perft_row(row: &str) -> (u32, u64, f64, f64, f64, String) {
    let f: Vec<&str> = row.split_whitespace().collect();
    let rate = f[4].parse().unwrap_or_else(|_| panic!("rate {row}"));
    let check = f[5..].join(" ");
    (
        f[0].parse().unwrap(),
        f[1].parse().unwrap(),
        f[2].parse().unwrap(),
        f[3].parse().unwrap(),
        rate,
        check,
    )
}

#[test]
fn perft_cli_counts_from_a_position_in_json_in_shards_and_the_deepest_only() {
    use perft::{CliOptions, Passes};
    let start = Position::start();
    let opts = CliOptions {
        depth: Some(4),
        passes: Passes::Ply,
        hash_mb: 1,
        threads: 1,
        only: false,
        position: None,
        shard: None,
        json: false,
    };
    // JSON: the deepest count alone.
    let text = perft::run_cli_with(CliOptions { json: true, ..opts }).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["count"], perft::perft(&start, 4), "{text}");
    // Shards add up to the count.
    let shards: u64 = (0..3)
        .map(|i| {
            let text = perft::run_cli_with(CliOptions {
                shard: Some((i, 3)),
                ..opts
            })
            .unwrap();
            text.lines().next().unwrap().parse::<u64>().unwrap()
        })
        .sum();
    assert_eq!(shards, perft::perft(&start, 4));
    // From a given position: no published counts to compare with.
    let after = start.play(2 * 8 + 4).unwrap();
    let mut cells = vec!['-'; 64];
    let board = after.to_board();
    for (i, c) in board.cells.iter().enumerate() {
        cells[i] = ['-', 'X', 'O'][*c as usize];
    }
    let given = format!("{} O", cells.into_iter().collect::<String>());
    for passes in [Passes::Ply, Passes::Free] {
        let text = perft::run_cli_with(CliOptions {
            position: Some(&given),
            passes,
            ..opts
        })
        .unwrap();
        assert!(text.contains("the given position"), "{text}");
        assert!(text.contains(if passes == Passes::Ply {
            "mode 1"
        } else {
            "mode 2"
        }));
        let rows: Vec<_> = text.lines().skip(3).map(perft_row).collect();
        assert_eq!(rows.len(), 4, "{text}");
        for (d, row) in rows.iter().enumerate() {
            assert_eq!(row.0, d as u32 + 1);
            assert_eq!(row.1, perft::perft_with(&after, row.0, passes), "{text}");
            assert_eq!(row.5, "(unknown)");
        }
    }
    let err = perft::run_cli_with(CliOptions {
        position: Some("X"),
        ..opts
    })
    .unwrap_err();
    assert!(err.contains("--position"), "{err}");
    // The deepest only, from the start: published, timed, and its CPU time
    // within what the machine's cores can spend in that wall time.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    perft::perft(&start, 8); // some CPU time spent before the rows start
    let text = perft::run_cli_with(CliOptions {
        depth: Some(9),
        only: true,
        hash_mb: 16,
        ..opts
    })
    .unwrap();
    let rows: Vec<_> = text.lines().skip(3).map(perft_row).collect();
    assert_eq!(rows.len(), 1, "{text}");
    let (depth, leaves, secs, cpu, rate, check) = rows[0].clone();
    assert_eq!((depth, leaves), (9, 3_005_288));
    assert_eq!(check, "ok");
    assert!(secs > 0.0 && rate > 0.0, "{text}");
    // (Not `cpu > 0.0`: the kernel charges CPU time by the clock tick, and
    // a loaded machine can charge a 20 ms count nothing.)
    assert!(cpu >= 0.0 && cpu <= cores * secs + 0.02, "{text}");
    // Every row of a full table: CPU time never negative nor beyond the cores.
    let text = perft::run_cli_with(CliOptions {
        depth: Some(7),
        ..opts
    })
    .unwrap();
    for row in text.lines().skip(3).map(perft_row) {
        assert!(row.3 >= 0.0 && row.3 <= cores * row.2 + 0.02, "{text}");
        // A rate printed to one decimal of Mleaves/s: the shallow rows (a
        // few hundred leaves) of a loaded machine can read 0.0.
        assert!(row.4 > 0.0 || row.1 < 100_000, "{text}");
    }
    assert!(
        [
            "x86-64 AVX2+BMI2+POPCNT",
            "x86-64 SSE4.2+POPCNT",
            "x86-64 baseline",
            "portable"
        ]
        .contains(&perft::kernel_level())
    );
    assert!(text.contains(&format!("({} code path)", perft::kernel_level())));
}

#[test]
fn json_form_mirrors_place_piece() {
    let input = r#"{"board": [[0,0,0,0,0],[2,1,1,0,0],[0,0,1,1,0],[0,2,0,0,0]], "row": 1, "col": 3, "player": 2}"#;
    let case = format::case_from_json(input).unwrap();
    let answer = ReversiMove::engine(&case);
    assert_eq!(
        format::board_to_json(&answer),
        "[[0,0,0,0,0],[2,2,2,2,0],[0,0,2,1,0],[0,2,0,0,0]]\n"
    );
    // The text and JSON forms read the same case.
    let text = case_text::<ReversiMove>(&case);
    assert_eq!(
        boardcheck::problem::read_input::<ReversiMove>(&text, false).unwrap()[0],
        case
    );
    assert_eq!(
        format::case_from_json(&format::case_to_json(&case)).unwrap(),
        case
    );
}

#[test]
fn json_malformed_inputs_are_refused_with_where() {
    let bad = [
        (
            r#"{"board": [[0,0],[0]], "row": 0, "col": 0, "player": 1}"#,
            "board[1]: has 1 values, expected 2 (ragged rows)",
        ),
        (
            r#"{"board": [[0,3]], "row": 0, "col": 0, "player": 1}"#,
            "board[0][1]: expected an integer in 0..=2, found 3",
        ),
        (
            r#"{"board": [[0,-1]], "row": 0, "col": 0, "player": 1}"#,
            "board[0][1]: expected an integer in 0..=2, found -1",
        ),
        (
            r#"{"board": [], "row": 0, "col": 0, "player": 1}"#,
            "board: has 0 rows",
        ),
        (
            r#"{"board": [[]], "row": 0, "col": 0, "player": 1}"#,
            "board[0]: has 0 values",
        ),
        (
            r#"{"board": [[0]], "row": 1, "col": 0, "player": 1}"#,
            "row: expected an integer in 0..=0, found 1",
        ),
        (
            r#"{"board": [[0]], "row": 0, "col": 5, "player": 1}"#,
            "col: expected an integer in 0..=0, found 5",
        ),
        (
            r#"{"board": [[0]], "row": 0, "col": 0, "player": 3}"#,
            "player: expected an integer in 1..=2, found 3",
        ),
        (
            r#"{"board": [[0]], "row": 0, "col": 0}"#,
            "missing key \"player\"",
        ),
        (
            r#"{"board": [[0]], "row": 0, "col": 0, "player": 1, "x": 1}"#,
            "unexpected key \"x\"",
        ),
        (r#"[[0]]"#, "expected an object"),
        ("{\"board\": [[0]],\n \"row\": 0,, }", "line 2, column"),
    ];
    for (input, want) in bad {
        let err = format::case_from_json(input).unwrap_err();
        assert!(err.to_string().contains(want), "{input}: {err}");
    }
    let wide = format!(
        r#"{{"board": [[{}]], "row": 0, "col": 0, "player": 1}}"#,
        vec!["0"; 101].join(",")
    );
    assert!(format::case_from_json(&wide).is_err());
}

#[test]
fn answers_are_read_as_whole_lines() {
    let case = boardcheck::problem::read_input::<ReversiMove>("1 3\n0 2 1\n0 0 1\n", false)
        .unwrap()
        .remove(0);
    let read = |text: &str| {
        ReversiMove::read_answer(&mut boardcheck::text::Lines::new(text), &case)
            .map_err(|e| e.to_string())
    };
    assert!(read("1 1 1\n").is_ok());
    assert!(read("1 1 1   \r\n").is_ok());
    assert!(read(" 1 1 1\n").is_err());
    assert!(read("1  1 1\n").is_err());
    assert!(read("1 1 3\n").unwrap_err().contains("column 5"));
    assert!(read("1 1\n").is_err());
    assert!(read("").is_err());
}

#[test]
fn fuzz_bodies_on_random_bytes() {
    for data in testing::random_bytes(case_count(1000), 96) {
        testing::fuzz_bodies::<ReversiMove>(&data);
        if let Ok(text) = std::str::from_utf8(&data) {
            let _ = format::case_from_json(text);
        }
    }
}

#[test]
fn perft_checks_counts_against_the_published_ones_and_sizes_tables_by_depth() {
    assert_eq!(perft::against_published(None, 7), Ok("(unknown)"));
    assert_eq!(perft::against_published(Some(7), 7), Ok("ok"));
    assert_eq!(
        perft::against_published(Some(8), 7),
        Err("MISMATCH: expected 8".to_string())
    );
    // Below depth 10 at most 16 MiB; from 10 on what was asked.
    assert_eq!(perft::table_mb(9, 64), 16);
    assert_eq!(perft::table_mb(9, 4), 4);
    assert_eq!(perft::table_mb(10, 64), 64);
    assert_eq!(perft::table_mb(15, 0), 0);
}

/// The 8 images of a plane under the board's symmetries, cell by cell.
fn images_of(x: u64) -> [u64; 8] {
    let mut out = [0u64; 8];
    for sq in (0..64).filter(|&sq| x >> sq & 1 == 1) {
        let (r, c) = (sq / 8, sq % 8);
        let cells = [
            (r, c),
            (r, 7 - c),
            (7 - r, c),
            (7 - r, 7 - c),
            (c, r),
            (c, 7 - r),
            (7 - c, r),
            (7 - c, 7 - r),
        ];
        for (k, (rr, cc)) in cells.into_iter().enumerate() {
            out[k] |= 1 << (8 * rr + cc);
        }
    }
    out
}

/// The table's key is the least of the 8 images of both planes, found cell
/// by cell here, for random and reachable positions.
#[test]
fn the_table_key_is_the_least_image() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let positions = strategy::reachable();
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    for i in 0..case_count(300) {
        let (p, o) = if i % 2 == 0 {
            let pos = positions.new_tree(&mut runner).unwrap().current();
            (pos.player, pos.opponent)
        } else {
            let (a, b) = (next(), next());
            (a & !b, b & !a)
        };
        let (ip, io) = (images_of(p), images_of(o));
        let want = (0..8).map(|k| (ip[k], io[k])).min().unwrap();
        assert_eq!(perft_tt::canonical(p, o), want, "{p:#x} {o:#x}");
        for k in 0..8 {
            assert_eq!(perft_tt::canonical(ip[k], io[k]), want, "image {k}");
        }
    }
}

#[test]
fn perft_threads_and_table_sizes() {
    use perft_tt::{Config, HASH_MIN, Table, table_for, threads};
    assert_eq!(threads(3), 3);
    assert_eq!(threads(1), 1);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(threads(0), cores);
    // 64-byte buckets, a power of two of them within the size.
    for (mb, buckets) in [(0, 1 << 14), (1, 1 << 14), (3, 1 << 15), (4, 1 << 16)] {
        assert_eq!(Table::new(mb).buckets(), buckets, "{mb} MiB");
    }
    let config = |hash_mb| Config {
        passes: perft::Passes::Ply,
        hash_mb,
        threads: 1,
    };
    assert!(table_for(&config(0), 12).is_none());
    assert!(table_for(&config(4), HASH_MIN - 1).is_none());
    let table = table_for(&config(4), HASH_MIN).expect("a table at HASH_MIN");
    assert_eq!((table.buckets(), table.entries()), (1 << 16, 0));
}

/// A bucket's two entries: a count comes back for its key at its depth
/// only; entry 0 keeps the deeper count (a new one as deep replaces it),
/// entry 1 takes the rest; counts too large to pack are not stored.
#[test]
fn perft_table_entries_keep_the_deeper_count() {
    use perft_tt::Table;
    let t = Table::new(1);
    let b = t.locate((3, 4));
    assert!(b < t.buckets());
    t.put(b, (3, 4), 5, 77);
    assert_eq!(t.get(b, (3, 4), 5), Some(77));
    assert_eq!(t.get(b, (3, 4), 6), None);
    assert_eq!(t.get(b, (4, 3), 5), None);
    assert_eq!(t.get(b, (3, 5), 5), None);
    assert_eq!(t.entries(), 1);
    // All in bucket 0 from here.
    t.put(0, (1, 0), 9, 1000);
    t.put(0, (2, 0), 5, 2000);
    assert_eq!(
        (t.get(0, (1, 0), 9), t.get(0, (2, 0), 5)),
        (Some(1000), Some(2000))
    );
    t.put(0, (3, 0), 3, 3000);
    assert_eq!(t.get(0, (2, 0), 5), None, "entry 1 is always replaced");
    assert_eq!(
        (t.get(0, (1, 0), 9), t.get(0, (3, 0), 3)),
        (Some(1000), Some(3000))
    );
    t.put(0, (4, 0), 9, 4000);
    assert_eq!(t.get(0, (1, 0), 9), None, "as deep replaces entry 0");
    assert_eq!(
        (t.get(0, (4, 0), 9), t.get(0, (3, 0), 3)),
        (Some(4000), Some(3000))
    );
    assert_eq!(t.entries(), 3);
    t.put(0, (5, 0), 255, (1 << 56) - 1);
    assert_eq!(t.get(0, (5, 0), 255), Some((1 << 56) - 1));
    t.put(0, (6, 0), 2, 1 << 56);
    t.put(0, (7, 0), 256, 5);
    assert_eq!((t.get(0, (6, 0), 2), t.get(0, (7, 0), 256)), (None, None));
    assert_eq!(t.get(0, (5, 0), 255), Some((1 << 56) - 1));
    assert_eq!(t.entries(), 3);
}

/// The nodes a hashed perft stores: every distinct (least image, plies
/// left) with at least `HASH_MIN` plies left, walked here from the rules
/// of the move (depths up to 6: no cut).
fn stored_nodes(
    p: u64,
    o: u64,
    depth: u32,
    passes: perft::Passes,
    seen: &mut std::collections::HashSet<((u64, u64), u32)>,
) {
    if depth < perft_tt::HASH_MIN || !seen.insert((perft_tt::canonical(p, o), depth)) {
        return;
    }
    let mut m = bitboard::moves(p, o);
    if m == 0 {
        if bitboard::moves(o, p) != 0 {
            let d = if passes == perft::Passes::Ply {
                depth - 1
            } else {
                depth
            };
            stored_nodes(o, p, d, passes, seen);
        }
        return;
    }
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let f = bitboard::flips(p, o, sq);
        stored_nodes(o ^ f, p | f | 1 << sq, depth - 1, passes, seen);
    }
}

#[test]
fn a_hashed_perft_stores_each_deep_node_once() {
    use perft::Passes;
    use perft_tt::{Config, Table, count_in};
    for entry in &perft::suite().unwrap() {
        let pos = entry.position().unwrap();
        for passes in [Passes::Ply, Passes::Free] {
            for depth in 3..=6 {
                let mut want = std::collections::HashSet::new();
                stored_nodes(pos.player, pos.opponent, depth, passes, &mut want);
                for threads in [1, 2] {
                    let config = Config {
                        passes,
                        hash_mb: 16,
                        threads,
                    };
                    let table = Table::new(16);
                    let leaves = count_in(Some(&table), &pos, depth, &config);
                    let at = format!("{} {passes:?} depth {depth}, {threads} threads", entry.name);
                    assert_eq!(leaves, perft::perft_with(&pos, depth, passes), "{at}");
                    assert_eq!(table.entries(), want.len(), "{at}");
                }
            }
        }
    }
}

/// The threads' pieces of work, cut `min(6, depth - HASH_MIN - 2)` plies
/// below the root, their paths adding up to the perft to the cut: merged
/// (with a table), distinct least images, sorted; plain, every node once.
#[test]
fn perft_work_is_cut_into_pieces() {
    use perft::Passes;
    use perft_tt::{cut, pieces};
    assert_eq!(
        [cut(1), cut(6), cut(7), cut(9), cut(12), cut(20)],
        [0, 0, 1, 3, 6, 6]
    );
    for entry in &perft::suite().unwrap() {
        let pos = entry.position().unwrap();
        for passes in [Passes::Ply, Passes::Free] {
            for depth in [4, 7, 8, 9] {
                let at = format!("{} {passes:?} depth {depth}", entry.name);
                let want = perft::perft_with(&pos, cut(depth), passes);
                let merged = pieces(&pos, depth, passes, true);
                assert!(merged.windows(2).all(|w| w[0] < w[1]), "{at}: not sorted");
                for w in merged.windows(2) {
                    let key = |k: &perft_tt::Piece| (k.player, k.opponent, k.depth);
                    assert_ne!(key(&w[0]), key(&w[1]), "{at}: a piece twice");
                }
                for piece in &merged {
                    let key = (piece.player, piece.opponent);
                    assert_eq!(perft_tt::canonical(key.0, key.1), key, "{at}");
                }
                let paths: u64 = merged.iter().map(|k| k.paths).sum();
                assert_eq!(paths, want, "{at} merged");
                let plain = pieces(&pos, depth, passes, false);
                assert!(plain.iter().all(|k| k.paths == 1), "{at}");
                assert_eq!(plain.len() as u64, want, "{at} plain");
            }
        }
    }
}
