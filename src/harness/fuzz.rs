//! The bodies of the fuzz targets in `fuzz/`, generic over the problem, so
//! every problem is fuzzed the same way and `cargo test` can run the same
//! bodies on random bytes without a nightly toolchain.

use crate::generation::Generate;
use crate::problem::{Problem, answer_text, case_text, read_input};
use crate::text::Lines;

/// Any bytes as an input (single and multi-case form): reading must not
/// panic; what reads must solve the same with engine and oracle, and
/// write back to a text that reads as the same case. Any bytes as a
/// candidate's answer must not make the answer reader panic either.
pub fn text_input<P: Generate>(data: &[u8]) {
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

/// A structured case (from `arbitrary`): engine and oracle agree, and the
/// text form reads back as the same case.
pub fn structured<P: Problem>(case: &P::Case) {
    round_trip::<P>(case);
}

fn round_trip<P: Problem>(case: &P::Case) {
    let engine = P::engine(case);
    let oracle = P::oracle(case);
    assert_eq!(
        engine,
        oracle,
        "engine and oracle disagree on\n{}",
        case_text::<P>(case)
    );
    let text = case_text::<P>(case);
    let again = read_input::<P>(&text, false).expect("a written case reads back");
    assert_eq!(&again[0], case, "the case does not read back from\n{text}");
    let answer = answer_text::<P>(&engine);
    let read = P::read_answer(&mut Lines::new(&answer), case).expect("a written answer reads back");
    assert_eq!(read, engine, "the answer does not read back from\n{answer}");
}
