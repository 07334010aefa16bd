//! How a run's end reads as an [`Exit`]: its status (bwrap's 128 + N read
//! as signal N), then the cgroup's OOM kills and the CPU limit.

use std::process::ExitStatus;

use nix::sys::signal::Signal;

use super::Exit;
use crate::harness::sandbox::{RunCgroup, SandboxLevel};

/// How `status` reads; `bwrap`: it came from bwrap, which reports death by
/// signal N as exit status 128 + N.
pub(super) fn exit_of(status: ExitStatus, bwrap: bool) -> Exit {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(c), _) if bwrap && c > 128 && Signal::try_from(c - 128).is_ok() => {
            Exit::Signal(c - 128)
        }
        (Some(c), _) => Exit::Code(c),
        (None, Some(s)) => Exit::Signal(s),
        (None, None) => Exit::Code(-1),
    }
}

/// How a program that ended by itself (not stopped by the harness) ended:
/// its status under `level`, read as the memory limit when it failed and
/// its cgroup saw an OOM kill, and as the CPU limit on SIGXCPU or when it
/// failed with its CPU time over the limit (`cpu_over`; a session, whose
/// limit holds per answer, passes false). The one reading of an exit that
/// lone runs and sessions share.
pub(in crate::harness) fn exit_after(
    status: ExitStatus,
    level: SandboxLevel,
    cgroup: Option<&RunCgroup>,
    cpu_over: bool,
) -> Exit {
    let exit = exit_of(status, level.has_namespaces());
    let failed = exit != Exit::Code(0);
    if failed && cgroup.is_some_and(|cg| cg.oom_kills() > 0) {
        Exit::MemoryLimit
    } else if exit == Exit::Signal(Signal::SIGXCPU as i32) || (failed && cpu_over) {
        Exit::CpuLimit
    } else {
        exit
    }
}

/// A signal's name, e.g. `SIGSEGV`.
pub fn signal_name(signal: i32) -> String {
    Signal::try_from(signal).map_or_else(|_| format!("signal {signal}"), |s| s.as_str().to_string())
}

/// An exit in words, for messages (never Rust's `Code(1)` or `TimedOut`).
impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exit::Code(-1) => f.write_str("ended, its exit status unknown"),
            Exit::Code(c) => write!(f, "exit status {c}"),
            Exit::Signal(s) => write!(f, "killed by {}", signal_name(*s)),
            Exit::TimedOut => f.write_str("no answer within the wall-time limit"),
            Exit::CpuLimit => f.write_str("its CPU-time limit used up"),
            Exit::MemoryLimit => f.write_str("over the memory limit, killed"),
            Exit::OutputLimit => f.write_str("more output than the cap, stopped"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exits_read_in_words() {
        assert_eq!(Exit::Code(1).to_string(), "exit status 1");
        assert_eq!(Exit::Signal(11).to_string(), "killed by SIGSEGV");
        assert_eq!(
            Exit::TimedOut.to_string(),
            "no answer within the wall-time limit"
        );
    }
}
