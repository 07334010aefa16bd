//! How the end of a candidate's process reads as an [`Outcome`], and so as
//! a verdict: the one mapping from an exit (status, signal, time-out,
//! memory, output cap) that lone runs and long-lived sessions share.

use super::candidate::Outcome;
use super::process::{Exit, RunLimits, Waited, signal_name};

/// Lines of stderr kept in a crash's detail: the end, where a traceback
/// names its exception.
const STDERR_LINES: usize = 8;
/// Characters of stderr kept in a detail, all its kept lines together
/// (joined by ` | `): the report's lines stay narrow whatever the
/// candidate writes.
pub(in crate::harness) const STDERR_CHARACTERS: usize = 200;

/// The end of `stderr` for a detail line: its last lines, at most
/// [`STDERR_CHARACTERS`] characters in all, saying how many bytes before
/// them were cut (`dropped_bytes` of them before the text kept in memory).
pub(in crate::harness) fn stderr_tail(stderr: &str, dropped_bytes: usize) -> String {
    let text = stderr.trim();
    if text.is_empty() {
        return String::new();
    }
    let lines: Vec<&str> = text.lines().collect();
    let kept_lines = &lines[lines.len().saturating_sub(STDERR_LINES)..];
    let joined = kept_lines.join(" | ");
    let count = joined.chars().count();
    let (kept, cut_here) = if count > STDERR_CHARACTERS {
        let start = joined
            .char_indices()
            .nth(count - STDERR_CHARACTERS)
            .map_or(0, |(i, _)| i);
        (&joined[start..], start)
    } else {
        (joined.as_str(), 0)
    };
    // Bytes of stderr before the kept text: dropped ones, earlier lines
    // (each with its line break), and the cut part of the joined lines
    // (whose ` | ` stand for line breaks, 3 bytes for 1).
    let earlier_lines: usize = lines[..lines.len() - kept_lines.len()]
        .iter()
        .map(|l| l.len() + 1)
        .sum();
    let separators_cut = joined[..cut_here].matches(" | ").count();
    let cut = dropped_bytes + earlier_lines + cut_here - 2 * separators_cut;
    if cut == 0 {
        return format!("; stderr: {kept}");
    }
    format!("; stderr ({cut} earlier bytes cut): {kept}")
}

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
    limits: &RunLimits,
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
                "; starved by the machine: its own time (wall time less the wait) stayed under the limit up to \
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
            starved: waited.is_some_and(|w| w.own_time && w.starved),
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
            starved: false,
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
    fn a_long_stderr_is_cut_to_its_end_with_a_note_of_the_bytes_cut() {
        let stderr = format!("{}\nError: boom\n", "x".repeat(5000));
        let tail = stderr_tail(&stderr, 0);
        let kept = tail.split_once("): ").unwrap().1;
        assert_eq!(kept.chars().count(), STDERR_CHARACTERS, "{tail}");
        assert!(tail.ends_with("| Error: boom"), "{tail}");
        // 5000 x's and a line break, less the x's and the ` | ` kept.
        let kept_x = STDERR_CHARACTERS - " | Error: boom".len();
        assert!(
            tail.starts_with(&format!("; stderr ({} earlier bytes cut): ", 5000 - kept_x)),
            "{tail}"
        );
        // A flood: lines of 1000 characters, most of it dropped before.
        let flood = "E".repeat(1000) + "\n";
        let tail = stderr_tail(&flood.repeat(4), 800_000);
        assert!(tail.chars().count() < 250, "{tail}");
        assert!(
            tail.contains(&format!(
                "({} earlier bytes cut)",
                800_000 + 4 * 1001 - 1 - 200
            )),
            "{tail}"
        );
        // Short: whole, no note.
        assert_eq!(stderr_tail("oops\n", 0), "; stderr: oops");
    }
}
