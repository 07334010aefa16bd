//! `B_v`, what slab `v` passes to slab `v + 1`, shared between the thread
//! that writes it and the one that reads it while it is being written.
//!
//! Slab `v + 1` needs `B_v` at rank `r` for its own rank `r` (the prefix
//! `X(v)` maps to itself) and, past the prefix, at the ranks the cap map's
//! tails send it to, which grow with `r` too. The small subproblems are
//! solved in order of rank, so slab `v` can publish "every rank below `r`
//! is final" after each one, and slab `v + 1` can follow it a few
//! subproblems behind instead of waiting for the whole slab: with two
//! threads, one solves slab `v + 1`'s prefix while the other finishes slab
//! `v`. Words are atomics (relaxed: bits are only ever set, and the
//! progress mutex orders them), so a word shared by a final rank and one
//! being written is read soundly.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use super::planes::{get_bits, low, words_for};

/// Bytes held now and at most, over every thread.
#[derive(Default)]
pub struct Memory {
    now: AtomicUsize,
    peak: AtomicUsize,
}

impl Memory {
    pub fn add(&self, bytes: usize) {
        let now = self.now.fetch_add(bytes, Relaxed) + bytes;
        self.peak.fetch_max(now, Relaxed);
    }

    pub fn sub(&self, bytes: usize) {
        self.now.fetch_sub(bytes, Relaxed);
    }

    pub fn peak(&self) -> usize {
        self.peak.load(Relaxed)
    }
}

/// Set when a census thread panics, so that the others stop waiting.
pub struct Failed(AtomicBool);

impl Failed {
    pub fn new() -> Failed {
        Failed(AtomicBool::new(false))
    }

    fn check(&self) {
        assert!(!self.0.load(Relaxed), "another census thread failed");
    }
}

/// Sets [`Failed`] if its thread unwinds.
pub struct FailGuard<'a>(pub &'a Failed);

impl Drop for FailGuard<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.0.store(true, Relaxed);
        }
    }
}

const PATIENCE: Duration = Duration::from_millis(50);

/// `count` planes of `bits` bits, zero at first, bits only ever set; and
/// how many leading ranks are final.
pub struct Stream {
    stride: usize,
    words: Vec<AtomicU64>,
    done: Mutex<u64>,
    moved: Condvar,
    memory: Arc<Memory>,
}

impl Stream {
    pub fn new(count: usize, bits: u64, memory: Arc<Memory>) -> Stream {
        let stride = words_for(bits) + 1;
        let words: Vec<AtomicU64> = (0..count * stride).map(|_| AtomicU64::new(0)).collect();
        memory.add(words.len() * 8);
        Stream {
            stride,
            words,
            done: Mutex::new(0),
            moved: Condvar::new(),
            memory,
        }
    }

    fn plane(&self, p: usize) -> &[AtomicU64] {
        &self.words[p * self.stride..(p + 1) * self.stride]
    }

    /// Waits until the ranks below `ranks` are final.
    pub fn wait_for(&self, ranks: u64, failed: &Failed) {
        let mut done = self.done.lock().expect("progress lock");
        while *done < ranks {
            failed.check();
            done = self
                .moved
                .wait_timeout(done, PATIENCE)
                .expect("progress lock")
                .0;
        }
    }

    /// The ranks below `ranks` are final.
    pub fn publish(&self, ranks: u64) {
        *self.done.lock().expect("progress lock") = ranks;
        self.moved.notify_all();
    }

    /// 64 bits of plane `p` from bit `at` (the ones past the final ranks
    /// may still change).
    #[inline]
    fn word_at(&self, p: usize, at: u64) -> u64 {
        let plane = self.plane(p);
        let i = (at / 64) as usize;
        let s = at % 64;
        let lo = plane[i].load(Relaxed);
        if s == 0 {
            lo
        } else {
            (lo >> s) | (plane[i + 1].load(Relaxed) << (64 - s))
        }
    }

    /// `dst[dst_at..dst_at + len] |=` the union of `planes` of `self` at
    /// `src_at..`.
    pub fn or_to(&self, planes: &[usize], src_at: u64, dst: &mut [u64], dst_at: u64, len: u64) {
        each_word(dst_at, len, |i, shift, n, done| {
            let bits = planes
                .iter()
                .fold(0, |acc, &p| acc | self.word_at(p, src_at + done));
            dst[i] |= (bits & low(n)) << shift;
        });
    }

    /// Plane `q` of `self` at `dst_at..dst_at + len` `|=` `bits(done, n)`,
    /// the `n` bits from offset `done` of the range.
    pub fn or_from(&self, q: usize, dst_at: u64, len: u64, bits: impl Fn(u64, u64) -> u64) {
        let plane = self.plane(q);
        each_word(dst_at, len, |i, shift, n, done| {
            let add = (bits(done, n) & low(n)) << shift;
            if add != 0 {
                plane[i].fetch_or(add, Relaxed);
            }
        });
    }

    /// 64 bits of plane `p` from `at` (see [`Self::word_at`]).
    pub fn bits(&self, p: usize, at: u64) -> u64 {
        self.word_at(p, at)
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        self.memory.sub(self.words.len() * 8);
    }
}

/// Calls `f(word, shift, n, done)` for each destination word the range
/// `dst..dst + len` touches: its `n` bits from `shift` on are the range's
/// bits from offset `done`.
#[inline]
fn each_word(dst: u64, len: u64, mut f: impl FnMut(usize, u64, u64, u64)) {
    let mut done = 0;
    while done < len {
        let d = dst + done;
        let shift = d % 64;
        let n = (64 - shift).min(len - done);
        f((d / 64) as usize, shift, n, done);
        done += n;
    }
}

/// 64 bits of a plain plane from `at`.
#[inline]
pub fn plain_bits(src: &[u64], at: u64) -> u64 {
    get_bits(src, at, 64)
}

/// The streams in flight, by slab: slab `v` puts `B_v` in slot `v`, slab
/// `v + 1` takes it out.
pub struct Slots {
    slots: Mutex<Vec<Option<Arc<Stream>>>>,
    filled: Condvar,
}

impl Slots {
    pub fn new(count: usize) -> Slots {
        Slots {
            slots: Mutex::new((0..count).map(|_| None).collect()),
            filled: Condvar::new(),
        }
    }

    pub fn put(&self, v: usize, stream: Arc<Stream>) {
        self.slots.lock().expect("slots lock")[v] = Some(stream);
        self.filled.notify_all();
    }

    /// Waits for slot `v` and empties it.
    pub fn take(&self, v: usize, failed: &Failed) -> Arc<Stream> {
        let mut slots = self.slots.lock().expect("slots lock");
        loop {
            if let Some(stream) = slots[v].take() {
                return stream;
            }
            failed.check();
            slots = self
                .filled
                .wait_timeout(slots, PATIENCE)
                .expect("slots lock")
                .0;
        }
    }
}
