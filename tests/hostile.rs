//! Hostile candidates against `harness::process::run`: each behaviour ends
//! with the right [`Exit`], within a bounded time, and leaves no process of
//! the candidate behind. Behaviours that need namespaces or cgroups skip
//! (with a message on stderr) when `probe(SandboxMode::Strict)` fails.
//!
//! The figures for a report:
//! `cargo test --test hostile -- --ignored --nocapture table`.

use std::io::ErrorKind;
use std::net::TcpListener;
use std::path::Path;
use std::process::Command;
use std::sync::RwLock;
use std::time::{Duration, Instant};

use boardcheck::harness::process::{
    Exit, Run, RunLimits, STDERR_KEPT, SandboxLevel, SandboxMode, StartAhead, kill_all, probe, run,
};

/// `kill_all` kills every run of this process: the test that calls it
/// takes this for writing, every other test for reading.
static KILL_ALL: RwLock<()> = RwLock::new(());

/// Slack on top of a run's timeout for the verdict to arrive.
const SLACK: Duration = Duration::from_secs(3);

/// One hostile behaviour: what to run and under which limits.
struct Behaviour {
    name: &'static str,
    /// A string unique to this behaviour's processes (in their command lines).
    marker: String,
    argv: Vec<String>,
    input: Vec<u8>,
    limits: RunLimits,
    /// Needs namespaces and cgroups to be contained at all.
    strict_only: bool,
}

/// What one run of a behaviour gave.
struct Outcome {
    run: Run,
    took: Duration,
    left: Vec<String>,
}

fn sh(script: &str) -> Vec<String> {
    vec!["/bin/sh".into(), "-c".into(), script.into()]
}

fn limits(timeout_ms: u64) -> RunLimits {
    RunLimits {
        timeout: Duration::from_millis(timeout_ms),
        ..RunLimits::default()
    }
}

fn has_python() -> bool {
    Command::new("python3")
        .arg("-c")
        .arg("pass")
        .status()
        .is_ok_and(|s| s.success())
}

/// Every behaviour, by name. Markers are numbers few other programs have
/// in their command lines: `sleep 987651` and the like.
fn behaviour(name: &'static str) -> Behaviour {
    let id = std::process::id();
    let (marker, argv, input, limits, strict_only): (
        String,
        Vec<String>,
        Vec<u8>,
        RunLimits,
        bool,
    ) = match name {
        "hang" => (
            "sleep 987651".into(),
            sh("sleep 987651"),
            b"x\n".to_vec(),
            limits(500),
            false,
        ),
        "child outlives parent" => (
            "sleep 987652".into(),
            sh("sleep 987652 & echo parent done"),
            vec![],
            limits(2000),
            false,
        ),
        "setsid child holds stdout" => (
            "sleep 987653".into(),
            // The pause lets the child leave the process group before the
            // parent exits (else the group kill gets it first).
            sh("setsid sleep 987653 & sleep 0.3; echo parent done"),
            vec![],
            limits(2000),
            true,
        ),
        "fork bomb (depth 12)" => (
            "marker987654".into(),
            // Each level forks two more, to depth 12 (8191 processes if
            // nothing stops it); the leaves hang.
            sh(
                ": marker987654; f() { if [ \"$1\" -lt 12 ]; then f $(($1 + 1)) & f $(($1 + 1)) & wait; \
                    else sleep 60; fi; }; f 0",
            ),
            vec![],
            RunLimits {
                max_tasks: 64,
                ..limits(3000)
            },
            true,
        ),
        "flood stdout" => (
            "marker987655".into(),
            sh(": marker987655; yes flood"),
            vec![],
            RunLimits {
                output_bytes: 1 << 20,
                ..limits(5000)
            },
            false,
        ),
        "flood stderr" => (
            "marker987656".into(),
            sh(
                ": marker987656; yes 'Traceback line' | head -c 50000000 >&2; \
                    echo 'RecursionError: maximum recursion depth exceeded' >&2",
            ),
            vec![],
            limits(20000),
            false,
        ),
        "allocate without bound" => (
            "marker987657".into(),
            vec![
                "python3".into(),
                "-c".into(),
                "# marker987657\na = []\nwhile True: a.append(bytearray(1 << 20))".into(),
            ],
            vec![],
            RunLimits {
                memory_bytes: 128 << 20,
                ..limits(10000)
            },
            true,
        ),
        "reads no input" => (
            "marker987658".into(),
            sh(": marker987658; echo ignored input"),
            vec![b'x'; 4 << 20],
            limits(2000),
            false,
        ),
        "closes stdout, keeps running" => (
            "sleep 987659".into(),
            sh("exec >&- 2>&-; sleep 987659"),
            vec![],
            limits(500),
            false,
        ),
        "exit 0, no output" => (
            "marker987660".into(),
            sh(": marker987660"),
            vec![],
            limits(2000),
            false,
        ),
        "killed by SIGSEGV" => (
            "marker987661".into(),
            sh(": marker987661; kill -SEGV $$"),
            vec![],
            limits(2000),
            false,
        ),
        "4 CPU burners" => (
            "marker987662".into(),
            sh(": marker987662; for i in 1 2 3 4; do (while :; do :; done) & done; wait"),
            vec![],
            RunLimits {
                cpu: Some(Duration::from_millis(1000)),
                ..limits(6000)
            },
            true,
        ),
        "write outside /tmp" => (
            "marker987663".into(),
            sh(&format!(
                ": marker987663; echo y > /tmp/hostile-inside-{id} && cat /tmp/hostile-inside-{id} && pwd; \
                     echo x > {}/hostile-probe-{id} || exit 7",
                std::env::current_dir().unwrap().display()
            )),
            vec![],
            limits(2000),
            true,
        ),
        "TCP to 127.0.0.1" => ("marker987664".into(), vec![], vec![], limits(3000), true),
        other => panic!("no behaviour {other}"),
    };
    Behaviour {
        name,
        marker,
        argv,
        input,
        limits,
        strict_only,
    }
}

const ALL: [&str; 14] = [
    "hang",
    "child outlives parent",
    "setsid child holds stdout",
    "fork bomb (depth 12)",
    "flood stdout",
    "flood stderr",
    "allocate without bound",
    "reads no input",
    "closes stdout, keeps running",
    "exit 0, no output",
    "killed by SIGSEGV",
    "4 CPU burners",
    "write outside /tmp",
    "TCP to 127.0.0.1",
];

/// Processes whose command line holds `marker` (but not the `ps` itself).
fn processes_with(marker: &str) -> Vec<String> {
    let out = Command::new("ps")
        .args(["-eo", "pid=,args="])
        .output()
        .expect("ps runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.contains(marker) && !l.contains("pid=,args="))
        .map(|l| l.trim().to_string())
        .collect()
}

/// SIGKILLs the processes of lines from [`processes_with`] (ones that a
/// weak level let outlive their run: ours, found by their marker).
fn kill_by_pid(lines: &[String]) {
    for line in lines {
        if let Some(pid) = line.split_whitespace().next().and_then(|p| p.parse().ok()) {
            let _ = nix::sys::signal::kill(
                nix::unistd::Pid::from_raw(pid),
                nix::sys::signal::Signal::SIGKILL,
            );
        }
    }
}

/// Runs `b` under `mode`; `None` when it needs a sandbox this machine lacks.
fn try_go(b: &Behaviour, mode: SandboxMode) -> Option<Outcome> {
    if b.argv.iter().any(|a| a == "python3") && !has_python() {
        eprintln!("skipping {:?}: python3 not found", b.name);
        return None;
    }
    if (b.strict_only || mode == SandboxMode::Strict)
        && let Err(e) = probe(SandboxMode::Strict)
    {
        eprintln!("skipping {:?}: needs the strict sandbox: {e}", b.name);
        return None;
    }
    let limits = RunLimits {
        sandbox: mode,
        ..b.limits.clone()
    };
    let started = Instant::now();
    let run = run(&b.argv, &b.input, &limits).expect("the candidate starts");
    let took = started.elapsed();
    std::thread::sleep(Duration::from_millis(300));
    Some(Outcome {
        run,
        took,
        left: processes_with(&b.marker),
    })
}

/// Runs behaviour `name` the way its test wants it (strict when it needs
/// it, auto otherwise) and checks the bounds every behaviour must keep.
fn go(name: &'static str) -> Option<(Behaviour, Outcome)> {
    let _shared = KILL_ALL.read().unwrap_or_else(|e| e.into_inner());
    let b = behaviour(name);
    let mode = if b.strict_only {
        SandboxMode::Strict
    } else {
        SandboxMode::Auto
    };
    let o = try_go(&b, mode)?;
    eprintln!(
        "{name}: {:?} in {:?} under {}, stderr {:?}",
        o.run.exit,
        o.took,
        o.run.sandbox,
        String::from_utf8_lossy(&o.run.stderr[o.run.stderr.len().saturating_sub(300)..])
    );
    assert!(
        o.took < b.limits.timeout + SLACK,
        "{name}: took {:?}",
        o.took
    );
    // Ours either way: end them before judging.
    kill_by_pid(&o.left);
    assert_eq!(o.left, Vec::<String>::new(), "{name}: processes left");
    Some((b, o))
}

#[test]
fn hang() {
    let Some((b, o)) = go("hang") else { return };
    assert_eq!(o.run.exit, Exit::TimedOut);
    assert!(o.took >= b.limits.timeout);
}

#[test]
fn child_outlives_parent() {
    let Some((b, o)) = go("child outlives parent") else {
        return;
    };
    // It ends with its parent: before the time limit, not killed at it.
    assert_eq!(o.run.exit, Exit::Code(0));
    assert_eq!(o.run.stdout, b"parent done\n");
    assert!(o.took < b.limits.timeout, "{:?}", o.took);
}

#[test]
fn setsid_child_holding_stdout_dies_with_the_run() {
    let Some((b, o)) = go("setsid child holds stdout") else {
        return;
    };
    assert_eq!(o.run.exit, Exit::Code(0));
    assert_eq!(o.run.stdout, b"parent done\n");
    assert!(o.took < b.limits.timeout, "{:?}", o.took);
}

#[test]
fn fork_bomb_is_contained_by_the_task_limit() {
    let Some((_, o)) = go("fork bomb (depth 12)") else {
        return;
    };
    assert!(
        matches!(o.run.exit, Exit::TimedOut | Exit::Code(_)),
        "{:?}",
        o.run.exit
    );
    let stderr = String::from_utf8_lossy(&o.run.stderr).to_lowercase();
    assert!(stderr.contains("fork"), "forks should fail: {stderr}");
}

#[test]
fn stdout_flood_hits_the_output_cap() {
    let Some((b, o)) = go("flood stdout") else {
        return;
    };
    assert_eq!(o.run.exit, Exit::OutputLimit);
    assert_eq!(o.run.stdout.len(), b.limits.output_bytes);
}

/// This process's resident memory and its peak (kB), from /proc/self/status.
fn rss_kb() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

#[test]
fn stderr_flood_keeps_the_tail() {
    // Reset the peak resident size, so that VmHWM is this test's peak (other
    // tests running meanwhile keep little: the largest is a 1 MiB stdout).
    let reset = std::fs::write("/proc/self/clear_refs", "5").is_ok();
    let (rss_before, _) = rss_kb();
    let Some((_, o)) = go("flood stderr") else {
        return;
    };
    let (_, peak) = rss_kb();
    eprintln!("harness peak RSS {peak} kB, {rss_before} kB before 50 MB of stderr");
    if reset {
        assert!(
            peak < rss_before + 16 * 1024,
            "peak {peak} kB, before {rss_before} kB"
        );
    }
    assert_eq!(o.run.exit, Exit::Code(0));
    assert!(o.run.stderr.len() <= STDERR_KEPT);
    assert!(
        o.run
            .stderr
            .ends_with(b"RecursionError: maximum recursion depth exceeded\n"),
        "{:?}",
        String::from_utf8_lossy(&o.run.stderr)
    );
    assert_eq!(o.run.stderr.len() + o.run.stderr_dropped, 50_000_000 + 49);
}

#[test]
fn unbounded_allocation_hits_the_memory_limit() {
    let Some((b, o)) = go("allocate without bound") else {
        return;
    };
    assert_eq!(o.run.exit, Exit::MemoryLimit);
    let peak = o.run.peak_memory.expect("peak memory with cgroups");
    assert!(
        peak <= b.limits.memory_bytes && peak > b.limits.memory_bytes / 2,
        "peak {peak}"
    );
}

#[test]
fn a_program_that_reads_no_input() {
    let Some((_, o)) = go("reads no input") else {
        return;
    };
    assert_eq!(o.run.exit, Exit::Code(0));
    assert_eq!(o.run.stdout, b"ignored input\n");
}

#[test]
fn closing_stdout_is_not_the_end() {
    let Some((b, o)) = go("closes stdout, keeps running") else {
        return;
    };
    assert_eq!(o.run.exit, Exit::TimedOut);
    assert!(o.took >= b.limits.timeout);
}

#[test]
fn exit_zero_with_nothing() {
    let Some((_, o)) = go("exit 0, no output") else {
        return;
    };
    assert_eq!(o.run.exit, Exit::Code(0));
    assert!(o.run.stdout.is_empty() && o.run.stderr.is_empty());
    assert_eq!(o.run.stderr_dropped, 0);
}

#[test]
fn killed_by_a_signal() {
    let Some((_, o)) = go("killed by SIGSEGV") else {
        return;
    };
    assert_eq!(o.run.exit, Exit::Signal(11));
}

#[test]
fn cpu_burners_hit_the_cpu_limit_before_the_wall_clock() {
    let Some((b, o)) = go("4 CPU burners") else {
        return;
    };
    assert_eq!(o.run.exit, Exit::CpuLimit);
    assert!(o.took < b.limits.timeout, "{:?}", o.took);
    assert!(o.run.cpu_time.expect("cpu time with cgroups") >= b.limits.cpu.unwrap());
}

#[test]
fn writing_outside_the_private_tmp_fails() {
    let Some((_, o)) = go("write outside /tmp") else {
        return;
    };
    let id = std::process::id();
    let outside = std::env::current_dir()
        .unwrap()
        .join(format!("hostile-probe-{id}"));
    let exists = outside.exists();
    let _ = std::fs::remove_file(&outside);
    assert!(!exists, "{} was written", outside.display());
    assert_eq!(o.run.exit, Exit::Code(7));
    // A private writable /tmp; the working directory is the harness's own,
    // read-only.
    let cwd = std::env::current_dir().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.run.stdout),
        format!("y\n{}\n", cwd.display())
    );
    let inside = format!("/tmp/hostile-inside-{id}");
    assert!(!Path::new(&inside).exists(), "{inside} leaked to the host");
}

/// The command runs exactly as typed, in the working directory: an
/// argument that names a folder there (`src`) is passed as it is, and a
/// relative path finds its file.
#[test]
fn arguments_are_passed_as_typed() {
    let _shared = KILL_ALL.read().unwrap_or_else(|e| e.into_inner());
    for mode in [SandboxMode::Auto, SandboxMode::None] {
        let limits = RunLimits {
            sandbox: mode,
            ..limits(2000)
        };
        let argv: Vec<String> = [
            "/bin/sh",
            "-c",
            "echo \"$1\"; head -c 2 \"$1/lib.rs\"",
            "sh",
            "src",
        ]
        .map(String::from)
        .to_vec();
        let r = run(&argv, b"", &limits).unwrap();
        assert_eq!(r.exit, Exit::Code(0), "{r:?}");
        assert_eq!(r.stdout, b"src\n//", "at level {}", r.sandbox);
    }
}

#[test]
fn no_network() {
    let _shared = KILL_ALL.read().unwrap_or_else(|e| e.into_inner());
    if let Err(e) = probe(SandboxMode::Strict) {
        eprintln!("skipping no_network: needs the strict sandbox: {e}");
        return;
    }
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let mut b = behaviour("TCP to 127.0.0.1");
    b.argv = sh(&format!(
        ": marker987664; bash -c 'exec 3<>/dev/tcp/127.0.0.1/{port}' 2>/dev/null && exit 0; \
         python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", {port}), timeout=1)' \
         && exit 0; exit 9"
    ));
    let o = try_go(&b, SandboxMode::Strict).expect("strict is available");
    assert!(o.took < b.limits.timeout + SLACK);
    kill_by_pid(&o.left);
    assert_eq!(o.left, Vec::<String>::new());
    match listener.accept() {
        Err(e) if e.kind() == ErrorKind::WouldBlock => {}
        other => panic!("the candidate connected: {other:?}"),
    }
    assert_eq!(o.run.exit, Exit::Code(9), "{:?}", o.run);
}

/// Cgroup directories of this process's runs (`boardcheck-<pid>-<n>`).
fn cgroups_left() -> Vec<String> {
    fn walk(dir: &Path, depth: usize, prefix: &str, found: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let path = e.path();
            if !e.file_type().is_ok_and(|t| t.is_dir()) {
                continue;
            }
            if e.file_name().to_string_lossy().starts_with(prefix) {
                found.push(path.display().to_string());
            } else if depth > 0 {
                walk(&path, depth - 1, prefix, found);
            }
        }
    }
    let prefix = format!("boardcheck-{}-", std::process::id());
    let mut found = Vec::new();
    // `unified`: the v2 hierarchy beside v1's, where a run's CPU pressure is read.
    for c in ["memory", "pids", "cpuacct", "unified"] {
        walk(&Path::new("/sys/fs/cgroup").join(c), 3, &prefix, &mut found);
    }
    found
}

/// Threads of this process.
fn threads() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap()
}

/// A `setsid` child that keeps stdout open must not leave a harness thread
/// blocked, at any level (at level `rlimits` the child itself outlives the
/// run: it sleeps a few seconds and then exits by itself).
#[test]
fn lingering_setsid_children_leave_no_harness_threads() {
    let _shared = KILL_ALL.read().unwrap_or_else(|e| e.into_inner());
    let before = threads();
    for (mode, runs) in [(SandboxMode::Auto, 20), (SandboxMode::None, 8)] {
        for _ in 0..runs {
            let limits = RunLimits {
                sandbox: mode,
                ..limits(2000)
            };
            let started = Instant::now();
            let script = "setsid sleep 3.987665 & sleep 0.2; echo started";
            let r = run(&sh(script), b"", &limits).unwrap();
            let took = started.elapsed();
            assert_eq!(r.exit, Exit::Code(0));
            assert_eq!(r.stdout, b"started\n");
            assert!(took < Duration::from_secs(2), "{took:?}");
            if r.sandbox == SandboxLevel::Rlimits {
                // The child escaped and held stdout: the harness gave up on it.
                assert!(took >= Duration::from_millis(650), "{took:?}");
            }
        }
    }
    let after = threads();
    eprintln!("threads before {before}, after 28 runs {after}");
    // Other tests run in parallel threads; a leak would be 2 threads a run.
    assert!(
        after <= before + 6,
        "threads before {before}, after {after}"
    );
    // The level-`rlimits` children are ours: end them by pid.
    kill_by_pid(&processes_with("sleep 3.987665"));
}

#[test]
fn kill_all_ends_every_run() {
    let _alone = KILL_ALL.write().unwrap_or_else(|e| e.into_inner());
    let killer = std::thread::spawn(|| {
        std::thread::sleep(Duration::from_millis(300));
        kill_all();
    });
    let started = Instant::now();
    let r = run(
        &sh("setsid sleep 987666 & sleep 987666"),
        b"",
        &limits(10000),
    )
    .unwrap();
    let took = started.elapsed();
    killer.join().unwrap();
    assert_eq!(r.exit, Exit::Signal(9));
    assert!(took < Duration::from_secs(2), "{took:?}");
    std::thread::sleep(Duration::from_millis(300));
    let left = processes_with("sleep 987666");
    kill_by_pid(&left);
    // This test runs alone: any cgroup of this process is a leftover.
    assert_eq!(cgroups_left(), Vec::<String>::new());
    if r.sandbox == SandboxLevel::Rlimits {
        eprintln!("level rlimits: the setsid child outlives kill_all: {left:?}");
    } else {
        assert_eq!(left, Vec::<String>::new());
    }
}

#[test]
fn strict_is_an_error_when_unavailable_and_none_is_rlimits() {
    let _shared = KILL_ALL.read().unwrap_or_else(|e| e.into_inner());
    let limits = RunLimits {
        sandbox: SandboxMode::None,
        ..limits(2000)
    };
    assert_eq!(
        run(&sh("true"), b"", &limits).unwrap().sandbox,
        SandboxLevel::Rlimits
    );
    let strict = RunLimits {
        sandbox: SandboxMode::Strict,
        ..limits.clone()
    };
    match probe(SandboxMode::Strict) {
        Ok(level) => assert_eq!(run(&sh("true"), b"", &strict).unwrap().sandbox, level),
        Err(_) => assert!(run(&sh("true"), b"", &strict).is_err()),
    }
}

/// The table for the report: every behaviour under the strict sandbox (when
/// available) and under `--sandbox none`, one after the other.
#[test]
#[ignore = "prints a table; run with --ignored --nocapture"]
fn table() {
    let _alone = KILL_ALL.write().unwrap_or_else(|e| e.into_inner());
    eprintln!(
        "\n| behaviour | sandbox | exit | time to verdict | processes left |\n|---|---|---|---|---|"
    );
    // With BOARDCHECK_SANDBOX_WITHOUT set, the level auto falls back to.
    let modes = if std::env::var_os("BOARDCHECK_SANDBOX_WITHOUT").is_some() {
        vec![SandboxMode::Auto]
    } else {
        vec![SandboxMode::Strict, SandboxMode::None]
    };
    for mode in modes {
        let level = probe(mode).expect("the level is available");
        let started = Instant::now();
        for _ in 0..20 {
            let limits = RunLimits {
                sandbox: mode,
                ..limits(2000)
            };
            assert_eq!(run(&sh("true"), b"", &limits).unwrap().exit, Exit::Code(0));
        }
        eprintln!(
            "| (cost of a run of `true`, mean of 20) | {level} | Code(0) | {:.1} ms | 0 |",
            started.elapsed().as_secs_f64() * 1000.0 / 20.0
        );
        for name in ALL {
            let mut b = behaviour(name);
            if name == "TCP to 127.0.0.1" {
                let listener = TcpListener::bind("127.0.0.1:0").unwrap();
                let port = listener.local_addr().unwrap().port();
                b.argv = sh(&format!(
                    ": marker987664; bash -c 'exec 3<>/dev/tcp/127.0.0.1/{port}' 2>/dev/null && exit 0; \
                     python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", {port}), timeout=1)' \
                     2>/dev/null && exit 0; exit 9"
                ));
                b.strict_only = false;
                let o = try_go(&b, mode);
                listener.set_nonblocking(true).unwrap();
                let connected = listener.accept().is_ok();
                if let Some(o) = o {
                    print_row(
                        &b,
                        &o,
                        if connected {
                            " (connected)"
                        } else {
                            " (no connection)"
                        },
                    );
                }
                continue;
            }
            if name == "fork bomb (depth 12)" && !level.has_cgroups() {
                eprintln!("| {name} | {level} | not run: nothing bounds it | | |");
                continue;
            }
            b.strict_only = false;
            let Some(o) = try_go(&b, mode) else { continue };
            let note = match name {
                "flood stderr" => format!(
                    " ({} bytes kept, {} cut)",
                    o.run.stderr.len(),
                    o.run.stderr_dropped
                ),
                "allocate without bound" => match o.run.peak_memory {
                    Some(p) => format!(" (peak {} MiB)", p >> 20),
                    None => String::new(),
                },
                "4 CPU burners" => match o.run.cpu_time {
                    Some(t) => format!(" (CPU {:.2} s)", t.as_secs_f64()),
                    None => String::new(),
                },
                "write outside /tmp" => {
                    let outside = std::env::current_dir()
                        .unwrap()
                        .join(format!("hostile-probe-{}", std::process::id()));
                    let written = outside.exists();
                    let _ = std::fs::remove_file(&outside);
                    let _ =
                        std::fs::remove_file(format!("/tmp/hostile-inside-{}", std::process::id()));
                    if written {
                        " (file written)".into()
                    } else {
                        " (file not written)".into()
                    }
                }
                _ => String::new(),
            };
            print_row(&b, &o, &note);
            kill_by_pid(&o.left);
            assert_eq!(cgroups_left(), Vec::<String>::new());
        }
    }
}

fn print_row(b: &Behaviour, o: &Outcome, note: &str) {
    eprintln!(
        "| {} | {} | {:?}{note} | {:.2} s (limit {:.1} s) | {} |",
        b.name,
        o.run.sandbox,
        o.run.exit,
        o.took.as_secs_f64(),
        b.limits.timeout.as_secs_f64(),
        o.left.len()
    );
}

/// Runs in a loop with [`StartAhead`]: each sandbox is built while the run
/// before it is under way and released by one newline on stdin, so each
/// program must still see exactly its own input; a sandbox started for
/// another command is thrown away; reused cgroups count each run's own
/// peak memory and OOM kills; nothing is left once the loop is done.
#[test]
fn runs_started_ahead_see_their_own_input_and_their_own_counts() {
    let _alone = KILL_ALL.write().unwrap_or_else(|e| e.into_inner());
    let inputs: [&[u8]; 4] = [b"first\n", b"\nstarts with a newline\n", b"", b"no newline"];
    for mode in [SandboxMode::Auto, SandboxMode::None] {
        let limits = RunLimits {
            sandbox: mode,
            ..limits(5000)
        };
        let ahead = StartAhead::new();
        for (i, input) in inputs.iter().enumerate() {
            ahead.more(true);
            let r = run(&sh("cat; echo end987667"), input, &limits).unwrap();
            assert_eq!(r.exit, Exit::Code(0), "{r:?}");
            assert_eq!(
                r.stdout,
                [*input, b"end987667\n"].concat(),
                "run {i} at {mode}"
            );
        }
        // The sandbox waiting for `cat` is of no use to another command.
        let r = run(&sh("echo other987667"), b"", &limits).unwrap();
        assert_eq!(r.stdout, b"other987667\n");
        drop(ahead);
        assert_eq!(processes_with("987667"), Vec::<String>::new());
    }
    assert_eq!(cgroups_left(), Vec::<String>::new());

    if probe(SandboxMode::Strict).is_err() || !has_python() {
        eprintln!("skipped the cgroup half: needs the strict sandbox and python3");
        return;
    }
    let limits = RunLimits {
        memory_bytes: 96 << 20,
        ..limits(5000)
    };
    // One command, so that each run's sandbox is the one started ahead: it
    // holds N MiB and exits with status C, for an input "N C".
    let argv: Vec<String> = [
        "python3",
        "-c",
        "import sys; n, c = map(int, sys.stdin.read().split()); b = b'a' * (n << 20); sys.exit(c)",
    ]
    .map(String::from)
    .to_vec();
    let ahead = StartAhead::new();
    ahead.more(true);
    // A thread alternates between two cgroups: runs 1, 3, 5 share one, 2, 4, 6 the other.
    let runs: Vec<Run> = ["48 0", "0 0", "0 0", "400 0", "0 0", "0 3"]
        .iter()
        .map(|input| run(&argv, input.as_bytes(), &limits).unwrap())
        .collect();
    assert!(
        !cgroups_left().is_empty(),
        "emptied cgroups are kept for the next run"
    );
    drop(ahead);
    assert_eq!(cgroups_left(), Vec::<String>::new());
    let peak = |r: &Run| r.peak_memory.expect("peak memory with cgroups") >> 20;
    assert_eq!(runs[0].exit, Exit::Code(0));
    assert!(peak(&runs[0]) >= 48, "{} MiB", peak(&runs[0]));
    // Run 3 reused run 1's cgroup: its peak is its own.
    assert!(peak(&runs[2]) < 24, "{} MiB", peak(&runs[2]));
    assert_eq!(runs[3].exit, Exit::MemoryLimit);
    // Run 6 reused run 4's cgroup: an exit status, not run 4's OOM kill.
    assert_eq!(runs[5].exit, Exit::Code(3));
    for r in &runs {
        assert!(r.elapsed < Duration::from_secs(5) && r.cpu_time.is_some());
    }
}
