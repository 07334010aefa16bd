//! The laws phase's own tests.

use std::collections::HashSet;

use super::*;
use crate::harness::candidate::FnCandidate;
use crate::harness::check::{CheckConfig, LimitsMode, check};
use crate::harness::run::seeded_runner;
use crate::harness::verdict::Status;
use crate::problems::flank_row::{Case, FlankRow, Row};
use proptest::strategy::{Strategy, ValueTree};

/// A candidate that knows the answers to exactly the cases `config`
/// generates (hard-coded answers) and leaves any other row as it was.
fn memorised(seed: u64, cases: u64) -> impl Fn(&Case) -> Row + Sync {
    let mut runner = seeded_runner(seed);
    let strategy = FlankRow::cases(FlankRow::DEFAULT_SIZE);
    let known: HashSet<String> = (0..cases)
        .map(|_| case_text::<FlankRow>(&strategy.new_tree(&mut runner).unwrap().current()))
        .collect();
    move |case| {
        if known.contains(&case_text::<FlankRow>(case)) {
            FlankRow::engine(case)
        } else {
            case.row.clone()
        }
    }
}

#[test]
fn laws_on_generated_cases_catch_answers_that_only_fit_those_cases() {
    let mut config = CheckConfig {
        cases: 40,
        seed: 3,
        limits: LimitsMode::Off,
        properties: PropertiesMode::Beyond,
        ..CheckConfig::default()
    };
    let candidate = FnCandidate::<FlankRow, _>::new(memorised(config.seed, config.cases));
    // Every generated case agrees with the oracle.
    assert_eq!(check(&candidate, &config).status, Status::Pass);
    config.properties = PropertiesMode::All;
    let report = check(&candidate, &config);
    assert_eq!(report.status, Status::Fail);
    let failure = report.failure.unwrap();
    let law = failure.found_by.expect("found by a law").law;
    assert!(
        [
            "mirror-symmetry",
            "colour-swap",
            "illegal-changes-nothing",
            "flips-are-closed-runs",
            "sequence-is-fold"
        ]
        .contains(&law.as_str()),
        "{law}"
    );
    assert_eq!(failure.verdict, Verdict::WrongAnswer);
    assert!(report.properties.unwrap().cases >= 1);
}

#[test]
fn the_laws_run_where_the_oracle_stops() {
    let build = crate::problems::flank_row::patterns::growing_run;
    let sizes = crate::harness::phases::limits::limit_sizes(FlankRow::MAX_SIZE);
    let size = beyond_reach::<FlankRow>(build, &sizes).unwrap();
    assert!(!FlankRow::oracle_reaches(&build(size)));
    assert!(FlankRow::oracle_reaches(&build(size - 1)));
}

#[test]
fn modes_parse() {
    assert_eq!("all".parse(), Ok(PropertiesMode::All));
    assert_eq!("off".parse(), Ok(PropertiesMode::Off));
    assert!("sometimes".parse::<PropertiesMode>().is_err());
}
