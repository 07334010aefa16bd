//! Bug-finding power, side by side (docs/finders.md): every zoo variant of
//! every problem, found by boardcheck's default check and by what a user
//! would write instead (a uniform stress loop, a proptest and a quickcheck
//! test from their books, exhaustive enumeration smallest first, libFuzzer
//! on the problem's structured target), over many seeds, each with the same
//! domain and budget. ETNA's method (Shi, Keles, Goldstein, Lampropoulos,
//! ICFP 2023): many bugs × many finders × many seeds, time to failure.
//!
//!     cargo run --release --example finders                 # the whole table
//!     cargo run --example finders -- --quick                # CI: a few minutes
//!     cargo run --release --example finders -- --problems chomp --finders boardcheck,stress
//!     cargo run --release --example finders -- --failure-share 20000   # no clock
//!
//! Writes `runs.jsonl` (every run), `cells.csv` and `cells.json` (per bug
//! and finder), `table.md` (per problem and finder) and `time-to-failure.svg`
//! under `--out` (default `target/finders`).

mod finders;
mod fuzz;
mod mutants;
mod subject;
mod table;

use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use boardcheck::problems;
use boardcheck::suite::Solver;
use finders::{Budget, Run};
use subject::Subject;
use table::Record;

struct Options {
    seeds: u64,
    budget: Budget,
    problems: Vec<String>,
    finders: Vec<String>,
    bugs: Option<String>,
    /// The engine as the one bug (`--engine`): for a build whose oracle
    /// carries a cargo-mutants mutant, so the engine disagrees with it.
    engine: bool,
    /// cargo-mutants' mutants as the bugs (`--mutants SCHEMATA.json --ids
    /// 3,17`): a build of a copy of the crate that `mutant-schemata`
    /// rewrote (scripts/mutants-table.py).
    mutants: Option<(PathBuf, Vec<u32>)>,
    out: PathBuf,
    fuzz: fuzz::Options,
    /// The most cases the search for the smallest failing input tries.
    minimum_cases: u64,
    /// `runs.jsonl` files of earlier runs to put in one table instead of
    /// running anything.
    merge: Vec<PathBuf>,
    /// The exhaustive finder's reports in earlier runs (`--floor-from`),
    /// by (problem, bug): the inputs the `floor` finder times.
    smallest_inputs: std::collections::HashMap<(String, String), String>,
    /// `--failure-share N`: instead of timing finders, the share of N
    /// cases of boardcheck's and of the loop's that each bug fails on.
    failure_share: Option<usize>,
}

fn usage() -> ! {
    eprintln!(
        "usage: finders [--quick] [--seeds N] [--cases N] [--seconds S] [--problems a,b] \
         [--finders a,b] [--bugs SUBSTRING] [--engine] [--mutants SCHEMATA.json --ids a,b] [--out DIR] [--fuzz-seeds N] [--fuzz-bin DIR] \
         [--minimum-cases N] [--merge runs.jsonl]... [--floor-from runs.jsonl] [--failure-share N]\n\
         finders: {}",
        finders::NAMES.join(", ")
    );
    std::process::exit(2)
}

fn options() -> Options {
    let mut o = Options {
        seeds: 20,
        budget: Budget {
            cases: 100_000,
            seconds: 10.0,
        },
        problems: problems::NAMES.iter().map(|s| s.to_string()).collect(),
        finders: finders::NAMES[..5].iter().map(|s| s.to_string()).collect(),
        bugs: None,
        engine: false,
        mutants: None,
        out: PathBuf::from("target/finders"),
        fuzz: fuzz::Options::default(),
        minimum_cases: 20_000_000,
        merge: Vec::new(),
        smallest_inputs: Default::default(),
        failure_share: None,
    };
    let mut args = std::env::args().skip(1);
    let list = |v: String| v.split(',').map(str::to_string).collect::<Vec<_>>();
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        match arg.as_str() {
            "--quick" => {
                o.seeds = 3;
                o.budget = Budget {
                    cases: 2_000,
                    seconds: 1.0,
                };
                o.minimum_cases = 300_000;
            }
            "--seeds" => o.seeds = value().parse().unwrap_or_else(|_| usage()),
            "--cases" => o.budget.cases = value().parse().unwrap_or_else(|_| usage()),
            "--seconds" => o.budget.seconds = value().parse().unwrap_or_else(|_| usage()),
            "--problems" => o.problems = list(value()),
            "--finders" => o.finders = list(value()),
            "--bugs" => o.bugs = Some(value()),
            "--engine" => o.engine = true,
            "--mutants" => o.mutants = Some((PathBuf::from(value()), Vec::new())),
            "--ids" => match &mut o.mutants {
                Some((_, ids)) => {
                    *ids = list(value())
                        .iter()
                        .map(|v| v.parse().unwrap_or_else(|_| usage()))
                        .collect()
                }
                None => usage(),
            },
            "--out" => o.out = PathBuf::from(value()),
            "--fuzz-seeds" => o.fuzz.seeds = Some(value().parse().unwrap_or_else(|_| usage())),
            "--fuzz-bin" => o.fuzz.bin = Some(PathBuf::from(value())),
            "--minimum-cases" => o.minimum_cases = value().parse().unwrap_or_else(|_| usage()),
            "--merge" => o.merge.push(PathBuf::from(value())),
            "--floor-from" => o.smallest_inputs = smallest_inputs(&PathBuf::from(value())),
            "--failure-share" => {
                o.failure_share = Some(value().parse().unwrap_or_else(|_| usage()))
            }
            _ => usage(),
        }
    }
    for f in &o.finders {
        if !finders::NAMES.contains(&f.as_str()) {
            eprintln!("no finder {f:?}");
            usage()
        }
    }
    if o.finders.iter().any(|f| f == "floor") && o.smallest_inputs.is_empty() {
        eprintln!("the floor finder times the exhaustive finder's reports: give --floor-from");
        usage()
    }
    for p in &o.problems {
        if !problems::NAMES.contains(&p.as_str()) {
            eprintln!(
                "no problem {p:?} (problems: {})",
                problems::NAMES.join(", ")
            );
            usage()
        }
    }
    o
}

/// The exhaustive finder's reports in `file` (a `runs.jsonl`), by
/// (problem, bug).
fn smallest_inputs(file: &std::path::Path) -> std::collections::HashMap<(String, String), String> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
        eprintln!("{}: {e}", file.display());
        std::process::exit(2)
    });
    let mut inputs = std::collections::HashMap::new();
    for (n, line) in text.lines().enumerate() {
        let r: Record = serde_json::from_str(line).unwrap_or_else(|e| {
            eprintln!("{}:{}: {e}", file.display(), n + 1);
            std::process::exit(2)
        });
        if let (true, Some(example)) = (r.finder == "exhaustive", r.run.example) {
            inputs.insert((r.problem, r.bug), example);
        }
    }
    inputs
}

/// Set when a smallest failing input, read back from its text, does not
/// fail: the run then ends with exit status 1.
static FLOOR_MISSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Every run of the selected finders on one problem's bugs.
fn bench<P: Subject>(o: &Options, log: &mut impl FnMut(Record)) {
    let candidates = if let Some((schemata, ids)) = &o.mutants {
        mutants::bugs::<P>(schemata, ids).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        })
    } else if o.engine {
        vec![Solver::<P>::engine()]
    } else {
        <P as boardcheck::suite::Suite>::zoo()
    };
    let bugs: Vec<Solver<P>> = candidates
        .into_iter()
        .filter(|b| o.bugs.as_ref().is_none_or(|s| b.name.contains(s.as_str())))
        .collect();
    if let Some(n) = o.failure_share {
        for (bug, (boardcheck, stress)) in bugs.iter().zip(finders::failure_shares::<P>(&bugs, n)) {
            println!("{}\t{}\t{boardcheck:.4}\t{stress:.4}", P::NAME, bug.name);
        }
        return;
    }
    for bug in &bugs {
        let started = Instant::now();
        let minimum = finders::smallest::<P>(bug, o.minimum_cases);
        eprintln!(
            "{} {}: smallest failing input {:?} ({:.1} s)",
            P::NAME,
            bug.name,
            minimum,
            started.elapsed().as_secs_f64()
        );
        for finder in &o.finders {
            let seeds = match finder.as_str() {
                // Deterministic: one run stands for every seed.
                "exhaustive" | "floor" => 1,
                "fuzz-empty" | "fuzz-corpus" => o.fuzz.seeds.unwrap_or(o.seeds),
                _ => o.seeds,
            };
            for seed in 0..seeds {
                let run: Run = match finder.as_str() {
                    "boardcheck" => finders::boardcheck::<P>(bug, seed, o.budget),
                    "stress" => finders::stress::<P>(bug, seed, o.budget),
                    "proptest" => finders::proptest::<P>(bug, seed, o.budget),
                    "quickcheck" => finders::quickcheck::<P>(bug, seed, o.budget),
                    "exhaustive" => finders::exhaustive::<P>(bug, o.budget),
                    "fuzz-empty" | "fuzz-corpus" => {
                        match fuzz::run::<P>(&o.fuzz, bug, seed, o.budget, finder == "fuzz-corpus")
                        {
                            Ok(run) => run,
                            Err(why) => {
                                eprintln!("  {finder}: {why}");
                                break;
                            }
                        }
                    }
                    "floor" => {
                        let key = (P::NAME.to_string(), bug.name.clone());
                        match o.smallest_inputs.get(&key) {
                            Some(input) => match finders::floor::<P>(bug, input) {
                                Some(run) => run,
                                None => {
                                    eprintln!(
                                        "{} {}: floor: its smallest input, read back, does not fail",
                                        P::NAME,
                                        bug.name
                                    );
                                    FLOOR_MISSED.store(true, std::sync::atomic::Ordering::Relaxed);
                                    break;
                                }
                            },
                            // No smallest failing input known: no floor.
                            None => break,
                        }
                    }
                    _ => unreachable!("checked"),
                };
                log(Record {
                    problem: P::NAME.to_string(),
                    bug: bug.name.clone(),
                    about: bug.about.clone(),
                    finder: finder.clone(),
                    seed,
                    minimum,
                    run,
                });
            }
        }
    }
}

macro_rules! each_problem {
    ($name:expr, $o:expr, $log:expr; $($p:ty),*) => {
        $(if $name == <$p as boardcheck::problem::Problem>::NAME {
            bench::<$p>($o, $log);
        })*
    };
}

/// [`bench`] for the problem called `name`.
fn bench_named(name: &str, o: &Options, log: &mut impl FnMut(Record)) {
    each_problem!(name, o, log;
        problems::flank_row::FlankRow,
        problems::reversi_move::ReversiMove,
        problems::chomp::Chomp,
        problems::chomp_solve::ChompSolve,
        problems::go_capture::GoCapture,
        problems::go_move::GoMove,
        problems::go_game::GoGame,
        problems::othello_game::OthelloGame);
}

fn main() {
    let o = options();
    // Panics are how some variants fail; the finders catch them quietly.
    std::panic::set_hook(Box::new(|_| {}));
    if o.failure_share.is_some() {
        // Printed, no file written: nothing was timed.
        println!("problem\tbug\tboardcheck\tstress");
        for name in &o.problems {
            bench_named(name, &o, &mut |_| {});
        }
        return;
    }
    std::fs::create_dir_all(&o.out).expect("the output directory");
    let mut jsonl = std::fs::File::create(o.out.join("runs.jsonl")).expect("runs.jsonl");
    let mut records: Vec<Record> = Vec::new();
    let started = Instant::now();
    let mut log = |r: Record| {
        let _ = writeln!(jsonl, "{}", serde_json::to_string(&r).expect("json"));
        records.push(r);
    };
    for file in &o.merge {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
            eprintln!("{}: {e}", file.display());
            std::process::exit(2)
        });
        for (n, line) in text.lines().enumerate() {
            match serde_json::from_str::<Record>(line) {
                Ok(r) => log(r),
                Err(e) => {
                    eprintln!("{}:{}: {e}", file.display(), n + 1);
                    std::process::exit(2)
                }
            }
        }
    }
    for name in o.problems.iter().filter(|_| o.merge.is_empty()) {
        bench_named(name, &o, &mut log);
    }
    if !o.merge.is_empty() {
        // One minimum per bug: the search that went furthest found it.
        let mut minima = std::collections::HashMap::new();
        for r in &records {
            if let Some(m) = r.minimum {
                minima.insert((r.problem.clone(), r.bug.clone()), m);
            }
        }
        for r in &mut records {
            r.minimum = minima.get(&(r.problem.clone(), r.bug.clone())).copied();
        }
    }
    let cells = table::cells(&records);
    let finders: Vec<&str> = if o.merge.is_empty() {
        o.finders.iter().map(String::as_str).collect()
    } else {
        finders::NAMES
            .into_iter()
            .filter(|f| records.iter().any(|r| r.finder == *f))
            .collect()
    };
    let write = |name: &str, text: String| {
        std::fs::write(o.out.join(name), text).expect("an output file");
    };
    write("cells.csv", table::csv(&cells));
    write(
        "cells.json",
        serde_json::to_string_pretty(&cells).expect("json"),
    );
    let header = if o.merge.is_empty() {
        format!(
            "Budget per run: {} cases or {} s to the first failure; {} seeds; {} runs in {:.0} s.\n",
            o.budget.cases,
            o.budget.seconds,
            o.seeds,
            records.len(),
            started.elapsed().as_secs_f64()
        )
    } else {
        format!(
            "{} runs merged from {} files.\n",
            records.len(),
            o.merge.len()
        )
    };
    let md = header
        + &table::overall(&cells, &finders)
        + &table::markdown(&cells, &finders)
        + &table::claims(&cells);
    print!("{md}");
    write("table.md", md);
    write(
        "time-to-failure.svg",
        table::svg(&cells, &finders, o.budget.seconds),
    );
    eprintln!("written to {}", o.out.display());
    if FLOOR_MISSED.load(std::sync::atomic::Ordering::Relaxed) {
        eprintln!("a smallest input did not fail when read back (above)");
        std::process::exit(1)
    }
}
