//! Every committed fuzz input through the target bodies on the stable
//! toolchain, without cargo-fuzz: the seed corpora (`fuzz/corpus/<target>/`)
//! and the minimized crashes (`fuzz/regressions/<target>/`). And what
//! `cargo run --example regenerate` writes from the problem registry is
//! what is committed: `fuzz/`'s manifest, target files, dictionaries and
//! seeds, and docs/fuzzing.md's list of targets.

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use boardcheck::harness::fuzz::{Target, targets};
use boardcheck::harness::fuzz_setup::{
    TARGET_SOURCE, dictionary, manifest, seed_name, seeds, target_list, with_target_list,
};
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
    assert!(ran > 0, "no corpus: run `cargo run --example regenerate`");
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
        "no seeds for {empty:?}: run `cargo run --example regenerate`"
    );
}

#[test]
fn the_fuzz_crate_is_what_the_registry_gives() {
    let stale = "stale: run `cargo run --example regenerate`";
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

/// Every dictionary `cargo run --example regenerate` would write is the
/// committed one, and no other is committed: the words of the vectors
/// change, the dictionaries follow.
#[test]
fn every_dictionary_is_what_the_registry_gives() {
    let stale = "stale: run `cargo run --example regenerate`";
    let vectors = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/problems");
    let mut want = Vec::new();
    for target in targets::<Registry>() {
        let path = fuzz_dir()
            .join("dict")
            .join(format!("{}.dict", target.name));
        let on_disk = fs::read_to_string(&path).ok();
        let made = dictionary(&target, &vectors);
        assert_eq!(on_disk, made, "{} is {stale}", path.display());
        if made.is_some() {
            want.push(path);
        }
    }
    want.sort();
    assert_eq!(
        inputs(&fuzz_dir().join("dict")),
        want,
        "fuzz/dict/ is {stale}"
    );
}

/// Every seed `cargo run --example regenerate` would write is in the
/// committed corpus (a fuzzer's own finds may be there too).
#[test]
fn every_seed_the_registry_gives_is_committed() {
    let vectors = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/problems");
    let mut missing = Vec::new();
    for target in targets::<Registry>() {
        let corpus = fuzz_dir().join("corpus").join(&target.name);
        for seed in seeds::<Registry>(&target, &vectors) {
            let path = corpus.join(seed_name(&seed));
            if fs::read(&path).ok().as_deref() != Some(seed.as_slice()) {
                missing.push(path.display().to_string());
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} seeds missing, stale: run `cargo run --example regenerate`:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// docs/fuzzing.md lists every target of the registry (and so of
/// `fuzz/Cargo.toml`), each with its dictionary, as `regenerate` writes it;
/// and its by-hand commands keep new inputs out of the committed corpus.
#[test]
fn the_fuzzing_doc_lists_the_registrys_targets_and_keeps_the_corpus_clean() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/fuzzing.md");
    let doc = fs::read_to_string(&path).unwrap();
    let vectors = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/problems");
    let list = target_list::<Registry>(&vectors);
    let written = with_target_list(&doc, &list).expect("docs/fuzzing.md: the list's markers");
    assert!(
        written == doc,
        "docs/fuzzing.md's list of targets is stale: run `cargo run --example regenerate`"
    );
    // The rows name exactly the manifest's binaries.
    let manifest = fs::read_to_string(fuzz_dir().join("Cargo.toml")).unwrap();
    let mut bins: Vec<&str> = manifest
        .lines()
        .filter_map(|l| l.strip_prefix("name = \""))
        .filter_map(|l| l.strip_suffix('"'))
        .filter(|n| *n != "boardcheck-fuzz")
        .collect();
    let mut rows: Vec<&str> = list
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .collect();
    bins.sort();
    rows.sort();
    assert_eq!(rows, bins);
    // Every `cargo fuzz run` the README or any page of docs/ gives (this
    // one among them) runs one input file or names a scratch corpus first,
    // where libFuzzer writes; and `-dict=` only for a target that has a
    // dictionary.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md")];
    markdown_under(&root.join("docs"), &mut pages);
    let joined = pages
        .iter()
        .map(|page| fs::read_to_string(page).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
        .replace("\\\n", " ");
    assert!(
        joined.contains("cargo fuzz run"),
        "no `cargo fuzz run` in README.md or docs/: nothing checked"
    );
    for line in joined.lines() {
        let Some((_, run)) = line.split_once("cargo fuzz run") else {
            continue;
        };
        // In running text the command ends with its code span.
        let run = run.split('`').next().unwrap_or("");
        let words: Vec<&str> = run
            .split_whitespace()
            .map(|w| w.trim_matches('`'))
            .filter(|w| !w.is_empty())
            .collect();
        // The free words before `--`: the target, then the folders or files.
        let mut free = Vec::new();
        let mut options = words.iter().take_while(|w| **w != "--");
        while let Some(w) = options.next() {
            if ["-s", "--sanitizer", "-j", "--jobs"].contains(w) {
                options.next();
            } else if !w.starts_with('-') {
                free.push(*w);
            }
        }
        let (target, dirs) = free.split_first().unwrap_or_else(|| panic!("{line}"));
        assert!(
            targets::<Registry>().iter().any(|t| t.name == *target),
            "{line}: no target {target}"
        );
        // A run on one input file (a crash to reproduce) writes nothing.
        let first = dirs.first().copied().unwrap_or("");
        let one_file = ["regressions/", "artifacts/", "..."]
            .iter()
            .any(|p| first.contains(p));
        assert!(
            one_file || first.starts_with("scratch/") || first.starts_with("fuzz/scratch/"),
            "{line}: libFuzzer writes new inputs to the first folder it is given \
             (the target's committed corpus when none is): name one under fuzz/scratch/ first"
        );
        for dict in words.iter().filter_map(|w| w.strip_prefix("-dict=")) {
            assert!(
                fuzz_dir().join(dict).is_file(),
                "{line}: no dictionary {dict}"
            );
        }
    }
}

/// Every markdown file under `dir`, recursively.
fn markdown_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            markdown_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}
