//! The documentation made from the problems' folders, so that adding a
//! problem edits no page outside its folder:
//!
//! - each problem's page of the contract, `docs/spec/<name>.md`: a copy of
//!   `src/problems/<module>/spec.md` (without its block of rows) under a
//!   first line saying so;
//! - every table that lists the problems, between
//!   `<!-- begin generated: TABLE ... -->` and `<!-- end generated -->`:
//!   README.md's problems, docs/protocol.md's JSON lines and `--py-func`
//!   signatures, docs/spec/README.md's index and docs/library.md's types.
//!
//! A table's cells come from the block of rows at the top of the problem's
//! `spec.md` ([`Rows`]), except docs/library.md's, which come from the
//! problem's types themselves. Written by [`COMMAND`] (with the fuzz
//! targets); `tests/spec_docs.rs` fails when a file on disk is not what
//! [`files`] makes.

use std::path::Path;

use crate::suite::{Registry, Suite, Visitor};

/// The command that writes every generated file.
pub const COMMAND: &str = "cargo run --example regenerate";

/// How a generated spec page begins; a page of `docs/spec/` that begins so
/// and is no problem's any more is removed by [`COMMAND`].
pub const PAGE_HEAD: &str = "<!-- generated from ";

/// The first line of a spec source's block of rows.
pub const ROWS_HEAD: &str =
    "<!-- rows of the tables that list problems (docs/adding-a-problem.md):";

/// The end of a generated table.
pub const END: &str = "<!-- end generated -->";

/// One problem's cells in the tables that list problems, from the block at
/// the top of its `spec.md`: one `key: value` line each, the value written
/// as a markdown table cell (a `|` escaped as `\|`), between [`ROWS_HEAD`]
/// and `-->`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rows {
    /// What the problem is, in a line (README's and the spec index's `what`).
    pub what: String,
    /// How the engine does it (README's `engine`).
    pub engine: String,
    /// Links to more, relative to the repository's root; may be empty
    /// (README's `notes`).
    pub notes: String,
    /// A JSON case line (docs/protocol.md's `case line`).
    pub json_case: String,
    /// Its answer line (docs/protocol.md's `answer line`).
    pub json_answer: String,
    /// What `--py-func FILE.py:NAME` calls (docs/protocol.md).
    pub py_func: String,
}

const KEYS: [&str; 6] = [
    "what",
    "engine",
    "notes",
    "json-case",
    "json-answer",
    "py-func",
];

/// Splits a spec source (`file` in messages) into its rows and the page.
pub fn parse_rows<'a>(file: &str, text: &'a str) -> Result<(Rows, &'a str), String> {
    let rest = text
        .strip_prefix(ROWS_HEAD)
        .and_then(|r| r.strip_prefix('\n'))
        .ok_or_else(|| format!("{file}: the first line is not {ROWS_HEAD}"))?;
    let end = rest
        .find("\n-->\n")
        .ok_or_else(|| format!("{file}: the block of rows has no `-->` line"))?;
    let mut values: [Option<String>; 6] = Default::default();
    for line in rest[..end].lines() {
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| format!("{file}: `{line}` is not `key: value`"))?;
        let i = KEYS
            .iter()
            .position(|k| *k == key)
            .ok_or_else(|| format!("{file}: unknown key `{key}` (keys: {})", KEYS.join(", ")))?;
        if values[i].is_some() {
            return Err(format!("{file}: `{key}` given twice"));
        }
        values[i] = Some(value.trim().to_string());
    }
    let mut take = |i: usize| -> Result<String, String> {
        let v = values[i]
            .take()
            .ok_or_else(|| format!("{file}: no `{}:` line", KEYS[i]))?;
        if v.is_empty() && KEYS[i] != "notes" {
            return Err(format!("{file}: `{}` is empty", KEYS[i]));
        }
        Ok(v)
    };
    let rows = Rows {
        what: take(0)?,
        engine: take(1)?,
        notes: take(2)?,
        json_case: take(3)?,
        json_answer: take(4)?,
        py_func: take(5)?,
    };
    Ok((rows, rest[end + "\n-->\n".len()..].trim_start_matches('\n')))
}

/// A type's name without its paths: `Vec<Move>` for
/// `alloc::vec::Vec<boardcheck::problems::x::Move>`.
fn short(name: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            word.clear();
        } else {
            out.push_str(&word);
            word.clear();
            out.push(c);
        }
    }
    out + &word
}

/// A problem's module, type, case type and answer type, from the types.
struct Types;

impl Visitor for Types {
    type Output = [String; 4];
    fn visit<P: Suite>(self) -> [String; 4] {
        let full = std::any::type_name::<P>();
        let module = full
            .rsplit("::")
            .nth(1)
            .expect("a problem's type is in its module")
            .to_string();
        [
            module,
            short(full),
            short(std::any::type_name::<P::Case>()),
            short(std::any::type_name::<P::Answer>()),
        ]
    }
}

/// One problem as the generated files show it.
struct Problem {
    name: &'static str,
    types: [String; 4],
    rows: Rows,
}

/// `doc` with the table `name` between its markers replaced by `table`
/// (`file` in messages).
fn with_table(file: &str, doc: &str, name: &str, table: &str) -> Result<String, String> {
    let begin = format!("<!-- begin generated: {name} ");
    let missing = || {
        format!("{file}: no `{begin}...-->` line followed by a `{END}` line for the table {name}")
    };
    let start = doc.find(&begin).ok_or_else(missing)?;
    let after_begin = start + doc[start..].find('\n').ok_or_else(missing)? + 1;
    let end = after_begin + doc[after_begin..].find(END).ok_or_else(missing)?;
    Ok(format!(
        "{}<!-- begin generated: {name} (by `{COMMAND}` from src/problems/<module>/spec.md; edit those) -->\n\n{table}\n{}",
        &doc[..start],
        &doc[end..]
    ))
}

/// The tables: (file, table name, header, one row per problem).
type Table = (
    &'static str,
    &'static str,
    &'static str,
    fn(&Problem) -> String,
);

const TABLES: [Table; 5] = [
    (
        "README.md",
        "problems",
        "| problem | what | engine | notes |",
        |p| {
            format!(
                "| `{}` | {} | {} | {} |",
                p.name, p.rows.what, p.rows.engine, p.rows.notes
            )
        },
    ),
    (
        "docs/protocol.md",
        "json forms",
        "| problem | case line | answer line |",
        |p| {
            format!(
                "| `{}` | {} | {} |",
                p.name, p.rows.json_case, p.rows.json_answer
            )
        },
    ),
    (
        "docs/protocol.md",
        "py-func",
        "| problem | `--py-func FILE.py:NAME` calls |",
        |p| format!("| `{}` | {} |", p.name, p.rows.py_func),
    ),
    (
        "docs/spec/README.md",
        "index",
        "| problem | what it is | page |",
        |p| format!("| `{0}` | {1} | [{0}.md]({0}.md) |", p.name, p.rows.what),
    ),
    (
        "docs/library.md",
        "types",
        "| problem | module | type | case | answer |",
        |p| {
            let [module, ty, case, answer] = &p.types;
            format!(
                "| {} | `{module}` | `{ty}` | `{case}` | `{answer}` |",
                p.name
            )
        },
    ),
];

/// Every generated file as it should be, by its path relative to `root`
/// (the repository): the spec pages, then the files holding tables.
/// `Err` names a spec source that does not read or a table whose markers
/// are missing.
pub fn files<R: Registry>(root: &Path) -> Result<Vec<(String, String)>, String> {
    let read =
        |path: &str| std::fs::read_to_string(root.join(path)).map_err(|e| format!("{path}: {e}"));
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for &name in R::NAMES {
        let types = R::visit(name, Types).expect("a registered name");
        let source = format!("src/problems/{}/spec.md", types[0]);
        let text = read(&source)?;
        let (rows, page) = parse_rows(&source, &text)?;
        out.push((
            format!("docs/spec/{name}.md"),
            format!("{PAGE_HEAD}{source} by `{COMMAND}`: edit that file, not this one -->\n{page}"),
        ));
        problems.push(Problem { name, types, rows });
    }
    let mut docs: Vec<(String, String)> = Vec::new();
    for (file, name, header, row) in TABLES {
        let table: Vec<String> = [
            header.to_string(),
            "|---".repeat(header.matches(" | ").count() + 1) + "|",
        ]
        .into_iter()
        .chain(problems.iter().map(row))
        .collect();
        let i = match docs.iter().position(|(f, _)| f == file) {
            Some(i) => i,
            None => {
                docs.push((file.to_string(), read(file)?));
                docs.len() - 1
            }
        };
        docs[i].1 = with_table(file, &docs[i].1, name, &(table.join("\n") + "\n"))?;
    }
    out.extend(docs);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_and_refuse() {
        let text = format!(
            "{ROWS_HEAD}\nwhat: w\nengine: e\nnotes:\njson-case: `{{}}`\njson-answer: a\npy-func: `f(x) \\| None`\n-->\n\n# page\n"
        );
        let (rows, page) = parse_rows("s", &text).unwrap();
        assert_eq!(rows.py_func, "`f(x) \\| None`");
        assert_eq!(rows.notes, "");
        assert_eq!(page, "# page\n");
        let no_engine = text.replace("engine: e\n", "");
        assert_eq!(
            parse_rows("s", &no_engine).unwrap_err(),
            "s: no `engine:` line"
        );
        let empty = text.replace("what: w", "what:");
        assert!(parse_rows("s", &empty).is_err());
        assert!(parse_rows("s", "# page\n").is_err());
        let unknown = text.replace("what: w", "whatever: w");
        assert!(
            parse_rows("s", &unknown)
                .unwrap_err()
                .contains("unknown key")
        );
    }

    #[test]
    fn a_table_between_markers_is_replaced_and_missing_markers_are_named() {
        let doc = "a\n<!-- begin generated: t (old) -->\n| old |\n<!-- end generated -->\nb\n";
        let new = with_table("f", doc, "t", "| new |\n").unwrap();
        assert!(new.starts_with("a\n<!-- begin generated: t (by "));
        assert!(new.ends_with("-->\n\n| new |\n\n<!-- end generated -->\nb\n"));
        assert_eq!(with_table("f", &new, "t", "| new |\n").unwrap(), new);
        assert!(
            with_table("f", doc, "u", "")
                .unwrap_err()
                .contains("table u")
        );
    }

    #[test]
    fn type_names_lose_their_paths() {
        assert_eq!(short("boardcheck::problems::go_move::GoMove"), "GoMove");
        assert_eq!(short("alloc::vec::Vec<a::b::Move>"), "Vec<Move>");
    }
}
