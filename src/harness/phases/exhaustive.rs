//! The exhaustive phase (`--exhaustive N`): every case of up to N cells
//! inside the domain, in order, in batches; the first failure is minimal
//! by construction (every enumerated case smaller than it passed).

use super::Context;
use super::cases::enumerated;
use crate::generation::Generate;
use crate::harness::report::Report;
use crate::harness::verdict::Origin;

impl<P: Generate> Context<'_, P> {
    /// Every cell-bounded case of the domain (this shard's).
    pub(super) fn exhaustive(&self, report: &mut Report) {
        let Some(max_cells) = self.config.exhaustive else {
            return;
        };
        let keep = |case: &P::Case| self.domain.contains(self.extras, case);
        let Some(mut all) = enumerated(self.extras, max_cells, self.config.shard, keep) else {
            return;
        };
        let chunk = self.chunk(64);
        while !self.done() {
            let cases: Vec<P::Case> = all.by_ref().take(chunk).collect();
            if cases.is_empty() {
                return;
            }
            report.cases += self.run_cases(&cases, None, Origin::Exhaustive, report.cases);
        }
    }
}
