//! The `arbitrary::Arbitrary` impl of a go-game case (the fuzz targets):
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
        let rules = Rules {
            ko: Ko::ALL[u.int_in_range(0..=3)?],
            suicide: Suicide::ALL[u.int_in_range(0..=2)?],
        };
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
