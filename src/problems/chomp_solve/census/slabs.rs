//! The top level: the upper parts `U = (r1, ..., rk)` split by `r1` into
//! slabs, slab `v` being `X_{k-1}(v)`. In slab `v` only the values `lo =
//! max(v, 1)..=W` can lose, so its planes hold `W + 1 - lo` values; what
//! the row-1 moves rule out, `T_v(a) = {L(x, a ∧ x) : x < v}`, and whether
//! one of them is a losing (x, 0) move (`L(x, a ∧ x) = x`: every r0 wins),
//! come from `B_{v-1}`, which keeps only the values above `v - 1` and that
//! "dead" flag.
//!
//! With `jobs` threads, thread `t` solves the slabs `v ≡ t (mod jobs)`,
//! each following its predecessor rank by rank through a [`Stream`].

use std::sync::Arc;

use super::levels::{Around, DENSE_MAX, Work};
use super::planes::{Planes, count_bits};
use super::ranking::{Sizes, cap_pieces};
use super::stream::{FailGuard, Failed, Memory, Slots, Stream, plain_bits};

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
/// parts whose L to report; `jobs` threads.
pub fn run(w: usize, k: usize, counted: (u64, u64), queries: &[Vec<usize>], jobs: usize) -> Found {
    let d = std::env::var("CENSUS_DENSE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DENSE_MAX);
    run_with(w, k, counted, queries, d, jobs)
}

/// What slab `v` needs around each small subproblem: `E_v` from `B_{v-1}`
/// before, `B_v` after.
struct Slab<'a> {
    sizes: &'a Sizes,
    top: usize,
    v: usize,
    planes: usize,
    prev: Option<&'a Stream>,
    next: Option<&'a Stream>,
    failed: &'a Failed,
}

impl Slab<'_> {
    /// The cap map's pieces on `at..at + n`: (dst, src, len) of each part.
    fn pieces(&self, at: u64, n: u64) -> Vec<(u64, u64, u64)> {
        cap_pieces(self.sizes, self.v, self.top)
            .filter_map(|p| {
                let from = at.max(p.dst);
                let to = (at + n).min(p.dst + p.len);
                (from < to).then(|| (from, p.src + (from - p.dst), to - from))
            })
            .collect()
    }
}

impl Around for Slab<'_> {
    fn before(&mut self, ef: &mut Planes, at: u64, n: u64) {
        let Some(prev) = self.prev else { return };
        let pieces = self.pieces(at, n);
        let need = pieces.iter().map(|&(_, s, l)| s + l).max().unwrap_or(0);
        prev.wait_for(need, self.failed);
        // E_v: T_v's values, every value if dead (the plane past the last).
        for &(dst, src, len) in &pieces {
            for p in 0..self.planes {
                prev.or_to(&[p, self.planes], src, ef.plane_mut(p), dst, len);
            }
        }
    }

    fn after(&mut self, ef: &Planes, at: u64, n: u64) {
        let Some(next) = self.next else { return };
        let (v, lo) = (self.v, self.v.max(1));
        // Value v + 1 + q is plane q + shift of slab v (and of B_{v-1}).
        let shift = v + 1 - lo;
        let count = self.planes - shift;
        // B_v = T_v ∪ L above v, and the dead flag: T_v's, or L = v (the
        // (v, 0) move from (r0, U) with r1 > v loses).
        for q in 0..count {
            let f = ef.plane(q + shift);
            next.or_from(q, at, n, |done, _| plain_bits(f, at + done));
        }
        if v >= 1 {
            let f = ef.plane(0);
            next.or_from(count, at, n, |done, _| plain_bits(f, at + done));
        }
        if let Some(prev) = self.prev {
            for (dst, src, len) in self.pieces(at, n) {
                for q in 0..count {
                    next.or_from(q, dst, len, |done, _| prev.bits(q + shift, src + done));
                }
                next.or_from(count, dst, len, |done, _| {
                    prev.bits(self.planes, src + done)
                });
            }
        }
        next.publish(at + n);
    }
}

/// [`run`] handing subproblems of up to `dense_max` upper parts to the
/// masks.
pub fn run_with(
    w: usize,
    k: usize,
    counted: (u64, u64),
    queries: &[Vec<usize>],
    dense_max: u64,
    jobs: usize,
) -> Found {
    if k == 0 {
        // One upper part, the empty one: only r0 = 1 loses.
        return Found {
            losing: u64::from(counted.0 == 0 && counted.1 > 0),
            answers: vec![Some(1); queries.len()],
            peak_bytes: 0,
        };
    }
    let sizes = Sizes::new(w, k).expect("box within the census limits");
    // Slab v holds the global ranks from below(v, k) on: the slabs needed
    // are those up to the last one that starts in the counted range or is
    // queried.
    let last = (0..=w)
        .filter(|&v| sizes.below(v, k) < counted.1)
        .chain(queries.iter().map(|q| q[0]))
        .max();
    let Some(last) = last else {
        return Found {
            losing: 0,
            answers: vec![None; queries.len()],
            peak_bytes: 0,
        };
    };
    let jobs = jobs.clamp(1, last + 1);
    let memory = Arc::new(Memory::default());
    let slots = Slots::new(last + 1);
    let failed = Failed::new();
    let shared = Shared {
        sizes: &sizes,
        w,
        k,
        last,
        jobs,
        counted,
        queries,
        dense_max,
        memory: &memory,
        slots: &slots,
        failed: &failed,
    };
    let results: Vec<std::thread::Result<Part>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..jobs)
            .map(|t| {
                let shared = &shared;
                s.spawn(move || shared.worker(t))
            })
            .collect();
        handles.into_iter().map(|h| h.join()).collect()
    });
    let mut losing = 0;
    let mut answers = vec![None; queries.len()];
    for result in results {
        match result {
            Ok((l, found)) => {
                losing += l;
                for (i, a) in found {
                    answers[i] = a;
                }
            }
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
    Found {
        losing,
        answers,
        peak_bytes: memory.peak(),
    }
}

/// What one thread found: its losing count and answers (query index, L).
type Part = (u64, Vec<(usize, Option<u64>)>);

/// What every thread of a run shares.
struct Shared<'a> {
    sizes: &'a Sizes,
    w: usize,
    k: usize,
    last: usize,
    jobs: usize,
    counted: (u64, u64),
    queries: &'a [Vec<usize>],
    dense_max: u64,
    memory: &'a Arc<Memory>,
    slots: &'a Slots,
    failed: &'a Failed,
}

impl Shared<'_> {
    /// Thread `t`'s slabs: its losing count and answers (query index, L).
    fn worker(&self, t: usize) -> Part {
        let _guard = FailGuard(self.failed);
        let (sizes, w, top) = (self.sizes, self.w, self.k - 1);
        let mut work = Work::new(self.dense_max);
        let mut work_bytes = 0;
        let mut losing = 0;
        let mut answers = Vec::new();
        for v in (t..=self.last).step_by(self.jobs) {
            let prev = (v > 0).then(|| self.slots.take(v - 1, self.failed));
            let lo = v.max(1);
            let planes = w + 1 - lo;
            let size = sizes.g(v, top);
            let next = (v < self.last).then(|| {
                let count = planes - (v + 1 - lo) + 1;
                let stream = Arc::new(Stream::new(count, size, Arc::clone(self.memory)));
                self.slots.put(v, Arc::clone(&stream));
                stream
            });
            let mut ef = Planes::new(planes, size);
            self.memory.add(ef.bytes());
            let mut slab = Slab {
                sizes,
                top,
                v,
                planes,
                prev: prev.as_deref(),
                next: next.as_deref(),
                failed: self.failed,
            };
            work.solve(sizes, &mut ef, 0, top, v, &mut slab);
            if work.bytes() > work_bytes {
                self.memory.add(work.bytes() - work_bytes);
                work_bytes = work.bytes();
            }
            let start = sizes.below(v, self.k);
            let (from, to) = (self.counted.0.max(start), self.counted.1.min(start + size));
            if from < to {
                losing += (0..planes)
                    .map(|p| count_bits(ef.plane(p), from - start, to - from))
                    .sum::<u64>();
            }
            for (i, q) in self.queries.iter().enumerate() {
                if q[0] == v {
                    let r = sizes.rank(&q[1..]);
                    let l = (0..planes)
                        .find(|&p| super::planes::bit(ef.plane(p), r))
                        .map(|p| (lo + p) as u64);
                    answers.push((i, l));
                }
            }
            self.memory.sub(ef.bytes());
        }
        (losing, answers)
    }
}
