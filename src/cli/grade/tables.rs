//! What `grade` prints: the table (text, CSV, HTML) and the command that
//! repeats one submission's check.

use boardcheck::harness::check::LimitsMode;
use boardcheck::harness::grade::Row;
use boardcheck::harness::html::{escape, page};

use super::GradeArgs;

/// One line of a case for a table cell.
fn one_line(text: &str) -> String {
    let line = text.trim_end().replace('\n', " / ");
    if line.chars().count() > 60 {
        format!("{}…", line.chars().take(59).collect::<String>())
    } else {
        line
    }
}

/// The failing case of a row for a table cell: at the limits the pattern
/// and sizes (the input itself is large), else the input on one line.
fn case_cell(row: &Row) -> String {
    match (&row.at_limits, &row.minimal_case) {
        (Some(at), _) => format!(
            "pattern {}: fails from {} {}{}",
            at.pattern,
            at.fails_from,
            at.unit,
            at.passes_at
                .map_or(String::new(), |s| format!(", passes at {s}"))
        ),
        (None, Some(case)) => one_line(case),
        (None, None) => String::new(),
    }
}

pub fn table(rows: &[Row]) -> String {
    const COLUMNS: usize = 6;
    let header = [
        "submission",
        "verdict",
        "phase",
        "passed",
        "time",
        "first failing case (minimal)",
    ];
    let cells: Vec<[String; COLUMNS]> = rows
        .iter()
        .map(|r| {
            [
                r.submission.clone(),
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

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

pub fn csv(rows: &[Row]) -> String {
    let mut out =
        String::from("submission,verdict,phase,cases_passed,cases_run,seconds,minimal_case\n");
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{},{},{},{}\n",
            csv_field(&r.submission),
            r.verdict,
            r.phase.unwrap_or(""),
            r.cases_passed,
            r.cases_run,
            r.seconds,
            csv_field(r.minimal_case.as_deref().unwrap_or(""))
        ));
    }
    out
}

pub fn html(problem: &str, seed: u64, rows: &[Row]) -> String {
    let mut body = format!(
        "<h1>grade {}: {} submissions</h1><p>seed {seed}, the same cases for every submission</p>\n\
         <table class=\"grid\"><tr><th>submission</th><th>verdict</th><th>phase</th><th>cases passed</th>\
         <th>time</th><th>first failing case (minimal)</th></tr>\n",
        escape(problem),
        rows.len()
    );
    for r in rows {
        let class = if r.verdict == "PASS" { "pass" } else { "fail" };
        body.push_str(&format!(
            "<tr><td>{}</td><td class=\"{class}\"><b>{}</b></td><td>{}</td><td>{}/{}</td><td>{:.2} s</td><td><pre>{}</pre>{}</td></tr>\n",
            escape(&r.submission),
            escape(&r.verdict),
            r.phase.unwrap_or(""),
            r.cases_passed,
            r.cases_run,
            r.seconds,
            escape(&case_cell(r)),
            r.detail
                .as_deref()
                .map_or(String::new(), |d| format!("<small>{}</small>", escape(d)))
        ));
    }
    body.push_str("</table>\n");
    page(&format!("grade {problem}"), &body)
}

/// `--limits`'s word for `mode`.
pub fn limits_word(mode: LimitsMode) -> &'static str {
    match mode {
        LimitsMode::Off => "off",
        LimitsMode::On => "on",
        LimitsMode::Only => "only",
    }
}

/// The `check` command that judges one submission as `grade` did: the same
/// seed and the options that change the verdict.
pub fn repeat_one(args: &GradeArgs, seed: u64) -> String {
    let j = &args.judge;
    let mut words = vec![
        format!("boardcheck check {} --seed {seed}", args.problem),
        format!("--cases {}", j.cases),
        format!("--limits {}", limits_word(j.limits_mode)),
        format!("--timeout-ms {}", args.limits.timeout_ms),
    ];
    words.extend(j.size.map(|s| format!("--size {s}")));
    words.extend(j.pattern.as_ref().map(|p| format!("--pattern {p}")));
    if j.multi {
        words.push(format!("--multi --batch {}", j.batch));
    }
    match &args.py_func {
        Some(name) => words.push(format!("--py-func FILE.py:{name}")),
        None if j.protocol == "jsonl" => words.push("--protocol jsonl -- CMD".into()),
        None => words.push("-- CMD".into()),
    }
    words.join(" ")
}
