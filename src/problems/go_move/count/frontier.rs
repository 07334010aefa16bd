//! The border state of the transfer-matrix count: what the points decided
//! so far tell about every completion of the board.
//!
//! Points are decided column by column, each column from row 0 down, on a
//! board turned so that a column is its shorter side (`width` points). After
//! row `y` of column `x`, the frontier is the last decided point of every
//! row: rows `0..=y` in column `x`, rows below in column `x - 1`. Only
//! frontier points touch undecided ones, so a partial colouring's future
//! depends only on, for each frontier point:
//!
//! - off the board (column −1), empty, or a stone and its colour;
//! - for a stone, whether its chain already has a liberty (free) or still
//!   needs one from an undecided point (pending);
//! - which pending stones are one chain (a liberty reaching one reaches all).
//!
//! Chains that have a liberty need no connectivity: merging with one only
//! matters through the stone it touches, which says "free" itself. A
//! pending chain with no stone left on the frontier can never get a liberty:
//! every colouring below it is illegal and is dropped at once.
//!
//! A state is one `u64`, four bits per row, row `r` at bits `4r..4r + 4`:
//! `0` off the board, `1` empty, `2 + c` a free stone, `8 | c << 2 | up << 1
//! | down` a pending stone (`c`: 0 black, 1 white), where `up` / `down` say
//! whether a stone of the same chain is on the frontier above / below it.
//! Chains of the decided region meet the frontier in non-crossing sets (two
//! chains that interleaved along the frontier would have to cross inside the
//! region, which is planar and has the frontier on its boundary), so the
//! up/down bits name the chains exactly: reading down, a stone without `up`
//! starts a chain, one with `up` belongs to the innermost chain still open.
//! The encoding of a frontier is thus unique.
//!
//! Row sets are `u16` masks (bit `r` for row `r`); [`spread`] and
//! [`gather`] move between them and the rows' lowest key bits, so freeing
//! or relinking a chain is a few word operations.

/// The widest frontier: 16 rows of four bits fill a `u64`.
pub const MAX_WIDTH: usize = 16;

/// Off the board (the column left of the first).
const EDGE: u8 = 0;
/// An empty point.
const OPEN: u8 = 1;
/// A stone whose chain has a liberty: `FREE + c`.
const FREE: u8 = 2;
/// A stone whose chain has no liberty yet: `PENDING | c << 2 | links`.
const PENDING: u8 = 8;

/// The lowest bit of every row.
const LOW: u64 = 0x1111_1111_1111_1111;

/// The state before any point is decided: every row off the board.
pub const START: u64 = 0;

/// Row mask → the lowest key bit of each of its rows.
fn spread(rows: u16) -> u64 {
    let mut x = u64::from(rows);
    x = (x | x << 24) & 0x0000_00ff_0000_00ff;
    x = (x | x << 12) & 0x000f_000f_000f_000f;
    x = (x | x << 6) & 0x0303_0303_0303_0303;
    (x | x << 3) & LOW
}

/// The lowest key bits of rows (only those bits set) → row mask.
fn gather(bits: u64) -> u16 {
    let mut x = bits & LOW;
    x = (x | x >> 3) & 0x0303_0303_0303_0303;
    x = (x | x >> 6) & 0x000f_000f_000f_000f;
    x = (x | x >> 12) & 0x0000_00ff_0000_00ff;
    ((x | x >> 24) & 0xffff) as u16
}

fn nibble(key: u64, row: usize) -> u8 {
    (key >> (4 * row)) as u8 & 15
}

fn set_nibble(key: u64, row: usize, value: u8) -> u64 {
    key & !(0xf << (4 * row)) | u64::from(value) << (4 * row)
}

/// The rows holding pending stones.
fn pending_rows(key: u64) -> u16 {
    gather(key >> 3)
}

/// The pending chains of a state, as row masks.
struct Chains {
    masks: [u16; MAX_WIDTH],
    len: usize,
}

impl Chains {
    fn of(key: u64) -> Chains {
        let mut chains = Chains {
            masks: [0; MAX_WIDTH],
            len: 0,
        };
        // The chains still open (a stone with `down` read, not yet closed),
        // innermost last.
        let mut open = [0usize; MAX_WIDTH];
        let mut depth = 0;
        let mut rows = pending_rows(key);
        while rows != 0 {
            let r = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let links = nibble(key, r) & 3;
            let (up, down) = (links & 2 != 0, links & 1 != 0);
            let chain = if up {
                open[depth - 1]
            } else {
                chains.len += 1;
                chains.len - 1
            };
            chains.masks[chain] |= 1 << r;
            match (up, down) {
                (true, false) => depth -= 1,
                (false, true) => {
                    open[depth] = chain;
                    depth += 1;
                }
                _ => {}
            }
        }
        chains
    }

    /// The chain through `row` (a pending stone's row).
    fn through(&self, row: usize) -> u16 {
        let bit = 1u16 << row;
        let found = self.masks[..self.len].iter().find(|&&m| m & bit != 0);
        *found.expect("a pending stone belongs to a chain")
    }
}

/// Gives the pending chain `rows` a liberty: its stones become free.
fn free(key: u64, rows: u16) -> u64 {
    let s = spread(rows);
    let colour = (key >> 2) & s;
    key & !(s * 0xf) | s << 1 | colour
}

/// Rewrites the up/down bits of the stones of chain `rows` (not empty).
fn link(key: u64, rows: u16) -> u64 {
    let s = spread(rows);
    let up = rows & (rows - 1);
    let down = rows & !(1u16 << (15 - rows.leading_zeros()));
    key & !(s * 3) | spread(up) << 1 | spread(down)
}

/// Whether the point in row `y` only changes its own row of `key`: neither
/// neighbour (rows `y - 1` and `y`) is a pending stone, so no chain is
/// freed, joined or closed off. Most steps are such and need no chains.
#[inline]
fn is_local(key: u64, y: usize) -> bool {
    let pending_bits = LOW << 3;
    let rows = if y > 0 { 0xffu64 << (4 * (y - 1)) } else { 0xf };
    key & pending_bits & rows == 0
}

/// The successors of state `key` when the point in row `y` of the next
/// column is decided: indexed by the point's colour (`EMPTY`, `BLACK`,
/// `WHITE`), `None` where that closes a chain off without a liberty. Row
/// `y - 1` of the frontier is the point's upper neighbour (decided just
/// before), row `y` its left neighbour, which the point replaces on the
/// frontier.
#[inline]
fn successor_keys(key: u64, y: usize) -> [Option<u64>; 3] {
    let up = if y > 0 { nibble(key, y - 1) } else { EDGE };
    let left = nibble(key, y);
    let gives_liberty = |kind: u8, colour: u8| kind == OPEN || kind == FREE + colour;
    if is_local(key, y) {
        let stone = |colour: u8| {
            let kind = if gives_liberty(up, colour) || gives_liberty(left, colour) {
                FREE + colour
            } else {
                PENDING | colour << 2
            };
            Some(set_nibble(key, y, kind))
        };
        return [Some(set_nibble(key, y, OPEN)), stone(0), stone(1)];
    }
    let chains = Chains::of(key);
    let row = 1u16 << y;
    let up_chain = if up >= PENDING {
        chains.through(y - 1)
    } else {
        0
    };
    let left_chain = if left >= PENDING {
        chains.through(y)
    } else {
        0
    };
    let stone = |colour: u8| {
        let pending_of = |kind: u8| kind >= PENDING && (kind >> 2) & 1 == colour;
        let own_chains = if pending_of(up) { up_chain } else { 0 }
            | if pending_of(left) { left_chain } else { 0 };
        let mut next = if gives_liberty(up, colour) || gives_liberty(left, colour) {
            set_nibble(free(key, own_chains), y, FREE + colour)
        } else {
            // No liberty yet: one chain with its pending neighbours.
            link(set_nibble(key, y, PENDING | colour << 2), own_chains | row)
        };
        // The left neighbour leaves the frontier: a pending opponent chain
        // with no other stone on it can never get a liberty.
        if left >= PENDING && !pending_of(left) {
            let rest = left_chain & !row;
            if rest == 0 {
                return None;
            }
            next = link(next, rest);
        }
        Some(next)
    };
    // Empty: a liberty for both neighbours' chains.
    let empty = set_nibble(free(key, up_chain | left_chain), y, OPEN);
    [Some(empty), stone(0), stone(1)]
}

/// The state after the point in row `y` of the next column gets `point`
/// (`EMPTY`, `BLACK` or `WHITE`), or `None` when that closes a chain off
/// without a liberty (see [`successors`]).
pub fn place(key: u64, y: usize, point: u8) -> Option<u64> {
    successor_keys(key, y)[usize::from(point)]
}

/// Every successor of state `key` when the point in row `y` of the next
/// column is decided (empty, black, white), as [`canonical`] keys, through
/// `emit`; those that close a chain off without a liberty are left out.
#[inline]
pub fn successors(key: u64, y: usize, mut emit: impl FnMut(u64)) {
    for next in successor_keys(key, y).into_iter().flatten() {
        emit(canonical(next));
    }
}

/// The key with the colours swapped: black and white stones trade places,
/// everything else stays.
pub fn swap_colours(key: u64) -> u64 {
    let bit3 = (key >> 3) & LOW;
    let bit1 = (key >> 1) & LOW;
    // Free stones (bit 3 clear, bit 1 set) flip bit 0; pending ones bit 2.
    key ^ (bit1 & !bit3 & LOW) ^ (bit3 << 2)
}

/// The representative of a state and its colour swap (the smaller key).
/// Swapping colours maps the colourings of one to those of the other, and
/// the three successors of one to those of the other, so the count can
/// keep one entry for both: the number of partial colourings in either.
pub fn canonical(key: u64) -> u64 {
    key.min(swap_colours(key))
}

/// Whether every stone on the frontier has a liberty: at the end of the
/// board, a legal colouring.
pub fn all_free(key: u64) -> bool {
    pending_rows(key) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_and_gather_are_inverse() {
        for rows in [0u16, 1, 0x8000, 0xffff, 0xa5c3, 0x0f0f] {
            assert_eq!(gather(spread(rows)), rows);
            assert_eq!(spread(rows).count_ones(), rows.count_ones());
        }
        assert_eq!(spread(0b101), 0x101);
    }

    /// The states reachable on a board 5 high in four columns: each chain
    /// is one colour, no two chains interleave, and relinking every chain
    /// gives the key back (the up/down bits are the chains' own).
    #[test]
    fn chains_read_back_from_every_reachable_state() {
        let width = 5;
        let mut states = vec![START];
        let mut seen = 0;
        for i in 0..4 * width {
            let mut next = Vec::new();
            for &key in &states {
                for key in [key, swap_colours(key)] {
                    let chains = Chains::of(key);
                    let masks = &chains.masks[..chains.len];
                    let mut relinked = key;
                    for &m in masks {
                        let colours: Vec<u8> = (0..width)
                            .filter(|&r| m & 1 << r != 0)
                            .map(|r| nibble(key, r) & 4)
                            .collect();
                        assert!(colours.windows(2).all(|w| w[0] == w[1]), "{key:x}");
                        relinked = link(relinked, m);
                        for &other in masks {
                            let (lo, hi) = (m.trailing_zeros(), 15 - m.leading_zeros());
                            let inside = other & !m & ((2u16 << hi) - (1u16 << lo));
                            // A chain inside another's span lies wholly inside.
                            assert!(inside == 0 || inside == other, "{key:x}");
                        }
                    }
                    assert_eq!(relinked, key);
                    assert_eq!(swap_colours(swap_colours(key)), key);
                    seen += 1;
                }
                successors(key, i % width, |s| next.push(s));
            }
            next.sort_unstable();
            next.dedup();
            states = next;
        }
        assert!(seen > 1000, "{seen}");
    }

    fn all(key: u64, y: usize) -> Vec<u64> {
        let mut out = Vec::new();
        successors(key, y, |s| out.push(s));
        out
    }

    #[test]
    fn a_surrounded_stone_is_dropped_when_it_leaves_the_frontier() {
        // One row: a stone (black, the class's representative), then the
        // three colours next to it.
        let [empty, black, white] = all(START, 0)[..] else {
            panic!()
        };
        assert_eq!((empty, black), (u64::from(OPEN), u64::from(PENDING)));
        assert_eq!(white, black, "one class for both colours");
        // Next to the pending stone: empty frees it, the same colour joins
        // it, the other colour closes it off.
        assert_eq!(all(black, 0), [u64::from(OPEN), u64::from(PENDING)]);
        assert!(!all_free(black) && all_free(empty));
        assert_eq!(swap_colours(black), u64::from(PENDING | 4));
    }

    #[test]
    fn a_chain_keeps_its_other_stones_when_one_leaves() {
        // Two rows, both black pending stones of one chain (linked down /
        // up); a white stone replaces row 1: the chain lives on in row 0
        // alone.
        let key = u64::from(PENDING | 1) | u64::from(PENDING | 2) << 4;
        assert_eq!(Chains::of(key).len, 1);
        let next = all(key, 1);
        assert!(next.contains(&canonical(u64::from(PENDING) | u64::from(PENDING | 4) << 4)));
    }
}
