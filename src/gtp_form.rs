//! What a problem played over the Go Text Protocol provides (`check
//! --gtp`): its case as GTP commands, and its answer put together from the
//! engine's replies. The harness speaks the protocol (framing, ids, one
//! command at a time, restarts); the problem alone knows what the commands
//! mean.

use crate::problem::Problem;

/// One reply of a GTP engine, its framing taken off: `=` (`ok`) or `?`,
/// then the text (id removed, surrounding white space trimmed; lines of a
/// multi-line reply kept, joined by `\n`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// `=`: success; `?`: failure.
    pub ok: bool,
    /// What followed the marker and the id.
    pub text: String,
}

/// The final board as an engine shows it, when it can.
#[derive(Clone, Copy, Debug)]
pub enum ReadBack<'a> {
    /// The replies to `list_stones black` and `list_stones white`.
    ListStones {
        /// Vertices of black stones, white-space separated.
        black: &'a str,
        /// Vertices of white stones, white-space separated.
        white: &'a str,
    },
    /// The reply to `showboard` (free-form: the problem parses the layouts
    /// it knows).
    Showboard(&'a str),
}

/// Pairs each command with its reply, in order, and maps each pair: the
/// replies part of an answer. An error when the counts differ.
///
/// ```
/// use boardcheck::gtp_form::{Reply, per_command};
/// let reply = |ok| Reply { ok, text: String::new() };
/// let commands = ["play b A1", "undo"];
/// let accepted = per_command(&commands, &[reply(true), reply(false)], |_, r| r.ok);
/// assert_eq!(accepted, Ok(vec![true, false]));
/// assert!(per_command(&commands, &[reply(true)], |_, r| r.ok).is_err());
/// ```
pub fn per_command<C, R>(
    commands: &[C],
    replies: &[Reply],
    each: impl Fn(&C, &Reply) -> R,
) -> Result<Vec<R>, String> {
    if replies.len() != commands.len() {
        return Err(format!(
            "{} replies to {} commands",
            replies.len(),
            commands.len()
        ));
    }
    Ok(commands
        .iter()
        .zip(replies)
        .map(|(c, r)| each(c, r))
        .collect())
}

/// Puts a case's answer together from its replies and the board read back.
pub type AnswerFrom<P> = fn(
    &<P as Problem>::Case,
    &[Reply],
    Option<ReadBack<'_>>,
) -> Result<<P as Problem>::Answer, String>;

/// How a problem's case is played against a GTP engine.
pub struct GtpForm<P: Problem> {
    /// The argument of `boardsize` that starts the case (then
    /// `clear_board`): the case's size ([`crate::generation::Generate::size`]),
    /// so that a size the engine refuses is left out of the domain.
    pub board_size: fn(&P::Case) -> usize,
    /// The board sizes cases of size at most `max` have, in order: the
    /// sizes an engine is asked whether it accepts.
    pub sizes: fn(usize) -> Vec<usize>,
    /// Whether the case sends `undo`.
    pub has_undo: fn(&P::Case) -> bool,
    /// The case without its `undo` commands (for an engine that has none):
    /// a case of the same problem, whose other commands keep their order.
    pub without_undo: fn(P::Case) -> P::Case,
    /// The case's commands, one GTP command line each (no id), sent one at
    /// a time after `boardsize` and `clear_board`.
    pub commands: fn(&P::Case) -> Vec<String>,
    /// The colour to move after the case's commands (`b` or `w`): the one
    /// `genmove` is asked for.
    pub to_move: fn(&P::Case) -> &'static str,
    /// The answer from one reply per command and the board read back
    /// (`None`: the engine shows no board it can read). An error names what
    /// could not be read (a board that does not parse).
    pub answer: AnswerFrom<P>,
    /// Forgets what only the board could tell, applied to the expected and
    /// the got answer alike when the engine cannot show its board: then
    /// only the replies are compared, and the report says so.
    pub without_board: fn(&P::Answer) -> P::Answer,
}

/// The first of a case's `k` commands whose reply differs between two
/// answers as text (one reply a line, first; the board after): its index
/// and the two reply lines. `None` when every reply agrees (then only the
/// board can differ).
///
/// ```
/// use boardcheck::gtp_form::first_differing_reply;
/// let expected = "=\n? illegal move\n..\n";
/// assert_eq!(first_differing_reply(2, expected, "=\n=\n..\n"), Some((1, "? illegal move", "=")));
/// assert_eq!(first_differing_reply(2, expected, "=\n? illegal move\nX.\n"), None);
/// ```
pub fn first_differing_reply<'a>(
    k: usize,
    expected: &'a str,
    got: &'a str,
) -> Option<(usize, &'a str, &'a str)> {
    let (mut want, mut have) = (expected.lines(), got.lines());
    (0..k).find_map(|i| {
        let (w, h) = (want.next().unwrap_or(""), have.next().unwrap_or(""));
        (w.trim() != h.trim()).then_some((i, w.trim(), h.trim()))
    })
}
