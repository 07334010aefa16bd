//! The contract the repository carries (`docs/spec/`), checked against the
//! code: a page for every problem of the registry, an index that links
//! them, and every worked example on a page answered exactly as written by
//! both the engine and the oracle. No file of the repository points to a
//! contract outside it.
//!
//! Examples are fenced blocks whose info string names what they hold, each
//! followed by its answer:
//!
//! | block | followed by | checked |
//! |---|---|---|
//! | `input` | `output` | the text form; also with `\r\n`, trailing spaces and no final newline |
//! | `multi-input` | `multi-output` | the multi-case form |
//! | `json-input` | `json-output` | the JSON form, compared as JSON values |
//! | `invalid` | `error` | refused, with exactly this message |
//!
//! A second word names the problem (`input flank-row`); on a problem's own
//! page it defaults to that problem.
//!
//! A problem's page is written in its folder, `src/problems/<module>/spec.md`;
//! `docs/spec/<name>.md` and the tables that list problems are made from the
//! folders by `cargo run --example regenerate`
//! ([`boardcheck::harness::problem_docs`]), and
//! [`every_generated_doc_is_what_regenerate_writes`] fails when one is stale.

use std::path::{Path, PathBuf};

use boardcheck::harness::problem_docs::{self, COMMAND};
use boardcheck::json::read_case_text;
use boardcheck::problem::{Problem, answer_text, read_input};
use boardcheck::problems::{self, NAMES, Registry, Visitor};
use boardcheck::suite::Suite;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn spec_dir() -> PathBuf {
    root().join("docs/spec")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One fenced block: the info string's words, its text, its first line.
struct Block {
    words: Vec<String>,
    text: String,
    line: usize,
}

/// The fenced blocks of a markdown text (``` fences, not nested).
fn blocks(markdown: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in markdown.lines().enumerate() {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut open, fence) {
            (None, Some(info)) => {
                open = Some(Block {
                    words: info.split_whitespace().map(str::to_string).collect(),
                    text: String::new(),
                    line: i + 1,
                });
            }
            (Some(_), Some(rest)) if rest.trim().is_empty() => out.extend(open.take()),
            (Some(block), _) => {
                block.text.push_str(line);
                block.text.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "a fenced block is not closed");
    out
}

/// The kinds of example, each with the kind of block that answers it.
const PAIRS: [(&str, &str); 4] = [
    ("input", "output"),
    ("multi-input", "multi-output"),
    ("json-input", "json-output"),
    ("invalid", "error"),
];

/// One worked example: its kind (the input block's), problem, input and
/// written answer, and where it is.
struct Example {
    kind: &'static str,
    problem: String,
    input: String,
    answer: String,
    place: String,
}

/// The examples of a page; `page_problem` is the problem a block that
/// names none belongs to. Panics on an input without its answer block.
fn examples(file: &Path, page_problem: Option<&str>) -> Vec<Example> {
    let name = file.strip_prefix(root()).unwrap().display().to_string();
    let all = blocks(&read(file));
    let is_example = |b: &Block| {
        PAIRS
            .iter()
            .any(|(i, o)| b.words.first().is_some_and(|w| w == i || w == o))
    };
    let mut list = all.iter().filter(|b| is_example(b)).peekable();
    let mut out = Vec::new();
    while let Some(block) = list.next() {
        let place = format!("{name}:{}", block.line);
        let word = block.words[0].as_str();
        let Some(&(kind, answer_kind)) = PAIRS.iter().find(|(i, _)| *i == word) else {
            panic!("{place}: a `{word}` block that follows no input");
        };
        let answer = list
            .next_if(|b| b.words[0] == answer_kind)
            .unwrap_or_else(|| panic!("{place}: `{kind}` is not followed by `{answer_kind}`"));
        let problem = block
            .words
            .get(1)
            .map(String::as_str)
            .or(page_problem)
            .unwrap_or_else(|| panic!("{place}: name the problem (`{kind} PROBLEM`)"));
        assert!(
            NAMES.contains(&problem),
            "{place}: no problem called {problem:?}"
        );
        out.push(Example {
            kind,
            problem: problem.to_string(),
            input: block.text.clone(),
            answer: answer.text.clone(),
            place,
        });
    }
    out
}

/// The same text with `\r\n` line ends, a trailing space on every line
/// and no final newline: the readers' slack the contract promises.
fn roughened(text: &str) -> String {
    text.lines()
        .map(|l| format!("{l} "))
        .collect::<Vec<_>>()
        .join("\r\n")
}

/// The engine or the oracle of `P`.
type Solver<P> = fn(&<P as Problem>::Case) -> <P as Problem>::Answer;

/// Checks one example on problem `P` with both solvers.
struct Check<'a>(&'a Example);

impl Visitor for Check<'_> {
    type Output = Result<(), String>;
    fn visit<P: Suite>(self) -> Self::Output {
        let e = self.0;
        let solvers: [(&str, Solver<P>); 2] = [("engine", P::engine), ("oracle", P::oracle)];
        match e.kind {
            "input" | "multi-input" => {
                let multi = e.kind == "multi-input";
                let mut inputs = vec![e.input.clone()];
                if !multi {
                    inputs.push(roughened(&e.input));
                }
                for input in &inputs {
                    let cases = read_input::<P>(input, multi)
                        .map_err(|err| format!("the input is refused: {err}"))?;
                    for (who, solve) in solvers {
                        let got: String =
                            cases.iter().map(|c| answer_text::<P>(&solve(c))).collect();
                        if got != e.answer {
                            return Err(format!(
                                "the {who} answers {input:?} with\n{got}\nthe page says\n{}",
                                e.answer
                            ));
                        }
                    }
                }
            }
            "json-input" => {
                let case = read_case_text::<P>(&e.input)
                    .map_err(|err| format!("the JSON case is refused: {err}"))?;
                let want: serde_json::Value = serde_json::from_str(&e.answer)
                    .map_err(|err| format!("the page's JSON answer does not parse: {err}"))?;
                for (who, solve) in solvers {
                    let got = (P::json().write_answer)(&solve(&case));
                    if got != want {
                        return Err(format!("the {who} answers {got}, the page says {want}"));
                    }
                }
            }
            "invalid" => match read_input::<P>(&e.input, false) {
                Ok(_) => return Err("the input is read, the page says it is refused".into()),
                Err(err) if err.to_string() != e.answer.trim_end() => {
                    return Err(format!(
                        "refused with\n{err}\nthe page says\n{}",
                        e.answer.trim_end()
                    ));
                }
                Err(_) => {}
            },
            other => unreachable!("{other}"),
        }
        Ok(())
    }
}

#[test]
fn every_problem_has_a_page_and_the_index_links_it() {
    let index = read(&spec_dir().join("README.md"));
    for name in NAMES {
        let page = spec_dir().join(format!("{name}.md"));
        assert!(
            page.is_file(),
            "no page {} for problem {name}",
            page.display()
        );
        assert!(
            index.contains(&format!("]({name}.md)")),
            "docs/spec/README.md does not link {name}.md"
        );
    }
    assert!(
        index.contains("](cli.md)"),
        "docs/spec/README.md does not link cli.md"
    );
    // No page of a problem the registry does not have.
    for entry in std::fs::read_dir(spec_dir()).unwrap() {
        let file = entry.unwrap().file_name().to_string_lossy().to_string();
        let stem = file.trim_end_matches(".md");
        assert!(
            ["README", "cli"].contains(&stem) || NAMES.contains(&stem),
            "docs/spec/{file} is not the page of a problem in the registry"
        );
    }
}

/// Every spec page, and every file holding a table that lists problems, is
/// what `cargo run --example regenerate` writes from the problems' folders.
#[test]
fn every_generated_doc_is_what_regenerate_writes() {
    let made = problem_docs::files::<Registry>(&root()).unwrap_or_else(|e| panic!("{e}"));
    let stale: Vec<&str> = made
        .iter()
        .filter(|(path, text)| {
            std::fs::read_to_string(root().join(path)).ok().as_ref() != Some(text)
        })
        .map(|(path, _)| path.as_str())
        .collect();
    assert!(
        stale.is_empty(),
        "stale: {stale:?}; edit src/problems/<module>/spec.md, not docs/spec/, and run `{COMMAND}`"
    );
    assert!(
        made.len() > NAMES.len() + 3,
        "only {} files made",
        made.len()
    );
}

#[test]
fn every_worked_example_is_what_the_engine_and_the_oracle_answer() {
    let mut checked = 0;
    let mut failures = Vec::new();
    let pages = ["README", "cli"].iter().map(|p| (*p, None));
    for (page, problem) in pages.chain(NAMES.iter().map(|n| (*n, Some(*n)))) {
        // A problem's examples are read from its source, so that a message
        // names the line to edit (the copy in docs/spec/ is checked equal).
        let file = match problem {
            Some(name) => root()
                .join("src/problems")
                .join(name.replace('-', "_"))
                .join("spec.md"),
            None => spec_dir().join(format!("{page}.md")),
        };
        let list = examples(&file, problem);
        if let Some(name) = problem {
            // A problem's page shows each form it defines.
            for kind in ["input", "json-input", "invalid"] {
                assert!(
                    list.iter().any(|e| e.kind == kind && e.problem == name),
                    "{} has no `{kind}` example",
                    file.display()
                );
            }
        }
        for e in &list {
            let done = problems::visit(&e.problem, Check(e)).expect("a known problem");
            if let Err(why) = done {
                failures.push(format!("{} ({}): {why}", e.place, e.problem));
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(checked >= 3 * NAMES.len(), "only {checked} examples");
}

/// Text files of the repository that may point to a contract: docs, code,
/// tests, examples.
fn text_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if !name.starts_with('.') && name != "target" && name != "corpus" {
                text_files(&path, out);
            }
        } else if [".md", ".rs", ".py", ".toml", ".sh", ".c"]
            .iter()
            .any(|ext| name.ends_with(ext))
        {
            out.push(path);
        }
    }
}

#[test]
fn the_repository_points_to_its_own_contract() {
    let mut files = Vec::new();
    text_files(&root(), &mut files);
    // Spelled in pieces so that this file does not name them.
    let outside = [
        ["..", "/shared/"].concat(),
        ["PROBLEMS", ".md"].concat(),
        ["CLI", ".md"].concat(),
    ];
    let mut bad = Vec::new();
    for file in &files {
        let text = read(file);
        let shown = file.strip_prefix(root()).unwrap().display().to_string();
        for (i, line) in text.lines().enumerate() {
            for word in &outside {
                if line.contains(word.as_str()) {
                    bad.push(format!("{shown}:{}: {word}", i + 1));
                }
            }
            // Every docs/spec page named exists.
            let mut rest = line;
            while let Some(at) = rest.find("docs/spec/") {
                let tail = &rest[at + "docs/spec/".len()..];
                let end = tail
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
                    .unwrap_or(tail.len());
                let page = tail[..end].trim_end_matches('.');
                if !page.is_empty() && !root().join("docs/spec").join(page).exists() {
                    bad.push(format!(
                        "{shown}:{}: docs/spec/{page} does not exist",
                        i + 1
                    ));
                }
                rest = &tail[end..];
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The tables with one row per problem, each found by its header line: a
/// problem of the registry without a row, or a row naming no problem,
/// fails [`every_per_problem_table_has_one_row_per_problem`].
const PER_PROBLEM_TABLES: &[(&str, &str)] = &[
    ("README.md", "| problem | what | engine | notes |"),
    (
        "docs/protocol.md",
        "| problem | `--py-func FILE.py:NAME` calls |",
    ),
    PROTOCOL_JSON_TABLE,
    ("docs/spec/README.md", "| problem | what it is | page |"),
    (
        "docs/library.md",
        "| problem | module | type | case | answer |",
    ),
];

/// docs/protocol.md's table of JSON case and answer lines, one of
/// [`PER_PROBLEM_TABLES`]; its case lines must also read.
const PROTOCOL_JSON_TABLE: (&str, &str) =
    ("docs/protocol.md", "| problem | case line | answer line |");

/// Tables whose first column is a problem but that are not one row per
/// problem (a sample of variants, benchmark comparisons).
const OTHER_PROBLEM_TABLES: &[(&str, &str)] = &[
    (
        "BENCHMARKS.md",
        "| problem | comparison (one run) | ratio | details |",
    ),
    (
        "docs/zoo.md",
        "| problem | variant | the slip | caught by | counterexample |",
    ),
    ("BENCHMARKS.md", "| problem | before | after |"),
    (
        "BENCHMARKS.md",
        "| problem | check / bare, before | check / bare, after | one-case check, after / before |",
    ),
    (
        "BENCHMARKS.md",
        "| problem | bare case, before → after | one-case check, before → after | check, after / before |",
    ),
];

/// The first cells of the rows of the table under `header` in `text`
/// (backticks taken off), or `None` if there is no such table.
fn first_column(text: &str, header: &str) -> Option<Vec<String>> {
    let mut lines = text.lines().skip_while(|l| l.trim_end() != header);
    lines.next()?;
    Some(
        lines
            .skip(1) // |---|---|
            .take_while(|l| l.starts_with('|'))
            .map(|l| {
                l.split('|')
                    .nth(1)
                    .unwrap_or("")
                    .trim()
                    .trim_matches('`')
                    .to_string()
            })
            .collect(),
    )
}

/// Reads a case line of docs/protocol.md's table with problem `P`'s JSON form.
struct ReadsJson(String);

impl Visitor for ReadsJson {
    type Output = Result<(), String>;
    fn visit<P: Suite>(self) -> Self::Output {
        read_case_text::<P>(&self.0)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

#[test]
fn every_per_problem_table_has_one_row_per_problem() {
    let mut want: Vec<String> = NAMES.iter().map(|n| n.to_string()).collect();
    want.sort();
    let mut bad = Vec::new();
    for (file, header) in PER_PROBLEM_TABLES {
        let text = read(&root().join(file));
        let Some(mut got) = first_column(&text, header) else {
            bad.push(format!("{file}: no table under {header}"));
            continue;
        };
        got.sort();
        if got != want {
            bad.push(format!("{file}, {header}: rows {got:?}, problems {want:?}"));
        }
    }
    // Every table whose first column is `problem` is one of the two lists,
    // so a new table kept by hand is either tested here or said not to be
    // one row per problem.
    let mut files = Vec::new();
    text_files(&root(), &mut files);
    for file in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "md"))
    {
        let shown = file.strip_prefix(root()).unwrap().display().to_string();
        for line in read(file).lines().filter(|l| l.starts_with("| problem |")) {
            let known = |list: &[(&str, &str)]| {
                list.iter()
                    .any(|(f, h)| *f == shown && *h == line.trim_end())
            };
            if !known(PER_PROBLEM_TABLES) && !known(OTHER_PROBLEM_TABLES) {
                bad.push(format!(
                    "{shown}: a table of problems this test does not know: {line}"
                ));
            }
        }
    }
    // docs/protocol.md's case lines read with their problem's JSON form.
    let (file, header) = PROTOCOL_JSON_TABLE;
    let protocol = read(&root().join(file));
    let rows = protocol
        .lines()
        .skip_while(|l| l.trim_end() != header)
        .skip(2);
    for row in rows.take_while(|l| l.starts_with('|')) {
        let cells: Vec<&str> = row.split('|').collect();
        let problem = cells[1].trim().trim_matches('`');
        let line = cells[2].split('`').nth(1).unwrap_or("");
        if let Some(Err(e)) = problems::visit(problem, ReadsJson(line.to_string())) {
            bad.push(format!("docs/protocol.md, {problem}: {line}: {e}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The lines of a markdown text outside fenced blocks (a fenced line is
/// kept as an empty line, so line numbers stay those of the file).
fn outside_fences(markdown: &str) -> Vec<&str> {
    let mut fenced = false;
    markdown
        .lines()
        .map(|line| {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                ""
            } else if fenced {
                ""
            } else {
                line
            }
        })
        .collect()
}

/// The anchors GitHub gives the headings of a markdown text: lower case,
/// spaces as `-`, every character that is not a letter, a digit, `-` or
/// `_` dropped; a repeated heading gets `-1`, `-2`, ...
fn anchors(markdown: &str) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for line in outside_fences(markdown) {
        let hashes = line.chars().take_while(|c| *c == '#').count();
        let Some(title) = line[hashes..].strip_prefix(' ').filter(|_| hashes > 0) else {
            continue;
        };
        let base: String = title
            .trim()
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                '-' | '_' => Some(c),
                c if c.is_alphanumeric() => Some(c),
                _ => None,
            })
            .collect();
        let n = seen.iter().filter(|s| **s == base).count();
        out.push(if n == 0 {
            base.clone()
        } else {
            format!("{base}-{n}")
        });
        seen.push(base);
    }
    out
}

/// The targets of the inline links and images of one line, code spans
/// left out: `[text](target)`.
fn link_targets(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = line;
    // Code spans hold examples, not links: only the text between them.
    let pieces: Vec<&str> = line.split('`').step_by(2).collect();
    if pieces.len() > 1 {
        for piece in pieces {
            out.extend(link_targets(piece));
        }
        return out;
    }
    while let Some(at) = rest.find("](") {
        let tail = &rest[at + 2..];
        let end = tail.find(')').unwrap_or(tail.len());
        let target = &tail[..end];
        if !target.is_empty() && !target.contains(char::is_whitespace) {
            out.push(target);
        }
        rest = &tail[end..];
    }
    out
}

#[test]
fn every_relative_link_in_the_docs_resolves() {
    let mut files = Vec::new();
    text_files(&root(), &mut files);
    let pages: Vec<&PathBuf> = files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "md"))
        .collect();
    let shown = |f: &Path| f.strip_prefix(root()).unwrap().display().to_string();
    // A problem's spec source links as its copy in docs/spec/ does (which
    // is checked here, its rows in the tables made from them too).
    let pages: Vec<&PathBuf> = pages
        .into_iter()
        .filter(|p| !(shown(p).starts_with("src/problems/") && shown(p).ends_with("/spec.md")))
        .collect();
    assert!(
        pages.iter().any(|p| shown(p) == "README.md")
            && pages.iter().any(|p| shown(p).starts_with("docs/")),
        "the scan found neither README.md nor docs/"
    );
    let mut bad = Vec::new();
    let mut checked = 0;
    for page in &pages {
        let text = read(page);
        for (i, line) in outside_fences(&text).into_iter().enumerate() {
            for target in link_targets(line) {
                // Links out of the repository are not checked here.
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
                let file = if path.is_empty() {
                    page.to_path_buf()
                } else {
                    page.parent().unwrap().join(path)
                };
                let place = format!("{}:{}: {target}", shown(page), i + 1);
                if !file.exists() {
                    bad.push(format!("{place}: no such file"));
                } else if !anchor.is_empty()
                    && file.extension().is_some_and(|e| e == "md")
                    && !anchors(&read(&file)).iter().any(|a| a == anchor)
                {
                    bad.push(format!("{place}: no heading with that anchor"));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert!(checked >= 50, "only {checked} links found");
}

/// The link checker itself: a link that resolves passes, a missing file or
/// anchor is found, and code is not read as links.
#[test]
fn the_link_checker_reads_links_and_anchors() {
    assert_eq!(
        link_targets("see [a](b.md#c) and ![d](e.png), not `[f](g)`"),
        ["b.md#c", "e.png"]
    );
    assert_eq!(
        anchors(
            "# Top\n## `boardcheck perft`\n```\n# not a heading\n```\n## Python functions (`--py-func FILE.py:NAME`)\n## Top"
        ),
        [
            "top",
            "boardcheck-perft",
            "python-functions---py-func-filepyname",
            "top-1"
        ]
    );
}

/// examples/README.md's table of folders names every folder of
/// `examples/`, and only those.
#[test]
fn the_examples_table_names_every_folder_of_examples() {
    let text = read(&root().join("examples/README.md"));
    let mut rows: Vec<String> = first_column(&text, "| folder | candidates |")
        .expect("examples/README.md: no table under | folder | candidates |")
        .into_iter()
        .map(|cell| cell.trim_end_matches('/').to_string())
        .collect();
    let mut folders: Vec<String> = std::fs::read_dir(root().join("examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().to_string())
        .collect();
    rows.sort();
    folders.sort();
    assert_eq!(
        rows, folders,
        "examples/README.md's rows, examples/'s folders"
    );
}
