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
use super::{Exit, Run, RunLimits, STDERR_KEPT, WALL_CAP, Waited, own_time_on, probe};
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
    let stolen_before = stolen();
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
    let cap = started + limits.timeout * WALL_CAP;
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
            let w = run_delay(pid, cgroup) + stolen().saturating_sub(stolen_before);
            let own = (now - started).saturating_sub(w);
            if own_time && own < limits.timeout && now < cap {
                // Its own time has not reached the limit: the earliest it
                // can is after as much more wall time as it waited.
                deadline = (started + limits.timeout + w).min(cap).max(now + tick);
                continue;
            }
            waited = Some(Waited {
                waited: w,
                own_time,
                starved: own < limits.timeout,
            });
            break End::Timeout;
        }
        if cpu_used().is_some_and(|t| t >= cpu_limit) {
            break End::Cpu;
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

/// The longest any thread of the run waited for a CPU so far (the second
/// field of `/proc/PID/task/TID/schedstat`, in ns): over every process of
/// the run's cgroup, else of the run's process group (`pid` leads it: a
/// wrapper that waits for the program it started waits for no CPU). Zero
/// where the kernel keeps no schedstat.
fn run_delay(pid: i32, cgroup: Option<&RunCgroup>) -> Duration {
    let pids: Vec<i32> = cgroup
        .and_then(|cg| std::fs::read_to_string(cg.pids_procs()).ok())
        .map(|text| text.lines().filter_map(|l| l.trim().parse().ok()).collect())
        .filter(|p: &Vec<i32>| !p.is_empty())
        .unwrap_or_else(|| process_group(pid));
    let mut most = 0u64;
    for p in pids {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{p}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            let delay = std::fs::read_to_string(task.path().join("schedstat"))
                .ok()
                .and_then(|t| {
                    t.split_whitespace()
                        .nth(1)
                        .and_then(|f| f.parse::<u64>().ok())
                });
            most = most.max(delay.unwrap_or(0));
        }
    }
    Duration::from_nanos(most)
}

/// The time the hypervisor has taken the machine's CPUs away from it so
/// far, all CPUs together (the `steal` column of `/proc/stat`, in clock
/// ticks). A run whose CPU was taken while it ran neither uses CPU time
/// nor waits in the scheduler's sense: on a busy host that time would
/// otherwise count as its own. Zero where the kernel reports none.
fn stolen() -> Duration {
    let ticks = std::fs::read_to_string("/proc/stat")
        .ok()
        .and_then(|t| {
            let line = t.lines().next()?;
            let mut words = line.split_whitespace();
            (words.next()? == "cpu").then_some(())?;
            words.nth(7)?.parse::<u64>().ok()
        })
        .unwrap_or(0);
    // Linux reports `/proc/stat` in USER_HZ, 100 a second on every
    // architecture it runs on today.
    Duration::from_millis(ticks.saturating_mul(10))
}

/// The processes of process group `pgid` (the fifth field of
/// `/proc/PID/stat`, after the command's parenthesised name), `pgid` first.
fn process_group(pgid: i32) -> Vec<i32> {
    let mut pids = vec![pgid];
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return pids;
    };
    for entry in entries.flatten() {
        let Some(p) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        else {
            continue;
        };
        if p == pgid {
            continue;
        }
        let in_group = std::fs::read_to_string(entry.path().join("stat"))
            .ok()
            .and_then(|stat| {
                let after_name = &stat[stat.rfind(')')? + 1..];
                after_name.split_whitespace().nth(2)?.parse::<i32>().ok()
            })
            == Some(pgid);
        if in_group {
            pids.push(p);
        }
    }
    pids
}
