//! The wire of the Go Text Protocol (version 2): one command at a time over
//! a long-lived [`Session`], each reply read whole (`=`/`?`, an optional id,
//! lines up to the blank line) before the next command is written, since
//! some engines drop queued input.

use super::super::process::Limits;
use super::super::session::{Ended, Session};
use crate::gtp::Reply;

/// The time an engine has to start and answer its first command.
pub const STARTUP: std::time::Duration = std::time::Duration::from_secs(10);

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
    /// The reply, or `None` when none could be read (crash, time-out,
    /// broken framing).
    pub reply: Option<Reply>,
}

/// Why a command got no reply.
#[derive(Debug)]
pub enum WireError {
    /// The program could not be started.
    Start(String),
    /// The process crashed, ran out of time or memory: the session's own
    /// failure.
    Session(Ended),
    /// The reply broke GTP's framing; what was read and what is wrong.
    Framing {
        /// The lines read.
        output: String,
        /// What is wrong with them.
        error: String,
    },
}

/// A GTP engine: its session, the next command id, and what it was sent.
pub struct Engine {
    session: Session,
    next_id: u64,
    /// How this engine's board is read back (asked once, at the start).
    pub board: Option<BoardCommand>,
    /// Every command since the transcript was last cleared.
    pub transcript: Vec<Exchange>,
    /// Commands sent since last counted.
    pub sent: u64,
    /// Time spent waiting for replies since last counted.
    pub waited: std::time::Duration,
}

/// Parses one reply (the lines read up to, not including, the blank line)
/// to the command of id `id`. Tolerates `\r`, a missing space after the
/// marker or id, and an engine that leaves the id out; a reply that does
/// not start with `=` or `?`, or carries another id, breaks the framing.
pub fn parse_reply(lines: &[String], id: u64) -> Result<Reply, String> {
    let first = lines
        .first()
        .map_or("", |l| l.trim_end_matches(['\r', '\n']));
    let ok = match first.chars().next() {
        Some('=') => true,
        Some('?') => false,
        _ => {
            return Err(format!(
                "a reply must start with `=` or `?`, found {:?}",
                excerpt(first)
            ));
        }
    };
    let rest = &first[1..];
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let got = &rest[..digits];
        if got.parse::<u64>().ok() != Some(id) {
            return Err(format!(
                "the reply to command id {id} carries id {got} (out of step with the commands)"
            ));
        }
    }
    let mut text: Vec<&str> = vec![rest[digits..].trim()];
    text.extend(lines[1..].iter().map(|l| l.trim_end_matches(['\r', '\n'])));
    Ok(Reply {
        ok,
        text: text.join("\n").trim().to_string(),
    })
}

fn excerpt(line: &str) -> String {
    line.chars().take(80).collect()
}

/// Whether a line ends a reply: empty once `\r` and spaces are off.
fn is_blank(line: &str) -> bool {
    line.trim().is_empty()
}

impl Engine {
    /// Starts `argv` under `limits` and asks it how it shows its board:
    /// `list_commands` (or, if that fails, `known_command`) for
    /// `list_stones`, then `showboard`.
    pub fn start(argv: &[String], limits: &Limits) -> Result<Engine, WireError> {
        let mut session = Session::start(argv, limits).map_err(|e| {
            WireError::Start(format!(
                "could not start {}: {e}",
                argv.first().map_or("", |s| s)
            ))
        })?;
        // Start-up (an interpreter, an opening book) is not a command's
        // time: the first answer may take longer.
        session.set_timeout(limits.timeout.max(STARTUP));
        let mut engine = Engine {
            session,
            next_id: 1,
            board: None,
            transcript: Vec::new(),
            sent: 0,
            waited: std::time::Duration::ZERO,
        };
        let listed = engine.command("list_commands")?;
        let known = |engine: &mut Engine, name: &str| -> Result<bool, WireError> {
            if listed.ok {
                return Ok(listed.text.lines().any(|l| l.trim() == name));
            }
            let r = engine.command(&format!("known_command {name}"))?;
            Ok(r.ok && r.text.trim().eq_ignore_ascii_case("true"))
        };
        engine.board = if known(&mut engine, "list_stones")? {
            Some(BoardCommand::ListStones)
        } else if known(&mut engine, "showboard")? {
            Some(BoardCommand::Showboard)
        } else {
            None
        };
        engine.transcript.clear();
        engine.session.set_timeout(limits.timeout);
        Ok(engine)
    }

    /// Sends `command` (with the next id) and reads its whole reply; the
    /// exchange goes into the transcript either way. After an error the
    /// engine is dead: drop it.
    pub fn command(&mut self, command: &str) -> Result<Reply, WireError> {
        let id = self.next_id;
        self.next_id += 1;
        let started = std::time::Instant::now();
        let result = self.exchange(id, command);
        self.sent += 1;
        self.waited += started.elapsed();
        self.transcript.push(Exchange {
            sent: command.to_string(),
            reply: result.as_ref().ok().cloned(),
        });
        result
    }

    fn exchange(&mut self, id: u64, command: &str) -> Result<Reply, WireError> {
        let (mut line, _) = self
            .session
            .ask(&format!("{id} {command}"))
            .map_err(WireError::Session)?;
        // Stray blank lines before a reply (an extra one after the last)
        // carry nothing; skip a few.
        let mut skipped = 0;
        while is_blank(&line) && skipped < 8 {
            line = self.session.read_line().map_err(WireError::Session)?.0;
            skipped += 1;
        }
        let mut lines = vec![line];
        loop {
            let (next, _) = self.session.read_line().map_err(|f| {
                if f.output.is_empty() && matches!(f.exit, super::super::process::Exit::Code(0)) {
                    // It closed its output in the middle of a reply.
                    WireError::Framing {
                        output: lines.concat(),
                        error: "the output ended before the blank line that ends a reply".into(),
                    }
                } else {
                    WireError::Session(f)
                }
            })?;
            if is_blank(&next) {
                break;
            }
            lines.push(next);
            if lines.len() > 10_000 {
                return Err(WireError::Framing {
                    output: lines.concat(),
                    error: "a reply of more than 10000 lines without the blank line that ends it"
                        .into(),
                });
            }
        }
        parse_reply(&lines, id).map_err(|error| WireError::Framing {
            output: lines.concat(),
            error,
        })
    }
}

/// The transcript as text: one line per command, `> sent` then `< reply`.
pub fn transcript_text(transcript: &[Exchange]) -> String {
    let mut out = String::new();
    for e in transcript {
        out.push_str(&format!("> {}\n", e.sent));
        match &e.reply {
            Some(r) => out.push_str(&format!("< {}\n", reply_text(r))),
            None => out.push_str("< (no reply)\n"),
        }
    }
    out
}

/// A reply as the engine would write it, without id: `= text` or `? text`,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[&str]) -> Vec<String> {
        text.iter().map(|s| format!("{s}\n")).collect()
    }

    #[test]
    fn replies_parse_with_or_without_id_space_or_cr() {
        let ok = |t: &str| Reply {
            ok: true,
            text: t.into(),
        };
        assert_eq!(parse_reply(&lines(&["=3 C3 D4"]), 3), Ok(ok("C3 D4")));
        assert_eq!(parse_reply(&lines(&["=3C3\r"]), 3), Ok(ok("C3")));
        assert_eq!(parse_reply(&lines(&["= C3"]), 3), Ok(ok("C3")));
        assert_eq!(parse_reply(&lines(&["="]), 3), Ok(ok("")));
        assert_eq!(
            parse_reply(&lines(&["?7 illegal move\r"]), 7),
            Ok(Reply {
                ok: false,
                text: "illegal move".into()
            })
        );
        assert_eq!(
            parse_reply(&lines(&["=2", "  A B", "1 . X"]), 2),
            Ok(ok("A B\n1 . X"))
        );
    }

    #[test]
    fn broken_framing_is_an_error() {
        assert!(parse_reply(&lines(&["ok"]), 1).is_err());
        assert!(
            parse_reply(&lines(&["=4"]), 5)
                .unwrap_err()
                .contains("id 4")
        );
        assert!(parse_reply(&[], 1).is_err());
    }

    #[test]
    fn transcripts_show_each_exchange() {
        let t = vec![
            Exchange {
                sent: "play b C3".into(),
                reply: Some(Reply {
                    ok: false,
                    text: "illegal move".into(),
                }),
            },
            Exchange {
                sent: "undo".into(),
                reply: None,
            },
        ];
        assert_eq!(
            transcript_text(&t),
            "> play b C3\n< ? illegal move\n> undo\n< (no reply)\n"
        );
    }
}
