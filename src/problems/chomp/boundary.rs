//! The seed's monotone boundary array: `row[y]` is the number of occupied
//! cells of row y (a left prefix), `W ≥ row[0] ≥ … ≥ row[H-1] ≥ 0`, and a
//! cached count equal to the sum. A move at (x, y) sets `row[j]` to
//! `min(row[j], x)` for every j ≥ y: Θ(H) per move, Θ(H) memory, any W.

use super::{Answer, Board, Case};

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

/// The script on the boundary array (H ≤ [`MAX_ROWS`]).
pub fn solve(case: &Case) -> Answer {
    super::printed(super::play::<Boundary>(case))
}
