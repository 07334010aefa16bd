//! Driving the `boardcheck` binary from integration tests (`mod common;`):
//! `CARGO_BIN_EXE_boardcheck` exists only for integration tests, so these
//! helpers live here rather than in `boardcheck::harness::testing`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `argv` with `stdin` as its standard input; its output.
pub fn run_with_stdin(argv: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(argv[0])
        .args(&argv[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A candidate may exit without reading its input.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

/// Runs `boardcheck ARGS` with `stdin` as its standard input; its output.
pub fn boardcheck(args: &[&str], stdin: &str) -> Output {
    let mut argv = vec![env!("CARGO_BIN_EXE_boardcheck")];
    argv.extend(args);
    run_with_stdin(&argv, stdin)
}

/// The JSON report on `out`'s standard output; panics with the text if it
/// is not JSON.
pub fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: status {:?}, stdout {:?}, stderr {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// Runs `boardcheck check PROBLEM --json --seed SEED EXTRA -- CANDIDATE`;
/// the exit status and the JSON report. Without `--limits` in EXTRA the
/// limits phase is off: these tests are about small cases, the Python
/// examples are too slow for the contract's largest ones, and the limits
/// phase has tests of its own.
pub fn check_json(
    problem: &str,
    seed: u64,
    extra: &[&str],
    candidate: &[&str],
) -> (i32, serde_json::Value) {
    let seed = seed.to_string();
    let mut args = vec!["check", problem, "--json", "--seed", &seed];
    args.extend(extra);
    if !extra.contains(&"--limits") {
        args.extend(["--limits", "off"]);
    }
    args.push("--");
    args.extend(candidate);
    let out = boardcheck(&args, "");
    (out.status.code().unwrap(), json(&out))
}
