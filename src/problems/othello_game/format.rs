//! The text form of othello-game (docs/spec/othello-game.md): `n`, `k`, then k
//! commands (`play b d3`, `play w pass`, `undo`); the answer is one reply
//! line per command, then n board lines from row 1 (the top).

use super::{
    Answer, BLACK, Board, Case, Colour, Command, EMPTY, MAX_COMMANDS, MAX_SIDE, MIN_SIDE, Reply,
    Rules, Vertex, WHITE,
};
use crate::problems::geometry;
use crate::text::{Line, Lines, ParseError, PlayOrUndo, read_play_or_undo};

/// The letter of column `col` (0-based): `a`, `b`, ... (no letter skipped).
pub fn column_letter(col: u8) -> char {
    char::from(b'a' + col)
}

/// The text of a vertex: `d3` (row 1 at the top), or `pass`.
pub fn vertex_text(vertex: Option<Vertex>) -> String {
    match vertex {
        None => "pass".to_string(),
        Some((col, row)) => format!("{}{}", column_letter(col), row + 1),
    }
}

/// Reads a vertex of an n × n board (`d3`, `D3`) or `pass`, either case;
/// the error says what is wrong.
pub fn parse_vertex(token: &str, n: usize) -> Result<Option<Vertex>, String> {
    if token.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    let last = column_letter(n as u8 - 1);
    let bad = || {
        format!(
            "expected a vertex (a column letter a..{last}, then a row 1..{n}) or pass, found {token:?}"
        )
    };
    let mut chars = token.chars();
    let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
    if !letter.is_ascii_lowercase() {
        return Err(bad());
    }
    let col = letter as usize - 'a' as usize;
    if col >= n {
        return Err(format!(
            "column {letter:?} of {token:?} is off the {n}x{n} board (columns a..{last})"
        ));
    }
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
        return Err(bad());
    }
    let row: usize = digits.parse().map_err(|_| bad())?;
    if !(1..=n).contains(&row) {
        return Err(format!(
            "row {row} of {token:?} is off the {n}x{n} board (rows 1..{n})"
        ));
    }
    Ok(Some((col as u8, (row - 1) as u8)))
}

/// Reads a colour: `b` or `w`, either case (GTP's `black` and `white` too).
pub fn parse_colour(token: &str) -> Option<Colour> {
    match token.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Colour::Black),
        "w" | "white" => Some(Colour::White),
        _ => None,
    }
}

/// `b` or `w`.
pub fn colour_text(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "b",
        Colour::White => "w",
    }
}

/// The text of a command, as in the input and over GTP: `play b d3`.
pub fn command_text(command: &Command) -> String {
    match command {
        Command::Play { colour, vertex } => {
            format!("play {} {}", colour_text(*colour), vertex_text(*vertex))
        }
        Command::Undo => "undo".to_string(),
    }
}

fn read_command(line: &Line<'_>, n: usize) -> Result<Command, ParseError> {
    Ok(
        match read_play_or_undo(line, parse_colour, |t| parse_vertex(t, n))? {
            PlayOrUndo::Play { colour, vertex } => Command::Play { colour, vertex },
            PlayOrUndo::Undo => Command::Undo,
        },
    )
}

/// Reads one case: `n` (then `auto-pass` or `either-pass` for those
/// [`Rules`]), `k`, then k commands.
pub fn read_case(lines: &mut Lines<'_>) -> Result<Case, ParseError> {
    let line = lines.next_line("the board side n")?;
    let mut tokens = line.tokens();
    let n: usize = tokens.int_in("the board side n", MIN_SIDE, MAX_SIDE)?;
    if !n.is_multiple_of(2) {
        return Err(line.error_at(1, format!("the board side n must be even, found {n}")));
    }
    let rules = match tokens.next_raw() {
        None => Rules::Standard,
        Some((_, word))
            if word.eq_ignore_ascii_case("auto-pass")
                || word.eq_ignore_ascii_case("either-pass") =>
        {
            Rules::from_word(word).unwrap_or_default()
        }
        Some((column, word)) => {
            return Err(line.error_at(
                column,
                format!("expected nothing after n (or auto-pass, either-pass), found {word:?}"),
            ));
        }
    };
    tokens.end()?;
    let line = lines.next_line("the number of commands k")?;
    let mut tokens = line.tokens();
    let k: usize = tokens.int_in("the number of commands k", 0, MAX_COMMANDS)?;
    tokens.end()?;
    let mut commands = Vec::with_capacity(k.min(4096));
    for i in 0..k {
        let line = lines.next_line(&format!("command {} of {k}", i + 1))?;
        commands.push(read_command(&line, n)?);
    }
    Ok(Case { n, rules, commands })
}

/// Appends the text of `case`.
pub fn write_case(case: &Case, out: &mut String) {
    let rules = match case.rules {
        Rules::Standard => String::new(),
        other => format!(" {}", other.word()),
    };
    out.push_str(&format!("{}{rules}\n{}\n", case.n, case.commands.len()));
    for command in &case.commands {
        out.push_str(&command_text(command));
        out.push('\n');
    }
}

/// The text of a reply, without newline.
pub fn reply_text(reply: Reply) -> &'static str {
    match reply {
        Reply::Accepted => "=",
        Reply::Illegal => "? illegal move",
        Reply::CannotUndo => "? cannot undo",
    }
}

/// The character of a cell: `.`, `X` (black), `O` (white).
pub fn cell_char(cell: u8) -> char {
    match cell {
        BLACK => 'X',
        WHITE => 'O',
        _ => '.',
    }
}

/// Appends the board, n lines from row 1 (nothing for an unknown board).
pub fn write_board(board: &Board, out: &mut String) {
    geometry::write_rows(&board.cells, board.n, cell_char, out);
}

/// Appends the text of `answer`.
pub fn write_answer(answer: &Answer, out: &mut String) {
    for &reply in &answer.replies {
        out.push_str(reply_text(reply));
        out.push('\n');
    }
    write_board(&answer.board, out);
}

/// Reads a reply line (`=`, `? illegal move`, `? cannot undo`; spaces
/// between the words free).
pub fn read_reply(line: &Line<'_>) -> Result<Reply, ParseError> {
    let words: Vec<&str> = line.text.split_ascii_whitespace().collect();
    match words.as_slice() {
        ["="] => Ok(Reply::Accepted),
        ["?", "illegal", "move"] => Ok(Reply::Illegal),
        ["?", "cannot", "undo"] => Ok(Reply::CannotUndo),
        _ => Err(line.error(format!(
            "expected a reply (=, ? illegal move or ? cannot undo), found {:?}",
            line.text
        ))),
    }
}

/// Reads one answer to `case`: k reply lines, then n board lines.
pub fn read_answer(lines: &mut Lines<'_>, case: &Case) -> Result<Answer, ParseError> {
    let k = case.commands.len();
    let mut replies = Vec::with_capacity(k);
    for i in 0..k {
        let line = lines.next_line(&format!("the reply to command {} of {k}", i + 1))?;
        replies.push(read_reply(&line)?);
    }
    let n = case.n;
    let mut cells = Vec::with_capacity(n * n);
    for r in 0..n {
        let line = lines.next_line(&format!("board row {} of {n}", r + 1))?;
        let text = line.text;
        if text.chars().count() != n {
            return Err(line.error(format!(
                "board row {}: expected {n} cells of . X O, found {:?}",
                r + 1,
                line.text
            )));
        }
        for (i, ch) in text.chars().enumerate() {
            cells.push(match ch {
                '.' => EMPTY,
                'X' => BLACK,
                'O' => WHITE,
                _ => {
                    return Err(
                        line.error_at(i + 1, format!("expected a cell (. X or O), found {ch:?}"))
                    );
                }
            });
        }
    }
    Ok(Answer {
        replies,
        board: Board { n, cells },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_both_ways() {
        assert_eq!(parse_vertex("d3", 8), Ok(Some((3, 2))));
        assert_eq!(parse_vertex("D3", 8), Ok(Some((3, 2))));
        assert_eq!(parse_vertex("PASS", 8), Ok(None));
        assert_eq!(parse_vertex("p16", 16), Ok(Some((15, 15))));
        assert!(parse_vertex("i1", 8).is_err());
        assert!(parse_vertex("a9", 8).is_err());
        assert!(parse_vertex("a0", 8).is_err());
        assert!(parse_vertex("a", 8).is_err());
        assert!(parse_vertex("3d", 8).is_err());
        assert_eq!(vertex_text(Some((8, 9))), "i10");
    }
}
