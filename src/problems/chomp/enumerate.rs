//! Exhaustive enumeration for chomp: every position in a box (as row
//! widths), the moves that carve it, and every position with every command.

use super::{Case, Command};

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

#[cfg(test)]
mod tests {
    use super::super::Board;
    use super::super::engine::Staircase;
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
}
