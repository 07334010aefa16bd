//! Proptest strategies for go-move: noise mixed with structure (dense
//! boards, checkerboards, snakes, eyes, groups in atari, positions from
//! random games), all made legal by [`legalize`]; moves mostly on empty
//! points, one in six on a stone.

use proptest::prelude::*;
use proptest::sample::Index;

use crate::generation::{one_of, weighted};

use super::patterns::from_playout;
use super::rules::{group_and_liberties, legalize, move_at, neighbours, pick_move};
use super::{BLACK, Case, EMPTY, MAX_N, Move, Position, WHITE, opponent};

/// The move at point `target` if it is empty, else one picked like [`pick_move`].
fn target_or_pick(
    pos: &Position,
    target: usize,
    pick: impl Fn(usize) -> usize,
    colour: u8,
) -> Move {
    if pos.cells[target] == EMPTY {
        move_at(target, pos.n, colour)
    } else {
        pick_move(pos, true, pick, colour)
    }
}

/// A colour, shrinking toward black.
fn colour() -> impl Strategy<Value = u8> {
    weighted(&[(1, BLACK), (1, WHITE)])
}

/// A point, shrinking toward empty; `empty : black : white` weights.
fn point(weights: (u32, u32, u32)) -> impl Strategy<Value = u8> {
    weighted(&[(weights.0, EMPTY), (weights.1, BLACK), (weights.2, WHITE)])
}

/// The board sides a family draws: up to `max`, or exactly `max`
/// (`--shape`).
#[derive(Clone, Copy)]
struct Sides {
    max: usize,
    exact: bool,
}

/// A side length, mostly at most 4 (or exactly the shape's).
fn side(sides: Sides) -> BoxedStrategy<usize> {
    let size = sides.max;
    if sides.exact {
        return Just(size).boxed();
    }
    one_of(vec![
        (3, (1..=size.min(4)).boxed()),
        (1, (1..=size).boxed()),
    ])
    .boxed()
}

/// The top-left n×n corner of a `size`×`size` grid (so shrinking the side
/// keeps the rest of the board as it was).
fn corner(grid: &[u8], size: usize, n: usize) -> Position {
    let mut pos = Position::empty(n);
    for r in 0..n {
        for c in 0..n {
            pos.cells[r * n + c] = grid[r * size + c];
        }
    }
    pos
}

/// Noise with the given weights, legalized; the move mostly on an empty point.
fn noise(sides: Sides, weights: (u32, u32, u32)) -> BoxedStrategy<Case> {
    let size = sides.max;
    (
        side(sides),
        proptest::collection::vec(point(weights), size * size),
        weighted(&[(9, true), (1, false)]),
        any::<Index>(),
        colour(),
    )
        .prop_map(move |(n, grid, on_empty, pick, colour)| {
            let mut position = corner(&grid, size, n);
            legalize(&mut position);
            let mv = pick_move(&position, on_empty, |k| pick.index(k), colour);
            Case { position, mv }
        })
        .boxed()
}

/// `position` with the points `holes` emptied, made legal, and a move of
/// `colour` on an empty point picked by `pick`.
fn holed(mut position: Position, holes: &[Index], pick: Index, colour: u8) -> Case {
    let n = position.n;
    for h in holes {
        position.cells[h.index(n * n)] = EMPTY;
    }
    legalize(&mut position);
    let mv = pick_move(&position, true, |k| pick.index(k), colour);
    Case { position, mv }
}

/// Checkerboards with a few holes (most stones in atari or captured-ish).
fn checkerboard(sides: Sides) -> BoxedStrategy<Case> {
    let size = sides.max;
    (
        side(sides),
        any::<bool>(),
        proptest::collection::vec(any::<Index>(), 0..=size),
        any::<Index>(),
        colour(),
    )
        .prop_map(|(n, parity, holes, pick, colour)| {
            let mut position = Position::empty(n);
            for r in 0..n {
                for c in 0..n {
                    let odd = (r + c + usize::from(parity)) % 2 == 1;
                    position.set(r, c, if odd { WHITE } else { BLACK });
                }
            }
            holed(position, &holes, pick, colour)
        })
        .boxed()
}

/// One long snake of one colour winding through the board, the rest the
/// other colour or empty: big groups with few liberties.
fn snake(sides: Sides) -> BoxedStrategy<Case> {
    let size = sides.max;
    (
        side(sides),
        colour(),
        proptest::collection::vec(point((2, 0, 3)), size * size),
        proptest::collection::vec(any::<Index>(), 0..=3),
        any::<Index>(),
        colour(),
    )
        .prop_map(move |(n, me, grid, holes, pick, colour)| {
            let mut position = corner(&grid, size, n);
            for r in 0..n {
                for c in 0..n {
                    let body = match r % 4 {
                        0 | 2 => true,
                        1 => c + 1 == n,
                        _ => c == 0,
                    };
                    let v = position.at(r, c);
                    position.set(
                        r,
                        c,
                        if body {
                            me
                        } else if v == EMPTY {
                            EMPTY
                        } else {
                            opponent(me)
                        },
                    );
                }
            }
            holed(position, &holes, pick, colour)
        })
        .boxed()
}

/// Noise with one-point eyes carved in (an empty point ringed by one
/// colour); the move mostly fills an eye.
fn eyes(sides: Sides) -> BoxedStrategy<Case> {
    let size = sides.max;
    (
        side(sides),
        proptest::collection::vec(point((2, 1, 1)), size * size),
        proptest::collection::vec((any::<Index>(), colour()), 1..=3),
        weighted(&[(3, true), (1, false)]),
        any::<Index>(),
        colour(),
    )
        .prop_map(move |(n, grid, centres, in_eye, pick, colour)| {
            let mut position = corner(&grid, size, n);
            let mut points = Vec::new();
            for (at, ring) in centres {
                let i = at.index(n * n);
                for q in neighbours(n, i) {
                    position.cells[q] = ring;
                }
                position.cells[i] = EMPTY;
                points.push(i);
            }
            legalize(&mut position);
            let eye = points[pick.index(points.len())];
            let mv = if in_eye {
                target_or_pick(&position, eye, |k| pick.index(k), colour)
            } else {
                pick_move(&position, true, |k| pick.index(k), colour)
            };
            Case { position, mv }
        })
        .boxed()
}

/// A group put in atari (all its liberties but one filled by the other
/// colour) and a move on that last liberty: a capture, or the owner
/// extending (often into suicide).
fn atari(sides: Sides) -> BoxedStrategy<Case> {
    let size = sides.max;
    (
        side(sides),
        proptest::collection::vec(point((2, 1, 1)), size * size),
        any::<Index>(),
        any::<Index>(),
        any::<bool>(),
    )
        .prop_map(move |(n, grid, which, keep, by_owner)| {
            let mut position = corner(&grid, size, n);
            legalize(&mut position);
            let stones: Vec<usize> = (0..n * n).filter(|&i| position.cells[i] != EMPTY).collect();
            if stones.is_empty() {
                let mv = pick_move(
                    &position,
                    true,
                    |k| which.index(k),
                    if by_owner { WHITE } else { BLACK },
                );
                return Case { position, mv };
            }
            let s = stones[which.index(stones.len())];
            let owner = position.cells[s];
            let (_, libs) = group_and_liberties(&position, s);
            let last = libs[keep.index(libs.len())];
            for &l in &libs {
                if l != last {
                    position.cells[l] = opponent(owner);
                }
            }
            legalize(&mut position);
            let colour = if by_owner { owner } else { opponent(owner) };
            let mv = target_or_pick(&position, last, |k| keep.index(k), colour);
            Case { position, mv }
        })
        .boxed()
}

/// A position from a random game of some length, and a random move.
fn from_games(sides: Sides) -> BoxedStrategy<Case> {
    (side(sides), any::<u64>())
        .prop_map(|(n, seed)| from_playout(n, seed))
        .boxed()
}

/// Random cases on boards of side at most `size` (mostly at most 4): noise
/// first (the simplest, which shrinking prefers), then the structured
/// families. Positions are always legal.
pub fn cases(size: usize) -> BoxedStrategy<Case> {
    families(Sides {
        max: size.clamp(1, MAX_N),
        exact: false,
    })
}

/// Random cases on `n`×`n` boards only, from the same families (`--shape`).
pub fn shaped(n: usize) -> BoxedStrategy<Case> {
    families(Sides {
        max: n.clamp(1, MAX_N),
        exact: true,
    })
}

/// Every family, the simplest first; then, one case in six, the move put
/// on a stone (the statement's first rule, which the families' moves on
/// empty points would leave to a case in fifty).
fn families(size: Sides) -> BoxedStrategy<Case> {
    let family = one_of(vec![
        (4, noise(size, (2, 1, 1))),
        (1, noise(size, (1, 4, 4))),
        (1, checkerboard(size)),
        (1, snake(size)),
        (2, eyes(size)),
        (3, atari(size)),
        (1, from_games(size)),
    ]);
    (family, weighted(&[(5, false), (1, true)]), any::<Index>())
        .prop_map(|(case, onto_stone, pick)| {
            if onto_stone {
                onto_a_stone(case, pick)
            } else {
                case
            }
        })
        .boxed()
}

/// `case` with its move (same colour) on a stone picked by `pick`; as it
/// was if the board has none.
fn onto_a_stone(case: Case, pick: Index) -> Case {
    let Case { position, mv } = case;
    let n = position.n;
    let stones: Vec<usize> = (0..n * n).filter(|&i| position.cells[i] != EMPTY).collect();
    let mv = if stones.is_empty() {
        mv
    } else {
        move_at(stones[pick.index(stones.len())], n, mv.colour)
    };
    Case { position, mv }
}
