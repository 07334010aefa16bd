//! othello-game's JSON form (`solve --format json`, `--protocol jsonl`,
//! `--py-func`): a case is `{"n": 8, "commands": ["play b d3", "undo"]}`
//! (with `"rules": "auto-pass"` or `"either-pass"` for those conventions), an answer
//! `{"replies": ["=", "? illegal move"], "board": ["........", ...]}`, both
//! read through the text form so that one parser judges every input.

use serde_json::{Value, json};

use super::{Answer, Case, OthelloGame, Rules, format};
use crate::json::{self, JsonCodec};

fn case_to_json(case: &Case) -> Value {
    let commands: Vec<String> = case.commands.iter().map(format::command_text).collect();
    match case.rules {
        Rules::Standard => json!({ "n": case.n, "commands": commands }),
        other => json!({ "n": case.n, "rules": other.word(), "commands": commands }),
    }
}

fn case_from_json(value: &Value) -> Result<Case, String> {
    let n = json::json_u64(json::json_key(value, "n")?, "n")?;
    let rules = match value.get("rules") {
        None => String::new(),
        Some(rules) => format!(" {}", json::json_str(rules, "rules")?),
    };
    json::game_case::<OthelloGame>(&format!("{n}{rules}"), value)
}

fn answer_to_json(answer: &Answer) -> Value {
    json::replies_and_board::<OthelloGame>(answer, answer.replies.len())
}

/// The JSON form; `--py-func` calls `func(n, commands)`, which returns
/// `(replies, board)`.
pub fn json() -> JsonCodec<OthelloGame> {
    JsonCodec {
        write_case: case_to_json,
        read_case: case_from_json,
        write_answer: answer_to_json,
        read_answer: json::answer_from_replies_and_board::<OthelloGame>,
        py_adapter: include_str!("py_adapter.py"),
        function_answer: None,
    }
}
