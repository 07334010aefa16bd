//! Any bytes as a reversi-move input (text and JSON) or answer: no panic;
//! what parses solves the same with engine and oracle and round-trips
//! through the text form.
#![no_main]
use boardcheck::problems::reversi_move::ReversiMove;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    boardcheck::harness::fuzz::text_input::<ReversiMove>(data);
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(case) = boardcheck::problems::reversi_move::format::case_from_json(text) {
            boardcheck::harness::fuzz::structured::<ReversiMove>(&case);
        }
    }
});
