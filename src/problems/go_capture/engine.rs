//! One raster pass of union–find: every stone is joined to its same-colour
//! neighbours to the left and above, and each set's root carries one flag,
//! "some stone of this group touches an empty point". A second pass clears
//! the stones whose root has no flag. O(n·m·α) time, no recursion and no
//! stack at all, so a single snake- or spiral-shaped group covering a
//! 4·10^6-point board costs the same as any other board.

use super::{Board, EMPTY, Removal};

/// Flag bit in `meta`: the set has a liberty. The low bits hold the rank.
const LIBERTY: u8 = 0x80;
const RANK: u8 = 0x7f;

/// Union–find over the points of a board (entries of empty points unused),
/// public so the tests can check that union by rank keeps the trees
/// shallow (a wrong rank rule gives the same answers, only slower).
///
/// ```
/// use boardcheck::problems::go_capture::engine::Groups;
/// let mut g = Groups::new(3);
/// (0..3).for_each(|i| g.add(i));
/// let root = g.link(0, 1);
/// let root = g.link(2, root);
/// assert_eq!(g.find(2), root);
/// assert!((0..3).all(|i| g.depth(i) <= 1));
/// ```
pub struct Groups {
    parent: Vec<u32>,
    /// At a root: LIBERTY flag | rank.
    meta: Vec<u8>,
}

impl Groups {
    /// `n` points, none in a set yet.
    pub fn new(n: usize) -> Groups {
        Groups {
            parent: vec![0; n],
            meta: vec![0; n],
        }
    }

    /// Makes point `i` a set of its own (rank 0, no liberty).
    pub fn add(&mut self, i: usize) {
        self.parent[i] = i as u32;
        self.meta[i] = 0;
    }

    /// The number of parent steps from `i` to its root (no path halving).
    pub fn depth(&self, mut i: usize) -> usize {
        let mut steps = 0;
        while self.parent[i] as usize != i {
            i = self.parent[i] as usize;
            steps += 1;
        }
        steps
    }

    /// The root of `i`'s set, halving the path on the way.
    pub fn find(&mut self, mut i: usize) -> usize {
        loop {
            let p = self.parent[i] as usize;
            if p == i {
                return i;
            }
            let grand = self.parent[p];
            self.parent[i] = grand;
            i = grand as usize;
        }
    }

    /// Joins the sets of the distinct roots `a` and `b`, both added; the new
    /// root. Union by rank: the root of higher rank stays the root, and on
    /// a tie `b` does (which one is free: either keeps the depth bound).
    pub fn link(&mut self, a: usize, b: usize) -> usize {
        let (ra, rb) = (self.meta[a] & RANK, self.meta[b] & RANK);
        let (root, child) = if ra > rb { (a, b) } else { (b, a) };
        self.parent[child] = root as u32;
        let liberty = (self.meta[a] | self.meta[b]) & LIBERTY;
        let rank = if ra == rb { ra + 1 } else { ra.max(rb) };
        self.meta[root] = liberty | rank;
        root
    }
}

/// Removes every group without a liberty in the given position.
pub fn solve(board: &Board) -> Removal {
    let (n, m) = (board.rows, board.cols);
    let cells = &board.cells;
    assert!(
        cells.len() < u32::MAX as usize,
        "board too large for the engine"
    );
    let mut g = Groups::new(cells.len());
    for r in 0..n {
        let row = r * m;
        // The root of the point to the left: no union has happened since it
        // was computed, so it is still the root, and no find is needed.
        let mut left_root = usize::MAX;
        for c in 0..m {
            let i = row + c;
            let colour = cells[i];
            if colour == EMPTY {
                continue;
            }
            g.add(i);
            let mut root = i;
            if c > 0 && cells[i - 1] == colour {
                root = g.link(root, left_root);
            }
            if r > 0 && cells[i - m] == colour {
                let up = g.find(i - m);
                if up != root {
                    root = g.link(root, up);
                }
            }
            let liberty = (c > 0 && cells[i - 1] == EMPTY)
                || (c + 1 < m && cells[i + 1] == EMPTY)
                || (r > 0 && cells[i - m] == EMPTY)
                || (r + 1 < n && cells[i + m] == EMPTY);
            if liberty {
                g.meta[root] |= LIBERTY;
            }
            left_root = root;
        }
    }
    let mut after = cells.clone();
    let mut removed = 0;
    for r in 0..n {
        // The verdict of the point to the left, reused along a run of one colour.
        let mut left_dead = false;
        for c in 0..m {
            let i = r * m + c;
            let colour = cells[i];
            if colour == EMPTY {
                continue;
            }
            let dead = if c > 0 && cells[i - 1] == colour {
                left_dead
            } else {
                let root = g.find(i);
                g.meta[root] & LIBERTY == 0
            };
            if dead {
                after[i] = EMPTY;
                removed += 1;
            }
            left_dead = dead;
        }
    }
    Removal {
        removed,
        board: Board {
            rows: n,
            cols: m,
            cells: after,
        },
    }
}
