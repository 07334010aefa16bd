//! The report for people: the heading of each failure, its input and
//! answers, the limits and laws lines, the crash hint.

use super::marks::{indent, indent_around, mark_differences, program_of};
use super::{AtLimits, Failure, Report, Shrink};
use crate::generation::Reference;
use crate::harness::excerpt;
use crate::harness::verdict::Verdict;
use crate::text::plural;

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
            Shrink::Minimal(claim) => format!(
                "minimal input ({}; the first failure of the enumeration: {claim})",
                f.size
            ),
            Shrink::Smallest { tried, claim } => format!(
                "minimal input ({}; shrunk {steps}, then {tried} enumerated smaller cases: {claim})",
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
        self.render_with(repeat, &[])
    }

    /// [`Report::render`], failure `i`'s expected and got answers replaced
    /// by `pictures[i]` where there is one (a GTP engine's sequence
    /// explained, which shows them command by command).
    pub fn render_with(&self, repeat: &str, pictures: &[String]) -> String {
        let picture = |i: usize| {
            pictures
                .get(i)
                .filter(|p| !p.is_empty())
                .map(String::as_str)
        };
        let mut out = self.body(repeat, picture(0));
        if let Some(laws) = &self.gtp_laws {
            out.push_str(&format!("\n{}", laws.render()));
        }
        for (i, f) in self.failures.iter().enumerate().skip(1) {
            let alone = Report {
                failure: Some(f.clone()),
                failures: Vec::new(),
                given: None,
                ..self.clone()
            };
            let body = alone.body(repeat, picture(i));
            let rest = body
                .split_once("\n\n")
                .map_or(body.as_str(), |(_, rest)| rest);
            out.push_str(&format!(
                "\nFAIL  failure {} of {} (its input holds no earlier failure's input nor \
                 any image of one under the problem's symmetries, and its signature is \
                 another): {} — {}{}\n\n{rest}",
                i + 1,
                self.failures.len(),
                f.verdict,
                f.verdict.name(),
                f.found_at
                    .map_or(String::new(), |at| format!(", found at case {at}"))
            ));
        }
        out.push_str(&self.noise_lines());
        if !self.domain.is_empty() {
            out.push_str(&format!("\ndomain: {}", self.domain));
        }
        if !self.sandbox.is_empty() {
            out.push_str(&format!("\nsandbox: {}", self.sandbox));
        }
        out.push_str(&format!("\nrepeat: {repeat}\n"));
        out
    }

    /// The summary and the first failure (its answers replaced by
    /// `picture` if given).
    fn body(&self, repeat: &str, picture: Option<&str>) -> String {
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
                    f.found_at.unwrap_or(self.cases),
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
                if let Some(picture) = picture {
                    for (i, line) in f.detail.lines().enumerate() {
                        out.push_str(&excerpt::wrapped(
                            if i == 0 { "detail: " } else { "  " },
                            line,
                        ));
                    }
                    out.push_str(picture);
                    return out;
                }
                let focus = excerpt::first_difference(&f.expected, &f.got);
                out.push_str("expected:\n");
                out.push_str(&indent_around(&f.expected, focus));
                out.push_str("got:\n");
                out.push_str(&mark_differences(&f.expected, &f.got));
                let head = self.answer_form.head;
                let (want, expected) = crate::harness::board_view::split_head(head, &f.expected);
                let (have, got) = crate::harness::board_view::split_head(head, &f.got);
                if let (Some(want), Some(have)) = (want, have)
                    && want != have
                {
                    out.push_str(&format!("answer: expected {want}, got {have}\n"));
                }
                if !self.answer_form.lines {
                    out.push_str(&crate::harness::board_view::for_failure(
                        f.verdict, expected, got,
                    ));
                }
                if !f.detail.is_empty() {
                    out.push_str(&excerpt::wrapped("detail: ", &excerpt::one_line(&f.detail)));
                }
                if let Some(how) = &f.confirmed {
                    out.push_str(&excerpt::wrapped(
                        "time-out confirmed: ",
                        &excerpt::one_line(how),
                    ));
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
        if f.verdict == Verdict::TimeLimit && at.projected.is_none() {
            out.push_str(&format!(
                "projected time at the contract's maximum: none (it takes {} passing sizes, each \
                 costing at least twice the start-up, whose times follow one power of the size)\n",
                super::PROJECTION_SIZES
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
        if let Some(edge) = close_to_the_limit(f.verdict, at) {
            out.push_str(&edge);
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
    /// reference answered. A pattern's smallest size costs start-up and
    /// little else, so it is never named the slowest when larger sizes of
    /// its pattern ran; and no size is, when the slowest of the others took
    /// under twice the fastest run.
    fn limits_line(&self) -> String {
        let fastest = self
            .limits
            .iter()
            .map(|l| l.seconds)
            .fold(f64::INFINITY, f64::min);
        let Some(slowest_run) = self
            .limits
            .iter()
            .max_by(|a, b| a.seconds.total_cmp(&b.seconds))
        else {
            return String::new();
        };
        let above_smallest = |l: &&super::LimitCase| {
            self.limits
                .iter()
                .any(|o| o.pattern == l.pattern && o.size < l.size)
        };
        let named = self
            .limits
            .iter()
            .filter(above_smallest)
            .max_by(|a, b| a.seconds.total_cmp(&b.seconds));
        let slowest = match named {
            Some(l) if l.seconds >= 2.0 * fastest => {
                format!("slowest {:.2} s ({} at {})", l.seconds, l.pattern, l.size)
            }
            Some(_) => format!(
                "no size slower than start-up (every run {:.2}-{:.2} s)",
                fastest, slowest_run.seconds
            ),
            None => format!(
                "slowest {:.2} s ({} at {})",
                slowest_run.seconds, slowest_run.pattern, slowest_run.size
            ),
        };
        let mut patterns: Vec<&str> = self.limits.iter().map(|l| l.pattern.as_str()).collect();
        patterns.dedup();
        let engine = self
            .limits
            .iter()
            .filter(|l| l.reference == Reference::Engine)
            .count();
        format!(
            "limits: {} of {} ({}); {slowest}; {} answered by the engine, beyond the oracle's reach\n",
            plural(self.limits.len(), "case"),
            plural(patterns.len(), "pattern"),
            patterns.join(", "),
            engine
        )
    }

    /// The time-outs passed over as noise and the failures set aside as
    /// repeats, each in a line, if any.
    fn noise_lines(&self) -> String {
        let mut out = String::new();
        if let Some(noise) = &self.slow_once {
            let limit = noise
                .limit_ms
                .map_or(String::new(), |ms| format!(" (at the {ms} ms limit)"));
            out.push_str(&format!(
                "\ntiming noise: {} timed out once{limit} and answered right when run again \
                 alone (the slowest re-run took {}): not counted as TLE",
                plural(noise.runs as usize, "run"),
                crate::harness::scale::human_seconds(noise.worst_rerun_ms / 1000.0)
            ));
        }
        if self.set_aside > 0 {
            out.push_str(&format!(
                "\nnot reported: {} that {} a reported failure again (holding its input, or \
                 its image under the problem's symmetries, or with its signature)",
                plural(self.set_aside as usize, "further failing case"),
                if self.set_aside == 1 { "was" } else { "were" }
            ));
        }
        out
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
        for what in &given.changed {
            line.push_str(&format!("  expected output changed: {what}\n"));
        }
        line
    }
}

/// For a time-out at the limits where the size just below passed, but took
/// at least three quarters of the limit (wall time: a run held to its own
/// time may take longer and pass): a line saying the program runs
/// close to the limit, where the machine's load can decide the verdict.
/// (A program that falls off a cliff at some size passes just below it
/// well within the limit, and gets no such line.) The time-out itself
/// stands: a second lone run confirmed it.
fn close_to_the_limit(verdict: Verdict, at: &AtLimits) -> Option<String> {
    let (passes_at, seconds, limit_ms) = (at.passes_at?, at.passes_in?, at.limit_ms?);
    if verdict != Verdict::TimeLimit || seconds * 1000.0 < 0.75 * limit_ms as f64 {
        return None;
    }
    Some(format!(
        "close to the limit: {unit} {passes_at} passed, taking {} against the {limit_ms} ms \
         limit, and {unit} {} timed out twice; a time this near the limit is one the machine's \
         load can decide (re-run on a quiet machine, or set the limit with --timeout-ms)\n",
        crate::harness::scale::human_seconds(seconds),
        at.fails_from,
        unit = at.unit,
    ))
}

#[cfg(test)]
mod limits_line_tests {
    use super::super::{AtLimits, Failure, LimitCase, Report, Shrink};
    use super::close_to_the_limit;
    use crate::generation::Reference;
    use crate::harness::verdict::{Origin, Verdict};

    fn report(runs: &[(usize, f64)]) -> Report {
        let failure = Failure {
            verdict: Verdict::WrongAnswer,
            input: String::new(),
            expected: String::new(),
            got: String::new(),
            shrink_steps: 0,
            shrink_runs: 0,
            shrink: Shrink::Minimal("no row of fewer cells fails"),
            detail: String::new(),
            reference: Reference::Oracle,
            size: String::new(),
            size_key: None,
            origin: Origin::Limits,
            at_limits: None,
            found_by: None,
            found_at: None,
            replayed: None,
            confirmed: None,
        };
        let mut r = Report::interim(
            "reversi-move",
            crate::harness::report::AnswerForm::default(),
            1,
            &failure,
            0,
        );
        r.limits = runs
            .iter()
            .map(|&(size, seconds)| LimitCase {
                pattern: "long-rays".into(),
                size,
                verdict: Verdict::Ok,
                seconds,
                reference: Reference::Oracle,
            })
            .collect();
        r
    }

    #[test]
    fn a_time_out_just_above_a_size_that_passed_near_the_limit_is_called_close() {
        let at = |passes_in| AtLimits {
            pattern: "spiral".into(),
            fails_from: 1458,
            passes_at: Some(1452),
            passes_in: Some(passes_in),
            unit: "side length".into(),
            limit_ms: Some(2000),
            projected: None,
        };
        let line = close_to_the_limit(Verdict::TimeLimit, &at(1.85)).expect("close");
        assert!(
            line.contains("side length 1452 passed, taking 1.85 s against the 2000 ms limit"),
            "{line}"
        );
        assert!(line.contains("side length 1458 timed out twice"), "{line}");
        // A cliff (just below passed well within the limit), or not a
        // time-out, or no limit: nothing to add.
        assert_eq!(close_to_the_limit(Verdict::TimeLimit, &at(0.3)), None);
        assert_eq!(close_to_the_limit(Verdict::WrongAnswer, &at(1.85)), None);
        let no_limit = AtLimits {
            limit_ms: None,
            ..at(1.85)
        };
        assert_eq!(close_to_the_limit(Verdict::TimeLimit, &no_limit), None);
    }

    #[test]
    fn start_up_is_never_the_slowest_size() {
        // A cold first run at size 1: start-up, not the slowest size.
        let line = report(&[(1, 0.51), (12, 0.22), (100, 0.25)]).limits_line();
        assert!(
            line.contains("no size slower than start-up (every run 0.22-0.51 s)"),
            "{line}"
        );
        let line = report(&[(1, 0.2), (12, 0.3), (100, 2.5)]).limits_line();
        assert!(line.contains("slowest 2.50 s (long-rays at 100)"), "{line}");
        let line = report(&[(15625, 4.05)]).limits_line();
        assert!(
            line.contains("slowest 4.05 s (long-rays at 15625)"),
            "{line}"
        );
    }
}
