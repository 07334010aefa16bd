//! The limits every problem shares (the multi-case form) and those of the
//! checker itself. Each problem's own limits live in its folder
//! (`src/problems/*/limits.rs`).

/// Most cases in one multi-case input (the `T` line).
pub const MAX_MULTI_CASES: usize = 1_000_000;

/// `check --properties`: most candidate runs one law may spend on one case
/// (a law needing more, such as k single steps of a k-step case, is
/// skipped and counted).
pub const RUNS_PER_LAW: usize = 9;
