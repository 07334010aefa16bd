//! What a GTP law sequence shows: the sequence played with the engine's
//! board read back after every command, each reply and each board
//! compared with the oracle's as the case phase compares them, and at the
//! end `genmove` judged on the state the engine and the oracle agree on.
//!
//! - `undo`: after an accepted `undo` the board is the one before the play
//!   it took back;
//! - `refused play`: a play the engine refuses leaves its board unchanged;
//! - `genmove`: the move `genmove` returns for the colour to move is one
//!   the oracle accepts there, or `pass` or `resign`.
//!
//! A disagreement is a failing case (the sequence up to that command),
//! named by the law it breaks when one does: it is judged and shrunk as
//! any case is (the check's phases). Only `genmove`, which no
//! case sends, is judged here, and only after every reply and board
//! agreed: so a law never blames a command for an earlier difference.

use super::wire::{BoardCommand, Engine, reply_text};
use super::{form, same_outcome, split_answer, with_commands};
use crate::generation::{Generate, reference};
use crate::gtp_form::ReadBack;

/// The laws, by name.
pub const LAWS: [&str; 3] = ["undo", "refused play", "genmove"];

/// What one sequence came to.
#[derive(Debug)]
pub enum Seen {
    /// Every reply and board agreed with the oracle; `genmove`'s move, if
    /// the oracle refuses it, is the law broken (what, and the transcript).
    Agreed(Option<(String, String)>),
    /// The engine disagreed with the oracle at this command (0-based): the
    /// sequence up to it is a failing case; the law it breaks, if one does.
    Disagreed {
        /// The command where it first disagreed.
        at: usize,
        /// The law broken there, if a law names it.
        law: Option<&'static str>,
    },
    /// The engine failed outright (a crash, a time-out, broken framing, a
    /// board that does not read): left to the case phase, which judges
    /// such runs.
    Failed,
}

/// The engine's board as the problem writes it, read back now; `case`
/// only gives the board size.
fn board_now<P: Generate>(engine: &mut Engine, case: &P::Case) -> Option<String> {
    let board = engine.profile.board?;
    let empty = with_commands::<P>(case, &[])?;
    let (a, b) = match board {
        BoardCommand::ListStones => {
            let black = engine.command("list_stones black").ok()?;
            let white = engine.command("list_stones white").ok()?;
            (black.text, white.text)
        }
        BoardCommand::Showboard => (engine.command("showboard").ok()?.text, String::new()),
    };
    let readback = match board {
        BoardCommand::ListStones => ReadBack::ListStones {
            black: &a,
            white: &b,
        },
        BoardCommand::Showboard => ReadBack::Showboard(&a),
    };
    let answer = (form::<P>().answer)(&empty, &[], Some(readback)).ok()?;
    Some(split_answer::<P>(&answer, 0).1)
}

/// The oracle's board after the first `k` commands of `case`.
fn oracle_board<P: Generate>(case: &P::Case, commands: &[String], k: usize) -> Option<String> {
    let prefix = with_commands::<P>(case, &commands[..k])?;
    Some(split_answer::<P>(&reference::<P>(&prefix).0, k).1)
}

/// Plays `case` on `engine` with its board read after every command,
/// comparing each reply and board with the oracle's; adds what the laws
/// checked to `checked` (undos accepted, plays refused, genmoves).
pub fn play_sequence<P: Generate>(
    engine: &mut Engine,
    case: &P::Case,
    checked: &mut [usize; 3],
) -> Seen {
    let form = form::<P>();
    let commands = (form.commands)(case);
    let (want, _) = reference::<P>(case);
    let (expected, _) = split_answer::<P>(&want, commands.len());
    engine.transcript.clear();
    let n = (form.board_size)(case);
    for setup in [format!("boardsize {n}"), "clear_board".to_string()] {
        match engine.command(&setup) {
            Ok(r) if r.ok => {}
            _ => return Seen::Failed,
        }
    }
    let Some(mut before) = board_now::<P>(engine, case) else {
        return Seen::Failed;
    };
    // The boards before each accepted play still on the engine's stack.
    let mut stack: Vec<String> = Vec::new();
    for (i, command) in commands.iter().enumerate() {
        let Ok(reply) = engine.command(command) else {
            return Seen::Failed;
        };
        let Some(after) = board_now::<P>(engine, case) else {
            return Seen::Failed;
        };
        let e = expected.get(i).map_or("", String::as_str);
        let Some(oracle_after) = oracle_board::<P>(case, &commands, i + 1) else {
            return Seen::Failed;
        };
        let is_undo = command.trim().eq_ignore_ascii_case("undo");
        let agrees = same_outcome(e, &reply) && after == oracle_after;
        if !agrees {
            // Named by a law where the oracle keeps it and the engine not.
            let law = match (is_undo, reply.ok, stack.last()) {
                (true, true, Some(was)) if *was != after && *was == oracle_after => Some("undo"),
                (false, false, _) if after != before && before == oracle_after => {
                    Some("refused play")
                }
                _ => None,
            };
            return Seen::Disagreed { at: i, law };
        }
        match (is_undo, reply.ok) {
            (true, true) => {
                checked[0] += 1;
                stack.pop();
            }
            (false, true) => stack.push(before.clone()),
            (false, false) => checked[1] += 1,
            (true, false) => {}
        }
        before = after;
    }
    genmove::<P>(engine, case, &commands, checked)
}

/// `genmove` for the colour to move after `case`, judged by the oracle;
/// not asked of an engine that does not list it.
fn genmove<P: Generate>(
    engine: &mut Engine,
    case: &P::Case,
    commands: &[String],
    checked: &mut [usize; 3],
) -> Seen {
    if !engine.profile.genmove {
        return Seen::Agreed(None);
    }
    let form = form::<P>();
    let colour = (form.to_move)(case);
    let Ok(reply) = engine.command(&format!("genmove {colour}")) else {
        return Seen::Failed;
    };
    checked[2] += 1;
    let transcript = || super::wire::transcript_text(&engine.transcript);
    if !reply.ok {
        return Seen::Agreed(Some((
            format!(
                "`genmove {colour}` failed: the engine replied `{}`",
                reply_text(&reply)
            ),
            transcript(),
        )));
    }
    let vertex = reply
        .text
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_string();
    // A pass or a resignation is always an answer.
    if vertex.eq_ignore_ascii_case("resign") || vertex.eq_ignore_ascii_case("pass") {
        return Seen::Agreed(None);
    }
    let mut more = commands.to_vec();
    more.push(format!("play {colour} {vertex}"));
    let Some(extended) = with_commands::<P>(case, &more) else {
        return Seen::Agreed(Some((
            format!(
                "`genmove {colour}` returned `{}`, which is not a vertex",
                reply_text(&reply)
            ),
            transcript(),
        )));
    };
    let (want, _) = reference::<P>(&extended);
    let (expected, _) = split_answer::<P>(&want, more.len());
    match expected.last() {
        Some(e) if !e.starts_with('=') => Seen::Agreed(Some((
            format!(
                "`genmove {colour}` returned {vertex}, which the oracle refuses there ({e}); \
                 every reply and board before it agreed with the oracle's"
            ),
            transcript(),
        ))),
        _ => Seen::Agreed(None),
    }
}
