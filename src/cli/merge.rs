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

/// A part's shard, `I/N` (absent or null: the whole run, 1/1).
fn shard_of(shard: &Value) -> Result<(u64, u64), String> {
    let text = match shard {
        Value::Null => return Ok((1, 1)),
        Value::String(text) => text,
        other => return Err(format!("not a shard: {other}")),
    };
    text.split_once('/')
        .and_then(|(i, n)| Some((i.parse().ok()?, n.parse().ok()?)))
        .filter(|&(i, n): &(u64, u64)| 1 <= i && i <= n)
        .ok_or_else(|| format!("not a shard: {text:?}"))
}

/// N, when the parts are every shard of 1/N..N/N exactly once: a merge of
/// fewer would add up a run whose cases were not all run, and call it a
/// pass.
fn every_shard(parts: &[Value], shard: impl Fn(&Value) -> &Value) -> Result<u64, String> {
    let mut seen = parts
        .iter()
        .map(|p| shard_of(shard(p)))
        .collect::<Result<Vec<_>, _>>()?;
    seen.sort_unstable();
    let n = seen[0].1;
    let name = |i: u64| format!("{i}/{n}");
    if let Some(other) = seen.iter().find(|s| s.1 != n) {
        return Err(format!(
            "the shards are of different splits ({} and {}/{}): not parts of one run",
            name(seen[0].0),
            other.0,
            other.1
        ));
    }
    if let Some(twice) = seen.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("shard {} is given twice", name(twice[0].0)));
    }
    let missing: Vec<String> = (1..=n)
        .filter(|i| !seen.iter().any(|s| s.0 == *i))
        .map(name)
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "shard {} of the run {} missing: its cases were not run, so the parts add up to no verdict",
            missing.join(", "),
            if missing.len() == 1 { "is" } else { "are" }
        ));
    }
    Ok(n)
}

/// The options of every `check` part, equal but for the shard and the
/// threads: the same candidate on the same cases, limits and phases.
fn same_options(parts: &[Value]) -> Result<(), String> {
    let run_of = |p: &Value| {
        let mut options = p["options"].as_object()?.clone();
        options.remove("shard");
        options.remove("jobs");
        Some(options)
    };
    let first = run_of(&parts[0])
        .ok_or("a check result without its options: not a --json result of check")?;
    for part in &parts[1..] {
        let options = run_of(part).unwrap_or_default();
        let differs = |k: &&String| options.get(k.as_str()) != first.get(k.as_str());
        if let Some(key) = first.keys().chain(options.keys()).find(differs) {
            return Err(format!(
                "the shards disagree on option {key:?}: not parts of one run"
            ));
        }
    }
    Ok(())
}

/// The size of a failure as its problem's enumeration orders inputs
/// (`size_key`); none sorts last.
fn size_key(failure: &Value) -> (u64, u64) {
    let key = |i: usize| failure["size_key"][i].as_u64().unwrap_or(u64::MAX);
    (key(0), key(1))
}

/// The sum of the number `key` over the parts.
fn sum(parts: &[Value], key: &str) -> u64 {
    parts.iter().filter_map(|p| p[key].as_u64()).sum()
}

/// The merged result and the exit status, by the kind of the parts.
fn merge(parts: &[Value]) -> Result<(Value, i32), String> {
    let all_have = |key: &str| parts.iter().all(|p| p.get(key).is_some());
    if all_have("exhaust") {
        exhausts(parts)
    } else if all_have("submissions") {
        grades(parts)
    } else if all_have("status") {
        checks(parts)
    } else if all_have("command") && all_have("count") {
        counts(parts).map(|v| (v, 0))
    } else {
        Err(
            "expected the --json results of one kind: check, grade, exhaust, or a counting command"
                .into(),
        )
    }
}

/// The shards of one `exhaust`: the first mismatch of the whole
/// enumeration first.
fn exhausts(parts: &[Value]) -> Result<(Value, i32), String> {
    same(parts, "exhaust")?;
    same(parts, "max_cells")?;
    every_shard(parts, |p| &p["shard"])?;
    let mut mismatches: Vec<Value> = parts
        .iter()
        .filter(|p| !p["mismatch"].is_null())
        .map(|p| {
            let mut m = p["mismatch"].clone();
            m["shard"] = p["shard"].clone();
            m
        })
        .collect();
    // The first in the whole enumeration, in order of size, first.
    mismatches.sort_by_key(|m| m["case"].as_u64().unwrap_or(u64::MAX));
    let failed = !mismatches.is_empty();
    Ok((
        json!({"exhaust": parts[0]["exhaust"], "max_cells": parts[0]["max_cells"], "shards": parts.len(),
               "checked": sum(parts, "checked"), "mismatch": mismatches.first(), "mismatches": mismatches}),
        i32::from(failed),
    ))
}

/// The shards of one `grade`: their tables joined.
fn grades(parts: &[Value]) -> Result<(Value, i32), String> {
    same(parts, "problem")?;
    same(parts, "seed")?;
    same(parts, "setup")?;
    every_shard(parts, |p| &p["shard"])?;
    let mut rows: Vec<Value> = parts
        .iter()
        .flat_map(|p| p["submissions"].as_array().cloned().unwrap_or_default())
        .collect();
    rows.sort_by(|a, b| a["submission"].as_str().cmp(&b["submission"].as_str()));
    let failed = rows.iter().any(|r| r["verdict"] != "PASS");
    Ok((
        json!({"problem": parts[0]["problem"], "seed": parts[0]["seed"], "cases": parts[0]["cases"],
               "shards": parts.len(), "submissions": rows}),
        i32::from(failed),
    ))
}

/// The shards of one `check`: every failure, the smallest first.
fn checks(parts: &[Value]) -> Result<(Value, i32), String> {
    if let Some(cut) = parts.iter().find(|p| p["interrupted"] == true) {
        return Err(format!(
            "a shard was interrupted (seed {}): its cases were not all run",
            cut["seed"]
        ));
    }
    same(parts, "problem")?;
    same(parts, "seed")?;
    same_options(parts)?;
    every_shard(parts, |p| &p["options"]["shard"])?;
    let errors: Vec<Value> = parts
        .iter()
        .filter(|p| p["status"] == "error")
        .map(|p| json!({"shard": p["options"]["shard"], "cannot_run": p["cannot_run"]}))
        .collect();
    let mut failures: Vec<Value> = parts
        .iter()
        .filter(|p| p["status"] == "fail")
        .flat_map(|p| {
            let listed = p["failures"].as_array().cloned();
            listed
                .unwrap_or_else(|| vec![p["failure"].clone()])
                .into_iter()
                .map(|f| json!({"shard": p["options"]["shard"], "failure": f}))
        })
        .collect();
    // The smallest first: each shard shrank its own.
    failures.sort_by_key(|f| size_key(&f["failure"]));
    // A failure found is one whatever else happened; a shard that could
    // not run leaves the rest without a verdict.
    let (status, code) = match (failures.is_empty(), errors.is_empty()) {
        (false, _) => ("fail", 1),
        (true, false) => ("error", 2),
        (true, true) => ("pass", 0),
    };
    Ok((
        json!({"problem": parts[0]["problem"], "seed": parts[0]["seed"],
               "status": status, "cases": sum(parts, "cases"), "shards": parts.len(),
               "failure": failures.first().map(|f| &f["failure"]), "failures": failures,
               "errors": errors}),
        code,
    ))
}

/// The shards of one counting command (a problem's own subcommand): the
/// same command and arguments, every shard of 1..N exactly once; their
/// counts summed.
fn counts(parts: &[Value]) -> Result<Value, String> {
    same(parts, "command")?;
    same(parts, "args")?;
    let n = every_shard(parts, |p| &p["shard"])?;
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

/// Runs `merge`; 0 when every shard passed, 1 when one failed, 2 when
/// the parts are not one whole run, or a shard could not run at all.
pub fn run(files: &[PathBuf]) -> i32 {
    let parts: Result<Vec<Value>, String> = files.iter().map(load).collect();
    match parts.and_then(|p| merge(&p)) {
        Ok((value, code)) => {
            print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&value).expect("serializes")
            ));
            code
        }
        Err(e) => usage_error(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `check --json` part: shard `shard`, its failures' size keys.
    fn check_part(shard: &str, cases: u64, failures: &[[u64; 2]]) -> Value {
        let failures: Vec<Value> = failures
            .iter()
            .map(|k| json!({"input": format!("{k:?}"), "size_key": k}))
            .collect();
        json!({"problem": "flank-row", "seed": 5, "cases": cases,
               "status": if failures.is_empty() { "pass" } else { "fail" },
               "options": {"shard": shard, "jobs": 2, "cases": 40, "command": ["./a"]},
               "failure": failures.first(), "failures": failures})
    }

    #[test]
    fn the_smallest_failure_of_any_shard_comes_first() {
        let parts = [
            check_part("1/3", 10, &[[5, 1], [3, 2]]),
            check_part("2/3", 10, &[]),
            check_part("3/3", 20, &[[3, 1]]),
        ];
        let (merged, code) = merge(&parts).unwrap();
        assert_eq!(code, 1);
        assert_eq!(merged["cases"], 40);
        assert_eq!(merged["failure"]["size_key"], json!([3, 1]));
        assert_eq!(merged["failures"][0]["shard"], "3/3");
        let keys: Vec<&Value> = merged["failures"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| &f["failure"]["size_key"])
            .collect();
        assert_eq!(keys, [&json!([3, 1]), &json!([3, 2]), &json!([5, 1])]);
    }

    #[test]
    fn a_pass_needs_every_shard_of_one_run() {
        let pass = |shard| check_part(shard, 20, &[]);
        assert_eq!(merge(&[pass("1/2"), pass("2/2")]).unwrap().1, 0);
        let refused = |parts: &[Value]| merge(parts).unwrap_err();
        assert!(refused(&[pass("1/3"), pass("3/3")]).contains("shard 2/3 of the run is missing"));
        assert!(refused(&[pass("1/2"), pass("1/2")]).contains("shard 1/2 is given twice"));
        assert!(refused(&[pass("1/2"), pass("2/3")]).contains("different splits"));
        // The threads may differ; the candidate and the cases may not.
        let mut other = pass("2/2");
        other["options"]["jobs"] = 8.into();
        assert_eq!(merge(&[pass("1/2"), other.clone()]).unwrap().1, 0);
        other["options"]["command"] = json!(["./b"]);
        assert!(refused(&[pass("1/2"), other]).contains("option \"command\""));
        let mut more = pass("2/2");
        more["options"]["vectors"] = "v.toml".into();
        assert!(refused(&[pass("1/2"), more]).contains("option \"vectors\""));
        let mut cut = pass("2/2");
        cut["interrupted"] = true.into();
        assert!(refused(&[pass("1/2"), cut]).contains("interrupted"));
    }

    #[test]
    fn a_shard_that_could_not_run_leaves_no_pass() {
        let mut error = check_part("2/2", 0, &[]);
        error["status"] = "error".into();
        error["cannot_run"] = "no such file".into();
        let (merged, code) = merge(&[check_part("1/2", 20, &[]), error.clone()]).unwrap();
        assert_eq!((merged["status"].as_str(), code), (Some("error"), 2));
        assert_eq!(merged["errors"][0]["cannot_run"], "no such file");
        // A failure found elsewhere is a failure all the same.
        let (merged, code) = merge(&[check_part("1/2", 20, &[[1, 0]]), error]).unwrap();
        assert_eq!((merged["status"].as_str(), code), (Some("fail"), 1));
    }

    #[test]
    fn the_first_mismatch_of_the_whole_enumeration_comes_first() {
        let part = |shard: &str, case: Option<u64>| {
            json!({"exhaust": "go-move", "max_cells": 4, "shard": shard, "checked": 7,
                   "mismatch": case.map(|c| json!({"case": c, "input": c.to_string()}))})
        };
        let (merged, code) = merge(&[part("1/2", Some(13)), part("2/2", Some(6))]).unwrap();
        assert_eq!(code, 1);
        assert_eq!(merged["mismatch"]["case"], 6);
        assert_eq!(merged["mismatch"]["shard"], "2/2");
        assert!(merge(&[part("1/2", None)]).is_err());
    }
}
