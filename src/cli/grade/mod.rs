//! `boardcheck grade P DIR`: many submissions checked on the same seed and
//! cases, in parallel: one table, and per submission what a teacher tells
//! the student (docs/grading.md).

mod repeat;
mod submissions;
mod tables;

use std::path::PathBuf;

use boardcheck::harness::check::CheckConfig;
use boardcheck::harness::grade::{self, Row, RunLimits, Submission as Graded, grade, not_started};
use boardcheck::harness::html::grade_page;
use boardcheck::problems::Visitor;
use boardcheck::suite::Suite;
use clap::Args;

use super::check::{AnyCandidate, JudgeArgs, LimitArgs, built};
use super::{on_problem, print, usage_error};
use repeat::{Run, limits_word, repeat_one, setup};
use submissions::{StartUp, Submission, allowance, submissions};
use tables::{csv, section, table};

/// Options of `grade`: each submission is judged as `check` judges a
/// candidate, by the same options with the same defaults.
#[derive(Args)]
pub struct GradeArgs {
    /// The problem.
    problem: String,
    /// Submissions: folders (each program in it is one), files, or with
    /// --command whole command lines.
    #[arg(required = true, value_name = "DIR|FILE|COMMAND")]
    submissions: Vec<String>,
    /// Take each SUBMISSION as a command line (split like a shell would).
    #[arg(long, conflicts_with = "py_func")]
    command: bool,
    /// The seed of the cases, the same for every submission (random if absent).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    judge: JudgeArgs,
    #[command(flatten)]
    limits: LimitArgs,
    /// Submissions checked at once (default: the number of cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Call the Python function NAME of each `.py` submission (as `check
    /// --py-func FILE.py:NAME`); other files in a folder are skipped.
    #[arg(long, value_name = "NAME")]
    py_func: Option<String>,
    /// Only part I of N of the submissions (the k-th, from 0, when k % N
    /// == I-1); `boardcheck merge` joins the shards' `--json` tables.
    #[arg(long, value_name = "I/N")]
    shard: Option<boardcheck::harness::check::Shard>,
    /// More time for the submissions of one kind, `KIND=MS` (repeatable):
    /// MS is added to the wall-time limit of each of their runs (and to
    /// --cpu-ms, if set). KIND is a file extension (`py`, `js`; `exe` for
    /// an executable without one) or a program's name (`python3`, `java`).
    /// For a language's start-up, e.g. `--startup-ms py=300`.
    #[arg(long, value_name = "KIND=MS")]
    startup_ms: Vec<StartUp>,
    /// Print the table as JSON.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print the table as CSV.
    #[arg(long)]
    csv: bool,
    /// Also write what --json prints to this file (the terminal keeps the
    /// table and the sections): one run, both forms.
    #[arg(long, value_name = "FILE.json")]
    json_out: Option<PathBuf>,
    /// Also write one standalone HTML page: the table, each row linked to
    /// its submission's section (the case, expected and got, the repeat line).
    #[arg(long, value_name = "FILE.html")]
    report: Option<PathBuf>,
}

/// A submission ready to grade: its candidate (or why it cannot be set
/// up) and the `check` command that judges it alone.
struct Prepared {
    name: String,
    candidate: Result<AnyCandidate, String>,
    limits: RunLimits,
    repeat: String,
}

/// Each submission's candidate under its own limits (the start-up
/// allowance of its kind added) and its repeat line.
fn prepare(args: &GradeArgs, seed: u64, list: Vec<Submission>) -> Vec<Prepared> {
    let program = std::env::args()
        .next()
        .unwrap_or_else(|| "boardcheck".into());
    list.into_iter()
        .map(|s| {
            let extra = allowance(&args.startup_ms, &s.kinds);
            let limits = LimitArgs {
                timeout_ms: args.limits.timeout_ms + extra,
                cpu_ms: args.limits.cpu_ms.map(|c| c + extra),
                ..args.limits.clone()
            };
            let py_func = args
                .py_func
                .as_ref()
                .map(|name| format!("{}:{name}", s.name));
            let run = match &py_func {
                Some(spec) => Run::Function(spec),
                None => Run::Command(&s.argv),
            };
            let repeat = repeat_one(&program, args, seed, &limits, run);
            let argv = if py_func.is_some() {
                Vec::new()
            } else {
                s.argv
            };
            let j = &args.judge;
            let candidate = built(
                &args.problem,
                &limits,
                argv,
                &j.protocol,
                py_func.as_deref(),
                j.multi.then_some(j.batch),
            );
            Prepared {
                name: s.name,
                candidate,
                limits: RunLimits {
                    timeout_ms: limits.timeout_ms,
                    cpu_ms: limits.cpu_ms,
                },
                repeat,
            }
        })
        .collect()
}

/// The grading itself, once the problem is known.
struct Grade<'a> {
    args: &'a GradeArgs,
    seed: u64,
    prepared: &'a [Prepared],
}

impl Visitor for Grade<'_> {
    type Output = Result<Vec<Row>, String>;
    fn visit<P: Suite>(self) -> Self::Output {
        let shape = self.args.judge.shape::<P>()?;
        // One run at a time per submission, as `check --jobs 1`.
        let config = CheckConfig {
            shape,
            ..self.args.judge.config(self.seed, 1)
        };
        let runnable: Vec<Graded<'_, P>> = self
            .prepared
            .iter()
            .filter_map(|p| {
                Some(Graded {
                    name: &p.name,
                    candidate: p.candidate.as_ref().ok()?.as_candidate::<P>(),
                    limits: Some(p.limits),
                    repeat: p.repeat.clone(),
                })
            })
            .collect();
        let quiet = self.args.json || self.args.csv;
        let done = |row: &Row| {
            if !quiet {
                eprintln!(
                    "boardcheck: {}: {} ({})",
                    row.submission,
                    row.class.words(),
                    row.verdict
                );
            }
        };
        let mut graded =
            grade::<P>(&runnable, &config, super::jobs(self.args.jobs), &done).into_iter();
        // Every submission in order, those that could not be set up included.
        Ok(self
            .prepared
            .iter()
            .map(|p| match &p.candidate {
                Ok(_) => graded.next().expect("one row per runnable submission"),
                Err(why) => {
                    let row = not_started(&p.name, why, p.repeat.clone(), P::NAME, self.seed);
                    done(&row);
                    row
                }
            })
            .collect())
    }
}

/// Runs `grade`; the exit status: 0 every submission passed, 1 some failed.
pub fn run(args: GradeArgs) -> i32 {
    if let Err(status) = super::known_problem(&args.problem) {
        return status;
    }
    if args.judge.cases == 0
        || args.judge.batch == 0
        || args.limits.timeout_ms == 0
        || args.jobs == Some(0)
    {
        return usage_error("--cases, --batch, --jobs and --timeout-ms must be at least 1");
    }
    if args.judge.multi && (args.py_func.is_some() || args.judge.protocol == "jsonl") {
        return usage_error("--multi and --protocol jsonl (or --py-func) exclude each other");
    }
    // The sandbox is the machine's, not a submission's: refused once.
    if let Err(e) = boardcheck::harness::process::probe(args.limits.sandbox) {
        return usage_error(format!("--sandbox {}: {e}", args.limits.sandbox));
    }
    let mut list = match submissions(&args) {
        Ok(list) => list,
        Err(e) => return usage_error(e),
    };
    if let Some(shard) = args.shard {
        let mut k = 0u64;
        list.retain(|_| {
            k += 1;
            shard.takes(k - 1)
        });
    }
    let seed = args.seed.unwrap_or_else(super::check::random_seed);
    let prepared = prepare(&args, seed, list);
    let setup = setup(&args, seed);
    if !args.json && !args.csv {
        eprintln!(
            "boardcheck: grading {} submissions of {}: {setup}",
            prepared.len(),
            args.problem
        );
    }
    let grade = Grade {
        args: &args,
        seed,
        prepared: &prepared,
    };
    let rows = match on_problem(&args.problem, grade) {
        Ok(Ok(rows)) => rows,
        Ok(Err(e)) => return usage_error(e),
        Err(status) => return status,
    };
    if let Some(path) = &args.report
        && let Err(e) = std::fs::write(path, grade_page(&args.problem, &setup, &rows))
    {
        eprintln!(
            "boardcheck: warning: could not write {}: {e}",
            path.display()
        );
    }
    let json = || {
        let startup: serde_json::Map<String, serde_json::Value> = args
            .startup_ms
            .iter()
            .map(|s| (s.kind.clone(), s.ms.into()))
            .collect();
        let json = serde_json::json!({
            "problem": args.problem,
            "seed": seed,
            "setup": setup,
            "cases": args.judge.cases,
            "limits": limits_word(args.judge.limits_mode),
            // The largest size as a number; "A..B" when a smallest is declared.
            "size": args.judge.size.map(|s| match s.min {
                None => serde_json::json!(s.max),
                Some(min) => serde_json::json!(format!("{min}..{}", s.max)),
            }),
            "timeout_ms": args.limits.timeout_ms,
            "cpu_ms": args.limits.cpu_ms,
            "startup_ms": startup,
            "shard": args.shard.map(|s| format!("{}/{}", s.index + 1, s.count)),
            "classes": counts(&rows),
            "submissions": rows,
        });
        format!(
            "{}\n",
            serde_json::to_string_pretty(&json).expect("serializes")
        )
    };
    if let Some(path) = &args.json_out
        && let Err(e) = std::fs::write(path, json())
    {
        eprintln!(
            "boardcheck: warning: could not write {}: {e}",
            path.display()
        );
    }
    if args.json {
        print(&json());
    } else if args.csv {
        print(&csv(&rows));
    } else {
        print(&format!("grade {}: {setup}\n\n", args.problem));
        print(&table(&rows));
        for row in &rows {
            print(&format!("\n{}", section(row)));
        }
    }
    i32::from(rows.iter().any(|r| r.class != grade::Class::Pass))
}

/// How many submissions came to each class.
fn counts(rows: &[Row]) -> serde_json::Value {
    use grade::Class::*;
    let n = |class| rows.iter().filter(|r| r.class == class).count();
    serde_json::json!({
        "pass": n(Pass),
        "wrong": n(Wrong),
        "too-slow": n(TooSlow),
        "crashes": n(Crashes),
        "could-not-run": n(CouldNotRun),
    })
}
