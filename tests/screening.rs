//! In-process candidates are screened (called on the typed case, the
//! answer compared as a value) and only a failing case runs the full way:
//! the report must be the one the full path gives, with or without a time
//! limit, for a wrong answer and for a panic.

use boardcheck::prelude::*;
use boardcheck::problems::flank_row::{Case, FlankRow};
use boardcheck::suite::{Solver, Suite};

fn bug(name: &str) -> Solver<FlankRow> {
    FlankRow::zoo()
        .into_iter()
        .find(|b| b.name == name)
        .expect("a zoo variant")
}

fn report(solver: Solver<FlankRow>, limit: bool, seed: u64) -> Report {
    let check =
        Check::<FlankRow>::function(move |case: &Case| solver.solve(case).expect("answers"))
            .seed(seed)
            .cases(500)
            .keep_failures(false);
    if limit {
        check.report()
    } else {
        check.without_time_limit().report()
    }
}

#[test]
fn a_wrong_answer_is_reported_alike_with_and_without_the_time_limit() {
    for seed in 0..4 {
        let timed = report(bug("never-flips"), true, seed);
        let direct = report(bug("never-flips"), false, seed);
        let (t, d) = (
            timed.failure.expect("found"),
            direct.failure.expect("found"),
        );
        assert_eq!(t.verdict, Verdict::WrongAnswer);
        assert_eq!(
            (&t.input, &t.expected, &t.got, t.verdict, t.found_at),
            (&d.input, &d.expected, &d.got, d.verdict, d.found_at)
        );
        assert_eq!(timed.cases, direct.cases);
        assert!(direct.timings.phases.first_failure.is_some());
    }
}

#[test]
fn a_panic_is_a_crash_when_screened() {
    let report = Check::<FlankRow>::function(|case: &Case| {
        assert!(case.placements.len() < 2, "two placements");
        FlankRow::engine(case)
    })
    .seed(1)
    .cases(200)
    .without_time_limit()
    .keep_failures(false)
    .report();
    let failure = report.failure.expect("a case with two placements");
    assert_eq!(failure.verdict, Verdict::RuntimeError);
    assert!(
        failure.detail.contains("two placements"),
        "{}",
        failure.detail
    );
}

#[test]
fn the_engine_passes_screened() {
    let engine = Solver::<FlankRow>::engine();
    let report =
        Check::<FlankRow>::function(move |case: &Case| engine.solve(case).expect("answers"))
            .seed(2)
            .cases(300)
            .without_time_limit()
            .keep_failures(false)
            .report();
    assert_eq!(report.status, Status::Pass);
    assert_eq!(report.cases, 300);
    assert_eq!(report.timings.phases.first_failure, None);
}

/// A function candidate that does not screen: every case the full way.
struct Unscreened<F>(FnCandidate<FlankRow, F>);

impl<F: Fn(&Case) -> boardcheck::problems::flank_row::Row + Sync> Candidate<FlankRow>
    for Unscreened<F>
{
    fn run(
        &self,
        cases: &[Case],
    ) -> boardcheck::harness::candidate::Ran<boardcheck::problems::flank_row::Row> {
        self.0.run(cases)
    }
}

#[test]
fn screened_and_unscreened_checks_report_alike() {
    for name in ["never-flips", "left-only", "engine-stale-run-end"] {
        let config = CheckConfig {
            cases: 500,
            jobs: 1,
            seed: 3,
            limits: boardcheck::harness::check::LimitsMode::Off,
            ..CheckConfig::default()
        };
        let (a, b) = (bug(name), bug(name));
        let screened = check(
            &FnCandidate::<FlankRow, _>::new(move |c: &Case| a.solve(c).expect("answers")),
            &config,
        );
        let full = check(
            &Unscreened(FnCandidate::<FlankRow, _>::new(move |c: &Case| {
                b.solve(c).expect("answers")
            })),
            &config,
        );
        let (s, f) = (screened.failure.expect(name), full.failure.expect(name));
        assert_eq!(
            (
                &s.input,
                &s.expected,
                &s.got,
                s.verdict,
                s.found_at,
                &s.shrink
            ),
            (
                &f.input,
                &f.expected,
                &f.got,
                f.verdict,
                f.found_at,
                &f.shrink
            ),
            "{name}"
        );
    }
}

/// The time to the first failure (what docs/finders.md compares with the
/// other finders) counts the check's own set-up: from the making of the
/// `Check`, not from its first case.
#[test]
fn the_time_to_the_first_failure_counts_from_the_checks_making() {
    let started = std::time::Instant::now();
    let solver = bug("never-flips");
    let check =
        Check::<FlankRow>::function(move |case: &Case| solver.solve(case).expect("answers"))
            .seed(0)
            .cases(500)
            .without_time_limit()
            .keep_failures(false);
    std::thread::sleep(std::time::Duration::from_millis(30));
    let report = check.report();
    let whole = started.elapsed().as_secs_f64();
    let first = report.timings.phases.first_failure.expect("a failure");
    assert!(
        (0.030..=whole).contains(&first),
        "first failure at {first} s of a check of {whole} s made 30 ms before it ran"
    );
}
