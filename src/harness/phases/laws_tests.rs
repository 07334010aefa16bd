//! The laws phase's own tests.

use std::collections::HashSet;

use super::*;
use crate::harness::candidate::FnCandidate;
use crate::harness::check::{CheckConfig, LimitsMode, check};
use crate::harness::fixture::{self, Row, SortRow};
use crate::harness::judging::seeded_runner;
use crate::harness::verdict::Status;
use proptest::strategy::{Strategy, ValueTree};

/// A candidate that knows the answers to exactly the cases `config`
/// generates (hard-coded answers) and leaves any other row as it was.
fn memorised(seed: u64, cases: u64) -> impl Fn(&Row) -> Row + Sync {
    let mut runner = seeded_runner(seed);
    let strategy = SortRow::cases(SortRow::DEFAULT_SIZE);
    let known: HashSet<String> = (0..cases)
        .map(|_| case_text::<SortRow>(&strategy.new_tree(&mut runner).unwrap().current()))
        .collect();
    move |case| {
        if known.contains(&case_text::<SortRow>(case)) {
            SortRow::engine(case)
        } else {
            case.clone()
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
    let candidate = FnCandidate::<SortRow, _>::new(memorised(config.seed, config.cases));
    // Every generated case agrees with the oracle.
    assert_eq!(check(&candidate, &config).status, Status::Pass);
    config.properties = PropertiesMode::All;
    let report = check(&candidate, &config);
    assert_eq!(report.status, Status::Fail);
    let failure = report.failure.unwrap();
    let law = failure.found_by.expect("found by a law").law;
    assert!(["order-free", "ascending"].contains(&law.as_str()), "{law}");
    assert_eq!(failure.verdict, Verdict::WrongAnswer);
    assert!(report.properties.unwrap().cases >= 1);
}

#[test]
fn the_laws_run_where_the_oracle_stops() {
    let build = fixture::descending;
    let sizes = crate::harness::phases::worst_cases::limit_sizes(SortRow::MAX_SIZE);
    let size = beyond_reach::<SortRow>(build, &sizes).unwrap();
    assert!(!SortRow::oracle_reaches(&build(size)));
    assert!(SortRow::oracle_reaches(&build(size - 1)));
    assert_eq!(size, fixture::ORACLE_REACH + 1);
}

#[test]
fn modes_parse() {
    assert_eq!("all".parse(), Ok(PropertiesMode::All));
    assert_eq!("off".parse(), Ok(PropertiesMode::Off));
    assert!("sometimes".parse::<PropertiesMode>().is_err());
}
