//! chomp: the staircase engine vs the boundary array vs the Boolean grid on
//! long random games (4n moves on an n × n board, a legal probe before each
//! move, a count every 8), reported per move, so the three growth rates in
//! W·H show side by side; and the census of the n × n box.
//!
//! `cargo bench --bench chomp -- --warm-up-time 1 --measurement-time 3`
//!
//! Census boxes of 13 × 13 and beyond take seconds each, too long for
//! criterion's repeated samples: with `CHOMP_CENSUS_TABLE=1` the bench
//! first prints one timed run of `census_cli` for n = 8..=14 and then grows
//! the box (n × n, n × (n+1), ...) while a census still takes under 60 s.

use boardcheck::problems::chomp::{boundary, engine, oracle, patterns};
use boardcheck::problems::chomp_solve::solver::census;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group};

fn long_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("chomp/long-game-per-move");
    group.sample_size(10);
    for n in [8u64, 16, 32, 64, 256, 1024, 4096, 1_000_000, 1_000_000_000] {
        let case = patterns::long_game(n, n, 4 * n.min(4096), 1);
        let moves = case
            .commands
            .iter()
            .filter(|c| matches!(c, boardcheck::problems::chomp::Command::Move(..)))
            .count() as u64;
        group.throughput(Throughput::Elements(moves));
        let cells = n.saturating_mul(n);
        group.bench_with_input(BenchmarkId::new("staircase", cells), &case, |b, case| {
            b.iter(|| engine::solve(case))
        });
        if n <= boundary::MAX_ROWS {
            group.bench_with_input(BenchmarkId::new("boundary", cells), &case, |b, case| {
                b.iter(|| boundary::solve(case))
            });
        }
        if cells <= oracle::GRID_MAX_CELLS {
            group.bench_with_input(BenchmarkId::new("grid", cells), &case, |b, case| {
                b.iter(|| oracle::solve_grid(case))
            });
        }
    }
    group.finish();
}

fn census_boxes(c: &mut Criterion) {
    let mut group = c.benchmark_group("chomp/census");
    group.sample_size(10);
    for n in 8..=12u64 {
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, &n| {
            b.iter(|| census(n, n))
        });
    }
    group.finish();
}

/// One timed census per box, outside criterion (see the module docs).
fn census_table() {
    use std::time::Instant;
    println!("| box | positions C(W+H, H) | losing positions | time (s) |");
    println!("|---|---|---|---|");
    let row = |w: u64, h: u64| -> Option<f64> {
        let start = Instant::now();
        let losing = census(w, h).ok()?;
        let s = start.elapsed().as_secs_f64();
        let positions = boardcheck::problems::chomp_solve::solver::box_positions(w, h);
        println!("| {w} x {h} | {positions} | {losing} | {s:.2} |");
        Some(s)
    };
    for n in 8..=14 {
        row(n, n);
    }
    let (mut w, mut h) = (14, 15);
    while let Some(s) = row(w, h) {
        if s > 60.0 {
            break;
        }
        if w < h {
            w += 1;
        } else {
            h += 1;
        }
    }
}

criterion_group!(benches, long_games, census_boxes);

fn main() {
    if std::env::var_os("CHOMP_CENSUS_TABLE").is_some() {
        census_table();
    }
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}
