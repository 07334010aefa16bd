//! Helpers for a problem's one JSON form ([`JsonCodec`], part of the
//! contract: [`Problem::json`]), from which `solve --format json`, the
//! persistent protocol (`--protocol jsonl`, docs/protocol.md) and
//! `--py-func` all derive.

use serde_json::Value;

use crate::problem::Problem;
pub use crate::problem::{FunctionAnswer, JsonCodec};
use crate::text::Lines;

/// Reads an answer from its text form, all of `text` (the JSON readers turn
/// JSON into the text form and reuse the problem's reader, so both forms
/// are checked alike).
pub fn answer_from_text<P: Problem>(text: &str, case: &P::Case) -> Result<P::Answer, String> {
    let mut lines = Lines::new(text);
    let answer = P::read_answer(&mut lines, case).map_err(|e| e.to_string())?;
    lines.finish().map_err(|e| e.to_string())?;
    Ok(answer)
}

/// Reads a case from its text form, all of `text` (a JSON case turned into
/// text: the reader's checks hold for both forms).
pub fn case_from_text<P: Problem>(text: &str) -> Result<P::Case, String> {
    let mut lines = Lines::new(text);
    let case = P::read_case(&mut lines).map_err(|e| format!("as its text form, {e}"))?;
    lines
        .finish()
        .map_err(|e| format!("as its text form, {e}"))?;
    Ok(case)
}

/// The text form of an answer, line by line (for JSON forms that are the
/// answer's lines).
pub fn answer_lines<P: Problem>(answer: &P::Answer) -> Vec<String> {
    crate::problem::answer_text::<P>(answer)
        .lines()
        .map(str::to_string)
        .collect()
}

/// `value[key]`, or an error naming the key.
pub fn json_key<'a>(value: &'a Value, key: &str) -> Result<&'a Value, String> {
    value
        .get(key)
        .ok_or_else(|| format!("expected an object with key {key:?}, found {value}"))
}

/// A JSON array of strings as lines of text (a board's rows), or an error
/// naming `what`.
pub fn json_lines(value: &Value, what: &str) -> Result<String, String> {
    let rows = value
        .as_array()
        .ok_or_else(|| format!("{what}: expected an array of strings, found {value}"))?;
    let mut text = String::new();
    for (i, row) in rows.iter().enumerate() {
        let row = row
            .as_str()
            .ok_or_else(|| format!("{what}[{i}]: expected a string, found {row}"))?;
        text.push_str(row);
        text.push('\n');
    }
    Ok(text)
}

/// A JSON non-negative integer, or an error naming `what`.
pub fn json_u64(value: &Value, what: &str) -> Result<u64, String> {
    value
        .as_u64()
        .ok_or_else(|| format!("{what}: expected a non-negative integer, found {value}"))
}

/// A JSON string, or an error naming `what`.
pub fn json_str<'a>(value: &'a Value, what: &str) -> Result<&'a str, String> {
    value
        .as_str()
        .ok_or_else(|| format!("{what}: expected a string, found {value}"))
}

/// A JSON array, or an error naming `what`.
pub fn json_array<'a>(value: &'a Value, what: &str) -> Result<&'a Vec<Value>, String> {
    value
        .as_array()
        .ok_or_else(|| format!("{what}: expected an array, found {value}"))
}

/// Reads `text` as a JSON case of `P` (`solve --format json`): a syntax
/// error names its line and column, an error in the values the element.
pub fn read_case_text<P: Problem>(text: &str) -> Result<P::Case, crate::text::ParseError> {
    use crate::text::ParseError;
    let value: Value = serde_json::from_str(text)
        .map_err(|e| ParseError::new(e.line().max(1), Some(e.column().max(1)), e.to_string()))?;
    (P::json().read_case)(&value).map_err(|e| ParseError::new(1, None, format!("JSON {e}")))
}

/// The one-line JSON text of an answer, ending with a newline.
pub fn answer_json_text<P: Problem>(answer: &P::Answer) -> String {
    let mut out = (P::json().write_answer)(answer).to_string();
    out.push('\n');
    out
}

/// A game's answer (one reply line per command, then the board's rows) as
/// `{"replies": [...], "board": [...]}`, cut where the replies end.
pub fn replies_and_board<P: Problem>(answer: &P::Answer, replies: usize) -> Value {
    let text = crate::problem::answer_text::<P>(answer);
    let lines: Vec<&str> = text.lines().collect();
    let (replies, board) = lines.split_at(replies.min(lines.len()));
    serde_json::json!({ "replies": replies, "board": board })
}

/// Reads `{"replies": [...], "board": [...]}` through the game's text form.
pub fn answer_from_replies_and_board<P: Problem>(
    value: &Value,
    case: &P::Case,
) -> Result<P::Answer, String> {
    let replies = json_lines(json_key(value, "replies")?, "replies")?;
    let board = json_lines(json_key(value, "board")?, "board")?;
    answer_from_text::<P>(&format!("{replies}{board}"), case)
}

/// A game's case from its header line and `value["commands"]` (strings, one
/// command each), read through the game's text form.
pub fn game_case<P: Problem>(header: &str, value: &Value) -> Result<P::Case, String> {
    let commands = json_key(value, "commands")?;
    let count = json_array(commands, "commands")?.len();
    let lines = json_lines(commands, "commands")?;
    case_from_text::<P>(&format!("{header}\n{count}\n{lines}"))
}
