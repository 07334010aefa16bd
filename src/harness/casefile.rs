//! The one input-file format: named inputs, each optionally with its
//! expected output or error, in TOML `[[case]]` tables. Test vectors under
//! `src/problems/<module>/vectors.toml` (`vectors`, which also checks their names and
//! skips), the failures `check --save` keeps and what `check --replay`
//! reads are all files of [`Entry`]s. Files written before the formats
//! were one still read: `[[test]]` tables (old vector files) are read as
//! `[[case]]` tables.
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

/// One named input, with what it expects: an entry of a vector file or of
/// a saved case file, and an input given to a check.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// What the case shows; in a vector file, a unique `[a-z0-9-]+` name.
    pub name: String,
    /// What it shows, in prose (may be empty).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub about: String,
    /// The input, exactly as a candidate reads it.
    pub input: String,
    /// The expected output (the answer texts of every case, concatenated),
    /// when known: a vector's expectation, or what the reference answered
    /// when `--save` kept it (`--replay` says when today's differs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// For inputs that must be refused: text the error message contains
    /// (e.g. `line 3`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Read the input in the multi-case form.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub multi: bool,
    /// Solvers the entry is not for, each `"solver"` or `"solver: why"`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skip: Vec<Skip>,
    /// Free labels.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
}

/// A solver an entry is not for, and why; written `"solver: why"`.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(from = "String", into = "String")]
pub struct Skip {
    /// The solver's name, e.g. `oracle`.
    pub solver: String,
    /// Why (empty if the file gives no reason).
    pub why: String,
}

impl From<String> for Skip {
    fn from(text: String) -> Skip {
        let (solver, why) = text.split_once(':').unwrap_or((&text, ""));
        Skip {
            solver: solver.trim().into(),
            why: why.trim().into(),
        }
    }
}

impl From<Skip> for String {
    fn from(skip: Skip) -> String {
        if skip.why.is_empty() {
            skip.solver
        } else {
            format!("{}: {}", skip.solver, skip.why)
        }
    }
}

/// What an entry expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// The answer texts of every case, concatenated.
    Output(String),
    /// Text the message refusing the input contains.
    Error(String),
}

impl Entry {
    /// Why this entry is not for `solver`, if it says so.
    pub fn skips(&self, solver: &str) -> Option<&Skip> {
        self.skip.iter().find(|s| s.solver == solver)
    }

    /// Its one expectation: none when it gives neither or both.
    pub fn expect(&self) -> Option<Expect> {
        match (&self.output, &self.error) {
            (Some(output), None) => Some(Expect::Output(output.clone())),
            (None, Some(error)) => Some(Expect::Error(error.clone())),
            _ => None,
        }
    }
}

#[derive(Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct File {
    /// `[[case]]` tables; `[[test]]`, the old vector files' name, reads too.
    #[serde(default, alias = "test")]
    case: Vec<Entry>,
}

/// Reads a case file (a vector file, a saved one, old or new).
pub fn load(path: &Path) -> Result<Vec<Entry>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&path.display().to_string(), &text)
}

/// Reads the case file `text` (named `file` in messages), as [`load`].
pub fn parse(file: &str, text: &str) -> Result<Vec<Entry>, String> {
    let parsed = toml::from_str::<File>(text)
        .map_err(|e| format!("{file}: {}", e.to_string().trim_end()))?;
    Ok(parsed.case)
}

/// The text of a case file holding `entries`, which [`parse`] reads back.
pub fn text(entries: Vec<Entry>) -> Result<String, String> {
    toml::to_string(&File { case: entries }).map_err(|e| e.to_string())
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
    fn an_old_vector_file_reads_as_entries() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/problems");
        let mut files = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path().join("vectors.toml");
            if !path.is_file() {
                continue;
            }
            let new = load(&path).unwrap();
            assert!(!new.is_empty());
            let text = std::fs::read_to_string(&path).unwrap();
            let old = parse("old", &text.replace("[[case]]", "[[test]]")).unwrap();
            assert_eq!(old, new, "{}", path.display());
            files += 1;
        }
        assert!(files >= 1, "no vector files in {}", dir.display());
    }

    #[test]
    fn an_entry_writes_and_reads_back() {
        let entry = Entry {
            name: "n".into(),
            input: ".\n0\n".into(),
            output: Some(".\n".into()),
            skip: vec![Skip::from("oracle: too large".to_string())],
            ..Entry::default()
        };
        let written = text(vec![entry.clone()]).unwrap();
        assert!(written.contains("[[case]]"), "{written}");
        assert!(
            written.contains("skip = [\"oracle: too large\"]"),
            "{written}"
        );
        assert_eq!(parse("w", &written), Ok(vec![entry]));
    }
}
