//! The wasmtime settings that decide what machine code `monty.wasm`
//! compiles to, in one place for both compilers of it: `build.rs`, which
//! precompiles the module when the crate is built (included there with
//! `#[path]`), and [`Engine::new`](crate::Engine::new) at run time. An
//! artifact is used only if the engine that loads it has the same
//! [`compatibility_key`] as the one that made it, so a setting added on one
//! side only costs the fast path, never correctness.
//!
//! The instance allocator, the profiler and custom code memory are not
//! here: they do not change the compiled code (wasmtime leaves them out of
//! its compatibility hash) and the build script has no use for them.

use std::hash::{Hash, Hasher};

/// A wasmtime `Config` with the compilation settings every engine uses:
/// fuel metering when `fuel_metering` (the default is on), epoch
/// interruption (the time limit), and compilation on every core.
pub(crate) fn codegen_config(fuel_metering: bool) -> wasmtime::Config {
    let mut config = wasmtime::Config::new();
    config
        .consume_fuel(fuel_metering)
        .epoch_interruption(true)
        .parallel_compilation(true);
    config
}

/// Wasmtime's [`precompile_compatibility_hash`](wasmtime::Engine::precompile_compatibility_hash)
/// of `engine` (its version, target, CPU features and every setting that
/// changes the code) as one number. The same function in the build script
/// and in the library, built by the same toolchain, gives the same number
/// for the same settings (`DefaultHasher::new` is not randomly keyed: its
/// instances are all alike within one version of the standard library).
pub(crate) fn compatibility_key(engine: &wasmtime::Engine) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    engine.precompile_compatibility_hash().hash(&mut hasher);
    hasher.finish()
}
