//! The result of a check: JSON for machines (CLI.md), text for people.

use serde::Serialize;

use super::verdict::{Origin, Status, Verdict};

/// What a check found.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    /// The problem's name.
    pub problem: String,
    /// The seed the cases came from.
    pub seed: u64,
    /// Pass or fail.
    pub status: Status,
    /// Cases run before stopping (replayed ones included).
    pub cases: u64,
    /// The minimal failure, when one was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<Failure>,
}

/// A failing case, shrunk.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Failure {
    /// What the candidate did.
    pub verdict: Verdict,
    /// The minimal failing input, exactly as fed to the candidate.
    pub input: String,
    /// The oracle's answer.
    pub expected: String,
    /// What the candidate wrote.
    pub got: String,
    /// How many smaller failing inputs the shrinker stepped through.
    pub shrink_steps: u64,
    /// Exit status, signal, stderr or parse error, when there is one.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub detail: String,
    /// The size of the minimal input, e.g. `3 cells, 1 placement`.
    pub size: String,
    /// Where the case came from.
    pub origin: Origin,
}

/// Lines of a text shown in a human report; the JSON report keeps them all.
const SHOWN_LINES: usize = 60;

fn indent(text: &str) -> String {
    if text.is_empty() {
        return "    (nothing)\n".into();
    }
    let total = text.lines().count();
    let mut out: String = text
        .lines()
        .take(SHOWN_LINES)
        .map(|l| format!("    {l}\n"))
        .collect();
    if total > SHOWN_LINES {
        out.push_str(&format!(
            "    ... ({} more lines; --json shows everything)\n",
            total - SHOWN_LINES
        ));
    }
    out
}

/// `got` with a marker line under every line that differs from `expected`:
/// `^` under each differing column.
pub fn mark_differences(expected: &str, got: &str) -> String {
    let want: Vec<&str> = expected.lines().collect();
    let have: Vec<&str> = got.lines().map(|l| l.trim_end()).collect();
    let mut out = String::new();
    for (i, line) in have.iter().enumerate().take(SHOWN_LINES) {
        out.push_str(&format!("    {line}\n"));
        let other = want.get(i).copied().unwrap_or("");
        if *line != other {
            let (a, b): (Vec<char>, Vec<char>) = (line.chars().collect(), other.chars().collect());
            let marks: String = (0..a.len().max(b.len()))
                .map(|c| if a.get(c) == b.get(c) { ' ' } else { '^' })
                .collect();
            out.push_str(&format!("    {}\n", marks.trim_end()));
        }
    }
    if have.len() > SHOWN_LINES {
        out.push_str(&format!(
            "    ... ({} more lines; --json shows everything)\n",
            have.len() - SHOWN_LINES
        ));
    }
    if have.len() < want.len() {
        out.push_str(&format!(
            "    (missing {} line(s) from here)\n",
            want.len() - have.len()
        ));
    }
    if have.is_empty() {
        out.push_str("    (no output)\n");
    }
    out
}

impl Report {
    /// The report for a person: the seed, the minimal input, expected and
    /// got with the differing cells marked, and `repeat`, the command that
    /// runs the same check again.
    pub fn render(&self, repeat: &str) -> String {
        let mut out = String::new();
        match &self.failure {
            None => {
                out.push_str(&format!(
                    "PASS  {}: {} cases agreed with the oracle (seed {})\n",
                    self.problem, self.cases, self.seed
                ));
            }
            Some(f) => {
                out.push_str(&format!(
                    "FAIL  {}: {} — {}, found at case {} (seed {})\n\n",
                    self.problem,
                    f.verdict,
                    f.verdict.name(),
                    self.cases,
                    self.seed
                ));
                let shrunk = match f.origin {
                    Origin::Generated => format!("shrunk in {} steps", f.shrink_steps),
                    Origin::Replayed => "replayed from the saved failures".into(),
                    Origin::Vector => "a test vector".into(),
                    _ if f.verdict == Verdict::TimeLimit => {
                        "the batch as a whole ran out of time while its cases pass alone: \
                         raise --timeout-ms or lower --batch"
                            .into()
                    }
                    _ => "fails only inside its batch, not alone; not shrunk".into(),
                };
                out.push_str(&format!("minimal input ({}; {shrunk}):\n", f.size));
                out.push_str(&indent(&f.input));
                out.push_str("expected:\n");
                out.push_str(&indent(&f.expected));
                out.push_str("got:\n");
                out.push_str(&mark_differences(&f.expected, &f.got));
                if !f.detail.is_empty() {
                    out.push_str(&format!("detail: {}\n", f.detail));
                }
            }
        }
        out.push_str(&format!("\nrepeat: {repeat}\n"));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_differing_columns() {
        assert_eq!(
            mark_differences("AAAAA\n", "AABAA\n"),
            "    AABAA\n      ^\n"
        );
        assert_eq!(
            mark_differences("x\ny\n", "x\n"),
            "    x\n    (missing 1 line(s) from here)\n"
        );
    }
}
