//! What isolation a run of an untrusted program gets, and the pieces that
//! provide it: bubblewrap (`bwrap`) for namespaces, cgroups for resource
//! limits (v1 controllers `memory`, `pids` and `cpuacct`; else a v2 cgroup
//! whose `cgroup.subtree_control` already enables `memory` and `pids`: the
//! harness never moves itself to another cgroup to get them), and one v2
//! cgroup (on a v1 host, in the v2 hierarchy beside it, where mounted)
//! whose CPU pressure tells how long the run waited for a CPU. A run's
//! cgroups are children of the harness's own, `boardcheck-<pid>-<n>`.
//!
//! Levels, strongest first:
//!
//! - [`SandboxLevel::NamespacesCgroups`]: `bwrap` gives the program a PID
//!   namespace (everything in it dies with the run), no network (a private
//!   loopback only), a read-only view of the file system with a private
//!   writable `/tmp`, the harness's working directory as its own (at the
//!   same path, read-only: the command runs as typed), no capabilities; a per-run
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
//!
//! One job a file: this one the levels and the probe; `bwrap.rs` the
//! bubblewrap command line; `cgroup_roots.rs` where this process's cgroups
//! are; `run_cgroup.rs` a run's own cgroups; `find_program.rs` the PATH
//! lookup (bubblewrap's own, and every run's through `process`).

#![forbid(unsafe_code)]

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::OnceLock;

mod bwrap;
mod cgroup_roots;
mod find_program;
mod run_cgroup;

use bwrap::probe_bwrap;
pub(crate) use bwrap::{bwrap_args, bwrap_path};
use cgroup_roots::CgroupRoots;
pub use find_program::{resolve_program, shown_command};
pub(crate) use run_cgroup::RunCgroup;

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
                CgroupRoots::find().and_then(run_cgroup::trial)
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
}
