//! Candidates: what the checker tests. An external program (one case per
//! run, or batches in the multi-case form) or a Rust function in process.

use std::marker::PhantomData;
use std::panic::{AssertUnwindSafe, catch_unwind};

use super::process::{self, Exit, Limits};
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
        /// Exit code or signal, and the start of stderr.
        detail: String,
    },
    /// It ran past the time limit (TLE).
    TimedOut {
        /// Its output so far.
        output: String,
        /// The limit.
        detail: String,
    },
}

/// A solution under test.
pub trait Candidate<P: Problem>: Sync {
    /// One outcome per case of `cases` (at most [`Candidate::batch_size`] of them).
    fn run(&self, cases: &[P::Case]) -> Vec<Outcome<P::Answer>>;
    /// How many cases one call of [`Candidate::run`] takes; above 1, a
    /// failure found in a batch is confirmed by running its case alone.
    fn batch_size(&self) -> usize {
        1
    }
}

/// A Rust function as a candidate; a panic counts as a crash (RE).
///
/// In-process candidates have no time limit: a function that loops forever
/// hangs the check. Wrap untrusted code in an [`External`] program instead.
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

impl<P: Problem, F: Fn(&P::Case) -> P::Answer + Sync> Candidate<P> for FnCandidate<P, F> {
    fn run(&self, cases: &[P::Case]) -> Vec<Outcome<P::Answer>> {
        cases
            .iter()
            .map(
                |case| match catch_unwind(AssertUnwindSafe(|| (self.solve)(case))) {
                    Ok(answer) => Outcome::Answered {
                        output: crate::problem::answer_text::<P>(&answer),
                        answer,
                    },
                    Err(panic) => Outcome::Crashed {
                        output: String::new(),
                        detail: format!("panicked: {}", panic_message(&panic)),
                    },
                },
            )
            .collect()
    }
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".into()
    }
}

/// An external program reading the case on stdin and answering on stdout.
#[derive(Clone, Debug)]
pub struct External {
    /// The command and its arguments.
    pub argv: Vec<String>,
    /// Limits of every run.
    pub limits: Limits,
    /// `Some(t)`: feed the multi-case form, up to `t` cases a run.
    pub multi: Option<usize>,
}

impl External {
    /// Checks that the program exists, so a typo is a usage error (exit 2).
    pub fn verify(&self) -> Result<(), String> {
        let program = self.argv.first().ok_or("no candidate command given")?;
        process::resolve_program(program).map(|_| ())
    }
}

impl<P: Problem> Candidate<P> for External {
    fn batch_size(&self) -> usize {
        self.multi.unwrap_or(1).max(1)
    }

    fn run(&self, cases: &[P::Case]) -> Vec<Outcome<P::Answer>> {
        let input = match self.multi {
            Some(_) => multi_case_text::<P>(cases),
            None => {
                assert_eq!(cases.len(), 1, "one case a run without --multi");
                case_text::<P>(&cases[0])
            }
        };
        let all = |o: Outcome<P::Answer>| vec![o; cases.len()];
        let run = match process::run(&self.argv, input.as_bytes(), &self.limits) {
            Ok(run) => run,
            Err(e) => {
                return all(Outcome::Crashed {
                    output: String::new(),
                    detail: format!("could not start {}: {e}", self.argv[0]),
                });
            }
        };
        let output = String::from_utf8_lossy(&run.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&run.stderr);
        let stderr_tail = match stderr.trim() {
            "" => String::new(),
            s => format!(
                "; stderr: {}",
                s.lines().take(6).collect::<Vec<_>>().join(" | ")
            ),
        };
        match run.exit {
            Exit::TimedOut => all(Outcome::TimedOut {
                output,
                detail: format!(
                    "no answer within {} ms, process group killed",
                    self.limits.timeout.as_millis()
                ),
            }),
            Exit::CpuLimit => all(Outcome::TimedOut {
                output,
                detail: format!(
                    "CPU time limit of {} ms exceeded, killed",
                    self.limits.cpu.unwrap_or(self.limits.timeout).as_millis()
                ),
            }),
            Exit::MemoryLimit => all(Outcome::Crashed {
                output,
                detail: format!(
                    "memory limit of {} MiB exceeded, killed{stderr_tail}",
                    self.limits.memory_bytes >> 20
                ),
            }),
            Exit::OutputLimit => all(Outcome::Unreadable {
                output,
                error: format!("more than {} bytes of output", self.limits.output_bytes),
            }),
            Exit::Signal(s) => all(Outcome::Crashed {
                output,
                detail: format!("killed by {}{stderr_tail}", process::signal_name(s)),
            }),
            Exit::Code(c) if c != 0 => all(Outcome::Crashed {
                output,
                detail: format!("exit status {c}{stderr_tail}"),
            }),
            Exit::Code(_) if std::str::from_utf8(&run.stdout).is_err() => {
                all(Outcome::Unreadable {
                    output,
                    error: "output is not valid UTF-8".into(),
                })
            }
            Exit::Code(_) => read_answers::<P>(&output, cases),
        }
    }
}

/// Splits one run's output into the answers to `cases`, in order. Alone, a
/// case's answer is the whole output. In the multi-case form the output is
/// cut into pieces as many lines long as the reference answers, since some
/// answers do not delimit themselves (a legal chomp `move` prints nothing):
/// a right answer then fills its piece exactly, and the first wrong one shows
/// in its own piece or an earlier one — the checker confirms every failure
/// alone. From the first piece that does not read on, every case is
/// `Unreadable`.
fn read_answers<P: Problem>(output: &str, cases: &[P::Case]) -> Vec<Outcome<P::Answer>> {
    let mut outcomes = Vec::with_capacity(cases.len());
    for (i, (case, piece)) in cases.iter().zip(pieces::<P>(output, cases)).enumerate() {
        let mut lines = Lines::new(piece);
        match P::read_answer(&mut lines, case).and_then(|a| lines.finish().map(|_| a)) {
            Ok(answer) => outcomes.push(Outcome::Answered {
                answer,
                output: piece.to_string(),
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

/// The pieces of `output` for each case: as many lines as the reference
/// answer has, the last piece taking whatever is left. Judging computes the
/// reference again; both are small next to starting the candidate's process,
/// and keeping them apart keeps expected answers out of the `Candidate` API.
fn pieces<'a, P: Problem>(output: &'a str, cases: &[P::Case]) -> Vec<&'a str> {
    let mut rest = output;
    let mut pieces = Vec::with_capacity(cases.len());
    for (i, case) in cases.iter().enumerate() {
        let end = if i + 1 == cases.len() {
            rest.len()
        } else {
            let lines = answer_text::<P>(&P::reference(case)).lines().count();
            rest.split_inclusive('\n').take(lines).map(str::len).sum()
        };
        pieces.push(&rest[..end]);
        rest = &rest[end..];
    }
    pieces
}
