//! Hostile GTP engines against `check go-game --gtp`, as `tests/hostile.rs`
//! does for lone runs: each engine misbehaves at the first `play` it is
//! sent (or from its start), and each gets a clear verdict, within a
//! bounded time, with the checker's own peak memory (`/usr/bin/time -v`)
//! under 200 MB and no process of the engine left behind.
//!
//! Each engine is the toy engine (`examples/gtp/toy_go.py`) behind a small
//! Python proxy that does the misbehaving. The figures for a report:
//! `cargo test --test hostile_gtp -- --nocapture`.

use std::process::Command;
use std::time::{Duration, Instant};

/// The most the checker may hold, whatever the engine writes.
const PEAK_LIMIT_KB: u64 = 200 << 10;

/// The proxy: the toy engine behind it, the misbehaviour `mode` (argv 2)
/// at the first `play`; argv 3 is a marker for finding leftovers.
const PROXY: &str = r#"
import os, signal, subprocess, sys, time
toy = subprocess.Popen([sys.executable, sys.argv[1]], stdin=subprocess.PIPE,
                       stdout=subprocess.PIPE, text=True)
mode = sys.argv[2]
out = sys.stdout
end = "\r\n" if mode == "crlf" else "\n"
if mode == "slow-start":
    time.sleep(3)
first_play = True
for line in sys.stdin:
    words = line.split()
    if len(words) > 1 and words[1] == "play" and first_play:
        first_play = False
        if mode == "hang":
            time.sleep(120)
        elif mode == "crash":
            os.kill(os.getpid(), signal.SIGSEGV)
        elif mode == "exit":
            sys.exit(0)
        elif mode == "garbage":
            out.write("this is no reply\n\n"); out.flush(); continue
        elif mode == "flood-lines":
            while True:
                out.write("= " + "A1 " * 30 + "\n")
        elif mode == "huge-line":
            out.write("= ")
            for _ in range(1300):
                out.write("A" * 65536)
            out.write("\n\n"); out.flush(); continue
        elif mode == "stderr-flood":
            while True:
                sys.stderr.write("x" * 65536)
        elif mode == "forked-child":
            subprocess.Popen(["sleep", "987661"], start_new_session=True)
        elif mode == "write-outside":
            try:
                with open(sys.argv[4], "w") as f:
                    f.write("escaped")
            except OSError:
                pass
    toy.stdin.write(line)
    toy.stdin.flush()
    reply = []
    while True:
        got = toy.stdout.readline()
        if not got:
            sys.exit(0)
        reply.append(got.rstrip("\n"))
        if not got.strip():
            break
    # One write: the reply and, for early-reply, the next reply before
    # its command (two writes could land on either side of the checker's
    # look for unasked output; PYTHONUNBUFFERED makes each write a write).
    extra = "=" + end + end if mode == "early-reply" and not first_play else ""
    out.write(end.join(reply) + end + extra)
    out.flush()
"#;

/// What one hostile check came to.
struct Seen {
    status: i32,
    verdict: String,
    detail: String,
    took: Duration,
    peak_kb: u64,
    left: Vec<String>,
}

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

/// Runs `check go-game --gtp` against the proxy in `mode`, under
/// `/usr/bin/time -v`; `None` when python3 or /usr/bin/time is missing.
fn hostile(mode: &str, outside: &str) -> Option<Seen> {
    let python = Command::new("python3").arg("-c").arg("pass").status();
    if !python.is_ok_and(|s| s.success()) || !std::path::Path::new("/usr/bin/time").exists() {
        eprintln!("skipped {mode}: needs python3 and /usr/bin/time");
        return None;
    }
    let toy = format!("{}/examples/gtp/toy_go.py", env!("CARGO_MANIFEST_DIR"));
    let marker = format!("hostile-gtp-{mode}-{}", std::process::id());
    let started = Instant::now();
    let out = Command::new("/usr/bin/time")
        .arg("-v")
        .arg(env!("CARGO_BIN_EXE_boardcheck"))
        .args([
            "check",
            "go-game",
            "--json",
            "--seed",
            "3",
            "--gtp",
            "--size",
            "5",
            "--cases",
            "20",
            "--gtp-laws",
            "5",
            "--limits",
            "off",
            "--timeout-ms",
            "2000",
            // A reply of 4 MiB at most (a flood of short lines 512 KiB,
            // which a debug build on a loaded machine reads well within
            // the time limit: the cap, not the clock, must stop it).
            "--output-kb",
            if mode == "flood-lines" { "512" } else { "4096" },
            "--max-shrink-runs",
            "20",
            "--max-tle-shrink-runs",
            "2",
            "--shrink-seconds",
            "10",
            "--",
            "python3",
            "-c",
            PROXY,
            &toy,
            mode,
            &marker,
            outside,
        ])
        .output()
        .expect("boardcheck runs");
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let peak_kb = stderr
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(u64::MAX);
    // /usr/bin/time reports the checker's status as its own.
    let status = out.status.code().unwrap_or(-1);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    std::thread::sleep(Duration::from_millis(300));
    // The forked child's `sleep` is looked for after its own case only:
    // the cases run side by side, and another's may still be playing.
    let mut marks = vec![marker.as_str()];
    if mode == "forked-child" {
        marks.push("sleep 987661");
    }
    let left = marks.iter().flat_map(|m| processes_with(m)).collect();
    let seen = Seen {
        status,
        verdict: report["failure"]["verdict"]
            .as_str()
            .unwrap_or(if status == 0 { "pass" } else { "none" })
            .to_string(),
        detail: report["failure"]["detail"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
        took,
        peak_kb,
        left,
    };
    eprintln!(
        "| {mode} | exit {} | {} | {:.1} s | {} MB | {} |",
        seen.status,
        seen.verdict,
        seen.took.as_secs_f64(),
        seen.peak_kb >> 10,
        seen.detail
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(140)
            .collect::<String>()
    );
    if seen.status == 2 || (seen.status != 0 && seen.verdict == "none") {
        eprintln!("{stderr}");
    }
    Some(seen)
}

/// Runs `mode` and checks what every hostile engine must keep to: exit 0
/// or 1 (a verdict, never a set-up error), the checker's peak memory, the
/// time, no process left; then that the verdict is `want`.
fn expect(mode: &str, want: &str, detail_has: &str) {
    let outside = format!("/tmp/boardcheck-hostile-gtp-{}", std::process::id());
    let Some(seen) = hostile(mode, &outside) else {
        return;
    };
    assert!(
        seen.peak_kb < PEAK_LIMIT_KB,
        "{mode}: the checker peaked at {} kB",
        seen.peak_kb
    );
    assert!(
        seen.took < Duration::from_secs(120),
        "{mode}: {:?}",
        seen.took
    );
    assert_eq!(seen.left, Vec::<String>::new(), "{mode}: processes left");
    assert_eq!(seen.verdict, want, "{mode}: {}", seen.detail);
    assert!(
        seen.detail.contains(detail_has),
        "{mode}: {:?} not in {}",
        detail_has,
        seen.detail
    );
    assert_eq!(seen.status, i32::from(want != "pass"), "{mode}");
    if mode == "write-outside" {
        let escaped = std::path::Path::new(&outside).exists();
        let _ = std::fs::remove_file(&outside);
        // Where the sandbox has a private /tmp the write cannot land here.
        if boardcheck::harness::process::probe(boardcheck::harness::process::SandboxMode::Strict)
            .is_ok()
        {
            assert!(!escaped, "the engine wrote {outside}");
        }
    }
}

#[test]
fn a_hanging_engine_is_tle() {
    expect("hang", "TLE", "on `play");
}

#[test]
fn a_crashing_engine_is_re() {
    expect("crash", "RE", "SIGSEGV");
}

#[test]
fn an_engine_that_exits_is_re() {
    expect("exit", "RE", "exited (status 0) before answering");
}

#[test]
fn garbage_is_pe() {
    expect("garbage", "PE", "a reply must start with `=` or `?`");
}

#[test]
fn a_flood_of_lines_is_ole() {
    expect("flood-lines", "OLE", "a reply longer than 524288 bytes");
}

#[test]
fn one_huge_line_is_ole_with_its_first_bytes() {
    expect("huge-line", "OLE", "it began `= AAAA");
}

#[test]
fn a_stderr_flood_is_tle_and_bounded() {
    expect("stderr-flood", "TLE", "on `play");
}

#[test]
fn a_slow_start_is_waited_for() {
    expect("slow-start", "pass", "");
}

#[test]
fn a_forked_child_is_not_left_behind() {
    // A child in a session of its own leaves the process group: only
    // cgroups (the strict sandbox) reach it.
    if let Err(e) =
        boardcheck::harness::process::probe(boardcheck::harness::process::SandboxMode::Strict)
    {
        eprintln!("skipped: needs the strict sandbox: {e}");
        return;
    }
    expect("forked-child", "pass", "");
}

#[test]
fn writes_outside_stay_inside() {
    expect("write-outside", "pass", "");
}

#[test]
fn a_reply_before_its_command_is_pe() {
    expect("early-reply", "PE", "a reply to no command");
}

#[test]
fn crlf_line_ends_are_read() {
    expect("crlf", "pass", "");
}
