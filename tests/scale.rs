//! `boardcheck scale`: the exponent it fits tells a near-linear solver from
//! a quadratic one, and its errors are one line with exit status 2.

#[allow(dead_code, reason = "each test file uses some of the helpers")]
mod common;

use common::{boardcheck, json};

/// The JSON report of `boardcheck scale ARGS --json`, and its one pattern
/// `pattern`'s exponent.
fn exponent(args: &[&str], pattern: &str) -> (serde_json::Value, f64) {
    let mut argv = vec!["scale"];
    argv.extend(args);
    argv.push("--json");
    if let Some(split) = argv.iter().position(|a| *a == "--") {
        // `--json` before the candidate.
        let json_flag = argv.pop().unwrap();
        argv.insert(split, json_flag);
    }
    let out = boardcheck(&argv, "");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = json(&out);
    let scaled = report["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["pattern"] == pattern)
        .unwrap_or_else(|| panic!("no pattern {pattern}: {report}"))
        .clone();
    let e = scaled["exponent"]
        .as_f64()
        .unwrap_or_else(|| panic!("no exponent: {scaled}"));
    (scaled, e)
}

#[test]
fn the_engine_is_near_linear_on_growing_run() {
    let (scaled, e) = exponent(
        &["flank-row", "--engine", "--budget-seconds", "3"],
        "growing-run",
    );
    assert!((0.6..=1.5).contains(&e), "exponent {e}: {scaled}");
    assert_eq!(scaled["max_size"], 1_000_000);
    assert_eq!(scaled["unit"], "cells");
    assert!(scaled["projected_seconds_at_max"].as_f64().unwrap() > 0.0);
    let points = scaled["points"].as_array().unwrap();
    assert!(points.len() >= 3, "{scaled}");
    assert!(
        points
            .iter()
            .all(|p| p["size"].as_u64().unwrap() <= 1_000_000)
    );
}

#[test]
fn the_text_report_has_a_table_and_a_reading() {
    let out = boardcheck(
        &["scale", "reversi-move", "--engine", "--budget-seconds", "2"],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    for want in [
        "pattern long-rays",
        "exponent",
        "projected at the contract's maximum, 100 side length",
    ] {
        assert!(text.contains(want), "{want:?} missing:\n{text}");
    }
}

/// An O(n·k) candidate reads at least 1.6 once the Python start-up is
/// taken off and the sizes well above it are fitted (CPU time, so a busy
/// machine changes little). About 15 s of runs, hence ignored by default
/// (`cargo test --test scale -- --ignored`); the same logic on a fake
/// clock is tested in src/harness/scale/tests.rs.
#[test]
#[ignore = "about 15 s of candidate runs"]
fn a_quadratic_candidate_is_quadratic() {
    let (scaled, e) = exponent(
        &[
            "flank-row",
            "--pattern",
            "growing-run",
            "--",
            "python3",
            "examples/flank_row/quadratic.py",
        ],
        "growing-run",
    );
    assert!(e >= 1.6, "exponent {e}: {scaled}");
}

/// A union–find candidate is not: at most 1.3. About 15 s of runs, hence
/// ignored by default.
#[test]
#[ignore = "about 15 s of candidate runs"]
fn a_linear_candidate_is_not_quadratic() {
    let (scaled, e) = exponent(
        &[
            "flank-row",
            "--pattern",
            "growing-run",
            "--",
            "python3",
            "examples/flank_row/linear.py",
        ],
        "growing-run",
    );
    assert!(e <= 1.3, "exponent {e}: {scaled}");
}

/// A candidate that crashes from some size on: the sizes stop there, the
/// report says how it crashed and where, and nothing is projected past
/// it. `sh` starts fast, so this takes about a second.
#[test]
fn a_crash_ends_the_sizes_and_is_named() {
    let out = boardcheck(
        &[
            "scale",
            "flank-row",
            "--pattern",
            "growing-run",
            "--budget-seconds",
            "20",
            "--",
            "sh",
            "-c",
            "[ $(wc -c) -gt 3000 ] && kill -SEGV $$; echo .",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("crashed (SIGSEGV) at 512 cells"), "{text}");
    assert!(!text.contains("projected at"), "{text}");
    assert!(
        text.contains("start-up (the fixed cost of a run)"),
        "{text}"
    );
}

#[test]
fn usage_errors_are_one_line_and_exit_2() {
    for (args, says) in [
        (
            &["scale", "flank-row", "--engine", "--pattern", "nope"][..],
            "patterns: growing-run",
        ),
        (&["scale", "flank-row"][..], "no candidate"),
        (
            &["scale", "flank-row", "--engine", "--oracle"][..],
            "give one",
        ),
        (
            &["scale", "flank-row", "--engine", "--", "python3"][..],
            "no candidate after --",
        ),
        (
            &["scale", "flank-row", "--engine", "--budget-seconds", "0"][..],
            "--budget-seconds",
        ),
        (&["scale", "no-such", "--engine"][..], "unknown problem"),
        (
            &["scale", "flank-row", "--", "./no/such/program"][..],
            "cannot be started",
        ),
    ] {
        let out = boardcheck(args, "");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
