//! Any bytes as a chomp-solve input or answer: no panic; what parses solves
//! the same with engine and reference and round-trips through the text form.
#![no_main]
use boardcheck::problems::chomp_solve::ChompSolve;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| boardcheck::harness::fuzz::text_input::<ChompSolve>(data));
