//! The switch of a mutant-schemata build (`scripts/mutants-table.py`,
//! docs/finders.md): one build of a copy of this crate that holds every
//! cargo-mutants mutant of the engine and oracle files, each behind
//! [`on`], so a mutant is chosen when the program runs, not by a rebuild.
//! In this crate's own source nothing calls [`on`]: the copy's rewritten
//! files do. Not part of the API.

use std::cell::Cell;
use std::sync::OnceLock;

thread_local! {
    /// The mutant [`with`] turned on for this thread's call, or 0.
    static CHOSEN: Cell<u32> = const { Cell::new(0) };
}

/// The mutant `BOARDCHECK_MUTANT` names for the whole process (the test
/// suite's runs), or 0.
fn process_wide() -> u32 {
    static ID: OnceLock<u32> = OnceLock::new();
    *ID.get_or_init(|| {
        std::env::var("BOARDCHECK_MUTANT")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    })
}

/// Whether mutant `id` is on: the one [`with`] chose on this thread, else
/// the one the environment names.
#[inline]
pub fn on(id: u32) -> bool {
    match CHOSEN.with(Cell::get) {
        0 => process_wide() == id,
        chosen => chosen == id,
    }
}

/// `f` with mutant `id` on for this thread only, and off again afterwards,
/// also when `f` panics: the finders call a mutated engine or oracle as the
/// bug and everything else (generators, reference, shrinking) unmutated.
pub fn with<R>(id: u32, f: impl FnOnce() -> R) -> R {
    struct Reset(u32);
    impl Drop for Reset {
        fn drop(&mut self) {
            CHOSEN.with(|c| c.set(self.0));
        }
    }
    let _reset = Reset(CHOSEN.with(|c| c.replace(id)));
    f()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mutant_is_on_inside_with_only() {
        assert!(!on(7));
        let inside = with(7, || (on(7), on(8)));
        assert_eq!(inside, (true, false));
        assert!(!on(7));
        let panicked = std::panic::catch_unwind(|| with(7, || panic!("mutated")));
        assert!(panicked.is_err());
        assert!(!on(7), "a panic inside leaves the mutant off");
    }
}
