//! The next run's sandbox started while the current run is under way, for
//! a loop of runs of one command ([`StartAhead`]).

use std::cell::{Cell, RefCell};
use std::io;
use std::sync::atomic::Ordering;

use super::RunLimits;
use super::pinning::{PINNED, allowed_cpus};
use super::spare_cgroups::{STARTING_AHEAD, cgroup_for, remove_spares, retire};
use super::spawn::{Spawned, spawn};
use crate::harness::sandbox::{RunCgroup, SandboxLevel};

/// A run's sandbox, started and waiting for its input: the wrapper has
/// joined the run's cgroups and, under namespaces, bwrap has built the
/// namespaces and mounts; then it waits for one newline on stdin before it
/// starts the program, so all of that can happen while the previous run is
/// still going. Every run still gets a sandbox and cgroups of its own, and
/// its clocks start when it is released.
pub(super) struct Ahead {
    pub(super) argv: Vec<String>,
    pub(super) limits: RunLimits,
    pub(super) level: SandboxLevel,
    pub(super) parts: Option<(Spawned, Option<RunCgroup>)>,
}

impl Ahead {
    pub(super) fn start(
        argv: &[String],
        limits: &RunLimits,
        level: SandboxLevel,
    ) -> io::Result<Ahead> {
        let cgroup = if level.has_cgroups() {
            Some(cgroup_for(limits)?)
        } else {
            None
        };
        let cpu_limit = limits.cpu.unwrap_or(limits.timeout);
        match spawn(argv, limits, level, cgroup.as_ref(), cpu_limit, true) {
            Ok(spawned) => Ok(Ahead {
                argv: argv.to_vec(),
                limits: limits.clone(),
                level,
                parts: Some((spawned, cgroup)),
            }),
            Err(e) => {
                if let Some(cg) = &cgroup {
                    cg.remove();
                }
                Err(e)
            }
        }
    }
}

impl Drop for Ahead {
    fn drop(&mut self) {
        if let Some((spawned, cgroup)) = self.parts.take() {
            // The guard kills and reaps the waiting sandbox first.
            drop(spawned);
            if let Some(cg) = cgroup {
                retire(cg);
            }
        }
    }
}

thread_local! {
    /// This thread's sandbox started ahead for its next run.
    pub(super) static AHEAD: RefCell<Option<Ahead>> = const { RefCell::new(None) };
    /// Whether this thread has more runs to come (see [`StartAhead`]).
    pub(super) static WANT_AHEAD: Cell<bool> = const { Cell::new(false) };
}

/// While alive, [`run`](super::run) on this thread starts the next run's sandbox as soon
/// as it has released the current one, for a loop that knows more runs of
/// the same command follow ([`StartAhead::more`]), and emptied v1 cgroups
/// are kept for the next runs instead of made anew; dropping it kills a
/// sandbox left waiting, and dropping the last one removes the cgroups
/// kept. bwrap's `--die-with-parent` ties a sandbox to the thread that
/// started it, so it is started and used on the same thread.
pub struct StartAhead(());

impl StartAhead {
    /// Starts sandboxes ahead on this thread until dropped.
    pub fn new() -> StartAhead {
        STARTING_AHEAD.fetch_add(1, Ordering::Relaxed);
        StartAhead(())
    }

    /// Runs the loop's programs on the `job`-th CPU this process may use,
    /// when the pool has one job per such CPU and more than one. Left to
    /// itself, the scheduler wakes a forked child on the other core while
    /// its parent waits, so two chains of short processes (a shell shim,
    /// then Python) leave a core idle 7-10 % of the time on a 2-core
    /// machine; one CPU per job, as contest judges do, keeps both busy. A
    /// pool smaller than the machine (`--jobs 1`, `grade`'s submissions,
    /// shards run side by side) is not pinned, so that several of them
    /// never crowd one CPU; nor is a long-lived candidate (`--protocol`,
    /// `--py-func`), whose exchanges with the harness run best on two.
    pub fn pin(&self, job: usize, jobs: usize) {
        let cpus = allowed_cpus();
        let pinned = (jobs >= 2 && jobs == cpus.len()).then(|| cpus.get(job).copied());
        PINNED.with(|p| p.set(pinned.flatten()));
    }

    /// Whether another run follows the next one on this thread.
    pub fn more(&self, more: bool) {
        WANT_AHEAD.with(|w| w.set(more));
        if !more {
            AHEAD.with(|a| a.borrow_mut().take());
        }
    }
}

impl Default for StartAhead {
    fn default() -> Self {
        StartAhead::new()
    }
}

impl Drop for StartAhead {
    fn drop(&mut self) {
        WANT_AHEAD.with(|w| w.set(false));
        PINNED.with(|p| p.set(None));
        AHEAD.with(|a| a.borrow_mut().take());
        if STARTING_AHEAD.fetch_sub(1, Ordering::Relaxed) == 1 {
            remove_spares();
        }
    }
}
