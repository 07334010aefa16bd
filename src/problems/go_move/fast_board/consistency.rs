//! The fast board's checks (test support, apart from the board so that the
//! board's file is the engine alone): every field recomputed from the
//! colours, and a move-by-move comparison with the exact engine.

use super::super::engine::Board;
use super::super::playout::Rng;
use super::super::{BLACK, EMPTY, WHITE};
use super::NO_SLIP;
use super::{Chain, FastBoard, MASK, NONE, PointSet, WALL, side, unit};

impl PointSet {
    /// Whether every member is at its recorded place and every recorded
    /// place below `used` belongs to a member.
    fn well_kept(&self, used: usize) -> bool {
        let placed = self.members().iter().enumerate();
        placed
            .clone()
            .all(|(i, &p)| usize::from(self.place[usize::from(p)]) == i)
            && self.place[..used].iter().filter(|&&i| i != NONE).count() == self.len
    }
}

impl<const SLIP: u8> FastBoard<SLIP> {
    /// Recomputes every field from the colours alone and names the first
    /// one that differs: the walls and the neighbour counts; the chains
    /// (each group of connected stones of one colour, found by a flood
    /// fill, has one head among its stones, named by all of them, and its
    /// `next` cycle visits exactly its stones); each chain's size,
    /// pseudo-liberty count and sums; the shared set (exactly the empty
    /// points that are no one's eye, each once at its recorded place); each
    /// capture set (every eye of the opponent where the colour may play is
    /// in it, each entry once at its recorded place).
    pub fn check_consistency(&self) -> Result<(), String> {
        let on_board: Vec<usize> = self.points().collect();
        let mut is_point = vec![false; self.len];
        for &p in &on_board {
            is_point[p] = true;
        }
        if let Some(p) = (0..self.len).find(|&p| !is_point[p] && self.colour[p] != WALL) {
            return Err(format!("index {p} should be a wall"));
        }
        let mut seen = vec![false; self.len];
        for &p in &on_board {
            let at = self.row_col(p);
            let colour = self.colour[p];
            if colour == EMPTY {
                let mut want_nbr = 0u16;
                for q in self.neighbours(p) {
                    if self.colour(q) != WALL {
                        want_nbr += unit(self.colour(q));
                    }
                }
                if self.nbr[p] != want_nbr {
                    return Err(format!("wrong neighbour counts at {at:?}"));
                }
                if self.head[p] != NONE {
                    return Err(format!("the empty point {at:?} names a chain"));
                }
                continue;
            }
            if seen[p] {
                continue;
            }
            // Flood fill of the group of `p`.
            let mut group = vec![p];
            seen[p] = true;
            let mut i = 0;
            while i < group.len() {
                for q in self.neighbours(group[i]) {
                    if self.colour(q) == colour && !seen[q] {
                        seen[q] = true;
                        group.push(q);
                    }
                }
                i += 1;
            }
            let h = usize::from(self.head[p]);
            if !group.contains(&h) || group.iter().any(|&s| usize::from(self.head[s]) != h) {
                return Err(format!("the group at {at:?} has no single head"));
            }
            let mut cycle = vec![h];
            let mut s = usize::from(self.next[h]);
            while s != h && cycle.len() <= group.len() {
                cycle.push(s);
                s = usize::from(self.next[s & MASK]);
            }
            cycle.sort_unstable();
            group.sort_unstable();
            if cycle != group {
                return Err(format!("the chain list of the group at {at:?} is wrong"));
            }
            let mut want = Chain {
                size: group.len() as u16,
                ..Chain::default()
            };
            for &s in &group {
                for q in self.neighbours(s) {
                    if self.colour(q) == EMPTY {
                        want.gain(q);
                    }
                }
            }
            if self.chain[h] != want {
                return Err(format!("wrong counts for the group at {at:?}"));
            }
        }
        let mut shared = self.shared.members().to_vec();
        shared.sort_unstable();
        let no_eye = |p: usize| !self.is_eye(p, BLACK) && !self.is_eye(p, WHITE);
        let empties = on_board
            .iter()
            .copied()
            .filter(|&p| self.colour[p] == EMPTY);
        let want: Vec<u16> = empties
            .clone()
            .filter(|&p| no_eye(p))
            .map(|p| p as u16)
            .collect();
        if !self.shared.well_kept(self.len) || shared != want {
            return Err("the shared set is wrong".to_string());
        }
        for who in [BLACK, WHITE] {
            let listed = &self.captures[side(who)];
            let missing = empties
                .clone()
                .find(|&p| self.is_eye(p, 3 - who) && self.is_legal(p, who) && !listed.contains(p));
            if !listed.well_kept(self.len) || missing.is_some() {
                return Err(format!("the capture set of colour {who} is wrong"));
            }
        }
        Ok(())
    }
}

/// Plays one move sequence on a fast board (with slip `SLIP`) and on the
/// exact engine side by side, both starting empty on an n×n board, and
/// compares them after every move: the move's result (captures, or why it
/// was refused), every point, [`FastBoard::check_consistency`], for every
/// empty point and both colours legality and eye status, and for every
/// stone whether its chain is in atari (against the engine's exact
/// liberty count); a drawn
/// move must be legal and fill no own eye by the engine's rules, and a
/// pass leave no such move. Black moves first and the colours alternate.
/// Each step `s` picks the move: `s % 4 == 0` any point at all (occupied
/// and suicide included), `1` any empty point, otherwise the fast board's
/// own playout choice from a generator seeded with `s` (a pass when it has
/// none). The first difference, if any.
pub fn agrees_with_engine<const SLIP: u8>(n: usize, steps: &[u32]) -> Result<(), String> {
    let mut fast = FastBoard::<SLIP>::new(n, n);
    let mut exact = Board::new(n, n);
    let mut colour = BLACK;
    for (i, &s) in steps.iter().enumerate() {
        let pick = (s / 4) as usize;
        let at = match s % 4 {
            0 => Some(fast.point(pick / n % n, pick % n)),
            1 => {
                let e = exact.empties();
                (!e.is_empty()).then(|| e[pick % e.len()] as usize)
            }
            _ => {
                let chosen = fast.choose_move(colour, &mut Rng::new(u64::from(s)));
                let good = |p: usize| exact.is_legal(p, colour) && !exact.is_eye(p, colour);
                let any = exact.empties().iter().any(|&e| good(e as usize));
                match chosen {
                    Some(p) if !good(p) => {
                        let (r, c) = fast.row_col(p);
                        return Err(format!(
                            "step {i}: colour {colour} drew ({r}, {c}), no legal non-eye move"
                        ));
                    }
                    None if any => {
                        return Err(format!("step {i}: colour {colour} passed with a move left"));
                    }
                    _ => chosen,
                }
            }
        };
        if let Some(p) = at {
            let (got, want) = (fast.try_play(p, colour), exact.try_play(p, colour));
            if got != want {
                let (r, c) = fast.row_col(p);
                return Err(format!(
                    "step {i}: colour {colour} at ({r}, {c}): fast {got:?}, engine {want:?}"
                ));
            }
        }
        if fast.cells() != exact.cells() {
            return Err(format!("step {i}: the boards differ"));
        }
        fast.check_consistency()
            .map_err(|e| format!("step {i}: {e}"))?;
        for r in 0..n {
            for c in 0..n {
                let p = fast.point(r, c);
                if exact.colour(p) == EMPTY {
                    for who in [BLACK, WHITE] {
                        if fast.is_legal(p, who) != exact.is_legal(p, who)
                            || fast.is_eye(p, who) != exact.is_eye(p, who)
                        {
                            return Err(format!(
                                "step {i}: legality of colour {who} at ({r}, {c}) differs"
                            ));
                        }
                    }
                } else if fast.in_atari(p) != (exact.liberty_count(p) == 1) {
                    return Err(format!(
                        "step {i}: atari of the chain at ({r}, {c}) differs"
                    ));
                }
            }
        }
        colour = 3 - colour;
    }
    Ok(())
}

/// A 5×4 position with every kind of point, for the draw's tests: open
/// points (rows 3 and 4), (0, 0) where Black captures and White would fill
/// its own eye, (0, 3) Black's eye and White's suicide, (2, 3) closed next
/// to both colours and legal for both.
///
/// ```text
/// . W B .
/// W W B B
/// B B B .
/// . B . W
/// . . . .
/// ```
pub fn mixed_position() -> FastBoard<NO_SLIP> {
    let mut b = FastBoard::<NO_SLIP>::new(5, 4);
    let white = [(0, 1), (1, 0), (1, 1), (3, 3)];
    let black = [(0, 2), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2), (3, 1)];
    for (who, stones) in [(WHITE, &white[..]), (BLACK, &black[..])] {
        for &(r, c) in stones {
            let p = b.point(r, c);
            assert_eq!(b.try_play(p, who), Ok(0), "({r}, {c})");
        }
    }
    b
}
