//! go-game over GTP (`check --gtp`): `boardsize n`, then the case's
//! commands as they are written (`play b E5`, `play w pass`, `undo`), one
//! at a time. A reply `=` is [`Response::Accepted`]; a `?` to `undo` is
//! [`Response::CannotUndo`] and a `?` to `play` is [`Response::Illegal`],
//! whatever the text (GTP fixes only the failure: engines word it
//! `illegal move`, `Illegal move`, `illegal move: ko`, ...).
//!
//! The board is read back from `list_stones black` / `list_stones white`
//! (GNU Go), else from `showboard`. Layouts read: a line per row, the row
//! number first, then the n points; `.`, `+` or `,` empty (hoshi marks),
//! `X`/`x`/`#`/`@` black, `O`/`o` white; markers of the last move (`(`
//! `)`, `[` `]`, `<` `>`, digits after a stone) and frames (`|`) are
//! skipped, and whatever follows the n-th point is ignored. That covers
//! GNU Go (` 3 . . X O . 3     WHITE (O) has captured 0 stones`), Pachi
//! (`  3 | . . X). . |`, its second board on the right ignored), KataGo
//! (` 3 . . X1. .`) and Leela Zero (` 3 . .(X). .`).

use super::format::{command_text, parse_vertex};
use super::{Answer, BLACK, Case, Command, EMPTY, GoGame, Response, WHITE};
use crate::gtp_form::{GtpForm, ReadBack, Reply, per_command};

/// go-game's GTP form.
pub fn form() -> GtpForm<GoGame> {
    GtpForm {
        board_size: |case| case.n,
        sizes: |max| (1..=max.min(super::MAX_N)).collect(),
        has_undo: |case| case.commands.contains(&Command::Undo),
        without_undo: |mut case| {
            case.commands.retain(|c| *c != Command::Undo);
            case
        },
        commands: |case| case.commands.iter().map(command_text).collect(),
        to_move,
        answer,
        without_board: |answer| Answer {
            replies: answer.replies.clone(),
            board: vec![EMPTY; answer.board.len()],
        },
    }
}

/// The colour after the last play the oracle keeps (plays taken back by
/// `undo` not counted); black at the start. Either colour may play in
/// go-game: this is the one a game would have next.
fn to_move(case: &Case) -> &'static str {
    let replies = super::oracle::solve(case).replies;
    let mut stack = Vec::new();
    for (command, reply) in case.commands.iter().zip(replies) {
        match (command, reply) {
            (Command::Play { colour, .. }, Response::Accepted) => stack.push(*colour),
            (Command::Undo, Response::Accepted) => {
                stack.pop();
            }
            _ => {}
        }
    }
    match stack.last() {
        Some(&BLACK) => "w",
        _ => "b",
    }
}

/// The answer from one reply per command and the board read back.
pub fn answer(
    case: &Case,
    replies: &[Reply],
    back: Option<ReadBack<'_>>,
) -> Result<Answer, String> {
    let replies = per_command(&case.commands, replies, |command, reply| {
        match (reply.ok, command) {
            (true, _) => Response::Accepted,
            (false, Command::Undo) => Response::CannotUndo,
            (false, Command::Play { .. }) => Response::Illegal,
        }
    })?;
    let n = case.n;
    let board = match back {
        None => vec![EMPTY; n * n],
        Some(ReadBack::ListStones { black, white }) => list_stones(n, black, white)?,
        Some(ReadBack::Showboard(text)) => showboard(n, text)?,
    };
    Ok(Answer { replies, board })
}

/// The board from the replies to `list_stones black` and `list_stones white`.
pub fn list_stones(n: usize, black: &str, white: &str) -> Result<Vec<u8>, String> {
    let mut board = vec![EMPTY; n * n];
    for (colour, text, name) in [(BLACK, black, "black"), (WHITE, white, "white")] {
        for token in text.split_whitespace() {
            match parse_vertex(token, n) {
                Ok(Some((col, row))) => {
                    let p = row * n + col;
                    if board[p] != EMPTY {
                        return Err(format!(
                            "list_stones: {token} is listed twice (as {name} too)"
                        ));
                    }
                    board[p] = colour;
                }
                Ok(None) => return Err(format!("list_stones {name}: a pass listed as a stone")),
                Err(e) => return Err(format!("list_stones {name}: {e}")),
            }
        }
    }
    Ok(board)
}

/// The points of one showboard row after its number, or `None` if fewer
/// than n are found.
fn row_points(rest: &str, n: usize) -> Option<Vec<u8>> {
    let mut points = Vec::with_capacity(n);
    let mut after_stone = false;
    for ch in rest.chars() {
        if points.len() == n {
            break;
        }
        let v = match ch {
            '.' | '+' | ',' => EMPTY,
            'X' | 'x' | '#' | '@' => BLACK,
            'O' | 'o' => WHITE,
            // Move numbers after a stone (KataGo) are markers.
            '0'..='9' if after_stone => continue,
            ' ' | '\t' | '|' | '(' | ')' | '[' | ']' | '<' | '>' => {
                after_stone = false;
                continue;
            }
            _ => return None,
        };
        after_stone = v != EMPTY;
        points.push(v);
    }
    (points.len() == n).then_some(points)
}

/// The board from a `showboard` reply: every row 1..=n must be found
/// once, on a line starting with its number.
pub fn showboard(n: usize, text: &str) -> Result<Vec<u8>, String> {
    let mut board = vec![EMPTY; n * n];
    let mut found = vec![false; n];
    for line in text.lines() {
        let line = line.trim_start();
        let digits = line.bytes().take_while(u8::is_ascii_digit).count();
        let Ok(row) = line[..digits].parse::<usize>() else {
            continue;
        };
        if row == 0 || row > n {
            continue;
        }
        let Some(points) = row_points(&line[digits..], n) else {
            continue;
        };
        if found[row - 1] {
            // A second board on the same rows (a map beside or below): keep the first.
            continue;
        }
        found[row - 1] = true;
        board[(row - 1) * n..row * n].copy_from_slice(&points);
    }
    match found.iter().position(|f| !f) {
        None => Ok(board),
        Some(r) => Err(format!(
            "showboard: no line for row {} with {n} points found in {:?}",
            r + 1,
            text.chars().take(300).collect::<String>()
        )),
    }
}
