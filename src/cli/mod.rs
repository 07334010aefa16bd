//! Argument parsing (clap) and dispatch. Every subcommand returns its exit
//! status: 0 success, 1 a disagreement found, 2 usage or input error.

mod check;

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;

use boardcheck::harness::registry::{Entry, SolveOptions};
use boardcheck::problems;
use clap::{Parser, Subcommand, ValueEnum};

/// Property-based verification of board-game rule engines.
#[derive(Parser)]
#[command(name = "boardcheck", version, about, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Read one input and print the engine's (or oracle's) answer.
    Solve {
        /// The problem (see `boardcheck list`).
        problem: String,
        /// The input file; standard input if absent.
        file: Option<PathBuf>,
        /// Answer with the oracle instead of the engine.
        #[arg(long)]
        oracle: bool,
        /// Read the multi-case form (first line T, then T inputs).
        #[arg(long)]
        multi: bool,
        /// The input and output form.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Print one valid random input (the same seed gives the same input).
    Gen {
        /// The problem.
        problem: String,
        /// The seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Upper bound on the board size (the problem's default if absent).
        #[arg(long)]
        size: Option<usize>,
        /// A named worst-case pattern instead of a random input (e.g. growing-run).
        #[arg(long)]
        pattern: Option<String>,
    },
    /// Run a candidate on generated inputs, compare with the oracle, shrink the first failure.
    Check(check::CheckArgs),
    /// Engine against oracle on every position (and every move) up to K cells.
    Exhaust {
        /// The problem.
        problem: String,
        /// The largest number of cells.
        #[arg(long)]
        max_cells: usize,
        /// Threads.
        #[arg(long)]
        jobs: Option<usize>,
    },
    /// Run every known-wrong variant through the properties: what was caught, and how small.
    Selftest {
        /// Only this problem.
        problem: Option<String>,
        /// Cases per property and variant.
        #[arg(long, default_value_t = 300)]
        cases: u32,
        /// The seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Standard 8x8 Othello perft from the start position: leaves per depth and leaves per second.
    Perft {
        /// The deepest depth (default 9).
        depth: Option<u32>,
    },
    /// How many non-empty positions inside the W x H box are losses for the player to move.
    ChompCensus {
        /// Width of the box.
        w: u64,
        /// Height of the box.
        h: u64,
    },
    /// How many colourings of a ROWS x COLS board have a liberty for every group.
    CountLegalGo {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// List the problems.
    List,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

/// Prints `message` as the one-line error and returns exit status 2.
fn usage_error(message: impl std::fmt::Display) -> i32 {
    eprintln!("boardcheck: error: {message}");
    2
}

fn problem(name: &str) -> Result<Entry, i32> {
    problems::find(name).ok_or_else(|| {
        let names: Vec<_> = problems::all().iter().map(|p| p.name()).collect();
        usage_error(format!(
            "unknown problem {name:?} (problems: {})",
            names.join(", ")
        ))
    })
}

/// Writes `text` to stdout in one piece; a closed pipe is not an error.
fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
}

fn jobs(j: Option<usize>) -> usize {
    j.unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
}

/// Runs the command line; returns the exit status.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    // Ctrl-C: end every candidate's process group before leaving.
    let _ = ctrlc::set_handler(|| {
        boardcheck::harness::process::kill_all();
        std::process::exit(130);
    });
    let run = || -> Result<i32, i32> {
        Ok(match cli.command {
            Command::Solve {
                problem: name,
                file,
                oracle,
                multi,
                format,
            } => solve(
                &problem(&name)?,
                file,
                oracle,
                multi,
                format == Format::Json,
            ),
            Command::Gen {
                problem: name,
                seed,
                size,
                pattern,
            } => {
                let p = problem(&name)?;
                report(p.generate(seed, size.unwrap_or(p.default_size()), pattern.as_deref()))
            }
            Command::Check(args) => check::run(args),
            Command::Exhaust {
                problem: name,
                max_cells,
                jobs: j,
            } => exhaust(&problem(&name)?, max_cells, jobs(j)),
            Command::Selftest {
                problem: name,
                cases,
                seed,
            } => {
                let chosen = match name {
                    Some(n) => vec![problem(&n)?],
                    None => problems::all(),
                };
                selftest(&chosen, cases, seed)
            }
            Command::Perft { depth } => report(problems::reversi_move::perft::run_cli(depth)),
            Command::ChompCensus { w, h } => report(problems::chomp_solve::census_cli(w, h)),
            Command::CountLegalGo { rows, cols } => {
                report(problems::go_move::count::run_cli(rows, cols))
            }
            Command::List => {
                let list: String = problems::all()
                    .iter()
                    .map(|p| format!("{:14} {}\n", p.name(), p.about()))
                    .collect();
                print(&list);
                0
            }
        })
    };
    run().unwrap_or_else(|status| status)
}

/// Prints a problem-specific command's text, or its error (exit 2).
fn report(result: Result<String, String>) -> i32 {
    match result {
        Ok(text) => {
            print(&text);
            0
        }
        Err(e) => usage_error(e),
    }
}

fn solve(p: &Entry, file: Option<PathBuf>, oracle: bool, multi: bool, json: bool) -> i32 {
    let mut bytes = Vec::new();
    let read = match &file {
        Some(path) => std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes)),
        None => std::io::stdin().lock().read_to_end(&mut bytes),
    };
    let source = file
        .as_ref()
        .map_or("standard input".to_string(), |f| f.display().to_string());
    if let Err(e) = read {
        return usage_error(format!("cannot read {source}: {e}"));
    }
    let Ok(text) = String::from_utf8(bytes) else {
        return usage_error(format!("{source}: the input is not ASCII text"));
    };
    let options = SolveOptions {
        multi,
        oracle,
        json,
    };
    report(
        p.solve(&text, options)
            .map_err(|e| format!("{source}: {e}")),
    )
}

fn exhaust(p: &Entry, max_cells: usize, jobs: usize) -> i32 {
    let started = std::time::Instant::now();
    let done = p.exhaust(max_cells, jobs);
    match done.mismatch {
        None => {
            print(&format!(
                "exhaust {}: engine == oracle on all {} cases with at most {max_cells} cells ({:.1?})\n",
                p.name(),
                done.checked,
                started.elapsed()
            ));
            0
        }
        Some((input, oracle, engine)) => {
            print(&format!(
                "exhaust {}: engine and oracle disagree (case {} of the enumeration)\ninput:\n{input}oracle:\n{oracle}engine:\n{engine}",
                p.name(),
                done.checked
            ));
            1
        }
    }
}

fn selftest(problems: &[Entry], cases: u32, seed: u64) -> i32 {
    let mut status = 0;
    let mut out = String::new();
    for p in problems {
        let (caught, idle) = p.selftest(cases, seed);
        out.push_str(&format!("{}\n", p.name()));
        out.push_str(&format!(
            "  {:28} {:8} {}\n",
            "variant", "caught", "by (smallest counterexample)"
        ));
        for c in &caught {
            let best = c.by.iter().min_by_key(|(_, _, input)| input.len());
            let by: Vec<_> = c.by.iter().map(|(name, _, _)| *name).collect();
            match best {
                Some((_, size, _)) => out.push_str(&format!(
                    "  {:28} {:8} {} ({size})\n",
                    c.variant,
                    "yes",
                    by.join(", ")
                )),
                None => {
                    status = 1;
                    out.push_str(&format!(
                        "  {:28} {:8} -- slipped through: {}\n",
                        c.variant, "NO", c.about
                    ));
                }
            }
        }
        if idle.is_empty() {
            out.push_str("  every property caught at least one variant\n\n");
        } else {
            status = 1;
            out.push_str(&format!(
                "  properties that caught nothing: {}\n\n",
                idle.join(", ")
            ));
        }
    }
    print(&out);
    status
}

/// True when a progress bar makes sense: a person is watching.
fn interactive() -> bool {
    std::io::stdout().is_terminal() && std::io::stderr().is_terminal()
}
