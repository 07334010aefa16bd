//! The pool of emptied v1 cgroups kept for the next runs of a loop (while a
//! [`StartAhead`](super::StartAhead) is alive), and the cgroups a run gets.

use std::io;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::RunLimits;
use crate::harness::sandbox::RunCgroup;

/// Emptied v1 cgroups kept for the next runs while a [`StartAhead`] is alive
/// (a fresh v1 memory cgroup costs a run about 10 ms of CPU here, a reused
/// one nothing): at most two per live `StartAhead`, one for the successor
/// of each run under way and one for a cgroup still emptying.
static SPARE: Mutex<Vec<RunCgroup>> = Mutex::new(Vec::new());

pub(super) static STARTING_AHEAD: AtomicUsize = AtomicUsize::new(0);

fn spare<T>(update: impl FnOnce(&mut Vec<RunCgroup>) -> T) -> T {
    update(&mut SPARE.lock().unwrap_or_else(|e| e.into_inner()))
}

/// A run's cgroups after the run: kept as a spare while a [`StartAhead`] is
/// alive (what is left in them is killed now; they are reused only once
/// empty), else removed.
pub(super) fn retire(cgroup: RunCgroup) {
    let room = 2 * STARTING_AHEAD.load(Ordering::Relaxed);
    cgroup.kill_all();
    let refused = spare(|kept| {
        if kept.len() < room {
            kept.push(cgroup);
            None
        } else {
            Some(cgroup)
        }
    });
    if let Some(cgroup) = refused {
        cgroup.remove();
    }
}

/// Cgroups for a run with `limits`: a spare, readied, or new ones.
pub(super) fn cgroup_for(limits: &RunLimits) -> io::Result<RunCgroup> {
    while let Some(mut kept) = spare(Vec::pop) {
        match kept.reuse(limits.memory_bytes, limits.max_tasks) {
            Ok(()) => return Ok(kept),
            Err(_) => kept.remove(),
        }
    }
    RunCgroup::new(limits.memory_bytes, limits.max_tasks)
}

/// Removes the spare cgroups.
pub(super) fn remove_spares() {
    for cgroup in spare(std::mem::take) {
        cgroup.remove();
    }
}
