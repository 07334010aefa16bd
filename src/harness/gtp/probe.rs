//! What an engine is, asked once at the start of a check: whether it
//! understands and echoes command ids, which commands it lists (a list on
//! one line read too), how its board is read back, whether it has `undo`,
//! and which board sizes of the declared domain it accepts. Every later
//! engine process is taken to be the same program: fresh ones are sent
//! only the commands of their case, so that a replay by hand is exactly
//! what a failing run was sent.

use super::super::process::RunLimits;
pub use super::wire::Profile;
use super::wire::{BoardCommand, Engine, Ids, WireError, excerpt, head, reply_text};
use crate::gtp_form::Reply;

/// The id of the probe's first command: unlike any protocol version, so
/// that `= 1000 2` (an id written apart) and `= 2` (no id) read apart.
const FIRST_ID: u64 = 1000;

/// How the probe's first command was answered.
enum IdAnswer {
    /// `=1000 ...`: as GTP says.
    Echoed,
    /// `= 1000 ...`: echoed, apart from its marker (a framing defect the
    /// cases will show as PE).
    Spaced,
    /// Answered `=` without the id.
    NotEchoed,
    /// Refused (`? unknown command`): the id was read as the command.
    Refused(String),
}

fn id_answer(engine: &mut Engine, command: &str) -> Result<(IdAnswer, Reply), WireError> {
    let reply = engine.command_as(command, Some(FIRST_ID), false)?;
    let written = engine.last_first_line.clone();
    let h = head(&written).map_err(|error| WireError::Framing {
        output: written.clone(),
        error,
    })?;
    let id = FIRST_ID.to_string();
    let answer = match (h.id, h.spaced_number) {
        (Some(got), _) if got == id => IdAnswer::Echoed,
        (None, Some(n)) if n == id => IdAnswer::Spaced,
        _ if !reply.ok => IdAnswer::Refused(reply_text(&reply)),
        _ => IdAnswer::NotEchoed,
    };
    Ok((answer, reply))
}

/// Asks `engine` (fresh) what it is. An error when it does not answer in
/// GTP at all: then it cannot be checked.
pub fn probe(engine: &mut Engine) -> Result<Profile, WireError> {
    let mut profile = Profile::default();
    let (answer, version) = id_answer(engine, "protocol_version")?;
    let version = match answer {
        IdAnswer::Echoed => Some(version),
        IdAnswer::Spaced => {
            profile.notes.push(format!(
                "the engine echoes command ids apart from the marker (`= {FIRST_ID} ...`, GTP: `={FIRST_ID} ...`): every reply will be a presentation error"
            ));
            Some(version)
        }
        IdAnswer::NotEchoed => {
            profile.ids = Ids::NotSent;
            profile.notes.push(format!(
                "the engine does not echo command ids (`{FIRST_ID} protocol_version` answered `{}`): commands are sent without ids",
                reply_text(&version)
            ));
            Some(version)
        }
        IdAnswer::Refused(said) => {
            profile.ids = Ids::NotSent;
            let again = engine.command_as("protocol_version", None, false)?;
            if again.ok {
                profile.notes.push(format!(
                    "the engine does not understand command ids (`{FIRST_ID} protocol_version` answered `{said}`): commands are sent without ids"
                ));
                Some(again)
            } else {
                None
            }
        }
    };
    match &version {
        Some(v) if v.text.trim() != "2" => profile.notes.push(format!(
            "protocol_version answered `{}` (GTP version 2 expected); checked as GTP 2",
            excerpt(&reply_text(v), 40)
        )),
        Some(_) => {}
        None => profile
            .notes
            .push("the engine has no protocol_version".to_string()),
    }
    engine.profile.ids = profile.ids;
    let listed = engine.command_lenient("list_commands")?;
    // One name a line, as GTP says; names on one line are read too.
    let names: Vec<String> = if listed.ok {
        listed
            .text
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect()
    } else {
        Vec::new()
    };
    if listed.ok && listed.text.lines().count() == 1 && names.len() > 1 {
        profile.notes.push(
            "list_commands answers on one line (GTP: one command a line); read all the same"
                .to_string(),
        );
    }
    let known = |engine: &mut Engine, name: &str| -> Result<bool, WireError> {
        if listed.ok {
            return Ok(names.iter().any(|n| n == name));
        }
        let r = engine.command_lenient(&format!("known_command {name}"))?;
        Ok(r.ok && r.text.trim().eq_ignore_ascii_case("true"))
    };
    profile.board = if known(engine, "list_stones")? {
        Some(BoardCommand::ListStones)
    } else if known(engine, "showboard")? {
        Some(BoardCommand::Showboard)
    } else {
        None
    };
    profile.undo = known(engine, "undo")?;
    profile.genmove = known(engine, "genmove")?;
    engine.profile = profile.clone();
    Ok(profile)
}

/// How an engine answered `boardsize n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SizeAnswer {
    /// `=`.
    Accepted,
    /// `?` and this reply (`? unacceptable size`).
    Refused(String),
    /// It crashed, hung or broke the framing on it, after answering
    /// the probe: a verdict for its cases to give, not a size to leave
    /// out.
    Failed(String),
}

/// How engines of `argv` answer `boardsize n` for each of `sizes`, asked
/// on one process (a fresh one after each failure).
pub fn board_sizes(
    argv: &[String],
    limits: &RunLimits,
    profile: &Profile,
    sizes: &[usize],
) -> Result<Vec<(usize, SizeAnswer)>, WireError> {
    let mut out = Vec::with_capacity(sizes.len());
    let mut engine: Option<Engine> = None;
    for &n in sizes {
        let mut e = match engine.take() {
            Some(e) => e,
            None => Engine::start(argv, limits, profile.clone())?,
        };
        match e.command_lenient(&format!("boardsize {n}")) {
            Ok(r) if r.ok => {
                out.push((n, SizeAnswer::Accepted));
                engine = Some(e);
            }
            Ok(r) => {
                out.push((n, SizeAnswer::Refused(reply_text(&r))));
                engine = Some(e);
            }
            Err(WireError::Start(s)) => return Err(WireError::Start(s)),
            Err(WireError::Session(f)) => {
                out.push((n, SizeAnswer::Failed(super::ended_words(&f, limits))))
            }
            Err(WireError::Framing { error, .. } | WireError::Misframed { error, .. }) => {
                out.push((n, SizeAnswer::Failed(error)))
            }
        }
    }
    Ok(out)
}
