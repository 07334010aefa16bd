//! The runs under way, so that a Ctrl-C handler can end them all
//! ([`kill_all`]), and the [`Guard`] that ends each run however it returns.

use std::collections::HashMap;
use std::io;
use std::process::ExitStatus;
use std::sync::Mutex;
use std::sync::atomic::AtomicU64;

use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;

use super::spare_cgroups::remove_spares;
use crate::harness::sandbox::RunCgroup;

/// Runs under way, so that [`kill_all`] can end them: process group and
/// cgroups.
type LiveRuns = HashMap<u64, (i32, Option<RunCgroup>)>;
static LIVE: Mutex<Option<LiveRuns>> = Mutex::new(None);

pub(super) static RUN_IDS: AtomicU64 = AtomicU64::new(0);

pub(super) fn live<T>(update: impl FnOnce(&mut LiveRuns) -> T) -> T {
    let mut guard = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    update(guard.get_or_insert_with(HashMap::new))
}

/// Kills every run under way (for Ctrl-C handlers): its process group
/// (with namespaces that is bwrap, and the namespace dies with it) and
/// every process in its cgroup, and removes its cgroups.
pub fn kill_all() {
    live(|runs| {
        for (group, _) in runs.values() {
            let _ = killpg(Pid::from_raw(*group), Signal::SIGKILL);
        }
        // The caller is about to exit: leave no cgroup behind either.
        for cgroup in runs.values().filter_map(|(_, cg)| cg.as_ref()) {
            cgroup.remove();
        }
    });
    remove_spares();
}

/// Kills and reaps a run's process group however [`run_in`] returns, and
/// takes it off the list of runs under way.
pub(in crate::harness) struct Guard {
    pub(in crate::harness) pid: i32,
    pub(super) id: u64,
    /// The leader, until reaped.
    pub(in crate::harness) child: Option<std::process::Child>,
}

impl Guard {
    /// Reaps the leader (after its group was killed).
    pub(in crate::harness) fn reap(&mut self) -> io::Result<ExitStatus> {
        let mut child = self.child.take().expect("reaped once");
        child.wait()
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            // Killed before reaped: the group id cannot have been reused.
            let _ = killpg(Pid::from_raw(self.pid), Signal::SIGKILL);
            let _ = child.wait();
        }
        live(|runs| {
            runs.remove(&self.id);
        });
    }
}
