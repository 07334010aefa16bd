//! An external program as a candidate: one run per case, or batches of
//! cases in the multi-case form, each run under [`RunLimits`] in the sandbox.

use super::candidate::{Candidate, Outcome, Ran, read_answers};
use super::exit_outcome::{Asked, exit_outcome, stderr_tail};
use super::process::{self, Exit};
use crate::generation::Generate;
use crate::problem::{case_text, multi_case_text};

/// The limits of every run (time, memory, output, sandbox).
pub use super::process::RunLimits;

/// An external program reading the case on stdin and answering on stdout.
#[derive(Clone, Debug)]
pub struct External {
    /// The command and its arguments.
    pub argv: Vec<String>,
    /// Limits of every run.
    pub limits: RunLimits,
    /// `Some(t)`: feed the multi-case form, up to `t` cases a run.
    pub multi: Option<usize>,
}

impl External {
    /// The program `argv` (command and arguments), one run per case under
    /// the default [`RunLimits`].
    pub fn new(argv: impl IntoIterator<Item = impl Into<String>>) -> Self {
        External {
            argv: argv.into_iter().map(Into::into).collect(),
            limits: RunLimits::default(),
            multi: None,
        }
    }

    /// Checks that the program exists, so a typo is a usage error (exit
    /// 2); the error names the command as it would run.
    pub fn verify(&self) -> Result<(), String> {
        let program = self.argv.first().ok_or("no candidate command given")?;
        process::resolve_program(program)
            .map(|_| ())
            .map_err(|e| format!("{e} (command: {})", process::shown_command(&self.argv)))
    }
}

impl<P: Generate> Candidate<P> for External {
    fn batch_size(&self) -> usize {
        self.multi.unwrap_or(1).max(1)
    }

    /// With `--multi` the multi-case form whatever the batch holds: a
    /// program told to read it reads it for one case too (`--batch 1`
    /// fed it one case's plain text, and every run crashed).
    fn input_text(&self, cases: &[P::Case]) -> String {
        if self.multi.is_some() {
            multi_case_text::<P>(cases)
        } else {
            cases.iter().map(case_text::<P>).collect()
        }
    }

    fn time_limit(&self) -> Option<std::time::Duration> {
        Some(self.limits.timeout)
    }

    fn runs_a_program(&self) -> bool {
        true
    }
    fn stack_limit(&self) -> Option<u64> {
        Some(self.limits.stack_in_force())
    }

    fn sandbox(&self) -> String {
        match process::probe(self.limits.sandbox) {
            Ok(level) => level.to_string(),
            Err(e) => format!("unavailable: {e}"),
        }
    }

    fn run(&self, cases: &[P::Case]) -> Ran<P::Answer> {
        assert!(
            self.multi.is_some() || cases.len() == 1,
            "one case a run without --multi"
        );
        let input = <Self as Candidate<P>>::input_text(self, cases);
        let all = |o: Outcome<P::Answer>| Ran {
            output: o.output().to_string(),
            outcomes: vec![o; cases.len()],
        };
        let run = match process::run(&self.argv, input.as_bytes(), &self.limits) {
            Ok(run) => run,
            Err(e) => {
                return all(Outcome::Crashed {
                    output: String::new(),
                    detail: format!(
                        "could not start `{}`: {e}",
                        process::shown_command(&self.argv)
                    ),
                });
            }
        };
        let output = String::from_utf8_lossy(&run.stdout).into_owned();
        let tail = stderr_tail(&String::from_utf8_lossy(&run.stderr), run.stderr_dropped);
        match run.exit {
            Exit::Code(0) if std::str::from_utf8(&run.stdout).is_err() => {
                all(Outcome::Unreadable {
                    output,
                    error: "output is not valid UTF-8".into(),
                })
            }
            Exit::Code(0) => Ran {
                outcomes: read_answers::<P>(&output, cases),
                output,
            },
            ref exit => all(exit_outcome(
                exit,
                output,
                &tail,
                &self.limits,
                Asked::Run,
                run.cpu_time,
                run.waited,
            )),
        }
    }
}
