//! The small subproblems, one mask per upper part: bit p of a mask stands
//! for the value `lo + p`. Masks are as wide as the values need (a byte for
//! up to 8 values, which is nearly every upper part of a square box).
//!
//! `solve(j, b)` takes `e[a]`, the values ruled out for `a` from outside
//! (all bits set: `a` has none), for every `a` in `X_j(b)`, and writes
//! `f[a]`, the one bit of the least value not ruled out by `e[a]` nor taken
//! by a child of `a` (`a` with entries from some row on capped below that
//! row's entry), or 0. The subproblem splits by the first entry `u`: the
//! block `u` is the subproblem `X_{j-1}(u)` with, ruled out besides, the
//! values of the children that cap the first entry,
//! `T_u(a) = {f(x, a ∧ x) : x < u}`. And `T_u(a) = B_{u-1}(a ∧ (u - 1))`
//! with `B_{u-1} = T_{u-1} ∪ f` on block `u - 1`: the cap map's pieces turn
//! `B_{u-1}` into `T_u` in place, by appending its tails.

use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

use super::planes::{Planes, get_bits, put_bits};
use super::ranking::{Sizes, cap_pieces};

/// An unsigned integer used as a set of values.
pub trait Mask:
    Copy
    + Default
    + Eq
    + BitOr<Output = Self>
    + BitAnd<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
    + Send
    + 'static
{
    /// Bits.
    const BITS: usize;
    /// `self + 1`, wrapping.
    fn inc(self) -> Self;
    /// The low bits of `x`.
    fn low(x: u64) -> Self;
    /// Adds plane `p`'s bits `planes[p][at..at + e.len()]` to `e`.
    fn load(e: &mut [Self], plane: &[u64], at: u64, p: usize) {
        for (chunk, e) in e.chunks_mut(64).enumerate() {
            let bits = get_bits(plane, at + 64 * chunk as u64, e.len() as u64);
            for (i, x) in e.iter_mut().enumerate() {
                *x |= Self::low((bits >> i & 1) << p);
            }
        }
    }
    /// Writes bit `p` of every mask of `f` to `plane[at..at + f.len()]`.
    fn store(f: &[Self], plane: &mut [u64], at: u64, p: usize);
}

macro_rules! mask {
    ($($t:ty),*) => {$(
        impl Mask for $t {
            const BITS: usize = <$t>::BITS as usize;
            #[inline]
            fn inc(self) -> Self {
                self.wrapping_add(1)
            }
            #[inline]
            fn low(x: u64) -> Self {
                x as $t
            }
            fn store(f: &[Self], plane: &mut [u64], at: u64, p: usize) {
                for (chunk, f) in f.chunks(64).enumerate() {
                    let bits = f
                        .iter()
                        .enumerate()
                        .fold(0u64, |w, (i, &x)| w | (u64::from(x >> p) & 1) << i);
                    put_bits(plane, at + 64 * chunk as u64, f.len() as u64, bits);
                }
            }
        }
    )*};
}
mask!(u16, u32, u64);

/// `SPREAD[b]`: byte i is bit i of `b`.
const SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            t[b] |= ((b as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    t
};

/// The low bits of the 8 bytes of `x`, as a byte (no two partial products
/// meet, so nothing carries into the top byte).
#[inline]
fn gather(x: u64) -> u64 {
    ((x & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// Bytes, eight at a time through a u64.
impl Mask for u8 {
    const BITS: usize = 8;
    #[inline]
    fn inc(self) -> Self {
        self.wrapping_add(1)
    }
    #[inline]
    fn low(x: u64) -> Self {
        x as u8
    }
    fn load(e: &mut [Self], plane: &[u64], at: u64, p: usize) {
        for (chunk, e) in e.chunks_mut(64).enumerate() {
            let bits = get_bits(plane, at + 64 * chunk as u64, e.len() as u64);
            let len = e.len();
            let mut groups = e.chunks_exact_mut(8);
            for (g, e) in groups.by_ref().enumerate() {
                let add = SPREAD[(bits >> (8 * g) & 0xff) as usize] << p;
                let e: &mut [u8; 8] = e.try_into().expect("8 bytes");
                *e = (u64::from_le_bytes(*e) | add).to_le_bytes();
            }
            let rest = groups.into_remainder();
            let base = len - rest.len();
            for (i, x) in rest.iter_mut().enumerate() {
                *x |= ((bits >> (base + i) & 1) << p) as u8;
            }
        }
    }
    fn store(f: &[Self], plane: &mut [u64], at: u64, p: usize) {
        for (chunk, f) in f.chunks(64).enumerate() {
            let mut bits = 0u64;
            let groups = f.chunks_exact(8);
            let rest = groups.remainder();
            for (g, f) in groups.enumerate() {
                let f: &[u8; 8] = f.try_into().expect("8 bytes");
                bits |= gather(u64::from_le_bytes(*f) >> p) << (8 * g);
            }
            let base = f.len() - rest.len();
            for (i, &x) in rest.iter().enumerate() {
                bits |= u64::from(x >> p & 1) << (base + i);
            }
            put_bits(plane, at + 64 * chunk as u64, f.len() as u64, bits);
        }
    }
}

/// Scratch for the small subproblems, masks as wide as the planes need;
/// one per thread.
#[derive(Default)]
pub struct Dense {
    bytes: Masks<u8>,
    halves: Masks<u16>,
    words: Masks<u32>,
    longs: Masks<u64>,
}

impl Dense {
    /// See [`Masks::solve_planes`].
    pub fn solve_planes(&mut self, sizes: &Sizes, ef: &mut Planes, at: u64, j: usize, b: usize) {
        match ef.count() {
            0..=8 => self.bytes.solve_planes(sizes, ef, at, j, b),
            9..=16 => self.halves.solve_planes(sizes, ef, at, j, b),
            17..=32 => self.words.solve_planes(sizes, ef, at, j, b),
            _ => self.longs.solve_planes(sizes, ef, at, j, b),
        }
    }
}

/// Scratch for the small subproblems with masks `M`.
#[derive(Default)]
pub struct Masks<M> {
    e: Vec<M>,
    f: Vec<M>,
    /// `t[j]`: `T_u`, then `B_u`, of the level-j loop.
    t: Vec<Vec<M>>,
}

impl<M: Mask> Masks<M> {
    /// Solves `X_j(b)` whose ruled-out values are the planes of `ef` at
    /// `at..at + g(b, j)`, and writes the one-hot result there in their
    /// place (`ef` has at most `M::BITS` planes).
    pub fn solve_planes(&mut self, sizes: &Sizes, ef: &mut Planes, at: u64, j: usize, b: usize) {
        let n = sizes.g(b, j) as usize;
        let planes = ef.count();
        debug_assert!(planes <= M::BITS);
        let range = if planes >= 64 {
            M::low(u64::MAX)
        } else {
            M::low((1u64 << planes) - 1)
        };
        self.e.clear();
        self.e.resize(n, M::default());
        if self.f.len() < n {
            self.f.resize(n, M::default());
        }
        for p in 0..planes {
            M::load(&mut self.e, ef.plane(p), at, p);
        }
        if self.t.len() <= j {
            self.t.resize_with(j + 1, Vec::new);
        }
        solve(
            sizes,
            &mut self.t,
            j,
            b,
            range,
            &mut self.e,
            &mut self.f[..n],
        );
        for p in 0..planes {
            M::store(&self.f[..n], ef.plane_mut(p), at, p);
        }
    }
}

/// The least value not in `m`, as its bit (may lie past the range).
#[inline]
fn least_free<M: Mask>(m: M) -> M {
    !m & m.inc()
}

/// Solves `X_j(b)`: `e` in, `f` out (see the module docs).
pub fn solve<M: Mask>(
    sizes: &Sizes,
    t: &mut [Vec<M>],
    j: usize,
    b: usize,
    range: M,
    e: &mut [M],
    f: &mut [M],
) {
    match j {
        0 => f[0] = least_free(e[0]) & range,
        1 => {
            // T_u is the values of the entries before u: a greedy pass.
            let mut taken = M::default();
            for (&x, y) in e[..=b].iter().zip(f[..=b].iter_mut()) {
                let bit = least_free(x | taken);
                *y = bit & range;
                taken |= bit;
            }
        }
        2 => solve2(&mut t[2], b, range, e, f),
        _ => {
            let (lower, upper) = t.split_at_mut(j);
            let tb = &mut upper[0];
            let need = sizes.g(b, j - 1) as usize;
            if tb.len() < need {
                tb.resize(need, M::default());
            }
            for u in 0..=b {
                let at = sizes.below(u, j) as usize;
                let len = sizes.g(u, j - 1) as usize;
                if u == 0 {
                    tb[0] = M::default();
                } else {
                    for p in cap_pieces(sizes, u, j - 1).skip(1) {
                        let (src, dst, n) = (p.src as usize, p.dst as usize, p.len as usize);
                        // Short pieces: a loop beats a call.
                        let (before, after) = tb.split_at_mut(dst);
                        for (y, &x) in after[..n].iter_mut().zip(&before[src..src + n]) {
                            *y = x;
                        }
                    }
                }
                for (x, &y) in e[at..at + len].iter_mut().zip(&tb[..len]) {
                    *x |= y;
                }
                solve(
                    sizes,
                    lower,
                    j - 1,
                    u,
                    range,
                    &mut e[at..at + len],
                    &mut f[at..at + len],
                );
                for (x, &y) in tb[..len].iter_mut().zip(&f[at..at + len]) {
                    *x |= y;
                }
            }
        }
    }
}

/// `X_2(b)`, with its level-1 blocks (greedy passes) inline: block u is
/// `X_1(u)` at `u (u + 1) / 2`, and `T_u` is `B_{u-1}` with its last entry
/// repeated.
fn solve2<M: Mask>(tb: &mut Vec<M>, b: usize, range: M, e: &[M], f: &mut [M]) {
    if tb.len() <= b {
        tb.resize(b + 1, M::default());
    }
    let mut at = 0;
    for u in 0..=b {
        tb[u] = if u == 0 { M::default() } else { tb[u - 1] };
        let mut taken = M::default();
        for ((&x, y), t) in e[at..=at + u]
            .iter()
            .zip(f[at..=at + u].iter_mut())
            .zip(tb[..=u].iter_mut())
        {
            let bit = least_free(x | *t | taken);
            *y = bit & range;
            taken |= bit;
            *t |= *y;
        }
        at += u + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_and_words_convert_alike() {
        let mut planes = Planes::new(3, 200);
        let mut state = 12345u64;
        for p in 0..3 {
            for w in planes.plane_mut(p).iter_mut() {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *w = state;
            }
        }
        for at in [0u64, 5, 64, 77] {
            let n = 120;
            let mut bytes = vec![0u8; n];
            let mut words = vec![0u64; n];
            for p in 0..3 {
                u8::load(&mut bytes, planes.plane(p), at, p);
                u64::load(&mut words, planes.plane(p), at, p);
            }
            assert!(bytes.iter().zip(&words).all(|(&a, &b)| u64::from(a) == b));
            let mut out8 = Planes::new(3, 300);
            let mut out64 = Planes::new(3, 300);
            for p in 0..3 {
                u8::store(&bytes, out8.plane_mut(p), at + 3, p);
                u64::store(&words, out64.plane_mut(p), at + 3, p);
                assert_eq!(out8.plane(p), out64.plane(p));
                for i in 0..n as u64 {
                    assert_eq!(
                        super::super::planes::bit(out8.plane(p), at + 3 + i),
                        super::super::planes::bit(planes.plane(p), at + i)
                    );
                }
            }
        }
    }
}
