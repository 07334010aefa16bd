//! `boardcheck grade` (many submissions, one table; one that hangs or
//! crashes stops no other; per submission what a teacher tells the
//! student) and `--shard I/N` with `boardcheck merge`.

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
            // Long enough for a Python start on a loaded machine (300 ms
            // was not, at load 30 on 2 cores); the hang costs one limit
            // per run, and its shrinking one run.
            "--timeout-ms",
            "5000",
            "--max-shrink-runs",
            "5",
            "--max-tle-shrink-runs",
            "1",
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
    let classes: Vec<&str> = rows.iter().map(|r| r["class"].as_str().unwrap()).collect();
    assert_eq!(classes, ["too-slow", "could-not-run", "pass"]);
    assert_eq!(rows[2]["cases_passed"], 30);
    assert!(
        rows[0]["failure"]["input"]
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
    // A generous wall-time limit: this test is about answers, and a loaded
    // machine (load 30 on 2 cores) turned right ones into time-outs.
    let common = [
        "--json",
        "--seed",
        "2",
        "--cases",
        "200",
        "--limits",
        "off",
        "--timeout-ms",
        "60000",
    ];
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

/// A quick check of flank-row, 40 cases of seed 9, as JSON.
const CHECK_40: [&str; 9] = [
    "check",
    "flank-row",
    "--json",
    "--seed",
    "9",
    "--cases",
    "40",
    "--limits",
    "off",
];

#[test]
fn check_shards_split_the_cases_runs_are_timed_and_a_bad_shard_is_refused() {
    let run = |shard: &str| {
        // The binary in argv, not inside `sh -c`: argv paths are bound
        // into the sandbox, a path in a shell string is not (and a
        // checkout under /tmp is hidden by its private /tmp).
        let candidate = ["--shard", shard, "--", BIN, "solve", "flank-row"];
        json(&boardcheck(&[&CHECK_40[..], &candidate].concat(), ""))
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

#[test]
fn merged_check_shards_lead_with_the_smallest_failure_and_need_every_shard() {
    let candidate = ["--", "python3", "examples/flank_row/edge_closes_run.py"];
    let (parts, merged) = shards_merged("check-fail", &[&CHECK_40[..], &candidate].concat(), 2);
    assert_eq!(merged["status"], "fail");
    let key = |f: &serde_json::Value| -> (u64, u64) {
        let k = &f["size_key"];
        (k[0].as_u64().unwrap(), k[1].as_u64().unwrap())
    };
    let failed: Vec<&serde_json::Value> = parts.iter().filter(|p| p["status"] == "fail").collect();
    assert!(!failed.is_empty(), "{parts:?}");
    let smallest = failed.iter().map(|p| key(&p["failure"])).min().unwrap();
    assert_eq!(key(&merged["failure"]), smallest);
    assert_eq!(merged["failures"].as_array().unwrap().len(), failed.len());
    // One shard alone is not the run: no verdict from it.
    let dir = std::env::temp_dir().join(format!("boardcheck-one-shard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("1.json");
    std::fs::write(&file, serde_json::to_string(&parts[0]).unwrap()).unwrap();
    let out = boardcheck(&["merge", file.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("shard 2/2 of the run is missing"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `args` with `--shard I/N` for I in 1..=N, each result saved to a file,
/// then `merge` on the files: the parts and the merged result.
fn shards_merged(tag: &str, args: &[&str], n: u64) -> (Vec<serde_json::Value>, serde_json::Value) {
    let dir = std::env::temp_dir().join(format!("boardcheck-shards-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut parts = Vec::new();
    let mut files = Vec::new();
    for i in 1..=n {
        let shard = format!("{i}/{n}");
        // Before the candidate's command, if there is one.
        let mut argv = args.to_vec();
        let at = args.iter().position(|a| *a == "--").unwrap_or(args.len());
        argv.splice(at..at, ["--shard", shard.as_str()]);
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
    assert!(String::from_utf8_lossy(&out.stderr).contains("shard 2/3 of the run is missing"));
}

/// The command of docs/grading.md's example, as words: the line after the
/// marker `<!-- classroom-command -->`, in its `sh` block.
fn documented_command() -> Vec<String> {
    let doc = std::fs::read_to_string("docs/grading.md").unwrap();
    let (_, after) = doc
        .split_once("<!-- classroom-command -->\n```sh\n")
        .expect("docs/grading.md: the marked command");
    let line = after.lines().next().unwrap();
    shlex::split(line).unwrap()
}

/// The text between `== NAME: ` and the next section (or the end).
fn section<'a>(text: &'a str, name: &str) -> &'a str {
    let start = text
        .find(&format!("== {name}: "))
        .unwrap_or_else(|| panic!("no section for {name}:\n{text}"));
    let rest = &text[start + 3..];
    &rest[..rest.find("\n== ").unwrap_or(rest.len())]
}

/// docs/grading.md's one command on examples/classroom: a folder of five
/// submissions (right, wrong, slow, crashing, not starting), each in its
/// class, the same facts in the table, its section, the HTML page and the
/// JSON, and each repeat line runs that submission's check.
#[test]
fn a_class_of_five_is_graded_with_feedback_for_each() {
    let dir = std::env::temp_dir().join(format!("boardcheck-classroom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let html_path = dir.join("grade.html");
    let json_path = dir.join("grade.json");
    let mut words = documented_command();
    assert_eq!(
        words[..3],
        ["boardcheck", "grade", "flank-row"],
        "{words:?}"
    );
    words.remove(0);
    // The files it writes go to the scratch folder.
    for (option, path) in [("--report", &html_path), ("--json-out", &json_path)] {
        let at = words.iter().position(|w| w == option).unwrap();
        words[at + 1] = path.to_string_lossy().into_owned();
    }
    let argv: Vec<&str> = words.iter().map(String::as_str).collect();
    let out = boardcheck(&argv, "");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{text}\n{stderr}");
    let table: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    let html = std::fs::read_to_string(&html_path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();

    let rows = table["submissions"].as_array().unwrap();
    let row = |file: &str| {
        rows.iter()
            .find(|r| r["submission"] == format!("examples/classroom/{file}"))
            .unwrap_or_else(|| panic!("no row for {file}: {table}"))
    };
    let classes = [
        ("ada.py", "pass", "pass"),
        ("ben.py", "wrong", "wrong"),
        ("cleo.py", "too-slow", "too slow"),
        ("dan.py", "crashes", "crashes"),
        ("eve.py", "could-not-run", "could not run"),
    ];
    for (i, (file, class, words)) in classes.iter().enumerate() {
        let r = row(file);
        assert_eq!(r["class"], *class, "{r}");
        let name = format!("examples/classroom/{file}");
        // The table's row, and the section that starts with the sentence.
        let line = text
            .lines()
            .find(|l| l.starts_with(&name))
            .unwrap_or_else(|| panic!("no table row for {file}:\n{text}"));
        assert!(line.contains(words), "{line}");
        let summary = r["summary"].as_str().unwrap();
        assert!(summary.starts_with(&format!("{words}: ")), "{summary}");
        let own = section(&text, &name);
        assert!(
            own.starts_with(&format!("{name}: {words}\n{summary}\n")),
            "{own}"
        );
        // Its repeat line: that submission's own check, with the grade's options.
        let repeat = r["repeat"].as_str().unwrap();
        assert!(own.contains(&format!("repeat: {repeat}\n")), "{own}");
        assert!(
            repeat.contains("check flank-row --seed 7 --cases 200 --limits on --timeout-ms 30000 --jobs 1 --cpu-ms 10000 --max-tle-shrink-runs 3 -- python3")
                && repeat.ends_with(&name),
            "{repeat}"
        );
        // The page: the row links to the section, which holds the sentence.
        assert!(
            html.contains(&format!("<a href=\"#s{i}\">{name}</a>")),
            "{file}"
        );
        let at = html.find(&format!("<section id=\"s{i}\">")).unwrap();
        let escaped = boardcheck::harness::html::escape(summary);
        assert!(html[at..].contains(&escaped), "{file}: {escaped}");
    }
    assert_eq!(
        table["classes"],
        serde_json::json!({"pass": 1, "wrong": 1, "too-slow": 1, "crashes": 1, "could-not-run": 1})
    );

    // Right: every case, and every size of the limits phase, in time.
    let ada = row("ada.py");
    assert_eq!(ada["cases_passed"], ada["cases_run"]);
    assert!(
        ada["summary"]
            .as_str()
            .unwrap()
            .contains("at the limits, up to size 1000000"),
        "{ada}"
    );

    // Wrong: the smallest failing input, expected and got, in every form.
    let ben = row("ben.py");
    let failure = &ben["failure"];
    let input = failure["input"].as_str().unwrap();
    let case =
        &boardcheck::problem::read_input::<boardcheck::problems::flank_row::FlankRow>(input, false)
            .unwrap()[0];
    assert_eq!((case.row.len(), case.placements.len()), (2, 1), "{input}");
    assert_eq!(failure["shrink"]["state"], "smallest", "{failure}");
    assert_ne!(failure["expected"], failure["got"]);
    let own = section(&text, "examples/classroom/ben.py");
    assert!(
        ben["summary"]
            .as_str()
            .unwrap()
            .contains("a minimal input (2 cells, 1 placement")
    );
    for part in [
        input,
        failure["expected"].as_str().unwrap(),
        failure["got"].as_str().unwrap(),
    ] {
        for l in part.lines() {
            assert!(own.contains(&format!("    {l}\n")), "{l:?} not in:\n{own}");
        }
    }

    // Too slow: right on every small case, over the limit at the limits.
    let cleo = row("cleo.py");
    let at = &cleo["failure"]["at_limits"];
    assert_eq!(
        (cleo["verdict"].as_str(), cleo["phase"].as_str()),
        (Some("TLE"), Some("limits"))
    );
    assert_eq!(at["pattern"], "growing-run");
    let fails_from = at["fails_from"].as_u64().unwrap();
    assert!(fails_from <= 125_000, "{at}");
    if let Some(passes) = at["passes_at"].as_u64() {
        assert!(passes < fails_from, "{at}");
    }
    let summary = cleo["summary"].as_str().unwrap();
    assert!(
        summary.contains("-time limit of")
            && summary.contains(&format!("on pattern growing-run at {fails_from} cells"))
            || summary.contains(&format!("on pattern growing-run from {fails_from} cells")),
        "{summary}"
    );
    assert!(summary.ends_with("all 200 small cases agreed"), "{summary}");

    // Crashes: the input and the error's last line.
    let dan = row("dan.py");
    assert_eq!(dan["verdict"], "RE");
    assert!(
        dan["summary"]
            .as_str()
            .unwrap()
            .contains("IndexError: list index out of range")
    );
    assert!(
        dan["failure"]["detail"]
            .as_str()
            .unwrap()
            .contains("IndexError")
    );

    // Could not run: why, and nothing judged.
    let eve = row("eve.py");
    assert_eq!(
        (eve["verdict"].as_str(), eve["cases_run"].as_u64()),
        (Some("ERROR"), Some(0))
    );
    assert!(
        eve["cannot_run"]
            .as_str()
            .unwrap()
            .contains("ModuleNotFoundError")
    );
    assert!(
        section(&text, "examples/classroom/eve.py").contains("No module named 'flank_helpers'")
    );

    // The repeat lines work pasted: ben's finds the same input, eve's says why.
    let pasted = |line: &str| {
        std::process::Command::new("sh")
            .args(["-c", line])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    let again = pasted(ben["repeat"].as_str().unwrap());
    assert_eq!(again.status.code(), Some(1));
    let again = String::from_utf8_lossy(&again.stdout);
    assert!(
        again.contains("minimal input (2 cells, 1 placement"),
        "{again}"
    );
    for l in input.lines() {
        assert!(
            again.contains(&format!("    {l}\n")),
            "{l:?} not in:\n{again}"
        );
    }
    let again = pasted(eve["repeat"].as_str().unwrap());
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("ModuleNotFoundError"));
}

/// `--startup-ms KIND=MS` adds to the limits of that kind only, as the
/// repeat line and the JSON say; a submission that cannot be set up is a
/// row of its own and the others are graded.
#[test]
fn a_start_up_allowance_is_for_its_kind_and_a_missing_program_is_a_row() {
    let native = format!("{BIN} solve flank-row");
    let out = boardcheck(
        &[
            "grade",
            "flank-row",
            "--command",
            "--json",
            "--seed",
            "1",
            "--cases",
            "3",
            "--limits",
            "off",
            // Limits far above what 3 small cases take, so that only the
            // allowance is under test, not the machine's load.
            "--timeout-ms",
            "30000",
            "--cpu-ms",
            "20000",
            "--startup-ms",
            "python3=500",
            "python3 examples/flank_row/correct.py",
            &native,
            "./no-such-program",
        ],
        "",
    );
    let table = json(&out);
    let rows = table["submissions"].as_array().unwrap();
    let limits: Vec<(u64, u64)> = rows
        .iter()
        .filter(|r| r["class"] != "could-not-run")
        .map(|r| {
            (
                r["limits"]["timeout_ms"].as_u64().unwrap(),
                r["limits"]["cpu_ms"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(limits, [(30500, 20500), (30000, 20000)], "{table}");
    assert!(
        rows[0]["repeat"]
            .as_str()
            .unwrap()
            .contains("--timeout-ms 30500 --jobs 1 --cpu-ms 20500")
    );
    assert!(
        rows[1]["repeat"]
            .as_str()
            .unwrap()
            .contains("--timeout-ms 30000 --jobs 1 --cpu-ms 20000")
    );
    let classes: Vec<&str> = rows.iter().map(|r| r["class"].as_str().unwrap()).collect();
    assert_eq!(classes, ["pass", "pass", "could-not-run"]);
    assert!(
        rows[2]["summary"]
            .as_str()
            .unwrap()
            .contains("no-such-program"),
        "{}",
        rows[2]
    );
    assert!(
        rows[0]["summary"]
            .as_str()
            .unwrap()
            .contains("speed not judged")
    );
    assert_eq!(table["startup_ms"]["python3"], 500);
    assert_eq!(out.status.code(), Some(1));
    // A malformed allowance is a usage error.
    let out = boardcheck(
        &[
            "grade",
            "flank-row",
            "--startup-ms",
            "py",
            "examples/classroom",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
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
