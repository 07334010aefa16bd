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
//! - for a stone, whether its chain already has a liberty (`FREE`) or still
//!   needs one from an undecided point (`PENDING`);
//! - which pending stones are one chain (a liberty reaching one reaches all).
//!
//! Chains that have a liberty need no connectivity: merging with one only
//! matters through the stone it touches, which says `FREE` itself. A
//! pending chain with no stone left on the frontier can never get a liberty:
//! every colouring below it is illegal and is dropped at once.
//!
//! Encoding: four bits per row, row `r` at bits `4r..4r + 4`. `0` off the
//! board, `1` empty, `2 + c` a free stone, `8 | c << 2 | up << 1 | down` a
//! pending stone (`c`: 0 black, 1 white), where `up` / `down` say whether a
//! stone of the same chain is on the frontier above / below it. Chains of
//! the decided region meet the frontier in non-crossing sets (two chains
//! that interleaved along the frontier would have to cross inside the
//! region, which is planar and has the frontier on its boundary), so the
//! up/down bits name the chains exactly: reading down, a stone without `up`
//! starts a chain, one with `up` belongs to the innermost chain still open.
//! The encoding of a frontier is thus unique, and a state is one `u64`.

/// The widest frontier: 16 rows of four bits fill a `u64`.
pub const MAX_WIDTH: usize = 16;

/// Off the board (the column left of the first).
const EDGE: u8 = 0;
/// An empty point.
const OPEN: u8 = 1;
/// A stone whose chain has a liberty: `FREE + c`.
const FREE: u8 = 2;
/// A stone whose chain has no liberty yet: `PENDING + c`.
const PENDING: u8 = 4;

/// One bit in the lowest place of every four-bit row.
const NIBBLE_LOW_BITS: u64 = 0x1111_1111_1111_1111;

/// A decoded frontier: per row its kind (`EDGE`, `OPEN`, `FREE + c`,
/// `PENDING + c`) and, for pending stones, a chain label.
#[derive(Clone, Copy)]
pub struct Frontier {
    width: usize,
    kinds: [u8; MAX_WIDTH],
    labels: [u8; MAX_WIDTH],
    /// A label no row uses.
    fresh: u8,
}

impl Frontier {
    /// The frontier a state key encodes.
    pub fn decode(key: u64, width: usize) -> Frontier {
        let mut f = Frontier {
            width,
            kinds: [EDGE; MAX_WIDTH],
            labels: [0; MAX_WIDTH],
            fresh: 0,
        };
        // The chains still open (a stone with `down` seen, not yet closed),
        // innermost last.
        let mut open = [0u8; MAX_WIDTH];
        let mut depth = 0;
        for r in 0..width {
            let nibble = (key >> (4 * r)) as u8 & 15;
            if nibble < 8 {
                f.kinds[r] = nibble;
                continue;
            }
            let (colour, up, down) = ((nibble >> 2) & 1, nibble & 2 != 0, nibble & 1 != 0);
            f.kinds[r] = PENDING + colour;
            let label = if up {
                open[depth - 1]
            } else {
                f.fresh += 1;
                f.fresh - 1
            };
            f.labels[r] = label;
            match (up, down) {
                (true, false) => depth -= 1,
                (false, true) => {
                    open[depth] = label;
                    depth += 1;
                }
                _ => {}
            }
        }
        f
    }

    /// The state key of this frontier (unique: labels do not show).
    pub fn encode(&self) -> u64 {
        const NONE: u8 = u8::MAX;
        let mut first = [NONE; 2 * MAX_WIDTH + 1];
        let mut last = [0u8; 2 * MAX_WIDTH + 1];
        for r in 0..self.width {
            if self.kinds[r] >= PENDING {
                let l = usize::from(self.labels[r]);
                if first[l] == NONE {
                    first[l] = r as u8;
                }
                last[l] = r as u8;
            }
        }
        let mut key = 0u64;
        for r in 0..self.width {
            let kind = self.kinds[r];
            let nibble = if kind >= PENDING {
                let l = usize::from(self.labels[r]);
                let up = u8::from(first[l] < r as u8);
                let down = u8::from(last[l] > r as u8);
                8 | (kind - PENDING) << 2 | up << 1 | down
            } else {
                kind
            };
            key |= u64::from(nibble) << (4 * r);
        }
        key
    }

    /// The state after the point in row `y` of the next column gets `point`
    /// (`EMPTY`, `BLACK` or `WHITE`), or `None` when that closes a chain
    /// off without a liberty. Row `y - 1` of the frontier is the point's
    /// upper neighbour (decided just before), row `y` its left neighbour,
    /// which the point replaces on the frontier.
    pub fn place(&self, y: usize, point: u8) -> Option<u64> {
        let mut f = *self;
        let up = if y > 0 {
            (f.kinds[y - 1], f.labels[y - 1])
        } else {
            (EDGE, 0)
        };
        let left = (f.kinds[y], f.labels[y]);
        if point == super::super::EMPTY {
            // A liberty for both neighbours' chains.
            for (kind, label) in [up, left] {
                if kind >= PENDING {
                    f.free(label);
                }
            }
            f.kinds[y] = OPEN;
            return Some(f.encode());
        }
        let colour = point - 1;
        let gives_liberty = |kind: u8| kind == OPEN || kind == FREE + colour;
        if gives_liberty(up.0) || gives_liberty(left.0) {
            for (kind, label) in [up, left] {
                if kind == PENDING + colour {
                    f.free(label);
                }
            }
            f.kinds[y] = FREE + colour;
        } else {
            // No liberty yet: one chain with the pending neighbours of its
            // colour.
            let mut joined: Option<u8> = None;
            for (kind, label) in [up, left] {
                if kind == PENDING + colour {
                    match joined {
                        None => joined = Some(label),
                        Some(keep) => f.relabel(label, keep),
                    }
                }
            }
            f.kinds[y] = PENDING + colour;
            f.labels[y] = joined.unwrap_or(f.fresh);
            f.fresh += 1;
        }
        // The left neighbour leaves the frontier: a pending opponent chain
        // with no other stone on it can never get a liberty.
        if left.0 == PENDING + (1 - colour) && !f.pending(left.1) {
            return None;
        }
        Some(f.encode())
    }

    /// Gives the pending chain `label` a liberty.
    fn free(&mut self, label: u8) {
        for r in 0..self.width {
            if self.kinds[r] >= PENDING && self.labels[r] == label {
                self.kinds[r] -= PENDING - FREE;
            }
        }
    }

    /// Joins chain `from` to chain `to`.
    fn relabel(&mut self, from: u8, to: u8) {
        for r in 0..self.width {
            if self.kinds[r] >= PENDING && self.labels[r] == from {
                self.labels[r] = to;
            }
        }
    }

    /// Whether a stone of the pending chain `label` is on the frontier.
    fn pending(&self, label: u8) -> bool {
        (0..self.width).any(|r| self.kinds[r] >= PENDING && self.labels[r] == label)
    }
}

/// Whether the point in row `y` only changes its own row of `key`: neither
/// neighbour (rows `y - 1` and `y`) is a pending stone, so no chain is
/// freed, joined or closed off. Most steps are such; [`place_local`] does
/// them without decoding.
#[inline]
pub fn is_local(key: u64, y: usize) -> bool {
    let pending_bits = NIBBLE_LOW_BITS << 3;
    let rows = if y > 0 { 0xffu64 << (4 * (y - 1)) } else { 0xf };
    key & pending_bits & rows == 0
}

/// [`Frontier::place`] for a key where [`is_local`] holds (never `None`).
#[inline]
pub fn place_local(key: u64, y: usize, point: u8) -> u64 {
    let nibble = |r: usize| (key >> (4 * r)) as u8 & 15;
    let up = if y > 0 { nibble(y - 1) } else { EDGE };
    let left = nibble(y);
    let new = if point == super::super::EMPTY {
        OPEN
    } else {
        let colour = point - 1;
        let gives_liberty = |kind: u8| kind == OPEN || kind == FREE + colour;
        if gives_liberty(up) || gives_liberty(left) {
            FREE + colour
        } else {
            8 | colour << 2
        }
    };
    key & !(0xf << (4 * y)) | u64::from(new) << (4 * y)
}

/// The key with the colours swapped: black and white stones trade places,
/// everything else stays.
pub fn swap_colours(key: u64) -> u64 {
    let bit3 = (key >> 3) & NIBBLE_LOW_BITS;
    let bit1 = (key >> 1) & NIBBLE_LOW_BITS;
    // Free stones (bit 3 clear, bit 1 set) flip bit 0; pending ones bit 2.
    key ^ (bit1 & !bit3 & NIBBLE_LOW_BITS) ^ (bit3 << 2)
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
    key & (NIBBLE_LOW_BITS << 3) == 0
}

/// The state before any point is decided: every row off the board.
pub const START: u64 = 0;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::go_move::{BLACK, EMPTY, WHITE};

    /// Every state reachable on a board `width` high after `points` points,
    /// by decoding and re-encoding each: the encoding is a bijection on
    /// them.
    #[test]
    fn decode_encode_round_trip() {
        let width = 4;
        let mut states = vec![START];
        for i in 0..3 * width {
            let mut next = Vec::new();
            for &key in &states {
                let f = Frontier::decode(key, width);
                assert_eq!(f.encode(), key, "{key:x}");
                assert_eq!(swap_colours(swap_colours(key)), key);
                for point in [EMPTY, BLACK, WHITE] {
                    let placed = f.place(i % width, point);
                    if is_local(key, i % width) {
                        assert_eq!(placed, Some(place_local(key, i % width, point)));
                    }
                    next.extend(placed);
                }
            }
            next.sort_unstable();
            next.dedup();
            states = next;
        }
        assert!(states.len() > 100, "{}", states.len());
    }

    #[test]
    fn a_surrounded_stone_is_dropped_when_it_leaves_the_frontier() {
        // One row: black, then white next to it. The black stone has no
        // liberty and leaves the frontier.
        let f = Frontier::decode(START, 1);
        let black = f.place(0, BLACK).unwrap();
        assert_eq!(black, 8 | 0 << 2);
        assert_eq!(Frontier::decode(black, 1).place(0, WHITE), None);
        // Another black stone joins it, still without a liberty.
        let two = Frontier::decode(black, 1).place(0, BLACK).unwrap();
        assert_eq!(two, 8);
        // An empty point frees it.
        assert_eq!(Frontier::decode(two, 1).place(0, EMPTY), Some(1));
        assert!(!all_free(two) && all_free(1));
        assert_eq!(swap_colours(two), 8 | 1 << 2);
    }
}
