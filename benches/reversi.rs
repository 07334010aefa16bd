//! reversi-move benchmarks, one run for every ratio:
//! - `move-8x8`: one move on 8×8 boards, bitboard engine vs grid engine vs
//!   oracle, both on each engine's own representation (`native`: planes,
//!   a reused grid buffer) and through the problem's answer type (`solve`:
//!   case in, board out).
//! - `perft`: leaves per second of our bitboard perft against the `magpie`
//!   crate's perft (the one in its own benches and tests), same convention,
//!   one thread each. Criterion measures depths 10 and 11 with 10 samples
//!   (throughput = leaves, so it prints leaves/s); a plain timing loop
//!   prints the same two depths as a side-by-side table with the ratio
//!   before the criterion groups (best of 3 interleaved runs each).
//!
//! `cargo bench --bench reversi -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;
use std::time::{Duration, Instant};

use boardcheck::problems::reversi_move::othello::{Position, Turn, nth_bit};
use boardcheck::problems::reversi_move::{Board, Case, bitboard, grid, oracle, perft};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group};
use magpie::othello::{Board as MagpieBoard, Stone};

/// Legal moves from positions along pseudo-random games: the cases the
/// move benchmarks cycle through.
fn move_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed as usize
    };
    while cases.len() < 256 {
        let mut pos = Position::start();
        for _ in 0..60 {
            match pos.turn() {
                Turn::Over => break,
                Turn::Pass => pos = pos.pass(),
                Turn::Move(m) => {
                    let sq = nth_bit(m, next() % m.count_ones() as usize);
                    cases.push(Case {
                        board: pos.to_board(),
                        row: sq as usize / 8,
                        col: sq as usize % 8,
                        player: pos.mover(),
                    });
                    pos = pos.play(sq).expect("legal");
                }
            }
        }
    }
    cases.truncate(256);
    cases
}

fn bench_moves(c: &mut Criterion) {
    let cases = move_cases();
    let planes: Vec<(u64, u64, u32)> = cases
        .iter()
        .map(|case| {
            let (p, o) = bitboard::planes(&case.board, case.player);
            (p, o, (case.row * 8 + case.col) as u32)
        })
        .collect();
    let mut group = c.benchmark_group("move-8x8");
    group.throughput(Throughput::Elements(cases.len() as u64));

    group.bench_function("native/bitboard", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for &(p, o, sq) in &planes {
                let (mut p, mut o) = black_box((p, o));
                bitboard::play(&mut p, &mut o, sq);
                sum = sum.wrapping_add(p ^ o);
            }
            sum
        })
    });
    group.bench_function("native/grid", |b| {
        let mut scratch = Board::empty(8, 8);
        b.iter(|| {
            let mut sum = 0usize;
            for case in &cases {
                scratch.cells.copy_from_slice(&case.board.cells);
                sum += grid::play(black_box(&mut scratch), case.row, case.col, case.player);
            }
            sum
        })
    });
    group.bench_function("native/oracle", |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|case| oracle::solve(black_box(case)).cells[0] as usize)
                .sum::<usize>()
        })
    });
    group.bench_function("solve/bitboard", |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|case| bitboard::solve(black_box(case)).cells[0] as usize)
                .sum::<usize>()
        })
    });
    group.bench_function("solve/grid", |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|case| grid::solve(black_box(case)).cells[0] as usize)
                .sum::<usize>()
        })
    });
    group.finish();

    // The legal-move mask: bitboard shift-and-fill vs the grid engine
    // trying every cell.
    let mut group = c.benchmark_group("legal-moves-8x8");
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.bench_function("bitboard", |b| {
        b.iter(|| {
            planes
                .iter()
                .map(|&(p, o, _)| bitboard::moves(black_box(p), black_box(o)).count_ones())
                .sum::<u32>()
        })
    });
    group.bench_function("grid", |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|case| grid::legal_moves(black_box(&case.board), case.player).len())
                .sum::<usize>()
        })
    });
    group.finish();
}

/// magpie's perft, as in its own benches and tests: a pass uses one ply, a
/// finished game is one leaf, the last ply bulk-counted.
fn magpie_perft(board: &MagpieBoard, stone: Stone, passed: bool, depth: u8) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves_for(stone);
    if moves == 0 {
        if passed {
            1
        } else {
            magpie_perft(board, stone.flip(), true, depth - 1)
        }
    } else if depth == 1 {
        moves.count_set().into()
    } else {
        moves
            .hot_bits()
            .map(|pos| {
                let mut next = board.clone();
                next.play(stone, pos);
                magpie_perft(&next, stone.flip(), false, depth - 1)
            })
            .sum()
    }
}

fn ours(depth: u32) -> u64 {
    perft::perft(black_box(&Position::start()), depth)
}

fn theirs(depth: u32) -> u64 {
    magpie_perft(
        black_box(&MagpieBoard::standard()),
        Stone::Black,
        false,
        depth as u8,
    )
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for depth in [10u32, 11] {
        group.throughput(Throughput::Elements(
            perft::published(perft::Passes::Ply)[depth as usize - 1],
        ));
        group.bench_with_input(BenchmarkId::new("ours", depth), &depth, |b, &d| {
            b.iter(|| ours(d))
        });
        group.bench_with_input(BenchmarkId::new("magpie", depth), &depth, |b, &d| {
            b.iter(|| theirs(d))
        });
    }
    group.finish();
}

/// Depths 10 and 11 by a plain timing loop: best of 3 interleaved runs each.
fn perft_table() {
    println!("perft leaves/s, one thread, best of 3 interleaved runs:");
    println!(
        "{:>5} {:>12} {:>14} {:>14} {:>12}",
        "depth", "leaves", "ours M/s", "magpie M/s", "ours/magpie"
    );
    for depth in [10u32, 11] {
        let want = perft::published(perft::Passes::Ply)[depth as usize - 1];
        let (mut best_ours, mut best_theirs) = (Duration::MAX, Duration::MAX);
        for _ in 0..3 {
            let t = Instant::now();
            assert_eq!(ours(depth), want);
            best_ours = best_ours.min(t.elapsed());
            let t = Instant::now();
            assert_eq!(theirs(depth), want);
            best_theirs = best_theirs.min(t.elapsed());
        }
        let rate = |d: Duration| want as f64 / d.as_secs_f64() / 1e6;
        println!(
            "{depth:>5} {want:>12} {:>14.1} {:>14.1} {:>12.2}",
            rate(best_ours),
            rate(best_theirs),
            best_theirs.as_secs_f64() / best_ours.as_secs_f64()
        );
    }
}

criterion_group!(benches, bench_moves, bench_perft);

fn main() {
    // The table runs unless a filter that does not mention it is given.
    let filter = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .find(|a| a.parse::<f64>().is_err());
    if filter.as_deref().is_none_or(|f| "perft-table".contains(f)) {
        perft_table();
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
