//! What a test of a Rust engine needs, in one `use`:
//!
//! ```
//! use boardcheck::prelude::*;
//! use boardcheck::problems::flank_row::FlankRow;
//!
//! // In a test: the engine stands for the user's own function.
//! assert_solves::<FlankRow>(FlankRow::engine);
//! ```

pub use crate::generation::{Generate, Shape};
pub use crate::harness::candidate::{Candidate, FnCandidate};
pub use crate::harness::check::{CheckConfig, check};
pub use crate::harness::report::{Failure, Report};
pub use crate::harness::verdict::{Origin, Status, Verdict};
pub use crate::problem::Problem;
pub use crate::suite::{Property, Solver, Suite};
pub use crate::unit::{Check, TimedFn, assert_solves};
