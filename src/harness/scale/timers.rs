//! What times one case: a Rust function called in process, or an external
//! program run under its limits (by the CPU clock or the wall clock).

use std::time::{Duration, Instant};

use serde::Serialize;

use super::Fault;
use crate::problem::Problem;
#[cfg(all(unix, feature = "process"))]
use crate::{
    harness::external::External,
    harness::process::{self, Exit, signal_name},
    problem::case_text,
};

/// Repeats shorter calls until a sample lasts this long.
const MIN_SAMPLE: Duration = Duration::from_millis(20);

/// Times a Rust function in process: one call, repeated until the calls
/// together last at least 20 ms; the time of one call. The calls run on a
/// thread of their own: past `limit` they are given up (timed out) and the
/// thread is left to finish on its own, since a thread cannot be killed
/// (the command's exit ends it).
pub fn in_process<P: Problem>(
    solve: fn(&P::Case) -> P::Answer,
    limit: Duration,
) -> impl FnMut(&P::Case) -> Result<Duration, Fault> {
    move |case| {
        let case = case.clone();
        let (done, timed) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let started = Instant::now();
            let mut calls = 0u32;
            loop {
                std::hint::black_box(solve(std::hint::black_box(&case)));
                calls += 1;
                let took = started.elapsed();
                if took >= MIN_SAMPLE || calls == u32::MAX {
                    let _ = done.send(took / calls);
                    return;
                }
            }
        });
        match timed.recv_timeout(limit + MIN_SAMPLE) {
            Ok(took) => Ok(took),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Err(Fault::TimedOut),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Err(Fault::Crashed {
                how: "panicked".into(),
                said: String::new(),
            }),
        }
    }
}

/// Which time of an external run is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Clock {
    /// The CPU time of all its processes (user and system), from its
    /// cgroup: what other programs on the machine barely change.
    Cpu,
    /// The wall time from start to exit.
    Wall,
}

impl Clock {
    /// The clock in words, for the report's heading.
    pub fn describe(self) -> &'static str {
        match self {
            Clock::Cpu => "CPU time (user + system, all its processes)",
            Clock::Wall => "wall time",
        }
    }
}

#[cfg(all(unix, feature = "process"))]
/// Times an external program: the time of one run on the case's text by
/// `clock` (the wall time where no CPU time is measured), start-up
/// included; the fault if it did not exit with status 0.
pub fn external<P: Problem>(
    candidate: &External,
    clock: Clock,
) -> impl FnMut(&P::Case) -> Result<Duration, Fault> + '_ {
    move |case| {
        let input = case_text::<P>(case);
        let run =
            process::run(&candidate.argv, input.as_bytes(), &candidate.limits).map_err(|e| {
                Fault::Crashed {
                    how: "could not start".into(),
                    said: e.to_string(),
                }
            })?;
        let how = match run.exit {
            Exit::Code(0) if clock == Clock::Cpu => return Ok(run.cpu_time.unwrap_or(run.elapsed)),
            Exit::Code(0) => return Ok(run.elapsed),
            Exit::TimedOut | Exit::CpuLimit => return Err(Fault::TimedOut),
            Exit::Code(status) => format!("exit status {status}"),
            Exit::Signal(signal) => signal_name(signal),
            Exit::MemoryLimit => "memory limit".into(),
            Exit::OutputLimit => "output limit".into(),
        };
        let said = String::from_utf8_lossy(&run.stderr)
            .lines()
            .rev()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or_default()
            .chars()
            .take(200)
            .collect();
        Err(Fault::Crashed { how, said })
    }
}
