//! Typed outcomes: a candidate's verdict on one case, a check's status, and
//! where a reported case came from. One definition serves the human report,
//! the JSON report (`docs/spec/cli.md`) and `selftest`.

use std::fmt;

use serde::Serialize;

/// What a candidate's run on one case came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Verdict {
    /// The answer equals the reference's.
    #[serde(rename = "OK")]
    Ok,
    /// A readable answer, but not the reference's.
    #[serde(rename = "WA")]
    WrongAnswer,
    /// Crashed, killed by a signal, or a non-zero exit.
    #[serde(rename = "RE")]
    RuntimeError,
    /// Past the wall-time or the CPU-time limit.
    #[serde(rename = "TLE")]
    TimeLimit,
    /// Past the memory limit.
    #[serde(rename = "MLE")]
    MemoryLimit,
    /// More output than the cap.
    #[serde(rename = "OLE")]
    OutputLimit,
    /// Output that does not read as an answer.
    #[serde(rename = "PE")]
    Presentation,
}

impl Verdict {
    /// The short code, e.g. `WA`.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Ok => "OK",
            Verdict::WrongAnswer => "WA",
            Verdict::RuntimeError => "RE",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::OutputLimit => "OLE",
            Verdict::Presentation => "PE",
        }
    }

    /// The long name, e.g. `wrong answer`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Ok => "agreed",
            Verdict::WrongAnswer => "wrong answer",
            Verdict::RuntimeError => "runtime error (crashed or non-zero exit)",
            Verdict::TimeLimit => "time limit exceeded",
            Verdict::MemoryLimit => "memory limit exceeded",
            Verdict::OutputLimit => "output limit exceeded",
            Verdict::Presentation => "presentation error (output unreadable)",
        }
    }

    /// Whether one slow run can give this verdict (a time-out, of the wall
    /// clock or of the CPU): such a verdict is confirmed by a second lone
    /// run before it is reported.
    pub fn depends_on_time(self) -> bool {
        self == Verdict::TimeLimit
    }

    /// Every verdict, in the order above.
    pub const ALL: [Verdict; 7] = [
        Verdict::Ok,
        Verdict::WrongAnswer,
        Verdict::RuntimeError,
        Verdict::TimeLimit,
        Verdict::MemoryLimit,
        Verdict::OutputLimit,
        Verdict::Presentation,
    ];

    /// The verdict with this code.
    pub fn from_code(code: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.code() == code)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Whether a check found a failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Every case agreed.
    Pass,
    /// A failure was found and is reported.
    Fail,
    /// The candidate could not run at all (a set-up mistake): exit 2.
    Error,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::Error => "error",
        })
    }
}

/// Where a reported failing case came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Origin {
    /// Drawn from the seed.
    Generated,
    /// From a `--replay` case file.
    Replayed,
    /// From a `--vectors` file.
    Vector,
    /// A batch of the multi-case form that fails while each of its cases
    /// passes alone: state kept from one case to the next.
    Batch,
    /// Every case up to some number of cells, in order (`--exhaustive`).
    Exhaustive,
    /// A worst-case pattern at the contract's limits.
    Limits,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Origin::Generated => "generated",
            Origin::Replayed => "replayed",
            Origin::Vector => "vector",
            Origin::Batch => "batch",
            Origin::Exhaustive => "exhaustive",
            Origin::Limits => "limits",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_serialize_as_codes() {
        for v in Verdict::ALL {
            assert_eq!(Verdict::from_code(v.code()), Some(v));
            assert_eq!(serde_json::to_string(&v).unwrap(), format!("\"{v}\""));
        }
        assert_eq!(Verdict::from_code("XX"), None);
        assert_eq!(serde_json::to_string(&Status::Fail).unwrap(), "\"fail\"");
    }
}
