//! `boardcheck grade P DIR`: many submissions checked on the same seed and
//! cases, in parallel, one table.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use boardcheck::harness::check::{CheckConfig, LimitsMode, check};
use boardcheck::harness::html::{escape, page};
use boardcheck::harness::report::Report;
use boardcheck::problems::Visitor;
use boardcheck::suite::Suite;
use clap::Args;

use super::check::{AnyCandidate, LimitArgs, any_candidate};
use super::{on_problem, print, usage_error};

/// Options of `grade`.
#[derive(Args)]
pub struct GradeArgs {
    /// The problem.
    problem: String,
    /// Submissions: folders (each file in it is one), files, or with
    /// --command whole command lines.
    #[arg(required = true, value_name = "DIR|FILE|COMMAND")]
    submissions: Vec<String>,
    /// Take each SUBMISSION as a command line (split like a shell would).
    #[arg(long)]
    command: bool,
    /// Generated cases per submission.
    #[arg(long, default_value_t = 1000)]
    cases: u64,
    /// The seed of the cases, the same for every submission (random if absent).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    limits: LimitArgs,
    /// Submissions checked at once (default: the number of cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Upper bound on the size of generated cases.
    #[arg(long)]
    size: Option<usize>,
    /// The limits phase: on, off or only (as for `check`).
    #[arg(long = "limits", default_value = "off", value_parser = parse_limits)]
    limits_mode: LimitsMode,
    /// Most candidate runs spent shrinking a failure.
    #[arg(long, default_value_t = 300)]
    max_shrink_runs: usize,
    /// Most seconds spent shrinking a failure.
    #[arg(long, default_value_t = 20)]
    shrink_seconds: u64,
    /// How submissions are fed: text or jsonl (docs/protocol.md).
    #[arg(long, default_value = "text", value_parser = ["text", "jsonl"])]
    protocol: String,
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

fn parse_limits(text: &str) -> Result<LimitsMode, String> {
    text.parse()
}

/// One submission: its name in the table and the command that runs it.
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
            if let Some(argv) = by_kind(&file) {
                out.push(Submission {
                    name: file.to_string_lossy().into_owned(),
                    argv,
                });
            } else if !path.is_dir() {
                return Err(format!(
                    "{}: not a program (.py, .sh, .js, .rb, .pl or an executable)",
                    file.display()
                ));
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
    cases_passed: u64,
    cases_run: u64,
    /// The first failing case, minimal, exactly as fed.
    minimal_case: Option<String>,
    detail: Option<String>,
    seconds: f64,
}

fn row_of(name: &str, report: &Report, elapsed: Duration) -> Row {
    let failed = report.failure.is_some();
    Row {
        submission: name.to_string(),
        verdict: report
            .failure
            .as_ref()
            .map_or("PASS".into(), |f| f.verdict.to_string()),
        cases_passed: report.cases - u64::from(failed),
        cases_run: report.cases,
        minimal_case: report.failure.as_ref().map(|f| f.input.clone()),
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
    type Output = Vec<Row>;
    fn visit<P: Suite>(self) -> Vec<Row> {
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
                        let config = CheckConfig {
                            cases: self.args.cases,
                            seed: self.seed,
                            size: self.args.size,
                            jobs: 1,
                            max_shrink_runs: self.args.max_shrink_runs,
                            max_shrink_time: Duration::from_secs(self.args.shrink_seconds),
                            limits: self.args.limits_mode,
                            ..CheckConfig::default()
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
        rows.into_iter()
            .map(|r| {
                r.into_inner()
                    .unwrap_or_else(|e| e.into_inner())
                    .expect("graded")
            })
            .collect()
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

fn table(rows: &[Row]) -> String {
    let header = [
        "submission",
        "verdict",
        "passed",
        "time",
        "first failing case (minimal)",
    ];
    let cells: Vec<[String; 5]> = rows
        .iter()
        .map(|r| {
            [
                r.submission.clone(),
                r.verdict.clone(),
                format!("{}/{}", r.cases_passed, r.cases_run),
                format!("{:.2}s", r.seconds),
                r.minimal_case.as_deref().map(one_line).unwrap_or_default(),
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
    let widths: Vec<usize> = (0..5).map(width).collect();
    let line = |c: [&str; 5]| {
        let mut s = String::new();
        for k in 0..5 {
            s.push_str(&format!("{:<w$}  ", c[k], w = widths[k]));
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(header);
    for c in &cells {
        out.push_str(&line([&c[0], &c[1], &c[2], &c[3], &c[4]]));
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
    let mut out = String::from("submission,verdict,cases_passed,cases_run,seconds,minimal_case\n");
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{},{},{}\n",
            csv_field(&r.submission),
            r.verdict,
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
         <table class=\"grid\"><tr><th>submission</th><th>verdict</th><th>cases passed</th>\
         <th>time</th><th>first failing case (minimal)</th></tr>\n",
        escape(problem),
        rows.len()
    );
    for r in rows {
        let class = if r.verdict == "PASS" { "pass" } else { "fail" };
        body.push_str(&format!(
            "<tr><td>{}</td><td class=\"{class}\"><b>{}</b></td><td>{}/{}</td><td>{:.2} s</td><td><pre>{}</pre>{}</td></tr>\n",
            escape(&r.submission),
            escape(&r.verdict),
            r.cases_passed,
            r.cases_run,
            r.seconds,
            escape(r.minimal_case.as_deref().unwrap_or("")),
            r.detail
                .as_deref()
                .map_or(String::new(), |d| format!("<small>{}</small>", escape(d)))
        ));
    }
    body.push_str("</table>\n");
    page(&format!("grade {problem}"), &body)
}

/// Runs `grade`; the exit status: 0 every submission passed, 1 some failed.
pub fn run(args: GradeArgs) -> i32 {
    if let Err(status) = super::known_problem(&args.problem) {
        return status;
    }
    if args.cases == 0 || args.limits.timeout_ms == 0 || args.jobs == Some(0) {
        return usage_error("--cases, --jobs and --timeout-ms must be at least 1");
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
    let mut candidates = Vec::new();
    for s in list {
        match any_candidate(
            &args.problem,
            &args.limits,
            s.argv,
            &args.protocol,
            None,
            None,
        ) {
            Ok(c) => candidates.push((s.name, c)),
            Err(status) => return status,
        }
    }
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
        Ok(rows) => rows,
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
            "cases": args.cases,
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
        print(&format!(
            "\nrepeat one: boardcheck check {} --seed {seed} --cases {} --limits {} -- CMD\n",
            args.problem,
            args.cases,
            match args.limits_mode {
                LimitsMode::Off => "off",
                LimitsMode::On => "on",
                LimitsMode::Only => "only",
            }
        ));
    }
    i32::from(rows.iter().any(|r| r.verdict != "PASS"))
}
