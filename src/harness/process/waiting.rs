//! How long a run's processes waited for a CPU (its cgroup's CPU stall,
//! else the scheduler's run delay per process), and what a deadline means
//! for a run limited on its own time ([`super::in_own_time`]): one rule
//! for a one-shot run ([`super::run`]) and for each answer of a long-lived
//! session (`crate::harness::session`).

use std::time::{Duration, Instant};

use super::{WALL_CAP, Waited};
use crate::harness::sandbox::RunCgroup;

/// The wait a run's processes had had at some moment, to count the wait
/// since then.
#[derive(Clone, Copy, Debug)]
pub(in crate::harness) struct WaitClock {
    scheduler: Counted,
    stolen: Duration,
}

/// How the scheduler's part of a run's wait is counted, one way for the
/// whole run. Where the run has a v2 cgroup that reports CPU pressure, the
/// time all of its processes were stalled at once, those that have exited
/// too (a wrapper's or a version manager's short-lived helpers, whose waits
/// go with them from `/proc`); else the longest wait of a live process.
#[derive(Clone, Copy, Debug)]
enum Counted {
    Stall(Duration),
    Delay(Duration),
}

impl WaitClock {
    /// At the start of a run: its processes have waited for nothing yet
    /// (what its sandbox, started ahead, waited is not the run's).
    pub(in crate::harness) fn at_start(cgroup: Option<&RunCgroup>) -> WaitClock {
        WaitClock {
            scheduler: cgroup
                .and_then(RunCgroup::cpu_stall)
                .map_or(Counted::Delay(Duration::ZERO), Counted::Stall),
            stolen: stolen(),
        }
    }

    /// Now, for processes that ran before (a session's, between answers).
    pub(in crate::harness) fn now(pid: i32, cgroup: Option<&RunCgroup>) -> WaitClock {
        WaitClock {
            scheduler: match cgroup.and_then(RunCgroup::cpu_stall) {
                Some(stall) => Counted::Stall(stall),
                None => Counted::Delay(run_delay(pid, cgroup)),
            },
            stolen: stolen(),
        }
    }

    /// How long the processes waited for a CPU since this clock was read.
    pub(in crate::harness) fn waited(&self, pid: i32, cgroup: Option<&RunCgroup>) -> Duration {
        let scheduler = match self.scheduler {
            Counted::Stall(then) => cgroup
                .and_then(RunCgroup::cpu_stall)
                .map_or(Duration::ZERO, |now| now.saturating_sub(then)),
            Counted::Delay(then) => run_delay(pid, cgroup).saturating_sub(then),
        };
        scheduler + stolen().saturating_sub(self.stolen)
    }
}

/// Reads the run's CPU stall and drops it, at each pass of the wait loop
/// of a run held to its own time (so at least every tick). The kernel sums a cgroup's stall per CPU and, at each read,
/// weighs the CPUs by how long the cgroup was busy on each since the last
/// one: for a run that moved between CPUs in between, that is less than
/// the time it stalled (against six busy loops on two cores, enough to
/// make a correct program's re-run a time-out). Read every tick, the
/// weighing spans a tick, within which a run seldom moves.
pub(in crate::harness) fn keep_stall_fresh(cgroup: Option<&RunCgroup>) {
    let _ = cgroup.and_then(RunCgroup::cpu_stall);
}

/// A run started at `started` under `limit` reached its deadline at `now`
/// having waited `waited`: `Ok(later)` when it is limited on its own time
/// (`own_time`), its own time (wall time less the wait) is still under the
/// limit and the wall cap ([`WALL_CAP`] times the limit) is not reached,
/// with the earliest moment its own time can reach the limit (at least
/// `tick` on); else `Err`, how it waited, and it timed out.
pub(in crate::harness) fn past_deadline(
    started: Instant,
    limit: Duration,
    waited: Duration,
    own_time: bool,
    now: Instant,
    tick: Duration,
) -> Result<Instant, Waited> {
    let own = (now - started).saturating_sub(waited);
    let cap = started + limit * WALL_CAP;
    if own_time && own < limit && now < cap {
        return Ok((started + limit + waited).min(cap).max(now + tick));
    }
    Err(Waited {
        waited,
        own_time,
        starved: own < limit,
    })
}

/// The longest any thread of the run waited for a CPU so far (the second
/// field of `/proc/PID/task/TID/schedstat`, in ns): over every process of
/// the run's cgroup, else of the run's process group (`pid` leads it: a
/// wrapper that waits for the program it started waits for no CPU). Zero
/// where the kernel keeps no schedstat.
fn run_delay(pid: i32, cgroup: Option<&RunCgroup>) -> Duration {
    let pids: Vec<i32> = cgroup
        .and_then(|cg| std::fs::read_to_string(cg.pids_procs()).ok())
        .map(|text| text.lines().filter_map(|l| l.trim().parse().ok()).collect())
        .filter(|p: &Vec<i32>| !p.is_empty())
        .unwrap_or_else(|| process_group(pid));
    let mut most = 0u64;
    for p in pids {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{p}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            let delay = std::fs::read_to_string(task.path().join("schedstat"))
                .ok()
                .and_then(|t| {
                    t.split_whitespace()
                        .nth(1)
                        .and_then(|f| f.parse::<u64>().ok())
                });
            most = most.max(delay.unwrap_or(0));
        }
    }
    Duration::from_nanos(most)
}

/// The time the hypervisor has taken the machine's CPUs away from it so
/// far, all CPUs together (the `steal` column of `/proc/stat`, in clock
/// ticks). A run whose CPU was taken while it ran neither uses CPU time
/// nor waits in the scheduler's sense: on a busy host that time would
/// otherwise count as its own. Zero where the kernel reports none.
fn stolen() -> Duration {
    let ticks = std::fs::read_to_string("/proc/stat")
        .ok()
        .and_then(|t| {
            let line = t.lines().next()?;
            let mut words = line.split_whitespace();
            (words.next()? == "cpu").then_some(())?;
            words.nth(7)?.parse::<u64>().ok()
        })
        .unwrap_or(0);
    // Linux reports `/proc/stat` in USER_HZ, 100 a second on every
    // architecture it runs on today.
    Duration::from_millis(ticks.saturating_mul(10))
}

/// The processes of process group `pgid` (the fifth field of
/// `/proc/PID/stat`, after the command's parenthesised name), `pgid` first.
fn process_group(pgid: i32) -> Vec<i32> {
    let mut pids = vec![pgid];
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return pids;
    };
    for entry in entries.flatten() {
        let Some(p) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        else {
            continue;
        };
        if p == pgid {
            continue;
        }
        let in_group = std::fs::read_to_string(entry.path().join("stat"))
            .ok()
            .and_then(|stat| {
                let after_name = &stat[stat.rfind(')')? + 1..];
                after_name.split_whitespace().nth(2)?.parse::<i32>().ok()
            })
            == Some(pgid);
        if in_group {
            pids.push(p);
        }
    }
    pids
}
