//! The compiled, linked module as every execution sees it: the wasmtime
//! engine, `monty.wasm` linked against our WASI functions
//! ([`InstancePre`]), whether fuel is metered, and the key that seals
//! snapshots. [`Engine`](crate::Engine) builds it once and shares it
//! (`Arc`) with each execution, so an execution needs nothing above this
//! layer.
//!
//! Also here: [`StoreState`], the data of every store (the type parameter
//! of the linked module).

use wasmtime::InstancePre;

use crate::limits::MemoryLimiter;
use crate::snapshot_seal::SnapshotKey;
use crate::wasi::WasiState;

/// The data of every store: WASI state and the memory limiter.
pub(crate) struct StoreState {
    pub(crate) wasi: WasiState,
    pub(crate) limiter: MemoryLimiter,
}

/// What executions need of the engine.
pub(crate) struct Compiled {
    pub(crate) engine: wasmtime::Engine,
    pub(crate) pre: InstancePre<StoreState>,
    pub(crate) fuel_metering: bool,
    pub(crate) snapshot_key: SnapshotKey,
}
