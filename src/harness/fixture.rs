//! The harness's own test problem, so that its unit tests need no game:
//! sort a row of digits. Small enough to read at a glance, with what the
//! tests need: a text form whose errors say where, an oracle that stops
//! reaching ([`ORACLE_REACH`]), laws that relate one case's answer to
//! another's, and a pattern that grows one cell per size.

use proptest::strategy::{BoxedStrategy, Strategy};

use crate::generation::{Extras, Generate, Pattern};
use crate::problem::{JsonCodec, Problem};
use crate::suite::{Holds, LawKind, Property, Solver, Suite, agrees_with_oracle, breaks};
use crate::text::{Lines, ParseError};

/// A row of digits (each 0 to 9), written as one line, e.g. `3141`.
pub type Row = Vec<u8>;

/// The longest row the oracle (a selection sort) is asked to sort.
pub const ORACLE_REACH: usize = 2000;

/// The problem: the row's digits in ascending order.
pub struct SortRow;

fn read_row(lines: &mut Lines<'_>) -> Result<Row, ParseError> {
    let line = lines.next_line("the row")?;
    if line.text.is_empty() {
        return Err(line.error("expected the row, found an empty line"));
    }
    line.text
        .chars()
        .enumerate()
        .map(|(i, c)| {
            c.to_digit(10)
                .map(|d| d as u8)
                .ok_or_else(|| line.error_at(i + 1, format!("expected a digit, found {c:?}")))
        })
        .collect()
}

fn write_row(row: &Row, out: &mut String) {
    out.extend(row.iter().map(|&d| char::from(b'0' + d % 10)));
    out.push('\n');
}

fn row_json(row: &Row) -> serde_json::Value {
    let mut text = String::new();
    write_row(row, &mut text);
    serde_json::Value::String(text.trim_end().to_string())
}

fn json_row(value: &serde_json::Value) -> Result<Row, String> {
    let text = value.as_str().ok_or("expected a string of digits")?;
    read_row(&mut Lines::new(text)).map_err(|e| e.to_string())
}

impl Problem for SortRow {
    const NAME: &'static str = "sort-row";
    const ABOUT: &'static str = "the harness's test problem: sort a row of digits";
    type Case = Row;
    type Answer = Row;

    fn read_case(lines: &mut Lines<'_>) -> Result<Row, ParseError> {
        read_row(lines)
    }
    fn write_case(case: &Row, out: &mut String) {
        write_row(case, out)
    }
    fn read_answer(lines: &mut Lines<'_>, _case: &Row) -> Result<Row, ParseError> {
        read_row(lines)
    }
    fn write_answer(answer: &Row, out: &mut String) {
        write_row(answer, out)
    }
    fn json() -> JsonCodec<Self> {
        JsonCodec {
            write_case: row_json,
            read_case: json_row,
            write_answer: row_json,
            read_answer: |value, _| json_row(value),
            py_adapter: "def serve(case):\n    return func(case)\n",
            function_answer: None,
        }
    }

    /// Selection sort: the smallest digit left, again and again.
    fn oracle(case: &Row) -> Row {
        let mut left = case.clone();
        let mut sorted = Vec::with_capacity(left.len());
        while let Some((at, _)) = left.iter().enumerate().min_by_key(|&(_, d)| *d) {
            sorted.push(left.remove(at));
        }
        sorted
    }

    /// Counting sort.
    fn engine(case: &Row) -> Row {
        let mut counts = [0usize; 10];
        for &d in case {
            counts[usize::from(d % 10)] += 1;
        }
        (0..10u8)
            .flat_map(|d| std::iter::repeat_n(d, counts[usize::from(d)]))
            .collect()
    }
}

/// The pattern: `n` digits in descending order, each cell one unit of size.
pub fn descending(n: usize) -> Row {
    let n = n.max(1);
    (0..n).map(|i| 9 - (i * 10 / n) as u8).collect()
}

impl Generate for SortRow {
    const SIZE_UNIT: &'static str = "cells";
    const DEFAULT_SIZE: usize = 12;
    const MAX_SIZE: usize = 1_000_000;

    fn cases(size: usize) -> BoxedStrategy<Row> {
        proptest::collection::vec(0u8..10, 1..=size.max(1)).boxed()
    }
    fn simpler(case: &Row) -> Box<dyn Iterator<Item = Row>> {
        let case = case.clone();
        let drops = if case.len() > 1 { case.len() } else { 0 };
        Box::new((0..drops).map(move |i| {
            let mut fewer = case.clone();
            fewer.remove(i);
            fewer
        }))
    }
    fn size_of(case: &Row) -> String {
        format!("{} cells", case.len())
    }
    fn size(case: &Row) -> usize {
        case.len()
    }
    fn oracle_reaches(case: &Row) -> bool {
        case.len() <= ORACLE_REACH
    }
    fn extras() -> Extras<Self> {
        Extras {
            patterns: vec![Pattern {
                name: "descending",
                about: "digits in descending order, one per cell",
                build: descending,
            }],
            ..Extras::default()
        }
    }
}

fn same(what: &str, a: &Row, b: &Row) -> Holds {
    if a == b {
        Ok(())
    } else {
        breaks(format!("{what}: {a:?} and {b:?}"))
    }
}

/// The laws, each relating a solver's answer to the case or to another
/// case's answer.
fn laws() -> Vec<Property<SortRow>> {
    vec![
        agrees_with_oracle(),
        Property {
            name: "order-free",
            about: "the row reversed sorts the same",
            holds: |solver, case| {
                let reversed: Row = case.iter().rev().copied().collect();
                same(
                    "the row and its reverse sort differently",
                    &solver.solve(case)?,
                    &solver.solve(&reversed)?,
                )
            },
            kind: LawKind::Answers,
        },
        Property {
            name: "ascending",
            about: "each digit of the answer is at most the next",
            holds: |solver, case| {
                let answer = solver.solve(case)?;
                match answer.windows(2).position(|w| w[0] > w[1]) {
                    None => Ok(()),
                    Some(i) => breaks(format!("digits {i} and {} descend: {answer:?}", i + 1)),
                }
            },
            kind: LawKind::Answers,
        },
    ]
}

impl Suite for SortRow {
    fn properties() -> Vec<Property<Self>> {
        laws()
    }
    fn zoo() -> Vec<Solver<Self>> {
        vec![Solver::new(
            "unchanged",
            "returns the row as it is",
            |case: &Row| case.clone(),
        )]
    }
}
