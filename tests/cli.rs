//! The `boardcheck` binary end to end: exit statuses, the shipped example
//! candidates, misbehaving candidates, malformed input.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn boardcheck(args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardcheck"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

fn check_json(problem: &str, extra: &[&str], candidate: &[&str]) -> (i32, serde_json::Value) {
    let mut args = vec!["check", problem, "--json", "--seed", "3"];
    args.extend(extra);
    args.push("--");
    args.extend(candidate);
    let out = boardcheck(&args, "");
    (out.status.code().unwrap(), json(&out))
}

#[test]
fn correct_example_passes() {
    let (status, report) = check_json(
        "flank-row",
        &["--cases", "40"],
        &["python3", "examples/flank_row/correct.py"],
    );
    assert_eq!(status, 0, "{report}");
    assert_eq!(report["status"], "pass");
    assert_eq!(report["cases"], 40);
}

#[test]
fn correct_example_passes_in_multi_form() {
    let (status, report) = check_json(
        "flank-row",
        &["--cases", "1000", "--multi", "--batch", "250"],
        &["python3", "examples/flank_row/correct.py", "--multi"],
    );
    assert_eq!(status, 0, "{report}");
    assert_eq!(report["cases"], 1000);
}

#[test]
fn wrong_examples_are_caught_with_minimal_inputs() {
    for wrong in ["flip_while_scanning", "edge_closes_run", "shared_run_list"] {
        let path = format!("examples/flank_row/{wrong}.py");
        let (status, report) = check_json("flank-row", &["--cases", "200"], &["python3", &path]);
        assert_eq!(status, 1, "{wrong}: {report}");
        let f = &report["failure"];
        assert_eq!(f["verdict"], "WA", "{wrong}: {report}");
        let input = f["input"].as_str().unwrap();
        let lines: Vec<&str> = input.lines().collect();
        assert!(
            lines[0].len() <= 3 && lines[1] == "1",
            "{wrong}: not minimal:\n{input}"
        );
        assert_ne!(f["expected"], f["got"]);
    }
}

#[test]
fn multi_form_failures_are_confirmed_alone_and_shrunk() {
    let (status, report) = check_json(
        "flank-row",
        &["--cases", "300", "--multi", "--batch", "100"],
        &[
            "python3",
            "examples/flank_row/flip_while_scanning.py",
            "--multi",
        ],
    );
    assert_eq!(status, 1);
    let input = report["failure"]["input"].as_str().unwrap();
    assert!(
        input.starts_with("1\n") && input.lines().count() == 4,
        "{input}"
    );
}

#[test]
fn a_hanging_candidate_gets_tle_and_leaves_nothing_behind() {
    // A sleep length no other process uses marks the candidate's processes.
    let marker = "sleep 987654";
    let started = Instant::now();
    let (status, report) = check_json(
        "flank-row",
        &[
            "--cases",
            "1",
            "--timeout-ms",
            "500",
            "--max-shrink-runs",
            "3",
        ],
        &["sh", "-c", &format!("{marker} & {marker}")],
    );
    assert_eq!(status, 1);
    assert_eq!(report["failure"]["verdict"], "TLE");
    // one run plus at most three shrink runs, 0.5 s each
    assert!(started.elapsed() < Duration::from_secs(10));
    std::thread::sleep(Duration::from_millis(200));
    let ps = Command::new("ps").args(["-eo", "args"]).output().unwrap();
    let ps = String::from_utf8_lossy(&ps.stdout);
    assert!(!ps.contains(marker), "a candidate process survived:\n{ps}");
}

#[test]
fn a_forking_candidate_is_killed_with_its_children() {
    let (status, report) = check_json(
        "flank-row",
        &[
            "--cases",
            "1",
            "--timeout-ms",
            "300",
            "--max-shrink-runs",
            "2",
        ],
        &["sh", "examples/misbehaving/fork_and_hang.sh"],
    );
    assert_eq!(status, 1);
    assert_eq!(report["failure"]["verdict"], "TLE");
}

#[test]
fn crashing_and_nonsense_candidates() {
    let (status, report) = check_json(
        "flank-row",
        &["--cases", "5"],
        &["python3", "examples/misbehaving/crash.py"],
    );
    assert_eq!(
        (status, report["failure"]["verdict"].as_str()),
        (1, Some("RE"))
    );
    assert!(
        report["failure"]["detail"]
            .as_str()
            .unwrap()
            .contains("exit status 1")
    );
    let (status, report) = check_json(
        "flank-row",
        &["--cases", "5"],
        &["python3", "examples/misbehaving/nonsense.py"],
    );
    assert_eq!(
        (status, report["failure"]["verdict"].as_str()),
        (1, Some("PE"))
    );
    // The smallest input there is: one cell, no placement.
    assert_eq!(report["failure"]["input"], ".\n0\n");
}

#[test]
fn a_memory_hog_is_stopped_by_the_memory_limit() {
    let (status, report) = check_json(
        "flank-row",
        &[
            "--cases",
            "1",
            "--memory-mb",
            "256",
            "--timeout-ms",
            "10000",
            "--max-shrink-runs",
            "1",
        ],
        &["python3", "examples/misbehaving/memory_hog.py"],
    );
    assert_eq!(
        (status, report["failure"]["verdict"].as_str()),
        (1, Some("RE")),
        "{report}"
    );
}

#[test]
fn a_missing_candidate_is_a_usage_error() {
    let out = boardcheck(&["check", "flank-row", "--", "no-such-program-here"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be started"));
}

#[test]
fn save_then_replay_runs_the_saved_failure_first() {
    let dir = std::env::temp_dir().join(format!("boardcheck-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("failures.toml");
    let file = file.to_str().unwrap();
    let wrong = ["python3", "examples/flank_row/edge_closes_run.py"];
    let (status, first) = check_json("flank-row", &["--cases", "100", "--save", file], &wrong);
    assert_eq!(status, 1);
    let (status, again) = check_json("flank-row", &["--cases", "100", "--replay", file], &wrong);
    assert_eq!(status, 1);
    assert_eq!(again["cases"], 1, "the saved input fails first");
    assert_eq!(again["failure"]["input"], first["failure"]["input"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn human_report_names_seed_input_and_repeat_command() {
    let out = boardcheck(
        &[
            "check",
            "flank-row",
            "--seed",
            "5",
            "--cases",
            "50",
            "--",
            "python3",
            "examples/flank_row/flip_while_scanning.py",
        ],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    for needle in [
        "FAIL",
        "seed 5",
        "minimal input",
        "expected:",
        "got:",
        "^",
        "repeat: boardcheck check flank-row --seed 5",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from:\n{text}");
    }
}

#[test]
fn solve_and_gen() {
    let out = boardcheck(&["solve", "flank-row"], "A.BBA\n1\nA 1\n");
    assert_eq!(
        (out.status.code(), out.stdout.as_slice()),
        (Some(0), b"AAAAA\n".as_slice())
    );
    let out = boardcheck(
        &["solve", "flank-row", "--oracle", "--multi"],
        "2\n.B\n1\nA 0\nAB.\n1\nA 2\n",
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "AB\nAAA\n");
    let a = boardcheck(&["gen", "flank-row", "--seed", "9"], "");
    let b = boardcheck(&["gen", "flank-row", "--seed", "9"], "");
    assert_eq!(a.stdout, b.stdout);
    let solved = boardcheck(&["solve", "flank-row"], &String::from_utf8_lossy(&a.stdout));
    assert_eq!(solved.status.code(), Some(0));
}

#[test]
fn malformed_input_exit_2_one_line_nothing_on_stdout() {
    let entries =
        boardcheck::harness::casefile::load("tests/data/flank_row.toml".as_ref()).unwrap();
    let mut refused = 0;
    for e in entries.iter().filter(|e| e.error.is_some()) {
        let out = boardcheck(&["solve", "flank-row"], &e.input);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}", e.name);
        assert!(out.stdout.is_empty(), "{}", e.name);
        assert_eq!(err.lines().count(), 1, "{}: {err}", e.name);
        assert!(
            err.contains(e.error.as_deref().unwrap()),
            "{}: {err}",
            e.name
        );
        refused += 1;
    }
    assert!(refused >= 6);
    let out = boardcheck(&["solve", "no-such-problem"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn exhaust_and_selftest() {
    let out = boardcheck(&["exhaust", "flank-row", "--max-cells", "6"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("engine == oracle on all"));
    let out = boardcheck(&["selftest", "flank-row", "--cases", "100"], "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("every property caught at least one variant"));
}
