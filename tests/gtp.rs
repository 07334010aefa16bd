//! `check --gtp`: GTP engines as candidates. The toy engine
//! (`examples/gtp/toy_go.py`) passes under each rule set it plays, each of
//! its slips is caught (the minimal sequence's length printed, for
//! docs/gtp.md), crashes and broken framing get their verdicts, and GNU Go
//! is checked where it is installed.

mod common;

use common::{boardcheck, check_json};

const TOY: &str = "examples/gtp/toy_go.py";

/// `check go-game --gtp` of the toy with `flags` under `rules`.
fn toy(rules: &str, flags: &[&str], cases: &str, seed: u64) -> (i32, serde_json::Value) {
    // Shrinking starts fresh engine processes; a short budget keeps `cargo
    // test` quick, BOARDCHECK_GTP_SHRINK_SECONDS=120 gives docs/gtp.md's.
    let shrink = std::env::var("BOARDCHECK_GTP_SHRINK_SECONDS").unwrap_or_else(|_| "20".into());
    let mut candidate = vec!["python3", TOY];
    candidate.extend(flags);
    check_json(
        "go-game",
        seed,
        &[
            "--gtp",
            "--rules",
            rules,
            "--size",
            "9",
            "--cases",
            cases,
            "--gtp-laws",
            "10",
            "--shrink-seconds",
            &shrink,
        ],
        &candidate,
    )
}

/// The number of commands of a go-game input.
fn commands(input: &str) -> usize {
    input
        .lines()
        .nth(1)
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or(usize::MAX)
}

#[test]
fn the_toy_without_slips_passes_under_each_rule_set() {
    for (rules, flags) in [
        ("ko=simple,suicide=forbidden", &[][..]),
        ("ko=none,suicide=forbidden", &["--no-ko"][..]),
        (
            "ko=positional,suicide=forbidden",
            &["--positional-superko"][..],
        ),
        (
            "ko=situational,suicide=multi",
            &["--situational-superko", "--allow-suicide"][..],
        ),
        (
            "tromp-taylor",
            &["--positional-superko", "--allow-all-suicide"][..],
        ),
    ] {
        let (status, report) = toy(rules, flags, "60", 7);
        assert_eq!(status, 0, "{rules}: {report:#}");
        assert!(
            report["gtp_laws"]["broken"].is_null(),
            "{rules}: {report:#}"
        );
        assert!(report["gtp_laws"]["checked"][2].as_u64() > Some(0));
    }
}

#[test]
fn each_slip_of_the_toy_is_caught_with_a_short_sequence() {
    for (slip, rules, flags) in [
        ("undo-captures", "ko=simple,suicide=forbidden", &[][..]),
        ("suicide-first", "ko=simple,suicide=forbidden", &[][..]),
        ("column-i", "ko=simple,suicide=forbidden", &[][..]),
        (
            "ko-any-capture",
            "ko=simple,suicide=all",
            &["--allow-all-suicide"][..],
        ),
        (
            "superko-last",
            "ko=positional,suicide=forbidden",
            &["--positional-superko"][..],
        ),
    ] {
        let mut all = flags.to_vec();
        all.extend(["--slip", slip]);
        let (status, report) = toy(rules, &all, "400", 11);
        assert_eq!(status, 1, "{slip} not caught: {report:#}");
        let failure = &report["failure"];
        let input = failure["input"].as_str().unwrap();
        let shrink = &failure["shrink"];
        eprintln!(
            "slip {slip}: {} in {} commands (shrinking {})\n{input}",
            failure["verdict"],
            commands(input),
            shrink["state"]
        );
        // On a loaded machine the shrinking time may run out first; where
        // it ran to its end the sequence is short.
        if shrink["state"] != "stopped" {
            assert!(commands(input) <= 12, "{slip}: {input}");
        }
    }
}

/// The toy engine behind a proxy that, when the command `trigger`
/// arrives, does `act` (Python) instead of passing it on. The toy's path is
/// an argument of the command, not text inside the script, so that the
/// sandbox shows it even when the checkout lives under `/tmp` (the sandbox's
/// `/tmp` is private; files named on the command line are bound into it).
fn scripted(trigger: &str, act: &str) -> Vec<String> {
    let toy = format!("{}/{TOY}", env!("CARGO_MANIFEST_DIR"));
    let script = format!(
        r#"
import subprocess, sys
toy = subprocess.Popen([sys.executable, sys.argv[1]], stdin=subprocess.PIPE,
                       stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    w = line.split()
    if len(w) > 1 and w[1] == "{trigger}":
        {act}
    toy.stdin.write(line)
    toy.stdin.flush()
    while True:
        out = toy.stdout.readline()
        sys.stdout.write(out)
        if not out.strip():
            break
    sys.stdout.flush()
"#
    );
    vec!["python3".into(), "-c".into(), script, toy]
}

#[test]
fn crashes_hangs_and_broken_framing_get_verdicts_with_the_transcript() {
    for (act, verdict) in [
        ("sys.exit(3)", "RE"),
        ("import time; time.sleep(30)", "TLE"),
        (
            "sys.stdout.write('ok\\n\\n'); sys.stdout.flush(); continue",
            "PE",
        ),
    ] {
        let argv = scripted("undo", act);
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let (status, report) = check_json(
            "go-game",
            3,
            &[
                "--gtp",
                "--size",
                "5",
                "--cases",
                "20",
                // Per command: generous, as the two Python processes of
                // the proxy answer slowly on a loaded machine; the hang
                // sleeps 30 s.
                "--timeout-ms",
                "3000",
                "--max-shrink-runs",
                "20",
            ],
            &argv,
        );
        assert_eq!(status, 1, "{act}: {report:#}");
        let failure = &report["failure"];
        assert_eq!(failure["verdict"], verdict, "{act}: {report:#}");
        assert!(
            failure["detail"].as_str().unwrap().contains("> undo"),
            "{act}: {report:#}"
        );
    }
}

#[test]
fn the_board_is_read_from_showboard_or_not_at_all() {
    // Without list_stones the toy's showboard is parsed; without either,
    // only the replies are compared, and the report says so.
    let (status, report) = toy(
        "ko=simple,suicide=forbidden",
        &["--no-list-stones", "--slip", "undo-captures"],
        "200",
        4,
    );
    assert_eq!(status, 1, "{report:#}");
    assert!(report["sandbox"].as_str().unwrap().contains("showboard"));
    let (status, report) = toy(
        "ko=simple,suicide=forbidden",
        &["--no-list-stones", "--no-showboard"],
        "100",
        4,
    );
    assert_eq!(status, 0, "{report:#}");
    assert!(
        report["sandbox"]
            .as_str()
            .unwrap()
            .contains("board not compared"),
        "{report:#}"
    );
    // The laws need a board: none were checked.
    assert_eq!(report["gtp_laws"]["cases"], 0);
    let (status, report) = toy(
        "ko=simple,suicide=forbidden",
        &[
            "--no-list-stones",
            "--no-showboard",
            "--slip",
            "suicide-first",
        ],
        "200",
        4,
    );
    assert_eq!(status, 1, "{report:#}");
    assert!(
        report["failure"]["detail"]
            .as_str()
            .unwrap()
            .contains("board not compared"),
        "{report:#}"
    );
}

#[test]
fn gtp_and_rules_need_a_problem_that_has_them() {
    let out = boardcheck(&["check", "flank-row", "--gtp", "--", "python3", TOY], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("GTP"));
    let out = boardcheck(
        &["check", "flank-row", "--rules", "japanese", "--", "cat"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let out = boardcheck(
        &[
            "check",
            "go-game",
            "--rules",
            "ko=sometimes",
            "--gtp",
            "--",
            "python3",
            TOY,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    // Not a GTP engine: it cannot be started as one.
    let out = boardcheck(&["check", "go-game", "--gtp", "--", "cat"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_failure_report_has_the_transcript_the_replay_line_and_a_tst_file() {
    let dir = std::env::temp_dir().join(format!("boardcheck-gtp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tst = dir.join("min.tst");
    let out = boardcheck(
        &[
            "check",
            "go-game",
            "--seed",
            "1",
            "--gtp",
            "--size",
            "9",
            "--cases",
            "100",
            "--limits",
            "off",
            "--color",
            "never",
            "--save-tst",
            tst.to_str().unwrap(),
            "--",
            "python3",
            TOY,
            "--slip",
            "undo-captures",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("sent | expected | got"), "{text}");
    assert!(text.contains("printf '%s\\n' 'boardsize"), "{text}");
    let tst = std::fs::read_to_string(&tst).unwrap();
    assert!(tst.contains("\n1 play "), "{tst}");
    assert!(tst.contains("list_stones black\n#? ["), "{tst}");
    let _ = std::fs::remove_dir_all(&dir);
}

const GNUGO: &str = "/usr/games/gnugo";

#[test]
fn gnu_go_under_its_default_rules() {
    if !std::path::Path::new(GNUGO).exists() {
        eprintln!("skipped: {GNUGO} is not installed (Debian package gnugo; .ci/run installs it)");
        return;
    }
    let (status, report) = check_json(
        "go-game",
        5,
        &[
            "--gtp",
            "--rules",
            "ko=simple,suicide=forbidden",
            "--size",
            "9",
            "--cases",
            "30",
            "--gtp-laws",
            "3",
        ],
        &[GNUGO, "--mode", "gtp", "--level", "0"],
    );
    assert_eq!(status, 0, "{report:#}");
}
