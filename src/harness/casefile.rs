//! Case files: inputs with their expected answers (or expected errors), in
//! TOML. One format serves the test vectors under `tests/data/`, the
//! failures `check --save` keeps, and `check --replay`.
//!
//! ```toml
//! [[case]]
//! name = "seed example: the run is closed"
//! input = """
//! A.BBA
//! 1
//! A 1
//! """
//! output = "AAAAA\n"
//! ```

use std::path::Path;

use serde::{Deserialize, Serialize};

/// One entry of a case file.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
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
}

/// Reads a case file.
pub fn load(path: &Path) -> Result<Vec<Entry>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    toml::from_str::<File>(&text)
        .map(|f| f.case)
        .map_err(|e| format!("{}: {e}", path.display()))
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
    let text = toml::to_string(&File { case: entries }).map_err(|e| e.to_string())?;
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text)
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}
