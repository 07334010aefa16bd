//! The quick first look (docs/contributing.md, "How long things take"):
//! `cargo test --lib --test smoke` gives a green answer in minutes where the
//! whole suite takes much longer. It checks, for every problem of the
//! registry, that the engine agrees with the oracle on random cases, and
//! then what the demo shows through the binary: the shipped correct
//! flank-row candidate passes, and a wrong one is caught and shrunk to a
//! minimal counterexample (two cells, one placement), with expected and got.

#[allow(dead_code, reason = "each test file uses some of the helpers")]
mod common;

use common::{boardcheck, json};

macro_rules! engine_equals_oracle {
    ($($module:ident $problem:ident),* $(,)?) => {
        $(
            #[test]
            fn $module() {
                boardcheck::harness::testing::quickcheck_engine_equals_oracle::<
                    boardcheck::problems::$module::$problem,
                >(100);
            }
        )*
    };
}

mod engine_equals_oracle {
    boardcheck::for_each_problem!(engine_equals_oracle);
}

#[test]
fn the_correct_example_passes() {
    let out = boardcheck(
        &[
            "check",
            "flank-row",
            "--json",
            "--seed",
            "1",
            "--cases",
            "300",
            "--multi",
            "--limits",
            "off",
            // Generous, so that a loaded machine does not turn a right
            // answer into a time-out: this test is about answers.
            "--timeout-ms",
            "60000",
            "--",
            "python3",
            "examples/flank_row/correct.py",
            "--multi",
        ],
        "",
    );
    let report = json(&out);
    assert_eq!(report["status"], "pass", "{report:#}");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn the_wrong_example_is_caught_with_a_minimal_counterexample() {
    let out = boardcheck(
        &[
            "check",
            "flank-row",
            "--json",
            "--seed",
            "1",
            "--cases",
            "300",
            "--limits",
            "off",
            // Generous, so that a loaded machine does not turn a right
            // answer into a time-out: this test is about answers.
            "--timeout-ms",
            "60000",
            "--",
            "python3",
            "examples/flank_row/flip_while_scanning.py",
        ],
        "",
    );
    let report = json(&out);
    assert_eq!(report["status"], "fail", "{report:#}");
    let failure = &report["failure"];
    assert_eq!(failure["verdict"], "WA", "{report:#}");
    assert_eq!(failure["shrink"]["state"], "smallest", "{report:#}");
    let input = failure["input"].as_str().unwrap();
    let lines: Vec<&str> = input.lines().collect();
    // The row, the number of placements, the placements.
    assert_eq!(lines.len(), 3, "{input:?}");
    assert_eq!(lines[0].len(), 2, "not two cells: {input:?}");
    assert_eq!(lines[1], "1", "not one placement: {input:?}");
    assert_ne!(failure["expected"], failure["got"], "{report:#}");
    assert_eq!(out.status.code(), Some(1));
}
