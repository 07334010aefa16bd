//! Argument parsing (clap) and dispatch. Every subcommand returns its exit
//! status: 0 success, 1 a disagreement found, 2 usage or input error.

mod check;
mod grade;
mod hints;
mod interrupt;
mod merge;
mod scale;

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;

use boardcheck::generation::{clamp_size, pattern};
use boardcheck::harness::check::generate;
use boardcheck::harness::exhaust::{Exhausted, exhaust_shard};
use boardcheck::harness::selftest::{Caught, idle_properties, selftest};
use boardcheck::json::{answer_json_text, read_case_text};
use boardcheck::problem::{answer_text, case_text, read_input};
use boardcheck::problems::{self, Visitor};
use boardcheck::suite::Suite;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

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
    let closest = problems::NAMES
        .iter()
        .map(|known| (edit_distance(name, known), *known))
        .min()
        .filter(|(distance, _)| *distance <= 3)
        .map_or(String::new(), |(_, known)| {
            format!("; did you mean {known:?}?")
        });
    usage_error(format!(
        "unknown problem {name:?}{closest} (problems: {})",
        problems::NAMES.join(", ")
    ))
}

/// Levenshtein distance over bytes (problem names are ASCII).
fn edit_distance(a: &str, b: &str) -> usize {
    let b = b.as_bytes();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.as_bytes().iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substituted = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substituted.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
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
                    Ok(done) if json => {
                        let value = serde_json::json!({
                            "exhaust": name,
                            "max_cells": max_cells,
                            "shard": shard.map(|s| format!("{}/{}", s.index + 1, s.count)),
                            "checked": done.checked,
                            "mismatch": done.mismatch.as_ref().map(|(i, o, e)| {
                                serde_json::json!({"input": i, "oracle": o, "engine": e})
                            }),
                        });
                        print(&format!(
                            "{}\n",
                            serde_json::to_string_pretty(&value).expect("serializes")
                        ));
                        i32::from(done.mismatch.is_some())
                    }
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

/// `list`: every problem, with its size unit and patterns.
fn list() -> Result<i32, i32> {
    let mut list = String::new();
    for name in problems::NAMES {
        list.push_str(&on_problem(name, List)?);
    }
    print(&list);
    Ok(0)
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

/// The input of `solve`: where it came from (for messages), and its text.
fn read_source(file: Option<&std::path::Path>) -> Result<(String, String), i32> {
    let mut bytes = Vec::new();
    let read = match file {
        Some(path) => std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes)),
        None => std::io::stdin().lock().read_to_end(&mut bytes),
    };
    let source = file.map_or("standard input".to_string(), |f| f.display().to_string());
    if let Err(e) = read {
        return Err(usage_error(format!("cannot read {source}: {e}")));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok((source, text)),
        Err(_) => Err(usage_error(format!(
            "{source}: the input is not ASCII text"
        ))),
    }
}

/// `solve`: the engine's (or oracle's) answers to an input.
struct Solve<'a> {
    text: &'a str,
    oracle: bool,
    multi: bool,
    json: bool,
}

impl Visitor for Solve<'_> {
    type Output = Result<String, String>;
    fn visit<P: Suite>(self) -> Self::Output {
        let solve = if self.oracle { P::oracle } else { P::engine };
        if self.json {
            if self.multi {
                return Err(
                    "--format json reads a single case; --multi is for the text form".into(),
                );
            }
            let case = read_case_text::<P>(self.text).map_err(|e| e.to_string())?;
            return Ok(answer_json_text::<P>(&solve(&case)));
        }
        let cases = read_input::<P>(self.text, self.multi).map_err(|e| e.to_string())?;
        Ok(cases.iter().map(|c| answer_text::<P>(&solve(c))).collect())
    }
}

/// `gen`: one input from a seed, or a named pattern.
struct Gen<'a> {
    seed: u64,
    size: Option<usize>,
    pattern: Option<&'a str>,
}

impl Visitor for Gen<'_> {
    type Output = Result<String, String>;
    fn visit<P: Suite>(self) -> Self::Output {
        let size = clamp_size::<P>(self.size.unwrap_or(P::DEFAULT_SIZE));
        let case = match self.pattern {
            None => generate::<P>(self.seed, size),
            Some(name) => pattern::<P>(name, size)?,
        };
        Ok(case_text::<P>(&case))
    }
}

/// `exhaust`: engine against oracle on every small case.
struct Exhaust {
    max_cells: usize,
    jobs: usize,
    shard: Option<boardcheck::harness::check::Shard>,
}

impl Visitor for Exhaust {
    type Output = Result<Exhausted, String>;
    fn visit<P: Suite>(self) -> Self::Output {
        exhaust_shard::<P>(self.max_cells, self.jobs, self.shard)
    }
}

fn exhaust_report(
    name: &str,
    max_cells: usize,
    done: &Exhausted,
    took: std::time::Duration,
) -> i32 {
    match &done.mismatch {
        None => {
            print(&format!(
                "exhaust {name}: engine == oracle on all {} cases with at most {max_cells} cells ({took:.1?})\n",
                done.checked,
            ));
            0
        }
        Some((input, oracle, engine)) => {
            print(&format!(
                "exhaust {name}: engine and oracle disagree (case {} of the enumeration)\ninput:\n{input}oracle:\n{oracle}engine:\n{engine}",
                done.checked
            ));
            1
        }
    }
}

/// `selftest`: the zoo through the properties, as a table; and whether
/// every variant was caught and every property caught one.
struct SelfTest {
    cases: u32,
    seed: u64,
}

impl Visitor for SelfTest {
    type Output = (String, bool);
    fn visit<P: Suite>(self) -> Self::Output {
        let caught: Vec<Caught> = selftest::<P>(self.cases, self.seed);
        let idle = idle_properties::<P>(&caught);
        let mut ok = idle.is_empty();
        let mut out = format!(
            "{}\n  {:28} {:8} by (smallest counterexample)\n",
            P::NAME,
            "variant",
            "caught"
        );
        for c in &caught {
            let best = c.by.iter().min_by_key(|(_, _, input)| input.len());
            let by: Vec<_> = c.by.iter().map(|(name, _, _)| *name).collect();
            let na = if c.not_applicable.is_empty() {
                String::new()
            } else {
                format!("; not applicable: {}", c.not_applicable.join(", "))
            };
            match best {
                Some((_, size, _)) => out.push_str(&format!(
                    "  {:28} {:8} {} ({size}){na}\n",
                    c.variant,
                    "yes",
                    by.join(", ")
                )),
                None => {
                    ok = false;
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
            out.push_str(&format!(
                "  properties that caught nothing: {}\n\n",
                idle.join(", ")
            ));
        }
        (out, ok)
    }
}

/// `list`: a problem's name, what it is, its size unit and patterns.
struct List;

impl Visitor for List {
    type Output = String;
    fn visit<P: Suite>(self) -> Self::Output {
        let extras = P::extras();
        let patterns: Vec<&str> = extras.patterns.iter().map(|p| p.name).collect();
        format!(
            "{:14} {}\n{:14} --size in {} (default {}, at most {}); patterns: {}\n",
            P::NAME,
            P::ABOUT,
            "",
            P::SIZE_UNIT,
            P::DEFAULT_SIZE,
            P::MAX_SIZE,
            if patterns.is_empty() {
                "none".to_string()
            } else {
                patterns.join(", ")
            }
        )
    }
}

/// True when a progress bar makes sense: a person is watching.
fn interactive() -> bool {
    std::io::stdout().is_terminal() && std::io::stderr().is_terminal()
}
