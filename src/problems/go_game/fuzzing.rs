//! The `arbitrary::Arbitrary` and `quickcheck::Arbitrary` impls of a go-game case (fuzz targets, quickcheck):
//! valid by construction (a side 1..=25, vertices on the board).

use super::{BLACK, Case, Command, Ko, MAX_COMMANDS, MAX_N, Rules, Suicide, WHITE};

impl<'a> arbitrary::Arbitrary<'a> for Case {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Case> {
        // Small boards are where rules bite: a side above 9 only 1 in 8.
        let n = if u.ratio(1, 8)? {
            u.int_in_range(1..=MAX_N)?
        } else {
            u.int_in_range(1..=9)?
        };
        let mut rules = Rules::new(
            Ko::ALL[u.int_in_range(0..=3)?],
            Suicide::ALL[u.int_in_range(0..=2)?],
        );
        if rules.ko == Ko::Situational {
            rules.conventions.simple_ko_too = u.arbitrary()?;
            rules.conventions.next_mover = u.arbitrary()?;
        }
        let mut commands = Vec::new();
        while !u.is_empty() && commands.len() < MAX_COMMANDS {
            let roll = u.int_in_range(0..=15u8)?;
            let colour = if roll & 1 == 0 { BLACK } else { WHITE };
            commands.push(match roll >> 1 {
                0 => Command::Undo,
                1 => Command::Play {
                    colour,
                    vertex: None,
                },
                _ => {
                    let p = u.int_in_range(0..=n * n - 1)?;
                    Command::Play {
                        colour,
                        vertex: Some((p % n, p / n)),
                    }
                }
            });
        }
        Ok(Case { n, rules, commands })
    }
}

/// quickcheck's cases come from the same construction, fed quickcheck's
/// random bytes (its size bounds the game's length).
#[cfg(feature = "quickcheck")]
impl quickcheck::Arbitrary for Case {
    fn arbitrary(g: &mut quickcheck::Gen) -> Case {
        let len = 2 + 4 * g.size().clamp(1, 64);
        let bytes: Vec<u8> = (0..len)
            .map(|_| <u8 as quickcheck::Arbitrary>::arbitrary(g))
            .collect();
        let mut u = arbitrary::Unstructured::new(&bytes);
        <Case as arbitrary::Arbitrary>::arbitrary(&mut u).unwrap_or(Case {
            n: 1,
            rules: Rules::new(Ko::Simple, Suicide::Forbidden),
            commands: Vec::new(),
        })
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Case>> {
        Box::new(super::shrink::simpler(self))
    }
}
