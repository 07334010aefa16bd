//! go-game: the incremental engine (chains, Zobrist hashes, a journal for
//! undo) vs the oracle (the whole history replayed, boards compared whole)
//! on long games: `long-game` (3·n² commands, mostly legal plays, some
//! undos and occupied points) on 9×9 and 19×19, under positional superko
//! (every earlier board compared) and under simple ko with the same
//! commands; and `ko-fight` (one ko taken 200 times, passes between).
//! Throughput is in commands; compare the lines of one run.

use boardcheck::problems::go_game::patterns::{ko_fight, long_game};
use boardcheck::problems::go_game::{Case, Ko, Suicide, engine, oracle};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

fn run(c: &mut Criterion, group_name: &str, cases: &[(String, Case)]) {
    let mut group = c.benchmark_group(group_name);
    group.sample_size(10);
    for (label, case) in cases {
        group.throughput(Throughput::Elements(case.commands.len() as u64));
        group.bench_with_input(BenchmarkId::new("engine", label), case, |b, case| {
            b.iter(|| engine::solve(case))
        });
        group.bench_with_input(BenchmarkId::new("oracle", label), case, |b, case| {
            b.iter(|| oracle::solve(case))
        });
    }
    group.finish();
}

fn long_games(c: &mut Criterion) {
    let mut cases = Vec::new();
    for n in [9, 19] {
        let positional = long_game(n);
        let mut simple = positional.clone();
        simple.rules.ko = Ko::Simple;
        simple.rules.suicide = Suicide::Forbidden;
        cases.push((format!("positional-{n}"), positional));
        cases.push((format!("simple-{n}"), simple));
    }
    run(c, "go-game/long-game", &cases);
}

fn ko_fights(c: &mut Criterion) {
    run(c, "go-game/ko-fight", &[("200".to_string(), ko_fight(200))]);
}

criterion_group!(benches, long_games, ko_fights);
criterion_main!(benches);
