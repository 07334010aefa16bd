//! go-capture: (properties, zoo and vectors: `tests/registry.rs`)
//! exhaustive small boards, the 2000 x 2000 spiral, quickcheck, the fuzz
//! bodies. The example candidates through the checker are in `examples.rs`.

use boardcheck::generation::{Generate, pattern};
use boardcheck::harness::exhaust::exhaust;
use boardcheck::harness::fuzz;
use boardcheck::harness::testing;
use boardcheck::problem::{Problem, answer_text, case_text, read_input};
use boardcheck::problems::go_capture::enumerate::boards_over;
use boardcheck::problems::go_capture::{Board, EMPTY, GoCapture, engine, oracle, stone_chars};
use boardcheck::suite::{Solver, Suite};
use proptest::strategy::Strategy;

#[test]
fn the_seeds_own_code_prints_8_and_its_test_expects_1() {
    let board = Board::from_rows(&["###", "#B#", "###"]);
    let zoo = GoCapture::zoo();
    let by_name = |name: &str| zoo.iter().find(|s| s.name == name).unwrap();
    assert_eq!(by_name("one-at-a-time").solve(&board).unwrap().removed, 8);
    assert_eq!(by_name("hash-is-wall").solve(&board).unwrap().removed, 1);
    assert_eq!(engine::solve(&board).removed, 9);
    assert_eq!(oracle::solve(&board).removed, 9);
}

#[test]
fn exhaustive_every_board_of_up_to_8_points_over_four_characters() {
    let done = exhaust::<GoCapture>(8, 2).unwrap();
    assert_eq!(done.mismatch, None);
    let every: u64 = (1..=8u32).map(|c| shapes(c) * 4u64.pow(c)).sum();
    assert_eq!(done.checked, every);
    assert_eq!(every, 314_276);
}

/// Union by rank keeps the engine's trees shallow (a wrong rank rule gives
/// the same answers, only a deeper tree to walk): a set grown one point at
/// a time, the new point passed first and second in turn, stays a star,
/// and 64 points joined in pairs of equal sets make a binomial tree, whose
/// deepest point is log2(64) = 6 steps from the root.
#[test]
fn union_by_rank_keeps_the_trees_shallow() {
    let n = 64;
    let fresh = || {
        let mut g = engine::Groups::new(n);
        (0..n).for_each(|i| g.add(i));
        g
    };
    let mut g = fresh();
    let mut root = g.link(0, 1);
    for i in 2..n {
        root = if i % 2 == 0 {
            g.link(i, root)
        } else {
            g.link(root, i)
        };
    }
    let deepest = (0..n).map(|i| g.depth(i)).max().unwrap();
    assert_eq!(deepest, 1, "one point at a time");
    assert!((0..n).all(|i| g.find(i) == root));
    let mut g = fresh();
    let mut roots: Vec<usize> = (0..n).collect();
    while roots.len() > 1 {
        roots = roots.chunks(2).map(|p| g.link(p[0], p[1])).collect();
    }
    let deepest = (0..n).map(|i| g.depth(i)).max().unwrap();
    assert_eq!(deepest, 6, "pairs");
    assert!((0..n).all(|i| g.find(i) == roots[0]));
}

fn shapes(points: u32) -> u64 {
    (1..=points).filter(|n| points.is_multiple_of(*n)).count() as u64
}

/// Every law on every board of up to 6 points over three colours, for both
/// solvers: a second, exhaustive, check of the properties themselves.
#[test]
fn every_property_on_every_board_of_up_to_6_points() {
    let properties = GoCapture::properties();
    for board in boards_over(6, b".XO#") {
        for p in &properties {
            for solver in [Solver::engine(), Solver::oracle()] {
                if let Err(why) = (p.holds)(&solver, &board) {
                    panic!("{} fails {} on {board:?}: {why}", solver.name, p.name);
                }
            }
        }
    }
}

/// The 2000 x 2000 spiral: one X group of about 2·10^6 stones with no
/// liberty, and an O corridor just as long that lives by one empty point at
/// its far end. The engine must remove exactly the X stones, counted
/// directly on the board.
#[test]
fn the_2000_spiral_engine_against_a_direct_count() {
    let board = pattern::<GoCapture>("spiral", 2000).unwrap();
    assert_eq!((board.rows, board.cols), (2000, 2000));
    let xs = board.cells.iter().filter(|&&b| b == b'X').count();
    let empties = board.cells.iter().filter(|&&b| b == EMPTY).count();
    assert_eq!(empties, 1, "one empty point, in the centre");
    assert!(
        xs > 1_900_000,
        "the spiral covers about half the board: {xs}"
    );
    let got = engine::solve(&board);
    assert_eq!(got.removed, xs);
    for (before, after) in board.cells.iter().zip(&got.board.cells) {
        let want = if *before == b'X' { EMPTY } else { *before };
        assert_eq!(*after, want);
    }
}

#[test]
fn spirals_are_one_group_and_engine_equals_oracle_on_them() {
    for n in [1, 2, 3, 4, 5, 6, 9, 10, 17, 64, 301] {
        let board = pattern::<GoCapture>("spiral", n).unwrap();
        let groups = oracle::groups(&board);
        let xs: Vec<_> = groups.iter().filter(|g| g.colour == b'X').collect();
        assert_eq!(xs.len(), 1, "{n}: the X spiral is one group");
        assert_eq!(engine::solve(&board), oracle::solve(&board), "spiral {n}");
        if n >= 5 {
            assert!(xs[0].liberties.is_empty(), "{n}: the X spiral is dead");
            let os: Vec<_> = groups.iter().filter(|g| g.colour == b'O').collect();
            assert_eq!(os.len(), 1, "{n}: the O corridor is one group");
            assert_eq!(os[0].liberties.len(), 1, "{n}: living by one liberty");
        }
    }
    for pattern in GoCapture::extras().patterns {
        let board = (pattern.build)(120);
        assert_eq!(
            engine::solve(&board),
            oracle::solve(&board),
            "{}",
            pattern.name
        );
    }
}

/// The oracle on the full 2000 x 2000 spiral takes a few seconds in a debug
/// build: `cargo test --test go_capture -- --ignored`.
#[test]
#[ignore]
fn the_2000_spiral_engine_equals_oracle() {
    let board = pattern::<GoCapture>("spiral", 2000).unwrap();
    assert_eq!(engine::solve(&board), oracle::solve(&board));
}

#[test]
fn generated_boards_have_structure_and_several_colours() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = GoCapture::cases(8);
    let (mut full, mut dead, mut three_colours, mut big_group) = (0, 0, 0, 0);
    for _ in 0..500 {
        let board = strategy.new_tree(&mut runner).unwrap().current();
        assert!(board.len() <= 64 && board.len() == board.rows * board.cols);
        let mut colours: Vec<u8> = board
            .cells
            .iter()
            .copied()
            .filter(|&b| b != EMPTY)
            .collect();
        colours.sort();
        colours.dedup();
        full += usize::from(board.stones() == board.len());
        three_colours += usize::from(colours.len() >= 3);
        dead += usize::from(oracle::solve(&board).removed > 0);
        big_group += usize::from(
            board.len() >= 16
                && oracle::groups(&board)
                    .iter()
                    .any(|g| 2 * g.stones.len() >= board.len()),
        );
    }
    assert!(full >= 25, "full boards: {full}");
    assert!(dead >= 150, "boards with captures: {dead}");
    assert!(
        three_colours >= 25,
        "boards with 3+ colours: {three_colours}"
    );
    assert!(
        big_group >= 10,
        "boards with a group over half the board: {big_group}"
    );
}

#[test]
fn fuzz_bodies_on_random_bytes() {
    testing::fuzz_bodies_on_random_bytes::<GoCapture>(2000, 200);
    // Texts that nearly parse: every prefix of a valid input, and one byte changed.
    let text = case_text::<GoCapture>(&Board::from_rows(&["X.O", "#BO"]));
    for cut in 0..=text.len() {
        fuzz::text_input::<GoCapture>(&text.as_bytes()[..cut]);
    }
    for i in 0..text.len() {
        for b in [b' ', b'\t', b'0', b'9', b'\n', 0x7f, b'-'] {
            let mut t = text.clone().into_bytes();
            t[i] = b;
            fuzz::text_input::<GoCapture>(&t);
        }
    }
}

#[test]
fn answers_read_back() {
    let board = Board::from_rows(&["XO", "O."]);
    let answer = engine::solve(&board);
    let text = answer_text::<GoCapture>(&answer);
    assert_eq!(text, "1\n.O\nO.\n");
    let mut lines = boardcheck::text::Lines::new(&text);
    assert_eq!(GoCapture::read_answer(&mut lines, &board).unwrap(), answer);
    let mut bad = boardcheck::text::Lines::new("1\n.O\n");
    let e = GoCapture::read_answer(&mut bad, &board).unwrap_err();
    assert!(e.to_string().contains("line 3"), "{e}");
}

#[test]
fn generation_is_deterministic_and_valid() {
    for seed in 0..50 {
        let a = boardcheck::harness::check::generate::<GoCapture>(seed, 36);
        let b = boardcheck::harness::check::generate::<GoCapture>(seed, 36);
        assert_eq!(a, b);
        let text = case_text::<GoCapture>(&a);
        assert_eq!(read_input::<GoCapture>(&text, false).unwrap()[0], a);
    }
    let _ = stone_chars();
}
