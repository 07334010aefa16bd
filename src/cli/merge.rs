//! `boardcheck merge`: the `--json` results of the shards of one run
//! (`--shard I/N`) added up into one.

use std::path::PathBuf;

use serde_json::{Value, json};

use super::{print, usage_error};

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
    Err("expected the --json results of one kind: check, grade or exhaust".into())
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
