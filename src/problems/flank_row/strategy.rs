//! Proptest strategies for flank-row cases, shrinking toward short rows
//! and few placements.

use proptest::prelude::*;
use proptest::sample::Index;

use super::{Case, Cell, Placement, Player, Row};

/// A player, shrinking toward A.
pub fn player() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::A), Just(Player::B)]
}

/// A cell, shrinking toward empty.
pub fn cell() -> impl Strategy<Value = Cell> {
    prop_oneof![
        Just(Cell::Empty),
        Just(Cell::Piece(Player::A)),
        Just(Cell::Piece(Player::B))
    ]
}

/// Rows of 1 to `max` cells.
pub fn row(max: usize) -> impl Strategy<Value = Row> {
    proptest::collection::vec(cell(), 1..=max.max(1))
}

/// Random cases: rows of at most `size` cells (mostly at most 8), and up to
/// `size` placements. Indices are drawn as [`Index`] so they stay valid, and
/// keep shrinking toward 0, while the row shrinks.
pub fn cases(size: usize) -> BoxedStrategy<Case> {
    let size = size.max(1);
    let rows = prop_oneof![4 => row(size.min(8)), 1 => row(size)];
    let placements = proptest::collection::vec((player(), any::<Index>()), 0..=size);
    (rows, placements)
        .prop_map(|(row, placements)| {
            let placements = placements
                .into_iter()
                .map(|(player, index)| Placement {
                    player,
                    index: index.index(row.len()),
                })
                .collect();
            Case { row, placements }
        })
        .boxed()
}

/// Cases of exactly one placement, for laws about a single step.
pub fn single_placements(size: usize) -> BoxedStrategy<Case> {
    (row(size), player(), any::<Index>())
        .prop_map(|(row, player, index)| Case {
            placements: vec![Placement {
                player,
                index: index.index(row.len()),
            }],
            row,
        })
        .boxed()
}
