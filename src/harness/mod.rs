//! The generic harness: it knows the traits of [`crate::problem`],
//! [`crate::generation`] and [`crate::suite`], and nothing about any game.
//!
//! The API is five modules (and `external`, a program as a candidate, with
//! the `process` feature): [`check`] (the entry, `check` and
//! `CheckConfig`), [`candidate`] (`Candidate`, `FnCandidate`), [`casefile`]
//! (test vectors and saved failures, `--save`, `--replay`), [`report`]
//! (`Report`, `Failure`) and [`verdict`]. [`crate::prelude`] re-exports
//! what a user needs of them.
//!
//! The rest is the harness's machinery, public only with the `tooling`
//! feature (the command line, this crate's tests, examples and benches, and
//! the fuzz targets turn it on): `process` and `sandbox` (an untrusted run
//! under limits), `session`, `protocol` and `gtp` (long-lived candidates),
//! `board_view`, `html`, `crash` and `excerpt` (report parts), `vectors` and
//! `given_inputs` (the vector runner, a check's given inputs), `options`
//! (options read by a problem), `grade`, `names`, `exhaust`, `selftest`,
//! `testing`, `scale`,
//! `fuzz`, `fuzz_setup` and `problem_docs` (the repo's own tooling). The phases of a check
//! (`phases`, one file each), batches, shrinking and the run loop are
//! private.
//!
//! Everything that starts a process needs a Unix target and the `process`
//! feature (on by default); the rest, the in-process checker included,
//! builds wherever `std` does.

// The API: a check, its candidates, its report and verdicts.
pub mod candidate;
pub mod casefile;
pub mod check;
#[cfg(all(unix, feature = "process"))]
pub mod external;
pub mod report;
pub mod verdict;

// Used by the check itself: public only with feature `tooling` (the
// command line, this crate's tests, examples, benches and fuzz targets);
// without it, what only the tooling calls is unused.
#[cfg(feature = "tooling")]
pub mod board_view;
#[cfg(not(feature = "tooling"))]
#[allow(dead_code, unused_imports)]
mod board_view;
#[cfg(feature = "tooling")]
pub mod crash;
#[cfg(not(feature = "tooling"))]
#[allow(dead_code, unused_imports)]
mod crash;
#[cfg(feature = "tooling")]
pub mod excerpt;
#[cfg(not(feature = "tooling"))]
#[allow(dead_code, unused_imports)]
mod excerpt;
#[cfg(all(unix, feature = "process", feature = "tooling"))]
pub mod gtp;
#[cfg(all(unix, feature = "process", not(feature = "tooling")))]
#[allow(dead_code, unused_imports)]
mod gtp;
#[cfg(feature = "tooling")]
pub mod options;
#[cfg(not(feature = "tooling"))]
#[allow(dead_code, unused_imports)]
mod options;
#[cfg(all(unix, feature = "process", feature = "tooling"))]
pub mod process;
#[cfg(all(unix, feature = "process", not(feature = "tooling")))]
#[allow(dead_code, unused_imports)]
mod process;
#[cfg(all(unix, feature = "process", feature = "tooling"))]
pub mod protocol;
#[cfg(all(unix, feature = "process", not(feature = "tooling")))]
#[allow(dead_code, unused_imports)]
mod protocol;
#[cfg(all(unix, feature = "process", feature = "tooling"))]
pub mod sandbox;
#[cfg(all(unix, feature = "process", not(feature = "tooling")))]
#[allow(dead_code, unused_imports)]
mod sandbox;
#[cfg(feature = "tooling")]
pub mod scale;
#[cfg(not(feature = "tooling"))]
#[allow(dead_code, unused_imports)]
mod scale;
#[cfg(all(unix, feature = "process", feature = "tooling"))]
pub mod session;
#[cfg(all(unix, feature = "process", not(feature = "tooling")))]
#[allow(dead_code, unused_imports)]
mod session;
#[cfg(feature = "tooling")]
pub mod vectors;
#[cfg(not(feature = "tooling"))]
#[allow(dead_code, unused_imports)]
mod vectors;

// Tooling only: absent without feature `tooling`.
#[cfg(feature = "tooling")]
pub mod exhaust;
#[cfg(feature = "tooling")]
pub mod fuzz;
#[cfg(feature = "tooling")]
pub mod fuzz_setup;
#[cfg(feature = "tooling")]
pub mod given_inputs;
#[cfg(feature = "tooling")]
pub mod grade;
#[cfg(feature = "tooling")]
pub mod html;
#[cfg(feature = "tooling")]
pub mod names;
#[cfg(feature = "tooling")]
pub mod problem_docs;
#[cfg(feature = "tooling")]
pub mod selftest;
#[cfg(feature = "tooling")]
pub mod testing;

// Private to the harness.
mod batch;
mod config;
#[cfg(all(unix, feature = "process"))]
mod exit_outcome;
#[cfg(test)]
mod fixture;
mod judging;
mod phases;
mod shrink;
