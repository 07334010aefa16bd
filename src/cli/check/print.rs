//! What `check` prints: progress, the repeat command, the options in
//! force, the report (human or JSON) and the summary Ctrl-C leaves.

use std::path::{Path, PathBuf};

use boardcheck::harness::casefile::{self, Entry};
use boardcheck::harness::given_inputs::saved_entry;
use boardcheck::harness::gtp::summary::{self, Summary};
use boardcheck::harness::report::{AnswerForm, Beside, Failure, Report};
use boardcheck::problems::{self, Visitor};
use boardcheck::suite::Suite;

use super::any_candidate::AnyCandidate;
use super::args::CheckArgs;
use crate::cli::{interactive, print};

/// The options in force, for the JSON report.
pub fn options_json(args: &CheckArgs, seed: u64, jobs: usize) -> serde_json::Value {
    let l = &args.limits;
    serde_json::json!({
        "cases": args.judge.cases,
        "seed": seed,
        "size": args.judge.size.map(|r| r.max),
        "min_size": args.judge.size.and_then(|r| r.min),
        "shape": args.judge.shape,
        "max_failures": args.judge.max_failures,
        "jobs": jobs,
        "timeout_ms": l.timeout_ms,
        "cpu_ms": l.cpu_ms,
        "memory_mb": l.memory_mb,
        "output_kb": l.output_kb,
        "stack_mb": l.stack_mb,
        "sandbox": l.sandbox.to_string(),
        "multi": args.judge.multi,
        "batch": args.judge.multi.then_some(args.judge.batch),
        "protocol": if args.py_func.is_some() { "jsonl" } else { args.judge.protocol.as_str() },
        "py_func": args.py_func,
        "gtp": args.gtp,
        "rules": args.rules,
        "limits": format!("{:?}", args.judge.limits_mode).to_lowercase(),
        "pattern": args.judge.pattern,
        "exhaustive": args.exhaustive,
        "max_shrink_runs": args.judge.max_shrink_runs,
        "max_tle_shrink_runs": args.judge.max_tle_shrink_runs,
        "shrink_seconds": args.judge.shrink_seconds,
        "replay": args.replay,
        "vectors": args.vectors,
        "command": args.command,
        "shard": args.shard.map(|s| format!("{}/{}", s.index + 1, s.count)),
    })
}

/// A random seed, when none is given.
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

/// The command that repeats this run: the command line as given (every
/// option kept), with `--seed` set to the seed used.
pub fn repeat_command(argv: &[String], seed: u64) -> String {
    let split = argv.iter().position(|a| a == "--").unwrap_or(argv.len());
    // The program as it was typed, like every other word, so that the line
    // works pasted where the run was started.
    let mut words: Vec<String> = vec![argv.first().cloned().unwrap_or_else(|| "boardcheck".into())];
    let mut skip_value = false;
    for word in &argv[1..split] {
        if skip_value {
            skip_value = false;
        } else if word == "--seed" {
            skip_value = true;
        } else if !word.starts_with("--seed=") {
            words.push(word.clone());
        }
    }
    // After `check PROBLEM`.
    let at = words
        .iter()
        .position(|w| w == "check")
        .map_or(words.len(), |i| i + 2);
    words.splice(
        at.min(words.len())..at.min(words.len()),
        ["--seed".into(), seed.to_string()],
    );
    words.extend(argv[split..].iter().cloned());
    shlex::try_join(words.iter().map(String::as_str)).unwrap_or_else(|_| words.join(" "))
}

/// What Ctrl-C prints and saves: the smallest failure confirmed so far.
struct Interrupted {
    text: String,
    save: Option<(PathBuf, Entry)>,
}

static INTERRUPTED: std::sync::Mutex<Option<Interrupted>> = std::sync::Mutex::new(None);

/// For the Ctrl-C handler: prints how far the check got and the smallest
/// failure found so far, if any (and saves it, with `--save`).
pub fn on_interrupt() {
    let last = INTERRUPTED.lock().ok().and_then(|mut g| g.take());
    if let Some(summary) = crate::cli::interrupt::summary(last.as_ref().map(|l| l.text.as_str())) {
        print(&summary);
    }
    if let Some(Interrupted {
        save: Some((path, entry)),
        ..
    }) = last
    {
        let _ = casefile::append(&path, entry);
    }
}

/// Forgets the failure kept for Ctrl-C: the check is over.
pub fn forget_interrupted() {
    INTERRUPTED.lock().map(|mut g| g.take()).ok();
}

/// A progress bar on stderr.
pub fn progress_bar() -> boardcheck::harness::check::Progress {
    use indicatif::{ProgressBar, ProgressStyle};
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {pos}/{len} cases [{bar:30}] {per_sec} eta {eta}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    std::sync::Arc::new(move |done, all| {
        bar.set_length(all);
        bar.set_position(done);
        if done >= all {
            bar.finish_and_clear();
        }
    })
}

/// Keeps every smaller failure found while shrinking, for Ctrl-C, and
/// shows shrinking progress on a terminal.
pub fn remember_failure(
    args: &CheckArgs,
    seed: u64,
    argv: &[String],
) -> boardcheck::harness::check::OnFailure {
    let (problem, json, multi) = (args.problem.clone(), args.json, args.judge.multi);
    struct Head;
    impl Visitor for Head {
        type Output = AnswerForm;
        fn visit<P: Suite>(self) -> AnswerForm {
            AnswerForm::of(&P::extras())
        }
    }
    let answer_form = problems::visit(&problem, Head).unwrap_or_default();
    let save = args.save.clone();
    let stack_mb = args.limits.stack_mb;
    let repeat = repeat_command(argv, seed);
    let show = !json && interactive();
    std::sync::Arc::new(move |failure: &Failure| {
        if show {
            eprint!(
                "\rshrinking: {} ({} steps, {} runs)\x1b[K",
                failure.size, failure.shrink_steps, failure.shrink_runs
            );
        }
        let report = Report::interim(&problem, answer_form, seed, failure, stack_mb << 20);
        let text = if json {
            format!(
                "{}\n",
                serde_json::to_string_pretty(&report).expect("a report serializes")
            )
        } else {
            report.render(&repeat)
        };
        let save = save
            .clone()
            .map(|path| (path, saved_entry(&problem, seed, multi, failure)));
        if let Ok(mut last) = INTERRUPTED.lock() {
            *last = Some(Interrupted { text, save });
        }
    })
}

/// Writes `text` to `path`, or warns.
fn write_or_warn(path: &Path, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        eprintln!(
            "boardcheck: warning: could not write {}: {e}",
            path.display()
        );
    }
}

/// Writes the files a finished check leaves: the `.tst` of a GTP failure,
/// the failures appended to `--save`, the HTML page of `--report`.
pub fn write_files(args: &CheckArgs, seed: u64, report: &Report, tst: Option<&str>, repeat: &str) {
    if let Some(tst) = tst {
        let path = args
            .save_tst
            .clone()
            .or_else(|| args.save.as_ref().map(|p| p.with_extension("tst")));
        if let Some(path) = path {
            match std::fs::write(&path, tst) {
                Ok(()) => eprintln!(
                    "boardcheck: the failing sequence as a regression file: {} (gogui-regress replays it)",
                    path.display()
                ),
                Err(e) => eprintln!(
                    "boardcheck: warning: could not write {}: {e}",
                    path.display()
                ),
            }
        }
    }
    // Every distinct failure is kept, so that each is replayed next time.
    if let Some(path) = &args.save {
        for f in &report.failures {
            let entry = saved_entry(&args.problem, seed, args.judge.multi, f);
            if let Err(e) = casefile::append(path, entry) {
                eprintln!("boardcheck: warning: could not save the failure: {e}");
            }
        }
    }
    if let Some(path) = &args.report {
        let page = boardcheck::harness::html::check_page(report, repeat);
        write_or_warn(path, &page);
    }
}

/// Everything a finished check prints.
pub struct Finished<'a> {
    pub report: &'a Report,
    /// The problem's picture of a wrong answer.
    pub picture: Option<String>,
    pub gtp: &'a Summary,
    pub candidate: &'a AnyCandidate,
    pub repeat: String,
    pub options: serde_json::Value,
    pub total_seconds: f64,
    pub hint: Option<String>,
}

/// Prints a finished check's report: JSON, or for people.
pub fn finished(json: bool, done: Finished) {
    let gtp = match done.candidate {
        AnyCandidate::Gtp(g) => Some(g),
        _ => None,
    };
    if json {
        let json = done.report.json_with(Beside {
            repeat: done.repeat,
            options: done.options,
            gtp: gtp.and_then(|g| summary::stats_json(g, done.report)),
            total_seconds: done.total_seconds,
            hint: done.hint,
        });
        print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&json).expect("a report serializes")
        ));
        return;
    }
    if gtp.is_some() {
        // The GTP sequence, explained, stands for the answers: shown once.
        print(&done.report.render_with(&done.repeat, &done.gtp.pictures));
    } else {
        print(&done.report.render(&done.repeat));
        if let Some(picture) = done.picture {
            print(&format!("\n{picture}"));
        }
    }
    if let Some(line) = gtp.and_then(|g| summary::stats_line(g, done.report)) {
        print(&line);
    }
    if let Some(hint) = done.hint {
        eprintln!("boardcheck: {hint}");
    }
}
