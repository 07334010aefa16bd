//! The wire of the Go Text Protocol (version 2): one command at a time over
//! a long-lived [`Session`], each reply read whole (`=`/`?`, the id, lines
//! up to the blank line) before the next command is written, since some
//! engines drop queued input.
//!
//! Every reply is read under the per-command time limit and the output
//! cap (`--output-kb`, for the whole reply); of a long reply only its
//! first bytes are kept, so no engine can grow the checker's memory.
//! Framing against the spec is an error named precisely: output before
//! the command (a reply to nothing), a space between `=` and the id, a
//! reply with another id or none, a first line without `=` or `?`.

use std::time::{Duration, Instant};

use super::super::process::{Exit, RunLimits};
use super::super::session::{Ended, Session};
use crate::gtp_form::Reply;

/// The time an engine has to start and answer its first command.
pub const STARTUP: Duration = Duration::from_secs(10);

/// Bytes of a reply kept for the answer and the report: far more than
/// any board of the contract's takes (`showboard` of 25 x 25 is about
/// 3 KB); the rest of a longer reply is counted against the output cap
/// and dropped.
pub const REPLY_KEPT: usize = 256 << 10;

/// Bytes of one reply a transcript keeps: its first ones.
pub const TRANSCRIPT_KEPT: usize = 2 << 10;

/// How an engine shows its board, found by asking it once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardCommand {
    /// `list_stones black` and `list_stones white` (GNU Go).
    ListStones,
    /// `showboard`, parsed by the problem.
    Showboard,
}

/// One command sent and what came back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// The command as sent, without its id.
    pub sent: String,
    /// The line as written to the engine (with its id, if ids are sent).
    pub line: String,
    /// The reply (its first [`TRANSCRIPT_KEPT`] bytes), or `None` when none
    /// could be read (crash, time-out, broken framing).
    pub reply: Option<Reply>,
    /// With no reply for broken framing: what the engine wrote (its first
    /// bytes, lines joined by `\n`), to quote as written.
    pub misframed: Option<String>,
}

impl Exchange {
    /// What the engine answered, as written: the reply without its id,
    /// the misframed text quoted whole, or `(no reply)`.
    pub fn got_text(&self) -> String {
        match (&self.reply, &self.misframed) {
            (Some(r), _) => reply_text(r),
            (None, Some(raw)) => format!(
                "`{}` (misframed)",
                excerpt(raw.trim_end().replace('\n', " / ").as_str(), 120)
            ),
            (None, None) => "(no reply)".to_string(),
        }
    }
}

/// Why a command got no reply.
#[derive(Debug)]
pub enum WireError {
    /// The program could not be started.
    Start(String),
    /// The process crashed, ran out of time or memory, or its reply went
    /// over the output cap: the session's own failure.
    Session(Ended),
    /// A reply read whole and in step, but framed against the spec (its
    /// id apart from the marker, or missing): the engine may go on.
    Misframed {
        /// The first bytes read.
        output: String,
        /// What is wrong with them.
        error: String,
    },
    /// The reply broke GTP's framing; what was read and what is wrong.
    Framing {
        /// The first bytes read.
        output: String,
        /// What is wrong with them.
        error: String,
    },
}

/// How command ids are sent and checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ids {
    /// Sent and expected back, as GTP says (`=5 ...`).
    Echoed,
    /// Not sent: the engine does not understand them (`1 boardsize 9` is
    /// `? unknown command`) or does not echo them.
    NotSent,
}

/// A GTP engine: its session, the next command id, and what it was sent.
pub struct Engine {
    session: Session,
    next_id: u64,
    /// What the engine is known to do (ids, read-back, undo).
    pub profile: Profile,
    /// Every command since the transcript was last cleared.
    pub transcript: Vec<Exchange>,
    /// The first line of the last reply, as written (its first bytes).
    pub last_first_line: String,
    /// Commands sent since last counted.
    pub sent: u64,
    /// Time spent waiting for replies since last counted.
    pub waited: Duration,
    /// Whether the engine has answered nothing yet (its first answer may
    /// take [`STARTUP`]).
    starting: bool,
    /// The output cap of one reply.
    cap: usize,
}

/// The framing of one reply's first line, read leniently: the marker, the
/// id as written, and the text.
#[derive(Debug, PartialEq, Eq)]
pub struct Head<'a> {
    /// `=` (true) or `?`.
    pub ok: bool,
    /// Digits right after the marker, as GTP writes an id.
    pub id: Option<&'a str>,
    /// The first word after a space, when it is all digits: an id written
    /// apart from its marker (`= 5 f5`), or a number that is the text.
    pub spaced_number: Option<&'a str>,
    /// What follows the marker and the attached id.
    pub rest: &'a str,
}

/// Reads the first line of a reply leniently; an error when it does not
/// start with `=` or `?`.
pub fn head(first: &str) -> Result<Head<'_>, String> {
    let first = first.trim_end_matches(['\r', '\n']);
    let ok = match first.chars().next() {
        Some('=') => true,
        Some('?') => false,
        _ => {
            return Err(format!(
                "a reply must start with `=` or `?`, found `{}`",
                excerpt(first, 80)
            ));
        }
    };
    let after = &first[1..];
    let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let id = (digits > 0).then(|| &after[..digits]);
    let rest = &after[digits..];
    let spaced_number = if id.is_none() && rest.starts_with([' ', '\t']) {
        rest.split_whitespace()
            .next()
            .filter(|w| w.bytes().all(|b| b.is_ascii_digit()))
    } else {
        None
    };
    Ok(Head {
        ok,
        id,
        spaced_number,
        rest,
    })
}

/// Whether `output`, a program's answer to a case in a problem's text
/// form, opens as a GTP engine answers a line it does not know (`? unknown
/// command`, the message GTP's specification gives, with or without an
/// id): no text-form answer does, so the program is a GTP engine run
/// without `--gtp`.
///
/// ```
/// use boardcheck::harness::gtp::wire::refuses_as_unknown_command;
/// assert!(refuses_as_unknown_command("?1 unknown command\n\n"));
/// assert!(refuses_as_unknown_command("? Unknown command\n"));
/// assert!(!refuses_as_unknown_command("= \n? illegal move\n.X\n"));
/// assert!(!refuses_as_unknown_command(".\n"));
/// ```
pub fn refuses_as_unknown_command(output: &str) -> bool {
    let Some(first) = output.lines().find(|l| !l.trim().is_empty()) else {
        return false;
    };
    head(first).is_ok_and(|h| !h.ok && h.rest.trim().eq_ignore_ascii_case("unknown command"))
}

/// Parses one reply (its lines up to, not including, the blank line) to
/// the command of id `id` (`None`: sent without id). With ids the reply
/// must carry the same id right after its marker; a space between them,
/// another id or none is a framing error named as such. `\r` and a missing
/// space after the id are tolerated.
pub fn parse_reply(lines: &[String], id: Option<u64>) -> Result<Reply, String> {
    parse(lines, id, true).map_err(|(error, _)| error)
}

/// [`parse_reply`], or with `strict` false (the probe's) the id taken off
/// whether it is right, apart or missing. An error says whether the reply
/// was still in step with the commands (read whole, its id not another's).
fn parse(lines: &[String], id: Option<u64>, strict: bool) -> Result<Reply, (String, bool)> {
    let first = lines.first().map_or("", String::as_str);
    let h = head(first).map_err(|e| (e, false))?;
    let marker = if h.ok { '=' } else { '?' };
    let mut rest = h.rest;
    if let (Some(id), false) = (id, strict) {
        if h.id.is_none()
            && let Some(n) = h
                .spaced_number
                .filter(|n| n.parse::<u64>().ok() == Some(id))
        {
            rest = rest.trim_start()[n.len()..].trim_start();
        }
    } else if let Some(id) = id {
        match (h.id, h.spaced_number) {
            (Some(got), _) if got.parse::<u64>().ok() == Some(id) => {}
            (Some(got), _) => {
                return Err((
                    format!(
                        "the reply to command id {id} carries id {got} (`{}`): out of step with the commands",
                        excerpt(first.trim_end(), 80)
                    ),
                    false,
                ));
            }
            (None, Some(n)) if n.parse::<u64>().ok() == Some(id) => {
                return Err((
                    format!(
                        "a space between `{marker}` and the id: `{}` (GTP writes `{marker}{id}`, the id right after the marker)",
                        excerpt(first.trim_end(), 80)
                    ),
                    true,
                ));
            }
            (None, _) => {
                return Err((
                    format!(
                        "the reply to command id {id} carries no id: `{}` (GTP echoes a command's id: `{marker}{id}`)",
                        excerpt(first.trim_end(), 80)
                    ),
                    true,
                ));
            }
        }
    } else if h.id.is_some() {
        // Sent without id, answered with one: the digits are its id only
        // if the engine makes ids up; take them as text.
        rest = &first.trim_end_matches(['\r', '\n'])[1..];
    }
    let mut text: Vec<&str> = vec![rest.trim()];
    text.extend(lines[1..].iter().map(|l| l.trim_end_matches(['\r', '\n'])));
    Ok(Reply {
        ok: h.ok,
        text: text.join("\n").trim().to_string(),
    })
}

/// The first `n` characters of `text`, and `…` when there were more.
pub fn excerpt(text: &str, n: usize) -> String {
    let mut out: String = text.chars().take(n).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

/// `reply` with its text cut to its first `bytes` bytes (for transcripts).
pub fn cut(reply: &Reply, bytes: usize) -> Reply {
    if reply.text.len() <= bytes {
        return reply.clone();
    }
    let mut end = bytes;
    while !reply.text.is_char_boundary(end) {
        end -= 1;
    }
    Reply {
        ok: reply.ok,
        text: format!(
            "{}… ({} bytes in all)",
            &reply.text[..end],
            reply.text.len()
        ),
    }
}

/// Whether a line ends a reply: empty once `\r` and spaces are off.
fn is_blank(line: &str) -> bool {
    line.trim().is_empty()
}

impl Engine {
    /// Starts `argv` under `limits`, for an engine known by `profile`. No
    /// command is sent: the first one gets [`STARTUP`] to be answered.
    pub fn start(
        argv: &[String],
        limits: &RunLimits,
        profile: Profile,
    ) -> Result<Engine, WireError> {
        let session = Session::start(argv, limits).map_err(|e| {
            WireError::Start(format!(
                "could not start {}: {e}",
                argv.first().map_or("", |s| s)
            ))
        })?;
        Ok(Engine {
            session,
            next_id: 1,
            profile,
            transcript: Vec::new(),
            last_first_line: String::new(),
            sent: 0,
            waited: Duration::ZERO,
            starting: true,
            cap: limits.output_bytes,
        })
    }

    /// Sends `command` (with the next id when ids are sent) and reads its
    /// whole reply; the exchange goes into the transcript either way.
    /// After an error the engine is dead: drop it.
    pub fn command(&mut self, command: &str) -> Result<Reply, WireError> {
        let id = (self.profile.ids == Ids::Echoed).then(|| {
            self.next_id += 1;
            self.next_id - 1
        });
        self.command_as(command, id, true)
    }

    /// [`Engine::command`] with the framing read leniently (the probe's:
    /// an id apart from its marker, another id or none is let pass).
    pub(super) fn command_lenient(&mut self, command: &str) -> Result<Reply, WireError> {
        let id = (self.profile.ids == Ids::Echoed).then(|| {
            self.next_id += 1;
            self.next_id - 1
        });
        self.command_as(command, id, false)
    }

    /// Sends `command` with id `id` (or none) and reads its reply, its
    /// framing checked strictly or (the probe's) leniently: then the reply
    /// is read whatever its id.
    pub(super) fn command_as(
        &mut self,
        command: &str,
        id: Option<u64>,
        strict: bool,
    ) -> Result<Reply, WireError> {
        let line = match id {
            Some(id) => format!("{id} {command}"),
            None => command.to_string(),
        };
        let started = Instant::now();
        let limit = if self.starting {
            self.session.timeout().max(STARTUP)
        } else {
            self.session.timeout()
        };
        let result = self.exchange(&line, started + limit, id, strict);
        if result.is_ok() {
            self.starting = false;
        }
        self.sent += 1;
        self.waited += started.elapsed();
        self.transcript.push(Exchange {
            sent: command.to_string(),
            line,
            reply: result.as_ref().ok().map(|r| cut(r, TRANSCRIPT_KEPT)),
            misframed: match &result {
                Err(WireError::Framing { output, .. } | WireError::Misframed { output, .. }) => {
                    Some(output.clone())
                }
                _ => None,
            },
        });
        result
    }

    /// Starts the clock of the cases over: what the probe or a start-up
    /// spent is not the cases' time.
    pub fn reset_counts(&mut self) {
        self.sent = 0;
        self.waited = Duration::ZERO;
    }

    fn exchange(
        &mut self,
        line: &str,
        deadline: Instant,
        id: Option<u64>,
        strict: bool,
    ) -> Result<Reply, WireError> {
        if let Some(early) = self.session.unasked() {
            return Err(WireError::Framing {
                error: format!(
                    "the engine wrote `{}` before `{line}` was sent: a reply to no command",
                    excerpt(early.trim(), 80)
                ),
                output: early,
            });
        }
        let mut first = self
            .session
            .send(line, deadline, REPLY_KEPT)
            .map_err(WireError::Session)?;
        // Stray blank lines before a reply (an extra one after the last)
        // carry nothing; skip a few.
        let mut skipped = 0;
        while is_blank(first.text.as_deref().unwrap_or("x")) && skipped < 8 {
            first = self
                .session
                .next_line(deadline, REPLY_KEPT)
                .map_err(WireError::Session)?;
            skipped += 1;
        }
        let mut total = first.len;
        let mut kept = 0;
        let mut lines: Vec<String> = Vec::new();
        let mut push = |text: String, lines: &mut Vec<String>| {
            if kept < REPLY_KEPT {
                kept += text.len();
                lines.push(text);
            }
        };
        push(first.lossy(), &mut lines);
        loop {
            if total > self.cap {
                return Err(WireError::Session(self.session.end(Exit::OutputLimit)));
            }
            let next = self
                .session
                .next_line(deadline, REPLY_KEPT)
                .map_err(|f| self.ended_mid_reply(f, &lines))?;
            total += next.len;
            let text = next.lossy();
            if is_blank(&text) {
                break;
            }
            push(text, &mut lines);
        }
        if total > self.cap {
            return Err(WireError::Session(self.session.end(Exit::OutputLimit)));
        }
        self.last_first_line = excerpt(lines[0].trim_end(), 200);
        let mut reply = parse(&lines, id, strict).map_err(|(error, in_step)| {
            let output = excerpt(&lines.concat(), 2000);
            if in_step {
                WireError::Misframed { output, error }
            } else {
                WireError::Framing { output, error }
            }
        })?;
        if kept >= REPLY_KEPT {
            reply.text.push_str(&format!(
                "\n… ({total} bytes in all, the first {REPLY_KEPT} kept)"
            ));
        }
        Ok(reply)
    }

    /// What a failure in the middle of a reply comes to: an output closed
    /// before the blank line that ends a reply breaks the framing.
    /// A reply that had begun keeps its first lines as the session's
    /// output, so that a time-out there is told from no reply at all.
    fn ended_mid_reply(&self, mut f: Ended, lines: &[String]) -> WireError {
        if f.output.is_empty() && matches!(f.exit, Exit::Code(0)) {
            WireError::Framing {
                output: excerpt(&lines.concat(), 2000),
                error: "the output ended before the blank line that ends a reply".into(),
            }
        } else {
            if f.output.trim().is_empty() {
                f.output = excerpt(&lines.concat(), 2000);
            }
            WireError::Session(f)
        }
    }
}

/// The transcript as text: one line per command, `> sent` then `< reply`.
pub fn transcript_text(transcript: &[Exchange]) -> String {
    let mut out = String::new();
    for e in transcript {
        out.push_str(&format!("> {}\n< {}\n", e.sent, e.got_text()));
    }
    out
}

/// A reply as the engine wrote it, without id: `= text` or `? text`,
/// further lines indented.
pub fn reply_text(reply: &Reply) -> String {
    let marker = if reply.ok { '=' } else { '?' };
    let text = reply.text.replace('\n', "\n    ");
    if text.is_empty() {
        marker.to_string()
    } else {
        format!("{marker} {text}")
    }
}

/// What an engine is known to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// Whether command ids are sent.
    pub ids: Ids,
    /// How the board is read back, if at all.
    pub board: Option<BoardCommand>,
    /// Whether the engine has `undo`.
    pub undo: bool,
    /// Whether the engine has `genmove` (GTP requires it, but an engine
    /// written to play rules, not games, may leave it out).
    pub genmove: bool,
    /// What the probe found, in words, for the report.
    pub notes: Vec<String>,
}

impl Default for Profile {
    /// An engine as GTP describes one: ids echoed, nothing else known.
    fn default() -> Self {
        Profile {
            ids: Ids::Echoed,
            board: None,
            undo: true,
            genmove: true,
            notes: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[&str]) -> Vec<String> {
        text.iter().map(|s| format!("{s}\n")).collect()
    }

    fn ok(t: &str) -> Reply {
        Reply {
            ok: true,
            text: t.into(),
        }
    }

    #[test]
    fn replies_parse_with_their_id_and_cr() {
        assert_eq!(parse_reply(&lines(&["=3 C3 D4"]), Some(3)), Ok(ok("C3 D4")));
        assert_eq!(parse_reply(&lines(&["=3C3\r"]), Some(3)), Ok(ok("C3")));
        assert_eq!(parse_reply(&lines(&["=3"]), Some(3)), Ok(ok("")));
        assert_eq!(
            parse_reply(&lines(&["?7 illegal move\r"]), Some(7)),
            Ok(Reply {
                ok: false,
                text: "illegal move".into()
            })
        );
        assert_eq!(
            parse_reply(&lines(&["=2", "  A B", "1 . X"]), Some(2)),
            Ok(ok("A B\n1 . X"))
        );
    }

    #[test]
    fn replies_without_ids_read_when_none_were_sent() {
        assert_eq!(parse_reply(&lines(&["= C3"]), None), Ok(ok("C3")));
        assert_eq!(parse_reply(&lines(&["= 2"]), None), Ok(ok("2")));
        assert_eq!(parse_reply(&lines(&["="]), None), Ok(ok("")));
    }

    #[test]
    fn framing_against_the_spec_is_named() {
        assert!(parse_reply(&lines(&["ok"]), Some(1)).is_err());
        assert!(parse_reply(&[], Some(1)).is_err());
        let other = parse_reply(&lines(&["=4"]), Some(5)).unwrap_err();
        assert!(other.contains("carries id 4"), "{other}");
        let spaced = parse_reply(&lines(&["= 5 f5"]), Some(5)).unwrap_err();
        assert!(
            spaced.contains("a space between `=` and the id"),
            "{spaced}"
        );
        let none = parse_reply(&lines(&["= f5"]), Some(5)).unwrap_err();
        assert!(none.contains("carries no id"), "{none}");
        // A number that is the text, not the id, is not taken for one.
        let number = parse_reply(&lines(&["= 2"]), Some(5)).unwrap_err();
        assert!(number.contains("carries no id"), "{number}");
    }

    #[test]
    fn heads_tell_attached_and_spaced_ids_apart() {
        let h = head("=12 A1").unwrap();
        assert_eq!((h.ok, h.id, h.spaced_number), (true, Some("12"), None));
        let h = head("? 12 wrong color\r\n").unwrap();
        assert_eq!((h.ok, h.id, h.spaced_number), (false, None, Some("12")));
        assert!(head("").is_err());
    }

    #[test]
    fn transcripts_show_each_exchange_and_cut_long_replies() {
        let t = vec![
            Exchange {
                sent: "play b C3".into(),
                line: "1 play b C3".into(),
                reply: Some(Reply {
                    ok: false,
                    text: "illegal move".into(),
                }),
                misframed: None,
            },
            Exchange {
                sent: "undo".into(),
                line: "2 undo".into(),
                reply: None,
                misframed: None,
            },
            Exchange {
                sent: "undo".into(),
                line: "3 undo".into(),
                reply: None,
                misframed: Some("?1 cannot undo\n".into()),
            },
        ];
        assert_eq!(
            transcript_text(&t),
            "> play b C3\n< ? illegal move\n> undo\n< (no reply)\n> undo\n< `?1 cannot undo` (misframed)\n"
        );
        let long = ok(&"A1 ".repeat(5000));
        let short = cut(&long, 100);
        assert!(short.text.len() < 140 && short.text.ends_with("(15000 bytes in all)"));
    }
}
