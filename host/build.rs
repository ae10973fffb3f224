//! Points `MONTY_EMBEDDED_WASM` at the workspace's `monty.wasm` so the
//! library can embed it (`Config::new()` then needs no file at run time),
//! and precompiles it: `MONTY_PRECOMPILED` names the machine code
//! wasmtime made of it with the settings the runtime uses
//! (`src/codegen.rs`), and `MONTY_PRECOMPILED_KEY` their compatibility
//! key. The library embeds both and loads the artifact instead of
//! compiling when its own engine has the same key, so the first run after
//! a build is as fast as any later one (README.md, "Start-up").
//!
//! No artifact (an empty file, key 0) when:
//! - the target is not the machine building it (cross-compilation: the
//!   artifact would be tuned to this CPU, not the target's), or not Linux
//!   (where the library loads it in place);
//! - the profile is `debug` (wasmtime in the build script is unoptimized
//!   there, and Cranelift would take minutes; `MONTY_PRECOMPILE=1` forces
//!   it);
//! - `MONTY_PRECOMPILE=0`, or monty.wasm is absent, or compiling fails (a
//!   warning; the library then compiles at run time as before).
//!
//! When monty.wasm is absent (e.g. while the guest is being rebuilt) an
//! empty placeholder is embedded instead and `Engine::new` says so clearly.

use std::path::{Path, PathBuf};

#[path = "src/codegen.rs"]
mod codegen;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let manifest = manifest.canonicalize().unwrap_or(manifest);
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
    let wasm = manifest.join("..").join("monty.wasm");
    println!("cargo:rerun-if-changed={}", wasm.display());
    println!("cargo:rerun-if-changed=src/codegen.rs");
    println!("cargo:rerun-if-env-changed=MONTY_PRECOMPILE");
    let embedded = if wasm.is_file() {
        wasm
    } else {
        let placeholder = out.join("missing.wasm");
        std::fs::write(&placeholder, b"").expect("write the placeholder");
        placeholder
    };
    println!("cargo:rustc-env=MONTY_EMBEDDED_WASM={}", embedded.display());

    let artifact = out.join("monty.cwasm");
    let key = match precompile(&embedded) {
        Ok(Some((bytes, key))) => {
            std::fs::write(&artifact, bytes).expect("write the precompiled module");
            key
        }
        Ok(None) => {
            std::fs::write(&artifact, b"").expect("write the placeholder");
            0
        }
        Err(e) => {
            println!(
                "cargo:warning=monty-host: precompiling monty.wasm failed ({e:#}); the module \
                 will be compiled at run time"
            );
            std::fs::write(&artifact, b"").expect("write the placeholder");
            0
        }
    };
    println!("cargo:rustc-env=MONTY_PRECOMPILED={}", artifact.display());
    println!("cargo:rustc-env=MONTY_PRECOMPILED_KEY={key}");
}

/// The artifact and its compatibility key, or `None` when this build
/// makes none (see the module comment).
fn precompile(wasm: &Path) -> wasmtime::Result<Option<(Vec<u8>, u64)>> {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let wanted = match var("MONTY_PRECOMPILE").as_str() {
        "0" => false,
        "1" => true,
        _ => var("PROFILE") != "debug",
    };
    // The library loads the artifact on Linux only (src/precompiled.rs).
    if !wanted || var("TARGET") != var("HOST") || var("CARGO_CFG_TARGET_OS") != "linux" {
        return Ok(None);
    }
    let bytes = std::fs::read(wasm)?;
    if bytes.is_empty() {
        return Ok(None);
    }
    let engine = wasmtime::Engine::new(&codegen::codegen_config(true))?;
    let artifact = engine.precompile_module(&bytes)?;
    Ok(Some((artifact, codegen::compatibility_key(&engine))))
}
