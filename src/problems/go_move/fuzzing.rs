//! The `quickcheck::Arbitrary` and `arbitrary::Arbitrary` impls of a go-move
//! case (quickcheck families and the fuzz targets).

use super::rules::{legalize, pick_move};
use super::{BLACK, Case, Position, WHITE};

#[cfg(feature = "quickcheck")]
impl quickcheck::Arbitrary for Case {
    fn arbitrary(g: &mut quickcheck::Gen) -> Case {
        let max = g.size().clamp(1, 7);
        let n = 1 + <usize as quickcheck::Arbitrary>::arbitrary(g) % max;
        let mut position = Position::empty(n);
        for cell in position.cells.iter_mut() {
            *cell = *g
                .choose(&[super::EMPTY, super::EMPTY, BLACK, WHITE])
                .expect("non-empty");
        }
        legalize(&mut position);
        let colour = *g.choose(&[BLACK, WHITE]).expect("non-empty");
        let on_empty = <u8 as quickcheck::Arbitrary>::arbitrary(g) % 8 != 0;
        let pick = <usize as quickcheck::Arbitrary>::arbitrary(g);
        let mv = pick_move(&position, on_empty, |k| pick % k, colour);
        Case { position, mv }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Case>> {
        Box::new(super::shrink::simpler(self))
    }
}

impl<'a> arbitrary::Arbitrary<'a> for Case {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Case> {
        let n = u.int_in_range(1..=super::limits::MAX_SIDE)?;
        let mut position = Position::empty(n);
        for cell in position.cells.iter_mut() {
            *cell = u.int_in_range(0..=2u8)?;
        }
        legalize(&mut position);
        let colour = if u.arbitrary::<bool>()? { WHITE } else { BLACK };
        let on_empty = u.arbitrary::<bool>()?;
        let pick = u.arbitrary::<usize>()?;
        let mv = pick_move(&position, on_empty, |k| pick % k, colour);
        Ok(Case { position, mv })
    }
}
