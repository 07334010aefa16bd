//! The persistent protocol as a candidate (`--protocol jsonl`, and
//! `--py-func` on top of it): long-lived processes fed one JSON case a line,
//! answering one JSON line each (docs/protocol.md). Batches of cases go
//! through sessions kept in a pool, one per thread; a session that crashes
//! or runs out of time is dropped and the next case starts a new one. A run
//! of one case (confirmation and shrinking) is a fresh process fed exactly
//! that one line, so the reported input is what the failing run was fed.

use std::sync::Mutex;

use super::candidate::{Candidate, Outcome, Ran};
use super::exit_outcome::{Asked, exit_outcome, stderr_tail};
use super::process::{self, RunLimits};
use super::session::{Ended, Session};
use crate::generation::Generate;
use crate::json::{FunctionAnswer, JsonCodec};
use crate::problem::answer_text;

/// Cases a detection run sends through one session before the checker
/// judges them (a failing one is then run alone, in a fresh process).
pub const BATCH: usize = 100;

/// The Python driver of `--py-func`: imports the user's file and serves
/// the protocol through the problem's adapter
/// ([`JsonCodec::py_adapter`]), which calls the function with the seed's
/// signature.
pub const PY_DRIVER: &str = include_str!("py_driver.py");

/// A program speaking the persistent protocol.
pub struct Jsonl {
    /// The command and its arguments.
    pub argv: Vec<String>,
    /// Limits: memory, tasks and sandbox for each process, time and output
    /// for each answer.
    pub limits: RunLimits,
    /// What the report calls the candidate's command (for `--py-func`, the
    /// function rather than the driver's command line).
    pub shown: String,
    /// True for `--py-func`: where the problem's seed API is a class, the
    /// driver answers with the class's return values (`{"calls": [...]}`)
    /// and the harness puts the answer together from them.
    function: bool,
    pool: Mutex<Vec<Session>>,
}

impl Jsonl {
    /// A protocol candidate running `argv`.
    pub fn new(argv: Vec<String>, limits: RunLimits) -> Self {
        Jsonl {
            shown: process::shown_command(&argv),
            argv,
            limits,
            function: false,
            pool: Mutex::new(Vec::new()),
        }
    }

    /// `FILE:FUNCTION` of a Python file, served by the embedded driver
    /// running `adapter`, the problem's [`JsonCodec::py_adapter`].
    pub fn python_function(adapter: &str, spec: &str, limits: RunLimits) -> Result<Self, String> {
        let (file, function) = spec
            .rsplit_once(':')
            .filter(|(f, n)| !f.is_empty() && !n.is_empty())
            .ok_or_else(|| format!("--py-func {spec:?}: expected FILE.py:FUNCTION"))?;
        let path = std::path::Path::new(file);
        if path.is_dir() {
            return Err(format!(
                "--py-func {spec:?}: {file:?} is a directory, not a Python file"
            ));
        }
        if !path.is_file() {
            // Each worker imports the file anew: a device or a pipe would
            // not give them the same functions.
            let what = if path.exists() {
                "is not a regular file"
            } else {
                "does not exist"
            };
            return Err(format!("--py-func {spec:?}: no file {file:?} ({what})"));
        }
        process::resolve_program("python3").map_err(|e| format!("--py-func needs python3: {e}"))?;
        let argv = vec![
            "python3".into(),
            "-c".into(),
            PY_DRIVER.into(),
            adapter.into(),
            file.into(),
            function.into(),
        ];
        let mut jsonl = Jsonl::new(argv, limits);
        jsonl.shown = format!("--py-func {spec}");
        jsonl.function = true;
        Ok(jsonl)
    }

    /// Checks that the program exists, so a typo is a usage error (exit
    /// 2); the error names the command as it would run.
    pub fn verify(&self) -> Result<(), String> {
        let program = self.argv.first().ok_or("no candidate command given")?;
        process::resolve_program(program)
            .map(|_| ())
            .map_err(|e| format!("{e} (command: {})", self.shown))
    }
}

/// How an answer line is read: by the protocol form, or (a function
/// candidate of a problem whose seed API is a class) from the class's
/// return values.
struct Reader<P: Generate> {
    form: JsonCodec<P>,
    calls: Option<FunctionAnswer<P>>,
}

impl<P: Generate> Reader<P> {
    fn new(function: bool) -> Self {
        Reader {
            calls: P::json().function_answer.filter(|_| function),
            form: P::json(),
        }
    }

    /// The answer in a JSON value, and the calls behind it if any.
    fn answer(
        &self,
        value: &serde_json::Value,
        case: &P::Case,
    ) -> Result<(P::Answer, String), String> {
        match self.calls {
            Some(calls) => calls(value, case),
            None => (self.form.read_answer)(value, case).map(|a| (a, String::new())),
        }
    }
}

/// The line a case is sent as.
pub fn case_line<P: Generate>(case: &P::Case) -> String {
    (P::json().write_case)(case).to_string()
}

/// Reads one answer line.
fn read_line<P: Generate>(reader: &Reader<P>, line: &str, case: &P::Case) -> Outcome<P::Answer> {
    let output = line.to_string();
    let value: serde_json::Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            return Outcome::Unreadable {
                output,
                error: format!("answer line is not JSON: {e}"),
            };
        }
    };
    if let Some(error) = value.get("error") {
        // The driver's (or any server's) report of an exception.
        let text = error
            .as_str()
            .map_or_else(|| error.to_string(), str::to_string);
        let lines: Vec<&str> = text.trim().lines().collect();
        let tail = lines[lines.len().saturating_sub(4)..].join(" | ");
        return Outcome::Crashed {
            output: String::new(),
            detail: format!("raised: {tail}"),
        };
    }
    if let Some(why) = value.get("unreadable").and_then(serde_json::Value::as_str) {
        // The `--py-func` driver's word for a result of the wrong shape.
        return Outcome::Unreadable {
            output,
            error: why.to_string(),
        };
    }
    match reader.answer(&value, case) {
        // Shown in the text form, so that it reads against the expected one.
        Ok((answer, note)) => Outcome::Answered {
            output: answer_text::<P>(&answer),
            answer,
            note,
        },
        Err(error) => Outcome::Unreadable { output, error },
    }
}

/// What a failed answer reads as.
pub(crate) fn failed<A>(f: Ended, limits: &RunLimits) -> Outcome<A> {
    let tail = stderr_tail(&f.stderr, f.stderr_dropped);
    exit_outcome(
        &f.exit,
        f.output,
        &tail,
        limits,
        Asked::AnswerLine,
        None,
        f.waited,
    )
}

impl Jsonl {
    /// Each case through `session` (started, or restarted after a failure,
    /// as needed); the session left alive, if any.
    fn serve<P: Generate>(
        &self,
        cases: &[P::Case],
        mut session: Option<Session>,
    ) -> (Vec<Outcome<P::Answer>>, Option<Session>) {
        let reader = Reader::<P>::new(self.function);
        let mut outcomes = Vec::with_capacity(cases.len());
        for case in cases {
            let fresh = session.is_none();
            let mut s = match session.take() {
                Some(s) => s,
                None => match Session::start(&self.argv, &self.limits) {
                    Ok(s) => s,
                    Err(e) => {
                        outcomes.push(Outcome::Crashed {
                            output: String::new(),
                            detail: format!("could not start `{}`: {e}", self.shown),
                        });
                        continue;
                    }
                },
            };
            match s.ask(&case_line::<P>(case)) {
                Ok((line, _elapsed)) => {
                    let line = line.trim_end_matches(['\n', '\r']);
                    outcomes.push(read_line(&reader, line, case));
                    session = Some(s);
                }
                Err(f) => {
                    let outcome = failed(f, &self.limits);
                    // A process that dies before its first answer (an
                    // import error, a missing function) would die again
                    // for every case: the rest of the batch is marked
                    // alike instead of restarted. A batch is only a
                    // pre-filter; lone runs confirm what is reported.
                    if fresh && matches!(outcome, Outcome::Crashed { .. }) && cases.len() > 1 {
                        outcomes.resize(cases.len(), outcome);
                        break;
                    }
                    outcomes.push(outcome);
                }
            }
        }
        (outcomes, session)
    }
}

impl<P: Generate> Candidate<P> for Jsonl {
    fn batch_size(&self) -> usize {
        BATCH
    }

    fn input_text(&self, cases: &[P::Case]) -> String {
        cases.iter().map(|c| case_line::<P>(c) + "\n").collect()
    }

    fn runs_a_program(&self) -> bool {
        true
    }
    /// Not for `--py-func`: the driver is the checker's own and answers
    /// each line; a function that never returns is the user's code.
    fn answers_line_by_line(&self) -> bool {
        !self.function
    }
    fn stack_limit(&self) -> Option<u64> {
        Some(self.limits.stack_in_force())
    }

    fn sandbox(&self) -> String {
        match process::probe(self.limits.sandbox) {
            Ok(level) => format!("{level}, one long-lived process per job (--protocol jsonl)"),
            Err(e) => format!("unavailable: {e}"),
        }
    }

    fn run(&self, cases: &[P::Case]) -> Ran<P::Answer> {
        let outcomes = if cases.len() == 1 {
            // A lone run: a fresh process fed exactly this one line.
            self.serve::<P>(cases, None).0
        } else {
            let session = self.pool.lock().unwrap_or_else(|e| e.into_inner()).pop();
            let (outcomes, session) = self.serve::<P>(cases, session);
            if let Some(s) = session {
                self.pool.lock().unwrap_or_else(|e| e.into_inner()).push(s);
            }
            outcomes
        };
        let output = outcomes.iter().map(Outcome::output).collect();
        Ran { outcomes, output }
    }
}
