//! Perft: the number of leaves of the standard Othello game tree a given
//! number of plies below a position, with the convention of the module docs
//! (a forced pass uses one ply; a game that ends early counts as one leaf;
//! the last ply is bulk-counted). [`perft`] runs on the bitboard engine,
//! [`perft_grid`] on the m×n grid engine (8×8, no bulk counting: every leaf
//! is played), so the two are independent checks of each other.

use std::time::Instant;

use super::Board;
use super::bitboard::{flips, moves};
use super::grid;
use super::othello::Position;

/// The published counts from the start position for depths 1 to 14.
pub const KNOWN: [u64; 14] = [
    4,
    12,
    56,
    244,
    1396,
    8200,
    55092,
    390216,
    3005288,
    24571284,
    212258800,
    1939886636,
    18429641748,
    184042084512,
];

/// The depth `boardcheck perft` runs to when none is given.
pub const DEFAULT_DEPTH: u32 = 9;
/// The deepest `boardcheck perft` accepts (depth 14 already takes hours).
pub const MAX_DEPTH: u32 = crate::limits::PERFT_MAX_DEPTH;

/// The leaves `depth` plies below `pos` (bitboard engine).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        1
    } else {
        planes(pos.player, pos.opponent, depth)
    }
}

/// The most children the bulk-counting step batches: one per cell, so any
/// position fits (reachable ones have at most 33 legal moves).
const BATCH: usize = 64;

/// Perft on the planes of the player to move (`p`) and the opponent (`o`); `depth >= 1`.
fn planes(p: u64, o: u64, depth: u32) -> u64 {
    let mut m = moves(p, o);
    if m == 0 {
        // A pass at the last ply, or a finished game: one leaf either way.
        if depth == 1 || moves(o, p) == 0 {
            return 1;
        }
        return planes(o, p, depth - 1);
    }
    match depth {
        1 => m.count_ones() as u64,
        2 => {
            // Bulk counting: each child counts its own moves (1 if it has
            // none: a pass, or the end of the game). The children are made
            // first and counted in a second loop over plain arrays, which
            // the compiler vectorizes (two children per SSE2 register).
            let mut mover = [0u64; BATCH];
            let mut other = [0u64; BATCH];
            let mut n = 0;
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                let f = flips(p, o, sq);
                mover[n] = o ^ f;
                other[n] = p | f | 1 << sq;
                n += 1;
            }
            count_children(&mover[..n], &other[..n])
        }
        _ => {
            let mut total = 0;
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                let f = flips(p, o, sq);
                total += planes(o ^ f, p | f | 1 << sq, depth - 1);
            }
            total
        }
    }
}

/// The leaves one ply below each child (planes `mover[i]`, `other[i]`):
/// its number of moves, or 1 if it has none.
#[inline(never)]
fn count_children(mover: &[u64], other: &[u64]) -> u64 {
    mover
        .iter()
        .zip(other)
        .map(|(&p, &o)| {
            let m = moves(p, o);
            m.count_ones() as u64 + u64::from(m == 0)
        })
        .sum()
}

/// The leaves `depth` plies below `board` with `player` to move, on the
/// grid engine; every leaf is played, none bulk-counted.
pub fn perft_grid(board: &Board, player: u8, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = grid::legal_moves(board, player);
    if moves.is_empty() {
        return if grid::legal_moves(board, 3 - player).is_empty() {
            1 // the game is over: one leaf
        } else {
            perft_grid(board, 3 - player, depth - 1) // a pass uses one ply
        };
    }
    moves
        .into_iter()
        .map(|(r, c)| {
            let mut next = board.clone();
            grid::play(&mut next, r, c, player);
            perft_grid(&next, 3 - player, depth - 1)
        })
        .sum()
}

/// What `boardcheck perft [DEPTH]` prints: for each depth from 1 to `depth`
/// (default [`DEFAULT_DEPTH`]), the leaf count from the start position, the
/// time, leaves per second, and whether the count is the published one.
/// A depth out of range is an error; so is a count that differs from the
/// published one (the error then holds the whole table).
pub fn run_cli(depth: Option<u32>) -> Result<String, String> {
    use std::fmt::Write;
    let depth = depth.unwrap_or(DEFAULT_DEPTH);
    if !(1..=MAX_DEPTH).contains(&depth) {
        return Err(format!("perft depth {depth} is outside 1..={MAX_DEPTH}"));
    }
    let mut out = String::from(
        "perft: standard Othello from the start position, bitboard engine, one thread\n\
         (a forced pass uses one ply; a game over before the depth is one leaf; last ply bulk-counted)\n",
    );
    let _ = writeln!(
        out,
        "{:>5} {:>15} {:>10} {:>12}  published",
        "depth", "leaves", "seconds", "Mleaves/s"
    );
    let start = Position::start();
    let mut wrong = 0;
    for d in 1..=depth {
        let t = Instant::now();
        let leaves = perft(&start, d);
        let secs = t.elapsed().as_secs_f64();
        let rate = if secs > 0.0 {
            format!("{:.1}", leaves as f64 / secs / 1e6)
        } else {
            "-".into()
        };
        let known = match KNOWN.get(d as usize - 1) {
            Some(&k) if k == leaves => "ok".to_string(),
            Some(&k) => {
                wrong += 1;
                format!("MISMATCH: expected {k}")
            }
            None => "(unknown)".to_string(),
        };
        let _ = writeln!(out, "{d:>5} {leaves:>15} {secs:>10.4} {rate:>12}  {known}");
    }
    if wrong > 0 {
        Err(format!(
            "{out}perft: {wrong} count(s) differ from the published ones"
        ))
    } else {
        Ok(out)
    }
}
