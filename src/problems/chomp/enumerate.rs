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

/// Every board of at most `max_cells` cells, in order of cells, and on as
/// many cells in order of commands (so the first failure has the fewest
/// cells, then the fewest commands): every position on it (reached by the
/// moves of [`moves_to`]), then every single command (`count`, `display`,
/// and `legal` and `move` at every (x, y) in -1..=W × -1..=H), then every
/// `move` at those (x, y), legal or not, followed by every single
/// command: what a move does to the next command, the turn among it.
pub fn every_position_and_command(max_cells: usize) -> impl Iterator<Item = Case> + Send {
    (1..=max_cells as u64).flat_map(Level::new)
}

/// A board shape and what is played on it: the single commands (probes),
/// the moves a pair starts with, and the moves that carve each position.
struct Shape {
    width: u64,
    height: u64,
    probes: Vec<Command>,
    moves: Vec<Command>,
    prefixes: Vec<Vec<Command>>,
}

impl Shape {
    fn new(width: u64, height: u64) -> Shape {
        let mut probes = vec![Command::Count, Command::Display];
        let mut moves = Vec::new();
        for x in -1..=width as i64 {
            for y in -1..=height as i64 {
                probes.push(Command::Legal(x, y));
                probes.push(Command::Move(x, y));
                moves.push(Command::Move(x, y));
            }
        }
        let prefixes = every_boundary(width, height)
            .iter()
            .map(|rows| moves_to(width, rows))
            .collect();
        Shape {
            width,
            height,
            probes,
            moves,
            prefixes,
        }
    }

    /// How many scripts of `length` commands (1 or 2) there are.
    fn scripts(&self, length: usize) -> usize {
        match length {
            1 => self.probes.len(),
            _ => self.moves.len() * self.probes.len(),
        }
    }

    /// The `i`-th script of `length` commands.
    fn script(&self, length: usize, i: usize) -> Vec<Command> {
        let probes = self.probes.len();
        match length {
            1 => vec![self.probes[i]],
            _ => vec![self.moves[i / probes], self.probes[i % probes]],
        }
    }
}

/// The cases on boards of one number of cells, by commands: for each
/// count, each shape (W × H in order of W), singles before pairs, each
/// position in [`every_boundary`]'s order. Lazy: a level of a 5 × 5 board
/// holds millions of cases.
struct Level {
    shapes: Vec<Shape>,
    /// The most commands a case of the level has.
    most: usize,
    commands: usize,
    shape: usize,
    script_length: usize,
    position: usize,
    script: usize,
}

impl Level {
    fn new(cells: u64) -> Level {
        let shapes: Vec<Shape> = (1..=cells)
            .filter(|w| cells.is_multiple_of(*w))
            .map(|w| Shape::new(w, cells / w))
            .collect();
        let most = shapes
            .iter()
            .flat_map(|s| s.prefixes.iter().map(Vec::len))
            .max()
            .unwrap_or(0)
            + 2;
        Level {
            shapes,
            most,
            commands: 1,
            shape: 0,
            script_length: 1,
            position: 0,
            script: 0,
        }
    }
}

impl Iterator for Level {
    type Item = Case;

    fn next(&mut self) -> Option<Case> {
        loop {
            if self.commands > self.most {
                return None;
            }
            let Some(shape) = self.shapes.get(self.shape) else {
                (self.commands, self.shape) = (self.commands + 1, 0);
                continue;
            };
            if self.script_length > 2 || self.script_length > self.commands {
                (self.shape, self.script_length, self.position) = (self.shape + 1, 1, 0);
                continue;
            }
            let Some(prefix) = shape.prefixes.get(self.position) else {
                (self.script_length, self.position) = (self.script_length + 1, 0);
                continue;
            };
            if prefix.len() + self.script_length != self.commands
                || self.script == shape.scripts(self.script_length)
            {
                (self.position, self.script) = (self.position + 1, 0);
                continue;
            }
            let mut commands = prefix.clone();
            commands.extend(shape.script(self.script_length, self.script));
            self.script += 1;
            return Some(Case {
                width: shape.width,
                height: shape.height,
                commands,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Board;
    use super::super::engine::Staircase;
    use super::*;

    #[test]
    fn boards_come_in_order_of_cells_then_commands() {
        let cases: Vec<Case> = every_position_and_command(4).collect();
        let size: Vec<(u64, usize)> = cases
            .iter()
            .map(|c| (c.width * c.height, c.commands.len()))
            .collect();
        assert!(size.windows(2).all(|w| w[0] <= w[1]));
        // The 1 x 1 board: 2 positions; 2 + 2·9 singles, then 9 · 20 pairs.
        let one = |c: &Case| c.width * c.height == 1;
        assert_eq!(cases.iter().filter(|c| one(c)).count(), 2 * (20 + 9 * 20));
        // The full board and a single command first, then the empty board
        // (`move 0 0`) and a single, or the full board and a pair.
        assert_eq!(cases[0].commands, [Command::Count]);
        assert_eq!(
            cases
                .iter()
                .filter(|c| one(c) && c.commands.len() == 1)
                .count(),
            20
        );
        // Per shape, positions × (singles + pairs): the order changes, not
        // what is enumerated (a move then a pair can repeat a position's
        // own moves then a single).
        let expected: usize = [
            (1, 1),
            (1, 2),
            (2, 1),
            (1, 3),
            (3, 1),
            (1, 4),
            (2, 2),
            (4, 1),
        ]
        .into_iter()
        .map(|(w, h)| {
            let probes = 2 + 2 * (w + 2) * (h + 2);
            let moves = (w + 2) * (h + 2);
            every_boundary(w as u64, h as u64).len() * (probes + moves * probes)
        })
        .sum();
        assert_eq!(cases.len(), expected);
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
