//! Running properties with proptest, shared by the test suites and
//! `boardcheck selftest`.

use proptest::strategy::BoxedStrategy;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestError, TestRunner};

use super::casefile::Entry;
use super::check::{seeded_rng, simplify_greedily};
use crate::problem::{Problem, Property, Solver, answer_text, read_input};

/// `default`, unless the environment variable `BOARDCHECK_CASES` says how
/// many cases each property runs (for heavier runs than `cargo test`'s).
pub fn case_count(default: u32) -> u32 {
    std::env::var("BOARDCHECK_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Runs `property` on `solver` over `cases` cases of `strategy`, panicking
/// with the minimal counterexample if it fails. Failing seeds are kept in
/// `proptest-regressions/<problem>.txt` and replayed first on every run.
pub fn assert_property<P: Problem>(
    property: &Property<P>,
    solver: &Solver<P>,
    strategy: &BoxedStrategy<P::Case>,
    cases: u32,
) {
    let file: &'static str =
        Box::leak(format!("proptest-regressions/{}.txt", P::NAME).into_boxed_str());
    let mut runner = TestRunner::new(Config {
        cases: case_count(cases),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(file))),
        ..Config::default()
    });
    if let Err(e) = runner.run(strategy, |case| {
        (property.holds)(solver, &case).map_err(TestCaseError::fail)
    }) {
        panic!(
            "{} fails {}: {}",
            solver.name,
            property.name,
            describe::<P>(e)
        );
    }
}

fn describe<P: Problem>(e: TestError<P::Case>) -> String {
    match e {
        TestError::Fail(why, case) => {
            format!(
                "{why}\nminimal input:\n{}",
                crate::problem::case_text::<P>(&case)
            )
        }
        TestError::Abort(why) => format!("aborted: {why}"),
    }
}

/// The minimal counterexample to `property` on `solver` within `cases`
/// cases of `strategy` drawn from `seed`, with the property's explanation.
/// Nothing is persisted: this is for solvers that are meant to fail.
pub fn counterexample<P: Problem>(
    property: &Property<P>,
    solver: &Solver<P>,
    strategy: &BoxedStrategy<P::Case>,
    cases: u32,
    seed: u64,
) -> Option<(P::Case, String)> {
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new_with_rng(config, seeded_rng(seed));
    match runner.run(strategy, |case| {
        (property.holds)(solver, &case).map_err(TestCaseError::fail)
    }) {
        Err(TestError::Fail(why, case)) => {
            let (case, _) = simplify_greedily::<P>(case, 1, |c| {
                (property.holds)(solver, &c[0]).is_err().then_some(0)
            });
            let why = (property.holds)(solver, &case)
                .err()
                .unwrap_or_else(|| why.to_string());
            Some((case, why))
        }
        _ => None,
    }
}

/// Checks every entry of a case file against the oracle and the engine:
/// the answer equals `output`, or the input is refused with `error`.
pub fn check_entries<P: Problem>(entries: &[Entry]) -> Result<usize, String> {
    for e in entries {
        match (read_input::<P>(&e.input, e.multi), &e.error, &e.output) {
            (Err(err), Some(want), _) if err.to_string().contains(want.as_str()) => {}
            (Err(err), _, _) => return Err(format!("{}: refused with \"{err}\"", e.name)),
            (Ok(_), Some(want), _) => {
                return Err(format!(
                    "{}: accepted, expected an error with {want:?}",
                    e.name
                ));
            }
            (Ok(cases), None, Some(want)) => {
                for (solver, solve) in [
                    ("oracle", P::oracle as fn(&P::Case) -> P::Answer),
                    ("engine", P::engine),
                ] {
                    let got: String = cases.iter().map(|c| answer_text::<P>(&solve(c))).collect();
                    if got != *want {
                        return Err(format!(
                            "{}: the {solver} answers {got:?}, expected {want:?}",
                            e.name
                        ));
                    }
                }
            }
            (Ok(_), None, None) => {
                return Err(format!("{}: neither output nor error given", e.name));
            }
        }
    }
    Ok(entries.len())
}
