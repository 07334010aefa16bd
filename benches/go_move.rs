//! go-move benchmarks; compare the lines of ONE run.
//!
//! - `go-move/playout/{ours,goban}/{9,19}`: one random playout from the
//!   empty board (Black first; each side plays a uniformly chosen legal move
//!   that does not fill a one-point eye of its own — every on-board
//!   neighbour its colour — drawn uniformly among all such moves; pass
//!   when none; stop after two passes in a row or 3·n² turns; ko ignored).
//!   The `goban` crate plays the same playouts through its public API
//!   (`Game` with suicide as the only illegal rule, `check_point`, `play`;
//!   its `play` also clones the board into a superko history every move).
//!   Before timing, 200 playouts a side print the mean stones placed and
//!   captured: the two must play the same game. Throughput is in playouts.
//! - `go-move/move-19x19/{engine,oracle,engine-from-scratch}`: the moves of
//!   one recorded 19×19 playout replayed; `engine` plays them on one
//!   incremental board, `oracle` solves each (position, move) from scratch
//!   as the statement says, `engine-from-scratch` is `engine::solve` per
//!   move (building the board each time). Throughput is in moves.
//! - `go-move/count-legal-go/RxC`: `count-legal-go` on the 16-point boards.

use boardcheck::problems::go_move::engine::Board;
use boardcheck::problems::go_move::playout::{Rng, choose_move, default_cap, playout};
use boardcheck::problems::go_move::{BLACK, Case, Move, Position, engine, oracle};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use goban::rules::game::Game;
use goban::rules::{GobanSizes, IllegalRules, Move as GobanMove, Rule, ScoreRules};

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
/// passes or 3·n² turns). Returns (stones placed, stones captured).
/// Note: `goban`'s `Game::play` also pushes a clone of the whole board
/// onto its superko history at every move, which the contract does not
/// need; that cost is inside its figures.
fn goban_playout(n: usize, rng: &mut Rng) -> (usize, usize) {
    let size = if n == 9 {
        GobanSizes::Nine
    } else {
        GobanSizes::Nineteen
    };
    let mut game = Game::new(size, goban_rule());
    let mut passes = 0;
    let mut moves = 0;
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
                    break;
                }
                game.play(GobanMove::Pass);
            }
        }
    }
    let (a, b) = game.prisoners();
    (moves, (a + b) as usize)
}

fn playouts(c: &mut Criterion) {
    // The two play the same game: the same mean length and captures.
    for n in [9, 19] {
        let games = 200;
        let (mut ours, mut theirs) = ((0, 0), (0, 0));
        let (mut r1, mut r2) = (Rng::new(99), Rng::new(77));
        for _ in 0..games {
            let mut board = Board::new(n, n);
            let played = playout(&mut board, BLACK, default_cap(n, n), &mut r1);
            ours.0 += played.moves;
            ours.1 += played.captured;
            let (m, c) = goban_playout(n, &mut r2);
            theirs.0 += m;
            theirs.1 += c;
        }
        let g = games as f64;
        eprintln!(
            "{n}x{n}, mean of {games} playouts: stones placed ours {:.1}, goban {:.1}; \
             stones captured ours {:.1}, goban {:.1}",
            ours.0 as f64 / g,
            theirs.0 as f64 / g,
            ours.1 as f64 / g,
            theirs.1 as f64 / g
        );
    }
    let mut group = c.benchmark_group("go-move/playout");
    group.sample_size(20);
    group.throughput(Throughput::Elements(1));
    for n in [9, 19] {
        let mut rng = Rng::new(1);
        group.bench_function(BenchmarkId::new("ours", n), |b| {
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

/// `count-legal-go` on every 16-point shape (3^16 colourings each).
fn count_legal(c: &mut Criterion) {
    use boardcheck::problems::go_move::count::count_legal;
    let mut group = c.benchmark_group("go-move/count-legal-go");
    group.sample_size(10);
    for (rows, cols) in [(4, 4), (2, 8), (1, 16)] {
        group.bench_function(format!("{rows}x{cols}"), |b| {
            b.iter(|| count_legal(rows, cols))
        });
    }
    group.finish();
}

criterion_group!(benches, playouts, move_cost, count_legal);
criterion_main!(benches);
