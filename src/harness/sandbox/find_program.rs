//! Finding the program a run starts, the way `exec` would: a missing
//! program is a usage error before any case runs; the command as it is
//! run, for messages.

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

/// `argv` as a shell would need it typed, each word quoted where needed:
/// the command a run starts, exactly, for every message that names it.
pub fn shown_command(argv: &[String]) -> String {
    argv.iter()
        .map(|w| shlex::try_quote(w).map_or_else(|_| format!("{w:?}"), |q| q.into_owned()))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn words_are_quoted_only_where_a_shell_needs_it() {
        let argv: Vec<String> = ["python3", "my file.py", "--mode", "gtp", "it's"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            super::shown_command(&argv),
            r#"python3 'my file.py' --mode gtp "it's""#
        );
    }
}
