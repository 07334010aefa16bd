//! The seed's monotone boundary array: `row[y]` is the number of occupied
//! cells of row y (a left prefix), `W ≥ row[0] ≥ … ≥ row[H-1] ≥ 0`, and a
//! cached count equal to the sum. A move at (x, y) sets `row[j]` to
//! `min(row[j], x)` for every j ≥ y: Θ(H) per move, Θ(H) memory, any W.
//!
//! Oracle side: the oracle runs it on boards the grid cannot hold, so its
//! script loop is its own (it shares no code with the staircase engine's
//! runner; `tests/independence.rs` checks the imports).

use super::seed_output::{printed, too_large_or};
use super::{Answer, Board, Case, Command, MoveReply, Reply};

/// The boundary array takes boards of at most this many rows.
pub const MAX_ROWS: u64 = 1 << 12;

/// The boundary array with its cached count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Boundary {
    /// `row[y]`, nonincreasing, within [0, W].
    pub row: Vec<u64>,
    /// The sum of `row`.
    pub remaining: u64,
    /// W.
    pub width: u64,
}

impl Boundary {
    /// Checks the representation invariant: nonincreasing, within [0, W],
    /// and the cached count equal to the sum.
    pub fn check(&self) -> Result<(), String> {
        if self.row.windows(2).any(|p| p[0] < p[1]) {
            return Err(format!("boundary not nonincreasing: {:?}", self.row));
        }
        if self.row.iter().any(|&r| r > self.width) {
            return Err(format!(
                "boundary beyond W = {}: {:?}",
                self.width, self.row
            ));
        }
        let sum: u64 = self.row.iter().sum();
        if sum != self.remaining {
            return Err(format!(
                "cached count {} but the boundary sums to {sum}",
                self.remaining
            ));
        }
        Ok(())
    }
}

impl Board for Boundary {
    fn new(width: u64, height: u64) -> Boundary {
        assert!(height <= MAX_ROWS, "board too tall for the boundary array");
        Boundary {
            row: vec![width; height as usize],
            remaining: width * height,
            width,
        }
    }

    fn count(&self) -> u64 {
        self.remaining
    }

    fn row(&self, y: u64) -> u64 {
        self.row.get(y as usize).copied().unwrap_or(0)
    }

    fn take(&mut self, x: u64, y: u64) {
        for r in &mut self.row[y as usize..] {
            let next = (*r).min(x);
            self.remaining -= *r - next;
            *r = next;
        }
    }
}

/// The script on the boundary array (H ≤ [`MAX_ROWS`]), read from the
/// statement: a cell is occupied iff it is on the board and left of its
/// row's boundary.
pub fn solve(case: &Case) -> Answer {
    let (w, h) = (case.width, case.height);
    let mut board = <Boundary as Board>::new(w, h);
    // row[y] ≤ W, so x < row[y] also keeps x on the board.
    let on = |board: &Boundary, x: i64, y: i64| match (u64::try_from(x), u64::try_from(y)) {
        (Ok(x), Ok(y)) => y < h && x < board.row[y as usize],
        _ => false,
    };
    let mut player = 1;
    let mut out = Vec::new();
    for &command in &case.commands {
        out.push(match command {
            Command::Count => Reply::Count(board.remaining.into()),
            Command::Legal(x, y) => Reply::Legal(on(&board, x, y)),
            Command::Move(x, y) => {
                if !on(&board, x, y) {
                    Reply::Move(MoveReply::Illegal)
                } else {
                    board.take(x as u64, y as u64);
                    if board.remaining == 0 {
                        Reply::Move(MoveReply::Loses(player))
                    } else {
                        player = 3 - player;
                        Reply::Move(MoveReply::Done)
                    }
                }
            }
            Command::Display => {
                Reply::Display(too_large_or(w, h, |x, y| on(&board, x as i64, y as i64)))
            }
        });
    }
    printed(out)
}
