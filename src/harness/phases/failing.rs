//! From a failing run to the failure reported: a failing batch narrowed
//! to a case that fails alone (its flagged cases first, then by splitting
//! the batch, delta-debugging style), shrunk on lone runs; a failure that
//! needs several cases in one process reported as that, with the smallest
//! batch that still fails; a candidate that cannot run at all told apart.
//! A time-out is a verdict only once a second lone run of exactly its input
//! times out too; one that passes then is a busy machine's noise, counted
//! and passed over. A failing case that holds a failure kept already (or
//! its image under the problem's symmetries) is that failure again: set
//! aside unshrunk, so the search goes on elsewhere.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use proptest::strategy::ValueTree;

use super::{Context, Found};
use crate::generation::{Generate, Shard, reference};
use crate::harness::batch::{ddmin, suspects};
use crate::harness::candidate::Ran;
use crate::harness::crash;
use crate::harness::judging::{
    Judged, another_case, confirmed_by, failure, judge_run, run_again, run_alone, run_batches,
};
use crate::harness::report::{Failure, Shrink};
use crate::harness::shrink::{Budget, Shrinker, Signature};
use crate::harness::verdict::{Origin, Verdict};
use crate::problem::{Problem, answer_text, case_text};

/// How a first failure may show the candidate's set-up, not a bug in it
/// (see `Context::cannot_run`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum SetUpSign {
    /// A crash before answering anything: a missing module or file, the
    /// wrong input form.
    Crash,
    /// No answer line within the time limit from a program fed a line at a
    /// time: one that reads its input to the end first.
    Silent,
    /// `? unknown command`: a GTP engine run without `--gtp`.
    // Engines are processes: none without the `process` feature.
    #[cfg_attr(not(all(unix, feature = "process")), allow(dead_code))]
    GtpRefusal,
}

/// A batch that failed, with its run.
type FailingBatch<P> = (Vec<<P as Problem>::Case>, Ran<<P as Problem>::Answer>);

impl<P: Generate> Context<'_, P> {
    fn shrinker(&self, case: P::Case, judged: Judged, origin: Origin) -> Shrinker<'_, P> {
        // A further failure must not shrink into one already kept: its
        // steps stay away from their inputs, signatures and images. (One
        // lock, taken and let go here.)
        let (avoid, avoid_images) = {
            let findings = self.findings.lock().expect("findings");
            let avoid: Vec<(String, Signature)> = findings
                .kept
                .iter()
                .zip(&findings.kept_images)
                .map(|(f, images)| (f.input.clone(), Signature::of::<P>(f, images.first())))
                .collect();
            (avoid, findings.kept_images.clone())
        };
        Shrinker {
            candidate: self.candidate,
            config: self.config,
            domain: &self.domain,
            extras: self.extras,
            jobs: self.jobs,
            cache: HashMap::from([(case_text::<P>(&case), judged.clone())]),
            budget: Budget::new(self.config, judged.verdict),
            slow_once: Vec::new(),
            visited: HashSet::from([case_text::<P>(&case)]),
            best: (case, judged),
            steps: 0,
            origin,
            avoid,
            avoid_images,
        }
    }

    /// The failure a failing `batch` (judged `judged`) comes to: a case that
    /// fails alone, shrunk (if `trees` are given); else the smallest batch
    /// that still fails. Nothing when the batch's failures come to noise (a
    /// time-out that passes when run again) or to failures kept already.
    pub(super) fn investigate(
        &self,
        batch: &[P::Case],
        judged: Vec<Judged>,
        mut trees: Option<&mut [Box<dyn ValueTree<Value = P::Case>>]>,
        origin: Origin,
    ) -> Option<Found<P::Case>> {
        let mut flagged = suspects(&judged);
        // A case that holds a kept failure fails by that bug most likely:
        // passed over unshrunk, so later search finds other bugs.
        let before = flagged.len();
        flagged.retain(|&i| !self.holds_kept(&batch[i]));
        if flagged.len() < before {
            self.set_aside();
            if flagged.is_empty() {
                return None;
            }
        }
        // A lone run is the detection itself when the candidate takes one
        // case a run, or the run held one case (the random phase's first
        // chunks); otherwise try the flagged cases alone, a few at once.
        let lone: Vec<(usize, Judged)> = if self.candidate.batch_size() == 1 || batch.len() == 1 {
            flagged.iter().map(|&i| (i, judged[i].clone())).collect()
        } else {
            let first: Vec<usize> = flagged.iter().copied().take(self.jobs.max(1) * 2).collect();
            let cases: Vec<P::Case> = first.iter().map(|&i| batch[i].clone()).collect();
            first
                .into_iter()
                .zip(run_alone(self.candidate, &cases, self.jobs))
                .filter(|(_, j)| j.verdict != Verdict::Ok)
                .collect()
        };
        let fails_alone = !lone.is_empty();
        // A wrong answer of a kind a kept failure has is that bug again
        // (a longer or shorter sequence showing it): set aside unshrunk.
        let before = lone.len();
        let lone: Vec<(usize, Judged)> = lone
            .into_iter()
            .filter(|(i, j)| !self.same_kind_as_kept(&batch[*i], j))
            .collect();
        if lone.len() < before {
            self.set_aside();
        }
        // The first that is a failure once confirmed (a time-out that
        // passes on its second run is not).
        for (i, alone) in lone {
            let tree = trees
                .as_mut()
                .map(|t| t[i].as_mut() as &mut dyn ValueTree<Value = P::Case>);
            if let Some(found) = self.shrunk_failure(batch[i].clone(), alone, tree, origin) {
                return Some(found);
            }
        }
        if fails_alone || self.candidate.batch_size() == 1 {
            return None;
        }
        // No flagged case fails alone: split the batch.
        let verdict = judged
            .iter()
            .map(|j| j.verdict)
            .find(|v| *v != Verdict::Ok)
            .unwrap_or(Verdict::WrongAnswer);
        let mut budget = Budget::new(self.config, verdict);
        // The last failing part and its run.
        let mut last: Option<FailingBatch<P>> = None;
        let smallest = ddmin(batch.to_vec(), |part| {
            if !budget.open(verdict) {
                return None;
            }
            budget.runs += 1;
            let ran = run_batches(self.candidate, &[part], 1).remove(0);
            let fails = judge_run::<P>(part, ran.clone())
                .iter()
                .any(|j| j.verdict != Verdict::Ok);
            if fails {
                last = Some((part.to_vec(), ran));
            }
            Some(fails)
        });
        if smallest.len() == 1 {
            let alone = run_alone(self.candidate, &smallest, 1).remove(0);
            if alone.verdict != Verdict::Ok {
                return self.shrunk_failure(smallest[0].clone(), alone, None, origin);
            }
        }
        let (cases, mut ran) = match last {
            Some((cases, ran)) if cases == smallest => (cases, ran),
            _ => {
                let ran = run_batches(self.candidate, &[&smallest], 1).remove(0);
                (smallest, ran)
            }
        };
        let first_worst = |ran: &crate::harness::candidate::Ran<P::Answer>| {
            let judged = judge_run::<P>(&cases, ran.clone());
            judged
                .iter()
                .find(|j| j.verdict != Verdict::Ok)
                .cloned()
                .unwrap_or_else(|| judged[0].clone())
        };
        let mut worst = first_worst(&ran);
        let mut confirmed = None;
        if worst.verdict.depends_on_time() {
            // The batch ran out of time: once more, alone, before it is a verdict.
            let started = Instant::now();
            // Limited on its own time, as a lone re-run is (`run_again`).
            #[cfg(all(unix, feature = "process"))]
            let again = crate::harness::process::in_own_time(|| {
                run_batches(self.candidate, &[&cases], 1).remove(0)
            });
            #[cfg(not(all(unix, feature = "process")))]
            let again = run_batches(self.candidate, &[&cases], 1).remove(0);
            let again_worst = first_worst(&again);
            if again_worst.verdict == Verdict::Ok {
                self.slow_once(started.elapsed().as_secs_f64() * 1000.0);
                return None;
            }
            if again_worst.verdict.depends_on_time() {
                confirmed = Some(
                    "the batch timed out again when run a second time, alone, limited on its \
                     own time (its wall time less the time it waited for a CPU; the detail is \
                     that run's)"
                        .into(),
                );
            }
            (ran, worst) = (again, again_worst);
        }
        let why = if worst.verdict == Verdict::Ok {
            "the batch failed once but not when run again (a flaky candidate)".to_string()
        } else {
            format!(
                "fails only when these {} cases share one process; each passes alone",
                cases.len()
            )
        };
        let failure = Failure {
            verdict: worst.verdict,
            input: self.candidate.input_text(&cases),
            expected: cases
                .iter()
                .map(|c| answer_text::<P>(&reference::<P>(c).0))
                .collect(),
            got: ran.output,
            shrink_steps: 0,
            shrink_runs: budget.runs as u64,
            shrink: Shrink::Batch(why),
            detail: worst.detail,
            reference: worst.reference,
            size: crate::text::plural(cases.len(), "case"),
            size_key: None,
            origin: Origin::Batch,
            at_limits: None,
            found_by: None,
            found_at: None,
            replayed: None,
            confirmed,
        };
        Some(Found {
            failure,
            case: None,
        })
    }

    /// The failure `case` (judged `judged` on a lone run) comes to: a
    /// time-out confirmed first, then shrunk (from `tree`, if given) unless
    /// it is a given input or the candidate cannot run at all. Nothing when
    /// the time-out passes on its second run.
    pub(super) fn shrunk_failure(
        &self,
        case: P::Case,
        judged: Judged,
        tree: Option<&mut dyn ValueTree<Value = P::Case>>,
        origin: Origin,
    ) -> Option<Found<P::Case>> {
        let start = Instant::now();
        let found = self.shrunk_failure_untimed(case, judged, tree, origin);
        self.clock.lock().expect("clock").shrinking += start.elapsed();
        found
    }

    fn shrunk_failure_untimed(
        &self,
        case: P::Case,
        judged: Judged,
        tree: Option<&mut dyn ValueTree<Value = P::Case>>,
        origin: Origin,
    ) -> Option<Found<P::Case>> {
        let judged = self.confirmed(&case, judged)?;
        // What a proof of the smallest input shows, where there is one.
        let claim = self.extras.enumerate.map_or("", |e| e.claim);
        let found = |failure: Failure, case: P::Case| {
            Some(Found {
                failure,
                case: Some(case),
            })
        };
        // A shard ran only its part of the enumeration: its first failure
        // may have a smaller one in another shard's, so it is shrunk and
        // its proof tries them all.
        let sharded = self.config.shard.is_some_and(|s| s != Shard::WHOLE);
        if origin == Origin::Exhaustive && !sharded {
            // Every enumerated case smaller passed: minimal by construction.
            let f = failure::<P>(
                self.candidate,
                &case,
                judged,
                (0, 0, Shrink::Minimal(claim)),
                origin,
            );
            return found(f, case);
        }
        if self.cannot_run(&case, &judged) {
            let shrink = Shrink::Not("the candidate could not run at all".into());
            let f = failure::<P>(self.candidate, &case, judged, (0, 0, shrink), origin);
            return found(f, case);
        }
        if !matches!(
            origin,
            Origin::Generated | Origin::Limits | Origin::Exhaustive
        ) {
            // Given inputs are reported as they are: they are someone's case.
            let shrink = Shrink::Not(format!("a {origin} input is reported as given"));
            let f = failure::<P>(self.candidate, &case, judged, (0, 0, shrink), origin);
            return found(f, case);
        }
        let shrunk = self.shrinker(case, judged, origin).shrink(tree);
        for ms in &shrunk.slow_once {
            self.slow_once(*ms);
        }
        let shrink = match (shrunk.why_stopped, shrunk.smallest) {
            // The proof ran, so the problem has an enumeration.
            (None, Ok(tried)) => Shrink::Smallest { tried, claim },
            (None, Err(why)) => Shrink::Unproven(why),
            (Some(why), _) if shrunk.steps == 0 => Shrink::Not(why),
            (Some(why), _) => Shrink::Stopped(why),
        };
        let f = failure::<P>(
            self.candidate,
            &shrunk.case,
            shrunk.judged,
            (shrunk.steps, shrunk.runs, shrink),
            origin,
        );
        found(f, shrunk.case)
    }

    /// `judged`, a lone run of exactly `case`, once it is sure: a verdict
    /// that depends on time (TLE) stands only when a second lone run of
    /// the same input fails too (its judgement is returned, saying how it
    /// was confirmed); a second run that passes makes the first noise
    /// (counted, and nothing returned). Other verdicts stand as they are.
    pub(super) fn confirmed(&self, case: &P::Case, judged: Judged) -> Option<Judged> {
        let (judged, _) = self.confirm_timed(case, judged, Duration::ZERO);
        (judged.verdict != Verdict::Ok).then_some(judged)
    }

    /// [`Context::confirmed`] with the run's wall time `took`: a time-out
    /// that passes on its second run comes back as that pass (`Ok`, and
    /// its time), counted as noise.
    pub(super) fn confirm_timed(
        &self,
        case: &P::Case,
        judged: Judged,
        took: Duration,
    ) -> (Judged, Duration) {
        if !judged.verdict.depends_on_time() || judged.confirmed.is_some() {
            return (judged, took);
        }
        let (mut again, took, starved) = run_again(self.candidate, case);
        if again.verdict == Verdict::Ok {
            self.slow_once(took.as_secs_f64() * 1000.0);
        } else if again.verdict.depends_on_time() {
            again.confirmed = Some(confirmed_by(
                &again,
                starved,
                "a second lone run of exactly this input",
            ));
        }
        (again, took)
    }

    /// Whether the candidate fails the way it failed on `case` on the
    /// domain's smallest input too (or on another, if `case` is the
    /// smallest), in a way that shows its set-up rather than a bug
    /// ([`SetUpSign`]). Then it cannot run at all (an import error, a
    /// missing file or function, the wrong input form, protocol or
    /// option), which is the user's mistake, not a case to shrink. Asked
    /// once, for the first failure; the answer is kept in the findings,
    /// saying what was seen and what to do.
    fn cannot_run(&self, case: &P::Case, judged: &Judged) -> bool {
        if !self.candidate.runs_a_program() {
            return false;
        }
        let mut findings = self.findings.lock().expect("findings");
        if std::mem::replace(&mut findings.start_up_checked, true) {
            return findings.cannot_run.is_some();
        }
        let Some(sign) = self.set_up_sign(judged) else {
            return false;
        };
        if sign == SetUpSign::Silent && judged.confirmed.is_none() {
            // A time-out stands only once confirmed.
            return false;
        }
        // The smallest input, or another if `case` is the smallest.
        let Some(other) = another_case(&self.domain, self.extras, case) else {
            return false;
        };
        let again = run_alone(self.candidate, std::slice::from_ref(&other), 1).remove(0);
        if self.set_up_sign(&again) != Some(sign) {
            return false;
        }
        findings.cannot_run = match sign {
            SetUpSign::Crash if crash::same(&again.detail, &judged.detail) => Some(format!(
                "it fails the same way on the smallest input as on another, before answering \
                 anything ({}): a set-up mistake, not a case to shrink\n{}",
                crash::words(&judged.detail),
                judged.detail
            )),
            SetUpSign::Crash => None,
            SetUpSign::Silent => Some(format!(
                "no answer line to the smallest input or to another: a long-lived process must answer \
                 each line as it comes (docs/protocol.md); a program that reads its input to \
                 the end first, as the text form allows, waits here for ever\n{}",
                judged.detail
            )),
            SetUpSign::GtpRefusal => {
                let reply = judged
                    .got
                    .lines()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or("");
                Some(format!(
                    "it answers the text form as a GTP engine answers a command it does not \
                     know, on the smallest input as on another: to check a GTP engine, add \
                     --gtp (docs/gtp.md)\ngot `{}`",
                    reply.trim()
                ))
            }
        };
        findings.cannot_run.is_some()
    }

    /// What in a failing run may show a set-up mistake: a crash before
    /// answering anything; for a program fed a line at a time, a confirmed
    /// time-out with no answer line; for a problem played over GTP, a
    /// program not run as a GTP engine that answers as one ([`SetUpSign`]).
    fn set_up_sign(&self, judged: &Judged) -> Option<SetUpSign> {
        let silent = judged.got.trim().is_empty();
        if judged.verdict == Verdict::RuntimeError && silent {
            return Some(SetUpSign::Crash);
        }
        if judged.verdict == Verdict::TimeLimit && silent && self.candidate.answers_line_by_line() {
            return Some(SetUpSign::Silent);
        }
        #[cfg(all(unix, feature = "process"))]
        if P::gtp_form().is_some()
            && self.candidate.engine().is_none()
            && crate::harness::gtp::wire::refuses_as_unknown_command(&judged.got)
        {
            return Some(SetUpSign::GtpRefusal);
        }
        None
    }
}
