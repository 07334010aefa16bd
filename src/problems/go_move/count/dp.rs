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
//! Each step's states are split by a hash into one map per thread: thread
//! `t` reads every state of the previous step and keeps the successors of
//! part `t`, so no map is shared.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use num_bigint::BigUint;

use super::frontier::{self, Frontier};
use super::wide::{Wide, limbs_for};
use crate::problems::go_move::{BLACK, EMPTY, WHITE};

/// The widest board side the count runs along (the frontier's width).
pub const MAX_WIDTH: usize = frontier::MAX_WIDTH;

/// How many points the prefixes a shard is dealt have (3^8 prefixes).
pub const SHARD_DEPTH: usize = 8;

/// Below this many states a step runs on one thread: spawning costs more.
const PARALLEL_FROM: usize = 1 << 14;

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

/// Which thread's map holds `key`: a hash unrelated to the map's own.
fn part_of(key: u64, parts: usize) -> usize {
    let h = key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32;
    (h as usize) % parts
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
    let parts = job.threads.max(1);
    let (mut states, decided) = start::<K>(width, points, job.shard, parts);
    let mut peak_states = 0;
    for i in decided..points {
        states = step(&states, width, i % width);
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
    parts: usize,
) -> (Vec<Counts<K>>, usize) {
    let mut states: Vec<Counts<K>> = (0..parts).map(|_| Counts::default()).collect();
    if count == 1 {
        states[part_of(frontier::START, parts)].insert(frontier::START, Wide::one());
        return (states, 0);
    }
    let depth = SHARD_DEPTH.min(points);
    'prefixes: for code in (index..3u64.pow(depth as u32)).step_by(count as usize) {
        let mut key = frontier::START;
        let mut digits = code;
        for i in 0..depth {
            let point = [EMPTY, BLACK, WHITE][(digits % 3) as usize];
            digits /= 3;
            match Frontier::decode(key, width).place(i % width, point) {
                Some(next) => key = frontier::canonical(next),
                None => continue 'prefixes,
            }
        }
        states[part_of(key, parts)]
            .entry(key)
            .or_insert(Wide::ZERO)
            .add(&Wide::one());
    }
    (states, depth)
}

/// Decides the point in row `y` of the next column for every state.
fn step<const K: usize>(states: &[Counts<K>], width: usize, y: usize) -> Vec<Counts<K>> {
    let parts = states.len();
    let total: usize = states.iter().map(HashMap::len).sum();
    let build = |part: usize| {
        let mut next = Counts::<K>::with_capacity_and_hasher(total / parts, Default::default());
        for map in states {
            for (&key, n) in map {
                let mut add = |succ: u64| {
                    let succ = frontier::canonical(succ);
                    if part_of(succ, parts) == part {
                        next.entry(succ).or_insert(Wide::ZERO).add(n);
                    }
                };
                if frontier::is_local(key, y) {
                    for point in [EMPTY, BLACK, WHITE] {
                        add(frontier::place_local(key, y, point));
                    }
                } else {
                    let f = Frontier::decode(key, width);
                    for point in [EMPTY, BLACK, WHITE] {
                        if let Some(succ) = f.place(y, point) {
                            add(succ);
                        }
                    }
                }
            }
        }
        next
    };
    if parts == 1 || total < PARALLEL_FROM {
        return (0..parts).map(build).collect();
    }
    std::thread::scope(|s| {
        let others: Vec<_> = (1..parts).map(|p| s.spawn(move || build(p))).collect();
        let mut all = vec![build(0)];
        all.extend(others.into_iter().map(|h| h.join().expect("count thread")));
        all
    })
}
