//! Test vectors: files of the one case-file format ([`super::casefile`])
//! and one runner that every solver goes through (the oracle, the engine, a
//! zoo variant, any closure), after the way regex-automata's `regex-test`
//! keeps its suite: every vector has a unique name, one structured
//! expectation, explicit skips, and a run ends with counts of what ran,
//! failed and was skipped.
//!
//! ```toml
//! [[case]]
//! name = "seed-run-closed"
//! about = "seed: a run closed by the player's own piece flips"
//! input = "A.BBA\n1\nA 1\n"
//! output = "AAAAA\n"
//!
//! [[case]]
//! name = "malformed-empty-row"
//! input = "\n0\n"
//! error = "line 1: expected the row"
//! ```
//!
//! - `name`: unique within the file, `[a-z0-9-]+`.
//! - `about` (optional): what the vector shows, in prose.
//! - `input`: exactly what a solver reads; `multi = true` for the
//!   multi-case form.
//! - exactly one of `output` (the answer texts of every case, concatenated)
//!   or `error` (text the refusal message must contain).
//! - `skip` (optional): solvers the vector is not for, each `"solver"` or
//!   `"solver: why"`, e.g. `skip = ["oracle: too large"]`. Error vectors
//!   run no solver and take no `skip`.
//! - `tags` (optional): free labels.
//!
//! Files with the old `[[test]]` tables still read.
//! [`run`] checks a file on one solver and returns a [`VectorRun`];
//! [`candidate_entries`] gives what `check --vectors` feeds a candidate.

use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

pub use super::casefile::{Entry, Expect, Skip};
use crate::problem::{Problem, answer_text, read_input};
use crate::suite::Solver;

/// The vectors of one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vectors {
    /// Where they were read from, for messages.
    pub file: String,
    /// In file order, each with a valid name and one expectation.
    pub vectors: Vec<Entry>,
}

fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Reads the vector file at `path` ([`parse`]).
pub fn load(path: impl AsRef<Path>) -> Result<Vectors, String> {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&path.display().to_string(), &text)
}

/// Reads vectors from `text` (named `file` in messages): a case file
/// ([`super::casefile::parse`]) whose every entry has a unique
/// `[a-z0-9-]+` name, exactly one expectation, well-formed skips and no
/// skip on an error vector.
pub fn parse(file: &str, text: &str) -> Result<Vectors, String> {
    let entries = super::casefile::parse(file, text)?;
    for (i, t) in entries.iter().enumerate() {
        let at = |what: String| format!("{file}: test {} `{}`: {what}", i + 1, t.name);
        if !is_name(&t.name) {
            return Err(at(
                "a name is lowercase letters, digits and '-' ([a-z0-9-]+)".into(),
            ));
        }
        if let Some(j) = entries[..i].iter().position(|v| v.name == t.name) {
            return Err(at(format!("the name is taken by test {}", j + 1)));
        }
        let expect = match (&t.output, &t.error) {
            (Some(_), Some(_)) => {
                return Err(at(
                    "both `output` and `error` given; a vector expects one".into()
                ));
            }
            (None, None) => {
                return Err(at(
                    "neither `output` nor `error` given; a vector expects one".into(),
                ));
            }
            _ => t.expect(),
        };
        if matches!(expect, Some(Expect::Error(_))) && !t.skip.is_empty() {
            return Err(at(
                "an error vector runs no solver, so it takes no `skip`".into()
            ));
        }
        for s in &t.skip {
            if !is_name(&s.solver) {
                return Err(at(format!(
                    "skip {:?}: expected \"solver\" or \"solver: why\"",
                    String::from(s.clone())
                )));
            }
        }
    }
    Ok(Vectors {
        file: file.into(),
        vectors: entries,
    })
}

/// A vector that did not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The vector's name.
    pub name: String,
    /// What it expects.
    pub expected: String,
    /// What happened.
    pub got: String,
}

/// A vector not run, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// The vector's name.
    pub name: String,
    /// `solver: why`, as the vector gives it.
    pub why: String,
}

/// The counts of one run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Vectors run: `outputs + errors`.
    pub ran: usize,
    /// Output vectors run.
    pub outputs: usize,
    /// Error vectors run.
    pub errors: usize,
    /// Vectors run that did not hold.
    pub failed: usize,
    /// Vectors skipped for this solver.
    pub skipped: usize,
}

/// What [`run`] found: every vector passed, failed or skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VectorRun {
    /// The problem's name.
    pub problem: String,
    /// The solver's name.
    pub solver: String,
    /// Names of the vectors that held.
    pub passed: Vec<String>,
    /// The vectors that did not hold.
    pub failed: Vec<Mismatch>,
    /// The vectors not run on this solver.
    pub skipped: Vec<Skipped>,
    /// Output vectors run.
    pub outputs: usize,
    /// Error vectors run.
    pub errors: usize,
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl VectorRun {
    /// The counts.
    pub fn counts(&self) -> Counts {
        Counts {
            ran: self.outputs + self.errors,
            outputs: self.outputs,
            errors: self.errors,
            failed: self.failed.len(),
            skipped: self.skipped.len(),
        }
    }

    /// Whether every vector run held.
    pub fn is_ok(&self) -> bool {
        self.failed.is_empty()
    }

    /// One line, e.g. `sort-row vectors on engine: 20 ran (10 outputs,
    /// 10 errors), 0 failed, 1 skipped (oracle: too large)`.
    pub fn summary(&self) -> String {
        let c = self.counts();
        let mut line = format!(
            "{} vectors on {}: {} ran ({}, {}), {} failed, {} skipped",
            self.problem,
            self.solver,
            c.ran,
            plural(c.outputs, "output", "outputs"),
            plural(c.errors, "error", "errors"),
            c.failed,
            c.skipped,
        );
        let mut whys: Vec<(&str, usize)> = Vec::new();
        for s in &self.skipped {
            match whys.iter_mut().find(|(w, _)| *w == s.why) {
                Some((_, n)) => *n += 1,
                None => whys.push((&s.why, 1)),
            }
        }
        if !whys.is_empty() {
            let whys: Vec<String> = whys
                .iter()
                .map(|&(w, n)| {
                    if n == 1 {
                        w.into()
                    } else {
                        format!("{w} x{n}")
                    }
                })
                .collect();
            let _ = write!(line, " ({})", whys.join("; "));
        }
        line
    }

    /// The summary, then every failure with what was expected and got.
    pub fn report(&self) -> String {
        let mut out = self.summary();
        for f in &self.failed {
            let _ = write!(
                out,
                "\n{}:\n  expected: {}\n  got:      {}",
                f.name, f.expected, f.got
            );
        }
        out
    }
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

/// Runs every vector on `solver`: a vector whose `skip` names the solver
/// is skipped; an error vector's input must be refused by [`read_input`]
/// with a message containing its text (whatever the solver); an output
/// vector's input must read and the solver's answers, concatenated, must
/// equal its output. A solver that panics fails the vector.
pub fn run<P: Problem>(vectors: &Vectors, solver: &Solver<P>) -> VectorRun {
    let mut outcome = VectorRun {
        problem: P::NAME.into(),
        solver: solver.name.clone(),
        passed: Vec::new(),
        failed: Vec::new(),
        skipped: Vec::new(),
        outputs: 0,
        errors: 0,
    };
    for v in &vectors.vectors {
        if let Some(skip) = v.skips(&solver.name) {
            let why = if skip.why.is_empty() {
                skip.solver.clone()
            } else {
                format!("{}: {}", skip.solver, skip.why)
            };
            outcome.skipped.push(Skipped {
                name: v.name.clone(),
                why,
            });
            continue;
        }
        let read = read_input::<P>(&v.input, v.multi);
        let Some(expect) = v.expect() else {
            continue;
        };
        let (expected, got) = match &expect {
            Expect::Error(want) => {
                outcome.errors += 1;
                let expected = format!("refused with a message containing {want:?}");
                match read {
                    Err(e) if e.to_string().contains(want.as_str()) => (expected, None),
                    Err(e) => (expected, Some(format!("refused with {:?}", e.to_string()))),
                    Ok(cases) => (
                        expected,
                        Some(format!(
                            "accepted ({})",
                            plural(cases.len(), "case", "cases")
                        )),
                    ),
                }
            }
            Expect::Output(want) => {
                outcome.outputs += 1;
                let got = match read {
                    Err(e) => Some(format!("the input is refused: {e}")),
                    Ok(cases) => {
                        let answers = catch_unwind(AssertUnwindSafe(|| {
                            cases
                                .iter()
                                .map(|c| solver.solve(c).map(|a| answer_text::<P>(&a)))
                                .collect::<Result<String, _>>()
                        }));
                        match answers {
                            Ok(Ok(text)) if text == *want => None,
                            Ok(Ok(text)) => Some(format!("{text:?}")),
                            Ok(Err(stop)) => Some(format!("no answer: {stop}")),
                            Err(payload) => Some(format!("panicked: {}", panic_text(&*payload))),
                        }
                    }
                };
                (format!("{want:?}"), got)
            }
        };
        match got {
            None => outcome.passed.push(v.name.clone()),
            Some(got) => outcome.failed.push(Mismatch {
                name: v.name.clone(),
                expected,
                got,
            }),
        }
    }
    outcome
}

/// What `check --vectors FILE` feeds a candidate, and what it leaves out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CandidateEntries {
    /// Every output vector not skipped for `candidate`, as the entry
    /// `check --replay` would read.
    pub entries: Vec<Entry>,
    /// Error vectors left out: a candidate is only given valid inputs.
    pub errors_left_out: usize,
    /// Output vectors whose `skip` names `candidate`.
    pub skipped: Vec<Skipped>,
}

impl CandidateEntries {
    /// What was left out, in one line each, e.g. `error vectors are for
    /// `solve`: 10 skipped`.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if self.errors_left_out > 0 {
            notes.push(format!(
                "error vectors are for `solve`: {} skipped",
                self.errors_left_out
            ));
        }
        for s in &self.skipped {
            notes.push(format!("{} skipped ({})", s.name, s.why));
        }
        notes
    }
}

/// The entries of `vectors` a candidate is checked on: every output vector
/// (name, input, multi, expected output) unless its `skip` names
/// `candidate`; error vectors are counted and left out.
pub fn candidate_entries(vectors: &Vectors) -> CandidateEntries {
    let mut out = CandidateEntries {
        entries: Vec::new(),
        errors_left_out: 0,
        skipped: Vec::new(),
    };
    for v in &vectors.vectors {
        match v.expect() {
            None => {}
            Some(Expect::Error(_)) => out.errors_left_out += 1,
            Some(Expect::Output(_)) => match v.skips("candidate") {
                Some(s) => out.skipped.push(Skipped {
                    name: v.name.clone(),
                    why: if s.why.is_empty() {
                        "candidate".into()
                    } else {
                        format!("candidate: {}", s.why)
                    },
                }),
                None => out.entries.push(v.clone()),
            },
        }
    }
    out
}

#[cfg(test)]
#[path = "vectors_tests.rs"]
mod tests;
