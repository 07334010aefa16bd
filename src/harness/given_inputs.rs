//! The inputs a check is given before its own cases (`--replay`, a
//! `--save` file, or `--vectors`), and the case-file entry `--save` keeps
//! for a failure: beside [`super::casefile`], which reads and writes them.

use std::path::{Path, PathBuf};

use super::casefile::{self, Entry};
use super::report::Failure;
use super::vectors;
use super::verdict::Origin;

/// The given inputs of one check and where they came from.
pub struct GivenInputs {
    /// The inputs the candidate runs first.
    pub given: Vec<Entry>,
    /// The entries left out, with why (error vectors are for `solve`).
    pub skipped: Vec<String>,
    /// Replayed or vectors.
    pub origin: Origin,
    /// The file they came from (empty when none).
    pub file: PathBuf,
}

/// The entries of the case file `replay` (which must exist), else of the
/// test-vector file `vectors`; none without either.
pub fn load(replay: Option<&Path>, vectors: Option<&Path>) -> Result<GivenInputs, String> {
    let entries: Vec<Entry> = match replay {
        Some(path) if !path.exists() => {
            return Err(format!(
                "--replay {}: no such file (a file --save wrote is replayed)",
                path.display()
            ));
        }
        Some(path) => casefile::load(path)?,
        None => Vec::new(),
    };
    // Entries that expect an error are for `solve`: a candidate is not run
    // on them, and the report says so.
    let (errors, valid): (Vec<Entry>, Vec<Entry>) =
        entries.into_iter().partition(|e| e.error.is_some());
    let skipped = errors
        .iter()
        .map(|e| format!("{}: an error vector (for `solve`)", e.name))
        .collect();
    let given = valid;
    match vectors {
        None => Ok(GivenInputs {
            given,
            skipped,
            origin: Origin::Replayed,
            file: replay.map(Path::to_path_buf).unwrap_or_default(),
        }),
        Some(path) => {
            let file = vectors::load(path)?;
            let entries = vectors::candidate_entries(&file);
            let skipped = entries.notes();
            Ok(GivenInputs {
                given: entries.entries,
                skipped,
                origin: Origin::Vector,
                file: path.to_path_buf(),
            })
        }
    }
}

/// The case-file entry `--save` keeps for `failure`.
pub fn saved_entry(problem: &str, seed: u64, multi: bool, failure: &Failure) -> Entry {
    Entry {
        name: format!("{problem} seed {seed}: {}", failure.verdict),
        input: failure.input.clone(),
        output: Some(failure.expected.clone()),
        multi,
        ..Entry::default()
    }
}
