//! Structured flank-row cases: engine == oracle, and the text form round-trips.
#![no_main]
use boardcheck::problems::flank_row::{Case, FlankRow};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|case: Case| boardcheck::harness::fuzz::structured::<FlankRow>(&case));
