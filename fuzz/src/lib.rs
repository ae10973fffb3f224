//! The fuzz harnesses (see `harness.rs`), plus running one on a thread
//! with a small stack so deep native recursion shows up the way it would
//! in `monty.wasm` under wasmtime's 512 KiB stack.

pub mod harness;

/// Native stack for one input: 1 MiB, a little above wasmtime's default
/// `max_wasm_stack`, since native frames are not the wasm frames.
pub const STACK: usize = 1 << 20;

/// Runs `f` on a fresh thread with [`STACK`] bytes of stack, re-raising a
/// panic. A fresh thread per input also keeps thread-local caches from
/// carrying state from one input to the next.
pub fn on_small_stack(f: impl FnOnce() + Send) {
    std::thread::scope(|s| {
        let handle = std::thread::Builder::new()
            .stack_size(STACK)
            .spawn_scoped(s, f)
            .expect("spawn");
        if let Err(panic) = handle.join() {
            std::panic::resume_unwind(panic);
        }
    });
}
