//! Expected and got drawn side by side as boards, each cell that differs
//! marked: in colour on a terminal (`--color`, `NO_COLOR`), else by a `^`
//! row under each row that differs. Works on the answers' text forms, which
//! are boards already (one character or one token a cell), so it needs no
//! problem's knowledge.

use std::sync::atomic::{AtomicBool, Ordering};

static COLOUR: AtomicBool = AtomicBool::new(false);

/// Whether reports mark differences in colour (set once by the command line).
pub fn set_colour(on: bool) {
    COLOUR.store(on, Ordering::Relaxed);
}

/// Whether colour is on.
pub fn colour() -> bool {
    COLOUR.load(Ordering::Relaxed)
}

/// `--color`: `always`, `never`, or `auto` (a terminal, and `NO_COLOR`
/// unset or empty).
pub fn colour_wanted(mode: &str, terminal: bool) -> bool {
    match mode {
        "always" => true,
        "never" => false,
        _ => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

/// One row of a board: its cells (tokens when the row is space-separated,
/// as reversi-move's `0 1 2`, else characters).
pub fn cells(line: &str) -> Vec<String> {
    if line.contains(' ') && line.split(' ').all(|t| t.chars().count() == 1) {
        line.split(' ').map(str::to_string).collect()
    } else {
        line.chars().map(String::from).collect()
    }
}

/// Where two answers differ, cell by cell: `(row, column)` pairs, rows and
/// cells present in only one of them included.
pub fn differences(expected: &str, got: &str) -> Vec<(usize, usize)> {
    let (e, g): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), got.lines().collect());
    let mut out = Vec::new();
    for r in 0..e.len().max(g.len()) {
        let (ec, gc) = (
            e.get(r).map(|l| cells(l)).unwrap_or_default(),
            g.get(r).map(|l| cells(l)).unwrap_or_default(),
        );
        for c in 0..ec.len().max(gc.len()) {
            if ec.get(c) != gc.get(c) {
                out.push((r, c));
            }
        }
    }
    out
}

/// The side-by-side picture: a header, then per row `expected | got`, the
/// differing cells coloured (expected green, got red) or marked by `^`
/// below. `None` when the answers have no cells in common to compare.
pub fn side_by_side(expected: &str, got: &str, colour: bool) -> Option<String> {
    let e: Vec<Vec<String>> = expected.lines().map(cells).collect();
    let g: Vec<Vec<String>> = got.lines().map(cells).collect();
    if e.is_empty() || g.is_empty() {
        return None;
    }
    let width = e.iter().chain(&g).map(Vec::len).max().unwrap_or(0);
    let spaced = expected
        .lines()
        .chain(got.lines())
        .any(|l| cells(l).len() > 1 && cells(l).len() < l.chars().count());
    let sep = if spaced { " " } else { "" };
    let cell_w = if spaced { 2 } else { 1 };
    let col_w = (width * cell_w).saturating_sub(sep.len()).max(8);
    let mut out = format!(
        "boards (expected | got{}):\n    {:<col_w$} | {}\n",
        if colour {
            ", differing cells coloured"
        } else {
            ", ^ under differing cells"
        },
        "expected",
        "got"
    );
    for r in 0..e.len().max(g.len()) {
        let empty = Vec::new();
        let (er, gr) = (e.get(r).unwrap_or(&empty), g.get(r).unwrap_or(&empty));
        let mut left = String::new();
        let mut right = String::new();
        let mut marks_l = String::new();
        let mut marks_r = String::new();
        let mut any = false;
        for c in 0..er.len().max(gr.len()) {
            let differs = er.get(c) != gr.get(c);
            any |= differs;
            for (row, text, marks, code) in [
                (er, &mut left, &mut marks_l, "42"),
                (gr, &mut right, &mut marks_r, "41"),
            ] {
                let cell = row.get(c).map_or(" ", String::as_str);
                if c > 0 {
                    text.push_str(sep);
                    marks.push_str(sep);
                }
                if differs && colour {
                    text.push_str(&format!("\x1b[1;30;{code}m{cell}\x1b[0m"));
                } else {
                    text.push_str(cell);
                }
                marks.push_str(if differs { "^" } else { " " });
            }
        }
        let n = er.len().max(gr.len());
        let visible = (n * cell_w).saturating_sub(sep.len());
        let pad = " ".repeat(col_w.saturating_sub(visible));
        out.push_str(&format!("    {left}{pad} | {right}\n"));
        if any && !colour {
            out.push_str(format!("    {marks_l}{pad} | {marks_r}").trim_end());
            out.push('\n');
        }
    }
    Some(out)
}

/// The boards of a wrong answer for the human report (nothing for other
/// verdicts, whose output may not be a board at all).
pub fn for_failure(verdict: super::verdict::Verdict, expected: &str, got: &str) -> String {
    // Only answers shaped like a board: every row as many cells wide.
    let widths: Vec<usize> = expected.lines().map(|l| cells(l).len()).collect();
    if verdict != super::verdict::Verdict::WrongAnswer || widths.windows(2).any(|w| w[0] != w[1]) {
        return String::new();
    }
    side_by_side(expected, got, colour()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_only_the_cells_that_differ() {
        let view = side_by_side("AB.\n", "AA.\n", false).unwrap();
        let lines: Vec<&str> = view.lines().collect();
        assert_eq!(lines[1], "    expected | got");
        assert_eq!(lines[2].trim_end(), "    AB.      | AA.");
        assert_eq!(lines[3], "     ^       |  ^");
        assert_eq!(differences("0 1\n2 0\n", "0 1\n2 2\n"), [(1, 1)]);
        assert_eq!(differences("AB\n", "AB\nC\n"), [(1, 0)]);
    }

    #[test]
    fn colour_wraps_differing_cells_and_nothing_else() {
        let view = side_by_side("0 1\n2 0\n", "0 1\n2 2\n", true).unwrap();
        assert_eq!(view.matches("\x1b[1;30;42m").count(), 1);
        assert_eq!(view.matches("\x1b[1;30;41m").count(), 1);
        assert!(view.contains("\x1b[1;30;41m2\x1b[0m"));
        assert!(!view.contains('^'));
        assert!(!colour_wanted("never", true));
        assert!(colour_wanted("always", false));
        assert!(!colour_wanted("auto", false));
    }
}
