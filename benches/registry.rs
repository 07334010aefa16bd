//! Engine against oracle on every problem's worst-case patterns, one group
//! per problem, made from the registry (`boardcheck::for_each_problem!`):
//! a new problem is benched by its registry line alone. Compare the lines
//! of one run (ratios); what is a problem's own (perft, playouts, census)
//! stays in its own bench file.

use boardcheck::generation::{Generate, clamp_size};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

/// Patterns at this size (in each problem's unit), where the oracle reaches.
const SIZE: usize = 64;

fn patterns<P: Generate>(c: &mut Criterion) {
    let mut group = c.benchmark_group(format!("{}/patterns-{SIZE}", P::NAME));
    group.sample_size(10);
    for pattern in P::extras().patterns {
        let case = (pattern.build)(clamp_size::<P>(SIZE));
        if !P::oracle_reaches(&case) {
            continue;
        }
        group.bench_with_input(
            BenchmarkId::new("engine", pattern.name),
            &case,
            |b, case| b.iter(|| P::engine(case)),
        );
        group.bench_with_input(
            BenchmarkId::new("oracle", pattern.name),
            &case,
            |b, case| b.iter(|| P::oracle(case)),
        );
    }
    group.finish();
}

macro_rules! every_problem {
    ($($module:ident $problem:ident),* $(,)?) => {
        fn every_problem(c: &mut Criterion) {
            $(patterns::<boardcheck::problems::$module::$problem>(c);)*
        }
    };
}

boardcheck::for_each_problem!(every_problem);

criterion_group!(benches, every_problem);
criterion_main!(benches);
