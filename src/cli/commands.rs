//! The small commands: `solve`, `gen`, `exhaust`, `selftest` and `list`,
//! each a `Visitor` and what it prints.

use std::io::Read;

use boardcheck::generation::{clamp_size, pattern};
use boardcheck::harness::check::generate;
use boardcheck::harness::exhaust::{Exhausted, exhaust_shard};
use boardcheck::harness::selftest::{Caught, idle_properties, selftest};
use boardcheck::json::{answer_json_text, read_case_text};
use boardcheck::problem::{answer_text, case_text, read_input};
use boardcheck::problems::{self, Visitor};
use boardcheck::suite::Suite;

use super::{on_problem, print, usage_error};

/// `list`: every problem, with its size unit and patterns.
pub fn list() -> Result<i32, i32> {
    let mut list = String::new();
    for name in problems::NAMES {
        list.push_str(&on_problem(name, List)?);
    }
    print(&list);
    Ok(0)
}

/// Prints a problem-specific command's text, or its error (exit 2).
pub fn report(result: Result<String, String>) -> i32 {
    match result {
        Ok(text) => {
            print(&text);
            0
        }
        Err(e) => usage_error(e),
    }
}

/// The input of `solve`: where it came from (for messages), and its text.
pub fn read_source(file: Option<&std::path::Path>) -> Result<(String, String), i32> {
    let mut bytes = Vec::new();
    let read = match file {
        Some(path) => std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes)),
        None => std::io::stdin().lock().read_to_end(&mut bytes),
    };
    let source = file.map_or("standard input".to_string(), |f| f.display().to_string());
    if let Err(e) = read {
        return Err(usage_error(format!("cannot read {source}: {e}")));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok((source, text)),
        Err(_) => Err(usage_error(format!(
            "{source}: the input is not ASCII text"
        ))),
    }
}

/// `solve`: the engine's (or oracle's) answers to an input.
pub struct Solve<'a> {
    pub text: &'a str,
    pub oracle: bool,
    pub multi: bool,
    pub json: bool,
}

impl Visitor for Solve<'_> {
    type Output = Result<String, String>;
    fn visit<P: Suite>(self) -> Self::Output {
        let solve = if self.oracle { P::oracle } else { P::engine };
        if self.json {
            if self.multi {
                return Err(
                    "--format json reads a single case; --multi is for the text form".into(),
                );
            }
            let case = read_case_text::<P>(self.text).map_err(|e| e.to_string())?;
            return Ok(answer_json_text::<P>(&solve(&case)));
        }
        let cases = read_input::<P>(self.text, self.multi).map_err(|e| e.to_string())?;
        Ok(cases.iter().map(|c| answer_text::<P>(&solve(c))).collect())
    }
}

/// `gen`: one input from a seed, or a named pattern.
pub struct Gen<'a> {
    pub seed: u64,
    pub size: Option<usize>,
    pub pattern: Option<&'a str>,
}

impl Visitor for Gen<'_> {
    type Output = Result<String, String>;
    fn visit<P: Suite>(self) -> Self::Output {
        let size = clamp_size::<P>(self.size.unwrap_or(P::DEFAULT_SIZE));
        let case = match self.pattern {
            None => generate::<P>(self.seed, size),
            Some(name) => pattern::<P>(name, size)?,
        };
        Ok(case_text::<P>(&case))
    }
}

/// `exhaust`: engine against oracle on every small case.
pub struct Exhaust {
    pub max_cells: usize,
    pub jobs: usize,
    pub shard: Option<boardcheck::harness::check::Shard>,
}

impl Visitor for Exhaust {
    type Output = Result<Exhausted, String>;
    fn visit<P: Suite>(self) -> Self::Output {
        exhaust_shard::<P>(self.max_cells, self.jobs, self.shard)
    }
}

pub fn exhaust_report(
    name: &str,
    max_cells: usize,
    done: &Exhausted,
    took: std::time::Duration,
) -> i32 {
    match &done.mismatch {
        None => {
            print(&format!(
                "exhaust {name}: engine == oracle on all {} cases with at most {max_cells} cells ({took:.1?})\n",
                done.checked,
            ));
            0
        }
        Some(m) => {
            print(&format!(
                "exhaust {name}: engine and oracle disagree (case {} of the enumeration)\ninput:\n{}oracle:\n{}engine:\n{}",
                m.case, m.input, m.oracle, m.engine
            ));
            1
        }
    }
}

/// `selftest`: the zoo through the properties, as a table; and whether
/// every variant was caught and every property caught one.
pub struct SelfTest {
    pub cases: u32,
    pub seed: u64,
}

impl Visitor for SelfTest {
    type Output = (String, bool);
    fn visit<P: Suite>(self) -> Self::Output {
        let caught: Vec<Caught> = selftest::<P>(self.cases, self.seed);
        let idle = idle_properties::<P>(&caught);
        let mut ok = idle.is_empty();
        let mut out = format!(
            "{}\n  {:28} {:8} by (smallest counterexample)\n",
            P::NAME,
            "variant",
            "caught"
        );
        for c in &caught {
            let best = c.by.iter().min_by_key(|(_, _, input)| input.len());
            let by: Vec<_> = c.by.iter().map(|(name, _, _)| *name).collect();
            let na = if c.not_applicable.is_empty() {
                String::new()
            } else {
                format!("; not applicable: {}", c.not_applicable.join(", "))
            };
            match best {
                Some((_, size, _)) => out.push_str(&format!(
                    "  {:28} {:8} {} ({size}){na}\n",
                    c.variant,
                    "yes",
                    by.join(", ")
                )),
                None => {
                    ok = false;
                    out.push_str(&format!(
                        "  {:28} {:8} -- slipped through: {}\n",
                        c.variant, "NO", c.about
                    ));
                }
            }
        }
        if idle.is_empty() {
            out.push_str("  every property caught at least one variant\n\n");
        } else {
            out.push_str(&format!(
                "  properties that caught nothing: {}\n\n",
                idle.join(", ")
            ));
        }
        (out, ok)
    }
}

/// `list`: a problem's name, what it is, its size unit and patterns.
pub struct List;

impl Visitor for List {
    type Output = String;
    fn visit<P: Suite>(self) -> Self::Output {
        let extras = P::extras();
        let patterns: Vec<&str> = extras.patterns.iter().map(|p| p.name).collect();
        format!(
            "{:14} {}\n{:14} --size in {} (default {}, at most {}); patterns: {}\n",
            P::NAME,
            P::ABOUT,
            "",
            P::SIZE_UNIT,
            P::DEFAULT_SIZE,
            P::MAX_SIZE,
            if patterns.is_empty() {
                "none".to_string()
            } else {
                patterns.join(", ")
            }
        )
    }
}

/// `exhaust --json`: the result as JSON; the exit status.
pub fn exhaust_json(
    name: &str,
    max_cells: usize,
    shard: Option<boardcheck::harness::check::Shard>,
    done: &Exhausted,
) -> i32 {
    let value = serde_json::json!({
        "exhaust": name,
        "max_cells": max_cells,
        "shard": shard.map(|s| format!("{}/{}", s.index + 1, s.count)),
        "checked": done.checked,
        "mismatch": done.mismatch.as_ref().map(|m| {
            serde_json::json!({"case": m.case, "input": m.input, "oracle": m.oracle, "engine": m.engine})
        }),
    });
    print(&format!(
        "{}\n",
        serde_json::to_string_pretty(&value).expect("serializes")
    ));
    i32::from(done.mismatch.is_some())
}
