//! The test-vector format's own tests.

use super::*;
use crate::harness::fixture::SortRow;

const GOOD: &str = r#"
[[test]]
name = "mixed-digits"
about = "digits out of order come out ascending"
input = "31415\n"
output = "11345\n"

[[test]]
name = "multi-case"
input = "2\n31415\n90\n"
output = "11345\n09\n"
multi = true
tags = ["multi"]

[[test]]
name = "big-row"
input = "210\n"
output = "012\n"
skip = ["oracle: too large", "candidate"]

[[test]]
name = "malformed-empty-row"
input = "\n7\n"
error = "line 1: expected the row"
"#;

fn good() -> Vectors {
    parse("good.toml", GOOD).unwrap()
}

#[test]
fn a_good_file_reads() {
    let v = good();
    assert_eq!(v.vectors.len(), 4);
    assert_eq!(v.vectors[1].tags, ["multi"]);
    assert!(v.vectors[1].multi);
    assert_eq!(
        v.vectors[2].skips("oracle"),
        Some(&Skip {
            solver: "oracle".into(),
            why: "too large".into()
        })
    );
    assert_eq!(v.vectors[2].skips("engine"), None);
    assert_eq!(
        v.vectors[3].expect(),
        Some(Expect::Error("line 1: expected the row".into()))
    );
}

fn refused(text: &str) -> String {
    parse("bad.toml", text).unwrap_err()
}

#[test]
fn duplicate_names_are_refused() {
    let e = refused(
        "[[test]]\nname = \"a\"\ninput = \"\"\nerror = \"x\"\n\
             [[test]]\nname = \"a\"\ninput = \"5\\n\"\noutput = \"5\\n\"\n",
    );
    assert!(
        e.contains("bad.toml: test 2 `a`: the name is taken by test 1"),
        "{e}"
    );
}

#[test]
fn bad_names_are_refused() {
    for name in ["Seed Run", "seed_run", "", "sééd"] {
        let e = refused(&format!(
            "[[test]]\nname = \"{name}\"\ninput = \"\"\nerror = \"x\"\n"
        ));
        assert!(
            e.contains(&format!("bad.toml: test 1 `{name}`: a name is lowercase")),
            "{e}"
        );
    }
    let e = refused("[[test]]\ninput = \"\"\nerror = \"x\"\n");
    assert!(e.contains("bad.toml") && e.contains("name"), "{e}");
}

#[test]
fn both_or_neither_expectation_is_refused() {
    let e = refused("[[test]]\nname = \"both\"\ninput = \"\"\nerror = \"x\"\noutput = \"y\"\n");
    assert!(
        e.contains("test 1 `both`: both `output` and `error`"),
        "{e}"
    );
    let e = refused("[[test]]\nname = \"neither\"\ninput = \"\"\n");
    assert!(
        e.contains("test 1 `neither`: neither `output` nor `error`"),
        "{e}"
    );
}

#[test]
fn unknown_fields_bad_skips_and_the_old_format_are_refused() {
    let e = refused("[[test]]\nname = \"typo\"\ninput = \"\"\nouptut = \"x\"\n");
    assert!(e.contains("bad.toml") && e.contains("ouptut"), "{e}");
    let e = refused("[[test]]\nname = \"e\"\ninput = \"\"\nerror = \"x\"\nskip = [\"oracle\"]\n");
    assert!(
        e.contains("test 1 `e`: an error vector runs no solver"),
        "{e}"
    );
    let e =
        refused("[[test]]\nname = \"s\"\ninput = \"\"\noutput = \"x\"\nskip = [\"The Oracle\"]\n");
    assert!(e.contains("test 1 `s`: skip \"The Oracle\""), "{e}");
    // A saved failure's prose name is a case file's, not a vector's.
    let e = refused("[[case]]\nname = \"prose name\"\ninput = \"\"\nerror = \"x\"\n");
    assert!(e.contains("test 1 `prose name`: a name is"), "{e}");
}

#[test]
fn the_engine_passes_and_the_skip_is_counted_for_the_oracle() {
    let v = good();
    let engine = run::<SortRow>(&v, &Solver::engine());
    assert!(engine.is_ok(), "{}", engine.report());
    assert_eq!(
        engine.counts(),
        Counts {
            ran: 4,
            outputs: 3,
            errors: 1,
            failed: 0,
            skipped: 0
        }
    );
    assert_eq!(
        engine.summary(),
        "sort-row vectors on engine: 4 ran (3 outputs, 1 error), 0 failed, 0 skipped"
    );
    let oracle = run::<SortRow>(&v, &Solver::oracle());
    assert!(oracle.is_ok(), "{}", oracle.report());
    assert_eq!(
        oracle.skipped,
        [Skipped {
            name: "big-row".into(),
            why: "oracle: too large".into()
        }]
    );
    assert_eq!(
        oracle.summary(),
        "sort-row vectors on oracle: 3 ran (2 outputs, 1 error), 0 failed, 1 skipped (oracle: too large)"
    );
}

#[test]
fn a_wrong_solver_fails_naming_the_vector() {
    let wrong = Solver::<SortRow>::new("wrong", "returns the row unchanged", |case| case.clone());
    let outcome = run::<SortRow>(&good(), &wrong);
    assert!(!outcome.is_ok());
    let names: Vec<&str> = outcome.failed.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["mixed-digits", "multi-case", "big-row"]);
    assert_eq!(outcome.failed[0].expected, "\"11345\\n\"");
    assert_eq!(outcome.failed[0].got, "\"31415\\n\"");
    assert_eq!(outcome.passed, ["malformed-empty-row"]);
    assert!(
        outcome
            .summary()
            .contains("4 ran (3 outputs, 1 error), 3 failed")
    );
    assert!(
        outcome
            .report()
            .contains("mixed-digits:\n  expected: \"11345\\n\"")
    );
}

#[test]
fn a_panicking_solver_and_wrong_error_expectations_fail() {
    let panics = Solver::<SortRow>::new("panics", "", |_| panic!("boom"));
    let v = parse(
        "p.toml",
        "[[test]]\nname = \"p\"\ninput = \"5\\n\"\noutput = \"5\\n\"\n\
             [[test]]\nname = \"accepted\"\ninput = \"5\\n\"\nerror = \"line 1\"\n\
             [[test]]\nname = \"other-message\"\ninput = \"\"\nerror = \"line 9\"\n\
             [[test]]\nname = \"unreadable\"\ninput = \"\"\noutput = \"\"\n",
    )
    .unwrap();
    let outcome = run::<SortRow>(&v, &panics);
    let got: Vec<(&str, &str)> = outcome
        .failed
        .iter()
        .map(|f| (f.name.as_str(), f.got.as_str()))
        .collect();
    assert_eq!(got.len(), 4, "{got:?}");
    assert_eq!(got[0], ("p", "panicked: boom"));
    assert_eq!(got[1], ("accepted", "accepted (1 case)"));
    assert!(got[2].1.starts_with("refused with \"line 1"), "{got:?}");
    assert!(
        got[3].1.starts_with("the input is refused: line 1"),
        "{got:?}"
    );
}

#[test]
fn candidate_entries_are_the_output_vectors() {
    let c = candidate_entries(&good());
    let names: Vec<&str> = c.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["mixed-digits", "multi-case"]);
    assert_eq!(
        c.entries[1],
        Entry {
            name: "multi-case".into(),
            input: "2\n31415\n90\n".into(),
            multi: true,
            output: Some("11345\n09\n".into()),
            tags: vec!["multi".into()],
            ..Entry::default()
        }
    );
    assert_eq!(c.errors_left_out, 1);
    assert_eq!(
        c.notes(),
        [
            "error vectors are for `solve`: 1 skipped",
            "big-row skipped (candidate)"
        ]
    );
    let entry = c.entries[0].clone();
    assert_eq!(entry.output.as_deref(), Some("11345\n"));
    assert_eq!(entry.error, None);
}

#[test]
fn every_shipped_file_loads_and_names_a_registered_problem() {
    // Each problem's vectors are `src/problems/<module>/vectors.toml`.
    let dir = format!("{}/src/problems", env!("CARGO_MANIFEST_DIR"));
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let folder = entry.unwrap().path();
        if !folder.is_dir() {
            continue;
        }
        let path = folder.join("vectors.toml");
        let name = folder
            .file_name()
            .unwrap()
            .to_string_lossy()
            .replace('_', "-");
        assert!(
            crate::problems::NAMES.contains(&name.as_str()),
            "{}: no problem {name} in the registry",
            folder.display()
        );
        let v = load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(!v.vectors.is_empty(), "{}", path.display());
        files += 1;
    }
    assert!(files >= 1, "no vector files in {dir}");
}
