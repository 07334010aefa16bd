//! The fuzz targets in `fuzz/`: their bodies, generic over the problem, and
//! the list of them made from a problem registry ([`targets`]), so every
//! problem is fuzzed the same way from the day it joins the registry, and
//! `cargo test` (`tests/fuzz_replay.rs`) runs the same bodies on the
//! committed corpora without a nightly toolchain.
//!
//! Each problem has three targets, `<problem>_text`, `<problem>_structured`
//! and `<problem>_answers`; one more, `case_files`, reads `--save`/`--replay`
//! files and test vectors. With `BOARDCHECK_FUZZ_ZOO=<variant>` in the
//! environment the differential checks run that zoo variant instead of the
//! engine, to measure how fast a target finds a known bug (`fuzz/zoo.sh`).
//! With `BOARDCHECK_FUZZ_DOMAIN` the structured targets are held to a
//! domain ([`DOMAIN_VAR`]), so a fuzzer compared with other finders is
//! held to theirs (examples/finders).

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::candidate::read_answers;
use super::casefile::{self, Entry};
use super::judging::judge;
use super::vectors;
use super::verdict::Verdict;
use crate::generation::{Generate, reference};
use crate::problem::{answer_text, case_text, read_input};
use crate::suite::{Registry, Solver, Suite, Visitor};
use crate::text::Lines;

/// The environment variable that swaps the engine for a zoo variant.
pub const ZOO_VAR: &str = "BOARDCHECK_FUZZ_ZOO";

/// The environment variable that holds the structured targets to a
/// domain: `size=N` (at most N in the problem's unit) and, for a problem
/// with rule sets, `;rules=A,B,...` (those rule-set numbers only). A case
/// of a size above N is skipped, neither checked nor a crash; a case under
/// another rule set is played under one of those listed instead (the same
/// commands), so no input is lost to the rules it happens to decode to.
pub const DOMAIN_VAR: &str = "BOARDCHECK_FUZZ_DOMAIN";

/// The per-problem kinds of target, each with what it feeds where.
pub const KINDS: [(&str, &str); 3] = [
    (
        "text",
        "any bytes as an input (engine == oracle, text round-trip) and as an answer",
    ),
    (
        "structured",
        "an `arbitrary` case: engine == oracle, text round-trip",
    ),
    (
        "answers",
        "`input NUL output`: the output through the answer reader and the judge",
    ),
];

/// The target that reads case files and test vectors.
pub const CASE_FILES: &str = "case_files";

/// What a target runs on one input.
pub type Body = fn(&[u8]);

/// One fuzz target: its name (the binary in `fuzz/`) and its body.
#[derive(Clone, Debug)]
pub struct Target {
    /// `<problem>_<kind>`, the problem's module name and the kind.
    pub name: String,
    /// The problem it fuzzes (its command-line name); `None` for [`CASE_FILES`].
    pub problem: Option<&'static str>,
    /// `text`, `structured`, `answers` or `case_files`.
    pub kind: &'static str,
    /// What the target runs on one input.
    pub body: Body,
}

/// Every target: [`KINDS`] for each problem of registry `R`, in its
/// order, then [`CASE_FILES`].
pub fn targets<R: Registry>() -> Vec<Target> {
    let mut all: Vec<Target> = R::NAMES
        .iter()
        .flat_map(|&problem| {
            let bodies = R::visit(problem, Bodies).expect("a registered name");
            KINDS
                .iter()
                .zip(bodies)
                .map(move |(&(kind, _), body)| Target {
                    name: format!("{}_{kind}", problem.replace('-', "_")),
                    problem: Some(problem),
                    kind,
                    body,
                })
        })
        .collect();
    all.push(Target {
        name: CASE_FILES.into(),
        problem: None,
        kind: CASE_FILES,
        body: case_files::<R>,
    });
    all
}

/// The body of the target called `name`, if any.
pub fn target<R: Registry>(name: &str) -> Option<Body> {
    targets::<R>()
        .into_iter()
        .find(|t| t.name == name)
        .map(|t| t.body)
}

/// Runs target `name` of registry `R` on `data`: what every file in
/// `fuzz/fuzz_targets/` calls with its own binary's name and
/// `boardcheck::problems::Registry`. The lookup is done once per process.
pub fn run<R: Registry>(name: &str, data: &[u8]) {
    static BODY: OnceLock<(String, Body)> = OnceLock::new();
    let (found, body) = BODY.get_or_init(|| {
        let body = target::<R>(name).unwrap_or_else(|| {
            eprintln!(
                "no fuzz target `{name}` in the registry; regenerate fuzz/ (docs/fuzzing.md)"
            );
            std::process::exit(2)
        });
        (name.to_string(), body)
    });
    if found == name {
        body(data)
    } else {
        (target::<R>(name).expect("a fuzz target"))(data)
    }
}

/// The bodies of one problem, in [`KINDS`] order.
struct Bodies;

impl Visitor for Bodies {
    type Output = [Body; 3];
    fn visit<P: Suite>(self) -> Self::Output {
        [text_input::<P>, structured_bytes::<P>, answers::<P>]
    }
}

/// Any bytes as an input (single and multi-case form): reading must not
/// panic; what reads must solve the same with engine and oracle, and
/// write back to a text that reads as the same case. Any bytes as a
/// candidate's answer must not make the answer reader panic either.
pub fn text_input<P: Suite>(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for multi in [false, true] {
        let Ok(cases) = read_input::<P>(text, multi) else {
            continue;
        };
        for case in &cases {
            round_trip::<P>(case);
        }
    }
    // The same bytes as a candidate's answer to a generated case.
    let case = super::check::generate::<P>(data.len() as u64, P::DEFAULT_SIZE);
    let _ = P::read_answer(&mut Lines::new(text), &case);
}

/// [`structured`] on the case `arbitrary` builds from `data`, as
/// libFuzzer's typed `fuzz_target!` would.
pub fn structured_bytes<P: Suite>(data: &[u8]) {
    let u = arbitrary::Unstructured::new(data);
    if let Ok(case) = <P::Case as arbitrary::Arbitrary>::arbitrary_take_rest(u)
        && let Some(case) = held::<P>(case)
    {
        structured::<P>(&case);
    }
}

/// A domain [`DOMAIN_VAR`] holds the structured target to.
struct Held<P: Suite> {
    size: usize,
    rules: Option<HeldRules<P>>,
}

/// The rule sets held to: a case's rule-set number, the case under
/// another, and those allowed.
struct HeldRules<P: Suite> {
    of: fn(&P::Case) -> u32,
    with: fn(P::Case, u32) -> P::Case,
    sets: Vec<u32>,
}

/// `case` held to the domain [`DOMAIN_VAR`] names (every case as it is
/// without it); `None` if its size is outside. The variable is read once
/// per problem; a value that does not read exits with status 2, saying
/// why.
fn held<P: Suite>(case: P::Case) -> Option<P::Case> {
    type Read = Mutex<HashMap<TypeId, Arc<dyn Any + Send + Sync>>>;
    static READ: OnceLock<Option<String>> = OnceLock::new();
    static HELD: OnceLock<Read> = OnceLock::new();
    let Some(text) = READ.get_or_init(|| std::env::var(DOMAIN_VAR).ok()) else {
        return Some(case);
    };
    let domain = HELD
        .get_or_init(Read::default)
        .lock()
        .expect("not poisoned")
        .entry(TypeId::of::<P>())
        .or_insert_with(|| {
            Arc::new(read_domain::<P>(text).unwrap_or_else(|e| {
                eprintln!("{DOMAIN_VAR}={text:?}: {e}");
                std::process::exit(2)
            }))
        })
        .clone()
        .downcast::<Held<P>>()
        .expect("one domain type per problem");
    domain.hold(case)
}

impl<P: Suite> Held<P> {
    /// `case` under an allowed rule set (the same one for the same rule
    /// set), if its size is inside.
    fn hold(&self, case: P::Case) -> Option<P::Case> {
        if P::size(&case) > self.size {
            return None;
        }
        Some(match &self.rules {
            Some(rules) if !rules.sets.contains(&(rules.of)(&case)) => {
                let pick = (rules.of)(&case) as usize % rules.sets.len();
                (rules.with)(case, rules.sets[pick])
            }
            _ => case,
        })
    }
}

/// Reads `size=N[;rules=A,B,...]`.
fn read_domain<P: Suite>(text: &str) -> Result<Held<P>, String> {
    let mut held = Held {
        size: usize::MAX,
        rules: None,
    };
    for part in text.split(';') {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| format!("`{part}` is not key=value"))?;
        match key.trim() {
            "size" => {
                held.size = value
                    .trim()
                    .parse()
                    .map_err(|_| format!("size `{value}` is not a number"))?
            }
            "rules" => {
                let sets = P::extras()
                    .rules
                    .ok_or_else(|| format!("{} has no rule sets", P::NAME))?;
                let numbers: Vec<u32> = value
                    .split(',')
                    .map(|n| n.trim().parse::<u32>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| format!("rules `{value}` is not a list of numbers"))?;
                held.rules = Some(HeldRules {
                    of: sets.of,
                    with: sets.with,
                    sets: numbers,
                });
            }
            other => return Err(format!("no key `{other}`: size or rules")),
        }
    }
    Ok(held)
}

/// A structured case (from `arbitrary`): engine and oracle agree, and the
/// text form reads back as the same case.
pub fn structured<P: Suite>(case: &P::Case) {
    round_trip::<P>(case);
}

/// Bytes `input NUL output`: the cases `input` reads as (multi-case form
/// first, then single; a case generated from the length if neither reads)
/// and `output` as a candidate's output for them. The answer reader and
/// the judge must not panic and must give one outcome per case; the
/// reference's own answers, written out, must be judged OK.
pub fn answers<P: Suite>(data: &[u8]) {
    let (input, output) = match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (&[][..], data),
    };
    let cases = cases_of::<P>(input, data.len());
    let output = String::from_utf8_lossy(output);
    let outcomes = read_answers::<P>(&output, &cases);
    assert_eq!(outcomes.len(), cases.len(), "one outcome per case");
    for (case, outcome) in cases.iter().zip(outcomes) {
        let _ = judge::<P>(case, outcome);
    }
    let right: String = cases
        .iter()
        .map(|case| answer_text::<P>(&reference::<P>(case).0))
        .collect();
    for (case, outcome) in cases.iter().zip(read_answers::<P>(&right, &cases)) {
        let judged = judge::<P>(case, outcome);
        assert_eq!(
            judged.verdict,
            Verdict::Ok,
            "the reference's own answer is judged {} ({}) on\n{}",
            judged.verdict.code(),
            judged.detail,
            case_text::<P>(case)
        );
    }
}

/// The cases `input` reads as, or one generated from `seed`.
fn cases_of<P: Generate>(input: &[u8], seed: usize) -> Vec<P::Case> {
    let text = std::str::from_utf8(input).unwrap_or("");
    [true, false]
        .into_iter()
        .find_map(|multi| read_input::<P>(text, multi).ok().filter(|c| !c.is_empty()))
        .unwrap_or_else(|| vec![super::check::generate::<P>(seed as u64, P::DEFAULT_SIZE)])
}

/// Any bytes as a `--save`/`--replay` case file and as a test-vector file:
/// no reader panics; a case file written back reads as the same entries;
/// each entry's input and output go through every problem's readers.
pub fn case_files<R: Registry>(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut entries = Vec::new();
    if let Ok(read) = casefile::parse("fuzz", text) {
        if let Ok(written) = casefile::text(read.clone()) {
            let again = casefile::parse("written", &written);
            assert_eq!(
                again.as_ref(),
                Ok(&read),
                "a written case file does not read back:\n{written}"
            );
        }
        entries.extend(read);
    }
    if let Ok(file) = vectors::parse("fuzz", text) {
        let given = vectors::candidate_entries(&file);
        let _ = given.notes();
        entries.extend(given.entries);
    }
    for entry in &entries {
        for name in R::NAMES {
            R::visit(name, ReadEntry(entry));
        }
    }
}

/// One entry through one problem's input and answer readers, as
/// `check --replay` reads it.
struct ReadEntry<'a>(&'a Entry);

impl Visitor for ReadEntry<'_> {
    type Output = ();
    fn visit<P: Suite>(self) {
        let Ok(cases) = read_input::<P>(&self.0.input, self.0.multi) else {
            return;
        };
        if let Some(output) = &self.0.output {
            assert_eq!(read_answers::<P>(output, &cases).len(), cases.len());
        }
    }
}

/// Engine == oracle where the oracle reaches (beyond, the checker takes the
/// engine as the reference, and a fuzzer would spend its time in the
/// oracle); the case and the engine's answer read back from their text.
fn round_trip<P: Suite>(case: &P::Case) {
    let engine = engine_under_test::<P>(case);
    if P::oracle_reaches(case) {
        let oracle = P::oracle(case);
        assert_eq!(
            engine,
            oracle,
            "engine and oracle disagree on\n{}",
            case_text::<P>(case)
        );
    }
    let text = case_text::<P>(case);
    let again = read_input::<P>(&text, false).expect("a written case reads back");
    assert_eq!(&again[0], case, "the case does not read back from\n{text}");
    let answer = answer_text::<P>(&engine);
    let read = P::read_answer(&mut Lines::new(&answer), case).expect("a written answer reads back");
    assert_eq!(read, engine, "the answer does not read back from\n{answer}");
}

/// The engine, or the zoo variant [`ZOO_VAR`] names.
fn engine_under_test<P: Suite>(case: &P::Case) -> P::Answer {
    static NAME: OnceLock<Option<String>> = OnceLock::new();
    match NAME.get_or_init(|| std::env::var(ZOO_VAR).ok()) {
        None => P::engine(case),
        Some(name) => zoo_variant::<P>(name)
            .solve(case)
            .expect("a zoo variant answers every case"),
    }
}

/// The zoo variant of `P` called `name`, made once; exits with status 2
/// if `P` has none of that name.
fn zoo_variant<P: Suite>(name: &str) -> Arc<Solver<P>> {
    type Made = Mutex<HashMap<TypeId, Arc<dyn Any + Send + Sync>>>;
    static MADE: OnceLock<Made> = OnceLock::new();
    let mut made = MADE
        .get_or_init(Made::default)
        .lock()
        .expect("not poisoned");
    let solver = made.entry(TypeId::of::<P>()).or_insert_with(|| {
        let zoo = P::zoo();
        let Some(found) = zoo.iter().find(|s| s.name == name) else {
            let names: Vec<&str> = zoo.iter().map(|s| s.name.as_str()).collect();
            eprintln!(
                "{ZOO_VAR}={name}: {} has no such zoo variant; it has {}",
                P::NAME,
                names.join(", ")
            );
            std::process::exit(2)
        };
        Arc::new(found.clone())
    });
    solver
        .clone()
        .downcast::<Solver<P>>()
        .expect("one solver type per problem")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::fixture::SortRow;

    #[test]
    fn a_domain_holds_cases_by_size() {
        let held = read_domain::<SortRow>("size=3").expect("reads");
        assert_eq!(held.hold(vec![1, 2, 3]), Some(vec![1, 2, 3]));
        assert_eq!(held.hold(vec![1, 2, 3, 4]), None);
    }

    #[test]
    fn a_domain_that_does_not_read_says_why() {
        let error = |text| read_domain::<SortRow>(text).err().expect("an error");
        assert!(
            error("size=big").contains("not a number"),
            "{}",
            error("size=big")
        );
        assert!(error("sides=3").contains("no key `sides`"));
        assert!(error("size").contains("not key=value"));
        // The test problem has no rule sets to hold it to.
        assert!(error("size=3;rules=0").contains("has no rule sets"));
    }
}
