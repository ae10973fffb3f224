//! The on-disk cache of the compiled module, so a command-line process does
//! not spend seconds in Cranelift on every start.
//!
//! An entry is named by the SHA-256 of the wasm bytes together with
//! wasmtime's [`precompile_compatibility_hash`](wasmtime::Engine::precompile_compatibility_hash)
//! (wasmtime version, target, and every compilation setting), so a new
//! `monty.wasm`, a new wasmtime, or a different [`Config`](crate::Config)
//! never picks up a stale artifact. The file holds a SHA-256 of the artifact
//! followed by the artifact; it is verified before wasmtime deserializes it
//! (deserializing a corrupt artifact is undefined behaviour, and a
//! checksum is cheap next to the copy wasmtime makes anyway). Writes go to a
//! temporary file in the same directory and are renamed into place, so
//! concurrent processes never read a half-written entry. Any failure to read
//! or write the cache falls back to compiling in memory. Writing an entry
//! also deletes this cache's entries older than a week.

use std::fs;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use wasmtime::{Engine, Module};

/// The directory the command line uses: `$MONTY_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/monty`, else `~/.cache/monty`; `None` when none is set.
pub fn default_cache_dir() -> Option<PathBuf> {
    let from_env = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    from_env("MONTY_CACHE_DIR")
        .or_else(|| from_env("XDG_CACHE_HOME").map(|d| d.join("monty")))
        .or_else(|| from_env("HOME").map(|d| d.join(".cache").join("monty")))
}

/// Feeds `Hash` output into SHA-256.
struct ShaHasher(Sha256);

impl Hasher for ShaHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    fn finish(&self) -> u64 {
        unreachable!("only used to feed the digest")
    }
}

/// The cache file name for `wasm` compiled by `engine`.
fn entry_name(engine: &Engine, wasm: &[u8]) -> String {
    let mut hasher = ShaHasher(Sha256::new());
    hasher.write(&Sha256::digest(wasm));
    engine.precompile_compatibility_hash().hash(&mut hasher);
    let digest = hasher.0.finalize();
    let hex: String = digest.iter().take(20).map(|b| format!("{b:02x}")).collect();
    format!("monty-{hex}.cwasm")
}

/// Loads the compiled module from `dir`, or compiles it and stores it there.
///
/// # Errors
///
/// Only compilation errors; cache I/O problems are ignored.
pub(crate) fn load_or_compile(
    engine: &Engine,
    wasm: &[u8],
    dir: &Path,
) -> wasmtime::Result<Module> {
    let path = dir.join(entry_name(engine, wasm));
    if let Some(module) = load(engine, &path) {
        return Ok(module);
    }
    let module = Module::new(engine, wasm)?;
    if let Ok(artifact) = module.serialize() {
        if store(dir, &path, &artifact).is_ok() {
            prune(dir, &path);
        }
    }
    Ok(module)
}

/// Entries untouched for this long are deleted when a new one is written,
/// so old `monty.wasm` builds do not pile up (about 5 MB each).
const MAX_AGE: std::time::Duration = std::time::Duration::from_secs(7 * 24 * 3600);

/// Deletes our old entries and abandoned temporary files in `dir`, except `keep`.
fn prune(dir: &Path, keep: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        let ours =
            (name.starts_with("monty-") || name.starts_with(".tmp-")) && name.ends_with(".cwasm");
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| {
                age > MAX_AGE || (name.starts_with(".tmp-") && age.as_secs() > 3600)
            });
        if ours && old && path != keep {
            let _ = fs::remove_file(path);
        }
    }
}

fn load(engine: &Engine, path: &Path) -> Option<Module> {
    let file = fs::read(path).ok()?;
    if file.len() < 32 {
        return None;
    }
    let (checksum, artifact) = file.split_at(32);
    if Sha256::digest(artifact).as_slice() != checksum {
        return None;
    }
    // SAFETY: `artifact` was produced by `Module::serialize` of a wasmtime
    // engine with the same compatibility hash (it is in the file name), and
    // its checksum matches, so it is exactly the bytes we wrote. wasmtime
    // additionally checks its own header and version.
    unsafe { Module::deserialize(engine, artifact) }.ok()
}

fn store(dir: &Path, path: &Path, artifact: &[u8]) -> std::io::Result<()> {
    fs::create_dir_all(dir)?;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let tmp = dir.join(format!(".tmp-{}-{nanos}.cwasm", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(&Sha256::digest(artifact))?;
        file.write_all(artifact)?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_names_depend_on_the_bytes() {
        let engine = Engine::default();
        let a = entry_name(&engine, b"\0asm\x01\0\0\0");
        let b = entry_name(&engine, b"\0asm\x01\0\0\0 ");
        assert_ne!(a, b);
        assert_eq!(a, entry_name(&engine, b"\0asm\x01\0\0\0"));
        assert!(a.starts_with("monty-") && a.ends_with(".cwasm"));
    }

    #[test]
    fn corrupt_entries_are_recompiled() {
        let dir = std::env::temp_dir().join(format!("monty-cache-test-{}", std::process::id()));
        let engine = Engine::default();
        let wasm = b"\0asm\x01\0\0\0"; // the empty module
        let path = dir.join(entry_name(&engine, wasm));
        load_or_compile(&engine, wasm, &dir).unwrap();
        assert!(load(&engine, &path).is_some(), "entry written and readable");
        let mut bytes = fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0xff;
        fs::write(&path, &bytes).unwrap();
        assert!(load(&engine, &path).is_none(), "corruption detected");
        load_or_compile(&engine, wasm, &dir).unwrap();
        assert!(load(&engine, &path).is_some(), "entry rewritten");
        let _ = fs::remove_dir_all(&dir);
    }
}
