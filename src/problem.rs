//! The contract: what a problem is. Its case and answer types, its text
//! and JSON forms, its oracle and its engine; nothing about how cases are
//! generated or which laws hold (that is [`crate::generation`] and
//! [`crate::suite`]).

use std::fmt::Debug;

use crate::limits::MAX_MULTI_CASES;
use crate::text::{Lines, ParseError};

/// One problem of the contract (docs/spec/).
pub trait Problem: Sized + 'static {
    /// The name used on the command line, e.g. `flank-row`.
    const NAME: &'static str;
    /// One line for `--help` and reports.
    const ABOUT: &'static str;
    /// Whether an answer's extent can be told from the case and the answer's
    /// own lines, so that multi-case output is cut into answers without
    /// knowing the expected ones. False for chomp: a legal `move` prints
    /// nothing or one line.
    const SELF_DELIMITING: bool = true;

    /// One input of the problem; `arbitrary` builds them for the fuzz
    /// targets of every problem in the registry.
    type Case: Clone + Debug + PartialEq + Send + Sync + 'static + for<'a> arbitrary::Arbitrary<'a>;
    /// What a solver answers for one case.
    type Answer: Clone + Debug + PartialEq + Send + Sync + 'static;

    /// Reads one case; the cursor is left just after it.
    fn read_case(lines: &mut Lines<'_>) -> Result<Self::Case, ParseError>;
    /// Appends the text form of `case`, ending with a newline.
    fn write_case(case: &Self::Case, out: &mut String);
    /// Reads one answer to `case` (a candidate's output); the cursor is left just after it.
    fn read_answer(lines: &mut Lines<'_>, case: &Self::Case) -> Result<Self::Answer, ParseError>;
    /// Appends the text form of `answer`, ending with a newline.
    fn write_answer(answer: &Self::Answer, out: &mut String);
    /// The JSON form every problem has: `solve --format json`, the
    /// persistent protocol and `--py-func` derive from it.
    fn json() -> JsonCodec<Self>;

    /// The naive transcription of the rules.
    fn oracle(case: &Self::Case) -> Self::Answer;
    /// The optimized implementation.
    fn engine(case: &Self::Case) -> Self::Answer;
}

/// The JSON form of a problem's cases and answers, and what a Python
/// function candidate (`--py-func`) needs on top of it.
pub struct JsonCodec<P: Problem> {
    /// The JSON value of a case: one protocol line, and the input of
    /// `solve --format json`.
    pub write_case: fn(&P::Case) -> serde_json::Value,
    /// Reads a case from its JSON value; the error names the JSON element.
    pub read_case: fn(&serde_json::Value) -> Result<P::Case, String>,
    /// The JSON value of an answer: what `solve --format json` prints.
    pub write_answer: fn(&P::Answer) -> serde_json::Value,
    /// Reads the answer to a case from its JSON value (a protocol answer
    /// line, or what `write_answer` wrote); the error names the element.
    pub read_answer: fn(&serde_json::Value, &P::Case) -> Result<P::Answer, String>,
    /// The Python text of `--py-func`: defines `serve(case)`, which calls
    /// the user's function `func` with the seed's signature on a case's
    /// JSON value and returns the answer's (the driver,
    /// `src/harness/py_driver.py`, supplies `func` and its helpers).
    pub py_adapter: &'static str,
    /// Where the seed's API is a class (chomp), `--py-func` sends what each
    /// of the class's methods returned, and this puts the answer together
    /// from those values alone (docs/protocol.md); `None` where the
    /// function's result is itself the answer, read by `read_answer`.
    pub function_answer: Option<FunctionAnswer<P>>,
}

/// Reads the return values of a function candidate's calls (the driver's
/// `{"calls": [...]}` line) into the answer to a case, and the calls with
/// what each returned, for the report; the error says which call returned
/// a value of the wrong type.
pub type FunctionAnswer<P> = fn(
    &serde_json::Value,
    &<P as Problem>::Case,
) -> Result<(<P as Problem>::Answer, String), String>;

/// Reads a whole input: one case, or with `multi` the multi-case form (`T`
/// then T cases). Only blank lines may follow.
pub fn read_input<P: Problem>(text: &str, multi: bool) -> Result<Vec<P::Case>, ParseError> {
    let mut lines = Lines::new(text);
    let cases = if multi {
        let line = lines.next_line("the number of cases T")?;
        let mut tokens = line.tokens();
        let t: usize = tokens.int_in("the number of cases T", 0, MAX_MULTI_CASES)?;
        tokens.end()?;
        let mut cases = Vec::with_capacity(t.min(1024));
        for _ in 0..t {
            cases.push(P::read_case(&mut lines)?);
        }
        cases
    } else {
        vec![P::read_case(&mut lines)?]
    };
    lines.finish()?;
    Ok(cases)
}

/// The text of one case.
pub fn case_text<P: Problem>(case: &P::Case) -> String {
    let mut out = String::new();
    P::write_case(case, &mut out);
    out
}

/// The text of one answer.
pub fn answer_text<P: Problem>(answer: &P::Answer) -> String {
    let mut out = String::new();
    P::write_answer(answer, &mut out);
    out
}

/// The multi-case text of `cases`.
pub fn multi_case_text<P: Problem>(cases: &[P::Case]) -> String {
    let mut out = format!("{}\n", cases.len());
    for case in cases {
        P::write_case(case, &mut out);
    }
    out
}
