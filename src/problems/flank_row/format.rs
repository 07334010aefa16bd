//! Text form (docs/spec/flank-row.md): the row, `k`, then `k` lines `P i`.

use super::{Case, Cell, Placement, Player, Row};
use crate::json;
use crate::text::{Line, Lines, ParseError};

/// The largest row and the most placements the contract allows.
pub const MAX_CELLS: usize = super::limits::MAX_CELLS;
/// The most placements the contract allows.
pub const MAX_PLACEMENTS: usize = super::limits::MAX_PLACEMENTS;

fn parse_row(line: &Line<'_>, what: &str) -> Result<Row, ParseError> {
    if line.text.is_empty() {
        return Err(line.error(format!(
            "expected {what} (1 to {MAX_CELLS} cells of . A B), found an empty line"
        )));
    }
    if line.text.len() > MAX_CELLS {
        return Err(line.error(format!(
            "{what} has {} cells, more than {MAX_CELLS}",
            line.text.len()
        )));
    }
    line.text
        .bytes()
        .enumerate()
        .map(|(i, b)| match b {
            b'.' => Ok(Cell::Empty),
            b'A' => Ok(Cell::Piece(Player::A)),
            b'B' => Ok(Cell::Piece(Player::B)),
            _ => Err(line.error_at(
                i + 1,
                format!("expected a cell (., A or B), found {:?}", char::from(b)),
            )),
        })
        .collect()
}

/// Reads one case.
pub fn read_case(lines: &mut Lines<'_>) -> Result<Case, ParseError> {
    let row = parse_row(&lines.next_line("the row")?, "the row")?;
    let line = lines.next_line("the number of placements k")?;
    let mut tokens = line.tokens();
    let k: usize = tokens.int_in("the number of placements k", 0, MAX_PLACEMENTS)?;
    tokens.end()?;
    let mut placements = Vec::with_capacity(k.min(1 << 16));
    for i in 0..k {
        let what = format!("placement {} of {k} (a player A or B and an index)", i + 1);
        let line = lines.next_line(&what)?;
        let mut tokens = line.tokens();
        let (column, who) = tokens.next("a player (A or B)")?;
        let player = match who {
            "A" => Player::A,
            "B" => Player::B,
            _ => {
                return Err(
                    line.error_at(column, format!("expected a player (A or B), found {who:?}"))
                );
            }
        };
        let index = tokens.int_in("the index", 0, row.len() - 1)?;
        tokens.end()?;
        placements.push(Placement { player, index });
    }
    Ok(Case { row, placements })
}

/// Appends a row and a newline.
pub fn write_row(row: &[Cell], out: &mut String) {
    out.reserve(row.len() + 1);
    out.extend(row.iter().map(|c| match c {
        Cell::Empty => '.',
        Cell::Piece(Player::A) => 'A',
        Cell::Piece(Player::B) => 'B',
    }));
    out.push('\n');
}

/// Appends the text form of `case`.
pub fn write_case(case: &Case, out: &mut String) {
    use std::fmt::Write;
    write_row(&case.row, out);
    let _ = writeln!(out, "{}", case.placements.len());
    for p in &case.placements {
        let who = if p.player == Player::A { 'A' } else { 'B' };
        let _ = writeln!(out, "{who} {}", p.index);
    }
}

/// Reads an answer: one row as long as the case's.
pub fn read_answer(lines: &mut Lines<'_>, case: &Case) -> Result<Row, ParseError> {
    let line = lines.next_line("the final row")?;
    let row = parse_row(&line, "the final row")?;
    if row.len() != case.row.len() {
        return Err(line.error(format!(
            "expected a row of {} cells, found {}",
            case.row.len(),
            row.len()
        )));
    }
    Ok(row)
}

/// The protocol's case: `{"row": "A.B", "placements": [["A", 1], ...]}`.
pub fn case_to_protocol(case: &Case) -> serde_json::Value {
    let mut row = String::new();
    write_row(&case.row, &mut row);
    row.pop();
    let placements: Vec<_> = case
        .placements
        .iter()
        .map(|p| serde_json::json!([if p.player == Player::A { "A" } else { "B" }, p.index]))
        .collect();
    serde_json::json!({"row": row, "placements": placements})
}

/// The protocol's answer: `{"row": "AAB"}`.
pub fn answer_from_protocol(value: &serde_json::Value, case: &Case) -> Result<Row, String> {
    let row = json::json_str(json::json_key(value, "row")?, "row")?;
    json::answer_from_text::<super::FlankRow>(&format!("{row}\n"), case)
}

/// Appends the text form of an answer: the final row.
pub fn write_answer(answer: &Row, out: &mut String) {
    write_row(answer, out)
}

/// A case from the protocol's form.
pub fn case_from_protocol(value: &serde_json::Value) -> Result<Case, String> {
    let row = json::json_str(json::json_key(value, "row")?, "row")?;
    let placements = json::json_array(json::json_key(value, "placements")?, "placements")?;
    let mut text = format!("{row}\n{}\n", placements.len());
    for (i, p) in placements.iter().enumerate() {
        match p.as_array().map(Vec::as_slice) {
            Some([who, index]) if who.is_string() && index.is_u64() => {
                text.push_str(&format!("{} {index}\n", who.as_str().unwrap_or("")));
            }
            _ => {
                return Err(format!(
                    "placements[{i}]: expected [\"A\" or \"B\", index], found {p}"
                ));
            }
        }
    }
    json::case_from_text::<super::FlankRow>(&text)
}

/// The JSON form: the protocol's case and answer; `--py-func` calls
/// `solve(row, placements)`.
pub fn json() -> json::JsonCodec<super::FlankRow> {
    json::JsonCodec {
        write_case: case_to_protocol,
        read_case: case_from_protocol,
        write_answer: |row| {
            let mut text = String::new();
            write_row(row, &mut text);
            text.pop();
            serde_json::json!({ "row": text })
        },
        read_answer: answer_from_protocol,
        py_adapter: include_str!("py_adapter.py"),
        function_answer: None,
    }
}
