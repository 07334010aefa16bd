//! The `quickcheck::Arbitrary` and `arbitrary::Arbitrary` impls of a
//! flank-row case (quickcheck families and the fuzz targets).

use super::{Case, Cell, Placement, Player, Row};

#[cfg(feature = "quickcheck")]
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
        Box::new(super::shrink::simpler(self))
    }
}

impl<'a> arbitrary::Arbitrary<'a> for Case {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Case> {
        let n = u.int_in_range(1..=4096usize)?;
        let row = (0..n)
            .map(|_| {
                Ok(
                    [Cell::Empty, Cell::Piece(Player::A), Cell::Piece(Player::B)]
                        [u.int_in_range(0..=2usize)?],
                )
            })
            .collect::<arbitrary::Result<Row>>()?;
        let k = u.int_in_range(0..=512usize)?;
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
