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
    /// The strategies of the first cases, one each, before `strategy`.
    first: Vec<BoxedStrategy<P::Case>>,
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
            first: Vec::new(),
            shard: shard.unwrap_or(Shard::WHOLE),
            generated: 0,
            count,
        }
    }

    /// The stream with its first cases drawn from `first`, one each
    /// ([`crate::generation::Domain::first_cases`]).
    pub fn starting_with(self, first: Vec<BoxedStrategy<P::Case>>) -> Self {
        Seeded { first, ..self }
    }
}

impl<P: Generate> Iterator for Seeded<P> {
    type Item = Tree<P>;

    fn next(&mut self) -> Option<Tree<P>> {
        while self.generated < self.count {
            let strategy = usize::try_from(self.generated)
                .ok()
                .and_then(|k| self.first.get(k))
                .unwrap_or(&self.strategy);
            let tree = strategy
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

#[cfg(test)]
mod tests {
    use super::Seeded;
    use crate::generation::{Domain, Generate};
    use crate::problems::othello_game::OthelloGame;

    #[test]
    fn a_stream_draws_its_first_cases_from_the_first_strategies() {
        let extras = OthelloGame::extras();
        let domain = Domain::default();
        let sides = |seed, first| {
            let stream = Seeded::<OthelloGame>::new(domain.cases(&extras), seed, 50, None);
            let stream = if first {
                stream.starting_with(domain.first_cases(&extras))
            } else {
                stream
            };
            stream
                .map(|tree| OthelloGame::size(&tree.current()))
                .collect::<Vec<_>>()
        };
        let mut larger_without = 0;
        for seed in 0..20 {
            let (with, without) = (sides(seed, true), sides(seed, false));
            assert!(with[0] <= 4, "seed {seed}: {with:?}");
            assert!(
                with.contains(&8),
                "seed {seed}: the rest at the check's size"
            );
            assert_eq!(with.len(), without.len());
            larger_without += usize::from(without[0] > 4);
        }
        assert!(larger_without > 5, "{larger_without} of 20 seeds");
    }
}
