//! The `arbitrary::Arbitrary` impl of an othello-game case (the fuzz
//! targets): an even side, then commands, plays mostly near the centre so
//! that some of them are legal.

use super::{Case, Colour, Command, MAX_SIDE, MIN_SIDE, Rules};

impl<'a> arbitrary::Arbitrary<'a> for Case {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Case> {
        let n = 2 * u.int_in_range(MIN_SIDE / 2..=MAX_SIDE / 2)?;
        let mut commands = Vec::new();
        // Each command takes a few bytes; stop when they run out.
        while !u.is_empty() && commands.len() < 4 * n * n {
            let kind = u.int_in_range(0..=15u8)?;
            let colour = if u.arbitrary::<bool>()? {
                Colour::Black
            } else {
                Colour::White
            };
            commands.push(match kind {
                0 => Command::Undo,
                1 => Command::Play {
                    colour,
                    vertex: None,
                },
                _ => Command::Play {
                    colour,
                    vertex: Some((
                        u.int_in_range(0..=n as u8 - 1)?,
                        u.int_in_range(0..=n as u8 - 1)?,
                    )),
                },
            });
        }
        let rules = if u.ratio(1, 8)? {
            Rules::AutoPass
        } else {
            Rules::Standard
        };
        Ok(Case { n, rules, commands })
    }
}
