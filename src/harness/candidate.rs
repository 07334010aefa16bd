//! Candidates: what the checker tests. An external program (one case per
//! run, or batches in the multi-case form) or a Rust function in process.

use std::marker::PhantomData;
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::generation::{Generate, reference};
use crate::problem::{Problem, answer_text, case_text, multi_case_text};
use crate::text::Lines;

/// What a candidate did with one case.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome<A> {
    /// It answered, and the answer could be read.
    Answered {
        /// The answer read.
        answer: A,
        /// Its output as written.
        output: String,
        /// How the harness got the answer, when it put it together from a
        /// function candidate's return values (`--py-func`): the calls and
        /// what each returned. Shown with a wrong answer; empty otherwise.
        note: String,
    },
    /// Its output does not read as an answer (PE).
    Unreadable {
        /// Its output as written.
        output: String,
        /// Why it does not read.
        error: String,
    },
    /// It crashed or exited non-zero (RE).
    Crashed {
        /// Its output as written.
        output: String,
        /// Exit code or signal, and the end of stderr.
        detail: String,
    },
    /// It ran past the wall-time or the CPU-time limit (TLE).
    TimedOut {
        /// Its output so far.
        output: String,
        /// Which limit.
        detail: String,
        /// Whether the machine starved the run: limited on its own time
        /// (wall time less its wait for a CPU), it was still under the
        /// limit when the wall cap killed it. Such a time-out says nothing
        /// about the candidate; the check runs it again.
        starved: bool,
    },
    /// It used more memory than the limit (MLE).
    OutOfMemory {
        /// Its output so far.
        output: String,
        /// The limit.
        detail: String,
    },
    /// It wrote more than the output cap (OLE).
    OutputLimit {
        /// The start of its output.
        output: String,
        /// The cap.
        detail: String,
    },
}

/// One run of a candidate on a batch of cases.
#[derive(Clone, Debug)]
pub struct Ran<A> {
    /// One outcome per case, in order.
    pub outcomes: Vec<Outcome<A>>,
    /// Everything the run wrote on stdout.
    pub output: String,
}

/// A solution under test.
pub trait Candidate<P: Generate>: Sync {
    /// One run on `cases` (at most [`Candidate::batch_size`] of them).
    fn run(&self, cases: &[P::Case]) -> Ran<P::Answer>;
    /// How many cases one call of [`Candidate::run`] takes.
    fn batch_size(&self) -> usize {
        1
    }
    /// The input exactly as one run on `cases` is fed: the multi-case form
    /// when the candidate takes batches, else the case alone.
    fn input_text(&self, cases: &[P::Case]) -> String {
        if self.batch_size() > 1 {
            multi_case_text::<P>(cases)
        } else {
            cases.iter().map(case_text::<P>).collect()
        }
    }
    /// How strongly runs are contained, for the report (e.g. `in process`).
    fn sandbox(&self) -> String {
        "in process".into()
    }
    /// The wall-time limit of one run, if it has one.
    fn time_limit(&self) -> Option<std::time::Duration> {
        None
    }
    /// The stack limit of the candidate's processes in bytes, if it runs
    /// in processes of its own.
    fn stack_limit(&self) -> Option<u64> {
        None
    }
    /// The long-lived engine behind the candidate, if it is one, for the
    /// phases that talk to it (a GTP engine: see `gtp::engine_of`). Typed
    /// as `Any` so this file names no kind of candidate.
    fn engine(&self) -> Option<&dyn std::any::Any> {
        None
    }
    /// Whether each run starts a program (a process, a session, an
    /// engine), which may fail to start at all: a usage error, not a bug
    /// (`Report::cannot_run`). A Rust function is called, not started: one
    /// that panics on every input, the smallest too, has a bug (a
    /// cargo-mutants mutant of chomp-solve's solver that did was reported
    /// as "could not run at all", with no failure).
    fn runs_a_program(&self) -> bool {
        false
    }
    /// Whether the program is long-lived and fed its cases a line at a
    /// time, each answered before the next is sent: a program that reads
    /// its input to the end first (the text form) waits there forever, so
    /// no answer to the smallest input (or another) either is a set-up
    /// mistake.
    fn answers_line_by_line(&self) -> bool {
        false
    }
    /// Whether [`Candidate::screen`] may stand in for runs of cases that
    /// pass: a Rust function called on the typed case, its answer compared
    /// with the reference's as a value.
    fn screens(&self) -> bool {
        false
    }
    /// Calls the candidate on `cases` in order, straight on the typed case
    /// (no text, no verdict), and stops at the first case that is not
    /// plainly a pass: an answer other than the reference's, a panic, or
    /// (where there is a time limit) a call that took longer. How many
    /// cases passed before it; each passing call's wall time (ms) pushed to
    /// `run_ms`. The caller runs the case it stopped at the full way
    /// ([`Candidate::run`], then judged), so whatever is reported comes
    /// from a full run. Only called where [`Candidate::screens`].
    fn screen(&self, cases: &[P::Case], run_ms: &mut Vec<f64>) -> usize {
        let _ = (cases, run_ms);
        0
    }
}

/// [`Candidate::screen`] for a function: calls `solve` on each case until
/// one does not answer as the reference does, panics, or takes longer than
/// `limit`; how many passed, their times pushed to `run_ms`. `progress`
/// is told each case's index as it starts (a watchdog reads it).
pub fn screen_calls<P: Generate>(
    solve: &(dyn Fn(&P::Case) -> P::Answer + Sync),
    cases: &[P::Case],
    limit: Option<std::time::Duration>,
    run_ms: &mut Vec<f64>,
    mut progress: impl FnMut(usize),
) -> usize {
    for (i, case) in cases.iter().enumerate() {
        progress(i);
        let started = std::time::Instant::now();
        let answer = catch_unwind(AssertUnwindSafe(|| solve(case)));
        let took = started.elapsed();
        let passed = match answer {
            Ok(answer) => answer == reference::<P>(case).0,
            Err(_) => false,
        };
        if !passed || limit.is_some_and(|limit| took > limit) {
            return i;
        }
        run_ms.push(took.as_secs_f64() * 1000.0);
    }
    cases.len()
}

/// A Rust function as a candidate; a panic counts as a crash (RE).
///
/// In-process candidates have no time limit: a function that loops forever
/// hangs the check. Wrap untrusted code in an `External` program instead
/// (`harness::external`, with the `process` feature on Unix).
pub struct FnCandidate<P, F> {
    solve: F,
    problem: PhantomData<fn() -> P>,
}

impl<P: Problem, F: Fn(&P::Case) -> P::Answer + Sync> FnCandidate<P, F> {
    /// Wraps `solve`.
    pub fn new(solve: F) -> Self {
        FnCandidate {
            solve,
            problem: PhantomData,
        }
    }
}

impl<P: Generate, F: Fn(&P::Case) -> P::Answer + Sync> Candidate<P> for FnCandidate<P, F> {
    fn run(&self, cases: &[P::Case]) -> Ran<P::Answer> {
        let outcomes: Vec<_> = cases
            .iter()
            .map(
                |case| match catch_unwind(AssertUnwindSafe(|| (self.solve)(case))) {
                    Ok(answer) => Outcome::Answered {
                        output: answer_text::<P>(&answer),
                        answer,
                        note: String::new(),
                    },
                    Err(panic) => Outcome::Crashed {
                        output: String::new(),
                        detail: format!("panicked: {}", panic_message(&panic)),
                    },
                },
            )
            .collect();
        let output = outcomes.iter().map(|o| o.output()).collect();
        Ran { outcomes, output }
    }

    fn screens(&self) -> bool {
        true
    }

    fn screen(&self, cases: &[P::Case], run_ms: &mut Vec<f64>) -> usize {
        screen_calls::<P>(&self.solve, cases, None, run_ms, |_| {})
    }
}

impl<A> Outcome<A> {
    /// What the candidate wrote for this case.
    pub fn output(&self) -> &str {
        match self {
            Outcome::Answered { output, .. }
            | Outcome::Unreadable { output, .. }
            | Outcome::Crashed { output, .. }
            | Outcome::TimedOut { output, .. }
            | Outcome::OutOfMemory { output, .. }
            | Outcome::OutputLimit { output, .. } => output,
        }
    }
}

pub(crate) fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".into()
    }
}

/// Splits one run's output into the answers to `cases`, in order. Where
/// answers delimit themselves ([`Problem::SELF_DELIMITING`]) each is read
/// where the previous one ended, so one line too many or too few shows on
/// the case that printed it. Otherwise the output is cut into
/// pieces as many lines long as the reference answers; a misplaced piece may
/// then blame a later case, which the checker finds out by running cases
/// alone and splitting the batch. From the first answer that does not read
/// on, every case is `Unreadable`.
pub fn read_answers<P: Generate>(output: &str, cases: &[P::Case]) -> Vec<Outcome<P::Answer>> {
    let mut outcomes = Vec::with_capacity(cases.len());
    let mut rest = output;
    for (i, case) in cases.iter().enumerate() {
        let last = i + 1 == cases.len();
        // The text this answer is read from.
        let span = if P::SELF_DELIMITING || last {
            rest
        } else {
            let n = answer_text::<P>(&reference::<P>(case).0).lines().count();
            &rest[..rest
                .split_inclusive('\n')
                .take(n)
                .map(str::len)
                .sum::<usize>()]
        };
        let mut lines = Lines::new(span);
        let read = P::read_answer(&mut lines, case).and_then(|answer| {
            if last || !P::SELF_DELIMITING {
                lines.finish()?;
            }
            Ok(answer)
        });
        let used = match read {
            Ok(_) => span.len() - lines.rest().len(),
            Err(_) => span.len(),
        };
        let piece = &rest[..used];
        rest = &rest[used..];
        match read {
            Ok(answer) => outcomes.push(Outcome::Answered {
                answer,
                output: piece.to_string(),
                note: String::new(),
            }),
            Err(e) => {
                let error = if cases.len() > 1 {
                    format!("answer {} of {}: {e}", i + 1, cases.len())
                } else {
                    e.to_string()
                };
                let unreadable = Outcome::Unreadable {
                    output: piece.to_string(),
                    error,
                };
                outcomes.resize(cases.len(), unreadable);
                break;
            }
        }
    }
    outcomes
}
