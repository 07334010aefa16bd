//! A chomp class as the candidate (`--py-func FILE.py:Board`). The seed's
//! API is a class, `Count()`, `Legal(x, y)`, `Move(x, y)`, `Display()`, and
//! the lines of the text form come from the seed's game loop around it. The
//! driver calls the class for every command and sends back what each call
//! returned; the answer is put together here from those values alone, as
//! the seed's loop does:
//! - `count`, `legal X Y`: the value `Count()`, `Legal(X, Y)` returned;
//! - `move X Y`: `illegal` when `Legal(X, Y)` said no (and `Move` is not
//!   called); else `Move(X, Y)`, then `Count()`: 0 prints `player P loses`,
//!   P the mover, the turn passing at every move `Legal` accepted;
//! - `display`: what `Display()` printed or returned, on boards it can draw;
//!   beyond [`MAX_DISPLAY_SIDE`] the seed's `Display` is not defined, so it
//!   is not called and the line is the harness's [`TOO_LARGE`].
//!
//! So a wrong `Count()` is a wrong number, whatever its sign, and the
//! report lists each call with its value.

use serde_json::Value;

use super::{Answer, Case, Command, MAX_DISPLAY_SIDE, MoveReply, Reply, TOO_LARGE, displayable};
use crate::json::json_key;

/// The calls listed in a report, at most; the rest are counted.
const SHOWN_CALLS: usize = 40;

/// A method's return value as the driver sends it: ints and bools as they
/// are (ints beyond 64 bits as decimal strings), anything else as
/// `{"repr": "..."}`.
enum Returned {
    Int(i128),
    Bool(bool),
    Other(String),
}

impl Returned {
    fn read(value: &Value) -> Returned {
        match value {
            Value::Bool(b) => Returned::Bool(*b),
            Value::Number(n) => match (n.as_i64(), n.as_u64()) {
                (Some(i), _) => Returned::Int(i.into()),
                (_, Some(u)) => Returned::Int(u.into()),
                _ => Returned::Other(n.to_string()),
            },
            // A Python int too wide for JSON numbers: saturated, since no
            // board holds more than 10^18 cells either way.
            Value::String(digits) => {
                Returned::Int(digits.parse().unwrap_or(if digits.starts_with('-') {
                    i128::MIN
                } else {
                    i128::MAX
                }))
            }
            Value::Object(o) => Returned::Other(
                o.get("repr")
                    .and_then(Value::as_str)
                    .map_or_else(|| value.to_string(), str::to_string),
            ),
            other => Returned::Other(other.to_string()),
        }
    }
}

/// What `Count()` returned (`value`): an int, else an error.
fn count(value: &Value, command: usize) -> Result<i128, String> {
    match Returned::read(value) {
        Returned::Int(n) => Ok(n),
        Returned::Bool(b) => Err(format!(
            "command {command}: Count() returned {}, not an int",
            python_bool(b)
        )),
        Returned::Other(repr) => Err(format!(
            "command {command}: Count() returned {repr}, not an int"
        )),
    }
}

/// What `Legal(x, y)` returned (`value`), read as the seed's loop tests
/// it: a bool, or an int (non-zero is true); anything else is an error.
fn legal(value: &Value, (x, y): (i64, i64), command: usize) -> Result<bool, String> {
    match Returned::read(value) {
        Returned::Bool(b) => Ok(b),
        Returned::Int(n) => Ok(n != 0),
        Returned::Other(repr) => Err(format!(
            "command {command}: Legal({x}, {y}) returned {repr}, not a bool"
        )),
    }
}

/// What `Display()` drew (`value`: its lines), trailing spaces trimmed;
/// [`TOO_LARGE`] where the driver did not call it (`null`: the board is
/// too large to draw).
fn display(value: &Value, case: &Case, command: usize) -> Result<Vec<String>, String> {
    match value {
        Value::Null if !displayable(case.width, case.height) => Ok(vec![TOO_LARGE.to_string()]),
        Value::Array(lines) => lines
            .iter()
            .map(|l| {
                l.as_str()
                    .map(|l| l.trim_end().to_string())
                    .ok_or_else(|| format!("command {command}: Display() drew {l}, not a line"))
            })
            .collect(),
        other => Err(format!(
            "command {command}: Display() on a {} x {} board gave {other}",
            case.width, case.height
        )),
    }
}

fn python_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// A move's reply from `[Legal's value]`, or `[Legal's value, Count's
/// value]` when Move was called, as the seed's loop prints it; the turn
/// passes at every move Legal accepted.
fn moved(
    call: &Value,
    (x, y): (i64, i64),
    at: usize,
    player: &mut u8,
) -> Result<(Reply, String), String> {
    let (asked, counted) = match call.as_array().map(Vec::as_slice) {
        Some([asked]) => (asked, None),
        Some([asked, counted]) => (asked, Some(counted)),
        _ => {
            return Err(format!(
                "command {at} (move): expected [Legal] or [Legal, Count], found {call}"
            ));
        }
    };
    let counted = match (legal(asked, (x, y), at)?, counted) {
        (false, None) => {
            return Ok((
                Reply::Move(MoveReply::Illegal),
                format!("move {x} {y}: Legal({x}, {y}) returned False, so `illegal`"),
            ));
        }
        (true, Some(counted)) => counted,
        _ => {
            return Err(format!(
                "command {at} (move): Move called against Legal's answer: {call}"
            ));
        }
    };
    let n = count(counted, at)?;
    let mover = *player;
    *player = 3 - *player;
    let (reply, said) = if n == 0 {
        (
            MoveReply::Loses(mover),
            format!(", so `player {mover} loses`"),
        )
    } else {
        (MoveReply::Done, String::new())
    };
    Ok((
        Reply::Move(reply),
        format!(
            "move {x} {y}: Legal({x}, {y}) returned True, Move({x}, {y}), \
             then Count() returned {n}{said}"
        ),
    ))
}

/// One command's reply, and the calls behind it in words.
fn reply(
    command: Command,
    call: &Value,
    case: &Case,
    at: usize,
    player: &mut u8,
) -> Result<(Reply, String), String> {
    Ok(match command {
        Command::Count => {
            let n = count(call, at)?;
            (Reply::Count(n), format!("count: Count() returned {n}"))
        }
        Command::Legal(x, y) => {
            let b = legal(call, (x, y), at)?;
            (
                Reply::Legal(b),
                format!("legal {x} {y}: Legal({x}, {y}) returned {}", python_bool(b)),
            )
        }
        Command::Move(x, y) => moved(call, (x, y), at, player)?,
        Command::Display => {
            let lines = display(call, case, at)?;
            let said = if displayable(case.width, case.height) {
                format!("display: Display() drew {} lines", lines.len())
            } else {
                format!(
                    "display: Display() not called (wider or taller than {MAX_DISPLAY_SIDE}), \
                     so `{TOO_LARGE}`"
                )
            };
            (Reply::Display(lines), said)
        }
    })
}

/// The answer put together from the class's return values, and the calls
/// in words. The driver's `{"calls": [...]}` has one entry per command:
/// `count` Count's value, `legal` Legal's, `move` `[Legal's]` or `[Legal's,
/// Count's]` (after Move), `display` the lines drawn or `null` (not
/// called). A value is an int or a bool as returned, an int beyond 64 bits
/// as a decimal string, anything else `{"repr": "..."}`.
pub fn answer_from_calls(value: &Value, case: &Case) -> Result<(Answer, String), String> {
    let calls = json_key(value, "calls")?
        .as_array()
        .ok_or_else(|| format!("expected \"calls\" to be a list, found {value}"))?;
    if calls.len() != case.commands.len() {
        return Err(format!(
            "{} calls for {} commands",
            calls.len(),
            case.commands.len()
        ));
    }
    let mut player = 1;
    let mut replies = Vec::with_capacity(calls.len());
    let mut said = Vec::new();
    for (i, (&command, call)) in case.commands.iter().zip(calls).enumerate() {
        let (reply, words) = reply(command, call, case, i + 1, &mut player)?;
        replies.push(reply);
        if i < SHOWN_CALLS {
            said.push(format!("  {}. {words}", i + 1));
        }
    }
    if calls.len() > SHOWN_CALLS {
        said.push(format!("  ... and {} more", calls.len() - SHOWN_CALLS));
    }
    let note = format!(
        "the class's calls and what each returned:\n{}",
        said.join("\n")
    );
    Ok((super::printed(replies), note))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn case(width: u64, height: u64, commands: Vec<Command>) -> Case {
        Case {
            width,
            height,
            commands,
        }
    }

    #[test]
    fn the_loss_and_the_turn_come_from_the_class_s_own_count() {
        let case = case(2, 1, vec![Command::Move(1, 0), Command::Move(0, 0)]);
        let right = json!({"calls": [[true, 1], [true, 0]]});
        let (answer, note) = answer_from_calls(&right, &case).unwrap();
        assert_eq!(answer, vec![Reply::Move(MoveReply::Loses(2))]);
        assert!(
            note.contains("then Count() returned 0, so `player 2 loses`"),
            "{note}"
        );
        // Count() off by one after the last move: no loss printed, and the
        // value is in the note.
        let off = json!({"calls": [[true, 2], [true, 1]]});
        let (answer, note) = answer_from_calls(&off, &case).unwrap();
        assert_eq!(answer, Vec::<Reply>::new());
        assert!(
            note.contains("Move(0, 0), then Count() returned 1"),
            "{note}"
        );
    }

    #[test]
    fn a_negative_count_is_a_number_and_a_string_is_not() {
        let case = case(1, 1, vec![Command::Count]);
        let (answer, _) = answer_from_calls(&json!({"calls": [-1]}), &case).unwrap();
        assert_eq!(answer, vec![Reply::Count(-1)]);
        let wide = json!({"calls": ["100000000000000000000000"]});
        let (answer, _) = answer_from_calls(&wide, &case).unwrap();
        assert_eq!(answer, vec![Reply::Count(100_000_000_000_000_000_000_000)]);
        let error = answer_from_calls(&json!({"calls": [{"repr": "'1'"}]}), &case).unwrap_err();
        assert_eq!(error, "command 1: Count() returned '1', not an int");
    }

    #[test]
    fn illegal_comes_from_legal_and_move_is_not_called() {
        let case = case(3, 3, vec![Command::Move(1, 1), Command::Legal(0, 0)]);
        let calls = json!({"calls": [[false], 1]});
        let (answer, note) = answer_from_calls(&calls, &case).unwrap();
        assert_eq!(
            answer,
            vec![Reply::Move(MoveReply::Illegal), Reply::Legal(true)]
        );
        assert!(note.contains("Legal(1, 1) returned False, so `illegal`"));
        let none = json!({"calls": [[{"repr": "None"}], true]});
        assert_eq!(
            answer_from_calls(&none, &case).unwrap_err(),
            "command 1: Legal(1, 1) returned None, not a bool"
        );
    }

    #[test]
    fn display_is_the_class_s_on_small_boards_and_the_harness_s_beyond() {
        let small = case(1, 1, vec![Command::Display]);
        let drawn = json!({"calls": [["0 *  ", "  0 "]]});
        let (answer, _) = answer_from_calls(&drawn, &small).unwrap();
        assert_eq!(
            answer,
            vec![Reply::Display(vec!["0 *".into(), "  0".into()])]
        );
        // Not called on a small board: the driver broke the protocol.
        assert!(answer_from_calls(&json!({"calls": [null]}), &small).is_err());
        let large = case(11, 1, vec![Command::Display]);
        let (answer, note) = answer_from_calls(&json!({"calls": [null]}), &large).unwrap();
        assert_eq!(answer, vec![Reply::Display(vec![TOO_LARGE.into()])]);
        assert!(note.contains("not called"), "{note}");
    }

    #[test]
    fn calls_and_commands_must_pair_up() {
        let case = case(1, 1, vec![Command::Count, Command::Count]);
        let error = answer_from_calls(&json!({"calls": [1]}), &case).unwrap_err();
        assert_eq!(error, "1 calls for 2 commands");
    }
}
