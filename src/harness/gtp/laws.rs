//! Laws only a stateful engine can break, checked on the engine's own
//! boards, read back after every command (`check --gtp`, after the cases):
//! - `undo`: after an accepted `undo` the board equals the board before
//!   the play it took back;
//! - `refused play`: a play the engine refuses leaves its board unchanged;
//! - `genmove`: the move `genmove` returns (at the end of the sequence, for
//!   the colour after the last accepted play) is one the oracle accepts
//!   there, or `pass` or `resign`.
//!
//! A violation is shrunk by deleting commands (blocks, then single ones)
//! while the same law still breaks on a fresh engine, and reported with
//! its transcript.

use proptest::strategy::{Strategy, ValueTree};

use super::wire::{Engine, reply_text, transcript_text};
use super::{Gtp, form, split_answer, with_commands};
use crate::generation::{Domain, Generate, reference};
use crate::gtp::Reply;
use crate::problem::case_text;

/// The laws, by name.
pub const LAWS: [&str; 3] = ["undo", "refused play", "genmove"];

/// A law the engine broke.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Broken {
    /// Which law.
    pub law: &'static str,
    /// The (shrunk) case, as text.
    pub input: String,
    /// How many commands it has.
    pub commands: usize,
    /// What went wrong.
    pub detail: String,
    /// The exchanges of the run that showed it.
    pub transcript: String,
    /// Fresh-engine runs spent shrinking.
    pub shrink_runs: usize,
}

/// What the laws came to.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct LawsReport {
    /// Cases played with a board read after every command.
    pub cases: usize,
    /// Laws checked how many times each (undos accepted, plays refused,
    /// genmoves).
    pub checked: [usize; 3],
    /// The first violation, shrunk.
    pub broken: Option<Broken>,
    /// Cases the engine failed outright (crash, time-out): left to the
    /// checker, which judges them.
    pub failed_runs: usize,
}

/// The colour token after `c` (`b` after `w`, `black` after `white`).
fn other(c: &str) -> String {
    match c.to_ascii_lowercase().as_str() {
        "b" => "w".into(),
        "w" => "b".into(),
        "black" => "white".into(),
        "white" => "black".into(),
        _ => "b".into(),
    }
}

/// One case with a board read after every command: the first law broken
/// (name, what), with counts of what was checked added to `checked`. `Err`
/// when the engine failed (not a law's business).
fn run_case<P: Generate>(
    engine: &mut Engine,
    case: &P::Case,
    checked: &mut [usize; 3],
) -> Result<Option<(&'static str, String)>, ()> {
    let form = form::<P>();
    let commands = (form.commands)(case);
    let empty = with_commands::<P>(case, &[]).ok_or(())?;
    let board = |engine: &mut Engine| board_after_setup::<P>(engine, &empty);
    // Set up, then replay the commands one by one with a read after each.
    engine.transcript.clear();
    let n = (form.board_size)(case);
    for setup in [format!("boardsize {n}"), "clear_board".to_string()] {
        match engine.command(&setup) {
            Ok(r) if r.ok => {}
            _ => return Err(()),
        }
    }
    let mut before = board(engine)?;
    // Boards before each accepted play, and the colour that played.
    let mut stack: Vec<(String, String)> = Vec::new();
    for command in &commands {
        let reply: Reply = engine.command(command).map_err(|_| ())?;
        let after = board(engine)?;
        let words: Vec<&str> = command.split_whitespace().collect();
        match words.first().map(|w| w.to_ascii_lowercase()) {
            Some(w) if w == "play" => {
                if reply.ok {
                    stack.push((before.clone(), words.get(1).unwrap_or(&"b").to_string()));
                } else {
                    checked[1] += 1;
                    if after != before {
                        return Ok(Some((
                            "refused play",
                            format!(
                                "`{command}` was refused ({}) but the board changed:\nbefore:\n{before}\nafter:\n{after}",
                                reply_text(&reply)
                            ),
                        )));
                    }
                }
            }
            Some(w) if w == "undo" && reply.ok => {
                checked[0] += 1;
                if let Some((was, _)) = stack.pop()
                    && was != after
                {
                    return Ok(Some((
                        "undo",
                        format!(
                            "after `undo` the board is not the one before the play it took back:\nbefore that play:\n{was}\nafter undo:\n{after}"
                        ),
                    )));
                }
            }
            _ => {}
        }
        before = after;
    }
    let colour = stack.last().map_or("b".to_string(), |(_, c)| other(c));
    let reply = engine
        .command(&format!("genmove {colour}"))
        .map_err(|_| ())?;
    checked[2] += 1;
    if !reply.ok {
        return Ok(Some((
            "genmove",
            format!("`genmove {colour}` failed: {}", reply_text(&reply)),
        )));
    }
    let vertex = reply
        .text
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_string();
    // A pass or a resignation is always an answer (the engine may see the
    // turn differently: GRhino passes for a side without a move itself).
    if vertex.eq_ignore_ascii_case("resign") || vertex.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    let mut more = commands.clone();
    more.push(format!("play {colour} {vertex}"));
    let Some(extended) = with_commands::<P>(case, &more) else {
        return Ok(Some((
            "genmove",
            format!("`genmove {colour}` returned {vertex:?}, which is not a vertex"),
        )));
    };
    let (want, _) = reference::<P>(&extended);
    let (expected, _) = split_answer::<P>(&want, more.len());
    if expected.last().is_some_and(|e| !e.starts_with('=')) {
        return Ok(Some((
            "genmove",
            format!(
                "`genmove {colour}` returned {vertex}, which the oracle refuses there ({})",
                expected.last().map_or("", String::as_str)
            ),
        )));
    }
    Ok(None)
}

/// The engine's board (as the problem draws it) without a new set-up:
/// `empty` (the case with no commands) only gives the board size.
fn board_after_setup<P: Generate>(engine: &mut Engine, empty: &P::Case) -> Result<String, ()> {
    use super::wire::BoardCommand;
    use crate::gtp::ReadBack;
    let board = engine.board.ok_or(())?;
    let (a, b) = match board {
        BoardCommand::ListStones => {
            let black = engine.command("list_stones black").map_err(|_| ())?;
            let white = engine.command("list_stones white").map_err(|_| ())?;
            (black.text, white.text)
        }
        BoardCommand::Showboard => (
            engine.command("showboard").map_err(|_| ())?.text,
            String::new(),
        ),
    };
    let readback = match board {
        BoardCommand::ListStones => ReadBack::ListStones {
            black: &a,
            white: &b,
        },
        BoardCommand::Showboard => ReadBack::Showboard(&a),
    };
    let answer = (form::<P>().answer)(empty, &[], Some(readback)).map_err(|_| ())?;
    Ok(split_answer::<P>(&answer, 0).1)
}

/// The law `law` on `case` with a fresh engine: what broke, if it did.
fn breaks<P: Generate>(gtp: &Gtp, case: &P::Case, law: &str) -> Option<(String, String)> {
    let mut engine = gtp.fresh::<P::Answer>().ok()?;
    let mut checked = [0; 3];
    match run_case::<P>(&mut engine, case, &mut checked) {
        Ok(Some((l, detail))) if l == law => Some((detail, transcript_text(&engine.transcript))),
        _ => None,
    }
}

/// Deletes blocks of commands, then single ones, while `law` still breaks
/// on a fresh engine, within `budget` runs.
fn shrink<P: Generate>(gtp: &Gtp, case: P::Case, law: &str, budget: usize) -> (P::Case, usize) {
    let form = form::<P>();
    let mut case = case;
    let mut runs = 0;
    let mut chunk = (form.commands)(&case).len().div_ceil(2).max(1);
    loop {
        let commands = (form.commands)(&case);
        let mut improved = false;
        let mut at = 0;
        while at < commands.len() && runs < budget {
            let mut fewer = commands.clone();
            fewer.drain(at..(at + chunk).min(commands.len()));
            runs += 1;
            if let Some(smaller) = with_commands::<P>(&case, &fewer)
                && breaks::<P>(gtp, &smaller, law).is_some()
            {
                case = smaller;
                improved = true;
                break;
            }
            at += chunk;
        }
        if runs >= budget {
            break;
        }
        if !improved {
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
    }
    (case, runs)
}

/// Plays `cases` random cases of `domain` (seeded by `seed`) with a board
/// read after every command, and checks the laws; the first violation is
/// shrunk (at most `shrink_runs` fresh runs). Needs an engine that shows
/// its board; without one, nothing is checked (`cases` is 0).
pub fn check_laws<P: Generate>(
    gtp: &Gtp,
    domain: Domain,
    seed: u64,
    cases: usize,
    shrink_runs: usize,
) -> LawsReport {
    let mut report = LawsReport::default();
    if !matches!(gtp.board_command(), Some(Some(_))) {
        return report;
    }
    let mut runner = super::super::run::seeded_runner(seed ^ 0x6774_705f_6c61_7773);
    let strategy = domain.cases::<P>();
    let mut engine: Option<Engine> = None;
    for _ in 0..cases {
        let Ok(tree) = strategy.new_tree(&mut runner) else {
            break;
        };
        let case = tree.current();
        let mut e = match engine.take() {
            Some(e) => e,
            None => match gtp.fresh::<P::Answer>() {
                Ok(e) => e,
                Err(_) => {
                    report.failed_runs += 1;
                    continue;
                }
            },
        };
        report.cases += 1;
        match run_case::<P>(&mut e, &case, &mut report.checked) {
            Err(()) => report.failed_runs += 1,
            Ok(None) => engine = Some(e),
            Ok(Some((law, _))) => {
                // Confirmed on a fresh engine, then shrunk.
                if breaks::<P>(gtp, &case, law).is_none() {
                    engine = Some(e);
                    continue;
                }
                let (small, runs) = shrink::<P>(gtp, case, law, shrink_runs);
                if let Some((detail, transcript)) = breaks::<P>(gtp, &small, law) {
                    report.broken = Some(Broken {
                        law,
                        input: case_text::<P>(&small),
                        commands: (form::<P>().commands)(&small).len(),
                        detail,
                        transcript,
                        shrink_runs: runs,
                    });
                    break;
                }
            }
        }
    }
    report
}

impl LawsReport {
    /// The report for a person.
    pub fn render(&self) -> String {
        let mut out = format!(
            "GTP laws: {} cases with the board read after every command; {} undos, {} refused plays, {} genmoves checked",
            self.cases, self.checked[0], self.checked[1], self.checked[2]
        );
        if self.failed_runs > 0 {
            out.push_str(&format!(
                "; {} runs failed outright (a crash, or a command past its time limit: genmove \
                 on a large board), not judged here",
                self.failed_runs
            ));
        }
        out.push('\n');
        if let Some(b) = &self.broken {
            out.push_str(&format!(
                "law broken: {} ({} commands after shrinking, {} runs)\ninput:\n{}{}\ntranscript:\n{}",
                b.law, b.commands, b.shrink_runs, b.input, b.detail, b.transcript
            ));
        }
        out
    }
}
