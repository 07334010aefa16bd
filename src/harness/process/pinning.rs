//! A loop's runs kept on one CPU of their own (see
//! [`StartAhead::pin`](super::StartAhead::pin)): the CPUs this thread may
//! use, and the mask a child inherits while it is forked.

use std::cell::Cell;

use nix::unistd::Pid;

thread_local! {
    /// The CPU of this thread's loop of runs (see
    /// [`StartAhead::pin`](super::StartAhead::pin)).
    pub(super) static PINNED: Cell<Option<usize>> = const { Cell::new(None) };
}

/// The CPUs the calling thread may run on.
pub(super) fn allowed_cpus() -> Vec<usize> {
    use nix::sched::{CpuSet, sched_getaffinity};
    let Ok(allowed) = sched_getaffinity(Pid::from_raw(0)) else {
        return Vec::new();
    };
    (0..CpuSet::count())
        .filter(|&c| allowed.is_set(c).unwrap_or(false))
        .collect()
}

/// While alive, the calling thread runs on `cpu` alone, and so does a child
/// it forks (which inherits the mask); dropping it gives the thread back its
/// old mask.
pub(super) struct OnCpu(Option<nix::sched::CpuSet>);

impl OnCpu {
    pub(super) fn new(cpu: usize) -> OnCpu {
        use nix::sched::{CpuSet, sched_getaffinity, sched_setaffinity};
        let this_thread = Pid::from_raw(0);
        let mut one = CpuSet::new();
        let old = sched_getaffinity(this_thread).ok().filter(|_| {
            // Failure leaves the run unpinned, which is only slower.
            one.set(cpu).is_ok() && sched_setaffinity(this_thread, &one).is_ok()
        });
        OnCpu(old)
    }
}

impl Drop for OnCpu {
    fn drop(&mut self) {
        if let Some(old) = &self.0 {
            let _ = nix::sched::sched_setaffinity(Pid::from_raw(0), old);
        }
    }
}
