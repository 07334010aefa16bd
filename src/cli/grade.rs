//! `boardcheck grade P DIR`: many submissions checked on the same seed and
//! cases, in parallel, one table.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use boardcheck::harness::check::{CheckConfig, LimitsMode, check};
use boardcheck::harness::html::{escape, page};
use boardcheck::harness::report::{AtLimits, Failure, Report};
use boardcheck::harness::verdict::Origin;
use boardcheck::problems::Visitor;
use boardcheck::suite::Suite;
use clap::Args;

use super::check::{AnyCandidate, JudgeArgs, LimitArgs};
use super::{on_problem, print, usage_error};

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

/// One row of the table.
#[derive(serde::Serialize)]
struct Row {
    submission: String,
    /// `PASS`, a verdict (`WA`, `TLE`, ...), or `ERROR` (could not start).
    verdict: String,
    /// The phase that failed: `given`, `cases`, `laws` or `limits`.
    phase: Option<&'static str>,
    cases_passed: u64,
    cases_run: u64,
    /// The first failing case, minimal, exactly as fed.
    minimal_case: Option<String>,
    /// For a failure at the limits: the pattern and the sizes it fails
    /// from and passes at.
    at_limits: Option<AtLimits>,
    detail: Option<String>,
    seconds: f64,
}

/// The phase of a check that found `failure`.
fn phase(failure: &Failure) -> &'static str {
    match failure.origin {
        _ if failure.found_by.is_some() => "laws",
        Origin::Replayed | Origin::Vector => "given",
        Origin::Generated | Origin::Batch | Origin::Exhaustive => "cases",
        Origin::Limits => "limits",
    }
}

fn row_of(name: &str, report: &Report, elapsed: Duration) -> Row {
    if let Some(why) = &report.cannot_run {
        // A submission that cannot run at all (a set-up mistake) is not
        // judged: no case passed or failed.
        return Row {
            submission: name.to_string(),
            verdict: "ERROR".into(),
            phase: None,
            cases_passed: 0,
            cases_run: 0,
            minimal_case: None,
            at_limits: None,
            detail: Some(format!("could not run: {why}")),
            seconds: (elapsed.as_secs_f64() * 100.0).round() / 100.0,
        };
    }
    let failed = report.failure.is_some();
    Row {
        submission: name.to_string(),
        verdict: report
            .failure
            .as_ref()
            .map_or("PASS".into(), |f| f.verdict.to_string()),
        phase: report.failure.as_ref().map(phase),
        cases_passed: report.cases - u64::from(failed),
        cases_run: report.cases,
        minimal_case: report.failure.as_ref().map(|f| f.input.clone()),
        at_limits: report.failure.as_ref().and_then(|f| f.at_limits.clone()),
        detail: report
            .failure
            .as_ref()
            .filter(|f| !f.detail.is_empty())
            .map(|f| f.detail.clone()),
        seconds: (elapsed.as_secs_f64() * 100.0).round() / 100.0,
    }
}

struct Grade<'a> {
    args: &'a GradeArgs,
    seed: u64,
    candidates: &'a [(String, AnyCandidate)],
}

impl Visitor for Grade<'_> {
    type Output = Result<Vec<Row>, String>;
    fn visit<P: Suite>(self) -> Self::Output {
        let shape = self.args.judge.shape::<P>()?;
        let rows: Vec<Mutex<Option<Row>>> =
            self.candidates.iter().map(|_| Mutex::new(None)).collect();
        let next = AtomicUsize::new(0);
        let threads = super::jobs(self.args.jobs).clamp(1, self.candidates.len());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some((name, candidate)) = self.candidates.get(i) else {
                            break;
                        };
                        // One run at a time per submission, as `check --jobs 1`.
                        let config = CheckConfig {
                            shape,
                            ..self.args.judge.config(self.seed, 1)
                        };
                        let started = Instant::now();
                        let report = check::<P>(candidate.as_candidate::<P>(), &config);
                        let row = row_of(name, &report, started.elapsed());
                        if !self.args.json && !self.args.csv {
                            eprintln!("boardcheck: {name}: {}", row.verdict);
                        }
                        *rows[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(row);
                    }
                });
            }
        });
        Ok(rows
            .into_iter()
            .map(|r| {
                r.into_inner()
                    .unwrap_or_else(|e| e.into_inner())
                    .expect("graded")
            })
            .collect())
    }
}

/// One line of a case for a table cell.
fn one_line(text: &str) -> String {
    let line = text.trim_end().replace('\n', " / ");
    if line.chars().count() > 60 {
        format!("{}…", line.chars().take(59).collect::<String>())
    } else {
        line
    }
}

/// The failing case of a row for a table cell: at the limits the pattern
/// and sizes (the input itself is large), else the input on one line.
fn case_cell(row: &Row) -> String {
    match (&row.at_limits, &row.minimal_case) {
        (Some(at), _) => format!(
            "pattern {}: fails from {} {}{}",
            at.pattern,
            at.fails_from,
            at.unit,
            at.passes_at
                .map_or(String::new(), |s| format!(", passes at {s}"))
        ),
        (None, Some(case)) => one_line(case),
        (None, None) => String::new(),
    }
}

fn table(rows: &[Row]) -> String {
    const COLUMNS: usize = 6;
    let header = [
        "submission",
        "verdict",
        "phase",
        "passed",
        "time",
        "first failing case (minimal)",
    ];
    let cells: Vec<[String; COLUMNS]> = rows
        .iter()
        .map(|r| {
            [
                r.submission.clone(),
                r.verdict.clone(),
                r.phase.unwrap_or("").to_string(),
                format!("{}/{}", r.cases_passed, r.cases_run),
                format!("{:.2}s", r.seconds),
                case_cell(r),
            ]
        })
        .collect();
    let width = |k: usize| {
        cells
            .iter()
            .map(|c| c[k].chars().count())
            .chain([header[k].len()])
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..COLUMNS).map(width).collect();
    let line = |c: [&str; COLUMNS]| {
        let mut s = String::new();
        for (cell, w) in c.iter().zip(&widths) {
            s.push_str(&format!("{cell:<w$}  "));
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(header);
    for c in &cells {
        out.push_str(&line(std::array::from_fn(|k| c[k].as_str())));
    }
    out
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn csv(rows: &[Row]) -> String {
    let mut out =
        String::from("submission,verdict,phase,cases_passed,cases_run,seconds,minimal_case\n");
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{},{},{},{}\n",
            csv_field(&r.submission),
            r.verdict,
            r.phase.unwrap_or(""),
            r.cases_passed,
            r.cases_run,
            r.seconds,
            csv_field(r.minimal_case.as_deref().unwrap_or(""))
        ));
    }
    out
}

fn html(problem: &str, seed: u64, rows: &[Row]) -> String {
    let mut body = format!(
        "<h1>grade {}: {} submissions</h1><p>seed {seed}, the same cases for every submission</p>\n\
         <table class=\"grid\"><tr><th>submission</th><th>verdict</th><th>phase</th><th>cases passed</th>\
         <th>time</th><th>first failing case (minimal)</th></tr>\n",
        escape(problem),
        rows.len()
    );
    for r in rows {
        let class = if r.verdict == "PASS" { "pass" } else { "fail" };
        body.push_str(&format!(
            "<tr><td>{}</td><td class=\"{class}\"><b>{}</b></td><td>{}</td><td>{}/{}</td><td>{:.2} s</td><td><pre>{}</pre>{}</td></tr>\n",
            escape(&r.submission),
            escape(&r.verdict),
            r.phase.unwrap_or(""),
            r.cases_passed,
            r.cases_run,
            r.seconds,
            escape(&case_cell(r)),
            r.detail
                .as_deref()
                .map_or(String::new(), |d| format!("<small>{}</small>", escape(d)))
        ));
    }
    body.push_str("</table>\n");
    page(&format!("grade {problem}"), &body)
}

/// `--limits`'s word for `mode`.
fn limits_word(mode: LimitsMode) -> &'static str {
    match mode {
        LimitsMode::Off => "off",
        LimitsMode::On => "on",
        LimitsMode::Only => "only",
    }
}

/// The `check` command that judges one submission as `grade` did: the same
/// seed and the options that change the verdict.
fn repeat_one(args: &GradeArgs, seed: u64) -> String {
    let j = &args.judge;
    let mut words = vec![
        format!("boardcheck check {} --seed {seed}", args.problem),
        format!("--cases {}", j.cases),
        format!("--limits {}", limits_word(j.limits_mode)),
        format!("--timeout-ms {}", args.limits.timeout_ms),
    ];
    words.extend(j.size.map(|s| format!("--size {s}")));
    words.extend(j.pattern.as_ref().map(|p| format!("--pattern {p}")));
    if j.multi {
        words.push(format!("--multi --batch {}", j.batch));
    }
    match &args.py_func {
        Some(name) => words.push(format!("--py-func FILE.py:{name}")),
        None if j.protocol == "jsonl" => words.push("--protocol jsonl -- CMD".into()),
        None => words.push("-- CMD".into()),
    }
    words.join(" ")
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
