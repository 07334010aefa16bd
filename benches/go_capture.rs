//! go-capture: engine (one union–find pass) vs oracle (a flood fill per
//! group with hash sets) on random boards of growing size and on the
//! 2000 x 2000 spiral (one dead group of ~2·10^6 stones next to a live
//! corridor just as long). Compare the lines of one run.

use boardcheck::generation::pattern;
use boardcheck::harness::check::generate;
use boardcheck::problems::go_capture::{Board, GoCapture, engine, oracle};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// A random noisy board of `side` x `side` points (the generator's own mix
/// at full size: noise, full boards, eyes, ... whatever seed 1 gives).
fn random_board(side: usize) -> Board {
    // Draw until a board of the full side comes out (the strategy is biased small).
    (0..)
        .map(|seed| generate::<GoCapture>(seed, side * side))
        .find(|b| b.rows * b.cols >= side * side / 2)
        .expect("some seed gives a big board")
}

fn random(c: &mut Criterion) {
    let mut group = c.benchmark_group("go-capture/random");
    group.sample_size(10);
    for side in [64, 256, 1024] {
        let board = random_board(side);
        group.throughput(Throughput::Elements(board.len() as u64));
        group.bench_with_input(BenchmarkId::new("engine", side), &board, |b, board| {
            b.iter(|| engine::solve(board))
        });
        group.bench_with_input(BenchmarkId::new("oracle", side), &board, |b, board| {
            b.iter(|| oracle::solve(board))
        });
    }
    group.finish();
}

fn patterns(c: &mut Criterion) {
    let mut group = c.benchmark_group("go-capture/pattern-2000");
    group.sample_size(10);
    for name in ["spiral", "checkerboard"] {
        let board = pattern::<GoCapture>(name, 2000).expect("a known pattern");
        group.throughput(Throughput::Elements(board.len() as u64));
        group.bench_with_input(BenchmarkId::new("engine", name), &board, |b, board| {
            b.iter(|| engine::solve(board))
        });
        group.bench_with_input(BenchmarkId::new("oracle", name), &board, |b, board| {
            b.iter(|| oracle::solve(board))
        });
    }
    group.finish();
}

criterion_group!(benches, random, patterns);
criterion_main!(benches);
