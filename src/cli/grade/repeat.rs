//! The `check` command that judges one submission exactly as `grade` did,
//! and the class set-up in words.

use boardcheck::harness::check::{LimitsMode, PropertiesMode};
use clap::Parser;

use super::GradeArgs;
use crate::cli::check::{JudgeArgs, LimitArgs};

/// `check`'s options at their defaults, to tell which ones a grade set.
#[derive(Parser)]
struct Defaults {
    #[command(flatten)]
    judge: JudgeArgs,
    #[command(flatten)]
    limits: LimitArgs,
}

/// `--limits`'s word for `mode`.
pub fn limits_word(mode: LimitsMode) -> &'static str {
    match mode {
        LimitsMode::Off => "off",
        LimitsMode::On => "on",
        LimitsMode::Only => "only",
    }
}

fn properties_word(mode: PropertiesMode) -> &'static str {
    match mode {
        PropertiesMode::Off => "off",
        PropertiesMode::Beyond => "beyond",
        PropertiesMode::All => "all",
    }
}

/// How the submission is named on `check`'s line: its command after `--`,
/// or its Python function.
pub enum Run<'a> {
    Command(&'a [String]),
    Function(&'a str),
}

/// The `check` command (the program as typed, `program`) that judges one
/// submission as `grade` did: the same seed, one run at a time, its own
/// limits (`limits`, the start-up allowance added), every option that
/// changes what is found, and the submission. Pasteable (shell-quoted).
pub fn repeat_one(
    program: &str,
    args: &GradeArgs,
    seed: u64,
    limits: &LimitArgs,
    run: Run<'_>,
) -> String {
    let defaults = Defaults::parse_from(["boardcheck"]);
    let (j, d) = (&args.judge, &defaults.judge);
    let mut words: Vec<String> = vec![program.into(), "check".into(), args.problem.clone()];
    let mut add = |option: &str, value: String| {
        words.push(option.into());
        words.push(value);
    };
    // Always said, so that the line reads on its own.
    add("--seed", seed.to_string());
    add("--cases", j.cases.to_string());
    add("--limits", limits_word(j.limits_mode).into());
    add("--timeout-ms", limits.timeout_ms.to_string());
    add("--jobs", "1".into());
    // Said when not the default.
    if let Some(cpu) = limits.cpu_ms {
        add("--cpu-ms", cpu.to_string());
    }
    let l = &defaults.limits;
    for (option, value, default) in [
        ("--memory-mb", limits.memory_mb, l.memory_mb),
        ("--output-kb", limits.output_kb as u64, l.output_kb as u64),
        ("--stack-mb", limits.stack_mb, l.stack_mb),
        (
            "--max-failures",
            j.max_failures as u64,
            d.max_failures as u64,
        ),
        (
            "--max-shrink-runs",
            j.max_shrink_runs as u64,
            d.max_shrink_runs as u64,
        ),
        (
            "--max-tle-shrink-runs",
            j.max_tle_shrink_runs as u64,
            d.max_tle_shrink_runs as u64,
        ),
        ("--shrink-seconds", j.shrink_seconds, d.shrink_seconds),
    ] {
        if value != default {
            add(option, value.to_string());
        }
    }
    if limits.sandbox != l.sandbox {
        add("--sandbox", limits.sandbox.to_string());
    }
    if let Some(size) = j.size {
        add("--size", size.to_string());
    }
    if let Some(shape) = &j.shape {
        add("--shape", shape.clone());
    }
    if let Some(pattern) = &j.pattern {
        add("--pattern", pattern.clone());
    }
    if j.properties_mode != d.properties_mode {
        add("--properties", properties_word(j.properties_mode).into());
    }
    if j.protocol != d.protocol {
        add("--protocol", j.protocol.clone());
    }
    if j.multi {
        words.push("--multi".into());
        words.push("--batch".into());
        words.push(j.batch.to_string());
    }
    match run {
        Run::Function(spec) => {
            words.push("--py-func".into());
            words.push(spec.into());
        }
        Run::Command(argv) => {
            words.push("--".into());
            words.extend(argv.iter().cloned());
        }
    }
    shlex::try_join(words.iter().map(String::as_str)).unwrap_or_else(|_| words.join(" "))
}

/// The set-up every submission was judged under, in words: the seed, the
/// cases, the limits phase and its size, the time limits and allowances.
pub fn setup(args: &GradeArgs, seed: u64) -> String {
    let j = &args.judge;
    let mut parts = vec![
        format!("seed {seed} (the same cases for every submission)"),
        format!("{} cases", j.cases),
    ];
    parts.push(match j.limits_mode {
        LimitsMode::Off => "limits phase off: speed not judged".into(),
        mode => format!(
            "limits phase {}{}",
            limits_word(mode),
            j.size.map_or(String::new(), |s| format!(" up to size {s}"))
        ),
    });
    if j.limits_mode == LimitsMode::Off
        && let Some(s) = j.size
    {
        parts.push(format!("size up to {s}"));
    }
    let l = &args.limits;
    parts.push(match l.cpu_ms {
        Some(cpu) => format!("{cpu} ms of CPU per run ({} ms wall)", l.timeout_ms),
        None => format!("{} ms per run (wall)", l.timeout_ms),
    });
    for s in &args.startup_ms {
        parts.push(format!("+{} ms for {}", s.ms, s.kind));
    }
    parts.join(", ")
}
