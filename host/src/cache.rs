//! The on-disk cache of the compiled module, so a command-line process does
//! not spend seconds in Cranelift on every start.
//!
//! An entry is named by a 256-bit digest of the wasm bytes together with
//! wasmtime's [`precompile_compatibility_hash`](wasmtime::Engine::precompile_compatibility_hash)
//! (wasmtime version, target, and every compilation setting), so a new
//! `monty.wasm`, a new wasmtime, or a different [`Config`](crate::Config)
//! never picks up a stale artifact. The file holds a digest of the artifact
//! followed by the artifact; it is verified before wasmtime deserializes it
//! (deserializing a corrupt artifact is undefined behaviour). The digest is
//! [`fast_digest`], not a cryptographic hash: it catches corruption and
//! truncation, and hashing ~20 MB with SHA-256 on every process start cost
//! more than the rest of the start-up; the cache directory is the user's
//! own, so a deliberately forged entry is not in the threat model. Writes go to a
//! temporary file in the same directory and are renamed into place, so
//! concurrent processes never read a half-written entry, and a lock file
//! per entry makes processes that miss the cache together compile once: the
//! others wait and load the entry. Any failure to read
//! or write the cache falls back to compiling in memory. Writing an entry
//! also deletes this cache's entries older than a week.

use std::fs;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};

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

/// A fast 256-bit digest: four independent 64-bit multiply-xorshift lanes
/// over 8-byte words (several GB/s), plus the length.
pub(crate) fn fast_digest(bytes: &[u8]) -> [u8; 32] {
    const K: [u64; 4] = [
        0x9e37_79b9_7f4a_7c15,
        0xc2b2_ae3d_27d4_eb4f,
        0x1656_67b1_9e37_79f9,
        0x27d4_eb2f_1656_67c5,
    ];
    let mut lanes = K;
    let mut chunks = bytes.chunks_exact(32);
    for chunk in &mut chunks {
        for (i, lane) in lanes.iter_mut().enumerate() {
            let w = u64::from_le_bytes(chunk[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
            *lane = (*lane ^ w).wrapping_mul(K[i] | 1).rotate_left(31);
        }
    }
    let rest = chunks.remainder();
    let mut tail = [0u8; 32];
    tail[..rest.len()].copy_from_slice(rest);
    let mut out = [0u8; 32];
    for (i, lane) in lanes.iter_mut().enumerate() {
        let w = u64::from_le_bytes(tail[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
        let mut h = (*lane ^ w ^ (bytes.len() as u64)).wrapping_mul(K[(i + 1) % 4] | 1);
        h ^= h >> 29;
        h = h.wrapping_mul(K[(i + 2) % 4] | 1);
        h ^= h >> 32;
        out[i * 8..i * 8 + 8].copy_from_slice(&h.to_le_bytes());
    }
    out
}

/// The cache file name for `wasm` compiled by `engine`.
fn entry_name(engine: &Engine, wasm: &[u8]) -> String {
    let d = fast_digest(wasm);
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    d.hash(&mut hasher);
    engine.precompile_compatibility_hash().hash(&mut hasher);
    let key = hasher.finish();
    let hex: String = d.iter().take(12).map(|b| format!("{b:02x}")).collect();
    format!("monty-{hex}-{key:016x}.cwasm")
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
    // One compiler at a time: processes that start together (a first run
    // right after a build) wait for the first one's entry instead of each
    // spending seconds in Cranelift. The lock is advisory, per entry, and
    // released when the file closes (also if the process dies).
    let _lock = lock_entry(dir, &path);
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

/// Takes the exclusive lock of `entry`'s lock file, waiting for another
/// process that holds it; `None` (no waiting) if the file cannot be made.
fn lock_entry(dir: &Path, entry: &Path) -> Option<fs::File> {
    fs::create_dir_all(dir).ok()?;
    let file = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(entry.with_extension("lock"))
        .ok()?;
    file.lock().ok()?;
    Some(file)
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
        let ours = ((name.starts_with("monty-") || name.starts_with(".tmp-"))
            && name.ends_with(".cwasm"))
            || (name.starts_with("monty-") && name.ends_with(".lock"));
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| {
                age > MAX_AGE || (name.starts_with(".tmp-") && age.as_secs() > 3600)
            });
        if ours && old && path != keep && path != keep.with_extension("lock") {
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
    if fast_digest(artifact).as_slice() != checksum {
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
        file.write_all(&fast_digest(artifact))?;
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

    /// Compilers that miss the cache together take turns: while one holds
    /// the entry's lock, the others wait, then load what it wrote.
    #[test]
    fn a_held_lock_makes_the_next_compiler_wait_and_load() {
        let dir = std::env::temp_dir().join(format!("monty-cache-lock-{}", std::process::id()));
        let engine = Engine::default();
        // a module with a function, so the entry is real machine code
        let wasm = wat_module();
        let path = dir.join(entry_name(&engine, &wasm));
        let held = lock_entry(&dir, &path).expect("lock file");
        let (e2, w2, d2) = (engine.clone(), wasm.clone(), dir.clone());
        let waiter = std::thread::spawn(move || load_or_compile(&e2, &w2, &d2).map(|_| ()));
        std::thread::sleep(std::time::Duration::from_millis(100));
        assert!(
            !waiter.is_finished(),
            "the second compiler waits for the lock"
        );
        // the holder writes the entry, then lets go
        let module = Module::new(&engine, &wasm).unwrap();
        store(&dir, &path, &module.serialize().unwrap()).unwrap();
        let written = fs::metadata(&path).unwrap().modified().unwrap();
        drop(held);
        waiter.join().unwrap().unwrap();
        let after = fs::metadata(&path).unwrap().modified().unwrap();
        assert_eq!(
            written, after,
            "the waiter loaded the entry instead of writing its own"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    /// `(module (func (export "f") (result i32) i32.const 7))`, encoded.
    fn wat_module() -> Vec<u8> {
        vec![
            0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
            0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f, // type: () -> i32
            0x03, 0x02, 0x01, 0x00, // func 0 has type 0
            0x07, 0x05, 0x01, 0x01, 0x66, 0x00, 0x00, // export "f" = func 0
            0x0a, 0x06, 0x01, 0x04, 0x00, 0x41, 0x07, 0x0b, // body: i32.const 7
        ]
    }
}
