//! boardcheck: property-based verification of board-game rule engines.
//!
//! Each problem of the contract (`docs/spec/`) has an oracle (the rules,
//! transcribed naively), an engine (the fast implementation), its text
//! format, generators and properties. The harness knows no game: it checks
//! any [`Problem`](problem::Problem) against a candidate (a Rust function
//! or an external program) and shrinks the first failure. What a user
//! needs is in [`prelude`]:
//!
//! ```
//! use boardcheck::prelude::*;
//! use boardcheck::problems::flank_row::{Case, Cell};
//!
//! // A wrong solver of flank-row: it forgets to flip anything.
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
//! assert_eq!(failure.verdict, Verdict::WrongAnswer);
//! // Shrunk to the smallest capture: 3 cells and 1 placement, e.g. "AB." with A at 2.
//! assert_eq!(failure.input.lines().next().unwrap().len(), 3);
//! ```
//!
//! From a unit test, one call: `assert_solves::<P>(my_fn)`, or [`Check`]
//! to state the shapes the function plays. An external program:
//! `External::new(["./my-solver"])` (Unix, feature `process`). The
//! command line is the `boardcheck` binary (feature `cli`, on by default).
//!
//! Modules: [`problem`], [`generation`] and [`suite`] are the traits a
//! problem implements; [`problems`] the problems and their registry;
//! [`harness`] the checker. Feature `tooling` opens the harness's
//! machinery (sandbox, GTP, vectors, selftest, fuzz) to the command line
//! and this repository's tests; it is not part of the API.

#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod generation;
pub mod gtp_form;
pub mod harness;
pub mod json;
pub mod limits;
#[cfg(feature = "tooling")]
#[doc(hidden)]
pub mod mutant;
pub mod prelude;
pub mod problem;
pub mod problems;
pub mod suite;
pub mod text;
pub mod unit;

pub use unit::{Check, assert_solves};
