//! flank-row: engine (union–find over runs) vs oracle (copy the row per
//! placement) on the worst case for the oracle, where every second
//! placement flips the whole growing run. Compare the two lines of one run.

use boardcheck::problems::flank_row::{engine, oracle, patterns};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

fn growing_run(c: &mut Criterion) {
    let mut group = c.benchmark_group("flank-row/growing-run");
    group.sample_size(10);
    for n in [2_000, 20_000] {
        let case = patterns::growing_run(n);
        group.bench_with_input(BenchmarkId::new("engine", n), &case, |b, case| {
            b.iter(|| engine::solve(case))
        });
        group.bench_with_input(BenchmarkId::new("oracle", n), &case, |b, case| {
            b.iter(|| oracle::solve(case))
        });
    }
    let big = patterns::growing_run(1_000_000);
    group.bench_with_input(BenchmarkId::new("engine", 1_000_000), &big, |b, case| {
        b.iter(|| engine::solve(case))
    });
    group.finish();
}

criterion_group!(benches, growing_run);
criterion_main!(benches);
