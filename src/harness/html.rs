//! Standalone HTML pages (`check --report FILE.html`, `grade --report`:
//! the table, then one section per submission, linked from its row): one
//! file, inline style, no script, nothing fetched. A failure's minimal
//! case is drawn as boards, expected next to got, the differing cells in
//! [`HIGHLIGHT_GOT`] and [`HIGHLIGHT_EXPECTED`].

use super::board_view::{cells, differences, split_head, window};
use super::excerpt::{excerpt, first_difference};
use super::grade::{Class, Row};
use super::report::{Failure, Report, program_of};

/// The background of a differing cell on the got side (`#ff2d55`), which
/// the screenshot test counts.
pub const HIGHLIGHT_GOT: [u8; 3] = [0xff, 0x2d, 0x55];
/// The background of a differing cell on the expected side (`#2dd36f`).
pub const HIGHLIGHT_EXPECTED: [u8; 3] = [0x2d, 0xd3, 0x6f];

/// `text` escaped for HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

fn hex(rgb: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

/// The page's frame around `body`.
pub fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{}</title><style>\n\
         body {{ font: 15px/1.4 sans-serif; margin: 24px; color: #1b1b1b; background: #fff; }}\n\
         h1 {{ font-size: 22px; margin: 0 0 12px; }}\n\
         .fail {{ color: #b00020; }} .pass {{ color: #1b7f3b; }}\n\
         pre, code {{ font-family: monospace; background: #f3f3f3; padding: 2px 4px; }}\n\
         pre {{ padding: 8px; white-space: pre-wrap; word-break: break-all; }}\n\
         .boards {{ display: flex; gap: 32px; align-items: flex-start; }}\n\
         table.board {{ border-collapse: collapse; }}\n\
         table.board td {{ width: 28px; height: 28px; text-align: center; font: bold 16px monospace; border: 1px solid #999; }}\n\
         td.diff-got {{ background: {}; color: #fff; }}\n\
         td.diff-expected {{ background: {}; color: #fff; }}\n\
         table.grid {{ border-collapse: collapse; }}\n\
         table.grid td, table.grid th {{ border: 1px solid #bbb; padding: 4px 8px; text-align: left; vertical-align: top; }}\n\
         dt {{ font-weight: bold; }} dd {{ margin: 0 0 8px 0; }}\n\
         </style></head><body>\n{body}</body></html>\n",
        escape(title),
        hex(HIGHLIGHT_GOT),
        hex(HIGHLIGHT_EXPECTED),
    )
}

/// One answer as a board, the cells at `diffs` highlighted with `class`.
fn board(text: &str, diffs: &[(usize, usize)], class: &str) -> String {
    let rows: Vec<Vec<String>> = text.lines().map(cells).collect();
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = String::from("<table class=\"board\">");
    for (r, row) in rows.iter().enumerate() {
        out.push_str("<tr>");
        for c in 0..width {
            let cell = row.get(c).map_or("", String::as_str);
            let cell = if cell == " " { "\u{a0}" } else { cell };
            if diffs.contains(&(r, c)) {
                out.push_str(&format!("<td class=\"{class}\">{}</td>", escape(cell)));
            } else {
                out.push_str(&format!("<td>{}</td>", escape(cell)));
            }
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>");
    out
}

/// Expected and got as boards side by side, differences highlighted; a
/// large board as a window around its first difference, said in a caption.
pub fn boards(expected: &str, got: &str) -> String {
    boards_titled(expected, got, ("expected", "got"))
}

fn boards_titled(expected: &str, got: &str, (left, right): (&str, &str)) -> String {
    let shown = window(expected, got);
    let diffs = differences(&shown.expected, &shown.got);
    let caption = shown
        .caption
        .map_or(String::new(), |c| format!("<p>{}:</p>", escape(&c)));
    format!(
        "{caption}<div class=\"boards\"><div><h3>{}</h3>{}</div><div><h3>{}</h3>{}</div></div>\n",
        escape(left),
        board(&shown.expected, &diffs, "diff-expected"),
        escape(right),
        board(&shown.got, &diffs, "diff-got")
    )
}

/// `text` as a `<pre>` excerpt (around `focus`, a line and column, when long).
fn pre(text: &str, focus: Option<(usize, usize)>) -> String {
    format!("<pre>{}</pre>\n", escape(&excerpt(text, focus, "")))
}

/// For a failure at the limits: the pattern, where it fails and passes,
/// and the command that prints its case.
fn at_limits(f: &Failure, problem: &str, program: &str) -> String {
    let (Some(sizes), Some(command)) = (f.limits_sizes(), f.regenerate(problem, program)) else {
        return String::new();
    };
    format!(
        "<h2>at the limits</h2><p>{}</p><p>its case: <code>{}</code></p>\n",
        escape(&sizes),
        escape(&command)
    )
}

/// The failure's section: where it was found, the input, expected and got
/// as boards (or excerpts), detail and hint; bounded whatever the input.
fn failure_section(report: &Report, f: &Failure, program: &str) -> String {
    let mut out = at_limits(f, &report.problem, program);
    if let Some(by) = &f.found_by {
        out.push_str(&format!(
            "<p>found by the law <b>{}</b> ({}) on the case:</p>{}",
            escape(&by.law),
            escape(&by.about),
            pre(&by.from, None)
        ));
        if let Some(c) = &by.complaint {
            out.push_str(&pre(c, None));
        }
    }
    // The heading's parenthesis (size, how far shrunk) in smaller type.
    let heading = f.heading();
    let (what, about) = heading.split_once(" (").unwrap_or((&heading, ""));
    let about = if about.is_empty() {
        String::new()
    } else {
        format!(" <small>({}</small>", escape(about))
    };
    out.push_str(&format!(
        "<h2>{}{about}</h2>{}",
        escape(what),
        pre(&f.input, None)
    ));
    let head = report.answer_form.head;
    let (want, expected) = split_head(head, &f.expected);
    let (have, got) = split_head(head, &f.got);
    let titles = match (want, have) {
        (Some(want), Some(have)) => (format!("expected: {want}"), format!("got: {have}")),
        _ => ("expected".to_string(), "got".to_string()),
    };
    if f.got.trim().is_empty() {
        let focus = first_difference(&f.expected, &f.got);
        out.push_str(&format!(
            "<h3>expected</h3>{}<p>no answer</p>",
            pre(&f.expected, focus)
        ));
    } else if expected.trim().is_empty() || got.trim().is_empty() || report.answer_form.lines {
        // A first line alone on one side (illegal): no board to draw there.
        out.push_str(&format!(
            "<div class=\"boards\"><div><h3>{}</h3>{}</div><div><h3>{}</h3>{}</div></div>\n",
            escape(&titles.0),
            pre(expected, None),
            escape(&titles.1),
            pre(got, None)
        ));
    } else {
        out.push_str(&boards_titled(expected, got, (&titles.0, &titles.1)));
    }
    if !f.detail.is_empty() {
        out.push_str(&format!(
            "<p><b>detail:</b> <code>{}</code></p>\n",
            escape(&f.detail)
        ));
    }
    if let Some(hint) = report.crash_hint() {
        out.push_str(&format!("<p><b>hint:</b> {}</p>\n", escape(&hint)));
    }
    out
}

/// The page of one check.
pub fn check_page(report: &Report, repeat: &str) -> String {
    let (class, headline) = match &report.failure {
        Some(f) => (
            "fail",
            format!(
                "FAIL {}: {} — {}",
                report.problem,
                f.verdict,
                f.verdict.name()
            ),
        ),
        None => (
            "pass",
            format!("PASS {}: {} cases agreed", report.problem, report.cases),
        ),
    };
    let body = format!(
        "<h1 class=\"{class}\">{}</h1>\n{}",
        escape(&headline),
        check_details(report, repeat)
    );
    page(&headline, &body)
}

/// What a check's page shows under its headline: the seed, the cases,
/// the sandbox, the repeat command and the failure's section.
pub fn check_details(report: &Report, repeat: &str) -> String {
    let mut body = String::from("<dl>");
    for (name, value) in [
        ("problem", report.problem.clone()),
        ("seed", report.seed.to_string()),
        ("cases run", report.cases.to_string()),
        ("sandbox", report.sandbox.clone()),
    ] {
        body.push_str(&format!("<dt>{name}</dt><dd>{}</dd>", escape(&value)));
    }
    body.push_str(&format!(
        "<dt>repeat</dt><dd><code>{}</code></dd></dl>\n",
        escape(repeat)
    ));
    if let Some(f) = &report.failure {
        body.push_str(&failure_section(report, f, &program_of(repeat)));
    }
    body
}

/// The page of `grade`: `setup` (the seed and options, in words), the
/// table, each row linked to its submission's section: the class, the
/// sentence, and the check's details (the input, expected and got).
pub fn grade_page(problem: &str, setup: &str, rows: &[Row]) -> String {
    let mut body = format!(
        "<h1>grade {}: {} submissions</h1><p>{}</p>\n\
         <table class=\"grid\"><tr><th>submission</th><th>class</th><th>verdict</th><th>phase</th>\
         <th>cases passed</th><th>time</th><th>what happened</th></tr>\n",
        escape(problem),
        rows.len(),
        escape(setup)
    );
    for (i, r) in rows.iter().enumerate() {
        let class = if r.class == Class::Pass {
            "pass"
        } else {
            "fail"
        };
        body.push_str(&format!(
            "<tr><td><a href=\"#s{i}\">{}</a></td><td class=\"{class}\"><b>{}</b></td><td>{}</td>\
             <td>{}</td><td>{}/{}</td><td>{:.2} s</td><td>{}</td></tr>\n",
            escape(&r.submission),
            r.class.words(),
            escape(&r.verdict),
            r.phase.unwrap_or(""),
            r.cases_passed,
            r.cases_run,
            r.seconds,
            escape(&r.summary),
        ));
    }
    body.push_str("</table>\n");
    for (i, r) in rows.iter().enumerate() {
        let class = if r.class == Class::Pass {
            "pass"
        } else {
            "fail"
        };
        body.push_str(&format!(
            "<section id=\"s{i}\"><hr><h2 class=\"{class}\">{}: {}</h2><p>{}</p>\n",
            escape(&r.submission),
            r.class.words(),
            escape(&r.summary)
        ));
        match &r.cannot_run {
            Some(why) => {
                // What was seen is the summary's; the evidence follows.
                let evidence = super::report::cannot_run_parts(why).1;
                if !evidence.trim().is_empty() {
                    body.push_str(&format!(
                        "<pre>{}</pre>",
                        escape(&excerpt(evidence, None, ""))
                    ));
                }
                body.push_str(&format!(
                    "<p>repeat: <code>{}</code></p>\n",
                    escape(&r.repeat)
                ));
            }
            None => body.push_str(&check_details(&r.report, &r.repeat)),
        }
        body.push_str("<p><a href=\"#top\">back to the table</a></p></section>\n");
    }
    page(
        &format!("grade {problem}"),
        &format!("<a id=\"top\"></a>{body}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differing_cells_get_the_highlight_class_and_text_is_escaped() {
        let html = boards("A<B\n", "A<A\n");
        assert_eq!(html.matches("class=\"diff-got\"").count(), 1);
        assert_eq!(html.matches("class=\"diff-expected\"").count(), 1);
        assert!(html.contains("&lt;"));
        let page = page("t", &html);
        assert!(page.contains("#ff2d55") && !page.contains("http"));
    }
}
