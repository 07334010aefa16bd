//! The top level: the upper parts `U = (r1, ..., rk)` split by `r1` into
//! slabs, slab `v` being `X_{k-1}(v)`. In slab `v` only the values `lo =
//! max(v, 1)..=W` can lose, so its planes hold `W + 1 - lo` values; what
//! the row-1 moves rule out, `T_v(a) = {L(x, a ∧ x) : x < v}`, and whether
//! one of them is a losing (x, 0) move (`L(x, a ∧ x) = x`: every r0 wins),
//! come from `B_{v-1}`, which keeps only the values above `v - 1` and that
//! "dead" flag.

use super::geometry::{Sizes, cap_pieces};
use super::levels::{DENSE_MAX, Work};
use super::planes::{Planes, copy_bits, count_bits, or_bits};

/// What a run found.
pub struct Found {
    /// Losing upper parts (one losing position each) with a global rank in
    /// the counted range.
    pub losing: u64,
    /// L of every queried upper part (`None`: no r0 loses).
    pub answers: Vec<Option<u64>>,
    /// The most bytes the run's planes held at once.
    pub peak_bytes: usize,
}

/// The census of the upper parts of `k` rows with entries up to `w`,
/// counting those whose global rank lies in `counted`; `queries` are upper
/// parts whose L to report.
pub fn run(w: usize, k: usize, counted: (u64, u64), queries: &[Vec<usize>]) -> Found {
    let d = std::env::var("CENSUS_DENSE").ok().and_then(|s| s.parse().ok()).unwrap_or(DENSE_MAX);
    run_with(w, k, counted, queries, d)
}

/// [`run`] handing subproblems of up to `dense_max` upper parts to the
/// masks.
pub fn run_with(
    w: usize,
    k: usize,
    counted: (u64, u64),
    queries: &[Vec<usize>],
    dense_max: u64,
) -> Found {
    let mut answers = vec![None; queries.len()];
    if k == 0 {
        // One upper part, the empty one: only r0 = 1 loses.
        answers.iter_mut().for_each(|a| *a = Some(1));
        let losing = u64::from(counted.0 == 0 && counted.1 > 0);
        return Found {
            losing,
            answers,
            peak_bytes: 0,
        };
    }
    let sizes = Sizes::new(w, k).expect("box within the census limits");
    let top = k - 1;
    let mut work = Work::new(dense_max);
    let mut prev: Option<Planes> = None;
    let mut losing = 0;
    let mut peak_bytes = 0;
    let mut start = 0u64;
    let last_query = queries.iter().map(|q| q[0]).max();
    for v in 0..=w {
        if start >= counted.1 && last_query.is_none_or(|q| q < v) {
            break;
        }
        let lo = v.max(1);
        let planes = w + 1 - lo;
        let size = sizes.g(v, top);
        let mut ef = Planes::new(planes, size);
        if let Some(b) = &prev {
            // E_v: T_v's values, every value if dead.
            for piece in cap_pieces(&sizes, v, top) {
                for p in 0..planes {
                    let dst = ef.plane_mut(p);
                    copy_bits(dst, piece.dst, b.plane(p), piece.src, piece.len);
                    or_bits(dst, piece.dst, b.plane(planes), piece.src, piece.len);
                }
            }
        }
        work.solve(&sizes, &mut ef, 0, top, v);
        let (from, to) = (counted.0.max(start), counted.1.min(start + size));
        if from < to {
            losing += (0..planes)
                .map(|p| count_bits(ef.plane(p), from - start, to - from))
                .sum::<u64>();
        }
        for (q, answer) in queries.iter().zip(answers.iter_mut()) {
            if q[0] == v {
                let r = sizes.rank(&q[1..]);
                *answer = (0..planes)
                    .find(|&p| super::planes::bit(ef.plane(p), r))
                    .map(|p| (lo + p) as u64);
            }
        }
        let held = ef.bytes() + prev.as_ref().map_or(0, Planes::bytes);
        if v < w {
            let next = next_b(&sizes, top, v, lo, prev.as_ref(), &ef);
            peak_bytes = peak_bytes.max(held + next.bytes());
            prev = Some(next);
        }
        peak_bytes = peak_bytes.max(held + work_bytes(&work));
        start += size;
    }
    Found {
        losing,
        answers,
        peak_bytes,
    }
}

fn work_bytes(work: &Work) -> usize {
    work.bufs.iter().map(Planes::bytes).sum()
}

/// `B_v` from `B_{v-1}` and slab v's one-hot planes `ef`: the values above
/// `v` of `T_v ∪ L`, and the dead flag of `T_v` or of `L = v`.
fn next_b(
    sizes: &Sizes,
    top: usize,
    v: usize,
    lo: usize,
    prev: Option<&Planes>,
    ef: &Planes,
) -> Planes {
    let size = ef.bits();
    let planes = ef.count();
    // Value v + 1 + q is plane q + shift of slab v (and of B_{v-1}).
    let shift = v + 1 - lo;
    let next = planes - shift;
    let mut b = Planes::new(next + 1, size);
    if let Some(prev) = prev {
        for piece in cap_pieces(sizes, v, top) {
            for q in 0..next {
                copy_bits(
                    b.plane_mut(q),
                    piece.dst,
                    prev.plane(q + shift),
                    piece.src,
                    piece.len,
                );
            }
            copy_bits(
                b.plane_mut(next),
                piece.dst,
                prev.plane(planes),
                piece.src,
                piece.len,
            );
        }
    }
    for q in 0..next {
        or_bits(b.plane_mut(q), 0, ef.plane(q + shift), 0, size);
    }
    if v >= 1 {
        // L = v: the (v, 0) move from (r0, U) with r1 > v loses.
        or_bits(b.plane_mut(next), 0, ef.plane(0), 0, size);
    }
    b
}
