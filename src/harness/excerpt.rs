//! Short excerpts of long texts for the reports a person reads (terminal
//! and HTML): the first lines, the lines around the first difference, the
//! last lines, each cut marked with how much was cut, and long lines cut
//! around the column that matters. `--json` and `--save` keep every text
//! whole; an excerpt never grows with the input.

/// Texts of at most this many lines are shown whole.
pub const WHOLE_LINES: usize = 24;
/// Lines kept at the start of a longer text.
const HEAD_LINES: usize = 8;
/// Lines kept either side of the line of interest.
const AROUND_LINES: usize = 2;
/// Lines kept at the end of a longer text.
const TAIL_LINES: usize = 2;
/// Characters of one line shown.
pub const COLUMNS: usize = 120;

/// One line of an excerpt: a line of the text, or a cut.
#[derive(Debug, PartialEq)]
pub enum Piece<'a> {
    /// The line at this index (from 0).
    Line(usize, &'a str),
    /// This many lines were left out here.
    Cut(usize),
}

/// The lines of `text` to show: every one when there are at most
/// [`WHOLE_LINES`]; else the first lines, those around line `focus`, and
/// the last, with a [`Piece::Cut`] for each gap.
pub fn pieces(text: &str, focus: Option<usize>) -> Vec<Piece<'_>> {
    let lines: Vec<&str> = text.lines().collect();
    let n = lines.len();
    let shown = |i: usize| {
        n <= WHOLE_LINES
            || i < HEAD_LINES
            || i + TAIL_LINES >= n
            || focus.is_some_and(|f| i + AROUND_LINES >= f && i <= f + AROUND_LINES)
    };
    let mut out = Vec::new();
    let mut cut = 0;
    for (i, line) in lines.iter().enumerate() {
        if shown(i) {
            if cut > 0 {
                out.push(Piece::Cut(cut));
                cut = 0;
            }
            out.push(Piece::Line(i, line));
        } else {
            cut += 1;
        }
    }
    if cut > 0 {
        out.push(Piece::Cut(cut));
    }
    out
}

/// The characters of a line to show: `(from, to)`, at most [`COLUMNS`],
/// starting at 0 unless `focus` (a column) lies beyond, then around it.
pub fn columns(length: usize, focus: Option<usize>) -> (usize, usize) {
    if length <= COLUMNS {
        return (0, length);
    }
    let from = match focus {
        Some(c) if c + 10 > COLUMNS => (c - COLUMNS / 2).min(length - COLUMNS),
        _ => 0,
    };
    (from, from + COLUMNS)
}

/// `line` cut to the columns `(from, to)`, each cut said in words.
pub fn clip(line: &str, (from, to): (usize, usize)) -> String {
    let total = line.chars().count();
    let kept: String = line.chars().skip(from).take(to - from).collect();
    let before = if from > 0 {
        format!("({from} characters) ")
    } else {
        String::new()
    };
    let after = if total > to {
        format!(" ({} more characters)", total - to)
    } else {
        String::new()
    };
    format!("{before}{kept}{after}")
}

/// Characters of a one-line text (a failure's detail) shown in the report.
pub const DETAIL_CHARACTERS: usize = 1000;

/// `text` on one line of at most [`DETAIL_CHARACTERS`] characters (line
/// breaks shown as ` | `), the cut said in words.
pub fn one_line(text: &str) -> String {
    let joined = text.trim_end().lines().collect::<Vec<_>>().join(" | ");
    clip(&joined, (0, DETAIL_CHARACTERS.min(joined.chars().count())))
}

/// Characters of one line of a report's text made of the candidate's
/// words (a detail, how a time-out was confirmed): longer lines wrap.
pub const REPORT_WIDTH: usize = 200;

/// `label` and `text` as lines of at most [`REPORT_WIDTH`] characters,
/// broken at spaces (a word longer than a line is split), the lines after
/// the first indented by two spaces; each line ends with a line break.
///
/// ```
/// use boardcheck::harness::excerpt::{REPORT_WIDTH, wrapped};
/// let long = "x".repeat(450);
/// let text = wrapped("detail: ", &format!("a b {long}"));
/// assert!(text.lines().all(|l| l.chars().count() <= REPORT_WIDTH));
/// assert!(text.starts_with("detail: a b xxx"));
/// assert!(text.lines().skip(1).all(|l| l.starts_with("  x")));
/// assert_eq!(text.matches('x').count(), 450);
/// ```
pub fn wrapped(label: &str, text: &str) -> String {
    let mut out = String::new();
    let mut line = label.to_string();
    let mut empty = true;
    let flush = |out: &mut String, line: &mut String, empty: &mut bool| {
        out.push_str(line.trim_end());
        out.push('\n');
        *line = "  ".to_string();
        *empty = true;
    };
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut chars: Vec<char> = word.chars().collect();
        while !chars.is_empty() {
            let used = line.chars().count() + usize::from(!empty);
            let room = REPORT_WIDTH.saturating_sub(used);
            if chars.len() <= room {
                if !empty {
                    line.push(' ');
                }
                line.extend(chars.drain(..));
                empty = false;
            } else if room == 0 || (!empty && chars.len() <= REPORT_WIDTH - 2) {
                // On the next line (whole, if it fits on one).
                flush(&mut out, &mut line, &mut empty);
            } else {
                // Longer than a line: as much as fits here.
                if !empty {
                    line.push(' ');
                }
                line.extend(chars.drain(..room));
                flush(&mut out, &mut line, &mut empty);
            }
        }
    }
    if !empty || out.is_empty() {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The note that stands for a cut of `n` lines.
pub fn cut_note(n: usize) -> String {
    format!(
        "... ({} cut; --json or --save keep the whole text)",
        crate::text::plural(n, "line")
    )
}

/// Where two texts first differ: the line and the column (in characters),
/// trailing spaces ignored; a line present in one only differs at 0.
pub fn first_difference(expected: &str, got: &str) -> Option<(usize, usize)> {
    let (e, g): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), got.lines().collect());
    (0..e.len().max(g.len())).find_map(|r| {
        let (a, b) = (
            e.get(r).map_or("", |l| l.trim_end()),
            g.get(r).map_or("", |l| l.trim_end()),
        );
        (a != b || e.get(r).is_none() != g.get(r).is_none()).then(|| {
            let column = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
            (r, column)
        })
    })
}

/// `text` as an excerpt, each line indented by `indent`, every cut noted.
pub fn excerpt(text: &str, focus: Option<(usize, usize)>, indent: &str) -> String {
    let mut out = String::new();
    for piece in pieces(text, focus.map(|f| f.0)) {
        let line = match piece {
            Piece::Line(i, line) => {
                let column = focus.filter(|f| f.0 == i).map(|f| f.1);
                clip(line, columns(line.chars().count(), column))
            }
            Piece::Cut(n) => cut_note(n),
        };
        out.push_str(&format!("{indent}{line}\n"));
    }
    out
}

/// How much of what a run wrote before a limit (or a crash) stopped it a
/// judgement keeps, to quote.
pub const QUOTED_BYTES: usize = 64 << 10;

/// The first `most` bytes of `text` (cut at a character), with a line
/// saying how many more there were.
pub fn first_bytes(text: String, most: usize) -> String {
    if text.len() <= most {
        return text;
    }
    let mut cut = most;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let more = text.len() - cut;
    // A new string: truncating would keep the whole allocation.
    format!("{}\n[... {more} more bytes, not kept]\n", &text[..cut])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_text_is_whole_and_a_long_one_keeps_head_focus_and_tail() {
        let short: String = (0..WHOLE_LINES).map(|i| format!("{i}\n")).collect();
        assert_eq!(pieces(&short, None).len(), WHOLE_LINES);
        let long: String = (0..100).map(|i| format!("{i}\n")).collect();
        let shown = pieces(&long, Some(50));
        assert_eq!(shown[0], Piece::Line(0, "0"));
        assert_eq!(shown[HEAD_LINES], Piece::Cut(40));
        assert_eq!(shown[HEAD_LINES + 1], Piece::Line(48, "48"));
        assert_eq!(shown.last(), Some(&Piece::Line(99, "99")));
        let cut: usize = shown
            .iter()
            .map(|p| if let Piece::Cut(n) = p { *n } else { 0 })
            .sum();
        let kept = shown.len() - shown.iter().filter(|p| matches!(p, Piece::Cut(_))).count();
        assert_eq!(cut + kept, 100);
    }

    #[test]
    fn a_long_line_is_cut_around_its_column_of_interest() {
        let line = "x".repeat(1000);
        assert_eq!(columns(1000, None), (0, COLUMNS));
        let (from, to) = columns(1000, Some(700));
        assert!(from <= 700 && 700 < to && to - from == COLUMNS);
        let shown = clip(&line, (from, to));
        assert!(shown.starts_with(&format!("({from} characters) ")));
        assert!(shown.ends_with(&format!("({} more characters)", 1000 - to)));
        assert_eq!(first_difference("ab\ncd\n", "ab\ncx\n"), Some((1, 1)));
        assert_eq!(first_difference("ab\n", "ab\n"), None);
        assert_eq!(first_difference("ab\n", "ab\n\n"), Some((1, 0)));
        let long = one_line(&"y".repeat(5000));
        assert!(long.ends_with(&format!("({} more characters)", 5000 - DETAIL_CHARACTERS)));
        assert_eq!(one_line("a\nb\n"), "a | b");
    }
}

#[cfg(test)]
mod quoted_tests {
    use super::*;

    #[test]
    fn a_flood_is_kept_as_its_first_bytes_and_a_count() {
        let flood = "é".repeat(QUOTED_BYTES);
        let kept = first_bytes(flood.clone(), QUOTED_BYTES);
        assert!(kept.len() < QUOTED_BYTES + 64, "{}", kept.len());
        assert!(kept.ends_with(&format!("[... {} more bytes, not kept]\n", QUOTED_BYTES)));
        assert_eq!(first_bytes("short".into(), QUOTED_BYTES), "short");
    }
}
