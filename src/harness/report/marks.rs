//! Expected and got side by side for the terminal: indented, cut to an
//! excerpt around the first difference, `^` under each differing column.

use crate::harness::excerpt;

/// `text` indented for the terminal report, cut to an excerpt around line
/// and column `focus` when long.
pub(super) fn indent_around(text: &str, focus: Option<(usize, usize)>) -> String {
    if text.is_empty() {
        return "    (nothing)\n".into();
    }
    excerpt::excerpt(text, focus, "    ")
}

pub(super) fn indent(text: &str) -> String {
    indent_around(text, None)
}

/// `got` with a marker line under every line that differs from `expected`:
/// `^` under each differing column; an excerpt around the first difference
/// when `got` is long.
pub fn mark_differences(expected: &str, got: &str) -> String {
    let want: Vec<&str> = expected.lines().collect();
    let have: Vec<&str> = got.lines().map(|l| l.trim_end()).collect();
    let first = excerpt::first_difference(expected, got);
    let mut out = String::new();
    for piece in excerpt::pieces(got, first.map(|f| f.0)) {
        let (i, line) = match piece {
            excerpt::Piece::Cut(n) => {
                out.push_str(&format!("    {}\n", excerpt::cut_note(n)));
                continue;
            }
            excerpt::Piece::Line(i, line) => (i, line.trim_end()),
        };
        let other = want.get(i).copied().unwrap_or("");
        let (a, b): (Vec<char>, Vec<char>) = (line.chars().collect(), other.chars().collect());
        let column = (0..a.len().max(b.len())).find(|&c| a.get(c) != b.get(c));
        let shown = excerpt::columns(a.len().max(b.len()), column);
        out.push_str(&format!("    {}\n", excerpt::clip(line, shown)));
        if line != other {
            let marks: String = (shown.0..shown.1.min(a.len().max(b.len())))
                .map(|c| if a.get(c) == b.get(c) { ' ' } else { '^' })
                .collect();
            let lead = if shown.0 > 0 {
                " ".repeat(format!("({} characters) ", shown.0).len())
            } else {
                String::new()
            };
            out.push_str(format!("    {lead}{marks}").trim_end());
            out.push('\n');
        }
    }
    if have.len() < want.len() {
        out.push_str(&format!(
            "    (missing {} line(s) from here)\n",
            want.len() - have.len()
        ));
    }
    if have.is_empty() {
        out.push_str("    (no output)\n");
    }
    out
}

/// How a problem's answers read their first line, when it is not a board
/// row ([`crate::generation::Extras::answer_head`]).
pub fn answer_head(problem: &str) -> Option<fn(&str) -> Option<String>> {
    struct Head;
    impl crate::problems::Visitor for Head {
        type Output = Option<fn(&str) -> Option<String>>;
        fn visit<P: crate::suite::Suite>(self) -> Self::Output {
            P::extras().answer_head
        }
    }
    crate::problems::visit(problem, Head).flatten()
}

/// Whether a problem's answers are lines of replies, never drawn as
/// boards ([`crate::generation::Extras::answers_are_lines`]).
pub fn answers_are_lines(problem: &str) -> bool {
    struct Lines;
    impl crate::problems::Visitor for Lines {
        type Output = bool;
        fn visit<P: crate::suite::Suite>(self) -> Self::Output {
            P::extras().answers_are_lines
        }
    }
    crate::problems::visit(problem, Lines).unwrap_or(false)
}

/// The program word of a `repeat` command (how the user runs boardcheck).
pub fn program_of(repeat: &str) -> String {
    shlex::split(repeat)
        .and_then(|words| words.into_iter().next())
        .map_or_else(
            || "boardcheck".into(),
            |w| shlex::try_quote(&w).map_or(w.clone(), Into::into),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_differing_columns() {
        assert_eq!(
            mark_differences("AAAAA\n", "AABAA\n"),
            "    AABAA\n      ^\n"
        );
        assert_eq!(
            mark_differences("x\ny\n", "x\n"),
            "    x\n    (missing 1 line(s) from here)\n"
        );
    }
}
