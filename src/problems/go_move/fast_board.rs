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
//! the points are equal), and none iff the count is 0.
//!
//! Each point also keeps how many of its neighbours are empty, black and
//! white (four bits each), so the usual questions take one load: an empty
//! neighbour means legal; no empty and no opponent neighbour means a
//! one-point eye. The list of empty points is kept in three segments,
//! black's eyes, the rest, white's eyes (a point moves when its counts
//! change), so a draw for one colour never sees its own eyes: a few
//! uniform draws from the run left, each taken if legal, then a scan of
//! the whole run for its candidates; either way the move is uniform among
//! the legal moves that do not fill the mover's own eye, and a pass is
//! declared only when there is none.
//!
//! The exact engine stays the reference: [`agrees_with_engine`] plays any
//! move sequence on both and compares them after every move. The `SLIP`
//! parameter threads deliberate bookkeeping slips through the same code
//! ([`NO_LIBERTIES_BACK`], [`PSEUDO_AS_EXACT`]); the tests show the
//! comparison catches both.

use super::engine::{Board, Illegal};
use super::playout::{Played, Rng};
use super::{BLACK, EMPTY, MAX_N, WHITE};

/// Off-board padding around the points.
const WALL: u8 = 3;
/// No chain (empty points and walls).
const NONE: u16 = u16::MAX;

/// The playout board itself: no slip.
pub const NO_SLIP: u8 = 0;
/// A wrong variant: a capture gives no pseudo-liberties back to the chains
/// next to the freed points.
pub const NO_LIBERTIES_BACK: u8 = 1;
/// A wrong variant: a chain is taken to be in atari only when its
/// pseudo-liberty count is 1 (a single liberty touched twice is missed).
pub const PSEUDO_AS_EXACT: u8 = 2;

/// The neighbour-count field of colour `c` (`EMPTY`, `BLACK`, `WHITE`):
/// four bits each, empty in bits 0–3.
#[inline]
const fn unit(c: u8) -> u16 {
    1 << (4 * c)
}
/// The empty-neighbour field.
const EMPTY_MASK: u16 = 0xF;
/// Draws with rejection before a move's candidates are listed.
const QUICK_TRIES: usize = 6;

/// What a chain keeps at its head.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Chain {
    /// Pseudo-liberties: (stone, empty neighbour) contacts.
    libs: u32,
    /// The sum of those liberty points' indices.
    sum: u32,
    /// The sum of their squares.
    squares: u32,
    /// Stones.
    size: u32,
}

/// What a point keeps, together so one bounds check and one cache line
/// serve all of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pt {
    /// `EMPTY`, `BLACK`, `WHITE` or `WALL`.
    colour: u8,
    /// Empty, black and white neighbours, four bits each (meaningless on
    /// walls).
    nbr: u16,
    /// The chain head of a stone; `NONE` for empty points and walls.
    head: u16,
    /// The next stone of the same chain (a circular list).
    next: u16,
    /// An empty point's place in `empties`.
    at: u16,
}

/// A rows×cols board (1 to [`MAX_N`] each way) for random playouts, on the
/// engine's padded layout (the same point indices as [`Board`]).
/// `SLIP` is [`NO_SLIP`] except in the tests' wrong variants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FastBoard<const SLIP: u8 = NO_SLIP> {
    rows: usize,
    cols: usize,
    stride: usize,
    pts: Vec<Pt>,
    /// At a head: the chain's counts.
    chain: Vec<Chain>,
    /// Every empty point once, in three segments: black's one-point eyes
    /// (`..black_eyes`), the rest, white's eyes (`white_eyes..`); in no
    /// order within a segment.
    empties: Vec<u16>,
    /// The end of black's eyes in `empties`.
    black_eyes: usize,
    /// The start of white's eyes in `empties`.
    white_eyes: usize,
    /// The draw's buffer: the candidates, when they are listed.
    takes: Vec<u16>,
}

impl<const SLIP: u8> FastBoard<SLIP> {
    /// An empty board. Panics unless `1 <= rows, cols <= MAX_N`.
    pub fn new(rows: usize, cols: usize) -> Self {
        assert!(
            (1..=MAX_N).contains(&rows) && (1..=MAX_N).contains(&cols),
            "board sides must be 1..={MAX_N}"
        );
        let stride = cols + 1;
        let len = (rows + 2) * stride + 1;
        let wall = Pt {
            colour: WALL,
            nbr: 0,
            head: NONE,
            next: NONE,
            at: NONE,
        };
        let mut b = FastBoard {
            rows,
            cols,
            stride,
            pts: vec![wall; len],
            chain: vec![Chain::default(); len],
            empties: Vec::with_capacity(rows * cols),
            black_eyes: 0,
            white_eyes: 0,
            takes: Vec::with_capacity(rows * cols),
        };
        for r in 0..rows {
            for c in 0..cols {
                let p = b.point(r, c);
                b.pts[p].colour = EMPTY;
            }
        }
        for r in 0..rows {
            for c in 0..cols {
                let p = b.point(r, c);
                let free = b
                    .neighbours(p)
                    .into_iter()
                    .filter(|&q| b.pts[q].colour == EMPTY);
                b.pts[p].nbr = free.count() as u16 * unit(EMPTY);
                b.add_empty(p);
            }
        }
        b
    }

    /// The segment an empty point with neighbour counts `nbr` belongs in:
    /// `BLACK` or `WHITE` for that colour's eye, `EMPTY` for the rest. (A
    /// point with no on-board neighbour, on 1×1, is an eye of both: it goes
    /// with black's, and is no move for White either.)
    #[inline]
    fn segment_of(nbr: u16) -> u8 {
        if nbr & (EMPTY_MASK | 0xF << (4 * WHITE)) == 0 {
            BLACK
        } else if nbr & (EMPTY_MASK | 0xF << (4 * BLACK)) == 0 {
            WHITE
        } else {
            EMPTY
        }
    }

    /// The segment of place `i` in `empties`.
    #[inline]
    fn segment_at(&self, i: usize) -> u8 {
        if i < self.black_eyes {
            BLACK
        } else if i < self.white_eyes {
            EMPTY
        } else {
            WHITE
        }
    }

    #[inline]
    fn swap_places(&mut self, i: usize, j: usize) {
        let (a, b) = (self.empties[i], self.empties[j]);
        self.empties[i] = b;
        self.pts[b as usize].at = i as u16;
        self.empties[j] = a;
        self.pts[a as usize].at = j as u16;
    }

    /// Moves the listed empty point `p` into segment `to`, one boundary at a
    /// time (the eye segments are at the two ends).
    fn move_to(&mut self, p: usize, to: u8) {
        let mut i = self.pts[p].at as usize;
        let mut from = self.segment_at(i);
        while from != to {
            match from {
                BLACK => {
                    self.black_eyes -= 1;
                    self.swap_places(i, self.black_eyes);
                    i = self.black_eyes;
                }
                WHITE => {
                    self.swap_places(i, self.white_eyes);
                    i = self.white_eyes;
                    self.white_eyes += 1;
                }
                _ if to == BLACK => {
                    self.swap_places(i, self.black_eyes);
                    i = self.black_eyes;
                    self.black_eyes += 1;
                }
                _ => {
                    self.white_eyes -= 1;
                    self.swap_places(i, self.white_eyes);
                    i = self.white_eyes;
                }
            }
            from = self.segment_at(i);
        }
    }

    /// Puts the empty point `p` into the segment its neighbours call for.
    #[inline]
    fn resegment(&mut self, p: usize) {
        let to = Self::segment_of(self.pts[p].nbr);
        if to != self.segment_at(self.pts[p].at as usize) {
            self.move_to(p, to);
        }
    }

    /// Lists the empty point `p` (at the end, then in its segment).
    fn add_empty(&mut self, p: usize) {
        self.pts[p].at = self.empties.len() as u16;
        self.empties.push(p as u16);
        self.resegment(p);
    }

    /// Unlists the empty point `p`.
    fn remove_empty(&mut self, p: usize) {
        self.move_to(p, WHITE);
        let last = self.empties.len() - 1;
        self.swap_places(self.pts[p].at as usize, last);
        self.empties.pop();
        self.pts[p].at = NONE;
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

    /// What is at index `p`: `EMPTY`, `BLACK`, `WHITE`, or 3 for off-board.
    #[inline]
    pub fn colour(&self, p: usize) -> u8 {
        self.pts[p].colour
    }

    /// The empty points, in no particular order.
    pub fn empties(&self) -> &[u16] {
        &self.empties
    }

    /// The points row-major as `EMPTY`/`BLACK`/`WHITE`.
    pub fn cells(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.rows * self.cols);
        for r in 0..self.rows {
            for c in 0..self.cols {
                out.push(self.pts[self.point(r, c)].colour);
            }
        }
        out
    }

    #[inline]
    fn neighbours(&self, p: usize) -> [usize; 4] {
        [p - self.stride, p - 1, p + 1, p + self.stride]
    }

    /// Whether the chain with head `h` has exactly one liberty.
    #[inline]
    fn atari_at(&self, h: usize) -> bool {
        let ch = self.chain[h];
        if SLIP == PSEUDO_AS_EXACT {
            return ch.libs == 1;
        }
        let sum = u64::from(ch.sum);
        u64::from(ch.libs) * u64::from(ch.squares) == sum * sum && ch.libs > 0
    }

    /// Whether the chain of the stone at index `p` has exactly one liberty.
    pub fn in_atari(&self, p: usize) -> bool {
        self.pts[p].head != NONE && self.atari_at(self.pts[p].head as usize)
    }

    /// Legality at the empty point `p` with no empty neighbour: a friendly
    /// chain with a liberty besides `p`, or an opponent chain whose last
    /// liberty is `p` (its capture frees a neighbour).
    #[inline]
    fn legal_when_closed(&self, p: usize, c: u8) -> bool {
        self.neighbours(p).into_iter().any(|q| {
            let Pt { colour, head, .. } = self.pts[q];
            colour != WALL && (colour == c) != self.atari_at(head as usize)
        })
    }

    /// Whether `c` may play at index `p` (empty and not suicide).
    #[inline]
    pub fn is_legal(&self, p: usize, c: u8) -> bool {
        let pt = self.pts[p];
        pt.colour == EMPTY && (pt.nbr & EMPTY_MASK != 0 || self.legal_when_closed(p, c))
    }

    /// A one-point eye of `c`: `p` is empty and every on-board neighbour is `c`.
    #[inline]
    pub fn is_eye(&self, p: usize, c: u8) -> bool {
        let pt = self.pts[p];
        pt.colour == EMPTY && pt.nbr & (EMPTY_MASK | 0xF << (4 * (3 - c))) == 0
    }

    /// Plays `c` at index `p` as [`Board::try_play`] does: the stone, the
    /// captures (their count returned); an occupied point (or a colour
    /// other than `BLACK`/`WHITE`) or a suicide is refused and changes
    /// nothing.
    pub fn try_play(&mut self, p: usize, c: u8) -> Result<u32, Illegal> {
        if self.pts[p].colour != EMPTY || !(c == BLACK || c == WHITE) {
            return Err(Illegal::Occupied);
        }
        if !self.is_legal(p, c) {
            return Err(Illegal::Suicide);
        }
        Ok(self.place(p, c))
    }

    /// Places a legal move of `c` at the empty point `p`; returns the
    /// stones captured.
    fn place(&mut self, p: usize, c: u8) -> u32 {
        self.remove_empty(p);
        let delta = unit(c).wrapping_sub(unit(EMPTY));
        let (pv, p2) = (p as u32, (p * p) as u32);
        let mut own = Chain {
            size: 1,
            ..Chain::default()
        };
        for q in self.neighbours(p) {
            let pt = &mut self.pts[q];
            pt.nbr = pt.nbr.wrapping_add(delta);
            match pt.colour {
                EMPTY => {
                    own.libs += 1;
                    own.sum += q as u32;
                    own.squares += (q * q) as u32;
                    self.resegment(q);
                }
                WALL => {}
                _ => {
                    // One contact lost per adjacency (wrapping: a slipped
                    // board may hold a stale count).
                    let ch = &mut self.chain[pt.head as usize];
                    ch.libs = ch.libs.wrapping_sub(1);
                    ch.sum = ch.sum.wrapping_sub(pv);
                    ch.squares = ch.squares.wrapping_sub(p2);
                }
            }
        }
        let me = &mut self.pts[p];
        me.colour = c;
        me.head = p as u16;
        me.next = p as u16;
        self.chain[p] = own;
        for q in self.neighbours(p) {
            let (mine, theirs) = (self.pts[p].head, self.pts[q].head);
            if self.pts[q].colour == c && theirs != mine {
                self.merge(theirs as usize, mine as usize);
            }
        }
        let opp = 3 - c;
        let mut captured = 0;
        for q in self.neighbours(p) {
            let Pt { colour, head, .. } = self.pts[q];
            if colour == opp && self.chain[head as usize].libs == 0 {
                captured += self.remove_chain(head as usize);
            }
        }
        captured
    }

    /// Joins the chains with heads `a` and `b`: the smaller one's stones are
    /// relabelled; the counts simply add.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.chain[a].size >= self.chain[b].size {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            let pt = &mut self.pts[s];
            pt.head = big as u16;
            s = pt.next as usize;
            if s == small {
                break;
            }
        }
        // Swapping the successors of one node of each cycle splices them.
        let (nb, ns) = (self.pts[big].next, self.pts[small].next);
        self.pts[big].next = ns;
        self.pts[small].next = nb;
        let add = self.chain[small];
        let ch = &mut self.chain[big];
        ch.libs = ch.libs.wrapping_add(add.libs);
        ch.sum = ch.sum.wrapping_add(add.sum);
        ch.squares = ch.squares.wrapping_add(add.squares);
        ch.size += add.size;
    }

    /// Removes the chain with head `h`; returns its number of stones.
    fn remove_chain(&mut self, h: usize) -> u32 {
        let delta = unit(EMPTY).wrapping_sub(unit(self.pts[h].colour));
        let mut s = h;
        loop {
            let pt = &mut self.pts[s];
            pt.colour = EMPTY;
            pt.head = NONE;
            let next = pt.next as usize;
            self.add_empty(s);
            let (sv, s2) = (s as u32, (s * s) as u32);
            for q in self.neighbours(s) {
                let pt = &mut self.pts[q];
                pt.nbr = pt.nbr.wrapping_add(delta);
                let hq = pt.head;
                if pt.colour == EMPTY {
                    self.resegment(q);
                }
                // Stones of this chain not yet removed still name `h`.
                if SLIP != NO_LIBERTIES_BACK && hq != NONE && hq as usize != h {
                    let ch = &mut self.chain[hq as usize];
                    ch.libs = ch.libs.wrapping_add(1);
                    ch.sum = ch.sum.wrapping_add(sv);
                    ch.squares = ch.squares.wrapping_add(s2);
                }
            }
            s = next;
            if s == h {
                break;
            }
        }
        self.chain[h].size
    }

    /// A random legal move of `c` that does not fill its own one-point eye,
    /// uniform among all such moves; `None` (pass) when there is none.
    ///
    /// Its own eyes are never looked at: the points left (the rest and the
    /// opponent's eyes) are one run of `empties`. A few draws from that run,
    /// each taken if legal (rejection: uniform among the candidates); if
    /// they all miss, the whole run is scanned and one of its candidates
    /// taken at random, so a pass is declared only when there is none. Both
    /// stages pick each candidate with the same probability, so the mix
    /// does too.
    pub fn choose_move(&mut self, c: u8, rng: &mut Rng) -> Option<usize> {
        let (lo, hi) = if c == BLACK {
            (self.black_eyes, self.empties.len())
        } else {
            (0, self.white_eyes)
        };
        if lo == hi {
            return None;
        }
        let good = |b: &Self, p: usize| b.pts[p].nbr & EMPTY_MASK != 0 || b.legal_when_closed(p, c);
        for _ in 0..QUICK_TRIES {
            let p = self.empties[lo + rng.below(hi - lo)] as usize;
            if good(self, p) {
                return Some(p);
            }
        }
        self.takes.clear();
        for i in lo..hi {
            let p = self.empties[i];
            if good(self, p as usize) {
                self.takes.push(p);
            }
        }
        (!self.takes.is_empty()).then(|| self.takes[rng.below(self.takes.len())] as usize)
    }

    /// Plays a random game, `first` to move, at most `cap` turns (moves and
    /// passes), with the definition of [`super::playout::playout`].
    pub fn playout(&mut self, first: u8, cap: usize, rng: &mut Rng) -> Played {
        let mut colour = first;
        let mut passes = 0;
        let mut played = Played::default();
        for _ in 0..cap {
            match self.choose_move(colour, rng) {
                Some(p) => {
                    played.captured += self.place(p, colour) as usize;
                    played.moves += 1;
                    passes = 0;
                }
                None => {
                    passes += 1;
                    if passes == 2 {
                        played.both_passed = true;
                        break;
                    }
                }
            }
            colour = 3 - colour;
        }
        played
    }
}

/// Plays one move sequence on a fast board (with slip `SLIP`) and on the
/// exact engine side by side, both starting empty on an n×n board, and
/// compares them after every move: the move's result (captures, or why it
/// was refused), every point, and for every empty point and both colours
/// legality and eye status, and for every stone whether its chain is in
/// atari (exactly one liberty, from the engine's exact count), and the
/// list of empty points (each in the right segment); a drawn move must be a
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
        let (mut listed, mut want) = (fast.empties().to_vec(), exact.empties().to_vec());
        listed.sort_unstable();
        want.sort_unstable();
        let misplaced = fast.empties().iter().enumerate().any(|(at, &e)| {
            let pt = fast.pts[e as usize];
            pt.at as usize != at || FastBoard::<SLIP>::segment_of(pt.nbr) != fast.segment_at(at)
        });
        if listed != want || misplaced {
            return Err(format!("step {i}: the list of empty points is wrong"));
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
}
