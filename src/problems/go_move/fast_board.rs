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
//! neighbour means legal for both colours and an eye of neither; no empty
//! and no opponent neighbour means a one-point eye.
//!
//! The draw: the points that are no one's one-point eye are kept in one
//! set shared by both colours (an array with each point's place in it);
//! each colour also keeps a set of its captures into the opponent's eyes.
//! A move of `c` is drawn from the two without replacement: a uniform
//! index over both; a shared point that would be suicide for `c` (a rare
//! closed point between chains in atari) is swapped out of the range, a
//! capture entry no longer valid is dropped, and the draw repeated; so the
//! first move accepted is uniform among `c`'s legal non-eye moves, and a
//! pass is declared only when none is left (see [`FastBoard::choose_move`]).
//! Eyes are the bulk of the empty points late in a game, so keeping them
//! out of the draw keeps rejections rare.
//!
//! Whether a point is an eye depends only on its neighbours' colours, so
//! the shared set changes only where those do: the stone leaves it, an
//! empty neighbour the stone closes with only the mover's stones around
//! becomes the mover's eye and leaves it, and freed points join it (a
//! single freed point is the capturer's eye and does not). The capture
//! sets are kept lazily: an eye of `x` is a legal move of the other colour
//! only when a chain of `x` next to it is in atari, and that can only
//! start with the move next to that chain, so every move lists the last
//! liberty of each chain next to it now in atari when that liberty is an
//! eye, and the eyes it creates when they already are last liberties. An
//! entry that stops being valid is dropped when it is drawn.
//!
//! The exact engine stays the reference: [`agrees_with_engine`] plays any
//! move sequence on both and compares them after every move, after
//! [`FastBoard::check_consistency`] has recomputed every field from the
//! colours alone. The `SLIP` parameter threads deliberate bookkeeping
//! slips through the same code ([`NO_LIBERTIES_BACK`], [`PSEUDO_AS_EXACT`],
//! [`EYE_LEFT_LISTED`], [`NEW_EYE_UNLISTED`], [`STALE_SET_PLACE`]); the
//! tests show the comparison catches each. The checks live in
//! `fast_board/consistency.rs`: test support, apart from the board.

mod consistency;
pub use consistency::{agrees_with_engine, mixed_position};

#[cfg(doc)]
use super::engine::Board;
use super::engine::Illegal;
use super::playout::{Played, Rng};
use super::{BLACK, EMPTY, MAX_N, WHITE};

/// Off-board padding around the points.
const WALL: u8 = 3;
/// No chain (empty points and walls); no place in a set.
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
/// A wrong variant: an empty neighbour that the stone turns into the
/// mover's own eye stays in the shared set, so it can be drawn.
pub const EYE_LEFT_LISTED: u8 = 3;
/// A wrong variant: an eye the stone creates is not listed as a capture of
/// the opponent when it already is the last liberty of a chain next to it.
pub const NEW_EYE_UNLISTED: u8 = 4;
/// A wrong variant: when a stone leaves the shared set, the member moved
/// into its place keeps its old recorded place.
pub const STALE_SET_PLACE: u8 = 5;

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

/// The neighbour fields that keep a point from being `c`'s one-point eye:
/// empty and opponent (disjoint fields: a sum).
#[inline]
const fn eye_breakers(c: u8) -> u16 {
    EMPTY_MASK + opponent_mask(c)
}

/// The other colour of `BLACK` or `WHITE`.
#[inline]
const fn other(c: u8) -> u8 {
    3 - c
}

/// The capture set of colour `c`: 0 for `BLACK`, 1 for `WHITE`.
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
    /// Exactly one liberty, for a chain with at least one (see the module
    /// docs); with the `PSEUDO_AS_EXACT` slip, a pseudo-liberty count of 1.
    #[inline]
    fn atari<const SLIP: u8>(self) -> bool {
        if SLIP == PSEUDO_AS_EXACT {
            return self.libs == 1;
        }
        // A chain on the board has a liberty, so no count of 0 is asked
        // about (that would read as atari).
        let sum = u64::from(self.sum);
        u64::from(self.libs) * u64::from(self.squares) == sum * sum
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

    /// One contact with `q` fewer (wrapping: the scratch entry and a
    /// slipped board may hold anything).
    #[inline]
    fn lose(&mut self, q: usize) {
        self.libs = self.libs.wrapping_sub(1);
        self.sum = self.sum.wrapping_sub(q as u32);
        self.squares = self.squares.wrapping_sub((q * q) as u32);
    }
}

/// A set of points as an array with each point's place in it: O(1) insert,
/// remove and uniform pick, in no particular order.
#[derive(Clone, Debug)]
struct PointSet {
    /// The members: the first `len` entries.
    items: Box<[u16; SIZE]>,
    /// A point's place in `items`, or `NONE`.
    place: Box<[u16; SIZE]>,
    len: usize,
}

impl PointSet {
    fn new() -> Self {
        PointSet {
            items: Box::new([NONE; SIZE]),
            place: Box::new([NONE; SIZE]),
            len: 0,
        }
    }

    #[inline(always)]
    fn contains(&self, p: usize) -> bool {
        self.place[p & MASK] != NONE
    }

    #[inline(always)]
    fn get(&self, i: usize) -> usize {
        usize::from(self.items[i & MASK])
    }

    /// Adds `p`, which is not a member.
    #[inline(always)]
    fn insert(&mut self, p: usize) {
        let n = self.len;
        self.place[p & MASK] = n as u16;
        self.items[n & MASK] = p as u16;
        self.len = n + 1;
    }

    /// Adds `p` unless it is a member.
    #[inline(always)]
    fn insert_once(&mut self, p: usize) {
        if !self.contains(p) {
            self.insert(p);
        }
    }

    /// Removes the member `p` (the last one fills its place; `stale`: a
    /// slip that leaves the last one's recorded place as it was).
    #[inline(always)]
    fn remove(&mut self, p: usize, stale: bool) {
        let i = self.place[p & MASK];
        self.place[p & MASK] = NONE;
        let n = self.len - 1;
        self.len = n;
        let last = self.items[n & MASK];
        self.items[usize::from(i) & MASK] = last;
        if usize::from(last) != p && !stale {
            self.place[usize::from(last) & MASK] = i;
        }
    }

    /// Swaps the members at places `i` and `j`.
    #[inline(always)]
    fn swap(&mut self, i: usize, j: usize) {
        let (a, b) = (self.items[i & MASK], self.items[j & MASK]);
        self.items[i & MASK] = b;
        self.items[j & MASK] = a;
        self.place[usize::from(b) & MASK] = i as u16;
        self.place[usize::from(a) & MASK] = j as u16;
    }

    /// Copies `from`'s first `used` places and its members.
    fn copy_from(&mut self, from: &Self, used: usize) {
        self.place[..used].copy_from_slice(&from.place[..used]);
        let listed = self.len.max(from.len);
        self.items[..listed].copy_from_slice(&from.items[..listed]);
        self.len = from.len;
    }

    /// The members.
    fn members(&self) -> &[u16] {
        &self.items[..self.len]
    }
}

/// A rows×cols board (1 to [`MAX_N`] each way) for random playouts, on the
/// engine's padded layout (the same point indices as [`Board`]).
/// `SLIP` is [`NO_SLIP`] except in the tests' wrong variants.
///
/// One fixed-size array per field, indexed `& MASK` (one plain load per
/// question, no bounds checks); only the first `len` entries (the padded
/// board) are points, so `clone_from` copies those.
///
/// ```
/// use boardcheck::problems::go_move::fast_board::FastBoard;
/// use boardcheck::problems::go_move::playout::Rng;
/// use boardcheck::problems::go_move::BLACK;
///
/// let mut board = <FastBoard>::new(9, 9);
/// let played = board.playout(BLACK, 3 * 81, &mut Rng::new(1));
/// assert!(played.moves > 0);
/// board.check_consistency().unwrap();
/// ```
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
    /// At a head: the chain's counts.
    chain: Box<[Chain; SIZE]>,
    /// The empty points that are no one's one-point eye.
    shared: PointSet,
    /// Black's and White's captures into the other's eyes: every eye of
    /// the opponent that is the last liberty of a chain next to it, and
    /// perhaps points that no longer are (dropped when drawn).
    captures: [PointSet; 2],
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
            chain: self.chain.clone(),
            shared: self.shared.clone(),
            captures: self.captures.clone(),
        }
    }

    /// Copies only the entries in use (the larger of the two boards').
    fn clone_from(&mut self, from: &Self) {
        let used = self.len.max(from.len);
        self.colour[..used].copy_from_slice(&from.colour[..used]);
        self.nbr[..used].copy_from_slice(&from.nbr[..used]);
        self.head[..used].copy_from_slice(&from.head[..used]);
        self.next[..used].copy_from_slice(&from.next[..used]);
        self.chain[..used].copy_from_slice(&from.chain[..used]);
        self.shared.copy_from(&from.shared, used);
        for k in 0..2 {
            self.captures[k].copy_from(&from.captures[k], used);
        }
        (self.rows, self.cols, self.stride, self.len) =
            (from.rows, from.cols, from.stride, from.len);
    }
}

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
            chain: Box::new([Chain::default(); SIZE]),
            shared: PointSet::new(),
            captures: [PointSet::new(), PointSet::new()],
        };
        for p in b.points() {
            b.colour[p] = EMPTY;
        }
        for p in b.points() {
            let free = b.neighbours(p).into_iter().filter(|&q| b.col(q) == EMPTY);
            b.nbr[p] = free.count() as u16 * unit(EMPTY);
            // On a 1×1 board the one point has no neighbour: an eye of both.
            if b.nbr[p] != 0 {
                b.shared.insert(p);
            }
        }
        b
    }

    /// The on-board point indices, row-major.
    fn points(&self) -> impl Iterator<Item = usize> + use<SLIP> {
        let (rows, cols, stride) = (self.rows, self.cols, self.stride);
        (0..rows).flat_map(move |r| (0..cols).map(move |c| (r + 1) * stride + c + 1))
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
        // Every entry that is no point holds WALL.
        self.colour.get(p).copied().unwrap_or(WALL)
    }

    /// The empty points that are no one's one-point eye, in no particular
    /// order. `c`'s moves are these, less its suicides, and its captures
    /// into the opponent's eyes.
    pub fn shared_points(&self) -> &[u16] {
        self.shared.members()
    }

    /// The points row-major as `EMPTY`/`BLACK`/`WHITE`.
    pub fn cells(&self) -> Vec<u8> {
        self.points().map(|p| self.colour[p]).collect()
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
        matches!(self.colour(p), BLACK | WHITE) && self.chain_at(self.head_at(p)).atari::<SLIP>()
    }

    /// The head stone of the chain of the stone at index `p` (a merge keeps
    /// the larger chain's head, the older one's when they are as large);
    /// `None` for an empty point or a wall.
    pub fn chain_head(&self, p: usize) -> Option<usize> {
        matches!(self.colour(p), BLACK | WHITE).then(|| self.head_at(p))
    }

    /// Legality at the empty point `p` with no empty neighbour, bit 0 for
    /// black and bit 1 for white: a friendly chain with a liberty besides
    /// `p`, or an opponent chain whose last liberty is `p` (its capture
    /// frees a neighbour).
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
        self.colour(p) == EMPTY
            && (self.nbr_at(p) & EMPTY_MASK != 0 || self.legal_when_closed(p) >> side(c) & 1 != 0)
    }

    /// A one-point eye of `c`: `p` is empty and every on-board neighbour is `c`.
    pub fn is_eye(&self, p: usize, c: u8) -> bool {
        self.colour(p) == EMPTY && self.nbr_at(p) & eye_breakers(c) == 0
    }

    /// Plays `c` at index `p` as [`Board::try_play`] does: the stone, the
    /// captures (their count returned); an occupied point (or a colour
    /// other than `BLACK`/`WHITE`) or a suicide is refused and changes
    /// nothing.
    pub fn try_play(&mut self, p: usize, c: u8) -> Result<u32, Illegal> {
        if self.colour(p) != EMPTY || !(c == BLACK || c == WHITE) {
            return Err(Illegal::Occupied);
        }
        if !self.is_legal(p, c) {
            return Err(Illegal::Suicide);
        }
        Ok(self.place(p, c))
    }

    /// Lists the last liberty of the chain with head `h`, of colour `x`, as
    /// a capture of the other colour if the chain is in atari and that
    /// liberty is an eye of `x` (any other last liberty is in the shared
    /// set).
    #[inline(always)]
    fn list_if_capturable(&mut self, h: usize, x: u8) {
        let ch = self.chain_at(h);
        if ch.atari::<SLIP>() {
            let last = ch.last_liberty();
            if self.is_eye(last, x) {
                self.captures[side(other(x))].insert_once(last);
            }
        }
    }

    /// Places a legal move of `c` at the empty point `p` and updates the
    /// sets; returns the stones captured.
    #[inline(always)]
    fn place(&mut self, p: usize, c: u8) -> u32 {
        if self.shared.contains(p) {
            self.shared.remove(p, SLIP == STALE_SET_PLACE);
        }
        let delta = unit(c).wrapping_sub(unit(EMPTY));
        let mut own = Chain {
            size: 1,
            ..Chain::default()
        };
        let nbrs = self.neighbours(p);
        // The empty neighbours this stone turns into `c`'s eyes (no empty
        // and no opponent neighbour left): the only new eyes of this move.
        let mut new_eyes = 0u32;
        // And which neighbours are friends, which foes (bit `i` for
        // `nbrs[i]`).
        let (mut friends, mut foes) = (0u32, 0u32);
        let opp = other(c);
        // Branch-free: an empty neighbour adds a liberty to the stone, any
        // neighbour takes one contact from its chain (empty points and
        // walls name `NONE`, whose entry `NONE & MASK` is no point's, a
        // scratch entry never read).
        for (i, q) in nbrs.into_iter().enumerate() {
            let n = self.nbr_at(q).wrapping_add(delta);
            self.nbr[q & MASK] = n;
            let colour = self.col(q);
            let empty = colour == EMPTY;
            new_eyes |= u32::from(empty & (n & eye_breakers(c) == 0)) << i;
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
        // A new eye had `p` empty next to it, so it was no one's eye and
        // shared; it leaves the shared set.
        if SLIP != EYE_LEFT_LISTED {
            let mut left_shared = new_eyes;
            while left_shared != 0 {
                let q = nbrs[left_shared.trailing_zeros() as usize];
                left_shared &= left_shared - 1;
                self.shared.remove(q, false);
            }
        }
        let mut mine = p;
        while friends != 0 {
            let head = self.head_at(nbrs[friends.trailing_zeros() as usize]);
            friends &= friends - 1;
            if head != mine {
                mine = self.merge(head, mine);
            }
        }
        // Each opponent chain next to the stone is captured or may have
        // entered atari (no other chain did). A capture frees points next
        // to the capturer's stones only, so it changes no other opponent
        // chain's liberties; it can only stop a listed point from being an
        // eye, which leaves a stale entry, dropped when drawn.
        let mut captured = 0;
        while foes != 0 {
            let q = nbrs[foes.trailing_zeros() as usize];
            foes &= foes - 1;
            // An earlier capture may have taken this stone's chain.
            if self.col(q) == opp {
                let head = self.head_at(q);
                if self.chain_at(head).libs == 0 {
                    captured += self.remove_chain(head, c);
                } else {
                    self.list_if_capturable(head, opp);
                }
            }
        }
        // And the stone's own chain.
        self.list_if_capturable(mine, c);
        // A new eye that already is the last liberty of a chain of `c`
        // next to it is a capture for the opponent.
        let mut eyes = if SLIP == NEW_EYE_UNLISTED {
            0
        } else {
            new_eyes
        };
        while eyes != 0 {
            let q = nbrs[eyes.trailing_zeros() as usize];
            eyes &= eyes - 1;
            if self.is_legal(q, opp) {
                self.captures[side(opp)].insert_once(q);
            }
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

    /// Removes the chain with head `h`, captured by `capturer`; returns its
    /// number of stones. Each freed point gives a contact to every
    /// neighbouring chain (all the capturer's) and joins the shared set,
    /// except a single freed point: its neighbours are all the capturer's
    /// stones or walls, so it is the capturer's eye.
    fn remove_chain(&mut self, h: usize, capturer: u8) -> u32 {
        let delta = unit(EMPTY).wrapping_sub(unit(other(capturer)));
        let size = self.chain_at(h).size;
        let mut s = h;
        loop {
            self.colour[s & MASK] = EMPTY;
            self.head[s & MASK] = NONE;
            for q in self.neighbours(s) {
                self.nbr[q & MASK] = self.nbr_at(q).wrapping_add(delta);
                // Stones of this chain not yet removed still name `h`, whose
                // entry is dead from now on (the next stone at `h` sets it
                // anew); empty points and walls name the scratch entry. So
                // every neighbour's entry takes the contact, branch-free.
                if SLIP != NO_LIBERTIES_BACK {
                    self.chain_mut(self.head_at(q)).gain(s);
                }
            }
            if size > 1 {
                self.shared.insert(s);
            }
            s = self.next_at(s);
            if s == h {
                break;
            }
        }
        u32::from(size)
    }

    /// A random legal move of `c` that does not fill its own one-point eye,
    /// uniform among all such moves; `None` (pass) when there is none.
    ///
    /// The moves wanted are the shared points that are legal for `c` and
    /// `c`'s captures into the opponent's eyes; the shared set holds each
    /// point that is no one's eye once, the capture set each such capture
    /// once, and perhaps stale entries (the invariants
    /// [`Self::check_consistency`] checks; a valid entry is an eye, so in
    /// no shared place). One uniform index
    /// ([`Rng::below`], the engine's draw) over the first `n` shared places
    /// and all the capture entries picks a point; a shared point that is
    /// suicide is swapped to place `n - 1` and `n` shrinks, a stale capture
    /// entry is dropped, and the draw is repeated. Each draw is uniform
    /// over the entries not yet rejected, which are rejects or wanted moves,
    /// each wanted move once; so the first wanted move drawn is uniform over
    /// them (by symmetry: any two have the same chance to come first).
    #[inline(always)]
    pub fn choose_move(&mut self, c: u8, rng: &mut Rng) -> Option<usize> {
        let k = side(c);
        let mut n = self.shared.len;
        loop {
            let total = n + self.captures[k].len;
            if total == 0 {
                return None;
            }
            let i = rng.below(total);
            if i < n {
                let p = self.shared.get(i);
                if self.nbr_at(p) & EMPTY_MASK != 0 || self.legal_when_closed(p) >> k & 1 != 0 {
                    return Some(p);
                }
                n -= 1;
                self.shared.swap(i, n);
            } else {
                let p = self.captures[k].get(i - n);
                if self.is_eye(p, other(c)) && self.legal_when_closed(p) >> k & 1 != 0 {
                    return Some(p);
                }
                self.captures[k].remove(p, false);
            }
        }
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
        // (1, 1) white is in atari and black at (0, 1) captures it; the
        // freed point is Black's eye, so no point is shared, and White may
        // capture all three there.
        let p = b.point(1, 1);
        assert!(b.in_atari(p));
        let q = b.point(0, 1);
        assert_eq!(b.try_play(q, BLACK), Ok(1));
        assert_eq!(b.cells(), vec![1, 1, 1, 0]);
        let last = b.point(1, 1);
        assert_eq!(b.shared_points(), &[] as &[u16]);
        assert_eq!(b.captures[1].members(), &[last as u16]);
        assert_eq!(b.choose_move(WHITE, &mut Rng::new(3)), Some(last));
        assert_eq!(b.choose_move(BLACK, &mut Rng::new(3)), None);
        // Black filling its last liberty is suicide; White there captures all three.
        assert!(b.is_eye(last, BLACK));
        assert_eq!(b.try_play(last, BLACK), Err(Illegal::Suicide));
        assert_eq!(b.try_play(last, WHITE), Ok(3));
        assert_eq!(b.cells(), vec![0, 0, 0, 2]);
        b.check_consistency().unwrap();
    }

    #[test]
    fn one_point_board_passes_at_once() {
        let mut b = FastBoard::<NO_SLIP>::new(1, 1);
        let played = b.playout(BLACK, 3, &mut Rng::new(1));
        assert_eq!(played.moves, 0);
        assert!(played.both_passed);
    }

    /// Where the points of the position of the uniformity test
    /// (`tests/go_move.rs`) are kept.
    #[test]
    fn the_sets_of_a_mixed_position() {
        let b = mixed_position();
        // Black's capture into White's eye at (0, 0) is listed; Black's eye
        // at (0, 3) is in no set; (2, 3) is shared.
        let (corner, eye, closed) = (b.point(0, 0), b.point(0, 3), b.point(2, 3));
        assert!(b.captures[0].contains(corner) && !b.captures[1].contains(corner));
        assert!(!b.shared.contains(corner) && !b.shared.contains(eye));
        assert!(!b.captures[0].contains(eye) && !b.captures[1].contains(eye));
        assert!(b.shared.contains(closed));
        b.check_consistency().unwrap();
    }
}
