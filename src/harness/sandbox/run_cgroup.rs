//! A run's own cgroups: made with their limits, joined by the wrapper,
//! read (CPU time, peak memory, OOM kills, CPU stall), emptied and removed,
//! or readied for the next run.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use super::available;
use super::cgroup_roots::CgroupRoots;

/// A run's own cgroups (memory, pids, cpuacct, and a v2 one for its CPU
/// pressure), removed by [`RunCgroup::remove`] or readied for another run
/// by [`RunCgroup::reuse`].
#[derive(Clone, Debug)]
pub(crate) struct RunCgroup {
    v2: bool,
    memory: PathBuf,
    pids: PathBuf,
    cpuacct: PathBuf,
    /// The v2 cgroup whose `cpu.pressure` is read: `memory` under v2, one
    /// of its own under v1 (see `CgroupRoots::pressure`).
    pressure: Option<PathBuf>,
    /// The kernel's OOM-kill count when this run began (it cannot be reset).
    oom_base: u64,
}

static RUNS: AtomicU64 = AtomicU64::new(0);

impl RunCgroup {
    /// Makes the cgroups of a new run, if [`probe`] found them usable.
    pub(crate) fn new(memory_bytes: u64, max_tasks: u32) -> io::Result<RunCgroup> {
        let roots = available()
            .cgroups
            .as_ref()
            .map_err(|e| io::Error::new(io::ErrorKind::Unsupported, e.clone()))?;
        RunCgroup::create(roots, memory_bytes, max_tasks)
    }

    pub(super) fn create(
        roots: &CgroupRoots,
        memory_bytes: u64,
        max_tasks: u32,
    ) -> io::Result<RunCgroup> {
        let name = format!(
            "boardcheck-{}-{}",
            std::process::id(),
            RUNS.fetch_add(1, Ordering::Relaxed)
        );
        let mut cg = RunCgroup {
            v2: roots.v2,
            memory: roots.memory.join(&name),
            pids: roots.pids.join(&name),
            cpuacct: roots.cpuacct.join(&name),
            pressure: None,
            oom_base: 0,
        };
        let made = (|| {
            for dir in cg.dirs() {
                fs::create_dir(dir)?;
            }
            cg.set_limits(memory_bytes, max_tasks)
        })();
        match made {
            Ok(()) => {
                // Without it the run's wait is read per process instead.
                cg.pressure = match &roots.pressure {
                    Some(_) if cg.v2 => Some(cg.memory.clone()),
                    Some(root) => Some(root.join(&name)).filter(|p| fs::create_dir(p).is_ok()),
                    None => None,
                };
                Ok(cg)
            }
            Err(e) => {
                cg.remove();
                Err(io::Error::new(
                    e.kind(),
                    format!("cannot set up cgroup {name}: {e}"),
                ))
            }
        }
    }

    fn set_limits(&self, memory_bytes: u64, max_tasks: u32) -> io::Result<()> {
        let memory = memory_bytes.max(1 << 20).to_string();
        if self.v2 {
            fs::write(self.memory.join("memory.max"), &memory)?;
            let swap = self.memory.join("memory.swap.max");
            if swap.exists() {
                fs::write(swap, "0")?;
            }
            // An OOM kill ends the whole run, not one process of it.
            let _ = fs::write(self.memory.join("memory.oom.group"), "1");
        } else {
            fs::write(self.memory.join("memory.limit_in_bytes"), &memory)?;
            let memsw = self.memory.join("memory.memsw.limit_in_bytes");
            if memsw.exists() {
                fs::write(memsw, &memory)?;
            }
        }
        fs::write(self.pids.join("pids.max"), max_tasks.max(1).to_string())
    }

    /// Readies these cgroups, emptied by an earlier run, for a new run with
    /// these limits: the peak and failure counts reset, the OOM-kill count
    /// noted. A fresh v1 memory cgroup costs a run about 10 ms of CPU here,
    /// a reused one nothing. Only v1 (v2's `memory.peak` cannot be reset
    /// before Linux 6.12); an error means: make new ones instead.
    pub(crate) fn reuse(&mut self, memory_bytes: u64, max_tasks: u32) -> io::Result<()> {
        if self.v2 {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "cgroup v2 peaks cannot be reset",
            ));
        }
        if !self.is_empty() {
            return Err(io::Error::other("a process of the last run is still there"));
        }
        self.set_limits(memory_bytes, max_tasks)?;
        fs::write(self.memory.join("memory.max_usage_in_bytes"), "0")?;
        fs::write(self.memory.join("memory.failcnt"), "0")?;
        self.oom_base = 0;
        self.oom_base = self.oom_kills();
        Ok(())
    }

    /// Whether no process is left in any of the cgroups.
    pub(crate) fn is_empty(&self) -> bool {
        self.dirs()
            .iter()
            .all(|d| fs::read_to_string(d.join("cgroup.procs")).is_ok_and(|l| l.trim().is_empty()))
    }

    /// The cgroups made for the run and joined by its wrapper.
    fn dirs(&self) -> Vec<&Path> {
        if self.v2 {
            vec![&self.memory]
        } else {
            let mut dirs = vec![&*self.memory, &self.pids, &self.cpuacct];
            dirs.extend(self.pressure.as_deref());
            dirs
        }
    }

    /// The `cgroup.procs` files the wrapper writes its pid to.
    pub(crate) fn procs_files(&self) -> Vec<PathBuf> {
        self.dirs().iter().map(|d| d.join("cgroup.procs")).collect()
    }

    /// The `cgroup.procs` file of the pids cgroup, which lists every process.
    pub(crate) fn pids_procs(&self) -> PathBuf {
        self.pids.join("cgroup.procs")
    }

    fn read(&self, dir: &Path, file: &str) -> Option<String> {
        fs::read_to_string(dir.join(file)).ok()
    }

    /// CPU time used by every process of the run so far.
    pub(crate) fn cpu_time(&self) -> Option<Duration> {
        if self.v2 {
            let stat = self.read(&self.cpuacct, "cpu.stat")?;
            let us = stat.lines().find_map(|l| l.strip_prefix("usage_usec "))?;
            return us.trim().parse().ok().map(Duration::from_micros);
        }
        let ns = self.read(&self.cpuacct, "cpuacct.usage")?;
        ns.trim().parse().ok().map(Duration::from_nanos)
    }

    /// How long every process of the run so far, those that have exited
    /// too, was at once stalled for a CPU: runnable, none of them running
    /// (the `full` line of the v2 `cpu.pressure`, Linux 5.13 and later).
    /// `None` without a v2 cgroup for the run or without pressure stall
    /// information in the kernel.
    pub(crate) fn cpu_stall(&self) -> Option<Duration> {
        full_stall(&self.read(self.pressure.as_ref()?, "cpu.pressure")?)
    }

    /// How many times the kernel killed a process of this run for memory.
    pub(crate) fn oom_kills(&self) -> u64 {
        let file = if self.v2 {
            "memory.events"
        } else {
            "memory.oom_control"
        };
        let control = self.read(&self.memory, file);
        let kills = control.as_deref().and_then(|c| {
            c.lines()
                .find_map(|l| l.strip_prefix("oom_kill "))
                .and_then(|n| n.trim().parse::<u64>().ok())
        });
        // Kernels before 4.13 have no oom_kill count: a failed charge is the
        // sign (reset on reuse, so no base).
        match kills {
            Some(k) => k.saturating_sub(self.oom_base),
            None => self
                .read(&self.memory, "memory.failcnt")
                .and_then(|n| n.trim().parse().ok())
                .unwrap_or(0),
        }
    }

    /// The most memory the run's processes held at once.
    pub(crate) fn peak_memory(&self) -> Option<u64> {
        let file = if self.v2 {
            "memory.peak"
        } else {
            "memory.max_usage_in_bytes"
        };
        let bytes = self.read(&self.memory, file)?;
        bytes.trim().parse().ok()
    }

    /// SIGKILLs every process in the run's cgroup; true if there was none.
    ///
    /// Between reading `cgroup.procs` and the kill, a process may exit and
    /// be reaped; its pid would have to be reused within that window for
    /// the signal to hit another process, which the kernel's pid allocation
    /// makes practically impossible.
    pub(crate) fn kill_all(&self) -> bool {
        if self.v2 {
            // Linux 5.14+: the kernel kills every member, race-free.
            let _ = fs::write(self.pids.join("cgroup.kill"), "1");
        }
        kill_members(&self.pids_procs())
    }

    /// Kills what is left and removes the cgroups (trying for up to a second).
    pub(crate) fn remove(&self) {
        let until = Instant::now() + Duration::from_secs(1);
        self.kill_all();
        for dir in self.dirs() {
            loop {
                let _ = kill_members(&dir.join("cgroup.procs"));
                match fs::remove_dir(dir) {
                    Err(e) if e.kind() != io::ErrorKind::NotFound && Instant::now() < until => {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    _ => break,
                }
            }
        }
    }
}

/// The `full` total of a `cpu.pressure` file (in microseconds); `None`
/// where there is no such line (kernels before 5.13 write only `some`).
fn full_stall(pressure: &str) -> Option<Duration> {
    let full = pressure.lines().find(|l| l.starts_with("full "))?;
    let us = full
        .split_whitespace()
        .find_map(|w| w.strip_prefix("total="))?;
    us.parse().ok().map(Duration::from_micros)
}

/// SIGKILLs every pid listed in `procs`; true if there was none.
pub(crate) fn kill_members(procs: &Path) -> bool {
    let Ok(list) = fs::read_to_string(procs) else {
        return true;
    };
    let mut none = true;
    for pid in list.lines().filter_map(|l| l.trim().parse::<i32>().ok()) {
        none = false;
        let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
    }
    none
}

/// Checks that a child cgroup can be made, limited and joined under `roots`
/// (a trial run: make, limit, join, remove); keeps `roots.pressure` only
/// where the trial's CPU stall can be read, and only where joining it
/// works (else the trial is made again without it).
pub(super) fn trial(mut roots: CgroupRoots) -> Result<CgroupRoots, String> {
    match joined(&roots) {
        Ok(stall) => {
            if !stall {
                roots.pressure = None;
            }
            Ok(roots)
        }
        Err(_) if roots.pressure.is_some() && !roots.v2 => {
            roots.pressure = None;
            joined(&roots).map(|_| roots)
        }
        Err(e) => Err(e),
    }
}

/// A trial cgroup made, limited, joined and removed under `roots`: whether
/// its CPU stall could be read.
fn joined(roots: &CgroupRoots) -> Result<bool, String> {
    let trial = RunCgroup::create(roots, 64 << 20, 8).map_err(|e| format!("cgroups: {e}"))?;
    let mut script = String::new();
    for (i, _) in trial.procs_files().iter().enumerate() {
        script.push_str(&format!("echo $$ > \"${}\" || exit 1; ", i + 1));
    }
    let status = Command::new("/bin/sh")
        .arg("-c")
        .arg(script)
        .arg("boardcheck-probe")
        .args(trial.procs_files())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    let stall = trial.cpu_stall().is_some();
    trial.remove();
    match status {
        Ok(s) if s.success() => Ok(stall),
        Ok(s) => Err(format!("cgroups: cannot join a new cgroup ({s})")),
        Err(e) => Err(format!("cgroups: /bin/sh: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_full_cpu_stall_is_read_from_cpu_pressure() {
        let both = "some avg10=1.00 avg60=0.50 avg300=0.10 total=5169253\n\
                    full avg10=0.80 avg60=0.40 avg300=0.05 total=3870123\n";
        assert_eq!(full_stall(both), Some(Duration::from_micros(3_870_123)));
        // Before Linux 5.13 a cgroup's CPU pressure has no `full` line.
        let some_only = "some avg10=0.00 avg60=0.00 avg300=0.00 total=42\n";
        assert_eq!(full_stall(some_only), None);
        assert_eq!(full_stall(""), None);
    }
}
