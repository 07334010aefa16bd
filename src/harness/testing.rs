//! Running properties with proptest, shared by the test suites and
//! `boardcheck selftest`, and the checks every problem's test suite makes,
//! generic over the problem:
//!
//! - [`assert_every_property`]: every property on given solvers and strategies,
//! - [`assert_zoo_caught`]: every zoo variant caught, no property idle,
//! - [`assert_vectors`]: a file of test vectors on the oracle and the engine,
//! - [`quickcheck_engine_equals_oracle`]: a quickcheck family,
//! - [`fuzz_bodies_on_random_bytes`]: the fuzz targets' bodies without a fuzzer,
//! - [`assert_json_round_trips`]: the JSON form against the text form.

use std::path::Path;

use proptest::strategy::{BoxedStrategy, Strategy, ValueTree};
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestError, TestRunner};

use super::fuzz;
use super::selftest::{Caught, idle_properties, selftest};
use super::vectors::{self, Counts};
use crate::problem::{Problem, case_text, read_input};
use crate::suite::{Property, Solver, Suite};

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
        (property.holds)(solver, &case).map_err(|stop| TestCaseError::fail(stop.to_string()))
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

/// Runs every property of `P` on every solver in `solvers`, over each
/// `(strategy, cases)` pair in `runs` (through [`assert_property`], so
/// `BOARDCHECK_CASES` scales the counts and failures are persisted).
/// Panics with the minimal counterexample of the first failure.
pub fn assert_every_property<P: Suite>(
    solvers: &[Solver<P>],
    runs: &[(&BoxedStrategy<P::Case>, u32)],
) {
    for property in P::properties() {
        for solver in solvers.iter().filter(|s| property.applies_to(s)) {
            for (strategy, cases) in runs {
                assert_property(&property, solver, strategy, *cases);
            }
        }
    }
}

/// One zoo variant as [`assert_zoo_caught`] found it: everything
/// [`selftest`] says, and its minimal counterexample against the oracle.
pub struct ZooCatch<P: Suite> {
    /// The selftest row: the variant and every property that caught it.
    pub caught: Caught,
    /// The size of the `agrees-with-oracle` counterexample (`Generate::size_of`).
    pub size: String,
    /// Its text.
    pub input: String,
    /// The counterexample itself, read back from its text.
    pub case: P::Case,
}

/// Runs the zoo of `P` through its properties ([`selftest`] with
/// `case_count(cases)` cases and `seed`), printing which property caught
/// which variant, and asserts that every variant is caught, in particular
/// by `agrees-with-oracle`, and that every property catches some variant.
/// Returns each variant with its `agrees-with-oracle` counterexample, so a
/// suite can bound its size.
pub fn assert_zoo_caught<P: Suite>(cases: u32, seed: u64) -> Vec<ZooCatch<P>> {
    let results = selftest::<P>(case_count(cases), seed);
    let mut catches = Vec::with_capacity(results.len());
    for caught in &results {
        let by: Vec<&str> = caught.by.iter().map(|(p, _, _)| *p).collect();
        eprintln!("{:26} caught by {}", caught.variant, by.join(", "));
        assert!(
            !caught.by.is_empty(),
            "{} ({}) slipped through every property",
            caught.variant,
            caught.about
        );
        let (_, size, input) = caught
            .by
            .iter()
            .find(|(p, _, _)| *p == "agrees-with-oracle")
            .unwrap_or_else(|| {
                panic!(
                    "{} ({}) not caught against the oracle",
                    caught.variant, caught.about
                )
            });
        let case = read_input::<P>(input, false)
            .unwrap_or_else(|e| panic!("{}: the counterexample does not read: {e}", caught.variant))
            .remove(0);
        catches.push(ZooCatch {
            caught: caught.clone(),
            size: size.clone(),
            input: input.clone(),
            case,
        });
    }
    assert_eq!(
        idle_properties::<P>(&results),
        Vec::<&str>::new(),
        "properties that catch nothing"
    );
    catches
}

/// The fewest output vectors a problem's vector file may hold: the shared
/// test suite and `tests/cli.rs` hold every problem to it.
pub const MIN_OUTPUT_VECTORS: usize = 8;
/// The fewest error vectors (malformed inputs) a problem's vector file may hold.
pub const MIN_ERROR_VECTORS: usize = 9;

/// What [`assert_vectors`] ran on each solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VectorCounts {
    /// The oracle's run.
    pub oracle: Counts,
    /// The engine's run.
    pub engine: Counts,
}

/// Loads the vector file at `path` and runs it on the oracle and on the
/// engine through [`vectors::run`], printing each run's summary line;
/// panics on a failure (listing every failed vector) and unless each run
/// ran at least `at_least` vectors. Returns the counts.
pub fn assert_vectors<P: Problem>(path: impl AsRef<Path>, at_least: usize) -> VectorCounts {
    let file = vectors::load(path).unwrap_or_else(|e| panic!("{e}"));
    let [oracle, engine] = [Solver::<P>::oracle(), Solver::<P>::engine()].map(|solver| {
        let outcome = vectors::run(&file, &solver);
        eprintln!("{}", outcome.summary());
        assert!(outcome.is_ok(), "{}: {}", file.file, outcome.report());
        let counts = outcome.counts();
        assert!(
            counts.ran >= at_least,
            "{}: {} vectors ran on {}, expected at least {at_least}",
            file.file,
            counts.ran,
            solver.name
        );
        counts
    });
    VectorCounts { oracle, engine }
}

#[cfg(feature = "quickcheck")]
/// Runs quickcheck's engine == oracle family on `case_count(tests)` cases
/// drawn by the case type's `quickcheck::Arbitrary`.
pub fn quickcheck_engine_equals_oracle<P: Problem>(tests: u32)
where
    P::Case: quickcheck::Arbitrary,
{
    fn agree<P: Problem>(case: P::Case) -> bool {
        P::engine(&case) == P::oracle(&case)
    }
    quickcheck::QuickCheck::new()
        .tests(u64::from(case_count(tests)))
        .quickcheck(agree::<P> as fn(P::Case) -> bool);
}

/// `n` byte strings shorter than `max_len`, the same on every run
/// (proptest's deterministic runner).
pub fn random_bytes(n: u32, max_len: usize) -> impl Iterator<Item = Vec<u8>> {
    let mut runner = TestRunner::deterministic();
    let bytes = proptest::collection::vec(proptest::prelude::any::<u8>(), 0..max_len);
    (0..n).map(move |_| {
        bytes
            .new_tree(&mut runner)
            .expect("a byte string")
            .current()
    })
}

/// Both fuzz bodies on `data`: [`fuzz::text_input`] on the bytes, and
/// [`fuzz::structured`] on the case `arbitrary` builds from them, if any.
pub fn fuzz_bodies<P: Suite>(data: &[u8]) {
    fuzz::text_input::<P>(data);
    fuzz::structured_bytes::<P>(data);
}

/// The fuzz bodies ([`fuzz_bodies`]) on `case_count(n)` random byte strings
/// shorter than `max_len` ([`random_bytes`]), so `cargo test` runs what
/// the fuzz targets run without a nightly toolchain.
pub fn fuzz_bodies_on_random_bytes<P: Suite>(n: u32, max_len: usize) {
    for data in random_bytes(case_count(n), max_len) {
        fuzz_bodies::<P>(&data);
    }
}

/// `n` random cases of the problem's default size, the same every run.
fn drawn_cases<P: Suite>(n: u32) -> impl Iterator<Item = P::Case> {
    let mut runner = TestRunner::deterministic();
    let cases = P::cases(P::DEFAULT_SIZE);
    (0..n).map(move |_| cases.new_tree(&mut runner).expect("a case").current())
}

/// Every one-step simpler case ([`Generate::simpler`](crate::generation::Generate::simpler), the first
/// `steps` of each) of `case_count(n)` random cases is one the text format
/// reads back unchanged: shrinking may not step outside the input format
/// (a chomp side traded past 10^9 was reported as a counterexample no
/// program may be given).
pub fn assert_simpler_reads_back<P: Suite>(n: u32, steps: usize) {
    for case in drawn_cases::<P>(case_count(n)) {
        for simpler in P::simpler(&case).take(steps) {
            let text = case_text::<P>(&simpler);
            let back = read_input::<P>(&text, false).unwrap_or_else(|e| {
                panic!(
                    "{}: a step from\n{}\ndoes not read back: {e}\n{text}",
                    P::NAME,
                    case_text::<P>(&case)
                )
            });
            assert_eq!(back, [simpler], "{}: {text}", P::NAME);
        }
    }
}

/// The first `n` enumerated cases of up to `max_cells` cells come in order
/// of size, cells then moves ([`Enumeration::size`](crate::generation::Enumeration::size)): the proof of the
/// smallest input stops at the first case as big as the one it holds,
/// and takes the first that fails as the smallest (chomp's `move 0 0`
/// then a command came before the single commands on as many cells).
/// And the cases of fewer cells are the same whatever the bound: the proof
/// enumerates up to the best's cells less one, so a case the bound leaves
/// out there is never tried (go-capture's boards with `#` were enumerated
/// only two points below the bound). Its claim reads as one: `no ...
/// fails`.
pub fn assert_enumeration_in_order_of_size<P: Suite>(max_cells: usize, n: usize) {
    let extras = P::extras();
    let Some(enumeration) = &extras.enumerate else {
        return;
    };
    let claim = enumeration.claim;
    assert!(
        claim.starts_with("no ") && claim.contains(" fails"),
        "{}: the claim {claim:?} is not \"no ... fails\"",
        P::NAME
    );
    let mut last = (0, 0);
    for case in (enumeration.every)(max_cells).take(n) {
        let size = enumeration.size(&case);
        assert!(
            last <= size && size.0 <= max_cells,
            "{}: (cells, moves) {size:?} after {last:?}:\n{}",
            P::NAME,
            case_text::<P>(&case)
        );
        last = size;
    }
    let below = (enumeration.every)(max_cells - 1).take(n);
    for (i, (small, big)) in below.zip((enumeration.every)(max_cells)).enumerate() {
        assert!(
            small == big,
            "{}: case {i} up to {} cells is not case {i} up to {max_cells}:\n{}\nagainst\n{}",
            P::NAME,
            max_cells - 1,
            case_text::<P>(&small),
            case_text::<P>(&big)
        );
    }
    // The enumeration over a case's own characters: in order of size too,
    // and holding every case of the plain one (the proof walks it instead).
    let Some(like) = enumeration.every_like else {
        return;
    };
    for best in drawn_cases::<P>(5) {
        let mut last = (0, 0);
        let mut held = std::collections::HashSet::new();
        for case in like(max_cells, &best).take(n) {
            let size = enumeration.size(&case);
            assert!(
                last <= size && size.0 <= max_cells,
                "{}: over the characters of\n{}(cells, moves) {size:?} after {last:?}:\n{}",
                P::NAME,
                case_text::<P>(&best),
                case_text::<P>(&case)
            );
            last = size;
            held.insert(case_text::<P>(&case));
        }
        let bound = last.0.saturating_sub(1);
        for case in (enumeration.every)(bound).take(n) {
            assert!(
                held.contains(&case_text::<P>(&case)),
                "{}: the enumeration over the characters of\n{}leaves out\n{}",
                P::NAME,
                case_text::<P>(&best),
                case_text::<P>(&case)
            );
        }
    }
}

/// The problem's JSON form ([`Problem::json`]) against its text form on
/// `case_count(n)` random cases: a case and the reference answer survive
/// the trip through JSON (and through JSON text, as `solve --format json`
/// and the protocol send them) unchanged, and the `--py-func` adapter
/// defines `serve`.
pub fn assert_json_round_trips<P: Suite>(n: u32) {
    use crate::json::{answer_json_text, read_case_text};
    let json = P::json();
    assert!(
        json.py_adapter.contains("def serve(case)"),
        "{}: the --py-func adapter defines no serve(case)",
        P::NAME
    );
    for case in drawn_cases::<P>(case_count(n)) {
        let value = (json.write_case)(&case);
        let back = (json.read_case)(&value)
            .unwrap_or_else(|e| panic!("{}: {value} does not read back: {e}", P::NAME));
        assert_eq!(back, case, "{}: {value}", P::NAME);
        let text = value.to_string();
        assert_eq!(
            read_case_text::<P>(&text).ok(),
            Some(case.clone()),
            "{text}"
        );
        let (answer, _) = crate::generation::reference::<P>(&case);
        let value = (json.write_answer)(&answer);
        let back = (json.read_answer)(&value, &case)
            .unwrap_or_else(|e| panic!("{}: answer {value} does not read back: {e}", P::NAME));
        assert_eq!(back, answer, "{}: {value}", P::NAME);
        let line: serde_json::Value =
            serde_json::from_str(&answer_json_text::<P>(&answer)).expect("one JSON line");
        assert_eq!(line, value, "{}", P::NAME);
    }
}
