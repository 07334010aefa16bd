//! `check --report FILE.html`, rendered by headless Chromium: the page is
//! not blank and shows the highlighted cells of the minimal case. Skips,
//! saying why, where Chromium is not installed. And the reports of a
//! failure at the limits stay small (HTML under 200 KB, the terminal's
//! under 80 lines) whatever the board, built in process.

#[allow(dead_code, reason = "each test file uses some of the helpers")]
mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use boardcheck::generation::Reference;
use boardcheck::harness::html::{HIGHLIGHT_EXPECTED, HIGHLIGHT_GOT, check_page};
use boardcheck::harness::report::{AnswerForm, AtLimits, Failure, LimitCase, Report, Shrink};
use boardcheck::harness::verdict::{Origin, Status, Verdict};
use boardcheck::problems::go_capture::GoCapture;
use boardcheck::problems::go_move::GoMove;
use common::boardcheck;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| boardcheck::harness::process::resolve_program(name).ok())
}

/// A screenshot of `page` by headless Chromium, as RGB(A) pixels.
fn screenshot(chromium: &Path, page: &Path, png: &Path) -> (png::OutputInfo, Vec<u8>) {
    let profile = png.with_extension("profile");
    let out = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--window-size=900,700",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&profile);
    assert!(
        png.exists(),
        "no screenshot: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    pixels.truncate(info.buffer_size());
    (info, pixels)
}

fn count(info: &png::OutputInfo, pixels: &[u8], colour: [u8; 3]) -> usize {
    let step = info.color_type.samples();
    pixels
        .chunks(step)
        .filter(|p| p.len() >= 3 && (0..3).all(|i| p[i].abs_diff(colour[i]) <= 4))
        .count()
}

#[test]
fn the_html_report_shows_the_highlighted_cells_in_chromium() {
    let dir = std::env::temp_dir().join(format!("boardcheck-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("report.html");
    let out = boardcheck(
        &[
            "check",
            "reversi-move",
            "--seed",
            "2",
            "--cases",
            "300",
            "--limits",
            "off",
            "--report",
            &page.to_string_lossy(),
            "--py-func",
            &format!("{ROOT}/examples/functions/place_piece_no_diagonals.py:place_piece"),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let html = std::fs::read_to_string(&page).unwrap();
    // Standalone: nothing fetched.
    assert!(!html.contains("http:") && !html.contains("https:") && !html.contains("<script"));
    assert!(html.contains("class=\"diff-got\""), "{html}");
    let Some(chromium) = chromium() else {
        eprintln!("skipping the screenshot: no chromium here (apt-get install -y chromium)");
        std::fs::remove_dir_all(&dir).unwrap();
        return;
    };
    let (info, pixels) = screenshot(&chromium, &page, &dir.join("shot.png"));
    std::fs::remove_dir_all(&dir).unwrap();
    let white = count(&info, &pixels, [255, 255, 255]);
    let all = pixels.len() / info.color_type.samples();
    assert!(
        white < all * 99 / 100,
        "the page is blank ({white} of {all} pixels white)"
    );
    // At least one differing cell (28x28 px) on each side.
    let got = count(&info, &pixels, HIGHLIGHT_GOT);
    let expected = count(&info, &pixels, HIGHLIGHT_EXPECTED);
    assert!(
        got >= 400 && expected >= 400,
        "highlight pixels: got {got}, expected {expected}"
    );
}

/// A go-capture failure at the limits on a board of `side` x `side`
/// (spiral-like rows), as the checker would report it: the whole input and
/// both whole answers, `got` differing at one late cell.
fn failure_at_the_limits(side: usize, verdict: Verdict, got_at_all: bool) -> Report {
    let row = |r: usize| -> String {
        (0..side)
            .map(|c| if (r + c).is_multiple_of(3) { 'X' } else { 'O' })
            .collect()
    };
    let board: String = (0..side).map(|r| format!("{}\n", row(r))).collect();
    let expected = format!("0\n{board}");
    let mut got = expected.clone();
    let late = expected.len() - side / 3 - 2;
    got.replace_range(late..late + 1, ".");
    Report {
        problem: "go-capture".into(),
        seed: 1,
        status: Status::Fail,
        cases: 1003,
        sandbox: "namespaces+cgroups".into(),
        domain: String::new(),
        failures: Vec::new(),
        cannot_run: None,
        slow_once: None,
        set_aside: 0,
        limits: vec![LimitCase {
            pattern: "spiral".into(),
            size: side,
            verdict,
            seconds: 0.5,
            reference: Reference::Engine,
        }],
        properties: None,
        gtp_laws: None,
        given: None,
        failure: Some(Failure {
            verdict,
            input: format!("{side} {side}\n{board}"),
            expected,
            reference: Reference::Engine,
            got: if got_at_all { got } else { String::new() },
            shrink_steps: 0,
            shrink_runs: 9,
            shrink: Shrink::Not("the smallest failing size of pattern spiral".into()),
            detail: if verdict == Verdict::RuntimeError {
                "killed by SIGSEGV".into()
            } else {
                String::new()
            },
            size: format!("{side}x{side} board"),
            size_key: None,
            origin: Origin::Limits,
            at_limits: Some(AtLimits {
                pattern: "spiral".into(),
                fails_from: side,
                passes_at: Some(side - 1),
                passes_in: Some(0.4),
                unit: "side length".into(),
                limit_ms: Some(2000),
                projected: None,
            }),
            found_by: None,
            found_at: None,
            replayed: None,
            confirmed: None,
        }),
        timings: Default::default(),
        stack_bytes: Some(8 << 20),
        answer_form: AnswerForm::of(&<GoCapture as boardcheck::generation::Generate>::extras()),
    }
}

#[test]
fn reports_of_a_failure_at_the_limits_stay_small_whatever_the_board() {
    let repeat = "boardcheck check go-capture --seed 1 -- ./flood";
    for (side, verdict, got) in [
        (511, Verdict::RuntimeError, false),
        (2000, Verdict::RuntimeError, false),
        (2000, Verdict::WrongAnswer, true),
        (30, Verdict::WrongAnswer, true),
    ] {
        let report = failure_at_the_limits(side, verdict, got);
        let whole = report.failure.as_ref().unwrap().input.len();
        let html = check_page(&report, repeat);
        let text = report.render(repeat);
        let at = format!("{side} {verdict}: input {whole} bytes");
        assert!(html.len() < 200_000, "{at}: HTML {} bytes", html.len());
        assert!(text.lines().count() < 80, "{at}: {text}");
        for shown in [&html, &text] {
            assert!(
                shown.contains(&format!(
                    "pattern spiral fails from side length {side}, passes at {}",
                    side - 1
                )),
                "{at}: {shown}"
            );
            assert!(shown.contains(&format!(
                "boardcheck gen go-capture --pattern spiral --size {side}"
            )));
        }
        if side > 100 {
            // Excerpts: each cut said, the whole kept for --json and --save.
            assert!(text.contains("lines cut; --json or --save keep the whole text"));
            assert!(html.contains("lines cut; --json or --save keep the whole text"));
        }
        if verdict == Verdict::RuntimeError {
            // A crash at the limits names the stack and how to raise it.
            assert!(text.contains("stack overflow") && text.contains("8 MiB here (--stack-mb"));
            assert!(html.contains("--stack-mb"));
        } else {
            // The differing cell is in the drawn window, highlighted.
            assert_eq!(html.matches("class=\"diff-got\"").count(), 1, "{at}");
            assert!(text.contains("boards (expected | got"));
        }
    }
}

#[test]
fn go_moves_legality_flag_is_a_word_not_a_board_row() {
    let case = "3\n200\n120\n000\n1 0 1\n";
    let report = Report {
        problem: "go-move".into(),
        failure: Some(Failure {
            verdict: Verdict::WrongAnswer,
            input: case.into(),
            expected: "1\n010\n120\n000\n".into(),
            got: "0\n".into(),
            at_limits: None,
            origin: Origin::Generated,
            shrink: Shrink::Minimal("no move on a smaller board fails"),
            size: "3x3 board".into(),
            ..failure_at_the_limits(3, Verdict::WrongAnswer, true)
                .failure
                .unwrap()
        }),
        answer_form: AnswerForm::of(&<GoMove as boardcheck::generation::Generate>::extras()),
        ..failure_at_the_limits(3, Verdict::WrongAnswer, true)
    };
    let text = report.render("boardcheck check go-move");
    assert!(
        text.contains("answer: expected legal, got illegal"),
        "{text}"
    );
    let html = check_page(&report, "boardcheck check go-move");
    assert!(html.contains("<h3>expected: legal</h3>") && html.contains("<h3>got: illegal</h3>"));
    // No board row holds the flag: the expected board is the 3 rows after it.
    assert!(!html.contains("<td>1</td></tr>"), "{html}");
}

#[test]
fn a_recursion_failure_at_the_limits_reads_in_under_80_lines_and_200_kb() {
    let dir = std::env::temp_dir().join(format!("boardcheck-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("report.html");
    let out = boardcheck(
        &[
            "check",
            "go-capture",
            "--seed",
            "1",
            "--limits",
            "only",
            "--pattern",
            "spiral",
            "--report",
            &page.to_string_lossy(),
            "--",
            "python3",
            &format!("{ROOT}/examples/go_capture/recursive_flood.py"),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    let html = std::fs::read_to_string(&page).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(text.lines().count() < 80, "{text}");
    assert!(html.len() < 200_000, "{} bytes", html.len());
    for shown in [&text as &str, &html] {
        assert!(
            shown.contains("pattern spiral fails from side length"),
            "{shown}"
        );
        assert!(shown.contains("gen go-capture --pattern spiral --size"));
        assert!(shown.contains("Python's recursion limit was reached"));
        assert!(shown.contains("8 MiB here (--stack-mb raises it)"));
    }
}
