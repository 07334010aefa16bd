//! boardcheck: property-based verification of board-game rule engines.
//!
//! Each problem of the contract (`src/problems/*`) has an oracle (the rules,
//! transcribed naively), an engine (the fast implementation), its text
//! format, generators and properties. The harness (`src/harness`) knows no
//! game: it checks any [`problem::Problem`] against a candidate — an external
//! program or a Rust function — and shrinks the first failure.
//!
//! From a unit test, one call: `boardcheck::assert_solves::<P>(my_fn)`, or
//! [`Check`] to state the shapes the function plays (see [`prelude`]).
//!
//! Checking a Rust function in process, with every knob:
//!
//! ```
//! use boardcheck::harness::check::{CheckConfig, check};
//! use boardcheck::harness::candidate::FnCandidate;
//! use boardcheck::problems::flank_row::{FlankRow, Cell, Case};
//!
//! // A wrong solver: it forgets to flip anything.
//! let lazy = FnCandidate::<FlankRow, _>::new(|case: &Case| {
//!     let mut row = case.row.clone();
//!     for p in &case.placements {
//!         if row[p.index] == Cell::Empty {
//!             row[p.index] = Cell::Piece(p.player);
//!         }
//!     }
//!     row
//! });
//! let report = check(&lazy, &CheckConfig { seed: 7, ..CheckConfig::default() });
//! let failure = report.failure.expect("the lazy solver is caught");
//! assert_eq!(failure.verdict, boardcheck::harness::verdict::Verdict::WrongAnswer);
//! // Shrunk to the smallest capture: 3 cells and 1 placement, e.g. "AB." with A at 2.
//! assert_eq!(failure.input.lines().next().unwrap().len(), 3);
//! ```

#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod generation;
pub mod gtp;
pub mod harness;
pub mod json;
pub mod limits;
pub mod prelude;
pub mod problem;
pub mod problems;
pub mod suite;
pub mod text;
pub mod unit;

pub use unit::{Check, assert_solves};
