//! The laws phase, and the laws at the limits: the problem's laws
//! (symmetries, colour swap, an illegal move changes nothing, ...) checked
//! on the candidate's own answers. Beyond the oracle's reach they are the
//! check that does not take the engine's word for the cases the patterns
//! don't build; with `--properties all` they run on every random case too.
//!
//! The candidate is just another [`Solver`] to a law: a fallible one,
//! answering from the candidate's runs so far. Asked an input it has no
//! answer to, it notes the input and returns [`Stop::Unanswered`], and the
//! law stops there (`?`); the input is run and the law is evaluated again,
//! until it finishes with every answer the candidate's own. The law sees
//! the same answers, in the same order, as if the candidate answered each
//! question at once; no thread waits, nothing unwinds, and nothing else
//! answers in the candidate's place. A law may spend at most
//! [`RUNS_PER_LAW`] runs on one case; one that needs more (k single steps
//! of a k-placement case, say) is skipped and counted as such.
//!
//! Every input a law made is judged against the reference: one the
//! candidate fails on, or answers differently from the reference, is
//! reported as an ordinary failure of exactly that input, found by the law.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::cases::Seeded;
use super::chosen::{Laws, PROBE_SIZE};
use super::worst_cases::{SHRINK_TEXT_BYTES, bisect};
use super::{Context, Found};
use crate::generation::{Generate, reference};
use crate::harness::candidate::Outcome;
use crate::harness::judging::{Judged, PropertiesMode, failure, judge};
use crate::harness::report::{AtLimits, FoundBy, LimitCase, PropertiesSummary, Report, Shrink};
use crate::harness::verdict::{Origin, Verdict};
use crate::limits::RUNS_PER_LAW;
use crate::problem::{Problem, case_text};
use crate::suite::{Property, Solver, Stop, Suite};

/// What the candidate answered, by input text: the answer, the output as
/// written, and how the answer was put together (see [`Outcome`]).
type Memo<P> = HashMap<String, (<P as Problem>::Answer, String, String)>;

/// Every input a law asked about, with what the candidate did.
type Asked<P> = Vec<(<P as Problem>::Case, Outcome<<P as Problem>::Answer>)>;

/// What one law came to on one case.
enum Evaluation<P: Problem> {
    Holds,
    /// It asked for more than [`RUNS_PER_LAW`] runs, or for an input
    /// outside the declared domain (which the candidate need not answer).
    OverBudget,
    /// A run that did not answer: that input fails.
    Failed(P::Case, Outcome<P::Answer>),
    /// The law does not hold: why, and every input it ran with its answer.
    Breaks(String, Asked<P>),
}

/// What a law found on one case.
struct Finding<P: Problem> {
    /// The law that found it.
    law: Property<P>,
    /// The input that fails against the reference, and its judgement.
    case: P::Case,
    judged: Judged,
    /// The law's own complaint, when it had one.
    message: Option<String>,
}

/// One pass of a law with the candidate answering from its runs so far.
struct Pass<P: Problem> {
    /// The candidate's answers: from earlier laws on this case, and runs.
    known: Memo<P>,
    /// Every input asked, in order, each once, with its text.
    asked: Vec<(String, P::Case)>,
    seen: HashSet<String>,
    /// The first input asked that has no answer, with its text: where the
    /// law stopped.
    missing: Option<(String, P::Case)>,
}

/// The candidate as a fallible [`Solver`] over `pass`: its answer where it
/// has one, else the input noted and [`Stop::Unanswered`].
fn answering<P: Problem>(pass: Arc<Mutex<Pass<P>>>) -> Solver<P> {
    Solver::fallible(
        "candidate",
        "the candidate under check",
        move |case: &P::Case| {
            let text = case_text::<P>(case);
            let mut pass = pass.lock().expect("no panic while held");
            let pass = &mut *pass;
            if pass.seen.insert(text.clone()) {
                pass.asked.push((text.clone(), case.clone()));
            }
            if let Some((answer, _, _)) = pass.known.get(&text) {
                return Ok(answer.clone());
            }
            pass.missing.get_or_insert((text, case.clone()));
            Err(Stop::Unanswered)
        },
    )
}

impl<P: Suite> Context<'_, P> {
    /// One law on `case`, the candidate answering; and the runs it spent.
    ///
    /// Each pass stops at the first input the candidate has no answer to
    /// (every answer before it was the candidate's): that input is run,
    /// and the law evaluated again from the start.
    fn evaluate(
        &self,
        law: &Property<P>,
        case: &P::Case,
        memo: &mut Memo<P>,
    ) -> (Evaluation<P>, usize) {
        let domain = &self.domain;
        let earlier: HashSet<String> = memo.keys().cloned().collect();
        let mut known = std::mem::take(memo);
        let mut runs = 0;
        loop {
            let pass = Arc::new(Mutex::new(Pass {
                known: std::mem::take(&mut known),
                asked: Vec::new(),
                seen: HashSet::new(),
                missing: None,
            }));
            let held = (law.holds)(&answering(pass.clone()), case);
            let pass = Arc::try_unwrap(pass)
                .ok()
                .expect("the law keeps no solver")
                .into_inner()
                .expect("no panic while held");
            known = pass.known;
            // The memo keeps what the law would have run one input at a
            // time: the answers to the inputs it asked.
            let asked: HashSet<&String> = pass.asked.iter().map(|(t, _)| t).collect();
            known.retain(|t, _| earlier.contains(t) || asked.contains(t));
            // A law that went on past an unanswered input (ignoring the
            // error) has no verdict either: the pass is void.
            let Some((text, next)) = pass.missing else {
                let evaluation = match held {
                    Ok(()) => Evaluation::Holds,
                    Err(stop) => {
                        let asked = pass.asked.into_iter().map(|(text, input)| {
                            let (answer, output, note) = known[&text].clone();
                            let outcome = Outcome::Answered {
                                answer,
                                output,
                                note,
                            };
                            (input, outcome)
                        });
                        Evaluation::Breaks(stop.to_string(), asked.collect())
                    }
                };
                *memo = known;
                return (evaluation, runs);
            };
            if runs >= RUNS_PER_LAW || !domain.contains(self.extras, &next) {
                *memo = known;
                return (Evaluation::OverBudget, runs);
            }
            runs += 1;
            let ran = self.candidate.run(std::slice::from_ref(&next));
            match ran.outcomes.into_iter().next().expect("one outcome") {
                Outcome::Answered {
                    answer,
                    output,
                    note,
                } => {
                    known.insert(text, (answer, output, note));
                }
                other => {
                    *memo = known;
                    return (Evaluation::Failed(next, other), runs);
                }
            }
        }
    }

    /// `law` on `case`: the input it found failing against the reference,
    /// if any. A law broken while the reference agrees with every answer
    /// is the reference's or the law's fault, and is reported as such.
    fn finding(
        &self,
        law: &Property<P>,
        case: &P::Case,
        memo: &mut Memo<P>,
        summary: &mut PropertiesSummary,
    ) -> Option<Finding<P>> {
        let (evaluation, runs) = self.evaluate(law, case, memo);
        summary.runs += runs as u64;
        match evaluation {
            Evaluation::Holds => {
                summary.held += 1;
                None
            }
            Evaluation::OverBudget => {
                summary.skipped += 1;
                note(&mut summary.skipped_laws, law.name);
                None
            }
            Evaluation::Failed(input, outcome) => Some(Finding {
                law: *law,
                judged: judge::<P>(&input, outcome),
                case: input,
                message: None,
            }),
            Evaluation::Breaks(message, asked) => {
                let wrong = asked.into_iter().find_map(|(input, outcome)| {
                    let judged = judge::<P>(&input, outcome);
                    (judged.verdict != Verdict::Ok).then_some((input, judged))
                });
                let (input, judged) = wrong.unwrap_or_else(|| {
                    let (want, reference) = reference::<P>(case);
                    let judged = Judged {
                        verdict: Verdict::WrongAnswer,
                        expected: crate::problem::answer_text::<P>(&want),
                        got: memo
                            .get(&case_text::<P>(case))
                            .map(|(_, output, _)| output.clone())
                            .unwrap_or_default(),
                        detail: format!(
                            "the reference ({reference}) agrees with every answer the law \
                             asked for, yet the law fails: the reference or the law is wrong"
                        ),
                        reference,
                        confirmed: None,
                        starved: false,
                    };
                    (case.clone(), judged)
                });
                Some(Finding {
                    law: *law,
                    case: input,
                    judged,
                    message: Some(message),
                })
            }
        }
    }

    /// The `chosen` laws on `case`, while `deadline` allows; the first
    /// finding.
    fn laws_on(
        &self,
        case: &P::Case,
        chosen: &Laws<P>,
        memo: &mut Memo<P>,
        deadline: Option<Instant>,
        summary: &mut PropertiesSummary,
    ) -> Option<Finding<P>> {
        summary.cases += 1;
        for name in &chosen.left_to_reference {
            note(&mut summary.left_to_reference, name);
        }
        for law in &chosen.run {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                summary.out_of_time += 1;
                continue;
            }
            if let Some(found) = self.finding(law, case, memo, summary) {
                return Some(found);
            }
        }
        None
    }

    /// The failure a finding comes to: its input shrunk where it is small,
    /// with the law and the case it came from.
    fn found(&self, finding: Finding<P>, from: &P::Case, origin: Origin) -> Option<Found<P::Case>> {
        let law = finding.law;
        let mut found = if case_text::<P>(&finding.case).len() <= SHRINK_TEXT_BYTES {
            self.shrunk_failure(finding.case, finding.judged, None, origin)?
        } else {
            let judged = self.confirmed(&finding.case, finding.judged)?;
            let why = Shrink::Not("an input a law made at the limits is not shrunk".into());
            let failure = failure::<P>(self.candidate, &finding.case, judged, (0, 0, why), origin);
            Found {
                failure,
                case: Some(finding.case),
            }
        };
        found.failure.found_by = Some(FoundBy {
            law: law.name.to_string(),
            about: law.about.to_string(),
            complaint: finding.message.map(|m| clip(&m)),
            from: self.candidate.input_text(std::slice::from_ref(from)),
        });
        Some(found)
    }

    /// The laws on one case of a pattern that passed every limits size:
    /// the smallest size the oracle cannot answer (the largest size with
    /// `--properties all`), run and judged as a limits case first. A law's
    /// finding is bisected over the pattern's sizes.
    pub(super) fn laws_at_limits(
        &self,
        (name, build): (&str, fn(usize) -> P::Case),
        sizes: &[usize],
        passing: &mut Vec<(usize, f64)>,
        deadline: Instant,
        report: &mut Report,
    ) -> Option<Found<P::Case>> {
        let size = match self.config.properties {
            PropertiesMode::Off => return None,
            PropertiesMode::All => *sizes.last()?,
            PropertiesMode::Beyond => beyond_reach::<P>(build, sizes)?,
        };
        let case = build(size);
        if !self.domain.contains(self.extras, &case) {
            return None;
        }
        let (judged, took, outcome) = self.timed(&case);
        let (judged, took) = self.confirm_timed(&case, judged, took);
        if !sizes.contains(&size) {
            report.cases += 1;
            report.limits.push(LimitCase {
                pattern: name.to_string(),
                size,
                verdict: judged.verdict,
                seconds: took.as_secs_f64(),
                reference: judged.reference,
            });
        }
        // The largest passing size below this one: where bisection starts.
        let below = passing.iter().map(|p| p.0).filter(|&s| s < size).max();
        if judged.verdict != Verdict::Ok {
            return self.narrow((name, build), below, passing.clone(), (size, case, judged));
        }
        passing.push((size, took.as_secs_f64()));
        let mut memo = Memo::<P>::new();
        if let Outcome::Answered {
            answer,
            output,
            note,
        } = outcome
        {
            memo.insert(case_text::<P>(&case), (answer, output, note));
        }
        let chosen = Laws::probed_on(&[build(sizes[0].min(PROBE_SIZE))]);
        let mut summary = report.properties.take().unwrap_or_default();
        let found = self.laws_on(&case, &chosen, &mut memo, Some(deadline), &mut summary);
        report.properties = Some(summary);
        let found = found?;
        let law = found.law;
        let verdict = found.judged.verdict;
        let mut best = (case, found);
        let (fails_from, passes, runs) =
            bisect(below.unwrap_or(0), size, verdict, self.config, |mid| {
                let case = build(mid);
                let mut scratch = PropertiesSummary::default();
                match self.finding(&law, &case, &mut Memo::<P>::new(), &mut scratch) {
                    Some(f) if f.judged.verdict == verdict => {
                        best = (case, f);
                        true
                    }
                    _ => false,
                }
            });
        let (from, finding) = best;
        let mut found = self.found(finding, &from, Origin::Limits)?;
        let failure = &mut found.failure;
        failure.shrink_runs += runs as u64;
        failure.at_limits = Some(AtLimits {
            pattern: name.to_string(),
            fails_from,
            passes_at: passes,
            passes_in: None,
            unit: P::SIZE_UNIT.to_string(),
            limit_ms: self.candidate.time_limit().map(|t| t.as_millis() as u64),
            projected: None,
        });
        Some(found)
    }

    /// With `--properties all`: the laws on the generated cases again (the
    /// same seed gives the same cases), `jobs` cases at once.
    pub(super) fn laws_on_random(&self, report: &mut Report) {
        if self.config.properties != PropertiesMode::All {
            return;
        }
        let config = self.config;
        let mut summary = report.properties.take().unwrap_or_default();
        // The same cases as the check ran: this shard's of the same stream.
        let mut stream = Seeded::<P>::new(
            self.domain.cases(self.extras),
            config.seed,
            config.cases,
            config.shard,
        );
        let mut chosen: Option<Laws<P>> = None;
        // The number of the case in the stream, as the random phase counted.
        let mut at = 0u64;
        while !self.done() {
            let cases: Vec<P::Case> = stream
                .by_ref()
                .take(self.jobs * 4)
                .map(|tree| tree.current())
                .collect();
            if cases.is_empty() {
                break;
            }
            // Which laws compare answers, probed once: on every pattern at
            // the probe size and on the first case.
            let chosen = &*chosen.get_or_insert_with(|| {
                let mut probes: Vec<P::Case> = self
                    .extras
                    .patterns
                    .iter()
                    .map(|p| (p.build)(PROBE_SIZE))
                    .collect();
                probes.push(cases[0].clone());
                Laws::probed_on(&probes)
            });
            let results: Vec<(PropertiesSummary, Option<Finding<P>>)> =
                std::thread::scope(|scope| {
                    let workers: Vec<_> = cases
                        .chunks(cases.len().div_ceil(self.jobs).max(1))
                        .map(|part| {
                            scope.spawn(move || {
                                part.iter()
                                    .map(|case| {
                                        let mut s = PropertiesSummary::default();
                                        let mut memo = Memo::<P>::new();
                                        let f = self.laws_on(case, chosen, &mut memo, None, &mut s);
                                        (s, f)
                                    })
                                    .collect::<Vec<_>>()
                            })
                        })
                        .collect();
                    workers
                        .into_iter()
                        .flat_map(|w| w.join().expect("law workers do not panic"))
                        .collect()
                });
            for (case, (part, finding)) in cases.iter().zip(results) {
                at += 1;
                if self.done() {
                    break;
                }
                summary.add(&part);
                if let Some(finding) = finding {
                    let found = self.found(finding, case, Origin::Generated);
                    self.keep(found, at);
                }
            }
        }
        report.properties = Some(summary);
    }
}

/// The smallest size of a pattern the oracle cannot answer, by bisection
/// between the largest limits size it answers and the first it does not
/// (the laws cost least there); none if it answers every limits size.
fn beyond_reach<P: Generate>(build: fn(usize) -> P::Case, sizes: &[usize]) -> Option<usize> {
    let reaches = |size: usize| P::oracle_reaches(&build(size));
    let first = sizes.iter().position(|&s| !reaches(s))?;
    let mut lo = first.checked_sub(1).map_or(0, |i| sizes[i]);
    let mut hi = sizes[first];
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if reaches(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(hi)
}

/// Most characters of a law's complaint kept: it may quote whole boards.
const COMPLAINT_CHARS: usize = 2000;

/// `text` cut to [`COMPLAINT_CHARS`], saying how much was cut.
fn clip(text: &str) -> String {
    let total = text.chars().count();
    if total <= COMPLAINT_CHARS {
        return text.to_string();
    }
    let kept: String = text.chars().take(COMPLAINT_CHARS).collect();
    format!("{kept}... ({} more characters)", total - COMPLAINT_CHARS)
}

/// Adds `name` to `names` once.
fn note(names: &mut Vec<String>, name: &str) {
    if !names.iter().any(|n| n == name) {
        names.push(name.to_string());
    }
}

#[cfg(test)]
#[path = "laws_tests.rs"]
mod tests;
