//! Runs `check`: the options checked, the candidate and the configuration
//! built from them, the problem visited, the report printed.

use std::path::Path;

use boardcheck::harness::check::{CheckConfig, LimitsMode, check};
use boardcheck::harness::given_inputs;
use boardcheck::harness::gtp::summary::{self, Summary};
use boardcheck::harness::options::{self, Asked};
use boardcheck::harness::report::Report;
use boardcheck::problems::Visitor;
use boardcheck::suite::Suite;

use super::any_candidate::{self, AnyCandidate};
use super::args::CheckArgs;
use super::print::{self, Finished, repeat_command};
use crate::cli::{interactive, on_problem, usage_error};

/// The check itself, once the problem is known.
struct Check<'a> {
    candidate: &'a AnyCandidate,
    /// `--rules`, read by the problem.
    rules: Option<&'a str>,
    /// `--shape`, read by the problem.
    shape: Option<&'a str>,
    config: CheckConfig,
    replay_file: &'a Path,
}

impl Visitor for Check<'_> {
    /// The report, the problem's picture of a wrong answer, and what the
    /// GTP part came to.
    type Output = Result<(Report, Option<String>, Summary), String>;
    fn visit<P: Suite>(mut self) -> Self::Output {
        let gtp = match self.candidate {
            AnyCandidate::Gtp(g) => Some(g),
            _ => None,
        };
        let asked = Asked {
            shape: self.shape,
            rules: self.rules,
            gtp: gtp.is_some(),
            played_over_gtp: &played_over_gtp(),
            given_file: self.replay_file,
        };
        options::fit::<P>(&mut self.config, &asked)?;
        if let Some(gtp) = gtp {
            // What the engine accepts, asked before the check: what it
            // refuses altogether is the user's set-up (exit 2).
            self.config = gtp.fit::<P>(&self.config)?;
        }
        let report = check::<P>(self.candidate.as_candidate::<P>(), &self.config);
        let picture = options::picture::<P>(&report);
        let gtp = match gtp {
            Some(_) => summary::of(&report),
            None => Summary::default(),
        };
        Ok((report, picture, gtp))
    }
}

/// The options that exclude each other or must be positive; the usage
/// error's status.
fn refused(args: &CheckArgs) -> Option<i32> {
    if args.judge.batch == 0 || args.limits.timeout_ms == 0 || args.jobs == Some(0) {
        return Some(usage_error(
            "--batch, --jobs and --timeout-ms must be at least 1",
        ));
    }
    if args.judge.cases == 0 && args.replay.is_none() && args.vectors.is_none() {
        // `--cases 0` checks only the given inputs; without any, nothing.
        return Some(usage_error(
            "--cases must be at least 1 (0 only with --replay or --vectors)",
        ));
    }
    if args.save.is_some() && (args.py_func.is_some() || args.judge.protocol == "jsonl") {
        // A failure's input is then the JSON line, which case files do not hold.
        return Some(usage_error(
            "--save keeps text inputs: not with --protocol jsonl or --py-func",
        ));
    }
    if args.shard.is_some() && args.judge.limits_mode == LimitsMode::Only {
        return Some(usage_error(
            "--limits only has no cases to split: run it without --shard",
        ));
    }
    if args.gtp && args.judge.protocol == "jsonl" {
        return Some(usage_error("--gtp and --protocol jsonl exclude each other"));
    }
    None
}

/// Runs `check`; the exit status.
pub fn run(args: CheckArgs) -> i32 {
    use std::io::IsTerminal;
    if let Err(status) = crate::cli::known_problem(&args.problem) {
        return status;
    }
    boardcheck::harness::board_view::set_colour(boardcheck::harness::board_view::colour_wanted(
        &args.color,
        std::io::stdout().is_terminal(),
    ));
    if let Some(status) = refused(&args) {
        return status;
    }
    let built = if args.gtp {
        any_candidate::gtp(
            &args.limits,
            args.command.clone(),
            args.gtp_require,
            args.gtp_laws,
        )
    } else {
        args.judge.candidate(
            &args.problem,
            &args.limits,
            args.command.clone(),
            args.py_func.as_deref(),
        )
    };
    let candidate = match built {
        Ok(candidate) => candidate,
        Err(status) => return status,
    };
    let inputs = match given_inputs::load(args.replay.as_deref(), args.vectors.as_deref()) {
        Ok(inputs) => inputs,
        Err(e) => return usage_error(e),
    };
    let argv: Vec<String> = std::env::args().collect();
    let seed = args.seed.unwrap_or_else(print::random_seed);
    let started = std::time::Instant::now();
    let jobs = crate::cli::jobs(args.jobs);
    let config = CheckConfig {
        progress: Some(crate::cli::interrupt::counted(
            (!args.json && interactive()).then(print::progress_bar),
        )),
        on_failure: Some(print::remember_failure(&args, seed, &argv)),
        given: inputs.given,
        given_origin: inputs.origin,
        given_skipped: inputs.skipped,
        limits: match args.shard {
            Some(shard) if shard.index > 0 => LimitsMode::Off,
            _ => args.judge.limits_mode,
        },
        exhaustive: args.exhaustive,
        shard: args.shard,
        ..args.judge.config(seed, jobs)
    };
    if args.judge.max_failures == 0 {
        return usage_error("--max-failures must be at least 1");
    }
    let visit = Check {
        candidate: &candidate,
        rules: args.rules.as_deref(),
        shape: args.judge.shape.as_deref(),
        config,
        replay_file: &inputs.file,
    };
    if !args.json {
        eprintln!("boardcheck: checking {} with seed {seed}", args.problem);
    }
    crate::cli::interrupt::started(crate::cli::interrupt::Running {
        seed,
        repeat: repeat_command(&argv, seed),
        json: args.json,
    });
    let (report, picture, gtp) = match on_problem(&args.problem, visit) {
        Ok(Ok(done)) => done,
        Ok(Err(e)) => return usage_error(e),
        Err(status) => return status,
    };
    print::forget_interrupted();
    crate::cli::interrupt::finished();
    let hint = match args.command.first() {
        Some(program) => crate::cli::hints::process_per_case(&report.timings, program),
        None => None,
    };
    if !args.json && interactive() {
        eprint!("\r\x1b[K");
    }
    if let Some(detail) = &report.cannot_run {
        if args.json {
            // With the options and the repeat command, as a finished check
            // has: `merge` tells a shard by them.
            let mut json = serde_json::to_value(&report).expect("a report serializes");
            json["options"] = print::options_json(&args, seed, jobs);
            json["repeat"] = repeat_command(&argv, seed).into();
            crate::cli::print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&json).expect("a report serializes")
            ));
        }
        let command = match &args.py_func {
            Some(spec) => format!("--py-func {spec}"),
            None => boardcheck::harness::process::shown_command(&args.command),
        };
        return usage_error(format!("could not run the candidate `{command}`: {detail}"));
    }
    let law_broken = report.gtp_laws.as_ref().is_some_and(|l| l.broken.is_some());
    let repeat = repeat_command(&argv, seed);
    print::write_files(&args, seed, &report, gtp.tst.as_deref(), &repeat);
    print::finished(
        args.json,
        Finished {
            report: &report,
            picture,
            gtp: &gtp,
            candidate: &candidate,
            repeat,
            options: print::options_json(&args, seed, jobs),
            total_seconds: started.elapsed().as_secs_f64(),
            hint,
        },
    );
    if report.failure.is_some() || law_broken {
        1
    } else {
        0
    }
}

/// The problems played over GTP, from the registry.
fn played_over_gtp() -> Vec<&'static str> {
    struct PlayedOverGtp;
    impl Visitor for PlayedOverGtp {
        type Output = bool;
        fn visit<P: Suite>(self) -> bool {
            P::gtp_form().is_some()
        }
    }
    boardcheck::problems::NAMES
        .iter()
        .copied()
        .filter(|name| boardcheck::problems::visit(name, PlayedOverGtp).unwrap_or(false))
        .collect()
}
