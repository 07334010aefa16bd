//! Random playouts on the engine's board: each side plays a move drawn
//! uniformly among its legal moves that do not fill a one-point eye of its
//! own (every on-board neighbour its colour), or passes when there is none;
//! the game ends after two passes in a row or at a cap of 3·n² turns. Ko is
//! ignored, as in the contract, so the cap also stops the (rare) endless
//! ko fights.

use super::BLACK;
use super::engine::Board;

/// A small fast random source (xorshift64*), seeded explicitly so playouts
/// can be repeated.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value, 0 included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// Draws from the full list before falling back to drawing without replacement.
const QUICK_TRIES: usize = 4;

/// A random legal move of `colour` that does not fill its own one-point
/// eye, drawn uniformly among all such moves; `None` means pass (there is
/// none). A few draws from all the empty points come first, each rejected
/// if it is not a candidate (rejection sampling: uniform over the
/// candidates); if they all miss, the empty points are drawn without
/// replacement (a lazy Fisher–Yates shuffle), so a pass is only declared
/// after every point was tried. Both stages pick each candidate with the
/// same probability, so the mix does too.
pub fn choose_move(board: &Board, colour: u8, rng: &mut Rng) -> Option<usize> {
    let empties = board.empties();
    let k = empties.len();
    if k == 0 {
        return None;
    }
    let good = |p: usize| !board.is_eye(p, colour) && board.is_legal(p, colour);
    for _ in 0..QUICK_TRIES {
        let p = empties[rng.below(k)] as usize;
        if good(p) {
            return Some(p);
        }
    }
    let mut left = empties.to_vec();
    while !left.is_empty() {
        let i = rng.below(left.len());
        let p = left.swap_remove(i) as usize;
        if good(p) {
            return Some(p);
        }
    }
    None
}

/// What one playout did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Stones placed.
    pub moves: usize,
    /// Stones captured.
    pub captured: usize,
    /// True when it ended with two passes (not at the cap).
    pub both_passed: bool,
}

/// Plays a random game on `board`, `first` to move, at most `cap` turns
/// (moves and passes).
pub fn playout(board: &mut Board, first: u8, cap: usize, rng: &mut Rng) -> Played {
    game(first, cap, |colour| {
        let p = choose_move(board, colour, rng)?;
        Some(board.try_play(p, colour).expect("chosen moves are legal"))
    })
}

/// The playout's game, whatever the board: `turn(colour)` plays that
/// colour's move and gives the stones it captured, or `None` for a pass;
/// the game ends after two passes in a row or `cap` turns.
#[inline]
pub(super) fn game(first: u8, cap: usize, mut turn: impl FnMut(u8) -> Option<u32>) -> Played {
    let mut colour = first;
    let mut passes = 0;
    let mut played = Played::default();
    for _ in 0..cap {
        match turn(colour) {
            Some(captured) => {
                played.moves += 1;
                played.captured += captured as usize;
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

/// The usual cap: three turns per point.
pub fn default_cap(rows: usize, cols: usize) -> usize {
    3 * rows * cols
}

/// A full playout on an empty n×n board from `seed`, Black first.
pub fn random_game(n: usize, seed: u64) -> (Board, Played) {
    let mut board = Board::new(n, n);
    let mut rng = Rng::new(seed);
    let played = playout(&mut board, BLACK, default_cap(n, n), &mut rng);
    (board, played)
}
