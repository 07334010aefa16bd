//! Structured chomp cases: engine == reference, and the text form round-trips.
#![no_main]
use boardcheck::problems::chomp::{Case, Chomp};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|case: Case| boardcheck::harness::fuzz::structured::<Chomp>(&case));
