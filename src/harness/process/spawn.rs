//! Starting a run: the wrapper (and bwrap) in a process group of its own,
//! its pipes made non-blocking, a thread that waits for its exit without
//! reaping it, and the run put on the list of runs under way.

use std::cell::Cell;
use std::io;
use std::os::fd::AsFd;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::atomic::Ordering;
use std::thread;
use std::time::Duration;

use nix::sys::wait::{Id, WaitPidFlag, waitid};
use nix::unistd::Pid;

use super::RunLimits;
use super::live::{Guard, RUN_IDS, live};
use super::pinning::{OnCpu, PINNED};
use super::pipes::nonblocking;
use super::wrapper::wrapper_script;
use crate::harness::sandbox::{self, RunCgroup, SandboxLevel};

/// A started run: its leader (killed and reaped by the guard), its pipes
/// (non-blocking), and the pipe that closes when the leader exits.
pub(in crate::harness) struct Spawned {
    pub(in crate::harness) guard: Guard,
    pub(in crate::harness) stdin: Option<std::process::ChildStdin>,
    pub(in crate::harness) stdout: Option<std::process::ChildStdout>,
    pub(in crate::harness) stderr: Option<std::process::ChildStderr>,
    pub(in crate::harness) wake: io::PipeReader,
    pub(in crate::harness) waiter: thread::JoinHandle<()>,
}

/// Starts `argv` under `level` in `cgroup`, its CPU rlimit from `cpu_limit`;
/// `blocked`: the sandbox waits for a newline on stdin before it starts the
/// program (bwrap with `--block-fd`, else the wrapper's `read`); only
/// one-shot runs are started blocked, and only they go to the CPU of a
/// pinned loop ([`StartAhead::pin`]), never a long-lived session.
pub(in crate::harness) fn spawn(
    argv: &[String],
    limits: &RunLimits,
    level: SandboxLevel,
    cgroup: Option<&RunCgroup>,
    cpu_limit: Duration,
    blocked: bool,
) -> io::Result<Spawned> {
    let procs = cgroup.map(RunCgroup::procs_files).unwrap_or_default();
    let mut script = wrapper_script(limits, procs.len(), cpu_limit);
    if blocked && level.has_namespaces() {
        script.push_str(" 3<&0");
    } else if blocked {
        // The shell's `read` takes the pipe byte by byte: only the newline.
        let exec = script.rfind("exec ").expect("the script ends in exec");
        script.insert_str(exec, "IFS= read -r _ || exit 125; ");
    }
    let mut command = Command::new("/bin/sh");
    command.arg("-c").arg(script).arg("boardcheck-candidate");
    command.args(&procs);
    if level.has_namespaces() {
        let bwrap = sandbox::bwrap_path()
            .ok_or_else(|| io::Error::new(io::ErrorKind::Unsupported, "bwrap is not available"))?;
        command.arg(bwrap);
        if blocked {
            // Wait for the newline on stdin before starting the program: fd 3
            // is the same pipe (the wrapper's `3<&0`), and bwrap closes it
            // after one byte, leaving stdin open.
            command.args(["--block-fd", "3"]);
        }
        command.args(sandbox::bwrap_args(limits.memory_bytes, argv));
    } else {
        command.args(argv);
    }
    let (wake, wake_tx) = io::pipe()?;
    let on_cpu = blocked.then(|| PINNED.with(Cell::get).map(OnCpu::new));
    let child = command
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    drop(on_cpu);
    let pid = child.id() as i32;
    let id = RUN_IDS.fetch_add(1, Ordering::Relaxed);
    live(|runs| {
        runs.insert(id, (pid, cgroup.cloned()));
    });
    // From here on, an early return (`?`) still kills and reaps the run.
    let mut guard = Guard {
        pid,
        id,
        child: Some(child),
    };
    let child = guard.child.as_mut().expect("just spawned");
    let stdin = child.stdin.take();
    let stdout = child.stdout.take();
    let stderr = child.stderr.take();
    for fd in [
        stdout.as_ref().map(|p| p.as_fd()),
        stderr.as_ref().map(|p| p.as_fd()),
        stdin.as_ref().map(|p| p.as_fd()),
    ]
    .into_iter()
    .flatten()
    {
        nonblocking(fd)?;
    }
    nonblocking(&wake)?;
    let waiter = thread::spawn(move || {
        // Wait for the exit without reaping, so the group id stays ours
        // until it is killed; closing the pipe wakes the poll below.
        let _ = waitid(
            Id::Pid(Pid::from_raw(pid)),
            WaitPidFlag::WEXITED | WaitPidFlag::WNOWAIT,
        );
        drop(wake_tx);
    });
    Ok(Spawned {
        guard,
        stdin,
        stdout,
        stderr,
        wake,
        waiter,
    })
}
