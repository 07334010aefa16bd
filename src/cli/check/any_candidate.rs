//! The candidate as the command line gives it: a command, a jsonl
//! process, a Python function or a GTP engine, once the sandbox and the
//! program are known to work.

use std::time::Duration;

use boardcheck::harness::candidate::Candidate;
use boardcheck::harness::external::External;
use boardcheck::harness::gtp::{Gtp, Require};
use boardcheck::harness::process::{RunLimits, probe, warning};
use boardcheck::harness::protocol::Jsonl;
use boardcheck::problems::{self, Visitor};
use boardcheck::suite::Suite;

use super::args::{JudgeArgs, LimitArgs};
use crate::cli::usage_error;

/// A candidate as the command line gives it.
pub enum AnyCandidate {
    /// One process per run (or per batch with `--multi`).
    External(External),
    /// The persistent protocol (`--protocol jsonl`, `--py-func`).
    Jsonl(Jsonl),
    /// A GTP engine (`--gtp`).
    Gtp(Box<Gtp>),
}

impl AnyCandidate {
    /// The candidate as `P`'s.
    pub fn as_candidate<P: Suite>(&self) -> &dyn Candidate<P> {
        match self {
            AnyCandidate::External(e) => e,
            AnyCandidate::Jsonl(j) => j,
            AnyCandidate::Gtp(g) => g.as_ref(),
        }
    }
}

impl JudgeArgs {
    /// The candidate `command` (or `py_func`) as these options feed it.
    pub fn candidate(
        &self,
        problem: &str,
        limits: &LimitArgs,
        command: Vec<String>,
        py_func: Option<&str>,
    ) -> Result<AnyCandidate, i32> {
        any_candidate(
            problem,
            limits,
            command,
            &self.protocol,
            py_func,
            self.multi.then_some(self.batch),
        )
    }
}

/// The candidate of `check` (and `grade`): `--py-func`, `--protocol jsonl`
/// or a plain command; else the usage error's status.
pub fn any_candidate(
    problem: &str,
    limits: &LimitArgs,
    command: Vec<String>,
    protocol: &str,
    py_func: Option<&str>,
    multi: Option<usize>,
) -> Result<AnyCandidate, i32> {
    built(problem, limits, command, protocol, py_func, multi).map_err(usage_error)
}

/// The candidate as [`any_candidate`] builds it, or why it cannot be
/// (`grade` makes that one submission's row of it).
pub fn built(
    problem: &str,
    limits: &LimitArgs,
    command: Vec<String>,
    protocol: &str,
    py_func: Option<&str>,
    multi: Option<usize>,
) -> Result<AnyCandidate, String> {
    if py_func.is_none() && protocol != "jsonl" {
        return checked_external(limits, command, multi).map(AnyCandidate::External);
    }
    if multi.is_some() {
        return Err("--multi and --protocol jsonl exclude each other".into());
    }
    // The sandbox and the limits are checked as for a plain command.
    let plain = checked_external(
        limits,
        if py_func.is_some() {
            vec!["python3".into()]
        } else {
            command.clone()
        },
        None,
    )?;
    let jsonl = match py_func {
        Some(spec) => {
            let adapter = problems::visit(problem, PyAdapter).unwrap_or_default();
            Jsonl::python_function(adapter, spec, plain.limits)?
        }
        None => Jsonl::new(command, plain.limits),
    };
    Ok(AnyCandidate::Jsonl(jsonl))
}

/// The problem's `--py-func` adapter.
struct PyAdapter;

impl Visitor for PyAdapter {
    type Output = &'static str;
    fn visit<P: Suite>(self) -> &'static str {
        P::json().py_adapter
    }
}

/// The candidate `command` under `limits`, once the sandbox asked for is
/// known to work and the program to exist; else the usage error's status.
pub fn external(
    limits: &LimitArgs,
    command: Vec<String>,
    multi: Option<usize>,
) -> Result<External, i32> {
    checked_external(limits, command, multi).map_err(usage_error)
}

/// [`external`], or why not.
fn checked_external(
    limits: &LimitArgs,
    command: Vec<String>,
    multi: Option<usize>,
) -> Result<External, String> {
    let candidate = External {
        argv: command,
        limits: RunLimits {
            timeout: Duration::from_millis(limits.timeout_ms),
            memory_bytes: limits.memory_mb.saturating_mul(1 << 20),
            output_bytes: limits.output_kb.saturating_mul(1024),
            stack_bytes: limits.stack_mb.saturating_mul(1 << 20),
            sandbox: limits.sandbox,
            cpu: limits.cpu_ms.map(Duration::from_millis),
            ..RunLimits::default()
        },
        multi,
    };
    match probe(limits.sandbox) {
        Err(e) => return Err(format!("--sandbox {}: {e}", limits.sandbox)),
        Ok(_) => {
            if let Some(warning) = warning(limits.sandbox) {
                eprintln!("boardcheck: warning: {warning}");
            }
        }
    }
    if let Err(e) = candidate.verify() {
        return Err(format!("the candidate cannot be started: {e}"));
    }
    Ok(candidate)
}

/// The GTP engine `command` under `limits`, once it answers in GTP; else
/// the usage error's status.
pub fn gtp(
    limits: &LimitArgs,
    command: Vec<String>,
    require: Require,
    law_cases: usize,
) -> Result<AnyCandidate, i32> {
    // The sandbox and the limits are checked as for a plain command;
    // then the engine must answer in GTP.
    let plain = external(limits, command.clone(), None)?;
    let mut gtp = Gtp::new(command, plain.limits);
    gtp.require = require;
    gtp.law_cases = law_cases;
    if let Err(e) = gtp.verify() {
        return Err(usage_error(format!(
            "the GTP engine cannot be started: {e}"
        )));
    }
    Ok(AnyCandidate::Gtp(Box::new(gtp)))
}
