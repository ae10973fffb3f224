//! The compiled, linked module as every execution sees it: the wasmtime
//! engine, `monty.wasm` linked against our WASI functions
//! ([`InstancePre`]), whether fuel is metered, and the key that seals
//! snapshots. [`Engine`](crate::Engine) builds it once and shares it
//! (`Arc`) with each execution, so an execution needs nothing above this
//! layer.
//!
//! Also here: [`StoreState`], the data of every store (the type parameter
//! of the linked module).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use std::sync::Arc;

use wasmtime::InstancePre;

use crate::limits::EPOCH_TICK;

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
    pub(crate) epoch: Arc<EpochClock>,
}

/// The wall clock behind the engine's epoch: the ticker thread advances
/// the epoch once per [`EPOCH_TICK`] since `started`, catching up after a
/// late wake-up. While it is late (a loaded machine), the epoch lags the
/// clock, and a deadline set then, counted from the lagging epoch, would
/// be reached early when the ticker catches up: [`EpochClock::lag`] is
/// added to every deadline.
#[derive(Debug)]
pub(crate) struct EpochClock {
    started: Instant,
    ticks_done: AtomicU64,
}

impl EpochClock {
    pub(crate) fn new() -> Self {
        EpochClock {
            started: Instant::now(),
            ticks_done: AtomicU64::new(0),
        }
    }

    /// Ticks due by now.
    pub(crate) fn due(&self) -> u64 {
        self.due_at(Instant::now())
    }

    /// Ticks due by `now` (a clock reading the caller has anyway: one
    /// fewer per guest entry).
    pub(crate) fn due_at(&self, now: Instant) -> u64 {
        (now.saturating_duration_since(self.started).as_nanos() / EPOCH_TICK.as_nanos()) as u64
    }

    /// Records one tick given to the engine.
    pub(crate) fn ticked(&self) {
        self.ticks_done.fetch_add(1, Ordering::SeqCst);
    }

    pub(crate) fn ticks_done(&self) -> u64 {
        self.ticks_done.load(Ordering::SeqCst)
    }

    /// How many ticks the engine's epoch is behind the clock.
    pub(crate) fn lag(&self) -> u64 {
        self.lag_at(Instant::now())
    }

    /// [`EpochClock::lag`] as of `now`.
    pub(crate) fn lag_at(&self, now: Instant) -> u64 {
        self.due_at(now).saturating_sub(self.ticks_done())
    }
}
