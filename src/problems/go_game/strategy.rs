//! Proptest strategies for go-game: command sequences on boards weighted
//! to small sides. Families: noise (plays anywhere, passes, undos), local
//! fights (plays inside a 2×2 to 4×4 window: captures, snapbacks,
//! multi-stone suicides), ko fights (a ko set up at a random place and
//! orientation, then captures, retakes, passes, tenukis and undos), and long
//! games played on the engine (mostly legal plays). Every rule set is drawn.

use proptest::prelude::*;
use proptest::sample::Index;

use super::patterns::{KO_BLACK, KO_WHITE, ko_setup, random_game};
use super::{BLACK, Case, Command, Ko, MAX_N, Rules, Suicide};
use crate::generation::one_of;

/// The board sides a family draws: up to `max`, or exactly `max`.
#[derive(Clone, Copy)]
struct Sides {
    max: usize,
    exact: bool,
}

/// A side, mostly at most 5 (or exactly the shape's); from `min` where
/// the family needs room (never above `max`).
fn side(sides: Sides, min: usize) -> BoxedStrategy<usize> {
    let max = sides.max;
    if sides.exact {
        return Just(max).boxed();
    }
    let min = min.min(max);
    one_of(vec![
        (6, (min..=max.min(5).max(min)).boxed()),
        (2, (min..=max.min(9).max(min)).boxed()),
        (1, (min..=max).boxed()),
    ])
    .boxed()
}

/// Rules, shrinking toward no ko and no suicide.
pub fn rules() -> impl Strategy<Value = Rules> {
    (0..4usize, 0..3usize).prop_map(|(k, s)| Rules::new(Ko::ALL[k], Suicide::ALL[s]))
}

/// [`cases`] under situational superko with one or both of GNU Go's
/// conventions (`simple-ko-too`, `next-mover`): what `--rules
/// ko=situational,conventions=gnugo` and its parts check. The default
/// generator keeps to §7, whose header has no convention words.
pub fn gnugo_cases(size: usize) -> BoxedStrategy<Case> {
    (cases(size), 1..4u8)
        .prop_map(|(mut case, c)| {
            case.rules.ko = Ko::Situational;
            case.rules.conventions.simple_ko_too = c & 1 != 0;
            case.rules.conventions.next_mover = c & 2 != 0;
            case
        })
        .boxed()
}

/// One raw command: a roll (undo, pass or play), a colour flip, a point.
type Raw = (u8, bool, Index);

fn raw() -> impl Strategy<Value = Raw> {
    (0..100u8, any::<bool>(), any::<Index>())
}

/// Commands from raw draws: `undo` below 8, a pass below 16, else a play
/// at `point(index)`; colours alternate over the plays unless flipped
/// (about 1 in 7).
fn commands(raws: &[Raw], point: impl Fn(&Index) -> (usize, usize)) -> Vec<Command> {
    let mut colour = BLACK;
    raws.iter()
        .map(|(roll, flip, index)| {
            if *roll < 8 {
                return Command::Undo;
            }
            if *flip && roll % 7 == 0 {
                colour = 3 - colour;
            }
            let vertex = (*roll >= 16).then(|| point(index));
            let command = Command::Play { colour, vertex };
            colour = 3 - colour;
            command
        })
        .collect()
}

fn noise(sides: Sides) -> BoxedStrategy<Case> {
    (
        side(sides, 1),
        rules(),
        proptest::collection::vec(raw(), 0..40),
    )
        .prop_map(|(n, rules, raws)| Case {
            n,
            rules,
            commands: commands(&raws, |i| {
                let p = i.index(n * n);
                (p % n, p / n)
            }),
        })
        .boxed()
}

fn local(sides: Sides) -> BoxedStrategy<Case> {
    (
        side(sides, 1),
        rules(),
        2..=4usize,
        any::<Index>(),
        any::<Index>(),
        proptest::collection::vec(raw(), 0..60),
    )
        .prop_map(|(n, rules, w, x0, y0, raws)| {
            let w = w.min(n);
            let (c0, r0) = (x0.index(n - w + 1), y0.index(n - w + 1));
            Case {
                n,
                rules,
                commands: commands(&raws, |i| {
                    let p = i.index(w * w);
                    (c0 + p % w, r0 + p / w)
                }),
            }
        })
        .boxed()
}

/// Symmetry `t` (0..8) of a 4×4 box: bit 2 transposes, bit 0 flips rows,
/// bit 1 flips columns.
fn in_box(t: usize, (c, r): (usize, usize)) -> (usize, usize) {
    let (mut c, mut r) = if t & 4 != 0 { (r, c) } else { (c, r) };
    if t & 1 != 0 {
        r = 3 - r;
    }
    if t & 2 != 0 {
        c = 3 - c;
    }
    (c, r)
}

fn ko(sides: Sides) -> BoxedStrategy<Case> {
    if sides.max < 4 {
        return local(sides);
    }
    (
        side(sides, 4),
        rules(),
        0..8usize,
        any::<Index>(),
        any::<Index>(),
        proptest::collection::vec((0..100u8, any::<bool>(), any::<Index>()), 0..30),
    )
        .prop_map(|(n, rules, t, x0, y0, tail)| {
            let (c0, r0) = (x0.index(n - 3), y0.index(n - 3));
            let at = move |p: (usize, usize)| {
                let (c, r) = in_box(t, p);
                (c0 + c, r0 + r)
            };
            let mut commands = ko_setup(at);
            // The colours alternate from Black (whose capture comes next),
            // one colour playing twice about 1 in 10 commands.
            let mut next = BLACK;
            for (roll, twice, index) in tail {
                if twice && roll % 5 == 0 {
                    next = 3 - next;
                }
                // After an undo the colour that played last is to play again.
                let colour = next;
                next = 3 - next;
                commands.push(match roll {
                    0..=44 => Command::Play {
                        colour,
                        vertex: Some(at(if colour == BLACK { KO_BLACK } else { KO_WHITE })),
                    },
                    45..=59 => Command::Play {
                        colour,
                        vertex: None,
                    },
                    60..=71 => Command::Undo,
                    72..=79 => Command::Play {
                        colour,
                        vertex: Some(at(if colour == BLACK { KO_WHITE } else { KO_BLACK })),
                    },
                    _ => {
                        let p = index.index(n * n);
                        Command::Play {
                            colour,
                            vertex: Some((p % n, p / n)),
                        }
                    }
                });
            }
            Case { n, rules, commands }
        })
        .boxed()
}

fn long(sides: Sides) -> BoxedStrategy<Case> {
    (side(sides, 1), rules(), 0..=300usize, any::<u64>())
        .prop_map(|(n, rules, len, seed)| Case {
            n,
            rules,
            commands: random_game(n, rules, len.min(4 * n * n + 8), seed),
        })
        .boxed()
}

/// Random cases on boards of side at most `size` (mostly at most 5).
pub fn cases(size: usize) -> BoxedStrategy<Case> {
    families(Sides {
        max: size.clamp(1, MAX_N),
        exact: false,
    })
}

/// Random cases on `n`×`n` boards only (`--shape`).
pub fn shaped(n: usize) -> BoxedStrategy<Case> {
    families(Sides {
        max: n.clamp(1, MAX_N),
        exact: true,
    })
}

fn families(sides: Sides) -> BoxedStrategy<Case> {
    one_of(vec![
        (3, noise(sides)),
        (4, local(sides)),
        (4, ko(sides)),
        (2, long(sides)),
    ])
    .boxed()
}
