//! Mutant schemata (Untch, Offutt and Harrold, ISSTA 1993): every mutant
//! that `cargo mutants --list --json` names, written into one copy of the
//! source, each behind a run-time switch, so one build holds them all and a
//! mutant is chosen when the program runs (`boardcheck::mutant`), not by a
//! rebuild per mutant.
//!
//!     mutant-schemata write ROOT MUTANTS.json SCHEMATA.json [SKIP.txt]
//!     mutant-schemata blame SCHEMATA.json < cargo-messages.json
//!
//! `write` rewrites the files under ROOT in place (run it on a copy) and
//! lists every mutant with its id and whether it went in: a mutant in a
//! const context cannot call a switch, one inside a macro has no syntax
//! node here, one whose `&&` holds a `let` cannot be wrapped in an `if`.
//! `blame` reads a failed build's messages (`--message-format=json`) and
//! prints the ids of the mutants whose inserted code an error points into:
//! those do not compile as schemata (listed in SKIP.txt for the next
//! `write`).
//!
//! How a mutant goes in, by cargo-mutants' genre:
//! - an operator (`BinaryOperator`, `UnaryOperator`) or a guard
//!   (`MatchArmGuard`): the smallest expression that holds it becomes
//!   `(if on(ID) { MUTATED } else { ORIGINAL })`, MUTATED being the
//!   original text with the mutant's span replaced, so only the chosen
//!   mutant differs from the original;
//! - a function's value (`FnValue`): `if on(ID) { return VALUE; }` before
//!   the body's first statement (not where the function returns `impl
//!   Trait`: VALUE is then seldom of the body's type);
//! - a deleted match arm (`MatchArm`): the guard `if !on(ID)` (or
//!   `!on(ID) && (GUARD)`), so the arm is skipped when the mutant is on
//!   (not where no other arm catches the rest: that mutant does not build
//!   under cargo-mutants either).

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read as _;
use std::path::Path;

use proc_macro2::LineColumn;
use serde::{Deserialize, Serialize};
use syn::spanned::Spanned;
use syn::visit::Visit;

/// What `cargo mutants --list --json` says of one mutant (the fields used).
#[derive(Deserialize)]
struct Listed {
    name: String,
    file: String,
    genre: String,
    replacement: String,
    span: ListedSpan,
    /// The id to give it; by default its place in the list, from 1 (a
    /// list cut in parts numbers each part apart, so ids stay unique).
    #[serde(default)]
    id: Option<u32>,
}

#[derive(Deserialize)]
struct ListedSpan {
    start: ListedPos,
    end: ListedPos,
}

/// cargo-mutants' position: line and column both from 1.
#[derive(Deserialize)]
struct ListedPos {
    line: usize,
    column: usize,
}

/// One mutant in the schemata: `status` is `in` when it was written.
#[derive(Serialize, Deserialize)]
struct Entry {
    id: u32,
    name: String,
    file: String,
    genre: String,
    status: String,
    /// Lines (from 1) of the code written for this mutant alone.
    mutated: Option<(usize, usize)>,
    /// Lines of everything written for it, the original's copy included.
    whole: Option<(usize, usize)>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("write") if args.len() == 4 || args.len() == 5 => {
            write(Path::new(&args[1]), &args[2], &args[3], args.get(4))
        }
        Some("blame") if args.len() == 2 => blame(&args[1]),
        _ => Err(
            "usage: mutant-schemata write ROOT MUTANTS.json SCHEMATA.json [SKIP.txt] \
                  | blame SCHEMATA.json < cargo-messages.json"
                .to_string(),
        ),
    };
    if let Err(e) = result {
        eprintln!("mutant-schemata: {e}");
        std::process::exit(2);
    }
}

fn read(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
}

fn write(root: &Path, listed: &str, out: &str, skip: Option<&String>) -> Result<(), String> {
    let mutants: Vec<Listed> =
        serde_json::from_str(&read(listed)?).map_err(|e| format!("{listed}: {e}"))?;
    let skip: BTreeSet<u32> = match skip {
        Some(path) => read(path)?
            .split_whitespace()
            .map(|w| w.parse().map_err(|_| format!("{path}: not an id: {w:?}")))
            .collect::<Result<_, _>>()?,
        None => BTreeSet::new(),
    };
    let mut by_file: BTreeMap<&str, Vec<(u32, &Listed)>> = BTreeMap::new();
    let mut ids = BTreeSet::new();
    for (i, m) in mutants.iter().enumerate() {
        let id = m.id.unwrap_or(i as u32 + 1);
        if !ids.insert(id) {
            return Err(format!("{listed}: id {id} is given twice"));
        }
        by_file.entry(&m.file).or_default().push((id, m));
    }
    let mut entries = Vec::new();
    for (file, list) in by_file {
        let path = root.join(file);
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (new, mut written) =
            rewrite(&text, &list, &skip).map_err(|e| format!("{file}: {e}"))?;
        std::fs::write(&path, new).map_err(|e| format!("{}: {e}", path.display()))?;
        entries.append(&mut written);
    }
    entries.sort_by_key(|e| e.id);
    let json = serde_json::to_string_pretty(&entries).expect("entries serialise");
    std::fs::write(out, json).map_err(|e| format!("{out}: {e}"))?;
    let count = |s: &str| entries.iter().filter(|e| e.status == s).count();
    eprintln!(
        "{} mutants: {} written, {} skipped (did not compile), {} in a const context, \
         {} with no syntax node (in a macro), {} in a let chain, {} returning impl Trait, \
         {} arm deletions that leave the match not exhaustive",
        entries.len(),
        count("in"),
        count("skipped"),
        count("const"),
        count("no node"),
        count("let chain"),
        count("impl return"),
        count("not exhaustive")
    );
    Ok(())
}

/// Byte offsets of each line's start.
struct Lines(Vec<usize>);

impl Lines {
    fn of(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines(starts)
    }
    /// The byte offset of `line` (from 1) and `column` (chars, from 0).
    fn offset(&self, text: &str, line: usize, column: usize) -> usize {
        let start = self.0[line - 1];
        text[start..]
            .char_indices()
            .nth(column)
            .map_or(text.len(), |(i, _)| start + i)
    }
    fn at(&self, text: &str, p: LineColumn) -> usize {
        self.offset(text, p.line, p.column)
    }
    /// The line (from 1) of a byte offset.
    fn line_of(&self, offset: usize) -> usize {
        self.0.partition_point(|&s| s <= offset)
    }
}

/// Byte offsets of the original text, end excluded.
type Range = (usize, usize);

/// The syntax this needs, as byte ranges of the original text.
#[derive(Default)]
struct Nodes {
    /// (operator start, expression range, holds a `let`)
    binary: Vec<(usize, Range, bool)>,
    /// (operator start, expression range)
    unary: Vec<(usize, Range)>,
    /// (arm start, pattern end, guard range, whether another arm of the
    /// match catches everything without a guard)
    arms: Vec<(usize, usize, Option<Range>, bool)>,
    /// Function bodies (inside the braces), and whether the function
    /// returns `impl Trait`: `return VALUE` there must be of the body's
    /// own type, which cargo-mutants' value seldom is.
    bodies: Vec<(usize, usize, bool)>,
    /// Ranges where only constant expressions may stand.
    consts: Vec<Range>,
}

struct Collect<'a> {
    text: &'a str,
    lines: &'a Lines,
    nodes: Nodes,
}

impl Collect<'_> {
    fn range(&self, s: proc_macro2::Span) -> (usize, usize) {
        (
            self.lines.at(self.text, s.start()),
            self.lines.at(self.text, s.end()),
        )
    }
    fn body(&mut self, block: &syn::Block, sig: &syn::Signature, whole: proc_macro2::Span) {
        let (s, e) = self.range(block.span());
        let opaque = matches!(&sig.output, syn::ReturnType::Type(_, t) if matches!(**t, syn::Type::ImplTrait(_)));
        self.nodes.bodies.push((s + 1, e.saturating_sub(1), opaque));
        let constness = sig.constness.is_some();
        if constness {
            let r = self.range(whole);
            self.nodes.consts.push(r);
        }
    }
}

fn holds_let(e: &syn::Expr) -> bool {
    match e {
        syn::Expr::Let(_) => true,
        syn::Expr::Binary(b) => holds_let(&b.left) || holds_let(&b.right),
        _ => false,
    }
}

impl<'ast> Visit<'ast> for Collect<'_> {
    fn visit_expr_binary(&mut self, e: &'ast syn::ExprBinary) {
        let op = self.range(e.op.span()).0;
        let r = self.range(e.span());
        self.nodes
            .binary
            .push((op, r, holds_let(&e.left) || holds_let(&e.right)));
        syn::visit::visit_expr_binary(self, e);
    }
    fn visit_expr_unary(&mut self, e: &'ast syn::ExprUnary) {
        let op = self.range(e.op.span()).0;
        let r = self.range(e.span());
        self.nodes.unary.push((op, r));
        syn::visit::visit_expr_unary(self, e);
    }
    fn visit_expr_match(&mut self, m: &'ast syn::ExprMatch) {
        let catches_all = |a: &syn::Arm| {
            // A binding catches everything; `None` parses as an identifier
            // too, so only a lower-case one counts as a binding.
            a.guard.is_none()
                && match &a.pat {
                    syn::Pat::Wild(_) => true,
                    syn::Pat::Ident(p) => {
                        p.subpat.is_none()
                            && p.ident
                                .to_string()
                                .starts_with(|c: char| c.is_lowercase() || c == '_')
                    }
                    _ => false,
                }
        };
        for (i, a) in m.arms.iter().enumerate() {
            let start = self.range(a.span()).0;
            let pat_end = self.range(a.pat.span()).1;
            let guard = a.guard.as_ref().map(|(_, g)| self.range(g.span()));
            let other = m
                .arms
                .iter()
                .enumerate()
                .any(|(j, b)| j != i && catches_all(b));
            self.nodes.arms.push((start, pat_end, guard, other));
        }
        syn::visit::visit_expr_match(self, m);
    }
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.body(&f.block, &f.sig, f.span());
        syn::visit::visit_item_fn(self, f);
    }
    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        self.body(&f.block, &f.sig, f.span());
        syn::visit::visit_impl_item_fn(self, f);
    }
    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(block) = &f.default {
            self.body(block, &f.sig, f.span());
        }
        syn::visit::visit_trait_item_fn(self, f);
    }
    fn visit_item_const(&mut self, c: &'ast syn::ItemConst) {
        let r = self.range(c.span());
        self.nodes.consts.push(r);
        syn::visit::visit_item_const(self, c);
    }
    fn visit_item_static(&mut self, c: &'ast syn::ItemStatic) {
        let r = self.range(c.span());
        self.nodes.consts.push(r);
        syn::visit::visit_item_static(self, c);
    }
    fn visit_impl_item_const(&mut self, c: &'ast syn::ImplItemConst) {
        let r = self.range(c.span());
        self.nodes.consts.push(r);
        syn::visit::visit_impl_item_const(self, c);
    }
    fn visit_expr_repeat(&mut self, e: &'ast syn::ExprRepeat) {
        let r = self.range(e.len.span());
        self.nodes.consts.push(r);
        syn::visit::visit_expr_repeat(self, e);
    }
    fn visit_type_array(&mut self, t: &'ast syn::TypeArray) {
        let r = self.range(t.len.span());
        self.nodes.consts.push(r);
        syn::visit::visit_type_array(self, t);
    }
}

/// Text to put in at one offset. At one offset, what closes comes before
/// what opens; what opens the wider range first; what closes the narrower
/// range first.
struct Insert {
    at: usize,
    opens: bool,
    width: usize,
    id: u32,
    text: String,
}

impl Insert {
    /// Text opening mutant `id`'s change at `at`, around `width` bytes of
    /// the original (the widest opens first); all of it is the mutant's own.
    fn opening(at: usize, width: usize, id: u32, text: String) -> Insert {
        Insert {
            at,
            opens: true,
            width,
            id,
            text,
        }
    }
}

/// `open` before and `close` after the original's `range`, for mutant `id`.
fn bracket(inserts: &mut Vec<Insert>, id: u32, range: (usize, usize), open: String, close: &str) {
    let (a, b) = range;
    inserts.push(Insert::opening(a, b - a, id, open));
    inserts.push(Insert {
        at: b,
        opens: false,
        width: b - a,
        id,
        text: close.into(),
    });
}

fn switch(id: u32) -> String {
    format!("crate::mutant::on({id})")
}

/// The file with `list`'s mutants written in (those not in `skip`), and an
/// entry for each.
fn rewrite(
    text: &str,
    list: &[(u32, &Listed)],
    skip: &BTreeSet<u32>,
) -> Result<(String, Vec<Entry>), String> {
    let file = syn::parse_file(text).map_err(|e| format!("does not parse: {e}"))?;
    let lines = Lines::of(text);
    let mut c = Collect {
        text,
        lines: &lines,
        nodes: Nodes::default(),
    };
    c.visit_file(&file);
    let nodes = c.nodes;
    let mut inserts: Vec<Insert> = Vec::new();
    let mut entries = Vec::new();
    for &(id, m) in list {
        let s = lines.offset(text, m.span.start.line, m.span.start.column - 1);
        let e = lines.offset(text, m.span.end.line, m.span.end.column - 1);
        let mut status = "in";
        if skip.contains(&id) {
            status = "skipped";
        } else if nodes.consts.iter().any(|&(a, b)| a <= s && e <= b) {
            status = "const";
        } else {
            let wrap = |range: (usize, usize), inserts: &mut Vec<Insert>| {
                let (a, b) = range;
                let mutated = format!("{}{}{}", &text[a..s], m.replacement, &text[e..b]);
                let open = format!("(if {} {{\n{mutated}\n}} else {{\n", switch(id));
                bracket(inserts, id, range, open, "\n})");
            };
            match m.genre.as_str() {
                "BinaryOperator" => match nodes.binary.iter().find(|n| n.0 == s) {
                    Some(&(_, _, true)) => status = "let chain",
                    Some(&(_, r, false)) => wrap(r, &mut inserts),
                    None => status = "no node",
                },
                "UnaryOperator" => match nodes.unary.iter().find(|n| n.0 == s) {
                    Some(&(_, r)) => wrap(r, &mut inserts),
                    None => status = "no node",
                },
                "MatchArmGuard" => wrap((s, e), &mut inserts),
                "FnValue" => {
                    // The innermost body holding the span.
                    let body = nodes
                        .bodies
                        .iter()
                        .filter(|&&(a, b, _)| a <= s && e <= b)
                        .min_by_key(|&&(a, b, _)| b - a);
                    match body {
                        Some(&(_, _, true)) => status = "impl return",
                        Some(&(a, b, false)) => {
                            let open =
                                format!("\nif {} {{ return {}; }}\n", switch(id), m.replacement);
                            // Wider than anything inside the body, so it
                            // comes first at the first statement.
                            inserts.push(Insert::opening(s, b - a + 1, id, open));
                        }
                        None => status = "no node",
                    }
                }
                "MatchArm" => match nodes.arms.iter().find(|n| n.0 == s) {
                    // Without an arm that catches the rest the match is not
                    // exhaustive without this one: no build, schemata or not.
                    Some(&(_, _, _, false)) => status = "not exhaustive",
                    Some(&(_, pat_end, None, true)) => {
                        let open = format!(" if !{}", switch(id));
                        inserts.push(Insert::opening(pat_end, 0, id, open));
                    }
                    Some(&(_, _, Some(guard), true)) => {
                        let open = format!("!{} && (", switch(id));
                        bracket(&mut inserts, id, guard, open, ")");
                    }
                    None => status = "no node",
                },
                _ => status = "no node",
            }
        }
        entries.push(Entry {
            id,
            name: m.name.clone(),
            file: m.file.clone(),
            genre: m.genre.clone(),
            status: status.to_string(),
            mutated: None,
            whole: None,
        });
    }
    inserts.sort_by(|x, y| {
        x.at.cmp(&y.at)
            .then(x.opens.cmp(&y.opens))
            .then(if x.opens {
                y.width.cmp(&x.width).then(x.id.cmp(&y.id))
            } else {
                x.width.cmp(&y.width).then(y.id.cmp(&x.id))
            })
    });
    // Write, noting where each mutant's text lands.
    let mut out = String::with_capacity(text.len() * 2);
    let mut from = 0;
    let mut placed: BTreeMap<u32, (usize, usize, usize)> = BTreeMap::new(); // id -> (start, own end, end)
    for ins in &inserts {
        out.push_str(&text[from..ins.at]);
        from = ins.at;
        let start = out.len();
        out.push_str(&ins.text);
        // The mutant's own text is its opening (the first of its inserts).
        let own = if ins.opens { ins.text.len() } else { 0 };
        let p = placed
            .entry(ins.id)
            .or_insert((start, start + own, out.len()));
        p.2 = out.len();
    }
    out.push_str(&text[from..]);
    let out_lines = Lines::of(&out);
    for entry in &mut entries {
        if let Some(&(a, own, b)) = placed.get(&entry.id) {
            entry.mutated = Some((out_lines.line_of(a), out_lines.line_of(own.max(a + 1) - 1)));
            entry.whole = Some((out_lines.line_of(a), out_lines.line_of(b.max(a + 1) - 1)));
        }
    }
    Ok((out, entries))
}

/// The mutants an error of a failed build points into.
fn blame(schemata: &str) -> Result<(), String> {
    let entries: Vec<Entry> =
        serde_json::from_str(&read(schemata)?).map_err(|e| format!("{schemata}: {e}"))?;
    let mut messages = String::new();
    std::io::stdin()
        .read_to_string(&mut messages)
        .map_err(|e| format!("standard input: {e}"))?;
    let mut blamed = BTreeSet::new();
    let mut unplaced = 0;
    for line in messages.lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let msg = &v["message"];
        if v["reason"] != "compiler-message" || msg["level"] != "error" {
            continue;
        }
        let Some(spans) = msg["spans"].as_array() else {
            continue;
        };
        let mut found = false;
        for span in spans.iter().filter(|s| s["is_primary"] == true) {
            let (Some(file), Some(line)) =
                (span["file_name"].as_str(), span["line_start"].as_u64())
            else {
                continue;
            };
            let line = line as usize;
            // The narrowest range that holds the line: the mutant's own
            // code first, then everything written for it.
            let pick = |range: fn(&Entry) -> Option<(usize, usize)>| {
                entries
                    .iter()
                    .filter(|e| file.ends_with(&e.file))
                    .filter_map(|e| range(e).map(|(a, b)| (e.id, a, b)))
                    .filter(|&(_, a, b)| a <= line && line <= b)
                    .min_by_key(|&(_, a, b)| b - a)
                    .map(|(id, _, _)| id)
            };
            if let Some(id) = pick(|e| e.mutated).or_else(|| pick(|e| e.whole)) {
                blamed.insert(id);
                found = true;
            }
        }
        if !found {
            unplaced += 1;
            eprintln!(
                "an error in no mutant's code: {}",
                msg["rendered"]
                    .as_str()
                    .unwrap_or("")
                    .lines()
                    .take(3)
                    .collect::<Vec<_>>()
                    .join(" | ")
            );
        }
    }
    for id in &blamed {
        println!("{id}");
    }
    if unplaced > 0 {
        return Err(format!("{unplaced} errors point into no mutant's code"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(genre: &str, replacement: &str, s: (usize, usize), e: (usize, usize)) -> Listed {
        Listed {
            name: format!("{genre} {replacement}"),
            file: "f.rs".into(),
            genre: genre.into(),
            replacement: replacement.into(),
            span: ListedSpan {
                start: ListedPos {
                    line: s.0,
                    column: s.1,
                },
                end: ListedPos {
                    line: e.0,
                    column: e.1,
                },
            },
            id: None,
        }
    }

    #[test]
    fn an_operator_is_switched_and_the_original_kept() {
        let text = "fn f(a: u32, b: u32) -> u32 {\n    a + b * 2\n}\n";
        let plus = listed("BinaryOperator", "-", (2, 7), (2, 8));
        let times = listed("BinaryOperator", "+", (2, 11), (2, 12));
        let value = listed("FnValue", "0", (2, 5), (2, 14));
        let (out, entries) = rewrite(
            text,
            &[(1, &plus), (2, &times), (3, &value)],
            &BTreeSet::new(),
        )
        .unwrap();
        assert!(entries.iter().all(|e| e.status == "in"), "{out}");
        let flat: String = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(
            flat,
            "fn f(a: u32, b: u32) -> u32 { if crate::mutant::on(3) { return 0; } \
             (if crate::mutant::on(1) { a - b * 2 } else { a + (if crate::mutant::on(2) { \
             b + 2 } else { b * 2 }) }) }"
        );
        syn::parse_file(&out).unwrap();
    }

    #[test]
    fn consts_macros_and_skips_stay_out() {
        let text = "const A: i32 = -1;\nfn g() -> bool { assert!(1 < 2); !true }\n";
        let neg = listed("UnaryOperator", "", (1, 16), (1, 17));
        let in_macro = listed("BinaryOperator", ">", (2, 28), (2, 29));
        let not = listed("UnaryOperator", "", (2, 34), (2, 35));
        let skip = BTreeSet::from([3]);
        let (out, entries) = rewrite(text, &[(1, &neg), (2, &in_macro), (3, &not)], &skip).unwrap();
        let status: Vec<&str> = entries.iter().map(|e| e.status.as_str()).collect();
        assert_eq!(status, ["const", "no node", "skipped"]);
        assert_eq!(out, text);
    }

    #[test]
    fn opaque_returns_and_needed_arms_stay_out() {
        let text = "fn i() -> impl Iterator<Item = u8> {\n    Some(1).into_iter()\n}\n\
                    fn j(x: Option<u8>) -> u8 {\n    match x {\n        None => 0,\n        Some(_) => 1,\n    }\n}\n";
        let value = listed("FnValue", "::std::iter::empty()", (2, 5), (2, 24));
        let arm = listed("MatchArm", "", (6, 9), (6, 18));
        let (out, entries) = rewrite(text, &[(1, &value), (2, &arm)], &BTreeSet::new()).unwrap();
        let status: Vec<&str> = entries.iter().map(|e| e.status.as_str()).collect();
        assert_eq!(status, ["impl return", "not exhaustive"]);
        assert_eq!(out, text);
    }

    #[test]
    fn a_deleted_arm_is_guarded() {
        let text = "fn h(x: u8) -> u8 {\n    match x {\n        0 => 1,\n        1 if x > 0 => 2,\n        _ => 3,\n    }\n}\n";
        let first = listed("MatchArm", "", (3, 9), (3, 15));
        let second = listed("MatchArm", "", (4, 9), (4, 24));
        let (out, _) = rewrite(text, &[(1, &first), (2, &second)], &BTreeSet::new()).unwrap();
        assert!(out.contains("0 if !crate::mutant::on(1) => 1"), "{out}");
        assert!(
            out.contains("1 if !crate::mutant::on(2) && (x > 0) => 2"),
            "{out}"
        );
        syn::parse_file(&out).unwrap();
    }

    #[test]
    fn ids_given_in_the_list_are_kept_and_must_differ() {
        let root = std::env::temp_dir().join(format!("mutant-schemata-ids-{}", std::process::id()));
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(root.join("f.rs"), "fn f(a: u32) -> u32 {\n    a + 1\n}\n").unwrap();
        let list = |ids: [u32; 2]| {
            format!(
                "[{{\"name\":\"a\",\"file\":\"f.rs\",\"genre\":\"BinaryOperator\",\
                 \"replacement\":\"-\",\"span\":{{\"start\":{{\"line\":2,\"column\":7}},\
                 \"end\":{{\"line\":2,\"column\":8}}}},\"id\":{}}},\
                 {{\"name\":\"b\",\"file\":\"f.rs\",\"genre\":\"BinaryOperator\",\
                 \"replacement\":\"*\",\"span\":{{\"start\":{{\"line\":2,\"column\":7}},\
                 \"end\":{{\"line\":2,\"column\":8}}}},\"id\":{}}}]",
                ids[0], ids[1]
            )
        };
        let (listed, out) = (root.join("m.json"), root.join("s.json"));
        let (listed, out) = (listed.to_str().unwrap(), out.to_str().unwrap());
        std::fs::write(listed, list([1001, 1002])).unwrap();
        write(&root, listed, out, None).unwrap();
        let schemata = std::fs::read_to_string(out).unwrap();
        let entries: Vec<Entry> = serde_json::from_str(&schemata).unwrap();
        let ids: Vec<u32> = entries.iter().map(|e| e.id).collect();
        assert_eq!(ids, [1001, 1002]);
        assert!(
            std::fs::read_to_string(root.join("f.rs"))
                .unwrap()
                .contains("on(1002)")
        );
        std::fs::write(root.join("f.rs"), "fn f(a: u32) -> u32 {\n    a + 1\n}\n").unwrap();
        std::fs::write(listed, list([7, 7])).unwrap();
        let err = write(&root, listed, out, None).unwrap_err();
        assert!(err.contains("id 7 is given twice"), "{err}");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
