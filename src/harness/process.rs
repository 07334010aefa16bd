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

#![forbid(unsafe_code)]

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::process::CommandExt;

use std::process::{Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use nix::fcntl::{FcntlArg, OFlag, fcntl};
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::sys::signal::{Signal, killpg};
use nix::sys::wait::{Id, WaitPidFlag, waitid};
use nix::unistd::Pid;

use super::sandbox::{self, RunCgroup};
pub use super::sandbox::{SandboxLevel, SandboxMode, probe, resolve_program, warning};

/// How much one run may use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
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

impl Default for Limits {
    fn default() -> Self {
        Limits {
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

impl Limits {
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
    /// Used up its CPU-time limit ([`Limits::cpu`]).
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
    /// The isolation it ran under.
    pub sandbox: SandboxLevel,
}

/// How much of the end of stderr is kept for reports.
pub const STDERR_KEPT: usize = 4096;

/// How long output is still read after the run ends (from processes that
/// escaped the kill, at level `rlimits`).
const GRACE: Duration = Duration::from_millis(500);

/// Runs under way, so that [`kill_all`] can end them: process group and
/// cgroups.
type LiveRuns = HashMap<u64, (i32, Option<RunCgroup>)>;
static LIVE: Mutex<Option<LiveRuns>> = Mutex::new(None);
static RUN_IDS: AtomicU64 = AtomicU64::new(0);

fn live<T>(update: impl FnOnce(&mut LiveRuns) -> T) -> T {
    let mut guard = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    update(guard.get_or_insert_with(HashMap::new))
}

/// Kills every run under way (for Ctrl-C handlers): its process group
/// (with namespaces that is bwrap, and the namespace dies with it) and
/// every process in its cgroup, and removes its cgroups.
pub fn kill_all() {
    live(|runs| {
        for (group, _) in runs.values() {
            let _ = killpg(Pid::from_raw(*group), Signal::SIGKILL);
        }
        // The caller is about to exit: leave no cgroup behind either.
        for cgroup in runs.values().filter_map(|(_, cg)| cg.as_ref()) {
            cgroup.remove();
        }
    });
    remove_spares();
}

/// The last `cap` bytes of a stream, and how many came before them.
pub(super) struct Tail {
    pub(super) buf: Vec<u8>,
    pub(super) cap: usize,
    pub(super) dropped: usize,
}

impl Tail {
    pub(super) fn push(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
        if self.buf.len() > 2 * self.cap {
            self.trim();
        }
    }

    pub(super) fn trim(&mut self) {
        let cut = self.buf.len().saturating_sub(self.cap);
        self.buf.drain(..cut);
        self.dropped += cut;
    }
}

/// The first `cap` bytes of a stream, and whether there were more.
pub(super) struct Head {
    buf: Vec<u8>,
    cap: usize,
    over: bool,
}

impl Head {
    fn push(&mut self, bytes: &[u8]) {
        let room = self.cap.saturating_sub(self.buf.len());
        self.buf.extend_from_slice(&bytes[..bytes.len().min(room)]);
        self.over |= bytes.len() > room;
    }
}

/// Reads what `pipe` has now into `sink`; false once it is closed.
pub(super) fn pump(pipe: &mut impl Read, sink: &mut dyn FnMut(&[u8])) -> bool {
    let mut chunk = [0u8; 1 << 16];
    loop {
        match pipe.read(&mut chunk) {
            Ok(0) => return false,
            Ok(n) => sink(&chunk[..n]),
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return true,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

pub(super) fn nonblocking(fd: impl AsFd) -> io::Result<()> {
    fcntl(fd.as_fd(), FcntlArg::F_SETFL(OFlag::O_NONBLOCK)).map_err(io::Error::from)?;
    Ok(())
}

/// Waits up to `wait` for any of `fds`; which of them are ready (none
/// when interrupted by a signal).
pub(super) fn ready<const N: usize>(
    fds: [Option<(BorrowedFd<'_>, PollFlags)>; N],
    wait: Duration,
) -> io::Result<[bool; N]> {
    let mut polled = Vec::with_capacity(N);
    let mut slots = [None; N];
    for (slot, fd) in slots.iter_mut().zip(fds) {
        if let Some((fd, flags)) = fd {
            polled.push(PollFd::new(fd, flags));
            *slot = Some(polled.len() - 1);
        }
    }
    let ms = u16::try_from(wait.as_millis() + 1).unwrap_or(u16::MAX);
    match poll(&mut polled, PollTimeout::from(ms)) {
        Ok(_) => {}
        Err(nix::errno::Errno::EINTR) => return Ok([false; N]),
        Err(e) => return Err(e.into()),
    }
    Ok(slots.map(|k| {
        k.and_then(|k| polled[k].revents())
            .is_some_and(|r| !r.is_empty())
    }))
}

/// Why the waiting stopped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    Exited,
    OverCap,
    Timeout,
    Cpu,
}

/// The `/bin/sh` wrapper's script: join the cgroups (`$1`..`$k`), set the
/// limits, `exec` the rest of the arguments.
fn wrapper_script(limits: &Limits, cgroups: usize, cpu: Duration) -> String {
    let mut script = String::new();
    for i in 1..=cgroups {
        script.push_str(&format!(
            "echo $$ 2>/dev/null > \"${i}\" || {{ echo 'boardcheck: cannot join the cgroup '\"${i}\" >&2; exit 125; }}; "
        ));
    }
    if cgroups > 0 {
        script.push_str(&format!("shift {cgroups}; "));
    }
    // RLIMIT_CPU: SIGXCPU at the soft limit, SIGKILL a second later. With
    // cgroups the harness measures the whole run and stops it first; the
    // rlimit is only a backstop then.
    let whole = cpu.as_secs() + u64::from(cpu.subsec_nanos() > 0);
    let soft = if cgroups > 0 || limits.cpu.is_none() {
        whole + 1
    } else {
        whole.max(1)
    };
    let file_blocks = (limits.output_bytes as u64 / 512).max(1 << 17);
    // A ulimit that cannot be set (hard limit already lower) leaves the
    // lower one. Soft first: a hard limit below the soft one is refused.
    script.push_str(&format!(
        "ulimit -S -t {soft} 2>/dev/null; ulimit -H -t {} 2>/dev/null; \
         ulimit -f {file_blocks} 2>/dev/null; ulimit -s {} 2>/dev/null; ",
        soft + 1,
        limits.stack_in_force() / 1024
    ));
    if cgroups == 0 {
        script.push_str(&format!(
            "ulimit -v {} 2>/dev/null; ",
            limits.memory_bytes / 1024
        ));
    }
    script.push_str("exec \"$@\"");
    script
}

/// Runs `argv` with `input` on stdin under `limits`.
///
/// Errors when the program cannot be started at all, or when
/// [`SandboxMode::Strict`] is asked for and is not available.
pub fn run(argv: &[String], input: &[u8], limits: &Limits) -> io::Result<Run> {
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

/// Emptied v1 cgroups kept for the next runs while a [`StartAhead`] is alive
/// (a fresh v1 memory cgroup costs a run about 10 ms of CPU here, a reused
/// one nothing): at most two per live `StartAhead`, one for the successor
/// of each run under way and one for a cgroup still emptying.
static SPARE: Mutex<Vec<RunCgroup>> = Mutex::new(Vec::new());
static STARTING_AHEAD: AtomicUsize = AtomicUsize::new(0);

fn spare<T>(update: impl FnOnce(&mut Vec<RunCgroup>) -> T) -> T {
    update(&mut SPARE.lock().unwrap_or_else(|e| e.into_inner()))
}

/// A run's cgroups after the run: kept as a spare while a [`StartAhead`] is
/// alive (what is left in them is killed now; they are reused only once
/// empty), else removed.
fn retire(cgroup: RunCgroup) {
    let room = 2 * STARTING_AHEAD.load(Ordering::Relaxed);
    cgroup.kill_all();
    let refused = spare(|kept| {
        if kept.len() < room {
            kept.push(cgroup);
            None
        } else {
            Some(cgroup)
        }
    });
    if let Some(cgroup) = refused {
        cgroup.remove();
    }
}

/// Cgroups for a run with `limits`: a spare, readied, or new ones.
fn cgroup_for(limits: &Limits) -> io::Result<RunCgroup> {
    while let Some(mut kept) = spare(Vec::pop) {
        match kept.reuse(limits.memory_bytes, limits.max_tasks) {
            Ok(()) => return Ok(kept),
            Err(_) => kept.remove(),
        }
    }
    RunCgroup::new(limits.memory_bytes, limits.max_tasks)
}

/// Removes the spare cgroups.
fn remove_spares() {
    for cgroup in spare(std::mem::take) {
        cgroup.remove();
    }
}

/// A run's sandbox, started and waiting for its input: the wrapper has
/// joined the run's cgroups and, under namespaces, bwrap has built the
/// namespaces and mounts; then it waits for one newline on stdin before it
/// starts the program, so all of that can happen while the previous run is
/// still going. Every run still gets a sandbox and cgroups of its own, and
/// its clocks start when it is released.
struct Ahead {
    argv: Vec<String>,
    limits: Limits,
    level: SandboxLevel,
    parts: Option<(Spawned, Option<RunCgroup>)>,
}

impl Ahead {
    fn start(argv: &[String], limits: &Limits, level: SandboxLevel) -> io::Result<Ahead> {
        let cgroup = if level.has_cgroups() {
            Some(cgroup_for(limits)?)
        } else {
            None
        };
        let cpu_limit = limits.cpu.unwrap_or(limits.timeout);
        match spawn(argv, limits, level, cgroup.as_ref(), cpu_limit, true) {
            Ok(spawned) => Ok(Ahead {
                argv: argv.to_vec(),
                limits: limits.clone(),
                level,
                parts: Some((spawned, cgroup)),
            }),
            Err(e) => {
                if let Some(cg) = &cgroup {
                    cg.remove();
                }
                Err(e)
            }
        }
    }
}

impl Drop for Ahead {
    fn drop(&mut self) {
        if let Some((spawned, cgroup)) = self.parts.take() {
            // The guard kills and reaps the waiting sandbox first.
            drop(spawned);
            if let Some(cg) = cgroup {
                retire(cg);
            }
        }
    }
}

thread_local! {
    /// This thread's sandbox started ahead for its next run.
    static AHEAD: RefCell<Option<Ahead>> = const { RefCell::new(None) };
    /// Whether this thread has more runs to come (see [`StartAhead`]).
    static WANT_AHEAD: Cell<bool> = const { Cell::new(false) };
    /// The CPU of this thread's loop of runs (see [`StartAhead::pin`]).
    static PINNED: Cell<Option<usize>> = const { Cell::new(None) };
}

/// While alive, [`run`] on this thread starts the next run's sandbox as soon
/// as it has released the current one, for a loop that knows more runs of
/// the same command follow ([`StartAhead::more`]), and emptied v1 cgroups
/// are kept for the next runs instead of made anew; dropping it kills a
/// sandbox left waiting, and dropping the last one removes the cgroups
/// kept. bwrap's `--die-with-parent` ties a sandbox to the thread that
/// started it, so it is started and used on the same thread.
pub struct StartAhead(());

impl StartAhead {
    /// Starts sandboxes ahead on this thread until dropped.
    pub fn new() -> StartAhead {
        STARTING_AHEAD.fetch_add(1, Ordering::Relaxed);
        StartAhead(())
    }

    /// Runs the loop's programs on the `job`-th CPU this process may use,
    /// when the pool has one job per such CPU and more than one. Left to
    /// itself, the scheduler wakes a forked child on the other core while
    /// its parent waits, so two chains of short processes (a shell shim,
    /// then Python) leave a core idle 7-10 % of the time on a 2-core
    /// machine; one CPU per job, as contest judges do, keeps both busy. A
    /// pool smaller than the machine (`--jobs 1`, `grade`'s submissions,
    /// shards run side by side) is not pinned, so that several of them
    /// never crowd one CPU; nor is a long-lived candidate (`--protocol`,
    /// `--py-func`), whose exchanges with the harness run best on two.
    pub fn pin(&self, job: usize, jobs: usize) {
        let cpus = allowed_cpus();
        let pinned = (jobs >= 2 && jobs == cpus.len()).then(|| cpus.get(job).copied());
        PINNED.with(|p| p.set(pinned.flatten()));
    }

    /// Whether another run follows the next one on this thread.
    pub fn more(&self, more: bool) {
        WANT_AHEAD.with(|w| w.set(more));
        if !more {
            AHEAD.with(|a| a.borrow_mut().take());
        }
    }
}

impl Default for StartAhead {
    fn default() -> Self {
        StartAhead::new()
    }
}

impl Drop for StartAhead {
    fn drop(&mut self) {
        WANT_AHEAD.with(|w| w.set(false));
        PINNED.with(|p| p.set(None));
        AHEAD.with(|a| a.borrow_mut().take());
        if STARTING_AHEAD.fetch_sub(1, Ordering::Relaxed) == 1 {
            remove_spares();
        }
    }
}

/// The CPUs the calling thread may run on.
fn allowed_cpus() -> Vec<usize> {
    use nix::sched::{CpuSet, sched_getaffinity};
    let Ok(allowed) = sched_getaffinity(Pid::from_raw(0)) else {
        return Vec::new();
    };
    (0..CpuSet::count())
        .filter(|&c| allowed.is_set(c).unwrap_or(false))
        .collect()
}

/// While alive, the calling thread runs on `cpu` alone, and so does a child
/// it forks (which inherits the mask); dropping it gives the thread back its
/// old mask.
struct OnCpu(Option<nix::sched::CpuSet>);

impl OnCpu {
    fn new(cpu: usize) -> OnCpu {
        use nix::sched::{CpuSet, sched_getaffinity, sched_setaffinity};
        let this_thread = Pid::from_raw(0);
        let mut one = CpuSet::new();
        let old = sched_getaffinity(this_thread).ok().filter(|_| {
            // Failure leaves the run unpinned, which is only slower.
            one.set(cpu).is_ok() && sched_setaffinity(this_thread, &one).is_ok()
        });
        OnCpu(old)
    }
}

impl Drop for OnCpu {
    fn drop(&mut self) {
        if let Some(old) = &self.0 {
            let _ = nix::sched::sched_setaffinity(Pid::from_raw(0), old);
        }
    }
}

/// A started run: its leader (killed and reaped by the guard), its pipes
/// (non-blocking), and the pipe that closes when the leader exits.
pub(super) struct Spawned {
    pub(super) guard: Guard,
    pub(super) stdin: Option<std::process::ChildStdin>,
    pub(super) stdout: Option<std::process::ChildStdout>,
    pub(super) stderr: Option<std::process::ChildStderr>,
    pub(super) wake: io::PipeReader,
    pub(super) waiter: thread::JoinHandle<()>,
}

/// Starts `argv` under `level` in `cgroup`, its CPU rlimit from `cpu_limit`;
/// `blocked`: the sandbox waits for a newline on stdin before it starts the
/// program (bwrap with `--block-fd`, else the wrapper's `read`); only
/// one-shot runs are started blocked, and only they go to the CPU of a
/// pinned loop ([`StartAhead::pin`]), never a long-lived session.
pub(super) fn spawn(
    argv: &[String],
    limits: &Limits,
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
        command.args(sandbox::bwrap_args(
            limits.memory_bytes,
            &sandbox::absolute_argv(argv),
        ));
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

/// Releases `spawned` (started blocked), feeds it `input` and waits for it;
/// `released` runs right after the release.
fn run_in(
    spawned: Spawned,
    input: &[u8],
    limits: &Limits,
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
    let deadline = started + limits.timeout;
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
        End::Exited => {
            let exit = exit_of(status, level.has_namespaces());
            let failed = exit != Exit::Code(0);
            if failed && cgroup.is_some_and(|cg| cg.oom_kills() > 0) {
                Exit::MemoryLimit
            } else if exit == Exit::Signal(Signal::SIGXCPU as i32)
                || (failed && cpu_time.is_some_and(|t| t >= cpu_limit))
            {
                Exit::CpuLimit
            } else {
                exit
            }
        }
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
        sandbox: level,
    })
}

/// Kills and reaps a run's process group however [`run_in`] returns, and
/// takes it off the list of runs under way.
pub(super) struct Guard {
    pub(super) pid: i32,
    id: u64,
    /// The leader, until reaped.
    pub(super) child: Option<std::process::Child>,
}

impl Guard {
    /// Reaps the leader (after its group was killed).
    pub(super) fn reap(&mut self) -> io::Result<ExitStatus> {
        let mut child = self.child.take().expect("reaped once");
        child.wait()
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            // Killed before reaped: the group id cannot have been reused.
            let _ = killpg(Pid::from_raw(self.pid), Signal::SIGKILL);
            let _ = child.wait();
        }
        live(|runs| {
            runs.remove(&self.id);
        });
    }
}

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

/// A signal's name, e.g. `SIGSEGV`.
pub fn signal_name(signal: i32) -> String {
    Signal::try_from(signal).map_or_else(|_| format!("signal {signal}"), |s| s.as_str().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, timeout_ms: u64) -> Run {
        let limits = Limits {
            timeout: Duration::from_millis(timeout_ms),
            ..Limits::default()
        };
        run(
            &["/bin/sh".into(), "-c".into(), script.into()],
            b"hello\n",
            &limits,
        )
        .unwrap()
    }

    /// The CPUs a run may use that job `job` of a loop of `jobs` started.
    fn cpus_of_a_run(job: usize, jobs: usize) -> String {
        thread::spawn(move || {
            let ahead = StartAhead::new();
            ahead.pin(job, jobs);
            let r = sh("grep Cpus_allowed_list /proc/self/status", 2000);
            String::from_utf8(r.stdout).unwrap().trim().to_string()
        })
        .join()
        .unwrap()
    }

    #[test]
    fn a_pool_with_one_job_per_cpu_pins_each_jobs_runs() {
        let cpus = allowed_cpus().len();
        let whole = cpus_of_a_run(0, 1);
        if cpus < 2 {
            eprintln!("skipped: one CPU, nothing to pin ({whole})");
            return;
        }
        // A pool smaller than the machine is left to the scheduler.
        assert_eq!(cpus_of_a_run(0, cpus - 1), whole);
        let first = cpus_of_a_run(0, cpus);
        let last = cpus_of_a_run(cpus - 1, cpus);
        for one in [&first, &last] {
            let list = one.split(':').nth(1).unwrap().trim();
            assert!(list.parse::<usize>().is_ok(), "not one CPU: {one}");
        }
        assert_ne!(first, last);
        // The harness's own thread keeps its mask.
        thread::spawn(move || {
            let ahead = StartAhead::new();
            ahead.pin(0, cpus);
            sh("true", 2000);
            assert_eq!(allowed_cpus().len(), cpus);
        })
        .join()
        .unwrap();
    }

    #[test]
    fn echoes_input() {
        let r = sh("cat", 2000);
        assert_eq!(r.exit, Exit::Code(0));
        assert_eq!(r.stdout, b"hello\n");
    }

    #[test]
    fn exit_codes_and_signals() {
        assert_eq!(sh("exit 3", 2000).exit, Exit::Code(3));
        assert_eq!(sh("kill -SEGV $$", 2000).exit, Exit::Signal(11));
    }

    #[test]
    fn hang_is_killed_at_the_limit_with_its_children() {
        let r = sh("sleep 30 & sleep 30", 200);
        assert_eq!(r.exit, Exit::TimedOut);
        assert!(r.elapsed < Duration::from_secs(2));
    }

    #[test]
    fn output_cap() {
        let limits = Limits {
            output_bytes: 1000,
            ..Limits::default()
        };
        let r = run(&["/bin/sh".into(), "-c".into(), "yes".into()], b"", &limits).unwrap();
        assert_eq!(r.exit, Exit::OutputLimit);
        assert_eq!(r.stdout.len(), 1000);
    }

    #[test]
    fn stderr_keeps_its_end_and_counts_the_rest() {
        let r = sh(
            "i=0; while [ $i -lt 3000 ]; do echo line $i >&2; i=$((i+1)); done; \
             echo 'RecursionError: the last line' >&2",
            10000,
        );
        assert_eq!(r.exit, Exit::Code(0));
        assert_eq!(r.stderr.len(), STDERR_KEPT);
        assert!(
            r.stderr
                .ends_with(b"line 2999\nRecursionError: the last line\n")
        );
        let total: usize = (0..3000)
            .map(|i| format!("line {i}\n").len())
            .sum::<usize>()
            + 30;
        assert_eq!(r.stderr_dropped + r.stderr.len(), total);
    }

    #[test]
    fn tail_buffer_stays_bounded() {
        let mut t = Tail {
            buf: Vec::new(),
            cap: 10,
            dropped: 0,
        };
        for _ in 0..1000 {
            t.push(b"0123456789abc");
            assert!(t.buf.len() <= 2 * 10 + 13);
        }
        t.trim();
        assert_eq!(t.buf, b"3456789abc");
        assert_eq!(t.dropped + t.buf.len(), 13_000);
    }

    #[test]
    fn bwrap_statuses_above_128_are_signals() {
        use std::os::unix::process::ExitStatusExt;
        let code = |c: i32| ExitStatus::from_raw(c << 8);
        assert_eq!(exit_of(code(139), true), Exit::Signal(11));
        assert_eq!(exit_of(code(139), false), Exit::Code(139));
        assert_eq!(exit_of(code(3), true), Exit::Code(3));
        assert_eq!(exit_of(code(255), true), Exit::Code(255));
        assert_eq!(exit_of(ExitStatus::from_raw(9), false), Exit::Signal(9));
    }

    #[test]
    fn cpu_rlimit_soft_below_hard() {
        let limits = Limits {
            cpu: Some(Duration::from_millis(1500)),
            ..Limits::default()
        };
        let script = wrapper_script(&limits, 0, Duration::from_millis(1500));
        assert!(script.contains("ulimit -H -t 3 "), "{script}");
        assert!(script.contains("ulimit -S -t 2 "), "{script}");
        assert!(script.contains("ulimit -v "), "{script}");
        // In force (at level rlimits: with cgroups both are a second higher).
        let limits = Limits {
            sandbox: SandboxMode::None,
            ..limits
        };
        let r = run(
            &[
                "/bin/sh".into(),
                "-c".into(),
                "ulimit -S -t; ulimit -H -t".into(),
            ],
            b"",
            &limits,
        )
        .unwrap();
        assert_eq!(r.stdout, b"2\n3\n");
        let script = wrapper_script(&limits, 3, Duration::from_millis(1500));
        assert!(!script.contains("ulimit -v"), "{script}");
        assert!(script.contains("shift 3"), "{script}");
    }

    /// With namespaces the program starts in a private /tmp: relative paths
    /// on its command line still name the harness's files, and files under
    /// the harness's /tmp are shown to it.
    #[test]
    fn relative_and_tmp_paths_still_work_in_namespaces() {
        if !probe(SandboxMode::Auto).unwrap().has_namespaces() {
            eprintln!("skipping: no namespaces here");
            return;
        }
        let r = run(
            &["cat".into(), "Cargo.toml".into()],
            b"",
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(r.exit, Exit::Code(0));
        assert_eq!(r.stdout, std::fs::read("Cargo.toml").unwrap());

        let dir = std::env::temp_dir().join(format!("boardcheck-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("lib.sh"), "echo from lib\n").unwrap();
        std::fs::write(dir.join("main.sh"), ". \"$(dirname \"$0\")/lib.sh\"; pwd\n").unwrap();
        let main = dir.join("main.sh").to_string_lossy().into_owned();
        let r = run(&["/bin/sh".into(), main], b"", &Limits::default()).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            r.exit,
            Exit::Code(0),
            "{:?}",
            String::from_utf8_lossy(&r.stderr)
        );
        assert_eq!(r.stdout, b"from lib\n/tmp\n");
    }

    /// One busy process: SIGXCPU at the soft rlimit (level rlimits), or
    /// the harness's cgroup measurement: either way `CpuLimit`, not a kill.
    #[test]
    fn a_cpu_burner_hits_the_cpu_limit() {
        for sandbox in [SandboxMode::None, SandboxMode::Auto] {
            let limits = Limits {
                timeout: Duration::from_secs(8),
                cpu: Some(Duration::from_millis(1000)),
                sandbox,
                ..Limits::default()
            };
            let burn = ["/bin/sh".into(), "-c".into(), "while :; do :; done".into()];
            let r = run(&burn, b"", &limits).unwrap();
            assert_eq!(r.exit, Exit::CpuLimit, "{sandbox}: {r:?}");
            assert!(r.elapsed < Duration::from_secs(6), "{sandbox}: {r:?}");
        }
    }

    #[test]
    fn missing_program() {
        assert!(resolve_program("surely-not-a-program-xyz").is_err());
        assert!(resolve_program("sh").is_ok());
    }
}
