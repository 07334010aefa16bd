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
    assert_eq!(verdicts, ["TLE", "RE", "PASS"]);
    assert_eq!(rows[2]["cases_passed"], 30);
    assert!(
        rows[0]["minimal_case"]
            .as_str()
            .is_some_and(|c| !c.is_empty())
    );
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
