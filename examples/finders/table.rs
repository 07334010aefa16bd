//! From the runs to the tables: per (bug, finder) over the seeds, then per
//! (problem, finder) over the bugs; CSV, JSON, Markdown and an SVG plot.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::finders::Run;

/// One run of one finder on one bug with one seed.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Record {
    pub problem: String,
    pub bug: String,
    pub about: String,
    pub finder: String,
    pub seed: u64,
    /// The smallest failing input's (cells, moves), if the search reached it.
    pub minimum: Option<(usize, usize)>,
    #[serde(flatten)]
    pub run: Run,
}

/// A finder on a bug over its seeds.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Cell {
    pub problem: String,
    pub bug: String,
    pub about: String,
    pub finder: String,
    pub seeds: usize,
    pub found: usize,
    /// Order statistics over all seeds, a miss counted as infinitely late
    /// (`None` when it falls on a miss).
    pub median_cases: Option<f64>,
    pub p90_cases: Option<f64>,
    pub median_seconds: Option<f64>,
    pub p90_seconds: Option<f64>,
    /// Median reported (cells, moves) over the seeds that found it.
    pub median_reported: Option<(usize, usize)>,
    pub minimum: Option<(usize, usize)>,
    /// Seeds whose report has the minimum's cells and moves.
    pub at_minimum: usize,
    /// Seeds whose report was proven to have the fewest cells, and the
    /// median time from the first failure to that proof.
    pub proven: usize,
    pub median_proof_seconds: Option<f64>,
}

/// The `q` quantile (nearest rank) of `values`, misses (`None`) last.
fn quantile(values: &[Option<f64>], q: f64) -> Option<f64> {
    let mut v: Vec<f64> = values.iter().map(|x| x.unwrap_or(f64::INFINITY)).collect();
    if v.is_empty() {
        return None;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let rank = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
    let x = v[rank - 1];
    x.is_finite().then_some(x)
}

fn median_of(mut v: Vec<f64>) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    Some(v[(v.len() - 1) / 2])
}

/// The records grouped per (problem, bug, finder), in the order first seen.
pub fn cells(records: &[Record]) -> Vec<Cell> {
    let mut order: Vec<(String, String, String)> = Vec::new();
    let mut groups: BTreeMap<(String, String, String), Vec<&Record>> = BTreeMap::new();
    for r in records {
        let k = (r.problem.clone(), r.bug.clone(), r.finder.clone());
        if !groups.contains_key(&k) {
            order.push(k.clone());
        }
        groups.entry(k).or_default().push(r);
    }
    order
        .into_iter()
        .map(|k| {
            let rs = &groups[&k];
            let cases: Vec<Option<f64>> = rs
                .iter()
                .map(|r| r.run.found.then_some(r.run.cases as f64))
                .collect();
            let secs: Vec<Option<f64>> = rs
                .iter()
                .map(|r| r.run.found.then_some(r.run.seconds))
                .collect();
            let mut reported: Vec<(usize, usize)> = rs
                .iter()
                .filter(|r| r.run.found)
                .filter_map(|r| r.run.reported)
                .collect();
            reported.sort();
            let minimum = rs[0].minimum;
            let proofs: Vec<f64> = rs
                .iter()
                .filter(|r| r.run.found)
                .filter_map(|r| r.run.proven_seconds)
                .collect();
            Cell {
                problem: k.0.clone(),
                bug: k.1.clone(),
                about: rs[0].about.clone(),
                finder: k.2.clone(),
                seeds: rs.len(),
                found: rs.iter().filter(|r| r.run.found).count(),
                median_cases: quantile(&cases, 0.5),
                p90_cases: quantile(&cases, 0.9),
                median_seconds: quantile(&secs, 0.5),
                p90_seconds: quantile(&secs, 0.9),
                median_reported: reported.get((reported.len().max(1) - 1) / 2).copied(),
                minimum,
                at_minimum: rs
                    .iter()
                    .filter(|r| r.run.found)
                    .filter(|r| minimum.is_some() && r.run.reported == minimum)
                    .count(),
                proven: proofs.len(),
                median_proof_seconds: median_of(proofs),
            }
        })
        .collect()
}

fn opt(x: Option<f64>) -> String {
    x.map_or(String::new(), |v| format!("{v}"))
}

fn pair(x: Option<(usize, usize)>) -> String {
    x.map_or(String::new(), |(c, m)| format!("{c}/{m}"))
}

/// One CSV line per (bug, finder).
pub fn csv(cells: &[Cell]) -> String {
    let mut out = String::from(
        "problem,bug,finder,seeds,found,median_cases,p90_cases,median_seconds,p90_seconds,\
         median_reported_cells/moves,minimum_cells/moves,at_minimum,proven,median_proof_seconds\n",
    );
    for c in cells {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            c.problem,
            c.bug,
            c.finder,
            c.seeds,
            c.found,
            opt(c.median_cases),
            opt(c.p90_cases),
            opt(c.median_seconds),
            opt(c.p90_seconds),
            pair(c.median_reported),
            pair(c.minimum),
            c.at_minimum,
            c.proven,
            opt(c.median_proof_seconds),
        );
    }
    out
}

fn short(x: Option<f64>, unit: &str) -> String {
    match x {
        None => "—".into(),
        Some(v) if unit == "s" => {
            if v < 1e-5 {
                format!("{:.1} µs", v * 1e6)
            } else if v < 0.001 {
                format!("{:.0} µs", v * 1e6)
            } else if v < 1.0 {
                format!("{:.1} ms", v * 1e3)
            } else {
                format!("{v:.2} s")
            }
        }
        Some(v) => format!("{v:.0}"),
    }
}

/// Per problem and finder, over the bugs: how many found (in a majority of
/// seeds / in any), the median and 90th percentile over bugs of the
/// per-bug medians of cases and time (bugs found in a majority), and the
/// counterexamples against the minimum.
pub fn markdown(cells: &[Cell], finders: &[&str]) -> String {
    let mut out = String::new();
    let mut problems: Vec<&str> = Vec::new();
    for c in cells {
        if !problems.contains(&c.problem.as_str()) {
            problems.push(&c.problem);
        }
    }
    for problem in problems {
        let bugs = cells
            .iter()
            .filter(|c| c.problem == problem)
            .map(|c| &c.bug)
            .collect::<std::collections::BTreeSet<_>>()
            .len();
        let _ = writeln!(out, "\n#### {problem} ({bugs} bugs)\n");
        out.push_str(
            "| finder | found (majority / any) | cases: median, p90 | time: median, p90 | reported = minimum | reported cells / minimum cells (median) | proven smallest |\n|---|---|---|---|---|---|---|\n",
        );
        for finder in finders {
            let row: Vec<&Cell> = cells
                .iter()
                .filter(|c| c.problem == problem && c.finder == *finder)
                .collect();
            if row.is_empty() {
                continue;
            }
            let majority: Vec<&&Cell> = row.iter().filter(|c| c.median_seconds.is_some()).collect();
            let any = row.iter().filter(|c| c.found > 0).count();
            let cases: Vec<Option<f64>> = majority.iter().map(|c| c.median_cases).collect();
            let secs: Vec<Option<f64>> = majority.iter().map(|c| c.median_seconds).collect();
            let with_min: Vec<&&Cell> = row
                .iter()
                .filter(|c| c.found > 0 && c.minimum.is_some())
                .collect();
            let at_min: usize = with_min.iter().map(|c| c.at_minimum).sum();
            let found_runs: usize = with_min.iter().map(|c| c.found).sum();
            let ratios: Vec<f64> = with_min
                .iter()
                .filter_map(|c| {
                    let (got, min) = (c.median_reported?, c.minimum?);
                    Some(got.0 as f64 / min.0.max(1) as f64)
                })
                .collect();
            let proven: usize = row.iter().map(|c| c.proven).sum();
            let runs: usize = row.iter().map(|c| c.found).sum();
            let _ = writeln!(
                out,
                "| {finder} | {} / {any} of {} | {}, {} | {}, {} | {} | {} | {} |",
                majority.len(),
                row.len(),
                short(quantile(&cases, 0.5), ""),
                short(quantile(&cases, 0.9), ""),
                short(quantile(&secs, 0.5), "s"),
                short(quantile(&secs, 0.9), "s"),
                if found_runs == 0 {
                    "—".to_string()
                } else {
                    format!("{at_min} of {found_runs} runs")
                },
                median_of(ratios).map_or("—".into(), |r| format!("{r:.2}")),
                if runs == 0 {
                    "—".to_string()
                } else {
                    format!("{proven} of {runs} runs")
                },
            );
        }
    }
    out
}

/// Time to failure per bug (median over seeds, log scale), one line per
/// finder; bugs in the order of the fastest finder's time; a miss is drawn
/// on the "not found" line at the top.
pub fn svg(cells: &[Cell], finders: &[&str], budget_seconds: f64) -> String {
    let mut bugs: Vec<(String, String)> = Vec::new();
    for c in cells {
        let k = (c.problem.clone(), c.bug.clone());
        if !bugs.contains(&k) {
            bugs.push(k);
        }
    }
    let time = |bug: &(String, String), finder: &str| -> Option<f64> {
        cells
            .iter()
            .find(|c| c.problem == bug.0 && c.bug == bug.1 && c.finder == finder)
            .and_then(|c| c.median_seconds)
    };
    let best = |bug: &(String, String)| {
        finders
            .iter()
            .filter_map(|f| time(bug, f))
            .fold(f64::INFINITY, f64::min)
    };
    bugs.sort_by(|a, b| best(a).total_cmp(&best(b)));
    let (w, h, left, top, bottom) = (1100.0, 520.0, 70.0, 30.0, 60.0);
    let (lo, hi) = (1e-6f64.log10(), budget_seconds.max(1e-3).log10());
    let plot_h = h - top - bottom;
    let y = |s: f64| top + 20.0 + (hi - s.max(1e-6).log10()) / (hi - lo) * (plot_h - 20.0);
    let x = |i: usize| left + 10.0 + i as f64 * (w - left - 180.0) / (bugs.len().max(2) - 1) as f64;
    let colours = [
        "#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    ];
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(out, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="{left}" y="16" font-size="13">Median time to first failure per bug (log scale), {} bugs, by the fastest finder's time</text>"#,
        bugs.len()
    );
    let mut decade = lo.ceil() as i32;
    while f64::from(decade) <= hi {
        let s = 10f64.powi(decade);
        let yy = y(s);
        let _ = writeln!(
            out,
            r##"<line x1="{left}" x2="{}" y1="{yy:.1}" y2="{yy:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"##,
            w - 170.0,
            left - 4.0,
            yy + 4.0,
            short(Some(s), "s")
        );
        decade += 1;
    }
    let miss_y = top + 6.0;
    let _ = writeln!(
        out,
        r##"<line x1="{left}" x2="{}" y1="{miss_y}" y2="{miss_y}" stroke="#999" stroke-dasharray="4 3"/><text x="{}" y="{}" text-anchor="end">not found</text>"##,
        w - 170.0,
        left - 4.0,
        miss_y + 4.0
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" text-anchor="middle">bugs (problem: variant), sorted</text>"#,
        (w - 120.0) / 2.0,
        h - 20.0
    );
    for (f, finder) in finders.iter().enumerate() {
        let colour = colours[f % colours.len()];
        let points: Vec<String> = bugs
            .iter()
            .enumerate()
            .filter(|(_, b)| {
                cells
                    .iter()
                    .any(|c| c.problem == b.0 && c.bug == b.1 && c.finder == *finder)
            })
            .map(|(i, b)| format!("{:.1},{:.1}", x(i), time(b, finder).map_or(miss_y, y)))
            .collect();
        if points.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            r#"<polyline fill="none" stroke="{colour}" stroke-width="1.3" opacity="0.85" points="{}"/>"#,
            points.join(" ")
        );
        let ly = top + 30.0 + f as f64 * 18.0;
        let _ = writeln!(
            out,
            r#"<line x1="{}" x2="{}" y1="{ly}" y2="{ly}" stroke="{colour}" stroke-width="3"/><text x="{}" y="{}">{finder}</text>"#,
            w - 160.0,
            w - 135.0,
            w - 130.0,
            ly + 4.0
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Why boardcheck's median time is over a tenth of the stress loop's.
#[derive(Clone, Copy, PartialEq)]
enum Why {
    /// The floor (a warm run on the smallest failing input) is over it too.
    OutOfReach,
    /// No more cases than the loop, each dearer.
    Dearer,
    /// More cases than the loop, or missed in most seeds.
    More,
}

/// The issue's three claims, bug by bug: boardcheck finds every bug some
/// finder finds; its median time (and cases) to failure is at most a tenth
/// of the stress loop's where the loop finds the bug in a majority of
/// seeds; its report equals the smallest failing input in every seed.
/// Each claim with its count and the bugs where it does not hold.
pub fn claims(cells: &[Cell]) -> String {
    let mut bugs: Vec<(&str, &str)> = Vec::new();
    for c in cells {
        if !bugs.contains(&(c.problem.as_str(), c.bug.as_str())) {
            bugs.push((&c.problem, &c.bug));
        }
    }
    let get = |bug: &(&str, &str), finder: &str| {
        cells
            .iter()
            .find(|c| c.problem == bug.0 && c.bug == bug.1 && c.finder == finder)
    };
    let name = |bug: &(&str, &str)| format!("{}: {}", bug.0, bug.1);
    let mut out = String::from("\n#### The claims, bug by bug\n\n");
    // 1. Found by boardcheck in every seed wherever some finder found it.
    let found_any: Vec<&(&str, &str)> = bugs
        .iter()
        .filter(|b| {
            cells
                .iter()
                .any(|c| c.problem == b.0 && c.bug == b.1 && c.finder != "floor" && c.found > 0)
        })
        .collect();
    let missed: Vec<String> = found_any
        .iter()
        .filter(|b| get(b, "boardcheck").is_none_or(|c| c.found < c.seeds))
        .map(|b| {
            let c = get(b, "boardcheck");
            format!(
                "{} ({} of {} seeds)",
                name(b),
                c.map_or(0, |c| c.found),
                c.map_or(0, |c| c.seeds)
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "- Found by boardcheck in every seed, of the {} bugs some finder found: {}{}.",
        found_any.len(),
        found_any.len() - missed.len(),
        if missed.is_empty() {
            String::new()
        } else {
            format!("; not: {}", missed.join(", "))
        }
    );
    // 2. Median time and cases against the stress loop's.
    let mut by_time = (0, 0, Vec::new());
    let mut by_cases = (0, 0, Vec::new());
    let mut ratios = Vec::new();
    let mut whys = Vec::new();
    for b in &bugs {
        let (Some(bc), Some(st)) = (get(b, "boardcheck"), get(b, "stress")) else {
            continue;
        };
        let (Some(st_s), Some(st_c)) = (st.median_seconds, st.median_cases) else {
            continue;
        };
        by_time.0 += 1;
        by_cases.0 += 1;
        match bc.median_seconds {
            Some(s) if s <= st_s / 10.0 => by_time.1 += 1,
            s => {
                // Why: out of every finder's reach when the floor (a warm
                // run on the smallest failing input) is itself over a
                // tenth; else, from the two medians, more cases than the
                // loop, or no more at a dearer case (its strategies and
                // its check's start against the loop's few instructions).
                let floor = get(b, "floor").and_then(|c| c.median_seconds);
                let (kind, why) = match (floor, bc.median_cases) {
                    (Some(f), c) if f > st_s / 10.0 => (
                        Why::OutOfReach,
                        format!(
                            "cases {} vs {st_c:.0}; out of reach, floor {}",
                            short(c, ""),
                            short(Some(f), "s")
                        ),
                    ),
                    (_, Some(c)) if c <= st_c => (
                        Why::Dearer,
                        format!("cases {c:.0} vs {st_c:.0}, each dearer"),
                    ),
                    (_, Some(c)) => (Why::More, format!("cases {c:.0} vs {st_c:.0}, more")),
                    (_, None) => (Why::More, "missed in most seeds".to_string()),
                };
                whys.push(kind);
                by_time.2.push(format!(
                    "{} ({} vs {}; {why})",
                    name(b),
                    short(s, "s"),
                    short(Some(st_s), "s")
                ))
            }
        }
        if let Some(s) = bc.median_seconds {
            ratios.push(s / st_s.max(1e-9));
        }
        match bc.median_cases {
            Some(c) if c <= st_c / 10.0 => by_cases.1 += 1,
            Some(c) if c <= st_c => by_cases
                .2
                .push(format!("{} ({c:.0} vs {st_c:.0})", name(b))),
            c => by_cases
                .2
                .push(format!("{} ({} vs {st_c:.0}, more)", name(b), short(c, ""))),
        }
    }
    let fewer_cases = bugs
        .iter()
        .filter_map(|b| {
            Some((
                get(b, "boardcheck")?.median_cases?,
                get(b, "stress")?.median_cases?,
            ))
        })
        .filter(|(bc, st)| bc <= st)
        .count();
    let _ = writeln!(
        out,
        "- Median time to failure at most a tenth of the stress loop's, of the {} bugs the loop finds in a majority of seeds: {} (median ratio boardcheck / stress {}).",
        by_time.0,
        by_time.1,
        median_of(ratios).map_or("—".into(), |r| format!("{r:.1}")),
    );
    // The same tenth for every other finder, and for the floor (one warm
    // run on the smallest failing input): what the target asks is set
    // beside what any finder, and a finder that knew that input, reaches.
    let mut others: Vec<&str> = Vec::new();
    for c in cells {
        if c.finder != "stress" && !others.contains(&c.finder.as_str()) {
            others.push(&c.finder);
        }
    }
    let mut per_finder = Vec::new();
    for finder in others {
        let (mut timed, mut within, mut ratios) = (0, 0, Vec::new());
        for b in &bugs {
            let (Some(st_s), Some(s)) = (
                get(b, "stress").and_then(|c| c.median_seconds),
                get(b, finder).and_then(|c| c.median_seconds),
            ) else {
                continue;
            };
            timed += 1;
            ratios.push(s / st_s.max(1e-9));
            if s <= st_s / 10.0 {
                within += 1;
            }
        }
        if timed > 0 {
            per_finder.push(format!(
                "{finder} {within} of {timed} (median ratio {})",
                median_of(ratios).map_or("—".into(), |r| format!("{r:.2}"))
            ));
        }
    }
    let _ = writeln!(
        out,
        "- Within a tenth of the loop's median time, per finder, of the bugs the loop finds in a majority of seeds and the finder in a majority too: {}. The floor is no finder: one warm run of the bug and the reference on its smallest failing input, what a finder that knew that input beforehand would take.",
        per_finder.join("; ")
    );
    let _ = writeln!(
        out,
        "- Median cases to failure at most a tenth of the loop's: {} of {}; at most the loop's: {fewer_cases}.",
        by_cases.1, by_cases.0
    );
    if !by_time.2.is_empty() {
        let count = |w: Why| whys.iter().filter(|&&k| k == w).count();
        let _ = writeln!(
            out,
            "  Not within a tenth: {}; of them out of every finder's reach (the floor itself over a tenth of the loop's time) {}, no more cases than the loop but each dearer {}, more cases (or missed) {}.",
            whys.len(),
            count(Why::OutOfReach),
            count(Why::Dearer),
            count(Why::More)
        );
        let _ = writeln!(
            out,
            "  Time, not within a tenth (boardcheck vs stress; median cases and why): {}.",
            by_time.2.join("; ")
        );
    }
    // 3. The report equals the smallest failing input.
    let with_min: Vec<(&(&str, &str), &Cell)> = bugs
        .iter()
        .filter_map(|b| Some((b, get(b, "boardcheck")?)))
        .filter(|(_, c)| c.minimum.is_some() && c.found > 0)
        .collect();
    let every: Vec<&(&(&str, &str), &Cell)> = with_min
        .iter()
        .filter(|(_, c)| c.at_minimum == c.found)
        .collect();
    let not: Vec<String> = with_min
        .iter()
        .filter(|(_, c)| c.at_minimum < c.found)
        .map(|(b, c)| {
            format!(
                "{} ({} of {} seeds; median {} vs {})",
                name(b),
                c.at_minimum,
                c.found,
                pair(c.median_reported),
                pair(c.minimum)
            )
        })
        .collect();
    let unknown: Vec<String> = bugs
        .iter()
        .filter(|b| get(b, "boardcheck").is_some_and(|c| c.minimum.is_none()))
        .map(name)
        .collect();
    let _ = writeln!(
        out,
        "- boardcheck's report = the smallest failing input (cells/moves) in every seed: {} of {} bugs ({:.0}%){}.",
        every.len(),
        with_min.len(),
        100.0 * every.len() as f64 / with_min.len().max(1) as f64,
        if !not.is_empty() {
            format!("; not: {}", not.join(", "))
        } else {
            String::new()
        }
    );
    if !unknown.is_empty() {
        let _ = writeln!(
            out,
            "- No smallest failing input known (the search's case budget ended first): {}.",
            unknown.join(", ")
        );
    }
    out
}

/// [`markdown`] over every bug of every problem at once.
pub fn overall(cells: &[Cell], finders: &[&str]) -> String {
    let problems = cells
        .iter()
        .map(|c| c.problem.as_str())
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let all: Vec<Cell> = cells
        .iter()
        .map(|c| Cell {
            problem: format!("all {problems} problems"),
            bug: format!("{}: {}", c.problem, c.bug),
            ..c.clone()
        })
        .collect();
    markdown(&all, finders)
}
