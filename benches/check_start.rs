//! The fixed cost of a check: a whole `Check` of one case of the engine
//! (made, its case drawn, run, compared, reported) against that case's
//! bare work (a fresh seeded runner, one draw from the same strategy, the
//! engine and the reference). Their ratio, read within one run, is what a
//! check adds before its first case; the time to failure of
//! docs/finders.md counts it. The two games show what a case of theirs
//! costs: most of it is the oracle and the engine-steered draw.

use boardcheck::generation::reference;
use boardcheck::harness::check::{CheckConfig, seeded_runner};
use boardcheck::problems::{
    chomp::Chomp, flank_row::FlankRow, go_capture::GoCapture, go_game::GoGame, go_move::GoMove,
    othello_game::OthelloGame, reversi_move::ReversiMove,
};
use boardcheck::suite::Suite;
use boardcheck::unit::Check;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use proptest::strategy::{Strategy, ValueTree};

fn one_case<P: Suite>(c: &mut Criterion) {
    let mut group = c.benchmark_group("check/one-case");
    let mut seed = 0u64;
    group.bench_function(BenchmarkId::new("check", P::NAME), |b| {
        b.iter(|| {
            seed += 1;
            Check::<P>::function(P::engine)
                .seed(seed)
                .cases(1)
                .without_time_limit()
                .keep_failures(false)
                .report()
        })
    });
    let strategy = CheckConfig::default().domain().cases(&P::extras());
    group.bench_function(BenchmarkId::new("bare", P::NAME), |b| {
        b.iter(|| {
            seed += 1;
            let case = strategy
                .new_tree(&mut seeded_runner(seed))
                .expect("draws")
                .current();
            P::engine(&case) == reference::<P>(&case).0
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    one_case::<FlankRow>,
    one_case::<ReversiMove>,
    one_case::<Chomp>,
    one_case::<GoCapture>,
    one_case::<GoMove>,
    one_case::<GoGame>,
    one_case::<OthelloGame>
);
criterion_main!(benches);
