//! othello-game benchmarks; compare the lines of ONE run.
//!
//! `othello-game/full-game/{engine,oracle}/N`: the `full-game` pattern on
//! N × N boards (a game played to its end, all of it undone, then played
//! again: some 3·(N² - 4) commands), answered by the incremental engine
//! and by the oracle, which copies a plain grid for every play.
//! Throughput is in commands; quote the engine / oracle ratio.
//!
//! `cargo bench --bench othello_game -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;
use std::time::Duration;

use boardcheck::generation::pattern;
use boardcheck::problems::othello_game::{OthelloGame, engine, oracle};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

fn full_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("othello-game/full-game");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500));
    for n in [4, 8] {
        let case = pattern::<OthelloGame>("full-game", n).expect("the pattern");
        assert_eq!(engine::solve(&case), oracle::solve(&case));
        group.throughput(Throughput::Elements(case.commands.len() as u64));
        group.bench_with_input(BenchmarkId::new("engine", n), &case, |b, case| {
            b.iter(|| engine::solve(black_box(case)))
        });
        group.bench_with_input(BenchmarkId::new("oracle", n), &case, |b, case| {
            b.iter(|| oracle::solve(black_box(case)))
        });
    }
    group.finish();
}

criterion_group!(benches, full_games);
criterion_main!(benches);
