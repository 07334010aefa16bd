//! `boardcheck check`: the main job, a file a part: its options
//! (`args.rs`), the candidate they give (`candidate.rs`), the run
//! (`run.rs`) and what it prints (`print.rs`).

mod args;
mod candidate;
mod print;
mod run;

pub use args::{CheckArgs, JudgeArgs, LimitArgs};
pub use candidate::{AnyCandidate, built, external};
pub use print::{on_interrupt, random_seed};
pub use run::run;
