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

/// Every board of at most `max_cells` cells, in order of cells (so the
/// first failure has the fewest cells), every position on it (reached by
/// the moves of [`moves_to`]), then every single command (`count`,
/// `display`, and `legal` and `move` at every (x, y) in -1..=W × -1..=H),
/// then every `move` at those (x, y), legal or not, followed by every
/// single command: what a move does to the next command, the turn among it.
pub fn every_position_and_command(max_cells: usize) -> impl Iterator<Item = Case> + Send {
    let max = max_cells as u64;
    (1..=max)
        .flat_map(|cells| {
            (1..=cells)
                .filter(move |w| cells % w == 0)
                .map(move |w| (w, cells / w))
        })
        .flat_map(|(w, h)| {
            let mut probes = vec![Command::Count, Command::Display];
            let mut moves = Vec::new();
            for x in -1..=w as i64 {
                for y in -1..=h as i64 {
                    probes.push(Command::Legal(x, y));
                    probes.push(Command::Move(x, y));
                    moves.push(Command::Move(x, y));
                }
            }
            let positions = every_boundary(w, h);
            let singles: Vec<Vec<Command>> = probes.iter().map(|p| vec![*p]).collect();
            let pairs: Vec<Vec<Command>> = moves
                .iter()
                .flat_map(|m| probes.iter().map(move |p| vec![*m, *p]))
                .collect();
            [singles, pairs].into_iter().flat_map(move |scripts| {
                positions.clone().into_iter().flat_map(move |rows| {
                    let prefix = moves_to(w, &rows);
                    scripts.clone().into_iter().map(move |script| {
                        let mut commands = prefix.clone();
                        commands.extend(script);
                        Case {
                            width: w,
                            height: h,
                            commands,
                        }
                    })
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
    fn boards_come_in_order_of_cells_singles_before_pairs() {
        let cases: Vec<Case> = every_position_and_command(4).collect();
        let cells: Vec<u64> = cases.iter().map(|c| c.width * c.height).collect();
        assert!(cells.windows(2).all(|w| w[0] <= w[1]));
        // The 1 x 1 board: 2 positions; 2 + 2·9 singles, then 9 · 20 pairs.
        assert_eq!(cells.iter().filter(|&&c| c == 1).count(), 2 * (20 + 9 * 20));
        assert!(
            cases
                .iter()
                .any(|c| c.commands == [Command::Move(0, 1), Command::Move(0, 0)])
        );
    }

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
