//! Union–find over runs: every maximal run of same-player pieces is one set
//! whose root holds the run's player and its two ends, so flipping a whole
//! run is one write at its root. Pieces are never removed, so runs only ever
//! merge: a placement costs O(α(n)) amortized, O((n + k) α(n)) in all.

use super::{Case, Cell, Player, Row};

/// Marks an empty cell in `parent`.
const EMPTY: u32 = u32::MAX;

/// The engine: no slip (the `SLIP` parameter is the zoo's).
pub(crate) const NO_SLIP: u8 = 0;
/// A merge keeps the larger run's old last cell: a stale run end.
pub(crate) const STALE_RUN_END: u8 = 1;

/// The row as a set of runs. `SLIP` is `NO_SLIP` (0) but in the zoo, which
/// threads a bookkeeping slip through the same code.
pub struct RunRow<const SLIP: u8 = NO_SLIP> {
    /// `EMPTY` for an empty cell, else the parent in the union–find forest.
    parent: Vec<u32>,
    /// At a root: the run's player.
    owner: Vec<Player>,
    /// At a root: the run's first and last cell.
    first: Vec<u32>,
    last: Vec<u32>,
    /// At a root: the run's length (union by size).
    len: Vec<u32>,
}

impl<const SLIP: u8> RunRow<SLIP> {
    /// Builds the runs of `row`. Rows longer than `u32::MAX - 1` cells are not supported.
    pub fn new(row: &[Cell]) -> RunRow<SLIP> {
        let n = row.len();
        assert!(n < EMPTY as usize, "row too long for the run engine");
        let mut runs = RunRow {
            parent: vec![EMPTY; n],
            owner: vec![Player::A; n],
            first: (0..n as u32).collect(),
            last: (0..n as u32).collect(),
            len: vec![1; n],
        };
        for (i, cell) in row.iter().enumerate() {
            if let Cell::Piece(p) = *cell {
                runs.set_piece(i, p);
                if i > 0 {
                    runs.merge_if_same(i - 1, i);
                }
            }
        }
        runs
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// True for a row of no cells (never the case for valid input).
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    fn set_piece(&mut self, i: usize, p: Player) {
        self.parent[i] = i as u32;
        self.owner[i] = p;
        self.first[i] = i as u32;
        self.last[i] = i as u32;
        self.len[i] = 1;
    }

    /// The root of the run holding the piece at `i` (path halving).
    fn root(&mut self, mut i: usize) -> usize {
        while self.parent[i] as usize != i {
            let grand = self.parent[self.parent[i] as usize];
            self.parent[i] = grand;
            i = grand as usize;
        }
        i
    }

    /// The number of parent links from `i` up to its run's root: 0 at a
    /// root and at an empty cell. Union by size keeps it at most log2 of
    /// the run's length; this only reads the forest (no path halving).
    pub fn depth(&self, i: usize) -> usize {
        // A path has at most `len` cells, so `take` never cuts a real one.
        let up = |&j: &usize| {
            let p = self.parent[j] as usize;
            (p != j && self.parent[j] != EMPTY).then_some(p)
        };
        std::iter::successors(Some(i), up).take(self.len()).count() - 1
    }

    /// The cell at `i`.
    pub fn cell(&mut self, i: usize) -> Cell {
        if self.parent[i] == EMPTY {
            Cell::Empty
        } else {
            let r = self.root(i);
            Cell::Piece(self.owner[r])
        }
    }

    /// Joins the runs of the adjacent cells `i` and `i + 1` if both hold the same player.
    fn merge_if_same(&mut self, i: usize, j: usize) {
        if self.parent[i] == EMPTY || self.parent[j] == EMPTY {
            return;
        }
        let (a, b) = (self.root(i), self.root(j));
        if a == b || self.owner[a] != self.owner[b] {
            return;
        }
        let (big, small) = if self.len[a] >= self.len[b] {
            (a, b)
        } else {
            (b, a)
        };
        self.parent[small] = big as u32;
        self.len[big] += self.len[small];
        self.first[big] = self.first[a].min(self.first[b]);
        if SLIP != STALE_RUN_END {
            self.last[big] = self.last[a].max(self.last[b]);
        }
    }

    /// The root of the opponent run starting next to `at` in direction
    /// `step` (-1 left, 1 right), if that run is closed by a piece of `me`.
    fn closed_run(&mut self, at: usize, step: isize, me: Player) -> Option<usize> {
        let next = at.checked_add_signed(step).filter(|&j| j < self.len())?;
        if self.cell(next) != Cell::Piece(me.opponent()) {
            return None;
        }
        let run = self.root(next);
        let beyond = if step == -1 {
            (self.first[run] as usize).checked_sub(1)?
        } else {
            self.last[run] as usize + 1
        };
        (beyond < self.len() && self.cell(beyond) == Cell::Piece(me)).then_some(run)
    }

    /// Places `me` at `at` (a no-op if the cell is occupied) and applies the flips.
    pub fn place(&mut self, me: Player, at: usize) {
        self.place_in_order(me, at, &[0, 1]);
    }

    /// Like [`RunRow::place`], deciding the directions (0 left, 1 right) in `order`.
    pub fn place_in_order(&mut self, me: Player, at: usize, order: &[usize]) {
        if self.parent[at] != EMPTY {
            return;
        }
        self.set_piece(at, me);
        // Decide both sides before flipping either: the scans are then
        // independent of each other by construction.
        let mut runs = [None; 2];
        for (slot, &direction) in runs.iter_mut().zip(order) {
            *slot = self.closed_run(at, [-1, 1][direction], me);
        }
        for run in runs.into_iter().flatten() {
            self.owner[run] = me;
            let (first, last) = (self.first[run] as usize, self.last[run] as usize);
            self.merge_if_same(first.saturating_sub(1), first);
            // No bounds check: a flipped run is closed on both sides, by
            // `at` or by the piece of `me` that `closed_run` found, so
            // `last + 1` is a cell (with the zoo's stale `last` too, which
            // only lies further left).
            self.merge_if_same(last, last + 1);
        }
        if at > 0 {
            self.merge_if_same(at - 1, at);
        }
        if at + 1 < self.len() {
            self.merge_if_same(at, at + 1);
        }
    }

    /// The row as cells (`&mut`: finding a cell's run compresses paths).
    pub fn read_row(&mut self) -> Row {
        (0..self.len()).map(|i| self.cell(i)).collect()
    }
}

/// The row after every placement of `case`.
pub fn solve(case: &Case) -> Row {
    solve_in_order(case, &[0, 1])
}

/// Like [`solve`], deciding the directions in `order` (a permutation of `[0, 1]`).
pub fn solve_in_order(case: &Case, order: &[usize]) -> Row {
    solve_with::<NO_SLIP>(case, order)
}

/// [`solve_in_order`] with the bookkeeping slip `SLIP`.
pub(crate) fn solve_with<const SLIP: u8>(case: &Case, order: &[usize]) -> Row {
    let mut runs = RunRow::<SLIP>::new(&case.row);
    for p in &case.placements {
        runs.place_in_order(p.player, p.index, order);
    }
    runs.read_row()
}
