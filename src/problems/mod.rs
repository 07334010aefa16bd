//! The problems of PROBLEMS.md, one folder each, and their registry.

pub mod chomp;
pub mod chomp_solve;
pub mod flank_row;
pub mod go_capture;
pub mod go_move;
pub mod reversi_move;

use crate::harness::registry::{Entry, entry};

/// Every problem the crate holds, in contract order.
pub fn all() -> Vec<Entry> {
    vec![
        entry::<flank_row::FlankRow>(),
        entry::<reversi_move::ReversiMove>(),
        entry::<chomp::Chomp>(),
        entry::<chomp_solve::ChompSolve>(),
        entry::<go_capture::GoCapture>(),
        entry::<go_move::GoMove>(),
    ]
}

/// The problem called `name` on the command line.
pub fn find(name: &str) -> Option<Entry> {
    all().into_iter().find(|e| e.name() == name)
}
