//! The one stream of cases every phase and tool draws from: random cases
//! from a seed, or every case of an enumeration, and of either only this
//! shard's (`--shard I/N`). Every shard walks the same stream and takes
//! the cases at its positions, so the shards of one seed together run
//! every case once.

use proptest::strategy::{BoxedStrategy, Strategy, ValueTree};
use proptest::test_runner::TestRunner;

use crate::generation::{Extras, Generate};
use crate::harness::judging::{Shard, seeded_runner};

/// A random case with its shrinking state.
pub type Tree<P> = Box<dyn ValueTree<Value = <P as crate::problem::Problem>::Case>>;

/// This shard's cases among the first `count` random cases of a strategy
/// (the domain's, [`crate::generation::Domain::cases`]) from `seed`, in
/// order, as value trees (which shrink).
pub struct Seeded<P: Generate> {
    runner: TestRunner,
    strategy: BoxedStrategy<P::Case>,
    shard: Shard,
    generated: u64,
    count: u64,
}

impl<P: Generate> Seeded<P> {
    /// The stream of `count` cases of `strategy` from `seed`, this `shard`'s.
    pub fn new(
        strategy: BoxedStrategy<P::Case>,
        seed: u64,
        count: u64,
        shard: Option<Shard>,
    ) -> Self {
        Seeded {
            runner: seeded_runner(seed),
            strategy,
            shard: shard.unwrap_or(Shard::WHOLE),
            generated: 0,
            count,
        }
    }
}

impl<P: Generate> Iterator for Seeded<P> {
    type Item = Tree<P>;

    fn next(&mut self) -> Option<Tree<P>> {
        while self.generated < self.count {
            let tree = self
                .strategy
                .new_tree(&mut self.runner)
                .expect("strategies here never reject");
            let k = self.generated;
            self.generated += 1;
            // Every case is generated (the RNG stream is the same for all
            // shards); only this shard's are given out.
            if self.shard.takes(k) {
                return Some(Box::new(tree));
            }
        }
        None
    }
}

/// This shard's cases of `P`'s enumeration (in `extras`) up to `max_cells`
/// cells among those `keep` keeps, in order; none if `P` has no
/// enumeration.
pub fn enumerated<'a, P: Generate>(
    extras: &Extras<P>,
    max_cells: usize,
    shard: Option<Shard>,
    keep: impl Fn(&P::Case) -> bool + 'a,
) -> Option<impl Iterator<Item = P::Case> + 'a> {
    let enumerate = extras.enumerate.as_ref()?.every;
    let shard = shard.unwrap_or(Shard::WHOLE);
    Some(
        enumerate(max_cells)
            .filter(move |case| keep(case))
            .enumerate()
            .filter(move |(k, _)| shard.takes(*k as u64))
            .map(|(_, case)| case),
    )
}
