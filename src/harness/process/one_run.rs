//! One run from its release to its end: [`run`] takes the sandbox started
//! ahead (or starts one), feeds the input, reads the output under the
//! limits, kills every process of the run and reads how it ended.

use std::cell::Cell;
use std::io::{self, Read, Write};
use std::os::fd::AsFd;
use std::time::{Duration, Instant};

use nix::poll::PollFlags;
use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;

use super::exit::exit_after;
use super::pipes::{Head, Tail, pump, ready};
use super::spare_cgroups::retire;
use super::spawn::Spawned;
use super::start_ahead::{AHEAD, Ahead, WANT_AHEAD};
use super::waiting::{WaitClock, keep_stall_fresh, past_deadline};
use super::{Exit, Run, RunLimits, STDERR_KEPT, own_time_on, probe};
use crate::harness::sandbox::{RunCgroup, SandboxLevel};

/// How long output is still read after the run ends (from processes that
/// escaped the kill, at level `rlimits`).
const GRACE: Duration = Duration::from_millis(500);

/// Why the waiting stopped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    Exited,
    OverCap,
    Timeout,
    Cpu,
}

/// Runs `argv` with `input` on stdin under `limits`.
///
/// Errors when the program cannot be started at all, or when
/// [`SandboxMode::Strict`](super::SandboxMode::Strict) is asked for and is not available.
pub fn run(argv: &[String], input: &[u8], limits: &RunLimits) -> io::Result<Run> {
    if argv.is_empty() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "empty command"));
    }
    let level = probe(limits.sandbox).map_err(|e| io::Error::new(io::ErrorKind::Unsupported, e))?;
    let mut ready = match AHEAD.with(|a| a.borrow_mut().take()) {
        Some(ahead) if ahead.argv == argv && ahead.limits == *limits && ahead.level == level => {
            ahead
        }
        // A sandbox started for another run is of no use: dropping it kills it.
        _ => Ahead::start(argv, limits, level)?,
    };
    let (spawned, cgroup) = ready.parts.take().expect("taken once");
    let more = WANT_AHEAD.with(Cell::get);
    let result = run_in(spawned, input, limits, level, cgroup.as_ref(), || {
        if more {
            // Started while this run's program starts up; an error here
            // shows again, in order, when the next run starts its own.
            if let Ok(next) = Ahead::start(argv, limits, level) {
                AHEAD.with(|a| *a.borrow_mut() = Some(next));
            }
        }
    });
    if let Some(cg) = cgroup {
        retire(cg);
    }
    result
}

/// Releases `spawned` (started blocked), feeds it `input` and waits for it;
/// `released` runs right after the release.
fn run_in(
    spawned: Spawned,
    input: &[u8],
    limits: &RunLimits,
    level: SandboxLevel,
    cgroup: Option<&RunCgroup>,
    released: impl FnOnce(),
) -> io::Result<Run> {
    let cpu_limit = limits.cpu.unwrap_or(limits.timeout);
    let Spawned {
        mut guard,
        mut stdin,
        mut stdout,
        mut stderr,
        mut wake,
        waiter,
    } = spawned;
    let pid = guard.pid;
    if let Some(pipe) = stdin.as_mut() {
        // One byte into an empty pipe: it fits. If the sandbox already
        // died, its exit status tells why.
        let _ = pipe.write(b"\n");
    }
    // The clocks start at the release: the sandbox's set-up is not the program's.
    let started = Instant::now();
    let clock = WaitClock::at_start(cgroup);
    let cpu_before = cgroup.and_then(RunCgroup::cpu_time).unwrap_or_default();
    let cpu_used = || {
        cgroup
            .and_then(RunCgroup::cpu_time)
            .map(|t| t.saturating_sub(cpu_before))
    };
    released();

    let mut out = Head {
        buf: Vec::new(),
        cap: limits.output_bytes,
        over: false,
    };
    let mut err = Tail {
        buf: Vec::new(),
        cap: STDERR_KEPT,
        dropped: 0,
    };
    let mut written = 0;
    if input.is_empty() {
        stdin = None;
    }
    let own_time = own_time_on();
    let mut deadline = started + limits.timeout;
    let mut waited = None;
    let tick = if cgroup.is_some() {
        Duration::from_millis(20)
    } else {
        Duration::from_millis(100)
    };
    let mut exited = false;
    let end = loop {
        if out.over {
            break End::OverCap;
        }
        if exited {
            break End::Exited;
        }
        let now = Instant::now();
        if now >= deadline {
            // Read before the kill: how long the run waited for a CPU.
            let w = clock.waited(pid, cgroup);
            match past_deadline(started, limits.timeout, w, own_time, now, tick) {
                Ok(later) => {
                    deadline = later;
                    continue;
                }
                Err(w) => waited = Some(w),
            }
            break End::Timeout;
        }
        if cpu_used().is_some_and(|t| t >= cpu_limit) {
            break End::Cpu;
        }
        if own_time {
            keep_stall_fresh(cgroup);
        }
        let wait = deadline.saturating_duration_since(now).min(tick);
        let [out_ready, err_ready, in_ready, woke] = ready(
            [
                stdout.as_ref().map(|p| (p.as_fd(), PollFlags::POLLIN)),
                stderr.as_ref().map(|p| (p.as_fd(), PollFlags::POLLIN)),
                stdin.as_ref().map(|p| (p.as_fd(), PollFlags::POLLOUT)),
                Some((wake.as_fd(), PollFlags::POLLIN)),
            ],
            wait,
        )?;
        if out_ready && !pump(stdout.as_mut().expect("polled"), &mut |b| out.push(b)) {
            stdout = None;
        }
        if err_ready && !pump(stderr.as_mut().expect("polled"), &mut |b| err.push(b)) {
            stderr = None;
        }
        if in_ready {
            let pipe = stdin.as_mut().expect("polled");
            match pipe.write(&input[written..]) {
                Ok(n) => written += n,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                // A candidate may exit without reading its input: EPIPE is fine.
                Err(_) => written = input.len(),
            }
            if written >= input.len() {
                stdin = None;
            }
        }
        if woke {
            let mut byte = [0u8; 1];
            exited = matches!(wake.read(&mut byte), Ok(0));
        }
    };
    let elapsed = started.elapsed();
    drop(stdin);

    // Kill everything: the group (bwrap and the namespace with it), then
    // whatever is left in the cgroup.
    let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    if let Some(cg) = cgroup {
        cg.kill_all();
    }
    // What the program wrote before it ended is still in the pipes.
    let grace = Instant::now() + GRACE;
    while stdout.is_some() || stderr.is_some() {
        let now = Instant::now();
        if now >= grace {
            break;
        }
        if let Some(cg) = cgroup {
            cg.kill_all();
        }
        let Ok([out_ready, err_ready, ..]) = ready(
            [
                stdout.as_ref().map(|p| (p.as_fd(), PollFlags::POLLIN)),
                stderr.as_ref().map(|p| (p.as_fd(), PollFlags::POLLIN)),
                None,
                None,
            ],
            (grace - now).min(tick),
        ) else {
            break;
        };
        if out_ready && !pump(stdout.as_mut().expect("polled"), &mut |b| out.push(b)) {
            stdout = None;
        }
        if err_ready && !pump(stderr.as_mut().expect("polled"), &mut |b| err.push(b)) {
            stderr = None;
        }
    }
    drop((stdout, stderr));
    let status = guard.reap()?;
    let _ = waiter.join();

    let cpu_time = cpu_used();
    let peak_memory = cgroup.and_then(RunCgroup::peak_memory);
    let exit = match end {
        End::Timeout => Exit::TimedOut,
        End::Cpu => Exit::CpuLimit,
        End::OverCap => Exit::OutputLimit,
        End::Exited if out.over => Exit::OutputLimit,
        End::Exited => exit_after(
            status,
            level,
            cgroup,
            cpu_time.is_some_and(|t| t >= cpu_limit),
        ),
    };
    err.trim();
    Ok(Run {
        exit,
        stdout: out.buf,
        stderr: err.buf,
        stderr_dropped: err.dropped,
        elapsed,
        cpu_time,
        peak_memory,
        waited,
        sandbox: level,
    })
}
