//! A GTP engine as a candidate (`check --gtp`): one long-lived engine
//! process per job, started under the sandbox and limits of every
//! candidate ([`super::session`]). Each case is `boardsize`, `clear_board`,
//! then the case's commands one at a time ([`wire`]), then the board read
//! back (`list_stones` where the engine has it, else `showboard`, else not
//! at all: then only the replies are compared). The problem's
//! [`crate::gtp::GtpForm`] turns the replies into its answer, which the
//! checker judges like any other; a crash, a time-out or broken framing is
//! RE/TLE/PE with the transcript, and the next case gets a fresh process.
//! A batch goes through a pooled engine; a lone run (confirmation,
//! shrinking) is a fresh process, so every reported failure is confirmed
//! on one.
//!
//! Shared conventions of the problems played over GTP (PROBLEMS.md
//! §7-§8): a case's text is its header, the number of commands and one
//! command a line; an answer's text is one line per command (`=`,
//! `? ...`) then the board.

pub mod laws;
pub mod report;
pub mod summary;
pub mod wire;

use std::sync::{Mutex, OnceLock};

use super::candidate::{Candidate, Outcome, Ran};
use super::process::{self, Limits};
use super::protocol::failed;
use crate::generation::{Generate, reference};
use crate::gtp::{GtpForm, ReadBack, Reply};
use crate::problem::{Problem, answer_text, case_text, read_input};
use wire::{BoardCommand, Engine, WireError, reply_text, transcript_text};

/// Cases a detection run plays through one engine before the checker
/// judges them (a failing one is then replayed alone, on a fresh engine).
pub const BATCH: usize = 50;

/// A program speaking GTP.
pub struct Gtp {
    /// The command and its arguments.
    pub argv: Vec<String>,
    /// Limits: memory, tasks and sandbox for each process, time per
    /// command.
    pub limits: Limits,
    pool: Mutex<Vec<Engine>>,
    /// How the engine shows its board, as it said when first asked.
    board: OnceLock<Option<BoardCommand>>,
    /// Commands sent and time spent waiting for replies, over every case.
    stats: Mutex<(u64, std::time::Duration)>,
    /// `stats` as the check's cases left them, before the laws' runs.
    cases_stats: std::sync::OnceLock<(u64, std::time::Duration)>,
}

impl Gtp {
    /// A GTP candidate running `argv`.
    pub fn new(argv: Vec<String>, limits: Limits) -> Self {
        Gtp {
            argv,
            limits,
            pool: Mutex::new(Vec::new()),
            board: OnceLock::new(),
            stats: Mutex::new((0, std::time::Duration::ZERO)),
            cases_stats: std::sync::OnceLock::new(),
        }
    }

    /// Starts the engine once: it must start and answer `list_commands`
    /// (or `known_command`) in GTP, else the check cannot run (exit 2).
    pub fn verify(&self) -> Result<(), String> {
        let program = self.argv.first().ok_or("no candidate command given")?;
        process::resolve_program(program)?;
        let engine = self.start().map_err(|e| match e {
            WireError::Start(s) => s,
            WireError::Framing { error, output } => {
                format!("it does not speak GTP: {error} (it wrote {output:?})")
            }
            WireError::Session(f) => format!(
                "it failed its first GTP command ({}){}",
                f.exit,
                super::exit_outcome::stderr_tail(&f.stderr, f.stderr_dropped)
            ),
        })?;
        self.pool
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(engine);
        Ok(())
    }

    fn start(&self) -> Result<Engine, WireError> {
        let engine = Engine::start(&self.argv, &self.limits)?;
        let _ = self.board.set(engine.board);
        Ok(engine)
    }

    /// GTP commands sent over the cases (set-up and read-back included),
    /// and the time spent waiting for their replies: the engine's share.
    /// Frozen once the check's cases are done ([`Gtp::end_of_cases`]), so
    /// that the laws' extra runs do not count against the cases' run time.
    pub fn stats(&self) -> (u64, std::time::Duration) {
        match self.cases_stats.get() {
            Some(frozen) => *frozen,
            None => *self.stats.lock().unwrap_or_else(|e| e.into_inner()),
        }
    }

    /// Marks the end of the check's cases: [`Gtp::stats`] stays as it is now.
    pub fn end_of_cases(&self) {
        let now = *self.stats.lock().unwrap_or_else(|e| e.into_inner());
        let _ = self.cases_stats.set(now);
    }

    /// How the engine's board is read back, if it has been asked yet.
    pub fn board_command(&self) -> Option<Option<BoardCommand>> {
        self.board.get().copied()
    }

    /// The read-back in words, for reports.
    pub fn board_words(&self) -> &'static str {
        match self.board_command() {
            Some(Some(BoardCommand::ListStones)) => "board read back with list_stones",
            Some(Some(BoardCommand::Showboard)) => "board read back by parsing showboard",
            Some(None) => {
                "board not compared (the engine has neither list_stones nor showboard): replies only"
            }
            None => "board read-back not probed yet",
        }
    }

    /// A fresh engine, or why it could not start (as the case's outcome).
    pub(crate) fn fresh<A>(&self) -> Result<Engine, Outcome<A>> {
        self.start()
            .map_err(|e| wire_failure(e, &self.limits, String::new()))
    }
}

/// The form of `P`, which the command line checked is there.
pub fn form<P: Generate>() -> GtpForm<P> {
    P::extras()
        .gtp
        .unwrap_or_else(|| panic!("{} has no GTP form", P::NAME))
}

/// The expected reply lines of an answer: its first `k` lines (one per
/// command), and the rest (the board).
pub fn split_answer<P: Problem>(answer: &P::Answer, k: usize) -> (Vec<String>, String) {
    let text = answer_text::<P>(answer);
    let mut lines = text.lines();
    let replies = lines.by_ref().take(k).map(str::to_string).collect();
    let board: Vec<&str> = lines.collect();
    (replies, board.join("\n"))
}

/// Whether an expected reply line (`=`, `? illegal move`) and a reply
/// agree on success or failure.
pub fn same_outcome(expected: &str, got: &Reply) -> bool {
    expected.starts_with('=') == got.ok
}

/// `case` with other commands (its board size and rules kept), read back
/// through its own text form: header lines, the number of commands, one
/// command a line. `None` if the text does not have that layout.
pub fn with_commands<P: Generate>(case: &P::Case, commands: &[String]) -> Option<P::Case> {
    let text = case_text::<P>(case);
    let lines: Vec<&str> = text.lines().collect();
    let k = (form::<P>().commands)(case).len();
    let count_at = lines.len().checked_sub(k + 1)?;
    if lines[count_at].trim().parse::<usize>().ok()? != k {
        return None;
    }
    let mut out: String = lines[..count_at].iter().map(|l| format!("{l}\n")).collect();
    out.push_str(&format!("{}\n", commands.len()));
    for c in commands {
        out.push_str(c);
        out.push('\n');
    }
    read_input::<P>(&out, false).ok()?.pop()
}

/// `outcome` with the transcript added to what it says.
fn with_transcript<A>(outcome: Outcome<A>, transcript: &str) -> Outcome<A> {
    let add = |s: String| format!("{s}\nGTP transcript (> sent, < got):\n{transcript}");
    match outcome {
        Outcome::Unreadable { output, error } => Outcome::Unreadable {
            output,
            error: add(error),
        },
        Outcome::Crashed { output, detail } => Outcome::Crashed {
            output,
            detail: add(detail),
        },
        Outcome::TimedOut { output, detail } => Outcome::TimedOut {
            output,
            detail: add(detail),
        },
        Outcome::OutOfMemory { output, detail } => Outcome::OutOfMemory {
            output,
            detail: add(detail),
        },
        Outcome::OutputLimit { output, detail } => Outcome::OutputLimit {
            output,
            detail: add(detail),
        },
        answered => answered,
    }
}

/// What a command that got no reply comes to.
fn wire_failure<A>(e: WireError, limits: &Limits, transcript: String) -> Outcome<A> {
    let outcome = match e {
        WireError::Start(detail) => Outcome::Crashed {
            output: String::new(),
            detail,
        },
        WireError::Session(f) => failed(f, limits),
        WireError::Framing { output, error } => Outcome::Unreadable {
            output,
            error: format!("GTP framing broken: {error}"),
        },
    };
    if transcript.is_empty() {
        outcome
    } else {
        with_transcript(outcome, &transcript)
    }
}

/// The replies of `engine` to `case`'s commands and its board read back.
struct Played {
    replies: Vec<Reply>,
    black: String,
    white: String,
    showboard: String,
}

/// Plays `case` on `engine`: `boardsize`, `clear_board`, the commands, the
/// read-back. An outcome when it went wrong before an answer could be put
/// together (the engine is then dead if `dead`).
fn play<P: Generate>(
    engine: &mut Engine,
    case: &P::Case,
    limits: &Limits,
) -> Result<Played, (Outcome<P::Answer>, bool)> {
    let form = form::<P>();
    engine.transcript.clear();
    let dead = |e: WireError, engine: &Engine| -> (Outcome<P::Answer>, bool) {
        (
            wire_failure(e, limits, transcript_text(&engine.transcript)),
            true,
        )
    };
    // A refused set-up or read-back: the engine lives, the case is unread.
    let refused = |error: String, engine: &Engine| -> (Outcome<P::Answer>, bool) {
        (
            Outcome::Unreadable {
                output: transcript_text(&engine.transcript),
                error,
            },
            false,
        )
    };
    let n = (form.board_size)(case);
    for setup in [format!("boardsize {n}"), "clear_board".to_string()] {
        match engine.command(&setup) {
            Ok(r) if r.ok => {}
            Ok(r) => {
                let error = format!(
                    "the engine refused `{setup}` ({}): declare the board sizes it plays with --size or --shape",
                    reply_text(&r)
                );
                return Err(refused(error, engine));
            }
            Err(e) => return Err(dead(e, engine)),
        }
    }
    let mut replies = Vec::new();
    for command in (form.commands)(case) {
        match engine.command(&command) {
            Ok(r) => replies.push(r),
            Err(e) => return Err(dead(e, engine)),
        }
    }
    let mut played = Played {
        replies,
        black: String::new(),
        white: String::new(),
        showboard: String::new(),
    };
    let reads: &[(&str, u8)] = match engine.board {
        Some(BoardCommand::ListStones) => &[("list_stones black", 0), ("list_stones white", 1)],
        Some(BoardCommand::Showboard) => &[("showboard", 2)],
        None => &[],
    };
    for &(command, slot) in reads {
        match engine.command(command) {
            Ok(r) if r.ok => match slot {
                0 => played.black = r.text,
                1 => played.white = r.text,
                _ => played.showboard = r.text,
            },
            Ok(r) => {
                let error = format!("the board read-back `{command}` failed: {}", reply_text(&r));
                return Err(refused(error, engine));
            }
            Err(e) => return Err(dead(e, engine)),
        }
    }
    Ok(played)
}

impl Gtp {
    /// One case on `engine`: its outcome, and whether the engine lives on.
    fn one<P: Generate>(&self, engine: &mut Engine, case: &P::Case) -> (Outcome<P::Answer>, bool) {
        let form = form::<P>();
        let played = match play::<P>(engine, case, &self.limits) {
            Ok(p) => p,
            Err((outcome, dead)) => return (outcome, !dead),
        };
        let readback = match engine.board {
            Some(BoardCommand::ListStones) => Some(ReadBack::ListStones {
                black: &played.black,
                white: &played.white,
            }),
            Some(BoardCommand::Showboard) => Some(ReadBack::Showboard(&played.showboard)),
            None => None,
        };
        let transcript = transcript_text(&engine.transcript);
        let answer = match (form.answer)(case, &played.replies, readback) {
            Ok(a) => a,
            Err(error) => {
                return (
                    Outcome::Unreadable {
                        output: transcript.clone(),
                        error: format!("{error}\nGTP transcript (> sent, < got):\n{transcript}"),
                    },
                    true,
                );
            }
        };
        let (want, _) = reference::<P>(case);
        let compared = if engine.board.is_none()
            && (form.without_board)(&answer) == (form.without_board)(&want)
        {
            // Only the replies can be compared, and they agree.
            want.clone()
        } else {
            answer
        };
        let note = if compared == want {
            String::new()
        } else {
            comparison::<P>(case, &want, &played.replies, engine.board.is_none())
        };
        (
            Outcome::Answered {
                output: answer_text::<P>(&compared),
                answer: compared,
                note,
            },
            true,
        )
    }

    /// Each case through `engine` (started, or restarted after a failure,
    /// as needed); the engine left alive, if any.
    fn serve<P: Generate>(
        &self,
        cases: &[P::Case],
        mut engine: Option<Engine>,
    ) -> (Vec<Outcome<P::Answer>>, Option<Engine>) {
        let mut outcomes = Vec::with_capacity(cases.len());
        for case in cases {
            let mut e = match engine.take() {
                Some(e) => e,
                None => match self.fresh() {
                    Ok(e) => e,
                    Err(outcome) => {
                        if cases.len() > 1 {
                            // It would fail alike for every case.
                            outcomes.resize(cases.len(), outcome);
                            break;
                        }
                        outcomes.push(outcome);
                        continue;
                    }
                },
            };
            let (outcome, alive) = self.one::<P>(&mut e, case);
            // Counted for the batches of the case phase only, whose run
            // times the report has.
            let (sent, waited) = (std::mem::take(&mut e.sent), std::mem::take(&mut e.waited));
            if cases.len() > 1 {
                let mut stats = self.stats.lock().unwrap_or_else(|e| e.into_inner());
                stats.0 += sent;
                stats.1 += waited;
            }
            outcomes.push(outcome);
            if alive {
                engine = Some(e);
            }
        }
        (outcomes, engine)
    }
}

/// The per-command comparison shown with a wrong answer: sent, expected,
/// got, the first difference marked.
fn comparison<P: Generate>(
    case: &P::Case,
    want: &P::Answer,
    replies: &[Reply],
    no_board: bool,
) -> String {
    let commands = (form::<P>().commands)(case);
    let (expected, _) = split_answer::<P>(want, commands.len());
    let mut out = String::from("GTP replies (sent | expected | got):");
    let mut marked = false;
    for (i, command) in commands.iter().enumerate() {
        let e = expected.get(i).map_or("", String::as_str);
        let g = replies.get(i).map_or("(none)".to_string(), reply_text);
        let mark = match replies.get(i) {
            Some(r) if !marked && !same_outcome(e, r) => {
                marked = true;
                "   <- first difference"
            }
            _ => "",
        };
        out.push_str(&format!("\n  {}. {command} | {e} | {g}{mark}", i + 1));
    }
    if !marked {
        out.push_str("\n  every reply agrees: the final board differs");
    }
    if no_board {
        out.push_str("\n  (board not compared: the engine shows none)");
    }
    out
}

impl<P: Generate> Candidate<P> for Gtp {
    fn batch_size(&self) -> usize {
        BATCH
    }

    fn input_text(&self, cases: &[P::Case]) -> String {
        cases.iter().map(case_text::<P>).collect()
    }

    fn time_limit(&self) -> Option<std::time::Duration> {
        Some(self.limits.timeout)
    }

    fn stack_limit(&self) -> Option<u64> {
        Some(self.limits.stack_in_force())
    }

    fn sandbox(&self) -> String {
        match process::probe(self.limits.sandbox) {
            Ok(level) => format!(
                "{level}, one long-lived GTP engine per job (--gtp), time limit per command; {}",
                self.board_words()
            ),
            Err(e) => format!("unavailable: {e}"),
        }
    }

    fn run(&self, cases: &[P::Case]) -> Ran<P::Answer> {
        let outcomes = if cases.len() == 1 {
            // A lone run (confirmation, shrinking): a pooled engine first,
            // since most shrinking steps pass and a fresh process is slow
            // to start; anything but an agreed answer is played again on a
            // fresh engine, and that is the outcome, so every failure
            // reported was seen on a fresh process.
            let pooled = self.pool.lock().unwrap_or_else(|e| e.into_inner()).pop();
            let mut agreed = None;
            if let Some(engine) = pooled {
                let (mut outcomes, engine) = self.serve::<P>(cases, Some(engine));
                if let Some(Outcome::Answered { answer, .. }) = outcomes.first()
                    && *answer == reference::<P>(&cases[0]).0
                {
                    agreed = outcomes.pop();
                }
                if let Some(e) = engine {
                    self.pool.lock().unwrap_or_else(|e| e.into_inner()).push(e);
                }
            }
            match agreed {
                Some(outcome) => vec![outcome],
                None => self.serve::<P>(cases, None).0,
            }
        } else {
            let engine = self.pool.lock().unwrap_or_else(|e| e.into_inner()).pop();
            let (outcomes, engine) = self.serve::<P>(cases, engine);
            if let Some(e) = engine {
                self.pool.lock().unwrap_or_else(|e| e.into_inner()).push(e);
            }
            outcomes
        };
        let output = outcomes.iter().map(Outcome::output).collect();
        Ran { outcomes, output }
    }
}
