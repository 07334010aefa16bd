//! The incremental board: chains kept as circular lists of stones with a
//! head per stone and, at the head, the chain's size and EXACT liberty count
//! (distinct empty points next to it), as KataGo's `board.cpp` does.
//!
//! A move touches only the chains next to it: placing a stone decrements
//! each adjacent chain's count once, merging walks the smaller chain
//! (counting only the liberties the larger one does not already have),
//! and a capture walks the captured stones, giving each adjacent chain one
//! liberty per freed point. So a move costs O(stones of the chains it
//! merges or captures), not O(board). Legality is decided before anything
//! changes, so an illegal move leaves the board exactly as it was.
//! [`Board::check_consistency`] recomputes everything from scratch.

use super::{Answer, BLACK, Case, EMPTY, MAX_N, Position, WHITE};

/// Off-board padding around the points.
const WALL: u8 = 3;
/// No chain (empty points and walls).
const NONE: u16 = u16::MAX;

// The bookkeeping slips the zoo threads through the board (`SLIP` const
// parameters, so the engine's own code is monomorphised without them).
/// The engine: no slip.
pub(crate) const NO_SLIP: u8 = 0;
/// A merge counts a liberty the larger chain already has again.
pub(crate) const PSEUDO_LIBERTIES: u8 = 1;
/// A merge leaves the smaller chain's head stone pointing at itself.
pub(crate) const STALE_HEAD: u8 = 2;
/// A capture gives no liberties back to the chains next to the freed points.
pub(crate) const NO_LIBERTIES_BACK: u8 = 3;

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The point holds a stone (or is not a point of the board).
    Occupied,
    /// The stone's own group would have no liberty and it captures nothing.
    Suicide,
}

/// A rows×cols Go board (1 to [`MAX_N`] each way) with exact chains.
///
/// Points are indices into a padded array: `(row + 1) * (cols + 1) + col + 1`,
/// with one wall column shared by the left and right edges and a wall row
/// above and below, so every point has four neighbours and none is ever
/// out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    stride: usize,
    /// `EMPTY`, `BLACK`, `WHITE` or `WALL` per index.
    colour: Vec<u8>,
    /// The chain head of a stone; `NONE` for empty points and walls.
    head: Vec<u16>,
    /// The next stone of the same chain (a circular list).
    next: Vec<u16>,
    /// At a head: the exact number of distinct liberties.
    libs: Vec<u16>,
    /// At a head: the number of stones.
    size: Vec<u16>,
    /// Every empty point once, in no particular order (for playouts).
    empties: Vec<u16>,
    /// The place of an empty point in `empties`.
    empty_at: Vec<u16>,
}

impl Board {
    /// An empty board. Panics unless `1 <= rows, cols <= MAX_N`.
    pub fn new(rows: usize, cols: usize) -> Board {
        assert!(
            (1..=MAX_N).contains(&rows) && (1..=MAX_N).contains(&cols),
            "board sides must be 1..={MAX_N}"
        );
        let stride = cols + 1;
        let len = (rows + 2) * stride + 1;
        let mut b = Board {
            rows,
            cols,
            stride,
            colour: vec![WALL; len],
            head: vec![NONE; len],
            next: vec![NONE; len],
            libs: vec![0; len],
            size: vec![0; len],
            empties: Vec::with_capacity(rows * cols),
            empty_at: vec![NONE; len],
        };
        for r in 0..rows {
            for c in 0..cols {
                let p = b.point(r, c);
                b.colour[p] = EMPTY;
                b.add_empty(p);
            }
        }
        b
    }

    /// A board holding `cells` (row-major, `EMPTY`/`BLACK`/`WHITE`; any
    /// other value counts as empty), built by adding the stones one by one
    /// in row-major order without captures. Refused with the (row, col) of
    /// the first stone, in row-major order, of a group without a liberty.
    pub fn from_cells(rows: usize, cols: usize, cells: &[u8]) -> Result<Board, (usize, usize)> {
        let b = Board::from_cells_unchecked(rows, cols, cells);
        match b.first_dead_stone() {
            Some(at) => Err(at),
            None => Ok(b),
        }
    }

    /// Like [`Board::from_cells`] but keeps groups without liberties.
    pub fn from_cells_unchecked(rows: usize, cols: usize, cells: &[u8]) -> Board {
        Board::from_cells_with::<NO_SLIP>(rows, cols, cells)
    }

    /// [`Board::from_cells_unchecked`] with the bookkeeping slip `SLIP`
    /// (the zoo's; [`NO_SLIP`] is the engine).
    pub(crate) fn from_cells_with<const SLIP: u8>(rows: usize, cols: usize, cells: &[u8]) -> Board {
        let mut b = Board::new(rows, cols);
        for r in 0..rows {
            for c in 0..cols {
                let v = cells.get(r * cols + c).copied().unwrap_or(EMPTY);
                if v == BLACK || v == WHITE {
                    let p = b.point(r, c);
                    b.add_stone_with::<SLIP>(p, v);
                }
            }
        }
        b
    }

    /// The (row, col) of the first stone, in row-major order, whose chain
    /// has no liberty; `None` when the position is legal.
    pub fn first_dead_stone(&self) -> Option<(usize, usize)> {
        for r in 0..self.rows {
            for c in 0..self.cols {
                let p = self.point(r, c);
                if self.is_stone(p) && self.libs[self.head[p] as usize] == 0 {
                    return Some((r, c));
                }
            }
        }
        None
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The index of the point at `row`, `col` (both inside the board).
    #[inline]
    pub fn point(&self, row: usize, col: usize) -> usize {
        (row + 1) * self.stride + col + 1
    }

    /// The (row, col) of point index `p`.
    pub fn row_col(&self, p: usize) -> (usize, usize) {
        (p / self.stride - 1, p % self.stride - 1)
    }

    /// What is at index `p`: `EMPTY`, `BLACK`, `WHITE`, or 3 for off-board.
    #[inline]
    pub fn colour(&self, p: usize) -> u8 {
        self.colour[p]
    }

    #[inline]
    fn is_stone(&self, p: usize) -> bool {
        self.colour[p] == BLACK || self.colour[p] == WHITE
    }

    #[inline]
    fn neighbours(&self, p: usize) -> [usize; 4] {
        [p - self.stride, p - 1, p + 1, p + self.stride]
    }

    /// The empty points, in no particular order.
    pub fn empties(&self) -> &[u16] {
        &self.empties
    }

    /// The points row-major as `EMPTY`/`BLACK`/`WHITE`.
    pub fn cells(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.rows * self.cols);
        for r in 0..self.rows {
            let start = self.point(r, 0);
            out.extend_from_slice(&self.colour[start..start + self.cols]);
        }
        out
    }

    fn add_empty(&mut self, p: usize) {
        self.empty_at[p] = self.empties.len() as u16;
        self.empties.push(p as u16);
    }

    fn remove_empty(&mut self, p: usize) {
        let i = self.empty_at[p] as usize;
        let last = self.empties.pop().expect("p is listed");
        if last as usize != p {
            self.empties[i] = last;
            self.empty_at[last as usize] = i as u16;
        }
        self.empty_at[p] = NONE;
    }

    /// True when the empty point `e` is next to a stone of chain `head`.
    #[inline]
    fn is_liberty_of(&self, e: usize, head: u16) -> bool {
        self.neighbours(e).iter().any(|&q| self.head[q] == head)
    }

    /// Puts a stone of `c` on the empty point `p` and merges it with its
    /// friends, WITHOUT captures or a suicide check: chains may be left with
    /// no liberty. Used to set up positions (and by [`Board::try_play`]).
    pub fn add_stone(&mut self, p: usize, c: u8) {
        self.add_stone_with::<NO_SLIP>(p, c)
    }

    fn add_stone_with<const SLIP: u8>(&mut self, p: usize, c: u8) {
        debug_assert_eq!(self.colour[p], EMPTY);
        self.colour[p] = c;
        self.head[p] = p as u16;
        self.next[p] = p as u16;
        self.size[p] = 1;
        self.remove_empty(p);
        // p was one liberty of each distinct adjacent chain.
        let mut seen = [NONE; 4];
        let mut k = 0;
        let mut own = 0;
        for q in self.neighbours(p) {
            match self.colour[q] {
                EMPTY => own += 1,
                WALL => {}
                _ => {
                    let h = self.head[q];
                    if !seen[..k].contains(&h) {
                        seen[k] = h;
                        k += 1;
                        // p was a liberty of h, counted exactly, so the
                        // engine's count is ≥ 1; a slipped board's stale 0
                        // wraps instead of panicking.
                        let l = &mut self.libs[h as usize];
                        debug_assert!(SLIP != NO_SLIP || *l >= 1);
                        *l = l.wrapping_sub(1);
                    }
                }
            }
        }
        self.libs[p] = own;
        for q in self.neighbours(p) {
            if self.colour[q] == c && self.head[q] != self.head[p] {
                self.merge::<SLIP>(self.head[q] as usize, self.head[p] as usize);
            }
        }
    }

    /// Joins the chains with heads `a` and `b`: the smaller one's stones are
    /// relabelled one by one, each adding the empty neighbours that are not
    /// yet liberties of the larger chain (relabelling as we go keeps a point
    /// shared by two stones of the smaller chain from counting twice).
    fn merge<const SLIP: u8>(&mut self, a: usize, b: usize) {
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut new = 0;
        let mut s = small;
        loop {
            for e in self.neighbours(s) {
                // (The slip counts every empty neighbour, shared or not.)
                if self.colour[e] == EMPTY
                    && (SLIP == PSEUDO_LIBERTIES || !self.is_liberty_of(e, big as u16))
                {
                    new += 1;
                }
            }
            if SLIP != STALE_HEAD || s != small {
                self.head[s] = big as u16;
            }
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        // Swapping the successors of one node of each cycle splices them.
        self.next.swap(big, small);
        self.size[big] += self.size[small];
        self.libs[big] += new;
    }

    /// Removes the chain with head `h`; returns its number of stones.
    fn remove_chain<const SLIP: u8>(&mut self, h: usize) -> u32 {
        let mut s = h;
        loop {
            self.colour[s] = EMPTY;
            self.head[s] = NONE;
            self.add_empty(s);
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        // Every freed point is one new liberty of each distinct chain next to it.
        if SLIP != NO_LIBERTIES_BACK {
            loop {
                let mut seen = [NONE; 4];
                let mut k = 0;
                for q in self.neighbours(s) {
                    let hq = self.head[q];
                    if hq != NONE && !seen[..k].contains(&hq) {
                        seen[k] = hq;
                        k += 1;
                        self.libs[hq as usize] += 1;
                    }
                }
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
        }
        u32::from(self.size[h])
    }

    /// True when `c` may play at the empty point `p`: it has an empty
    /// neighbour, or joins a friendly chain with another liberty, or takes
    /// the last liberty of an opponent chain (a capture frees a point next
    /// to the stone).
    #[inline]
    fn legal_on_empty(&self, p: usize, c: u8) -> bool {
        for q in self.neighbours(p) {
            match self.colour[q] {
                EMPTY => return true,
                WALL => {}
                x => {
                    let l = self.libs[self.head[q] as usize];
                    if (x == c && l > 1) || (x != c && l == 1) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether `c` may play at index `p` (empty and not suicide).
    #[inline]
    pub fn is_legal(&self, p: usize, c: u8) -> bool {
        self.colour[p] == EMPTY && self.legal_on_empty(p, c)
    }

    /// Whether [`Board::add_stone`] of `c` at the empty point `p` would leave
    /// every chain with a liberty (no capture happens): each adjacent
    /// opponent chain has a liberty besides `p`, and the new chain has one.
    pub fn add_keeps_all_alive(&self, p: usize, c: u8) -> bool {
        let mut alive = false;
        for q in self.neighbours(p) {
            match self.colour[q] {
                EMPTY => alive = true,
                WALL => {}
                x => {
                    let l = self.libs[self.head[q] as usize];
                    if x == c {
                        alive |= l > 1;
                    } else if l < 2 {
                        return false;
                    }
                }
            }
        }
        alive
    }

    /// Plays `c` at index `p`: places the stone, removes the opponent chains
    /// left without a liberty, and returns how many stones were captured.
    /// An occupied point or a suicide is refused and changes nothing.
    pub fn try_play(&mut self, p: usize, c: u8) -> Result<u32, Illegal> {
        self.try_play_with::<NO_SLIP>(p, c)
    }

    /// [`Board::try_play`] with the bookkeeping slip `SLIP`.
    pub(crate) fn try_play_with<const SLIP: u8>(
        &mut self,
        p: usize,
        c: u8,
    ) -> Result<u32, Illegal> {
        if self.colour[p] != EMPTY {
            return Err(Illegal::Occupied);
        }
        if !self.legal_on_empty(p, c) {
            return Err(Illegal::Suicide);
        }
        self.add_stone_with::<SLIP>(p, c);
        let opp = 3 - c;
        let mut captured = 0;
        for q in self.neighbours(p) {
            if self.colour[q] == opp && self.libs[self.head[q] as usize] == 0 {
                captured += self.remove_chain::<SLIP>(self.head[q] as usize);
            }
        }
        Ok(captured)
    }

    /// [`Board::try_play`] at `row`, `col`; a point off the board or a colour
    /// other than `BLACK`/`WHITE` is refused as occupied.
    pub fn play(&mut self, row: usize, col: usize, c: u8) -> Result<u32, Illegal> {
        if row >= self.rows || col >= self.cols || !(c == BLACK || c == WHITE) {
            return Err(Illegal::Occupied);
        }
        self.try_play(self.point(row, col), c)
    }

    /// A one-point eye of `c`: `p` is empty and every on-board neighbour is `c`.
    #[inline]
    pub fn is_eye(&self, p: usize, c: u8) -> bool {
        self.colour[p] == EMPTY
            && self
                .neighbours(p)
                .iter()
                .all(|&q| self.colour[q] == c || self.colour[q] == WALL)
    }

    /// The stones of the chain at index `p` (a stone), in list order from
    /// its head.
    pub fn chain(&self, p: usize) -> Vec<usize> {
        let h = self.head[p] as usize;
        let mut out = Vec::with_capacity(usize::from(self.size[h]));
        let mut s = h;
        // At most one stone per index: a broken list cannot loop for ever.
        for _ in 0..self.colour.len() {
            out.push(s);
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        out
    }

    /// The engine's liberty count of the chain at index `p` (a stone).
    pub fn liberty_count(&self, p: usize) -> usize {
        usize::from(self.libs[self.head[p] as usize])
    }

    /// The liberties of the chain at index `p` (a stone), as sorted
    /// (row, col), read off the chain's stone list.
    pub fn liberties(&self, p: usize) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = self
            .chain(p)
            .into_iter()
            .flat_map(|s| self.neighbours(s))
            .filter(|&e| self.colour[e] == EMPTY)
            .map(|e| self.row_col(e))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Recomputes every chain, size, liberty count and the empty list from
    /// the colours alone (a flood fill per group) and compares them with
    /// what the board keeps, index by index; the first difference, if any.
    ///
    /// Both sides are written as one `Facts` per index and compared whole,
    /// so the check has one verdict, not a branch per field.
    pub fn check_consistency(&self) -> Result<(), String> {
        let len = self.colour.len();
        let mut at = vec![None; len];
        for r in 0..self.rows {
            for c in 0..self.cols {
                at[self.point(r, c)] = Some((r, c));
            }
        }
        let mut times_listed = vec![0usize; len];
        for &e in &self.empties {
            match times_listed.get_mut(usize::from(e)) {
                Some(t) => *t += 1,
                None => return Err(format!("the empty list holds index {e}, beyond the board")),
            }
        }
        // One flood fill per group; its stones point at it by index.
        let mut group_of: Vec<Option<usize>> = vec![None; len];
        let mut groups = Vec::new();
        for p in 0..len {
            if at[p].is_some() && self.is_stone(p) && group_of[p].is_none() {
                let facts = self.flood(p);
                for &s in &facts.stones {
                    group_of[s] = Some(groups.len());
                }
                groups.push(facts);
            }
        }
        for p in 0..len {
            let kept_chain = self.kept_chain(p);
            let kept = Facts {
                wall: self.colour[p] == WALL,
                listed: (
                    times_listed[p],
                    self.empties.get(usize::from(self.empty_at[p])) == Some(&(p as u16)),
                ),
                headless: self.head[p] == NONE,
                chain: kept_chain.as_ref(),
            };
            let on_board_empty = at[p].is_some() && self.colour[p] == EMPTY;
            let counted = Facts {
                wall: at[p].is_none(),
                listed: (usize::from(on_board_empty), on_board_empty),
                headless: group_of[p].is_none(),
                chain: group_of[p].map(|g| &groups[g]),
            };
            if kept != counted {
                return Err(format!(
                    "index {p} (point {:?}): the board keeps {kept:?}, the colours give {counted:?}",
                    at[p]
                ));
            }
        }
        Ok(())
    }

    /// What the board keeps about the chain of the stone at `p`: `None` if
    /// `p` holds no stone or names no head.
    fn kept_chain(&self, p: usize) -> Option<ChainFacts> {
        if !self.is_stone(p) {
            return None;
        }
        // `NONE` is beyond every array, so a missing head gives `None`.
        let h = usize::from(self.head[p]);
        let (size, libs) = (*self.size.get(h)?, *self.libs.get(h)?);
        let mut stones = self.chain(p);
        let one_head = stones.iter().all(|&s| self.head[s] == self.head[p]);
        stones.sort_unstable();
        Some(ChainFacts {
            stones,
            size: usize::from(size),
            liberties: usize::from(libs),
            one_head,
        })
    }

    /// The chain of the stone at `p` and its liberties, from the colours.
    fn flood(&self, p: usize) -> ChainFacts {
        let colour = self.colour[p];
        let mut seen = vec![false; self.colour.len()];
        let mut stones = vec![p];
        let mut stack = vec![p];
        seen[p] = true;
        let mut liberties = std::collections::BTreeSet::new();
        while let Some(s) = stack.pop() {
            for q in self.neighbours(s) {
                if self.colour[q] == EMPTY {
                    liberties.insert(q);
                } else if self.colour[q] == colour && !seen[q] {
                    seen[q] = true;
                    stones.push(q);
                    stack.push(q);
                }
            }
        }
        stones.sort_unstable();
        ChainFacts {
            size: stones.len(),
            stones,
            liberties: liberties.len(),
            one_head: true,
        }
    }
}

/// What [`Board::check_consistency`] compares at one index.
#[derive(Debug, PartialEq)]
struct Facts<'a> {
    /// The index is a wall.
    wall: bool,
    /// How often the empty list holds the index, and whether its
    /// `empty_at` entry points back at it.
    listed: (usize, bool),
    /// No chain head is recorded (empty points and walls).
    headless: bool,
    /// For a stone: its chain.
    chain: Option<&'a ChainFacts>,
}

/// A chain as kept by the board or as flood-filled from the colours.
#[derive(Debug, PartialEq)]
struct ChainFacts {
    /// Its stones, sorted.
    stones: Vec<usize>,
    /// The stone count (kept at the head).
    size: usize,
    /// The number of distinct liberties (kept at the head).
    liberties: usize,
    /// Every stone names the same head.
    one_head: bool,
}

/// The engine's answer to one case.
pub fn solve(case: &Case) -> Answer {
    let n = case.position.n;
    if !(1..=MAX_N).contains(&n) {
        return Answer::Illegal;
    }
    let mut board = Board::from_cells_unchecked(n, n, &case.position.cells);
    match board.play(case.mv.row, case.mv.col, case.mv.colour) {
        Ok(_) => Answer::Legal(Position {
            n,
            cells: board.cells(),
        }),
        Err(_) => Answer::Illegal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capture_and_suicide_on_a_small_board() {
        // 10 / 11 : white at (row 0, col 1) takes black's last liberty.
        let mut b = Board::from_cells(2, 2, &[1, 0, 1, 1]).unwrap();
        let before = b.clone();
        assert_eq!(b.play(0, 1, BLACK), Err(Illegal::Suicide));
        assert_eq!(b, before);
        assert_eq!(b.play(0, 1, WHITE), Ok(3));
        assert_eq!(b.cells(), vec![0, 2, 0, 0]);
        b.check_consistency().unwrap();
        let mut c = before.clone();
        assert_eq!(c.play(0, 0, WHITE), Err(Illegal::Occupied));
        assert_eq!(c, before);
    }

    #[test]
    fn dead_group_is_named() {
        assert_eq!(Board::from_cells(2, 2, &[1, 2, 2, 0]), Err((0, 0)));
        assert!(Board::from_cells(1, 1, &[0]).is_ok());
        assert_eq!(Board::from_cells(1, 1, &[2]), Err((0, 0)));
    }
}
