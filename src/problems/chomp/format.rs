//! Text form (docs/spec/chomp.md): `W H`, `q`, then q commands; the answer is
//! the lines the commands print, read greedily (a `move` owns the next line
//! only if it is `illegal` or `player P loses`).

use std::fmt::Write;

use super::{Answer, Case, Command, MAX_SIDE, MoveReply, Reply, TOO_LARGE, displayable};
use crate::json;
use crate::text::{Line, Lines, ParseError, Tokens};

/// Reads a coordinate: any integer (optional sign, digits). Values beyond
/// `i64` are saturated: they are off the board either way.
fn coordinate(line: &Line<'_>, tokens: &mut Tokens<'_>, what: &str) -> Result<i64, ParseError> {
    let (column, token) = tokens.next(what)?;
    let digits = token.strip_prefix(['-', '+']).unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(line.error_at(
            column,
            format!("expected {what} (an integer), found {token:?}"),
        ));
    }
    Ok(token.parse::<i64>().unwrap_or(if token.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    }))
}

/// Reads one case.
pub fn read_case(lines: &mut Lines<'_>) -> Result<Case, ParseError> {
    let line = lines.next_line("the board size W H")?;
    let mut tokens = line.tokens();
    let width = tokens.int_in("the width W", 1, MAX_SIDE)?;
    let height = tokens.int_in("the height H", 1, MAX_SIDE)?;
    tokens.end()?;
    let line = lines.next_line("the number of commands q")?;
    let mut tokens = line.tokens();
    let q: usize = tokens.int_in("the number of commands q", 0, usize::MAX)?;
    tokens.end()?;
    let mut commands = Vec::with_capacity(q.min(1 << 16));
    for i in 0..q {
        let what = format!(
            "command {} of {q} (count, legal X Y, move X Y or display)",
            i + 1
        );
        let line = lines.next_line(&what)?;
        let mut tokens = line.tokens();
        let (column, name) = tokens.next(&what)?;
        let command = match name {
            "count" => Command::Count,
            "display" => Command::Display,
            "legal" | "move" => {
                let x = coordinate(&line, &mut tokens, "X")?;
                let y = coordinate(&line, &mut tokens, "Y")?;
                if name == "legal" {
                    Command::Legal(x, y)
                } else {
                    Command::Move(x, y)
                }
            }
            _ => {
                return Err(line.error_at(
                    column,
                    format!("expected a command (count, legal, move or display), found {name:?}"),
                ));
            }
        };
        tokens.end()?;
        commands.push(command);
    }
    Ok(Case {
        width,
        height,
        commands,
    })
}

/// Appends the text form of `case`.
pub fn write_case(case: &Case, out: &mut String) {
    let _ = writeln!(out, "{} {}", case.width, case.height);
    let _ = writeln!(out, "{}", case.commands.len());
    for c in &case.commands {
        let _ = match c {
            Command::Count => writeln!(out, "count"),
            Command::Legal(x, y) => writeln!(out, "legal {x} {y}"),
            Command::Move(x, y) => writeln!(out, "move {x} {y}"),
            Command::Display => writeln!(out, "display"),
        };
    }
}

/// The reply of a move if `line` is one (`illegal`, `player P loses`).
fn move_line(line: &Line<'_>) -> Option<Result<MoveReply, ParseError>> {
    let mut tokens = line.tokens();
    match tokens.next_raw() {
        Some((_, "illegal")) => Some(tokens.end().map(|()| MoveReply::Illegal)),
        Some((_, "player")) => {
            let who = tokens.int_in("the losing player (1 or 2)", 1u8, 2);
            let loses = tokens.next("\"loses\"");
            Some(match (who, loses) {
                (Ok(p), Ok((_, "loses"))) => tokens.end().map(|()| MoveReply::Loses(p)),
                (Err(e), _) | (_, Err(e)) => Err(e),
                (_, Ok((column, other))) => {
                    Err(line.error_at(column, format!("expected \"loses\", found {other:?}")))
                }
            })
        }
        _ => None,
    }
}

/// Reads an answer: the items the commands of `case` print.
pub fn read_answer(lines: &mut Lines<'_>, case: &Case) -> Result<Answer, ParseError> {
    let mut answer = Vec::with_capacity(case.commands.len());
    for (i, c) in case.commands.iter().enumerate() {
        let reply = match c {
            Command::Count => {
                let line = lines.next_line(&format!("the reply to command {} (count)", i + 1))?;
                let mut tokens = line.tokens();
                let n = tokens.parse::<u64>("the number of occupied cells")?;
                tokens.end()?;
                Reply::Count(n.into())
            }
            Command::Legal(..) => {
                let line = lines.next_line(&format!("the reply to command {} (legal)", i + 1))?;
                let mut tokens = line.tokens();
                let (column, word) = tokens.next("true or false")?;
                let value = match word {
                    "true" => true,
                    "false" => false,
                    _ => {
                        return Err(line
                            .error_at(column, format!("expected true or false, found {word:?}")));
                    }
                };
                tokens.end()?;
                Reply::Legal(value)
            }
            Command::Move(..) => {
                let mut ahead = lines.clone();
                match ahead.next_raw().and_then(|line| move_line(&line)) {
                    Some(reply) => {
                        *lines = ahead;
                        Reply::Move(reply?)
                    }
                    None => continue, // printed nothing
                }
            }
            Command::Display => {
                let what = format!("the picture of command {} (display)", i + 1);
                let first = lines.next_line(&what)?;
                let mut picture = vec![first.text.to_string()];
                if first.text != TOO_LARGE && displayable(case.width, case.height) {
                    for _ in 0..case.height {
                        picture.push(lines.next_line(&what)?.text.to_string());
                    }
                }
                Reply::Display(picture)
            }
        };
        answer.push(reply);
    }
    Ok(answer)
}

/// Appends the lines of `answer`.
pub fn write_answer(answer: &Answer, out: &mut String) {
    for reply in answer {
        let _ = match reply {
            Reply::Count(n) => writeln!(out, "{n}"),
            Reply::Legal(b) => writeln!(out, "{b}"),
            Reply::Move(MoveReply::Done) => Ok(()),
            Reply::Move(MoveReply::Illegal) => writeln!(out, "illegal"),
            Reply::Move(MoveReply::Loses(p)) => writeln!(out, "player {p} loses"),
            Reply::Display(lines) => lines.iter().try_for_each(|l| writeln!(out, "{l}")),
        };
    }
}

/// The protocol's case: `{"width": W, "height": H, "commands": ["count",
/// "legal 1 2", "move 1 2", "display"]}`, the commands as in the text form.
pub fn case_to_protocol(case: &Case) -> serde_json::Value {
    let mut text = String::new();
    write_case(case, &mut text);
    let commands: Vec<&str> = text.lines().skip(2).collect();
    serde_json::json!({"width": case.width, "height": case.height, "commands": commands})
}

/// The protocol's answer: `{"lines": [...]}`, the lines the script prints.
pub fn answer_from_protocol(value: &serde_json::Value, case: &Case) -> Result<Answer, String> {
    let text = json::json_lines(json::json_key(value, "lines")?, "lines")?;
    json::answer_from_text::<super::Chomp>(&text, case)
}

/// A case from the protocol's form.
pub fn case_from_protocol(value: &serde_json::Value) -> Result<Case, String> {
    let width = json::json_u64(json::json_key(value, "width")?, "width")?;
    let height = json::json_u64(json::json_key(value, "height")?, "height")?;
    let commands = json::json_array(json::json_key(value, "commands")?, "commands")?;
    let mut text = format!("{width} {height}\n{}\n", commands.len());
    for (i, c) in commands.iter().enumerate() {
        text.push_str(json::json_str(c, &format!("commands[{i}]"))?);
        text.push('\n');
    }
    json::case_from_text::<super::Chomp>(&text)
}

/// The JSON form: the protocol's case and answer (`{"lines": [...]}`);
/// `--py-func` asks the seed's class every command and puts the answer
/// together from its return values (`calls.rs`).
pub fn json() -> json::JsonCodec<super::Chomp> {
    json::JsonCodec {
        write_case: case_to_protocol,
        read_case: case_from_protocol,
        write_answer: |answer| serde_json::json!({ "lines": json::answer_lines::<super::Chomp>(answer) }),
        read_answer: answer_from_protocol,
        py_adapter: include_str!("py_adapter.py"),
        function_answer: Some(super::calls::answer_from_calls),
    }
}

/// For a wrong answer: the seed's picture of the board just before the
/// first command whose reply differs (boards up to 10 x 10; `None` where
/// the input or the output does not read, or the board is too large).
pub fn picture_before_failure(input: &str, got: &str) -> Option<String> {
    let case = read_case(&mut Lines::new(input)).ok()?;
    if !super::displayable(case.width, case.height) {
        return None;
    }
    let got = read_answer(&mut Lines::new(got), &case).ok()?;
    let expected = <super::Chomp as crate::problem::Problem>::oracle(&case);
    let (want, have) = (
        super::align(&case.commands, &expected),
        super::align(&case.commands, &got),
    );
    let first = (0..case.commands.len()).find(|&i| want.get(i) != have.get(i))?;
    // The boundary: occupied cells of each row, a left prefix.
    let mut rows = vec![case.width; case.height as usize];
    for command in &case.commands[..first] {
        if let Command::Move(x, y) = *command
            && let (Ok(x), Ok(y)) = (u64::try_from(x), u64::try_from(y))
            && y < case.height
            && x < rows[y as usize]
        {
            for r in &mut rows[y as usize..] {
                *r = (*r).min(x);
            }
        }
    }
    let mut text = String::new();
    write_case(&case, &mut text);
    let command = text.lines().nth(2 + first).unwrap_or("");
    let mut out = format!("board before command {} ({command}):\n", first + 1);
    for line in super::picture(case.width, case.height, |y| rows[y as usize]) {
        let _ = writeln!(out, "    {line}");
    }
    Some(out)
}

#[cfg(test)]
mod adapter {
    /// The `--py-func` adapter skips `Display` beyond the display limit:
    /// the same limit as the harness's `too large to display`.
    #[test]
    fn the_adapter_keeps_the_display_limit() {
        let line = format!("MAX_DISPLAY_SIDE = {}\n", super::super::MAX_DISPLAY_SIDE);
        assert!(super::json().py_adapter.contains(&line));
    }
}
