//! go-move benchmarks; compare the lines of ONE run.
//!
//! - `go-move/playout/{fast,engine,goban}/{9,19}`: one random playout from
//!   the empty board (Black first; each side plays a legal move that does
//!   not fill a one-point eye of its own — every on-board neighbour its
//!   colour — drawn uniformly among all such moves; pass when none; stop
//!   after two passes in a row or 3·n² turns; ko ignored). `fast` is the
//!   playout board (`fast_board.rs`: pseudo-liberties, a shared set of
//!   the points that are no one's eye plus each colour's captures into the
//!   other's eyes, drawn from without replacement), reset from an empty
//!   board with `clone_from` each time; `engine` the exact-liberty engine.
//!   The `goban` crate plays the same playouts through its public API
//!   (`Game` with suicide as the only illegal rule, `check_point`, `play`;
//!   its `play` also clones the board into a superko history every move).
//!   Before timing, 200 playouts a side print the mean stones placed and
//!   captured and the share ended by two passes: all three must play the
//!   same game. Then playouts per second of the thread's CPU time, the
//!   best of five rounds of at least 0.5 s each. Throughput is in
//!   playouts. Quick on purpose (10 samples,
//!   2 s each); quote ratios between lines of one run.
//! - `go-move/move-19x19/{engine,oracle,engine-from-scratch}`: the moves of
//!   one recorded 19×19 playout replayed; `engine` plays them on one
//!   incremental board, `oracle` solves each (position, move) from scratch
//!   as the statement says, `engine-from-scratch` is `engine::solve` per
//!   move (building the board each time). Throughput is in moves.
//! - `go-move/count-legal-go/RxC/{enumerate,transfer-matrix}`: `count-legal-go`
//!   on the 16-point boards, both ways.

use boardcheck::problems::go_move::engine::Board;
use boardcheck::problems::go_move::fast_board::FastBoard;
use boardcheck::problems::go_move::playout::{Rng, choose_move, default_cap, playout};
use boardcheck::problems::go_move::{BLACK, Case, Move, Position, engine, oracle};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use goban::rules::game::Game;
use goban::rules::{GobanSizes, IllegalRules, Move as GobanMove, Rule, ScoreRules};
use std::time::Duration;

/// Suicide illegal, ko ignored: the contract's rules.
fn goban_rule() -> Rule {
    Rule {
        komi: 7.5,
        flag_illegal: IllegalRules::SUICIDE,
        flag_score: ScoreRules::KOMI | ScoreRules::STONES,
    }
}

/// One playout with `goban`, the same definition as ours (uniform among
/// the legal moves that fill no own one-point eye: a few draws with
/// rejection, then drawing without replacement; pass when none; two
/// passes or 3·n² turns). Returns (stones placed, stones captured, ended
/// by two passes).
/// Note: `goban`'s `Game::play` also pushes a clone of the whole board
/// onto its superko history at every move, which the contract does not
/// need; that cost is inside its figures.
fn goban_playout(n: usize, rng: &mut Rng) -> (usize, usize, bool) {
    let size = if n == 9 {
        GobanSizes::Nine
    } else {
        GobanSizes::Nineteen
    };
    let mut game = Game::new(size, goban_rule());
    let mut passes = 0;
    let mut moves = 0;
    let mut both_passed = false;
    for _ in 0..default_cap(n, n) {
        let turn = game.turn();
        let empties: Vec<(u8, u8)> = game.pseudo_legals().collect();
        let good = |p: (u8, u8)| {
            let eye = game
                .goban()
                .get_connected_points(p)
                .all(|q| q.color == Some(turn));
            !eye && game.check_point(p).is_none()
        };
        let mut chosen = None;
        if !empties.is_empty() {
            for _ in 0..4 {
                let p = empties[rng.below(empties.len())];
                if good(p) {
                    chosen = Some(p);
                    break;
                }
            }
        }
        if chosen.is_none() {
            let mut left = empties.clone();
            while !left.is_empty() {
                let p = left.swap_remove(rng.below(left.len()));
                if good(p) {
                    chosen = Some(p);
                    break;
                }
            }
        }
        match chosen {
            Some((x, y)) => {
                game.play(GobanMove::Play(x, y));
                moves += 1;
                passes = 0;
            }
            None => {
                passes += 1;
                if passes == 2 {
                    both_passed = true;
                    break;
                }
                game.play(GobanMove::Pass);
            }
        }
    }
    let (a, b) = game.prisoners();
    (moves, (a + b) as usize, both_passed)
}

/// Mean stones placed, stones captured and share ended by two passes.
#[derive(Default)]
struct Stats(f64, f64, f64);

impl Stats {
    fn add(&mut self, moves: usize, captured: usize, both_passed: bool, games: usize) {
        let g = games as f64;
        self.0 += moves as f64 / g;
        self.1 += captured as f64 / g;
        self.2 += f64::from(u8::from(both_passed)) / g;
    }
}

/// This thread's CPU time in seconds.
fn cpu_seconds() -> f64 {
    use nix::time::{ClockId, clock_gettime};
    let t = clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).expect("a thread CPU clock");
    t.tv_sec() as f64 + t.tv_nsec() as f64 * 1e-9
}

/// How many times per CPU second `f` runs, over at least 0.5 s of CPU.
fn per_cpu_second(mut f: impl FnMut()) -> f64 {
    let start = cpu_seconds();
    let mut runs = 0u64;
    loop {
        for _ in 0..8 {
            f();
        }
        runs += 8;
        let spent = cpu_seconds() - start;
        if spent >= 0.5 {
            return runs as f64 / spent;
        }
    }
}

fn playouts(c: &mut Criterion) {
    // The three play the same game: the same mean length and captures.
    for n in [9, 19] {
        let games = 200;
        let (mut fast, mut exact, mut theirs) =
            (Stats::default(), Stats::default(), Stats::default());
        let (mut r0, mut r1, mut r2) = (Rng::new(55), Rng::new(99), Rng::new(77));
        for _ in 0..games {
            let played = <FastBoard>::new(n, n).playout(BLACK, default_cap(n, n), &mut r0);
            fast.add(played.moves, played.captured, played.both_passed, games);
            let mut board = Board::new(n, n);
            let played = playout(&mut board, BLACK, default_cap(n, n), &mut r1);
            exact.add(played.moves, played.captured, played.both_passed, games);
            let (m, c, p) = goban_playout(n, &mut r2);
            theirs.add(m, c, p, games);
        }
        for (name, s) in [("fast", &fast), ("engine", &exact), ("goban", &theirs)] {
            eprintln!(
                "{n}x{n}, {name:>6}, mean of {games} playouts: {:.1} stones placed, \
                 {:.1} captured, {:.0}% ended by two passes",
                s.0,
                s.1,
                100.0 * s.2
            );
        }
    }
    // Playouts per second of this thread's CPU time, which the other work
    // on a shared machine does not inflate (criterion's figures are wall
    // time). Five rounds, the three boards in turn each round, and the best
    // round of each kept: the other work on a shared machine only ever
    // slows a round down, and the turns spread it over the three alike.
    for n in [9, 19] {
        let empty = <FastBoard>::new(n, n);
        let mut board = empty.clone();
        let mut rng = Rng::new(3);
        let (mut fast, mut exact, mut theirs) = (0f64, 0f64, 0f64);
        for _ in 0..5 {
            fast = fast.max(per_cpu_second(|| {
                board.clone_from(&empty);
                board.playout(BLACK, default_cap(n, n), &mut rng);
            }));
            exact = exact.max(per_cpu_second(|| {
                playout(&mut Board::new(n, n), BLACK, default_cap(n, n), &mut rng);
            }));
            theirs = theirs.max(per_cpu_second(|| {
                goban_playout(n, &mut rng);
            }));
        }
        eprintln!(
            "{n}x{n}, playouts per CPU second: fast {fast:.0}, engine {exact:.0}, goban {theirs:.0}; \
             fast/goban {:.1}x, fast/engine {:.2}x",
            fast / theirs,
            fast / exact
        );
    }
    let mut group = c.benchmark_group("go-move/playout");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(2));
    group.throughput(Throughput::Elements(1));
    for n in [9, 19] {
        let mut rng = Rng::new(1);
        let empty = <FastBoard>::new(n, n);
        let mut board = empty.clone();
        group.bench_function(BenchmarkId::new("fast", n), |b| {
            b.iter(|| {
                board.clone_from(&empty);
                board.playout(BLACK, default_cap(n, n), &mut rng).moves
            })
        });
        let mut rng = Rng::new(1);
        group.bench_function(BenchmarkId::new("engine", n), |b| {
            b.iter(|| {
                let mut board = Board::new(n, n);
                playout(&mut board, BLACK, default_cap(n, n), &mut rng).moves
            })
        });
        let mut rng = Rng::new(1);
        group.bench_function(BenchmarkId::new("goban", n), |b| {
            b.iter(|| goban_playout(n, &mut rng).0)
        });
    }
    group.finish();
}

/// The (position, move) pairs of one 19×19 playout.
fn recorded_game(seed: u64) -> Vec<Case> {
    let n = 19;
    let mut board = Board::new(n, n);
    let mut rng = Rng::new(seed);
    let mut colour = BLACK;
    let mut cases = Vec::new();
    let mut passes = 0;
    for _ in 0..default_cap(n, n) {
        match choose_move(&board, colour, &mut rng) {
            Some(p) => {
                let (row, col) = board.row_col(p);
                cases.push(Case {
                    position: Position {
                        n,
                        cells: board.cells(),
                    },
                    mv: Move { row, col, colour },
                });
                board.try_play(p, colour).expect("legal");
                passes = 0;
            }
            None => {
                passes += 1;
                if passes == 2 {
                    break;
                }
            }
        }
        colour = 3 - colour;
    }
    cases
}

fn move_cost(c: &mut Criterion) {
    let game = recorded_game(5);
    let mut group = c.benchmark_group("go-move/move-19x19");
    group.sample_size(10);
    group.throughput(Throughput::Elements(game.len() as u64));
    group.bench_function("engine", |b| {
        b.iter(|| {
            let mut board = Board::new(19, 19);
            let mut captured = 0;
            for case in &game {
                captured += board
                    .play(case.mv.row, case.mv.col, case.mv.colour)
                    .expect("legal");
            }
            captured
        })
    });
    group.bench_function("oracle", |b| {
        b.iter(|| game.iter().map(oracle::solve).count())
    });
    group.bench_function("engine-from-scratch", |b| {
        b.iter(|| game.iter().map(engine::solve).count())
    });
    group.finish();
}

/// `count-legal-go` on every 16-point shape (3^16 colourings each), by
/// enumeration and by the transfer-matrix count (one thread), side by side.
fn count_legal(c: &mut Criterion) {
    use boardcheck::problems::go_move::count::{dp, enumerate};
    let mut group = c.benchmark_group("go-move/count-legal-go");
    group.sample_size(10);
    for (rows, cols) in [(4, 4), (2, 8), (1, 16)] {
        group.bench_function(format!("{rows}x{cols}/enumerate"), |b| {
            b.iter(|| enumerate::count_legal(rows, cols))
        });
        group.bench_function(format!("{rows}x{cols}/transfer-matrix"), |b| {
            b.iter(|| {
                dp::count(dp::Job {
                    rows,
                    cols,
                    shard: (0, 1),
                    threads: 1,
                })
            })
        });
    }
    group.finish();
}

criterion_group!(benches, playouts, move_cost, count_legal);
criterion_main!(benches);
