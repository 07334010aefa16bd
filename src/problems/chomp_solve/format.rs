//! Text form (docs/spec/chomp-solve.md): `H`, then the H row lengths on one line;
//! the answer is `lose`, or `win K` and K lines `X Y`.

use std::fmt::Write;

use super::{Case, Value};
use crate::json;
use crate::text::{Lines, ParseError};

/// The most rows the input may give (trailing empty ones included).
pub const MAX_ROWS: usize = super::limits::MAX_ROWS;

/// Reads one case; positions beyond the solver's limits are refused here.
pub fn read_case(lines: &mut Lines<'_>) -> Result<Case, ParseError> {
    let line = lines.next_line("the number of rows H")?;
    let mut tokens = line.tokens();
    let h: usize = tokens.int_in("the number of rows H", 1, MAX_ROWS)?;
    tokens.end()?;
    let line = lines.next_line(&format!("the {h} row lengths"))?;
    let mut tokens = line.tokens();
    let mut rows: Vec<u64> = Vec::with_capacity(h.min(1 << 16));
    for i in 0..h {
        let what = format!("row length r{i}");
        let (column, token) = tokens.next(&what)?;
        let r: u64 = token.parse().map_err(|_| {
            line.error_at(
                column,
                format!("expected {what} (a nonnegative integer), found {token:?}"),
            )
        })?;
        if let Some(&below) = rows.last()
            && r > below
        {
            return Err(line.error_at(
                column,
                format!(
                    "row lengths must not increase upward: r{i} = {r} > r{} = {below}",
                    i - 1
                ),
            ));
        }
        rows.push(r);
    }
    tokens.end()?;
    let case = Case { rows };
    let trimmed = case.trimmed();
    if trimmed.is_empty() {
        return Err(line.error("every row is empty: the position has no cell"));
    }
    if let Some(why) = refuse(
        trimmed[0],
        trimmed.len() as u64,
        MAX_POSITIONS,
        MAX_CELLS,
        "chomp-solve",
    ) {
        return Err(line.error(format!("position too large: {why}")));
    }
    Ok(case)
}

/// Appends the text form of `case`.
pub fn write_case(case: &Case, out: &mut String) {
    let _ = writeln!(out, "{}", case.rows.len());
    let rows: Vec<String> = case.rows.iter().map(u64::to_string).collect();
    let _ = writeln!(out, "{}", rows.join(" "));
}

/// Reads an answer: `lose`, or `win K` and K moves.
pub fn read_answer(lines: &mut Lines<'_>, _case: &Case) -> Result<Value, ParseError> {
    let line = lines.next_line("lose or win K")?;
    let mut tokens = line.tokens();
    let (column, word) = tokens.next("lose or win K")?;
    match word {
        "lose" => {
            tokens.end()?;
            Ok(Value::Lose)
        }
        "win" => {
            let k: usize = tokens.int_in("the number of winning moves K", 1, 1 << 20)?;
            tokens.end()?;
            let mut moves = Vec::with_capacity(k.min(1024));
            for i in 0..k {
                let line = lines.next_line(&format!("winning move {} of {k} (X Y)", i + 1))?;
                let mut tokens = line.tokens();
                let x = tokens.parse::<u64>("X")?;
                let y = tokens.parse::<u64>("Y")?;
                tokens.end()?;
                moves.push((x, y));
            }
            Ok(Value::Win(moves))
        }
        _ => Err(line.error_at(column, format!("expected lose or win, found {word:?}"))),
    }
}

/// Appends the text form of `answer`.
pub fn write_answer(answer: &Value, out: &mut String) {
    match answer {
        Value::Lose => out.push_str("lose\n"),
        Value::Win(moves) => {
            let _ = writeln!(out, "win {}", moves.len());
            for (x, y) in moves {
                let _ = writeln!(out, "{x} {y}");
            }
        }
    }
}

/// The protocol's case: `{"rows": [r0, r1, ...]}`, bottom row first.
pub fn case_to_protocol(case: &Case) -> serde_json::Value {
    serde_json::json!({"rows": case.rows})
}

/// The protocol's answer: `{"value": "lose"}` or `{"value": "win", "moves":
/// [[x, y], ...]}`, the moves sorted by y then x.
pub fn answer_from_protocol(value: &serde_json::Value, case: &Case) -> Result<Value, String> {
    let verdict = json::json_key(value, "value")?;
    let text = match verdict.as_str() {
        Some("lose") => "lose\n".to_string(),
        Some("win") => {
            let moves = json::json_key(value, "moves")?;
            let moves = moves
                .as_array()
                .ok_or_else(|| format!("moves: expected an array of [x, y], found {moves}"))?;
            let mut text = format!("win {}\n", moves.len());
            for (i, m) in moves.iter().enumerate() {
                match m.as_array().map(Vec::as_slice) {
                    Some([x, y]) if x.is_u64() && y.is_u64() => {
                        let _ = writeln!(text, "{x} {y}");
                    }
                    _ => return Err(format!("moves[{i}]: expected [x, y], found {m}")),
                }
            }
            text
        }
        _ => {
            return Err(format!(
                "value: expected \"lose\" or \"win\", found {verdict}"
            ));
        }
    };
    json::answer_from_text::<super::ChompSolve>(&text, case)
}

/// A case from the protocol's form.
pub fn case_from_protocol(value: &serde_json::Value) -> Result<Case, String> {
    let rows = json::json_array(json::json_key(value, "rows")?, "rows")?;
    let rows: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| json::json_u64(r, &format!("rows[{i}]")).map(|r| r.to_string()))
        .collect::<Result<_, _>>()?;
    json::case_from_text::<super::ChompSolve>(&format!("{}\n{}\n", rows.len(), rows.join(" ")))
}

/// The JSON form: the protocol's case and answer; `--py-func` calls the
/// function on the rows and reads its winning moves.
pub fn json() -> json::JsonCodec<super::ChompSolve> {
    json::JsonCodec {
        write_case: case_to_protocol,
        read_case: case_from_protocol,
        write_answer: |answer| match answer {
            Value::Lose => serde_json::json!({ "value": "lose" }),
            Value::Win(moves) => {
                let moves: Vec<[u64; 2]> = moves.iter().map(|&(x, y)| [x, y]).collect();
                serde_json::json!({ "value": "win", "moves": moves })
            }
        },
        read_answer: answer_from_protocol,
        py_adapter: include_str!("py_adapter.py"),
        function_answer: None,
    }
}

/// `chomp-solve` refuses positions whose box has more positions than this:
/// C(24, 12), the 12 × 12 box.
pub const MAX_POSITIONS: u64 = super::limits::MAX_POSITIONS;
/// … or more cells than this (the 12 × 12 box's): the work grows with both.
pub const MAX_CELLS: u64 = super::limits::MAX_CELLS;

/// C(n, k), saturating at `u64::MAX`.
pub fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        c = c * u128::from(n - i) / u128::from(i + 1);
        if c > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    c as u64
}

/// The number of positions (empty included) inside a W × H box: C(W+H, H).
pub fn box_positions(width: u64, height: u64) -> u64 {
    binomial(width.saturating_add(height), height)
}

/// Why a box is refused under the given limits, if it is.
pub fn refuse(
    width: u64,
    height: u64,
    max_positions: u64,
    max_cells: u64,
    limit_of: &str,
) -> Option<String> {
    let positions = box_positions(width, height);
    let cells = width.saturating_mul(height);
    if positions > max_positions || cells > max_cells || width.min(height) > 62 {
        Some(format!(
            "the {width} x {height} box has C({}, {height}) = {} positions and {cells} cells; \
             the {limit_of} limit is {max_positions} positions and {max_cells} cells",
            width.saturating_add(height),
            if positions == u64::MAX {
                "more than 2^64".to_string()
            } else {
                positions.to_string()
            }
        ))
    } else {
        None
    }
}
