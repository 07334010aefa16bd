//! othello-game over the Go Text Protocol (`check --gtp`): `boardsize n`,
//! `clear_board`, then each command as GTP (`play b d3`, `play w pass`,
//! `undo`; Othello vertices, row 1 at the top). Othello engines have no
//! `list_stones`, so the board is read from `showboard`: GRhino's layout
//!
//! ```text
//!  Next move: White
//!     a b c d e f g h
//!   1 . . . . . . . .
//!   ...
//! ```
//!
//! and Edax's (`1 - - - O * - - - 1`, `*` black, `O` white, `-` or `.`
//! empty): every line whose first token is a row number followed by n
//! cells is a row. docs/othello_game.md lists the conventions found.

use super::format::{command_text, parse_vertex};
use super::{Answer, BLACK, Board, Case, Command, EMPTY, OthelloGame, Reply, WHITE};
use crate::gtp_form::{GtpForm, ReadBack, Reply as GtpReply, per_command};

/// The GTP form of othello-game.
pub fn form() -> GtpForm<OthelloGame> {
    GtpForm {
        board_size: |case| case.n,
        sizes: |max| {
            (super::MIN_SIDE..=max.min(super::MAX_SIDE))
                .step_by(2)
                .collect()
        },
        has_undo: |case| case.commands.contains(&Command::Undo),
        without_undo: |mut case| {
            case.commands.retain(|c| *c != Command::Undo);
            case
        },
        commands: |case| case.commands.iter().map(command_text).collect(),
        to_move: |case| match super::oracle::to_move(case) {
            super::Colour::Black => "b",
            super::Colour::White => "w",
        },
        answer,
        without_board,
    }
}

/// The reply to one command: `=` accepted; a `?` to `undo` is `cannot
/// undo`, a `?` to `play` is an illegal move whatever its text (GRhino
/// answers `? syntax error` to every pass).
pub fn reply(command: &Command, got: &GtpReply) -> Reply {
    match (got.ok, command) {
        (true, _) => Reply::Accepted,
        (false, Command::Undo) => Reply::CannotUndo,
        (false, Command::Play { .. }) => Reply::Illegal,
    }
}

fn answer(
    case: &Case,
    replies: &[GtpReply],
    board: Option<ReadBack<'_>>,
) -> Result<Answer, String> {
    let replies = per_command(&case.commands, replies, reply)?;
    let board = match board {
        None => Board {
            n: case.n,
            cells: Vec::new(),
        },
        Some(ReadBack::Showboard(text)) => showboard(text, case.n)?,
        Some(ReadBack::ListStones { black, white }) => list_stones(black, white, case.n)?,
    };
    Ok(Answer { replies, board })
}

fn without_board(answer: &Answer) -> Answer {
    Answer {
        replies: answer.replies.clone(),
        board: Board {
            n: answer.board.n,
            cells: Vec::new(),
        },
    }
}

/// A cell as engines print it: `X`, `x`, `*`, `#`, `@` black; `O`, `o`
/// white; `.`, `-`, `+` empty (Edax prints `*`, `O`, `-`, and `.` for an
/// empty cell that is a legal move).
fn cell(ch: char) -> Option<u8> {
    match ch {
        'X' | 'x' | '*' | '#' | '@' => Some(BLACK),
        'O' | 'o' => Some(WHITE),
        '.' | '-' | '+' => Some(EMPTY),
        _ => None,
    }
}

/// Reads an n × n board from a `showboard` reply: each line whose first
/// token is a row number 1..=n, followed by n cells (one token each, or
/// one token of n characters), is that row; anything else on the line
/// (Edax repeats the number and adds notes) is ignored.
pub fn showboard(text: &str, n: usize) -> Result<Board, String> {
    let mut rows: Vec<Option<Vec<u8>>> = vec![None; n];
    for line in text.lines() {
        let mut tokens = line.split_ascii_whitespace();
        let Some(Ok(number)) = tokens.next().map(str::parse::<usize>) else {
            continue;
        };
        if !(1..=n).contains(&number) {
            continue;
        }
        let rest: Vec<&str> = tokens.collect();
        let chars: Vec<char> = match rest.first() {
            Some(first) if first.chars().count() == n => first.chars().collect(),
            _ if rest.len() >= n && rest[..n].iter().all(|t| t.chars().count() == 1) => {
                rest[..n].iter().filter_map(|t| t.chars().next()).collect()
            }
            _ => continue,
        };
        let Some(cells) = chars.iter().map(|&c| cell(c)).collect::<Option<Vec<u8>>>() else {
            continue;
        };
        if rows[number - 1].replace(cells).is_some() {
            return Err(format!("showboard: row {number} appears twice"));
        }
    }
    let mut cells = Vec::with_capacity(n * n);
    for (r, row) in rows.into_iter().enumerate() {
        let row = row.ok_or_else(|| {
            format!(
                "showboard: no line for row {} of the {n}x{n} board (a row number, then {n} cells)",
                r + 1
            )
        })?;
        cells.extend(row);
    }
    Ok(Board { n, cells })
}

/// The board from `list_stones`-like replies (vertices of each colour).
fn list_stones(black: &str, white: &str, n: usize) -> Result<Board, String> {
    let mut cells = vec![EMPTY; n * n];
    for (text, value) in [(black, BLACK), (white, WHITE)] {
        for token in text.split_ascii_whitespace() {
            match parse_vertex(token, n) {
                Ok(Some((col, row))) => cells[row as usize * n + col as usize] = value,
                Ok(None) => return Err(format!("list_stones: {token:?} is not a vertex")),
                Err(e) => return Err(format!("list_stones: {e}")),
            }
        }
    }
    Ok(Board { n, cells })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GRhino 0.16.1's reply to `showboard` after `play b d3`, its `=`
    /// taken off.
    const GRHINO: &str = "Next move: White
    a b c d e f g h
  1 . . . . . . . .
  2 . . . . . . . .
  3 . . . X . . . .
  4 . . . X X . . .
  5 . . . X O . . .
  6 . . . . . . . .
  7 . . . . . . . .
  8 . . . . . . . .";

    #[test]
    fn reads_grhino_showboard() {
        let board = showboard(GRHINO, 8).unwrap();
        let text: String = board
            .cells
            .chunks(8)
            .map(|r| {
                r.iter()
                    .map(|&c| super::super::format::cell_char(c))
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        assert_eq!(
            text,
            "........\n........\n...X....\n...XX...\n...XO...\n........\n........\n........\n"
        );
    }

    #[test]
    fn reads_an_edax_like_layout() {
        let text =
            "  A B C D\n1 - - - - 1\n2 - O * - 2  * to move\n3 - * O . 3\n4 - - - - 4\n  A B C D\n";
        let board = showboard(text, 4).unwrap();
        assert_eq!(&board.cells[4..12], &[0, 2, 1, 0, 0, 1, 2, 0]);
    }

    #[test]
    fn a_missing_row_is_an_error() {
        let err = showboard("1 ....\n2 ....\n3 ....\n", 4).unwrap_err();
        assert!(err.contains("row 4"), "{err}");
    }
}
