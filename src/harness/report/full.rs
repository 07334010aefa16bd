//! The report as `check` prints it beside docs/spec/cli.md's fields (`--json`: the
//! repeat command, the options in force, the timings, the GTP parts), and
//! the interim report of the smallest failure so far (Ctrl-C).

use super::{AnswerForm, Failure, Report};
use crate::harness::verdict::Status;

/// What `--json` shows beside docs/spec/cli.md's fields.
pub struct Beside {
    /// The command that repeats the run.
    pub repeat: String,
    /// The options in force.
    pub options: serde_json::Value,
    /// A GTP engine's throughput (a passing check).
    pub gtp: Option<serde_json::Value>,
    /// Seconds the whole check took.
    pub total_seconds: f64,
    /// The hint after the report, if any.
    pub hint: Option<String>,
}

impl Report {
    /// The JSON report: docs/spec/cli.md's fields as they are, and `beside` them.
    pub fn json_with(&self, beside: Beside) -> serde_json::Value {
        let mut json = serde_json::to_value(self).expect("a report serializes");
        json["repeat"] = beside.repeat.into();
        if let Some(hint) = self.crash_hint() {
            json["failure"]["hint"] = hint.into();
        }
        json["options"] = beside.options;
        if let Some(gtp) = beside.gtp {
            json["gtp"] = gtp;
        }
        json["timings"] = serde_json::to_value(&self.timings).expect("timings serialize");
        json["timings"]["total_seconds"] = beside.total_seconds.into();
        json["timings"]["mean_ms_per_case"] = self.mean_ms_per_case().into();
        if let Some(hint) = beside.hint {
            json["hint"] = hint.into();
        }
        json
    }

    /// The report of `failure` alone, the smallest found so far by a
    /// check still running.
    pub fn interim(
        problem: &str,
        answer_form: AnswerForm,
        seed: u64,
        failure: &Failure,
        stack_bytes: u64,
    ) -> Report {
        Report {
            problem: problem.to_string(),
            seed,
            status: Status::Fail,
            cases: 0,
            sandbox: String::new(),
            domain: String::new(),
            given: None,
            properties: None,
            gtp_laws: None,
            limits: Vec::new(),
            failure: Some(failure.clone()),
            failures: Vec::new(),
            cannot_run: None,
            slow_once: None,
            set_aside: 0,
            timings: Default::default(),
            stack_bytes: Some(stack_bytes),
            answer_form,
        }
    }
}
