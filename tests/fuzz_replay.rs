//! Every committed fuzz input through the target bodies on the stable
//! toolchain, without cargo-fuzz: the seed corpora (`fuzz/corpus/<target>/`)
//! and the minimized crashes (`fuzz/regressions/<target>/`). And `fuzz/`'s
//! manifest and target files are what the problem registry gives, so a new
//! problem is fuzzed once `cargo run --example fuzz_setup` has run.

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use boardcheck::harness::fuzz::{Target, targets};
use boardcheck::harness::fuzz_setup::{TARGET_SOURCE, manifest};
use boardcheck::problems::Registry;

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

/// The files of `dir`, sorted; none if it does not exist.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map(|d| d.filter_map(|e| Some(e.ok()?.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.is_file());
    files.sort();
    files
}

/// Runs `target` on every file of `dir`; the files it panics on.
fn replay(target: &Target, dir: &Path) -> (usize, Vec<String>) {
    let files = inputs(dir);
    let mut failed = Vec::new();
    for file in &files {
        let data = fs::read(file).expect("a readable corpus file");
        if catch_unwind(AssertUnwindSafe(|| (target.body)(&data))).is_err() {
            failed.push(format!(
                "{}: reproduce with `cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run -s none {} {}`",
                file.display(),
                target.name,
                file.display()
            ));
        }
    }
    (files.len(), failed)
}

fn replay_all(under: &str) -> usize {
    let mut ran = 0;
    let mut failed = Vec::new();
    for target in targets::<Registry>() {
        let (n, f) = replay(&target, &fuzz_dir().join(under).join(&target.name));
        ran += n;
        failed.extend(f);
    }
    assert!(
        failed.is_empty(),
        "{} input(s) under fuzz/{under} make a target panic:\n{}",
        failed.len(),
        failed.join("\n")
    );
    ran
}

#[test]
fn every_corpus_input_runs_clean() {
    let ran = replay_all("corpus");
    assert!(ran > 0, "no corpus: run `cargo run --example fuzz_setup`");
}

#[test]
fn every_regression_input_runs_clean() {
    replay_all("regressions");
}

#[test]
fn every_target_has_a_seed_corpus() {
    let empty: Vec<String> = targets::<Registry>()
        .into_iter()
        .filter(|t| inputs(&fuzz_dir().join("corpus").join(&t.name)).is_empty())
        .map(|t| t.name)
        .collect();
    assert!(
        empty.is_empty(),
        "no seeds for {empty:?}: run `cargo run --example fuzz_setup`"
    );
}

#[test]
fn the_fuzz_crate_is_what_the_registry_gives() {
    let stale = "stale: run `cargo run --example fuzz_setup`";
    let on_disk = fs::read_to_string(fuzz_dir().join("Cargo.toml")).unwrap();
    assert_eq!(
        on_disk,
        manifest::<Registry>(),
        "fuzz/Cargo.toml is {stale}"
    );
    let sources = fuzz_dir().join("fuzz_targets");
    let mut names: Vec<String> = inputs(&sources)
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut want: Vec<String> = targets::<Registry>().into_iter().map(|t| t.name).collect();
    want.sort();
    assert_eq!(names, want, "fuzz/fuzz_targets/ is {stale}");
    for path in inputs(&sources) {
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(text, TARGET_SOURCE, "{} is {stale}", path.display());
    }
}
