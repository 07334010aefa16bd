//! Shrinking one confirmed failure: proptest's value tree, then greedy
//! [`Generate::simpler`] steps, shorter games to the failing command where
//! the problem has them ([`Extras::shortcuts`]), then every smaller input
//! the enumeration holds; every step judged on a lone run of exactly the
//! smaller input, within a budget of runs and time.

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use proptest::strategy::ValueTree;

use super::batch::suspects;
use super::candidate::Candidate;
use super::judging::{
    CheckConfig, Judged, confirmed_by, failure, judge_run, run_again, run_alone, run_batches,
    was_starved,
};
use super::report::{Failure, Shrink};
use super::verdict::{Origin, Verdict};
use crate::generation::{Domain, Enumeration, Extras, Generate, holds_image_of};
use crate::problem::{Problem, case_text, read_input};

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

    /// The end of a peek: [`PEEK_SHARE`] of the time left, from now.
    fn peek_until(&self) -> Instant {
        let now = Instant::now();
        now + self
            .deadline
            .saturating_duration_since(now)
            .mul_f64(PEEK_SHARE)
    }

    /// Why runs may no longer be spent, once [`Budget::open`] said no.
    #[cfg(all(unix, feature = "process"))]
    pub(super) fn why_stopped(&self) -> Option<&str> {
        self.why_stopped.as_deref()
    }
}

/// What shrinking one failure came to.
pub(super) struct Shrunk<P: Problem> {
    pub(super) case: P::Case,
    pub(super) judged: Judged,
    pub(super) steps: u64,
    pub(super) runs: usize,
    pub(super) why_stopped: Option<String>,
    /// Whether no input with fewer cells fails in any way: `Ok(how many were
    /// tried)`, or why that could not be shown.
    pub(super) smallest: Result<u64, String>,
    /// The re-runs (ms) of time-out steps that passed on their second run.
    pub(super) slow_once: Vec<f64>,
}

/// The most enumerated cases of fewer cells shrinking ends by trying.
const TAIL_CASES: usize = 200_000;
/// Where they are more than the budget allows: the fewest runs spent on the
/// smallest of them anyway.
const PEEK_RUNS: usize = 64;
/// The share of the time left that trying the smallest of too many inputs
/// with fewer cells may take.
const PEEK_SHARE: f64 = 0.5;
/// The most runs the inputs with fewer cells may take for shrinking to try
/// them all before walking down the value tree.
const EARLY_RUNS: usize = 64;
/// How many enumerated inputs a count of those in the domain may look at
/// per input it counts: past that, the domain leaves out most of the
/// enumeration and the inputs in it are not few.
const SCAN_PER_KEPT: usize = 16;

/// The enumerated inputs that lie in the domain, the scan stopped at a
/// deadline or after `most` enumerated inputs. A domain that leaves most
/// of the enumeration out (an engine that plays one board size) would
/// otherwise spin through inputs it never runs: GRhino's check spent
/// seventeen minutes in othello-game's 4 x 4 games. `cut` tells a scan
/// that stopped from one that saw every input. Built by
/// [`Shrinker::scan_smaller`].
struct DomainScan<'a, P: Generate> {
    every: Box<dyn Iterator<Item = P::Case> + Send>,
    domain: &'a Domain,
    extras: &'a Extras<P>,
    most: usize,
    until: Instant,
    cut: bool,
}

impl<P: Generate> Iterator for DomainScan<'_, P> {
    type Item = P::Case;

    fn next(&mut self) -> Option<P::Case> {
        loop {
            if self.most == 0 || Instant::now() >= self.until {
                self.cut = true;
                return None;
            }
            self.most -= 1;
            let case = self.every.next()?;
            if self.domain.contains(self.extras, &case) {
                return Some(case);
            }
        }
    }
}

/// The checker's state for one failure: lone runs, cached by input.
pub(super) struct Shrinker<'a, P: Generate> {
    pub(super) candidate: &'a dyn Candidate<P>,
    pub(super) config: &'a CheckConfig,
    /// The check's domain and the problem's extras, built once per check.
    pub(super) domain: &'a Domain,
    pub(super) extras: &'a Extras<P>,
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
    /// The inputs and signatures of failures already kept, which steps
    /// must not reach.
    pub(super) avoid: Vec<(String, Signature)>,
    /// The images of the kept failures' cases under the problem's
    /// symmetries: a step that holds one is that failure again.
    pub(super) avoid_images: Vec<Vec<P::Case>>,
    /// The re-runs (ms) of time-out steps that passed on their second run:
    /// noise, not steps.
    pub(super) slow_once: Vec<f64>,
}

/// What tells two failures apart: the verdict, the law that found it, and
/// for a wrong answer the problem's kind of it
/// ([`Generate::failure_class`]: for a command sequence, the first command
/// answered wrong, the position it met and the two replies) or else which
/// cells of the answer differ (line and column); the detail (exit status
/// and stderr) for the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Signature {
    verdict: Verdict,
    law: Option<String>,
    what: String,
}

impl Signature {
    /// A reported failure's signature; `case`: its case, when it is one.
    pub(super) fn of<P: Generate>(f: &Failure, case: Option<&P::Case>) -> Signature {
        let law = f.found_by.as_ref().map(|b| b.law.clone());
        Signature::new::<P>(f.verdict, law, case, &f.expected, &f.got, &f.detail)
    }

    /// The signature of a judgement of `case`.
    pub(super) fn judged<P: Generate>(case: &P::Case, judged: &Judged) -> Signature {
        Signature::new::<P>(
            judged.verdict,
            None,
            Some(case),
            &judged.expected,
            &judged.got,
            &judged.detail,
        )
    }

    /// Whether the problem named the kind of this wrong answer (then the
    /// signature holds whatever input shows it, whole or shrunk).
    pub(super) fn is_class(&self) -> bool {
        self.what.starts_with(CLASS)
    }

    fn new<P: Generate>(
        verdict: Verdict,
        law: Option<String>,
        case: Option<&P::Case>,
        expected: &str,
        got: &str,
        detail: &str,
    ) -> Self {
        let class = case
            .filter(|_| verdict == Verdict::WrongAnswer)
            .and_then(|c| P::failure_class(c, expected, got));
        let what = if let Some(class) = class {
            format!("{CLASS}{class}")
        } else if verdict == Verdict::WrongAnswer {
            let (want, got): (Vec<&str>, Vec<&str>) =
                (expected.lines().collect(), got.lines().collect());
            let mut differing = Vec::new();
            for line in 0..want.len().max(got.len()) {
                let a = want.get(line).map_or(&[][..], |l| l.as_bytes());
                let b = got.get(line).map_or(&[][..], |l| l.as_bytes());
                for col in 0..a.len().max(b.len()) {
                    if a.get(col) != b.get(col) {
                        differing.push(format!("{line}:{col}"));
                    }
                }
            }
            differing.join(",")
        } else {
            detail.to_string()
        };
        Signature { verdict, law, what }
    }
}

/// How a signature made of the problem's kind of failure starts.
const CLASS: &str = "kind: ";

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
    /// same verdict, has not been the best before and is no larger than the
    /// best (cells as the enumeration counts them, then the input's
    /// length). Proptest's walk may step back up to a larger failing case
    /// (`complicate`); taking it as the best lost the smaller one for good
    /// (chomp's `staircase-corner-kept` was reported as `move 0 0; count`
    /// after `move 0 0` alone had failed).
    fn accept(&mut self, case: &P::Case, judged: &Judged) -> bool {
        judged.verdict == self.best.1.verdict && self.take(case, judged)
    }

    /// Accepts `case`, which failed in any way, as the new smallest failure
    /// on the terms of [`Self::accept`] but for the verdict. The proof of
    /// fewest cells takes it: "no input with fewer cells fails" must hold
    /// of every way to fail (a cargo-mutants mutant of flank-row's engine
    /// answered wrong on `B.` and was proven smallest there while `A`, with
    /// fewer cells, panicked).
    fn take(&mut self, case: &P::Case, judged: &Judged) -> bool {
        if judged.verdict == Verdict::Ok {
            return false;
        }
        let text = case_text::<P>(case);
        if let Some(e) = &self.extras.enumerate {
            let best = (e.size(&self.best.0), case_text::<P>(&self.best.0).len());
            if (e.size(case), text.len()) > best {
                return false;
            }
        }
        if !self.visited.insert(text.clone()) {
            return false;
        }
        if !self.avoid.is_empty() {
            let input = self.candidate.input_text(std::slice::from_ref(case));
            let signature = Signature::judged::<P>(case, judged);
            if self
                .avoid
                .iter()
                .any(|(i, s)| *i == input || *s == signature)
            {
                return false;
            }
        }
        if self
            .avoid_images
            .iter()
            .any(|images| holds_image_of::<P>(case, images))
        {
            return false;
        }
        // A step past the input format's bounds (a side longer than the
        // format allows) is no counterexample: the report must read back
        // as the case that failed.
        if read_input::<P>(&text, false).ok().as_deref() != Some(std::slice::from_ref(case)) {
            return false;
        }
        let judged = match self.confirm_time_out(case, judged) {
            Some(judged) => judged,
            None => return false,
        };
        self.best = (case.clone(), judged);
        self.steps += 1;
        if let Some(tell) = &self.config.on_failure {
            tell(&self.failure_so_far());
        }
        true
    }

    /// A step that timed out is one only if a second lone run of it times
    /// out too (within the budget): its judgement then, else nothing (a
    /// pass is counted as noise and cached as the step's judgement).
    fn confirm_time_out(&mut self, case: &P::Case, judged: &Judged) -> Option<Judged> {
        if !judged.verdict.depends_on_time() {
            return Some(judged.clone());
        }
        if !self.budget.open(judged.verdict) {
            return None;
        }
        self.budget.runs += 1;
        let (mut again, took, starved) = run_again(self.candidate, case);
        self.budget.runs += starved as usize;
        if again.verdict == Verdict::Ok {
            self.slow_once.push(took.as_secs_f64() * 1000.0);
            self.cache.insert(case_text::<P>(case), again);
            return None;
        }
        if again.verdict != judged.verdict {
            return None;
        }
        if was_starved(&again) {
            // Not a time-out it can be sure of: not a step.
            return None;
        }
        again.confirmed = Some(format!(
            "shrinking accepts a time-out step only when a second lone run of it times out too; {}",
            confirmed_by(&again, starved, "this input's")
        ));
        Some(again)
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
        let domain = self.domain;
        if let Some(tell) = &self.config.on_failure {
            tell(&self.failure_so_far());
        }
        // Once the inputs with fewer cells are few, they are tried at once,
        // smallest first: the proof is then done and the walk below is
        // spared (a tiny failure found on a huge first case spent most of
        // its runs walking down to where the enumeration starts).
        let mut proof: Option<((usize, usize), Result<u64, String>)> = None;
        if self.few_fewer_cells() {
            proof = Some(self.proof());
        }
        if let (Some(tree), None) = (tree, &proof) {
            let mut more = tree.simplify();
            while more && self.budget.open(verdict) {
                let case = tree.current();
                if !domain.contains(self.extras, &case) {
                    more = tree.complicate();
                    continue;
                }
                more = match self.alone(std::slice::from_ref(&case)).remove(0) {
                    Some(judged) if self.accept(&case, &judged) => {
                        if self.few_fewer_cells() {
                            proof = Some(self.proof());
                            break;
                        }
                        tree.simplify()
                    }
                    Some(judged) if judged.verdict == verdict => tree.simplify(),
                    Some(_) => tree.complicate(),
                    None => false,
                };
            }
        }
        // The proof may have taken a smaller input that fails another way.
        self.greedy(self.best.1.verdict);
        if proof.is_none() {
            self.shortcut(self.best.1.verdict);
        }
        let size_now = self.size_of_best();
        let smallest = match proof {
            // Greedy steps after the proof keep its size (none smaller fails).
            Some((size, Ok(tried))) if Some(size) == size_now => Ok(tried),
            _ if self.budget.why_stopped.is_none() => {
                let before = self.steps;
                let result = self.fewer_cells();
                if result.is_ok() && self.steps > before {
                    // A smaller input was found: its commands get the
                    // greedy steps too (none drops below its size, none
                    // smaller fails), judged by its verdict.
                    self.greedy(self.best.1.verdict);
                }
                result
            }
            _ => Err("shrinking stopped first".into()),
        };
        let (case, judged) = self.best;
        Shrunk {
            case,
            judged,
            steps: self.steps,
            runs: self.budget.runs,
            why_stopped: self.budget.why_stopped,
            smallest,
            slow_once: self.slow_once,
        }
    }

    /// Greedy [`Generate::simpler`] steps from the best case until none
    /// still fails.
    fn greedy(&mut self, verdict: Verdict) {
        while self.budget.open(verdict) {
            let options = P::simpler(&self.best.0);
            let group = self.candidate.batch_size().clamp(self.jobs.max(1), 64);
            if self.first_failing(options, group, verdict) != Some(true) {
                break;
            }
        }
    }

    /// The first of `options` in the domain that fails as the best does,
    /// taken as the best: `Some(true)`; `Some(false)` when none does; `None`
    /// when the budget ended first. Lone runs, `jobs` at a time, of groups
    /// of `group_size` options; with a batch-taking candidate a group is
    /// first run as one batch to skip the cases that pass.
    fn first_failing(
        &mut self,
        options: impl Iterator<Item = P::Case>,
        group_size: usize,
        verdict: Verdict,
    ) -> Option<bool> {
        let domain = self.domain;
        let extras = self.extras;
        let mut options = options.filter(|c| domain.contains(extras, c));
        let width = self.jobs.max(1);
        loop {
            let group: Vec<P::Case> = options.by_ref().take(group_size).collect();
            if group.is_empty() {
                return Some(false);
            }
            let flagged: Vec<P::Case> = if self.candidate.batch_size() > 1 && group.len() > 1 {
                if !self.budget.open(verdict) {
                    return None;
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
                        Some(j) if self.accept(case, &j) => return Some(true),
                        Some(_) => {}
                        None => return None,
                    }
                }
            }
        }
    }

    /// Where greedy steps stop on a long game: shorter games to the best
    /// case's last command ([`Extras::shortcuts`]), shortest first, for at
    /// most [`PEEK_RUNS`] of them and [`PEEK_SHARE`] of the time left; the
    /// first that fails as the best does is taken, and greedy steps go on
    /// from it.
    fn shortcut(&mut self, verdict: Verdict) {
        let Some(shortcuts) = self.extras.shortcuts else {
            return;
        };
        if !self.budget.open(verdict) {
            return;
        }
        let options = shortcuts(&self.best.0, self.budget.peek_until()).take(PEEK_RUNS);
        // Drawn a few at a time: the next one may be far deeper.
        if self.first_failing(options, self.jobs.max(1), verdict) == Some(true) {
            self.greedy(verdict);
        }
    }

    /// The best case's size as the enumeration orders it (cells, then
    /// moves), if there is one.
    fn size_of_best(&self) -> Option<(usize, usize)> {
        self.extras.enumerate.as_ref().map(|e| e.size(&self.best.0))
    }

    /// [`Shrinker::fewer_cells`] now, with the size of the best case it
    /// ends on.
    fn proof(&mut self) -> ((usize, usize), Result<u64, String>) {
        let result = self.fewer_cells();
        (self.size_of_best().unwrap_or_default(), result)
    }

    /// The enumerated inputs smaller than the best (fewer cells, or as
    /// many and fewer moves) that lie in the check's domain, in order of
    /// size, looking at no more than `most` enumerated inputs and stopping
    /// at `until`; `None` when no input is smaller.
    fn scan_smaller(
        &self,
        enumeration: &Enumeration<P>,
        most: usize,
        until: Instant,
    ) -> Option<DomainScan<'a, P>> {
        let bound = enumeration.size(&self.best.0);
        // Without moves only fewer cells are smaller: the best's own level
        // is not even made.
        let max_cells = match enumeration.moves {
            Some(_) => bound.0,
            None => bound.0.checked_sub(1)?,
        };
        if max_cells == 0 {
            return None;
        }
        // In order of size: the first input as big as the best ends it.
        // Over the best's own characters too, where the enumeration has
        // fewer than the domain.
        let enumeration = *enumeration;
        let every = match enumeration.every_like {
            Some(like) => like(max_cells, &self.best.0),
            None => (enumeration.every)(max_cells),
        };
        let every = every.take_while(move |case| enumeration.size(case) < bound);
        Some(DomainScan {
            every: Box::new(every),
            domain: self.domain,
            extras: self.extras,
            most,
            until,
            cut: false,
        })
    }

    /// Whether every enumerated input of the domain smaller than the best
    /// fits in [`EARLY_RUNS`] runs (and the budget): then trying them all
    /// costs less than walking down to them.
    fn few_fewer_cells(&self) -> bool {
        let Some(enumeration) = &self.extras.enumerate else {
            return false;
        };
        if (enumeration.cells)(&self.best.0) == 0 || self.domain.shape.is_some() {
            return false;
        }
        let batch = self.candidate.batch_size().max(1);
        let most = EARLY_RUNS.min(self.budget.max_runs.saturating_sub(self.budget.runs)) * batch;
        let Some(mut scan) = self.scan_smaller(
            enumeration,
            (most + 1) * SCAN_PER_KEPT,
            self.budget.deadline,
        ) else {
            return true;
        };
        let counted = scan.by_ref().take(most + 1).count();
        counted <= most && !scan.cut
    }

    /// Once no simpler step fails: every enumerated case of the domain
    /// smaller than the best (fewer cells, or as many and fewer moves), in
    /// order of size and in batches, within the shrinking budget; the first
    /// that fails in any way (confirmed alone) becomes the best. Greedy
    /// steps stop in local minima (a 3x3 board whose every one-cell cut
    /// makes the failure vanish, though a smaller board fails the same way;
    /// chomp's `move 0 0` then `count` on a 1 x 1 board, though one other
    /// command fails there); the enumeration has none. `Ok(how many were
    /// tried)` when every one was, else why the best may not be the
    /// smallest.
    fn fewer_cells(&mut self) -> Result<u64, String> {
        let extras = self.extras;
        let Some(enumeration) = &extras.enumerate else {
            return Err(format!("{} has no enumeration of small cases", P::NAME));
        };
        let domain = self.domain;
        if let Some(shape) = domain.shape {
            return Err(format!(
                "the shape is fixed ({shape}): inputs with fewer cells are outside the domain, \
                 and those of the shape are too many to try"
            ));
        }
        let verdict = self.best.1.verdict;
        let batch = self.candidate.batch_size().max(1);
        // How many there are, counted first: when trying them all would
        // overrun the budget, only the smallest few are tried (a failure
        // among them is still found) and the claim is not made.
        let scanned = (TAIL_CASES + 1) * SCAN_PER_KEPT;
        let Some(mut count) = self.scan_smaller(enumeration, scanned, self.budget.deadline) else {
            return Ok(0);
        };
        let total = count.by_ref().take(TAIL_CASES + 1).count();
        // A count cut short knows only that there are more than it saw:
        // cut by its share of the enumeration (the domain holds little of
        // it), or by the budget's end.
        let counted = !count.cut;
        let sparse = count.cut && count.most == 0;
        let room = self.budget.max_runs.saturating_sub(self.budget.runs);
        let all_fit = counted && total <= TAIL_CASES && total.div_ceil(batch) <= room;
        // Too many to try all: the smallest are tried, in order, for half
        // the time left (at least PEEK_RUNS runs), timed as they run: the
        // pace of the lone runs before was no guide (othello-game's
        // `flips-past-edge` stopped after 9 000 of the 3-command inputs in
        // under a second of a 20-second budget). A failure among them is
        // still the smallest: every input before it passed.
        let peek_until = self.budget.peek_until();
        let over = |spent: usize| !all_fit && spent >= PEEK_RUNS && Instant::now() >= peek_until;
        // The scan ends with the budget; in a domain that leaves most of
        // the enumeration out, with the peek's time (runs may never come).
        let until = if counted {
            self.budget.deadline
        } else {
            self.budget.deadline.min(peek_until)
        };
        let mut cases = self
            .scan_smaller(enumeration, usize::MAX, until)
            .expect("inputs smaller than the best were counted above");
        let chunk = batch * self.jobs.max(1) * 4;
        let mut tried = 0u64;
        let mut spent = 0;
        loop {
            let part: Vec<P::Case> = cases.by_ref().take(chunk).collect();
            if part.is_empty() && !cases.cut {
                return Ok(tried);
            }
            let runs = part.len().div_ceil(batch);
            if part.is_empty() || spent + runs > room || over(spent) || !self.budget.open(verdict) {
                let tried_first = if tried == 0 {
                    "no input with fewer cells was tried".to_string()
                } else {
                    format!("the {tried} smallest inputs with fewer cells were tried, all passing")
                };
                if sparse {
                    return Err(format!(
                        "{tried_first}; fewer than one in {SCAN_PER_KEPT} of the first {scanned} \
                         lies in the domain, too few to reach in order of size within the \
                         shrinking budget (--max-shrink-runs, --shrink-seconds)"
                    ));
                }
                let all = if !counted {
                    format!("the {total} or more inputs (the budget ended their count)")
                } else if total > TAIL_CASES {
                    format!("more than {TAIL_CASES} inputs")
                } else {
                    format!("{total} inputs ({} runs)", total.div_ceil(batch))
                };
                return Err(format!(
                    "{tried_first}; trying all {all} is over the shrinking budget \
                     (--max-shrink-runs, --shrink-seconds)"
                ));
            }
            spent += runs;
            if batch == 1 && self.jobs <= 1 && self.candidate.screens() {
                // Screened: only a case the screen stops at runs the full
                // way (and alone), so what is accepted is a lone run's.
                self.budget.runs += part.len();
                let mut start = 0;
                while start < part.len() {
                    let mut run_ms = Vec::new();
                    start += self.candidate.screen(&part[start..], &mut run_ms);
                    let Some(case) = part.get(start) else { break };
                    if let Some(Some(alone)) = self.alone(std::slice::from_ref(case)).pop()
                        && self.take(case, &alone)
                    {
                        return Ok(tried + start as u64 + 1);
                    }
                    start += 1;
                }
                tried += part.len() as u64;
                continue;
            }
            let batches: Vec<&[P::Case]> = part.chunks(batch).collect();
            self.budget.runs += batches.len();
            let ran = run_batches(self.candidate, &batches, self.jobs);
            for (group, ran) in batches.iter().zip(ran) {
                let judged = judge_run::<P>(group, ran);
                if let ([case], [lone]) = (group, judged.as_slice()) {
                    // A one-case batch was a lone run: kept, not run again.
                    self.cache.insert(case_text::<P>(case), lone.clone());
                }
                for i in suspects(&judged) {
                    let case = group[i].clone();
                    if let Some(Some(alone)) = self.alone(std::slice::from_ref(&case)).pop()
                        && self.take(&case, &alone)
                    {
                        // Enumerated in order of size: every input before
                        // this one passed, so none with fewer cells fails.
                        return Ok(tried + i as u64 + 1);
                    }
                }
                tried += group.len() as u64;
            }
        }
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
