//! Cases: a proptest strategy (boards from 1 × 1 to 10^9 × 10^9, short
//! scripts, coordinates drawn relative to the board so they stay meaningful
//! while it shrinks), one-step simplifications, `quickcheck` and `arbitrary`
//! impls, exhaustive enumeration, and long games for the benchmarks.

use proptest::prelude::*;
use proptest::sample::Index;

use super::engine::Staircase;
use super::{Board, Case, Command, MAX_SIDE};

/// A coordinate relative to a side of length n.
#[derive(Clone, Copy, Debug)]
enum Pick {
    /// Anywhere in 0..n.
    In(Index),
    /// 0, 1, 2 or 3 (moves near the poisoned corner).
    Low(u8),
    /// n-2, n-1, n or n+1 (the last cells and just off the board).
    High(u8),
    /// -1, -2 (off the board, and where Python's negative indices bite).
    Neg(u8),
}

impl Pick {
    fn at(self, n: u64) -> i64 {
        let n = n as i64;
        match self {
            Pick::In(i) => i.index(n as usize) as i64,
            Pick::Low(k) => i64::from(k),
            Pick::High(k) => n - 2 + i64::from(k),
            Pick::Neg(k) => -1 - i64::from(k),
        }
    }
}

fn pick() -> impl Strategy<Value = Pick> {
    prop_oneof![
        6 => any::<Index>().prop_map(Pick::In),
        2 => (0u8..4).prop_map(Pick::Low),
        2 => (0u8..4).prop_map(Pick::High),
        1 => (0u8..2).prop_map(Pick::Neg),
    ]
}

/// A command before the board size is known: kind 0 move, 1 count, 2 legal, 3 display.
fn raw_command() -> impl Strategy<Value = (u8, Pick, Pick)> {
    (
        prop_oneof![5 => Just(0u8), 2 => Just(1u8), 2 => Just(2u8), 1 => Just(3u8)],
        pick(),
        pick(),
    )
}

fn command((kind, px, py): (u8, Pick, Pick), width: u64, height: u64) -> Command {
    match kind {
        0 => Command::Move(px.at(width), py.at(height)),
        1 => Command::Count,
        2 => Command::Legal(px.at(width), py.at(height)),
        _ => Command::Display,
    }
}

/// Board sizes up to `size` a side: mostly tiny and displayable ones, some
/// medium, wide, tall, and huge ones (up to 10^9 a side, so counts pass 2^32).
pub fn board(size: u64) -> BoxedStrategy<(u64, u64)> {
    let s = size.clamp(1, MAX_SIDE);
    let side = move |cap: u64| 1..=cap.min(s);
    prop_oneof![
        5 => (side(4), side(4)),
        4 => (side(10), side(10)),
        2 => (side(70), side(70)),
        1 => (side(s), side(6)),
        1 => (side(6), side(s)),
        3 => (side(s), side(s)),
    ]
    .boxed()
}

/// Random cases: boards of at most `size` a side (see [`board`]), scripts of
/// up to 8 commands (sometimes 40).
pub fn cases(size: usize) -> BoxedStrategy<Case> {
    let scripts = prop_oneof![
        4 => proptest::collection::vec(raw_command(), 0..=8),
        1 => proptest::collection::vec(raw_command(), 0..=40),
    ];
    (board(size as u64), scripts)
        .prop_map(|((width, height), raw)| Case {
            width,
            height,
            commands: raw.into_iter().map(|r| command(r, width, height)).collect(),
        })
        .boxed()
}

/// Cases one step simpler than `case`, biggest cuts first: half the script
/// dropped, one command dropped, a side shrunk (to 1, halved, minus one;
/// coordinates kept), a coordinate moved toward 0.
pub fn simpler(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    let n = case.commands.len();
    let with = |commands: Vec<Command>| Case {
        commands,
        ..case.clone()
    };
    if n >= 2 {
        out.push(with(case.commands[..n / 2].to_vec()));
        out.push(with(case.commands[n / 2..].to_vec()));
    }
    for i in 0..n {
        let mut c = case.commands.clone();
        c.remove(i);
        out.push(with(c));
    }
    let mut sides = |w: u64, h: u64| {
        if (w, h) != (case.width, case.height) && w >= 1 && h >= 1 {
            out.push(Case {
                width: w,
                height: h,
                commands: case.commands.clone(),
            });
        }
    };
    let (w, h) = (case.width, case.height);
    for (nw, nh) in [
        (1, h),
        (w, 1),
        (w / 2, h),
        (w, h / 2),
        (w - 1, h),
        (w, h - 1),
    ] {
        sides(nw, nh);
    }
    for i in 0..n {
        let (x, y, rebuild): (i64, i64, fn(i64, i64) -> Command) = match case.commands[i] {
            Command::Legal(x, y) => (x, y, Command::Legal),
            Command::Move(x, y) => (x, y, Command::Move),
            _ => continue,
        };
        let toward_zero = |v: i64| -> Vec<i64> {
            let mut vs = vec![0, v / 2, v - v.signum()];
            vs.retain(|&t| t != v);
            vs.dedup();
            vs
        };
        for nx in toward_zero(x) {
            let mut c = case.commands.clone();
            c[i] = rebuild(nx, y);
            out.push(with(c));
        }
        for ny in toward_zero(y) {
            let mut c = case.commands.clone();
            c[i] = rebuild(x, ny);
            out.push(with(c));
        }
    }
    out
}

/// Every nonincreasing sequence of `height` widths in 0..=`width`.
pub fn every_boundary(width: u64, height: u64) -> Vec<Vec<u64>> {
    fn go(cap: u64, left: u64, prefix: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if left == 0 {
            out.push(prefix.clone());
            return;
        }
        for w in 0..=cap {
            prefix.push(w);
            go(w, left - 1, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    go(width, height, &mut Vec::new(), &mut out);
    out
}

/// The legal moves, bottom row first, that carve `rows` out of the full
/// `width`-wide board: one at each row narrower than the one below it.
pub fn moves_to(width: u64, rows: &[u64]) -> Vec<Command> {
    let mut below = width;
    let mut moves = Vec::new();
    for (y, &r) in rows.iter().enumerate() {
        if r < below {
            moves.push(Command::Move(r as i64, y as i64));
            below = r;
        }
    }
    moves
}

/// Every board of at most `max_cells` cells, every position on it (reached
/// by the moves of [`moves_to`]), then every single command: `count`,
/// `display`, and `legal` and `move` at every (x, y) in -1..=W × -1..=H.
pub fn every_position_and_command(max_cells: usize) -> impl Iterator<Item = Case> + Send {
    let max = max_cells as u64;
    (1..=max)
        .flat_map(move |w| (1..=max / w).map(move |h| (w, h)))
        .flat_map(|(w, h)| {
            let mut probes = vec![Command::Count, Command::Display];
            for x in -1..=w as i64 {
                for y in -1..=h as i64 {
                    probes.push(Command::Legal(x, y));
                    probes.push(Command::Move(x, y));
                }
            }
            every_boundary(w, h).into_iter().flat_map(move |rows| {
                let prefix = moves_to(w, &rows);
                probes.clone().into_iter().map(move |probe| {
                    let mut commands = prefix.clone();
                    commands.push(probe);
                    Case {
                        width: w,
                        height: h,
                        commands,
                    }
                })
            })
        })
}

/// A deterministic xorshift generator (benchmarks and long games need no proptest).
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// A long random game on a `width` × `height` board: each move takes one of
/// the last few occupied cells of a random nonempty row, so the game is
/// long and the staircase gets many steps; a `legal` probe before every move
/// and a `count` every 8 moves. Stops after `max_moves` moves, or when
/// (0, 0) is taken (after at most W·H moves).
pub fn long_game(width: u64, height: u64, max_moves: u64, seed: u64) -> Case {
    let (width, height) = (width.clamp(1, MAX_SIDE), height.clamp(1, MAX_SIDE));
    let mut rng = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut board = Staircase::new(width, height);
    let mut commands = Vec::new();
    let limit = width.saturating_mul(height).min(max_moves);
    let mut top = height;
    for i in 0..limit {
        while top > 0 && board.row(top - 1) == 0 {
            top -= 1;
        }
        if top == 0 {
            break;
        }
        // Rows near the top are the narrow ones: favour a random row.
        let y = rng.below(top);
        let r = board.row(y);
        let x = r - 1 - rng.below(3).min(r - 1);
        // Keep the poisoned cell for last.
        let (x, y) = match (x, y) {
            (0, 0) if top > 1 => (0, 1),
            (0, 0) if r > 1 => (r - 1, 0),
            other => other,
        };
        commands.push(Command::Legal(x as i64, y as i64));
        commands.push(Command::Move(x as i64, y as i64));
        if board.row(y) > x {
            board.take(x, y);
        }
        if i % 8 == 7 {
            commands.push(Command::Count);
        }
    }
    commands.push(Command::Count);
    Case {
        width,
        height,
        commands,
    }
}

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
        Box::new(simpler(self).into_iter())
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
        let q = u.int_in_range(0..=32usize)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundaries_are_counted_by_binomials() {
        // C(W + H, H) positions in a W × H box.
        assert_eq!(every_boundary(2, 2).len(), 6);
        assert_eq!(every_boundary(3, 4).len(), 35);
    }

    #[test]
    fn moves_to_carve_the_position() {
        for rows in every_boundary(3, 3) {
            let mut board = Staircase::new(3, 3);
            for m in moves_to(3, &rows) {
                let Command::Move(x, y) = m else { panic!() };
                assert!(board.row(y as u64) > x as u64, "{rows:?}: illegal {m:?}");
                board.take(x as u64, y as u64);
            }
            let got: Vec<u64> = (0..3).map(|y| board.row(y)).collect();
            assert_eq!(got, rows);
        }
    }

    #[test]
    fn long_games_are_long_and_legal() {
        let case = long_game(20, 20, 1000, 7);
        let moves = case
            .commands
            .iter()
            .filter(|c| matches!(c, Command::Move(..)))
            .count();
        assert!(moves > 40, "{moves} moves");
    }
}
