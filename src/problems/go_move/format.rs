//! Text form (docs/spec/go-move.md): `n`, n lines of n digits (spaces between
//! digits accepted), then `c r p`. The answer is `0`, or `1` and the n
//! lines of the new board. A given position with a group without a liberty
//! is refused at the place of one of its stones.

use crate::problems::geometry;
use std::fmt::Write;

use super::rules::first_dead_stone;
use super::{Answer, BLACK, Case, EMPTY, MAX_N, Move, Position, WHITE};
use crate::json;
use crate::text::{Line, Lines, ParseError};

/// The points of one board line and the 1-based column of each.
fn parse_points(
    line: &Line<'_>,
    n: usize,
    what: &str,
    spaces: bool,
) -> Result<(Vec<u8>, Vec<usize>), ParseError> {
    let mut points = Vec::with_capacity(n);
    let mut columns = Vec::with_capacity(n);
    for (i, ch) in line.text.char_indices() {
        if spaces && (ch == ' ' || ch == '\t') {
            continue;
        }
        let v = match ch {
            '0' => EMPTY,
            '1' => BLACK,
            '2' => WHITE,
            _ => {
                return Err(line.error_at(
                    i + 1,
                    format!("expected a point of {what} (0, 1 or 2), found {ch:?}"),
                ));
            }
        };
        if points.len() == n {
            return Err(line.error_at(i + 1, format!("{what} has more than {n} points")));
        }
        points.push(v);
        columns.push(i + 1);
    }
    if points.len() < n {
        return Err(line.error(format!("{what} has {} points, expected {n}", points.len())));
    }
    Ok((points, columns))
}

/// Reads one case; refuses a position with a group without a liberty.
pub fn read_case(lines: &mut Lines<'_>) -> Result<Case, ParseError> {
    let line = lines.next_line("the board size n")?;
    let mut tokens = line.tokens();
    let n: usize = tokens.int_in("the board size n", 1, MAX_N)?;
    tokens.end()?;
    let mut cells = Vec::with_capacity(n * n);
    let mut places = Vec::with_capacity(n);
    for r in 0..n {
        let what = format!("board row {} of {n}", r + 1);
        let line = lines.next_line(&what)?;
        let (points, columns) = parse_points(&line, n, &what, true)?;
        cells.extend(points);
        places.push((line.number, columns));
    }
    let line = lines.next_line("the move (c r p)")?;
    if line.text.len() == n && line.text.bytes().all(|b| matches!(b, b'0'..=b'2')) && n > 1 {
        return Err(line.error(format!(
            "expected the move (c r p), found another board row: the board has more than {n} rows"
        )));
    }
    let mut tokens = line.tokens();
    let col = tokens.int_in("the move's column c", 0, n - 1)?;
    let row = tokens.int_in("the move's row r", 0, n - 1)?;
    let colour = tokens.int_in("the move's colour p", BLACK, WHITE)?;
    tokens.end()?;
    let position = Position { n, cells };
    if let Some(i) = first_dead_stone(&position) {
        let (r, c) = (i / n, i % n);
        let (number, columns) = &places[r];
        return Err(ParseError::new(
            *number,
            Some(columns[c]),
            format!(
                "the group of the stone at row {r}, column {c} (0-based) has no liberty; \
                 the given position must be legal"
            ),
        ));
    }
    Ok(Case {
        position,
        mv: Move { col, row, colour },
    })
}

/// Appends the board lines of `position`.
pub fn write_position(position: &Position, out: &mut String) {
    geometry::write_rows(&position.cells, position.n, |v| char::from(b'0' + v), out);
}

/// Appends the text form of `case`.
pub fn write_case(case: &Case, out: &mut String) {
    let _ = writeln!(out, "{}", case.position.n);
    write_position(&case.position, out);
    let _ = writeln!(out, "{} {} {}", case.mv.col, case.mv.row, case.mv.colour);
}

/// Appends the text form of `answer`.
pub fn write_answer(answer: &Answer, out: &mut String) {
    match answer {
        Answer::Illegal => out.push_str("0\n"),
        Answer::Legal(position) => {
            out.push_str("1\n");
            write_position(position, out);
        }
    }
}

/// Reads an answer: `0`, or `1` and n lines of n digits without spaces.
pub fn read_answer(lines: &mut Lines<'_>, case: &Case) -> Result<Answer, ParseError> {
    let n = case.position.n;
    let line = lines.next_line("the verdict (0 or 1)")?;
    let mut tokens = line.tokens();
    let (column, verdict) = tokens.next("the verdict (0 or 1)")?;
    let legal = match verdict {
        "0" => false,
        "1" => true,
        _ => {
            return Err(line.error_at(
                column,
                format!("expected the verdict (0 or 1), found {verdict:?}"),
            ));
        }
    };
    tokens.end()?;
    if !legal {
        return Ok(Answer::Illegal);
    }
    let mut cells = Vec::with_capacity(n * n);
    for r in 0..n {
        let what = format!("row {} of {n} of the new board", r + 1);
        let line = lines.next_line(&what)?;
        cells.extend(parse_points(&line, n, &what, false)?.0);
    }
    Ok(Answer::Legal(Position { n, cells }))
}

/// The rows of `position` as strings of digits 0, 1, 2.
fn row_strings(position: &Position) -> Vec<String> {
    geometry::row_strings(&position.cells, position.n, |v| char::from(b'0' + v))
}

/// The protocol's case: `{"board": ["0120", ...], "col": c, "row": r,
/// "colour": 1}`.
pub fn case_to_protocol(case: &Case) -> serde_json::Value {
    serde_json::json!({
        "board": row_strings(&case.position),
        "col": case.mv.col,
        "row": case.mv.row,
        "colour": case.mv.colour,
    })
}

/// The protocol's answer: `{"legal": false}` or `{"legal": true, "board": [...]}`.
pub fn answer_from_protocol(value: &serde_json::Value, case: &Case) -> Result<Answer, String> {
    let legal = json::json_key(value, "legal")?;
    let text = match legal.as_bool() {
        Some(false) => "0\n".to_string(),
        Some(true) => {
            let rows = json::json_lines(json::json_key(value, "board")?, "board")?;
            format!("1\n{rows}")
        }
        None => return Err(format!("legal: expected true or false, found {legal}")),
    };
    json::answer_from_text::<super::GoMove>(&text, case)
}

/// A case from the protocol's form.
pub fn case_from_protocol(value: &serde_json::Value) -> Result<Case, String> {
    let rows = json::json_lines(json::json_key(value, "board")?, "board")?;
    let col = json::json_u64(json::json_key(value, "col")?, "col")?;
    let row = json::json_u64(json::json_key(value, "row")?, "row")?;
    let colour = json::json_u64(json::json_key(value, "colour")?, "colour")?;
    let n = rows.lines().count();
    json::case_from_text::<super::GoMove>(&format!("{n}\n{rows}{col} {row} {colour}\n"))
}

/// The JSON form: the protocol's case and answer; `--py-func` calls the
/// function on `(board, col, row, colour)`, `None` meaning illegal.
pub fn json() -> json::JsonCodec<super::GoMove> {
    json::JsonCodec {
        write_case: case_to_protocol,
        read_case: case_from_protocol,
        write_answer: |answer| match answer {
            Answer::Illegal => serde_json::json!({ "legal": false }),
            Answer::Legal(position) => {
                serde_json::json!({ "legal": true, "board": row_strings(position) })
            }
        },
        read_answer: answer_from_protocol,
        py_adapter: include_str!("py_adapter.py"),
        function_answer: None,
    }
}
