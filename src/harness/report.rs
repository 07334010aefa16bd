//! The result of a check: JSON for machines (CLI.md), text for people.

use serde::Serialize;

use super::excerpt;
use super::verdict::{Origin, Status, Verdict};
use crate::generation::Reference;
use crate::text::plural;

/// What a check found.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    /// The problem's name.
    pub problem: String,
    /// The seed the cases came from.
    pub seed: u64,
    /// Pass or fail.
    pub status: Status,
    /// Cases run before stopping (given ones included).
    pub cases: u64,
    /// How candidate runs were contained, e.g. `namespaces+cgroups`.
    pub sandbox: String,
    /// The cases checked, as declared (`--size`, `--shape`), in words.
    pub domain: String,
    /// The limits phase: every worst-case pattern at growing sizes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub limits: Vec<LimitCase>,
    /// The laws checked on the candidate's own answers (`--properties`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub properties: Option<PropertiesSummary>,
    /// The given inputs (`--replay`, `--vectors`): how many ran, which were skipped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub given: Option<GivenSummary>,
    /// The minimal failure, when one was found: the first of `failures`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<Failure>,
    /// Every distinct failure found (`--max-failures`), each shrunk and
    /// confirmed alone.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub failures: Vec<Failure>,
    /// Why the candidate could not run at all (status `error`): its exit
    /// status and the end of its stderr, the same on the smallest input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cannot_run: Option<String>,
    /// Where the time went; `--json` shows it beside CLI.md's fields.
    #[serde(skip)]
    pub timings: Timings,
    /// The stack limit of the candidate's processes in bytes, if it runs
    /// in processes of its own (the crash hint names it).
    #[serde(skip)]
    pub stack_bytes: Option<u64>,
}

/// Where a check's time went: per phase, and per run of the case phase.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Timings {
    /// Seconds of each phase, in the order they ran.
    pub phases: PhaseSeconds,
    /// Cases one run of the case phase holds (1, or the `--multi` batch).
    pub cases_per_run: usize,
    /// The spread of the case phase's run times, in ms.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_run_ms: Option<Spread>,
    /// Every run of the case phase (given, generated or enumerated cases),
    /// in ms, in case order; left out beyond [`Timings::MAX_LISTED`] runs.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub run_ms: Vec<f64>,
    /// The runs of the case phase, listed or not.
    pub runs: u64,
}

impl Timings {
    /// The most run times [`Timings::run_ms`] lists.
    pub const MAX_LISTED: usize = 10_000;

    /// The mean time of one case in the case phase: a run's mean time
    /// over the cases it holds; `None` when the phase ran nothing.
    pub fn mean_ms_per_case(&self) -> Option<f64> {
        let mean = self.per_run_ms.as_ref()?.mean;
        Some(mean / self.cases_per_run.max(1) as f64)
    }

    /// The timings of the case phase's runs, `ms` in case order.
    pub fn of_runs(ms: &[f64], cases_per_run: usize) -> Timings {
        let round = |v: f64| (v * 1000.0).round() / 1000.0;
        let mut sorted: Vec<f64> = ms.iter().map(|&v| round(v)).collect();
        sorted.sort_by(f64::total_cmp);
        let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
        let per_run_ms = (!sorted.is_empty()).then(|| Spread {
            min: sorted[0],
            median: at(0.5),
            p90: at(0.9),
            max: sorted[sorted.len() - 1],
            mean: round(sorted.iter().sum::<f64>() / sorted.len() as f64),
        });
        Timings {
            phases: PhaseSeconds::default(),
            cases_per_run,
            per_run_ms,
            run_ms: if ms.len() <= Self::MAX_LISTED {
                ms.iter().map(|&v| round(v)).collect()
            } else {
                Vec::new()
            },
            runs: ms.len() as u64,
        }
    }
}

/// Seconds spent in each phase of a check (shrinking is inside the phase
/// that found the failure, and also counted on its own).
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct PhaseSeconds {
    /// `--replay` and `--vectors` inputs.
    pub given: f64,
    /// Generated or enumerated cases.
    pub cases: f64,
    /// The laws on generated cases (`--properties all`).
    pub laws: f64,
    /// The limits phase, with its laws.
    pub limits: f64,
    /// Confirming and shrinking the failure, if one was found.
    pub shrinking: f64,
}

/// Order statistics of some times, in ms.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Spread {
    /// The fastest.
    pub min: f64,
    /// The middle one.
    pub median: f64,
    /// 90% are no slower than this.
    pub p90: f64,
    /// The slowest.
    pub max: f64,
    /// The mean.
    pub mean: f64,
}

/// What happened to the inputs given to a check.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct GivenSummary {
    /// Where they came from.
    pub origin: Origin,
    /// Cases run.
    pub ran: u64,
    /// Entries not run, each with why.
    pub skipped: Vec<String>,
}

/// The laws run on the candidate itself: on how many cases, and how they went.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct PropertiesSummary {
    /// Cases the laws ran on.
    pub cases: u64,
    /// Law and case pairs that held.
    pub held: u64,
    /// Law and case pairs skipped: the law needed more runs than allowed.
    pub skipped: u64,
    /// The laws skipped at least once.
    pub skipped_laws: Vec<String>,
    /// Law and case pairs not run: the limits phase's time budget was spent.
    pub out_of_time: u64,
    /// The laws that judge one answer alone, left to the reference (which
    /// judged that answer already).
    pub left_to_reference: Vec<String>,
    /// Candidate runs the laws spent.
    pub runs: u64,
}

impl PropertiesSummary {
    /// Adds the counts of `other`.
    pub fn add(&mut self, other: &PropertiesSummary) {
        self.cases += other.cases;
        self.held += other.held;
        self.skipped += other.skipped;
        self.out_of_time += other.out_of_time;
        self.runs += other.runs;
        for (mine, theirs) in [
            (&mut self.skipped_laws, &other.skipped_laws),
            (&mut self.left_to_reference, &other.left_to_reference),
        ] {
            for law in theirs {
                if !mine.contains(law) {
                    mine.push(law.clone());
                }
            }
        }
    }
}

/// The law that led to a failure, and the case it was checked on.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FoundBy {
    /// The law's name, e.g. `mirror-symmetry`.
    pub law: String,
    /// The law in one line.
    pub about: String,
    /// What the law said was wrong, when it got answers to compare.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complaint: Option<String>,
    /// The case the law was checked on, as fed; the failure's input is one
    /// the law made from it (before shrinking).
    pub from: String,
}

/// How far a reported input was shrunk. In JSON: `state`, one word
/// (`minimal`, `smallest`, `unproven`, `stopped`, `not-shrunk`, `batch`), and `why`,
/// a sentence; `smallest` adds `tried`, the enumerated cases run.
#[derive(Clone, Debug, PartialEq)]
pub enum Shrink {
    /// Shrunk until no simpler input failed the same way.
    Minimal,
    /// Shrunk, then every enumerated case with fewer cells was tried (how
    /// many): the input has the fewest cells of any that fails this way.
    Smallest(u64),
    /// Shrunk until no simpler step failed, but not every input with fewer
    /// cells could be tried (the reason): it may not be the smallest.
    Unproven(String),
    /// Shrunk some steps, then stopped (the reason).
    Stopped(String),
    /// Not shrunk at all (the reason).
    Not(String),
    /// A failure of several cases in one process, narrowed to the smallest
    /// batch that still fails (the reason it needs them together).
    Batch(String),
}

impl Shrink {
    /// The state in one word, as `--json` names it.
    pub fn state(&self) -> &'static str {
        match self {
            Shrink::Minimal => "minimal",
            Shrink::Smallest(_) => "smallest",
            Shrink::Unproven(_) => "unproven",
            Shrink::Stopped(_) => "stopped",
            Shrink::Not(_) => "not-shrunk",
            Shrink::Batch(_) => "batch",
        }
    }

    /// Why the input is where it is, in words.
    pub fn why(&self) -> String {
        match self {
            Shrink::Minimal => "no simpler input fails the same way".into(),
            Shrink::Smallest(tried) => format!(
                "no case with fewer cells fails this way ({} tried)",
                plural(*tried as usize, "enumerated case")
            ),
            Shrink::Unproven(why)
            | Shrink::Stopped(why)
            | Shrink::Not(why)
            | Shrink::Batch(why) => why.clone(),
        }
    }
}

impl Serialize for Shrink {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let tried = match self {
            Shrink::Smallest(tried) => Some(*tried),
            _ => None,
        };
        let mut map = serializer.serialize_map(Some(2 + usize::from(tried.is_some())))?;
        map.serialize_entry("state", self.state())?;
        map.serialize_entry("why", &self.why())?;
        if let Some(tried) = tried {
            map.serialize_entry("tried", &tried)?;
        }
        map.end()
    }
}

/// A failing case, confirmed by one run of exactly `input`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Failure {
    /// What the candidate did.
    pub verdict: Verdict,
    /// The failing input, exactly as fed to the candidate in the run
    /// that confirmed it.
    pub input: String,
    /// The reference answer.
    pub expected: String,
    /// Which solver gave it: the oracle, or the engine beyond the oracle's reach.
    pub reference: Reference,
    /// What the candidate wrote.
    pub got: String,
    /// How many smaller failing inputs the shrinker stepped through.
    pub shrink_steps: u64,
    /// How many candidate runs shrinking spent.
    pub shrink_runs: u64,
    /// Whether the input is minimal, and if not why.
    pub shrink: Shrink,
    /// Exit status, signal, stderr or parse error, when there is one.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub detail: String,
    /// The size of the minimal input, e.g. `3 cells, 1 placement`.
    pub size: String,
    /// Where the case came from.
    pub origin: Origin,
    /// For a failure at the limits: the pattern and where it starts failing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_limits: Option<AtLimits>,
    /// For a failure a law found on the candidate's answers: which law.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found_by: Option<FoundBy>,
}

/// Where a worst-case pattern starts failing.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct AtLimits {
    /// The pattern's name.
    pub pattern: String,
    /// The smallest size found failing (the reported input's size).
    pub fails_from: usize,
    /// The largest size found passing below it, if any ran.
    pub passes_at: Option<usize>,
    /// The unit of the sizes.
    pub unit: String,
    /// The running time at the contract's maximum, fitted on the runs that
    /// passed (as `boardcheck scale` does).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub projected: Option<Projection>,
}

/// A fitted running time at the contract's maximum.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Projection {
    /// The contract's maximum size, in the problem's unit.
    pub size: usize,
    /// Seconds at the maximum size.
    pub seconds_at_max: f64,
    /// The fitted exponent of time against size.
    pub exponent: f64,
    /// How many passing runs the fit used.
    pub from_runs: usize,
}

/// One case of the limits phase: a pattern at a size, and how it went.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LimitCase {
    /// The pattern's name.
    pub pattern: String,
    /// Its size, in the problem's unit.
    pub size: usize,
    /// The verdict.
    pub verdict: Verdict,
    /// Wall time of the candidate's run.
    pub seconds: f64,
    /// Which solver gave the reference answer.
    pub reference: Reference,
}

/// `text` indented for the terminal report, cut to an excerpt around line
/// and column `focus` when long.
fn indent_around(text: &str, focus: Option<(usize, usize)>) -> String {
    if text.is_empty() {
        return "    (nothing)\n".into();
    }
    excerpt::excerpt(text, focus, "    ")
}

fn indent(text: &str) -> String {
    indent_around(text, None)
}

/// `got` with a marker line under every line that differs from `expected`:
/// `^` under each differing column; an excerpt around the first difference
/// when `got` is long.
pub fn mark_differences(expected: &str, got: &str) -> String {
    let want: Vec<&str> = expected.lines().collect();
    let have: Vec<&str> = got.lines().map(|l| l.trim_end()).collect();
    let first = excerpt::first_difference(expected, got);
    let mut out = String::new();
    for piece in excerpt::pieces(got, first.map(|f| f.0)) {
        let (i, line) = match piece {
            excerpt::Piece::Cut(n) => {
                out.push_str(&format!("    {}\n", excerpt::cut_note(n)));
                continue;
            }
            excerpt::Piece::Line(i, line) => (i, line.trim_end()),
        };
        let other = want.get(i).copied().unwrap_or("");
        let (a, b): (Vec<char>, Vec<char>) = (line.chars().collect(), other.chars().collect());
        let column = (0..a.len().max(b.len())).find(|&c| a.get(c) != b.get(c));
        let shown = excerpt::columns(a.len().max(b.len()), column);
        out.push_str(&format!("    {}\n", excerpt::clip(line, shown)));
        if line != other {
            let marks: String = (shown.0..shown.1.min(a.len().max(b.len())))
                .map(|c| if a.get(c) == b.get(c) { ' ' } else { '^' })
                .collect();
            let lead = if shown.0 > 0 {
                " ".repeat(format!("({} characters) ", shown.0).len())
            } else {
                String::new()
            };
            out.push_str(format!("    {lead}{marks}").trim_end());
            out.push('\n');
        }
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

/// How a problem's answers read their first line, when it is not a board
/// row ([`crate::generation::Extras::answer_head`]).
pub fn answer_head(problem: &str) -> Option<fn(&str) -> Option<String>> {
    struct Head;
    impl crate::problems::Visitor for Head {
        type Output = Option<fn(&str) -> Option<String>>;
        fn visit<P: crate::suite::Suite>(self) -> Self::Output {
            P::extras().answer_head
        }
    }
    crate::problems::visit(problem, Head).flatten()
}

/// The program word of a `repeat` command (how the user runs boardcheck).
pub fn program_of(repeat: &str) -> String {
    shlex::split(repeat)
        .and_then(|words| words.into_iter().next())
        .map_or_else(
            || "boardcheck".into(),
            |w| shlex::try_quote(&w).map_or(w.clone(), Into::into),
        )
}

impl Failure {
    /// What the reported input is: minimal, shrunk and stopped, not shrunk,
    /// each with its size and why.
    pub fn heading(&self) -> String {
        let f = self;
        let steps = format!(
            "{} in {}",
            plural(f.shrink_steps as usize, "step"),
            plural(f.shrink_runs as usize, "run")
        );
        match &f.shrink {
            Shrink::Minimal if f.origin == Origin::Exhaustive => format!(
                "minimal input ({}; the first failure of the enumeration: every case with fewer cells passed)",
                f.size
            ),
            Shrink::Minimal => format!("minimal input ({}; shrunk {steps})", f.size),
            Shrink::Smallest(tried) => format!(
                "minimal input ({}; shrunk {steps}, then {tried} enumerated smaller cases: no case with fewer cells fails this way)",
                f.size
            ),
            Shrink::Unproven(why) => format!(
                "shrunk input, not proven minimal ({}; shrunk {steps}; {why})",
                f.size
            ),
            Shrink::Stopped(why) => {
                format!("input ({}; shrunk {steps}, stopped early: {why})", f.size)
            }
            Shrink::Not(why) => format!("input ({}; not shrunk: {why})", f.size),
            Shrink::Batch(why) if f.verdict == Verdict::TimeLimit => format!(
                "input ({}: {why}; the batch as a whole ran out of time: \
                 raise --timeout-ms or lower --batch)",
                f.size
            ),
            Shrink::Batch(why) => format!("input ({}: {why})", f.size),
        }
    }

    /// For a failure at the limits: where its pattern fails, in words.
    pub fn limits_sizes(&self) -> Option<String> {
        let at = self.at_limits.as_ref()?;
        Some(match at.passes_at {
            Some(p) if p + 1 == at.fails_from => format!(
                "pattern {} fails from {} {}, passes at {p}",
                at.pattern, at.unit, at.fails_from
            ),
            Some(p) => format!(
                "pattern {} fails at {} {}, passes at {p} (the bisection stopped before they met)",
                at.pattern, at.unit, at.fails_from
            ),
            None => format!(
                "pattern {} fails at {} {}, the smallest size run",
                at.pattern, at.unit, at.fails_from
            ),
        })
    }

    /// For a failure at the limits: the command that prints its pattern's
    /// case at the failing size, `program` being how boardcheck is run.
    pub fn regenerate(&self, problem: &str, program: &str) -> Option<String> {
        let at = self.at_limits.as_ref()?;
        Some(format!(
            "{program} gen {problem} --pattern {} --size {}",
            at.pattern, at.fails_from
        ))
    }
}

impl Report {
    /// The mean time of one case in ms: of the case phase's runs, else of
    /// the limits phase's (`--limits only`); `None` when nothing ran.
    pub fn mean_ms_per_case(&self) -> Option<f64> {
        self.timings.mean_ms_per_case().or_else(|| {
            let seconds: Vec<f64> = self.limits.iter().map(|l| l.seconds).collect();
            (!seconds.is_empty())
                .then(|| 1000.0 * seconds.iter().sum::<f64>() / seconds.len() as f64)
        })
    }

    /// The report for a person: the seed, the minimal input, expected and
    /// got with the differing cells marked (each distinct failure in
    /// turn), the domain checked, and `repeat`, the command that runs the
    /// same check again.
    pub fn render(&self, repeat: &str) -> String {
        let mut out = self.body(repeat);
        for (i, f) in self.failures.iter().enumerate().skip(1) {
            let alone = Report {
                failure: Some(f.clone()),
                failures: Vec::new(),
                given: None,
                ..self.clone()
            };
            let body = alone.body(repeat);
            let rest = body
                .split_once("\n\n")
                .map_or(body.as_str(), |(_, rest)| rest);
            out.push_str(&format!(
                "\nFAIL  failure {} of {} (another shrunk case and signature than the ones \
                 above; it may still be one of their bugs seen another way): {} — {}\n\n{rest}",
                i + 1,
                self.failures.len(),
                f.verdict,
                f.verdict.name()
            ));
        }
        if !self.domain.is_empty() {
            out.push_str(&format!("\ndomain: {}", self.domain));
        }
        if !self.sandbox.is_empty() {
            out.push_str(&format!("\nsandbox: {}", self.sandbox));
        }
        out.push_str(&format!("\nrepeat: {repeat}\n"));
        out
    }

    /// The summary and the first failure.
    fn body(&self, repeat: &str) -> String {
        let mut out = String::new();
        match &self.failure {
            None => {
                out.push_str(&self.given_line());
                out.push_str(&format!(
                    "PASS  {}: {} cases agreed with the reference (seed {})\n",
                    self.problem, self.cases, self.seed
                ));
                out.push_str(&self.limits_line());
                out.push_str(&self.properties_line());
            }
            Some(f) => {
                out.push_str(&self.given_line());
                out.push_str(&format!(
                    "FAIL  {}: {} — {}, found at case {} (seed {})\n\n",
                    self.problem,
                    f.verdict,
                    f.verdict.name(),
                    self.cases,
                    self.seed
                ));
                out.push_str(&self.at_limits_lines(f, repeat));
                if let Some(by) = &f.found_by {
                    out.push_str(&format!(
                        "found by the law {} on the candidate's own answers ({})",
                        by.law, by.about
                    ));
                    match &by.complaint {
                        Some(c) => out.push_str(&format!(":\n{}", indent(c))),
                        None => out.push('\n'),
                    }
                    out.push_str("the case the law was checked on:\n");
                    out.push_str(&indent(&by.from));
                    out.push_str("the input below is one the law made from it:\n\n");
                }
                out.push_str(&format!("{}:\n", f.heading()));
                out.push_str(&indent(&f.input));
                let focus = excerpt::first_difference(&f.expected, &f.got);
                out.push_str("expected:\n");
                out.push_str(&indent_around(&f.expected, focus));
                out.push_str("got:\n");
                out.push_str(&mark_differences(&f.expected, &f.got));
                let head = answer_head(&self.problem);
                let (want, expected) = super::board_view::split_head(head, &f.expected);
                let (have, got) = super::board_view::split_head(head, &f.got);
                if let (Some(want), Some(have)) = (want, have)
                    && want != have
                {
                    out.push_str(&format!("answer: expected {want}, got {have}\n"));
                }
                out.push_str(&super::board_view::for_failure(f.verdict, expected, got));
                if !f.detail.is_empty() {
                    out.push_str(&format!("detail: {}\n", f.detail));
                }
                if let Some(hint) = self.crash_hint() {
                    out.push_str(&format!("hint: {hint}\n"));
                }
            }
        }
        out
    }

    /// For a failure at the limits: where it was found, the pattern's
    /// failing and passing sizes, and the command that regenerates its
    /// case; nothing for other failures.
    fn at_limits_lines(&self, f: &Failure, repeat: &str) -> String {
        let Some(at) = &f.at_limits else {
            return String::new();
        };
        let small = match (self.cases as usize).saturating_sub(self.limits.len()) {
            0 => String::new(),
            n => format!("all {} agreed; ", plural(n, "small case")),
        };
        let mut out = format!(
            "{small}at the limits: {} on pattern {} at {} {} (reference: the {})\n{}",
            f.verdict,
            at.pattern,
            at.unit,
            self.limits.last().map_or(0, |l| l.size),
            f.reference,
            self.limits_line()
        );
        if let Some(sizes) = f.limits_sizes() {
            out.push_str(&format!("{sizes}\n"));
        }
        if let Some(command) = f.regenerate(&self.problem, &program_of(repeat)) {
            out.push_str(&format!(
                "its case at {} {}: {command}\n",
                at.unit, at.fails_from
            ));
        }
        if let Some(p) = at.projected {
            out.push_str(&format!(
                "projected time at the contract's maximum ({} {}): {} (time ≈ c·size^{:.2}, fitted on {} passing)\n",
                p.size,
                at.unit,
                crate::harness::scale::human_seconds(p.seconds_at_max),
                p.exponent,
                plural(p.from_runs, "run")
            ));
        }
        out
    }

    /// For a crash that looks like a stack overflow (a deep recursion): the
    /// stack limit in force and how to raise it.
    pub fn crash_hint(&self) -> Option<String> {
        let f = self.failure.as_ref()?;
        if f.verdict != Verdict::RuntimeError {
            return None;
        }
        let stack = match self.stack_bytes {
            Some(bytes) => format!("{} MiB here (--stack-mb raises it)", bytes >> 20),
            None => "the stack of the thread that ran it".into(),
        };
        if f.detail.contains("RecursionError") {
            return Some(format!(
                "Python's recursion limit was reached (1000 frames unless sys.setrecursionlimit \
                 raises it): a deep input needs an iterative version, or a raised limit and a \
                 stack to match: {stack}"
            ));
        }
        let overflow = [
            "StackOverflowError",
            "Maximum call stack size exceeded",
            "has overflowed its stack",
            "stack overflow",
        ]
        .iter()
        .any(|m| f.detail.contains(m));
        let deep_crash =
            f.at_limits.is_some() && ["SIGSEGV", "SIGBUS"].iter().any(|s| f.detail.contains(s));
        (overflow || deep_crash).then(|| {
            format!(
                "a crash on a large input is most often a stack overflow (a deep recursion); \
                 the stack limit is {stack}; an iterative version needs none"
            )
        })
    }

    /// The limits phase in one line: what ran, the slowest run, which
    /// reference answered.
    fn limits_line(&self) -> String {
        let Some(slowest) = self
            .limits
            .iter()
            .max_by(|a, b| a.seconds.total_cmp(&b.seconds))
        else {
            return String::new();
        };
        let mut patterns: Vec<&str> = self.limits.iter().map(|l| l.pattern.as_str()).collect();
        patterns.dedup();
        let engine = self
            .limits
            .iter()
            .filter(|l| l.reference == Reference::Engine)
            .count();
        format!(
            "limits: {} of {} ({}); slowest {:.2} s ({} at {}); {} answered by the engine, beyond the oracle's reach\n",
            plural(self.limits.len(), "case"),
            plural(patterns.len(), "pattern"),
            patterns.join(", "),
            slowest.seconds,
            slowest.pattern,
            slowest.size,
            engine
        )
    }

    /// The laws on the candidate in one line, if they ran.
    fn properties_line(&self) -> String {
        let Some(p) = &self.properties else {
            return String::new();
        };
        let skipped = if p.skipped == 0 {
            String::new()
        } else {
            format!(
                "; {} skipped, needing more than {} runs a case ({})",
                p.skipped,
                crate::limits::RUNS_PER_LAW,
                p.skipped_laws.join(", ")
            )
        };
        let late = if p.out_of_time == 0 {
            String::new()
        } else {
            format!("; {} not run, the time budget spent", p.out_of_time)
        };
        let alone = if p.left_to_reference.is_empty() {
            String::new()
        } else {
            format!(
                " (left to the reference where they judge the case's own answer alone: {})",
                p.left_to_reference.join(", ")
            )
        };
        format!(
            "properties on the candidate: {} held on {}{skipped}{late}; {}{alone}\n",
            plural(p.held as usize, "law"),
            plural(p.cases as usize, "case"),
            plural(p.runs as usize, "run")
        )
    }

    /// What happened to the given inputs, if there were any.
    fn given_line(&self) -> String {
        let Some(given) = &self.given else {
            return String::new();
        };
        let mut line = format!(
            "{} inputs: {} ran\n",
            given.origin,
            plural(given.ran as usize, "case")
        );
        for why in &given.skipped {
            line.push_str(&format!("  skipped: {why}\n"));
        }
        line
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
