//! From a failing run to the failure reported: a failing batch narrowed
//! to a case that fails alone (its flagged cases first, then by splitting
//! the batch, delta-debugging style), shrunk on lone runs; a failure that
//! needs several cases in one process reported as that, with the smallest
//! batch that still fails; a candidate that cannot run at all told apart.

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use proptest::strategy::ValueTree;

use super::Context;
use crate::generation::{Generate, reference};
use crate::harness::batch::{ddmin, suspects};
use crate::harness::candidate::Ran;
use crate::harness::check::smallest_case;
use crate::harness::report::{Failure, Shrink};
use crate::harness::run::{Judged, failure, judge_run, run_alone, run_batches};
use crate::harness::shrink::{Budget, Shrinker, Signature};
use crate::harness::verdict::{Origin, Verdict};
use crate::problem::{Problem, answer_text, case_text};

/// A batch that failed, with its run.
type FailingBatch<P> = (Vec<<P as Problem>::Case>, Ran<<P as Problem>::Answer>);

impl<P: Generate> Context<'_, P> {
    fn shrinker(&self, case: P::Case, judged: Judged, origin: Origin) -> Shrinker<'_, P> {
        Shrinker {
            candidate: self.candidate,
            config: self.config,
            jobs: self.jobs,
            cache: HashMap::from([(case_text::<P>(&case), judged.clone())]),
            budget: Budget::new(self.config, judged.verdict),
            visited: HashSet::from([case_text::<P>(&case)]),
            best: (case, judged),
            steps: 0,
            origin,
            // A further failure must not shrink into one already kept:
            // its steps stay away from their inputs and signatures.
            avoid: self
                .findings
                .lock()
                .expect("findings")
                .kept
                .iter()
                .map(|f| (f.input.clone(), Signature::of(f)))
                .collect(),
        }
    }

    /// The failure a failing `batch` (judged `judged`) comes to: a case that
    /// fails alone, shrunk (if `trees` are given); else the smallest batch
    /// that still fails.
    pub(super) fn investigate(
        &self,
        batch: &[P::Case],
        judged: Vec<Judged>,
        mut trees: Option<&mut [Box<dyn ValueTree<Value = P::Case>>]>,
        origin: Origin,
    ) -> Failure {
        let flagged = suspects(&judged);
        // A lone run is the detection itself when the candidate takes one
        // case a run, or the run held one case (the random phase's first
        // chunks); otherwise try the flagged cases alone, a few at once.
        let lone: Option<(usize, Judged)> = if self.candidate.batch_size() == 1 || batch.len() == 1
        {
            flagged.first().map(|&i| (i, judged[i].clone()))
        } else {
            let first: Vec<usize> = flagged.iter().copied().take(self.jobs.max(1) * 2).collect();
            let cases: Vec<P::Case> = first.iter().map(|&i| batch[i].clone()).collect();
            first
                .into_iter()
                .zip(run_alone(self.candidate, &cases, self.jobs))
                .find(|(_, j)| j.verdict != Verdict::Ok)
        };
        if let Some((i, alone)) = lone {
            let tree = trees
                .as_mut()
                .map(|t| t[i].as_mut() as &mut dyn ValueTree<Value = P::Case>);
            return self.shrunk_failure(batch[i].clone(), alone, tree, origin);
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
        let (cases, ran) = match last {
            Some((cases, ran)) if cases == smallest => (cases, ran),
            _ => {
                let ran = run_batches(self.candidate, &[&smallest], 1).remove(0);
                (smallest, ran)
            }
        };
        let judged = judge_run::<P>(&cases, ran.clone());
        let worst = judged
            .iter()
            .find(|j| j.verdict != Verdict::Ok)
            .cloned()
            .unwrap_or_else(|| judged[0].clone());
        let why = if worst.verdict == Verdict::Ok {
            "the batch failed once but not when run again (a flaky candidate)".to_string()
        } else {
            format!(
                "fails only when these {} cases share one process; each passes alone",
                cases.len()
            )
        };
        Failure {
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
            origin: Origin::Batch,
            at_limits: None,
            found_by: None,
        }
    }

    pub(super) fn shrunk_failure(
        &self,
        case: P::Case,
        judged: Judged,
        tree: Option<&mut dyn ValueTree<Value = P::Case>>,
        origin: Origin,
    ) -> Failure {
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
    ) -> Failure {
        if origin == Origin::Exhaustive {
            // Every case with fewer cells passed: minimal by construction.
            return failure::<P>(
                self.candidate,
                &case,
                judged,
                (0, 0, Shrink::Minimal),
                origin,
            );
        }
        if self.cannot_run(&case, &judged) {
            let shrink = Shrink::Not("the candidate could not run at all".into());
            return failure::<P>(self.candidate, &case, judged, (0, 0, shrink), origin);
        }
        if !matches!(origin, Origin::Generated | Origin::Limits) {
            // Given inputs are reported as they are: they are someone's case.
            let shrink = Shrink::Not(format!("a {origin} input is reported as given"));
            return failure::<P>(self.candidate, &case, judged, (0, 0, shrink), origin);
        }
        let shrunk = self.shrinker(case, judged, origin).shrink(tree);
        let shrink = match (shrunk.why_stopped, shrunk.smallest) {
            (None, Ok(tried)) => Shrink::Smallest(tried),
            (None, Err(why)) => Shrink::Unproven(why),
            (Some(why), _) if shrunk.steps == 0 => Shrink::Not(why),
            (Some(why), _) => Shrink::Stopped(why),
        };
        failure::<P>(
            self.candidate,
            &shrunk.case,
            shrunk.judged,
            (shrunk.steps, shrunk.runs, shrink),
            origin,
        )
    }

    /// Whether the candidate fails the way it failed on `case` (a crash
    /// with no output) on the domain's smallest input too, with the same
    /// exit status and stderr: then it cannot run at all (an import error,
    /// a missing file or function), which is the user's set-up, not a bug
    /// to shrink. Asked once, for the first failure; the answer is kept.
    fn cannot_run(&self, case: &P::Case, judged: &Judged) -> bool {
        let mut findings = self.findings.lock().expect("findings");
        if std::mem::replace(&mut findings.start_up_checked, true) {
            return findings.cannot_run.is_some();
        }
        if judged.verdict != Verdict::RuntimeError || !judged.got.trim().is_empty() {
            return false;
        }
        let smallest = smallest_case::<P>(&self.config.domain());
        if smallest == *case {
            return false;
        }
        let again = run_alone(self.candidate, std::slice::from_ref(&smallest), 1).remove(0);
        if again.verdict == judged.verdict
            && again.detail == judged.detail
            && again.got.trim().is_empty()
        {
            findings.cannot_run = Some(judged.detail.clone());
        }
        findings.cannot_run.is_some()
    }
}
