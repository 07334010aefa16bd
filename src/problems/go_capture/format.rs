//! Text form (docs/spec/go-capture.md): `n m`, then n rows of m points; the answer is
//! the removed count, then the n rows after removal.

use super::{Board, Removal, is_point};
use crate::json;
use crate::problems::geometry;
use crate::text::{Line, Lines, ParseError};

/// The most points a board may have (n · m).
pub const MAX_POINTS: usize = super::limits::MAX_POINTS;

/// Reads a row of exactly `cols` points: `.` or printable ASCII other than space.
fn parse_row(
    line: &Line<'_>,
    what: &str,
    cols: usize,
    out: &mut Vec<u8>,
) -> Result<(), ParseError> {
    let start = out.len();
    for (column, ch) in line.text.chars().enumerate() {
        let column = column + 1;
        if column > cols {
            return Err(line.error_at(
                column,
                format!(
                    "{what} has {} points, expected {cols}",
                    line.text.chars().count()
                ),
            ));
        }
        match u8::try_from(ch) {
            Ok(b) if is_point(b) => out.push(b),
            _ => {
                let hint = if ch == ' ' {
                    " (spaces are not points; an empty point is .)".to_string()
                } else {
                    String::new()
                };
                return Err(line.error_at(
                    column,
                    format!(
                        "expected a point (. or a printable ASCII stone character), found {ch:?}{hint}"
                    ),
                ));
            }
        }
    }
    let got = out.len() - start;
    if got < cols {
        let hint = if got == 0 { " (an empty line)" } else { "" };
        return Err(line.error(format!(
            "{what} has {got} points{hint}, expected {cols} (trailing spaces are not points)"
        )));
    }
    Ok(())
}

/// Reads `rows` rows of `cols` points each.
fn read_rows(
    lines: &mut Lines<'_>,
    rows: usize,
    cols: usize,
    whose: &str,
) -> Result<Vec<u8>, ParseError> {
    let mut cells = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        let what = format!("row {} of {rows}{whose}", r + 1);
        let line = lines.next_line(&format!("{what} ({cols} points)"))?;
        parse_row(&line, &what, cols, &mut cells)?;
    }
    Ok(cells)
}

/// Reads one case.
pub fn read_case(lines: &mut Lines<'_>) -> Result<Board, ParseError> {
    let line = lines.next_line("the board size n m")?;
    let mut tokens = line.tokens();
    let rows: usize = tokens.int_in("the number of rows n", 1, MAX_POINTS)?;
    let cols: usize = tokens.int_in("the number of columns m", 1, MAX_POINTS)?;
    tokens.end()?;
    match rows.checked_mul(cols) {
        Some(points) if points <= MAX_POINTS => {}
        _ => {
            return Err(line.error(format!(
                "the board {rows} x {cols} has more than {MAX_POINTS} points"
            )));
        }
    }
    let cells = read_rows(lines, rows, cols, " of the board")?;
    Ok(Board { rows, cols, cells })
}

/// Appends the rows of `board`, each with a newline.
pub fn write_rows(board: &Board, out: &mut String) {
    // Every cell is ASCII by the board's invariant.
    geometry::write_rows(&board.cells, board.cols, char::from, out);
}

/// Appends the text form of `board`.
pub fn write_case(board: &Board, out: &mut String) {
    use std::fmt::Write;
    let _ = writeln!(out, "{} {}", board.rows, board.cols);
    write_rows(board, out);
}

/// Appends the answer: the count, then the board.
pub fn write_answer(answer: &Removal, out: &mut String) {
    use std::fmt::Write;
    let _ = writeln!(out, "{}", answer.removed);
    write_rows(&answer.board, out);
}

/// Reads an answer to `case`: a count in `0..=stones`, then the board's rows.
pub fn read_answer(lines: &mut Lines<'_>, case: &Board) -> Result<Removal, ParseError> {
    let line = lines.next_line("the number of removed stones")?;
    let mut tokens = line.tokens();
    let removed: usize = tokens.int_in("the number of removed stones", 0, case.len())?;
    tokens.end()?;
    let cells = read_rows(lines, case.rows, case.cols, " of the board after removal")?;
    Ok(Removal {
        removed,
        board: Board {
            rows: case.rows,
            cols: case.cols,
            cells,
        },
    })
}

/// The rows of `board` as strings.
fn row_strings(board: &Board) -> Vec<String> {
    geometry::row_strings(&board.cells, board.cols, char::from)
}

/// The protocol's case: `{"board": ["..X", ".XO", ...]}`.
pub fn case_to_protocol(board: &Board) -> serde_json::Value {
    serde_json::json!({"board": row_strings(board)})
}

/// The protocol's answer: `{"removed": K, "board": [...]}`.
pub fn answer_from_protocol(value: &serde_json::Value, case: &Board) -> Result<Removal, String> {
    let removed = json::json_key(value, "removed")?;
    if !removed.is_u64() {
        return Err(format!("removed: expected a count, found {removed}"));
    }
    let rows = json::json_lines(json::json_key(value, "board")?, "board")?;
    json::answer_from_text::<super::GoCapture>(&format!("{removed}\n{rows}"), case)
}

/// A case from the protocol's form.
pub fn case_from_protocol(value: &serde_json::Value) -> Result<Board, String> {
    let board = json::json_key(value, "board")?;
    let rows = json::json_lines(board, "board")?;
    let cols = rows.lines().next().map_or(0, str::len);
    let count = rows.lines().count();
    json::case_from_text::<super::GoCapture>(&format!("{count} {cols}\n{rows}"))
}

/// The JSON form: the protocol's case and answer; `--py-func` calls the
/// function on the board and reads `(removed, board)`.
pub fn json() -> json::JsonCodec<super::GoCapture> {
    json::JsonCodec {
        write_case: case_to_protocol,
        read_case: case_from_protocol,
        write_answer: |answer| serde_json::json!({ "removed": answer.removed, "board": row_strings(&answer.board) }),
        read_answer: answer_from_protocol,
        py_adapter: include_str!("py_adapter.py"),
        function_answer: None,
    }
}
