//! What `grade` prints: the table (text or CSV) and one section per
//! submission, what a teacher pastes into feedback.

use boardcheck::harness::crash;
use boardcheck::harness::grade::{Class, Row};
use boardcheck::harness::report::cannot_run_parts;

/// One line of a case for a table cell.
fn one_line(text: &str) -> String {
    let line = text.trim_end().replace('\n', " / ");
    if line.chars().count() > 60 {
        format!("{}…", line.chars().take(59).collect::<String>())
    } else {
        line
    }
}

/// The case of a row for a table cell: at the limits the pattern and sizes
/// (the input itself is large), else the input on one line; for one that
/// could not run, the few words of its evidence (or what was seen).
fn case_cell(row: &Row) -> String {
    if let Some(why) = &row.cannot_run {
        // The evidence's few words (the error itself) where there is any.
        return match cannot_run_parts(why) {
            (seen, "") => one_line(seen),
            (_, evidence) => one_line(&crash::words(evidence)),
        };
    }
    let Some(f) = &row.failure else {
        return String::new();
    };
    match &f.at_limits {
        // "From" only where the bisection met: the size below passed.
        Some(at) => format!(
            "{}: fails {} {} {}{}",
            at.pattern,
            if at.passes_at == Some(at.fails_from - 1) {
                "from"
            } else {
                "at"
            },
            at.fails_from,
            at.unit,
            at.passes_at
                .map_or(String::new(), |s| format!(", passes at {s}"))
        ),
        None => one_line(&f.input),
    }
}

pub fn table(rows: &[Row]) -> String {
    const COLUMNS: usize = 7;
    let header = [
        "submission",
        "class",
        "verdict",
        "phase",
        "passed",
        "time",
        "case (details below)",
    ];
    let cells: Vec<[String; COLUMNS]> = rows
        .iter()
        .map(|r| {
            [
                r.submission.clone(),
                r.class.words().to_string(),
                r.verdict.clone(),
                r.phase.unwrap_or("").to_string(),
                format!("{}/{}", r.cases_passed, r.cases_run),
                format!("{:.2}s", r.seconds),
                case_cell(r),
            ]
        })
        .collect();
    let width = |k: usize| {
        cells
            .iter()
            .map(|c| c[k].chars().count())
            .chain([header[k].len()])
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..COLUMNS).map(width).collect();
    let line = |c: [&str; COLUMNS]| {
        let mut s = String::new();
        for (cell, w) in c.iter().zip(&widths) {
            s.push_str(&format!("{cell:<w$}  "));
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(header);
    for c in &cells {
        out.push_str(&line(std::array::from_fn(|k| c[k].as_str())));
    }
    out
}

/// One submission's section: its class and sentence, then what `check`
/// reports of it (the input, expected and got, marked; the detail) and
/// the command that repeats it.
pub fn section(row: &Row) -> String {
    let mut out = format!(
        "== {}: {}\n{}\n",
        row.submission,
        row.class.words(),
        row.summary
    );
    match (&row.class, &row.cannot_run) {
        (_, Some(why)) => {
            // What was seen is the summary's; the evidence follows.
            let evidence = cannot_run_parts(why).1.trim_end();
            if !evidence.is_empty() {
                out.push_str(&format!("{evidence}\n"));
            }
            out.push_str(&format!("repeat: {}\n", row.repeat));
        }
        (Class::Pass, None) => out.push_str(&format!("repeat: {}\n", row.repeat)),
        _ => {
            out.push('\n');
            out.push_str(&row.report.render(&row.repeat));
        }
    }
    out
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

pub fn csv(rows: &[Row]) -> String {
    let mut out = String::from(
        "submission,class,verdict,phase,cases_passed,cases_run,seconds,summary,case,repeat\n",
    );
    for r in rows {
        // A case at the limits is large: its pattern and sizes instead.
        let case = match &r.failure {
            Some(f) if f.at_limits.is_none() => f.input.clone(),
            _ => case_cell(r),
        };
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{}\n",
            csv_field(&r.submission),
            r.class.words(),
            r.verdict,
            r.phase.unwrap_or(""),
            r.cases_passed,
            r.cases_run,
            r.seconds,
            csv_field(&r.summary),
            csv_field(&case),
            csv_field(&r.repeat),
        ));
    }
    out
}
