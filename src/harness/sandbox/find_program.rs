//! Finding the program a run starts, the way `exec` would: a missing
//! program is a usage error before any case runs; the command as it is
//! run, for messages.

use std::path::{Path, PathBuf};

/// Finds `program` the way `exec` would, so that a missing program is a
/// usage error before any case runs.
pub fn resolve_program(program: &str) -> Result<PathBuf, String> {
    if program.contains('/') {
        let p = PathBuf::from(program);
        return match p.metadata() {
            _ if is_executable(&p) => Ok(p),
            Ok(m) if m.is_dir() => Err(format!("{program}: a directory, not a program")),
            // There, but without the execute bit: say how to run it.
            Ok(_) => Err(match interpreter_of(&p) {
                Some(run) => format!(
                    "{program}: not executable (`chmod +x {program}`, or name its \
                     interpreter first: `{run} {program}`)"
                ),
                None => format!("{program}: not executable (`chmod +x {program}`)"),
            }),
            Err(_) => Err(format!("{program}: no such file")),
        };
    }
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join(program))
        .find(|p| is_executable(p))
        .ok_or_else(|| not_found(program, OFF_PATH.iter().map(Path::new)))
}

/// Why `program` was not found in PATH, naming the first of `off_path`
/// that holds it (Debian puts game programs, GNU Go and GRhino, in
/// /usr/games, which root's PATH leaves out).
fn not_found<'a>(program: &str, off_path: impl IntoIterator<Item = &'a Path>) -> String {
    let elsewhere = off_path
        .into_iter()
        .map(|dir| dir.join(program))
        .find(|p| is_executable(p));
    match elsewhere {
        Some(p) => format!(
            "{program}: command not found in PATH, but {} is there: name it so, or add its \
             folder to PATH",
            p.display()
        ),
        None => format!("{program}: command not found in PATH"),
    }
}

/// The interpreter a script names in its `#!` line (its program's name,
/// or the one `env` runs), else the usual one for its extension.
fn interpreter_of(p: &Path) -> Option<String> {
    use std::io::{BufRead, Read};
    let mut first = String::new();
    let file = std::fs::File::open(p).ok()?;
    std::io::BufReader::new(file.take(256))
        .read_line(&mut first)
        .ok()?;
    if let Some(line) = first.strip_prefix("#!") {
        let words: Vec<&str> = line.split_whitespace().collect();
        let program = match words.as_slice() {
            [env, name, ..] if env.ends_with("/env") => *name,
            [path, ..] => path.rsplit('/').next()?,
            [] => return None,
        };
        return Some(program.to_string());
    }
    match p.extension()?.to_str()? {
        "py" => Some("python3".into()),
        "sh" => Some("sh".into()),
        _ => None,
    }
}

/// Whether `p` is a file with an execute bit.
fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    p.metadata()
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

/// Folders that hold programs but are often off PATH.
const OFF_PATH: &[&str] = &["/usr/games", "/usr/local/games", "/snap/bin"];

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
    /// A fresh folder of this test process's own.
    fn scratch(tag: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("boardcheck-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_program_that_is_there_but_not_executable_is_told_how_to_run() {
        let dir = scratch("noexec");
        let file = dir.join("sol.py");
        std::fs::write(&file, "print(1)\n").unwrap();
        let name = file.to_string_lossy().into_owned();
        let why = super::resolve_program(&name).unwrap_err();
        assert!(
            why.contains("not executable") && why.contains("chmod +x"),
            "{why}"
        );
        assert!(why.contains(&format!("`python3 {name}`")), "{why}");
        // The #! line names the interpreter; a binary has none to name.
        std::fs::write(&file, "#!/usr/bin/env pypy3\nprint(1)\n").unwrap();
        let why = super::resolve_program(&name).unwrap_err();
        assert!(why.contains(&format!("`pypy3 {name}`")), "{why}");
        let binary = dir.join("engine");
        std::fs::write(&binary, [0x7f, b'E', b'L', b'F']).unwrap();
        let binary = binary.to_string_lossy().into_owned();
        let why = super::resolve_program(&binary).unwrap_err();
        assert_eq!(
            why,
            format!("{binary}: not executable (`chmod +x {binary}`)")
        );
        let missing = dir.join("nosuch.py").to_string_lossy().into_owned();
        assert!(
            super::resolve_program(&missing)
                .unwrap_err()
                .ends_with("no such file")
        );
        let folder = dir.to_string_lossy().into_owned();
        assert!(
            super::resolve_program(&folder)
                .unwrap_err()
                .contains("a directory")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_program_off_path_is_named_where_it_is() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("offpath");
        let program = dir.join("an-engine");
        std::fs::write(&program, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        let why = super::not_found("an-engine", [dir.as_path()]);
        assert!(why.contains(&*program.to_string_lossy()), "{why}");
        let why = super::not_found("another-engine", [dir.as_path()]);
        assert_eq!(why, "another-engine: command not found in PATH");
        std::fs::remove_dir_all(&dir).unwrap();
    }

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
