//! bubblewrap (`bwrap`): found and tried once, and the command line that
//! puts a run in its namespaces with a read-only view of the file system
//! and a private `/tmp`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::available;
use super::find_program::resolve_program;

/// The bwrap binary, if it runs a trivial sandbox here.
pub(super) fn probe_bwrap() -> Result<PathBuf, String> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
