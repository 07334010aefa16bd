//! The staircase of corners: the board is an order ideal, so its rows are a
//! nonincreasing sequence of widths, which is a few maximal runs of equal
//! width ("steps"). A `BTreeMap` maps each run's end row (exclusive) to its
//! width; a run starts where the previous one ends, so removing a key
//! extends the next run downward for free. Widths strictly decrease with the
//! key, and only nonempty rows are stored.
//!
//! A move at (x, y) cuts every run from the one holding row y up to the
//! first of width ≤ x: it deletes them and inserts at most two keys (the
//! part of the first run below y, and one run of width x). Each key is
//! inserted once and deleted at most once, so a move costs O(log s)
//! amortized for s steps, whatever W and H (up to 10^9 each). The count is
//! cached in a `u64` (W·H ≤ 10^18 fits) and lowered by the exact area cut.

use std::collections::BTreeMap;

use super::{Answer, Board, Case, Command, MoveReply, Reply, picture};

/// The staircase with its cached count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Staircase {
    /// Run end (exclusive row) → width of every row of the run.
    steps: BTreeMap<u64, u64>,
    /// The number of occupied cells.
    count: u64,
    width: u64,
    height: u64,
}

impl Staircase {
    /// The runs as (first row, end row exclusive, width), bottom first.
    pub fn runs(&self) -> Vec<(u64, u64, u64)> {
        let mut start = 0;
        self.steps
            .iter()
            .map(|(&end, &w)| {
                let run = (start, end, w);
                start = end;
                run
            })
            .collect()
    }

    /// A staircase of the given runs (end row, exclusive → width) and
    /// count, unchecked: for testing [`Staircase::check`] on broken ones.
    pub fn from_parts(width: u64, height: u64, steps: &[(u64, u64)], count: u64) -> Staircase {
        Staircase {
            steps: steps.iter().copied().collect(),
            count,
            width,
            height,
        }
    }

    /// The number of steps s.
    pub fn steps(&self) -> usize {
        self.steps.len()
    }

    /// Checks the representation invariant: runs nonempty and inside the
    /// board, widths in 1..=W and strictly decreasing, the cached count
    /// equal to the area.
    pub fn check(&self) -> Result<(), String> {
        let runs = self.runs();
        let mut area = 0u64;
        for (i, &(start, end, w)) in runs.iter().enumerate() {
            if start >= end || end > self.height || w == 0 || w > self.width {
                return Err(format!("bad run {:?} in {runs:?}", (start, end, w)));
            }
            if i > 0 && runs[i - 1].2 <= w {
                return Err(format!("widths not strictly decreasing: {runs:?}"));
            }
            area += (end - start) * w;
        }
        if area != self.count {
            return Err(format!(
                "cached count {} but the runs cover {area}",
                self.count
            ));
        }
        Ok(())
    }
}

impl Board for Staircase {
    fn new(width: u64, height: u64) -> Staircase {
        Staircase {
            steps: BTreeMap::from([(height, width)]),
            count: width * height,
            width,
            height,
        }
    }

    fn count(&self) -> u64 {
        self.count
    }

    fn row(&self, y: u64) -> u64 {
        self.steps.range(y + 1..).next().map_or(0, |(_, &w)| w)
    }

    fn take(&mut self, x: u64, y: u64) {
        self.take_with::<NO_SLIP>(x, y)
    }
}

/// The engine: no slip (the `SLIP` parameter of [`Staircase::take_with`] is the zoo's).
pub(crate) const NO_SLIP: u8 = 0;
/// A move at a step's corner (the last cell of a run's top row) is lost.
pub(crate) const CORNER_KEPT: u8 = 1;

impl Staircase {
    /// [`Board::take`] with the slip `SLIP`.
    pub(crate) fn take_with<const SLIP: u8>(&mut self, x: u64, y: u64) {
        if SLIP == CORNER_KEPT && self.steps.get(&(y + 1)).is_some_and(|&w| w == x + 1) {
            return;
        }
        let start = self
            .steps
            .range(..=y)
            .next_back()
            .map_or(0, |(&end, _)| end);
        let first_width = self.row(y);
        let mut from = y;
        // Delete every run above y that is wider than x, counting the cut area.
        while let Some((&end, &w)) = self.steps.range(y + 1..).next() {
            if w <= x {
                break;
            }
            self.count -= (end - from) * (w - x);
            self.steps.remove(&end);
            from = end;
        }
        if start < y {
            self.steps.insert(y, first_width);
        }
        // The loop deleted the run holding row y, so `from` is no key now:
        // the first key from it on ends the run above the cut.
        if x > 0 && self.steps.range(from..).next().map(|(_, &w)| w) != Some(x) {
            self.steps.insert(from, x);
        }
    }
}

/// Whether (x, y) is on the board and occupied in `board`: rows are at most
/// W wide and [`Board::row`] is 0 above the board, so `x < row(y)` says both.
pub fn occupied<B: Board>(board: &B, x: i64, y: i64) -> bool {
    match (u64::try_from(x), u64::try_from(y)) {
        (Ok(x), Ok(y)) => x < board.row(y),
        _ => false,
    }
}

/// Runs a script on representation `B` (the staircase; the oracle's
/// models have their own loops): one reply per command.
pub fn play<B: Board>(case: &Case) -> Vec<Reply> {
    let (w, h) = (case.width, case.height);
    let mut board = B::new(w, h);
    let mut player = 1u8;
    case.commands
        .iter()
        .map(|&command| match command {
            Command::Count => Reply::Count(board.count().into()),
            Command::Legal(x, y) => Reply::Legal(occupied(&board, x, y)),
            Command::Move(x, y) => {
                if !occupied(&board, x, y) {
                    return Reply::Move(MoveReply::Illegal);
                }
                board.take(x as u64, y as u64);
                if board.count() == 0 {
                    Reply::Move(MoveReply::Loses(player))
                } else {
                    player = 3 - player;
                    Reply::Move(MoveReply::Done)
                }
            }
            Command::Display => Reply::Display(picture(w, h, |y| board.row(y))),
        })
        .collect()
}

/// The script on the staircase.
pub fn solve(case: &Case) -> Answer {
    super::printed(play::<Staircase>(case))
}
