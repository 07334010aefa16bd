//! Structured go-capture boards: engine == oracle, and the text form round-trips.
#![no_main]
use boardcheck::problems::go_capture::{Board, GoCapture};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|board: Board| boardcheck::harness::fuzz::structured::<GoCapture>(&board));
