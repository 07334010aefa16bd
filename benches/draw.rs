//! What drawing a case's choices costs: 64 cells of three states drawn as
//! proptest's union of values (`prop_oneof![Just(..), ..]`) and as
//! [`boardcheck::generation::weighted`], which shrinks the same way. Their
//! ratio, read within one run, is why the problems' per-cell and
//! per-command choices use `weighted` (docs/finders.md, change 10).
//! Likewise 8 choices among four strategies drawn as proptest's union
//! (`prop_oneof![w => s, ..]`) and as [`boardcheck::generation::one_of`],
//! which shrinks the same way: why the problems' mixes of families and
//! chomp's picks use `one_of` (change 12).

use boardcheck::generation::{one_of, weighted};
use boardcheck::harness::check::seeded_runner;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

const CELLS: usize = 64;

fn choices(c: &mut Criterion) {
    let mut group = c.benchmark_group("draw/64-cells");
    let union = prop_oneof![Just(0u8), Just(1u8), Just(2u8)];
    let values = weighted(&[(1, 0u8), (1, 1u8), (1, 2u8)]);
    for (name, cells) in [
        (
            "prop_oneof",
            proptest::collection::vec(union, CELLS).boxed(),
        ),
        ("weighted", proptest::collection::vec(values, CELLS).boxed()),
    ] {
        let mut runner = seeded_runner(1);
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| cells.new_tree(&mut runner).expect("draws").current())
        });
    }
    group.finish();
}

const PICKS: usize = 8;

fn unions(c: &mut Criterion) {
    let mut group = c.benchmark_group("draw/8-picks");
    let union = prop_oneof![
        6 => (0u32..100).prop_map(|x| x * 2),
        2 => (0u32..4).prop_map(|x| x + 1),
        2 => (0u32..4).prop_map(|x| x + 50),
        1 => (0u32..2).prop_map(|x| x + 90),
    ];
    let one = one_of(vec![
        (6, (0u32..100).prop_map(|x| x * 2).boxed()),
        (2, (0u32..4).prop_map(|x| x + 1).boxed()),
        (2, (0u32..4).prop_map(|x| x + 50).boxed()),
        (1, (0u32..2).prop_map(|x| x + 90).boxed()),
    ]);
    for (name, picks) in [
        (
            "prop_oneof",
            proptest::collection::vec(union, PICKS).boxed(),
        ),
        ("one_of", proptest::collection::vec(one, PICKS).boxed()),
    ] {
        let mut runner = seeded_runner(1);
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| picks.new_tree(&mut runner).expect("draws").current())
        });
    }
    group.finish();
}

criterion_group!(benches, choices, unions);
criterion_main!(benches);
