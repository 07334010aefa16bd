//! Any bytes as a go-capture input or answer: no panic; what parses solves
//! the same with engine and oracle and round-trips through the text form.
#![no_main]
use boardcheck::problems::go_capture::GoCapture;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| boardcheck::harness::fuzz::text_input::<GoCapture>(data));
