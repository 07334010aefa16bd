//! One long-lived untrusted process answering line by line (the persistent
//! protocol, `--protocol jsonl`): started under the same sandbox as a lone
//! run ([`super::process`]), in one cgroup for its whole life, so the memory
//! and task limits hold for the process as they do for a run. The time
//! limits hold per answer: the wall clock from the line written to the
//! answer read (for a lone re-run limited on its own time, the wall time
//! less the time the session waited for a CPU since the line, as a one-shot
//! run's), and with cgroups the CPU time the session used meanwhile
//! (at level `rlimits` the CPU rlimit cannot be reset between answers, so
//! only the wall-time limit holds there). The output cap holds per answer
//! line. A session that fails an answer is killed; the caller starts
//! another one for the next case.
//!
//! Whatever the process writes, the checker's memory stays bounded: each
//! pipe is read at most a chunk per wake-up (a flood cannot keep the
//! reader in one loop, and the deadline is looked at in between), the
//! line being read is kept up to the output cap (or a smaller head when
//! the caller asks for one, [`Session::next_line`]), and stderr only by
//! its tail.

use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::os::fd::AsFd;
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

use nix::poll::PollFlags;
use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;

use super::process::{
    Exit, RunLimits, STDERR_KEPT, Spawned, Tail, WaitClock, Waited, exit_after, keep_stall_fresh,
    nonblocking, own_time_on, past_deadline, probe, ready, spawn,
};
use super::sandbox::{RunCgroup, SandboxLevel};

/// The CPU rlimit of a whole session: only a backstop, the limit is
/// measured per answer.
const SESSION_CPU: Duration = Duration::from_secs(24 * 3600);

/// How long a session's exit status and last output are awaited after it
/// closed its output or was killed.
const GRACE: Duration = Duration::from_millis(500);

/// Bytes read from a pipe at one wake-up: a flooding process gets no more
/// of the reader's time than this before the limits are looked at again.
const CHUNK: usize = 1 << 16;

/// The output of a failed exchange kept for the report: its first bytes.
const OUTPUT_KEPT: usize = 1 << 16;

/// A job for the keeper thread.
type Job = Box<dyn FnOnce() + Send>;

/// Starts the session's process from one thread that lives as long as the
/// harness: bwrap's `--die-with-parent` kills the sandbox when the *thread*
/// that started it ends, and sessions outlive the worker threads that first
/// needed them.
fn spawn_from_keeper(
    argv: &[String],
    limits: &RunLimits,
    level: SandboxLevel,
    cgroup: Option<&RunCgroup>,
) -> io::Result<Spawned> {
    static KEEPER: Mutex<Option<mpsc::Sender<Job>>> = Mutex::new(None);
    let (argv, limits, cgroup) = (argv.to_vec(), limits.clone(), cgroup.cloned());
    let (tx, rx) = mpsc::channel();
    let job: Job = Box::new(move || {
        let _ = tx.send(spawn(
            &argv,
            &limits,
            level,
            cgroup.as_ref(),
            SESSION_CPU,
            false,
        ));
    });
    {
        let mut keeper = KEEPER.lock().unwrap_or_else(|e| e.into_inner());
        let sender = keeper.get_or_insert_with(|| {
            let (jobs, queue) = mpsc::channel::<Job>();
            std::thread::spawn(move || {
                for job in queue {
                    job();
                }
            });
            jobs
        });
        sender
            .send(job)
            .map_err(|_| io::Error::other("the session keeper thread is gone"))?;
    }
    rx.recv()
        .map_err(|_| io::Error::other("the session keeper thread is gone"))?
}

/// A long-lived candidate process.
pub struct Session {
    spawned: Spawned,
    cgroup: Option<RunCgroup>,
    limits: RunLimits,
    level: SandboxLevel,
    /// Complete lines read and not taken yet (from one chunk at most).
    lines: VecDeque<Line>,
    /// The line being read: its head.
    partial: Vec<u8>,
    /// Bytes of the line being read beyond its head, not kept.
    dropped: usize,
    err: Tail,
    exited: bool,
    /// The question being answered.
    asked: Option<Question>,
}

/// A question's clocks: its answer's limits hold from when it was
/// written, over every line of the answer (GTP's are several).
#[derive(Clone, Copy)]
struct Question {
    at: Instant,
    /// The wall-time limit of the answer.
    limit: Duration,
    /// The session's CPU time when it was written (with cgroups).
    cpu: Option<Duration>,
    /// Under own time ([`own_time_on`]), the wait so far when it was
    /// written: the answer's own time is the wall time since less the
    /// time the session waited for a CPU since.
    clock: Option<WaitClock>,
    /// The deadline the wait has moved the caller's to, once it has.
    later: Option<Instant>,
}

/// Why an answer did not come: how the session ended (not a failure of
/// the check, which [`super::report::Failure`] is).
#[derive(Clone, Debug)]
pub struct Ended {
    /// How the session ended ([`Exit::TimedOut`], a crash, ...).
    pub exit: Exit,
    /// What it wrote of the answer.
    pub output: String,
    /// The end of its stderr, and how many bytes before it were cut.
    pub stderr: String,
    /// Bytes of stderr cut before [`Ended::stderr`].
    pub stderr_dropped: usize,
    /// For a time-out, how long the session waited for a CPU since the
    /// question, where that was measured (answers limited on their own time).
    pub waited: Option<Waited>,
}

impl Session {
    /// Starts `argv` under `limits`' sandbox.
    pub fn start(argv: &[String], limits: &RunLimits) -> io::Result<Session> {
        if argv.is_empty() {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "empty command"));
        }
        let level =
            probe(limits.sandbox).map_err(|e| io::Error::new(io::ErrorKind::Unsupported, e))?;
        let cgroup = if level.has_cgroups() {
            Some(RunCgroup::new(limits.memory_bytes, limits.max_tasks)?)
        } else {
            None
        };
        let spawned = match spawn_from_keeper(argv, limits, level, cgroup.as_ref()) {
            Ok(s) => s,
            Err(e) => {
                if let Some(cg) = &cgroup {
                    cg.remove();
                }
                return Err(e);
            }
        };
        if let Some(stdin) = &spawned.stdin {
            nonblocking(stdin.as_fd())?;
        }
        Ok(Session {
            spawned,
            cgroup,
            limits: limits.clone(),
            level,
            lines: VecDeque::new(),
            partial: Vec::new(),
            dropped: 0,
            err: Tail {
                buf: Vec::new(),
                cap: STDERR_KEPT,
                dropped: 0,
            },
            exited: false,
            asked: None,
        })
    }

    /// The isolation the session runs under.
    pub fn level(&self) -> SandboxLevel {
        self.level
    }

    /// Writes `line` (without its newline) and reads one answer line, within
    /// the limits. On failure the session is dead: drop it.
    pub fn ask(&mut self, line: &str) -> Result<(String, Duration), Ended> {
        let started = Instant::now();
        let deadline = started + self.limits.timeout;
        let read = self.exchange(&with_newline(line), deadline, self.limits.output_bytes)?;
        match read.text {
            Ok(text) => Ok((text, started.elapsed())),
            Err(lossy) => Err(self.fail(Exit::Code(0), lossy)),
        }
    }

    /// Changes the time limit of the answers from now on (a GTP engine's
    /// start-up is given longer than each command).
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.limits.timeout = timeout;
    }

    /// The time limit of an answer.
    pub fn timeout(&self) -> Duration {
        self.limits.timeout
    }

    /// Writes `line` (and its newline) and reads the first line that comes
    /// back by `deadline`, keeping at most `keep` bytes of it
    /// ([`Session::next_line`]). On failure the session is dead.
    pub fn send(&mut self, line: &str, deadline: Instant, keep: usize) -> Result<Line, Ended> {
        self.exchange(&with_newline(line), deadline, keep)
    }

    /// Reads the next line of output by `deadline` without writing
    /// anything (the further lines of a multi-line answer, GTP's), keeping
    /// at most `keep` bytes of it; a line longer than the output cap is
    /// [`Exit::OutputLimit`]. On failure the session is dead.
    pub fn next_line(&mut self, deadline: Instant, keep: usize) -> Result<Line, Ended> {
        self.exchange(&[], deadline, keep)
    }

    /// Output the process wrote that nobody asked for yet (GTP: a reply
    /// before its command), as far as it is there now; lines of white
    /// space only are taken off and not counted. At most one chunk is read.
    pub fn unasked(&mut self) -> Option<String> {
        let sp = &mut self.spawned;
        if let Some(out) = sp.stdout.as_mut()
            && readable_now(out.as_fd())
        {
            let keep = OUTPUT_KEPT;
            let (lines, partial, dropped) = (&mut self.lines, &mut self.partial, &mut self.dropped);
            if !read_chunk(out, &mut |b| split_lines(lines, partial, dropped, keep, b)) {
                sp.stdout = None;
            }
        }
        let blank = |l: &Line| matches!(&l.text, Ok(t) if t.trim().is_empty());
        while self.lines.front().is_some_and(blank) {
            self.lines.pop_front();
        }
        if self.lines.is_empty() && self.partial.iter().all(u8::is_ascii_whitespace) {
            return None;
        }
        Some(self.pending_head())
    }

    /// Kills the session now, reporting `exit` (a caller's own limit: a
    /// GTP reply longer than the output cap over several lines).
    pub fn end(&mut self, exit: Exit) -> Ended {
        self.fail_now(exit)
    }

    /// Writes `input` and reads one line by `deadline`, keeping at most
    /// `keep` bytes of it.
    fn exchange(&mut self, input: &[u8], deadline: Instant, keep: usize) -> Result<Line, Ended> {
        let started = Instant::now();
        if !input.is_empty() || self.asked.is_none() {
            // A new question: its clocks start now.
            let pid = self.spawned.guard.pid;
            let cgroup = self.cgroup.as_ref();
            self.asked = Some(Question {
                at: started,
                limit: deadline.saturating_duration_since(started),
                cpu: cgroup.and_then(RunCgroup::cpu_time),
                clock: own_time_on().then(|| WaitClock::now(pid, cgroup)),
                later: None,
            });
        }
        let question = self.asked.expect("set above");
        let cpu_limit = self.limits.cpu.unwrap_or(question.limit);
        let tick = if self.cgroup.is_some() {
            Duration::from_millis(20)
        } else {
            Duration::from_millis(100)
        };
        let mut written = 0;
        // The caller's deadline, or later where the wait has moved it.
        let mut due = question.later.map_or(deadline, |l| l.max(deadline));
        loop {
            if let Some(line) = self.lines.pop_front() {
                return Ok(line);
            }
            if self.partial.len() + self.dropped > self.limits.output_bytes {
                return Err(self.fail_now(Exit::OutputLimit));
            }
            if self.exited || self.spawned.stdout.is_none() {
                return Err(self.fail_exited());
            }
            let now = Instant::now();
            if now >= due {
                let mut waited = None;
                if let Some(asked) = &mut self.asked
                    && let Some(clock) = asked.clock
                {
                    // Read before the kill: how long it waited for a CPU.
                    let w = clock.waited(self.spawned.guard.pid, self.cgroup.as_ref());
                    match past_deadline(asked.at, asked.limit, w, true, now, tick) {
                        Ok(later) => {
                            asked.later = Some(later);
                            due = later.max(deadline);
                            continue;
                        }
                        Err(w) => waited = Some(w),
                    }
                }
                let mut ended = self.fail_now(Exit::TimedOut);
                ended.waited = waited;
                return Err(ended);
            }
            if let (Some(start), Some(now)) = (
                question.cpu,
                self.cgroup.as_ref().and_then(RunCgroup::cpu_time),
            ) && now.saturating_sub(start) >= cpu_limit
            {
                return Err(self.fail_now(Exit::CpuLimit));
            }
            if self.asked.is_some_and(|a| a.clock.is_some()) {
                keep_stall_fresh(self.cgroup.as_ref());
            }
            let want_in = written < input.len();
            let sp = &mut self.spawned;
            let Ok([out_ready, err_ready, in_ready, woke]) = ready(
                [
                    sp.stdout.as_ref().map(|p| (p.as_fd(), PollFlags::POLLIN)),
                    sp.stderr.as_ref().map(|p| (p.as_fd(), PollFlags::POLLIN)),
                    sp.stdin
                        .as_ref()
                        .filter(|_| want_in)
                        .map(|p| (p.as_fd(), PollFlags::POLLOUT)),
                    Some((sp.wake.as_fd(), PollFlags::POLLIN)),
                ],
                due.saturating_duration_since(now).min(tick),
            ) else {
                return Err(self.fail_now(Exit::Code(-1)));
            };
            if out_ready {
                let (lines, partial, dropped) =
                    (&mut self.lines, &mut self.partial, &mut self.dropped);
                let open = read_chunk(sp.stdout.as_mut().expect("polled"), &mut |b| {
                    split_lines(lines, partial, dropped, keep, b)
                });
                if !open {
                    sp.stdout = None;
                }
            }
            let err = &mut self.err;
            if err_ready && !read_chunk(sp.stderr.as_mut().expect("polled"), &mut |b| err.push(b)) {
                sp.stderr = None;
            }
            if in_ready {
                let pipe = sp.stdin.as_mut().expect("polled");
                match pipe.write(&input[written..]) {
                    Ok(n) => written += n,
                    Err(e)
                        if matches!(
                            e.kind(),
                            io::ErrorKind::WouldBlock | io::ErrorKind::Interrupted
                        ) => {}
                    // It closed its input: its exit (or its answer) tells.
                    Err(_) => written = input.len(),
                }
            }
            if woke {
                let mut byte = [0u8; 1];
                self.exited = matches!(sp.wake.read(&mut byte), Ok(0));
            }
        }
    }

    /// Kills the session and reports `exit`.
    fn fail_now(&mut self, exit: Exit) -> Ended {
        let output = self.pending_head();
        self.fail(exit, output)
    }

    /// The first bytes of the output not taken as a line yet, for reports.
    fn pending_head(&self) -> String {
        let mut out = String::new();
        for line in &self.lines {
            match &line.text {
                Ok(t) | Err(t) => out.push_str(t),
            }
        }
        out.push_str(&String::from_utf8_lossy(&self.partial));
        if out.len() > OUTPUT_KEPT {
            let mut cut = OUTPUT_KEPT;
            while !out.is_char_boundary(cut) {
                cut -= 1;
            }
            out.truncate(cut);
        }
        out
    }

    fn fail(&mut self, exit: Exit, output: String) -> Ended {
        self.kill();
        self.drain_stderr();
        self.err.trim();
        Ended {
            exit,
            output,
            stderr: String::from_utf8_lossy(&self.err.buf).into_owned(),
            stderr_dropped: self.err.dropped,
            waited: None,
        }
    }

    /// The session ended (or closed its output) before answering: how.
    fn fail_exited(&mut self) -> Ended {
        // Closed stdout but still running: wait a little for the exit.
        let until = Instant::now() + GRACE;
        while !self.exited && Instant::now() < until {
            let sp = &mut self.spawned;
            if let Ok([true]) = ready(
                [Some((sp.wake.as_fd(), PollFlags::POLLIN))],
                Duration::from_millis(50),
            ) {
                let mut byte = [0u8; 1];
                self.exited = matches!(sp.wake.read(&mut byte), Ok(0));
            }
        }
        let output = self.pending_head();
        self.kill();
        self.drain_stderr();
        let status = self.spawned.guard.reap().ok();
        let exit = match status {
            Some(status) if self.exited => {
                exit_after(status, self.level, self.cgroup.as_ref(), false)
            }
            _ => Exit::Code(-1),
        };
        self.err.trim();
        Ended {
            exit,
            output,
            stderr: String::from_utf8_lossy(&self.err.buf).into_owned(),
            stderr_dropped: self.err.dropped,
            waited: None,
        }
    }

    fn kill(&mut self) {
        let _ = killpg(Pid::from_raw(self.spawned.guard.pid), Signal::SIGKILL);
        if let Some(cg) = &self.cgroup {
            cg.kill_all();
        }
        self.spawned.stdin = None;
    }

    /// Reads what is left on stderr (a traceback) for a moment.
    fn drain_stderr(&mut self) {
        let until = Instant::now() + GRACE;
        while let Some(pipe) = self.spawned.stderr.as_mut() {
            let now = Instant::now();
            if now >= until {
                break;
            }
            match ready(
                [Some((pipe.as_fd(), PollFlags::POLLIN))],
                (until - now).min(Duration::from_millis(50)),
            ) {
                Ok([true]) => {
                    let err = &mut self.err;
                    if !read_chunk(pipe, &mut |b| err.push(b)) {
                        self.spawned.stderr = None;
                    }
                }
                Ok([false]) => {}
                Err(_) => break,
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.kill();
        if self.spawned.guard.child.is_some() {
            let _ = self.spawned.guard.reap();
        }
        if let Some(cg) = &self.cgroup {
            cg.remove();
        }
    }
}

/// One line of a session's output.
#[derive(Debug)]
pub struct Line {
    /// The line with its newline, or its head when it was longer than the
    /// bytes kept; `Err` with the text decoded lossily when it is not
    /// valid UTF-8.
    pub text: Result<String, String>,
    /// Its length in bytes, newline included, all of it counted.
    pub len: usize,
}

impl Line {
    /// The text, decoded lossily if need be.
    pub fn lossy(self) -> String {
        match self.text {
            Ok(t) | Err(t) => t,
        }
    }
}

/// Whether `fd` has something to read (or is closed) right now, without
/// waiting.
fn readable_now(fd: std::os::fd::BorrowedFd<'_>) -> bool {
    use nix::poll::{PollFd, PollTimeout, poll};
    let mut fds = [PollFd::new(fd, PollFlags::POLLIN)];
    matches!(poll(&mut fds, PollTimeout::ZERO), Ok(n) if n > 0)
}

fn with_newline(line: &str) -> Vec<u8> {
    let mut input = Vec::with_capacity(line.len() + 1);
    input.extend_from_slice(line.as_bytes());
    input.push(b'\n');
    input
}

/// Splits `bytes` into lines: each completed line (of which at most
/// `keep` bytes are kept, all counted) goes to `lines`; the incomplete
/// rest to `partial`, its bytes beyond `keep` counted in `dropped`.
fn split_lines(
    lines: &mut VecDeque<Line>,
    partial: &mut Vec<u8>,
    dropped: &mut usize,
    keep: usize,
    bytes: &[u8],
) {
    let mut rest = bytes;
    loop {
        let (segment, complete) = match rest.iter().position(|&b| b == b'\n') {
            Some(nl) => (&rest[..=nl], true),
            None => (rest, false),
        };
        let room = keep.saturating_sub(partial.len());
        let take = segment.len().min(room);
        partial.extend_from_slice(&segment[..take]);
        *dropped += segment.len() - take;
        rest = &rest[segment.len()..];
        if !complete {
            return;
        }
        let bytes = std::mem::take(partial);
        let len = bytes.len() + std::mem::take(dropped);
        let text = String::from_utf8(bytes)
            .map_err(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        lines.push_back(Line { text, len });
        if rest.is_empty() {
            return;
        }
    }
}

/// Reads at most one chunk of what `pipe` has now into `sink`; false once
/// it is closed.
fn read_chunk(pipe: &mut impl Read, sink: &mut dyn FnMut(&[u8])) -> bool {
    let mut chunk = [0u8; CHUNK];
    loop {
        match pipe.read(&mut chunk) {
            Ok(0) => return false,
            Ok(n) => {
                sink(&chunk[..n]);
                return true;
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return true,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}
