//! Where this process's cgroups are (v1 controllers `memory`, `pids` and
//! `cpuacct`, else a v2 cgroup that delegates `memory` and `pids`; and a v2
//! cgroup for the CPU pressure of a run, v1 or not), checked once by making,
//! limiting and joining a trial cgroup; stale cgroups of dead harnesses
//! removed.

use std::fs;
use std::path::{Path, PathBuf};

/// Where this process's cgroups are: one directory per v1 controller, or
/// the same v2 directory three times.
#[derive(Debug)]
pub(super) struct CgroupRoots {
    pub(super) v2: bool,
    pub(super) memory: PathBuf,
    pub(super) pids: PathBuf,
    pub(super) cpuacct: PathBuf,
    /// This process's cgroup in the v2 hierarchy, where a run's cgroup
    /// tells how long the run was stalled for a CPU (`cpu.pressure`):
    /// `memory`'s under v2; under v1 the v2 hierarchy beside it, where one
    /// is mounted (a hybrid host). Kept by `run_cgroup::trial` only where a
    /// run's cgroup there reports a `full` CPU stall.
    pub(super) pressure: Option<PathBuf>,
}

impl CgroupRoots {
    /// Finds this process's own cgroup (v1 hierarchies `memory`, `pids` and
    /// `cpuacct`, else a v2 cgroup whose children get `memory` and `pids`)
    /// and removes stale cgroups of dead harnesses there (`run_cgroup::trial`
    /// then checks that a child cgroup can be made, limited and joined).
    pub(super) fn find() -> Result<CgroupRoots, String> {
        let mountinfo = fs::read_to_string("/proc/self/mountinfo")
            .map_err(|e| format!("cannot read /proc/self/mountinfo: {e}"))?;
        let own = fs::read_to_string("/proc/self/cgroup")
            .map_err(|e| format!("cannot read /proc/self/cgroup: {e}"))?;
        let roots = match (find_v1(&mountinfo, &own), find_v2(&mountinfo, &own)) {
            (Ok(roots), _) | (_, Ok(roots)) => roots,
            (Err(v1), Err(v2)) => return Err(format!("no usable cgroups: {v1}; {v2}")),
        };
        roots.remove_stale();
        Ok(roots)
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
        // A hybrid host: the v2 hierarchy mounted beside the controllers.
        pressure: mounts(mountinfo, "cgroup2", |_| true)
            .next()
            .map(|mount| mount.join(own_path(own, ""))),
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
        cpuacct: dir.clone(),
        pressure: Some(dir),
    })
}

impl CgroupRoots {
    /// Removes the cgroups of harnesses that died before removing them
    /// (`boardcheck-<pid>-<n>` with no process `<pid>`), if they are empty.
    fn remove_stale(&self) {
        for root in [&self.memory, &self.pids, &self.cpuacct]
            .into_iter()
            .chain(&self.pressure)
        {
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

#[cfg(test)]
mod tests {
    use super::*;

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
        // No v2 hierarchy mounted beside v1 here: no CPU pressure.
        assert_eq!(v1.pressure, None);
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
        assert_eq!(v2.pressure.as_deref(), Some(dir.as_path()));
    }
}
