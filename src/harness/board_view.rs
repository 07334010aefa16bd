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
/// as in `0 1 2`, else characters).
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
/// verdicts, whose output may not be a board at all); a large board is
/// drawn as a window around its first differing cell.
pub fn for_failure(verdict: super::verdict::Verdict, expected: &str, got: &str) -> String {
    // Only answers shaped like a board: every row as many cells wide.
    let widths: Vec<usize> = expected.lines().map(|l| cells(l).len()).collect();
    if verdict != super::verdict::Verdict::WrongAnswer || widths.windows(2).any(|w| w[0] != w[1]) {
        return String::new();
    }
    let shown = window(expected, got);
    let drawn = side_by_side(&shown.expected, &shown.got, colour()).unwrap_or_default();
    match shown.caption {
        Some(caption) if !drawn.is_empty() => format!("{caption}:\n{drawn}"),
        _ => drawn,
    }
}

/// Rows and columns of a board drawn whole (a 19 x 19 Go board is).
pub const WHOLE_BOARD: usize = 24;
/// Rows and columns of the window a larger board is drawn as, around its
/// first differing cell.
pub const WINDOW: usize = 16;

/// The part of two boards to draw.
pub struct Window {
    /// The expected board's rows in the window, as text.
    pub expected: String,
    /// The got board's rows in the window, as text.
    pub got: String,
    /// What part of the boards the window is, when not all of them.
    pub caption: Option<String>,
}

/// Both boards whole when they have at most [`WHOLE_BOARD`] rows and columns;
/// else the [`WINDOW`] x [`WINDOW`] cells around the first cell that
/// differs (the top-left corner when none does).
pub fn window(expected: &str, got: &str) -> Window {
    let (e, g): (Vec<Vec<String>>, Vec<Vec<String>>) = (
        expected.lines().map(cells).collect(),
        got.lines().map(cells).collect(),
    );
    let rows = e.len().max(g.len());
    let width = e.iter().chain(&g).map(Vec::len).max().unwrap_or(0);
    if rows <= WHOLE_BOARD && width <= WHOLE_BOARD {
        return Window {
            expected: expected.to_string(),
            got: got.to_string(),
            caption: None,
        };
    }
    let (r, c) = differences(expected, got)
        .first()
        .copied()
        .unwrap_or((0, 0));
    let start = |at: usize, len: usize| {
        at.saturating_sub(WINDOW / 2)
            .min(len.saturating_sub(WINDOW))
    };
    let (top, left) = (start(r, rows), start(c, width));
    let spaced = expected.lines().chain(got.lines()).any(|l| l.contains(' '));
    let cut = |board: &[Vec<String>]| -> String {
        board
            .iter()
            .skip(top)
            .take(WINDOW)
            .map(|row| {
                let part: Vec<&str> = row
                    .iter()
                    .skip(left)
                    .take(WINDOW)
                    .map(String::as_str)
                    .collect();
                format!("{}\n", part.join(if spaced { " " } else { "" }))
            })
            .collect()
    };
    let (bottom, right) = ((top + WINDOW).min(rows), (left + WINDOW).min(width));
    Window {
        expected: cut(&e),
        got: cut(&g),
        caption: Some(format!(
            "rows {top}-{} and columns {left}-{} (from 0) of {rows} x {width}, around the first differing cell ({r}, {c})",
            bottom - 1,
            right - 1
        )),
    }
}

/// An answer whose first line is not a board row (`head` reads it in
/// words, e.g. a verdict `1` as `legal`): those words and the lines after
/// it; else no words and the whole answer.
pub fn split_head(
    head: Option<fn(&str) -> Option<String>>,
    answer: &str,
) -> (Option<String>, &str) {
    let first = answer.lines().next().unwrap_or("").trim_end();
    match head.and_then(|read| read(first)) {
        Some(words) => (
            Some(words),
            answer.split_once('\n').map_or("", |(_, rest)| rest),
        ),
        None => (None, answer),
    }
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
    fn a_large_board_is_drawn_as_a_window_around_the_first_difference() {
        let row = ".".repeat(100);
        let expected = format!("{row}\n").repeat(100);
        let mut got = expected.clone();
        got.replace_range(50 * 101 + 70..50 * 101 + 71, "X");
        let shown = window(&expected, &got);
        assert_eq!(shown.got.lines().count(), WINDOW);
        assert!(shown.got.lines().all(|l| l.len() == WINDOW));
        assert_eq!(
            differences(&shown.expected, &shown.got),
            [(WINDOW / 2, WINDOW / 2)]
        );
        assert!(shown.caption.unwrap().contains("(50, 70)"));
        let small = window("AB\n", "AA\n");
        assert!(small.caption.is_none() && small.got == "AA\n");
        let flag: fn(&str) -> Option<String> = |l| (l == "1").then(|| "legal".into());
        assert_eq!(
            split_head(Some(flag), "1\n.X\n"),
            (Some("legal".into()), ".X\n")
        );
        assert_eq!(split_head(Some(flag), "X\n.X\n"), (None, "X\n.X\n"));
        assert_eq!(split_head(None, "1\n.X\n"), (None, "1\n.X\n"));
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
