//! The problems of PROBLEMS.md, one folder each, and the one dispatch from
//! a problem's name to generic code: [`visit`].

pub mod chomp;
pub mod chomp_solve;
pub mod flank_row;
pub mod go_capture;
pub mod go_game;
pub mod go_move;
pub mod othello_game;
pub mod reversi_move;

use crate::problem::Problem;
use crate::suite::Suite;

/// Generic code to run on one problem, chosen by name at run time:
/// implement `visit` once and [`visit`] calls it with the right type.
pub trait Visitor {
    /// What the visit returns.
    type Output;
    /// Runs on problem `P`.
    fn visit<P: Suite>(self) -> Self::Output;
}

macro_rules! registry {
    ($($problem:ty),* $(,)?) => {
        /// Every problem's command-line name, in contract order.
        pub const NAMES: &[&str] = &[$(<$problem as Problem>::NAME),*];

        /// Runs `visitor` on the problem called `name`; `None` if there is none.
        pub fn visit<V: Visitor>(name: &str, visitor: V) -> Option<V::Output> {
            $(if name == <$problem as Problem>::NAME {
                return Some(visitor.visit::<$problem>());
            })*
            None
        }
    };
}

// The one line that adds a problem.
registry!(
    flank_row::FlankRow,
    reversi_move::ReversiMove,
    chomp::Chomp,
    chomp_solve::ChompSolve,
    go_capture::GoCapture,
    go_move::GoMove,
    go_game::GoGame,
    othello_game::OthelloGame,
);
