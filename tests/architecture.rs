//! ARCHITECTURE.md stays true: every path it names in backticks exists.

#[test]
fn every_path_architecture_md_names_exists() {
    let map = std::fs::read_to_string("ARCHITECTURE.md").unwrap();
    let mut checked = 0;
    for (i, piece) in map.split('`').enumerate() {
        let looks_like_path = i % 2 == 1
            && !piece.contains(' ')
            && (piece.contains('/') || piece.ends_with(".rs") || piece.ends_with(".md"))
            && !piece.contains('*')
            && !piece.starts_with("--");
        if !looks_like_path {
            continue;
        }
        // Bare file names in a folder's row belong to that folder.
        let path = if piece.contains('/') {
            piece.to_string()
        } else {
            let row = map
                .lines()
                .find(|l| l.contains(&format!("`{piece}`")))
                .unwrap();
            let folder = row.split('`').nth(1).unwrap_or("");
            if folder.ends_with('/') {
                format!("{folder}{piece}")
            } else {
                piece.to_string()
            }
        };
        let path = path.trim_end_matches('/');
        assert!(
            std::path::Path::new(path).exists(),
            "ARCHITECTURE.md names `{piece}`, but {path} does not exist"
        );
        checked += 1;
    }
    assert!(
        checked > 20,
        "only {checked} paths found in ARCHITECTURE.md"
    );
}

#[test]
fn the_map_fits_one_screen() {
    let lines = std::fs::read_to_string("ARCHITECTURE.md")
        .unwrap()
        .lines()
        .count();
    assert!(lines <= 60, "ARCHITECTURE.md has {lines} lines");
}

/// The modules of `src/` a file imports (`use crate::...`, `use super::...`,
/// or a path in code), comments left out.
fn imports(file: &std::path::Path, module: &[String]) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(file).unwrap();
    let code: String = text
        .lines()
        .take_while(|l| !l.starts_with("#[cfg(test)]"))
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = Vec::new();
    for (i, _) in code
        .match_indices("crate::")
        .chain(code.match_indices("super::"))
    {
        let path: String = code[i..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        let mut parts: Vec<String> = Vec::new();
        for (k, segment) in path.split("::").enumerate() {
            match (k, segment) {
                (0, "crate") => {}
                (_, "super") => {
                    if parts.is_empty() && k == 0 {
                        parts = module[..module.len().saturating_sub(1)].to_vec();
                    } else {
                        parts.pop();
                    }
                }
                (_, "") => break,
                (_, s) => parts.push(s.to_string()),
            }
        }
        found.push(parts);
    }
    found
}

#[test]
fn no_two_files_import_each_other() {
    // Every module file under src/ and its module path.
    let mut files = Vec::new();
    let mut stack = vec![std::path::PathBuf::from("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix("src").unwrap().with_extension("");
                let mut module: Vec<String> = rel
                    .iter()
                    .map(|s| s.to_string_lossy().into_owned())
                    .collect();
                if module
                    .last()
                    .is_some_and(|m| m == "mod" || m == "lib" || m == "main")
                {
                    module.pop();
                }
                files.push((module, path));
            }
        }
    }
    let known = |parts: &[String]| -> Option<Vec<String>> {
        (1..=parts.len())
            .rev()
            .map(|k| parts[..k].to_vec())
            .find(|m| files.iter().any(|(f, _)| f == m))
    };
    let mut edges = std::collections::HashSet::new();
    for (module, path) in &files {
        for target in imports(path, module) {
            if let Some(target) = known(&target) {
                if &target != module {
                    edges.insert((module.join("/"), target.join("/")));
                }
            }
        }
    }
    let cycles: Vec<_> = edges
        .iter()
        .filter(|(a, b)| a < b && edges.contains(&(b.clone(), a.clone())))
        .collect();
    assert!(
        cycles.is_empty(),
        "files that import each other: {cycles:?}"
    );
    assert!(edges.len() > 50, "only {} imports found", edges.len());
}
