//! The `quickcheck::Arbitrary` and `arbitrary::Arbitrary` impls of a
//! chomp-solve position (quickcheck families and the fuzz targets).

use super::Case;

#[cfg(feature = "quickcheck")]
impl quickcheck::Arbitrary for Case {
    fn arbitrary(g: &mut quickcheck::Gen) -> Case {
        let s = g.size().clamp(1, 8) as u64;
        let r0 = 1 + <u64 as quickcheck::Arbitrary>::arbitrary(g) % s;
        let h = <usize as quickcheck::Arbitrary>::arbitrary(g) % s as usize;
        let mut rows = vec![r0];
        for _ in 0..h {
            let below = *rows.last().unwrap_or(&0);
            rows.push(<u64 as quickcheck::Arbitrary>::arbitrary(g) % (below + 1));
        }
        Case { rows }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Case>> {
        Box::new(super::shrink::simpler(self))
    }
}

impl<'a> arbitrary::Arbitrary<'a> for Case {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Case> {
        let r0 = u.int_in_range(1..=9u64)?;
        let h = u.int_in_range(0..=8usize)?;
        let mut rows = vec![r0];
        for _ in 0..h {
            let below = *rows.last().unwrap_or(&0);
            rows.push(u.int_in_range(0..=below)?);
        }
        Ok(Case { rows })
    }
}
