//! go-move: (properties, zoo and vectors: `tests/registry.rs`) exhaustive
//! small boards, liberty
//! correctness along random games, illegal moves changing nothing, legal
//! position counts, a quickcheck family and the fuzz bodies.

use boardcheck::harness::exhaust::exhaust;
use boardcheck::harness::fuzz;
use boardcheck::harness::testing::case_count;
use boardcheck::problem::read_input;
use boardcheck::problems::go_move::engine::{Board, Illegal};
use boardcheck::problems::go_move::playout::{self, Rng};
use boardcheck::problems::go_move::{
    Answer, BLACK, Case, EMPTY, GoMove, Move, Position, WHITE, count, engine, fast_board, oracle,
    patterns, rules,
};
use proptest::strategy::Strategy;

#[test]
fn exhaustive_up_to_9_points() {
    // Legal positions: 1 (1x1), 57 (2x2), 12675 (3x3), each with every
    // point and both colours.
    let done = exhaust::<GoMove>(9, 2).unwrap();
    assert_eq!(done.mismatch, None);
    assert_eq!(done.checked, 2 + 57 * 8 + 12675 * 18);
}

/// The `Case` type lets a library caller name a point off the board (the
/// text format cannot): engine and oracle both call such a move illegal,
/// whichever coordinate is out, and neither panics.
#[test]
fn a_move_off_the_board_is_illegal_for_engine_and_oracle() {
    for n in 1..=3 {
        for (row, col) in [(n, 0), (0, n), (n, n), (n + 5, n - 1), (n - 1, n + 5)] {
            for colour in [BLACK, WHITE] {
                let case = Case {
                    position: Position::empty(n),
                    mv: Move { row, col, colour },
                };
                assert_eq!(oracle::solve(&case), Answer::Illegal, "{case:?}");
                assert_eq!(engine::solve(&case), Answer::Illegal, "{case:?}");
            }
        }
    }
}

/// The liberties of the group at (r, c), by a flood fill on the cells alone.
fn flood_liberties(cells: &[u8], n: usize, r: usize, c: usize) -> Vec<(usize, usize)> {
    let pos = Position {
        n,
        cells: cells.to_vec(),
    };
    let (_, libs) = rules::group_and_liberties(&pos, r * n + c);
    libs.into_iter().map(|i| (i / n, i % n)).collect()
}

/// Random games on every size from 1x1 to 19x19, random lengths, random
/// moves (occupied points and suicides included): after every move the
/// engine's chains and liberty counts match a recomputation from scratch,
/// every chain's liberties equal a flood fill's, the move agrees with the
/// oracle, and an illegal move leaves the board identical.
#[test]
fn liberties_stay_exact_along_random_games() {
    let mut rng = Rng::new(2024);
    let games = case_count(40) as usize;
    for game in 0..games {
        let n = 1 + game % 19;
        let length = rng.below(2 * n * n + 1);
        let mut board = Board::new(n, n);
        let mut colour = BLACK;
        for _ in 0..length {
            // Mostly the playout's choice; sometimes any point at all.
            let at = if rng.below(4) == 0 {
                let (r, c) = (rng.below(n), rng.below(n));
                board.point(r, c)
            } else {
                match playout::choose_move(&board, colour, &mut rng) {
                    Some(p) => p,
                    None => board.point(rng.below(n), rng.below(n)),
                }
            };
            let (row, col) = board.row_col(at);
            let case = Case {
                position: Position {
                    n,
                    cells: board.cells(),
                },
                mv: Move { row, col, colour },
            };
            let before = board.clone();
            let result = board.try_play(at, colour);
            let want = oracle::solve(&case);
            match (&result, &want) {
                (Ok(_), Answer::Legal(p)) => assert_eq!(&board.cells(), &p.cells, "{case:?}"),
                (Err(why), Answer::Illegal) => {
                    assert_eq!(board, before, "illegal move ({why:?}) changed the board");
                    let occupied = case.position.at(row, col) != EMPTY;
                    assert_eq!(*why == Illegal::Occupied, occupied);
                }
                _ => panic!("engine {result:?} vs oracle {want:?} on {case:?}"),
            }
            board
                .check_consistency()
                .unwrap_or_else(|e| panic!("{e}\n{case:?}"));
            // Every chain's liberties (read off the engine's chain list)
            // equal a flood fill's; one check per group.
            let cells = board.cells();
            let mut done = vec![false; n * n];
            for i in 0..n * n {
                if cells[i] == EMPTY || done[i] {
                    continue;
                }
                let p = board.point(i / n, i % n);
                for s in board.chain(p) {
                    let (r, c) = board.row_col(s);
                    done[r * n + c] = true;
                }
                let libs = board.liberties(p);
                assert_eq!(libs, flood_liberties(&cells, n, i / n, i % n));
                assert_eq!(board.liberty_count(p), libs.len());
                assert!(!libs.is_empty(), "a group without a liberty after a move");
            }
            colour = 3 - colour;
        }
    }
}

#[test]
fn full_playouts_end_and_stay_consistent() {
    for (n, seed) in [(9, 1), (19, 2), (25, 3), (1, 4), (2, 5)] {
        let (board, played) = playout::random_game(n, seed);
        board.check_consistency().unwrap();
        assert!(played.moves <= playout::default_cap(n, n));
        assert!(board.first_dead_stone().is_none());
    }
}

#[test]
fn the_position_check_names_a_stone_of_a_dead_group() {
    let err = read_input::<GoMove>("3\n000\n011\n122\n0 0 1\n", false).unwrap_err();
    assert_eq!((err.line, err.column), (4, Some(2)));
    // The engine's check and the generator's flood fill agree on every 3x3 colouring.
    let mut cells = vec![0u8; 9];
    for mut code in 0..3u32.pow(9) {
        for cell in cells.iter_mut() {
            *cell = (code % 3) as u8;
            code /= 3;
        }
        let by_engine = Board::from_cells(3, 3, &cells)
            .err()
            .map(|(r, c)| r * 3 + c);
        let pos = Position {
            n: 3,
            cells: cells.clone(),
        };
        assert_eq!(by_engine, rules::first_dead_stone(&pos), "{cells:?}");
    }
}

#[test]
fn legal_position_counts() {
    // Known values (Tromp and Farnebäck): 1, 57, 12675; and every shape up
    // to 9 points agrees with brute force through the engine's position check.
    use count::enumerate::{count_legal, count_legal_brute};
    assert_eq!(count_legal(1, 1), 1);
    assert_eq!(count_legal(2, 2), 57);
    assert_eq!(count_legal(3, 3), 12675);
    for rows in 1..=9 {
        for cols in 1..=9 / rows {
            assert_eq!(
                count_legal(rows, cols),
                count_legal_brute(rows, cols),
                "{rows}x{cols}"
            );
        }
    }
}

/// The transfer-matrix count against the enumeration on every board of
/// `min_points..=max_points` points (both orientations: the count turns the
/// board, the enumeration does not), the enumeration split over two
/// threads.
fn dp_equals_enumeration(min_points: usize, max_points: usize) {
    let mut boards = 0;
    for rows in 1..=max_points {
        for cols in 1..=max_points / rows {
            if rows * cols < min_points {
                continue;
            }
            let enumerated: u64 = std::thread::scope(|s| {
                let halves: Vec<_> = (0..2)
                    .map(|i| s.spawn(move || count::enumerate::count_legal_part(rows, cols, i, 2)))
                    .collect();
                halves.into_iter().map(|h| h.join().unwrap()).sum()
            });
            let dp = count::dp::count(count::dp::Job {
                rows,
                cols,
                shard: (0, 1),
                threads: 2,
            });
            assert_eq!(dp, enumerated.into(), "{rows}x{cols}");
            boards += 1;
        }
    }
    assert!(boards > 0);
}

#[test]
fn dp_equals_enumeration_up_to_12_points() {
    dp_equals_enumeration(1, 12);
}

/// The rest of the boards of up to 20 points (4x5 takes minutes):
/// `cargo test --release --test go_move -- --ignored dp_equals`.
#[test]
#[ignore]
fn dp_equals_enumeration_13_to_20_points() {
    dp_equals_enumeration(13, 20);
}

/// One board of the published table.
struct Published {
    rows: usize,
    cols: usize,
    count: num_bigint::BigUint,
    source: String,
}

/// `tests/published/legal_go_counts.toml`: every board it lists, each sequence
/// unrolled.
fn published_counts() -> Vec<Published> {
    let text = std::fs::read_to_string("tests/published/legal_go_counts.toml").unwrap();
    let table: toml::Table = text.parse().unwrap();
    let number = |v: &toml::Value| -> num_bigint::BigUint { v.as_str().unwrap().parse().unwrap() };
    let int = |v: &toml::Value| v.as_integer().unwrap() as usize;
    let mut out = Vec::new();
    for seq in table["sequence"].as_array().unwrap() {
        let rows = int(&seq["rows"]);
        for (i, c) in seq["counts"].as_array().unwrap().iter().enumerate() {
            out.push(Published {
                rows: if rows == 0 { i + 1 } else { rows },
                cols: i + 1,
                count: number(c),
                source: seq["name"].as_str().unwrap().to_string(),
            });
        }
    }
    for board in table["board"].as_array().unwrap() {
        out.push(Published {
            rows: int(&board["rows"]),
            cols: int(&board["cols"]),
            count: number(&board["count"]),
            source: board["source"].as_str().unwrap().to_string(),
        });
    }
    out
}

/// The transfer-matrix count of every published board whose shorter side is
/// at most `BOARDCHECK_LEGAL_GO_WIDTH` (default 6; 9 takes about a minute
/// in a release build, 10 several). The same count turned (rows and
/// columns swapped) where the board is small.
#[test]
fn legal_go_count_table() {
    let width: usize = std::env::var("BOARDCHECK_LEGAL_GO_WIDTH")
        .map(|v| v.parse().expect("BOARDCHECK_LEGAL_GO_WIDTH: a number"))
        .unwrap_or(6);
    let table = published_counts();
    assert!(table.len() >= 100, "the table lost boards: {}", table.len());
    let mut checked = 0;
    for p in &table {
        if p.rows.min(p.cols) > width {
            continue;
        }
        let job = |rows, cols| count::dp::Job {
            rows,
            cols,
            shard: (0, 1),
            threads: 2,
        };
        let got = count::dp::count(job(p.rows, p.cols));
        assert_eq!(got, p.count, "{}x{} ({})", p.rows, p.cols, p.source);
        if p.rows * p.cols <= 36 {
            assert_eq!(count::dp::count(job(p.cols, p.rows)), p.count);
        }
        checked += 1;
    }
    assert!(checked >= 80, "only {checked} boards were narrow enough");
}

/// A count split 8 ways adds up to the whole, no shard has it all, and the
/// threads do not change a shard's count.
#[test]
fn a_count_split_8_ways_equals_the_whole() {
    for (rows, cols) in [(5, 5), (3, 9), (2, 2), (1, 13)] {
        let whole = count::count_legal(rows, cols);
        let mut sum = num_bigint::BigUint::ZERO;
        for i in 0..8 {
            let job = |threads| count::dp::Job {
                rows,
                cols,
                shard: (i, 8),
                threads,
            };
            let part = count::dp::count(job(1));
            assert_eq!(part, count::dp::count(job(2)), "{rows}x{cols} shard {i}");
            if rows * cols > count::dp::SHARD_DEPTH {
                assert!(part < whole, "{rows}x{cols} shard {i} has it all");
            }
            sum += part;
        }
        assert_eq!(sum, whole, "{rows}x{cols}");
    }
}

#[test]
fn big_patterns_agree() {
    for case in [
        patterns::capture_all(25),
        patterns::from_playout(25, 7),
        patterns::from_playout(19, 8),
    ] {
        assert_eq!(engine::solve(&case), oracle::solve(&case));
    }
    let Answer::Legal(after) = engine::solve(&patterns::capture_all(25)) else {
        panic!("capturing everything is legal");
    };
    assert_eq!(after.stones(), 1);
    assert_eq!(after.cells[0], WHITE);
}

#[test]
fn fuzz_bodies_on_random_bytes() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    // Digit-heavy text reaches the board parser more often.
    let mut runner = TestRunner::deterministic();
    let digits =
        proptest::string::string_regex("[0-3]{1,2}\n([0-3 ]{1,5}\n){1,4}[0-3 ]{0,7}\n?").unwrap();
    for _ in 0..case_count(1000) {
        let text = digits.new_tree(&mut runner).unwrap().current();
        fuzz::text_input::<GoMove>(text.as_bytes());
    }
}

/// Random move sequences on 1×1 to 19×19 (a third of the cases on at most
/// 4×4), up to 3·n² steps, each of the three kinds `agrees_with_engine`
/// knows (any point, any empty point, the playout's choice).
fn fast_board_runs() -> impl Strategy<Value = (usize, Vec<u32>)> {
    use proptest::prelude::*;
    prop_oneof![1usize..=4, 1usize..=19].prop_flat_map(|n| {
        (
            Just(n),
            proptest::collection::vec(any::<u32>(), 0..=3 * n * n),
        )
    })
}

/// Runs `agrees_with_engine::<SLIP>` over `cases` random runs.
fn fast_board_property<const SLIP: u8>(
    cases: u32,
    persist: bool,
) -> Result<(), proptest::test_runner::TestError<(usize, Vec<u32>)>> {
    use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestRunner};
    let persistence = persist.then(|| {
        Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/go_move_fast_board.txt",
        )) as Box<_>
    });
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: persistence,
        // The slips' runs only show what was caught: a few seconds of
        // shrinking (long 19×19 runs in a debug build can take half a minute).
        max_shrink_time: if persist {
            Config::default().max_shrink_time
        } else {
            5_000
        },
        ..Config::default()
    });
    runner.run(&fast_board_runs(), |(n, steps)| {
        fast_board::agrees_with_engine::<SLIP>(n, &steps).map_err(TestCaseError::fail)
    })
}

/// The playout board equals the exact engine after every move: the result
/// of the move, every point, legality and eyes of both colours on every
/// empty point, atari of every chain.
#[test]
fn fast_board_agrees_with_the_engine_move_by_move() {
    if let Err(e) = fast_board_property::<{ fast_board::NO_SLIP }>(case_count(64), true) {
        panic!("the fast board differs from the engine: {e}");
    }
}

/// The same property catches each deliberate slip of the fast board's
/// bookkeeping, with the minimal run printed.
#[test]
fn fast_board_slips_are_caught() {
    for (name, result) in [
        (
            "no-liberties-back",
            fast_board_property::<{ fast_board::NO_LIBERTIES_BACK }>(case_count(64), false),
        ),
        (
            "pseudo-as-exact",
            fast_board_property::<{ fast_board::PSEUDO_AS_EXACT }>(case_count(64), false),
        ),
        (
            "eye-left-listed",
            fast_board_property::<{ fast_board::EYE_LEFT_LISTED }>(case_count(64), false),
        ),
        (
            "new-eye-unlisted",
            fast_board_property::<{ fast_board::NEW_EYE_UNLISTED }>(case_count(64), false),
        ),
        (
            "stale-set-place",
            fast_board_property::<{ fast_board::STALE_SET_PLACE }>(case_count(64), false),
        ),
    ] {
        match result {
            Err(proptest::test_runner::TestError::Fail(why, (n, steps))) => {
                eprintln!(
                    "{name}: caught on {n}x{n} after {} steps: {why}",
                    steps.len()
                );
            }
            other => panic!("{name} was not caught: {other:?}"),
        }
    }
}

/// The slips seen from the board's questions: a stale place in the shared
/// set is refused by the consistency check at the very move that leaves it
/// (nothing else shows yet), and counting pseudo-liberties as liberties
/// misses the atari of a chain whose one liberty two stones touch.
#[test]
fn fast_board_slips_show_where_they_happen() {
    use fast_board::FastBoard;
    let mut stale = FastBoard::<{ fast_board::STALE_SET_PLACE }>::new(3, 3);
    let mut clean = FastBoard::<{ fast_board::NO_SLIP }>::new(3, 3);
    let p = stale.point(0, 0);
    assert_eq!(
        (stale.try_play(p, BLACK), clean.try_play(p, BLACK)),
        (Ok(0), Ok(0))
    );
    assert_eq!(stale.cells(), clean.cells());
    assert_eq!(clean.check_consistency(), Ok(()));
    let why = stale.check_consistency().unwrap_err();
    assert!(why.contains("shared set"), "{why}");
    // Removing the last member moves none: nothing goes stale.
    let mut last = FastBoard::<{ fast_board::STALE_SET_PLACE }>::new(1, 2);
    let end = *last.shared_points().last().unwrap() as usize;
    assert_eq!(last.try_play(end, BLACK), Ok(0));
    assert_eq!(last.check_consistency(), Ok(()));
    // Black (0, 0), (0, 1), (1, 0) on 2×2: one liberty, (1, 1), touched twice.
    let mut exact = FastBoard::<{ fast_board::NO_SLIP }>::new(2, 2);
    let mut pseudo = FastBoard::<{ fast_board::PSEUDO_AS_EXACT }>::new(2, 2);
    for (r, c) in [(0, 0), (0, 1), (1, 0)] {
        let at = exact.point(r, c);
        assert_eq!(
            (exact.try_play(at, BLACK), pseudo.try_play(at, BLACK)),
            (Ok(0), Ok(0))
        );
    }
    let corner = exact.point(0, 0);
    assert!(exact.in_atari(corner));
    assert!(!pseudo.in_atari(corner));
    // A lone stone with its liberties each touched once: both agree.
    let mut lone = FastBoard::<{ fast_board::PSEUDO_AS_EXACT }>::new(1, 2);
    let left = lone.point(0, 0);
    assert_eq!(lone.try_play(left, BLACK), Ok(0));
    assert!(lone.in_atari(left));
}

/// A merge keeps the head of the larger chain (the existing one when both
/// are as large), like the exact engine: black (0, 0), (0, 1), (0, 2),
/// then (0, 4), then (0, 3) joins the single stone to the chain of three.
#[test]
fn a_fast_board_merge_keeps_the_larger_chains_head() {
    let mut board = <fast_board::FastBoard>::new(2, 5);
    let at = |board: &fast_board::FastBoard, col| board.point(0, col);
    assert_eq!(board.try_play(at(&board, 0), BLACK), Ok(0));
    assert_eq!(board.try_play(at(&board, 1), BLACK), Ok(0));
    let head = Some(at(&board, 0));
    assert_eq!(board.chain_head(at(&board, 1)), head);
    assert_eq!(board.try_play(at(&board, 2), BLACK), Ok(0));
    assert_eq!(board.try_play(at(&board, 4), BLACK), Ok(0));
    assert_eq!(board.chain_head(at(&board, 4)), Some(at(&board, 4)));
    assert_eq!(board.try_play(at(&board, 3), BLACK), Ok(0));
    for col in 0..5 {
        assert_eq!(board.chain_head(at(&board, col)), head, "column {col}");
    }
    assert_eq!(board.chain_head(board.point(1, 0)), None);
    board.check_consistency().unwrap();
}

/// `clone_from` between boards of other sizes, mid-game: the copy is the
/// board (its cells, its checks, the same game from there on the same
/// random draws as a fresh clone).
#[test]
fn fast_board_clone_from_copies_a_board_of_any_size() {
    use fast_board::FastBoard;
    for (from_n, into_n) in [(19, 9), (9, 19), (5, 5)] {
        let mut from = <FastBoard>::new(from_n, from_n);
        from.playout(BLACK, 40, &mut Rng::new(7));
        let mut into = <FastBoard>::new(into_n, into_n);
        into.playout(WHITE, 60, &mut Rng::new(8));
        into.clone_from(&from);
        into.check_consistency().unwrap();
        assert_eq!(into.cells(), from.cells(), "{from_n} into {into_n}");
        assert_eq!(into.shared_points(), from.shared_points());
        let mut fresh = from.clone();
        let cap = playout::default_cap(from_n, from_n);
        let (a, b) = (
            into.playout(BLACK, cap, &mut Rng::new(9)),
            fresh.playout(BLACK, cap, &mut Rng::new(9)),
        );
        assert_eq!(
            (a.moves, a.captured, a.both_passed),
            (b.moves, b.captured, b.both_passed)
        );
        assert_eq!(into.cells(), fresh.cells());
        into.check_consistency().unwrap();
    }
}

/// Point indices and (row, col) agree both ways on boards of every shape
/// tried, and everything off the points reads as off-board.
#[test]
fn fast_board_points_and_rows_cols_agree() {
    for (rows, cols) in [(1, 1), (1, 7), (4, 2), (9, 9), (19, 13), (25, 25)] {
        let board = <fast_board::FastBoard>::new(rows, cols);
        let mut points = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let p = board.point(r, c);
                assert_eq!(board.row_col(p), (r, c), "{rows}x{cols}");
                assert_eq!(board.colour(p), EMPTY);
                points.push(p);
            }
        }
        let last = *points.last().unwrap();
        for p in (0..last + 2 * cols + 8).chain([1023, 1024, usize::MAX]) {
            if !points.contains(&p) {
                assert_eq!(board.colour(p), 3, "index {p} on {rows}x{cols}");
            }
        }
    }
}

/// The draw is uniform over the legal non-eye moves, on a fixed
/// position with every kind of point: open ones (rows 3 and 4), (0, 0)
/// where Black captures and White would fill its own eye, (0, 3)
/// Black's eye and White's suicide, (2, 3) closed next to both colours
/// and legal for both. 40 000 draws per colour with a fixed seed:
/// nothing else ever drawn, each move's count within 6 % of the mean
/// (about 4.5 standard deviations) and the chi-square statistic below
/// 40 (7 or 6 degrees of freedom: a 10⁻⁵ tail is about 30). A draw
/// biased towards some points (say "the first legal point after a
/// random place") fails.
#[test]
fn fast_board_draws_are_uniform_over_the_legal_non_eye_moves() {
    let mut b = fast_board::mixed_position();
    let (rows, cols) = (5, 4);
    let exact = Board::from_cells(rows, cols, &b.cells()).unwrap();
    let mut rng = Rng::new(2024);
    for (who, expected) in [(BLACK, 8), (WHITE, 7)] {
        let mut want: Vec<usize> = exact
            .empties()
            .iter()
            .map(|&e| e as usize)
            .filter(|&e| exact.is_legal(e, who) && !exact.is_eye(e, who))
            .collect();
        want.sort_unstable();
        assert_eq!(want.len(), expected, "colour {who}");
        let draws = 40_000;
        let mut seen = std::collections::BTreeMap::new();
        for _ in 0..draws {
            *seen
                .entry(b.choose_move(who, &mut rng).unwrap())
                .or_insert(0u32) += 1;
        }
        let drawn: Vec<usize> = seen.keys().copied().collect();
        assert_eq!(drawn, want, "colour {who}: what was drawn");
        let mean = f64::from(draws) / want.len() as f64;
        let mut chi2 = 0.0;
        for (p, &k) in &seen {
            let off = f64::from(k) - mean;
            assert!(
                off.abs() < 0.06 * mean,
                "colour {who}: {k} draws of {p}, mean {mean}"
            );
            chi2 += off * off / mean;
        }
        assert!(chi2 < 40.0, "colour {who}: chi-square {chi2}");
    }
    b.check_consistency().unwrap();
}

#[test]
fn fast_playouts_end_and_stay_legal() {
    use boardcheck::problems::go_move::fast_board::FastBoard;
    for (n, seed) in [(9, 1), (19, 2), (25, 3), (1, 4), (2, 5)] {
        let mut board = FastBoard::<{ fast_board::NO_SLIP }>::new(n, n);
        let played = board.playout(BLACK, playout::default_cap(n, n), &mut Rng::new(seed));
        assert!(played.moves <= playout::default_cap(n, n));
        // What is on the board is what was placed less what was captured.
        let stones = board.cells().iter().filter(|&&c| c != EMPTY).count();
        assert_eq!(stones, played.moves - played.captured, "{n}x{n}");
        assert_eq!(played.moves > 0, n > 1, "{n}x{n}: {played:?}");
        let exact = Board::from_cells(n, n, &board.cells());
        assert!(exact.is_ok(), "a playout left a group without a liberty");
    }
}

/// Every n×n colouring (3^(n·n) of them) for n = 1 to 3, row-major cells.
fn every_colouring(n: usize) -> impl Iterator<Item = Vec<u8>> {
    (0..3u32.pow((n * n) as u32)).map(move |mut code| {
        (0..n * n)
            .map(|_| {
                let v = (code % 3) as u8;
                code /= 3;
                v
            })
            .collect()
    })
}

/// The shared rules module against brute force and the engine: the
/// neighbours of every point are the points at distance 1; on every
/// colouring of up to 3×3 every stone's group and liberties (sorted, each
/// once) are the engine's chain and liberties, and `legalize` leaves a
/// legal position that keeps every stone of a legal one and otherwise only
/// empties points.
#[test]
fn the_shared_rules_agree_with_brute_force_and_the_engine() {
    for n in 1..=5 {
        for i in 0..n * n {
            let mut got: Vec<usize> = rules::neighbours(n, i).collect();
            got.sort_unstable();
            let want: Vec<usize> = (0..n * n)
                .filter(|&j| (i / n).abs_diff(j / n) + (i % n).abs_diff(j % n) == 1)
                .collect();
            assert_eq!(got, want, "neighbours of {i} on {n}x{n}");
        }
    }
    for n in 1..=3 {
        for cells in every_colouring(n) {
            let board = Board::from_cells_unchecked(n, n, &cells);
            let pos = Position {
                n,
                cells: cells.clone(),
            };
            for i in (0..n * n).filter(|&i| cells[i] != EMPTY) {
                let (mut points, libs) = rules::group_and_liberties(&pos, i);
                points.sort_unstable();
                let p = board.point(i / n, i % n);
                let mut chain: Vec<usize> = board
                    .chain(p)
                    .into_iter()
                    .map(|s| {
                        let (r, c) = board.row_col(s);
                        r * n + c
                    })
                    .collect();
                chain.sort_unstable();
                assert_eq!(points, chain, "group of {i} in {cells:?}");
                let want: Vec<usize> = board.liberties(p).iter().map(|&(r, c)| r * n + c).collect();
                assert_eq!(libs, want, "liberties of {i} in {cells:?}");
            }
            let mut legal = pos.clone();
            rules::legalize(&mut legal);
            assert!(Board::from_cells(n, n, &legal.cells).is_ok(), "{legal:?}");
            for (before, after) in cells.iter().zip(&legal.cells) {
                assert!(after == before || *after == EMPTY, "{cells:?} -> {legal:?}");
            }
            if Board::from_cells(n, n, &cells).is_ok() {
                assert_eq!(legal, pos);
            } else {
                assert!(legal.stones() < pos.stones());
            }
        }
    }
}

/// `pick_move` numbers the empty points (or every point when asked to, or
/// when none is empty) and `move_at` names a point by row and column.
#[test]
fn a_move_is_picked_by_its_number() {
    // 3x3, empty at 1, 4 and 8.
    let pos = Position {
        n: 3,
        cells: vec![1, 0, 2, 2, 0, 1, 1, 2, 0],
    };
    let at = |mv: Move| mv.row * 3 + mv.col;
    for (k, point) in [1, 4, 8].into_iter().enumerate() {
        let mv = rules::pick_move(
            &pos,
            true,
            |m| {
                assert_eq!(m, 3);
                k
            },
            WHITE,
        );
        assert_eq!((at(mv), mv.colour), (point, WHITE));
    }
    for k in 0..9 {
        let mv = rules::pick_move(
            &pos,
            false,
            |m| {
                assert_eq!(m, 9);
                k
            },
            BLACK,
        );
        assert_eq!((at(mv), mv.colour), (k, BLACK));
    }
    let full = Position {
        n: 2,
        cells: vec![1, 1, 1, 2],
    };
    let mv = rules::pick_move(
        &full,
        true,
        |m| {
            assert_eq!(m, 4);
            3
        },
        BLACK,
    );
    assert_eq!((mv.row, mv.col), (1, 1));
    for (i, n, row, col) in [(0, 1, 0, 0), (7, 3, 2, 1), (5, 4, 1, 1), (23, 5, 4, 3)] {
        let mv = rules::move_at(i, n, WHITE);
        assert_eq!(
            (mv.row, mv.col, mv.colour),
            (row, col, WHITE),
            "{i} on {n}x{n}"
        );
    }
}

/// The board's accessors and predicates against brute force from its
/// cells, after every move of random games on boards of 1 to 5 rows and
/// 1 to 5 columns (not only square ones, so rows and columns cannot be
/// swapped): the sides, point ↔ (row, col), the colour at every index, the
/// empty list, one-point eyes, legality (an empty point, and the move
/// leaves its group a liberty or captures), `add_keeps_all_alive`, the
/// number of stones a move captures, and `play` off the board or with a
/// colour that is neither black nor white.
#[test]
fn the_board_api_agrees_with_brute_force_from_the_cells() {
    let mut rng = Rng::new(77);
    for game in 0..case_count(60) as usize {
        let (rows, cols) = (1 + game % 5, 1 + (game / 5) % 5);
        let mut board = Board::new(rows, cols);
        assert_eq!((board.rows(), board.cols()), (rows, cols));
        let mut colour = BLACK;
        for _ in 0..rng.below(3 * rows * cols + 1) {
            let cells = board.cells();
            assert_eq!(cells.len(), rows * cols);
            let at = |r: isize, c: isize| -> Option<u8> {
                let inside = (0..rows as isize).contains(&r) && (0..cols as isize).contains(&c);
                inside.then(|| cells[r as usize * cols + c as usize])
            };
            let mut empties = Vec::new();
            for r in 0..rows {
                for c in 0..cols {
                    let p = board.point(r, c);
                    assert_eq!(board.row_col(p), (r, c));
                    assert_eq!(board.colour(p), cells[r * cols + c]);
                    if cells[r * cols + c] == EMPTY {
                        empties.push(p);
                    }
                    let (ri, ci) = (r as isize, c as isize);
                    let around = [(ri - 1, ci), (ri + 1, ci), (ri, ci - 1), (ri, ci + 1)];
                    for who in [BLACK, WHITE] {
                        let eye = cells[r * cols + c] == EMPTY
                            && around
                                .iter()
                                .all(|&(rr, cc)| at(rr, cc).is_none_or(|v| v == who));
                        assert_eq!(board.is_eye(p, who), eye, "eye ({r}, {c}) {who}");
                        let mut played = board.clone();
                        let result = played.try_play(p, who);
                        assert_eq!(board.is_legal(p, who), result.is_ok(), "({r}, {c}) {who}");
                        if let Ok(captured) = result {
                            let stones = |cs: &[u8]| cs.iter().filter(|&&v| v != EMPTY).count();
                            let gone = stones(&cells) + 1 - stones(&played.cells());
                            assert_eq!(captured as usize, gone, "({r}, {c}) {who}");
                        }
                        if cells[r * cols + c] == EMPTY {
                            let mut added = board.clone();
                            added.add_stone(p, who);
                            assert_eq!(
                                board.add_keeps_all_alive(p, who),
                                added.first_dead_stone().is_none(),
                                "add ({r}, {c}) {who} on {cells:?}"
                            );
                        }
                    }
                }
            }
            let mut listed: Vec<usize> = board.empties().iter().map(|&e| usize::from(e)).collect();
            listed.sort_unstable();
            empties.sort_unstable();
            assert_eq!(listed, empties);
            let before = board.clone();
            let off = [
                (rows, 0, BLACK),
                (0, cols, WHITE),
                (rows + 5, 0, BLACK),
                (0, cols + 5, WHITE),
                (0, 0, EMPTY),
                (0, 0, 3),
            ];
            for (r, c, who) in off {
                assert_eq!(board.play(r, c, who), Err(Illegal::Occupied));
                assert_eq!(board, before);
            }
            let (r, c) = (rng.below(rows), rng.below(cols));
            let _ = board.play(r, c, colour);
            colour = 3 - colour;
        }
    }
}

#[test]
fn the_consistency_check_refuses_every_bookkeeping_slip() {
    let boards = boardcheck::problems::go_move::zoo::inconsistent_boards();
    assert_eq!(boards.len(), 3);
    for (slip, board) in boards {
        let why = board.check_consistency().unwrap_err();
        assert!(why.contains("the board keeps"), "{slip}: {why}");
        // The same position played without the slip is consistent.
        let clean = Board::from_cells_unchecked(3, 3, &board.cells());
        assert_eq!(clean.check_consistency(), Ok(()), "{slip}");
    }
}

#[test]
fn a_merge_relabels_the_smaller_chain() {
    // Black (0, 0), (0, 1), (0, 2), then (0, 4), then (0, 3) joins the
    // single stone to the chain of four: the chain of four keeps its head,
    // which stays first in the chain's list.
    let mut board = Board::new(2, 5);
    for col in [0, 1, 2, 4, 3] {
        assert_eq!(board.play(0, col, BLACK), Ok(0));
    }
    let head = board.point(0, 0);
    for col in 0..5 {
        let chain = board.chain(board.point(0, col));
        assert_eq!(chain.len(), 5);
        assert_eq!(chain[0], head, "the head seen from (0, {col})");
    }
    board.check_consistency().unwrap();
}
