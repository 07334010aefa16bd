//! Named go-game cases (`long-game`, `ko-fight`) for `gen --pattern` and
//! the benchmarks, and the random games the generators draw from.

use super::engine::Game;
use super::{BLACK, Case, Command, Ko, MAX_N, Rules, Suicide, WHITE};
use crate::generation::Pattern;

/// A small deterministic generator (SplitMix64).
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A number below `k` (0 when `k` is 0).
    pub fn below(&mut self, k: usize) -> usize {
        if k == 0 {
            0
        } else {
            (self.next_u64() % k as u64) as usize
        }
    }
}

/// `len` commands of a random game on an n×n board under `rules`, played
/// on the engine so that most plays are legal: the colours alternate
/// (sometimes one colour twice), each play is drawn among the empty points
/// (a few tries, else a pass), about 1 in 20 commands is an `undo` and 1 in
/// 25 a play on an occupied point.
pub fn random_game(n: usize, rules: Rules, len: usize, seed: u64) -> Vec<Command> {
    let n = n.clamp(1, MAX_N);
    let mut rng = Rng::new(seed);
    let mut game = Game::new(n, rules);
    let mut colour = BLACK;
    let mut out = Vec::with_capacity(len);
    while out.len() < len {
        let roll = rng.below(100);
        if roll < 5 {
            game.undo();
            out.push(Command::Undo);
            continue;
        }
        if roll < 9 {
            let p = rng.below(n * n);
            out.push(Command::Play {
                colour,
                vertex: Some((p % n, p / n)),
            });
            continue;
        }
        let mut played = None;
        for _ in 0..8 {
            let p = rng.below(n * n);
            if game.board()[p] == super::EMPTY && game.play(colour, p) {
                played = Some((p % n, p / n));
                break;
            }
        }
        if played.is_none() {
            game.pass(colour);
        }
        out.push(Command::Play {
            colour,
            vertex: played,
        });
        if rng.below(12) != 0 {
            colour = 3 - colour;
        }
    }
    out
}

/// The points of a ko on a 4 × 3 box, as (col, row): the setting-up plays
/// (black, white alternately, then a black pass and white's stone in the
/// ko), and the two ko points (black's capture, white's retake).
pub const KO_SETUP: [(usize, usize); 7] = [(1, 0), (2, 0), (0, 1), (3, 1), (1, 2), (2, 2), (1, 1)];
/// Black's capture in the ko of [`KO_SETUP`].
pub const KO_BLACK: (usize, usize) = (2, 1);
/// White's retake in the ko of [`KO_SETUP`].
pub const KO_WHITE: (usize, usize) = (1, 1);

/// The plays that set up the ko of [`KO_SETUP`], each point through `at`.
pub fn ko_setup(at: impl Fn((usize, usize)) -> (usize, usize)) -> Vec<Command> {
    let mut out = Vec::new();
    for (i, &p) in KO_SETUP.iter().enumerate() {
        if i == 6 {
            out.push(Command::Play {
                colour: BLACK,
                vertex: None,
            });
        }
        out.push(Command::Play {
            colour: if i % 2 == 0 && i != 6 { BLACK } else { WHITE },
            vertex: Some(at(p)),
        });
    }
    out
}

/// A long random game on a `size`×`size` board (3·n² commands) under
/// positional superko with every suicide allowed.
pub fn long_game(size: usize) -> Case {
    let n = size.clamp(1, MAX_N);
    let rules = Rules::new(Ko::Positional, Suicide::All);
    Case {
        n,
        rules,
        commands: random_game(n, rules, 3 * n * n, n as u64),
    }
}

/// A ko fought `size` times over under simple ko: each capture, a pass
/// (which lifts the ban), the retake, a pass, and so on.
pub fn ko_fight(size: usize) -> Case {
    let n = size.clamp(4, MAX_N);
    let mut commands = ko_setup(|p| p);
    for _ in 0..size.max(1) {
        for (colour, vertex) in [
            (BLACK, Some(KO_BLACK)),
            (WHITE, None),
            (BLACK, None),
            (WHITE, Some(KO_WHITE)),
            (BLACK, None),
            (WHITE, None),
        ] {
            commands.push(Command::Play { colour, vertex });
        }
    }
    Case {
        n,
        rules: Rules::new(Ko::Simple, Suicide::Forbidden),
        commands,
    }
}

/// Every pattern of go-game.
pub fn all() -> Vec<Pattern<super::GoGame>> {
    vec![
        Pattern {
            name: "long-game",
            about: "a random game of 3n^2 commands, mostly legal plays, under positional superko",
            build: long_game,
        },
        Pattern {
            name: "ko-fight",
            about: "one ko taken back and forth, passes between, on a board of at least 4x4",
            build: ko_fight,
        },
    ]
}
