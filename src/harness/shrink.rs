//! Shrinking one confirmed failure: proptest's value tree, then greedy
//! [`Generate::simpler`] steps, every step judged on a lone run of exactly
//! the smaller input, within a budget of runs and time.

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use proptest::strategy::ValueTree;

use super::batch::suspects;
use super::candidate::Candidate;
use super::report::{Failure, Shrink};
use super::run::{CheckConfig, Judged, failure, judge_run, run_alone, run_batches};
use super::verdict::{Origin, Verdict};
use crate::generation::Generate;
use crate::problem::{Problem, case_text};

/// The shrinking budget of one failure and what has been spent.
pub(super) struct Budget {
    pub(super) runs: usize,
    max_runs: usize,
    deadline: Instant,
    why_stopped: Option<String>,
}

impl Budget {
    pub(super) fn new(config: &CheckConfig, verdict: Verdict) -> Self {
        let max_runs = if verdict == Verdict::TimeLimit {
            config.max_shrink_runs.min(config.max_tle_shrink_runs)
        } else {
            config.max_shrink_runs
        };
        Budget {
            runs: 0,
            max_runs,
            deadline: Instant::now() + config.max_shrink_time,
            why_stopped: None,
        }
    }

    /// True while runs may be spent; records why not once it says no.
    pub(super) fn open(&mut self, verdict: Verdict) -> bool {
        if self.why_stopped.is_some() {
            return false;
        }
        if self.runs >= self.max_runs {
            self.why_stopped = Some(if verdict == Verdict::TimeLimit {
                format!(
                    "time-outs shrink with at most {} runs, each a full time limit (--max-tle-shrink-runs)",
                    self.max_runs
                )
            } else {
                format!(
                    "the budget of {} runs is spent (--max-shrink-runs)",
                    self.max_runs
                )
            });
        } else if Instant::now() >= self.deadline {
            self.why_stopped = Some("the shrinking time is up (--shrink-seconds)".into());
        }
        self.why_stopped.is_none()
    }
}

/// What shrinking one failure came to.
pub(super) struct Shrunk<P: Problem> {
    pub(super) case: P::Case,
    pub(super) judged: Judged,
    pub(super) steps: u64,
    pub(super) runs: usize,
    pub(super) why_stopped: Option<String>,
    /// The enumerated cases of fewer cells tried after the greedy steps,
    /// when every one of them was.
    pub(super) enumerated: Option<u64>,
}

/// The most enumerated cases of fewer cells shrinking ends by trying.
const TAIL_CASES: usize = 5000;
/// … and the most runs they may take: a candidate that takes one case a
/// run would pay a start-up per case.
const TAIL_RUNS: usize = 64;

/// The checker's state for one failure: lone runs, cached by input.
pub(super) struct Shrinker<'a, P: Generate> {
    pub(super) candidate: &'a dyn Candidate<P>,
    pub(super) config: &'a CheckConfig,
    pub(super) jobs: usize,
    pub(super) cache: HashMap<String, Judged>,
    pub(super) budget: Budget,
    pub(super) best: (P::Case, Judged),
    pub(super) steps: u64,
    /// The inputs that have been the best so far, the first included: a
    /// value tree that walks back to one of them (its judgement cached) is
    /// not a new step, so steps never outnumber runs.
    pub(super) visited: HashSet<String>,
    pub(super) origin: Origin,
}

impl<'a, P: Generate> Shrinker<'a, P> {
    /// Judges `cases` on lone runs (cached), `jobs` at a time, within budget;
    /// `None` for those the budget left unrun.
    fn alone(&mut self, cases: &[P::Case]) -> Vec<Option<Judged>> {
        let texts: Vec<String> = cases.iter().map(case_text::<P>).collect();
        let mut fresh: Vec<usize> = Vec::new();
        for (i, text) in texts.iter().enumerate() {
            if !self.cache.contains_key(text) && !fresh.iter().any(|&j| texts[j] == *text) {
                fresh.push(i);
            }
        }
        let room = self.budget.max_runs.saturating_sub(self.budget.runs);
        fresh.truncate(room);
        if !fresh.is_empty() && self.budget.open(self.best.1.verdict) {
            let to_run: Vec<P::Case> = fresh.iter().map(|&i| cases[i].clone()).collect();
            self.budget.runs += to_run.len();
            for (&i, judged) in fresh
                .iter()
                .zip(run_alone(self.candidate, &to_run, self.jobs))
            {
                self.cache.insert(texts[i].clone(), judged);
            }
        }
        texts.iter().map(|t| self.cache.get(t).cloned()).collect()
    }

    /// Accepts `case` as the new smallest failure if it failed with the
    /// same verdict and has not been the best before.
    fn accept(&mut self, case: &P::Case, judged: &Judged) -> bool {
        if judged.verdict != self.best.1.verdict || !self.visited.insert(case_text::<P>(case)) {
            return false;
        }
        self.best = (case.clone(), judged.clone());
        self.steps += 1;
        if let Some(tell) = &self.config.on_failure {
            tell(&self.failure_so_far());
        }
        true
    }

    fn failure_so_far(&self) -> Failure {
        let shrink = Shrink::Stopped("interrupted while shrinking".into());
        failure::<P>(
            self.candidate,
            &self.best.0,
            self.best.1.clone(),
            (self.steps, self.budget.runs, shrink),
            self.origin,
        )
    }

    /// Proptest's simplify/complicate search from `tree`, then greedy
    /// [`Generate::simpler`] steps, each judged on lone runs.
    pub(super) fn shrink(mut self, tree: Option<&mut dyn ValueTree<Value = P::Case>>) -> Shrunk<P> {
        let verdict = self.best.1.verdict;
        if let Some(tell) = &self.config.on_failure {
            tell(&self.failure_so_far());
        }
        if let Some(tree) = tree {
            let mut more = tree.simplify();
            while more && self.budget.open(verdict) {
                let case = tree.current();
                more = match self.alone(std::slice::from_ref(&case)).remove(0) {
                    Some(judged) if self.accept(&case, &judged) || judged.verdict == verdict => {
                        tree.simplify()
                    }
                    Some(_) => tree.complicate(),
                    None => false,
                };
            }
        }
        // Greedy steps, `jobs` lone runs at a time; with a batch-taking
        // candidate a group is first run as one batch to skip the cases
        // that pass.
        let width = self.jobs.max(1);
        let group_size = self.candidate.batch_size().clamp(width, 64);
        'step: while self.budget.open(verdict) {
            let mut options = P::simpler(&self.best.0);
            loop {
                let group: Vec<P::Case> = options.by_ref().take(group_size).collect();
                if group.is_empty() {
                    break 'step;
                }
                let flagged: Vec<P::Case> = if self.candidate.batch_size() > 1 && group.len() > 1 {
                    if !self.budget.open(verdict) {
                        break 'step;
                    }
                    self.budget.runs += 1;
                    let ran = run_batches(self.candidate, &[&group], 1).remove(0);
                    let judged = judge_run::<P>(&group, ran);
                    suspects(&judged)
                        .into_iter()
                        .map(|i| group[i].clone())
                        .collect()
                } else {
                    group
                };
                for part in flagged.chunks(width) {
                    let judged = self.alone(part);
                    for (case, judged) in part.iter().zip(judged) {
                        match judged {
                            Some(j) if self.accept(case, &j) => continue 'step,
                            Some(_) => {}
                            None => break 'step,
                        }
                    }
                }
            }
        }
        let enumerated = if self.budget.why_stopped.is_none() {
            self.fewer_cells()
        } else {
            None
        };
        let (case, judged) = self.best;
        Shrunk {
            case,
            judged,
            steps: self.steps,
            runs: self.budget.runs,
            why_stopped: self.budget.why_stopped,
            enumerated,
        }
    }

    /// Once no simpler step fails: every enumerated case with fewer cells
    /// than the best, in batches, in order; the first that fails the same
    /// way (confirmed alone) becomes the best. Greedy steps stop in local
    /// minima (a 3x3 go-move case whose 2x2 windows all lose a liberty at
    /// the cut); the enumeration has none. The number tried, if all were:
    /// skipped when there are more than [`TAIL_CASES`] or they need more
    /// than [`TAIL_RUNS`] runs.
    fn fewer_cells(&mut self) -> Option<u64> {
        let extras = P::extras();
        let (every, cells) = (extras.enumerate?, extras.cells?);
        let verdict = self.best.1.verdict;
        let below = cells(&self.best.0).checked_sub(1).filter(|&c| c > 0)?;
        let cases: Vec<P::Case> = every(below).take(TAIL_CASES + 1).collect();
        let batch = self.candidate.batch_size().max(1);
        let runs = cases.len().div_ceil(batch);
        let room = self.budget.max_runs.saturating_sub(self.budget.runs);
        if cases.len() > TAIL_CASES || runs > TAIL_RUNS.min(room) || !self.budget.open(verdict) {
            return None;
        }
        let batches: Vec<&[P::Case]> = cases.chunks(batch).collect();
        self.budget.runs += batches.len();
        let ran = run_batches(self.candidate, &batches, self.jobs);
        for (group, ran) in batches.iter().zip(ran) {
            let judged = judge_run::<P>(group, ran);
            for i in suspects(&judged) {
                if judged[i].verdict != verdict {
                    continue;
                }
                let case = group[i].clone();
                if let Some(Some(alone)) = self.alone(std::slice::from_ref(&case)).pop()
                    && self.accept(&case, &alone)
                {
                    return Some(cases.len() as u64);
                }
            }
        }
        Some(cases.len() as u64)
    }
}

/// Replaces `case` by the first of [`Generate::simpler`] that still fails,
/// until none does. `first_failing` judges up to `width` simpler cases at
/// once and names the first that fails. Returns the last failing case and
/// the number of steps taken.
pub fn simplify_greedily<P: Generate>(
    mut case: P::Case,
    width: usize,
    mut first_failing: impl FnMut(&[P::Case]) -> Option<usize>,
) -> (P::Case, u64) {
    let mut steps = 0;
    'step: loop {
        let mut options = P::simpler(&case);
        loop {
            let group: Vec<P::Case> = options.by_ref().take(width.max(1)).collect();
            if group.is_empty() {
                return (case, steps);
            }
            if let Some(i) = first_failing(&group) {
                case = group[i].clone();
                steps += 1;
                continue 'step;
            }
        }
    }
}
