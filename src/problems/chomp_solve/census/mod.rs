//! The census of losing positions in a box (`boardcheck chomp-census`),
//! for boxes far past the byte-per-upper-part [`super::solver`].
//!
//! A position is its rows r0 ≥ r1 ≥ … ≥ rk ≥ 0 (k = H - 1); for a fixed
//! upper part U = (r1, …, rk) at most one r0 loses, L(U): the least
//! r0 ≥ max(r1, 1) that is not L of a child of U (U with the entries from
//! some row on capped below that row's entry), unless a move (x, 0),
//! 1 ≤ x < r1, leads to a loss, L(U ∧ x) = x, which makes every r0 win
//! ("dead"). See `solver` for why.
//!
//! Split the upper parts by their first entry. The children of (u, a) are
//! the (x, a ∧ x), x < u, which cap the first entry, and the (u, a') with
//! a' a child of a. So the upper parts with first entry u are the same
//! problem one row shorter, with the values `T_u(a) = {L(x, a ∧ x) : x <
//! u}` ruled out from outside; and since (a ∧ x) = (a ∧ (u - 1)) ∧ x,
//! `T_u(a) = T_{u-1}(a') ∪ {L(u - 1, a')}` with `a' = a ∧ (u - 1)`. In the
//! lexicographic ranking, `a ↦ a ∧ (u - 1)` is the identity on a prefix
//! followed by k copies of ever shorter tails ([`ranking::cap_pieces`]),
//! so `T_u` is an array built from the previous block's by copying ranges.
//! Recursing row by row, every level costs a few passes over its ranges:
//! about 3·k·C(W+k, k) elementary steps in all instead of one table read
//! per child (about C(W+k, k)·W·k/2 of them).
//!
//! The values an upper part with first entry v can take are `max(v, 1)..=W`
//! only, and nearly all upper parts have a large first entry, so the sets
//! are kept as one bit plane per value (19 × 19: one or two planes for 95%
//! of the 1.8·10^10 upper parts), and small subproblems as 64-bit masks.
//! Only the current slab (first entry v) and what the next needs from it
//! are held: a few GB for 19 × 19.

mod dense;
mod levels;
mod planes;
mod ranking;
mod slabs;
mod stream;

use std::time::Instant;

use super::format::{binomial, box_positions};
use super::solver::orient;

/// The largest box side whose values fit the 64-bit masks.
const MAX_SIDE: u64 = 62;

/// Boxes of up to this many upper parts (C(W + H - 1, H - 1), the box
/// turned so that H ≤ W): C(39, 19), the 20 × 20 box (about 15 GB).
pub const MAX_UPPER_PARTS: u64 = 68_923_264_410;

/// How a census runs.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Count only part I of N (0-based I) of the upper parts, by rank.
    pub shard: Option<(u64, u64)>,
    /// Also find the winning moves from the full box.
    pub winning_moves: bool,
    /// Threads (0 or 1: one); see [`slabs`].
    pub jobs: usize,
    /// Count with [`super::solver`]'s byte table instead (no shard, no
    /// winning moves).
    pub table: bool,
}

/// What a census found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// Nonempty losing positions (of the shard, if one was given).
    pub losing: u64,
    /// The moves (x, y) from the full box that leave a losing position,
    /// sorted by y then x, if asked for.
    pub winning_moves: Option<Vec<(u64, u64)>>,
    /// The most bytes the census's bit planes held at once.
    pub peak_bytes: usize,
}

/// Why the W × H box is refused, if it is.
pub fn refuse(width: u64, height: u64) -> Option<String> {
    if width == 0 || height == 0 {
        return Some(format!(
            "the box must be at least 1 x 1, got {width} x {height}"
        ));
    }
    let upper = upper_parts(width, height);
    if width.min(height) > MAX_SIDE || upper > MAX_UPPER_PARTS {
        return Some(format!(
            "the {width} x {height} box has {} upper parts (C(W+H-1, H-1), H the shorter side); \
             chomp-census takes up to {MAX_UPPER_PARTS} (the 20 x 20 box) and a shorter side \
             of at most {MAX_SIDE}",
            if upper == u64::MAX {
                "more than 2^64".to_string()
            } else {
                upper.to_string()
            }
        ));
    }
    None
}

/// C(W + H - 1, H - 1) for the box turned as the census turns it.
fn upper_parts(width: u64, height: u64) -> u64 {
    let (w, h, _) = orient(width, height);
    binomial(w + h - 1, h - 1)
}

/// The census of the W × H box.
pub fn census(width: u64, height: u64, options: &Options) -> Result<Census, String> {
    if let Some(why) = refuse(width, height) {
        return Err(why);
    }
    let (w, h, transposed) = orient(width, height);
    let (w, k) = (w as usize, (h - 1) as usize);
    let total = upper_parts(width, height);
    let counted = match options.shard {
        None => (0, total),
        Some((i, n)) => {
            let at = |i: u64| (u128::from(total) * u128::from(i) / u128::from(n)) as u64;
            (at(i), at(i + 1))
        }
    };
    // From the full box (W^H), the move (x, y) leaves r0 = x and U = x^k
    // when y = 0, else r0 = W and U = (W^(y-1), x^(k-y+1)).
    let moves: Vec<(usize, usize)> = if options.winning_moves {
        (0..=k)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&m| m != (0, 0))
            .collect()
    } else {
        Vec::new()
    };
    let queries: Vec<Vec<usize>> = moves
        .iter()
        .map(|&(x, y)| {
            (1..=k)
                .map(|row| if y == 0 || row >= y { x } else { w })
                .collect()
        })
        .collect();
    let found = slabs::run(w, k, counted, &queries, options.jobs);
    let winning_moves = options.winning_moves.then(|| {
        let mut wins: Vec<(u64, u64)> = moves
            .iter()
            .zip(&found.answers)
            .filter(|&(&(x, y), l)| *l == Some(if y == 0 { x } else { w } as u64))
            .map(|(&(x, y), _)| {
                if transposed {
                    (y as u64, x as u64)
                } else {
                    (x as u64, y as u64)
                }
            })
            .collect();
        wins.sort_by_key(|&(x, y)| (y, x));
        wins
    });
    Ok(Census {
        losing: found.losing,
        winning_moves,
        peak_bytes: found.peak_bytes,
    })
}

/// What `boardcheck chomp-census W H [--shard I/N] [--json]
/// [--winning-moves]` prints: the count on the first line, then the box
/// and the time; with `--json`, the counting commands' JSON that `boardcheck
/// merge` adds up.
pub fn census_cli(w: u64, h: u64, options: &Options, json: bool) -> Result<String, String> {
    let start = Instant::now();
    let found = if options.table {
        Census {
            losing: super::solver::census(w, h)?,
            winning_moves: None,
            peak_bytes: binomial(w + h - 1, w.min(h) - 1) as usize,
        }
    } else {
        census(w, h, options)?
    };
    let seconds = start.elapsed().as_secs_f64();
    let args = format!("{w} {h}");
    if json {
        let mut value = serde_json::json!({
            "command": "chomp-census",
            "args": args,
            "shard": options.shard.map(|(i, n)| format!("{}/{n}", i + 1)),
            "count": found.losing,
        });
        if let Some(moves) = &found.winning_moves {
            value["winning_moves"] = serde_json::json!(moves);
        }
        return Ok(format!("{value}\n"));
    }
    let mut out = format!(
        "{}\nlosing positions (player to move loses, empty board excluded) among the C({}, {h}) = {} positions of the {w} x {h} box",
        found.losing,
        w + h,
        box_positions(w, h)
    );
    if let Some((i, n)) = options.shard {
        out += &format!(
            " (shard {}/{n}: the upper parts of ranks {}/{n} to {}/{n} of the whole; \
             the shards' counts add up, `boardcheck merge` adds their --json results)",
            i + 1,
            i,
            i + 1
        );
    }
    let held = if options.table {
        "byte table"
    } else {
        "bit planes"
    };
    out += &format!(
        "; {seconds:.3} s, {} MB of {held}\n",
        found.peak_bytes >> 20
    );
    if let Some(moves) = &found.winning_moves {
        let list: Vec<String> = moves.iter().map(|(x, y)| format!("{x} {y}")).collect();
        out += &format!(
            "winning moves from the full {w} x {h} box (X Y, 0-based, X along the rows): {}\n",
            if list.is_empty() {
                "none".to_string()
            } else {
                list.join(", ")
            }
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::chomp_solve::solver;

    fn count(w: u64, h: u64) -> u64 {
        census(w, h, &Options::default()).unwrap().losing
    }

    #[test]
    fn agrees_with_the_byte_table_solver_on_small_boxes() {
        for w in 1..=9 {
            for h in 1..=9 {
                assert_eq!(Ok(count(w, h)), solver::census(w, h), "{w} x {h}");
            }
        }
        for (w, h) in [
            (13, 2),
            (2, 13),
            (20, 3),
            (3, 17),
            (30, 4),
            (11, 5),
            (12, 10),
        ] {
            assert_eq!(Ok(count(w, h)), solver::census(w, h), "{w} x {h}");
        }
        assert_eq!(count(2, 2), 2);
    }

    #[test]
    fn planes_and_masks_agree() {
        // With tiny subproblems for the masks, the plane levels do most of
        // the work.
        for (w, h) in [(4, 4), (6, 5), (5, 8), (8, 8), (9, 9), (20, 3), (11, 6)] {
            let (w2, h2, _) = orient(w, h);
            let k = (h2 - 1) as usize;
            let total = upper_parts(w, h);
            for dense_max in [1, 2, 7, 64] {
                for jobs in [1, 2, 3] {
                    let found = slabs::run_with(w2 as usize, k, (0, total), &[], dense_max, jobs);
                    assert_eq!(
                        Ok(found.losing),
                        solver::census(w, h),
                        "{w} x {h}, {dense_max}, {jobs} threads"
                    );
                }
            }
        }
    }

    #[test]
    fn shards_add_up() {
        for (w, h) in [(1, 1), (3, 1), (1, 4), (5, 5), (9, 7), (10, 10)] {
            let whole = count(w, h);
            for n in [2, 3, 8] {
                let parts: Vec<u64> = (0..n)
                    .map(|i| {
                        let options = Options {
                            shard: Some((i, n)),
                            jobs: 2,
                            ..Options::default()
                        };
                        census(w, h, &options).unwrap().losing
                    })
                    .collect();
                assert_eq!(
                    parts.iter().sum::<u64>(),
                    whole,
                    "{w} x {h} in {n}: {parts:?}"
                );
            }
        }
    }

    #[test]
    fn winning_moves_from_the_full_box_match_the_solver() {
        use crate::problems::chomp_solve::{Case, Value};
        for (w, h) in [
            (1, 1),
            (2, 1),
            (1, 3),
            (2, 2),
            (3, 5),
            (5, 3),
            (7, 7),
            (8, 4),
            (4, 9),
        ] {
            let options = Options {
                winning_moves: true,
                jobs: 1 + (w % 2) as usize,
                ..Options::default()
            };
            let moves = census(w, h, &options).unwrap().winning_moves.unwrap();
            let case = Case {
                rows: vec![w; h as usize],
            };
            let want = match solver::solve(&case) {
                Value::Lose => vec![],
                Value::Win(moves) => moves,
            };
            assert_eq!(moves, want, "{w} x {h}");
        }
    }

    #[test]
    fn refuses_what_it_cannot_do() {
        assert!(
            census(0, 3, &Options::default())
                .unwrap_err()
                .contains("at least 1 x 1")
        );
        assert!(
            census(21, 20, &Options::default())
                .unwrap_err()
                .contains("upper parts")
        );
        assert!(refuse(20, 20).is_none());
        assert!(refuse(63, 63).is_some());
        assert!(refuse(1, 1000).is_none());
    }
}
