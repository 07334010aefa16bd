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
