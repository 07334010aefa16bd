//! What isolation a run of an untrusted program gets, and the pieces that
//! provide it: bubblewrap (`bwrap`) for namespaces, cgroups for resource
//! limits (v1 controllers `memory`, `pids` and `cpuacct`; else a v2 cgroup
//! whose `cgroup.subtree_control` already enables `memory` and `pids`: the
//! harness never moves itself to another cgroup to get them). A run's
//! cgroups are children of the harness's own, `boardcheck-<pid>-<n>`.
//!
//! Levels, strongest first:
//!
//! - [`SandboxLevel::NamespacesCgroups`]: `bwrap` gives the program a PID
//!   namespace (everything in it dies with the run), no network (a private
//!   loopback only), a read-only view of the file system with a private
//!   writable `/tmp` as its working directory, no capabilities; a per-run
//!   cgroup limits resident memory, the number of tasks (processes and
//!   threads) and measures CPU time across all its processes.
//! - [`SandboxLevel::Namespaces`]: `bwrap` as above, limits by `ulimit`
//!   (address space, CPU seconds per process, file size).
//! - [`SandboxLevel::Cgroups`]: no namespaces; a process group and the
//!   cgroup (every process in it is killed when the run ends, even one that
//!   called `setsid`).
//! - [`SandboxLevel::Rlimits`]: a process group and `ulimit` only.
//!
//! Everything is checked once per process ([`probe`]); nothing here needs
//! `unsafe`: the cgroup is joined by the `/bin/sh` wrapper writing `$$` to
//! `cgroup.procs` before it `exec`s, so the program is inside before its
//! first instruction.

#![forbid(unsafe_code)]

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::str::FromStr;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

/// What isolation to ask for (`--sandbox auto|strict|none`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SandboxMode {
    /// The strongest level available here; see [`warning`] for what is missing.
    #[default]
    Auto,
    /// Namespaces and cgroups, or an error.
    Strict,
    /// A process group and `ulimit` only, as before sandboxing existed.
    None,
}

impl FromStr for SandboxMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "auto" => Ok(SandboxMode::Auto),
            "strict" => Ok(SandboxMode::Strict),
            "none" => Ok(SandboxMode::None),
            _ => Err(format!(
                "unknown sandbox mode {s:?} (expected auto, strict or none)"
            )),
        }
    }
}

impl fmt::Display for SandboxMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SandboxMode::Auto => "auto",
            SandboxMode::Strict => "strict",
            SandboxMode::None => "none",
        })
    }
}

/// What isolation a run actually got.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SandboxLevel {
    /// bwrap namespaces (PID, network, mount, IPC, UTS, user) plus cgroup
    /// memory, pids and CPU accounting.
    NamespacesCgroups,
    /// bwrap namespaces; memory and CPU by `ulimit`.
    Namespaces,
    /// cgroups and a process group; no namespaces.
    Cgroups,
    /// A process group and `ulimit` only.
    Rlimits,
}

impl SandboxLevel {
    /// Whether the program runs inside bwrap's namespaces.
    pub fn has_namespaces(self) -> bool {
        matches!(
            self,
            SandboxLevel::NamespacesCgroups | SandboxLevel::Namespaces
        )
    }

    /// Whether the program runs in a per-run cgroup.
    pub fn has_cgroups(self) -> bool {
        matches!(
            self,
            SandboxLevel::NamespacesCgroups | SandboxLevel::Cgroups
        )
    }

    /// One line on what this level does and does not contain.
    pub fn describe(self) -> &'static str {
        match self {
            SandboxLevel::NamespacesCgroups => {
                "PID, network and mount namespaces (read-only file system, private /tmp), \
                 cgroup limits on memory, tasks and CPU time"
            }
            SandboxLevel::Namespaces => {
                "PID, network and mount namespaces (read-only file system, private /tmp); \
                 memory and CPU limited per process by ulimit, tasks unlimited"
            }
            SandboxLevel::Cgroups => {
                "cgroup limits on memory, tasks and CPU time; the program sees the network \
                 and can write wherever the harness can"
            }
            SandboxLevel::Rlimits => {
                "process group and ulimit only: the program sees the network, can write \
                 wherever the harness can, and a process that calls setsid outlives the run"
            }
        }
    }
}

impl fmt::Display for SandboxLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SandboxLevel::NamespacesCgroups => "namespaces+cgroups",
            SandboxLevel::Namespaces => "namespaces",
            SandboxLevel::Cgroups => "cgroups",
            SandboxLevel::Rlimits => "rlimits",
        })
    }
}

/// What this machine offers, found once.
struct Available {
    bwrap: Result<PathBuf, String>,
    cgroups: Result<CgroupRoots, String>,
}

static AVAILABLE: OnceLock<Available> = OnceLock::new();

/// An environment variable, read once: a comma-separated list of `bwrap`,
/// `cgroups` to treat as unavailable (to try the weaker levels).
pub const WITHOUT: &str = "BOARDCHECK_SANDBOX_WITHOUT";

fn available() -> &'static Available {
    AVAILABLE.get_or_init(|| {
        // For trying the weaker levels on a machine that has everything.
        let without = std::env::var(WITHOUT).unwrap_or_default();
        let off = |what: &str| without.split(',').any(|w| w.trim() == what);
        let disabled = |what: &str| format!("{what} disabled by {WITHOUT}={without}");
        Available {
            bwrap: if off("bwrap") {
                Err(disabled("bwrap"))
            } else {
                probe_bwrap()
            },
            cgroups: if off("cgroups") {
                Err(disabled("cgroups"))
            } else {
                CgroupRoots::find()
            },
        }
    })
}

/// The level a run in `mode` gets here (checked once per process): an
/// error in [`SandboxMode::Strict`] when bwrap or the cgroups are unusable.
pub fn probe(mode: SandboxMode) -> Result<SandboxLevel, String> {
    let a = available();
    match mode {
        SandboxMode::None => Ok(SandboxLevel::Rlimits),
        SandboxMode::Strict => match (&a.bwrap, &a.cgroups) {
            (Ok(_), Ok(_)) => Ok(SandboxLevel::NamespacesCgroups),
            (Err(e), _) | (_, Err(e)) => Err(format!("strict sandbox unavailable: {e}")),
        },
        SandboxMode::Auto => Ok(match (a.bwrap.is_ok(), a.cgroups.is_ok()) {
            (true, true) => SandboxLevel::NamespacesCgroups,
            (true, false) => SandboxLevel::Namespaces,
            (false, true) => SandboxLevel::Cgroups,
            (false, false) => SandboxLevel::Rlimits,
        }),
    }
}

/// One line for the user when `mode` gets less than the strongest level
/// (only [`SandboxMode::Auto`] falls back silently; print it once).
pub fn warning(mode: SandboxMode) -> Option<String> {
    if mode != SandboxMode::Auto {
        return None;
    }
    let a = available();
    let missing: Vec<&str> = [&a.bwrap.as_ref().err(), &a.cgroups.as_ref().err()]
        .into_iter()
        .flatten()
        .map(|s| s.as_str())
        .collect();
    if missing.is_empty() {
        return None;
    }
    let level = probe(mode).ok()?;
    Some(format!(
        "sandbox level {level} ({}): {}",
        level.describe(),
        missing.join("; ")
    ))
}

/// The bwrap binary, if it runs a trivial sandbox here.
fn probe_bwrap() -> Result<PathBuf, String> {
    let bwrap = ["/usr/bin/bwrap", "/bin/bwrap", "/usr/local/bin/bwrap"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
        .or_else(|| resolve_program("bwrap").ok())
        .ok_or("bwrap (bubblewrap) not found")?;
    let args = bwrap_args(64 << 20, &["/bin/true".to_string()]);
    let out = Command::new(&bwrap)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("{}: {e}", bwrap.display()))?;
    if out.status.success() {
        Ok(bwrap)
    } else {
        Err(format!(
            "{} cannot create a sandbox here ({}): {}",
            bwrap.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

/// The path of the bwrap binary [`probe`] found.
pub(crate) fn bwrap_path() -> Option<&'static Path> {
    available().bwrap.as_ref().ok().map(PathBuf::as_path)
}

/// bwrap's options for a run of `argv` (already absolute where it names
/// files), `tmp_bytes` the size of the private `/tmp`.
pub(crate) fn bwrap_args(tmp_bytes: u64, argv: &[String]) -> Vec<String> {
    let mut args: Vec<String> = [
        "--unshare-all",
        "--die-with-parent",
        "--new-session",
        "--cap-drop",
        "ALL",
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--size",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.push(tmp_bytes.max(1 << 20).to_string());
    args.extend(["--tmpfs".into(), "/tmp".into()]);
    // Files named on the command line that the private /tmp would hide.
    for arg in argv {
        let p = Path::new(arg);
        if !p.is_absolute() || !p.starts_with("/tmp") || p == Path::new("/tmp") {
            continue;
        }
        let Ok(meta) = p.metadata() else { continue };
        let shown = match p.parent() {
            Some(dir) if meta.is_file() && dir != Path::new("/tmp") => dir,
            _ => p,
        };
        let shown = shown.to_string_lossy().into_owned();
        args.extend(["--ro-bind".into(), shown.clone(), shown]);
    }
    args.extend(
        ["--setenv", "TMPDIR", "/tmp", "--chdir", "/tmp", "--"]
            .iter()
            .map(|s| s.to_string()),
    );
    args.extend(argv.iter().cloned());
    args
}

/// `argv` with relative paths made absolute against the harness's working
/// directory, since the program starts in its private `/tmp`: the program
/// itself when it contains a `/`, and every other argument that does not
/// start with `-` and names an existing file or directory.
pub(crate) fn absolute_argv(argv: &[String]) -> Vec<String> {
    let Ok(cwd) = std::env::current_dir() else {
        return argv.to_vec();
    };
    argv.iter()
        .enumerate()
        .map(|(i, arg)| {
            let p = Path::new(arg);
            let path_like = if i == 0 {
                arg.contains('/')
            } else {
                !arg.starts_with('-') && cwd.join(p).symlink_metadata().is_ok()
            };
            if path_like && p.is_relative() && !arg.is_empty() {
                cwd.join(p).to_string_lossy().into_owned()
            } else {
                arg.clone()
            }
        })
        .collect()
}

/// Where this process's cgroups are: one directory per v1 controller, or
/// the same v2 directory three times.
#[derive(Debug)]
struct CgroupRoots {
    v2: bool,
    memory: PathBuf,
    pids: PathBuf,
    cpuacct: PathBuf,
}

impl CgroupRoots {
    /// Finds this process's own cgroup (v1 hierarchies `memory`, `pids` and
    /// `cpuacct`, else a v2 cgroup whose children get `memory` and `pids`)
    /// and checks that a child cgroup can be made, limited and joined there.
    fn find() -> Result<CgroupRoots, String> {
        let mountinfo = fs::read_to_string("/proc/self/mountinfo")
            .map_err(|e| format!("cannot read /proc/self/mountinfo: {e}"))?;
        let own = fs::read_to_string("/proc/self/cgroup")
            .map_err(|e| format!("cannot read /proc/self/cgroup: {e}"))?;
        let roots = match (find_v1(&mountinfo, &own), find_v2(&mountinfo, &own)) {
            (Ok(roots), _) | (_, Ok(roots)) => roots,
            (Err(v1), Err(v2)) => return Err(format!("no usable cgroups: {v1}; {v2}")),
        };
        roots.remove_stale();
        // A trial run: make, limit, join, remove.
        let trial = RunCgroup::create(&roots, 64 << 20, 8).map_err(|e| format!("cgroups: {e}"))?;
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
        trial.remove();
        match status {
            Ok(s) if s.success() => Ok(roots),
            Ok(s) => Err(format!("cgroups: cannot join a new cgroup ({s})")),
            Err(e) => Err(format!("cgroups: /bin/sh: {e}")),
        }
    }
}

/// Mount points of `fstype` file systems whose super options satisfy `ok`.
fn mounts<'a>(
    mountinfo: &'a str,
    fstype: &'a str,
    ok: impl Fn(&str) -> bool + 'a,
) -> impl Iterator<Item = PathBuf> + 'a {
    mountinfo.lines().filter_map(move |line| {
        let (left, right) = line.split_once(" - ")?;
        let mut r = right.split_whitespace();
        let (t, _source, options) = (r.next()?, r.next()?, r.next()?);
        (t == fstype && ok(options))
            .then(|| left.split_whitespace().nth(4).map(PathBuf::from))
            .flatten()
    })
}

/// This process's cgroup of hierarchy `wanted` (a v1 controller, or `""`
/// for v2) from /proc/self/cgroup.
fn own_path(own: &str, wanted: &str) -> String {
    own.lines()
        .find_map(|line| {
            let mut f = line.splitn(3, ':');
            let (_, controllers, path) = (f.next()?, f.next()?, f.next()?);
            let hit = if wanted.is_empty() {
                controllers.is_empty()
            } else {
                controllers.split(',').any(|c| c == wanted)
            };
            hit.then(|| path.trim_start_matches('/').to_string())
        })
        .unwrap_or_default()
}

fn find_v1(mountinfo: &str, own: &str) -> Result<CgroupRoots, String> {
    let dir = |controller: &str| -> Result<PathBuf, String> {
        let mount = mounts(mountinfo, "cgroup", |o| {
            o.split(',').any(|o| o == controller)
        })
        .next()
        .ok_or_else(|| format!("no cgroup v1 {controller} hierarchy"))?;
        Ok(mount.join(own_path(own, controller)))
    };
    Ok(CgroupRoots {
        v2: false,
        memory: dir("memory")?,
        pids: dir("pids")?,
        cpuacct: dir("cpuacct")?,
    })
}

fn find_v2(mountinfo: &str, own: &str) -> Result<CgroupRoots, String> {
    let mount = mounts(mountinfo, "cgroup2", |_| true)
        .next()
        .ok_or("no cgroup v2 mounted")?;
    let dir = mount.join(own_path(own, ""));
    let delegated = fs::read_to_string(dir.join("cgroup.subtree_control")).unwrap_or_default();
    let missing: Vec<&str> = ["memory", "pids"]
        .into_iter()
        .filter(|c| !delegated.split_whitespace().any(|d| d == *c))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "cgroup v2 {}: controllers {} not enabled for child cgroups (cgroup.subtree_control)",
            dir.display(),
            missing.join(", ")
        ));
    }
    Ok(CgroupRoots {
        v2: true,
        memory: dir.clone(),
        pids: dir.clone(),
        cpuacct: dir,
    })
}

impl CgroupRoots {
    /// Removes the cgroups of harnesses that died before removing them
    /// (`boardcheck-<pid>-<n>` with no process `<pid>`), if they are empty.
    fn remove_stale(&self) {
        for root in [&self.memory, &self.pids, &self.cpuacct] {
            let Ok(entries) = fs::read_dir(root) else {
                continue;
            };
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                let Some(pid) = name
                    .strip_prefix("boardcheck-")
                    .and_then(|rest| rest.split('-').next())
                    .and_then(|pid| pid.parse::<u32>().ok())
                else {
                    continue;
                };
                if !Path::new(&format!("/proc/{pid}")).exists() {
                    // Fails (harmlessly) while a process is still inside.
                    let _ = fs::remove_dir(entry.path());
                }
            }
        }
    }
}

/// A run's own cgroups (memory, pids, cpuacct), removed by [`RunCgroup::remove`]
/// or readied for another run by [`RunCgroup::reuse`].
#[derive(Clone, Debug)]
pub(crate) struct RunCgroup {
    v2: bool,
    memory: PathBuf,
    pids: PathBuf,
    cpuacct: PathBuf,
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

    fn create(roots: &CgroupRoots, memory_bytes: u64, max_tasks: u32) -> io::Result<RunCgroup> {
        let name = format!(
            "boardcheck-{}-{}",
            std::process::id(),
            RUNS.fetch_add(1, Ordering::Relaxed)
        );
        let cg = RunCgroup {
            v2: roots.v2,
            memory: roots.memory.join(&name),
            pids: roots.pids.join(&name),
            cpuacct: roots.cpuacct.join(&name),
            oom_base: 0,
        };
        let made = (|| {
            for dir in cg.dirs() {
                fs::create_dir(dir)?;
            }
            cg.set_limits(memory_bytes, max_tasks)
        })();
        match made {
            Ok(()) => Ok(cg),
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

    fn dirs(&self) -> Vec<&Path> {
        if self.v2 {
            vec![&self.memory]
        } else {
            vec![&self.memory, &self.pids, &self.cpuacct]
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

/// Finds `program` the way `exec` would, so that a missing program is a
/// usage error before any case runs.
pub fn resolve_program(program: &str) -> Result<PathBuf, String> {
    let executable = |p: &Path| {
        use std::os::unix::fs::PermissionsExt;
        p.metadata()
            .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            .unwrap_or(false)
    };
    if program.contains('/') {
        let p = PathBuf::from(program);
        return if executable(&p) {
            Ok(p)
        } else {
            Err(format!("{program}: no such executable file"))
        };
    }
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join(program))
        .find(|p| executable(p))
        .ok_or_else(|| format!("{program}: command not found in PATH"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_parse_and_print() {
        for m in [SandboxMode::Auto, SandboxMode::Strict, SandboxMode::None] {
            assert_eq!(m.to_string().parse::<SandboxMode>(), Ok(m));
        }
        assert!("loose".parse::<SandboxMode>().is_err());
    }

    #[test]
    fn none_is_rlimits_and_auto_is_at_least_as_strong() {
        assert_eq!(probe(SandboxMode::None), Ok(SandboxLevel::Rlimits));
        let auto = probe(SandboxMode::Auto).unwrap();
        if let Ok(strict) = probe(SandboxMode::Strict) {
            assert_eq!(auto, strict);
            assert_eq!(warning(SandboxMode::Auto), None);
        } else {
            assert!(warning(SandboxMode::Auto).is_some());
        }
    }

    #[test]
    fn cgroup_hierarchies_are_found_in_mountinfo() {
        let mountinfo = "32 31 0:29 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n\
                         33 31 0:30 / /sys/fs/cgroup/pids rw - cgroup cgroup rw,pids\n\
                         34 31 0:31 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n";
        let own = "4:memory:/a/b\n3:pids:/\n2:cpu,cpuacct:/c\n0::/\n";
        let v1 = find_v1(mountinfo, own).unwrap();
        assert!(!v1.v2);
        assert_eq!(v1.memory, Path::new("/sys/fs/cgroup/memory/a/b"));
        assert_eq!(v1.pids, Path::new("/sys/fs/cgroup/pids"));
        assert_eq!(v1.cpuacct, Path::new("/sys/fs/cgroup/cpu,cpuacct/c"));
        assert!(find_v1("", own).is_err());

        let root = std::env::temp_dir().join(format!("boardcheck-v2-{}", std::process::id()));
        let dir = root.join("user.slice/run");
        fs::create_dir_all(&dir).unwrap();
        let mountinfo = format!("41 31 0:38 / {} rw - cgroup2 cgroup2 rw\n", root.display());
        let own = "0::/user.slice/run\n";
        fs::write(dir.join("cgroup.subtree_control"), "cpu io\n").unwrap();
        let err = find_v2(&mountinfo, own).unwrap_err();
        assert!(err.contains("memory, pids"), "{err}");
        fs::write(dir.join("cgroup.subtree_control"), "cpu memory pids\n").unwrap();
        let v2 = find_v2(&mountinfo, own).unwrap();
        fs::remove_dir_all(&root).unwrap();
        assert!(v2.v2);
        assert_eq!(v2.memory, dir);
    }

    #[test]
    fn relative_paths_become_absolute() {
        let cwd = std::env::current_dir().unwrap();
        let argv: Vec<String> = ["python3", "src/lib.rs", "-c", "no such file here"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let abs = absolute_argv(&argv);
        assert_eq!(abs[0], "python3");
        assert_eq!(abs[1], cwd.join("src/lib.rs").to_string_lossy());
        assert_eq!(abs[2..], argv[2..]);
    }
}
