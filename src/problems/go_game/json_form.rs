//! go-game's JSON form (`solve --format json`, `--protocol jsonl`,
//! `--py-func`): a case is `{"n": 9, "ko": "simple", "suicide":
//! "forbidden", "commands": ["play b E5", "undo"]}` (and `"conventions":
//! ["simple-ko-too", "next-mover"]` where a case has any), an answer
//! `{"replies": ["=", "? illegal move"], "board": ["..X", ...]}`, both read
//! through the text form so that one parser judges every input.

use serde_json::{Value, json};

use super::{Answer, Case, GoGame, format};
use crate::json::{self, JsonCodec};

fn case_to_json(case: &Case) -> Value {
    let mut value = json!({
        "n": case.n,
        "ko": case.rules.ko.word(),
        "suicide": case.rules.suicide.word(),
        "commands": case.commands.iter().map(format::command_text).collect::<Vec<_>>(),
    });
    // Only where there are some: a plain §7 case keeps its four keys.
    let words = case.rules.conventions.words();
    if !words.is_empty() {
        value["conventions"] = json!(words);
    }
    value
}

fn case_from_json(value: &Value) -> Result<Case, String> {
    let n = json::json_u64(json::json_key(value, "n")?, "n")?;
    let ko = json::json_str(json::json_key(value, "ko")?, "ko")?;
    let suicide = json::json_str(json::json_key(value, "suicide")?, "suicide")?;
    let mut header = format!("{n} {ko} {suicide}");
    if let Some(words) = value.get("conventions") {
        for (i, word) in json::json_array(words, "conventions")?.iter().enumerate() {
            header.push(' ');
            header.push_str(json::json_str(word, &format!("conventions[{i}]"))?);
        }
    }
    json::game_case::<GoGame>(&header, value)
}

fn answer_to_json(answer: &Answer) -> Value {
    json::replies_and_board::<GoGame>(answer, answer.replies.len())
}

/// The JSON form; `--py-func` calls `func(n, ko, suicide, commands)`,
/// which returns `(replies, board)`.
pub fn json() -> JsonCodec<GoGame> {
    JsonCodec {
        write_case: case_to_json,
        read_case: case_from_json,
        write_answer: answer_to_json,
        read_answer: json::answer_from_replies_and_board::<GoGame>,
        py_adapter: include_str!("py_adapter.py"),
        function_answer: None,
    }
}
