//! Cases: proptest strategies mixing noise with structure (dense boards,
//! checkerboards, snakes, eyes, groups in atari, positions from random
//! games), all made legal by [`legalize`]; one-step simplifications for the
//! checker; `quickcheck` and `arbitrary` impls; exhaustive enumeration; and
//! the named patterns.

use proptest::prelude::*;
use proptest::sample::Index;

use super::{BLACK, Case, EMPTY, MAX_N, Move, Position, WHITE, opponent};

/// The orthogonal neighbours of point `i` of an n×n board (row-major).
fn neighbours(n: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [
        (r > 0).then(|| i - n),
        (r + 1 < n).then(|| i + n),
        (c > 0).then(|| i - 1),
        (c + 1 < n).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
}

/// The group of the stone at `i`: its points and its liberties (sorted).
pub fn group_and_liberties(pos: &Position, i: usize) -> (Vec<usize>, Vec<usize>) {
    let n = pos.n;
    let colour = pos.cells[i];
    let mut seen = vec![false; n * n];
    let mut stack = vec![i];
    seen[i] = true;
    let mut points = Vec::new();
    let mut libs = Vec::new();
    while let Some(p) = stack.pop() {
        points.push(p);
        for q in neighbours(n, p) {
            if pos.cells[q] == EMPTY {
                libs.push(q);
            } else if pos.cells[q] == colour && !seen[q] {
                seen[q] = true;
                stack.push(q);
            }
        }
    }
    libs.sort_unstable();
    libs.dedup();
    (points, libs)
}

/// The first stone (row-major) of a group without a liberty, if any: one
/// labelling pass over the board.
pub fn first_dead_stone(pos: &Position) -> Option<usize> {
    let n = pos.n;
    let mut seen = vec![false; n * n];
    let mut stack = Vec::new();
    for i in 0..n * n {
        let colour = pos.cells[i];
        if colour == EMPTY || seen[i] {
            continue;
        }
        seen[i] = true;
        stack.push(i);
        let mut free = false;
        while let Some(p) = stack.pop() {
            for q in neighbours(n, p) {
                if pos.cells[q] == EMPTY {
                    free = true;
                } else if pos.cells[q] == colour && !seen[q] {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
        if !free {
            return Some(i);
        }
    }
    None
}

/// Makes `pos` legal: while some group has no liberty, the first stone of
/// the first such group becomes empty. Emptying a point never takes a
/// liberty away, so this ends, and it keeps most of the structure (a full
/// checkerboard keeps all but a few stones).
pub fn legalize(pos: &mut Position) {
    while let Some(i) = first_dead_stone(pos) {
        pos.cells[i] = EMPTY;
    }
}

/// The move at point `pick(k)` (a number below k) of the k empty points (or of all points when
/// `on_empty` is false or the board is full).
fn pick_move(pos: &Position, on_empty: bool, pick: impl Fn(usize) -> usize, colour: u8) -> Move {
    let n = pos.n;
    let empties: Vec<usize> = (0..n * n).filter(|&i| pos.cells[i] == EMPTY).collect();
    let i = if on_empty && !empties.is_empty() {
        empties[pick(empties.len())]
    } else {
        pick(n * n)
    };
    move_at(i, n, colour)
}

/// The move of `colour` at point `i` of an `n` x `n` board.
fn move_at(i: usize, n: usize, colour: u8) -> Move {
    Move {
        row: i / n,
        col: i % n,
        colour,
    }
}

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
    prop_oneof![Just(BLACK), Just(WHITE)]
}

/// A point, shrinking toward empty; `empty : black : white` weights.
fn point(weights: (u32, u32, u32)) -> impl Strategy<Value = u8> {
    prop_oneof![
        weights.0 => Just(EMPTY),
        weights.1 => Just(BLACK),
        weights.2 => Just(WHITE),
    ]
}

/// A side length, mostly at most 4.
fn side(size: usize) -> impl Strategy<Value = usize> {
    prop_oneof![3 => 1..=size.min(4), 1 => 1..=size]
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
fn noise(size: usize, weights: (u32, u32, u32)) -> BoxedStrategy<Case> {
    (
        side(size),
        proptest::collection::vec(point(weights), size * size),
        prop_oneof![9 => Just(true), 1 => Just(false)],
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

/// Checkerboards with a few holes (most stones in atari or captured-ish).
fn checkerboard(size: usize) -> BoxedStrategy<Case> {
    (
        side(size),
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
            for h in holes {
                position.cells[h.index(n * n)] = EMPTY;
            }
            legalize(&mut position);
            let mv = pick_move(&position, true, |k| pick.index(k), colour);
            Case { position, mv }
        })
        .boxed()
}

/// One long snake of one colour winding through the board, the rest the
/// other colour or empty: big groups with few liberties.
fn snake(size: usize) -> BoxedStrategy<Case> {
    (
        side(size),
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
            for h in holes {
                position.cells[h.index(n * n)] = EMPTY;
            }
            legalize(&mut position);
            let mv = pick_move(&position, true, |k| pick.index(k), colour);
            Case { position, mv }
        })
        .boxed()
}

/// Noise with one-point eyes carved in (an empty point ringed by one
/// colour); the move mostly fills an eye.
fn eyes(size: usize) -> BoxedStrategy<Case> {
    (
        side(size),
        proptest::collection::vec(point((2, 1, 1)), size * size),
        proptest::collection::vec((any::<Index>(), colour()), 1..=3),
        prop_oneof![3 => Just(true), 1 => Just(false)],
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
fn atari(size: usize) -> BoxedStrategy<Case> {
    (
        side(size),
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
fn from_games(size: usize) -> BoxedStrategy<Case> {
    (side(size), any::<u64>())
        .prop_map(|(n, seed)| from_playout(n, seed))
        .boxed()
}

/// Random cases on boards of side at most `size` (mostly at most 4): noise
/// first (the simplest, which shrinking prefers), then the structured
/// families. Positions are always legal.
pub fn cases(size: usize) -> BoxedStrategy<Case> {
    let size = size.clamp(1, MAX_N);
    prop_oneof![
        4 => noise(size, (2, 1, 1)),
        1 => noise(size, (1, 4, 4)),
        1 => checkerboard(size),
        1 => snake(size),
        2 => eyes(size),
        3 => atari(size),
        1 => from_games(size),
    ]
    .boxed()
}

/// A position in the middle of a random game on an n×n board, and a
/// random move (mostly on an empty point) of a random colour, from `seed`.
pub fn from_playout(n: usize, seed: u64) -> Case {
    use super::playout::{Rng, playout};
    let n = n.clamp(1, MAX_N);
    let mut rng = Rng::new(seed);
    let mut board = super::engine::Board::new(n, n);
    let turns = rng.below(3 * n * n + 1);
    playout(&mut board, BLACK, turns, &mut rng);
    let position = Position {
        n,
        cells: board.cells(),
    };
    let colour = if rng.next_u64() & 1 == 0 {
        BLACK
    } else {
        WHITE
    };
    let on_empty = rng.below(10) != 0;
    let pick = rng.next_u64() as usize;
    let mv = pick_move(&position, on_empty, |k| pick % k, colour);
    Case { position, mv }
}

/// The worst single move: an n×n board of black stones but for one empty
/// corner, where White plays and captures everything.
pub fn capture_all(size: usize) -> Case {
    let n = size.clamp(1, MAX_N);
    let mut position = Position {
        n,
        cells: vec![BLACK; n * n],
    };
    position.cells[0] = EMPTY;
    Case {
        position,
        mv: Move {
            row: 0,
            col: 0,
            colour: WHITE,
        },
    }
}

/// The k×k window of `case` with top-left corner (r0, c0), made legal,
/// with the move shifted (the window must hold the move).
fn window(case: &Case, r0: usize, c0: usize, k: usize) -> Case {
    let mut position = Position::empty(k);
    for r in 0..k {
        for c in 0..k {
            position.set(r, c, case.position.at(r0 + r, c0 + c));
        }
    }
    legalize(&mut position);
    Case {
        position,
        mv: Move {
            row: case.mv.row - r0,
            col: case.mv.col - c0,
            ..case.mv
        },
    }
}

/// `case` without row `dr` and column `dc` (neither the move's), made legal.
fn without(case: &Case, dr: usize, dc: usize) -> Case {
    let n = case.position.n;
    let mut position = Position::empty(n - 1);
    let keep = |i: usize, d: usize| if i < d { i } else { i - 1 };
    for r in (0..n).filter(|&r| r != dr) {
        for c in (0..n).filter(|&c| c != dc) {
            position.set(keep(r, dr), keep(c, dc), case.position.at(r, c));
        }
    }
    legalize(&mut position);
    Case {
        position,
        mv: Move {
            row: keep(case.mv.row, dr),
            col: keep(case.mv.col, dc),
            ..case.mv
        },
    }
}

/// Cases one step simpler than `case`, the biggest cuts first: smaller
/// windows around the move, one row and one column removed, one stone
/// emptied, a white stone made black, a white move made black. Each is
/// made legal again.
pub fn simpler(case: &Case) -> Vec<Case> {
    let n = case.position.n;
    let (mr, mc) = (case.mv.row, case.mv.col);
    let mut out = Vec::new();
    for k in 1..n {
        // Windows of side k holding the move: the move at a corner, the middle.
        let lo = |m: usize| m.saturating_sub(k - 1);
        let hi = |m: usize| m.min(n - k);
        let mut starts = vec![
            (lo(mr), lo(mc)),
            (hi(mr), hi(mc)),
            (lo(mr), hi(mc)),
            (hi(mr), lo(mc)),
            (
                mr.saturating_sub(k / 2).min(n - k),
                mc.saturating_sub(k / 2).min(n - k),
            ),
        ];
        starts.sort_unstable();
        starts.dedup();
        out.extend(starts.into_iter().map(|(r0, c0)| window(case, r0, c0, k)));
    }
    if n > 1 {
        // One row and one column out (neither the move's).
        for dr in (0..n).filter(|&r| r != mr) {
            for dc in (0..n).filter(|&c| c != mc) {
                out.push(without(case, dr, dc));
            }
        }
    }
    for i in 0..n * n {
        if case.position.cells[i] != EMPTY {
            let mut c = case.clone();
            c.position.cells[i] = EMPTY;
            out.push(c);
        }
    }
    // White to black only (never back), so the steps always end.
    for i in 0..n * n {
        if case.position.cells[i] == WHITE {
            let mut c = case.clone();
            c.position.cells[i] = BLACK;
            legalize(&mut c.position);
            out.push(c);
        }
    }
    if case.mv.colour == WHITE {
        let mut c = case.clone();
        c.mv.colour = BLACK;
        out.push(c);
    }
    out.retain(|c| c != case);
    out
}

/// Every legal position of every n×n board with n² ≤ `max_cells`, with
/// every move of both colours (occupied points included).
pub fn every_move(max_cells: usize) -> impl Iterator<Item = Case> + Send {
    (1..=MAX_N)
        .take_while(move |n| n * n <= max_cells)
        .flat_map(|n| {
            let points = n * n;
            (0..3u64.pow(points as u32)).flat_map(move |mut code| {
                let mut position = Position::empty(n);
                for cell in position.cells.iter_mut() {
                    *cell = (code % 3) as u8;
                    code /= 3;
                }
                let legal = first_dead_stone(&position).is_none();
                let moves = if legal { points * 2 } else { 0 };
                (0..moves).map(move |k| Case {
                    position: position.clone(),
                    mv: Move {
                        row: (k / 2) / n,
                        col: (k / 2) % n,
                        colour: if k % 2 == 0 { BLACK } else { WHITE },
                    },
                })
            })
        })
}

/// How many cases [`every_move`] yields (for tests and reports).
pub fn every_move_count(max_cells: usize) -> u64 {
    every_move(max_cells).count() as u64
}

impl quickcheck::Arbitrary for Case {
    fn arbitrary(g: &mut quickcheck::Gen) -> Case {
        let max = g.size().clamp(1, 7);
        let n = 1 + <usize as quickcheck::Arbitrary>::arbitrary(g) % max;
        let mut position = Position::empty(n);
        for cell in position.cells.iter_mut() {
            *cell = *g.choose(&[EMPTY, EMPTY, BLACK, WHITE]).expect("non-empty");
        }
        legalize(&mut position);
        let colour = *g.choose(&[BLACK, WHITE]).expect("non-empty");
        let on_empty = <u8 as quickcheck::Arbitrary>::arbitrary(g) % 8 != 0;
        let pick = <usize as quickcheck::Arbitrary>::arbitrary(g);
        let mv = pick_move(&position, on_empty, |k| pick % k, colour);
        Case { position, mv }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Case>> {
        Box::new(simpler(self).into_iter())
    }
}

impl<'a> arbitrary::Arbitrary<'a> for Case {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Case> {
        let n = u.int_in_range(1..=9usize)?;
        let mut position = Position::empty(n);
        for cell in position.cells.iter_mut() {
            *cell = u.int_in_range(0..=2u8)?;
        }
        legalize(&mut position);
        let colour = if u.arbitrary::<bool>()? { WHITE } else { BLACK };
        let on_empty = u.arbitrary::<bool>()?;
        let pick = u.arbitrary::<usize>()?;
        let mv = pick_move(&position, on_empty, |k| pick % k, colour);
        Ok(Case { position, mv })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhaustive_counts() {
        // Legal positions: 1 (1x1), 57 (2x2); 2 colours x points moves each.
        assert_eq!(every_move_count(1), 2);
        assert_eq!(every_move_count(4), 2 + 57 * 8);
    }

    #[test]
    fn legalize_leaves_a_legal_position() {
        let mut p = Position {
            n: 3,
            cells: vec![1, 2, 1, 2, 1, 2, 1, 2, 1],
        };
        legalize(&mut p);
        assert_eq!(first_dead_stone(&p), None);
        assert!(p.stones() >= 4, "{p:?}");
    }

    #[test]
    fn simpler_cases_are_legal_and_hold_the_move() {
        let case = capture_all(5);
        for c in simpler(&case) {
            assert_eq!(first_dead_stone(&c.position), None);
            assert!(c.mv.row < c.position.n && c.mv.col < c.position.n);
        }
    }
}
