//! `boardcheck scale`: running time against size.

use std::time::Duration;

use boardcheck::harness::external::External;
use boardcheck::harness::process::probe;
use boardcheck::harness::scale::{self, Clock, ScaleConfig, Scaling, human_seconds, in_process};
use boardcheck::problems::Visitor;
use boardcheck::suite::Suite;
use clap::Args;
use serde::Serialize;

use super::check::{LimitArgs, external};
use super::{on_problem, print, usage_error};

/// Options of `scale`.
#[derive(Args)]
pub struct ScaleArgs {
    /// The problem.
    problem: String,
    /// Only this pattern (default: every pattern of the problem).
    #[arg(long)]
    pattern: Option<String>,
    /// Time the engine in process instead of a candidate.
    #[arg(long)]
    engine: bool,
    /// Time the oracle in process instead of a candidate.
    #[arg(long)]
    oracle: bool,
    /// Seconds for all sizes of all patterns together (case building included).
    #[arg(long, default_value_t = 20.0)]
    budget_seconds: f64,
    #[command(flatten)]
    limits: LimitArgs,
    /// What is timed of a candidate's run: its CPU time (the default where
    /// the sandbox has cgroups to measure it; other programs on the
    /// machine barely change it) or its wall time. The engine and the
    /// oracle are timed by the wall clock.
    #[arg(long, value_parser = ["cpu", "wall"])]
    clock: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// The candidate command and its arguments, after `--` (unless --engine or --oracle).
    #[arg(last = true, value_name = "CMD")]
    command: Vec<String>,
}

/// What is timed.
#[derive(Clone, Copy)]
enum Timed<'a> {
    Candidate(&'a External, Clock),
    Engine,
    Oracle,
}

impl Timed<'_> {
    fn name(self) -> &'static str {
        match self {
            Timed::Candidate(..) => "candidate",
            Timed::Engine => "engine",
            Timed::Oracle => "oracle",
        }
    }
}

/// The scaling of the chosen patterns of one problem.
struct Scale<'a> {
    pattern: Option<&'a str>,
    timed: Timed<'a>,
    budget: Duration,
    time_limit: Duration,
}

impl Visitor for Scale<'_> {
    type Output = Result<Vec<Scaling>, String>;
    fn visit<P: Suite>(self) -> Self::Output {
        let extras = P::extras();
        let patterns = match self.pattern {
            Some(name) => vec![extras.pattern(name)?],
            None if extras.patterns.is_empty() => {
                return Err(format!("{} has no patterns to scale", P::NAME));
            }
            None => extras.patterns.iter().collect(),
        };
        let started = std::time::Instant::now();
        let mut done = Vec::new();
        for (i, pattern) in patterns.iter().enumerate() {
            // What is left, shared among the patterns still to run.
            let left = self.budget.saturating_sub(started.elapsed());
            let config = ScaleConfig {
                budget: left / (patterns.len() - i) as u32,
                time_limit: self.time_limit,
            };
            let limit = self.time_limit;
            done.push(match self.timed {
                Timed::Candidate(c, clock) => {
                    scale::scale(pattern, scale::external::<P>(c, clock), &config)
                }
                Timed::Engine => scale::scale(pattern, in_process::<P>(P::engine, limit), &config),
                Timed::Oracle => scale::scale(pattern, in_process::<P>(P::oracle, limit), &config),
            });
        }
        Ok(done)
    }
}

/// The `--json` form.
#[derive(Serialize)]
struct Report<'a> {
    problem: &'a str,
    solver: &'static str,
    budget_seconds: f64,
    limit_seconds: f64,
    clock: Clock,
    patterns: &'a [Scaling],
}

/// The clock a candidate is timed by: `asked`, else CPU time where its
/// sandbox measures it; the wall clock for the engine and the oracle.
fn clock(asked: Option<&str>, candidate: Option<&External>) -> Result<Clock, String> {
    let Some(candidate) = candidate else {
        return match asked {
            Some("cpu") => Err(
                "--clock cpu times a candidate: the engine and the oracle run in process".into(),
            ),
            _ => Ok(Clock::Wall),
        };
    };
    let measured = probe(candidate.limits.sandbox).is_ok_and(|l| l.has_cgroups());
    match asked {
        Some("wall") => Ok(Clock::Wall),
        Some(_) if !measured => {
            Err("--clock cpu needs the cgroups sandbox, which this machine does not give".into())
        }
        _ if measured => Ok(Clock::Cpu),
        _ => Ok(Clock::Wall),
    }
}

/// Timed by its CPU time, a run is stopped at the CPU-time limit (the time
/// limit unless --cpu-ms says otherwise), and by the wall clock only well
/// past it: on a busy machine a run waits for a core as long as it runs.
fn limit_cpu_time(candidate: &mut External) {
    let limits = &mut candidate.limits;
    let cpu = *limits.cpu.get_or_insert(limits.timeout);
    limits.timeout = limits.timeout.max(cpu * 4 + Duration::from_secs(1));
}

/// Runs `scale`; the exit status.
pub fn run(args: ScaleArgs) -> i32 {
    if let Err(status) = super::known_problem(&args.problem) {
        return status;
    }
    if args.engine && args.oracle {
        return usage_error("--engine and --oracle time different solvers: give one");
    }
    let built_in = args.engine || args.oracle;
    if built_in && !args.command.is_empty() {
        return usage_error(
            "--engine and --oracle time a solver in process: no candidate after --",
        );
    }
    if !built_in && args.command.is_empty() {
        return usage_error("no candidate: give one after -- (or --engine or --oracle)");
    }
    if !(args.budget_seconds > 0.0 && args.budget_seconds <= 86_400.0) {
        return usage_error("--budget-seconds must be above 0 and at most 86400");
    }
    if args.limits.timeout_ms == 0 {
        return usage_error("--timeout-ms must be at least 1");
    }
    let mut candidate = if built_in {
        None
    } else {
        match external(&args.limits, args.command.clone(), None) {
            Ok(candidate) => Some(candidate),
            Err(status) => return status,
        }
    };
    let clock = match clock(args.clock.as_deref(), candidate.as_ref()) {
        Ok(clock) => clock,
        Err(e) => return usage_error(e),
    };
    if clock == Clock::Cpu
        && let Some(c) = candidate.as_mut()
    {
        limit_cpu_time(c);
    }
    let timed = match (&candidate, args.engine) {
        (Some(c), _) => Timed::Candidate(c, clock),
        (None, true) => Timed::Engine,
        (None, false) => Timed::Oracle,
    };
    // The limit a run's time is held to: its CPU-time limit with that clock.
    let time_limit = match (&candidate, clock) {
        (Some(c), Clock::Cpu) => c.limits.cpu.unwrap_or(c.limits.timeout),
        _ => Duration::from_millis(args.limits.timeout_ms),
    };
    let visit = Scale {
        pattern: args.pattern.as_deref(),
        timed,
        budget: Duration::from_secs_f64(args.budget_seconds),
        time_limit,
    };
    let scalings = match on_problem(&args.problem, visit) {
        Ok(Ok(scalings)) => scalings,
        Ok(Err(e)) => return usage_error(e),
        Err(status) => return status,
    };
    let limit_seconds = time_limit.as_secs_f64();
    if args.json {
        let report = Report {
            problem: &args.problem,
            solver: timed.name(),
            budget_seconds: args.budget_seconds,
            limit_seconds,
            clock,
            patterns: &scalings,
        };
        print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&report).expect("a report serializes")
        ));
    } else {
        let mut out = format!(
            "scale {}: the {}, time of one run: {} (limit {})\n",
            args.problem,
            timed.name(),
            clock.describe(),
            human_seconds(limit_seconds)
        );
        for s in &scalings {
            out.push('\n');
            out.push_str(&s.render());
        }
        print(&out);
    }
    0
}
