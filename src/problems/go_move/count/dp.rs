//! The transfer-matrix count of legal colourings (Tromp and Farnebäck,
//! "Combinatorics of Go"): a dynamic program over the points, column by
//! column, whose states are frontiers ([`super::frontier`]) and whose values
//! are how many partial colourings reach each one.
//!
//! Each step decides one more point: every state goes to at most three
//! successors (empty, black, white), those that close a chain off without a
//! liberty are dropped, and counts of equal successors add up. After the
//! last point, the states whose stones all have a liberty are the legal
//! colourings. A state and its colour swap share one entry. The board is
//! turned so the frontier runs along the shorter side; the work is about
//! points × states × 3, with states growing about 5× per row of width.
//!
//! Each step's states are split by a hash into [`PARTS`] maps, each behind
//! a lock. The threads share out the previous step's maps, consuming them
//! (so memory is handed back as the new maps grow), and gather each part's
//! successors in a small buffer of their own, adding a full buffer into its
//! map under one lock: the locks are rarely contended and cheap per state.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Mutex;

use num_bigint::BigUint;

use super::frontier;
use super::wide::{Wide, limbs_for};

/// The widest board side the count runs along (the frontier's width).
pub const MAX_WIDTH: usize = frontier::MAX_WIDTH;

/// How many points the prefixes a shard is dealt have (3^8 prefixes).
pub const SHARD_DEPTH: usize = 8;

/// Below this many states a step runs on one thread: spawning costs more.
const PARALLEL_FROM: usize = 1 << 14;

/// How many maps a step's states are split into.
const PARTS: usize = 64;

/// Successors a thread gathers for one part before adding them to its map.
const BATCH: usize = 256;

/// The splitmix64 finaliser: every key bit reaches every hash bit, which
/// the map's bucket index (low bits) and tag (high bits) both need.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

type Counts<const K: usize> = HashMap<u64, Wide<K>, BuildHasherDefault<KeyHasher>>;

/// Which map holds `key`: a hash unrelated to the map's own.
fn part_of(key: u64) -> usize {
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - PARTS.trailing_zeros())) as usize
}

/// What the count is asked for: the board, the part of it, the threads.
#[derive(Clone, Copy, Debug)]
pub struct Job {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Part `index` (0-based) of `count`: the colourings whose prefix of
    /// the first [`SHARD_DEPTH`] points, numbered in base 3, is `index`
    /// modulo `count`. `(0, 1)` is the whole count.
    pub shard: (u64, u64),
    /// Threads (at least 1).
    pub threads: usize,
}

/// A count and what it took.
#[derive(Clone, Debug)]
pub struct Counted {
    /// The number of legal colourings (of the shard).
    pub count: BigUint,
    /// The most states (pairs of colour-swapped frontiers) held after one
    /// step.
    pub peak_states: usize,
    /// 64-bit limbs per count.
    pub limbs: usize,
}

/// The number of legal colourings of the job's board (of its shard).
/// `rows` and `cols` must be at least 1, the shorter at most
/// [`MAX_WIDTH`].
pub fn count(job: Job) -> BigUint {
    count_with_stats(job).count
}

/// [`count`] and how many states it held.
pub fn count_with_stats(job: Job) -> Counted {
    let points = job.rows * job.cols;
    macro_rules! by_limbs {
        ($($k:literal)*) => {
            match limbs_for(points) {
                $($k => run::<$k>(job),)*
                k => panic!("{k} limbs: boards past 25 x 16 are refused before this"),
            }
        };
    }
    by_limbs!(1 2 3 4 5 6 7 8 9 10)
}

fn run<const K: usize>(job: Job) -> Counted {
    let width = job.rows.min(job.cols);
    assert!((1..=MAX_WIDTH).contains(&width), "width {width}");
    let points = width * job.rows.max(job.cols);
    let (mut states, decided) = start::<K>(width, points, job.shard);
    let mut peak_states = 0;
    for i in decided..points {
        states = step(states, i % width, job.threads.max(1));
        peak_states = peak_states.max(states.iter().map(HashMap::len).sum());
    }
    let mut total = Wide::<K>::ZERO;
    for map in &states {
        for (&key, n) in map {
            if frontier::all_free(key) {
                total.add(n);
            }
        }
    }
    Counted {
        count: total.to_big(),
        peak_states,
        limbs: K,
    }
}

/// The states the count starts from and how many points they decide: the
/// empty frontier for the whole count; for a shard, the states of its
/// prefixes, each prefix decided point by point.
fn start<const K: usize>(
    width: usize,
    points: usize,
    (index, count): (u64, u64),
) -> (Vec<Counts<K>>, usize) {
    let mut states: Vec<Counts<K>> = (0..PARTS).map(|_| Counts::default()).collect();
    if count == 1 {
        states[part_of(frontier::START)].insert(frontier::START, Wide::one());
        return (states, 0);
    }
    let depth = SHARD_DEPTH.min(points);
    for code in (index..3u64.pow(depth as u32)).step_by(count as usize) {
        // The prefix's digits in base 3, point 0 lowest: empty, black,
        // white. Its state, if it is not closed off already.
        let mut key = Some(frontier::START);
        let mut digits = code;
        for i in 0..depth {
            let point = (digits % 3) as u8;
            digits /= 3;
            key = key.and_then(|k| frontier::place(k, i % width, point));
        }
        if let Some(key) = key.map(frontier::canonical) {
            states[part_of(key)]
                .entry(key)
                .or_insert(Wide::ZERO)
                .add(&Wide::one());
        }
    }
    (states, depth)
}

/// Decides the point in row `y` of the next column for every state.
fn step<const K: usize>(states: Vec<Counts<K>>, y: usize, threads: usize) -> Vec<Counts<K>> {
    let total: usize = states.iter().map(HashMap::len).sum();
    let next: Vec<Mutex<Counts<K>>> = (0..PARTS)
        .map(|_| {
            Mutex::new(Counts::with_capacity_and_hasher(
                total / PARTS,
                Default::default(),
            ))
        })
        .collect();
    let threads = if total < PARALLEL_FROM { 1 } else { threads };
    // Thread t takes maps t, t + threads, ...
    let mut shares: Vec<Vec<Counts<K>>> = (0..threads).map(|_| Vec::new()).collect();
    for (i, map) in states.into_iter().enumerate() {
        shares[i % threads].push(map);
    }
    let next_ref = &next;
    let work = move |share: Vec<Counts<K>>| {
        let mut batches: Vec<Vec<(u64, Wide<K>)>> =
            (0..PARTS).map(|_| Vec::with_capacity(BATCH)).collect();
        let flush = |part: usize, batch: &mut Vec<(u64, Wide<K>)>| {
            let mut map = next_ref[part].lock().expect("a count thread panicked");
            for (key, n) in batch.drain(..) {
                map.entry(key).or_insert(Wide::ZERO).add(&n);
            }
        };
        for map in share {
            for (key, n) in map {
                frontier::successors(key, y, |succ| {
                    let part = part_of(succ);
                    batches[part].push((succ, n));
                    if batches[part].len() == BATCH {
                        flush(part, &mut batches[part]);
                    }
                });
            }
        }
        for (part, batch) in batches.iter_mut().enumerate() {
            flush(part, batch);
        }
    };
    let mut shares = shares.into_iter();
    let mine = shares.next().expect("at least one thread");
    std::thread::scope(|s| {
        for share in shares {
            s.spawn(move || work(share));
        }
        work(mine);
    });
    next.into_iter()
        .map(|m| m.into_inner().expect("a count thread panicked"))
        .collect()
}
