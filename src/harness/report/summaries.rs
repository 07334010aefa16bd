//! What each phase found (given inputs, the laws), which phase found a
//! failure, and how far its input was shrunk.

use serde::Serialize;

use crate::harness::verdict::Origin;
use crate::text::plural;

/// What happened to the inputs given to a check.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct GivenSummary {
    /// Where they came from.
    pub origin: Origin,
    /// Cases run.
    pub ran: u64,
    /// Entries not run, each with why.
    pub skipped: Vec<String>,
    /// Entries whose saved output is not what the reference answers today.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changed: Vec<String>,
}

/// The laws run on the candidate itself: on how many cases, and how they went.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct PropertiesSummary {
    /// Cases the laws ran on.
    pub cases: u64,
    /// Law and case pairs that held.
    pub held: u64,
    /// Law and case pairs skipped: the law needed more runs than allowed.
    pub skipped: u64,
    /// The laws skipped at least once.
    pub skipped_laws: Vec<String>,
    /// Law and case pairs not run: the limits phase's time budget was spent.
    pub out_of_time: u64,
    /// The laws that judge one answer alone, left to the reference (which
    /// judged that answer already).
    pub left_to_reference: Vec<String>,
    /// Candidate runs the laws spent.
    pub runs: u64,
}

impl PropertiesSummary {
    /// Adds the counts of `other`.
    pub fn add(&mut self, other: &PropertiesSummary) {
        self.cases += other.cases;
        self.held += other.held;
        self.skipped += other.skipped;
        self.out_of_time += other.out_of_time;
        self.runs += other.runs;
        for (mine, theirs) in [
            (&mut self.skipped_laws, &other.skipped_laws),
            (&mut self.left_to_reference, &other.left_to_reference),
        ] {
            for law in theirs {
                if !mine.contains(law) {
                    mine.push(law.clone());
                }
            }
        }
    }
}

/// The GTP laws' sequences (`--gtp-laws`): played with the engine's board
/// read after every command, each reply and board compared with the
/// oracle's, then `genmove` judged on the state both agree on.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct GtpLaws {
    /// Sequences played.
    pub cases: usize,
    /// How often each law was checked: undos accepted, plays refused,
    /// genmoves.
    pub checked: [usize; 3],
    /// Sequences where the engine disagreed with the oracle: each judged
    /// as a case of its own (the check's failure when a lone run confirms
    /// it).
    pub disagreed: usize,
    /// Sequences the engine failed outright (a crash, a time-out): left
    /// to the cases, which judge such runs.
    pub failed_runs: usize,
    /// The `genmove` law broken, shrunk.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub broken: Option<BrokenLaw>,
}

/// A GTP law the engine broke where every reply and board agreed with the
/// oracle's.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BrokenLaw {
    /// Which law.
    pub law: String,
    /// The (shrunk) sequence, as a case's text.
    pub input: String,
    /// How many commands it has.
    pub commands: usize,
    /// What went wrong.
    pub detail: String,
    /// The exchanges of the fresh engine's run that showed it.
    pub transcript: String,
    /// Fresh-engine runs spent shrinking.
    pub shrink_runs: usize,
    /// Why shrinking stopped before it had tried every deletion, if so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

impl GtpLaws {
    /// The summary for a person.
    pub fn render(&self) -> String {
        let mut out = format!(
            "GTP laws: {} with the board read after every command; {}, {}, {} checked",
            plural(self.cases, "sequence"),
            plural(self.checked[0], "undo"),
            plural(self.checked[1], "refused play"),
            plural(self.checked[2], "genmove")
        );
        if self.disagreed > 0 {
            out.push_str(&format!(
                "; {} disagreed with the oracle, judged as cases",
                plural(self.disagreed, "sequence")
            ));
        }
        if self.failed_runs > 0 {
            out.push_str(&format!(
                "; {} failed outright (a crash, or a command past its time limit), left to the cases",
                plural(self.failed_runs, "run")
            ));
        }
        out.push('\n');
        if let Some(b) = &self.broken {
            let stopped = b
                .stopped
                .as_ref()
                .map_or(String::new(), |why| format!(", stopped early: {why}"));
            out.push_str(&format!(
                "law broken: {} ({} after shrinking, {}{stopped})\ninput:\n{}{}\ntranscript:\n{}",
                b.law,
                plural(b.commands, "command"),
                plural(b.shrink_runs, "run"),
                b.input,
                b.detail,
                b.transcript
            ));
        }
        out
    }
}

/// The law that led to a failure, and the case it was checked on.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FoundBy {
    /// The law's name, e.g. `mirror-symmetry`.
    pub law: String,
    /// The law in one line.
    pub about: String,
    /// What the law said was wrong, when it got answers to compare.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complaint: Option<String>,
    /// The case the law was checked on, as fed; the failure's input is one
    /// the law made from it (before shrinking).
    pub from: String,
}

/// How far a reported input was shrunk. In JSON: `state`, one word
/// (`minimal`, `smallest`, `unproven`, `stopped`, `not-shrunk`, `batch`), and `why`,
/// a sentence; `smallest` adds `tried`, the enumerated cases run.
#[derive(Clone, Debug, PartialEq)]
pub enum Shrink {
    /// The first failure of the exhaustive enumeration, not shrunk: every
    /// enumerated case smaller than it passed, which the problem's
    /// [`Enumeration::claim`](crate::generation::Enumeration::claim) says
    /// in words.
    Minimal(&'static str),
    /// Shrunk, then every enumerated case smaller than the input was
    /// tried, and none failed.
    Smallest {
        /// How many enumerated cases were run.
        tried: u64,
        /// What that proves, in words
        /// ([`Enumeration::claim`](crate::generation::Enumeration::claim)).
        claim: &'static str,
    },
    /// Shrunk until no simpler step failed, but not every input with fewer
    /// cells could be tried (the reason): it may not be the smallest.
    Unproven(String),
    /// Shrunk some steps, then stopped (the reason).
    Stopped(String),
    /// Not shrunk at all (the reason).
    Not(String),
    /// A failure of several cases in one process, narrowed to the smallest
    /// batch that still fails (the reason it needs them together).
    Batch(String),
}

impl Shrink {
    /// The state in one word, as `--json` names it.
    pub fn state(&self) -> &'static str {
        match self {
            Shrink::Minimal(_) => "minimal",
            Shrink::Smallest { .. } => "smallest",
            Shrink::Unproven(_) => "unproven",
            Shrink::Stopped(_) => "stopped",
            Shrink::Not(_) => "not-shrunk",
            Shrink::Batch(_) => "batch",
        }
    }

    /// Why the input is where it is, in words.
    pub fn why(&self) -> String {
        match self {
            Shrink::Minimal(claim) => format!("the first failure of the enumeration: {claim}"),
            Shrink::Smallest { tried, claim } => format!(
                "{claim}; {} tried",
                plural(*tried as usize, "enumerated case")
            ),
            Shrink::Unproven(why)
            | Shrink::Stopped(why)
            | Shrink::Not(why)
            | Shrink::Batch(why) => why.clone(),
        }
    }
}

impl Serialize for Shrink {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let tried = match self {
            Shrink::Smallest { tried, .. } => Some(*tried),
            _ => None,
        };
        let mut map = serializer.serialize_map(Some(2 + usize::from(tried.is_some())))?;
        map.serialize_entry("state", self.state())?;
        map.serialize_entry("why", &self.why())?;
        if let Some(tried) = tried {
            map.serialize_entry("tried", &tried)?;
        }
        map.end()
    }
}
