//! The long-lived part: configuration, the compiled module, and the
//! pre-linked instance template every execution is stamped from.
//!
//! Build one [`Engine`] per process and share it (it is `Clone + Send +
//! Sync`; clones are cheap handles). Building it loads the machine code
//! precompiled at build time (the embedded module: `precompiled.rs`), or
//! loads it from the disk cache, or compiles `monty.wasm`, checks the module's imports and exports
//! against the contract, links the deny-all WASI surface once
//! ([`wasmtime::InstancePre`]) and starts one background thread that
//! advances the epoch every [`EPOCH_TICK`] for the time limit; the thread
//! exits once the engine and every execution made from it are dropped.
//! Instances come from wasmtime's pooling allocator, so starting an execution
//! is cheap (copy-on-write memory images, no mmap per instance, and on
//! Linux 6.7+ slots reset in place: see [`KEEP_RESIDENT`]).

use std::borrow::Cow;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use wasmtime::{ExternType, InstanceAllocationStrategy, Linker, Module, PoolingAllocationConfig};

use crate::cache;
use crate::codegen;
use crate::compiled::{Compiled, EpochClock, StoreState};
use crate::error::Error;
use crate::execution::{Export, Live, Progress};
use crate::limits::{Limits, EPOCH_TICK};
use crate::output::OutputSink;
use crate::precompiled;
use crate::protocol::{self, CheckReport, StartRequest};
use crate::snapshot_seal::SnapshotKey;
use crate::wasi;

/// The `monty.wasm` this crate was built with (empty if the file was absent
/// at build time; see `build.rs`).
static EMBEDDED_WASM: &[u8] = include_bytes!(env!("MONTY_EMBEDDED_WASM"));

#[derive(Debug, Clone)]
enum ModuleSource {
    Embedded,
    Path(PathBuf),
    Bytes(Arc<[u8]>),
}

#[derive(Debug, Clone)]
enum CacheSetting {
    Off,
    Default,
    Dir(PathBuf),
}

/// Bytes of each pooled linear memory (and table) kept resident between
/// executions, reset in place instead of being handed back to the kernel.
///
/// Only where Linux's `PAGEMAP_SCAN` ioctl is available (kernel 6.7+):
/// wasmtime then finds the pages an execution dirtied and copies the
/// memory image back over just those, so the next execution in the slot
/// takes no page faults and the slot needs no `madvise`. This halves the
/// start of a small execution (measured: `1 + 1` 56 → 27 µs median).
/// Without the ioctl wasmtime would `memset` the lowest addresses instead,
/// which for our layout (the shadow stack sits at the bottom of memory)
/// touches pages no execution used, so the option stays off there.
///
/// Cost: up to this much resident memory per pool slot that has run an
/// execution (64 slots by default: at most 64 MiB per kind).
const KEEP_RESIDENT: usize = 1 << 20;

/// How to build an [`Engine`]. `Config::new()` uses the embedded
/// `monty.wasm`, [`Limits::default`], no disk cache, and a pool of 64
/// concurrent executions.
#[derive(Debug, Clone)]
pub struct Config {
    module: ModuleSource,
    limits: Limits,
    cache: CacheSetting,
    max_concurrent: u32,
    pooling: bool,
    fuel_metering: bool,
    perf_map: bool,
    snapshot_key: Option<[u8; 32]>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            module: ModuleSource::Embedded,
            limits: Limits::default(),
            cache: CacheSetting::Off,
            max_concurrent: 64,
            pooling: true,
            fuel_metering: true,
            perf_map: false,
            snapshot_key: None,
        }
    }
}

impl Config {
    /// The default configuration.
    pub fn new() -> Self {
        Self::default()
    }

    /// Loads the module from `path` instead of the embedded build; `None`
    /// goes back to the embedded one.
    pub fn module_path(mut self, path: Option<PathBuf>) -> Self {
        self.module = path.map_or(ModuleSource::Embedded, ModuleSource::Path);
        self
    }

    /// Uses these module bytes instead of the embedded build.
    pub fn module_bytes(mut self, bytes: impl Into<Vec<u8>>) -> Self {
        self.module = ModuleSource::Bytes(bytes.into().into());
        self
    }

    /// The limits every execution gets unless its request says otherwise.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Caches the compiled module on disk in the default directory
    /// ([`default_cache_dir`](crate::default_cache_dir)) when `true`; off by
    /// default (a long-running embedder compiles once per process anyway).
    pub fn disk_cache(mut self, enabled: bool) -> Self {
        self.cache = if enabled {
            CacheSetting::Default
        } else {
            CacheSetting::Off
        };
        self
    }

    /// Caches the compiled module on disk in `dir`.
    pub fn cache_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.cache = CacheSetting::Dir(dir.into());
        self
    }

    /// How many executions may be alive (running or paused) at once.
    /// Default 64. With the pooling allocator this many instance slots are
    /// reserved up front (address space only: a 4 GiB + guard reservation
    /// per slot, committed as used); starting one more fails with
    /// [`Error::Internal`].
    pub fn max_concurrent_executions(mut self, n: u32) -> Self {
        self.max_concurrent = n.max(1);
        self
    }

    /// Whether to use wasmtime's pooling allocator (default `true`). Turn it
    /// off where reserving address space up front is not possible (e.g. under
    /// a small `ulimit -v`); executions are then unbounded in number but
    /// slower to start.
    pub fn pooling_allocator(mut self, enabled: bool) -> Self {
        self.pooling = enabled;
        self
    }

    /// Whether to write `/tmp/perf-<pid>.map` naming the compiled wasm
    /// functions, so that `perf record`/`perf report` can attribute samples
    /// inside the guest (default `false`; a profiling aid: build the module
    /// without `strip` to get Rust names, see README.md, "Profiling").
    /// Unix only.
    pub fn perf_map(mut self, enabled: bool) -> Self {
        self.perf_map = enabled;
        self
    }

    /// Whether wasm code counts fuel (default `true`). With `false` the
    /// compiled code carries no fuel checks, so [`Limits::fuel`] is not
    /// enforced and CPU is bounded by the wall-clock limit alone; this
    /// exists to measure what fuel metering costs, not for untrusted code.
    pub fn fuel_metering(mut self, enabled: bool) -> Self {
        self.fuel_metering = enabled;
        self
    }

    /// The key snapshots are sealed with (HMAC-SHA-256; see
    /// [`Execution::snapshot`](crate::Execution::snapshot)). Engines that
    /// share a key restore each other's snapshots, in any process. Default:
    /// a random key per engine, so its snapshots restore only in it.
    pub fn snapshot_key(mut self, key: [u8; 32]) -> Self {
        self.snapshot_key = Some(key);
        self
    }
}

struct Inner {
    compiled: Arc<Compiled>,
    limits: Limits,
}

/// A compiled, linked `monty.wasm`, ready to start executions.
#[derive(Clone)]
pub struct Engine {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("limits", &self.inner.limits)
            .finish_non_exhaustive()
    }
}

/// The exports the module must have, with their core signatures.
const REQUIRED_EXPORTS: &[(&str, &str)] = &[
    ("cabi_realloc", "(i32, i32, i32, i32) -> (i32)"),
    ("snapshot", "() -> (i32)"),
    ("cabi_post_snapshot", "(i32) -> ()"),
];

fn signature(ty: &wasmtime::FuncType) -> String {
    let list = |types: Vec<String>| types.join(", ");
    format!(
        "({}) -> ({})",
        list(ty.params().map(|t| t.to_string()).collect()),
        list(ty.results().map(|t| t.to_string()).collect())
    )
}

/// Checks the module against the boundary contract, naming what is wrong.
fn check_module(module: &Module) -> Result<(), Error> {
    for import in module.imports() {
        if import.module() != wasi::MODULE || !wasi::PROVIDED.contains(&import.name()) {
            return Err(Error::Internal(format!(
                "monty.wasm imports `{}::{}`, which this host does not provide (it grants only the \
                 deny-all `{}` functions)",
                import.module(),
                import.name(),
                wasi::MODULE
            )));
        }
    }
    let mut required: Vec<(String, String)> = REQUIRED_EXPORTS
        .iter()
        .map(|(n, s)| ((*n).to_owned(), (*s).to_owned()))
        .collect();
    for export in Export::ALL {
        required.push((export.name().to_owned(), "(i32, i32) -> (i32)".to_owned()));
        required.push((
            format!("cabi_post_{}", export.name()),
            "(i32) -> ()".to_owned(),
        ));
    }
    for (name, expected) in required {
        match module.get_export(&name) {
            Some(ExternType::Func(ty)) if signature(&ty) == expected => {}
            Some(ExternType::Func(ty)) => {
                return Err(Error::Internal(format!(
                    "monty.wasm export `{name}` has type {}, expected {expected}",
                    signature(&ty)
                )))
            }
            _ => {
                return Err(Error::Internal(format!(
                    "monty.wasm does not export the function `{name}`"
                )))
            }
        }
    }
    if !matches!(module.get_export("memory"), Some(ExternType::Memory(_))) {
        return Err(Error::internal("monty.wasm does not export `memory`"));
    }
    Ok(())
}

/// The wasmtime engine for `config`, with `code_memory` as its custom
/// code memory (the in-place hook of the precompiled module) if given.
pub(crate) fn wasmtime_engine(
    config: &Config,
    code_memory: Option<Arc<dyn wasmtime::CustomCodeMemory>>,
) -> Result<wasmtime::Engine, Error> {
    let mut wt = codegen::codegen_config(config.fuel_metering);
    if config.perf_map {
        wt.profiler(wasmtime::ProfilingStrategy::PerfMap);
    }
    if config.pooling {
        let n = config.max_concurrent;
        let mut pool = PoolingAllocationConfig::new();
        pool.total_core_instances(n)
            .total_memories(n)
            .total_tables(n)
            // Function tables of a large Rust module exceed the 20 000
            // default; the memory cap is enforced per execution by the
            // store's limiter, so the pool allows the full wasm32 range.
            .table_elements(100_000)
            .max_memory_size(1 << 32);
        if PoolingAllocationConfig::is_pagemap_scan_available() {
            pool.pagemap_scan(wasmtime::Enabled::Yes)
                .linear_memory_keep_resident(KEEP_RESIDENT)
                .table_keep_resident(KEEP_RESIDENT);
        }
        wt.allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
    }
    wt.with_custom_code_memory(code_memory);
    wasmtime::Engine::new(&wt)
        .map_err(|e| Error::Internal(format!("cannot create the wasm engine: {e:#}")))
}

/// The engine and the compiled module, the fastest way available: the
/// module precompiled at build time (embedded module only, and only if
/// this engine's settings and CPU match the build's:
/// `src/precompiled.rs`), else the disk cache when configured, else
/// Cranelift. The wasm bytes are not touched on the first path (the
/// embedded ones are not even paged in).
fn load_module(config: &Config) -> Result<(wasmtime::Engine, Module), Error> {
    if matches!(config.module, ModuleSource::Embedded) {
        if let Some(loaded) = precompiled::load(&mut |hook| wasmtime_engine(config, hook))? {
            return Ok(loaded);
        }
    }
    let engine = wasmtime_engine(config, None)?;
    let bytes: Cow<'_, [u8]> = match &config.module {
        ModuleSource::Embedded if EMBEDDED_WASM.is_empty() => {
            return Err(Error::internal(
                "this build has no embedded monty.wasm (it was missing at build time): pass \
                 Config::module_path",
            ))
        }
        ModuleSource::Embedded => Cow::Borrowed(EMBEDDED_WASM),
        ModuleSource::Path(path) => Cow::Owned(
            std::fs::read(path)
                .map_err(|e| Error::Internal(format!("cannot read {}: {e}", path.display())))?,
        ),
        ModuleSource::Bytes(bytes) => Cow::Borrowed(&bytes[..]),
    };
    let cache_dir = match &config.cache {
        CacheSetting::Off => None,
        CacheSetting::Default => cache::default_cache_dir(),
        CacheSetting::Dir(dir) => Some(dir.clone()),
    };
    let module = match cache_dir {
        Some(dir) => cache::load_or_compile(&engine, &bytes, &dir),
        None => Module::new(&engine, &bytes),
    }
    .map_err(|e| Error::Internal(format!("cannot compile monty.wasm: {e:#}")))?;
    Ok((engine, module))
}

impl Engine {
    /// Loads (the build's precompiled module, else the disk cache when
    /// configured) or compiles the module, and links it.
    ///
    /// # Errors
    ///
    /// [`Error::Internal`] if the module cannot be read or compiled, imports
    /// anything but WASI preview 1, lacks an export of the contract, or the
    /// pooling allocator cannot reserve its address space.
    pub fn new(config: Config) -> Result<Engine, Error> {
        let (engine, module) = load_module(&config)?;
        check_module(&module)?;

        let mut linker: Linker<StoreState> = Linker::new(&engine);
        wasi::add_to_linker(&mut linker, |state| &mut state.wasi)
            .map_err(|e| Error::Internal(format!("cannot link WASI: {e:#}")))?;
        let pre = linker
            .instantiate_pre(&module)
            .map_err(|e| Error::Internal(format!("cannot link monty.wasm: {e:#}")))?;

        let snapshot_key = match config.snapshot_key {
            Some(key) => SnapshotKey::new(key),
            None => SnapshotKey::random()?,
        };
        let epoch = Arc::new(EpochClock::new());
        spawn_epoch_ticker(&engine, Arc::clone(&epoch));
        Ok(Engine {
            inner: Arc::new(Inner {
                compiled: Arc::new(Compiled {
                    engine,
                    pre,
                    fuel_metering: config.fuel_metering,
                    snapshot_key,
                    epoch,
                }),
                limits: config.limits,
            }),
        })
    }

    /// The compiled module and what every instance of it shares.
    pub(crate) fn compiled(&self) -> &Arc<Compiled> {
        &self.inner.compiled
    }

    /// The limits executions get when their request sets none.
    pub fn default_limits(&self) -> &Limits {
        &self.inner.limits
    }

    /// Starts an execution in a fresh instance and runs it to its first stop.
    /// Output is streamed to `sink` as it is written.
    ///
    /// # Errors
    ///
    /// [`Error::Python`] if the program raises (including a `SyntaxError`
    /// before it runs), [`Error::Limit`] if it exceeds a limit, and
    /// [`Error::Internal`] on a guest trap or a broken message, or when
    /// [`Config::max_concurrent_executions`] executions are already alive.
    pub fn start(&self, request: StartRequest, sink: impl OutputSink) -> Result<Progress, Error> {
        let limits = request
            .limits
            .clone()
            .unwrap_or_else(|| self.inner.limits.clone());
        let message = protocol::start_message(request, &limits, None);
        let session = Live::new(&self.inner.compiled, limits, Box::new(sink))?;
        session.advance(Export::Start, message.as_bytes())
    }

    /// Continues a snapshot (from [`Execution::snapshot`](crate::Execution::snapshot))
    /// in a fresh instance under `limits` (or the defaults); the limits
    /// start afresh.
    ///
    /// # Errors
    ///
    /// As [`Engine::start`]; a snapshot from an incompatible version is
    /// refused with [`Error::Internal`].
    pub fn restore(
        &self,
        snapshot: &[u8],
        limits: Option<Limits>,
        sink: impl OutputSink,
    ) -> Result<Progress, Error> {
        let guest = self.inner.compiled.snapshot_key.open(snapshot)?;
        let limits = limits.unwrap_or_else(|| self.inner.limits.clone());
        let session = Live::new(&self.inner.compiled, limits, Box::new(sink))?;
        session.advance(Export::Restore, guest)
    }

    /// Seals snapshot bytes made by the guest itself (another host of
    /// `monty.wasm`, such as the Node or Go ones, calls its `snapshot`
    /// export directly) so [`Engine::restore`] accepts them. Only for
    /// bytes you trust: the guest decodes sealed bytes without checking
    /// their contents.
    pub fn seal_guest_snapshot(&self, guest_bytes: &[u8]) -> Vec<u8> {
        self.inner.compiled.snapshot_key.seal(guest_bytes)
    }

    /// Checks `code` statically (parse and compile, without running it).
    ///
    /// # Errors
    ///
    /// [`Error::Internal`] on a guest trap or an unreadable report;
    /// [`Error::Limit`] if checking exceeds the default limits.
    pub fn check(&self, code: &str, filename: &str) -> Result<CheckReport, Error> {
        self.check_with_stubs(code, filename, "")
    }

    /// Checks `code` statically against `stubs`, Python stub text declaring
    /// the host's tools (`def get_weather(city: str) -> dict[str, Any]:
    /// ...`): the report's diagnostics then include the static checker's
    /// findings (undefined names, calls, types, async misuse).
    ///
    /// # Errors
    ///
    /// As [`Engine::check`].
    pub fn check_with_stubs(
        &self,
        code: &str,
        filename: &str,
        stubs: &str,
    ) -> Result<CheckReport, Error> {
        self.check_with_externals(code, filename, stubs, &[], &[])
    }

    /// Checks `code` as [`Engine::check_with_stubs`] does, with the host
    /// functions `externals` (their names, and modules, are defined for the
    /// check) and the names of the `inputs` the program will be given.
    ///
    /// # Errors
    ///
    /// As [`Engine::check`].
    pub fn check_with_externals(
        &self,
        code: &str,
        filename: &str,
        stubs: &str,
        externals: &[crate::ExternalFunction],
        inputs: &[String],
    ) -> Result<CheckReport, Error> {
        let mut session = Live::new(
            &self.inner.compiled,
            self.inner.limits.clone(),
            Box::new(crate::output::CaptureSink::new()),
        )?;
        let bytes = session.call(
            Export::Check,
            protocol::check_message(code, filename, stubs, externals, inputs).as_bytes(),
        )?;
        serde_json::from_slice(&bytes).map_err(|e| {
            Error::Internal(format!(
                "unreadable check report ({e}): {}",
                String::from_utf8_lossy(&bytes)
            ))
        })
    }
}

/// Advances `engine`'s epoch once per [`EPOCH_TICK`] of wall-clock time
/// (catching up after a late wake-up) until the engine is dropped,
/// recording each tick in `clock`.
fn spawn_epoch_ticker(engine: &wasmtime::Engine, clock: Arc<EpochClock>) {
    let weak = engine.weak();
    let tick: Duration = EPOCH_TICK;
    // If the thread cannot be spawned, deadlines never fire; executions are
    // still bounded by fuel. Spawning only fails when the process is out of
    // threads, in which case much else fails too.
    let _ = std::thread::Builder::new()
        .name("monty-epoch".into())
        .spawn(move || {
            // The epoch follows the wall clock, not the number of sleeps: on
            // a loaded machine a 5 ms sleep can take much longer, and
            // counting sleeps would let a guest overrun its time limit.
            loop {
                std::thread::sleep(tick);
                let Some(engine) = weak.upgrade() else { break };
                let due = clock.due();
                while clock.ticks_done() < due {
                    engine.increment_epoch();
                    clock.ticked();
                }
            }
        });
}
