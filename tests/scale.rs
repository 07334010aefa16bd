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
        "projected at 100 side length",
    ] {
        assert!(text.contains(want), "{want:?} missing:\n{text}");
    }
}

/// A quadratic candidate is read as quadratic once the Python start-up time
/// is small next to the largest runs: with the default 2 s limit a start-up
/// of 0.1 s or more (a loaded machine, a pyenv shim) leaves too few points
/// well above it, hence the 10 s limit here. About 12 s, and wall times on
/// a loaded machine pull the exponent down (1.46 seen at load 6 on 2
/// cores), hence ignored by default.
#[test]
#[ignore = "about 12 s of candidate runs; needs a quiet machine"]
fn a_quadratic_candidate_is_quadratic() {
    let (scaled, e) = exponent(
        &[
            "flank-row",
            "--pattern",
            "growing-run",
            "--budget-seconds",
            "12",
            "--timeout-ms",
            "10000",
            "--",
            "python3",
            "examples/flank_row/quadratic.py",
        ],
        "growing-run",
    );
    assert!(e >= 1.6, "exponent {e}: {scaled}");
}

/// A union–find candidate is not: about 8 s with its projection at 10^6
/// cells. Slower than the rest, hence ignored by default
/// (`cargo test --test scale -- --ignored`).
#[test]
#[ignore = "about 20 s of candidate runs"]
fn a_linear_candidate_is_not_quadratic() {
    let (scaled, e) = exponent(
        &[
            "flank-row",
            "--pattern",
            "growing-run",
            "--budget-seconds",
            "20",
            "--",
            "python3",
            "examples/flank_row/linear.py",
        ],
        "growing-run",
    );
    assert!(e <= 1.3, "exponent {e}: {scaled}");
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
