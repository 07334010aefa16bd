//! cargo-mutants' mutants as bugs of the table, from a mutant-schemata
//! build (`scripts/mutants-table.py`): every mutant is compiled in behind
//! `boardcheck::mutant::on`, and the bug is the mutated engine or oracle,
//! called with its mutant on for that call only, so the reference, the
//! generators and the shrinking around it run unmutated.

use std::path::Path;

use boardcheck::suite::Solver;
use serde::Deserialize;

use crate::subject::Subject;

/// One line of the schemata list that `mutant-schemata write` made.
#[derive(Deserialize)]
struct Entry {
    id: u32,
    name: String,
    file: String,
    status: String,
}

/// The id of a bug [`bugs`] names (`mutant-ID`), or `None` for a zoo
/// variant.
pub fn id(bug: &str) -> Option<&str> {
    bug.strip_prefix("mutant-")
        .filter(|n| n.parse::<u32>().is_ok())
}

/// The mutants in `ids` of problem `P`'s files, each as a bug.
pub fn bugs<P: Subject>(schemata: &Path, ids: &[u32]) -> Result<Vec<Solver<P>>, String> {
    let text =
        std::fs::read_to_string(schemata).map_err(|e| format!("{}: {e}", schemata.display()))?;
    let entries: Vec<Entry> =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", schemata.display()))?;
    let folder = format!("src/problems/{}/", P::MODULE);
    let mut bugs = Vec::new();
    for &id in ids {
        let Some(e) = entries.iter().find(|e| e.id == id) else {
            return Err(format!("no mutant {id} in {}", schemata.display()));
        };
        if e.status != "in" {
            return Err(format!("mutant {id} is not in the build ({})", e.status));
        }
        if !e.file.starts_with(&folder) {
            continue;
        }
        let oracle = e.file.ends_with("/oracle.rs");
        let file = e.file.clone();
        bugs.push(Solver::new(
            format!("mutant-{id}"), // read back by `id`
            e.name.clone(),
            move |case: &P::Case| {
                boardcheck::mutant::with(id, || {
                    if let Some(answer) = P::own_engine(&file, case) {
                        return answer;
                    }
                    // The oracle is the reference only where it reaches
                    // (`generation::reference`); elsewhere the engine is.
                    if oracle && P::oracle_reaches(case) {
                        P::oracle(case)
                    } else {
                        P::engine(case)
                    }
                })
            },
        ));
    }
    Ok(bugs)
}
