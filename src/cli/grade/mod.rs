//! `boardcheck grade P DIR`: many submissions checked on the same seed and
//! cases, in parallel, one table.

mod tables;

use std::path::{Path, PathBuf};

use boardcheck::harness::candidate::Candidate;
use boardcheck::harness::check::CheckConfig;
use boardcheck::harness::grade::{Row, grade};
use boardcheck::problems::Visitor;
use boardcheck::suite::Suite;
use clap::Args;

use super::check::{AnyCandidate, JudgeArgs, LimitArgs};
use super::{on_problem, print, usage_error};
use tables::{csv, html, limits_word, repeat_one, table};

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
    /// Print the table as JSON.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print the table as CSV.
    #[arg(long)]
    csv: bool,
    /// Also write the table as one standalone HTML page.
    #[arg(long, value_name = "FILE.html")]
    report: Option<PathBuf>,
}

/// One submission: its name in the table and the command that runs it
/// (with --py-func, the file whose function is called).
struct Submission {
    name: String,
    argv: Vec<String>,
}

/// The command that runs `path` by its kind; `None` for files that are not
/// programs (README, data).
fn by_kind(path: &Path) -> Option<Vec<String>> {
    use std::os::unix::fs::PermissionsExt;
    let p = path.to_string_lossy().into_owned();
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let with = |interpreter: &str| Some(vec![interpreter.to_string(), p.clone()]);
    match ext {
        "py" => with("python3"),
        "sh" => with("sh"),
        "js" => with("node"),
        "rb" => with("ruby"),
        "pl" => with("perl"),
        _ => {
            let meta = path.metadata().ok()?;
            (meta.is_file() && meta.permissions().mode() & 0o111 != 0).then(|| vec![p])
        }
    }
}

fn submissions(args: &GradeArgs) -> Result<Vec<Submission>, String> {
    let mut out = Vec::new();
    for item in &args.submissions {
        if args.command {
            let argv = shlex::split(item).filter(|a| !a.is_empty());
            let argv = argv.ok_or_else(|| format!("cannot split the command {item:?}"))?;
            out.push(Submission {
                name: item.clone(),
                argv,
            });
            continue;
        }
        let path = Path::new(item);
        let files: Vec<PathBuf> = if path.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| format!("{item}: {e}"))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file())
                .collect();
            files.sort();
            files
        } else if path.is_file() {
            vec![path.to_path_buf()]
        } else {
            return Err(format!("{item}: no such file or folder"));
        };
        for file in files {
            let program = match &args.py_func {
                Some(_) => (file.extension().is_some_and(|e| e == "py"))
                    .then(|| vec![file.to_string_lossy().into_owned()]),
                None => by_kind(&file).map(|mut argv| {
                    // A program reads the multi-case form when told so, as
                    // the examples do; --command lines say it themselves.
                    if args.judge.multi {
                        argv.push("--multi".into());
                    }
                    argv
                }),
            };
            if let Some(argv) = program {
                out.push(Submission {
                    name: file.to_string_lossy().into_owned(),
                    argv,
                });
            } else if !path.is_dir() {
                return Err(match args.py_func {
                    Some(_) => format!("{}: not a .py file (--py-func)", file.display()),
                    None => format!(
                        "{}: not a program (.py, .sh, .js, .rb, .pl or an executable)",
                        file.display()
                    ),
                });
            }
        }
    }
    if out.is_empty() {
        return Err("no submissions found".into());
    }
    Ok(out)
}

/// The grading itself, once the problem is known.
struct Grade<'a> {
    args: &'a GradeArgs,
    seed: u64,
    candidates: &'a [(String, AnyCandidate)],
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
        let candidates: Vec<(&str, &dyn Candidate<P>)> = self
            .candidates
            .iter()
            .map(|(name, c)| (name.as_str(), c.as_candidate::<P>()))
            .collect();
        let quiet = self.args.json || self.args.csv;
        let done = |row: &Row| {
            if !quiet {
                eprintln!("boardcheck: {}: {}", row.submission, row.verdict);
            }
        };
        Ok(grade::<P>(
            &candidates,
            &config,
            super::jobs(self.args.jobs),
            &done,
        ))
    }
}

/// The candidate of each submission, or the usage error's status.
fn candidates(args: &GradeArgs, list: Vec<Submission>) -> Result<Vec<(String, AnyCandidate)>, i32> {
    let mut candidates = Vec::new();
    for s in list {
        let py_func = args
            .py_func
            .as_ref()
            .map(|name| format!("{}:{name}", s.name));
        let argv = if py_func.is_some() {
            Vec::new()
        } else {
            s.argv
        };
        let candidate =
            args.judge
                .candidate(&args.problem, &args.limits, argv, py_func.as_deref())?;
        candidates.push((s.name, candidate));
    }
    Ok(candidates)
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
    let candidates = match candidates(&args, list) {
        Ok(candidates) => candidates,
        Err(status) => return status,
    };
    let seed = args.seed.unwrap_or_else(super::check::random_seed);
    if !args.json && !args.csv {
        eprintln!(
            "boardcheck: grading {} submissions of {} with seed {seed}",
            candidates.len(),
            args.problem
        );
    }
    let grade = Grade {
        args: &args,
        seed,
        candidates: &candidates,
    };
    let rows = match on_problem(&args.problem, grade) {
        Ok(Ok(rows)) => rows,
        Ok(Err(e)) => return usage_error(e),
        Err(status) => return status,
    };
    if let Some(path) = &args.report
        && let Err(e) = std::fs::write(path, html(&args.problem, seed, &rows))
    {
        eprintln!(
            "boardcheck: warning: could not write {}: {e}",
            path.display()
        );
    }
    if args.json {
        let json = serde_json::json!({
            "problem": args.problem,
            "seed": seed,
            "cases": args.judge.cases,
            "limits": limits_word(args.judge.limits_mode),
            "repeat": repeat_one(&args, seed),
            "shard": args.shard.map(|s| format!("{}/{}", s.index + 1, s.count)),
            "submissions": rows,
        });
        print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&json).expect("serializes")
        ));
    } else if args.csv {
        print(&csv(&rows));
    } else {
        print(&table(&rows));
        print(&format!("\nrepeat one: {}\n", repeat_one(&args, seed)));
    }
    i32::from(rows.iter().any(|r| r.verdict != "PASS"))
}
