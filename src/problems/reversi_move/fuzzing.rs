//! The `quickcheck::Arbitrary` and `arbitrary::Arbitrary` impls of a
//! reversi-move case (quickcheck families and the fuzz targets).

use super::{Board, Case};

/// A quickcheck value of type `T`.
#[cfg(feature = "quickcheck")]
fn qc<T: quickcheck::Arbitrary>(g: &mut quickcheck::Gen) -> T {
    T::arbitrary(g)
}

#[cfg(feature = "quickcheck")]
impl quickcheck::Arbitrary for Case {
    fn arbitrary(g: &mut quickcheck::Gen) -> Case {
        let max = g.size().clamp(1, super::MAX_SIDE);
        let rows = 1 + qc::<usize>(g) % max;
        let cols = 1 + qc::<usize>(g) % max;
        let fill = qc::<u8>(g) % 5;
        let cells = (0..rows * cols)
            .map(|_| {
                if qc::<u8>(g) % 4 >= fill {
                    0
                } else {
                    1 + qc::<u8>(g) % 2
                }
            })
            .collect();
        Case {
            board: Board { rows, cols, cells },
            row: qc::<usize>(g) % rows,
            col: qc::<usize>(g) % cols,
            player: 1 + qc::<u8>(g) % 2,
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Case>> {
        Box::new(super::shrink::simpler(self))
    }
}

impl<'a> arbitrary::Arbitrary<'a> for Case {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Case> {
        // Mostly boards of at most 8 x 8, which run fast; now and then up
        // to the contract's 100 x 100, for the long rays.
        let most = if u.ratio(3, 4)? {
            8
        } else {
            super::limits::MAX_SIDE
        };
        let rows = u.int_in_range(1..=most)?;
        let cols = u.int_in_range(1..=most)?;
        let cells = (0..rows * cols)
            .map(|_| u.int_in_range(0..=2u8))
            .collect::<arbitrary::Result<Vec<u8>>>()?;
        Ok(Case {
            board: Board { rows, cols, cells },
            row: u.int_in_range(0..=rows - 1)?,
            col: u.int_in_range(0..=cols - 1)?,
            player: u.int_in_range(1..=2u8)?,
        })
    }
}
