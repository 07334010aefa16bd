//! The checker: generate cases from a seed, run the candidate on them in
//! parallel, compare with the reference answer, and shrink the first
//! failure with proptest's value trees, re-running the candidate at every
//! step and accepting a step only when the same verdict reproduces.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use super::candidate::{Candidate, Outcome};
use super::casefile::Entry;
use super::report::{Failure, Report};
use super::verdict::{Origin, Status, Verdict};
use crate::generation::Generate;
use crate::problem::{Problem, answer_text, case_text, multi_case_text};

/// Called with (cases done, cases in all) as a check goes on.
pub type Progress = std::sync::Arc<dyn Fn(u64, u64) + Send + Sync>;

/// How a check runs.
#[derive(Clone)]
pub struct CheckConfig {
    /// How many generated cases to run.
    pub cases: u64,
    /// The seed of the generated cases.
    pub seed: u64,
    /// Upper bound on generated board size (`None`: the problem's default).
    pub size: Option<usize>,
    /// Candidate runs at once.
    pub jobs: usize,
    /// Most candidate runs spent shrinking.
    pub max_shrink_runs: usize,
    /// Most wall time spent shrinking (a hung candidate costs a full
    /// timeout per shrink step).
    pub max_shrink_time: Duration,
    /// Told how far the check is, e.g. to draw a progress bar.
    pub progress: Option<Progress>,
    /// Inputs to run before the generated ones (saved failures).
    pub replay: Vec<Entry>,
}

impl Default for CheckConfig {
    fn default() -> Self {
        CheckConfig {
            cases: 1000,
            seed: 0,
            size: None,
            jobs: std::thread::available_parallelism().map_or(2, |n| n.get()),
            max_shrink_runs: 2000,
            max_shrink_time: Duration::from_secs(60),
            progress: None,
            replay: Vec::new(),
        }
    }
}

/// A candidate's outcome on one case, judged against the reference.
#[derive(Clone, Debug)]
pub struct Judged {
    /// The verdict.
    pub verdict: Verdict,
    /// The reference answer's text.
    pub expected: String,
    /// What the candidate wrote.
    pub got: String,
    /// Exit status, parse error, etc.
    pub detail: String,
}

/// Judges `outcome` against the reference answer to `case`.
pub fn judge<P: Problem>(case: &P::Case, outcome: Outcome<P::Answer>) -> Judged {
    let want = P::oracle(case);
    let expected = answer_text::<P>(&want);
    let (verdict, got, detail) = match outcome {
        Outcome::Answered { answer, output } => {
            let verdict = if answer == want {
                Verdict::Ok
            } else {
                Verdict::WrongAnswer
            };
            (verdict, output, String::new())
        }
        Outcome::Unreadable { output, error } => (Verdict::Presentation, output, error),
        Outcome::Crashed { output, detail } => (Verdict::RuntimeError, output, detail),
        Outcome::TimedOut { output, detail } => (Verdict::TimeLimit, output, detail),
    };
    Judged {
        verdict,
        expected,
        got,
        detail,
    }
}

/// A deterministic random source for `seed`.
pub fn seeded_rng(seed: u64) -> TestRng {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    TestRng::from_seed(RngAlgorithm::ChaCha, &bytes)
}

/// A deterministic proptest runner for `seed`.
pub fn seeded_runner(seed: u64) -> TestRunner {
    TestRunner::new_with_rng(Config::default(), seeded_rng(seed))
}

/// One case generated from `seed` (what `boardcheck gen` prints).
pub fn generate<P: Generate>(seed: u64, size: usize) -> P::Case {
    let mut runner = seeded_runner(seed);
    P::cases(size)
        .new_tree(&mut runner)
        .expect("strategies here never reject")
        .current()
}

/// Runs `candidate` on `cases`, `jobs` batches at a time; the judgements in case order.
fn run_all<P: Problem>(
    candidate: &dyn Candidate<P>,
    cases: &[P::Case],
    jobs: usize,
) -> Vec<Judged> {
    let batches: Vec<&[P::Case]> = cases.chunks(candidate.batch_size()).collect();
    let results: Vec<Mutex<Vec<Judged>>> = batches.iter().map(|_| Mutex::new(Vec::new())).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, batches.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let b = next.fetch_add(1, Ordering::Relaxed);
                    let Some(batch) = batches.get(b) else { break };
                    let judged = candidate
                        .run(batch)
                        .into_iter()
                        .zip(batch.iter())
                        .map(|(o, c)| judge::<P>(c, o))
                        .collect();
                    *results[b].lock().unwrap() = judged;
                }
            });
        }
    });
    results
        .into_iter()
        .flat_map(|m| m.into_inner().unwrap())
        .collect()
}

/// Shrinks the failing case held by `tree` (whose current value failed with
/// `failed`): first proptest's simplify/complicate search, then greedy
/// [`Generate::simpler`] steps. A step counts as failing only if the
/// candidate gives the same verdict again; every input runs at most once.
fn shrink<P: Generate>(
    candidate: &dyn Candidate<P>,
    tree: &mut dyn ValueTree<Value = P::Case>,
    failed: Judged,
    config: &CheckConfig,
    jobs: usize,
) -> (P::Case, Judged, u64) {
    let deadline = Instant::now() + config.max_shrink_time;
    let budget_left = |runs: usize| runs < config.max_shrink_runs && Instant::now() < deadline;
    let mut best = (tree.current(), failed);
    // Every candidate run is cached by input, so the cache size counts the runs.
    let mut cache: HashMap<String, Judged> = HashMap::new();
    let judge = |cases: &[P::Case], cache: &mut HashMap<String, Judged>| -> Vec<Judged> {
        let texts: Vec<String> = cases.iter().map(case_text::<P>).collect();
        let mut fresh: Vec<(P::Case, &String)> = Vec::new();
        for (case, text) in cases.iter().zip(&texts) {
            if !cache.contains_key(text) && !fresh.iter().any(|(_, t)| *t == text) {
                fresh.push((case.clone(), text));
            }
        }
        let to_run: Vec<P::Case> = fresh.iter().map(|(c, _)| c.clone()).collect();
        for ((_, text), judged) in fresh.iter().zip(run_all(candidate, &to_run, jobs)) {
            cache.insert((*text).clone(), judged);
        }
        texts.iter().map(|t| cache[t].clone()).collect()
    };
    let mut steps = 0;
    let mut more = tree.simplify();
    while more && budget_left(cache.len()) {
        let case = tree.current();
        let judged = judge(std::slice::from_ref(&case), &mut cache).remove(0);
        more = if judged.verdict == best.1.verdict {
            best = (case, judged);
            steps += 1;
            tree.simplify()
        } else {
            tree.complicate()
        };
    }
    // Then greedy steps through the problem's own simplifications, `jobs`
    // candidates at a time.
    let verdict = best.1.verdict;
    let mut last = best.1;
    let (case, more_steps) = simplify_greedily::<P>(best.0, jobs, |group| {
        if !budget_left(cache.len()) {
            return None;
        }
        let judged = judge(group, &mut cache);
        let i = judged.iter().position(|j| j.verdict == verdict)?;
        last = judged[i].clone();
        Some(i)
    });
    (case, last, steps + more_steps)
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

/// The input exactly as `candidate` is fed `case` alone.
fn fed<P: Problem>(candidate: &dyn Candidate<P>, case: &P::Case) -> String {
    if candidate.batch_size() > 1 {
        multi_case_text::<P>(std::slice::from_ref(case))
    } else {
        case_text::<P>(case)
    }
}

fn failure<P: Generate>(
    case: &P::Case,
    input: String,
    judged: Judged,
    steps: u64,
    origin: Origin,
) -> Failure {
    Failure {
        verdict: judged.verdict,
        input,
        expected: judged.expected,
        got: judged.got,
        shrink_steps: steps,
        detail: judged.detail,
        size: P::size_of(case),
        origin,
    }
}

/// Checks `candidate` on `config.replay`, then on `config.cases` generated
/// cases, stopping at the first failure, which it shrinks.
pub fn check<P: Generate>(candidate: &dyn Candidate<P>, config: &CheckConfig) -> Report {
    let mut report = Report {
        problem: P::NAME.to_string(),
        seed: config.seed,
        status: Status::Pass,
        cases: 0,
        failure: None,
    };
    let jobs = config.jobs.max(1);

    let replayed: Vec<P::Case> = config
        .replay
        .iter()
        .filter_map(|entry| crate::problem::read_input::<P>(&entry.input, entry.multi).ok())
        .flatten()
        .collect();
    for (case, judged) in replayed.iter().zip(run_all(candidate, &replayed, jobs)) {
        report.cases += 1;
        if judged.verdict != Verdict::Ok {
            report.status = Status::Fail;
            report.failure = Some(failure::<P>(
                case,
                fed::<P>(candidate, case),
                judged,
                0,
                Origin::Replayed,
            ));
            return report;
        }
    }

    let tell = |done: u64| {
        if let Some(progress) = &config.progress {
            progress(done, config.cases)
        }
    };

    let mut runner = seeded_runner(config.seed);
    let strategy = P::cases(config.size.unwrap_or(P::DEFAULT_SIZE));
    let chunk = (jobs * candidate.batch_size() * 4).max(16);
    let mut done = 0u64;
    while done < config.cases {
        let n = chunk.min((config.cases - done) as usize);
        let mut trees: Vec<_> = (0..n)
            .map(|_| {
                strategy
                    .new_tree(&mut runner)
                    .expect("strategies here never reject")
            })
            .collect();
        let cases: Vec<P::Case> = trees.iter().map(|t| t.current()).collect();
        let judged = run_all(candidate, &cases, jobs);
        let Some(i) = judged.iter().position(|j| j.verdict != Verdict::Ok) else {
            done += n as u64;
            tell(done);
            continue;
        };
        report.cases += done + i as u64 + 1;
        report.status = Status::Fail;
        let mut first = judged[i].clone();
        if candidate.batch_size() > 1 {
            // Confirm alone; a failure that needs its batch is reported whole.
            let alone = run_all(candidate, std::slice::from_ref(&cases[i]), 1).remove(0);
            if alone.verdict == Verdict::Ok {
                let b = i / candidate.batch_size() * candidate.batch_size();
                let batch = &cases[b..(b + candidate.batch_size()).min(cases.len())];
                let input = multi_case_text::<P>(batch);
                first.expected = batch
                    .iter()
                    .map(|c| answer_text::<P>(&P::oracle(c)))
                    .collect();
                report.failure = Some(failure::<P>(&cases[i], input, first, 0, Origin::Batch));
                return report;
            }
            first = alone;
        }
        let (case, judged, steps) = shrink(candidate, trees[i].as_mut(), first, config, jobs);
        report.failure = Some(failure::<P>(
            &case,
            fed::<P>(candidate, &case),
            judged,
            steps,
            Origin::Generated,
        ));
        return report;
    }
    report.cases += done;
    report
}
