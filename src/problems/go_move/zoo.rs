//! Known-wrong go-move solvers: the slips the seed and the issue name, and a
//! few more. Each is the statement's method with exactly one slip, and each
//! must be caught by at least one property (`boardcheck selftest`,
//! `tests/go_move.rs`).

use super::engine::{self, Board};
use super::{Answer, BLACK, Case, EMPTY, GoMove, MAX_N, Position, WHITE, opponent};
use crate::suite::{Solver, zoo};

/// The one thing a variant gets wrong.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slip {
    /// Judges suicide on the board before the captures are removed.
    SuicideBeforeCaptures,
    /// Counts the board edge as a liberty.
    EdgeIsLiberty,
    /// Checks only the first opponent neighbour (up, left, right, down) for a capture.
    OneNeighbourCaptures,
    /// Never refuses suicide: the stone stays without a liberty.
    NoSuicideCheck,
    /// Suicide is played: the mover's own group is removed instead.
    SuicideRemovesOwn,
    /// Overwrites an occupied point.
    OccupiedOverwrites,
    /// Joins stones diagonally as well into groups.
    DiagonalGroups,
    /// Reads the move as row, column instead of column, row.
    TransposedMove,
    /// Checks suicide for black only.
    BlackOnlySuicide,
    /// Judges suicide by the placed stone's own neighbours, not its group's.
    StoneLibertiesOnly,
}

fn neighbours(n: usize, r: usize, c: usize, diagonal: bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (dr, dc) in [
        (-1i64, 0i64),
        (0, -1),
        (0, 1),
        (1, 0),
        (-1, -1),
        (-1, 1),
        (1, -1),
        (1, 1),
    ]
    .into_iter()
    .take(if diagonal { 8 } else { 4 })
    {
        let (y, x) = (r as i64 + dr, c as i64 + dc);
        if y >= 0 && x >= 0 && (y as usize) < n && (x as usize) < n {
            out.push((y as usize, x as usize));
        }
    }
    out
}

/// The group at (r, c) and whether it has a liberty, with the slip's notion of both.
fn group(g: &[Vec<u8>], r: usize, c: usize, slip: Slip) -> (Vec<(usize, usize)>, bool) {
    let n = g.len();
    let colour = g[r][c];
    let mut seen = vec![vec![false; n]; n];
    let mut stack = vec![(r, c)];
    seen[r][c] = true;
    let mut points = Vec::new();
    let mut free = false;
    while let Some((y, x)) = stack.pop() {
        points.push((y, x));
        if slip == Slip::EdgeIsLiberty && (y == 0 || x == 0 || y + 1 == n || x + 1 == n) {
            free = true;
        }
        for (ny, nx) in neighbours(n, y, x, false) {
            if g[ny][nx] == EMPTY {
                free = true;
            }
        }
        for (ny, nx) in neighbours(n, y, x, slip == Slip::DiagonalGroups) {
            if g[ny][nx] == colour && !seen[ny][nx] {
                seen[ny][nx] = true;
                stack.push((ny, nx));
            }
        }
    }
    (points, free)
}

fn solve(case: &Case, slip: Slip) -> Answer {
    let n = case.position.n;
    let mut g: Vec<Vec<u8>> = case.position.cells.chunks(n).map(<[u8]>::to_vec).collect();
    let (mut r, mut c, me) = (case.mv.row, case.mv.col, case.mv.colour);
    if slip == Slip::TransposedMove {
        (r, c) = (c, r);
    }
    if g[r][c] != EMPTY && slip != Slip::OccupiedOverwrites {
        return Answer::Illegal;
    }
    g[r][c] = me;
    if slip == Slip::SuicideBeforeCaptures && !group(&g, r, c, slip).1 {
        return Answer::Illegal;
    }
    let them = opponent(me);
    let mut opponents: Vec<(usize, usize)> = neighbours(n, r, c, false)
        .into_iter()
        .filter(|&(y, x)| g[y][x] == them)
        .collect();
    if slip == Slip::OneNeighbourCaptures {
        opponents.truncate(1);
    }
    let mut dead = Vec::new();
    for (y, x) in opponents {
        let (points, free) = group(&g, y, x, slip);
        if !free {
            dead.extend(points);
        }
    }
    for (y, x) in dead {
        g[y][x] = EMPTY;
    }
    let alive = if slip == Slip::StoneLibertiesOnly {
        neighbours(n, r, c, false)
            .into_iter()
            .any(|(y, x)| g[y][x] == EMPTY)
    } else {
        group(&g, r, c, slip).1
    };
    if !alive {
        match slip {
            Slip::NoSuicideCheck => {}
            Slip::BlackOnlySuicide if me == WHITE => {}
            Slip::SuicideRemovesOwn => {
                for (y, x) in group(&g, r, c, slip).0 {
                    g[y][x] = EMPTY;
                }
            }
            _ => return Answer::Illegal,
        }
    }
    debug_assert!(me == BLACK || me == WHITE);
    Answer::Legal(Position {
        n,
        cells: g.concat(),
    })
}

/// A slip in the incremental engine's own bookkeeping (chains, heads,
/// liberty counts) rather than in the statement's method.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bookkeeping {
    /// A merge counts liberties shared with the larger chain twice.
    PseudoLiberties,
    /// A merge leaves the smaller chain's head stone as its own head.
    StaleHead,
}

/// The engine's board built and played with the slip `SLIP`.
fn slipped<const SLIP: u8>(case: &Case) -> Answer {
    let n = case.position.n;
    let mv = case.mv;
    let on_board = mv.row < n && mv.col < n && (mv.colour == BLACK || mv.colour == WHITE);
    if !(1..=MAX_N).contains(&n) || !on_board {
        return Answer::Illegal;
    }
    let mut board = Board::from_cells_with::<SLIP>(n, n, &case.position.cells);
    let p = board.point(mv.row, mv.col);
    match board.try_play_with::<SLIP>(p, mv.colour) {
        Ok(_) => Answer::Legal(Position {
            n,
            cells: board.cells(),
        }),
        Err(_) => Answer::Illegal,
    }
}

fn engine_slip(case: &Case, slip: Bookkeeping) -> Answer {
    match slip {
        Bookkeeping::PseudoLiberties => slipped::<{ engine::PSEUDO_LIBERTIES }>(case),
        Bookkeeping::StaleHead => slipped::<{ engine::STALE_HEAD }>(case),
    }
}

/// Boards the engine's bookkeeping slips leave inconsistent, each named by
/// its slip: a merge whose new stone shares a liberty with the chain, and a
/// capture, played with the slip on 3 × 3. `Board::check_consistency`
/// must refuse every one (`tests/go_move.rs`), the capture included,
/// though no one-move answer shows it.
pub fn inconsistent_boards() -> Vec<(&'static str, Board)> {
    // Black (0, 0), (1, 0); black (1, 1) shares the liberty (0, 1).
    let merge = [1, 0, 0, 1, 0, 0, 0, 0, 0];
    // White (0, 1) in atari; black (0, 2) captures it.
    let capture = [1, 2, 0, 0, 1, 0, 0, 0, 0];
    fn played<const SLIP: u8>(cells: &[u8], row: usize, col: usize) -> Board {
        let mut board = Board::from_cells_with::<SLIP>(3, 3, cells);
        let p = board.point(row, col);
        let played = board.try_play_with::<SLIP>(p, BLACK);
        debug_assert!(played.is_ok());
        board
    }
    vec![
        (
            "engine-pseudo-liberties",
            played::<{ engine::PSEUDO_LIBERTIES }>(&merge, 1, 1),
        ),
        (
            "engine-stale-head",
            played::<{ engine::STALE_HEAD }>(&merge, 1, 1),
        ),
        (
            "no-liberties-back",
            played::<{ engine::NO_LIBERTIES_BACK }>(&capture, 0, 2),
        ),
    ]
}

/// Every known-wrong variant.
pub fn all() -> Vec<Solver<GoMove>> {
    let mut all = zoo(
        engine_slip,
        &[
            (
                "engine-pseudo-liberties",
                Bookkeeping::PseudoLiberties,
                "the engine's merge counts a liberty both chains share twice",
            ),
            (
                "engine-stale-head",
                Bookkeeping::StaleHead,
                "the engine's merge leaves the smaller chain's head stone pointing at itself",
            ),
        ],
    );
    all.extend(statement_slips());
    all
}

/// The statement's method with one slip each.
fn statement_slips() -> Vec<Solver<GoMove>> {
    zoo(
        solve,
        &[
            (
                "suicide-before-captures",
                Slip::SuicideBeforeCaptures,
                "judges suicide before removing the captured groups",
            ),
            (
                "edge-is-liberty",
                Slip::EdgeIsLiberty,
                "counts the board edge as a liberty",
            ),
            (
                "one-neighbour-captures",
                Slip::OneNeighbourCaptures,
                "checks only the first opponent neighbour for a capture",
            ),
            (
                "no-suicide-check",
                Slip::NoSuicideCheck,
                "plays suicide and leaves the stone without a liberty",
            ),
            (
                "suicide-removes-own",
                Slip::SuicideRemovesOwn,
                "plays suicide and removes the mover's own group",
            ),
            (
                "occupied-overwrites",
                Slip::OccupiedOverwrites,
                "plays on an occupied point, overwriting it",
            ),
            (
                "diagonal-groups",
                Slip::DiagonalGroups,
                "joins diagonal stones into groups",
            ),
            (
                "transposed-move",
                Slip::TransposedMove,
                "reads the move as row, column instead of column, row",
            ),
            (
                "black-only-suicide",
                Slip::BlackOnlySuicide,
                "refuses suicide for black only",
            ),
            (
                "stone-liberties-only",
                Slip::StoneLibertiesOnly,
                "judges suicide by the placed stone's own neighbours, not its group's",
            ),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A capture that gives no liberty back to the chains next to the freed
    /// points breaks the board's counts, but a go-move case plays one move
    /// and reads nothing after the capture: no answer can show it, so it is
    /// not a zoo variant (the zoo holds only what the suite can catch).
    #[test]
    fn forgotten_liberties_after_a_capture_are_invisible_in_one_move() {
        // White (0, 1) in atari; black at (0, 2) captures it.
        let cells = [1, 2, 0, 0, 1, 0, 0, 0, 0];
        let mut slipped = Board::from_cells_with::<{ engine::NO_LIBERTIES_BACK }>(3, 3, &cells);
        let mut board = Board::from_cells_unchecked(3, 3, &cells);
        let (p, q) = (slipped.point(0, 2), board.point(0, 2));
        assert_eq!(
            slipped.try_play_with::<{ engine::NO_LIBERTIES_BACK }>(p, 1),
            Ok(1)
        );
        assert_eq!(board.try_play(q, 1), Ok(1));
        assert_eq!(slipped.cells(), board.cells());
        assert!(board.check_consistency().is_ok());
        assert!(slipped.check_consistency().is_err());
    }
}
