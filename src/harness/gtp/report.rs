//! What a GTP failure's report shows, once: the minimal sequence (sent,
//! expected, the engine's reply as it wrote it, per command), the boards
//! before and after the first differing command, the command line that
//! replays it by hand exactly as it was sent, and the sequence as a GNU Go
//! regression file (`.tst`, for gogui-regress) whose expectations come
//! from the oracle. The engine is replayed on fresh processes to get its
//! side.

use super::wire::{BoardCommand, Engine};
use super::{Gtp, agreeing_rules, form, play, same_outcome, split_answer, with_commands};
use crate::generation::{Generate, reference};
use crate::gtp_form::ReadBack;
use crate::harness::report::Replayed;

/// The board text of the oracle's answer to `case` cut to `k` commands.
fn oracle_board<P: Generate>(case: &P::Case, k: usize) -> Option<String> {
    let commands = (form::<P>().commands)(case);
    let prefix = with_commands::<P>(case, &commands[..k.min(commands.len())])?;
    let (want, _) = reference::<P>(&prefix);
    Some(split_answer::<P>(&want, k.min(commands.len())).1)
}

/// The engine's board after the first `k` commands of `case`, on a fresh
/// engine; `None` if it shows none or the run failed.
fn engine_board<P: Generate>(gtp: &Gtp, case: &P::Case, k: usize) -> Option<String> {
    let commands = (form::<P>().commands)(case);
    let k = k.min(commands.len());
    let prefix = with_commands::<P>(case, &commands[..k])?;
    let mut engine = gtp.fresh::<P::Answer>().ok()?;
    board_after::<P>(&mut engine, &prefix)
}

/// Plays `case` on `engine` and reads its board back as the problem draws
/// it.
pub(super) fn board_after<P: Generate>(engine: &mut Engine, case: &P::Case) -> Option<String> {
    let k = (form::<P>().commands)(case).len();
    let played = play::<P>(engine, case, &Default::default()).ok()?;
    let readback = match engine.profile.board? {
        BoardCommand::ListStones => ReadBack::ListStones {
            black: &played.black,
            white: &played.white,
        },
        BoardCommand::Showboard => ReadBack::Showboard(&played.showboard),
    };
    let answer = (form::<P>().answer)(case, &played.replies, Some(readback)).ok()?;
    Some(split_answer::<P>(&answer, k).1)
}

/// Boards side by side under their titles.
fn side_by_side(boards: &[(&str, Option<String>)]) -> String {
    let columns: Vec<Vec<String>> = boards
        .iter()
        .map(|(title, b)| {
            let mut col = vec![title.to_string()];
            match b {
                Some(b) => col.extend(b.lines().map(str::to_string)),
                None => col.push("(not shown)".into()),
            }
            col
        })
        .collect();
    let widths: Vec<usize> = columns
        .iter()
        .map(|c| c.iter().map(String::len).max().unwrap_or(0))
        .collect();
    let rows = columns.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = String::new();
    for r in 0..rows {
        let mut line = String::from("  ");
        for (c, col) in columns.iter().enumerate() {
            let cell = col.get(r).map_or("", String::as_str);
            line.push_str(&format!("{cell:<w$}   ", w = widths[c]));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The vertices of `ch` stones on a board drawn with GTP's Go
/// coordinates (row n at the top, columns from A without I).
pub fn go_vertices(board: &str, ch: char) -> Vec<String> {
    let rows: Vec<&str> = board.lines().collect();
    let n = rows.len();
    let letters: Vec<char> = ('A'..='Z').filter(|&c| c != 'I').collect();
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.chars().enumerate() {
            if cell == ch
                && let Some(l) = letters.get(c)
            {
                out.push(format!("{l}{}", n - r));
            }
        }
    }
    out
}

/// A gogui-regress pattern matching a list of exactly these vertices in
/// any order.
fn any_order(vertices: &[String]) -> String {
    if vertices.is_empty() {
        return r"\s*".into();
    }
    format!(
        r"(?i)\s*(({})\s*){{{}}}",
        vertices.join("|"),
        vertices.len()
    )
}

/// The `.tst` regression file of `case`: the commands numbered as tests,
/// each with the oracle's expectation, then (for engines with
/// `list_stones`) the final board as two tests.
pub fn tst<P: Generate>(gtp: &Gtp, case: &P::Case, header: &str) -> String {
    let form = form::<P>();
    let commands = (form.commands)(case);
    let (want, _) = reference::<P>(case);
    let (expected, board) = split_answer::<P>(&want, commands.len());
    let mut out = String::new();
    for line in header.lines() {
        out.push_str(&format!("# {line}\n"));
    }
    out.push_str(
        "# Expectations computed by boardcheck's oracle. A command the oracle\n\
         # refuses is marked as an expected failure (`*`): gogui-regress counts\n\
         # every error reply as a failure, so a wrong acceptance shows in the\n\
         # board tests after it rather than on its own line.\n",
    );
    out.push_str(&format!(
        "boardsize {}\nclear_board\n",
        (form.board_size)(case)
    ));
    for (i, command) in commands.iter().enumerate() {
        let e = expected.get(i).map_or("=", String::as_str);
        out.push_str(&format!("{} {command}\n", i + 1));
        if let Some(text) = e.strip_prefix('?') {
            out.push_str(&format!("#? [{}]*\n", text.trim()));
        } else {
            out.push_str(&format!("#? [{}]\n", e.trim_start_matches('=').trim()));
        }
    }
    if gtp.board_command() == Some(Some(BoardCommand::ListStones)) {
        let k = commands.len();
        for (j, (colour, ch)) in [("black", 'X'), ("white", 'O')].iter().enumerate() {
            out.push_str(&format!("{} list_stones {colour}\n", k + 1 + j));
            out.push_str(&format!("#? [{}]\n", any_order(&go_vertices(&board, *ch))));
        }
    }
    out
}

/// The report of `case`, a minimal failing sequence of the GTP candidate
/// `gtp` run as `shown` (the candidate's command line).
pub fn explain<P: Generate>(gtp: &Gtp, case: &P::Case, shown: &str, header: &str) -> Replayed {
    let form = form::<P>();
    let commands = (form.commands)(case);
    let (want, _) = reference::<P>(case);
    let (expected, _) = split_answer::<P>(&want, commands.len());
    let mut text = String::from(
        "GTP: the sequence on a fresh engine (sent | expected | the engine's reply as written)\n",
    );
    let mut replies = Vec::new();
    let mut final_board = None;
    let mut sent_lines = Vec::new();
    let mut setup_failed = false;
    match gtp.fresh::<P::Answer>() {
        Ok(mut engine) => {
            final_board = board_after::<P>(&mut engine, case);
            // The set-up's two commands first, then the case's.
            replies = engine
                .transcript
                .iter()
                .skip(2)
                .take(commands.len())
                .cloned()
                .collect();
            sent_lines = engine.transcript.iter().map(|e| e.line.clone()).collect();
            if let Some(setup) = engine
                .transcript
                .iter()
                .take(2)
                .find(|e| e.reply.as_ref().is_none_or(|r| !r.ok))
            {
                text.push_str(&format!(
                    "    > {} | = | {}   <- the set-up failed: the case's commands were not sent\n",
                    setup.sent,
                    setup.got_text()
                ));
                setup_failed = true;
            }
        }
        Err(_) => text.push_str("  (the engine could not be started again)\n"),
    }
    let mut first = None;
    for (i, command) in commands.iter().enumerate() {
        if setup_failed {
            break;
        }
        let e = expected.get(i).map_or("", String::as_str);
        let exchange = replies.get(i);
        let got = exchange.and_then(|x| x.reply.clone());
        let g = exchange.map_or("(no reply)".to_string(), |x| x.got_text());
        let differs = got.as_ref().is_none_or(|r| !same_outcome(e, r));
        let mark = if differs && first.is_none() {
            first = Some(i);
            "   <- first difference"
        } else {
            ""
        };
        text.push_str(&format!("  {:>3}. {command} | {e} | {g}{mark}\n", i + 1));
        if got.is_none() {
            // Nothing was sent after a command that got no reply.
            break;
        }
    }
    match first {
        Some(d) => {
            text.push_str(&format!(
                "boards before and after command {} (`{}`):\n",
                d + 1,
                commands[d]
            ));
            text.push_str(&side_by_side(&[
                ("before", oracle_board::<P>(case, d)),
                ("expected after", oracle_board::<P>(case, d + 1)),
                ("engine after", engine_board::<P>(gtp, case, d + 1)),
            ]));
        }
        None if replies.len() == commands.len() && !setup_failed => {
            text.push_str("every reply agrees; the final boards:\n");
            text.push_str(&side_by_side(&[
                ("expected", oracle_board::<P>(case, commands.len())),
                ("engine", final_board),
            ]));
        }
        None => {}
    }
    let quoted: Vec<String> = sent_lines
        .iter()
        .map(|l| shlex::try_quote(l).map_or_else(|_| l.clone(), |q| q.into_owned()))
        .collect();
    if !quoted.is_empty() {
        text.push_str(&format!(
            "replay by hand (exactly as sent to that engine):\n  printf '%s\\n' {} | {shown}\n",
            quoted.join(" ")
        ));
    }
    let answered: Option<Vec<_>> = replies.iter().map(|x| x.reply.clone()).collect();
    let convention = answered
        .filter(|r| !setup_failed && r.len() == commands.len())
        .and_then(|r| agreeing_rules::<P>(case, &r))
        .map(|rules| {
            format!(
                "every reply agrees with `--rules {rules}`: if that is the engine's convention, \
                 declare it"
            )
        });
    Replayed {
        text,
        tst: tst::<P>(gtp, case, header),
        convention,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_read_gtp_coordinates() {
        let board = "X.O\n...\n..X\n";
        assert_eq!(go_vertices(board, 'X'), vec!["A3", "C1"]);
        assert_eq!(go_vertices(board, 'O'), vec!["C3"]);
        let wide = ".........X\n".repeat(10);
        assert_eq!(go_vertices(&wide, 'X')[0], "K10");
    }

    #[test]
    fn patterns_match_any_order_exactly() {
        assert_eq!(any_order(&[]), r"\s*");
        assert_eq!(
            any_order(&["A1".into(), "B2".into()]),
            r"(?i)\s*((A1|B2)\s*){2}"
        );
    }
}
