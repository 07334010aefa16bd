//! Perft with a transposition table and on several threads.
//!
//! - The table is keyed by the position and the side to move: the planes of
//!   the player to move and of the opponent (whose colour it is does not
//!   change the count), reduced to the least of the 8 board symmetries, so
//!   a position and its mirror images share one entry (this is what merges
//!   the 4 equivalent first moves). The full key is stored, so a hit is
//!   never a collision: hashed counts are exact.
//! - A bucket is one 64-byte cache line: two entries (one kept for the
//!   deeper subtree, one always replaced) and a sequence number. Its words
//!   are atomics, written under the sequence number (a seqlock: odd while a
//!   writer is at work; a reader that sees it change or odd counts a miss),
//!   so the threads share one table without locks or `unsafe`, and a torn
//!   entry is never read. Nodes within [`HASH_MIN`] plies of the leaves are
//!   counted plainly: a probe costs more than their subtrees.
//! - A node first makes all its children and loads their buckets, then
//!   visits them: the cache misses of the loads overlap.
//! - Threads: the tree is cut a few plies below the root into distinct
//!   positions (merged through the symmetries, each with its number of
//!   paths when hashing), which the threads take in turn.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering, fence};

use super::bitboard::{flips, moves};
use super::othello::Position;
use super::perft_plain::{Passes, plain};

/// The table size `boardcheck perft` uses unless told (MiB).
pub const DEFAULT_HASH_MB: usize = 512;
/// Nodes with fewer plies than this below them are not hashed. Measured
/// at depth 13, one thread, best of 3 (CPU seconds): 3 → 4.4, 4 → 3.1, 5 → 3.3.
pub const HASH_MIN: u32 = 4;

/// How to count.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// How a pass counts.
    pub passes: Passes,
    /// Transposition table size in MiB; 0: no hashing.
    pub hash_mb: usize,
    /// Threads (at least 1).
    pub threads: usize,
}

/// `n` threads, or one per core when `n` is 0.
pub fn threads(n: usize) -> usize {
    if n > 0 { n } else { crate::limits::cores() }
}

/// The table [`count`] uses under `config` at `depth`: none without
/// hashing, nor when no node has [`HASH_MIN`] plies below it.
pub fn table_for(config: &Config, depth: u32) -> Option<Table> {
    (config.hash_mb > 0 && depth >= HASH_MIN).then(|| Table::new(config.hash_mb))
}

/// The leaves `depth` plies below `pos` under `config`.
pub fn count(pos: &Position, depth: u32, config: &Config) -> u64 {
    count_in(table_for(config, depth).as_ref(), pos, depth, config)
}

/// [`count`] through a given table (or none): every node with at least
/// [`HASH_MIN`] plies below it and at or below the cut of [`pieces`] is
/// stored in it once. Without a table nothing is merged, not even at the
/// cut (a plain count repeats every transposition).
pub fn count_in(table: Option<&Table>, pos: &Position, depth: u32, config: &Config) -> u64 {
    let work = pieces(pos, depth, config.passes, table.is_some());
    count_pieces(&work, table, config)
}

/// Part `index` (0-based) of `count` of [`count`]: the leaves below every
/// `count`-th of the merged [`pieces`]. The parts of one position and depth
/// add up to its count, whatever each part's table size and threads
/// (`boardcheck perft --shard I/N`).
pub fn count_shard(pos: &Position, depth: u32, config: &Config, index: u64, count: u64) -> u64 {
    let work: Vec<Piece> = pieces(pos, depth, config.passes, true)
        .into_iter()
        .enumerate()
        .filter(|(k, _)| *k as u64 % count == index)
        .map(|(_, piece)| piece)
        .collect();
    count_pieces(&work, table_for(config, depth).as_ref(), config)
}

/// A piece of work: a node [`cut`] plies below the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Piece {
    /// The planes of the player to move (when merged, the least of the 8
    /// images with `opponent`).
    pub player: u64,
    /// The planes of the other player.
    pub opponent: u64,
    /// Plies left below the node.
    pub depth: u32,
    /// The paths from the root that reach it (or an image of it).
    pub paths: u64,
}

/// The plies from the root to the nodes the threads share out: enough
/// for each thread to get many pieces, and at least `HASH_MIN + 2` above
/// the leaves (no cut for a perft of 6 or less).
pub fn cut(depth: u32) -> u32 {
    depth.saturating_sub(HASH_MIN + 2).min(6)
}

/// The nodes [`cut`] plies below `pos` (a pass is a ply of the cut when it
/// is one of the perft; a finished game above the cut is a node itself):
/// when `merge`, the distinct ones up to symmetry, sorted, each with its
/// paths; else every one in search order, one path each. Their paths add
/// up to the perft of `pos` to the cut's depth.
pub fn pieces(pos: &Position, depth: u32, passes: Passes, merge: bool) -> Vec<Piece> {
    let (mut list, mut merged) = (Vec::new(), HashMap::new());
    let mut node = |player: u64, opponent: u64, depth: u32| {
        if merge {
            let (cp, co) = canonical(player, opponent);
            *merged.entry((cp, co, depth)).or_default() += 1;
        } else {
            list.push(Piece {
                player,
                opponent,
                depth,
                paths: 1,
            });
        }
    };
    split(
        pos.player,
        pos.opponent,
        depth,
        cut(depth),
        passes,
        &mut node,
    );
    if merge {
        list = merged
            .into_iter()
            .map(|((player, opponent, depth), paths)| Piece {
                player,
                opponent,
                depth,
                paths,
            })
            .collect();
        list.sort_unstable();
    }
    list
}

/// The leaves below `work`, each times its paths, on `config.threads`
/// threads sharing `table`.
fn count_pieces(work: &[Piece], table: Option<&Table>, config: &Config) -> u64 {
    let next = AtomicUsize::new(0);
    // Each worker takes the next piece until none is left.
    let worker = || {
        let mut sum = 0u64;
        while let Some(piece) = work.get(next.fetch_add(1, Ordering::Relaxed)) {
            let (p, o, d) = (piece.player, piece.opponent, piece.depth);
            let leaves = match table {
                Some(t) => hashed(t, p, o, d, config.passes),
                None => plain(p, o, d, config.passes),
            };
            sum += piece.paths * leaves;
        }
        sum
    };
    // This thread is one of the workers; the others are spawned.
    std::thread::scope(|s| {
        let helpers: Vec<_> = (1..config.threads).map(|_| s.spawn(worker)).collect();
        let mine = worker();
        let theirs: u64 = helpers
            .into_iter()
            .map(|w| w.join().expect("a perft thread panicked"))
            .sum();
        mine + theirs
    })
}

/// Hands each node `cut` plies below (`p`, `o`) to `node`, once per path.
fn split(
    p: u64,
    o: u64,
    depth: u32,
    cut: u32,
    passes: Passes,
    node: &mut impl FnMut(u64, u64, u32),
) {
    let mut m = moves(p, o);
    if cut == 0 || (m == 0 && moves(o, p) == 0) {
        return node(p, o, depth);
    }
    if m == 0 {
        return match passes {
            Passes::Ply => split(o, p, depth - 1, cut - 1, passes, node),
            Passes::Free => split(o, p, depth, cut, passes, node),
        };
    }
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let f = flips(p, o, sq);
        // `f` (opponent discs) and the empty square are disjoint from `p`.
        let (a, b) = (o ^ f, p + f + (1 << sq));
        split(a, b, depth - 1, cut - 1, passes, node);
    }
}

/// Perft through the table.
fn hashed(t: &Table, p: u64, o: u64, depth: u32, passes: Passes) -> u64 {
    if depth < HASH_MIN {
        return plain(p, o, depth, passes);
    }
    let key = canonical(p, o);
    lookup_or_count(t, p, o, depth, passes, key, t.locate(key))
}

/// The count of a node `depth >= HASH_MIN` plies deep whose key and bucket are known.
fn lookup_or_count(
    t: &Table,
    p: u64,
    o: u64,
    depth: u32,
    passes: Passes,
    key: (u64, u64),
    bucket: usize,
) -> u64 {
    if let Some(n) = t.get(bucket, key, depth) {
        return n;
    }
    let n = expand(t, p, o, depth, passes);
    t.put(bucket, key, depth, n);
    n
}

/// Children whose buckets are loaded before any is visited.
const PROBE_BATCH: usize = 16;

/// The count of a node missing from the table.
fn expand(t: &Table, p: u64, o: u64, depth: u32, passes: Passes) -> u64 {
    let mut m = moves(p, o);
    if m == 0 {
        return if moves(o, p) == 0 {
            1
        } else if passes == Passes::Ply {
            hashed(t, o, p, depth - 1, passes)
        } else {
            hashed(t, o, p, depth, passes)
        };
    }
    if depth - 1 < HASH_MIN {
        return plain(p, o, depth, passes);
    }
    let mut total = 0;
    while m != 0 {
        // (mover, other, key, bucket) of each child.
        let mut kids = [(0, 0, (0, 0), 0); PROBE_BATCH];
        let mut n = 0;
        while n < PROBE_BATCH && m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let f = flips(p, o, sq);
            let (a, b) = (o ^ f, p + f + (1 << sq));
            let key = canonical(a, b);
            let bucket = t.locate(key);
            // Independent loads: the CPU has them all in flight at once.
            t.touch(bucket);
            kids[n] = (a, b, key, bucket);
            n += 1;
        }
        for &(a, b, key, bucket) in &kids[..n] {
            total += lookup_or_count(t, a, b, depth - 1, passes, key, bucket);
        }
    }
    total
}

/// Words of a bucket: entry 0 (kept for the deeper subtree) in 0..3, entry
/// 1 (always replaced) in 3..6, each the canonical planes and the count
/// packed as `count << 8 | depth` (depth 0: empty); the sequence number in 6.
#[repr(align(64))]
#[derive(Default)]
struct Bucket([AtomicU64; 8]);

/// The word of a bucket holding its sequence number.
const SEQ: usize = 6;

/// The shared transposition table.
pub struct Table {
    buckets: Vec<Bucket>,
    /// 64 minus log2 of the bucket count: the hash's top bits pick one.
    shift: u32,
}

impl Table {
    /// A table of at most `mb` MiB (a power of two buckets of 64 bytes).
    pub fn new(mb: usize) -> Table {
        let fit = (mb.max(1) << 20) / std::mem::size_of::<Bucket>();
        let n = 1usize << fit.ilog2();
        Table {
            buckets: (0..n).map(|_| Bucket::default()).collect(),
            shift: 64 - n.trailing_zeros(),
        }
    }

    /// The buckets (a power of two).
    pub fn buckets(&self) -> usize {
        self.buckets.len()
    }

    /// The entries in use (for tests: a full scan).
    pub fn entries(&self) -> usize {
        let used = |b: &Bucket, e: usize| b.0[e + 2].load(Ordering::Relaxed) & 0xFF != 0;
        self.buckets
            .iter()
            .map(|b| usize::from(used(b, 0)) + usize::from(used(b, 3)))
            .sum()
    }

    /// The bucket of `key`: the top bits of a multiplicative hash.
    pub fn locate(&self, (p, o): (u64, u64)) -> usize {
        let h = p
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(o)
            .wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        // `checked_shr`: a one-bucket table shifts by 64.
        h.checked_shr(self.shift).unwrap_or(0) as usize
    }

    /// A plain load of a bucket, to have it in cache when it is looked up.
    fn touch(&self, bucket: usize) {
        std::hint::black_box(self.buckets[bucket].0[0].load(Ordering::Relaxed));
    }

    /// The stored count of `key` `depth` plies deep in `bucket`, if any.
    pub fn get(&self, bucket: usize, key: (u64, u64), depth: u32) -> Option<u64> {
        let w = &self.buckets[bucket].0;
        let seq = w[SEQ].load(Ordering::Acquire);
        let mut found = None;
        for e in [0, 3] {
            let packed = w[e + 2].load(Ordering::Relaxed);
            if w[e].load(Ordering::Relaxed) == key.0
                && w[e + 1].load(Ordering::Relaxed) == key.1
                && packed & 0xFF == u64::from(depth)
            {
                found = Some(packed >> 8);
            }
        }
        found?;
        // The seqlock's check: no writer started or finished meanwhile.
        fence(Ordering::Acquire);
        (seq & 1 == 0 && w[SEQ].load(Ordering::Relaxed) == seq)
            .then_some(found)
            .flatten()
    }

    /// Stores `count` for `key` `depth` plies deep in `bucket` (counts too
    /// large to pack are not stored; nor is anything while another thread
    /// writes the bucket): over entry 0 when it is no deeper, else over
    /// entry 1.
    pub fn put(&self, bucket: usize, key: (u64, u64), depth: u32, count: u64) {
        if count >> 56 != 0 || depth > 0xFF {
            return;
        }
        let w = &self.buckets[bucket].0;
        let seq = w[SEQ].load(Ordering::Relaxed);
        if seq & 1 != 0
            || w[SEQ]
                .compare_exchange(seq, seq + 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        fence(Ordering::Release);
        let e = if w[2].load(Ordering::Relaxed) & 0xFF > u64::from(depth) {
            3
        } else {
            0
        };
        w[e].store(key.0, Ordering::Relaxed);
        w[e + 1].store(key.1, Ordering::Relaxed);
        w[e + 2].store((count << 8) + u64::from(depth), Ordering::Relaxed);
        w[SEQ].store(seq + 2, Ordering::Release);
    }
}

/// The planes mirrored left to right (column c to 7 - c).
fn mirror(x: u64) -> u64 {
    // Each step swaps neighbouring groups of bits (disjoint halves: a sum).
    let x = ((x >> 1) & 0x5555_5555_5555_5555) + ((x & 0x5555_5555_5555_5555) << 1);
    let x = ((x >> 2) & 0x3333_3333_3333_3333) + ((x & 0x3333_3333_3333_3333) << 2);
    ((x >> 4) & 0x0F0F_0F0F_0F0F_0F0F) + ((x & 0x0F0F_0F0F_0F0F_0F0F) << 4)
}

/// The planes transposed (row r, column c to row c, column r).
fn transpose(mut x: u64) -> u64 {
    // Delta swaps: `t` and its shifted copy never share a bit (a sum).
    let t = 0x0F0F_0F0F_0000_0000 & (x ^ (x << 28));
    x ^= t + (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t + (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ (t + (t >> 7))
}

/// The least of the 8 symmetric images of (`p`, `o`).
pub fn canonical(p: u64, o: u64) -> (u64, u64) {
    let mut best = (p, o);
    for (a, b) in [(p, o), (transpose(p), transpose(o))] {
        for (c, d) in [
            (a, b),
            (a.swap_bytes(), b.swap_bytes()),
            (mirror(a), mirror(b)),
            (mirror(a.swap_bytes()), mirror(b.swap_bytes())),
        ] {
            best = best.min((c, d));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_map_cells_as_named() {
        let cell = |r: u32, c: u32| 1u64 << (8 * r + c);
        assert_eq!(mirror(cell(2, 1)), cell(2, 6));
        assert_eq!(transpose(cell(2, 1)), cell(1, 2));
        assert_eq!(cell(2, 1).swap_bytes(), cell(5, 1));
        assert_eq!(
            transpose(transpose(0x1234_5678_9ABC_DEF0)),
            0x1234_5678_9ABC_DEF0
        );
    }
}
