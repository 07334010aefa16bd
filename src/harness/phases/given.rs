//! The given-inputs phase: saved failures (`--replay`) or test vectors
//! (`--vectors`) inside the declared domain, each failure reported as
//! given (they are someone's case, not to be shrunk).

use super::Context;
use crate::generation::Generate;
use crate::generation::reference;
use crate::harness::report::{GivenSummary, Report};
use crate::problem::{answer_text, read_input};

impl<P: Generate> Context<'_, P> {
    /// The given inputs inside the domain; each failure, as given.
    pub(super) fn given(&self, report: &mut Report) {
        let config = self.config;
        if config.given.is_empty() && config.given_skipped.is_empty() {
            return;
        }
        let domain = &self.domain;
        let mut summary = GivenSummary {
            origin: config.given_origin,
            ran: 0,
            skipped: config.given_skipped.clone(),
            changed: Vec::new(),
        };
        // Every entry's cases in one list, so they run `jobs` at a time; the
        // first failure in file order is still the one investigated.
        let mut cases = Vec::new();
        for given in &config.given {
            match read_input::<P>(&given.input, given.multi) {
                Ok(read) if read.iter().all(|c| domain.contains(self.extras, c)) => {
                    // A one-case entry's saved output is what the reference
                    // answered then: say if today's answers otherwise (a
                    // saved multi-case failure keeps one case's answer).
                    if let (Some(saved), [case]) = (&given.output, read.as_slice()) {
                        let today = answer_text::<P>(&reference::<P>(case).0);
                        if today != *saved {
                            summary.changed.push(format!(
                                "{}: saved {saved:?}, the reference now answers {today:?}",
                                given.name
                            ));
                        }
                    }
                    cases.extend(read)
                }
                Ok(_) => summary.skipped.push(format!(
                    "{}: outside the declared domain ({})",
                    given.name,
                    domain.describe(self.extras)
                )),
                Err(e) => {
                    summary
                        .skipped
                        .push(format!("{}: not a {} input ({e})", given.name, P::NAME))
                }
            }
        }
        summary.ran += self.run_cases(&cases, None, config.given_origin, report.cases);
        report.cases += summary.ran;
        report.given = Some(summary);
    }
}
