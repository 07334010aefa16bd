//! Case files: inputs with their expected answers (or expected errors), in
//! TOML: the failures `check --save` keeps, and what `check --replay`
//! reads, and what a vector file gives a candidate
//! ([`super::vectors::candidate_entries`]). The test vectors under
//! `tests/data/` are files of their own, with unique names and explicit
//! skips ([`super::vectors`]).
//!
//! ```toml
//! [[case]]
//! name = "sort-row seed 5: WA"
//! input = """
//! 31415
//! """
//! output = "11345\n"
//! ```

use std::path::Path;

use serde::{Deserialize, Serialize};

/// One entry of a case file.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub struct Entry {
    /// What the case shows.
    pub name: String,
    /// The input, exactly as a candidate reads it.
    pub input: String,
    /// The expected output, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// For inputs that must be refused: text the error message contains
    /// (e.g. `line 3`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Read the input in the multi-case form.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub multi: bool,
}

#[derive(Default, Deserialize, Serialize)]
struct File {
    #[serde(default)]
    case: Vec<Entry>,
    /// The `[[test]]` tables of a vector file, only to refuse one.
    #[serde(default, skip_serializing)]
    test: Vec<toml::Table>,
}

/// Reads a case file; a test-vector file ([`super::vectors`]) is refused
/// rather than read as empty.
pub fn load(path: &Path) -> Result<Vec<Entry>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&path.display().to_string(), &text)
}

/// Reads the case file `text` (named `file` in messages), as [`load`].
pub fn parse(file: &str, text: &str) -> Result<Vec<Entry>, String> {
    let parsed = toml::from_str::<File>(text).map_err(|e| format!("{file}: {e}"))?;
    if !parsed.test.is_empty() {
        return Err(format!(
            "{file}: a test-vector file ([[test]] tables), not a case file of saved failures"
        ));
    }
    Ok(parsed.case)
}

/// The text of a case file holding `entries`, which [`parse`] reads back.
pub fn text(entries: Vec<Entry>) -> Result<String, String> {
    toml::to_string(&File {
        case: entries,
        test: Vec::new(),
    })
    .map_err(|e| e.to_string())
}

/// Adds `entry` to the case file at `path` (created if missing) unless an
/// entry with the same input is there; writes a temporary file and renames
/// it, so the file is never half-written.
pub fn append(path: &Path, entry: Entry) -> Result<(), String> {
    let mut entries = if path.exists() {
        load(path)?
    } else {
        Vec::new()
    };
    if entries.iter().any(|e| e.input == entry.input) {
        return Ok(());
    }
    entries.push(entry);
    let text = text(entries)?;
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text)
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_vector_file_is_not_read_as_an_empty_case_file() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        let mut files = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                let e = load(&path).unwrap_err();
                assert!(e.contains("a test-vector file"), "{}: {e}", path.display());
                files += 1;
            }
        }
        assert!(files >= 1, "no vector files in {}", dir.display());
    }
}
