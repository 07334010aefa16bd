//! Structured chomp-solve cases: engine == reference, and the text form round-trips.
#![no_main]
use boardcheck::problems::chomp_solve::{Case, ChompSolve};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|case: Case| boardcheck::harness::fuzz::structured::<ChompSolve>(&case));
