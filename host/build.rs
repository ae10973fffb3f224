//! Points `MONTY_EMBEDDED_WASM` at the workspace's `monty.wasm` so the
//! library can embed it (`Config::new()` then needs no file at run time).
//! When the file is absent (e.g. while the guest is being rebuilt) an empty
//! placeholder is embedded instead and `Engine::new` says so clearly.

use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let manifest = manifest.canonicalize().unwrap_or(manifest);
    let wasm = manifest.join("..").join("monty.wasm");
    println!("cargo:rerun-if-changed={}", wasm.display());
    let embedded = if wasm.is_file() {
        wasm
    } else {
        let placeholder =
            PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join("missing.wasm");
        std::fs::write(&placeholder, b"").expect("write the placeholder");
        placeholder
    };
    println!("cargo:rustc-env=MONTY_EMBEDDED_WASM={}", embedded.display());
}
