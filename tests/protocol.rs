//! The persistent protocol (`--protocol jsonl`) and Python functions as
//! candidates (`--py-func`): restarts after a crash, lone confirmation in a
//! fresh process, tracebacks in the report.

#[allow(dead_code, reason = "each test file uses some of the helpers")]
mod common;

use boardcheck::harness::candidate::{Candidate, Outcome};
use boardcheck::harness::process::RunLimits;
use boardcheck::harness::protocol::{Jsonl, case_line};
use boardcheck::problems::flank_row::{Case, Cell, FlankRow, Placement, Player};
use common::{boardcheck, json};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A server that answers correctly but exits when a row starts with `BA`.
fn crashing_server(name: &str) -> std::path::PathBuf {
    // The server and the module it imports share one folder: the sandbox
    // binds the folder of a file named in argv, and nothing else under
    // /tmp (a checkout under /tmp would be hidden from the import).
    let dir = std::env::temp_dir().join(format!("boardcheck-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        format!("{ROOT}/examples/protocol/flank_row_server.py"),
        dir.join("flank_row_server.py"),
    )
    .unwrap();
    let path = dir.join("server.py");
    std::fs::write(
        &path,
        format!(
            "import json, sys\nsys.path.insert(0, {:?})\nfrom flank_row_server import solve\n\
             for line in sys.stdin:\n    case = json.loads(line)\n    \
             if case['row'].startswith('BA'):\n        sys.exit(3)\n    \
             print(json.dumps({{'row': solve(case['row'], case['placements'])}}), flush=True)\n",
            dir.to_string_lossy()
        ),
    )
    .unwrap();
    path
}

fn cells(row: &str) -> Vec<Cell> {
    row.chars()
        .map(|c| match c {
            'A' => Cell::Piece(Player::A),
            'B' => Cell::Piece(Player::B),
            _ => Cell::Empty,
        })
        .collect()
}

fn case(row: &str) -> Case {
    Case {
        row: cells(row),
        placements: vec![Placement {
            player: Player::A,
            index: row.find('.').unwrap(),
        }],
    }
}

#[test]
fn a_crashed_session_is_restarted_and_the_batch_goes_on() {
    let server = crashing_server("restarted");
    let folder = server.parent().unwrap().to_path_buf();
    let jsonl = Jsonl::new(
        vec!["python3".into(), server.to_string_lossy().into_owned()],
        RunLimits::default(),
    );
    let cases = [
        case(".BA"),
        case("BA."),
        case(".BA"),
        case("BA."),
        case("A.B"),
    ];
    let ran = Candidate::<FlankRow>::run(&jsonl, &cases);
    std::fs::remove_dir_all(&folder).unwrap();
    let kinds: Vec<&str> = ran
        .outcomes
        .iter()
        .map(|o| match o {
            Outcome::Answered { .. } => "answered",
            Outcome::Crashed { .. } => "crashed",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        ["answered", "crashed", "answered", "crashed", "answered"]
    );
    let Outcome::Answered { answer, .. } = &ran.outcomes[0] else {
        unreachable!()
    };
    assert_eq!(answer, &cells("AAA"));
    assert!(
        matches!(&ran.outcomes[1], Outcome::Crashed { detail, .. } if detail.contains("status 3")),
        "{:?}",
        ran.outcomes[1]
    );
}

#[test]
fn check_over_jsonl_reports_the_one_line_a_fresh_process_failed_on() {
    let server = crashing_server("fresh");
    let folder = server.parent().unwrap().to_path_buf();
    let out = boardcheck(
        &[
            "check",
            "flank-row",
            "--json",
            "--seed",
            "5",
            "--cases",
            "300",
            "--limits",
            "off",
            "--protocol",
            "jsonl",
            "--",
            "python3",
            &server.to_string_lossy(),
        ],
        "",
    );
    std::fs::remove_dir_all(&folder).unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = json(&out);
    let failure = &report["failure"];
    assert_eq!(failure["verdict"], "RE");
    // Shrunk to the smallest row starting BA, sent as exactly one line.
    let input = failure["input"].as_str().unwrap();
    assert_eq!(
        input,
        case_line::<FlankRow>(&Case {
            row: vec![Cell::Piece(Player::B), Cell::Piece(Player::A)],
            placements: vec![],
        }) + "\n"
    );
}

/// Every file under `examples/functions/` and `examples/protocol/`, checked
/// here: (problem, file, how it is run, the verdict).
const SHIPPED: &[(&str, &str, &str)] = &[
    (
        "reversi-move",
        "functions/place_piece.py:place_piece",
        "pass",
    ),
    (
        "reversi-move",
        "functions/place_piece_no_diagonals.py:place_piece",
        "WA",
    ),
    ("flank-row", "functions/flank_row.py:solve", "pass"),
    (
        "flank-row",
        "functions/flank_row_edge_closes.py:solve",
        "WA",
    ),
    ("flank-row", "functions/flank_row_raises.py:solve", "RE"),
    ("chomp", "functions/chomp_board.py:Board", "pass"),
    ("chomp", "functions/chomp_board_count_off.py:Board", "WA"),
    (
        "chomp",
        "functions/chomp_board_poison_illegal.py:Board",
        "WA",
    ),
    ("go-move", "functions/go_move.py:play", "pass"),
    ("go-move", "functions/go_move_suicide.py:play", "WA"),
    ("flank-row", "protocol/flank_row_server.py", "pass"),
];

#[test]
fn every_function_and_protocol_example_is_checked_with_its_verdict() {
    let mut listed: Vec<String> = ["functions", "protocol"]
        .iter()
        .flat_map(|d| std::fs::read_dir(format!("{ROOT}/examples/{d}")).unwrap())
        .map(|f| f.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .map(|p| {
            let dir = p
                .parent()
                .unwrap()
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            format!("{dir}/{}", p.file_name().unwrap().to_string_lossy())
        })
        .collect();
    listed.sort();
    let mut known: Vec<String> = SHIPPED
        .iter()
        .map(|(_, spec, _)| spec.split(':').next().unwrap().to_string())
        .collect();
    known.sort();
    assert_eq!(listed, known, "an example without a row in SHIPPED");
    // The ones the other tests here do not run.
    for (problem, spec, verdict) in SHIPPED.iter().filter(|(_, s, _)| {
        s.starts_with("functions/chomp")
            || s.starts_with("functions/go_move")
            || s.starts_with("protocol/")
    }) {
        let path = format!("{ROOT}/examples/{spec}");
        let mut args = vec![
            "check", problem, "--json", "--seed", "2", "--cases", "200", "--limits", "off",
        ];
        if spec.starts_with("protocol/") {
            args.extend(["--protocol", "jsonl", "--", "python3", &path]);
        } else {
            args.extend(["--py-func", &path]);
        }
        let report = json(&boardcheck(&args, ""));
        let got = if report["status"] == "pass" {
            "pass".to_string()
        } else {
            report["failure"]["verdict"].as_str().unwrap().to_string()
        };
        assert_eq!(&got, verdict, "{spec}: {report}");
    }
}

#[test]
fn python_functions_correct_buggy_and_raising() {
    let check = |problem: &str, func: &str| {
        let out = boardcheck(
            &[
                "check",
                problem,
                "--json",
                "--seed",
                "3",
                "--cases",
                "300",
                "--limits",
                "off",
                "--py-func",
                &format!("{ROOT}/examples/functions/{func}"),
            ],
            "",
        );
        (out.status.code().unwrap(), json(&out))
    };
    let (status, report) = check("reversi-move", "place_piece.py:place_piece");
    assert_eq!((status, &report["status"]), (0, &"pass".into()), "{report}");
    let (status, report) = check("reversi-move", "place_piece_no_diagonals.py:place_piece");
    assert_eq!(status, 1);
    assert_eq!(report["failure"]["verdict"], "WA", "{report}");
    let (status, report) = check("flank-row", "flank_row.py:solve");
    assert_eq!(status, 0, "{report}");
    let (status, report) = check("flank-row", "flank_row_edge_closes.py:solve");
    assert_eq!(report["failure"]["verdict"], "WA", "{report}");
    assert_eq!(status, 1);
    let (status, report) = check("flank-row", "flank_row_raises.py:solve");
    assert_eq!(status, 1);
    assert_eq!(report["failure"]["verdict"], "RE");
    let detail = report["failure"]["detail"].as_str().unwrap();
    assert!(
        detail.contains("ValueError: cannot place at the left edge"),
        "{detail}"
    );
}

/// A chomp class is asked every command, and judged on what it returned:
/// the report names the call and its value.
#[test]
fn a_chomp_class_is_judged_on_its_own_return_values() {
    for (file, call) in [
        (
            "chomp_board_count_off.py",
            "move 0 0: Legal(0, 0) returned True, Move(0, 0), then Count() returned -1",
        ),
        (
            "chomp_board_poison_illegal.py",
            "Legal(0, 0) returned False",
        ),
    ] {
        let spec = format!("{ROOT}/examples/functions/{file}:Board");
        let args = [
            "check",
            "chomp",
            "--json",
            "--seed",
            "4",
            "--cases",
            "20",
            "--limits",
            "off",
            "--py-func",
            &spec,
        ];
        let out = boardcheck(&args, "");
        let report = json(&out);
        assert_eq!(out.status.code(), Some(1), "{report}");
        let failure = &report["failure"];
        assert_eq!(failure["verdict"], "WA", "{report}");
        let detail = failure["detail"].as_str().unwrap();
        assert!(detail.contains(call), "{file}: {detail}");
    }
}

/// A result the signature does not allow is PE naming the value; an
/// exception inside the function stays RE.
#[test]
fn a_result_of_the_wrong_shape_is_pe_and_a_function_that_always_raises_cannot_run() {
    let dir = std::env::temp_dir().join(format!("boardcheck-shape-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("capture.py");
    std::fs::write(
        &file,
        "def count_only(board):\n    return len(board)\n\n\
         def raises(board):\n    raise KeyError('mine')\n",
    )
    .unwrap();
    let failure = |function: &str| {
        let spec = format!("{}:{function}", file.to_string_lossy());
        let args = [
            "check",
            "go-capture",
            "--json",
            "--seed",
            "1",
            "--cases",
            "5",
            "--limits",
            "off",
            "--py-func",
            &spec,
        ];
        json(&boardcheck(&args, ""))
    };
    let (shape, raised) = (failure("count_only"), failure("raises"));
    let shape = shape["failure"].clone();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(shape["verdict"], "PE", "{shape}");
    assert_eq!(
        shape["detail"],
        "count_only returned 1, expected (removed, board)"
    );
    // Raising on every input, the smallest included, is a function that
    // cannot run at all: status error (exit 2), its traceback quoted.
    assert_eq!(raised["status"], "error", "{raised}");
    assert!(
        raised["cannot_run"]
            .as_str()
            .unwrap()
            .contains("KeyError: 'mine'")
    );
}

/// A script given as `--py-func` runs its unguarded `main()` when the
/// driver imports it: it reads nothing then (not the protocol's lines,
/// which it read to the end and hung: a time-out on the 1x1 board), and
/// its failure is a set-up mistake with the fix named.
#[test]
fn a_script_whose_main_runs_on_import_cannot_run_and_is_told_why() {
    let out = boardcheck(
        &[
            "check",
            "go-move",
            "--json",
            "--seed",
            "3",
            "--cases",
            "5",
            "--limits",
            "off",
            "--py-func",
            "examples/go_move/correct.py:solve",
        ],
        "",
    );
    let report = json(&out);
    assert_eq!(out.status.code(), Some(2), "{report}");
    let why = report["cannot_run"].as_str().unwrap();
    assert!(
        why.contains("read stdin when imported") && why.contains("__main__"),
        "{why}"
    );
}

#[test]
fn a_missing_function_file_is_a_usage_error() {
    let out = boardcheck(&["check", "flank-row", "--py-func", "no/such.py:solve"], "");
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("no file") && said.contains("does not exist"),
        "{said}"
    );
    // A directory and a device are named as what they are.
    let out = boardcheck(&["check", "flank-row", "--py-func", "examples:solve"], "");
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("is a directory"), "{said}");
    let out = boardcheck(&["check", "flank-row", "--py-func", "/dev/null:solve"], "");
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("not a regular file"), "{said}");
}

/// A server that hangs on rows starting `AB` and burns CPU on rows starting
/// `BB`, else echoes the row.
fn slow_server(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("boardcheck-{name}-{}.py", std::process::id()));
    std::fs::write(
        &path,
        "import json, sys, time\n\
         for line in sys.stdin:\n    case = json.loads(line)\n    \
         if case['row'].startswith('AB'):\n        time.sleep(100)\n    \
         if case['row'].startswith('BB'):\n        while True: pass\n    \
         print(json.dumps({'row': case['row']}), flush=True)\n",
    )
    .unwrap();
    path
}

#[test]
fn each_answer_has_its_own_time_limit_and_a_killed_session_is_replaced() {
    let server = slow_server("slow");
    let limits = RunLimits {
        timeout: std::time::Duration::from_millis(2500),
        cpu: Some(std::time::Duration::from_millis(700)),
        ..RunLimits::default()
    };
    let jsonl = Jsonl::new(
        vec!["python3".into(), server.to_string_lossy().into_owned()],
        limits,
    );
    let cases = [
        case("A.A"),
        case("AB."),
        case("A.B"),
        case("BB."),
        case("B.B"),
    ];
    let ran = Candidate::<FlankRow>::run(&jsonl, &cases);
    std::fs::remove_file(&server).unwrap();
    let detail = |o: &Outcome<_>| match o {
        Outcome::TimedOut { detail, .. } => detail.clone(),
        other => format!("{other:?}"),
    };
    assert!(matches!(ran.outcomes[0], Outcome::Answered { .. }));
    assert!(
        detail(&ran.outcomes[1]).starts_with("wall-time limit"),
        "{:?}",
        ran.outcomes[1]
    );
    assert!(
        matches!(ran.outcomes[2], Outcome::Answered { .. }),
        "{:?}",
        ran.outcomes[2]
    );
    let cgroups =
        boardcheck::harness::process::probe(Default::default()).is_ok_and(|l| l.has_cgroups());
    if cgroups {
        assert!(
            detail(&ran.outcomes[3]).starts_with("CPU-time limit"),
            "{:?}",
            ran.outcomes[3]
        );
    } else {
        // At level rlimits only the wall clock holds per answer.
        assert!(
            detail(&ran.outcomes[3]).starts_with("wall-time limit"),
            "{:?}",
            ran.outcomes[3]
        );
    }
    assert!(
        matches!(ran.outcomes[4], Outcome::Answered { .. }),
        "{:?}",
        ran.outcomes[4]
    );
}

#[test]
fn chomp_pictures_the_board_before_the_first_wrong_reply() {
    use boardcheck::generation::Generate;
    let draw = boardcheck::problems::chomp::Chomp::extras()
        .picture
        .unwrap();
    // 3 x 2; after move 1 1 the top row keeps one cell; the count is wrong.
    let input = "3 2\n3\nmove 1 1\ncount\ndisplay\n";
    let picture = draw(input, "6\n1 *\n0 * * *\n  0 1 2\n").unwrap();
    assert_eq!(
        picture,
        "board before command 2 (count):\n    1 *\n    0 * * *\n      0 1 2\n"
    );
    // A right answer has no failing command; unreadable output no picture.
    assert_eq!(draw(input, "4\n1 *\n0 * * *\n  0 1 2\n"), None);
    assert_eq!(draw(input, "five\n"), None);
}
