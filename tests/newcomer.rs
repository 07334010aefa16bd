//! What a newcomer meets first: a `repeat:` line that works pasted, a hint
//! when one process per case is slow, a summary on Ctrl-C (exit 130), and
//! a mistyped problem name refused before anything else.

#[allow(dead_code, reason = "each test file uses some of the helpers")]
mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{boardcheck, json};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const BIN: &str = env!("CARGO_BIN_EXE_boardcheck");

#[test]
fn an_unknown_problem_is_refused_before_anything_is_printed() {
    for args in [
        &[
            "check",
            "flank-rows",
            "--seed",
            "1",
            "--",
            "python3",
            "x.py",
        ][..],
        &["grade", "flank-rows", "."][..],
        &["scale", "flank-rows", "--", "true"][..],
    ] {
        let out = boardcheck(args, "");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
        // One line: no "checking ... with seed", no sandbox warning first.
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with(
                "boardcheck: error: unknown problem \"flank-rows\"; did you mean \"flank-row\"?"
            ),
            "{stderr}"
        );
        assert!(stderr.contains("go-capture, go-move"), "{stderr}");
    }
}

#[test]
fn a_candidate_typed_without_the_dashes_is_told_where_it_goes() {
    let out = boardcheck(&["check", "go-move", "python3", "sol.py"], "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("tip: the candidate's command goes after `--`"),
        "{stderr}"
    );
    // Another unknown argument, with the dashes there: no such tip.
    let out = boardcheck(&["check", "go-move", "--no-such", "--", "cat"], "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(!stderr.contains("goes after `--`"), "{stderr}");
}

/// Runs `line` with `sh -c` in `dir`, as a user pasting it would.
fn pasted(line: &str, dir: &Path) -> std::process::Output {
    Command::new("sh")
        .args(["-c", line])
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn the_repeat_line_works_pasted_where_the_run_started() {
    // Started by a relative path, from the binary's folder.
    let bin = Path::new(BIN);
    let dir = bin.parent().unwrap();
    let program = format!("./{}", bin.file_name().unwrap().to_string_lossy());
    let candidate = format!("{ROOT}/examples/flank_row/correct.py");
    let first = Command::new(&program)
        .args([
            "check",
            "flank-row",
            "--json",
            "--cases",
            "5",
            "--limits",
            "off",
        ])
        .args(["--", "python3", &candidate])
        .current_dir(dir)
        .output()
        .unwrap();
    let first = json(&first);
    let repeat = first["repeat"].as_str().unwrap();
    assert!(
        repeat.starts_with(&format!("{program} check flank-row --seed ")),
        "{repeat}"
    );
    let again = pasted(repeat, dir);
    assert_eq!(
        again.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let again = json(&again);
    assert_eq!(again["options"]["seed"], first["options"]["seed"]);
    assert_eq!(
        (&again["status"], &again["cases"]),
        (&"pass".into(), &5.into())
    );
}

#[test]
fn a_slow_process_per_case_gets_a_hint_and_the_fast_forms_do_not() {
    let correct = format!("{ROOT}/examples/flank_row/correct.py");
    let common = [
        "check",
        "flank-row",
        "--json",
        "--seed",
        "1",
        "--cases",
        "50",
        "--limits",
        "off",
    ];
    let mut args = common.to_vec();
    args.extend(["--", "python3", &correct]);
    let report = json(&boardcheck(&args, ""));
    let hint = report["hint"]
        .as_str()
        .unwrap_or_else(|| panic!("no hint: {report}"));
    assert!(
        hint.contains("--py-func") && hint.contains("--multi"),
        "{hint}"
    );
    let function = format!("{ROOT}/examples/functions/flank_row.py:solve");
    let mut args = common.to_vec();
    args.extend(["--py-func", &function]);
    let report = json(&boardcheck(&args, ""));
    assert_eq!(report["status"], "pass", "{report}");
    assert!(report.get("hint").is_none(), "{report}");
}

/// Starts `boardcheck ARGS`, sends it SIGINT once it has run for `after`;
/// its output.
fn interrupted(args: &[&str], after: Duration) -> std::process::Output {
    let child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    std::thread::sleep(after.saturating_sub(started.elapsed()));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    child.wait_with_output().unwrap()
}

#[test]
fn ctrl_c_prints_a_partial_summary_and_exits_130() {
    let correct = format!("{ROOT}/examples/flank_row/correct.py");
    let args = [
        "check",
        "flank-row",
        "--seed",
        "2",
        "--jobs",
        "1",
        "--cases",
        "100000",
        "--limits",
        "off",
        "--",
        "python3",
        &correct,
    ];
    let out = interrupted(&args, Duration::from_secs(3));
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{text}");
    assert!(text.contains("interrupted (Ctrl-C)"), "{text}");
    assert!(text.contains("no failure so far (seed 2)"), "{text}");
    assert!(text.contains("repeat: "), "{text}");
    let mut args = args.to_vec();
    args.insert(2, "--json");
    let out = interrupted(&args, Duration::from_secs(3));
    assert_eq!(out.status.code(), Some(130));
    let report = json(&out);
    assert_eq!(report["interrupted"], true, "{report}");
    assert_eq!(report["status"], "interrupted", "{report}");
    assert!(report["generated_cases_run"].is_u64(), "{report}");
}
