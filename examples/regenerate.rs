//! Writes every file of the repository that is made, not written: what
//! `fuzz/` holds that is made from the problem registry (docs/fuzzing.md):
//! `fuzz/Cargo.toml`, one file per target in `fuzz/fuzz_targets/`, seed
//! corpora in `fuzz/corpus/<target>/` and dictionaries in `fuzz/dict/`, and
//! the list of targets in docs/fuzzing.md; and the docs made from the
//! problems' folders (`boardcheck::harness::problem_docs`): each spec page
//! `docs/spec/<name>.md` from `src/problems/<module>/spec.md`, and every
//! table that lists problems (README.md, docs/protocol.md,
//! docs/spec/README.md, docs/library.md). Run it after adding a problem or
//! changing a vector or a spec page:
//!
//! ```text
//! cargo run --example regenerate
//! ```
//!
//! `tests/fuzz_replay.rs` and `tests/spec_docs.rs` fail when a file it
//! writes is stale. Corpus files are named by their content, so seeds are
//! added, never duplicated, and what a fuzzer added to a corpus stays.
//!
//! `cargo run --example regenerate -- --zoo` writes nothing and lists each
//! structured target with each zoo variant of its problem (`fuzz/zoo.sh`).

use std::fs;
use std::path::Path;

use boardcheck::harness::fuzz::targets;
use boardcheck::harness::fuzz_setup::{
    TARGET_SOURCE, dictionary, manifest, seed_name, seeds, target_list, with_target_list, zoo_runs,
};
use boardcheck::harness::problem_docs::{self, PAGE_HEAD};
use boardcheck::problems::Registry;

fn main() -> std::io::Result<()> {
    if std::env::args().any(|a| a == "--zoo") {
        for (target, variant) in zoo_runs::<Registry>() {
            println!("{target} {variant}");
        }
        return Ok(());
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let fuzz = root.join("fuzz");
    let vectors = root.join("src/problems");
    fs::write(fuzz.join("Cargo.toml"), manifest::<Registry>())?;
    let sources = fuzz.join("fuzz_targets");
    fs::create_dir_all(&sources)?;
    let all = targets::<Registry>();
    // Target files of targets no longer in the registry go.
    for file in fs::read_dir(&sources)? {
        let path = file?.path();
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        if !all.iter().any(|t| t.name == stem) {
            fs::remove_file(&path)?;
        }
    }
    for target in &all {
        fs::write(sources.join(format!("{}.rs", target.name)), TARGET_SOURCE)?;
        let corpus = fuzz.join("corpus").join(&target.name);
        fs::create_dir_all(&corpus)?;
        let made = seeds::<Registry>(target, &vectors);
        let bytes: usize = made.iter().map(Vec::len).sum();
        for seed in &made {
            fs::write(corpus.join(seed_name(seed)), seed)?;
        }
        if let Some(dict) = dictionary(target, &vectors) {
            fs::create_dir_all(fuzz.join("dict"))?;
            fs::write(
                fuzz.join("dict").join(format!("{}.dict", target.name)),
                dict,
            )?;
        }
        println!(
            "{:28} {:4} seeds {:7} bytes",
            target.name,
            made.len(),
            bytes
        );
    }
    let doc_path = root.join("docs/fuzzing.md");
    let doc = fs::read_to_string(&doc_path)?;
    match with_target_list(&doc, &target_list::<Registry>(&vectors)) {
        Some(new) => fs::write(&doc_path, new)?,
        None => eprintln!("docs/fuzzing.md: the markers of the list of targets are missing"),
    }
    let docs = problem_docs::files::<Registry>(root).map_err(std::io::Error::other)?;
    // Generated spec pages of problems no longer in the registry go.
    for file in fs::read_dir(root.join("docs/spec"))? {
        let path = file?.path();
        let shown = format!(
            "docs/spec/{}",
            path.file_name().unwrap_or_default().to_string_lossy()
        );
        let generated = fs::read_to_string(&path).is_ok_and(|t| t.starts_with(PAGE_HEAD));
        if generated && !docs.iter().any(|(p, _)| *p == shown) {
            fs::remove_file(&path)?;
            println!("removed {shown}");
        }
    }
    for (path, text) in &docs {
        let path = root.join(path);
        if fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            fs::write(&path, text)?;
            println!(
                "wrote {}",
                path.strip_prefix(root).unwrap_or(&path).display()
            );
        }
    }
    Ok(())
}
