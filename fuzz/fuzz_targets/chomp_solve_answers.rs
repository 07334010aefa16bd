//! Generated from the problem registry by `cargo run --example regenerate`:
//! the body is `boardcheck::harness::fuzz::targets::<Registry>()`'s entry of
//! this binary's name (docs/fuzzing.md).
#![no_main]
use boardcheck::problems::Registry;
libfuzzer_sys::fuzz_target!(|data: &[u8]| boardcheck::harness::fuzz::run::<Registry>(env!("CARGO_BIN_NAME"), data));
