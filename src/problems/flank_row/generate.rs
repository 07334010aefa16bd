//! Cases: proptest strategies (shrinking toward short rows and few
//! placements), `quickcheck` and `arbitrary` impls, exhaustive enumeration,
//! and the worst-case pattern used by the benchmarks.

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

/// Every row of 1 to `max_cells` cells with every single placement of both
/// players (occupied cells included): sum over n of 3^n · 2n cases.
pub fn every_single_placement(max_cells: usize) -> impl Iterator<Item = Case> + Send {
    (1..=max_cells).flat_map(|n| {
        (0..3u64.pow(n as u32)).flat_map(move |code| {
            let row = row_from_code(code, n);
            [Player::A, Player::B].into_iter().flat_map(move |player| {
                let row = row.clone();
                (0..n).map(move |index| Case {
                    row: row.clone(),
                    placements: vec![Placement { player, index }],
                })
            })
        })
    })
}

/// The `n`-cell row whose base-3 digits are `code` (0 = `.`, 1 = A, 2 = B).
fn row_from_code(mut code: u64, n: usize) -> Row {
    (0..n)
        .map(|_| {
            let c = code % 3;
            code /= 3;
            [Cell::Empty, Cell::Piece(Player::A), Cell::Piece(Player::B)][c as usize]
        })
        .collect()
}

/// The worst case for a cell-by-cell solver: one piece in the middle of `n`
/// empty cells, then pieces placed alternately left and right of a growing
/// run, so every second placement flips the whole run. `n` placements in all
/// (the last few, once the row is full, are illegal).
pub fn growing_run(n: usize) -> Case {
    let n = n.max(1);
    let centre = n / 2;
    let mut row = vec![Cell::Empty; n];
    row[centre] = Cell::Piece(Player::A);
    let mut placements = Vec::with_capacity(n);
    let mut radius = 1;
    while placements.len() < n {
        let player = if radius % 2 == 1 {
            Player::B
        } else {
            Player::A
        };
        for index in [centre.checked_sub(radius), Some(centre + radius)] {
            let index = index.filter(|&i| i < n).unwrap_or(centre);
            if placements.len() < n {
                placements.push(Placement { player, index });
            }
        }
        radius += 1;
    }
    Case { row, placements }
}

impl quickcheck::Arbitrary for Case {
    fn arbitrary(g: &mut quickcheck::Gen) -> Case {
        let max = g.size().max(1);
        let n = 1 + <usize as quickcheck::Arbitrary>::arbitrary(g) % max;
        let row = (0..n)
            .map(|_| {
                *g.choose(&[Cell::Empty, Cell::Piece(Player::A), Cell::Piece(Player::B)])
                    .unwrap()
            })
            .collect();
        let k = <usize as quickcheck::Arbitrary>::arbitrary(g) % (max + 1);
        let placements = (0..k)
            .map(|_| Placement {
                player: *g.choose(&[Player::A, Player::B]).unwrap(),
                index: <usize as quickcheck::Arbitrary>::arbitrary(g) % n,
            })
            .collect();
        Case { row, placements }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Case>> {
        Box::new(simpler(self).into_iter())
    }
}

/// Cases one step simpler than `case`: the first placement folded into the
/// row (as the oracle plays it), a placement dropped, a cell dropped (later
/// indices shift down), a cell emptied, a B turned into an A.
pub fn simpler(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    if let Some((&first, rest)) = case.placements.split_first() {
        let row = super::oracle::solve(&Case {
            row: case.row.clone(),
            placements: vec![first],
        });
        out.push(Case {
            row,
            placements: rest.to_vec(),
        });
    }
    for i in 0..case.placements.len() {
        let mut c = case.clone();
        c.placements.remove(i);
        out.push(c);
    }
    if case.row.len() > 1 {
        for i in 0..case.row.len() {
            let mut row = case.row.clone();
            row.remove(i);
            let placements = case
                .placements
                .iter()
                .filter(|p| p.index != i)
                .map(|p| Placement {
                    index: if p.index > i { p.index - 1 } else { p.index },
                    ..*p
                })
                .collect();
            out.push(Case { row, placements });
        }
    }
    for i in 0..case.row.len() {
        if case.row[i] != Cell::Empty {
            let mut c = case.clone();
            c.row[i] = Cell::Empty;
            out.push(c);
        }
    }
    for i in 0..case.placements.len() {
        if case.placements[i].player == Player::B {
            let mut c = case.clone();
            c.placements[i].player = Player::A;
            out.push(c);
        }
    }
    out
}

impl<'a> arbitrary::Arbitrary<'a> for Case {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Case> {
        let n = u.int_in_range(1..=64usize)?;
        let row = (0..n)
            .map(|_| {
                Ok(
                    [Cell::Empty, Cell::Piece(Player::A), Cell::Piece(Player::B)]
                        [u.int_in_range(0..=2usize)?],
                )
            })
            .collect::<arbitrary::Result<Row>>()?;
        let k = u.int_in_range(0..=32usize)?;
        let placements = (0..k)
            .map(|_| {
                Ok(Placement {
                    player: if u.arbitrary::<bool>()? {
                        Player::B
                    } else {
                        Player::A
                    },
                    index: u.int_in_range(0..=n - 1)?,
                })
            })
            .collect::<arbitrary::Result<_>>()?;
        Ok(Case { row, placements })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhaustive_count() {
        // sum over n = 1..=3 of 3^n * 2n = 6 + 36 + 162
        assert_eq!(every_single_placement(3).count(), 204);
    }

    #[test]
    fn growing_run_has_n_placements_inside_the_row() {
        for n in [1, 2, 3, 10, 101] {
            let case = growing_run(n);
            assert_eq!(case.placements.len(), n);
            assert!(case.placements.iter().all(|p| p.index < n));
        }
    }
}
