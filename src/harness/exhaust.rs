//! Engine against oracle on every small case.

use crate::generation::Generate;
use crate::problem::{answer_text, case_text};

/// What an exhaustive run found.
#[derive(Clone, Debug, PartialEq)]
pub struct Exhausted {
    /// Cases compared.
    pub checked: u64,
    /// The first case where engine and oracle disagree: input, oracle's answer, engine's.
    pub mismatch: Option<(String, String, String)>,
}

/// Compares engine and oracle on every case of the problem's enumeration
/// up to `max_cells` cells, `jobs` threads at a time, stopping at the first
/// disagreement. An error if the problem has no enumeration.
pub fn exhaust<P: Generate>(max_cells: usize, jobs: usize) -> Result<Exhausted, String> {
    exhaust_shard::<P>(max_cells, jobs, None)
}

/// [`exhaust`] on one shard of the enumeration (`--shard I/N`): the cases
/// at positions `k` with `k % N == I - 1`. The shards' counts add up to the
/// whole run's.
pub fn exhaust_shard<P: Generate>(
    max_cells: usize,
    jobs: usize,
    shard: Option<crate::harness::check::Shard>,
) -> Result<Exhausted, String> {
    let mut all = super::phases::cases::enumerated(&P::extras(), max_cells, shard, |_| true)
        .ok_or_else(|| format!("{} has no exhaustive enumeration", P::NAME))?;
    let mut checked = 0u64;
    let jobs = jobs.max(1);
    loop {
        let chunk: Vec<P::Case> = all.by_ref().take(4096 * jobs).collect();
        if chunk.is_empty() {
            return Ok(Exhausted {
                checked,
                mismatch: None,
            });
        }
        let part = chunk.len().div_ceil(jobs);
        let first_bad = std::thread::scope(|scope| {
            let handles: Vec<_> = chunk
                .chunks(part)
                .map(|cases| {
                    scope.spawn(move || cases.iter().position(|c| P::engine(c) != P::oracle(c)))
                })
                .collect();
            handles
                .into_iter()
                .enumerate()
                .find_map(|(k, h)| h.join().expect("no panic").map(|i| k * part + i))
        });
        if let Some(i) = first_bad {
            let case = &chunk[i];
            return Ok(Exhausted {
                checked: checked + i as u64 + 1,
                mismatch: Some((
                    case_text::<P>(case),
                    answer_text::<P>(&P::oracle(case)),
                    answer_text::<P>(&P::engine(case)),
                )),
            });
        }
        checked += chunk.len() as u64;
    }
}
