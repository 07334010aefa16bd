//! The spaces of upper parts, their ranking, and the cap map's pieces.
//!
//! `X_j(c)` is the set of nonincreasing j-tuples with entries in 0..=c; it
//! has `g(c, j)` = C(c + j, j) members. They are ranked lexicographically,
//! first entry most significant: the members whose first entry is `u` form
//! the block `[g(u - 1, j), g(u, j))`, a copy of `X_{j-1}(u)`. A rank does
//! not depend on the bound `c`, so `X_j(c - 1)` is the prefix of `X_j(c)`
//! of length `g(c - 1, j)`.

/// `g(c, j)` for `c` in `-1..=w` and `j` in `0..=k`.
pub struct Sizes {
    w: usize,
    table: Vec<u64>,
}

impl Sizes {
    /// The table for entries up to `w` and tuples of up to `k` entries
    /// (`None` if a size overflows 64 bits).
    pub fn new(w: usize, k: usize) -> Option<Sizes> {
        let row = w + 2;
        let mut table = vec![0u64; (k + 1) * row];
        for j in 0..=k {
            for c in 0..=w {
                // g(c, 0) = 1; g(c, j) = g(c - 1, j) + g(c, j - 1).
                table[j * row + c + 1] = if j == 0 {
                    1
                } else {
                    table[j * row + c].checked_add(table[(j - 1) * row + c + 1])?
                };
            }
        }
        Some(Sizes { w, table })
    }

    /// `g(c, j)` = |X_j(c)|.
    #[inline]
    pub fn g(&self, c: usize, j: usize) -> u64 {
        self.table[j * (self.w + 2) + c + 1]
    }

    /// `g(u - 1, j)`: where the block of first entry `u` starts in `X_j`
    /// (0 for `u = 0`).
    #[inline]
    pub fn below(&self, u: usize, j: usize) -> u64 {
        self.table[j * (self.w + 2) + u]
    }

    /// The rank of the nonincreasing tuple `a` in `X_{a.len()}`.
    pub fn rank(&self, a: &[usize]) -> u64 {
        let j = a.len();
        a.iter()
            .enumerate()
            .map(|(i, &ai)| self.below(ai, j - i))
            .sum()
    }
}

/// One piece of the cap map `a ↦ a ∧ (u - 1)` from `X_j(u)` onto
/// `X_j(u - 1)`: the members of `X_j(u)` at `dst..dst + len` map one to
/// one, in order, onto the members of `X_j(u - 1)` at `src..src + len`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Rank in `X_j(u)`.
    pub dst: u64,
    /// Rank in `X_j(u - 1)`.
    pub src: u64,
    /// Members.
    pub len: u64,
}

/// The pieces of the cap map from `X_j(u)` to `X_j(u - 1)` (`u >= 1`), in
/// order of `dst`. The members whose leading `m` entries equal `u` (and the
/// next one is smaller) map to the members whose leading `m` entries equal
/// `u - 1`: the last `g(u - 1, j - m)` members of `X_j(u - 1)`. Piece 0 is
/// the identity on the prefix `X_j(u - 1)`; the pieces tile `X_j(u)`.
pub fn cap_pieces(sizes: &Sizes, u: usize, j: usize) -> impl Iterator<Item = Piece> + '_ {
    debug_assert!(u >= 1);
    let whole = sizes.g(u - 1, j);
    let mut dst = 0;
    (0..=j).map(move |m| {
        let len = sizes.g(u - 1, j - m);
        let piece = Piece {
            dst,
            src: whole - len,
            len,
        };
        dst += len;
        piece
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every nonincreasing j-tuple with entries in 0..=c, in rank order.
    fn members(c: usize, j: usize) -> Vec<Vec<usize>> {
        if j == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for u in 0..=c {
            for rest in members(u, j - 1) {
                let mut a = vec![u];
                a.extend(rest);
                out.push(a);
            }
        }
        out
    }

    #[test]
    fn ranks_are_dense_and_ordered() {
        let sizes = Sizes::new(5, 4).unwrap();
        for j in 0..=4 {
            for c in 0..=5 {
                let all = members(c, j);
                assert_eq!(all.len() as u64, sizes.g(c, j), "g({c}, {j})");
                for (r, a) in all.iter().enumerate() {
                    assert_eq!(sizes.rank(a), r as u64, "{a:?}");
                }
            }
        }
        assert_eq!(Sizes::new(19, 18).unwrap().g(19, 18), 17_672_631_900);
        assert!(Sizes::new(62, 62).is_none());
    }

    #[test]
    fn pieces_are_the_cap_map() {
        let sizes = Sizes::new(6, 4).unwrap();
        for j in 0..=4 {
            for u in 1..=6 {
                let mut covered = 0;
                for p in cap_pieces(&sizes, u, j) {
                    assert_eq!(p.dst, covered);
                    covered += p.len;
                    for i in 0..p.len {
                        let a = &members(u, j)[(p.dst + i) as usize];
                        let capped: Vec<usize> = a.iter().map(|&x| x.min(u - 1)).collect();
                        assert_eq!(sizes.rank(&capped), p.src + i, "{a:?}");
                    }
                }
                assert_eq!(covered, sizes.g(u, j));
            }
        }
    }
}
