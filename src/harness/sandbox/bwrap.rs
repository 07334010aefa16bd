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

/// bwrap's options for a run of `argv` exactly as typed, `tmp_bytes` the
/// size of the private `/tmp`. The program starts in the harness's working
/// directory, seen at the same path (read-only, like the rest of the file
/// system), so relative paths on the command line name what they name for
/// the user: nothing in `argv` is rewritten.
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
    let cwd = std::env::current_dir().ok().filter(|d| d.is_dir());
    // Files named on the command line that the private /tmp would hide
    // (a relative name counts from the working directory, when that is
    // /tmp itself), shown again at their own paths, read-only.
    for arg in argv {
        let p = match &cwd {
            Some(dir) if Path::new(arg).is_relative() && dir == Path::new("/tmp") => dir.join(arg),
            _ => PathBuf::from(arg),
        };
        if !p.is_absolute() || !hidden_by_tmp(&p) {
            continue;
        }
        let Ok(meta) = p.metadata() else { continue };
        let shown = match p.parent() {
            Some(dir) if meta.is_file() && dir != Path::new("/tmp") => dir,
            _ => &p,
        };
        let shown = shown.to_string_lossy().into_owned();
        args.extend(["--ro-bind".into(), shown.clone(), shown]);
    }
    let chdir = match cwd.map(|d| d.to_string_lossy().into_owned()) {
        Some(dir) => {
            // Under /tmp the working directory is hidden too: shown again
            // at its own path, read-only.
            if hidden_by_tmp(Path::new(&dir)) {
                args.extend(["--ro-bind".into(), dir.clone(), dir.clone()]);
            }
            dir
        }
        None => "/tmp".into(),
    };
    args.extend(["--setenv".into(), "TMPDIR".into(), "/tmp".into()]);
    args.extend(["--chdir".into(), chdir, "--".into()]);
    args.extend(argv.iter().cloned());
    args
}

/// Whether the private `/tmp` hides `path` (absolute): a path strictly
/// inside `/tmp`.
fn hidden_by_tmp(path: &Path) -> bool {
    path.starts_with("/tmp") && path != Path::new("/tmp")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_is_passed_as_typed_and_runs_in_the_working_directory() {
        let argv: Vec<String> = ["gnugo", "--mode", "src", "src/lib.rs", "-c"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let args = bwrap_args(1 << 20, &argv);
        let cwd = std::env::current_dir().unwrap();
        assert_eq!(args[args.len() - argv.len()..], argv[..]);
        let chdir = args.iter().position(|a| a == "--chdir").unwrap();
        assert_eq!(args[chdir + 1], cwd.to_string_lossy());
        assert!(hidden_by_tmp(Path::new("/tmp/x")));
        assert!(!hidden_by_tmp(Path::new("/tmp")) && !hidden_by_tmp(Path::new("/tmpx")));
    }
}
