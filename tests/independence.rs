//! Oracle independence: an oracle shares no code with its engine. For every
//! problem folder, the oracle side (`oracle.rs` and every file of the folder
//! it imports, `mod.rs` and `format.rs` aside) must not import an engine-side
//! file, nor another problem, nor any part of the crate but `text`, `limits`
//! and `problem` (the folder's `limits.rs`, constants importing nothing, is
//! read by both sides); no free function of `mod.rs` may be used both by the
//! oracle side and by the engine's own code (what the engine imports);
//! `format.rs` (the reader both sides are fed through) must not import the
//! engine; and `fn oracle` in `mod.rs` must call only oracle-side modules.
//!
//! Engine side: the file `fn engine` in `mod.rs` calls, the other engines a
//! folder keeps ([`OTHER_ENGINES`]), everything they import and everything
//! that imports them (e.g. go-move's `playout.rs`, reversi's `perft.rs`).

use std::collections::{BTreeMap, BTreeSet};

/// Files that are engines though `fn engine` does not call them.
const OTHER_ENGINES: &[&str] = &["engine", "grid", "bitboard", "othello", "solver"];

/// What the oracle side may use from the rest of the crate.
const ALLOWED_CRATE: &[&str] = &["text", "limits", "problem"];

/// The code of a file: comments dropped, the `#[cfg(test)]` module cut off.
fn code(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if line.starts_with("#[cfg(test)]") {
            break;
        }
        let line = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The paths of a use tree starting at `s` (`a::b::{c, d::e, f as g}`), each
/// as segments; `self` in braces names the prefix. Returns the paths and how
/// many bytes were read.
fn use_tree(s: &str, prefix: &[String]) -> (Vec<Vec<String>>, usize) {
    let bytes = s.as_bytes();
    let mut i = 0;
    let mut path = prefix.to_vec();
    let mut out = Vec::new();
    loop {
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        if i > start {
            let segment = &s[start..i];
            if segment != "self" {
                path.push(segment.to_string());
            }
        }
        if s[i..].starts_with("::") {
            i += 2;
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            continue;
        }
        {
            if i < bytes.len() && bytes[i] == b'{' {
                i += 1;
                loop {
                    while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b',') {
                        i += 1;
                    }
                    if i >= bytes.len() || bytes[i] == b'}' {
                        return (out, i + 1);
                    }
                    let (inner, used) = use_tree(&s[i..], &path);
                    out.extend(inner);
                    i += used;
                    // Skip an alias (`as name`) up to the next separator.
                    while i < bytes.len() && bytes[i] != b',' && bytes[i] != b'}' {
                        i += 1;
                    }
                }
            }
        }
        out.push(path);
        return (out, i);
    }
}

/// Every crate path a file names (`super::...`, `crate::...`), absolute, for
/// a file of problem `problem` (a module `crate::problems::<problem>::<file>`).
fn imports(problem: &str, text: &str) -> Vec<Vec<String>> {
    let code = code(text);
    let here = |extra: &[&str]| -> Vec<String> {
        ["problems", problem]
            .iter()
            .chain(extra)
            .map(|s| s.to_string())
            .collect()
    };
    let mut found = Vec::new();
    for (i, _) in code
        .match_indices("crate::")
        .chain(code.match_indices("super::"))
    {
        // Only the start of a path (not `super::` inside `super::super::`).
        let before = code[..i].chars().last().unwrap_or(' ');
        if before.is_alphanumeric() || before == '_' || before == ':' {
            continue;
        }
        let (root, rest) = if code[i..].starts_with("crate::") {
            (Vec::new(), i + 7)
        } else if code[i..].starts_with("super::super::") {
            (here(&[])[..1].to_vec(), i + 14)
        } else {
            (here(&[]), i + 7)
        };
        found.extend(use_tree(&code[rest..], &root).0);
    }
    found
}

/// What a path points at, seen from problem `problem` with files `files`.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
enum Target {
    /// A file of the same folder (its stem).
    File(String),
    /// An item of the folder's `mod.rs`.
    Item(String),
    /// Anything else in the crate, as `a::b`.
    Other(String),
}

fn target(problem: &str, files: &BTreeMap<String, String>, path: &[String]) -> Target {
    if path.len() >= 2 && path[0] == "problems" && path[1] == problem {
        match path.get(2) {
            Some(name) if files.contains_key(name) && name != "mod" => Target::File(name.clone()),
            Some(name) => Target::Item(name.clone()),
            None => Target::Item(String::new()),
        }
    } else {
        Target::Other(path.iter().take(2).cloned().collect::<Vec<_>>().join("::"))
    }
}

/// The free functions of `mod.rs` (top level) and their bodies.
fn free_functions(mod_rs: &str) -> BTreeMap<String, String> {
    let code = code(mod_rs);
    let mut out = BTreeMap::new();
    let lines: Vec<&str> = code.lines().collect();
    for (k, line) in lines.iter().enumerate() {
        let Some(rest) = line.strip_prefix("pub fn ").or(line.strip_prefix("fn ")) else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let end = (k..lines.len())
            .find(|&j| lines[j] == "}")
            .unwrap_or(lines.len() - 1);
        out.insert(name, lines[k + 1..=end].join("\n"));
    }
    out
}

/// Whether `code` names `item` as a whole word.
fn names(code: &str, item: &str) -> bool {
    code.match_indices(item).any(|(i, _)| {
        let before = code[..i].chars().last().unwrap_or(' ');
        let after = code[i + item.len()..].chars().next().unwrap_or(' ');
        !(before.is_alphanumeric() || before == '_' || after.is_alphanumeric() || after == '_')
    })
}

/// The body of `fn <name>(` inside `mod.rs`'s trait impl.
fn method_body<'a>(mod_rs: &'a str, name: &str) -> &'a str {
    let Some(start) = mod_rs.find(&format!("fn {name}(")) else {
        return "";
    };
    let rest = &mod_rs[start..];
    &rest[..rest.find("\n    }").unwrap_or(rest.len())]
}

/// Every violation of oracle independence in one problem folder (`files`:
/// stem → source text, `mod` for `mod.rs`).
fn violations(problem: &str, files: &BTreeMap<String, String>) -> Vec<String> {
    let empty = String::new();
    let mod_rs = files.get("mod").unwrap_or(&empty);
    let imports_of = |stem: &str| -> Vec<Target> {
        imports(problem, &files[stem])
            .iter()
            .map(|p| target(problem, files, p))
            .collect()
    };
    let local = |stem: &str| -> BTreeSet<String> {
        imports_of(stem)
            .into_iter()
            .filter_map(|t| match t {
                Target::File(f) if f != "format" && f != "limits" => Some(f),
                _ => None,
            })
            .collect()
    };
    let closure = |roots: BTreeSet<String>| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<String> = roots.into_iter().collect();
        while let Some(f) = stack.pop() {
            if files.contains_key(&f)
                && !["mod", "format", "limits"].contains(&f.as_str())
                && seen.insert(f.clone())
            {
                stack.extend(local(&f));
            }
        }
        seen
    };
    let modules_called = |body: &str| -> BTreeSet<String> {
        files
            .keys()
            .filter(|f| body.contains(&format!("{f}::")))
            .cloned()
            .collect()
    };
    let oracle_roots = modules_called(method_body(mod_rs, "oracle"));
    let oracle_side = closure(
        oracle_roots
            .iter()
            .cloned()
            .chain(["oracle".to_string()])
            .collect(),
    );
    // The engine side: the engines, what they import, what imports them.
    let mut roots = modules_called(method_body(mod_rs, "engine"));
    roots.extend(OTHER_ENGINES.iter().map(|s| s.to_string()));
    let engine_code = closure(roots);
    let mut engine_side = engine_code.clone();
    loop {
        let more: BTreeSet<String> = files
            .keys()
            .filter(|f| !["mod", "format", "limits"].contains(&f.as_str()))
            .filter(|f| !engine_side.contains(*f))
            // An oracle file importing the engine is reported as such.
            .filter(|f| !oracle_side.contains(*f))
            .filter(|f| local(f).iter().any(|g| engine_side.contains(g)))
            .cloned()
            .collect();
        if more.is_empty() {
            break;
        }
        engine_side.extend(more);
    }

    let mut bad = Vec::new();
    // The folder's limits are constants both sides read: they import nothing.
    if files.contains_key("limits") && !imports_of("limits").is_empty() {
        bad.push(format!("{problem}: limits.rs imports code"));
    }
    for f in &oracle_roots {
        if engine_side.contains(f) {
            bad.push(format!(
                "{problem}: fn oracle in mod.rs calls the engine-side {f}.rs"
            ));
        }
    }
    for f in oracle_side.intersection(&engine_side) {
        bad.push(format!(
            "{problem}: the oracle side uses the engine-side {f}.rs"
        ));
    }
    for f in oracle_side
        .iter()
        .chain(files.get("format").map(|_| "format".to_string()).iter())
    {
        for t in imports_of(f) {
            match &t {
                Target::File(g) if engine_side.contains(g) && f == "format" => bad.push(format!(
                    "{problem}: format.rs imports the engine-side {g}.rs"
                )),
                Target::Other(o)
                    if f != "format"
                        && !ALLOWED_CRATE
                            .iter()
                            .any(|a| o == a || o.starts_with(&format!("{a}::"))) =>
                {
                    bad.push(format!("{problem}: {f}.rs imports crate::{o}"))
                }
                _ => {}
            }
        }
    }
    // Free functions of mod.rs, closed under the calls between them.
    let functions = free_functions(mod_rs);
    let uses = |side: &BTreeSet<String>| -> BTreeSet<String> {
        let mut used: BTreeSet<String> = side
            .iter()
            .flat_map(|f| imports_of(f))
            .filter_map(|t| match t {
                Target::Item(name) if functions.contains_key(&name) => Some(name),
                _ => None,
            })
            .collect();
        loop {
            let more: BTreeSet<String> = functions
                .iter()
                .filter(|(name, _)| !used.contains(*name))
                .filter(|(name, _)| used.iter().any(|u| names(&functions[u], name)))
                .map(|(name, _)| name.clone())
                .collect();
            if more.is_empty() {
                return used;
            }
            used.extend(more);
        }
    };
    for shared in uses(&oracle_side).intersection(&uses(&engine_code)) {
        bad.push(format!(
            "{problem}: mod.rs's fn {shared} is used by both the oracle and the engine"
        ));
    }
    bad.dedup();
    bad
}

fn folder(problem_dir: &std::path::Path) -> BTreeMap<String, String> {
    std::fs::read_dir(problem_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| {
            let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
            (stem, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

#[test]
fn no_oracle_shares_code_with_its_engine() {
    let mut checked = Vec::new();
    let mut bad = Vec::new();
    for entry in std::fs::read_dir("src/problems").unwrap() {
        let dir = entry.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        let problem = dir.file_name().unwrap().to_string_lossy().into_owned();
        let files = folder(&dir);
        assert!(files.contains_key("oracle"), "{problem} has no oracle.rs");
        bad.extend(violations(&problem, &files));
        checked.push(problem.replace('_', "-"));
    }
    // One folder per problem of the registry, and no other.
    checked.sort();
    let mut registry: Vec<String> = boardcheck::problems::NAMES
        .iter()
        .map(|n| n.to_string())
        .collect();
    registry.sort();
    assert_eq!(checked, registry, "problem folders against the registry");
    assert!(
        bad.is_empty(),
        "oracles that share code with their engines:\n{}",
        bad.join("\n")
    );
}

/// A synthetic folder: an engine, a helper only the oracle uses, and mod.rs.
fn synthetic(oracle: &str, helper: &str) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    files.insert(
        "mod".into(),
        "pub mod engine;\npub fn shared(x: u8) -> u8 {\n    x\n}\npub fn both(x: u8) -> u8 {\n    shared(x)\n}\n\
         impl Problem for P {\n    fn oracle(c: &Case) -> A {\n        oracle::solve(c)\n    }\n    fn engine(c: &Case) -> A {\n        engine::solve(c)\n    }\n}\n"
            .into(),
    );
    files.insert(
        "engine".into(),
        "use super::{Case, both};\npub fn solve() {}\n".into(),
    );
    files.insert("playout".into(), "use super::engine::Board;\n".into());
    files.insert("rules".into(), "use super::Case;\n".into());
    files.insert(
        "format".into(),
        "use super::Case;\nuse crate::text::Lines;\n".into(),
    );
    files.insert("helper".into(), helper.into());
    files.insert("oracle".into(), oracle.into());
    files
}

#[test]
fn the_checker_accepts_an_independent_oracle() {
    let files = synthetic(
        "use super::{Case, helper, rules};\nuse crate::text::Lines;\n// use super::engine::Board; (a comment)\n",
        "use super::Case;\n",
    );
    assert_eq!(violations("p", &files), Vec::<String>::new());
}

#[test]
fn the_checker_refuses_every_kind_of_shared_code() {
    let cases = [
        ("use super::engine::Board;\n", "", "engine-side engine.rs"),
        ("use super::{Case, engine};\n", "", "engine-side engine.rs"),
        (
            "use super::{Case, helper};\n",
            "use super::{self, playout::run};\n",
            "engine-side engine.rs",
        ),
        (
            "fn f() { crate::problems::p::engine::solve() }\n",
            "",
            "engine-side engine.rs",
        ),
        (
            "use super::{Case, shared};\n",
            "",
            "fn shared is used by both",
        ),
        (
            "use super::super::other::oracle;\n",
            "",
            "imports crate::problems::other",
        ),
        (
            "use crate::harness::judging;\n",
            "",
            "imports crate::harness",
        ),
    ];
    for (oracle, helper, want) in cases {
        let got = violations("p", &synthetic(oracle, helper)).join("\n");
        assert!(
            got.contains(want),
            "{oracle:?} / {helper:?}: want {want:?}, got {got:?}"
        );
    }
    let mut files = synthetic("use super::Case;\n", "");
    files.insert(
        "format".into(),
        "use crate::problems::p::engine::Board;\n".into(),
    );
    assert!(
        violations("p", &files)
            .join("\n")
            .contains("format.rs imports the engine-side engine.rs")
    );
    let mut files = synthetic("use super::Case;\n", "");
    let m = files["mod"].replace("oracle::solve(c)", "engine::solve(c)");
    files.insert("mod".into(), m);
    assert!(
        violations("p", &files)
            .join("\n")
            .contains("fn oracle in mod.rs calls the engine-side")
    );
}
