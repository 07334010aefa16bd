//! The `arbitrary::Arbitrary` impl of an othello-game case (the fuzz
//! targets: an even side, then raw commands) and the `quickcheck::Arbitrary`
//! one (sequences steered by the engine, as the proptest strategy's).

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
        let rules = match u.int_in_range(0..=15u8)? {
            0 => Rules::AutoPass,
            1 => Rules::EitherPass,
            _ => Rules::Standard,
        };
        Ok(Case { n, rules, commands })
    }
}

#[cfg(feature = "quickcheck")]
impl quickcheck::Arbitrary for Case {
    fn arbitrary(g: &mut quickcheck::Gen) -> Case {
        use super::strategy::{Step, build};
        // Weighted to small boards and 8, as the proptest strategy.
        let n = *g
            .choose(&[4usize, 4, 6, 6, 8, 8, 10, 12, 14, 16])
            .unwrap_or(&8);
        let len = usize::arbitrary(g) % (n * n + 12);
        let steps: Vec<Step> = (0..len)
            .map(|_| match u8::arbitrary(g) % 16 {
                0 => Step::Undo,
                1 => Step::UndoPass,
                2 => Step::Pass,
                3 => Step::PassOutOfTurn,
                4 => Step::OutOfTurn(usize::arbitrary(g)),
                5 => Step::Anywhere(bool::arbitrary(g), u8::arbitrary(g), u8::arbitrary(g)),
                6..=8 => Step::Squeeze,
                _ => Step::Legal(usize::arbitrary(g)),
            })
            .collect();
        let mut case = build(n, &steps);
        match u8::arbitrary(g) % 16 {
            0 => case.rules = Rules::AutoPass,
            1 => case.rules = Rules::EitherPass,
            _ => {}
        }
        case
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Case>> {
        Box::new(super::shrink::simpler(self))
    }
}
