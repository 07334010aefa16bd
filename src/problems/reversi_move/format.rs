//! Text form (docs/spec/reversi-move.md): `m n`, m lines of n values 0/1/2 separated
//! by spaces, then `row col player`. JSON form, the seed's
//! `place_piece(board, row, col, player)`: `{"board": [[...], ...], "row":
//! r, "col": c, "player": p}` in, the board as an array of arrays out.

use serde_json::Value;

use super::{Board, Case, MAX_SIDE};
use crate::json;
use crate::text::{Line, Lines, ParseError};

/// One board line of `cols` values, tokens separated by any spaces (input).
fn parse_row(
    line: &Line<'_>,
    cols: usize,
    what: &str,
    out: &mut Vec<u8>,
) -> Result<(), ParseError> {
    let mut tokens = line.tokens();
    let mut found = 0;
    while let Some((column, token)) = tokens.next_raw() {
        found += 1;
        if found > cols {
            return Err(line.error_at(
                column,
                format!("{what} has more than {cols} values (ragged rows)"),
            ));
        }
        out.push(match token {
            "0" => 0,
            "1" => 1,
            "2" => 2,
            _ => {
                return Err(line.error_at(
                    column,
                    format!("expected a cell value 0, 1 or 2, found {token:?}"),
                ));
            }
        });
    }
    if found < cols {
        return Err(line.error(format!(
            "{what} has {found} values, expected {cols} (ragged rows)"
        )));
    }
    Ok(())
}

/// Reads one case.
pub fn read_case(lines: &mut Lines<'_>) -> Result<Case, ParseError> {
    let line = lines.next_line("the board size m n")?;
    let mut tokens = line.tokens();
    let rows: usize = tokens.int_in("the number of rows m", 1, MAX_SIDE)?;
    let cols: usize = tokens.int_in("the number of columns n", 1, MAX_SIDE)?;
    tokens.end()?;
    let mut cells = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        let what = format!("board row {} of {rows}", r + 1);
        let line = lines.next_line(&what)?;
        parse_row(&line, cols, &what, &mut cells)?;
    }
    let line = lines.next_line("the move: row col player")?;
    let mut tokens = line.tokens();
    let row = tokens.int_in("the move's row", 0, rows - 1)?;
    let col = tokens.int_in("the move's column", 0, cols - 1)?;
    let player = tokens.int_in("the player", 1u8, 2)?;
    tokens.end()?;
    Ok(Case {
        board: Board { rows, cols, cells },
        row,
        col,
        player,
    })
}

/// Appends the board's lines, values separated by single spaces.
pub fn write_board(board: &Board, out: &mut String) {
    out.reserve(board.rows * board.cols * 2);
    for row in board.cells.chunks(board.cols) {
        for (i, &v) in row.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push(char::from(b'0' + v));
        }
        out.push('\n');
    }
}

/// Appends the text form of `case`.
pub fn write_case(case: &Case, out: &mut String) {
    use std::fmt::Write;
    let _ = writeln!(out, "{} {}", case.board.rows, case.board.cols);
    write_board(&case.board, out);
    let _ = writeln!(out, "{} {} {}", case.row, case.col, case.player);
}

/// Reads an answer: the m lines of the board, each exactly `n` values
/// 0/1/2 separated by single spaces (board lines compare as whole lines).
pub fn read_answer(lines: &mut Lines<'_>, case: &Case) -> Result<Board, ParseError> {
    let (rows, cols) = (case.board.rows, case.board.cols);
    let mut cells = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        let line = lines.next_line(&format!("board row {} of {rows}", r + 1))?;
        let bytes = line.text.as_bytes();
        if bytes.len() != 2 * cols - 1 {
            return Err(line.error(format!(
                "expected board row {} as {cols} values 0, 1 or 2 separated by single spaces ({} characters), found {} characters",
                r + 1,
                2 * cols - 1,
                bytes.len()
            )));
        }
        for (i, &b) in bytes.iter().enumerate() {
            match (i % 2, b) {
                (0, b'0'..=b'2') => cells.push(b - b'0'),
                (1, b' ') => {}
                (0, _) => {
                    return Err(line.error_at(
                        i + 1,
                        format!("expected a cell value 0, 1 or 2, found {:?}", char::from(b)),
                    ));
                }
                _ => {
                    return Err(line.error_at(
                        i + 1,
                        format!("expected a single space, found {:?}", char::from(b)),
                    ));
                }
            }
        }
    }
    Ok(Board { rows, cols, cells })
}

/// An error about the JSON input; `where_` names the element (a JSON path).
fn json_error(where_: &str, message: impl std::fmt::Display) -> String {
    format!("{where_}: {message}")
}

/// A JSON value as an integer in `lo..=hi`.
fn json_int(value: &Value, where_: &str, lo: u64, hi: u64) -> Result<u64, String> {
    match value.as_u64() {
        Some(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(json_error(
            where_,
            format!("expected an integer in {lo}..={hi}, found {value}"),
        )),
    }
}

/// Reads the JSON form of a case. Syntax errors name line and column;
/// errors in the values name the JSON element (e.g. `board[2][0]`).
pub fn case_from_json(text: &str) -> Result<Case, ParseError> {
    json::read_case_text::<super::ReversiMove>(text)
}

/// Reads a case from its JSON value; errors name the JSON element.
pub fn case_from_value(value: &Value) -> Result<Case, String> {
    let Value::Object(map) = value else {
        return Err(json_error(
            "input",
            "expected an object {\"board\": ..., \"row\": ..., \"col\": ..., \"player\": ...}",
        ));
    };
    for key in map.keys() {
        if !["board", "row", "col", "player"].contains(&key.as_str()) {
            return Err(json_error("input", format!("unexpected key {key:?}")));
        }
    }
    let get = |key: &str| {
        map.get(key)
            .ok_or_else(|| json_error("input", format!("missing key {key:?}")))
    };
    let Value::Array(board_rows) = get("board")? else {
        return Err(json_error("board", "expected an array of rows"));
    };
    if board_rows.is_empty() || board_rows.len() > MAX_SIDE {
        return Err(json_error(
            "board",
            format!("has {} rows, expected 1..={MAX_SIDE}", board_rows.len()),
        ));
    }
    let mut cols = 0;
    let mut cells = Vec::new();
    for (r, row) in board_rows.iter().enumerate() {
        let Value::Array(values) = row else {
            return Err(json_error(
                &format!("board[{r}]"),
                "expected an array of values",
            ));
        };
        if r == 0 {
            cols = values.len();
            if cols == 0 || cols > MAX_SIDE {
                return Err(json_error(
                    "board[0]",
                    format!("has {cols} values, expected 1..={MAX_SIDE}"),
                ));
            }
        } else if values.len() != cols {
            return Err(json_error(
                &format!("board[{r}]"),
                format!("has {} values, expected {cols} (ragged rows)", values.len()),
            ));
        }
        for (c, v) in values.iter().enumerate() {
            cells.push(json_int(v, &format!("board[{r}][{c}]"), 0, 2)? as u8);
        }
    }
    let rows = board_rows.len();
    let row = json_int(get("row")?, "row", 0, rows as u64 - 1)? as usize;
    let col = json_int(get("col")?, "col", 0, cols as u64 - 1)? as usize;
    let player = json_int(get("player")?, "player", 1, 2)? as u8;
    Ok(Case {
        board: Board { rows, cols, cells },
        row,
        col,
        player,
    })
}

/// The JSON form of a board: an array of arrays, on one line.
pub fn board_to_json(board: &Board) -> String {
    let mut out = serde_json::to_string(&board.to_rows()).expect("a board serializes");
    out.push('\n');
    out
}

/// The JSON form of a case (for `gen --format json` and tests).
pub fn case_to_json(case: &Case) -> String {
    let mut out = serde_json::json!({
        "board": case.board.to_rows(),
        "row": case.row,
        "col": case.col,
        "player": case.player,
    })
    .to_string();
    out.push('\n');
    out
}

/// The protocol's case: the JSON form above, on one line.
pub fn case_to_protocol(case: &Case) -> Value {
    serde_json::json!({
        "board": case.board.to_rows(),
        "row": case.row,
        "col": case.col,
        "player": case.player,
    })
}

/// The protocol's answer: `{"board": [[0, 1, 2], ...]}`, the board after
/// the move; or the board alone, as `solve --format json` prints it.
pub fn answer_from_protocol(value: &Value, case: &Case) -> Result<Board, String> {
    let board = if value.is_array() {
        value
    } else {
        json::json_key(value, "board")?
    };
    let rows = board
        .as_array()
        .ok_or_else(|| format!("board: expected an array of rows, found {board}"))?;
    let mut text = String::new();
    for (r, row) in rows.iter().enumerate() {
        let cells = row
            .as_array()
            .ok_or_else(|| format!("board[{r}]: expected an array of 0, 1 or 2, found {row}"))?;
        let cells: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(c, v)| match v.as_u64() {
                Some(v @ 0..=2) => Ok(v.to_string()),
                _ => Err(format!("board[{r}][{c}]: expected 0, 1 or 2, found {v}")),
            })
            .collect::<Result<_, _>>()?;
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    json::answer_from_text::<super::ReversiMove>(&text, case)
}

/// Appends the text form of an answer: the board after the move.
pub fn write_answer(answer: &Board, out: &mut String) {
    write_board(answer, out)
}

/// The JSON form (docs/spec/reversi-move.md): the case as the seed's arguments, the
/// answer the board alone (the protocol's answer line wraps it as
/// `{"board": ...}`); `--py-func` calls `place_piece(board, row, col,
/// player)`.
pub fn json() -> json::JsonCodec<super::ReversiMove> {
    json::JsonCodec {
        write_case: case_to_protocol,
        read_case: case_from_value,
        write_answer: |board| serde_json::json!(board.to_rows()),
        read_answer: answer_from_protocol,
        py_adapter: include_str!("py_adapter.py"),
        function_answer: None,
    }
}
