//! Structured reversi-move cases: engine == oracle, and the text form round-trips.
#![no_main]
use boardcheck::problems::reversi_move::{Case, ReversiMove};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|case: Case| boardcheck::harness::fuzz::structured::<ReversiMove>(&case));
