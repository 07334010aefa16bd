//! The win/lose value of every position inside a W × H box, one byte per
//! *upper part*, and the census of losing positions.
//!
//! A position is its rows r0 ≥ r1 ≥ … ≥ r(H-1) ≥ 0 (a lattice path of W
//! right-steps and H up-steps, C(W+H, H) of them in the box). Split it into
//! r0 and the upper part U = (r1, …, r(H-1)). Two facts make one byte per U
//! enough:
//! - For a fixed U at most one r0 loses: from (r0, U) the move (x, 0) with
//!   max(r1, 1) ≤ x < r0 leads to (x, U). So the losing r0, if any, is the
//!   least r0 ≥ max(r1, 1) that no other move makes winning; call it L(U).
//! - The other moves: (x, 0) with 1 ≤ x < r1 leads to (x, U∧x) (every row
//!   capped at x), whatever r0 is; (x, y) with y ≥ 1 leads to (r0, U') for
//!   the child U' = U with rows ≥ y capped at x. So (r0, U) is winning iff
//!   r0 > L(U), or some (x, U∧x) loses (L(U∧x) = x, and then no r0 loses),
//!   or r0 = L(U') for some child U'. Hence L(U) is the least
//!   r0 ≥ max(r1, 1), r0 ≤ W, not in {L(U') : U' a child of U}, unless some
//!   L(U∧x) = x (taking (0, 0) is never a winning move).
//!
//! The upper parts, k = H - 1 nonincreasing values in 0..=W, are ranked
//! with the combinatorial number system: c_i = a_i + (k-1-i) is strictly
//! decreasing and rank(U) = Σ C(c_i, k-i), dense in 0..C(W+k, k). Ranks
//! follow lexicographic order with r1 most significant, and a child is
//! smaller in every row, so one pass in rank order has every child ready.
//! A child's rank costs two additions: rows i0.. capped at x give
//! `rank = P[i0] + G[i0][x] + Q[x]`, with P the prefix sums of U's terms,
//! `G[i][x] = Σ_{j≥i} C(x + k-1-j, k-j)` the suffix of a constant row, and
//! `Q[x] = (U's own terms from F[x] on) - G[F[x]][x]`, `F[x]` being the first
//! row of U no wider than x. The set of children's L values is a 64-bit
//! mask, so the box's shorter side must be at most 62 (the solver turns the
//! box so that the side counted in the mask is the shorter one).
//!
//! Work: Σ over upper parts of their cells, about C(W+H-1, H-1)·W·H/2
//! table reads; memory C(W+H-1, H-1) bytes.

// The box limits live with the reader (which refuses boxes beyond them).
pub use super::format::{MAX_CELLS, MAX_POSITIONS, binomial, box_positions, refuse};

/// No losing r0 inside the box for this upper part.
const NONE: u8 = 0;

/// `chomp-census` takes boxes up to this many positions: C(33, 16), the
/// 16 × 17 box (a table of C(32, 16) = 601 080 390 bytes).
pub const CENSUS_MAX_POSITIONS: u64 = super::limits::CENSUS_MAX_POSITIONS;
/// … and this many cells.
pub const CENSUS_MAX_CELLS: u64 = super::limits::CENSUS_MAX_CELLS;

/// L(U) for every upper part of a box, in rank order.
pub struct Table {
    /// k = H - 1, the number of rows of an upper part.
    k: usize,
    /// terms[i][a] = C(a + k-1-i, k-i), the rank term of row i holding a.
    terms: Vec<Vec<u64>>,
    /// L per rank, `NONE` when no r0 ≤ W loses.
    least: Vec<u8>,
}

impl Table {
    /// Solves the W × H box (W ≤ 62, H ≥ 1).
    pub fn new(width: u64, height: u64) -> Table {
        assert!((1..=62).contains(&width) && height >= 1, "box out of range");
        let (w, k) = (width as usize, (height - 1) as usize);
        let terms: Vec<Vec<u64>> = (0..k)
            .map(|i| {
                (0..=w)
                    .map(|a| binomial((a + k - 1 - i) as u64, (k - i) as u64))
                    .collect()
            })
            .collect();
        // suffix[i][x] = G[i][x] = Σ_{j ≥ i} terms[j][x]; suffix[k] = 0.
        let mut suffix = vec![vec![0u64; w + 1]; k + 1];
        for i in (0..k).rev() {
            for x in 0..=w {
                suffix[i][x] = suffix[i + 1][x] + terms[i][x];
            }
        }
        let size = binomial((w + k) as u64, k as u64) as usize;
        let mut least = vec![NONE; size];
        let mut a = vec![0usize; k];
        let mut prefix = vec![0u64; k + 1];
        let mut tail = vec![0u64; w + 1];
        for rank in 0..size {
            for i in 0..k {
                prefix[i + 1] = prefix[i] + terms[i][a[i]];
            }
            debug_assert_eq!(prefix[k], rank as u64);
            // f = F[x], the first row no wider than x; tail[x] = Q[x].
            let mut f = k;
            for x in 0..=w {
                while f > 0 && a[f - 1] <= x {
                    f -= 1;
                }
                tail[x] = (prefix[k] - prefix[f]).wrapping_sub(suffix[f][x]);
            }
            let mut seen = 0u64;
            let mut dead = false;
            for (i0, &ai) in a.iter().enumerate() {
                let (base, row) = (prefix[i0], &suffix[i0]);
                for x in 0..ai {
                    let child = base.wrapping_add(row[x]).wrapping_add(tail[x]) as usize;
                    let l = least[child];
                    seen |= 1 << l;
                    // (x, 0) leads to (x, U capped at x): a loss there kills every r0.
                    dead |= i0 == 0 && x >= 1 && usize::from(l) == x;
                }
            }
            if !dead {
                // The least r0 ≥ max(r1, 1) that no child's L rules out.
                let from = a.first().copied().unwrap_or(0).max(1);
                let r0 = (!seen & (u64::MAX << from)).trailing_zeros() as usize;
                if r0 <= w {
                    least[rank] = r0 as u8;
                }
            }
            // Next upper part in lexicographic order (r1 most significant).
            if let Some(i) = (0..k)
                .rev()
                .find(|&i| a[i] < if i == 0 { w } else { a[i - 1] })
            {
                a[i] += 1;
                for v in &mut a[i + 1..] {
                    *v = 0;
                }
            }
        }
        Table { k, terms, least }
    }

    fn rank(&self, upper: &[u64]) -> usize {
        upper
            .iter()
            .enumerate()
            .map(|(i, &a)| self.terms[i][a as usize])
            .sum::<u64>() as usize
    }

    /// Whether the nonempty position `rows` (bottom first, inside the box,
    /// exactly H entries) is a loss for the player to move.
    pub fn loses(&self, rows: &[u64]) -> bool {
        self.loses_with::<0>(rows)
    }

    /// [`Table::loses`] looking up rank + `OFF` (the zoo's off-by-one
    /// ranking; 0 is the solver), wrapped into the table. A nonempty
    /// position has r0 ≥ 1, which `NONE` (0) never equals.
    fn loses_with<const OFF: usize>(&self, rows: &[u64]) -> bool {
        debug_assert_eq!(rows.len(), self.k + 1);
        let rank = (self.rank(&rows[1..]) + OFF) % self.least.len();
        u64::from(self.least[rank]) == rows[0]
    }

    /// The number of nonempty losing positions in the box.
    pub fn losing_positions(&self) -> u64 {
        self.least.iter().filter(|&&l| l != NONE).count() as u64
    }
}

/// The orientation the table is built in: (W, H, transposed). The side
/// whose values go in the 64-bit mask must be at most 62; among the
/// orientations that allow it, the one with fewer rows has the smaller table.
/// A box is turned only when that is needed or pays: a square one never is.
pub fn orient(width: u64, height: u64) -> (u64, u64, bool) {
    let transposed = if width.max(height) <= 62 {
        height > width
    } else {
        // Only one side can exceed the mask (the box limits see to it), and
        // it must go in H.
        width > 62
    };
    if transposed {
        (height, width, true)
    } else {
        (width, height, false)
    }
}

/// Column heights of `rows`: the transposed position (`width` columns).
pub fn transpose_rows(rows: &[u64], width: u64) -> Vec<u64> {
    (0..width)
        .map(|x| rows.iter().filter(|&&r| r > x).count() as u64)
        .collect()
}

/// The number of nonempty losing positions in the W × H box, if the box is
/// within the census limits.
pub fn census(width: u64, height: u64) -> Result<u64, String> {
    if width == 0 || height == 0 {
        return Err(format!(
            "the box must be at least 1 x 1, got {width} x {height}"
        ));
    }
    if let Some(why) = refuse(
        width,
        height,
        CENSUS_MAX_POSITIONS,
        CENSUS_MAX_CELLS,
        "chomp-census",
    ) {
        return Err(why);
    }
    let (w, h, _) = orient(width, height);
    Ok(Table::new(w, h).losing_positions())
}

/// The value and winning moves of `case` (a position within the limits):
/// solves its box, then looks up every move.
pub fn solve(case: &super::Case) -> super::Value {
    solve_with::<0>(case)
}

/// [`solve`] with the table looked up at rank + `OFF` (the zoo's slip).
pub(crate) fn solve_with<const OFF: usize>(case: &super::Case) -> super::Value {
    let rows = case.trimmed();
    let (width, height) = (rows.first().copied().unwrap_or(0), rows.len() as u64);
    if width == 0 {
        return super::Value::Lose;
    }
    let (w, h, transposed) = orient(width, height);
    let table = Table::new(w, h);
    let loses = |child: Vec<u64>| {
        let mut view = if transposed {
            transpose_rows(&child, width)
        } else {
            child
        };
        view.resize(h as usize, 0);
        table.loses_with::<OFF>(&view)
    };
    let mut wins = Vec::new();
    for (y, &r) in rows.iter().enumerate() {
        for x in 0..r {
            if (x, y) != (0, 0) && loses(super::after_move(rows, x, y as u64)) {
                wins.push((x, y as u64));
            }
        }
    }
    if wins.is_empty() {
        super::Value::Lose
    } else {
        super::Value::Win(wins)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials() {
        assert_eq!(binomial(24, 12), MAX_POSITIONS);
        assert_eq!(binomial(33, 16), CENSUS_MAX_POSITIONS);
        assert_eq!(binomial(5, 7), 0);
        assert_eq!(binomial(200, 100), u64::MAX);
    }

    #[test]
    fn the_2x2_box_has_two_losses() {
        assert_eq!(census(2, 2), Ok(2));
        assert_eq!(census(1, 1), Ok(1));
        assert_eq!(census(5, 1), Ok(1));
        assert_eq!(census(1, 5), Ok(1));
    }

    #[test]
    fn ranks_follow_the_enumeration() {
        let t = Table::new(4, 4);
        let mut seen = vec![false; t.least.len()];
        for a in 0..=4u64 {
            for b in 0..=a {
                for c in 0..=b {
                    seen[t.rank(&[a, b, c])] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn too_large_boxes_name_the_limit() {
        let e = census(17, 17).unwrap_err();
        assert!(e.contains(&CENSUS_MAX_POSITIONS.to_string()), "{e}");
        assert!(census(0, 3).is_err());
    }
}
