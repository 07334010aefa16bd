//! Running an untrusted program once: input on stdin, output captured, under
//! a wall-time limit, a memory limit, a CPU limit and an output cap.
//!
//! The program runs in a process group of its own, and the whole group is
//! killed with SIGKILL when the run ends, however it ends, before the leader
//! is reaped (so the group id cannot have been reused). Background children
//! a candidate leaves behind die with it. The limits are set by `/bin/sh`'s
//! `ulimit` just before it `exec`s the program, so no `unsafe` `pre_exec`
//! hook is needed. A process that leaves the group on purpose (`setsid`)
//! escapes; isolating those needs namespaces or cgroups (see ARCHITECTURE.md).

use std::collections::HashSet;
use std::io::{self, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, killpg};
use nix::sys::wait::{Id, WaitPidFlag, waitid};
use nix::unistd::Pid;

/// How much one run may use.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Wall-clock time; past it the whole process group is killed.
    pub timeout: Duration,
    /// Address-space limit (RLIMIT_AS) in bytes.
    pub memory_bytes: u64,
    /// Most bytes of stdout kept; past it the run is stopped.
    pub output_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            timeout: Duration::from_millis(2000),
            memory_bytes: 2 << 30,
            output_bytes: 64 << 20,
        }
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Exited with this status code.
    Code(i32),
    /// Killed by this signal (not by us).
    Signal(i32),
    /// Still running at the time limit (or killed for CPU time).
    TimedOut,
    /// Wrote more than the output cap.
    OutputLimit,
    /// Used up its CPU time.
    CpuLimit,
    /// Used more memory than the limit.
    MemoryLimit,
}

/// What one run produced.
#[derive(Clone, Debug)]
pub struct Run {
    /// How it ended.
    pub exit: Exit,
    /// Its stdout, at most the output cap.
    pub stdout: Vec<u8>,
    /// The start of its stderr.
    pub stderr: Vec<u8>,
    /// Wall time from start to exit.
    pub elapsed: Duration,
    /// Bytes of stderr dropped before what is kept.
    pub stderr_dropped: usize,
}

impl Limits {
    /// The CPU-time limit.
    pub fn cpu_time(&self) -> Duration {
        self.timeout + Duration::from_secs(2)
    }
}

/// The sandbox a run under `limits` gets (temporary stub).
pub fn sandbox_level(_limits: &Limits) -> &'static str {
    "rlimits"
}

/// How much of stderr is kept for reports.
const STDERR_KEPT: usize = 4096;

/// Process groups of runs under way, so that [`kill_all`] can end them.
static LIVE: Mutex<Option<HashSet<i32>>> = Mutex::new(None);

fn live(update: impl FnOnce(&mut HashSet<i32>)) {
    let mut guard = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    update(guard.get_or_insert_with(HashSet::new));
}

/// Kills every process group of a run under way (for Ctrl-C handlers).
pub fn kill_all() {
    live(|groups| {
        for &g in groups.iter() {
            let _ = killpg(Pid::from_raw(g), Signal::SIGKILL);
        }
    });
}

/// Finds `program` the way `exec` would, so that a missing program is a
/// usage error before any case runs.
pub fn resolve_program(program: &str) -> Result<PathBuf, String> {
    let executable = |p: &Path| {
        use std::os::unix::fs::PermissionsExt;
        p.metadata()
            .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            .unwrap_or(false)
    };
    if program.contains('/') {
        let p = PathBuf::from(program);
        return if executable(&p) {
            Ok(p)
        } else {
            Err(format!("{program}: no such executable file"))
        };
    }
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join(program))
        .find(|p| executable(p))
        .ok_or_else(|| format!("{program}: command not found in PATH"))
}

/// Reads `from` to its end, keeping at most `cap` bytes in `into`; returns
/// false (and stops reading) if the text was longer than `cap`.
fn drain(mut from: impl Read, into: &Mutex<Vec<u8>>, cap: usize, stop_at_cap: bool) -> bool {
    let mut chunk = [0u8; 1 << 16];
    loop {
        match from.read(&mut chunk) {
            Ok(0) | Err(_) => return true,
            Ok(n) => {
                let mut buf = into.lock().unwrap_or_else(|e| e.into_inner());
                let room = cap.saturating_sub(buf.len());
                buf.extend_from_slice(&chunk[..n.min(room)]);
                if n > room && stop_at_cap {
                    return false;
                }
            }
        }
    }
}

enum Event {
    Exited,
    OverCap,
}

/// Runs `argv` with `input` on stdin under `limits`.
///
/// Errors only when the program cannot be started at all.
pub fn run(argv: &[String], input: &[u8], limits: &Limits) -> io::Result<Run> {
    let cpu_seconds = limits.timeout.as_secs() + 2;
    let memory_kib = limits.memory_bytes / 1024;
    let file_blocks = (limits.output_bytes as u64 / 512).max(1 << 17);
    // A ulimit that cannot be set (hard limit already lower) leaves the lower one.
    let script = format!(
        "ulimit -v {memory_kib} 2>/dev/null; ulimit -t {cpu_seconds} 2>/dev/null; \
         ulimit -f {file_blocks} 2>/dev/null; exec \"$@\""
    );
    let mut child = Command::new("/bin/sh")
        .arg("-c")
        .arg(script)
        .arg("boardcheck-candidate")
        .args(argv)
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let started = Instant::now();
    let pid = child.id() as i32;
    live(|g| {
        g.insert(pid);
    });

    let (events, event) = mpsc::channel();
    let stdout = Arc::new(Mutex::new(Vec::new()));
    let stderr = Arc::new(Mutex::new(Vec::new()));
    let (done_tx, done_rx) = mpsc::channel::<()>();
    let over_cap = Arc::new(AtomicBool::new(false));

    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    thread::spawn(move || {
        // A candidate may exit without reading its input: EPIPE is fine.
        let _ = stdin.write_all(&input);
    });
    {
        let (pipe, buf, events, done) = (
            child.stdout.take().expect("piped stdout"),
            stdout.clone(),
            events.clone(),
            done_tx.clone(),
        );
        let (cap, over) = (limits.output_bytes, over_cap.clone());
        thread::spawn(move || {
            if !drain(pipe, &buf, cap, true) {
                over.store(true, Ordering::SeqCst);
                let _ = events.send(Event::OverCap);
            }
            let _ = done.send(());
        });
    }
    {
        let (pipe, buf, done) = (
            child.stderr.take().expect("piped stderr"),
            stderr.clone(),
            done_tx,
        );
        thread::spawn(move || {
            drain(pipe, &buf, STDERR_KEPT, false);
            let _ = done.send(());
        });
    }
    thread::spawn(move || {
        // Wait for the exit without reaping, so the group id stays ours until killed.
        let _ = waitid(
            Id::Pid(Pid::from_raw(pid)),
            WaitPidFlag::WEXITED | WaitPidFlag::WNOWAIT,
        );
        let _ = events.send(Event::Exited);
    });

    let ended = event.recv_timeout(limits.timeout);
    let elapsed = started.elapsed();
    let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    let status = child.wait()?;
    live(|g| {
        g.remove(&pid);
    });
    // Both readers finish once every writer is dead; a process that escaped
    // the group could hold a pipe open, so do not wait for them forever.
    let grace = Instant::now() + Duration::from_millis(500);
    for _ in 0..2 {
        let left = grace.saturating_duration_since(Instant::now());
        if done_rx.recv_timeout(left).is_err() {
            break;
        }
    }

    let exit = match ended {
        Err(_) => Exit::TimedOut,
        Ok(_) if over_cap.load(Ordering::SeqCst) => Exit::OutputLimit,
        Ok(_) => exit_of(status),
    };
    let take =
        |b: &Mutex<Vec<u8>>| std::mem::take(&mut *b.lock().unwrap_or_else(|e| e.into_inner()));
    Ok(Run {
        exit,
        stdout: take(&stdout),
        stderr: take(&stderr),
        elapsed,
        stderr_dropped: 0,
    })
}

fn exit_of(status: ExitStatus) -> Exit {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        // SIGXCPU: the CPU-time limit, a time limit too.
        (_, Some(s)) if s == Signal::SIGXCPU as i32 => Exit::TimedOut,
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
    fn missing_program() {
        assert!(resolve_program("surely-not-a-program-xyz").is_err());
        assert!(resolve_program("sh").is_ok());
    }
}
