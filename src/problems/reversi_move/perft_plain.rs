//! The plain perft kernel on bitboards: no table, one thread, the last ply
//! bulk-counted (see `perft.rs`); below both `perft.rs` and the hashed and
//! parallel counts of `perft_tt.rs`.

use multiversion::multiversion;

use super::bitboard::{flips, moves};

/// How a forced pass counts against the depth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Passes {
    /// A pass is a ply (Bik's table; Egaroucid's mode 1).
    #[default]
    Ply,
    /// A pass uses no depth (Egaroucid's mode 2).
    Free,
}

/// Perft on the planes of the player to move (`p`) and the opponent (`o`).
pub(super) fn plain(p: u64, o: u64, depth: u32, passes: Passes) -> u64 {
    match (depth, passes) {
        (0, _) => 1,
        (_, Passes::Ply) => planes::<false>(p, o, depth),
        (_, Passes::Free) => planes::<true>(p, o, depth),
    }
}

/// The children a node makes before their moves are found side by side;
/// a node with more moves (rare: reachable positions have at most 33)
/// takes them in several rounds. Small, as the arrays are zeroed each round.
const CHUNK: usize = 24;

/// Perft with `depth >= 1`; `FREE`: a pass uses no depth.
fn planes<const FREE: bool>(p: u64, o: u64, depth: u32) -> u64 {
    let mut m = moves(p, o);
    if m == 0 {
        // The opponent's move count is the leaf count of a free pass at the
        // last ply; none at all is a finished game, one leaf.
        let q = moves(o, p);
        return match (q, FREE) {
            (0, _) => 1,
            (_, true) => planes::<FREE>(o, p, depth),
            (_, false) if depth == 1 => 1,
            (_, false) => planes::<FREE>(o, p, depth - 1),
        };
    }
    match depth {
        1 => u64::from(m.count_ones()),
        2 if FREE => bulk_free(p, o, m),
        2 => bulk_ply(p, o, m),
        3 if FREE => three_free(p, o, m),
        3 => three_ply(p, o, m),
        4 if FREE => four_free(p, o, m),
        4 => four_ply(p, o, m),
        _ => {
            // Depths 1 to 4 go to the counters above; a test build checks
            // it, so a dropped arm is an error, not a silent slowdown.
            debug_assert!(depth > 4, "depth {depth} has a bulk counter");
            let mut total = 0;
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                let f = flips(p, o, sq);
                // p, f and the new piece are disjoint: `+` is the union.
                total += planes::<FREE>(o ^ f, p + f + (1 << sq), depth - 1);
            }
            total
        }
    }
}

/// The counting entry points, each compiled once per CPU feature level
/// (one target list for all of them) and picked at run time.
macro_rules! dispatched {
    ($($(#[$doc:meta])* fn $name:ident => $body:ident::<$free:literal>;)*) => {$(
        $(#[$doc])*
        #[multiversion(targets(
            "x86_64+avx2+bmi1+bmi2+popcnt+lzcnt",
            "x86_64+sse4.2+popcnt",
            "aarch64+neon"
        ))]
        fn $name(p: u64, o: u64, m: u64) -> u64 {
            $body::<$free>(p, o, m)
        }
    )*};
}

dispatched! {
    /// A node two plies above the leaves (moves `m`, non-empty), a pass one ply.
    fn bulk_ply => bulk::<false>;
    /// A node two plies above the leaves (moves `m`, non-empty), a pass free.
    fn bulk_free => bulk::<true>;
    /// A node three plies above the leaves (moves `m`, non-empty), a pass one ply.
    fn three_ply => three::<false>;
    /// A node three plies above the leaves (moves `m`, non-empty), a pass free.
    fn three_free => three::<true>;
    /// A node four plies above the leaves (moves `m`, non-empty), a pass one ply.
    fn four_ply => four::<false>;
    /// A node four plies above the leaves (moves `m`, non-empty), a pass free.
    fn four_free => four::<true>;
}

/// The children of `p`, `o` for the moves `m` (at most [`CHUNK`] of them,
/// taken off `m`): the mover's planes, the other's, and how many.
#[inline(always)]
fn children(p: u64, o: u64, m: &mut u64) -> ([u64; CHUNK], [u64; CHUNK], usize) {
    let mut mover = [0u64; CHUNK];
    let mut other = [0u64; CHUNK];
    let mut n = 0;
    while n < CHUNK && *m != 0 {
        let sq = m.trailing_zeros();
        *m &= *m - 1;
        let f = flips(p, o, sq);
        mover[n] = o ^ f;
        // Disjoint: `+` is the union (and leaves no equivalent `^` mutant).
        other[n] = p + f + (1 << sq);
        n += 1;
    }
    (mover, other, n)
}

/// The children of a node four plies up, each counted by [`three`] in the
/// same compiled function.
#[inline(always)]
fn four<const FREE: bool>(p: u64, o: u64, mut m: u64) -> u64 {
    let mut total = 0;
    while m != 0 {
        let (mover, other, n) = children(p, o, &mut m);
        let mut next = [0u64; CHUNK];
        // Plain indexed loops: an iterator adapter's closure may stay a call
        // compiled without the target's features, losing the vector code.
        for i in 0..n {
            next[i] = moves(mover[i], other[i]);
        }
        for i in 0..n {
            total += match next[i] {
                0 => planes::<FREE>(mover[i], other[i], 3),
                m => three::<FREE>(mover[i], other[i], m),
            };
        }
    }
    total
}

/// The children of a node three plies up, each bulk-counted in the same
/// compiled function (its flips then use the CPU's vector instructions).
#[inline(always)]
fn three<const FREE: bool>(p: u64, o: u64, mut m: u64) -> u64 {
    let mut total = 0;
    while m != 0 {
        let (mover, other, n) = children(p, o, &mut m);
        let mut next = [0u64; CHUNK];
        for i in 0..n {
            next[i] = moves(mover[i], other[i]);
        }
        for i in 0..n {
            total += match next[i] {
                0 => planes::<FREE>(mover[i], other[i], 2),
                m => bulk::<FREE>(mover[i], other[i], m),
            };
        }
    }
    total
}

/// Bulk counting: each child counts its own moves (2 children per SSE2
/// register, 4 per AVX2 one). A child without moves is 1 leaf (a pass or
/// the end) when a pass is a ply; when it is free, the rare such children
/// are counted again in a scalar loop.
#[inline(always)]
fn bulk<const FREE: bool>(p: u64, o: u64, mut m: u64) -> u64 {
    let (mut total, mut stuck) = (0u64, 0u64);
    while m != 0 {
        let (mover, other, n) = children(p, o, &mut m);
        for i in 0..n {
            let c = moves(mover[i], other[i]);
            total += u64::from(c.count_ones());
            stuck += u64::from(c == 0);
        }
        if FREE && stuck != 0 {
            // A free pass: the opponent's moves are the leaves (1 if none: over).
            for i in 0..n {
                if moves(mover[i], other[i]) == 0 {
                    total += u64::from(moves(other[i], mover[i]).count_ones().max(1));
                }
            }
            stuck = 0;
        }
    }
    total + stuck
}
