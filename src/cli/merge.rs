//! `boardcheck merge`: the `--json` results of the shards of one run
//! (`--shard I/N`) added up into one.

use std::path::PathBuf;

use serde_json::{Value, json};

use super::{print, usage_error};
use boardcheck::text::{count_from_json, count_json};

fn load(path: &PathBuf) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: not a JSON result: {e}", path.display()))
}

/// The values of `key` in every part, all equal, or an error naming it.
fn same<'a>(parts: &'a [Value], key: &str) -> Result<&'a Value, String> {
    let first = &parts[0][key];
    if parts.iter().any(|p| &p[key] != first) {
        return Err(format!(
            "the shards disagree on {key:?}: not parts of one run"
        ));
    }
    Ok(first)
}

fn merge(parts: &[Value]) -> Result<(Value, bool), String> {
    let sum = |key: &str| parts.iter().filter_map(|p| p[key].as_u64()).sum::<u64>();
    if parts.iter().all(|p| p.get("exhaust").is_some()) {
        same(parts, "exhaust")?;
        same(parts, "max_cells")?;
        let mismatches: Vec<&Value> = parts
            .iter()
            .map(|p| &p["mismatch"])
            .filter(|m| !m.is_null())
            .collect();
        let failed = !mismatches.is_empty();
        return Ok((
            json!({"exhaust": parts[0]["exhaust"], "max_cells": parts[0]["max_cells"], "shards": parts.len(),
                   "checked": sum("checked"), "mismatches": mismatches}),
            failed,
        ));
    }
    if parts.iter().all(|p| p.get("submissions").is_some()) {
        same(parts, "problem")?;
        same(parts, "seed")?;
        let mut rows: Vec<Value> = parts
            .iter()
            .flat_map(|p| p["submissions"].as_array().cloned().unwrap_or_default())
            .collect();
        rows.sort_by(|a, b| a["submission"].as_str().cmp(&b["submission"].as_str()));
        let failed = rows.iter().any(|r| r["verdict"] != "PASS");
        return Ok((
            json!({"problem": parts[0]["problem"], "seed": parts[0]["seed"], "cases": parts[0]["cases"],
                   "shards": parts.len(), "submissions": rows}),
            failed,
        ));
    }
    if parts
        .iter()
        .all(|p| p.get("status").is_some() && p.get("problem").is_some())
    {
        same(parts, "problem")?;
        same(parts, "seed")?;
        let failures: Vec<Value> = parts
            .iter()
            .filter(|p| p["status"] == "fail")
            .map(|p| json!({"shard": p["options"]["shard"], "failure": p["failure"]}))
            .collect();
        let failed = !failures.is_empty();
        return Ok((
            json!({"problem": parts[0]["problem"], "seed": parts[0]["seed"],
                   "status": if failed { "fail" } else { "pass" }, "cases": sum("cases"),
                   "shards": parts.len(), "failures": failures}),
            failed,
        ));
    }
    if parts
        .iter()
        .all(|p| p.get("command").is_some() && p.get("count").is_some())
    {
        return counts(parts).map(|v| (v, false));
    }
    Err(
        "expected the --json results of one kind: check, grade, exhaust, or a counting command"
            .into(),
    )
}

/// The shards of one counting command (a problem's own subcommand): the
/// same command and arguments, every shard of 1..N exactly once; their
/// counts summed.
fn counts(parts: &[Value]) -> Result<Value, String> {
    same(parts, "command")?;
    same(parts, "args")?;
    let mut seen: Vec<(u64, u64)> = Vec::new();
    for p in parts {
        let shard = p["shard"].as_str().unwrap_or("1/1");
        let parsed = shard
            .split_once('/')
            .and_then(|(i, n)| Some((i.parse().ok()?, n.parse().ok()?)));
        match parsed {
            Some(s) => seen.push(s),
            None => return Err(format!("not a shard: {shard:?}")),
        }
    }
    seen.sort_unstable();
    let n = seen[0].1;
    let complete: Vec<(u64, u64)> = (1..=n).map(|i| (i, n)).collect();
    if seen != complete {
        let given: Vec<String> = seen.iter().map(|(i, n)| format!("{i}/{n}")).collect();
        return Err(format!(
            "a count needs every shard of 1/{n}..{n}/{n} exactly once; given {}",
            given.join(", ")
        ));
    }
    // Exact at any size: counts past 64 bits come as decimal strings.
    let mut total = num_bigint::BigUint::ZERO;
    for p in parts {
        total += count_from_json(&p["count"])
            .ok_or_else(|| format!("not a count: {} (shard {})", p["count"], p["shard"]))?;
    }
    Ok(
        json!({"command": parts[0]["command"], "args": parts[0]["args"], "shards": n,
               "count": count_json(&total)}),
    )
}

/// Runs `merge`; 0 when every shard passed, 1 when one failed.
pub fn run(files: &[PathBuf]) -> i32 {
    let parts: Result<Vec<Value>, String> = files.iter().map(load).collect();
    match parts.and_then(|p| merge(&p)) {
        Ok((value, failed)) => {
            print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&value).expect("serializes")
            ));
            i32::from(failed)
        }
        Err(e) => usage_error(e),
    }
}
