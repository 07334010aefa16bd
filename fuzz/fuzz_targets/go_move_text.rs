//! Any bytes as a go-move input or answer: no panic; what parses (a legal
//! position and a move) solves the same with engine and oracle and
//! round-trips through the text form.
#![no_main]
use boardcheck::problems::go_move::GoMove;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| boardcheck::harness::fuzz::text_input::<GoMove>(data));
