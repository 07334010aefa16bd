//! The naive models. [`Grid`] is the seed's Boolean array `occupied[y][x]`
//! with moves applied cell by cell and the count recomputed by scanning;
//! [`Quadrants`] is the rule read literally for boards too large for any
//! array. [`naive`] picks the first that fits (see the module docs of
//! `chomp`).
//!
//! Nothing here (nor in `boundary`, the oracle's model for tall or wide
//! boards) calls the staircase engine's runner, picture or move code:
//! `tests/independence.rs` fails on such an import.

use super::seed_output::{printed, too_large_or};
use super::{Answer, Case, Command, MoveReply, Reply, boundary};

/// The grid oracle takes boards of at most this many cells.
pub const GRID_MAX_CELLS: u64 = 4096;

/// The seed's Boolean grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// `occupied[y][x]`, row 0 at the bottom.
    pub occupied: Vec<Vec<bool>>,
}

impl Grid {
    /// The full `width` × `height` board.
    pub fn new(width: usize, height: usize) -> Grid {
        Grid {
            occupied: vec![vec![true; width]; height],
        }
    }

    /// The cell (x, y), false off the board.
    pub fn get(&self, x: i64, y: i64) -> bool {
        if x < 0 || y < 0 {
            return false;
        }
        self.occupied
            .get(y as usize)
            .and_then(|row| row.get(x as usize))
            .copied()
            .unwrap_or(false)
    }

    /// Occupied cells, counted one by one.
    pub fn count(&self) -> u64 {
        self.occupied
            .iter()
            .map(|row| row.iter().filter(|&&c| c).count() as u64)
            .sum()
    }

    /// The move at (x, y): if the cell is occupied, every occupied cell
    /// (x', y') with x' ≥ x and y' ≥ y becomes empty. Returns whether it was legal.
    pub fn take(&mut self, x: i64, y: i64) -> bool {
        if !self.get(x, y) {
            return false;
        }
        for (yy, row) in self.occupied.iter_mut().enumerate() {
            for (xx, cell) in row.iter_mut().enumerate() {
                if xx as i64 >= x && yy as i64 >= y {
                    *cell = false;
                }
            }
        }
        true
    }

    /// The seed's `Display`, trailing spaces trimmed.
    pub fn picture(&self) -> Vec<String> {
        let height = self.occupied.len();
        let width = self.occupied.first().map_or(0, Vec::len);
        too_large_or(width as u64, height as u64, |x, y| {
            self.occupied[y as usize][x as usize]
        })
    }
}

/// The script on the grid, as the seed's game loop plays it. Boards of more
/// than [`GRID_MAX_CELLS`] cells are not supported.
pub fn solve_grid(case: &Case) -> Answer {
    assert!(
        case.width.saturating_mul(case.height) <= GRID_MAX_CELLS,
        "board too large for the grid oracle"
    );
    let mut grid = Grid::new(case.width as usize, case.height as usize);
    let mut player = 1;
    let mut out = Vec::new();
    for &command in &case.commands {
        out.push(match command {
            Command::Count => Reply::Count(grid.count().into()),
            Command::Legal(x, y) => Reply::Legal(grid.get(x, y)),
            Command::Move(x, y) => {
                if !grid.take(x, y) {
                    Reply::Move(MoveReply::Illegal)
                } else if grid.count() == 0 {
                    Reply::Move(MoveReply::Loses(player))
                } else {
                    player = 3 - player;
                    Reply::Move(MoveReply::Done)
                }
            }
            Command::Display => Reply::Display(grid.picture()),
        });
    }
    printed(out)
}

/// The rule read literally: a cell is occupied iff it is on the board and
/// no earlier legal move (a, b) has a ≤ x and b ≤ y. Only the legal moves
/// are kept; the count compresses coordinates. O(k) per `legal` and
/// O(k log k) per `count` for k legal moves so far, any board size.
#[derive(Clone, Debug)]
pub struct Quadrants {
    width: u64,
    height: u64,
    taken: Vec<(u64, u64)>,
}

impl Quadrants {
    /// The full board.
    pub fn new(width: u64, height: u64) -> Quadrants {
        Quadrants {
            width,
            height,
            taken: Vec::new(),
        }
    }

    /// The cell (x, y).
    pub fn get(&self, x: i64, y: i64) -> bool {
        let (Ok(x), Ok(y)) = (u64::try_from(x), u64::try_from(y)) else {
            return false;
        };
        x < self.width && y < self.height && !self.taken.iter().any(|&(a, b)| a <= x && b <= y)
    }

    /// Occupied cells: the columns split into blocks at every taken move's
    /// x; in a block every column has the same height, the least b of the
    /// moves at or left of it (H if none).
    pub fn count(&self) -> u64 {
        let mut cuts: Vec<u64> = self.taken.iter().map(|&(a, _)| a).collect();
        cuts.push(0);
        cuts.push(self.width);
        cuts.sort_unstable();
        cuts.dedup();
        let mut total = 0u64;
        for pair in cuts.windows(2) {
            let (from, to) = (pair[0], pair[1]);
            let height = self
                .taken
                .iter()
                .filter(|&&(a, _)| a <= from)
                .map(|&(_, b)| b)
                .fold(self.height, u64::min);
            total += (to - from) * height;
        }
        total
    }

    /// The move at (x, y); returns whether it was legal.
    pub fn take(&mut self, x: i64, y: i64) -> bool {
        if !self.get(x, y) {
            return false;
        }
        self.taken.push((x as u64, y as u64));
        true
    }

    /// The number of occupied cells of row `y`.
    pub fn row(&self, y: u64) -> u64 {
        if y >= self.height {
            return 0;
        }
        self.taken
            .iter()
            .filter(|&&(_, b)| b <= y)
            .map(|&(a, _)| a)
            .fold(self.width, u64::min)
    }
}

/// The script on [`Quadrants`].
pub fn solve_quadrants(case: &Case) -> Answer {
    let mut board = Quadrants::new(case.width, case.height);
    let mut player = 1;
    let mut out = Vec::new();
    for &command in &case.commands {
        out.push(match command {
            Command::Count => Reply::Count(board.count().into()),
            Command::Legal(x, y) => Reply::Legal(board.get(x, y)),
            Command::Move(x, y) => {
                if !board.take(x, y) {
                    Reply::Move(MoveReply::Illegal)
                } else if board.count() == 0 {
                    Reply::Move(MoveReply::Loses(player))
                } else {
                    player = 3 - player;
                    Reply::Move(MoveReply::Done)
                }
            }
            Command::Display => {
                let (w, h) = (case.width, case.height);
                Reply::Display(too_large_or(w, h, |x, y| board.get(x as i64, y as i64)))
            }
        });
    }
    printed(out)
}

/// The most naive model that fits the board: the grid, the boundary array
/// (on the transposed script if only W is moderate), or the quadrant list.
pub fn naive(case: &Case) -> Answer {
    if case.width.saturating_mul(case.height) <= GRID_MAX_CELLS {
        solve_grid(case)
    } else if case.height <= boundary::MAX_ROWS {
        boundary::solve(case)
    } else if case.width <= boundary::MAX_ROWS {
        // Display is `too large` on both: W·H > GRID_MAX_CELLS ≥ 100.
        boundary::solve(&super::transpose(case))
    } else {
        solve_quadrants(case)
    }
}
