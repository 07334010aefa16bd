//! The laws phase, and the laws at the limits: the problem's laws
//! (symmetries, colour swap, an illegal move changes nothing, ...) checked
//! on the candidate's own answers. Beyond the oracle's reach they are the
//! check that does not take the engine's word for the cases the patterns
//! don't build; with `--properties all` they run on every random case too.
//!
//! The candidate is just another [`Solver`] to a law: one that answers from
//! the candidate's runs so far. Asked an input it has no run for, it notes
//! the input (the first such one), gives a stand-in answer (the engine's),
//! and the law's verdict on that pass is void; the input is run alone and
//! the law is evaluated again, until a pass asks nothing new. The law sees
//! the same answers, in the same order, as if the candidate answered each
//! question at once; no thread waits and nothing unwinds. A law may spend
//! at most [`RUNS_PER_LAW`] runs on one case; one that needs more (k single
//! steps of a k-placement case, say) is skipped and counted as such.
//!
//! Every input a law made is judged against the reference: one the
//! candidate fails on, or answers differently from the reference, is
//! reported as an ordinary failure of exactly that input, found by the law.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::Context;
use super::cases::Seeded;
use super::chosen::{Laws, PROBE_SIZE};
use super::limits::{SHRINK_TEXT_BYTES, bisect};
use crate::generation::{Generate, reference};
use crate::harness::candidate::Outcome;
use crate::harness::report::{
    AtLimits, Failure, FoundBy, LimitCase, PropertiesSummary, Report, Shrink,
};
use crate::harness::run::{Judged, PropertiesMode, failure, judge, run_batches};
use crate::harness::verdict::{Origin, Verdict};
use crate::limits::RUNS_PER_LAW;
use crate::problem::{Problem, case_text};
use crate::suite::{Property, Solver, Suite};

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
    /// The engine's answers standing in for inputs not run yet, kept so
    /// each is worked out once however many passes ask for it.
    stand_ins: HashMap<String, P::Answer>,
    /// Every input asked, in order, each once, with its text.
    asked: Vec<(String, P::Case)>,
    seen: HashSet<String>,
    /// The inputs asked that have no run yet, in order, with their texts.
    wanted: Vec<(String, P::Case)>,
}

impl<P: Problem> Default for Pass<P> {
    fn default() -> Self {
        Pass {
            known: HashMap::new(),
            stand_ins: HashMap::new(),
            asked: Vec::new(),
            seen: HashSet::new(),
            wanted: Vec::new(),
        }
    }
}

/// The candidate as a [`Solver`] over `pass`: its answer where it has one,
/// else the input noted and the engine's answer standing in.
fn answering<P: Problem>(pass: Arc<Mutex<Pass<P>>>) -> Solver<P> {
    Solver::new(
        "candidate",
        "the candidate under check",
        move |case: &P::Case| {
            let text = case_text::<P>(case);
            {
                let mut pass = pass.lock().expect("no panic while held");
                let pass = &mut *pass;
                let first = pass.seen.insert(text.clone());
                if first {
                    pass.asked.push((text.clone(), case.clone()));
                }
                if let Some((answer, _, _)) = pass.known.get(&text) {
                    return answer.clone();
                }
                if first {
                    pass.wanted.push((text.clone(), case.clone()));
                }
                if let Some(answer) = pass.stand_ins.get(&text) {
                    return answer.clone();
                }
            }
            let answer = P::engine(case);
            let mut pass = pass.lock().expect("no panic while held");
            pass.stand_ins.insert(text, answer.clone());
            answer
        },
    )
}

impl<P: Suite> Context<'_, P> {
    /// One law on `case`, the candidate answering; and the runs it spent.
    ///
    /// Each pass's first input with no run is the one the law needs next
    /// (every answer before it was the candidate's); the inputs it asked
    /// after that one are run with it, `jobs` at a time, within the law's
    /// budget: a law whose inputs do not depend on answers (a symmetry)
    /// is then settled in two passes.
    fn evaluate(
        &self,
        law: &Property<P>,
        case: &P::Case,
        memo: &mut Memo<P>,
        jobs: usize,
    ) -> (Evaluation<P>, usize) {
        let domain = self.config.domain();
        let earlier: HashSet<String> = memo.keys().cloned().collect();
        let mut failed: HashMap<String, Outcome<P::Answer>> = HashMap::new();
        let mut stand_ins = HashMap::new();
        let mut known = std::mem::take(memo);
        let mut runs = 0;
        loop {
            let pass = Arc::new(Mutex::new(Pass {
                known: std::mem::take(&mut known),
                stand_ins: std::mem::take(&mut stand_ins),
                ..Pass::default()
            }));
            let held = (law.holds)(&answering(pass.clone()), case);
            let pass = std::mem::take(&mut *pass.lock().expect("no panic while held"));
            (known, stand_ins) = (pass.known, pass.stand_ins);
            // The memo keeps what the law would have run one input at a
            // time: the answers to the inputs it asked.
            let asked: HashSet<String> = pass.asked.iter().map(|(t, _)| t.clone()).collect();
            let restore = |memo: &mut Memo<P>, known: &Memo<P>| {
                *memo = known
                    .iter()
                    .filter(|(t, _)| earlier.contains(*t) || asked.contains(*t))
                    .map(|(t, a)| (t.clone(), a.clone()))
                    .collect();
            };
            let Some((next_text, next)) = pass.wanted.first().cloned() else {
                let evaluation = match held {
                    Ok(()) => Evaluation::Holds,
                    Err(message) => {
                        let asked = pass.asked.into_iter().map(|(text, input)| {
                            let (answer, output, note) = known[&text].clone();
                            let outcome = Outcome::Answered {
                                answer,
                                output,
                                note,
                            };
                            (input, outcome)
                        });
                        Evaluation::Breaks(message, asked.collect())
                    }
                };
                restore(memo, &known);
                return (evaluation, runs);
            };
            if let Some(outcome) = failed.remove(&next_text) {
                restore(memo, &known);
                return (Evaluation::Failed(next, outcome), runs);
            }
            // The fresh runs the law needed before this input.
            let needed = pass
                .asked
                .iter()
                .map(|(t, _)| t)
                .take_while(|t| **t != next_text)
                .filter(|t| !earlier.contains(*t))
                .count();
            if needed >= RUNS_PER_LAW || !domain.contains::<P>(&next) {
                restore(memo, &known);
                return (Evaluation::OverBudget, runs);
            }
            let room = RUNS_PER_LAW - needed;
            let (texts, batch): (Vec<String>, Vec<P::Case>) = pass
                .wanted
                .into_iter()
                .filter(|(text, c)| !failed.contains_key(text) && domain.contains::<P>(c))
                .take(room)
                .unzip();
            runs += batch.len();
            let one_each: Vec<&[P::Case]> = batch.chunks(1).collect();
            let ran = run_batches(self.candidate, &one_each, jobs);
            for (text, ran) in texts.into_iter().zip(ran) {
                match ran.outcomes.into_iter().next().expect("one outcome") {
                    Outcome::Answered {
                        answer,
                        output,
                        note,
                    } => {
                        known.insert(text, (answer, output, note));
                    }
                    other => {
                        failed.insert(text, other);
                    }
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
        jobs: usize,
        summary: &mut PropertiesSummary,
    ) -> Option<Finding<P>> {
        let (evaluation, runs) = self.evaluate(law, case, memo, jobs);
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
        jobs: usize,
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
            if let Some(found) = self.finding(law, case, memo, jobs, summary) {
                return Some(found);
            }
        }
        None
    }

    /// The failure a finding comes to: its input shrunk where it is small,
    /// with the law and the case it came from.
    fn found(&self, finding: Finding<P>, from: &P::Case, origin: Origin) -> Failure {
        let mut failure = if case_text::<P>(&finding.case).len() <= SHRINK_TEXT_BYTES {
            self.shrunk_failure(finding.case, finding.judged, None, origin)
        } else {
            let why = Shrink::Not("an input a law made at the limits is not shrunk".into());
            failure::<P>(
                self.candidate,
                &finding.case,
                finding.judged,
                (0, 0, why),
                origin,
            )
        };
        let law = finding.law;
        failure.found_by = Some(FoundBy {
            law: law.name.to_string(),
            about: law.about.to_string(),
            complaint: finding.message.map(|m| clip(&m)),
            from: self.candidate.input_text(std::slice::from_ref(from)),
        });
        failure
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
    ) -> Option<Failure> {
        let size = match self.config.properties {
            PropertiesMode::Off => return None,
            PropertiesMode::All => *sizes.last()?,
            PropertiesMode::Beyond => beyond_reach::<P>(build, sizes)?,
        };
        let case = build(size);
        if !self.config.domain().contains::<P>(&case) {
            return None;
        }
        let (judged, took, outcome) = self.timed(&case);
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
            return Some(self.narrow((name, build), below, passing.clone(), (size, case, judged)));
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
        let found = self.laws_on(
            &case,
            &chosen,
            &mut memo,
            Some(deadline),
            self.jobs,
            &mut summary,
        );
        report.properties = Some(summary);
        let found = found?;
        let law = found.law;
        let verdict = found.judged.verdict;
        let mut best = (case, found);
        let (fails_from, passes, runs) =
            bisect(below.unwrap_or(0), size, verdict, self.config, |mid| {
                let case = build(mid);
                let mut scratch = PropertiesSummary::default();
                match self.finding(&law, &case, &mut Memo::<P>::new(), self.jobs, &mut scratch) {
                    Some(f) if f.judged.verdict == verdict => {
                        best = (case, f);
                        true
                    }
                    _ => false,
                }
            });
        let (from, finding) = best;
        let mut failure = self.found(finding, &from, Origin::Limits);
        failure.shrink_runs += runs as u64;
        failure.at_limits = Some(AtLimits {
            pattern: name.to_string(),
            fails_from,
            passes_at: passes,
            unit: P::SIZE_UNIT.to_string(),
            projected: None,
        });
        Some(failure)
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
        let mut stream =
            Seeded::<P>::new(&config.domain(), config.seed, config.cases, config.shard);
        let mut chosen: Option<Laws<P>> = None;
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
                let mut probes: Vec<P::Case> = P::extras()
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
                                        // Cases run in parallel already: one run at a time each.
                                        let f =
                                            self.laws_on(case, chosen, &mut memo, None, 1, &mut s);
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
                if self.done() {
                    break;
                }
                summary.add(&part);
                if let Some(finding) = finding {
                    let failure = self.found(finding, case, Origin::Generated);
                    self.keep(failure);
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
