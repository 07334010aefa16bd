//! The `quickcheck::Arbitrary` and `arbitrary::Arbitrary` impls of a chomp
//! case (quickcheck families and the fuzz targets).

use super::{Case, Command, MAX_SIDE};

#[cfg(feature = "quickcheck")]
impl quickcheck::Arbitrary for Case {
    fn arbitrary(g: &mut quickcheck::Gen) -> Case {
        let small = g.size().max(1) as u64;
        let side = |g: &mut quickcheck::Gen| -> u64 {
            let v = <u64 as quickcheck::Arbitrary>::arbitrary(g);
            if *g.choose(&[true, true, true, false]).unwrap() {
                1 + v % small.min(12)
            } else {
                1 + v % MAX_SIDE
            }
        };
        let (width, height) = (side(g), side(g));
        let q = <usize as quickcheck::Arbitrary>::arbitrary(g) % 16;
        let coord = |g: &mut quickcheck::Gen, n: u64| -> i64 {
            let v = <u64 as quickcheck::Arbitrary>::arbitrary(g);
            match v % 5 {
                0 => -((v / 5 % 3) as i64),
                1 => (n + v / 5 % 2) as i64 - 1,
                _ => (v / 5 % n) as i64,
            }
        };
        let commands = (0..q)
            .map(|_| match <u8 as quickcheck::Arbitrary>::arbitrary(g) % 10 {
                0..=4 => Command::Move(coord(g, width), coord(g, height)),
                5 | 6 => Command::Count,
                7 | 8 => Command::Legal(coord(g, width), coord(g, height)),
                _ => Command::Display,
            })
            .collect();
        Case {
            width,
            height,
            commands,
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Case>> {
        Box::new(super::shrink::simpler(self))
    }
}

impl<'a> arbitrary::Arbitrary<'a> for Case {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Case> {
        let side = |u: &mut arbitrary::Unstructured<'a>| -> arbitrary::Result<u64> {
            Ok(if u.ratio(1u8, 4)? {
                u.int_in_range(1..=MAX_SIDE)?
            } else {
                u.int_in_range(1..=12)?
            })
        };
        let (width, height) = (side(u)?, side(u)?);
        let q = u.int_in_range(0..=256usize)?;
        let coord = |u: &mut arbitrary::Unstructured<'a>, n: u64| -> arbitrary::Result<i64> {
            Ok(if u.ratio(1u8, 8)? {
                u.arbitrary::<i64>()?
            } else {
                u.int_in_range(-1..=n as i64)?
            })
        };
        let commands = (0..q)
            .map(|_| {
                Ok(match u.int_in_range(0..=9u8)? {
                    0..=4 => Command::Move(coord(u, width)?, coord(u, height)?),
                    5 | 6 => Command::Count,
                    7 | 8 => Command::Legal(coord(u, width)?, coord(u, height)?),
                    _ => Command::Display,
                })
            })
            .collect::<arbitrary::Result<_>>()?;
        Ok(Case {
            width,
            height,
            commands,
        })
    }
}
