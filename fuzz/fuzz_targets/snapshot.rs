//! A real snapshot with byte edits (valid header), restored and resumed.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

fn payload() -> &'static [u8] {
    static PAYLOAD: OnceLock<Vec<u8>> = OnceLock::new();
    PAYLOAD.get_or_init(monty_fuzz::harness::paused_payload)
}

fuzz_target!(|data: &[u8]| {
    let payload = payload();
    monty_fuzz::on_small_stack(|| monty_fuzz::harness::snapshot(payload, data));
});
