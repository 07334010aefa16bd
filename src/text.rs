//! Line-oriented reading with positions, shared by every problem's format.
//!
//! The contract (docs/spec/README.md) says readers accept `\r\n`, trailing spaces and
//! a missing final newline, and that every error names its line (and column
//! where it helps). [`Lines`] and [`Tokens`] do exactly that, so a format
//! module only says *what* it expects.

use std::fmt;
use std::str::FromStr;

/// A malformed input: what is wrong and where (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, when it helps.
    pub column: Option<usize>,
    /// What is wrong, e.g. `expected a player (A or B), found "C"`.
    pub message: String,
}

impl ParseError {
    /// An error at `line` (and `column`, if given).
    pub fn new(line: usize, column: Option<usize>, message: impl Into<String>) -> Self {
        ParseError {
            line,
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {}: {}", self.line, c, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for ParseError {}

/// One line of input, normalised: no `\r`, no trailing spaces.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    /// 1-based line number.
    pub number: usize,
    /// The text without line ending and trailing spaces.
    pub text: &'a str,
}

impl<'a> Line<'a> {
    /// An error about this line.
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError::new(self.number, None, message)
    }

    /// An error about column `column` (1-based) of this line.
    pub fn error_at(&self, column: usize, message: impl Into<String>) -> ParseError {
        ParseError::new(self.number, Some(column), message)
    }

    /// The whitespace-separated tokens of this line.
    pub fn tokens(&self) -> Tokens<'a> {
        Tokens {
            line: *self,
            pos: 0,
        }
    }
}

/// A cursor over the lines of a text, counting line numbers.
///
/// ```
/// use boardcheck::text::Lines;
/// let mut lines = Lines::new("A.B \r\n2");
/// assert_eq!(lines.next_line("the row").unwrap().text, "A.B");
/// assert_eq!(lines.next_line("k").unwrap().number, 2);
/// assert!(lines.finish().is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct Lines<'a> {
    rest: &'a str,
    number: usize,
}

impl<'a> Lines<'a> {
    /// A cursor at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Lines {
            rest: text,
            number: 0,
        }
    }

    /// The text not read yet.
    pub fn rest(&self) -> &'a str {
        self.rest
    }

    /// The number of the last line returned (0 before the first).
    pub fn line_number(&self) -> usize {
        self.number
    }

    /// True when no line is left (a final empty line does not count).
    pub fn at_end(&self) -> bool {
        self.rest.is_empty()
    }

    /// The next line, or `None` at the end of the text.
    pub fn next_raw(&mut self) -> Option<Line<'a>> {
        if self.rest.is_empty() {
            return None;
        }
        let (line, rest) = match self.rest.find('\n') {
            Some(i) => (&self.rest[..i], &self.rest[i + 1..]),
            None => (self.rest, ""),
        };
        self.rest = rest;
        self.number += 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        Some(Line {
            number: self.number,
            text: line.trim_end_matches([' ', '\t', '\r']),
        })
    }

    /// The next line; at the end of the text, an error saying `what` was expected.
    pub fn next_line(&mut self, what: &str) -> Result<Line<'a>, ParseError> {
        let next = self.number + 1;
        self.next_raw().ok_or_else(|| {
            ParseError::new(next, None, format!("expected {what}, found end of input"))
        })
    }

    /// Succeeds when only blank lines remain.
    pub fn finish(&mut self) -> Result<(), ParseError> {
        while let Some(line) = self.next_raw() {
            if !line.text.trim().is_empty() {
                return Err(line.error("unexpected text after the end of the input"));
            }
        }
        Ok(())
    }
}

/// Whitespace-separated tokens of one line, with their columns.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    line: Line<'a>,
    pos: usize,
}

impl<'a> Tokens<'a> {
    /// The next token and its 1-based column, or `None` at the end of the line.
    pub fn next_raw(&mut self) -> Option<(usize, &'a str)> {
        let text = self.line.text;
        let start = self.pos + text[self.pos..].find(|c: char| !c.is_ascii_whitespace())?;
        let end = text[start..]
            .find(|c: char| c.is_ascii_whitespace())
            .map_or(text.len(), |i| start + i);
        self.pos = end;
        Some((start + 1, &text[start..end]))
    }

    /// The next token; at the end of the line, an error saying `what` was expected.
    pub fn next(&mut self, what: &str) -> Result<(usize, &'a str), ParseError> {
        let column = self.line.text.len() + 1;
        self.next_raw().ok_or_else(|| {
            self.line
                .error_at(column, format!("expected {what}, found end of line"))
        })
    }

    /// The next token parsed as `T`.
    pub fn parse<T: FromStr>(&mut self, what: &str) -> Result<T, ParseError> {
        let (column, token) = self.next(what)?;
        token.parse().map_err(|_| {
            self.line
                .error_at(column, format!("expected {what}, found {token:?}"))
        })
    }

    /// The next token parsed as an integer in `lo..=hi`.
    pub fn int_in<T>(&mut self, what: &str, lo: T, hi: T) -> Result<T, ParseError>
    where
        T: FromStr + PartialOrd + fmt::Display + Copy,
    {
        let (column, token) = self.next(what)?;
        match token.parse::<T>() {
            Ok(v) if lo <= v && v <= hi => Ok(v),
            Ok(v) => Err(self
                .line
                .error_at(column, format!("{what} {v} is outside {lo}..={hi}"))),
            Err(_) => Err(self.line.error_at(
                column,
                format!("expected {what} (an integer in {lo}..={hi}), found {token:?}"),
            )),
        }
    }

    /// Succeeds when no token is left on the line.
    pub fn end(&mut self) -> Result<(), ParseError> {
        match self.next_raw() {
            None => Ok(()),
            Some((column, token)) => Err(self
                .line
                .error_at(column, format!("unexpected extra token {token:?}"))),
        }
    }
}

/// A command of the GTP games' text form: `play COLOUR VERTEX` or `undo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayOrUndo<C, V> {
    /// `play COLOUR VERTEX`.
    Play {
        /// The colour as the game reads it.
        colour: C,
        /// The vertex (or pass) as the game reads it.
        vertex: V,
    },
    /// `undo`.
    Undo,
}

/// Reads `play COLOUR VERTEX` or `undo` (either case) from `line`, with the
/// game's own readers of a colour and of a vertex; an error names the
/// column of the token it is about.
///
/// ```
/// use boardcheck::text::{read_play_or_undo, Lines, PlayOrUndo};
/// let mut lines = Lines::new("play b 3\n");
/// let line = lines.next_line("a command").unwrap();
/// let colour = |t: &str| (t == "b" || t == "w").then(|| t.to_string());
/// let vertex = |t: &str| t.parse::<u8>().map_err(|e| e.to_string());
/// let command = read_play_or_undo(&line, colour, vertex).unwrap();
/// assert_eq!(command, PlayOrUndo::Play { colour: "b".to_string(), vertex: 3 });
/// ```
pub fn read_play_or_undo<C, V>(
    line: &Line<'_>,
    colour: impl Fn(&str) -> Option<C>,
    vertex: impl Fn(&str) -> Result<V, String>,
) -> Result<PlayOrUndo<C, V>, ParseError> {
    let mut tokens = line.tokens();
    let (column, word) = tokens.next("a command (play or undo)")?;
    let command = if word.eq_ignore_ascii_case("undo") {
        PlayOrUndo::Undo
    } else if word.eq_ignore_ascii_case("play") {
        let (column, token) = tokens.next("a colour (b or w)")?;
        let colour = colour(token).ok_or_else(|| {
            line.error_at(
                column,
                format!("expected a colour (b or w), found {token:?}"),
            )
        })?;
        let (column, token) = tokens.next("a vertex or pass")?;
        let vertex = vertex(token).map_err(|e| line.error_at(column, e))?;
        PlayOrUndo::Play { colour, vertex }
    } else {
        return Err(line.error_at(
            column,
            format!("expected a command (play or undo), found {word:?}"),
        ));
    };
    tokens.end()?;
    Ok(command)
}

/// `1 cell`, `2 cells`: a count and a noun, in the plural unless the count is 1.
pub fn plural(count: usize, noun: &str) -> String {
    format!("{count} {noun}{}", if count == 1 { "" } else { "s" })
}

/// Sorted numbers as runs: `1, 3-5, 9`.
///
/// ```
/// assert_eq!(boardcheck::text::ranges(&[1, 3, 4, 5, 9]), "1, 3-5, 9");
/// assert_eq!(boardcheck::text::ranges(&[]), "");
/// ```
pub fn ranges(sorted: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len() && sorted[j + 1] == sorted[j] + 1 {
            j += 1;
        }
        parts.push(if j == i {
            sorted[i].to_string()
        } else {
            format!("{}-{}", sorted[i], sorted[j])
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// What a counting command (`count-legal-go`, `perft`) prints: the count
/// alone on a line, or with `json` one object that `boardcheck merge` adds
/// up with the other shards' (`{"command", "args", "shard": "I/N" or null,
/// "count"}`, the count as in [`count_json`]). `shard` is (0-based index,
/// number of shards).
pub fn count_result(
    command: &str,
    args: &str,
    shard: Option<(u64, u64)>,
    count: impl Into<num_bigint::BigUint>,
    json: bool,
) -> String {
    let count = count.into();
    let shard = shard.map(|(i, n)| format!("{}/{n}", i + 1));
    if json {
        let value = serde_json::json!({"command": command, "args": args, "shard": shard,
                                       "count": count_json(&count)});
        return format!("{value}\n");
    }
    match shard {
        None => format!("{count}\n"),
        Some(s) => format!(
            "{count}\nshard {s} of `{command} {args}`: the shards' counts add up to the whole \
             (`boardcheck merge` adds their --json results)\n"
        ),
    }
}

/// A count in JSON: a number while it fits in 64 bits (what readers of
/// older output expect), past that its decimal digits as a string, which
/// JSON numbers cannot carry exactly.
pub fn count_json(count: &num_bigint::BigUint) -> serde_json::Value {
    match u64::try_from(count) {
        Ok(small) => small.into(),
        Err(_) => count.to_string().into(),
    }
}

/// A count read back from JSON: a non-negative integer number or a string
/// of decimal digits (as [`count_json`] writes them).
pub fn count_from_json(value: &serde_json::Value) -> Option<num_bigint::BigUint> {
    match value {
        serde_json::Value::Number(n) => n.as_u64().map(Into::into),
        serde_json::Value::String(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
            s.parse().ok()
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_past_64_bits_are_decimal_strings() {
        let small = num_bigint::BigUint::from(u64::MAX);
        assert_eq!(count_json(&small), serde_json::json!(u64::MAX));
        let big = small + 1u8;
        assert_eq!(count_json(&big), serde_json::json!("18446744073709551616"));
        assert_eq!(count_from_json(&count_json(&big)), Some(big.clone()));
        assert_eq!(count_from_json(&serde_json::json!(57)), Some(57u8.into()));
        for bad in [
            serde_json::json!(-1),
            serde_json::json!(1.5),
            serde_json::json!(""),
            serde_json::json!("12a"),
            serde_json::json!("-3"),
            serde_json::json!(null),
        ] {
            assert_eq!(count_from_json(&bad), None, "{bad}");
        }
        assert_eq!(
            count_result("c", "1 2", Some((0, 2)), big, true),
            "{\"args\":\"1 2\",\"command\":\"c\",\"count\":\"18446744073709551616\",\"shard\":\"1/2\"}\n"
        );
    }

    #[test]
    fn crlf_trailing_spaces_and_missing_newline() {
        let mut lines = Lines::new("ab  \r\n c\n\nd");
        assert_eq!(lines.next_raw().unwrap().text, "ab");
        assert_eq!(lines.next_raw().unwrap().text, " c");
        assert_eq!(lines.next_raw().unwrap().text, "");
        let d = lines.next_raw().unwrap();
        assert_eq!((d.number, d.text), (4, "d"));
        assert!(lines.next_raw().is_none());
    }

    #[test]
    fn errors_name_line_and_column() {
        let mut lines = Lines::new("1 x 3\n");
        let line = lines.next_line("numbers").unwrap();
        let mut t = line.tokens();
        assert_eq!(t.int_in("m", 1, 5).unwrap(), 1);
        let e = t.int_in("n", 1, 5).unwrap_err();
        assert_eq!((e.line, e.column), (1, Some(3)));
        assert_eq!(t.parse::<u32>("p").unwrap(), 3);
        assert!(t.end().is_ok());
        let e = lines.next_line("more").unwrap_err();
        assert_eq!(e.to_string(), "line 2: expected more, found end of input");
    }

    #[test]
    fn finish_refuses_trailing_text_but_not_blank_lines() {
        let mut l = Lines::new("x\n\n  \n");
        l.next_raw();
        assert!(l.finish().is_ok());
        let mut l = Lines::new("x\n\ny\n");
        l.next_raw();
        assert_eq!(l.finish().unwrap_err().line, 3);
    }
}
