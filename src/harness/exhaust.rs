//! Engine against oracle on every small case.

use crate::generation::{Generate, Shard};
use crate::problem::{answer_text, case_text};

/// What an exhaustive run found.
#[derive(Clone, Debug, PartialEq)]
pub struct Exhausted {
    /// Cases compared.
    pub checked: u64,
    /// The first case where engine and oracle disagree.
    pub mismatch: Option<Mismatch>,
}

/// A case where engine and oracle disagree.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    /// Its position in the whole enumeration, from 1 (with a shard, counting
    /// every shard's cases: the shards' first mismatches compare by it).
    pub case: u64,
    /// The case's input text.
    pub input: String,
    /// The oracle's answer.
    pub oracle: String,
    /// The engine's answer.
    pub engine: String,
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
    shard: Option<Shard>,
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
            let checked = checked + i as u64 + 1;
            return Ok(Exhausted {
                checked,
                mismatch: Some(Mismatch {
                    case: in_whole(checked, shard),
                    input: case_text::<P>(case),
                    oracle: answer_text::<P>(&P::oracle(case)),
                    engine: answer_text::<P>(&P::engine(case)),
                }),
            });
        }
        checked += chunk.len() as u64;
    }
}

/// The position in the whole enumeration (from 1) of the `nth` case (from
/// 1) of `shard`, which holds the cases k with k % N == I - 1 (from 0).
fn in_whole(nth: u64, shard: Option<Shard>) -> u64 {
    let shard = shard.unwrap_or(Shard::WHOLE);
    (nth - 1) * shard.count + shard.index + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shards_cases_are_placed_in_the_whole_enumeration() {
        // The whole's cases 1..=12, dealt out to 3 shards, come back in place.
        let mut placed: Vec<u64> = (0..3)
            .flat_map(|index| {
                (1..=4).map(move |nth| in_whole(nth, Some(Shard { index, count: 3 })))
            })
            .collect();
        assert_eq!(in_whole(2, Some(Shard { index: 1, count: 3 })), 5);
        placed.sort_unstable();
        assert_eq!(placed, (1..=12).collect::<Vec<_>>());
        assert_eq!(in_whole(7, None), 7);
    }
}
