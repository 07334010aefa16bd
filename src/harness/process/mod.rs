//! Running an untrusted program once: input on stdin, output captured, under
//! a wall-time limit, a CPU-time limit, a memory limit, a task limit and an
//! output cap, inside the strongest sandbox available (see [`super::sandbox`]).
//!
//! The program is started by a `/bin/sh` wrapper in a process group of its
//! own. The wrapper joins the run's cgroups (writing `$$` to their
//! `cgroup.procs`), sets the `ulimit`s and `exec`s the program, or `bwrap`
//! running the program, so no `unsafe` `pre_exec` hook is needed and the
//! program is inside its cgroups before it starts. When the run ends,
//! however it ends, the group is killed with SIGKILL before the leader is
//! reaped (so the group id cannot have been reused), every process left in
//! the cgroup is killed, and with namespaces the PID namespace dies with
//! bwrap. All of the program's output is read by the calling thread with
//! `poll`, so no harness thread is left blocked on a pipe that an escaped
//! process holds open: at level `rlimits` such a process (one that called
//! `setsid`) outlives the run, but the harness stops reading from it half a
//! second after the run ends.
//!
//! What `--sandbox none` (level `rlimits`) still allows a candidate: it runs
//! as the harness's user with the harness's environment, so it can read and
//! write every file the harness can, use the network, and see and signal
//! other processes of that user; a process that calls `setsid` (or
//! otherwise leaves the process group) survives the run; there is no limit
//! on the number of processes (a fork bomb is only bounded by the kernel
//! and by the end of the run, which kills the group); CPU time is limited
//! per process, so several processes together can use more than the limit;
//! memory is an address-space limit per process, which breaks runtimes that
//! reserve large address ranges (JVM, Go, Node, ASan).
//!
//! A loop of runs ([`StartAhead`]) has each run's sandbox built while the
//! run before it is under way: the wrapper joins the cgroups and bwrap sets
//! up the namespaces, then waits for one newline on stdin before it starts
//! the program; the run's clocks start at that release. Emptied v1 cgroups
//! are reused by the loop's next runs, and in a pool with one loop per CPU
//! each loop's runs stay on a CPU of their own ([`StartAhead::pin`]).
//!
//! Under namespaces, bwrap reports a program killed by signal N as exit
//! status 128 + N: such statuses are read as the signal, so a program that
//! calls `exit(139)` reads as killed by SIGSEGV.

//!
//! One job a file: [run limits](RunLimits) and what a run produced here;
//! `live.rs` the runs under way (killed by [`kill_all`] on Ctrl-C);
//! `pipes.rs` reading and writing a run's pipes; `wrapper.rs` the `/bin/sh`
//! wrapper script; `spawn.rs` starting a run; `one_run.rs` the loop that
//! feeds and watches one run, and [`run`]; `exit.rs` how a run's end reads
//! as an [`Exit`]; `spare_cgroups.rs` the pool of emptied cgroups;
//! `start_ahead.rs` the next run's sandbox started ahead; `pinning.rs` a
//! loop's runs kept on one CPU. The PATH lookup lives below, in the sandbox.

#![forbid(unsafe_code)]

use std::cell::Cell;
use std::time::Duration;

mod exit;
mod live;
mod one_run;
mod pinning;
mod pipes;
mod spare_cgroups;
mod spawn;
mod start_ahead;
#[cfg(test)]
mod tests;
mod waiting;
mod wrapper;

pub(super) use exit::exit_after;
pub use exit::signal_name;
pub use live::kill_all;
pub use one_run::run;
pub(super) use pipes::{Tail, nonblocking, ready};
pub(super) use spawn::{Spawned, spawn};
pub use start_ahead::StartAhead;
pub(super) use waiting::{WaitClock, keep_stall_fresh, past_deadline};

pub use super::sandbox::{
    SandboxLevel, SandboxMode, probe, resolve_program, shown_command, warning,
};

/// How much one run may use (the run limits: not the contract's limits,
/// [`crate::limits`] and each problem's `limits`, nor the limits phase).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunLimits {
    /// Wall-clock time; past it the run is killed ([`Exit::TimedOut`]).
    pub timeout: Duration,
    /// CPU time of all the run's processes together ([`Exit::CpuLimit`]);
    /// `None`: the same as `timeout`, so only a program running on several
    /// cores at once can reach it first. Without cgroups it is enforced per
    /// process by RLIMIT_CPU, in whole seconds.
    pub cpu: Option<Duration>,
    /// Memory in bytes: resident memory of the whole run with cgroups
    /// ([`Exit::MemoryLimit`]), else the address space of each process
    /// (RLIMIT_AS), which a failed allocation shows as a crash.
    pub memory_bytes: u64,
    /// Most tasks (processes and threads) at once, with cgroups.
    pub max_tasks: u32,
    /// Most bytes of stdout kept; past it the run is stopped.
    pub output_bytes: usize,
    /// The stack of each process (RLIMIT_STACK, soft and hard), set
    /// whatever the harness's own is, so a deep recursion fails alike on
    /// every machine; [`DEFAULT_STACK_BYTES`] unless `--stack-mb` says.
    pub stack_bytes: u64,
    /// What isolation to ask for.
    pub sandbox: SandboxMode,
}

impl Default for RunLimits {
    fn default() -> Self {
        RunLimits {
            timeout: Duration::from_millis(2000),
            cpu: None,
            memory_bytes: 2 << 30,
            max_tasks: 128,
            output_bytes: 64 << 20,
            stack_bytes: DEFAULT_STACK_BYTES,
            sandbox: SandboxMode::Auto,
        }
    }
}

/// The stack of a candidate's process unless `--stack-mb` says: 8 MiB,
/// Linux's usual default.
pub const DEFAULT_STACK_BYTES: u64 = 8 << 20;

impl RunLimits {
    /// The stack a candidate's process gets: the one asked for, unless the
    /// harness's own hard limit is lower (a process cannot raise it).
    pub fn stack_in_force(&self) -> u64 {
        use nix::sys::resource::{Resource, getrlimit};
        match getrlimit(Resource::RLIMIT_STACK) {
            Ok((_, hard)) if hard != nix::sys::resource::RLIM_INFINITY => {
                self.stack_bytes.min(hard)
            }
            _ => self.stack_bytes,
        }
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Exited with this status code.
    Code(i32),
    /// Killed by this signal (not by us). Under namespaces bwrap reports a
    /// program killed by signal N as exit status 128 + N, so an exit status
    /// above 128 that is a signal number plus 128 reads as that signal.
    Signal(i32),
    /// Still running at the wall-clock limit.
    TimedOut,
    /// Used up its CPU-time limit ([`RunLimits::cpu`]).
    CpuLimit,
    /// Killed by the kernel for going over the memory limit (cgroups only).
    MemoryLimit,
    /// Wrote more than the output cap.
    OutputLimit,
}

/// What one run produced.
#[derive(Clone, Debug)]
pub struct Run {
    /// How it ended.
    pub exit: Exit,
    /// Its stdout, at most the output cap.
    pub stdout: Vec<u8>,
    /// The end of its stderr, at most [`STDERR_KEPT`] bytes.
    pub stderr: Vec<u8>,
    /// How many bytes of stderr before [`Run::stderr`] were cut.
    pub stderr_dropped: usize,
    /// Wall time from start to exit (or to the limit).
    pub elapsed: Duration,
    /// CPU time of all its processes, with cgroups.
    pub cpu_time: Option<Duration>,
    /// Peak memory of all its processes together, with cgroups.
    pub peak_memory: Option<u64>,
    /// For a run that timed out: how long it waited for a CPU.
    pub waited: Option<Waited>,
    /// The isolation it ran under.
    pub sandbox: SandboxLevel,
}

/// How long a run that timed out waited for a CPU, read just before it
/// was killed: runnable, not running. Where the run's cgroup reports CPU
/// pressure (cgroup v2, Linux 5.13 and later), the time all its processes
/// were stalled at once, exited ones included (the `full` total of
/// `cpu.pressure`); else the scheduler's `run_delay` of
/// `/proc/PID/task/TID/schedstat`, the largest of its live threads'. Plus
/// the time the hypervisor took the machine's CPUs away meanwhile (`steal`
/// in `/proc/stat`), which is neither CPU time nor a wait the scheduler
/// sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Waited {
    /// The time it waited.
    pub waited: Duration,
    /// Whether the limit was on the run's own time ([`in_own_time`]).
    pub own_time: bool,
    /// Whether the run was killed at the wall cap with its own time (wall
    /// time less the wait) still under the limit: the machine starved it,
    /// and its time-out says nothing about the candidate.
    pub starved: bool,
}

thread_local! {
    /// Set while runs of this thread are limited on their own time.
    static OWN_TIME: Cell<bool> = const { Cell::new(false) };
}

/// How many times the time limit a run limited on its own time may take
/// on the wall clock at most.
pub const WALL_CAP: u32 = 12;

/// Runs `f` with every run it starts on this thread (and on the threads
/// [`own_time_on`] hands it to) limited on its own time: the wall time
/// less the time the run waited for a CPU, up to [`WALL_CAP`] times the
/// limit on the wall clock. A run that only waited for a busy machine is
/// not stopped by the wait; one that sleeps or spins reaches the limit
/// all the same (a spinner's own time is its CPU time).
pub fn in_own_time<R>(f: impl FnOnce() -> R) -> R {
    let before = OWN_TIME.with(|o| o.replace(true));
    let out = f();
    OWN_TIME.with(|o| o.set(before));
    out
}

/// Whether runs of this thread are limited on their own time.
pub fn own_time_on() -> bool {
    OWN_TIME.with(Cell::get)
}

/// Sets, on a worker thread, what [`own_time_on`] said on its parent.
pub fn set_own_time(on: bool) {
    OWN_TIME.with(|o| o.set(on));
}

/// How much of the end of stderr is kept for reports.
pub const STDERR_KEPT: usize = 4096;
