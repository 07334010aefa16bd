//! `boardcheck count-legal-go ROWS COLS`: how many of the 3^(ROWS·COLS)
//! colourings of a ROWS×COLS board have a liberty for every group.
//!
//! Two independent counts: a transfer-matrix dynamic program over border
//! states ([`dp`], [`frontier`]; exact big integers, any board of sides up
//! to 25 whose shorter side is at most 16, in practice up to about 12×12)
//! and an enumeration through the engine's own position check
//! ([`enumerate`], up to 20 points), which tests hold the first to.

pub mod dp;
pub mod enumerate;
pub mod frontier;
pub mod wide;

use num_bigint::BigUint;

use super::limits::{COUNT_LEGAL_GO_MAX_POINTS, MAX_SIDE};

/// The widest shorter side the dynamic program takes.
pub const MAX_WIDTH: usize = dp::MAX_WIDTH;

/// The threads a count uses unless told: every core.
pub fn default_threads() -> usize {
    crate::limits::cores()
}

/// The number of legal colourings of a `rows`×`cols` board, by the
/// transfer-matrix count on every core.
pub fn count_legal(rows: usize, cols: usize) -> BigUint {
    count_legal_part(rows, cols, 0, 1)
}

/// Part `index` (0-based) of `count` of [`count_legal`]: the colourings
/// whose first [`dp::SHARD_DEPTH`] points (in the count's order) form a
/// prefix numbered `index` modulo `count`. The parts add up to the whole.
pub fn count_legal_part(rows: usize, cols: usize, index: u64, count: u64) -> BigUint {
    dp::count(dp::Job {
        rows,
        cols,
        shard: (index, count),
        threads: default_threads(),
    })
}

/// What `count-legal-go` is asked.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Part (0-based index, number of parts), if split.
    pub shard: Option<(u64, u64)>,
    /// Print JSON for `boardcheck merge`.
    pub json: bool,
    /// Count by enumeration instead (the independent check).
    pub enumerate: bool,
    /// Threads of the dynamic program (default: every core).
    pub threads: Option<usize>,
    /// Say on stderr what the count took (states, limbs, seconds).
    pub verbose: bool,
}

/// Why a board is refused, if it is.
fn refusal(r: &Request) -> Option<String> {
    let (rows, cols) = (r.rows, r.cols);
    let points = rows.saturating_mul(cols);
    if r.enumerate {
        if rows == 0 || cols == 0 || points > COUNT_LEGAL_GO_MAX_POINTS {
            return Some(format!(
                "count-legal-go --enumerate takes boards of 1 to {COUNT_LEGAL_GO_MAX_POINTS} \
                 points (3^points colourings); {rows} x {cols} has {points} points"
            ));
        }
        return None;
    }
    let sides_ok = (1..=MAX_SIDE).contains(&rows) && (1..=MAX_SIDE).contains(&cols);
    if !sides_ok || rows.min(cols) > MAX_WIDTH {
        return Some(format!(
            "count-legal-go takes sides of 1 to {MAX_SIDE} with the shorter at most {MAX_WIDTH} \
             (a border state of one point per row packs in 64 bits); got {rows} x {cols}"
        ));
    }
    if r.threads == Some(0) {
        return Some("count-legal-go --jobs: at least 1 thread".into());
    }
    None
}

/// The `count-legal-go ROWS COLS [--shard I/N] [--json] [--enumerate]
/// [--jobs N]` command: the count (of shard I of N, if given) as one line
/// or as JSON that `boardcheck merge` adds up, or why the board is refused.
pub fn run_cli(request: &Request) -> Result<String, String> {
    if let Some(why) = refusal(request) {
        return Err(why);
    }
    let Request { rows, cols, .. } = *request;
    let (index, of) = request.shard.unwrap_or((0, 1));
    let started = std::time::Instant::now();
    let count = if request.enumerate {
        BigUint::from(enumerate::count_legal_part(rows, cols, index, of))
    } else {
        let threads = request.threads.unwrap_or_else(default_threads);
        let counted = dp::count_with_stats(dp::Job {
            rows,
            cols,
            shard: (index, of),
            threads,
        });
        if request.verbose {
            eprintln!(
                "count-legal-go {rows} x {cols}: border states of {} points, at most {} held \
                 (colour swaps as one), {} x 64-bit counts, {threads} thread(s), {:.2} s",
                rows.min(cols),
                counted.peak_states,
                counted.limbs,
                started.elapsed().as_secs_f64()
            );
        }
        counted.count
    };
    // The method is part of `args`: the two deal prefixes to shards
    // differently, so `merge` must not mix their shards.
    let args = if request.enumerate {
        format!("{rows} {cols} --enumerate")
    } else {
        format!("{rows} {cols}")
    };
    Ok(crate::text::count_result(
        "count-legal-go",
        &args,
        request.shard,
        count,
        request.json,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(rows: usize, cols: usize) -> Request {
        Request {
            rows,
            cols,
            shard: None,
            json: false,
            enumerate: false,
            threads: Some(2),
            verbose: false,
        }
    }

    #[test]
    fn the_command_counts_and_refuses() {
        assert_eq!(run_cli(&request(2, 2)).unwrap(), "57\n");
        let by_enumeration = Request {
            enumerate: true,
            ..request(2, 2)
        };
        assert_eq!(run_cli(&by_enumeration).unwrap(), "57\n");
        for (rows, cols) in [(0, 3), (3, 0), (17, 17), (26, 1)] {
            assert!(run_cli(&request(rows, cols)).is_err(), "{rows}x{cols}");
        }
        assert!(
            run_cli(&Request {
                enumerate: true,
                ..request(5, 5)
            })
            .is_err()
        );
        assert!(
            run_cli(&Request {
                threads: Some(0),
                ..request(2, 2)
            })
            .is_err()
        );
    }
}
