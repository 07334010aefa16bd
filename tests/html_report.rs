//! `check --report FILE.html`, rendered by headless Chromium: the page is
//! not blank and shows the highlighted cells of the minimal case. Skips,
//! saying why, where Chromium is not installed.

#[allow(dead_code, reason = "each test file uses some of the helpers")]
mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use boardcheck::harness::html::{HIGHLIGHT_EXPECTED, HIGHLIGHT_GOT};
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
