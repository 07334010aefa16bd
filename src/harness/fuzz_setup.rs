//! What `fuzz/` holds that is made from the registry: the cargo-fuzz
//! manifest and one target file per [`fuzz::targets`] entry, the seed
//! corpora (from the test vectors, the generators, the patterns and the
//! zoo's wrong answers) and the libFuzzer dictionaries. Written by
//! `cargo run --example regenerate`, with docs/fuzzing.md's list of
//! targets; `tests/fuzz_replay.rs` fails when the manifest, a target file, a
//! dictionary, a seed or that list is not what the registry gives.

use std::collections::BTreeSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;

use super::casefile::{self, Entry};
use super::fuzz::{self, Target};
use super::judging::generate;
use super::vectors::{self, Expect, Vectors};
use crate::generation::{clamp_size, reference};
use crate::problem::{answer_text, case_text, multi_case_text};
use crate::suite::{Registry, Suite, Visitor};

/// Seeds longer than this are left out, to keep the corpora small.
pub const MAX_SEED_LEN: usize = 16 * 1024;

/// Generated cases per problem and size.
const GENERATED: u64 = 6;

/// The text of every file in `fuzz/fuzz_targets/`: the binary's own name
/// picks the body from the registry, so no target file names a problem.
pub const TARGET_SOURCE: &str = "\
//! Generated from the problem registry by `cargo run --example regenerate`:
//! the body is `boardcheck::harness::fuzz::targets::<Registry>()`'s entry of
//! this binary's name (docs/fuzzing.md).
#![no_main]
use boardcheck::problems::Registry;
libfuzzer_sys::fuzz_target!(|data: &[u8]| boardcheck::harness::fuzz::run::<Registry>(env!(\"CARGO_BIN_NAME\"), data));
";

const MANIFEST_HEAD: &str = "\
# Generated from the problem registry by `cargo run --example regenerate`
# (docs/fuzzing.md); `tests/fuzz_replay.rs` fails when it is stale.
[package]
name = \"boardcheck-fuzz\"
version = \"0.0.0\"
publish = false
edition = \"2024\"

[package.metadata]
cargo-fuzz = true

[dependencies]
libfuzzer-sys = \"0.4\"
boardcheck = { path = \"..\", default-features = false, features = [\"tooling\"] }

# Not part of the main crate's build: cargo-fuzz builds this on its own.
[workspace]
members = [\".\"]
";

/// The line before the list of targets in docs/fuzzing.md.
pub const LIST_START: &str = "<!-- the targets: written by `cargo run --example regenerate`; tests/fuzz_replay.rs checks it -->";
/// The line after it.
pub const LIST_END: &str = "<!-- end of the targets -->";

/// The list of targets as docs/fuzzing.md shows it: how many, for which
/// problems, and one row per target with its input and its dictionary (a
/// dictionary only for the targets that read text).
pub fn target_list<R: Registry>(problems_dir: &Path) -> String {
    let all = fuzz::targets::<R>();
    let names: Vec<String> = R::NAMES.iter().map(|n| format!("`{n}`")).collect();
    let mut out = format!(
        "{} targets: {} for each of the {} problems ({}), and `{}`.\n\n\
         | target | input | dictionary (`-dict=`) |\n|---|---|---|\n",
        all.len(),
        fuzz::KINDS.len(),
        R::NAMES.len(),
        names.join(", "),
        fuzz::CASE_FILES
    );
    for target in &all {
        let input = match target.kind {
            "structured" => "bytes through `arbitrary`",
            "answers" => "`input NUL output`",
            _ => "any bytes",
        };
        let dict = match dictionary(target, problems_dir) {
            Some(d) => format!("`dict/{}.dict` ({} words)", target.name, d.lines().count()),
            None => "none".into(),
        };
        out.push_str(&format!("| `{}` | {input} | {dict} |\n", target.name));
    }
    out
}

/// `doc` with the text between [`LIST_START`] and [`LIST_END`] replaced by
/// `list`; `None` if the markers are missing.
pub fn with_target_list(doc: &str, list: &str) -> Option<String> {
    let (head, rest) = doc.split_once(LIST_START)?;
    let (_, tail) = rest.split_once(LIST_END)?;
    Some(format!("{head}{LIST_START}\n{list}{LIST_END}{tail}"))
}

/// `fuzz/Cargo.toml`: the package and one `[[bin]]` per target.
pub fn manifest<R: Registry>() -> String {
    let mut out = MANIFEST_HEAD.to_string();
    for t in fuzz::targets::<R>() {
        out += &format!(
            "\n[[bin]]\nname = \"{0}\"\npath = \"fuzz_targets/{0}.rs\"\ntest = false\ndoc = false\nbench = false\n",
            t.name
        );
    }
    out
}

/// Each structured target with each zoo variant of its problem: the runs
/// of `fuzz/zoo.sh`, which measures how soon each variant is caught.
pub fn zoo_runs<R: Registry>() -> Vec<(String, String)> {
    fuzz::targets::<R>()
        .into_iter()
        .filter(|t| t.kind == "structured")
        .flat_map(|t| {
            let problem = t.problem.expect("a problem's target");
            R::visit(problem, ZooNames)
                .expect("a registered name")
                .into_iter()
                .map(move |variant| (t.name.clone(), variant))
        })
        .collect()
}

struct ZooNames;

impl Visitor for ZooNames {
    type Output = Vec<String>;
    fn visit<P: Suite>(self) -> Vec<String> {
        P::zoo().into_iter().map(|s| s.name).collect()
    }
}

/// A corpus file's name from its content, so regenerating adds nothing twice.
pub fn seed_name(data: &[u8]) -> String {
    let mut h = DefaultHasher::new();
    data.hash(&mut h);
    format!("seed-{:016x}", h.finish())
}

/// The seeds of `target`, from the vector files in `problems_dir`
/// (`src/problems`, whose folder `<problem with _>` holds `vectors.toml`).
pub fn seeds<R: Registry>(target: &Target, problems_dir: &Path) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = match target.problem {
        None => case_file_seeds::<R>(problems_dir),
        Some(problem) => {
            let vectors = vectors_of(problem, problems_dir);
            let made = R::visit(problem, Made(&vectors)).expect("a registered name");
            match target.kind {
                "answers" => made.answers,
                // `arbitrary` reads any bytes: the texts are varied starting points.
                _ => made.texts.into_iter().map(String::into_bytes).collect(),
            }
        }
    };
    out.retain(|s| s.len() <= MAX_SEED_LEN);
    let mut seen = BTreeSet::new();
    out.retain(|s| seen.insert(s.clone()));
    out
}

/// The libFuzzer dictionary of `target`, if it reads text: every word of
/// its problem's vector inputs (commands, colours, keywords), in the
/// `name="value"` form `-dict=` reads.
pub fn dictionary(target: &Target, problems_dir: &Path) -> Option<String> {
    let problem = target.problem?;
    if !matches!(target.kind, "text" | "answers") {
        return None;
    }
    let vectors = vectors_of(problem, problems_dir);
    let mut words: BTreeSet<String> = vectors
        .vectors
        .iter()
        .flat_map(|v| v.input.split_whitespace().map(str::to_string))
        .filter(|w| w.len() <= 16 && w.bytes().any(|b| b.is_ascii_alphabetic()))
        .collect();
    words.extend(["\n", "\r\n", " ", "0", "-1"].map(String::from));
    let lines: Vec<String> = words
        .iter()
        .enumerate()
        .map(|(i, w)| format!("w{i}=\"{}\"", escape(w)))
        .collect();
    Some(lines.join("\n") + "\n")
}

/// A dictionary value: printable ASCII as is, `"`, `\` and the rest as `\xNN`.
fn escape(word: &str) -> String {
    word.bytes()
        .map(|b| match b {
            b'"' | b'\\' => format!("\\x{b:02x}"),
            0x20..=0x7e => (b as char).to_string(),
            _ => format!("\\x{b:02x}"),
        })
        .collect()
}

fn vectors_of(problem: &str, problems_dir: &Path) -> Vectors {
    let path = problems_dir
        .join(problem.replace('-', "_"))
        .join("vectors.toml");
    vectors::load(&path).unwrap_or_else(|_| Vectors {
        file: path.display().to_string(),
        vectors: Vec::new(),
    })
}

/// The case-file target's seeds: each vector file, and a case file of
/// each problem's vectors as `check --save` would write it.
fn case_file_seeds<R: Registry>(problems_dir: &Path) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for problem in R::NAMES {
        let vectors = vectors_of(problem, problems_dir);
        let entries: Vec<Entry> = vectors.vectors.iter().take(4).cloned().collect();
        if let Ok(text) = casefile::text(entries) {
            out.push(text.into_bytes());
        }
        if let Ok(text) = std::fs::read(&vectors.file) {
            out.push(text);
        }
    }
    out
}

/// One problem's seeds: input texts and `input NUL output` pairs.
struct Made<'a>(&'a Vectors);

struct Seeds {
    texts: Vec<String>,
    answers: Vec<Vec<u8>>,
}

impl Visitor for Made<'_> {
    type Output = Seeds;
    fn visit<P: Suite>(self) -> Seeds {
        let mut texts = Vec::new();
        let mut answers = Vec::new();
        let pair =
            |input: &str, output: &str| [input.as_bytes(), b"\0", output.as_bytes()].concat();
        for v in &self.0.vectors {
            texts.push(v.input.clone());
            if let Some(Expect::Output(output)) = v.expect() {
                answers.push(pair(&v.input, &output));
                texts.push(output);
            }
        }
        let zoo = P::zoo();
        let sizes = [2, 5, P::DEFAULT_SIZE].map(clamp_size::<P>);
        let mut cases = Vec::new();
        for size in sizes {
            cases.extend((0..GENERATED).map(|seed| generate::<P>(seed, size)));
        }
        for pattern in &P::extras().patterns {
            for size in [16, 256] {
                cases.push((pattern.build)(clamp_size::<P>(size)));
            }
        }
        // Beyond the oracle's reach a case costs seconds: the fuzzer may go
        // there, the committed corpus (replayed by `cargo test`) does not.
        cases.retain(|c| P::oracle_reaches(c));
        for (i, case) in cases.iter().enumerate() {
            let input = case_text::<P>(case);
            let right = answer_text::<P>(&reference::<P>(case).0);
            texts.push(input.clone());
            answers.push(pair(&input, &right));
            // One zoo variant's (often wrong) answer per case, in turn.
            if let Some(Ok(wrong)) = (!zoo.is_empty()).then(|| zoo[i % zoo.len()].solve(case)) {
                answers.push(pair(&input, &answer_text::<P>(&wrong)));
            }
        }
        let few = &cases[..cases.len().min(3)];
        let all_right: String = few
            .iter()
            .map(|c| answer_text::<P>(&reference::<P>(c).0))
            .collect();
        answers.push(pair(&multi_case_text::<P>(few), &all_right));
        Seeds { texts, answers }
    }
}
