//! The limits every problem shares (the multi-case form) and those of the
//! checker itself. Each problem's own limits live in its folder
//! (`src/problems/*/limits.rs`).

/// Most cases in one multi-case input (the `T` line).
pub const MAX_MULTI_CASES: usize = 1_000_000;

/// `check --properties`: most candidate runs one law may spend on one case
/// (a law needing more, such as k single steps of a k-step case, is
/// skipped and counted).
pub const RUNS_PER_LAW: usize = 9;

/// The cores this process may use (1 when that cannot be told), asked once:
/// the standard library reads the cgroup files on every call, which cost
/// more than a small check's first case.
pub fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}
