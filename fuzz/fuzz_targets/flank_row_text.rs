//! Any bytes as a flank-row input or answer: no panic; what parses solves
//! the same with engine and oracle and round-trips through the text form.
#![no_main]
use boardcheck::problems::flank_row::FlankRow;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| boardcheck::harness::fuzz::text_input::<FlankRow>(data));
