//! The playout board: the same rules as [`super::engine::Board`] (captures,
//! then suicide refused, ko ignored) kept with PSEUDO-liberties, made for
//! random playouts rather than for exact liberty counts.
//!
//! A chain's pseudo-liberty count is the number of (stone, empty neighbour)
//! pairs, so a shared liberty counts once per stone touching it. That makes
//! every update a plain sum: placing a stone takes one from each adjacent
//! chain per contact, a merge adds the two counts, a capture gives one to a
//! chain per contact with a freed point; no "is this liberty new?" test.
//! Next to the count each chain keeps the sum and the sum of squares of
//! those liberty points (with the same multiplicity): the chain has exactly
//! one liberty (atari) iff `count · squares == sum²` (Cauchy–Schwarz: all
//! the points are equal), and none iff the count is 0; in atari that
//! liberty is `sum / count`.
//!
//! Each point also keeps how many of its neighbours are empty, black and
//! white (four bits each), so the usual questions take one load: an empty
//! neighbour means legal; no empty and no opponent neighbour means a
//! one-point eye.
//!
//! The draw needs no rejection: each colour has the exact set of its
//! candidates (its legal moves that do not fill its own one-point eye),
//! kept as an array with each point's place in it, and a move is one
//! uniform index into that array. Whether an empty point is a candidate of
//! a colour depends only on the colours of its neighbours and on whether
//! each neighbouring chain is in atari, so after a move only a few points
//! can change: the empty neighbours of the stone, the freed points, and
//! the one liberty of each chain that entered or left atari (next to the
//! stone, or a capturer's chain that was in atari and gained a freed
//! point). Those are rechecked; nothing else is. That list is complete:
//! neighbour colours change only next to the stone and at the freed points
//! (whose other neighbours are freed points or the capturer's stones); a
//! chain enters atari only by losing the stone's point, so it touches the
//! stone; it leaves atari only by merging through its last liberty (now
//! filled) or by gaining freed points; and an empty neighbour of the stone
//! that still has an empty neighbour was, and stays, a candidate of both.
//! The draw is uniform because each set holds each candidate exactly once
//! (see [`FastBoard::choose_move`]).
//!
//! The exact engine stays the reference: [`agrees_with_engine`] plays any
//! move sequence on both and compares them after every move, candidate sets
//! included. The `SLIP` parameter threads deliberate bookkeeping slips
//! through the same code ([`NO_LIBERTIES_BACK`], [`PSEUDO_AS_EXACT`],
//! [`STALE_LAST_LIBERTY`]); the tests show the comparison catches each.

use super::engine::{Board, Illegal};
use super::playout::{Played, Rng};
use super::{BLACK, EMPTY, MAX_N, WHITE};

/// Off-board padding around the points.
const WALL: u8 = 3;
/// No chain (empty points and walls); no place in a candidate set.
const NONE: u16 = u16::MAX;
/// The arrays' length: a power of two above the largest padded board, so
/// every index is taken `& MASK` and the compiler drops the bounds checks.
const SIZE: usize = 1024;
/// `SIZE - 1`.
const MASK: usize = SIZE - 1;
// `NONE & MASK` (the last entry) is no point: the scratch chain entry.
const _: () = assert!((MAX_N + 2) * (MAX_N + 1) + 1 < SIZE && NONE as usize & MASK == SIZE - 1);

/// The playout board itself: no slip.
pub const NO_SLIP: u8 = 0;
/// A wrong variant: a capture gives no pseudo-liberties back to the chains
/// next to the freed points.
pub const NO_LIBERTIES_BACK: u8 = 1;
/// A wrong variant: a chain is taken to be in atari only when its
/// pseudo-liberty count is 1 (a single liberty touched twice is missed).
pub const PSEUDO_AS_EXACT: u8 = 2;
/// A wrong variant: when a capture frees a point next to a chain of the
/// capturer that was in atari, that chain's old last liberty is not
/// rechecked (it may have become a candidate of the capturer).
pub const STALE_LAST_LIBERTY: u8 = 3;

/// The neighbour-count field of colour `c` (`EMPTY`, `BLACK`, `WHITE`):
/// four bits each, empty in bits 0–3.
#[inline]
const fn unit(c: u8) -> u16 {
    1 << (4 * c)
}
/// The empty-neighbour field.
const EMPTY_MASK: u16 = 0xF;

/// The neighbour-count field of `c`'s opponent.
#[inline]
const fn opponent_mask(c: u8) -> u16 {
    0xF << (4 * (3 - c))
}

/// The candidate set of colour `c`: 0 for `BLACK`, 1 for `WHITE`.
#[inline]
fn side(c: u8) -> usize {
    usize::from(c == WHITE)
}

/// What a chain keeps at its head.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Chain {
    /// Pseudo-liberties: (stone, empty neighbour) contacts.
    libs: u16,
    /// Stones.
    size: u16,
    /// The sum of those liberty points' indices.
    sum: u32,
    /// The sum of their squares.
    squares: u32,
}

impl Chain {
    /// Exactly one liberty (see the module docs); with the `PSEUDO_AS_EXACT`
    /// slip, a pseudo-liberty count of 1.
    #[inline]
    fn atari<const SLIP: u8>(self) -> bool {
        if SLIP == PSEUDO_AS_EXACT {
            return self.libs == 1;
        }
        let sum = u64::from(self.sum);
        (u64::from(self.libs) * u64::from(self.squares) == sum * sum) & (self.libs > 0)
    }

    /// The one liberty of a chain in atari.
    #[inline]
    fn last_liberty(self) -> usize {
        (self.sum / u32::from(self.libs.max(1))) as usize
    }

    /// One (stone, empty point `q`) contact more.
    #[inline]
    fn gain(&mut self, q: usize) {
        self.libs = self.libs.wrapping_add(1);
        self.sum = self.sum.wrapping_add(q as u32);
        self.squares = self.squares.wrapping_add((q * q) as u32);
    }

    /// One contact with `q` fewer (wrapping: a slipped board may hold a
    /// stale count).
    #[inline]
    fn lose(&mut self, q: usize) {
        self.libs = self.libs.wrapping_sub(1);
        self.sum = self.sum.wrapping_sub(q as u32);
        self.squares = self.squares.wrapping_sub((q * q) as u32);
    }
}

/// A rows×cols board (1 to [`MAX_N`] each way) for random playouts, on the
/// engine's padded layout (the same point indices as [`Board`]).
/// `SLIP` is [`NO_SLIP`] except in the tests' wrong variants.
///
/// One fixed-size array per field, indexed `& MASK` (one plain load per
/// question, no bounds checks); only the first `len` entries (the padded
/// board) are points, so `clone_from` and `==` look at those.
#[derive(Debug)]
pub struct FastBoard<const SLIP: u8 = NO_SLIP> {
    rows: usize,
    cols: usize,
    stride: usize,
    /// Padded points in use.
    len: usize,
    /// `EMPTY`, `BLACK`, `WHITE` or `WALL`.
    colour: Box<[u8; SIZE]>,
    /// Empty, black and white neighbours, four bits each (meaningless on
    /// walls).
    nbr: Box<[u16; SIZE]>,
    /// The chain head of a stone; `NONE` for empty points and walls.
    head: Box<[u16; SIZE]>,
    /// The next stone of the same chain (a circular list; left as it was
    /// when the chain is captured).
    next: Box<[u16; SIZE]>,
    /// An empty point's place in black's and white's candidate sets, or
    /// `NONE`.
    slot: Box<[[u16; 2]; SIZE]>,
    /// At a head: the chain's counts.
    chain: Box<[Chain; SIZE]>,
    /// Black's and white's candidates, each point once, in no order: the
    /// first `count[k]` entries of `cands[k]`.
    cands: Box<[[u16; SIZE]; 2]>,
    count: [usize; 2],
    /// The old last liberties of chains a capture took out of atari.
    dirty: Vec<u16>,
}

impl<const SLIP: u8> Clone for FastBoard<SLIP> {
    fn clone(&self) -> Self {
        FastBoard {
            rows: self.rows,
            cols: self.cols,
            stride: self.stride,
            len: self.len,
            colour: self.colour.clone(),
            nbr: self.nbr.clone(),
            head: self.head.clone(),
            next: self.next.clone(),
            slot: self.slot.clone(),
            chain: self.chain.clone(),
            cands: self.cands.clone(),
            count: self.count,
            dirty: Vec::with_capacity(self.dirty.capacity()),
        }
    }

    /// Copies only the entries in use (the larger of the two boards').
    fn clone_from(&mut self, from: &Self) {
        let used = self.len.max(from.len);
        self.colour[..used].copy_from_slice(&from.colour[..used]);
        self.nbr[..used].copy_from_slice(&from.nbr[..used]);
        self.head[..used].copy_from_slice(&from.head[..used]);
        self.next[..used].copy_from_slice(&from.next[..used]);
        self.slot[..used].copy_from_slice(&from.slot[..used]);
        self.chain[..used].copy_from_slice(&from.chain[..used]);
        for k in 0..2 {
            let listed = self.count[k].max(from.count[k]);
            self.cands[k][..listed].copy_from_slice(&from.cands[k][..listed]);
        }
        (self.rows, self.cols, self.stride, self.len) =
            (from.rows, from.cols, from.stride, from.len);
        self.count = from.count;
    }
}

impl<const SLIP: u8> PartialEq for FastBoard<SLIP> {
    /// The same board kept the same way (the entries in use).
    fn eq(&self, other: &Self) -> bool {
        let n = self.len;
        (self.rows, self.cols, self.count) == (other.rows, other.cols, other.count)
            && self.colour[..n] == other.colour[..n]
            && self.nbr[..n] == other.nbr[..n]
            && self.head[..n] == other.head[..n]
            && self.next[..n] == other.next[..n]
            && self.slot[..n] == other.slot[..n]
            && self.chain[..n] == other.chain[..n]
            && (0..2).all(|k| self.cands[k][..self.count[k]] == other.cands[k][..other.count[k]])
    }
}

impl<const SLIP: u8> Eq for FastBoard<SLIP> {}

impl<const SLIP: u8> FastBoard<SLIP> {
    /// An empty board. Panics unless `1 <= rows, cols <= MAX_N`.
    pub fn new(rows: usize, cols: usize) -> Self {
        assert!(
            (1..=MAX_N).contains(&rows) && (1..=MAX_N).contains(&cols),
            "board sides must be 1..={MAX_N}"
        );
        let stride = cols + 1;
        let mut b = FastBoard {
            rows,
            cols,
            stride,
            len: (rows + 2) * stride + 1,
            colour: Box::new([WALL; SIZE]),
            nbr: Box::new([0; SIZE]),
            head: Box::new([NONE; SIZE]),
            next: Box::new([NONE; SIZE]),
            slot: Box::new([[NONE; 2]; SIZE]),
            chain: Box::new([Chain::default(); SIZE]),
            cands: Box::new([[NONE; SIZE]; 2]),
            count: [0; 2],
            dirty: Vec::with_capacity(64),
        };
        for r in 0..rows {
            for c in 0..cols {
                let p = b.point(r, c);
                b.colour[p] = EMPTY;
            }
        }
        for r in 0..rows {
            for c in 0..cols {
                let p = b.point(r, c);
                let free = b.neighbours(p).into_iter().filter(|&q| b.col(q) == EMPTY);
                b.nbr[p] = free.count() as u16 * unit(EMPTY);
                b.refresh(p);
            }
        }
        b
    }

    /// The index of the point at `row`, `col` (both inside the board); the
    /// same as [`Board::point`].
    #[inline]
    pub fn point(&self, row: usize, col: usize) -> usize {
        (row + 1) * self.stride + col + 1
    }

    /// The (row, col) of point index `p`.
    pub fn row_col(&self, p: usize) -> (usize, usize) {
        (p / self.stride - 1, p % self.stride - 1)
    }

    #[inline(always)]
    fn col(&self, p: usize) -> u8 {
        self.colour[p & MASK]
    }

    #[inline(always)]
    fn nbr_at(&self, p: usize) -> u16 {
        self.nbr[p & MASK]
    }

    #[inline(always)]
    fn head_at(&self, p: usize) -> usize {
        usize::from(self.head[p & MASK])
    }

    #[inline(always)]
    fn next_at(&self, p: usize) -> usize {
        usize::from(self.next[p & MASK])
    }

    #[inline(always)]
    fn chain_at(&self, h: usize) -> Chain {
        self.chain[h & MASK]
    }

    #[inline(always)]
    fn chain_mut(&mut self, h: usize) -> &mut Chain {
        &mut self.chain[h & MASK]
    }

    /// What is at index `p`: `EMPTY`, `BLACK`, `WHITE`, or 3 for off-board.
    #[inline]
    pub fn colour(&self, p: usize) -> u8 {
        if p < self.len { self.col(p) } else { WALL }
    }

    /// The candidates of `c` (`BLACK` or `WHITE`): its legal moves that do
    /// not fill its own one-point eye, in no particular order.
    pub fn candidates(&self, c: u8) -> &[u16] {
        let k = side(c);
        &self.cands[k][..self.count[k]]
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

    #[inline(always)]
    fn neighbours(&self, p: usize) -> [usize; 4] {
        [
            p.wrapping_sub(self.stride),
            p.wrapping_sub(1),
            p + 1,
            p + self.stride,
        ]
    }

    /// Whether the chain of the stone at index `p` has exactly one liberty.
    pub fn in_atari(&self, p: usize) -> bool {
        let head = self.head_at(p);
        p < self.len && head != usize::from(NONE) && self.chain_at(head).atari::<SLIP>()
    }

    /// Legality at the empty point `p` with no empty neighbour, bit 0 for
    /// black and bit 1 for white: a friendly chain with a liberty besides `p`, or an
    /// opponent chain whose last liberty is `p` (its capture frees a
    /// neighbour).
    #[inline]
    fn legal_when_closed(&self, p: usize) -> u32 {
        // What a neighbour gives, by (colour, atari): two bits (black's,
        // white's legality) at `2 · (2 · colour + atari)`. Empty and wall:
        // nothing; a black chain: black's if not in atari, else white's (a
        // capture); a white chain the other way round. Branch-free: the
        // scratch entry of `NONE` may read as anything and gives nothing.
        const GIVES: u32 = 0b00_00_01_10_10_01_00_00;
        let mut legal = 0;
        for q in self.neighbours(p) {
            let colour = u32::from(self.col(q));
            let atari = u32::from(self.chain_at(self.head_at(q)).atari::<SLIP>());
            legal |= GIVES >> (2 * (2 * colour + atari));
        }
        legal & 3
    }

    /// Whether `c` may play at index `p` (empty and not suicide).
    pub fn is_legal(&self, p: usize, c: u8) -> bool {
        p < self.len
            && self.col(p) == EMPTY
            && (self.nbr_at(p) & EMPTY_MASK != 0 || self.legal_when_closed(p) >> side(c) & 1 != 0)
    }

    /// A one-point eye of `c`: `p` is empty and every on-board neighbour is `c`.
    pub fn is_eye(&self, p: usize, c: u8) -> bool {
        p < self.len
            && self.col(p) == EMPTY
            && self.nbr_at(p) & (EMPTY_MASK | opponent_mask(c)) == 0
    }

    /// Adds `p` to the candidates of side `k`.
    #[inline(always)]
    fn enlist(&mut self, p: usize, k: usize) {
        let n = self.count[k];
        self.slot[p & MASK][k] = n as u16;
        self.cands[k][n & MASK] = p as u16;
        self.count[k] = n + 1;
    }

    /// Takes `p` out of the candidates of side `k` (the last one fills its
    /// place).
    #[inline(always)]
    fn delist(&mut self, p: usize, k: usize) {
        let i = self.slot[p & MASK][k];
        self.slot[p & MASK][k] = NONE;
        let n = self.count[k] - 1;
        self.count[k] = n;
        let last = self.cands[k][n & MASK];
        self.cands[k][usize::from(i) & MASK] = last;
        if usize::from(last) != p {
            self.slot[usize::from(last) & MASK][k] = i;
        }
    }

    /// Brings the empty point `p`'s membership of both candidate sets up to
    /// date (anything else is skipped). An empty neighbour makes `p` a
    /// candidate of both; with none, it is one of `c` when legal for `c`
    /// and not `c`'s eye (it has an opponent neighbour).
    #[inline(always)]
    fn refresh(&mut self, p: usize) {
        if self.col(p) != EMPTY {
            return;
        }
        if self.nbr_at(p) & EMPTY_MASK != 0 {
            for k in 0..2 {
                if self.slot[p & MASK][k] == NONE {
                    self.enlist(p, k);
                }
            }
        } else {
            self.refresh_closed(p);
        }
    }

    /// [`Self::refresh`] for an empty point with no empty neighbour.
    #[inline(never)]
    fn refresh_closed(&mut self, p: usize) {
        let nbr = self.nbr_at(p);
        // A candidate of black needs a white neighbour (else it is black's
        // eye), and the other way round.
        let foes = u32::from(nbr & opponent_mask(BLACK) != 0)
            | u32::from(nbr & opponent_mask(WHITE) != 0) << 1;
        let want = self.legal_when_closed(p) & foes;
        let [b, w] = self.slot[p & MASK];
        let have = u32::from(b != NONE) | u32::from(w != NONE) << 1;
        let mut change = want ^ have;
        while change != 0 {
            let k = change.trailing_zeros() as usize;
            change &= change - 1;
            if want >> k & 1 != 0 {
                self.enlist(p, k);
            } else {
                self.delist(p, k);
            }
        }
    }

    /// Plays `c` at index `p` as [`Board::try_play`] does: the stone, the
    /// captures (their count returned); an occupied point (or a colour
    /// other than `BLACK`/`WHITE`) or a suicide is refused and changes
    /// nothing.
    pub fn try_play(&mut self, p: usize, c: u8) -> Result<u32, Illegal> {
        if p >= self.len || self.col(p) != EMPTY || !(c == BLACK || c == WHITE) {
            return Err(Illegal::Occupied);
        }
        if !self.is_legal(p, c) {
            return Err(Illegal::Suicide);
        }
        Ok(self.place(p, c))
    }

    /// Places a legal move of `c` at the empty point `p`, updates the
    /// candidate sets; returns the stones captured.
    #[inline]
    fn place(&mut self, p: usize, c: u8) -> u32 {
        let around = self.nbr_at(p);
        for k in 0..2 {
            if self.slot[p & MASK][k] != NONE {
                self.delist(p, k);
            }
        }
        let delta = unit(c).wrapping_sub(unit(EMPTY));
        let mut own = Chain {
            size: 1,
            ..Chain::default()
        };
        let nbrs = self.neighbours(p);
        // The empty neighbours this stone closed (no empty neighbour left):
        // the only ones of them that may stop being candidates; the others
        // stay open, candidates of both.
        let mut closed = 0u32;
        // And which neighbours are friends, which foes (bit `i` for
        // `nbrs[i]`).
        let (mut friends, mut foes) = (0u32, 0u32);
        let opp = 3 - c;
        // Branch-free: an empty neighbour adds a liberty to the stone, any
        // neighbour takes one contact from its chain (empty points and
        // walls name `NONE`, whose entry `NONE & MASK` is no point's, a
        // scratch entry never read).
        for (i, q) in nbrs.into_iter().enumerate() {
            let n = self.nbr_at(q).wrapping_add(delta);
            self.nbr[q & MASK] = n;
            let colour = self.col(q);
            let empty = colour == EMPTY;
            closed |= u32::from(empty & (n & EMPTY_MASK == 0)) << i;
            friends |= u32::from(colour == c) << i;
            foes |= u32::from(colour == opp) << i;
            let e = 0u32.wrapping_sub(u32::from(empty));
            own.libs += u16::from(empty);
            own.sum += e & q as u32;
            own.squares += e & (q * q) as u32;
            let h = self.head_at(q);
            self.chain_mut(h).lose(p);
        }
        self.colour[p & MASK] = c;
        self.head[p & MASK] = p as u16;
        self.next[p & MASK] = p as u16;
        *self.chain_mut(p) = own;
        let mut mine = p;
        while friends != 0 {
            let head = self.head_at(nbrs[friends.trailing_zeros() as usize]);
            friends &= friends - 1;
            if head != mine {
                mine = self.merge(head, mine);
            }
        }
        // Each opponent chain next to the stone is captured (no liberty
        // left) or, if now in atari, its last liberty is rechecked below
        // (captures elsewhere cannot touch it: the captured stones are its
        // colour, and not in its chain).
        let mut captured = 0;
        let mut freed = [NONE; 4];
        let mut ataris = [NONE; 4];
        while foes != 0 {
            let i = foes.trailing_zeros() as usize;
            foes &= foes - 1;
            let q = nbrs[i];
            // An earlier capture may have taken this stone's chain.
            if self.col(q) == opp {
                let head = self.head_at(q);
                let ch = self.chain_at(head);
                if ch.libs == 0 {
                    captured += self.remove_chain(head);
                    freed[i] = head as u16;
                } else if ch.atari::<SLIP>() {
                    ataris[i] = ch.last_liberty() as u16;
                }
            }
        }
        // Rechecks, now the board is final: the neighbours closed, the
        // freed points, the last liberty of each chain next to the stone
        // now in atari (the opponent's above, and its own below; those in
        // atari before had `p` as their last liberty and are merged or
        // captured), then the old last liberties `remove_chain` listed.
        while closed != 0 {
            let i = closed.trailing_zeros() as usize;
            closed &= closed - 1;
            self.refresh(nbrs[i]);
        }
        if captured > 0 {
            for h in freed {
                if h != NONE {
                    let h = usize::from(h);
                    let mut s = h;
                    loop {
                        self.refresh(s);
                        s = self.next_at(s);
                        if s == h {
                            break;
                        }
                    }
                }
            }
        }
        for q in ataris {
            if q != NONE {
                self.refresh(usize::from(q));
            }
        }
        // Two empty neighbours are two liberties.
        if around & EMPTY_MASK < 2 {
            let me = self.chain_at(mine);
            if me.atari::<SLIP>() {
                self.refresh(me.last_liberty());
            }
        }
        while let Some(q) = self.dirty.pop() {
            self.refresh(usize::from(q));
        }
        captured
    }

    /// Joins the chains with heads `a` and `b`: the smaller one's stones are
    /// relabelled; the counts simply add. Returns the joined chain's head.
    #[inline]
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.chain_at(a).size >= self.chain_at(b).size {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s & MASK] = big as u16;
            s = self.next_at(s);
            if s == small {
                break;
            }
        }
        // Swapping the successors of one node of each cycle splices them.
        let (nb, ns) = (self.next[big & MASK], self.next[small & MASK]);
        self.next[big & MASK] = ns;
        self.next[small & MASK] = nb;
        let add = self.chain_at(small);
        let ch = self.chain_mut(big);
        ch.libs = ch.libs.wrapping_add(add.libs);
        ch.sum = ch.sum.wrapping_add(add.sum);
        ch.squares = ch.squares.wrapping_add(add.squares);
        ch.size = ch.size.wrapping_add(add.size);
        big
    }

    /// Removes the chain with head `h` (its `next` cycle stays, for the
    /// rechecks), listing in `dirty` the old last liberty of each
    /// neighbouring chain it takes out of atari; returns its number of
    /// stones.
    fn remove_chain(&mut self, h: usize) -> u32 {
        let delta = unit(EMPTY).wrapping_sub(unit(self.col(h)));
        let mut s = h;
        loop {
            self.colour[s & MASK] = EMPTY;
            self.head[s & MASK] = NONE;
            for q in self.neighbours(s) {
                self.nbr[q & MASK] = self.nbr_at(q).wrapping_add(delta);
                // Stones of this chain not yet removed still name `h`; they,
                // empty points and walls give their contact to the scratch
                // entry (branch-free).
                let hq = self.head_at(q);
                let real = hq != h && hq != usize::from(NONE);
                if SLIP != NO_LIBERTIES_BACK {
                    let ch = self.chain_mut(if real { hq } else { usize::from(NONE) });
                    let before = *ch;
                    ch.gain(s);
                    if SLIP != STALE_LAST_LIBERTY && real & before.atari::<SLIP>() {
                        self.dirty.push(before.last_liberty() as u16);
                    }
                }
            }
            s = self.next_at(s);
            if s == h {
                break;
            }
        }
        u32::from(self.chain_at(h).size)
    }

    /// A random legal move of `c` that does not fill its own one-point eye,
    /// uniform among all such moves; `None` (pass) when there is none.
    ///
    /// Uniform because the candidate set of `c` holds exactly those moves,
    /// each once (the invariant [`agrees_with_engine`] checks after every
    /// move), and one index into it is drawn with [`Rng::below`], the
    /// engine's own draw: no rejection, no scan, and no bias from the
    /// set's order (any order gives each member the same chance).
    #[inline]
    pub fn choose_move(&mut self, c: u8, rng: &mut Rng) -> Option<usize> {
        let k = side(c);
        let n = self.count[k];
        (n > 0).then(|| self.cands[k][rng.below(n) & MASK] as usize)
    }

    /// Plays a random game, `first` to move, at most `cap` turns (moves and
    /// passes), with the definition of [`super::playout::playout`].
    pub fn playout(&mut self, first: u8, cap: usize, rng: &mut Rng) -> Played {
        super::playout::game(first, cap, |colour| {
            let p = self.choose_move(colour, rng)?;
            Some(self.place(p, colour))
        })
    }
}

/// Plays one move sequence on a fast board (with slip `SLIP`) and on the
/// exact engine side by side, both starting empty on an n×n board, and
/// compares them after every move: the move's result (captures, or why it
/// was refused), every point, and for every empty point and both colours
/// legality and eye status, and for every stone whether its chain is in
/// atari (exactly one liberty, from the engine's exact count), and both
/// candidate sets (each exactly the engine's legal moves that fill no own
/// eye, each point once at its recorded place); a drawn move must be a
/// candidate of the engine's, and a pass leave none. Black moves
/// first and the colours alternate. Each step `s` picks the move: `s % 4
/// == 0` any point at all (occupied and suicide included), `1` any empty
/// point, otherwise the fast board's own playout choice from a generator
/// seeded with `s` (a pass when it has none). The first difference, if any.
pub fn agrees_with_engine<const SLIP: u8>(n: usize, steps: &[u32]) -> Result<(), String> {
    let mut fast = FastBoard::<SLIP>::new(n, n);
    let mut exact = Board::new(n, n);
    let mut colour = BLACK;
    for (i, &s) in steps.iter().enumerate() {
        let pick = (s / 4) as usize;
        let at = match s % 4 {
            0 => Some(fast.point(pick / n % n, pick % n)),
            1 => {
                let e = exact.empties();
                (!e.is_empty()).then(|| e[pick % e.len()] as usize)
            }
            _ => {
                let chosen = fast.choose_move(colour, &mut Rng::new(u64::from(s)));
                let good = |p: usize| exact.is_legal(p, colour) && !exact.is_eye(p, colour);
                let any = exact.empties().iter().any(|&e| good(e as usize));
                match chosen {
                    Some(p) if !good(p) => {
                        let (r, c) = fast.row_col(p);
                        return Err(format!(
                            "step {i}: colour {colour} drew ({r}, {c}), no candidate"
                        ));
                    }
                    None if any => {
                        return Err(format!("step {i}: colour {colour} passed with a move left"));
                    }
                    _ => chosen,
                }
            }
        };
        if let Some(p) = at {
            let (got, want) = (fast.try_play(p, colour), exact.try_play(p, colour));
            if got != want {
                let (r, c) = fast.row_col(p);
                return Err(format!(
                    "step {i}: colour {colour} at ({r}, {c}): fast {got:?}, engine {want:?}"
                ));
            }
        }
        if fast.cells() != exact.cells() {
            return Err(format!("step {i}: the boards differ"));
        }
        for who in [BLACK, WHITE] {
            let k = side(who);
            let listed = fast.candidates(who);
            let placed = listed
                .iter()
                .enumerate()
                .all(|(at, &e)| fast.slot[e as usize][k] as usize == at);
            let stray = fast.slot[..fast.len]
                .iter()
                .enumerate()
                .any(|(p, s)| s[k] != NONE && listed.get(s[k] as usize) != Some(&(p as u16)));
            let mut got = listed.to_vec();
            got.sort_unstable();
            let mut want: Vec<u16> = exact
                .empties()
                .iter()
                .copied()
                .filter(|&e| exact.is_legal(e as usize, who) && !exact.is_eye(e as usize, who))
                .collect();
            want.sort_unstable();
            if !placed || stray || got != want {
                return Err(format!(
                    "step {i}: the candidates of colour {who} are wrong"
                ));
            }
        }
        for r in 0..n {
            for c in 0..n {
                let p = fast.point(r, c);
                if exact.colour(p) == EMPTY {
                    for who in [BLACK, WHITE] {
                        if fast.is_legal(p, who) != exact.is_legal(p, who)
                            || fast.is_eye(p, who) != exact.is_eye(p, who)
                        {
                            return Err(format!(
                                "step {i}: legality of colour {who} at ({r}, {c}) differs"
                            ));
                        }
                    }
                } else if fast.in_atari(p) != (exact.liberty_count(p) == 1) {
                    return Err(format!(
                        "step {i}: atari of the chain at ({r}, {c}) differs"
                    ));
                }
            }
        }
        colour = 3 - colour;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capture_and_suicide_on_a_small_board() {
        let mut b = FastBoard::<NO_SLIP>::new(2, 2);
        for (r, c, who) in [(0, 0, BLACK), (1, 1, WHITE), (1, 0, BLACK)] {
            let p = b.point(r, c);
            b.try_play(p, who).unwrap();
        }
        // (1, 1) white is in atari and black at (0, 1) captures it.
        let p = b.point(1, 1);
        assert!(b.in_atari(p));
        let q = b.point(0, 1);
        assert_eq!(b.try_play(q, BLACK), Ok(1));
        assert_eq!(b.cells(), vec![1, 1, 1, 0]);
        // Black filling its last liberty is suicide; White there captures all three.
        let last = b.point(1, 1);
        assert!(b.is_eye(last, BLACK));
        assert_eq!(b.try_play(last, BLACK), Err(Illegal::Suicide));
        assert_eq!(b.try_play(last, WHITE), Ok(3));
        assert_eq!(b.cells(), vec![0, 0, 0, 2]);
    }

    #[test]
    fn one_point_board_passes_at_once() {
        let mut b = FastBoard::<NO_SLIP>::new(1, 1);
        let played = b.playout(BLACK, 3, &mut Rng::new(1));
        assert_eq!(played.moves, 0);
        assert!(played.both_passed);
    }

    /// The draw is uniform over the candidates, on a fixed position with
    /// every kind of point: open ones (rows 3 and 4), (0, 0) where Black
    /// captures and White would fill its own eye, (0, 3) Black's eye and
    /// White's suicide, (2, 3) closed next to both colours and legal for
    /// both. 40 000 draws per colour with a fixed seed: nothing else ever
    /// drawn, each candidate's count within 6 % of the mean (about 4.5
    /// standard deviations) and the chi-square statistic below 40 (7 or 6
    /// degrees of freedom: a 10⁻⁵ tail is about 30). A draw biased towards
    /// some points (say "the first candidate after a random place") fails.
    #[test]
    fn draws_are_uniform_over_the_candidates() {
        // . W B .
        // W W B B
        // B B B .
        // . B . W
        // . . . .
        let (rows, cols) = (5, 4);
        let mut b = FastBoard::<NO_SLIP>::new(rows, cols);
        let white = [(0, 1), (1, 0), (1, 1), (3, 3)];
        let black = [(0, 2), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2), (3, 1)];
        for (who, stones) in [(WHITE, &white[..]), (BLACK, &black[..])] {
            for &(r, c) in stones {
                let p = b.point(r, c);
                assert_eq!(b.try_play(p, who), Ok(0));
            }
        }
        let exact = Board::from_cells(rows, cols, &b.cells()).unwrap();
        let mut rng = Rng::new(2024);
        for (who, expected) in [(BLACK, 8), (WHITE, 7)] {
            let mut want: Vec<usize> = exact
                .empties()
                .iter()
                .map(|&e| e as usize)
                .filter(|&e| exact.is_legal(e, who) && !exact.is_eye(e, who))
                .collect();
            want.sort_unstable();
            assert_eq!(want.len(), expected, "colour {who}");
            let draws = 40_000;
            let mut seen = vec![0u32; b.len];
            for _ in 0..draws {
                seen[b.choose_move(who, &mut rng).unwrap()] += 1;
            }
            let mean = f64::from(draws) / want.len() as f64;
            let mut chi2 = 0.0;
            for (p, &k) in seen.iter().enumerate() {
                if want.binary_search(&p).is_ok() {
                    let off = f64::from(k) - mean;
                    assert!(
                        off.abs() < 0.06 * mean,
                        "colour {who}: {k} draws of {p}, mean {mean}"
                    );
                    chi2 += off * off / mean;
                } else {
                    assert_eq!(k, 0, "colour {who} drew {p}, no candidate");
                }
            }
            assert!(chi2 < 40.0, "colour {who}: chi-square {chi2}");
        }
        let (corner, eye) = (b.point(0, 0) as u16, b.point(0, 3) as u16);
        assert!(b.candidates(BLACK).contains(&corner));
        assert!(!b.candidates(WHITE).contains(&corner));
        assert!(!b.candidates(BLACK).contains(&eye) && !b.candidates(WHITE).contains(&eye));
    }
}
