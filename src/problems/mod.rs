//! The problems of the contract (docs/spec/), one folder each, and the one dispatch from
//! a problem's name to generic code: [`visit`].
//!
//! A problem lives in its folder: types and the trait impls in `mod.rs`,
//! its text and JSON forms in `format.rs`, its limits in `limits.rs`, its
//! `--py-func` adapter in `py_adapter.py`, its own subcommands in
//! [`crate::generation::Extras`], its contract page in `spec.md`, its test
//! vectors in `vectors.toml`. Outside the folder it needs its `pub mod`
//! and one line in [`for_each_problem!`](crate::for_each_problem) here, and
//! `cargo run --example regenerate` to write its fuzz targets, spec page
//! and table rows. Every step, and the trait,
//! generated test or repository test that checks it: docs/adding-a-problem.md.
//!
//! A problem's engine-side modules (the fast structures behind
//! `Problem::engine`, perft, playouts) are private to the crate, reached from
//! outside only through the problem's `engine` function. Feature `internals`
//! makes them public for the crate's own tests and benches (its
//! dev-dependency on itself turns it on); they are not part of the API. Each
//! is declared twice in its problem's `mod.rs`, written out:
//!
//! ```text
//! #[cfg(feature = "internals")]
//! pub mod engine;
//! #[cfg(not(feature = "internals"))]
//! #[allow(dead_code, unused_imports)] // what only tests and benches use
//! pub(crate) mod engine;
//! ```
//!
//! not made by a macro: rustfmt and cargo-mutants do not see modules declared
//! inside a macro (so their files went unformatted and unmutated), and `.ci/run`
//! finds the engine modules by the `#[cfg(not(feature = "internals"))]`
//! declarations.

pub mod chomp;
pub mod chomp_solve;
pub mod flank_row;
pub(crate) mod geometry;
pub mod go_capture;
pub mod go_game;
pub mod go_move;
pub mod othello_game;
pub mod reversi_move;

use crate::problem::Problem;
pub use crate::suite::Visitor;

/// The registry as the harness takes it ([`crate::suite::Registry`]): what
/// the command line, the tests and the fuzz targets hand it.
pub struct Registry;

impl crate::suite::Registry for Registry {
    const NAMES: &'static [&'static str] = NAMES;
    fn visit<V: Visitor>(name: &str, visitor: V) -> Option<V::Output> {
        visit(name, visitor)
    }
}

macro_rules! registry {
    ($($module:ident $name:ident),* $(,)?) => {
        registry!(@types $($module::$name),*);
    };
    (@types $($problem:ty),*) => {
        /// Every problem's command-line name, in contract order.
        pub const NAMES: &[&str] = &[$(<$problem as Problem>::NAME),*];

        /// Every problem's own subcommands (`perft`), in registry order.
        #[cfg(feature = "cli")]
        pub fn commands() -> Vec<crate::generation::ProblemCommand> {
            let mut all = Vec::new();
            $(all.extend(<$problem as crate::generation::Generate>::extras().commands);)*
            all
        }

        /// Runs `visitor` on the problem called `name`; `None` if there is none.
        pub fn visit<V: Visitor>(name: &str, visitor: V) -> Option<V::Output> {
            $(if name == <$problem as Problem>::NAME {
                return Some(visitor.visit::<$problem>());
            })*
            None
        }
    };
}

/// The registry: every problem's module and type, in contract order, handed
/// to the macro `$m` (`$m! { flank_row FlankRow, ... }`). The one line that
/// adds a problem; [`visit`], [`NAMES`] and the test suite's shared checks
/// (`tests/registry.rs`) are all made from it.
#[macro_export]
macro_rules! for_each_problem {
    ($m:ident) => {
        $m! {
            flank_row FlankRow,
            reversi_move ReversiMove,
            chomp Chomp,
            chomp_solve ChompSolve,
            go_capture GoCapture,
            go_move GoMove,
            go_game GoGame,
            othello_game OthelloGame,
        }
    };
}

for_each_problem!(registry);
