//! Perft with a transposition table and on several threads.
//!
//! - The table is keyed by the position and the side to move: the planes of
//!   the player to move and of the opponent (whose colour it is does not
//!   change the count), reduced to the least of the 8 board symmetries, so
//!   a position and its mirror images share one entry. The full key is
//!   stored, so a hit is never a collision: hashed counts are exact.
//! - Entries live in buckets of two (one kept for the deeper subtree, one
//!   always replaced) inside shards behind mutexes: the threads share one
//!   table with no `unsafe`. Nodes within [`HASH_MIN`] plies of the leaves
//!   are counted plainly; a probe costs more than their subtrees.
//! - Threads: the tree is cut a few plies below the root into distinct
//!   positions (merged through the symmetries, each with its number of
//!   paths when hashing), which the threads take in turn.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::bitboard::{flips, moves};
use super::othello::Position;
use super::perft::{Passes, plain};

/// The table size `boardcheck perft` uses unless told (MiB).
pub const DEFAULT_HASH_MB: usize = 512;
/// Nodes with fewer plies than this below them are not hashed.
pub const HASH_MIN: u32 = 3;

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
    if n > 0 {
        n
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// The leaves `depth` plies below `pos` under `config`.
pub fn count(pos: &Position, depth: u32, config: &Config) -> u64 {
    let (p, o) = (pos.player, pos.opponent);
    let table = (config.hash_mb > 0 && depth > HASH_MIN).then(|| Table::new(config.hash_mb));
    if config.threads <= 1 {
        return match &table {
            Some(t) => hashed(t, p, o, depth, config.passes),
            None => plain(p, o, depth, config.passes),
        };
    }
    // Cut at a ply that gives each thread many pieces of work.
    let cut = depth.saturating_sub(HASH_MIN + 2).min(6);
    let mut pieces = Pieces::default();
    split(
        p,
        o,
        depth,
        cut,
        config.passes,
        1,
        table.is_some(),
        &mut pieces,
    );
    let work: Vec<(u64, u64, u32, u64)> = match pieces {
        Pieces {
            merged: Some(m), ..
        } => {
            let mut w: Vec<_> = m.into_iter().map(|((p, o, d), n)| (p, o, d, n)).collect();
            w.sort_unstable();
            w
        }
        Pieces { list, .. } => list,
    };
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..config.threads)
            .map(|_| {
                s.spawn(|| {
                    let mut sum = 0u64;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(p, o, d, n)) = work.get(i) else {
                            return sum;
                        };
                        let leaves = match &table {
                            Some(t) => hashed(t, p, o, d, config.passes),
                            None => plain(p, o, d, config.passes),
                        };
                        sum += n * leaves;
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a perft thread panicked"))
            .sum()
    })
}

/// The work below the cut: (player, opponent, depth left, paths).
#[derive(Default)]
struct Pieces {
    /// Every piece, paths 1 (no hashing: the threads repeat transpositions).
    list: Vec<(u64, u64, u32, u64)>,
    /// Distinct pieces up to symmetry with their number of paths.
    merged: Option<HashMap<(u64, u64, u32), u64>>,
}

/// Collects the nodes `cut` plies below (`p`, `o`), each reached by `paths`
/// paths; a node with nothing left to cut is a piece itself.
#[allow(clippy::too_many_arguments)]
fn split(
    p: u64,
    o: u64,
    depth: u32,
    cut: u32,
    passes: Passes,
    paths: u64,
    merge: bool,
    out: &mut Pieces,
) {
    let mut m = moves(p, o);
    let stop = cut == 0 || depth <= 1 || (m == 0 && moves(o, p) == 0);
    if stop {
        if merge {
            let (cp, co) = canonical(p, o);
            *out.merged
                .get_or_insert_with(HashMap::new)
                .entry((cp, co, depth))
                .or_default() += paths;
        } else {
            out.list.push((p, o, depth, paths));
        }
        return;
    }
    if m == 0 {
        let d = if passes == Passes::Ply {
            depth - 1
        } else {
            depth
        };
        return split(o, p, d, cut - 1, passes, paths, merge, out);
    }
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let f = flips(p, o, sq);
        split(
            o ^ f,
            p | f | 1 << sq,
            depth - 1,
            cut - 1,
            passes,
            paths,
            merge,
            out,
        );
    }
}

/// Perft through the table.
fn hashed(t: &Table, p: u64, o: u64, depth: u32, passes: Passes) -> u64 {
    if depth < HASH_MIN {
        return plain(p, o, depth, passes);
    }
    let key = canonical(p, o);
    if let Some(n) = t.get(key, depth) {
        return n;
    }
    let mut m = moves(p, o);
    let n = if m == 0 {
        if moves(o, p) == 0 {
            1
        } else if passes == Passes::Ply {
            hashed(t, o, p, depth - 1, passes)
        } else {
            hashed(t, o, p, depth, passes)
        }
    } else {
        let mut total = 0;
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let f = flips(p, o, sq);
            total += hashed(t, o ^ f, p | f | 1 << sq, depth - 1, passes);
        }
        total
    };
    t.put(key, depth, n);
    n
}

/// One entry: the canonical planes, and the count with its depth packed
/// as `count << 8 | depth` (depth 0: empty).
#[derive(Clone, Copy, Default)]
struct Slot {
    p: u64,
    o: u64,
    packed: u64,
}

/// Slots per bucket: the first kept for the deeper subtree, the second always replaced.
const WAYS: usize = 2;
/// Shards, each behind its own mutex.
const SHARDS: usize = 256;

/// The shared transposition table.
pub struct Table {
    shards: Vec<Mutex<Vec<[Slot; WAYS]>>>,
    mask: u64,
}

impl Table {
    /// A table of about `mb` MiB (a power of two buckets per shard).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) << 20;
        let buckets = (bytes / (SHARDS * std::mem::size_of::<[Slot; WAYS]>())).max(1);
        let per_shard = 1usize << buckets.ilog2();
        Table {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(vec![[Slot::default(); WAYS]; per_shard]))
                .collect(),
            mask: per_shard as u64 - 1,
        }
    }

    fn locate(&self, (p, o): (u64, u64)) -> (usize, usize) {
        let h = (p.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ o.wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
            .rotate_left(29)
            .wrapping_mul(0x1656_67B1_9E37_79F9);
        ((h >> 56) as usize % SHARDS, (h & self.mask) as usize)
    }

    /// The stored count of `key` `depth` plies deep, if any.
    pub fn get(&self, key: (u64, u64), depth: u32) -> Option<u64> {
        let (s, b) = self.locate(key);
        let shard = self.shards[s].lock().unwrap_or_else(|e| e.into_inner());
        shard[b]
            .iter()
            .find(|e| e.p == key.0 && e.o == key.1 && e.packed & 0xFF == u64::from(depth))
            .map(|e| e.packed >> 8)
    }

    /// Stores `count` for `key` `depth` plies deep (counts too large to pack are not stored).
    pub fn put(&self, key: (u64, u64), depth: u32, count: u64) {
        if count >> 56 != 0 || depth > 0xFF {
            return;
        }
        let (s, b) = self.locate(key);
        let mut shard = self.shards[s].lock().unwrap_or_else(|e| e.into_inner());
        let bucket = &mut shard[b];
        let slot = Slot {
            p: key.0,
            o: key.1,
            packed: count << 8 | u64::from(depth),
        };
        let way = usize::from((bucket[0].packed & 0xFF) > u64::from(depth));
        bucket[way] = slot;
    }
}

/// The planes mirrored left to right (column c to 7 - c).
fn mirror(x: u64) -> u64 {
    let x = (x >> 1) & 0x5555_5555_5555_5555 | (x & 0x5555_5555_5555_5555) << 1;
    let x = (x >> 2) & 0x3333_3333_3333_3333 | (x & 0x3333_3333_3333_3333) << 2;
    (x >> 4) & 0x0F0F_0F0F_0F0F_0F0F | (x & 0x0F0F_0F0F_0F0F_0F0F) << 4
}

/// The planes transposed (row r, column c to row c, column r).
fn transpose(mut x: u64) -> u64 {
    let t = 0x0F0F_0F0F_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
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

    #[test]
    fn canonical_is_the_same_for_every_image() {
        let (p, o) = (0x0000_0010_1C00_0000u64, 0x0000_0008_0200_0000u64);
        let want = canonical(p, o);
        for (a, b) in [
            (mirror(p), mirror(o)),
            (transpose(p), transpose(o)),
            (p.swap_bytes(), o.swap_bytes()),
        ] {
            assert_eq!(canonical(a, b), want);
        }
    }

    #[test]
    fn a_stored_count_comes_back_only_at_its_depth() {
        let t = Table::new(1);
        t.put((3, 4), 5, 77);
        assert_eq!(t.get((3, 4), 5), Some(77));
        assert_eq!(t.get((3, 4), 6), None);
        assert_eq!(t.get((4, 3), 5), None);
    }
}
