//! Structured go-move cases: engine == oracle, and the text form round-trips.
#![no_main]
use boardcheck::problems::go_move::{Case, GoMove};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|case: Case| boardcheck::harness::fuzz::structured::<GoMove>(&case));
