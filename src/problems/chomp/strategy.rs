//! Proptest strategies for chomp: boards from 1 × 1 to 10^9 × 10^9, short
//! scripts, coordinates drawn relative to the board so they stay meaningful
//! while it shrinks.

use proptest::prelude::*;
use proptest::sample::Index;

use crate::generation::{one_of, weighted};

use super::{Case, Command, MAX_SIDE};

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

/// Which [`Pick`], then where: a choice and a number, not a union of four
/// strategies (two picks a command; a union's tree costs allocations).
fn pick() -> impl Strategy<Value = Pick> {
    #[derive(Clone, Copy, Debug)]
    enum Kind {
        In,
        Low,
        High,
        Neg,
    }
    let kind = weighted(&[
        (6, Kind::In),
        (2, Kind::Low),
        (2, Kind::High),
        (1, Kind::Neg),
    ]);
    (kind, any::<Index>()).prop_map(|(kind, i)| match kind {
        Kind::In => Pick::In(i),
        Kind::Low => Pick::Low(i.index(4) as u8),
        Kind::High => Pick::High(i.index(4) as u8),
        Kind::Neg => Pick::Neg(i.index(2) as u8),
    })
}

/// A command before the board size is known: kind 0 move, 1 count, 2 legal, 3 display.
fn raw_command() -> impl Strategy<Value = (u8, Pick, Pick)> {
    (
        weighted(&[(5, 0u8), (2, 1u8), (2, 2u8), (1, 3u8)]),
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
    one_of(vec![
        (5, (side(4), side(4)).boxed()),
        (4, (side(10), side(10)).boxed()),
        (2, (side(70), side(70)).boxed()),
        (1, (side(s), side(6)).boxed()),
        (1, (side(6), side(s)).boxed()),
        (3, (side(s), side(s)).boxed()),
    ])
    .boxed()
}

/// Random cases: boards of at most `size` a side (see [`board`]), scripts of
/// up to 8 commands (sometimes 40).
pub fn cases(size: usize) -> BoxedStrategy<Case> {
    on_boards(board(size as u64))
}

/// Random cases on a `width` × `height` board only (`--shape`).
pub fn shaped(width: u64, height: u64) -> BoxedStrategy<Case> {
    on_boards(Just((width, height)).boxed())
}

/// Scripts of up to 8 commands (sometimes 40) on the drawn boards.
fn on_boards(boards: BoxedStrategy<(u64, u64)>) -> BoxedStrategy<Case> {
    let scripts = one_of(vec![
        (4, proptest::collection::vec(raw_command(), 0..=8).boxed()),
        (1, proptest::collection::vec(raw_command(), 0..=40).boxed()),
    ]);
    (boards, scripts)
        .prop_map(|((width, height), raw)| Case {
            width,
            height,
            commands: raw.into_iter().map(|r| command(r, width, height)).collect(),
        })
        .boxed()
}
