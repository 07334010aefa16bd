//! The random phase: `config.cases` cases from the seed (this shard's),
//! run in batches `jobs` at a time; each failure shrunk from its value
//! tree.

use super::Context;
use super::cases::{Seeded, Tree};
use crate::generation::Generate;
use crate::harness::report::Report;
use crate::harness::verdict::Origin;
use crate::problem::case_text;

/// The input text random cases may add up to before they are run; past it
/// a chunk holds one case per job.
const HELD_TEXT: usize = 4 << 20;

impl<P: Generate> Context<'_, P> {
    /// The random cases; each failure shrunk.
    pub(super) fn random(&self, report: &mut Report) {
        let config = self.config;
        let mut stream = Seeded::<P>::new(
            self.domain.cases(self.extras),
            config.seed,
            config.cases,
            config.shard,
        )
        .starting_with(self.domain.first_cases(self.extras));
        let full = self.chunk(16);
        // The first chunks are small and double: a candidate that fails
        // early is judged after one case, not after a full chunk's runs.
        let mut chunk = 1;
        let mut done = 0u64;
        while !self.done() {
            // Big cases are held only a few at a time (one per job once
            // their text passes HELD_TEXT), so memory stays a small multiple
            // of one case however large `--size` is.
            let mut trees: Vec<Tree<P>> = Vec::with_capacity(chunk);
            // Screened cases are not rendered: a chunk is then one job's
            // (at most `full` cases, held as values only).
            let screening = self.screening();
            let mut held = 0usize;
            while trees.len() < chunk && (held < HELD_TEXT || trees.len() < self.jobs) {
                let Some(tree) = stream.next() else { break };
                if !screening {
                    held += case_text::<P>(&tree.current()).len();
                }
                trees.push(tree);
            }
            if trees.is_empty() {
                break;
            }
            chunk = (chunk * 2).min(full);
            let cases: Vec<P::Case> = trees.iter().map(|t| t.current()).collect();
            done += self.run_cases(
                &cases,
                Some(&mut trees),
                Origin::Generated,
                report.cases + done,
            );
            if let Some(progress) = &config.progress {
                progress(done, config.cases)
            }
        }
        report.cases += done;
    }
}
