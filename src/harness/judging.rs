//! Judging a candidate's outcome against the reference, and what else one
//! check is made of: its configuration, seeded cases, and batches of cases
//! run in parallel.
//! [`super::check`] puts these together; [`super::shrink`] and the limits
//! phase use them too.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use proptest::strategy::{Strategy, ValueTree};

use super::candidate::{Candidate, Outcome, Ran};
#[cfg(all(unix, feature = "process"))]
use super::process;
use super::report::{Failure, Shrink};
use super::verdict::{Origin, Verdict};
use crate::generation::{Domain, Extras, Generate, Reference, reference};
pub use crate::generation::{seeded_rng, seeded_runner};
use crate::problem::answer_text;

/// An input given to a check besides the generated ones: a saved failure
/// (`--replay`) or a test vector (`--vectors`), as its file holds it.
pub use super::casefile::Entry;
pub use super::config::{CheckConfig, LimitsMode, OnFailure, Progress, PropertiesMode};
pub use super::excerpt::{QUOTED_BYTES, first_bytes};
/// One part of a check split across machines (`--shard I/N`); it lives with
/// the generation, below the harness, as problems' subcommands take it too.
pub use crate::generation::Shard;

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
    /// A time-out of a run the machine starved
    /// ([`Outcome::TimedOut`]'s `starved`): run again, never a verdict.
    pub starved: bool,
}

/// Judges `outcome` against the reference answer to `case`.
pub fn judge<P: Generate>(case: &P::Case, outcome: Outcome<P::Answer>) -> Judged {
    let (want, reference) = reference::<P>(case);
    let expected = answer_text::<P>(&want);
    let starved = matches!(outcome, Outcome::TimedOut { starved: true, .. });
    let (verdict, got, detail) = match outcome {
        Outcome::Answered { answer, output, .. } if answer == want => {
            (Verdict::Ok, output, String::new())
        }
        Outcome::Answered { output, note, .. } => (Verdict::WrongAnswer, output, note),
        Outcome::Unreadable { output, error } => (Verdict::Presentation, output, error),
        Outcome::Crashed { output, detail } => (Verdict::RuntimeError, output, detail),
        Outcome::TimedOut { output, detail, .. } => (Verdict::TimeLimit, output, detail),
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
        starved,
    }
}

/// The smallest input of `domain`: its random cases' strategy simplified
/// as far as it goes (what a set-up failure is tried on).
pub fn smallest_case<P: Generate>(domain: &Domain, extras: &Extras<P>) -> P::Case {
    let mut tree = domain
        .cases(extras)
        .new_tree(&mut seeded_runner(0))
        .expect("strategies here never reject");
    // Bounded, though every strategy here stops simplifying on its own.
    for _ in 0..100_000 {
        if !tree.simplify() {
            break;
        }
    }
    tree.current()
}

/// An input of `domain` other than `case`, to tell a failure of the
/// candidate's set-up from a bug: the smallest input, or if that is
/// `case`, the first random case of the first seed whose first case is not.
pub fn another_case<P: Generate>(
    domain: &Domain,
    extras: &Extras<P>,
    case: &P::Case,
) -> Option<P::Case> {
    let smallest = smallest_case(domain, extras);
    if smallest != *case {
        return Some(smallest);
    }
    let cases = domain.cases(extras);
    (1..=16).find_map(|seed| {
        let other = cases
            .new_tree(&mut seeded_runner(seed))
            .expect("strategies here never reject")
            .current();
        (other != *case).then_some(other)
    })
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
    // A function in process, one run at a time: called here, as a thread
    // started for it would cost more than most runs.
    if jobs <= 1 && candidate.screens() {
        return batches
            .iter()
            .map(|batch| {
                let start = Instant::now();
                let ran = candidate.run(batch);
                (ran, start.elapsed())
            })
            .collect();
    }
    let results: Vec<Mutex<Option<TimedRun<P::Answer>>>> =
        batches.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    #[cfg(all(unix, feature = "process"))]
    let own_time = process::own_time_on();
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
                #[cfg(all(unix, feature = "process"))]
                process::set_own_time(own_time);
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

/// How many times a lone re-run that the machine starved is tried again.
pub(super) const STARVED_RETRIES: u32 = 3;

/// The second lone run of `case`, which a time-out must pass through
/// before it is a verdict: limited on the run's own time (its wall time
/// less the time it waited for a CPU), so that a run that only waited for
/// a busy machine is not stopped by the wait, while one that sleeps or
/// spins reaches the limit all the same. A run killed at the wall cap with
/// its own time still under the limit (starved) is tried again after a
/// pause (0.5 s, 1 s, 2 s), at most [`STARVED_RETRIES`] times. Its
/// judgement, its wall time, and how many starved runs came before it.
pub(super) fn run_again<P: Generate>(
    candidate: &dyn Candidate<P>,
    case: &P::Case,
) -> (Judged, Duration, u32) {
    let mut starved = 0;
    loop {
        let started = Instant::now();
        #[cfg(all(unix, feature = "process"))]
        let judged =
            process::in_own_time(|| run_alone(candidate, std::slice::from_ref(case), 1).remove(0));
        #[cfg(not(all(unix, feature = "process")))]
        let judged = run_alone(candidate, std::slice::from_ref(case), 1).remove(0);
        let took = started.elapsed();
        if starved < STARVED_RETRIES && was_starved(&judged) {
            std::thread::sleep(Duration::from_millis(500 << starved));
            starved += 1;
            continue;
        }
        return (judged, took, starved);
    }
}

/// Whether `judged` is a time-out of a run the machine starved.
pub(super) fn was_starved(judged: &Judged) -> bool {
    judged.verdict.depends_on_time() && judged.starved
}

/// How a time-out was confirmed by [`run_again`] (`starved`: the starved
/// runs before it), for the report.
pub(super) fn confirmed_by(again: &Judged, starved: u32, lead: &str) -> String {
    if was_starved(again) {
        return format!(
            "not confirmed: the machine starved {} lone re-runs (each killed at the wall cap \
             with its own time, the wall time less its wait for a CPU, under the limit); the \
             detail is the last one's",
            starved + 1
        );
    }
    let retried = match starved {
        0 => String::new(),
        n => format!(
            ", after {} starved by the machine and tried again",
            crate::text::plural(n as usize, "re-run")
        ),
    };
    format!(
        "{lead} timed out too, limited on its own time (its wall time less the time it waited \
         for a CPU){retried}; the detail is that run's"
    )
}

/// One batch run, judged case by case.
pub(super) fn judge_run<P: Generate>(cases: &[P::Case], ran: Ran<P::Answer>) -> Vec<Judged> {
    ran.outcomes
        .into_iter()
        .zip(cases)
        .map(|(o, c)| judge::<P>(c, o))
        .collect()
}

/// `case`'s size as the problem's enumeration orders it, if it has one.
pub(super) fn size_key<P: Generate>(case: &P::Case) -> Option<[u64; 2]> {
    let (cells, moves) = P::extras().enumerate?.size(case);
    Some([cells as u64, moves as u64])
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
        size_key: size_key::<P>(case),
        origin,
        at_limits: None,
        found_by: None,
        found_at: None,
        replayed: None,
        confirmed: judged.confirmed,
    }
}
