//! How the end of a candidate's process reads as an [`Outcome`], and so as
//! a verdict: the one mapping from an exit (status, signal, time-out,
//! memory, output cap) that lone runs and long-lived sessions share.

use super::candidate::Outcome;
use super::excerpt;
use super::process::{Exit, Limits, Waited, signal_name};

/// Lines of stderr kept in a crash's detail: the end, where a traceback
/// names its exception.
const STDERR_LINES: usize = 8;
/// Characters of one stderr line kept in a detail: a minified source line
/// or a dumped board is cut, with a note.
const STDERR_LINE_CHARACTERS: usize = 200;

/// The end of `stderr` for a detail line, saying how much was cut.
pub(in crate::harness) fn stderr_tail(stderr: &str, dropped_bytes: usize) -> String {
    let text = stderr.trim();
    if text.is_empty() {
        return String::new();
    }
    let lines: Vec<&str> = text.lines().collect();
    let kept = &lines[lines.len().saturating_sub(STDERR_LINES)..];
    let cut_lines = lines.len() - kept.len();
    let cut = match (cut_lines, dropped_bytes) {
        (0, 0) => String::new(),
        (l, 0) => format!(" ({l} earlier lines cut)"),
        (l, b) => format!(" ({l} earlier lines and {b} earlier bytes cut)"),
    };
    let kept: Vec<String> = kept
        .iter()
        .map(|line| {
            let n = line.chars().count();
            excerpt::clip(line, (0, n.min(STDERR_LINE_CHARACTERS)))
        })
        .collect();
    format!("; stderr{cut}: {}", kept.join(" | "))
}

/// What a time-out's detail says when the run was killed at the wall cap
/// while its own time was under the limit: the machine starved it.
pub(in crate::harness) const STARVED: &str = "starved by the machine";

/// What the process was asked for, which the details name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::harness) enum Asked {
    /// A lone run, fed its whole input (the limits hold for the run).
    Run,
    /// One answer line of a long-lived session (the limits hold for that
    /// answer; whatever the status, the process ended without answering).
    AnswerLine,
}

/// What `exit` reads as, `output` what the process wrote and `tail` the
/// end of its stderr ([`stderr_tail`]); `cpu` the CPU time the run used,
/// where cgroups measured it (a time-out says it: a run that used little
/// of it waited, for input or for a busy machine). A lone run that exited
/// with status 0 is not a failure: its output is read as the answer before
/// this is asked; here it reads as a crash.
pub(in crate::harness) fn exit_outcome<A>(
    exit: &Exit,
    output: String,
    tail: &str,
    limits: &Limits,
    asked: Asked,
    cpu: Option<std::time::Duration>,
    waited: Option<Waited>,
) -> Outcome<A> {
    let run = asked == Asked::Run;
    // Output cut short by a limit or a crash is quoted, never compared:
    // its first bytes are all that is kept, so an over-cap flood is not
    // held whole while a group of runs is judged.
    let output =
        crate::harness::excerpt::first_bytes(output, crate::harness::excerpt::QUOTED_BYTES);
    let mut cpu_used = cpu.map_or(String::new(), |t| {
        format!(" (CPU time used: {} ms)", t.as_millis())
    });
    if let Some(w) = waited.filter(|w| !w.waited.is_zero()) {
        let how = match (w.own_time, w.starved) {
            (true, true) => format!(
                "; {STARVED}: its own time (wall time less the wait) stayed under the limit up to \
                 the wall cap of {} ms",
                (limits.timeout * super::process::WALL_CAP).as_millis()
            ),
            (true, false) => "; the limit held on its own time, the wall time less the wait".into(),
            (false, true) => "; most of it waiting: its own time stayed under the limit".into(),
            (false, false) => String::new(),
        };
        cpu_used.push_str(&format!(
            " (waited for a CPU: {} ms{how})",
            w.waited.as_millis()
        ));
    }
    match *exit {
        Exit::TimedOut => Outcome::TimedOut {
            output,
            detail: if run {
                format!(
                    "wall-time limit: no answer within {} ms{cpu_used}, every process of the run killed{tail}",
                    limits.timeout.as_millis()
                )
            } else {
                format!(
                    "wall-time limit: no answer line within {} ms{cpu_used}, the process killed{tail}",
                    limits.timeout.as_millis()
                )
            },
        },
        Exit::CpuLimit => Outcome::TimedOut {
            output,
            detail: format!(
                "CPU-time limit: used {} ms of CPU {}, killed{tail}",
                limits.cpu.unwrap_or(limits.timeout).as_millis(),
                if run {
                    "(all threads together)"
                } else {
                    "on this answer"
                }
            ),
        },
        Exit::MemoryLimit => Outcome::OutOfMemory {
            output,
            detail: format!(
                "memory limit: more than {} MiB resident, killed{tail}",
                limits.memory_bytes >> 20
            ),
        },
        Exit::OutputLimit => Outcome::OutputLimit {
            output,
            detail: format!(
                "output limit: {} than {} bytes{}, stopped",
                if run { "more" } else { "an answer line longer" },
                limits.output_bytes,
                if run { " on stdout" } else { "" }
            ),
        },
        Exit::Signal(s) if run => Outcome::Crashed {
            output,
            detail: format!("killed by {}{tail}", signal_name(s)),
        },
        Exit::Signal(s) => Outcome::Crashed {
            output,
            detail: format!("killed by {} before answering{tail}", signal_name(s)),
        },
        Exit::Code(c) if run => Outcome::Crashed {
            output,
            detail: format!("exit status {c}{tail}"),
        },
        Exit::Code(0) if !output.is_empty() && !output.ends_with('\n') => Outcome::Unreadable {
            output,
            error: "the answer line is not valid UTF-8, or the process exited in the middle of it"
                .into(),
        },
        Exit::Code(c) => Outcome::Crashed {
            output,
            detail: format!("exited (status {c}) before answering{tail}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_stderr_line_is_cut_with_a_note() {
        let stderr = format!("{}\nError: boom\n", "x".repeat(5000));
        let tail = stderr_tail(&stderr, 0);
        assert!(tail.len() < 400, "{tail}");
        assert!(tail.contains(&format!(
            "({} more characters)",
            5000 - STDERR_LINE_CHARACTERS
        )));
        assert!(tail.ends_with("| Error: boom"), "{tail}");
    }
}
