//! The submissions of `grade`: the programs of folders and files, or whole
//! command lines, each with the kind its start-up allowance is keyed by.

use std::path::{Path, PathBuf};

use super::GradeArgs;

/// One submission: its name in the table, the command that runs it (with
/// --py-func, the file whose function is called), and its kind.
pub struct Submission {
    pub name: String,
    pub argv: Vec<String>,
    /// What `--startup-ms KIND=MS` matches: the file's extension (`py`),
    /// `exe` for an executable without one, or with `--command` the
    /// program word's file name (`java`).
    pub kinds: Vec<String>,
}

/// The command that runs `path` by its kind; `None` for files that are not
/// programs (README, data).
fn by_kind(path: &Path) -> Option<Vec<String>> {
    use std::os::unix::fs::PermissionsExt;
    let p = path.to_string_lossy().into_owned();
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let with = |interpreter: &str| Some(vec![interpreter.to_string(), p.clone()]);
    match ext {
        "py" => with("python3"),
        "sh" => with("sh"),
        "js" => with("node"),
        "rb" => with("ruby"),
        "pl" => with("perl"),
        _ => {
            let meta = path.metadata().ok()?;
            (meta.is_file() && meta.permissions().mode() & 0o111 != 0).then(|| vec![p])
        }
    }
}

/// The file name of a command's program word.
fn program_name(argv: &[String]) -> Option<String> {
    let first = argv.first()?;
    Path::new(first)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
}

/// The kinds of a file run as `argv`: its extension (or `exe`) and its
/// program's name.
fn file_kinds(file: &Path, argv: &[String]) -> Vec<String> {
    let ext = file
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("exe")
        .to_string();
    let mut kinds = vec![ext];
    kinds.extend(program_name(argv).filter(|p| !kinds.contains(p)));
    kinds
}

/// The files of `item`: those of a folder, sorted, or the file itself.
fn files_of(item: &str) -> Result<(Vec<PathBuf>, bool), String> {
    let path = Path::new(item);
    if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| format!("{item}: {e}"))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        Ok((files, true))
    } else if path.is_file() {
        Ok((vec![path.to_path_buf()], false))
    } else {
        Err(format!("{item}: no such file or folder"))
    }
}

/// Every submission the arguments name, in order.
pub fn submissions(args: &GradeArgs) -> Result<Vec<Submission>, String> {
    let mut out = Vec::new();
    for item in &args.submissions {
        if args.command {
            let argv = shlex::split(item).filter(|a| !a.is_empty());
            let argv = argv.ok_or_else(|| format!("cannot split the command {item:?}"))?;
            out.push(Submission {
                name: item.clone(),
                kinds: program_name(&argv).into_iter().collect(),
                argv,
            });
            continue;
        }
        let (files, in_folder) = files_of(item)?;
        for file in files {
            let program = match &args.py_func {
                Some(_) => (file.extension().is_some_and(|e| e == "py"))
                    .then(|| vec![file.to_string_lossy().into_owned()]),
                None => by_kind(&file).map(|mut argv| {
                    // A program reads the multi-case form when told so, as
                    // the examples do; --command lines say it themselves.
                    if args.judge.multi {
                        argv.push("--multi".into());
                    }
                    argv
                }),
            };
            if let Some(argv) = program {
                let kinds = match &args.py_func {
                    Some(_) => vec!["py".to_string()],
                    None => file_kinds(&file, &argv),
                };
                out.push(Submission {
                    name: file.to_string_lossy().into_owned(),
                    argv,
                    kinds,
                });
            } else if !in_folder {
                return Err(match args.py_func {
                    Some(_) => format!("{}: not a .py file (--py-func)", file.display()),
                    None => format!(
                        "{}: not a program (.py, .sh, .js, .rb, .pl or an executable)",
                        file.display()
                    ),
                });
            }
        }
    }
    if out.is_empty() {
        return Err("no submissions found".into());
    }
    Ok(out)
}

/// One `--startup-ms KIND=MS`.
#[derive(Clone, Debug)]
pub struct StartUp {
    pub kind: String,
    pub ms: u64,
}

impl std::str::FromStr for StartUp {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let (kind, ms) = text
            .split_once('=')
            .filter(|(k, _)| !k.is_empty())
            .ok_or_else(|| format!("{text:?}: expected KIND=MS, e.g. py=300"))?;
        let ms = ms
            .parse()
            .map_err(|_| format!("{text:?}: {ms:?} is not a number of milliseconds"))?;
        Ok(StartUp {
            kind: kind.trim_start_matches('.').to_string(),
            ms,
        })
    }
}

/// The allowance of a submission of `kinds`: the largest `--startup-ms`
/// whose kind it has, 0 if none.
pub fn allowance(start_ups: &[StartUp], kinds: &[String]) -> u64 {
    start_ups
        .iter()
        .filter(|s| kinds.contains(&s.kind))
        .map(|s| s.ms)
        .max()
        .unwrap_or(0)
}
