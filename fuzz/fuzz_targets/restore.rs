//! Arbitrary bytes through restore, raw and behind a valid header.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    monty_fuzz::on_small_stack(|| monty_fuzz::harness::restore(data));
});
