//! Argument parsing (clap) and dispatch. Every subcommand returns its exit
//! status: 0 success, 1 a disagreement found, 2 usage or input error.

mod check;
mod commands;
mod grade;
mod hints;
mod interrupt;
mod merge;
mod scale;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use boardcheck::problems::{self, Visitor};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use commands::{
    Exhaust, Gen, SelfTest, Solve, exhaust_json, exhaust_report, list, read_source, report,
};

/// Exit statuses, under every subcommand's `--help`.
const EXIT_STATUS: &str = "Exit status:
  0    all agreed
  1    a failure was found and reported
  2    usage error, malformed input, or a candidate that cannot start
  130  interrupted (Ctrl-C), after a partial summary: the cases run so far
       and the smallest failure so far, if any";

/// Property-based verification of board-game rule engines.
#[derive(Parser)]
#[command(name = "boardcheck", version, about, max_term_width = 100,
          after_help = EXIT_STATUS)]
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
    #[command(after_help = EXIT_STATUS)]
    Check(Box<check::CheckArgs>),
    /// Check many submissions (a folder, files, or commands) on the same
    /// seed and cases, in parallel: one table.
    Grade(Box<grade::GradeArgs>),
    /// Running time against size on a pattern: the fitted exponent and the
    /// projected time at the contract's largest size.
    Scale(Box<scale::ScaleArgs>),
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
        /// Only part I of N of the enumeration (cases k with k % N == I-1);
        /// `boardcheck merge` adds the shards' `--json` results up.
        #[arg(long, value_name = "I/N")]
        shard: Option<boardcheck::harness::check::Shard>,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Add up the `--json` results of the shards of one run (`check`,
    /// `grade`, `exhaust`, or a problem's counting command with `--shard I/N`).
    Merge {
        /// The JSON files, one per shard.
        #[arg(required = true)]
        files: Vec<PathBuf>,
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
}

/// `list`, added after the problems' own subcommands so that `--help`
/// lists it last, as it always has.
fn list_command() -> clap::Command {
    clap::Command::new("list").about("List the problems")
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

/// Runs `visitor` on the problem called `name`, or refuses an unknown name
/// (exit 2).
fn on_problem<V: Visitor>(name: &str, visitor: V) -> Result<V::Output, i32> {
    known_problem(name)?;
    problems::visit(name, visitor).ok_or_else(|| unknown_problem(name))
}

/// Refuses an unknown problem name (exit 2) before anything else is
/// printed: the message names the closest problem and lists them all.
fn known_problem(name: &str) -> Result<(), i32> {
    if problems::NAMES.contains(&name) {
        Ok(())
    } else {
        Err(unknown_problem(name))
    }
}

fn unknown_problem(name: &str) -> i32 {
    usage_error(boardcheck::harness::names::unknown_problem(
        name,
        problems::NAMES,
    ))
}

/// Writes `text` to stdout in one piece; a closed pipe is not an error.
fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
}

fn jobs(j: Option<usize>) -> usize {
    j.unwrap_or_else(boardcheck::limits::cores)
}

/// A tip for the commonest first mistake: a candidate's command typed
/// without the `--` before it (`boardcheck check go-move python3 sol.py`),
/// which clap can only call an unexpected argument.
fn candidate_without_dashes(e: &clap::Error) -> Option<String> {
    let argv: Vec<String> = std::env::args().collect();
    let takes_candidate = matches!(argv.get(1).map(String::as_str), Some("check" | "scale"));
    (e.kind() == clap::error::ErrorKind::UnknownArgument
        && takes_candidate
        && !argv.iter().any(|a| a == "--"))
    .then(|| {
        format!(
            "tip: the candidate's command goes after `--`: boardcheck {} <PROBLEM> [OPTIONS] -- <CMD>...",
            argv[1]
        )
    })
}

/// Runs the command line; returns the exit status.
pub fn main() -> i32 {
    // The problems' own subcommands join the ones clap derives.
    let extra = problems::commands();
    let command = extra
        .iter()
        .fold(Cli::command(), |c, p| c.subcommand((p.command)()))
        .subcommand(list_command());
    let parsed = command.try_get_matches().and_then(|matches| {
        if matches.subcommand_name() == Some("list") {
            return Ok(Err(None));
        }
        let own = matches.subcommand().and_then(|(name, sub)| {
            let p = extra.iter().find(|p| (p.command)().get_name() == name)?;
            Some((p.run, sub.clone()))
        });
        match own {
            Some(own) => Ok(Err(Some(own))),
            None => Cli::from_arg_matches(&matches).map(Ok),
        }
    });
    let parsed = match parsed {
        Ok(parsed) => parsed,
        Err(e) => {
            let _ = e.print();
            if let Some(tip) = candidate_without_dashes(&e) {
                eprintln!("{tip}");
            }
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    // Ctrl-C: end every candidate's process group before leaving.
    let _ = ctrlc::set_handler(|| {
        boardcheck::harness::process::kill_all();
        check::on_interrupt();
        std::process::exit(130);
    });
    let cli = match parsed {
        Ok(cli) => cli,
        Err(Some((run, matches))) => return report(run(&matches)),
        Err(None) => return list().unwrap_or_else(|status| status),
    };
    let run = || -> Result<i32, i32> {
        Ok(match cli.command {
            Command::Solve {
                problem: name,
                file,
                oracle,
                multi,
                format,
            } => {
                let text = read_source(file.as_deref())?;
                let solve = Solve {
                    text: &text.1,
                    oracle,
                    multi,
                    json: format == Format::Json,
                };
                report(on_problem(&name, solve)?.map_err(|e| format!("{}: {e}", text.0)))
            }
            Command::Gen {
                problem: name,
                seed,
                size,
                pattern,
            } => report(on_problem(
                &name,
                Gen {
                    seed,
                    size,
                    pattern: pattern.as_deref(),
                },
            )?),
            Command::Check(args) => check::run(*args),
            Command::Grade(args) => grade::run(*args),
            Command::Scale(args) => scale::run(*args),
            Command::Exhaust {
                problem: name,
                max_cells,
                jobs: j,
                shard,
                json,
            } => {
                let started = std::time::Instant::now();
                let done = on_problem(
                    &name,
                    Exhaust {
                        max_cells,
                        jobs: jobs(j),
                        shard,
                    },
                )?;
                match done {
                    Ok(done) if json => exhaust_json(&name, max_cells, shard, &done),
                    Ok(done) => exhaust_report(&name, max_cells, &done, started.elapsed()),
                    Err(e) => usage_error(e),
                }
            }
            Command::Merge { files } => merge::run(&files),
            Command::Selftest {
                problem: name,
                cases,
                seed,
            } => {
                let chosen: Vec<&str> = match &name {
                    Some(n) => vec![n.as_str()],
                    None => problems::NAMES.to_vec(),
                };
                let mut status = 0;
                let mut out = String::new();
                for name in chosen {
                    let (text, ok) = on_problem(name, SelfTest { cases, seed })?;
                    out.push_str(&text);
                    status = status.max(i32::from(!ok));
                }
                print(&out);
                status
            }
        })
    };
    run().unwrap_or_else(|status| status)
}

/// True when a progress bar makes sense: a person is watching.
fn interactive() -> bool {
    std::io::stdout().is_terminal() && std::io::stderr().is_terminal()
}
