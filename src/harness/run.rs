//! What one check is made of: its configuration, judging a candidate's
//! outcome against the reference, and running batches of cases in parallel.
//! [`super::check`] puts these together; [`super::shrink`] and the limits
//! phase use them too.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use super::candidate::{Candidate, Outcome, Ran};
#[cfg(all(unix, feature = "process"))]
use super::process;
use super::report::{Failure, Shrink};
use super::verdict::{Origin, Verdict};
use crate::generation::{Domain, Generate, Reference, Shape, reference};
use crate::problem::answer_text;

/// An input given to a check besides the generated ones: a saved failure
/// (`--replay`) or a test vector (`--vectors`), as its file holds it.
pub use super::casefile::Entry;

/// Called with (cases done, cases in all) as a check goes on.
pub type Progress = Arc<dyn Fn(u64, u64) + Send + Sync>;
/// Called with the smallest confirmed failure so far, while shrinking.
pub type OnFailure = Arc<dyn Fn(&Failure) + Send + Sync>;

/// How a check runs.
#[derive(Clone)]
pub struct CheckConfig {
    /// How many generated cases to run.
    pub cases: u64,
    /// The seed of the generated cases.
    pub seed: u64,
    /// The largest case the candidate plays, in the problem's unit
    /// (`--size`; `None`: the contract's). Every phase stays within it:
    /// random cases, the limits phase, the laws and shrinking.
    pub size: Option<usize>,
    /// The one board shape the candidate plays (`--shape`), likewise kept
    /// by every phase.
    pub shape: Option<Shape>,
    /// The one rule set the candidate plays (`--rules`), likewise kept.
    pub rules: Option<u32>,
    /// Most distinct failures to find and report (`--max-failures`); the
    /// check goes on after each until it has this many.
    pub max_failures: usize,
    /// Candidate runs at once.
    pub jobs: usize,
    /// Most candidate runs spent shrinking a failure.
    pub max_shrink_runs: usize,
    /// Most candidate runs spent shrinking a time-out (each costs a full
    /// time limit).
    pub max_tle_shrink_runs: usize,
    /// Most wall time spent shrinking.
    pub max_shrink_time: Duration,
    /// Told how far the check is, e.g. to draw a progress bar.
    pub progress: Option<Progress>,
    /// Told of every smaller confirmed failure while shrinking (for a
    /// progress line, and so an interrupted run can still print one).
    pub on_failure: Option<OnFailure>,
    /// Inputs to run before the generated ones, with where they come from.
    pub given: Vec<Entry>,
    /// Where the given inputs come from.
    pub given_origin: Origin,
    /// Whether to run the worst-case patterns at the contract's limits.
    pub limits: LimitsMode,
    /// Only this pattern in the limits phase.
    pub pattern: Option<String>,
    /// Where the laws run on the candidate's own answers.
    pub properties: PropertiesMode,
    /// Instead of generated cases, every case of up to this many cells.
    pub exhaustive: Option<usize>,
    /// Given inputs left out before the check, and why (e.g. error vectors).
    pub given_skipped: Vec<String>,
    /// `Some(Shard { index, count })`: only the generated (or enumerated)
    /// cases whose position `k` has `k % count == index` (`--shard I/N`,
    /// I = index + 1); the shards of one seed together run every case once.
    pub shard: Option<Shard>,
}

/// One part of a check split across machines (`--shard I/N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 0-based: shard `I/N` has index I - 1.
    pub index: u64,
    /// N, at least 1.
    pub count: u64,
}

impl Shard {
    /// The whole run: one shard of one.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Whether case number `k` (0-based, in generation order) is this shard's.
    pub fn takes(self, k: u64) -> bool {
        k % self.count == self.index
    }
}

impl std::str::FromStr for Shard {
    type Err = String;
    /// `I/N` with 1 <= I <= N.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("--shard {s:?}: expected I/N with 1 <= I <= N, e.g. 2/4");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (i, n): (u64, u64) = (
            i.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if i == 0 || n == 0 || i > n {
            return Err(bad());
        }
        Ok(Shard {
            index: i - 1,
            count: n,
        })
    }
}

impl CheckConfig {
    /// The declared domain: `size` and `shape`.
    pub fn domain(&self) -> Domain {
        Domain {
            size: self.size,
            shape: self.shape,
            rules: self.rules,
        }
    }
}

impl Default for CheckConfig {
    fn default() -> Self {
        CheckConfig {
            cases: 1000,
            seed: 0,
            size: None,
            shape: None,
            rules: None,
            max_failures: 1,
            jobs: std::thread::available_parallelism().map_or(2, |n| n.get()),
            max_shrink_runs: 2000,
            max_tle_shrink_runs: 8,
            max_shrink_time: Duration::from_secs(60),
            progress: None,
            on_failure: None,
            given: Vec::new(),
            given_origin: Origin::Replayed,
            given_skipped: Vec::new(),
            limits: LimitsMode::On,
            pattern: None,
            properties: PropertiesMode::Beyond,
            exhaustive: None,
            shard: None,
        }
    }
}

/// A candidate's outcome on one case, judged against the oracle.
#[derive(Clone, Debug)]
pub struct Judged {
    /// The verdict.
    pub verdict: Verdict,
    /// The oracle's answer as text.
    pub expected: String,
    /// What the candidate wrote for this case.
    pub got: String,
    /// Exit status, parse error, limit, etc.
    pub detail: String,
    /// Which solver gave `expected`.
    pub reference: Reference,
    /// For a time-out: how a second lone run confirmed it.
    pub confirmed: Option<String>,
}

/// Judges `outcome` against the reference answer to `case`.
pub fn judge<P: Generate>(case: &P::Case, outcome: Outcome<P::Answer>) -> Judged {
    let (want, reference) = reference::<P>(case);
    let expected = answer_text::<P>(&want);
    let (verdict, got, detail) = match outcome {
        Outcome::Answered { answer, output, .. } if answer == want => {
            (Verdict::Ok, output, String::new())
        }
        Outcome::Answered { output, note, .. } => (Verdict::WrongAnswer, output, note),
        Outcome::Unreadable { output, error } => (Verdict::Presentation, output, error),
        Outcome::Crashed { output, detail } => (Verdict::RuntimeError, output, detail),
        Outcome::TimedOut { output, detail } => (Verdict::TimeLimit, output, detail),
        Outcome::OutOfMemory { output, detail } => (Verdict::MemoryLimit, output, detail),
        Outcome::OutputLimit { output, detail } => (Verdict::OutputLimit, output, detail),
    };
    // What a run wrote before a limit stopped it is quoted, not compared:
    // its first bytes are kept, so a flood is held once, not per step.
    let got = if matches!(
        verdict,
        Verdict::OutputLimit | Verdict::TimeLimit | Verdict::MemoryLimit | Verdict::RuntimeError
    ) {
        first_bytes(got, QUOTED_BYTES)
    } else {
        got
    };
    Judged {
        verdict,
        expected,
        got,
        detail,
        reference,
        confirmed: None,
    }
}

/// How much of what a run wrote before a limit (or a crash) stopped it a
/// judgement keeps, to quote.
pub const QUOTED_BYTES: usize = 64 << 10;

/// The first `most` bytes of `text` (cut at a character), with a line
/// saying how many more there were.
pub(crate) fn first_bytes(text: String, most: usize) -> String {
    if text.len() <= most {
        return text;
    }
    let mut cut = most;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let more = text.len() - cut;
    // A new string: truncating would keep the whole allocation.
    format!("{}\n[... {more} more bytes, not kept]\n", &text[..cut])
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

/// Runs each of `batches` once, `jobs` runs at a time; the runs in order.
pub(super) fn run_batches<P: Generate>(
    candidate: &dyn Candidate<P>,
    batches: &[&[P::Case]],
    jobs: usize,
) -> Vec<Ran<P::Answer>> {
    run_batches_timed(candidate, batches, jobs)
        .into_iter()
        .map(|(ran, _)| ran)
        .collect()
}

/// A run and how long it took.
type TimedRun<A> = (Ran<A>, Duration);

/// [`run_batches`], with the wall time of each run.
pub(super) fn run_batches_timed<P: Generate>(
    candidate: &dyn Candidate<P>,
    batches: &[&[P::Case]],
    jobs: usize,
) -> Vec<TimedRun<P::Answer>> {
    let results: Vec<Mutex<Option<TimedRun<P::Answer>>>> =
        batches.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let threads = jobs.clamp(1, batches.len().max(1));
        for job in 0..threads {
            let (next, results) = (&next, &results);
            scope.spawn(move || {
                // A candidate run as a process gets its next sandbox built
                // while the current run's program starts up, on a CPU of
                // this job's own.
                #[cfg(all(unix, feature = "process"))]
                let ahead = process::StartAhead::new();
                #[cfg(all(unix, feature = "process"))]
                ahead.pin(job, threads);
                // Without processes there is nothing to start ahead or pin.
                #[cfg(not(all(unix, feature = "process")))]
                let _ = job;
                loop {
                    let b = next.fetch_add(1, Ordering::Relaxed);
                    let Some(batch) = batches.get(b) else { break };
                    #[cfg(all(unix, feature = "process"))]
                    ahead.more(b + jobs < batches.len());
                    let start = Instant::now();
                    let ran = candidate.run(batch);
                    *results[b].lock().unwrap() = Some((ran, start.elapsed()));
                }
            });
        }
    });
    results
        .into_iter()
        .map(|m| m.into_inner().unwrap().expect("every batch ran"))
        .collect()
}

/// Each case alone, `jobs` runs at a time: the judgements in order.
pub(super) fn run_alone<P: Generate>(
    candidate: &dyn Candidate<P>,
    cases: &[P::Case],
    jobs: usize,
) -> Vec<Judged> {
    let batches: Vec<&[P::Case]> = cases.chunks(1).collect();
    run_batches(candidate, &batches, jobs)
        .into_iter()
        .zip(cases)
        .map(|(ran, case)| judge::<P>(case, ran.outcomes.into_iter().next().expect("one")))
        .collect()
}

/// One batch run, judged case by case.
pub(super) fn judge_run<P: Generate>(cases: &[P::Case], ran: Ran<P::Answer>) -> Vec<Judged> {
    ran.outcomes
        .into_iter()
        .zip(cases)
        .map(|(o, c)| judge::<P>(c, o))
        .collect()
}

pub(super) fn failure<P: Generate>(
    candidate: &dyn Candidate<P>,
    case: &P::Case,
    judged: Judged,
    (steps, runs, shrink): (u64, usize, Shrink),
    origin: Origin,
) -> Failure {
    Failure {
        verdict: judged.verdict,
        input: candidate.input_text(std::slice::from_ref(case)),
        expected: judged.expected,
        got: judged.got,
        shrink_steps: steps,
        shrink_runs: runs as u64,
        shrink,
        detail: judged.detail,
        reference: judged.reference,
        size: P::size_of(case),
        origin,
        at_limits: None,
        found_by: None,
        found_at: None,
        confirmed: judged.confirmed,
    }
}

/// Whether a check runs the limits phase: the problem's worst-case
/// patterns at sizes growing to the contract's maximum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitsMode {
    /// Small cases only.
    Off,
    /// Small cases, then the limits (the default).
    On,
    /// The limits only.
    Only,
}

impl std::str::FromStr for LimitsMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "off" => Ok(LimitsMode::Off),
            "on" => Ok(LimitsMode::On),
            "only" => Ok(LimitsMode::Only),
            _ => Err(format!(
                "unknown limits mode {s:?} (expected on, off or only)"
            )),
        }
    }
}

/// Where a check runs the properties on the candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PropertiesMode {
    /// Never.
    Off,
    /// On the limits cases the oracle cannot answer (the default).
    Beyond,
    /// On every generated case and every limits case.
    All,
}

impl std::str::FromStr for PropertiesMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "off" => Ok(PropertiesMode::Off),
            "beyond" => Ok(PropertiesMode::Beyond),
            "all" => Ok(PropertiesMode::All),
            _ => Err(format!(
                "unknown properties mode {s:?} (expected beyond, all or off)"
            )),
        }
    }
}

#[cfg(test)]
mod quoted_tests {
    use super::*;

    #[test]
    fn a_flood_is_kept_as_its_first_bytes_and_a_count() {
        let flood = "é".repeat(QUOTED_BYTES);
        let kept = first_bytes(flood.clone(), QUOTED_BYTES);
        assert!(kept.len() < QUOTED_BYTES + 64, "{}", kept.len());
        assert!(kept.ends_with(&format!("[... {} more bytes, not kept]\n", QUOTED_BYTES)));
        assert_eq!(first_bytes("short".into(), QUOTED_BYTES), "short");
    }
}
