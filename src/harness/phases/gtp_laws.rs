//! The GTP laws' phase (`--gtp-laws N`, a GTP candidate only): N more
//! sequences played with the engine's board read after every command
//! ([`crate::harness::gtp::sequence`]). A sequence that disagrees with the
//! oracle is a case like any other: confirmed by a lone run and shrunk by
//! the case phase's machinery, so the laws give no verdict the cases would
//! not. Only `genmove`, judged where every reply and board agreed, is the
//! laws' own; its violation is confirmed on a fresh engine and shrunk by
//! deleting commands within the shrinking budget (`--max-shrink-runs`,
//! `--shrink-seconds`).

use std::time::Instant;

use proptest::strategy::{Strategy, ValueTree};

use super::Context;
use crate::generation::Generate;
use crate::harness::gtp::sequence::{Seen, play_sequence};
use crate::harness::gtp::{Gtp, form, with_commands};
use crate::harness::judging::seeded_runner;
use crate::harness::report::{BrokenLaw, GtpLaws, Report};
use crate::harness::shrink::Budget;
use crate::harness::verdict::{Origin, Verdict};
use crate::problem::case_text;

/// Mixed into the seed so the laws' sequences are not the cases'.
const SEED_MIX: u64 = 0x6774_705f_6c61_7773;

impl<P: Generate> Context<'_, P> {
    /// Runs the GTP laws when the candidate is a GTP engine, nothing has
    /// failed yet and the engine shows its board.
    pub(super) fn gtp_laws(&self, report: &mut Report) {
        let Some(gtp) = crate::harness::gtp::engine_of(self.candidate) else {
            return;
        };
        gtp.end_of_cases();
        if gtp.law_cases == 0 || self.done() || self.found_any() {
            return;
        }
        let mut summary = GtpLaws::default();
        if !matches!(gtp.board_command(), Some(Some(_))) {
            // Without a board there is nothing to read after each command.
            report.gtp_laws = Some(summary);
            return;
        }
        let mut runner = seeded_runner(self.config.seed ^ SEED_MIX);
        let strategy = self.domain.cases(self.extras);
        let mut engine = None;
        for _ in 0..gtp.law_cases {
            if self.done() {
                break;
            }
            let Ok(tree) = strategy.new_tree(&mut runner) else {
                break;
            };
            let case = tree.current();
            let mut e = match engine.take() {
                Some(e) => e,
                None => match gtp.fresh::<P::Answer>() {
                    Ok(e) => e,
                    Err(_) => {
                        summary.failed_runs += 1;
                        continue;
                    }
                },
            };
            summary.cases += 1;
            match play_sequence::<P>(&mut e, &case, &mut summary.checked) {
                Seen::Agreed(None) => engine = Some(e),
                Seen::Failed => summary.failed_runs += 1,
                Seen::Disagreed { at, law } => {
                    summary.disagreed += 1;
                    // Numbered after the check's cases, in the order run.
                    self.judge_as_case(&case, at, law, report.cases + summary.cases as u64);
                }
                Seen::Agreed(Some(_)) => {
                    if let Some(broken) = self.genmove_broken(gtp, case) {
                        summary.broken = Some(broken);
                        break;
                    }
                }
            }
        }
        report.gtp_laws = Some(summary);
    }

    /// A sequence that disagreed at command `at`: its first `at + 1`
    /// commands judged and shrunk as a generated case; kept when a lone
    /// run confirms it.
    fn judge_as_case(&self, case: &P::Case, at: usize, law: Option<&'static str>, number: u64) {
        let commands = (form::<P>().commands)(case);
        let Some(prefix) = with_commands::<P>(case, &commands[..=at.min(commands.len() - 1)])
        else {
            return;
        };
        let (judged, _, _) = self.timed(&prefix);
        if judged.verdict == Verdict::Ok {
            return;
        }
        let Some(mut found_case) = self.shrunk_failure(prefix, judged, None, Origin::Generated)
        else {
            return;
        };
        let failure = &mut found_case.failure;
        let found = match law {
            Some(law) => format!(
                "found by a GTP law sequence (the board read after every command), where the \
                 engine broke the law `{law}`"
            ),
            None => "found by a GTP law sequence (the board read after every command)".into(),
        };
        failure.detail = if failure.detail.is_empty() {
            found
        } else {
            format!("{}\n{found}", failure.detail)
        };
        self.keep(Some(found_case), number);
    }

    /// `genmove`'s law broken on `case`: confirmed on a fresh engine, then
    /// shrunk by deleting blocks of commands, then single ones, while it
    /// still breaks (every reply and board before agreeing), within the
    /// shrinking budget. `None` if a fresh engine does not confirm it.
    fn genmove_broken(&self, gtp: &Gtp, case: P::Case) -> Option<BrokenLaw> {
        let start = Instant::now();
        let breaks = |case: &P::Case| -> Option<(String, String)> {
            let mut engine = gtp.fresh::<P::Answer>().ok()?;
            match play_sequence::<P>(&mut engine, case, &mut [0; 3]) {
                Seen::Agreed(Some(found)) => Some(found),
                _ => None,
            }
        };
        let mut shown = breaks(&case)?;
        let form = form::<P>();
        let mut case = case;
        let mut budget = Budget::new(self.config, Verdict::WrongAnswer);
        let mut chunk = (form.commands)(&case).len().div_ceil(2).max(1);
        'shrinking: loop {
            let commands = (form.commands)(&case);
            let mut at = 0;
            let mut improved = false;
            while at < commands.len() {
                if !budget.open(Verdict::WrongAnswer) {
                    break 'shrinking;
                }
                let mut fewer = commands.clone();
                fewer.drain(at..(at + chunk).min(commands.len()));
                budget.runs += 1;
                if let Some(smaller) = with_commands::<P>(&case, &fewer)
                    && let Some(found) = breaks(&smaller)
                {
                    case = smaller;
                    shown = found;
                    improved = true;
                    break;
                }
                at += chunk;
            }
            if !improved {
                if chunk == 1 {
                    break;
                }
                chunk = chunk.div_ceil(2);
            }
        }
        self.clock.lock().expect("clock").shrinking += start.elapsed();
        let (detail, transcript) = shown;
        Some(BrokenLaw {
            law: "genmove".into(),
            input: case_text::<P>(&case),
            commands: (form.commands)(&case).len(),
            detail,
            transcript,
            shrink_runs: budget.runs,
            stopped: budget.why_stopped().map(str::to_string),
        })
    }
}
