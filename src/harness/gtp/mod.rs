//! A GTP engine as a candidate (`check --gtp`): one long-lived engine
//! process per job, started under the sandbox and limits of every
//! candidate ([`super::session`]). Each case is `boardsize`, `clear_board`,
//! then the case's commands one at a time ([`wire`]), then the board read
//! back (`list_stones` where the engine has it, else `showboard`, else not
//! at all: then only the replies are compared). The problem's
//! [`crate::gtp_form::GtpForm`] turns the replies into its answer, which the
//! checker judges like any other; a crash, a time-out or broken framing is
//! RE/TLE/PE with the transcript, and the next case gets a fresh process.
//! A batch goes through a pooled engine; a lone run (confirmation,
//! shrinking) is a fresh process, so every reported failure is confirmed
//! on one.
//!
//! Shared conventions of the problems played over GTP
//! (docs/spec/go-game.md, docs/spec/othello-game.md): a case's text is its
//! header, the number of commands and one command a line; an answer's text
//! is one line per command (`=`, `? ...`) then the board.

pub mod probe;
pub mod report;
pub mod sequence;
pub mod summary;
pub mod wire;

use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use super::candidate::{Candidate, Outcome, Ran};
use super::config::CheckConfig;
use super::process::{self, Exit, RunLimits};
use super::protocol::failed;
use super::session::Ended;
use crate::generation::{Domain, Generate, reference};
use crate::gtp_form::{GtpForm, ReadBack, Reply};
use crate::problem::{Problem, answer_text, case_text, read_input};
use probe::{Profile, SizeAnswer};
use wire::{BoardCommand, Engine, WireError, excerpt, reply_text, transcript_text};

/// Cases a detection run plays through one engine before the checker
/// judges them (a failing one is then replayed alone, on a fresh engine).
pub const BATCH: usize = 50;

/// Cases of a batch in a row that kill the engine the same way (a crash,
/// a time-out, broken framing) after which the rest of the batch is not
/// played but marked alike: each would cost a fresh engine (and a hang a
/// whole time limit), and the checker replays a marked case alone before
/// it reports anything.
const DEAD_IN_A_ROW: usize = 3;

/// The GTP laws' sequences when nobody says (`--gtp-laws`).
pub const LAW_CASES: usize = 50;

/// What the checker insists on whatever the engine lists
/// (`--gtp-require`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Require {
    /// Send `undo` even to an engine that does not list it (it is then
    /// judged on it).
    pub undo: bool,
    /// Refuse to check an engine whose board cannot be read back.
    pub board: bool,
}

impl std::str::FromStr for Require {
    type Err = String;
    /// A comma-separated list of `undo`, `board`.
    fn from_str(s: &str) -> Result<Self, String> {
        let mut require = Require::default();
        for word in s.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            match word {
                "undo" => require.undo = true,
                "board" | "showboard" | "list_stones" => require.board = true,
                other => {
                    return Err(format!(
                        "--gtp-require {s:?}: {other:?} is not one of undo, board"
                    ));
                }
            }
        }
        Ok(require)
    }
}

/// A program speaking GTP.
pub struct Gtp {
    /// The command and its arguments.
    pub argv: Vec<String>,
    /// Limits: memory, tasks and sandbox for each process, time per
    /// command, output per reply.
    pub limits: RunLimits,
    /// What is checked whatever the engine lists.
    pub require: Require,
    /// Sequences played with the board read after every command, for the
    /// laws only an engine with state can break (0: none).
    pub law_cases: usize,
    pool: Mutex<Vec<Engine>>,
    /// What the engine is, as it said when first asked.
    profile: OnceLock<Profile>,
    /// The domain a check asked for and what the engine made of it.
    fitted: Mutex<Option<(Domain, Result<crate::generation::LeftOut, String>)>>,
    /// What the probe found, in words.
    notes: Mutex<Vec<String>>,
    /// Over the batches: commands sent, time spent waiting for their
    /// replies, and the batches' own time (the engine's share is the one
    /// over the other, measured on the same runs).
    stats: Mutex<Stats>,
    /// `stats` as the check's cases left them, before the laws' runs.
    cases_stats: OnceLock<Stats>,
}

impl Gtp {
    /// A GTP candidate running `argv`.
    pub fn new(argv: Vec<String>, limits: RunLimits) -> Self {
        Gtp {
            argv,
            limits,
            require: Require::default(),
            law_cases: LAW_CASES,
            pool: Mutex::new(Vec::new()),
            profile: OnceLock::new(),
            fitted: Mutex::new(None),
            notes: Mutex::new(Vec::new()),
            stats: Mutex::new(Stats::default()),
            cases_stats: OnceLock::new(),
        }
    }

    /// Starts the engine once and asks what it is ([`probe::probe`]): it
    /// must start and answer in GTP, else the check cannot run (exit 2).
    pub fn verify(&self) -> Result<(), String> {
        if self.profile.get().is_some() {
            return Ok(());
        }
        let program = self.argv.first().ok_or("no candidate command given")?;
        process::resolve_program(program)?;
        let shown = shlex::try_join(self.argv.iter().map(String::as_str))
            .unwrap_or_else(|_| self.argv.join(" "));
        let mut engine = Engine::start(&self.argv, &self.limits, Profile::default())
            .map_err(|e| wire_words(&e, &self.limits))?;
        let profile = probe::probe(&mut engine).map_err(|e| {
            let sent = engine.transcript.last().map_or("", |x| x.line.as_str());
            match e {
                WireError::Start(s) => s,
                WireError::Framing { error, .. } | WireError::Misframed { error, .. } => {
                    format!("`{shown}` does not speak GTP: to `{sent}`: {error}")
                }
                WireError::Session(f) => format!(
                    "`{shown}` did not answer `{sent}`: {}",
                    ended_words(&f, &self.limits)
                ),
            }
        })?;
        self.notes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(profile.notes.iter().cloned());
        let _ = self.profile.set(profile);
        engine.transcript.clear();
        engine.reset_counts();
        self.pool
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(engine);
        Ok(())
    }

    /// What the engine is (probed on first use).
    pub fn profile(&self) -> Option<&Profile> {
        if self.profile.get().is_none() {
            let _ = self.verify();
        }
        self.profile.get()
    }

    /// `config` fitted to the engine: the board sizes it refuses (asked
    /// once per size of the domain) and, unless required, `undo` when it
    /// has none, left out. An error when nothing is left to check, or a
    /// requirement is not met. Asked once per domain; then remembered.
    pub fn fit<P: Generate>(&self, config: &CheckConfig) -> Result<CheckConfig, String> {
        let domain = config.domain();
        // Keyed by what was asked: a config fitted already fits alike.
        let asked = Domain {
            left_out: Default::default(),
            ..domain
        };
        let mut fitted = self.fitted.lock().unwrap_or_else(|e| e.into_inner());
        let found = match fitted.as_ref() {
            Some((key, result)) if *key == asked => result.clone(),
            _ => {
                let result = self.left_out::<P>(&asked);
                *fitted = Some((asked, result.clone()));
                result
            }
        }?;
        let left_out = crate::generation::LeftOut {
            sizes: found.sizes | domain.left_out.sizes,
            undo: found.undo || domain.left_out.undo,
        };
        Ok(CheckConfig {
            left_out,
            ..config.clone()
        })
    }

    fn left_out<P: Generate>(&self, domain: &Domain) -> Result<crate::generation::LeftOut, String> {
        self.verify()?;
        let profile = self.profile.get().expect("verified").clone();
        let mut notes = Vec::new();
        let mut left_out = domain.left_out;
        if profile.board.is_none() && self.require.board {
            return Err(
                "--gtp-require board: the engine has neither list_stones nor showboard".into(),
            );
        }
        if !profile.undo {
            if self.require.undo {
                notes.push(
                    "the engine does not list undo; sent all the same (--gtp-require undo)".into(),
                );
            } else {
                left_out.undo = true;
                notes.push(
                    "the engine has no undo: sequences are played without it, which leaves out \
                     every check of undo (its replies, the boards after it, the undo law); \
                     --gtp-require undo sends it all the same"
                        .into(),
                );
            }
        }
        if !profile.genmove {
            notes.push(
                "the engine does not list genmove (which GTP requires): the genmove law is left out"
                    .into(),
            );
        }
        let extras = P::extras();
        let form = form::<P>();
        let sizes: Vec<usize> = (form.sizes)(domain.max_size(&extras))
            .into_iter()
            .filter(|&n| domain.min_size.is_none_or(|m| n >= m))
            .filter(|&n| !left_out.size(n))
            .filter(|&n| domain.shape.is_none_or(|s| s.rows.max(s.cols) == n))
            .collect();
        let answers =
            probe::board_sizes(&self.argv, &self.limits, &profile, &sizes).map_err(|e| {
                format!(
                    "the engine could not be started again: {}",
                    wire_words(&e, &self.limits)
                )
            })?;
        let mut refused = Vec::new();
        let mut said = String::new();
        for (n, answer) in &answers {
            match answer {
                SizeAnswer::Accepted => {}
                SizeAnswer::Refused(reply) => {
                    refused.push(*n);
                    left_out.leave_out_size(*n);
                    if said.is_empty() {
                        said = reply.clone();
                    }
                }
                SizeAnswer::Failed(how) => notes.push(format!(
                    "`boardsize {n}` failed when asked at the start ({how}): its cases will show how"
                )),
            }
        }
        if !refused.is_empty() {
            notes.push(format!(
                "board sizes the engine refuses (`{}`), left out: {}",
                excerpt(&said, 60),
                crate::text::ranges(&refused)
            ));
        }
        self.notes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(notes);
        if refused.len() == sizes.len() {
            return Err(format!(
                "the engine refuses every board size of the check ({}): declare the ones it plays with --size or --shape",
                if said.is_empty() {
                    "none to ask".to_string()
                } else {
                    format!("`boardsize N` answered `{}`", excerpt(&said, 60))
                }
            ));
        }
        Ok(left_out)
    }

    fn start(&self) -> Result<Engine, WireError> {
        let profile = match self.profile() {
            Some(p) => p.clone(),
            None => Profile::default(),
        };
        Engine::start(&self.argv, &self.limits, profile)
    }

    /// GTP commands sent over the batches of cases (set-up and read-back
    /// included), the time spent waiting for their replies and the
    /// batches' time. Frozen once the check's cases are done
    /// ([`Gtp::end_of_cases`]), so that the laws' runs do not count.
    pub fn stats(&self) -> Stats {
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
        self.profile.get().map(|p| p.board)
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

    /// What the probe found, in words (ids, undo, refused sizes).
    pub fn notes(&self) -> Vec<String> {
        self.notes.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// A fresh engine, or why it could not start (as the case's outcome).
    pub(crate) fn fresh<A>(&self) -> Result<Engine, Outcome<A>> {
        self.start().map_err(|e| wire_failure(e, &self.limits, &[]))
    }
}

/// What the batches of a check sent and waited for.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    /// Commands sent.
    pub commands: u64,
    /// Time spent waiting for their replies.
    pub waited: Duration,
    /// The batches' time, from the first command to the last reply (engine
    /// restarts included).
    pub served: Duration,
}

impl Stats {
    /// The engine's share of the batches' time, at most 1.
    pub fn engine_share(&self) -> f64 {
        if self.served.is_zero() {
            return 0.0;
        }
        (self.waited.as_secs_f64() / self.served.as_secs_f64()).min(1.0)
    }
}

/// Why a command got no reply, in words.
fn wire_words(e: &WireError, limits: &RunLimits) -> String {
    match e {
        WireError::Start(s) => s.clone(),
        WireError::Session(f) => ended_words(f, limits),
        WireError::Framing { error, .. } | WireError::Misframed { error, .. } => error.clone(),
    }
}

/// How a session ended, in words.
fn ended_words(f: &Ended, limits: &RunLimits) -> String {
    match failed::<()>(f.clone(), limits) {
        Outcome::Crashed { detail, .. }
        | Outcome::TimedOut { detail, .. }
        | Outcome::OutOfMemory { detail, .. }
        | Outcome::OutputLimit { detail, .. } => detail,
        Outcome::Unreadable { error, .. } => error,
        Outcome::Answered { .. } => "it answered".into(),
    }
}

/// The GTP engine behind `candidate`, if it is one.
pub fn engine_of<P: Generate>(candidate: &dyn Candidate<P>) -> Option<&Gtp> {
    candidate.engine()?.downcast_ref::<Gtp>()
}

/// The form of `P`, which the command line checked is there.
pub fn form<P: Generate>() -> GtpForm<P> {
    P::gtp_form().unwrap_or_else(|| panic!("{} has no GTP form", P::NAME))
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

/// What a command that got no reply comes to: the verdict's detail names
/// the command and how the engine failed it; the output is the transcript
/// so far (what the engine answered before: a crash after answers is a
/// verdict on the engine, never a start-up failure).
fn wire_failure<A>(e: WireError, limits: &RunLimits, transcript: &[wire::Exchange]) -> Outcome<A> {
    let text = transcript_text(transcript);
    let at = match transcript.last() {
        Some(last) => format!(
            "on `{}` (command {} of the run)",
            last.sent,
            transcript.len()
        ),
        None => "at start".to_string(),
    };
    match e {
        WireError::Start(detail) => Outcome::Crashed {
            output: text,
            detail,
        },
        WireError::Session(f) if f.exit == Exit::OutputLimit => {
            let began = excerpt(f.output.trim_start(), 120);
            Outcome::OutputLimit {
                output: text,
                detail: format!(
                    "output limit {at}: a reply longer than {} bytes (--output-kb), stopped; it began `{began}`",
                    limits.output_bytes
                ),
            }
        }
        WireError::Session(f) => {
            let mut words = ended_words(&f, limits);
            if f.exit == Exit::TimedOut && !f.output.trim().is_empty() {
                // Lines came, but not the blank line that ends a reply.
                words = format!(
                    "{}; the reply had begun `{}` but did not end",
                    words.replacen("no answer line within", "no whole reply within", 1),
                    excerpt(f.output.trim_start(), 80)
                );
            }
            match failed::<A>(f, limits) {
                Outcome::Crashed { .. } => Outcome::Crashed {
                    output: text,
                    detail: format!("{at}: {words}"),
                },
                Outcome::TimedOut { starved, .. } => Outcome::TimedOut {
                    output: text,
                    detail: format!("{at}: {words} (--timeout-ms is the limit of one command)"),
                    starved,
                },
                Outcome::OutOfMemory { .. } => Outcome::OutOfMemory {
                    output: text,
                    detail: format!("{at}: {words}"),
                },
                Outcome::OutputLimit { .. } => Outcome::OutputLimit {
                    output: text,
                    detail: format!("{at}: {words}"),
                },
                _ => Outcome::Unreadable {
                    output: text,
                    error: format!("{at}: {words}"),
                },
            }
        }
        WireError::Framing { error, .. } | WireError::Misframed { error, .. } => {
            Outcome::Unreadable {
                output: text,
                error: format!("GTP framing broken {at}: {error}"),
            }
        }
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
    limits: &RunLimits,
) -> Result<Played, (Outcome<P::Answer>, bool)> {
    let form = form::<P>();
    engine.transcript.clear();
    // The engine is dead after a failed command, unless the reply was
    // read whole and in step (misframed only).
    let dead = |e: WireError, engine: &Engine| -> (Outcome<P::Answer>, bool) {
        let dead = !matches!(e, WireError::Misframed { .. });
        (wire_failure(e, limits, &engine.transcript), dead)
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
                    "the engine refused `{setup}`: it replied `{}`",
                    excerpt(&reply_text(&r), 200)
                );
                return Err(refused(error, engine));
            }
            Err(e) => return Err(dead(e, engine)),
        }
    }
    let mut replies = Vec::new();
    for command in (form.commands)(case) {
        match engine.command(&command) {
            Ok(r) => replies.push(wire::cut(&r, wire::TRANSCRIPT_KEPT)),
            Err(e) => return Err(dead(e, engine)),
        }
    }
    let mut played = Played {
        replies,
        black: String::new(),
        white: String::new(),
        showboard: String::new(),
    };
    let reads: &[(&str, u8)] = match engine.profile.board {
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
                let error = format!(
                    "the board read-back `{command}` failed: the engine replied `{}`",
                    excerpt(&reply_text(&r), 200)
                );
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
        let no_board = engine.profile.board.is_none();
        let readback = match engine.profile.board {
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
                        output: transcript,
                        error,
                    },
                    true,
                );
            }
        };
        let (want, _) = reference::<P>(case);
        let compared = if no_board && (form.without_board)(&answer) == (form.without_board)(&want) {
            // Only the replies can be compared, and they agree.
            want.clone()
        } else {
            answer
        };
        let note = if compared == want {
            String::new()
        } else {
            first_difference::<P>(case, &want, &played.replies, no_board)
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
        let started = std::time::Instant::now();
        let (mut commands, mut waited) = (0, Duration::ZERO);
        // How many cases in a row killed the engine the same way.
        let mut dead_in_a_row = 0;
        for case in cases {
            if dead_in_a_row >= DEAD_IN_A_ROW
                && let Some(last) = outcomes.last().cloned()
            {
                outcomes.resize(cases.len(), not_played(last));
                break;
            }
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
            commands += std::mem::take(&mut e.sent);
            waited += std::mem::take(&mut e.waited);
            dead_in_a_row = match outcomes.last() {
                Some(last) if !alive && same_kind(last, &outcome) => dead_in_a_row + 1,
                _ if !alive => 1,
                _ => 0,
            };
            outcomes.push(outcome);
            if alive {
                engine = Some(e);
            }
        }
        if cases.len() > 1 {
            let mut stats = self.stats.lock().unwrap_or_else(|e| e.into_inner());
            stats.commands += commands;
            stats.waited += waited;
            stats.served += started.elapsed();
        }
        (outcomes, engine)
    }
}

/// Whether two outcomes are failures of the same kind.
fn same_kind<A>(a: &Outcome<A>, b: &Outcome<A>) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b) && !matches!(a, Outcome::Answered { .. })
}

/// The outcome of a case of a batch left unplayed after `last`, as `last`.
fn not_played<A>(last: Outcome<A>) -> Outcome<A> {
    let why = format!(
        "not played: the engine failed the {DEAD_IN_A_ROW} cases before this one of its batch the same way; "
    );
    match last {
        Outcome::Crashed { output, detail } => Outcome::Crashed {
            output,
            detail: format!("{why}{detail}"),
        },
        Outcome::TimedOut {
            output,
            detail,
            starved,
        } => Outcome::TimedOut {
            output,
            detail: format!("{why}{detail}"),
            starved,
        },
        Outcome::OutOfMemory { output, detail } => Outcome::OutOfMemory {
            output,
            detail: format!("{why}{detail}"),
        },
        Outcome::OutputLimit { output, detail } => Outcome::OutputLimit {
            output,
            detail: format!("{why}{detail}"),
        },
        Outcome::Unreadable { output, error } => Outcome::Unreadable {
            output,
            error: format!("{why}{error}"),
        },
        answered => answered,
    }
}

/// Where a wrong answer first differs, quoting the engine's reply as it
/// was written (the whole sequence is the GTP report's).
fn first_difference<P: Generate>(
    case: &P::Case,
    want: &P::Answer,
    replies: &[Reply],
    no_board: bool,
) -> String {
    let commands = (form::<P>().commands)(case);
    let (expected, _) = split_answer::<P>(want, commands.len());
    let differs = commands.iter().enumerate().find(|(i, _)| {
        let e = expected.get(*i).map_or("", String::as_str);
        replies.get(*i).is_none_or(|r| !same_outcome(e, r))
    });
    let mut out = match differs {
        Some((i, command)) => format!(
            "GTP: first difference at command {} of {}, `{command}`: expected `{}`, the engine replied `{}`",
            i + 1,
            commands.len(),
            expected.get(i).map_or("", String::as_str),
            replies
                .get(i)
                .map_or("(nothing)".to_string(), |r| excerpt(&reply_text(r), 200))
        ),
        None => "GTP: every reply agrees; the final board differs".to_string(),
    };
    if no_board {
        out.push_str(" (board not compared: the engine shows none)");
    }
    out
}

/// The first other rule set of the problem under which every reply of the
/// engine is what the reference expects, in words: an engine that keeps
/// another convention (GRhino inserts forced passes itself) is told so,
/// not only that it differs from the contract's rules. Asked once per
/// reported failure, on its replay: it plays the case under every rule set.
fn agreeing_rules<P: Generate>(case: &P::Case, replies: &[Reply]) -> Option<String> {
    let sets = P::extras().rules?;
    let own = (sets.of)(case);
    let k = (form::<P>().commands)(case).len();
    (0u32..64).filter(|&r| r != own).find_map(|r| {
        let describe = (sets.describe)(r);
        if (sets.parse)(&describe).ok()? != r {
            return None;
        }
        let other = (sets.with)(case.clone(), r);
        let (want, _) = reference::<P>(&other);
        let (expected, _) = split_answer::<P>(&want, k);
        let agrees = expected.len() == replies.len()
            && expected
                .iter()
                .zip(replies)
                .all(|(e, r)| same_outcome(e, r));
        agrees.then_some(describe)
    })
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

    fn runs_a_program(&self) -> bool {
        true
    }
    fn stack_limit(&self) -> Option<u64> {
        Some(self.limits.stack_in_force())
    }

    fn sandbox(&self) -> String {
        match process::probe(self.limits.sandbox) {
            Ok(level) => {
                let mut out = format!(
                    "{level}, one long-lived GTP engine per job (--gtp), time limit per command; {}",
                    self.board_words()
                );
                for note in self.notes() {
                    out.push_str("; ");
                    out.push_str(&note);
                }
                out
            }
            Err(e) => format!("unavailable: {e}"),
        }
    }

    fn engine(&self) -> Option<&dyn std::any::Any> {
        Some(self)
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
