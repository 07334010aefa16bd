//! What a library user needs, in one `use`: the traits, the check and its
//! configuration, the report, the candidates and the problems.
//!
//! ```
//! use boardcheck::prelude::*;
//!
//! // In a test: the engine stands for the user's own function.
//! assert_solves::<FlankRow>(FlankRow::engine);
//! ```

pub use crate::generation::{Generate, Shape};
pub use crate::harness::candidate::{Candidate, FnCandidate};
pub use crate::harness::check::{CheckConfig, check};
#[cfg(all(unix, feature = "process"))]
pub use crate::harness::external::External;
pub use crate::harness::report::{Failure, Report};
pub use crate::harness::verdict::{Origin, Status, Verdict};
pub use crate::problem::Problem;
pub use crate::suite::{Property, Solver, Suite};
pub use crate::unit::{Check, TimedFn, assert_solves};

/// Every problem's type (`FlankRow`, `GoGame`, ...), from the registry: a
/// problem added there is here too.
macro_rules! problem_types {
    ($($module:ident $name:ident),* $(,)?) => {
        $(pub use crate::problems::$module::$name;)*
    };
}
crate::for_each_problem!(problem_types);
