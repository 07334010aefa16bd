//! `boardcheck check`: the main job, a file a part: its options
//! (`args.rs`), the candidate they give (`any_candidate.rs`), the run
//! (`run.rs`) and what it prints (`print.rs`).

mod any_candidate;
mod args;
mod print;
mod run;

pub use any_candidate::{AnyCandidate, built, external};
pub use args::{CheckArgs, JudgeArgs, LimitArgs};
pub use print::{on_interrupt, random_seed};
pub use run::run;
