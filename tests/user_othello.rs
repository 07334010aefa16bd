//! A user's own 8×8 Othello move function, checked the way a crate that
//! takes boardcheck as a dev-dependency would: the first 10 lines of code
//! are the whole test (the imports, the adapter from the user's board to
//! the problem's, and the one-call assertion); the rest is the user's
//! engine, and checks that a slip is caught and reported, and that
//! failures are kept and replayed.

use boardcheck::prelude::*;
use boardcheck::problems::reversi_move::{Board, Case, ReversiMove};
fn my_move(case: &Case) -> Board {
    let rows = my_engine::play(case.board.to_rows(), case.row, case.col, case.player);
    Board::from_rows(&rows)
}
#[test]
fn my_move_is_right() {
    Check::<ReversiMove>::function(my_move).shape(8, 8).assert();
}

/// The user's engine: a board type and a move of its own, written from the
/// rules (docs/spec/reversi-move.md) on a fixed 8×8 array.
mod my_engine {
    /// Cells 0 (empty), 1 and 2, row by row.
    pub struct Grid([[u8; 8]; 8]);

    /// The user's entry point: the rows after player `p` moves at (`r`, `c`).
    pub fn play(rows: Vec<Vec<u8>>, r: usize, c: usize, p: u8) -> Vec<Vec<u8>> {
        let mut grid = Grid(std::array::from_fn(|y| std::array::from_fn(|x| rows[y][x])));
        grid.play(r, c, p);
        grid.rows()
    }

    const DIRECTIONS: [(i32, i32); 8] = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];

    impl Grid {
        /// The grid of 64 cells given row by row.
        pub fn from_cells(cells: &[u8]) -> Grid {
            Grid(std::array::from_fn(|r| {
                std::array::from_fn(|c| cells[r * 8 + c])
            }))
        }

        /// The rows.
        pub fn rows(&self) -> Vec<Vec<u8>> {
            self.0.map(|row| row.to_vec()).to_vec()
        }

        /// Player `p` moves at (`r`, `c`): the closed runs of the opponent
        /// flip in every direction; an illegal move changes nothing.
        pub fn play(&mut self, r: usize, c: usize, p: u8) {
            self.play_looking(r, c, p, &DIRECTIONS)
        }

        /// [`Grid::play`] looking only in `directions`.
        pub fn play_looking(&mut self, r: usize, c: usize, p: u8, directions: &[(i32, i32)]) {
            let before = self.0;
            let at = |y: i32, x: i32| {
                ((0..8).contains(&y) && (0..8).contains(&x)).then(|| before[y as usize][x as usize])
            };
            if before[r][c] != 0 {
                return;
            }
            let mut flipped = false;
            for &(dr, dc) in directions {
                let (mut y, mut x, mut run) = (r as i32 + dr, c as i32 + dc, Vec::new());
                while at(y, x) == Some(3 - p) {
                    run.push((y as usize, x as usize));
                    (y, x) = (y + dr, x + dc);
                }
                if at(y, x) == Some(p) && !run.is_empty() {
                    flipped = true;
                    for (y, x) in run {
                        self.0[y][x] = p;
                    }
                }
            }
            if flipped {
                self.0[r][c] = p;
            }
        }
    }
}

/// The same function with a slip: it forgets the up-left diagonal.
fn my_slipped_move(case: &Case) -> Board {
    let mut grid = my_engine::Grid::from_cells(&case.board.cells);
    let directions = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];
    grid.play_looking(case.row, case.col, case.player, &directions);
    Board::from_rows(&grid.rows())
}

/// The message of the panic `run` ends with.
fn panic_text(run: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let payload = std::panic::catch_unwind(run).expect_err("the check fails");
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

#[test]
#[should_panic(expected = "WA")]
fn a_slip_fails_the_test() {
    Check::<ReversiMove>::function(my_slipped_move)
        .shape(8, 8)
        .keep_failures(false)
        .assert();
}

#[test]
fn a_slip_is_reported_with_its_seed_and_kept_for_the_next_run() {
    let name = "slip-kept-for-the-next-run";
    let check = || {
        Check::<ReversiMove>::function(my_slipped_move)
            .shape(8, 8)
            .seed(1)
            .named(name)
    };
    let kept = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("proptest-regressions/user_othello")
        .join(format!("{name}.toml"));
    let _ = std::fs::remove_file(&kept);
    let message = panic_text(|| check().assert());
    // Shown with `cargo test --test user_othello -- --nocapture`.
    eprintln!("{message}");
    assert!(
        message.contains("FAIL") && message.contains("WA"),
        "{message}"
    );
    assert!(
        message.contains("BOARDCHECK_SEED=1 cargo test"),
        "{message}"
    );
    assert!(message.contains("8x8"), "{message}");
    let file = std::fs::read_to_string(&kept).expect("the failure is kept");
    assert!(file.contains("[[case]]"), "{file}");
    // The next run replays the kept input before any random case.
    let again = check().keep_failures(true).report();
    let given = again.given.expect("the kept failure is replayed");
    assert_eq!(given.ran, 1);
    assert_eq!(
        again.failure.expect("it still fails").origin,
        Origin::Replayed
    );
    std::fs::remove_file(&kept).expect("the kept file is there");
    let _ = std::fs::remove_dir(kept.parent().unwrap());
}

#[test]
fn a_panic_in_the_function_is_a_crash_not_a_broken_harness() {
    let report = Check::<ReversiMove>::function(|case: &Case| {
        assert!(
            case.board.get(0, 0) == 0,
            "my engine cannot take a corner yet"
        );
        my_move(case)
    })
    .shape(8, 8)
    .seed(3)
    // The panic hook's backtrace (RUST_BACKTRACE=1, a debug build, a loaded
    // machine) can take longer than the 2 s default: that is not the point.
    .time_limit(std::time::Duration::from_secs(60))
    .keep_failures(false)
    .report();
    let failure = report.failure.expect("a corner is taken in some case");
    assert_eq!(failure.verdict, Verdict::RuntimeError);
    assert!(
        failure.detail.contains("cannot take a corner"),
        "{}",
        failure.detail
    );
}

#[test]
fn a_function_that_hangs_is_a_time_out() {
    let report = Check::<ReversiMove>::function(|case: &Case| {
        if case.player == 2 {
            std::thread::sleep(std::time::Duration::from_secs(3));
        }
        my_move(case)
    })
    .shape(8, 8)
    .seed(4)
    .cases(20)
    .time_limit(std::time::Duration::from_millis(100))
    .keep_failures(false)
    .report();
    assert_eq!(
        report.failure.expect("player 2 moves somewhere").verdict,
        Verdict::TimeLimit
    );
}
