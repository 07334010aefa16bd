//! Runs of small shell scripts under the limits.

use super::exit::exit_of;
use super::pinning::allowed_cpus;
use super::pipes::Tail;
use super::wrapper::wrapper_script;
use super::*;
use std::process::ExitStatus;
use std::thread;
use std::time::Duration;

fn sh(script: &str, timeout_ms: u64) -> Run {
    let limits = RunLimits {
        timeout: Duration::from_millis(timeout_ms),
        ..RunLimits::default()
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
    let limits = RunLimits {
        output_bytes: 1000,
        ..RunLimits::default()
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
    let limits = RunLimits {
        cpu: Some(Duration::from_millis(1500)),
        ..RunLimits::default()
    };
    let script = wrapper_script(&limits, 0, Duration::from_millis(1500));
    assert!(script.contains("ulimit -H -t 3 "), "{script}");
    assert!(script.contains("ulimit -S -t 2 "), "{script}");
    assert!(script.contains("ulimit -v "), "{script}");
    // In force (at level rlimits: with cgroups both are a second higher).
    let limits = RunLimits {
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

/// With namespaces the program starts in the harness's working directory
/// (a private /tmp beside it): relative paths on its command line name the
/// harness's files as typed, and files under the harness's /tmp are shown
/// to it.
#[test]
fn relative_and_tmp_paths_still_work_in_namespaces() {
    if !probe(SandboxMode::Auto).unwrap().has_namespaces() {
        eprintln!("skipping: no namespaces here");
        return;
    }
    let r = run(
        &["cat".into(), "Cargo.toml".into()],
        b"",
        &RunLimits::default(),
    )
    .unwrap();
    assert_eq!(r.exit, Exit::Code(0));
    assert_eq!(r.stdout, std::fs::read("Cargo.toml").unwrap());

    let dir = std::env::temp_dir().join(format!("boardcheck-unit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("lib.sh"), "echo from lib\n").unwrap();
    std::fs::write(dir.join("main.sh"), ". \"$(dirname \"$0\")/lib.sh\"; pwd\n").unwrap();
    let main = dir.join("main.sh").to_string_lossy().into_owned();
    let r = run(&["/bin/sh".into(), main], b"", &RunLimits::default()).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        r.exit,
        Exit::Code(0),
        "{:?}",
        String::from_utf8_lossy(&r.stderr)
    );
    let cwd = std::env::current_dir().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&r.stdout),
        format!("from lib\n{}\n", cwd.display())
    );
}

/// One busy process: SIGXCPU at the soft rlimit (level rlimits), or
/// the harness's cgroup measurement: either way `CpuLimit`, not a kill.
/// The wall-time limit is far above the CPU limit, so that a loaded
/// machine (1 s of CPU took 6.7 s of wall time at a load of 13 on 2
/// cores) still meets the CPU limit first.
#[test]
fn a_cpu_burner_hits_the_cpu_limit() {
    let _cpu0 = cpu0_alone();
    for sandbox in [SandboxMode::None, SandboxMode::Auto] {
        let limits = RunLimits {
            timeout: Duration::from_secs(60),
            cpu: Some(Duration::from_millis(1000)),
            sandbox,
            ..RunLimits::default()
        };
        let burn = ["/bin/sh".into(), "-c".into(), "while :; do :; done".into()];
        let r = run(&burn, b"", &limits).unwrap();
        assert_eq!(r.exit, Exit::CpuLimit, "{sandbox}: {r:?}");
        assert!(r.elapsed < limits.timeout, "{sandbox}: {r:?}");
    }
}

#[test]
fn missing_program() {
    assert!(resolve_program("surely-not-a-program-xyz").is_err());
    assert!(resolve_program("sh").is_ok());
}

/// Held by each test that times runs against a known share of CPU 0 or
/// burns CPU itself: two of them at once (cargo runs tests side by side)
/// put the other's busy loops on CPU 0 too, and a run meant to get a third
/// of it got a sixth (a CI run: 600 ms of CPU in 3.5 s of wall time, 0.4 s
/// of it neither CPU time nor a wait the kernel reports then: the waits
/// of the `python3` shim's exited helpers).
static CPU0: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// [`CPU0`], held until dropped; a test that failed holding it does not
/// stop the others.
fn cpu0_alone() -> std::sync::MutexGuard<'static, ()> {
    CPU0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// CPU 0 held for a test's busy loops there, or `None` (saying why) where
/// they cannot be pinned.
fn cpu0_for_burners() -> Option<std::sync::MutexGuard<'static, ()>> {
    let cpu0 = cpu0_alone();
    if !Burners::can_pin() {
        eprintln!("skipped: no setsid or taskset");
        return None;
    }
    Some(cpu0)
}

/// Busy loops pinned to CPU 0, killed when dropped.
struct Burners(Vec<std::process::Child>);

impl Burners {
    /// Whether busy loops (and runs) can be pinned to CPU 0, each in a
    /// session of its own.
    fn can_pin() -> bool {
        std::process::Command::new("setsid")
            .args(["taskset", "-c", "0", "true"])
            .status()
            .is_ok_and(|s| s.success())
    }

    fn on_cpu0(n: usize) -> Burners {
        Burners(
            (0..n)
                .map(|_| {
                    // Each in a session of its own, as each run is: where
                    // the kernel groups CPU shares by session (autogroup),
                    // a run and each burner then get one share each, as
                    // they do where it does not.
                    std::process::Command::new("setsid")
                        .args(["taskset", "-c", "0", "sh", "-c", "while :; do :; done"])
                        .spawn()
                        .expect("taskset")
                })
                .collect(),
        )
    }
}

impl Drop for Burners {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// A run that needs `cpu_ms` of CPU, pinned to CPU 0.
fn needs_cpu(cpu_ms: u64, timeout_ms: u64) -> Run {
    let limits = RunLimits {
        timeout: Duration::from_millis(timeout_ms),
        ..RunLimits::default()
    };
    let script = format!(
        "import time\nwhile time.process_time() < {}: pass\nprint('done')",
        cpu_ms as f64 / 1000.0
    );
    let argv: Vec<String> = ["taskset", "-c", "0", "python3", "-c", &script]
        .map(String::from)
        .to_vec();
    run(&argv, b"", &limits).unwrap()
}

#[test]
fn a_run_starved_of_cpu_is_told_from_one_that_sleeps_or_spins() {
    let Some(_cpu0) = cpu0_for_burners() else {
        return;
    };
    // Once alone first: a cold start (Python's files read from disk) is
    // not what this test is about.
    let alone = needs_cpu(600, 10_000);
    assert_eq!(alone.exit, Exit::Code(0), "{alone:?}");
    let burners = Burners::on_cpu0(6);
    thread::sleep(Duration::from_millis(200));
    // Sharing CPU 0 with 6 busy loops it gets a seventh of it: 4.2 s of
    // wall time for its 600 ms. On the wall clock it times out at 1 s,
    // mostly waiting: starved.
    let wall = needs_cpu(600, 1000);
    assert_eq!(wall.exit, Exit::TimedOut, "{wall:?}");
    let w = wall.waited.expect("a time-out says how long it waited");
    assert!(w.starved && !w.own_time, "{w:?}");
    drop(burners);
    // Limited on its own time (wall less the wait) it finishes: its own
    // time is its 600 ms of CPU and what start-up blocks on. Against two
    // burners it still needs 1.8 s of wall time (a third of CPU 0), but
    // waits less: without a cgroup's CPU pressure the waits of processes
    // that have exited (a `python3` shim's helpers) are not counted. A
    // host may also take time from a run now and then; such a moment is
    // tried again, up to three times in all.
    let burners = Burners::on_cpu0(2);
    thread::sleep(Duration::from_millis(200));
    let mut tries = Vec::new();
    while tries.len() < 3 {
        let own = in_own_time(|| needs_cpu(600, 1000));
        let done = own.exit == Exit::Code(0);
        tries.push(own);
        if done {
            break;
        }
    }
    let own = tries.last().expect("tried");
    assert_eq!(own.exit, Exit::Code(0), "{tries:?}");
    assert!(own.elapsed > Duration::from_millis(1000), "{own:?}");
    // A sleeper and a spinner still time out on their own time, the
    // spinner once its own time (about its CPU time) reaches the limit.
    let sleeper = in_own_time(|| sh("sleep 5", 500));
    assert_eq!(sleeper.exit, Exit::TimedOut);
    assert!(sleeper.elapsed < Duration::from_millis(1500), "{sleeper:?}");
    let spin = in_own_time(|| sh("taskset -c 0 sh -c 'while :; do :; done'", 500));
    assert!(
        matches!(spin.exit, Exit::TimedOut | Exit::CpuLimit),
        "{spin:?}"
    );
    assert!(spin.waited.is_none_or(|w| !w.starved), "{spin:?}");
    drop(burners);
}

#[test]
fn the_waits_of_a_runs_exited_processes_count_in_its_own_time() {
    let Some(_cpu0) = cpu0_for_burners() else {
        return;
    };
    let stall_read = crate::harness::sandbox::RunCgroup::new(64 << 20, 8)
        .ok()
        .map(|cg| {
            let read = cg.cpu_stall().is_some();
            cg.remove();
            read
        });
    if stall_read != Some(true) {
        eprintln!("skipped: no cgroup v2 CPU pressure for a run's cgroup here");
        return;
    }
    // A program that first runs a helper to its end, as a version
    // manager's shim or a build tool does: each needs 300 ms of CPU, and
    // with six busy loops on CPU 0 each waits about 1.8 s for it. The
    // helper's wait goes with it from /proc; counted from the longest wait
    // of a live process only, the run's own time would be about 2.4 s.
    let burn = "import time\nwhile time.process_time() < 0.3: pass";
    let script = format!(
        "taskset -c 0 python3 -c '{burn}' && exec taskset -c 0 python3 -c '{burn}\nprint(1)'"
    );
    let burners = Burners::on_cpu0(6);
    thread::sleep(Duration::from_millis(200));
    let own = in_own_time(|| sh(&script, 1500));
    drop(burners);
    assert_eq!(own.exit, Exit::Code(0), "{own:?}");
    // Not the wall clock's pass: the run took longer than its limit there.
    assert!(own.elapsed > Duration::from_millis(1500), "{own:?}");
}

#[test]
fn a_session_starved_of_cpu_answers_on_its_own_time() {
    use crate::harness::session::{Ended, Session};
    let Some(_cpu0) = cpu0_for_burners() else {
        return;
    };
    // Each line a question: `s` sleeps 5 s, a number is the CPU seconds
    // to use before the answer. The answer is two lines, as GTP's are, the
    // second written a moment after the first.
    let script = "import sys, time\nfor line in sys.stdin:\n    if line.startswith('s'):\n        time.sleep(5)\n    else:\n        t = time.process_time() + float(line)\n        while time.process_time() < t: pass\n    print('done', flush=True)\n    time.sleep(0.05)\n    print('', flush=True)\n";
    let argv: Vec<String> = ["taskset", "-c", "0", "python3", "-c", script]
        .map(String::from)
        .to_vec();
    // A session past its start-up (not what this test is about), its
    // answers limited to `timeout_ms` from now on.
    let started = |timeout_ms: u64| {
        let mut s = Session::start(&argv, &RunLimits::default()).expect("a session");
        s.ask("0").expect("the first answer");
        let far = std::time::Instant::now() + Duration::from_secs(10);
        s.next_line(far, 64).expect("its second line");
        s.set_timeout(Duration::from_millis(timeout_ms));
        s
    };
    let burners = Burners::on_cpu0(2);
    thread::sleep(Duration::from_millis(200));
    // 600 ms of CPU at a third of CPU 0 takes 1.8 s: on the wall clock
    // the answer times out at 1 s.
    let wall = started(1000).ask("0.6").expect_err("a time-out");
    assert_eq!(wall.exit, Exit::TimedOut, "{wall:?}");
    // On its own time it comes, both its lines, and the CPU limit holds
    // from the question on, not from each line (a moment the host took
    // from the run is tried again, up to three times in all, as for a
    // one-shot run).
    let mut tries = Vec::new();
    while tries.len() < 3 {
        let answer = in_own_time(|| {
            let mut s = started(1000);
            let asked = std::time::Instant::now();
            let deadline = asked + Duration::from_millis(1000);
            let first = s.send("0.6", deadline, 64)?;
            let second = s.next_line(deadline, 64)?;
            Ok::<_, Ended>((first.text, second.text, asked.elapsed()))
        });
        let done = answer.is_ok();
        tries.push(answer);
        if done {
            break;
        }
    }
    let (first, second, elapsed) = tries.last().expect("tried").clone().expect("an answer");
    assert_eq!(
        (
            first.as_deref().map(str::trim),
            second.as_deref().map(str::trim)
        ),
        (Ok("done"), Ok("")),
        "{tries:?}"
    );
    assert!(elapsed > Duration::from_millis(1000), "{tries:?}");
    // A sleeper still times out, at about the limit, and says it waited
    // little: the limit held on its own time, not starved.
    let sleeper = in_own_time(|| {
        let mut s = started(500);
        let asked = std::time::Instant::now();
        (s.ask("s").expect_err("a time-out"), asked.elapsed())
    });
    assert_eq!(sleeper.0.exit, Exit::TimedOut, "{sleeper:?}");
    assert!(sleeper.1 < Duration::from_millis(1500), "{sleeper:?}");
    let w = sleeper.0.waited.expect("measured under own time");
    assert!(w.own_time && !w.starved, "{w:?}");
    drop(burners);
}
