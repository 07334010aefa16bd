//! Generated from the problem registry by `cargo run --example fuzz_setup`:
//! the body is `boardcheck::harness::fuzz::targets()`'s entry of this
//! binary's name (docs/fuzzing.md).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| boardcheck::harness::fuzz::run(env!("CARGO_BIN_NAME"), data));
