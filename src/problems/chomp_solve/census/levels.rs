//! The large subproblems, one bit plane per value: the same split by the
//! first entry as in [`super::dense`], done on ranges of bits, until a
//! subproblem is small enough for the masks.

use super::dense::Dense;
use super::planes::{Planes, clear_bits, copy_forward, or_bits};
use super::ranking::{Sizes, cap_pieces};

/// What runs around every small subproblem, in order of rank (the small
/// subproblems tile the slab): `before` adds to `ef[at..at + n]` the values
/// ruled out from outside the slab, `after` reads the result there.
pub trait Around {
    fn before(&mut self, ef: &mut Planes, at: u64, n: u64);
    fn after(&mut self, ef: &Planes, at: u64, n: u64);
}

/// Subproblems of up to this many upper parts are solved with masks.
pub const DENSE_MAX: u64 = 1 << 15;

/// One thread's buffers: `bufs[j]` for the level-j loop, and the masks.
pub struct Work {
    pub bufs: Vec<Planes>,
    pub dense: Dense,
    /// Subproblems of up to this many upper parts go to the masks.
    pub dense_max: u64,
}

impl Work {
    /// Buffers that hand subproblems of up to `dense_max` upper parts to
    /// the masks (tests make it small to exercise the planes).
    pub fn new(dense_max: u64) -> Work {
        Work {
            bufs: Vec::new(),
            dense: Dense::default(),
            dense_max,
        }
    }

    /// Solves `X_j(b)` whose ruled-out values are the planes of `ef` at
    /// `at..at + g(b, j)`, writing the one-hot result in their place.
    /// `around` runs around each small subproblem.
    pub fn solve(
        &mut self,
        sizes: &Sizes,
        ef: &mut Planes,
        at: u64,
        j: usize,
        b: usize,
        around: &mut dyn Around,
    ) {
        if self.bufs.len() <= j {
            self.bufs.resize_with(j + 1, Planes::default);
        }
        let mut step = Step {
            sizes,
            dense: &mut self.dense,
            dense_max: self.dense_max,
            around,
        };
        level(&mut step, &mut self.bufs, ef, at, j, b);
    }

    /// Bytes the level buffers hold.
    pub fn bytes(&self) -> usize {
        self.bufs.iter().map(Planes::bytes).sum()
    }
}

/// What every level passes down unchanged.
struct Step<'a> {
    sizes: &'a Sizes,
    dense: &'a mut Dense,
    dense_max: u64,
    around: &'a mut dyn Around,
}

fn level(step: &mut Step, bufs: &mut [Planes], ef: &mut Planes, at: u64, j: usize, b: usize) {
    let sizes = step.sizes;
    let n = sizes.g(b, j);
    if j <= 1 || n <= step.dense_max {
        step.around.before(ef, at, n);
        step.dense.solve_planes(sizes, ef, at, j, b);
        step.around.after(ef, at, n);
        return;
    }
    let (lower, upper) = bufs.split_at_mut(j);
    let t = &mut upper[0];
    let planes = ef.count();
    t.reshape(planes, sizes.g(b, j - 1));
    for u in 0..=b {
        let block = at + sizes.below(u, j);
        let len = sizes.g(u, j - 1);
        // T_u from B_{u-1} (held in t): append the cap map's tails.
        for p in 0..planes {
            if u == 0 {
                clear_bits(t.plane_mut(p), 0, 1);
            } else {
                for piece in cap_pieces(sizes, u, j - 1).skip(1) {
                    copy_forward(t.plane_mut(p), piece.dst, piece.src, piece.len);
                }
            }
            or_bits(ef.plane_mut(p), block, t.plane(p), 0, len);
        }
        level(step, lower, ef, block, j - 1, u);
        // B_u = T_u ∪ f.
        for p in 0..planes {
            or_bits(t.plane_mut(p), 0, ef.plane(p), block, len);
        }
    }
}
