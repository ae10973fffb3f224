//! The machine code of the embedded `monty.wasm`, made when this crate was
//! built (`build.rs`), so a process loads the module instead of compiling
//! it: the first run after `cargo build` is as fast as any later one, with
//! no cache file to write or read.
//!
//! The artifact is part of the binary (`include_bytes!`, page-aligned) and
//! wasmtime uses it in place ([`Module::deserialize_raw`]): nothing is read
//! or copied at start, and the kernel pages in only the code a run
//! executes. Its text is made executable with `mprotect` on the binary's
//! own read-only pages ([`InPlace`], wasmtime's custom code memory hook,
//! since the bytes are not an mmap wasmtime made).
//!
//! Why loading it is sound (deserializing arbitrary bytes is undefined
//! behaviour): the bytes are what `Engine::precompile_module` wrote, and
//! they are inside the executable itself, trusted exactly as much as the
//! code that loads them (whoever can alter them can alter that code). They
//! are used only when the running engine's [`compatibility_key`] equals the
//! one recorded at build time (same wasmtime, same settings, same target
//! and CPU features; a binary copied to a machine with other CPU features
//! falls back to compiling), and wasmtime checks its own header and version
//! again.

#[cfg(target_os = "linux")]
mod imp {
    use std::ptr::NonNull;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    use wasmtime::{CustomCodeMemory, Engine, Module};

    use crate::codegen::compatibility_key;
    use crate::error::Error;

    /// Aligned so that wasmtime's page-aligned sections (text, the memory
    /// image) are page-aligned in memory too, for pages of up to 64 KiB.
    #[repr(C, align(65536))]
    struct PageAligned<B: ?Sized>(B);

    static ARTIFACT: &PageAligned<[u8]> = &PageAligned(*include_bytes!(env!("MONTY_PRECOMPILED")));

    /// The artifact's compatibility key, from the build script.
    const KEY: &str = env!("MONTY_PRECOMPILED_KEY");

    /// Whether this build has an artifact (see `build.rs` for when not).
    pub(crate) fn available() -> bool {
        !ARTIFACT.0.is_empty()
    }

    /// Whether a module is using the artifact in place. wasmtime keeps one
    /// process-wide registry of code addresses (and of unwind tables), and
    /// one address range may be registered once: while one engine's
    /// module uses the embedded bytes, other engines get a copy.
    static IN_PLACE: AtomicBool = AtomicBool::new(false);

    /// The embedded module for an engine with `engine_config` (the
    /// settings apart from the code memory hook): in place for the first
    /// engine of the process (nothing read or copied), a copy for engines
    /// made while that one lives (as fast as loading a cache file, with
    /// nothing to verify). `None` if this engine's compatibility key is
    /// not the build's (then the caller compiles).
    pub(crate) fn load(
        engine_config: &mut dyn FnMut(Option<Arc<dyn CustomCodeMemory>>) -> Result<Engine, Error>,
    ) -> Result<Option<(Engine, Module)>, Error> {
        if !available() {
            return Ok(None);
        }
        let engine = engine_config(Some(Arc::new(InPlace)))?;
        if compatibility_key(&engine).to_string() != KEY {
            return Ok(None);
        }
        if !IN_PLACE.swap(true, Ordering::SeqCst) {
            let memory = NonNull::from(&ARTIFACT.0);
            // SAFETY: the bytes are the unmodified output of
            // `Engine::precompile_module` for an engine with this engine's
            // compatibility key, embedded in this executable's read-only
            // data (so they live as long as the process and nothing writes
            // them), and no other module uses them (`IN_PLACE`); see the
            // module comment. If this fails the flag stays set and later
            // engines take copies: slower, never unsound.
            if let Ok(module) = unsafe { Module::deserialize_raw(&engine, memory) } {
                return Ok(Some((engine, module)));
            }
        }
        let engine = engine_config(None)?;
        // SAFETY: as above; wasmtime copies the bytes.
        Ok(unsafe { Module::deserialize(&engine, &ARTIFACT.0) }
            .ok()
            .map(|module| (engine, module)))
    }

    /// Publishes code where it lies: `mprotect` to read+execute. The
    /// artifact's pages are the binary's read-only data, never writable,
    /// so no icache maintenance is needed (nothing was written to them).
    /// Only engines that load the artifact in place have this hook, and
    /// they load nothing else; every other module is published by wasmtime
    /// itself.
    struct InPlace;

    impl CustomCodeMemory for InPlace {
        fn required_alignment(&self) -> usize {
            rustix::param::page_size()
        }

        fn publish_executable(&self, ptr: *const u8, len: usize) -> wasmtime::Result<()> {
            use rustix::mm::{mprotect, MprotectFlags};
            // SAFETY: `ptr..ptr + len` is the text of a module wasmtime
            // is loading, page-aligned (checked by wasmtime against
            // `required_alignment`); making it executable is the point.
            unsafe {
                mprotect(
                    ptr as *mut _,
                    len,
                    MprotectFlags::READ | MprotectFlags::EXEC,
                )
            }
            .map_err(|e| wasmtime::format_err!("mprotect(PROT_EXEC): {e}"))
        }

        /// Leaves the code executable (the pages are never writable, so
        /// this keeps W^X; another module may use them next) and lets the
        /// next engine use the artifact in place. Called when the module's
        /// code is dropped, after wasmtime has unregistered it (the
        /// registration holds the code).
        fn unpublish_executable(&self, _ptr: *const u8, _len: usize) -> wasmtime::Result<()> {
            IN_PLACE.store(false, Ordering::SeqCst);
            Ok(())
        }
    }
}

/// Elsewhere the artifact is not embedded (the in-place hook above is
/// Linux-specific): the module comes from the disk cache or the compiler.
#[cfg(not(target_os = "linux"))]
mod imp {
    use std::sync::Arc;

    use wasmtime::{CustomCodeMemory, Engine, Module};

    use crate::error::Error;

    pub(crate) fn load(
        _engine_config: &mut dyn FnMut(Option<Arc<dyn CustomCodeMemory>>) -> Result<Engine, Error>,
    ) -> Result<Option<(Engine, Module)>, Error> {
        Ok(None)
    }
}

pub(crate) use imp::load;

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use crate::engine::wasmtime_engine;
    use crate::Config;

    /// The default configuration loads the build's artifact: the runtime's
    /// settings and the build script's (src/codegen.rs) agree, so a
    /// release build's first run does not compile. (A debug build has no
    /// artifact unless MONTY_PRECOMPILE=1; then there is nothing to check.)
    #[test]
    fn the_default_engine_loads_the_embedded_artifact() {
        if !super::imp::available() {
            return;
        }
        for pooling in [true, false] {
            let config = Config::new().pooling_allocator(pooling);
            let (_, module) = super::load(&mut |hook| wasmtime_engine(&config, hook))
                .unwrap()
                .expect("the artifact matches the default engine");
            assert!(module.get_export("memory").is_some());
        }
    }

    /// Settings that change the code (here: no fuel checks) have another
    /// key, so the artifact is refused and the module is compiled.
    #[test]
    fn other_code_settings_refuse_the_artifact() {
        let config = Config::new().fuel_metering(false);
        let loaded = super::load(&mut |hook| wasmtime_engine(&config, hook)).unwrap();
        assert!(loaded.is_none());
    }
}

#[cfg(test)]
mod shared_tests {
    use crate::{CaptureSink, Config, Engine, Progress, StartRequest};

    fn one_plus_one(engine: &Engine) {
        let progress = engine
            .start(StartRequest::new("1 + 1"), CaptureSink::new())
            .unwrap();
        assert!(
            matches!(progress, Progress::Complete { .. }),
            "{progress:?}"
        );
    }

    /// Engines that load the same embedded artifact share its pages (and
    /// its unwind tables): dropping one leaves the others running.
    #[test]
    fn engines_sharing_the_artifact_outlive_each_other() {
        let a = Engine::new(Config::new().max_concurrent_executions(2)).unwrap();
        let b = Engine::new(Config::new().max_concurrent_executions(2)).unwrap();
        one_plus_one(&a);
        one_plus_one(&b);
        drop(a);
        one_plus_one(&b);
        let c = Engine::new(Config::new().max_concurrent_executions(2)).unwrap();
        drop(b);
        one_plus_one(&c);
    }
}
