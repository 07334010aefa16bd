//! The `quickcheck::Arbitrary` and `arbitrary::Arbitrary` impls of a
//! go-capture board (quickcheck families and the fuzz targets).

use super::{Board, EMPTY, is_point};

#[cfg(feature = "quickcheck")]
impl quickcheck::Arbitrary for Board {
    fn arbitrary(g: &mut quickcheck::Gen) -> Board {
        let side = g.size().clamp(1, 8);
        let n = 1 + <usize as quickcheck::Arbitrary>::arbitrary(g) % side;
        let m = 1 + <usize as quickcheck::Arbitrary>::arbitrary(g) % side;
        let full = <u8 as quickcheck::Arbitrary>::arbitrary(g) % 4 == 0;
        let alphabet: &[u8] = match <u8 as quickcheck::Arbitrary>::arbitrary(g) % 3 {
            0 => b"XO",
            1 => b"#B",
            _ => b"XOZ",
        };
        let cells = (0..n * m)
            .map(|_| {
                if !full && <bool as quickcheck::Arbitrary>::arbitrary(g) {
                    EMPTY
                } else {
                    *g.choose(alphabet).expect("non-empty alphabet")
                }
            })
            .collect();
        Board {
            rows: n,
            cols: m,
            cells,
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Board>> {
        Box::new(super::shrink::simpler(self))
    }
}

impl<'a> arbitrary::Arbitrary<'a> for Board {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Board> {
        let n = u.int_in_range(1..=64usize)?;
        let m = u.int_in_range(1..=64usize)?;
        let cells = (0..n * m)
            .map(|_| {
                let b = u.int_in_range(0x21u8..=0x7e)?;
                // Mostly the usual alphabet, so groups form (`#` among them:
                // a stone like any other, which the seed's test takes for a
                // wall); any stone now and then.
                Ok(match b % 8 {
                    0..=2 => EMPTY,
                    3 => b'#',
                    4 => b'X',
                    5 | 6 => b'O',
                    _ => b,
                })
            })
            .collect::<arbitrary::Result<Vec<u8>>>()?;
        debug_assert!(cells.iter().all(|&b| is_point(b)));
        Ok(Board {
            rows: n,
            cols: m,
            cells,
        })
    }
}
