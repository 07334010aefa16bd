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

// ---------------------------------------------------------------------------
// Dependencies point one way.
//
// Every `.rs` file of `src/` is a node. A file depends on another when it
// names it: a `use` tree (nested braces, `self`, `super`, `crate`, renames,
// globs, `pub use`, over several lines) or a path in code
// (`crate::a::b::f()`, `super::super::x`, `boardcheck::...` from the
// binary). A path ending at an item re-exported with `pub use` also depends
// on the file the item comes from. A file naming an item of a module it lies
// in (`use super::Case` in a problem's `oracle.rs`, `crate::Check`) is
// containment, not a dependency (the item's `pub use` source still is); the
// other way, a `mod.rs` using its children (`engine::solve(c)`, `pub use
// bwrap::bwrap_args`), is one. Code under `#[cfg(test)]` (and files
// declared so) is left out, and so are comments and strings.
//
// Folders: an import between two files is also an import between the two
// units that hold them in their closest common folder (a file of that
// folder, or one of its subfolders): `harness/phases/failing.rs` importing
// `harness/check.rs` makes `harness/phases/` depend on `harness/check.rs`.
// There must be no cycle of any length among files, nor among the units of
// any folder.

use std::collections::{BTreeMap, BTreeSet};

/// Rust source as tokens: identifiers, numbers, `::`, one-character
/// punctuation, and string literals kept as `"` followed by their text;
/// comments, char literals and lifetimes dropped.
fn tokens(text: &str) -> Vec<String> {
    let s: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < s.len() {
        let c = s[i];
        let next = s.get(i + 1).copied().unwrap_or(' ');
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == '/' {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == '*' {
            let mut depth = 0;
            while i < s.len() {
                if s[i] == '/' && s.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if s[i] == '*' && s.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '"'
            || ((c == 'r' || c == 'b' || c == 'c') && (next == '"' || next == '#'))
            || (c == 'b' && next == 'r' && matches!(s.get(i + 2), Some('"' | '#')))
        {
            // A string: plain, byte, C, or raw with `#`s.
            let mut j = i;
            while s[j] != '"' && s[j] != '#' {
                j += 1;
            }
            let raw = s[i..j].contains(&'r');
            let mut hashes = 0;
            while s[j] == '#' {
                hashes += 1;
                j += 1;
            }
            if s[j] != '"' {
                // `r#ident`: a raw identifier.
                i = j;
                continue;
            }
            j += 1;
            let start = j;
            loop {
                if !raw && s[j] == '\\' {
                    j += 2;
                } else if s[j] == '"' && s[j + 1..].iter().take(hashes).all(|&h| h == '#') {
                    break;
                } else {
                    j += 1;
                }
            }
            out.push(format!("\"{}", s[start..j].iter().collect::<String>()));
            i = j + 1 + hashes;
        } else if c == '\'' {
            // A char literal ('a', '\n', '\u{1F600}') or a lifetime ('a).
            if next == '\\' {
                i += 2;
                while s[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if s.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < s.len() && ident(s[i]) {
                    i += 1;
                }
            }
        } else if ident(c) {
            let start = i;
            while i < s.len() && ident(s[i]) {
                i += 1;
            }
            out.push(s[start..i].iter().collect());
        } else if c == ':' && next == ':' {
            out.push("::".into());
            i += 2;
        } else {
            out.push(c.to_string());
            i += 1;
        }
    }
    out
}

/// What one file says about other modules.
#[derive(Default, Debug)]
struct Scan {
    /// Every path the file names, with the inline modules (`mod m { .. }`)
    /// it is named from; a `use` leaf's path ends at its last segment, a
    /// glob's at the module.
    paths: Vec<(Vec<String>, Vec<String>)>,
    /// `pub use` leaves: the name they are visible as, and their path.
    reexports: Vec<(String, Vec<String>)>,
    /// Modules declared `#[cfg(test)] mod name;`, with a `#[path]` if any.
    test_modules: Vec<(String, Option<String>)>,
    /// Whether the file names `for_each_problem` (the registry's macro).
    names_registry_macro: bool,
}

/// The leaves of a use tree starting at `toks[*i]` under `prefix`: each
/// path and the name it is visible as (`*` for a glob).
fn use_tree(
    toks: &[String],
    i: &mut usize,
    prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, String)>,
) {
    let mut prefix = prefix;
    while *i < toks.len() {
        let t = toks[*i].as_str();
        match t {
            "::" => *i += 1,
            "{" => {
                *i += 1;
                while *i < toks.len() && toks[*i] != "}" {
                    if toks[*i] == "," {
                        *i += 1;
                    } else {
                        use_tree(toks, i, prefix.clone(), out);
                    }
                }
                *i += 1;
                return;
            }
            "*" => {
                *i += 1;
                out.push((prefix, "*".into()));
                return;
            }
            _ if t.starts_with(|c: char| c.is_alphanumeric() || c == '_') => {
                let (path, mut name) = if t == "self" && !prefix.is_empty() {
                    (prefix.clone(), prefix.last().unwrap().clone())
                } else {
                    let mut p = prefix.clone();
                    p.push(t.to_string());
                    (p, t.to_string())
                };
                *i += 1;
                if toks.get(*i).is_some_and(|n| n == "::") {
                    *i += 1;
                    prefix = path;
                    continue;
                }
                if toks.get(*i).is_some_and(|n| n == "as") {
                    name = toks[*i + 1].clone();
                    *i += 2;
                }
                out.push((path, name));
                return;
            }
            // Anything else ends the tree (`;`, `,`, `}` of a caller).
            _ => return,
        }
    }
}

/// The end (exclusive) of the item starting at `toks[i]`: after its `;` or
/// its closing brace, whichever comes first outside brackets.
fn item_end(toks: &[String], mut i: usize) -> usize {
    let mut depth = 0i32;
    while i < toks.len() {
        match toks[i].as_str() {
            "(" | "[" => depth += 1,
            ")" | "]" => depth -= 1,
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            ";" if depth == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    i
}

/// Where the attribute starting at `toks[i]` (`#`) ends, and its tokens.
fn attribute(toks: &[String], i: usize) -> (usize, &[String]) {
    let mut depth = 0;
    let mut j = i + 1;
    while j < toks.len() {
        match toks[j].as_str() {
            "[" => depth += 1,
            "]" => {
                depth -= 1;
                if depth == 0 {
                    return (j + 1, &toks[i + 2..j]);
                }
            }
            _ => {}
        }
        j += 1;
    }
    (j, &toks[i + 1..j])
}

fn scan(text: &str) -> Scan {
    let toks = tokens(text);
    let mut out = Scan::default();
    let mut depth = 0usize;
    // Inline modules open here: name and the depth inside their braces.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i].as_str();
        let prev = if i > 0 { toks[i - 1].as_str() } else { "" };
        match t {
            "#" if toks.get(i + 1).is_some_and(|n| n == "[" || n == "!") => {
                // Attributes; `#[cfg(test)]` drops the item that follows.
                let mut cfg_test = false;
                let mut path = None;
                while toks.get(i).is_some_and(|t| t == "#")
                    && toks.get(i + 1).is_some_and(|n| n == "[")
                {
                    let (end, body) = attribute(&toks, i);
                    if body == ["cfg", "(", "test", ")"] {
                        cfg_test = true;
                    }
                    if body.len() == 3 && body[0] == "path" && body[1] == "=" {
                        path = Some(body[2][1..].to_string());
                    }
                    i = end;
                }
                if toks.get(i).is_some_and(|t| t == "#") {
                    // `#![...]`: an inner attribute.
                    i = attribute(&toks, i + 1).0;
                    continue;
                }
                if cfg_test {
                    let end = item_end(&toks, i);
                    let item = &toks[i..end];
                    let m = item.iter().position(|t| t == "mod");
                    if let Some(m) = m.filter(|_| item.last().is_some_and(|t| t == ";")) {
                        out.test_modules.push((item[m + 1].clone(), path));
                    }
                    i = end;
                }
                continue;
            }
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                while inline.last().is_some_and(|(_, d)| *d > depth) {
                    inline.pop();
                }
            }
            "mod" if toks.get(i + 2).is_some_and(|t| t == "{") => {
                inline.push((toks[i + 1].clone(), depth + 1));
            }
            "for_each_problem" => out.names_registry_macro = true,
            "use" => {
                let public = prev == "pub"
                    || (prev == ")"
                        && i >= 4
                        && toks[..i].iter().rev().take(6).any(|t| t == "pub"));
                let mut leaves = Vec::new();
                let mut j = i + 1;
                use_tree(&toks, &mut j, Vec::new(), &mut leaves);
                let scope: Vec<String> = inline.iter().map(|(n, _)| n.clone()).collect();
                for (path, name) in leaves {
                    if public {
                        out.reexports.push((name, path.clone()));
                    }
                    out.paths.push((scope.clone(), path));
                }
                i = item_end(&toks, i);
                continue;
            }
            _ if prev != "::"
                && t.starts_with(|c: char| c.is_alphabetic() || c == '_')
                && toks.get(i + 1).is_some_and(|n| n == "::") =>
            {
                let mut path = vec![t.to_string()];
                let mut j = i + 1;
                while toks.get(j).is_some_and(|n| n == "::")
                    && toks
                        .get(j + 1)
                        .is_some_and(|n| n.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
                {
                    path.push(toks[j + 1].clone());
                    j += 2;
                }
                if path.iter().any(|s| s == "for_each_problem") {
                    out.names_registry_macro = true;
                }
                let scope = inline.iter().map(|(n, _)| n.clone()).collect();
                out.paths.push((scope, path));
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The two crates built from `src/`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Crate {
    Lib,
    Bin,
}

/// A file's crate and module path, from its path under `src/`.
fn module_of(file: &str) -> (Crate, Vec<String>) {
    let krate = if file == "main.rs" || file.starts_with("cli/") {
        Crate::Bin
    } else {
        Crate::Lib
    };
    let mut parts: Vec<String> = file
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if parts
        .last()
        .is_some_and(|m| m == "mod" || m == "lib" || m == "main")
    {
        parts.pop();
    }
    (krate, parts)
}

/// The dependency graph of a source tree: file → files it imports (paths
/// relative to `src/`), and the files that name the registry's macro.
struct Graph {
    edges: BTreeMap<String, BTreeSet<String>>,
    macro_users: BTreeSet<String>,
}

fn graph(sources: &BTreeMap<String, String>) -> Graph {
    let scans: BTreeMap<&str, Scan> = sources
        .iter()
        .map(|(f, text)| (f.as_str(), scan(text)))
        .collect();
    // Files declared under `#[cfg(test)]` are not part of the build.
    let mut test_only = BTreeSet::new();
    for (f, s) in &scans {
        let dir = match f.rfind('/') {
            Some(k) => &f[..k + 1],
            None => "",
        };
        let own = if f.ends_with("mod.rs") || *f == "lib.rs" || *f == "main.rs" {
            dir.to_string()
        } else {
            format!("{}/", f.trim_end_matches(".rs"))
        };
        for (name, path) in &s.test_modules {
            match path {
                Some(p) => test_only.insert(format!("{dir}{p}")),
                None => {
                    test_only.insert(format!("{own}{name}.rs"));
                    test_only.insert(format!("{own}{name}/mod.rs"))
                }
            };
        }
    }
    let modules: BTreeMap<(Crate, Vec<String>), &str> = scans
        .keys()
        .filter(|f| !test_only.contains(**f))
        .map(|f| (module_of(f), *f))
        .collect();
    // The file a path leads to, and what is left of the path after it.
    let resolve = |file: &str, scope: &[String], path: &[String]| -> Option<(&str, Vec<String>)> {
        let (krate, mut here) = module_of(file);
        here.extend(scope.iter().cloned());
        let (krate, full) = match path[0].as_str() {
            "crate" => (krate, path[1..].to_vec()),
            "boardcheck" => (Crate::Lib, path[1..].to_vec()),
            "self" => (krate, [&here[..], &path[1..]].concat()),
            "super" => {
                let supers = path.iter().take_while(|s| *s == "super").count();
                let base = &here[..here.len().checked_sub(supers)?];
                (krate, [base, &path[supers..]].concat())
            }
            _ => {
                // A path relative to this module (`use engine::Board`).
                let child = [&here[..], &path[..1]].concat();
                if !modules.contains_key(&(krate, child)) {
                    return None;
                }
                (krate, [&here[..], path].concat())
            }
        };
        (0..=full.len()).rev().find_map(|k| {
            modules
                .get(&(krate, full[..k].to_vec()))
                .map(|f| (*f, full[k..].to_vec()))
        })
    };
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, s) in &scans {
        if test_only.contains(*file) {
            continue;
        }
        let (krate, module) = module_of(file);
        let mut targets = BTreeSet::new();
        for (scope, path) in &s.paths {
            let mut next = resolve(file, scope, path);
            // Through `pub use` re-exports to where the item lives.
            for _ in 0..8 {
                let Some((target, rest)) = next else { break };
                targets.insert(target);
                next = rest.first().and_then(|name| {
                    let (_, path) = scans[target].reexports.iter().find(|(n, _)| n == name)?;
                    let (t, more) = resolve(target, &[], path)?;
                    Some((t, [&more[..], &rest[1..]].concat()))
                });
            }
        }
        let entry = edges.entry(file.to_string()).or_default();
        for target in targets {
            let (k, m) = module_of(target);
            let ancestor = k == krate && module.starts_with(&m);
            if !ancestor {
                entry.insert(target.to_string());
            }
        }
    }
    let macro_users = scans
        .iter()
        .filter(|(f, s)| s.names_registry_macro && !test_only.contains(**f))
        .map(|(f, _)| f.to_string())
        .collect();
    Graph { edges, macro_users }
}

/// Every cycle of a graph, one per strongly connected component (Tarjan),
/// each as its nodes in order, the first repeated at the end.
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Tarjan<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        components: Vec<Vec<&'a str>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.edges.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on_stack.remove(w);
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                self.components.push(component);
            }
        }
    }
    let mut t = Tarjan {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        components: Vec::new(),
    };
    for v in edges.keys() {
        if !t.index.contains_key(v.as_str()) {
            t.visit(v);
        }
    }
    let mut out = Vec::new();
    for component in t.components.iter().filter(|c| c.len() > 1) {
        // The shortest way from the first node back to itself, inside the
        // component (breadth first).
        let inside: BTreeSet<&str> = component.iter().copied().collect();
        let start = *inside.iter().next().unwrap();
        let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start]);
        'search: while let Some(v) = queue.pop_front() {
            for w in edges.get(v).into_iter().flatten() {
                let w = w.as_str();
                if w == start {
                    came_from.insert(start, v);
                    break 'search;
                }
                if inside.contains(w) && !came_from.contains_key(w) {
                    came_from.insert(w, v);
                    queue.push_back(w);
                }
            }
        }
        let mut cycle = vec![start.to_string()];
        let mut v = came_from[start];
        while v != start {
            cycle.push(v.to_string());
            v = came_from[v];
        }
        cycle.push(start.to_string());
        cycle.reverse();
        out.push(cycle);
    }
    out.sort();
    out
}

/// The unit that holds `file` in `folder` (`a/b/`): the file itself if it
/// lies directly in the folder, else the subfolder it lies in.
fn unit(file: &str, folder: &str) -> String {
    let rest = &file[folder.len()..];
    match rest.find('/') {
        Some(k) => format!("{folder}{}", &rest[..k + 1]),
        None => file.to_string(),
    }
}

/// Every cycle among the units of a folder in which a folder takes part.
fn folder_cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let folder = |f: &str| f[..f.rfind('/').map_or(0, |k| k + 1)].to_string();
    let mut levels: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (a, targets) in edges {
        for b in targets {
            let (fa, fb) = (folder(a), folder(b));
            let common: String = {
                let mut k = 0;
                for (i, (x, y)) in fa.chars().zip(fb.chars()).enumerate() {
                    if x != y {
                        break;
                    }
                    if x == '/' {
                        k = i + 1;
                    }
                }
                fa[..k].to_string()
            };
            let (ua, ub) = (unit(a, &common), unit(b, &common));
            if ua != ub {
                levels
                    .entry(common)
                    .or_default()
                    .entry(ua)
                    .or_default()
                    .insert(ub);
            }
        }
    }
    levels
        .values()
        .flat_map(cycles)
        .filter(|c| c.iter().any(|u| u.ends_with('/')))
        .collect()
}

/// Every breach of the layers: the harness names no problem and not the
/// registry (it is handed what it needs from above); problems name nothing
/// of the harness; the command line reaches problems only through the
/// registry.
fn layer_breaches(g: &Graph) -> Vec<String> {
    let mut bad = Vec::new();
    for (a, targets) in &g.edges {
        for b in targets {
            if a.starts_with("cli/") && b.starts_with("problems/") && b != "problems/mod.rs" {
                bad.push(format!("{a} imports {b}"));
            }
            if a.starts_with("harness/") && b.starts_with("problems/") {
                bad.push(format!("{a} imports {b}"));
            }
            if a.starts_with("problems/") && b.starts_with("harness/") {
                bad.push(format!("{a} imports {b}"));
            }
        }
    }
    for f in &g.macro_users {
        if f.starts_with("harness/") {
            bad.push(format!("{f} names for_each_problem!"));
        }
    }
    bad
}

/// Every finding of the checks above, one line each.
fn findings(sources: &BTreeMap<String, String>) -> Vec<String> {
    let g = graph(sources);
    let show = |c: &Vec<String>| c.join(" → ");
    let mut out: Vec<String> = cycles(&g.edges)
        .iter()
        .map(|c| format!("file cycle: {}", show(c)))
        .collect();
    out.extend(
        folder_cycles(&g.edges)
            .iter()
            .map(|c| format!("folder cycle: {}", show(c))),
    );
    out.extend(layer_breaches(&g));
    out
}

/// Every `.rs` file under `src/`, by its path under `src/`.
fn sources() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![std::path::PathBuf::from("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix("src").unwrap();
                let rel = rel.to_string_lossy().replace('\\', "/");
                out.insert(rel, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    out
}

#[test]
fn dependencies_point_one_way() {
    let sources = sources();
    let g = graph(&sources);
    let count: usize = g.edges.values().map(BTreeSet::len).sum();
    assert!(count > 300, "only {count} imports found");
    let bad = findings(&sources);
    assert!(
        bad.is_empty(),
        "{} findings:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// A source tree from `(path under src/, text)` pairs.
fn tree(files: &[(&str, &str)]) -> BTreeMap<String, String> {
    files
        .iter()
        .map(|(f, t)| (f.to_string(), t.to_string()))
        .collect()
}

#[test]
fn use_trees_are_read_whole() {
    let s = scan(
        "pub use super::{a, b::{c, d as e}, self};\n\
         use crate::x::{\n    y::*,\n    z::{self, w},\n};\n\
         // use crate::commented::Out;\n\
         /* crate::block::Out */\n\
         fn f() { let s = \"crate::string::Out\"; crate::inline::f(); super::super::up::g(); }\n\
         #[cfg(test)]\nmod tests { use crate::tested::X; }\n\
         #[cfg(test)]\n#[path = \"t_tests.rs\"]\nmod t;\n",
    );
    let paths: Vec<String> = s.paths.iter().map(|(_, p)| p.join("::")).collect();
    assert_eq!(
        paths,
        [
            "super::a",
            "super::b::c",
            "super::b::d",
            "super",
            "crate::x::y",
            "crate::x::z",
            "crate::x::z::w",
            "crate::inline::f",
            "super::super::up::g",
        ]
    );
    let names: Vec<&str> = s.reexports.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["a", "c", "e", "super"]);
    assert_eq!(
        s.test_modules,
        [("t".to_string(), Some("t_tests.rs".to_string()))]
    );
}

#[test]
fn a_planted_two_file_cycle_is_found() {
    let files = tree(&[
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        ("a.rs", "use super::{b::{self, B}};\npub struct A;\n"),
        (
            "b.rs",
            "pub struct B;\nfn f() -> crate::a::A {\n    crate::a::A\n}\n",
        ),
    ]);
    assert_eq!(findings(&files), ["file cycle: a.rs → b.rs → a.rs"]);
}

#[test]
fn a_planted_three_file_cycle_is_found() {
    // No two files import each other: only the whole circle closes.
    let files = tree(&[
        ("lib.rs", "pub mod h;\n"),
        ("h/mod.rs", "mod process;\nmod sandbox;\nmod bwrap;\n"),
        (
            "h/process.rs",
            "use super::sandbox::{\n    Sandbox as S,\n};\n",
        ),
        ("h/sandbox.rs", "pub(crate) use super::bwrap::*;\n"),
        ("h/bwrap.rs", "fn f() { super::process::spawn() }\n"),
    ]);
    assert_eq!(
        findings(&files),
        ["file cycle: h/bwrap.rs → h/process.rs → h/sandbox.rs → h/bwrap.rs"]
    );
}

#[test]
fn a_folder_cycle_is_found_without_a_file_cycle() {
    let files = tree(&[
        ("lib.rs", "pub mod h;\n"),
        ("h/mod.rs", "pub mod check;\npub mod phases;\n"),
        (
            "h/check.rs",
            "use super::phases::given;\npub struct Shard;\n",
        ),
        ("h/phases/mod.rs", "pub mod given;\npub mod failing;\n"),
        ("h/phases/given.rs", "pub fn run() {}\n"),
        ("h/phases/failing.rs", "use crate::h::check::Shard;\n"),
    ]);
    assert_eq!(
        findings(&files),
        ["folder cycle: h/check.rs → h/phases/ → h/check.rs"]
    );
}

#[test]
fn a_harness_file_naming_the_registry_is_found() {
    let base = [
        (
            "lib.rs",
            "pub mod harness;\npub mod problems;\npub mod problem;\n",
        ),
        ("problem.rs", "pub trait Problem {}\n"),
        (
            "problems/mod.rs",
            "pub mod p;\npub const NAMES: &[&str] = &[\"p\"];\n",
        ),
        ("problems/p/mod.rs", "use crate::problem::Problem;\n"),
        ("harness/mod.rs", "pub mod names;\n"),
    ];
    let planted = [
        "use crate::problems::NAMES;\n",
        "use crate::{problem::Problem, problems::{self, NAMES}};\n",
        "fn f() -> usize { crate::problems::NAMES.len() }\n",
        "fn f() { super::super::problems::p::solve() }\n",
        "crate::for_each_problem!(line);\n",
    ];
    for names in planted {
        let mut files = tree(&base);
        files.insert("harness/names.rs".into(), names.into());
        let found = findings(&files).join("\n");
        assert!(
            found.starts_with("harness/names.rs ") && !found.contains("cycle"),
            "{names:?}: {found:?}"
        );
    }
    let mut files = tree(&base);
    files.insert(
        "harness/names.rs".into(),
        "use crate::problem::Problem;\n".into(),
    );
    assert_eq!(findings(&files), Vec::<String>::new());
    // The command line may use the registry, not a problem.
    files.insert("main.rs".into(), "mod cli;\n".into());
    files.insert(
        "cli/mod.rs".into(),
        "use boardcheck::problems::NAMES;\n".into(),
    );
    assert_eq!(findings(&files), Vec::<String>::new());
    files.insert(
        "cli/mod.rs".into(),
        "use boardcheck::problems::p::Case;\n".into(),
    );
    assert_eq!(findings(&files), ["cli/mod.rs imports problems/p/mod.rs"]);
    files.remove("cli/mod.rs");
    // And the other way: a problem naming the harness.
    files.insert(
        "problems/p/mod.rs".into(),
        "use crate::harness::names::Shard;\n".into(),
    );
    assert_eq!(
        findings(&files),
        ["problems/p/mod.rs imports harness/names.rs"]
    );
}

#[test]
fn containment_and_reexports_are_told_apart() {
    // mod.rs calling its child and the child using mod.rs's types is no
    // cycle; an item reached through a `pub use` is a dependency on the
    // file it lives in, and a `mod.rs` using a child depends on it.
    let files = tree(&[
        ("lib.rs", "pub mod p;\npub use p::engine::solve;\n"),
        (
            "p/mod.rs",
            "pub mod engine;\npub mod oracle;\npub use oracle::Board;\npub struct Case;\nfn f() { engine::solve(); oracle::solve() }\n",
        ),
        (
            "p/engine.rs",
            "use super::{Case, Board};\npub fn solve() {}\n",
        ),
        (
            "p/oracle.rs",
            "use super::Case;\npub struct Board;\npub fn solve() {}\n",
        ),
    ]);
    assert_eq!(findings(&files), Vec::<String>::new());
    let g = graph(&files);
    assert_eq!(
        g.edges["p/engine.rs"],
        BTreeSet::from(["p/oracle.rs".to_string()])
    );
    assert_eq!(
        g.edges["p/mod.rs"],
        BTreeSet::from(["p/engine.rs".to_string(), "p/oracle.rs".to_string()])
    );
    let mut files = files;
    files.insert(
        "p/oracle.rs".into(),
        "use crate::solve;\npub struct Board;\npub fn solve() {}\n".into(),
    );
    assert_eq!(
        findings(&files),
        ["file cycle: p/engine.rs → p/oracle.rs → p/engine.rs"]
    );
}

// ---------------------------------------------------------------------------
// docs/adding-a-problem.md stays true.

/// The guide to adding a problem.
const GUIDE: &str = "docs/adding-a-problem.md";

/// The registry's modules: every problem's name with underscores.
fn registry_modules() -> Vec<String> {
    boardcheck::problems::NAMES
        .iter()
        .map(|n| n.replace('-', "_"))
        .collect()
}

/// The files the guide requires of every problem folder: the first column
/// of its table under `| file | what it holds |`.
fn guide_folder_files(guide: &str) -> Vec<String> {
    guide
        .lines()
        .skip_while(|l| !l.starts_with("| file | what it holds |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.split('`').nth(1).unwrap_or("").to_string())
        .collect()
}

/// Every path in backticks in the guide (a piece with a `/` and no space),
/// `<module>` and `<name>` put for every problem of the registry; those
/// under a heading marked `(optional)` are not required of every problem.
fn guide_paths(guide: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut optional = false;
    for line in guide.lines() {
        if line.starts_with('#') {
            optional = line.contains("(optional)");
        }
        for (i, piece) in line.split('`').enumerate() {
            if i % 2 == 0 || !piece.contains('/') || piece.contains(' ') {
                continue;
            }
            if !piece.contains('<') {
                paths.push(piece.to_string());
            } else if !optional {
                for name in boardcheck::problems::NAMES {
                    paths.push(
                        piece
                            .replace("<module>", &name.replace('-', "_"))
                            .replace("<name>", name),
                    );
                }
            }
        }
    }
    paths
}

#[test]
fn every_path_the_guide_names_exists_for_every_problem() {
    let guide = std::fs::read_to_string(GUIDE).unwrap();
    let paths = guide_paths(&guide);
    let missing: Vec<&String> = paths
        .iter()
        .filter(|p| !std::path::Path::new(p.as_str()).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "{GUIDE} names what is not there: {missing:?}"
    );
    assert!(paths.len() > 40, "only {} paths in {GUIDE}", paths.len());
}

#[test]
fn every_problem_folder_holds_the_files_the_guide_requires() {
    let guide = std::fs::read_to_string(GUIDE).unwrap();
    let files = guide_folder_files(&guide);
    assert!(
        files.len() >= 10 && files.iter().all(|f| f.contains('.')),
        "{GUIDE}: the folder table reads as {files:?}"
    );
    let mut folders: Vec<String> = std::fs::read_dir("src/problems")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().to_string())
        .collect();
    folders.sort();
    let mut modules = registry_modules();
    modules.sort();
    assert_eq!(
        folders, modules,
        "folders of src/problems/ and the registry"
    );
    let mut missing = Vec::new();
    for module in &modules {
        for file in &files {
            let path = format!("src/problems/{module}/{file}");
            if !std::path::Path::new(&path).exists() {
                missing.push(path);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "required by {GUIDE}, missing: {missing:?}"
    );
}

/// The modules `src/problems/mod.rs` declares with a `pub mod <module>;`
/// line, and the modules of its registry (`for_each_problem!`'s lines
/// `<module> <Type>,`), as written.
fn declared_and_registered(text: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let declared = text
        .lines()
        // Top-level lines only: a macro's `pub mod $name;` is none.
        .filter_map(|l| l.strip_prefix("pub mod ")?.strip_suffix(';'))
        .filter(|m| m.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .map(str::to_string)
        .collect();
    let registered = text
        .lines()
        .skip_while(|l| !l.contains("macro_rules! for_each_problem"))
        .skip_while(|l| !l.trim_start().starts_with("$m! {"))
        .skip(1)
        .take_while(|l| l.trim() != "}")
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect();
    (declared, registered)
}

/// A problem takes two adjacent hand-written lines in
/// `src/problems/mod.rs`: `pub mod <module>;` (a plain line, so that
/// rustfmt and cargo-mutants see the module) and its registry line. Each
/// without the other fails here (a registry line without its module also
/// fails the build).
#[test]
fn the_pub_mod_lines_and_the_registry_name_the_same_modules() {
    let text = std::fs::read_to_string("src/problems/mod.rs").unwrap();
    let (declared, registered) = declared_and_registered(&text);
    let modules: BTreeSet<String> = registry_modules().into_iter().collect();
    assert_eq!(
        registered, modules,
        "src/problems/mod.rs: the registry's lines as read here, and NAMES"
    );
    assert_eq!(
        declared, registered,
        "src/problems/mod.rs: the `pub mod` lines and the lines of `for_each_problem!` \
         must name the same modules ({GUIDE}, step 3)"
    );
}

#[test]
fn a_pub_mod_line_without_its_registry_line_is_found() {
    let text = "pub mod a;\npub mod b;\npub(crate) mod geometry;\nmacro_rules! m { () => { pub mod $name; } }\n\
                macro_rules! for_each_problem {\n    ($m:ident) => {\n        $m! {\n            a A,\n        }\n    };\n}\n";
    let (declared, registered) = declared_and_registered(text);
    assert_eq!(declared, BTreeSet::from(["a".into(), "b".into()]));
    assert_eq!(registered, BTreeSet::from(["a".to_string()]));
}

/// The lines (from 1) of `text` whose code, before any `//`, draws through
/// a proptest union: `prop_oneof!` or `proptest::option`'s strategies.
fn unions_in(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let code = line.split("//").next().unwrap_or("");
            ["prop_oneof!", "option::of(", "option::weighted("]
                .iter()
                .any(|u| code.contains(u))
        })
        .map(|(i, _)| i + 1)
        .collect()
}

/// A proptest union clones the test runner for every alternative before
/// the one drawn, on every draw (docs/finders.md, changes 10 and 12): the
/// problems choose with `generation::weighted` and `generation::one_of`,
/// as docs/adding-a-problem.md says.
#[test]
fn no_problem_draws_through_a_proptest_union() {
    let planted = "let a = 1;\n    prop_oneof![Just(1), Just(2)]\n// prop_oneof! said in words\nproptest::option::of(x)\n";
    assert_eq!(unions_in(planted), vec![2, 4]);
    let found: Vec<String> = sources()
        .iter()
        .filter(|(path, _)| path.starts_with("problems/"))
        .flat_map(|(path, text)| {
            unions_in(text)
                .into_iter()
                .map(move |line| format!("src/{path}:{line}"))
        })
        .collect();
    assert!(
        found.is_empty(),
        "a proptest union in a problem's strategy: {found:?}"
    );
}
