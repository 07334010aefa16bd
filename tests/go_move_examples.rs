//! go-move through the `boardcheck` binary: the shipped Python candidates
//! (the correct one passes 1000 cases, each wrong one is caught with a board
//! of at most 9 points), and malformed or illegal input refused with exit 2
//! and one line naming the place.

use std::process::{Command, Output, Stdio};

fn boardcheck(args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardcheck"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
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

fn check_json(seed: &str, cases: &str, script: &str) -> (i32, serde_json::Value) {
    let out = boardcheck(
        &[
            "check", "go-move", "--json", "--seed", seed, "--cases", cases, "--multi", "--",
            "python3", script, "--multi",
        ],
        "",
    );
    let report = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    (out.status.code().unwrap(), report)
}

#[test]
fn correct_example_passes_1000_cases() {
    let (status, report) = check_json("3", "1000", "examples/go_move/correct.py");
    assert_eq!(status, 0, "{report}");
    assert_eq!(report["cases"], 1000);
}

#[test]
fn wrong_examples_are_caught_on_at_most_9_points() {
    for wrong in [
        "suicide_before_captures",
        "edge_is_liberty",
        "one_neighbour_captures",
    ] {
        let path = format!("examples/go_move/{wrong}.py");
        let (status, report) = check_json("3", "300", &path);
        assert_eq!(status, 1, "{wrong}: {report}");
        let f = &report["failure"];
        assert_eq!(f["verdict"], "WA", "{wrong}: {report}");
        // The multi-case form of one case: "1", then n, the board, the move.
        let input = f["input"].as_str().unwrap();
        let n: usize = input.lines().nth(1).unwrap().parse().unwrap();
        assert!(n * n <= 9, "{wrong}: not minimal:\n{input}");
        assert_ne!(f["expected"], f["got"]);
    }
}

#[test]
fn malformed_and_illegal_positions_exit_2_with_one_line() {
    for (input, want) in [
        (
            "0\n",
            "line 1, column 1: the board size n 0 is outside 1..=25",
        ),
        ("2\n13\n11\n1 0 2\n", "line 2, column 2"),
        ("2\n10\n11\n1 0 3\n", "line 4, column 5"),
        (
            "3\n0 0 0\n0 1 1\n1 2 2\n0 0 1\n",
            "line 4, column 3: the group of the stone at row 2, column 1",
        ),
    ] {
        let out = boardcheck(&["solve", "go-move"], input);
        assert_eq!(out.status.code(), Some(2), "{input:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(want), "{err}");
    }
    let out = boardcheck(&["solve", "go-move"], "2\n10\n11\n1 0 2\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n02\n00\n");
}
