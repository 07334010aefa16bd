//! The generic harness: it knows the traits of [`crate::problem`],
//! [`crate::generation`] and [`crate::suite`], and nothing about any game.
//!
//! - [`process`]: run an untrusted program under limits.
//! - [`sandbox`]: the isolation of those runs (bwrap, cgroups, rlimits).
//! - [`candidate`]: external programs and Rust functions as candidates.
//! - [`session`], [`protocol`]: long-lived processes and the persistent
//!   protocol (`--protocol jsonl`, `--py-func`); [`gtp`]: engines speaking
//!   the Go Text Protocol (`--gtp`).
//! - [`check`]: generate, run, compare, shrink; its phases (given, random,
//!   exhaustive, laws, limits) over one shared context in `phases`.
//! - [`report`]: JSON and human reports; [`board_view`]: answers drawn as
//!   boards side by side; [`html`]: the standalone HTML report;
//!   [`excerpt`]: long inputs and answers cut to a few lines for both.
//! - [`vectors`]: test vectors in one format, and the one runner every
//!   solver goes through.
//! - [`casefile`]: failures saved by `check --save`, read by `--replay`;
//!   [`given`]: those and test vectors as a check's given inputs.
//! - [`fit`]: a check's options read by its problem, or refused;
//!   [`grade`]: many candidates on the same cases; [`names`]: an unknown
//!   problem name refused with the closest known one.
//! - [`exhaust`], [`selftest`], [`testing`]: engine vs oracle on every small
//!   case, the zoo through the properties, property runs for test suites.
//! - [`scale`]: running time against size, and the power law it fits.
//! - [`fuzz`]: the bodies of the fuzz targets.
//! - [`verdict`]: typed verdicts, statuses and origins.
//! - a Rust function checked from a unit test: [`crate::unit`], on top of
//!   [`check`].
//!
//! Everything that starts a process (`process`, `sandbox`, `session`,
//! `protocol`, the `External` candidate, timing an external program) needs
//! a Unix target and the `process` feature (on by default); the rest, the
//! in-process checker included, builds wherever `std` does.

mod batch;
pub mod board_view;
pub mod candidate;
pub mod casefile;
pub mod check;
mod config;
pub mod excerpt;
pub mod exhaust;
#[cfg(all(unix, feature = "process"))]
mod exit_outcome;
#[cfg(all(unix, feature = "process"))]
pub mod external;
pub mod fit;
#[cfg(test)]
mod fixture;
pub mod fuzz;
pub mod fuzz_setup;
pub mod given;
pub mod grade;
#[cfg(all(unix, feature = "process"))]
pub mod gtp;
pub mod html;
pub mod names;
mod phases;
#[cfg(all(unix, feature = "process"))]
pub mod process;
#[cfg(all(unix, feature = "process"))]
pub mod protocol;
pub mod report;
mod run;
#[cfg(all(unix, feature = "process"))]
pub mod sandbox;
pub mod scale;
pub mod selftest;
#[cfg(all(unix, feature = "process"))]
pub mod session;
mod shrink;
pub mod testing;
pub mod vectors;
pub mod verdict;
