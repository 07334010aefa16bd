//! Finding the program a run starts, the way `exec` would: a missing
//! program is a usage error before any case runs.

use std::path::{Path, PathBuf};

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
