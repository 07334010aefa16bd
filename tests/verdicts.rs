//! The checker's own verdicts, each a reproduction of a wrong verdict it
//! used to give (issue "Verdicts you can trust"). Every reported failing
//! input is fed again, exactly as printed, to the same candidate: it must
//! fail the same way.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{boardcheck, check_json, run_with_stdin};

const FAULTY: &str = "examples/misbehaving/faulty_flank_row.py";

/// Runs `argv` with `input` on stdin; its stdout and exit code.
fn feed(argv: &[&str], input: &str) -> (String, i32) {
    let out = run_with_stdin(argv, input);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn faulty(fault: &str) -> Vec<&str> {
    vec!["python3", FAULTY, fault, "--multi"]
}

/// The reported input, fed alone as printed, does not give the expected answer.
fn assert_confirmed(candidate: &[&str], failure: &serde_json::Value) {
    let input = failure["input"].as_str().unwrap();
    let (got, code) = feed(candidate, input);
    let expected = failure["expected"].as_str().unwrap();
    assert!(
        code != 0 || got.trim_end() != expected.trim_end(),
        "the reported input passes when fed alone:\n{input}\ngot {got:?}, expected {expected:?}"
    );
}

#[test]
fn multi_reports_an_input_that_fails_alone_when_later_cases_go_wrong() {
    let candidate = faulty("stale-after-first");
    // Seed 1's first failure fails alone (seeds 2 and 3 show the slip only
    // in a batch, which is reported as such).
    let (status, report) = check_json(
        "flank-row",
        1,
        &[
            "--multi",
            "--batch",
            "100",
            "--jobs",
            "4",
            "--max-shrink-runs",
            "300",
        ],
        &candidate,
    );
    assert_eq!(status, 1);
    let failure = &report["failure"];
    assert_eq!(failure["verdict"], "WA");
    assert_eq!(failure["origin"], "generated");
    assert_confirmed(&candidate, failure);
    // A real shrink, to the smallest edge-closes case: 2 cells, 1 placement,
    // and every enumerated case of fewer cells tried.
    assert_eq!(failure["shrink"]["state"], "smallest");
    assert_eq!(failure["size"], "2 cells, 1 placement");
}

#[test]
fn an_extra_line_is_blamed_on_the_case_that_printed_it() {
    let candidate = faulty("extra-line");
    let (status, report) = check_json("flank-row", 3, &["--multi"], &candidate);
    assert_eq!(status, 1);
    let failure = &report["failure"];
    assert_eq!(failure["verdict"], "PE");
    assert_eq!(failure["origin"], "generated");
    assert_eq!(failure["size"], "3 cells, 0 placements");
    assert_confirmed(&candidate, failure);
}

#[test]
fn state_kept_between_cases_is_reported_as_the_smallest_failing_batch() {
    let candidate = faulty("state-after-5");
    let (status, report) = check_json("flank-row", 3, &["--multi"], &candidate);
    assert_eq!(status, 1);
    let failure = &report["failure"];
    assert_eq!(failure["origin"], "batch");
    assert_eq!(failure["shrink"]["state"], "batch");
    assert_eq!(failure["size"], "6 cases");
    // Input, expected and got all belong to that one batch.
    let input = failure["input"].as_str().unwrap();
    assert!(input.starts_with("6\n"), "{input}");
    let (got, _) = feed(&candidate, input);
    assert_eq!(got, failure["got"].as_str().unwrap());
    assert_eq!(
        failure["expected"].as_str().unwrap().lines().count(),
        failure["got"].as_str().unwrap().lines().count()
    );
    assert_ne!(failure["expected"], failure["got"]);
}

#[test]
fn a_crash_on_a_later_case_of_a_batch_is_found_and_shrunk() {
    let candidate = faulty("crash-on-bb");
    let (status, report) = check_json("flank-row", 3, &["--multi"], &candidate);
    assert_eq!(status, 1);
    let failure = &report["failure"];
    assert_eq!(failure["verdict"], "RE");
    assert_eq!(failure["shrink"]["state"], "smallest");
    assert_eq!(failure["input"], "1\nBB\n0\n");
    assert_confirmed(&candidate, failure);
}

#[test]
fn the_crash_detail_keeps_the_end_of_stderr() {
    let candidate = faulty("stderr-flood");
    let (_, report) = check_json("flank-row", 3, &["--multi"], &candidate);
    let detail = report["failure"]["detail"].as_str().unwrap();
    assert!(
        detail.contains("IndexError: list index out of range"),
        "{detail}"
    );
    assert!(detail.contains("cut"), "{detail}");
}

#[test]
fn exhausted_cpu_is_tle_not_re() {
    let burn = "for i in 1 2 3 4; do (while :; do :; done) & done; wait";
    // A CPU limit well below the wall-time limit, so a loaded machine
    // cannot reach the wall first.
    let (status, report) = check_json(
        "flank-row",
        1,
        &[
            "--cases",
            "1",
            "--timeout-ms",
            "10000",
            "--cpu-ms",
            "1000",
            "--limits",
            "off",
        ],
        &["sh", "-c", burn],
    );
    assert_eq!(status, 1);
    let failure = &report["failure"];
    let detail = failure["detail"].as_str().unwrap();
    if report["sandbox"] == "rlimits" {
        eprintln!("skipped: no cgroups here, so CPU is limited per process only");
        return;
    }
    assert_eq!(failure["verdict"], "TLE", "{detail}");
    assert!(detail.contains("CPU-time limit"), "{detail}");
}

#[test]
fn a_multithreaded_process_out_of_cpu_is_tle_not_re() {
    let exe = std::env::temp_dir().join(format!("boardcheck-burn-{}", std::process::id()));
    let built = Command::new("cc")
        .args(["-O1", "-pthread", "-o"])
        .arg(&exe)
        .arg("examples/misbehaving/threads_burn_cpu.c")
        .status();
    if !built.is_ok_and(|s| s.success()) {
        eprintln!("skipped: no C compiler (cc) to build the threaded burner");
        return;
    }
    let (status, report) = check_json(
        "flank-row",
        1,
        &[
            "--cases",
            "1",
            "--timeout-ms",
            "10000",
            "--cpu-ms",
            "1000",
            "--max-shrink-runs",
            "1",
        ],
        &[exe.to_str().unwrap()],
    );
    std::fs::remove_file(&exe).unwrap();
    assert_eq!(status, 1);
    let failure = &report["failure"];
    assert_eq!(failure["verdict"], "TLE", "{failure}");
    if report["sandbox"] != "rlimits" {
        let detail = failure["detail"].as_str().unwrap();
        assert!(detail.contains("CPU-time limit"), "{detail}");
    }
}

#[test]
fn memory_over_the_limit_is_mle() {
    let hog = "import sys; sys.stdin.read(); a = [bytearray(1 << 20) for _ in range(10 ** 6)]";
    let (status, report) = check_json(
        "flank-row",
        1,
        &[
            "--cases",
            "1",
            "--memory-mb",
            "128",
            "--max-shrink-runs",
            "2",
        ],
        &["python3", "-c", hog],
    );
    assert_eq!(status, 1);
    if !report["sandbox"].as_str().unwrap().contains("cgroups") {
        eprintln!("skipped: no memory cgroup here ({})", report["sandbox"]);
        return;
    }
    assert_eq!(report["failure"]["verdict"], "MLE");
}

#[test]
fn output_over_the_cap_is_ole() {
    let (status, report) = check_json(
        "flank-row",
        1,
        &[
            "--cases",
            "1",
            "--output-kb",
            "64",
            "--max-shrink-runs",
            "2",
        ],
        &["yes"],
    );
    assert_eq!(status, 1);
    assert_eq!(report["failure"]["verdict"], "OLE");
}

#[test]
fn a_time_out_shrinks_on_a_small_budget_and_says_so() {
    let started = Instant::now();
    let (status, report) = check_json(
        "flank-row",
        5,
        &["--cases", "1", "--timeout-ms", "300", "--size", "200"],
        &["python3", "examples/misbehaving/sleep_forever.py"],
    );
    assert_eq!(status, 1);
    let failure = &report["failure"];
    assert_eq!(failure["verdict"], "TLE");
    assert!(failure["shrink_runs"].as_u64().unwrap() <= 8);
    assert!(failure["shrink_steps"].as_u64().unwrap() <= failure["shrink_runs"].as_u64().unwrap());
    let why = failure["shrink"]["why"].as_str().unwrap_or("");
    assert!(
        why.contains("--max-tle-shrink-runs"),
        "{}",
        failure["shrink"]
    );
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn replay_runs_valid_entries_skips_error_entries_and_says_so() {
    let dir = std::env::temp_dir().join(format!("boardcheck-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cases.toml");
    std::fs::write(
        &file,
        "[[case]]\nname = \"an error vector\"\ninput = \"\"\nerror = \"line 1\"\n\n\
         [[case]]\nname = \"edge run\"\ninput = \".B\\n1\\nA 0\\n\"\noutput = \"AB\\n\"\n\n\
         [[case]]\nname = \"stale\"\ninput = \"..\\n1\\nA 0\\n\"\noutput = \"BB\\n\"\n",
    )
    .unwrap();
    let (status, report) = check_json(
        "flank-row",
        1,
        &["--cases", "5", "--replay", file.to_str().unwrap()],
        &["python3", "examples/flank_row/edge_closes_run.py"],
    );
    assert_eq!(status, 1);
    assert_eq!(report["given"]["ran"], 1);
    assert_eq!(report["given"]["skipped"].as_array().unwrap().len(), 1);
    // A saved output the reference no longer gives is reported.
    let changed = report["given"]["changed"].as_array().unwrap();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert!(
        changed[0].as_str().unwrap().starts_with("stale: "),
        "{changed:?}"
    );
    let failure = &report["failure"];
    assert_eq!(failure["origin"], "replayed");
    // A given input is reported as given, never called minimal.
    assert_eq!(failure["shrink"]["state"], "not-shrunk");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn repeat_keeps_every_option() {
    let out = boardcheck(
        &[
            "check",
            "flank-row",
            "--seed",
            "1",
            "--memory-mb",
            "300",
            "--output-kb",
            "500",
            "--max-shrink-runs",
            "77",
            "--shrink-seconds",
            "9",
            "--",
            "python3",
            "examples/flank_row/edge_closes_run.py",
        ],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let repeat = text.lines().find(|l| l.starts_with("repeat:")).unwrap();
    for option in [
        "--seed 1",
        "--memory-mb 300",
        "--output-kb 500",
        "--max-shrink-runs 77",
        "--shrink-seconds 9",
    ] {
        assert!(repeat.contains(option), "{repeat} lacks {option}");
    }
}

#[test]
fn jobs_0_is_refused() {
    let out = boardcheck(&["check", "flank-row", "--jobs", "0", "--", "true"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn vectors_run_a_candidate_on_every_output_vector_and_count_the_error_ones() {
    let (status, report) = check_json(
        "flank-row",
        1,
        &[
            "--cases",
            "1",
            "--vectors",
            "src/problems/flank_row/vectors.toml",
        ],
        &["python3", "examples/flank_row/correct.py"],
    );
    assert_eq!(status, 0);
    assert_eq!(report["given"]["origin"], "vector");
    assert!(report["given"]["ran"].as_u64().unwrap() >= 10);
    let skipped = report["given"]["skipped"][0].as_str().unwrap();
    assert!(skipped.contains("error vectors"), "{skipped}");
    let (status, report) = check_json(
        "flank-row",
        1,
        &[
            "--cases",
            "1",
            "--vectors",
            "src/problems/flank_row/vectors.toml",
        ],
        &["python3", "examples/flank_row/edge_closes_run.py"],
    );
    assert_eq!(status, 1);
    assert_eq!(report["failure"]["origin"], "vector");
}

#[test]
fn ctrl_c_while_shrinking_prints_and_saves_the_smallest_failure_so_far() {
    use nix::sys::signal::{Signal, kill};
    use nix::unistd::Pid;
    let dir = std::env::temp_dir().join(format!("boardcheck-sigint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = dir.join("saved.toml");
    // Each run takes 0.4 s: the failure is found at the second case, and
    // shrinking (some 20 runs one after the other) is still going on at 3 s.
    let child = Command::new(env!("CARGO_BIN_EXE_boardcheck"))
        .args([
            "check",
            "flank-row",
            "--seed",
            "5",
            "--cases",
            "2",
            "--save",
        ])
        .arg(&saved)
        .args(["--", "python3", FAULTY, "stale-after-first", "--slow"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    kill(Pid::from_raw(child.id() as i32), Signal::SIGINT).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{text}");
    assert!(
        text.contains("interrupted (Ctrl-C)") && text.contains("the smallest failure so far:"),
        "{text}"
    );
    assert!(text.contains("FAIL  flank-row: WA"), "{text}");
    let file = std::fs::read_to_string(&saved).unwrap();
    assert!(file.contains("[[case]]"), "{file}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_limits_phase_finds_the_size_where_a_slow_correct_candidate_times_out() {
    // correct.py copies the row on every placement: right on small rows,
    // quadratic on the growing run.
    let (status, report) = check_json(
        "flank-row",
        1,
        &[
            "--cases",
            "20",
            "--limits",
            "on",
            "--max-tle-shrink-runs",
            "4",
        ],
        &["python3", "examples/flank_row/correct.py"],
    );
    assert_eq!(status, 1);
    let failure = &report["failure"];
    assert_eq!(failure["verdict"], "TLE");
    assert_eq!(failure["origin"], "limits");
    assert_eq!(failure["at_limits"]["pattern"], "growing-run");
    let from = failure["at_limits"]["fails_from"].as_u64().unwrap();
    assert!(from > 100 && from <= 15625, "fails from {from}");
    assert_eq!(report["limits"][0]["verdict"], "TLE");
}

#[test]
fn the_engine_as_a_candidate_passes_at_the_limits_answered_by_the_engine() {
    let engine = env!("CARGO_BIN_EXE_boardcheck");
    let (status, report) = check_json(
        "go-capture",
        1,
        // The engine here is a debug build: give it time.
        &[
            "--cases",
            "5",
            "--limits",
            "only",
            "--pattern",
            "full",
            "--timeout-ms",
            "30000",
        ],
        &[engine, "solve", "go-capture"],
    );
    assert_eq!(status, 0, "{report}");
    let limits = report["limits"].as_array().unwrap();
    // 31, 250, 2000, then 1001: the smallest side beyond the oracle's
    // reach, where the laws ran on the candidate.
    assert_eq!(limits.len(), 4, "{report}");
    assert_eq!(limits[2]["size"], 2000);
    // 2000 x 2000 is beyond the oracle's reach: the engine answered.
    assert_eq!(limits[2]["reference"], "engine");
    assert_eq!(limits[0]["reference"], "oracle");
    assert_eq!(limits[3]["size"], 1001);
    let laws = &report["properties"];
    assert_eq!(laws["cases"], 1, "{report}");
    assert!(laws["held"].as_u64().unwrap() >= 2, "{report}");
    // A full board is its own rotation: that law says nothing here.
    let alone = laws["left_to_reference"].as_array().unwrap();
    assert!(alone.iter().any(|l| l == "dihedral-symmetry"), "{report}");
}

#[test]
fn a_bug_only_a_law_shows_beyond_the_oracle_is_caught_by_it() {
    let exe = std::env::temp_dir().join(format!("boardcheck-fast-path-{}", std::process::id()));
    let built = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg("examples/go_capture/fast_path_misses_up.c")
        .status();
    if !built.is_ok_and(|s| s.success()) {
        eprintln!("skipped: no C compiler (cc) to build the fast-path candidate");
        return;
    }
    let candidate = [exe.to_str().unwrap()];
    let options = |laws| {
        [
            "--limits",
            "only",
            "--pattern",
            "snake",
            "--properties",
            laws,
        ]
    };
    // Without the laws, every case of the pattern as built passes.
    let (status, report) = check_json("go-capture", 1, &options("off"), &candidate);
    assert_eq!(status, 0, "{report}");
    // With them (the default), the snake turned over is caught.
    let (status, report) = check_json("go-capture", 1, &options("beyond"), &candidate);
    std::fs::remove_file(&exe).unwrap();
    assert_eq!(status, 1, "{report}");
    let failure = &report["failure"];
    assert_eq!(failure["verdict"], "WA");
    assert_eq!(failure["reference"], "engine");
    assert_eq!(failure["found_by"]["law"], "dihedral-symmetry");
    assert_eq!(failure["at_limits"]["fails_from"], 1001);
    // The reported input is the turned board, not the pattern's own.
    assert_ne!(failure["input"], failure["found_by"]["from"]);
}

#[test]
fn a_deep_recursion_crashes_under_the_stack_limit_and_passes_with_more() {
    let exe = std::env::temp_dir().join(format!("boardcheck-recursive-{}", std::process::id()));
    let built = Command::new("cc")
        .args(["-O0", "-o"])
        .arg(&exe)
        .arg("examples/go_capture/recursive_flood.c")
        .status();
    if !built.is_ok_and(|s| s.success()) {
        eprintln!("skipped: no C compiler (cc) to build the recursive candidate");
        return;
    }
    let candidate = [exe.to_str().unwrap()];
    let options = |stack| {
        [
            "--limits",
            "only",
            "--pattern",
            "spiral",
            "--properties",
            "off",
            "--stack-mb",
            stack,
        ]
    };
    // 8 MiB, the default: the spiral's one long group overflows the stack.
    let (status, report) = check_json("go-capture", 1, &options("8"), &candidate);
    assert_eq!(status, 1, "{report}");
    let failure = &report["failure"];
    assert_eq!(failure["detail"], "killed by SIGSEGV", "{report}");
    let hint = failure["hint"].as_str().unwrap();
    assert!(hint.contains("stack overflow") && hint.contains("8 MiB here (--stack-mb"));
    assert_eq!(report["options"]["stack_mb"], 8);
    // With 1 GiB the same candidate passes every size.
    let (status, report) = check_json("go-capture", 1, &options("1024"), &candidate);
    std::fs::remove_file(&exe).unwrap();
    assert_eq!(status, 0, "{report}");
}

#[test]
fn exhaustive_finds_the_smallest_case_first() {
    let (status, report) = check_json(
        "flank-row",
        1,
        &["--exhaustive", "4", "--multi"],
        &[
            "python3",
            "examples/flank_row/edge_closes_run.py",
            "--multi",
        ],
    );
    assert_eq!(status, 1);
    let failure = &report["failure"];
    assert_eq!(failure["origin"], "exhaustive");
    assert_eq!(failure["shrink"]["state"], "minimal");
    assert_eq!(failure["size"], "2 cells, 1 placement");
}

#[test]
fn a_recursive_flood_fill_is_caught_at_the_limits_with_its_recursion_error() {
    let (status, report) = check_json(
        "go-capture",
        1,
        &[
            "--cases",
            "50",
            "--multi",
            "--limits",
            "on",
            "--pattern",
            "spiral",
        ],
        &[
            "python3",
            "examples/go_capture/recursive_flood.py",
            "--multi",
        ],
    );
    assert_eq!(status, 1);
    let failure = &report["failure"];
    assert_eq!(failure["verdict"], "RE");
    assert_eq!(failure["origin"], "limits");
    let from = failure["at_limits"]["fails_from"].as_u64().unwrap();
    // A spiral of side 44 holds a group longer than Python's 1000 frames.
    assert!((30..=80).contains(&from), "fails from {from}");
    assert!(
        failure["detail"]
            .as_str()
            .unwrap()
            .contains("RecursionError")
    );
    // The hint names Python's recursion limit and the stack in force.
    let hint = failure["hint"].as_str().unwrap();
    assert!(hint.contains("sys.setrecursionlimit") && hint.contains("--stack-mb"));
}

#[test]
fn shrinking_ends_with_the_enumeration_below_a_local_minimum() {
    // Greedy steps stop at a 3x3 board for this bug (every 2x2 window loses
    // a liberty at the cut); the enumeration of fewer cells finds the 2x2
    // case that exhaustive checking calls the smallest.
    let candidate = [
        "python3",
        "examples/go_move/suicide_before_captures.py",
        "--multi",
    ];
    // Seed 1's first failure is one the greedy steps leave above 2x2.
    let (status, report) = check_json(
        "go-move",
        1,
        &["--multi", "--properties", "off"],
        &candidate,
    );
    assert_eq!(status, 1);
    let failure = &report["failure"];
    assert_eq!(failure["shrink"]["state"], "smallest");
    // Every 1x1 case ran, and passed, before the 2x2 one was found.
    assert!(
        failure["shrink"]["tried"].as_u64().unwrap() > 2,
        "{failure}"
    );
    assert_eq!(failure["size"], "2x2 board (4 points, 3 stones)");
    assert_confirmed(&candidate, failure);
}

// In-process candidates through `check`: the batch narrowing, the shrinking
// budget and the enumeration of fewer cells, with no process started, so
// every run is deterministic and counted.

mod in_process {
    use std::sync::Mutex;
    use std::time::Duration;

    use boardcheck::generation::Generate;
    use boardcheck::harness::candidate::{Candidate, Outcome, Ran, read_answers};
    use boardcheck::harness::check::{CheckConfig, LimitsMode, PropertiesMode, check};
    use boardcheck::harness::report::{Failure, Shrink};
    use boardcheck::harness::verdict::{Origin, Verdict};
    use boardcheck::problem::{Problem, answer_text, read_input};
    use boardcheck::problems::flank_row::{Case, Cell, FlankRow, Player};

    /// `--shard I/N` reads as the I-th of N parts (1 <= I <= N, nothing
    /// else), and the N parts take every case number exactly once.
    #[test]
    fn shards_read_as_i_of_n_and_share_out_every_case() {
        use boardcheck::harness::check::Shard;
        let shard = |index, count| Shard { index, count };
        assert_eq!("2/4".parse::<Shard>(), Ok(shard(1, 4)));
        assert_eq!(" 1 / 1 ".parse::<Shard>(), Ok(shard(0, 1)));
        assert_eq!("4/4".parse::<Shard>(), Ok(shard(3, 4)));
        for bad in [
            "0/4", "5/4", "1/0", "0/0", "2", "a/2", "2/b", "2/4/5", "-1/4", "",
        ] {
            let why = bad.parse::<Shard>().unwrap_err();
            assert!(why.contains("expected I/N"), "{bad:?}: {why}");
        }
        for count in 1..=4 {
            for k in 0..20 {
                let takers = (0..count).filter(|&i| shard(i, count).takes(k)).count();
                assert_eq!(takers, 1, "case {k} of {count} shards");
            }
        }
        assert!(shard(1, 4).takes(5) && !shard(1, 4).takes(6) && !shard(1, 4).takes(0));
    }

    /// `--limits` and `--properties` read their three words and refuse
    /// anything else, saying what they expect.
    #[test]
    fn limits_and_properties_modes_read_their_words() {
        let limits = [
            ("off", LimitsMode::Off),
            ("on", LimitsMode::On),
            ("only", LimitsMode::Only),
        ];
        for (word, mode) in limits {
            assert_eq!(word.parse::<LimitsMode>(), Ok(mode));
        }
        let properties = [
            ("off", PropertiesMode::Off),
            ("beyond", PropertiesMode::Beyond),
            ("all", PropertiesMode::All),
        ];
        for (word, mode) in properties {
            assert_eq!(word.parse::<PropertiesMode>(), Ok(mode));
        }
        let why = "On".parse::<LimitsMode>().unwrap_err();
        assert!(why.contains("expected on, off or only"), "{why}");
        let why = "some".parse::<PropertiesMode>().unwrap_err();
        assert!(why.contains("expected beyond, all or off"), "{why}");
    }

    /// What a scripted candidate prints for case `i` of a run on `cases`.
    enum Says {
        Right,
        Wrong,
        /// The right answer and one line too many.
        ExtraLine,
        TimedOut,
    }

    /// A candidate that answers by `script`, taking `batch` cases a run and
    /// writing its output as a program would (answers read back with
    /// `read_answers`); every run's cases are recorded.
    struct Scripted<F> {
        batch: usize,
        script: F,
        runs: Mutex<Vec<Vec<Case>>>,
    }

    impl<F: Fn(&[Case], usize) -> Says + Sync> Scripted<F> {
        fn new(batch: usize, script: F) -> Self {
            Scripted {
                batch,
                script,
                runs: Mutex::new(Vec::new()),
            }
        }
    }

    impl<F: Fn(&[Case], usize) -> Says + Sync> Candidate<FlankRow> for Scripted<F> {
        fn run(&self, cases: &[Case]) -> Ran<Vec<Cell>> {
            self.runs.lock().unwrap().push(cases.to_vec());
            let mut output = String::new();
            for i in 0..cases.len() {
                let says = (self.script)(cases, i);
                if let Says::TimedOut = says {
                    let outcomes = cases
                        .iter()
                        .map(|_| Outcome::TimedOut {
                            output: String::new(),
                            detail: "wall-time limit".into(),
                            starved: false,
                        })
                        .collect();
                    return Ran { outcomes, output };
                }
                let mut answer = FlankRow::engine(&cases[i]);
                if let Says::Wrong = says {
                    answer[0] = match answer[0] {
                        Cell::Empty => Cell::Piece(Player::A),
                        _ => Cell::Empty,
                    };
                }
                output.push_str(&answer_text::<FlankRow>(&answer));
                if let Says::ExtraLine = says {
                    // Never an answer: the next case's answer is unreadable.
                    output.push_str("?\n");
                }
            }
            Ran {
                outcomes: read_answers::<FlankRow>(&output, cases),
                output,
            }
        }
        fn batch_size(&self) -> usize {
            self.batch
        }
    }

    fn config(cases: u64) -> CheckConfig {
        CheckConfig {
            cases,
            seed: 1,
            jobs: 1,
            limits: LimitsMode::Off,
            properties: PropertiesMode::Off,
            max_shrink_time: Duration::from_secs(600),
            ..CheckConfig::default()
        }
    }

    fn failure_of<F: Fn(&[Case], usize) -> Says + Sync>(
        candidate: &Scripted<F>,
        config: &CheckConfig,
    ) -> Failure {
        check::<FlankRow>(candidate, config)
            .failure
            .expect("the candidate fails")
    }

    /// The cases of a reported input.
    fn cases_of(failure: &Failure, multi: bool) -> Vec<Case> {
        read_input::<FlankRow>(&failure.input, multi).unwrap()
    }

    /// Wrong on a case with a placement and 2, or at least 4, cells: the
    /// greedy steps stop at 4 cells (every 3-cell step passes), and the
    /// enumeration of the 204 cases of at most 3 cells finds a 2-cell one.
    fn two_or_four_plus(cases: &[Case], i: usize) -> Says {
        let n = cases[i].row.len();
        if !cases[i].placements.is_empty() && (n == 2 || n >= 4) {
            Says::Wrong
        } else {
            Says::Right
        }
    }

    #[test]
    fn shrinking_ends_below_a_local_minimum_by_the_enumeration() {
        let every = FlankRow::extras().enumerate.unwrap().every;
        // Two jobs: the greedy steps judge two options per call, each once.
        for (batch, jobs) in [(1, 1), (16, 1), (1, 2), (16, 2)] {
            let candidate = Scripted::new(batch, two_or_four_plus);
            let failure = failure_of(
                &candidate,
                &CheckConfig {
                    jobs,
                    ..config(200)
                },
            );
            assert_eq!(failure.verdict, Verdict::WrongAnswer);
            assert_eq!(failure.origin, Origin::Generated);
            let shown = cases_of(&failure, batch > 1);
            assert_eq!(shown.len(), 1);
            assert!(matches!(two_or_four_plus(&shown, 0), Says::Wrong));
            assert_eq!(
                failure.expected,
                answer_text::<FlankRow>(&FlankRow::oracle(&shown[0]))
            );
            assert!(failure.shrink_steps >= 2, "{failure:?}");
            assert!(failure.shrink_runs as usize <= candidate.runs.lock().unwrap().len());
            // Lone runs are cached by input: from the first failing run on,
            // no input is run alone twice.
            let runs = candidate.runs.lock().unwrap();
            let found = runs
                .iter()
                .position(|r| (0..r.len()).any(|i| matches!(two_or_four_plus(r, i), Says::Wrong)))
                .unwrap();
            let mut seen = std::collections::HashSet::new();
            for run in runs[found..].iter().filter(|r| r.len() == 1) {
                let text = boardcheck::problem::case_text::<FlankRow>(&run[0]);
                assert!(seen.insert(text.clone()), "run alone twice:\n{text}");
            }
            // The greedy steps stop at 4 cells; the 204 inputs of at most 3
            // cells fit the budget (as lone runs or 13 batches of 16), and
            // the first failing one, in order of size, has 2 cells: all
            // those before it passed.
            assert_eq!(failure.size, "2 cells, 1 placement");
            match failure.shrink {
                Shrink::Smallest { tried, .. } => assert!(tried <= every(3).count() as u64),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn shrinking_stops_at_the_run_budget_and_says_why() {
        for (max, batch) in [(1, 1), (3, 1), (6, 16)] {
            let candidate = Scripted::new(batch, two_or_four_plus);
            let config = CheckConfig {
                max_shrink_runs: max,
                ..config(200)
            };
            let failure = failure_of(&candidate, &config);
            assert_eq!(failure.shrink_runs, max as u64, "{failure:?}");
            match &failure.shrink {
                Shrink::Stopped(why) | Shrink::Not(why) => {
                    assert!(why.contains("--max-shrink-runs"), "{why}")
                }
                other => panic!("{other:?}"),
            }
            assert!(failure.shrink_steps as usize <= max);
            // Still a failure: the reported case fails alone.
            let shown = cases_of(&failure, batch > 1);
            assert!(matches!(two_or_four_plus(&shown, 0), Says::Wrong));
        }
    }

    #[test]
    fn shrinking_with_no_time_left_runs_nothing_and_says_why() {
        let candidate = Scripted::new(1, two_or_four_plus);
        let config = CheckConfig {
            max_shrink_time: Duration::ZERO,
            ..config(200)
        };
        let failure = failure_of(&candidate, &config);
        assert_eq!(failure.shrink_runs, 0);
        assert_eq!(failure.shrink_steps, 0);
        assert!(
            matches!(&failure.shrink, Shrink::Not(why) if why.contains("--shrink-seconds")),
            "{failure:?}"
        );
    }

    #[test]
    fn a_time_out_shrinks_within_the_time_out_budget() {
        let candidate = Scripted::new(1, |cases: &[Case], i| {
            if cases[i].row.len() >= 3 {
                Says::TimedOut
            } else {
                Says::Right
            }
        });
        let config = CheckConfig {
            max_tle_shrink_runs: 3,
            ..config(50)
        };
        let failure = failure_of(&candidate, &config);
        assert_eq!(failure.verdict, Verdict::TimeLimit);
        assert_eq!(failure.shrink_runs, 3);
        match &failure.shrink {
            Shrink::Stopped(why) | Shrink::Not(why) => {
                assert!(why.contains("--max-tle-shrink-runs"), "{why}")
            }
            other => panic!("{other:?}"),
        }
        // Without the cap the same bug shrinks to the smallest 3-cell case.
        let config = CheckConfig {
            max_tle_shrink_runs: 2000,
            ..config
        };
        let failure = failure_of(&candidate, &config);
        assert_eq!(failure.verdict, Verdict::TimeLimit);
        assert_eq!(failure.size, "3 cells, 0 placements");
        assert!(matches!(
            failure.shrink,
            Shrink::Minimal(_) | Shrink::Smallest { .. }
        ));
    }

    /// A run that times out once and answers in time when run again is a
    /// busy machine's noise: counted, never a verdict; one that times out
    /// on every run is TLE, confirmed by a second lone run, and each
    /// shrinking step that times out is confirmed the same way.
    #[test]
    fn a_time_out_is_a_verdict_only_when_a_second_run_confirms_it() {
        use std::collections::HashSet;
        for batch in [1, 16] {
            let seen = Mutex::new(HashSet::new());
            let slow_once = Scripted::new(batch, |cases: &[Case], i| {
                // Slow the first time each case runs alone.
                if cases.len() == 1 && seen.lock().unwrap().insert(format!("{:?}", cases[i])) {
                    Says::TimedOut
                } else {
                    Says::Right
                }
            });
            let report = check::<FlankRow>(&slow_once, &config(40));
            assert!(
                report.failure.is_none(),
                "batch {batch}: {:?}",
                report.failure
            );
            if batch == 1 {
                // Once per different case (the 40 may repeat one).
                let different = seen.lock().unwrap().len() as u64;
                assert!(different > 30);
                let noise = report.slow_once.as_ref().expect("the noise is counted");
                assert_eq!(noise.runs, different);
                assert!(
                    report
                        .render("r")
                        .contains(&format!("timing noise: {different} runs timed out once"))
                );
            }
        }
        let runs = Mutex::new(0usize);
        let always = Scripted::new(1, |cases: &[Case], i| {
            *runs.lock().unwrap() += 1;
            if cases[i].row.len() >= 3 {
                Says::TimedOut
            } else {
                Says::Right
            }
        });
        let failure = failure_of(&always, &config(50));
        assert_eq!(failure.verdict, Verdict::TimeLimit);
        let how = failure
            .confirmed
            .as_deref()
            .expect("says how it was confirmed");
        assert!(how.contains("second lone run"), "{how}");
        // Every accepted step cost two runs: the step and its confirmation.
        assert!(
            failure.shrink_runs >= 2 * failure.shrink_steps,
            "{failure:?}"
        );
    }

    #[test]
    fn a_failure_of_two_cases_together_is_narrowed_to_those_two() {
        // Case i goes wrong when an earlier case of the same run has a B in
        // its row and case i has at least 3 cells; alone, every case passes.
        let together = |cases: &[Case], i: usize| {
            let b = |c: &Case| c.row.contains(&Cell::Piece(Player::B));
            if cases[i].row.len() >= 3 && cases[..i].iter().any(b) {
                Says::Wrong
            } else {
                Says::Right
            }
        };
        let candidate = Scripted::new(50, together);
        let failure = failure_of(&candidate, &config(200));
        assert_eq!(failure.origin, Origin::Batch);
        assert_eq!(failure.size, "2 cases");
        assert!(matches!(&failure.shrink, Shrink::Batch(why) if why.contains("2 cases")));
        let shown = cases_of(&failure, true);
        assert_eq!(shown.len(), 2);
        assert!(matches!(together(&shown, 1), Says::Wrong));
        assert!(matches!(together(&shown[1..], 0), Says::Right));
        // Expected and got are the two cases' answers, in order.
        let expected: String = shown
            .iter()
            .map(|c| answer_text::<FlankRow>(&FlankRow::oracle(c)))
            .collect();
        assert_eq!(failure.expected, expected);
        assert_ne!(failure.got, failure.expected);
        assert_eq!(failure.got.lines().count(), 2);
        // Every part ddmin ran is counted.
        assert!(failure.shrink_runs >= 2);
    }

    #[test]
    fn a_pair_split_across_the_batch_is_found_by_the_complements() {
        // Eight given cases, rows of 1 to 8 empty cells; the run goes wrong
        // when it holds both the 2-cell and the 7-cell case. No half and no
        // quarter holds both: only the complements (the batch without a
        // quarter, then without smaller parts) narrow it to the pair.
        let pair = |cases: &[Case], i: usize| {
            let has = |n: usize| cases.iter().any(|c| c.row.len() == n);
            if i + 1 == cases.len() && has(2) && has(7) {
                Says::Wrong
            } else {
                Says::Right
            }
        };
        let input: String = std::iter::once("8\n".to_string())
            .chain((1..=8).map(|n| format!("{}\n0\n", ".".repeat(n))))
            .collect();
        let config = CheckConfig {
            cases: 0,
            given: vec![boardcheck::harness::check::Entry {
                name: "eight".into(),
                input,
                multi: true,
                ..Default::default()
            }],
            ..config(0)
        };
        let candidate = Scripted::new(8, pair);
        let failure = failure_of(&candidate, &config);
        assert_eq!(failure.origin, Origin::Batch);
        assert_eq!(failure.size, "2 cases", "{failure:?}");
        let shown = cases_of(&failure, true);
        let lengths: Vec<usize> = shown.iter().map(|c| c.row.len()).collect();
        assert_eq!(lengths, [2, 7]);
        assert!(matches!(pair(&shown, 1), Says::Wrong));
        // Delta debugging needs at most n² + 3n runs for n cases (Zeller
        // and Hildebrandt), far below the budget of 2000: ddmin stopped
        // because it was done, not because the budget ran out.
        assert!(failure.shrink_runs <= 8 * 8 + 3 * 8, "{failure:?}");
    }

    #[test]
    fn an_extra_line_is_blamed_on_the_case_that_printed_it_and_tried_first() {
        // The case with a placement at index 0 and at least 2 cells prints
        // one line too many: the next case of its run reads it.
        let extra = |cases: &[Case], i: usize| {
            let c = &cases[i];
            if c.row.len() >= 2 && c.placements.first().is_some_and(|p| p.index == 0) {
                Says::ExtraLine
            } else {
                Says::Right
            }
        };
        let candidate = Scripted::new(50, extra);
        let failure = failure_of(&candidate, &config(200));
        let runs = candidate.runs.lock().unwrap();
        let culprit =
            |c: &Case| c.row.len() >= 2 && c.placements.first().is_some_and(|p| p.index == 0);
        // The first batch with the culprit failed; the first lone runs are
        // the case after it (which read its extra line) and then the culprit.
        let batch = runs
            .iter()
            .find(|r| r.len() > 1 && r.iter().any(culprit))
            .expect("a batch with the culprit");
        let at = batch.iter().position(culprit).unwrap();
        // (The random phase's first chunks grow from one case: the lone
        // runs looked at are those after the failing batch.)
        let after = runs.iter().position(|r| std::ptr::eq(r, batch)).unwrap();
        let lone = after + runs[after..].iter().position(|r| r.len() == 1).unwrap();
        if at + 1 < batch.len() {
            assert_eq!(runs[lone], vec![batch[at + 1].clone()]);
            assert_eq!(runs[lone + 1], vec![batch[at].clone()]);
        } else {
            assert_eq!(runs[lone], vec![batch[at].clone()]);
        }
        assert_eq!(failure.verdict, Verdict::Presentation);
        assert_eq!(failure.size, "2 cells, 1 placement");
        let shown = cases_of(&failure, true);
        assert!(matches!(extra(&shown, 0), Says::ExtraLine));
    }
}

/// GNU Go, if installed: `/usr/games/gnugo` (Debian) or `gnugo` on PATH.
fn gnugo() -> Option<String> {
    let debian = std::path::Path::new("/usr/games/gnugo");
    if debian.is_file() {
        return Some(debian.display().to_string());
    }
    let found = Command::new("gnugo")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    found.then(|| "gnugo".into())
}

/// The command runs as typed: `--mode gtp` stays `--mode gtp` even where
/// the working directory has a `gtp/` folder (it used to become
/// `--mode /abs/gtp`, and GNU Go refused it: "Invalid mode selection").
#[test]
fn gnugo_runs_as_typed_from_a_folder_with_a_gtp_subfolder() {
    let Some(gnugo) = gnugo() else {
        eprintln!("skipped: GNU Go is not installed (/usr/games/gnugo or gnugo on PATH)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("boardcheck-gtp-dir-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("gtp")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_boardcheck"))
        .current_dir(&dir)
        .args([
            "check", "go-game", "--gtp", "--size", "9", "--limits", "off",
        ])
        .args(["--cases", "60", "--seed", "1", "--json", "--"])
        .args([gnugo.as_str(), "--mode", "gtp"])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("Invalid mode selection"), "{stderr}");
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(common::json(&out)["status"], "pass");
}

/// A program that cannot start is named by the command as typed, quoted
/// as a shell needs it.
#[test]
fn a_command_that_cannot_start_is_shown_as_typed() {
    let out = boardcheck(
        &[
            "check",
            "flank-row",
            "--",
            "./no such program",
            "--mode",
            "gtp",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("(command: './no such program' --mode gtp)"),
        "{stderr}"
    );
}
