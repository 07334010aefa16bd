//! Text form (docs/spec/go-game.md): `n ko suicide` (under `situational`, then
//! optionally GNU Go's conventions `simple-ko-too` and `next-mover`; see
//! [`Conventions`]), `k`, then k commands
//! (`play COLOUR VERTEX|pass`, `undo`). The answer: one line per command
//! (`=`, `? illegal move`, `? cannot undo`), then n board lines from the
//! top row (GTP's row n) down, `.` `X` `O`. Readers accept commands,
//! colours (`b`, `w`, `black`, `white`), vertices and `pass` in either
//! case; the rule words in lower case as written.

use std::fmt::Write;

use super::{
    Answer, BLACK, COLUMNS, Case, Command, Conventions, EMPTY, Ko, MAX_COMMANDS, MAX_N, Response,
    Rules, Suicide, WHITE,
};
use crate::text::{Line, Lines, ParseError, PlayOrUndo, read_play_or_undo};

pub use super::json_form::json;

/// The GTP text of a vertex `(col, row)` (0-based, row 0 at the bottom),
/// e.g. `E5`; `?` for a column past Z (only a library caller can make one).
pub fn vertex_text(col: usize, row: usize) -> String {
    let letter = COLUMNS.get(col).map_or('?', |&b| char::from(b));
    format!("{letter}{}", row + 1)
}

/// Reads a GTP vertex of an n×n board (`E5`, `e5`, `pass` gives `None`);
/// the error says what is wrong with it.
pub fn parse_vertex(token: &str, n: usize) -> Result<Option<(usize, usize)>, String> {
    if token.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    let mut chars = token.chars();
    let Some(letter) = chars.next().map(|c| c.to_ascii_uppercase()) else {
        return Err("expected a vertex, found nothing".into());
    };
    if letter == 'I' {
        return Err(format!(
            "vertex {token:?}: GTP skips the letter I (the column after H is J)"
        ));
    }
    let Some(col) = COLUMNS.iter().position(|&b| char::from(b) == letter) else {
        return Err(format!(
            "expected a vertex (a column letter A-Z without I, then a row number) or pass, found {token:?}"
        ));
    };
    let digits = chars.as_str();
    let row: usize = match digits.parse() {
        Ok(r) if !digits.starts_with('+') => r,
        _ => {
            return Err(format!(
                "vertex {token:?}: expected a row number after the column letter"
            ));
        }
    };
    if col >= n {
        return Err(format!(
            "vertex {token:?}: column {letter} is off a {n}x{n} board (its last column is {})",
            char::from(COLUMNS[n - 1])
        ));
    }
    if row == 0 || row > n {
        return Err(format!(
            "vertex {token:?}: row {row} is off a {n}x{n} board (rows 1 to {n})"
        ));
    }
    Ok(Some((col, row - 1)))
}

/// Reads a colour (`b`, `w`, `black`, `white`, either case).
pub fn parse_colour(token: &str) -> Option<u8> {
    match token.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(BLACK),
        "w" | "white" => Some(WHITE),
        _ => None,
    }
}

fn parse_rule<T: Copy>(
    line: &Line<'_>,
    column: usize,
    token: &str,
    what: &str,
    all: &[(T, &str)],
) -> Result<T, ParseError> {
    all.iter()
        .find(|(_, w)| *w == token)
        .map(|&(v, _)| v)
        .ok_or_else(|| {
            let words: Vec<&str> = all.iter().map(|&(_, w)| w).collect();
            line.error_at(
                column,
                format!(
                    "expected the {what} ({}), found {token:?}",
                    words.join(", ")
                ),
            )
        })
}

fn read_command(
    lines: &mut Lines<'_>,
    n: usize,
    i: usize,
    k: usize,
) -> Result<Command, ParseError> {
    let line = lines.next_line(&format!("command {} of {k}", i + 1))?;
    Ok(
        match read_play_or_undo(&line, parse_colour, |t| parse_vertex(t, n))? {
            PlayOrUndo::Play { colour, vertex } => Command::Play { colour, vertex },
            PlayOrUndo::Undo => Command::Undo,
        },
    )
}

/// Reads one case.
pub fn read_case(lines: &mut Lines<'_>) -> Result<Case, ParseError> {
    let what = "the board size, ko rule and suicide rule (n ko suicide)";
    let line = lines.next_line(what)?;
    let mut tokens = line.tokens();
    let n: usize = tokens.int_in("the board size n", 1, MAX_N)?;
    let (column, ko) = tokens.next("the ko rule (none, simple, positional or situational)")?;
    let kos: Vec<(Ko, &str)> = Ko::ALL.iter().map(|&k| (k, k.word())).collect();
    let ko = parse_rule(&line, column, ko, "ko rule", &kos)?;
    let (column, suicide) = tokens.next("the suicide rule (forbidden, multi or all)")?;
    let suicides: Vec<(Suicide, &str)> = Suicide::ALL.iter().map(|&s| (s, s.word())).collect();
    let suicide = parse_rule(&line, column, suicide, "suicide rule", &suicides)?;
    let mut conventions = Conventions::NONE;
    while let Some((column, word)) = tokens.next_raw() {
        let flag = match word {
            "simple-ko-too" => &mut conventions.simple_ko_too,
            "next-mover" => &mut conventions.next_mover,
            _ => {
                return Err(line.error_at(
                    column,
                    format!(
                        "expected a convention (simple-ko-too, next-mover) or the end of the line, found {word:?}"
                    ),
                ));
            }
        };
        if *flag {
            return Err(line.error_at(column, format!("convention {word:?} given twice")));
        }
        if ko != Ko::Situational {
            return Err(line.error_at(
                column,
                format!(
                    "convention {word:?} needs the ko rule situational, found {:?}",
                    ko.word()
                ),
            ));
        }
        *flag = true;
    }
    let line = lines.next_line("the number of commands k")?;
    let mut tokens = line.tokens();
    let k: usize = tokens.int_in("the number of commands k", 0, MAX_COMMANDS)?;
    tokens.end()?;
    let mut commands = Vec::with_capacity(k.min(4096));
    for i in 0..k {
        commands.push(read_command(lines, n, i, k)?);
    }
    Ok(Case {
        n,
        rules: Rules {
            ko,
            suicide,
            conventions,
        },
        commands,
    })
}

/// The text of one command, as written in a case and sent over GTP.
pub fn command_text(command: &Command) -> String {
    match *command {
        Command::Undo => "undo".into(),
        Command::Play { colour, vertex } => {
            let c = if colour == WHITE { 'w' } else { 'b' };
            match vertex {
                None => format!("play {c} pass"),
                Some((col, row)) => format!("play {c} {}", vertex_text(col, row)),
            }
        }
    }
}

/// Appends the text form of `case`.
pub fn write_case(case: &Case, out: &mut String) {
    let _ = write!(
        out,
        "{} {} {}",
        case.n,
        case.rules.ko.word(),
        case.rules.suicide.word()
    );
    for word in case.rules.conventions.words() {
        out.push(' ');
        out.push_str(word);
    }
    out.push('\n');
    let _ = writeln!(out, "{}", case.commands.len());
    for command in &case.commands {
        out.push_str(&command_text(command));
        out.push('\n');
    }
}

/// The line of a reply.
pub fn response_text(response: Response) -> &'static str {
    match response {
        Response::Accepted => "=",
        Response::Illegal => "? illegal move",
        Response::CannotUndo => "? cannot undo",
    }
}

/// Appends the board lines, the top row (GTP's row n) first.
pub fn write_board(n: usize, board: &[u8], out: &mut String) {
    for row in (0..n).rev() {
        for col in 0..n {
            out.push(match board.get(row * n + col) {
                Some(&BLACK) => 'X',
                Some(&WHITE) => 'O',
                _ => '.',
            });
        }
        out.push('\n');
    }
}

/// Appends the text form of `answer`.
pub fn write_answer(answer: &Answer, out: &mut String) {
    for &r in &answer.replies {
        out.push_str(response_text(r));
        out.push('\n');
    }
    let n = (1..=MAX_N)
        .find(|n| n * n == answer.board.len())
        .unwrap_or(0);
    write_board(n, &answer.board, out);
}

/// Reads an answer: one reply line per command, then n board lines.
pub fn read_answer(lines: &mut Lines<'_>, case: &Case) -> Result<Answer, ParseError> {
    let k = case.commands.len();
    let mut replies = Vec::with_capacity(k.min(4096));
    for i in 0..k {
        let what = format!("the reply to command {} of {k}", i + 1);
        let line = lines.next_line(&what)?;
        let mut words = Vec::new();
        let mut tokens = line.tokens();
        while let Some((_, w)) = tokens.next_raw() {
            words.push(w);
        }
        replies.push(match words.join(" ").as_str() {
            "=" => Response::Accepted,
            "? illegal move" => Response::Illegal,
            "? cannot undo" => Response::CannotUndo,
            _ => {
                return Err(line.error(format!(
                    "expected {what} (=, ? illegal move or ? cannot undo), found {:?}",
                    line.text
                )));
            }
        });
    }
    let n = case.n;
    let mut board = vec![EMPTY; n * n];
    for r in 0..n {
        let row = n - 1 - r;
        let what = format!("board line {} of {n} (row {})", r + 1, row + 1);
        let line = lines.next_line(&what)?;
        let mut count = 0;
        for (i, ch) in line.text.char_indices() {
            let v = match ch {
                '.' => EMPTY,
                'X' => BLACK,
                'O' => WHITE,
                _ => {
                    return Err(line.error_at(
                        i + 1,
                        format!("expected a point of {what} (., X or O), found {ch:?}"),
                    ));
                }
            };
            if count == n {
                return Err(line.error_at(i + 1, format!("{what} has more than {n} points")));
            }
            board[row * n + count] = v;
            count += 1;
        }
        if count < n {
            return Err(line.error(format!("{what} has {count} points, expected {n}")));
        }
    }
    Ok(Answer { replies, board })
}
