//! `boardcheck grade` (many submissions, one table; one that hangs or
//! crashes stops no other) and `--shard I/N` with `boardcheck merge`.

#[allow(dead_code, reason = "each test file uses some of the helpers")]
mod common;

use common::{boardcheck, json};

const BIN: &str = env!("CARGO_BIN_EXE_boardcheck");

#[test]
fn grade_judges_every_submission_though_one_hangs_and_one_crashes() {
    let correct = format!("{BIN} solve flank-row");
    let out = boardcheck(
        &[
            "grade",
            "flank-row",
            "--command",
            "--json",
            "--seed",
            "3",
            "--cases",
            "30",
            "--timeout-ms",
            "300",
            "--max-shrink-runs",
            "5",
            "--limits",
            "off",
            "sleep 100",
            "sh -c 'cat >/dev/null; exit 3'",
            &correct,
        ],
        "",
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = json(&out);
    let rows = table["submissions"].as_array().unwrap();
    let verdicts: Vec<&str> = rows
        .iter()
        .map(|r| r["verdict"].as_str().unwrap())
        .collect();
    // The crash is the same on every input, the smallest included: the
    // submission cannot run at all (ERROR), as `check` says with exit 2.
    assert_eq!(verdicts, ["TLE", "ERROR", "PASS"]);
    let phases: Vec<&str> = rows
        .iter()
        .map(|r| r["phase"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(phases, ["cases", "", ""]);
    assert_eq!(rows[2]["cases_passed"], 30);
    assert!(
        rows[0]["minimal_case"]
            .as_str()
            .is_some_and(|c| !c.is_empty())
    );
}

/// A folder of copies of `files` (paths from the repository's root).
fn folder(tag: &str, files: &[&str]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("boardcheck-grade-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for file in files {
        let name = std::path::Path::new(file).file_name().unwrap();
        std::fs::copy(file, dir.join(name)).unwrap();
    }
    dir
}

/// The verdict and phase of each row of a `grade --json` table.
fn verdicts(out: &std::process::Output) -> Vec<(String, String)> {
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    json(out)["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let field = |k: &str| r[k].as_str().unwrap_or("").to_string();
            (field("verdict"), field("phase"))
        })
        .collect()
}

/// `grade` judges as `check` does, limits phase included by default: an
/// O(n·k) flank-row that is right on every small case times out at the
/// limits in both (at 15625 cells it needs seconds of CPU). Few cases and
/// one bisection step keep this to seconds.
#[test]
fn grade_fails_a_quadratic_candidate_at_the_limits_as_check_does() {
    let quadratic = "python3 examples/flank_row/quadratic.py";
    let options = [
        "--seed",
        "5",
        "--cases",
        "5",
        "--max-tle-shrink-runs",
        "1",
        "--pattern",
        "growing-run",
    ];
    let mut argv = vec!["grade", "flank-row", "--json", "--command"];
    argv.extend(options);
    argv.extend([quadratic, "sh -c 'cat >/dev/null; exit 3'"]);
    let graded = verdicts(&boardcheck(&argv, ""));
    assert_eq!(
        graded,
        [
            ("TLE".into(), "limits".into()),
            ("ERROR".into(), String::new())
        ]
    );
    let mut argv = vec!["check", "flank-row", "--json"];
    argv.extend(options);
    argv.extend(["--", "python3", "examples/flank_row/quadratic.py"]);
    let checked = json(&boardcheck(&argv, ""));
    assert_eq!(checked["failure"]["verdict"], "TLE", "{checked}");
    assert_eq!(checked["failure"]["origin"], "limits");
}

/// `--py-func NAME` calls NAME in each `.py` of a folder; `--multi` runs
/// each program of a folder with `--multi`.
#[test]
fn grade_takes_functions_and_the_multi_case_form() {
    let functions = folder(
        "functions",
        &[
            "examples/functions/flank_row.py",
            "examples/functions/flank_row_edge_closes.py",
        ],
    );
    let programs = folder(
        "multi",
        &[
            "examples/flank_row/correct.py",
            "examples/flank_row/edge_closes_run.py",
        ],
    );
    let common = ["--json", "--seed", "2", "--cases", "200", "--limits", "off"];
    let run = |dir: &std::path::Path, how: &[&str]| {
        let mut argv = vec!["grade", "flank-row", dir.to_str().unwrap()];
        argv.extend(common);
        argv.extend(how);
        verdicts(&boardcheck(&argv, ""))
    };
    let pass_then_wa = [
        ("PASS".to_string(), String::new()),
        ("WA".into(), "cases".into()),
    ];
    assert_eq!(run(&functions, &["--py-func", "solve"]), pass_then_wa);
    assert_eq!(run(&programs, &["--multi"]), pass_then_wa);
    // A function that is not there is a setup error, not a verdict.
    let out = boardcheck(
        &[
            "grade",
            "flank-row",
            functions.to_str().unwrap(),
            "--py-func",
            "nosuch",
            "--cases",
            "5",
        ],
        "",
    );
    assert_ne!(out.status.code(), Some(0));
    std::fs::remove_dir_all(&functions).unwrap();
    std::fs::remove_dir_all(&programs).unwrap();
}

#[test]
fn exhaust_shards_add_up_to_the_whole_run() {
    let whole = json(&boardcheck(
        &["exhaust", "flank-row", "--max-cells", "5", "--json"],
        "",
    ));
    let (parts, merged) = shards_merged(
        "exhaust",
        &["exhaust", "flank-row", "--max-cells", "5", "--json"],
        3,
    );
    for part in &parts {
        assert!(part["checked"].as_u64().unwrap() < whole["checked"].as_u64().unwrap());
    }
    assert_eq!(merged["checked"], whole["checked"]);
    assert_eq!(merged["shards"], 3);
}

#[test]
fn check_shards_split_the_cases_runs_are_timed_and_a_bad_shard_is_refused() {
    let run = |shard: &str| {
        json(&boardcheck(
            &[
                "check",
                "flank-row",
                "--json",
                "--seed",
                "9",
                "--cases",
                "40",
                "--limits",
                "off",
                "--shard",
                shard,
                // The binary in argv, not inside `sh -c`: argv paths are
                // bound into the sandbox, a path in a shell string is not
                // (and a checkout under /tmp is hidden by its private /tmp).
                "--",
                BIN,
                "solve",
                "flank-row",
            ],
            "",
        ))
    };
    let (a, b) = (run("1/2"), run("2/2"));
    assert_eq!(
        a["cases"].as_u64().unwrap() + b["cases"].as_u64().unwrap(),
        40
    );
    assert_eq!(a["options"]["shard"], "1/2");
    assert!(a["repeat"].as_str().unwrap().contains("--shard 1/2"));
    // One run per case, each timed; the phases add up to no more than the total.
    let t = &a["timings"];
    assert_eq!(t["runs"], a["cases"]);
    assert_eq!(
        t["run_ms"].as_array().unwrap().len() as u64,
        a["cases"].as_u64().unwrap()
    );
    let (min, max) = (
        t["per_run_ms"]["min"].as_f64().unwrap(),
        t["per_run_ms"]["max"].as_f64().unwrap(),
    );
    assert!(0.0 < min && min <= t["per_run_ms"]["median"].as_f64().unwrap() && min <= max);
    // The mean of the runs (one case each), not the total time over cases.
    let mean = t["mean_ms_per_case"].as_f64().unwrap();
    assert!(min <= mean && mean <= max, "{t}");
    let phases: f64 = ["given", "cases", "laws", "limits"]
        .iter()
        .map(|k| t["phases"][k].as_f64().unwrap())
        .sum();
    assert!(phases <= t["total_seconds"].as_f64().unwrap());
    let out = boardcheck(&["check", "flank-row", "--shard", "3/2", "--", "true"], "");
    assert_eq!(out.status.code(), Some(2));
}

/// Runs `args --shard I/N` for I in 1..=N, each result saved to a file,
/// then `merge` on the files: the parts and the merged result.
fn shards_merged(tag: &str, args: &[&str], n: u64) -> (Vec<serde_json::Value>, serde_json::Value) {
    let dir = std::env::temp_dir().join(format!("boardcheck-shards-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut parts = Vec::new();
    let mut files = Vec::new();
    for i in 1..=n {
        let shard = format!("{i}/{n}");
        let mut argv = args.to_vec();
        argv.extend(["--shard", &shard]);
        let out = boardcheck(&argv, "");
        parts.push(json(&out));
        let file = dir.join(format!("{i}.json"));
        std::fs::write(&file, &out.stdout).unwrap();
        files.push(file.to_string_lossy().into_owned());
    }
    let mut argv = vec!["merge"];
    argv.extend(files.iter().map(String::as_str));
    let merged = json(&boardcheck(&argv, ""));
    std::fs::remove_dir_all(&dir).unwrap();
    (parts, merged)
}

#[test]
fn counting_shards_add_up_and_an_incomplete_set_is_refused() {
    let whole = json(&boardcheck(&["count-legal-go", "3", "4", "--json"], ""));
    let (parts, merged) = shards_merged("count", &["count-legal-go", "3", "4", "--json"], 3);
    for part in &parts {
        assert!(part["count"].as_u64().unwrap() < whole["count"].as_u64().unwrap());
    }
    assert_eq!(merged["count"], whole["count"]);
    assert_eq!(merged["shards"], 3);
    // Two of three shards are not a count.
    let dir = std::env::temp_dir().join(format!("boardcheck-two-of-three-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files: Vec<String> = [&parts[0], &parts[2]]
        .iter()
        .enumerate()
        .map(|(i, part)| {
            let file = dir.join(format!("{i}.json"));
            std::fs::write(&file, part.to_string()).unwrap();
            file.to_string_lossy().into_owned()
        })
        .collect();
    let out = boardcheck(&["merge", &files[0], &files[1]], "");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("exactly once"));
}

/// A count past 64 bits (L(3,14) = 36575525011037967769) split 8 ways:
/// every shard's JSON, the merged sum exact as a decimal string equal to
/// the unsplit run's; a count given as a 64-bit number (older output) still
/// merges, and a count that is neither is refused.
#[test]
fn counts_past_64_bits_merge_exactly() {
    let args = ["count-legal-go", "3", "14", "--json"];
    let whole = json(&boardcheck(&args, ""));
    assert_eq!(whole["count"], "36575525011037967769");
    let (parts, merged) = shards_merged("big-count", &args, 8);
    assert_eq!(parts.len(), 8);
    assert_eq!(merged["count"], whole["count"]);
    assert_eq!(merged["shards"], 8);
    let dir = std::env::temp_dir().join(format!("boardcheck-old-counts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, count: serde_json::Value, shard: &str| {
        let file = dir.join(name);
        let part = serde_json::json!({"command": "c", "args": "a", "shard": shard, "count": count});
        std::fs::write(&file, part.to_string()).unwrap();
        file.to_string_lossy().into_owned()
    };
    let a = write("a.json", serde_json::json!(u64::MAX), "1/2");
    let b = write("b.json", serde_json::json!("1"), "2/2");
    let sum = json(&boardcheck(&["merge", &a, &b], ""));
    assert_eq!(sum["count"], "18446744073709551616");
    let bad = write("bad.json", serde_json::json!(-4), "2/2");
    let out = boardcheck(&["merge", &a, &bad], "");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a count"));
}
