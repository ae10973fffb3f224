//! What one execution may consume, and how each cap is enforced.
//!
//! Every limit is per execution (one [`Engine::start`](crate::Engine::start)
//! and all of its resumes) and is reported distinctly as
//! [`Error::Limit`](crate::Error::Limit) with a [`LimitKind`]. A breach kills
//! only that execution's instance; the engine keeps working.
//!
//! | limit | mechanism | counts | does not count |
//! |---|---|---|---|
//! | [`fuel`](Limits::fuel) | wasmtime fuel | wasm instructions the guest executes, summed over start and resumes | time the host spends between resumes; host calls (output writes) beyond their one instruction |
//! | [`timeout`](Limits::timeout) | epoch interruption | wall-clock time *inside* the guest, summed over start and resumes | time paused at an external call (the host's own work); see below |
//! | [`max_memory_bytes`](Limits::max_memory_bytes) | [`wasmtime::ResourceLimiter`] | the guest's linear memory size | host-side memory (the messages copied out, the compiled code, the store) |
//! | [`max_output_bytes`](Limits::max_output_bytes) | the `fd_write` host function | bytes written to stdout + stderr | the final value and its repr |
//! | [`max_external_calls`](Limits::max_external_calls) | the host counting `call` progresses | external (and OS) calls, each call in a `wait` counting one | — |
//! | [`max_instructions`](Limits::max_instructions) | the guest counting its own bytecode instructions | bytecode instructions plus items native code takes from iterators, summed over start and resumes and carried in snapshots; the same figure in every host | wasm work inside one instruction (a big sort, a long string join): fuel bounds that |
//! | [`max_recursion_depth`](Limits::max_recursion_depth) | the guest VM | Python frames on the stack | — (breach is a catchable `RecursionError`, not a kill) |
//!
//! ## The time limit, precisely
//!
//! The deadline is a budget of wall-clock time spent executing the guest.
//! The clock runs from the moment a guest export is entered until it returns
//! (including time in host callbacks it makes, i.e. writing output to the
//! sink), and stops while the execution is paused at an external call: a
//! paused execution can wait for its host for any length of time (or be
//! snapshotted and resumed another day) without dying of it. Host-side waits
//! are bounded separately by the number of external calls, and the host is
//! expected to put its own timeouts on the tools it runs. The epoch ticker
//! runs independently of any execution, so the first tick after entry can
//! come at any point within [`EPOCH_TICK`]; one extra tick is granted so
//! the limit never fires early: a guest is stopped between the deadline
//! and one tick after it. Instantiation is not counted.

use std::time::Duration;

/// How often the engine's background thread advances the epoch, i.e. the
/// granularity of [`Limits::timeout`].
pub const EPOCH_TICK: Duration = Duration::from_millis(5);

/// Resource caps for one execution. `Limits::default()` gives the defaults
/// listed on each field; [`Config::limits`](crate::Config::limits) sets an
/// engine's defaults and [`StartRequest::limits`](crate::StartRequest::limits)
/// overrides them per execution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// CPU budget in wasmtime fuel units (about one per wasm instruction);
    /// `None` is unlimited. Default 50 000 000 000: about 4–8 s of compute
    /// on a 2020s x86-64 core, which runs the guest at roughly 0.7–1.5 × 10¹⁰
    /// units per second (a simple `for` loop iteration costs ~800 units).
    ///
    /// Does not cover: time blocked in host code, or memory.
    pub fuel: Option<u64>,
    /// Wall-clock budget for time spent inside the guest (see the module
    /// docs); `None` is unlimited. Default 30 s.
    ///
    /// Does not cover: time paused at an external call, instantiation.
    pub timeout: Option<Duration>,
    /// Cap on the guest's linear memory, in bytes. Default 256 MiB. A
    /// `memory.grow` past it kills the execution with `Limit(Memory)`.
    ///
    /// Does not cover: host-side allocations made on the guest's behalf
    /// (copies of messages and values), which are bounded by this cap in
    /// practice because they are copies of guest memory.
    pub max_memory_bytes: usize,
    /// Cap on bytes written to stdout and stderr together. Default 16 MiB.
    /// Output up to the cap reaches the sink; the write that crosses it is
    /// truncated at the cap and the execution is killed with `Limit(Output)`.
    ///
    /// Does not cover: the final value, tracebacks, messages.
    pub max_output_bytes: u64,
    /// Cap on external calls per execution. Default 10 000. The call that
    /// would exceed it is not made: the execution is killed with
    /// `Limit(ExternalCalls)`.
    pub max_external_calls: u64,
    /// Maximum Python call depth, enforced by the guest as a catchable
    /// `RecursionError` (as CPython's `sys.setrecursionlimit`). Default 1000.
    pub max_recursion_depth: u32,
    /// Bytecode instructions the run may execute, counted by the guest
    /// itself (plus one per item native code takes from an iterator);
    /// `None` (the default) is unlimited. Breach: `Limit(Instructions)`.
    /// Unlike fuel, the count is deterministic across hosts and builds of
    /// the same program: hosts without fuel (Node, browsers, wazero) use
    /// it as their CPU bound.
    ///
    /// Does not cover: the work inside one instruction (fuel does).
    pub max_instructions: Option<u64>,
    /// How sandbox time passes for `asyncio.sleep` and `wait_for`
    /// timeouts. Default [`SleepPolicy::Virtual`].
    pub sleep: SleepPolicy,
}

/// Whose clock the sandbox's timers (`asyncio.sleep`, `asyncio.wait_for`
/// timeouts) run on. Either way the guest never reads a host clock: the
/// host tells it how much time passed at each `wait`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SleepPolicy {
    /// Time jumps to the next timer as soon as nothing else can run: a
    /// sleep costs nothing and a host call takes no sandbox time, so a
    /// `wait_for` timeout can only expire against sleeps.
    Virtual,
    /// Timers wait in real time, and host calls take the real time they
    /// take (so `wait_for(slow_tool(), 1)` times out after a second).
    /// `max_total` caps the sandbox time an execution may spend waiting:
    /// a wait that would go past it kills the execution with
    /// `Limit(Time)` at once, without sleeping first.
    ///
    /// Does not cover: time spent running guest code, which
    /// [`Limits::timeout`] bounds.
    Real {
        /// The most sandbox time one execution may wait through.
        max_total: Duration,
    },
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            fuel: Some(50_000_000_000),
            timeout: Some(Duration::from_secs(30)),
            max_memory_bytes: 256 << 20,
            max_output_bytes: 16 << 20,
            max_external_calls: 10_000,
            max_recursion_depth: 1000,
            max_instructions: None,
            sleep: SleepPolicy::Virtual,
        }
    }
}

impl Limits {
    /// No CPU, time, memory (beyond the wasm32 4 GiB), output or call caps.
    /// For trusted code and tests only.
    pub fn unlimited() -> Self {
        Limits {
            fuel: None,
            timeout: None,
            max_memory_bytes: usize::MAX,
            max_output_bytes: u64::MAX,
            max_external_calls: u64::MAX,
            max_recursion_depth: 1000,
            max_instructions: None,
            sleep: SleepPolicy::Virtual,
        }
    }

    /// Sets [`Limits::fuel`].
    pub fn with_fuel(mut self, fuel: Option<u64>) -> Self {
        self.fuel = fuel;
        self
    }

    /// Sets [`Limits::timeout`].
    pub fn with_timeout(mut self, timeout: Option<Duration>) -> Self {
        self.timeout = timeout;
        self
    }

    /// Sets [`Limits::max_memory_bytes`].
    pub fn with_max_memory_bytes(mut self, bytes: usize) -> Self {
        self.max_memory_bytes = bytes;
        self
    }

    /// Sets [`Limits::max_output_bytes`].
    pub fn with_max_output_bytes(mut self, bytes: u64) -> Self {
        self.max_output_bytes = bytes;
        self
    }

    /// Sets [`Limits::max_external_calls`].
    pub fn with_max_external_calls(mut self, calls: u64) -> Self {
        self.max_external_calls = calls;
        self
    }

    /// Sets [`Limits::sleep`].
    pub fn with_sleep(mut self, sleep: SleepPolicy) -> Self {
        self.sleep = sleep;
        self
    }

    /// Sets [`Limits::max_instructions`].
    pub fn with_max_instructions(mut self, instructions: Option<u64>) -> Self {
        self.max_instructions = instructions;
        self
    }

    /// Sets [`Limits::max_recursion_depth`].
    pub fn with_max_recursion_depth(mut self, depth: u32) -> Self {
        self.max_recursion_depth = depth;
        self
    }
}

/// Tracks the time budget of one execution across its guest entries.
#[derive(Debug, Clone)]
pub(crate) struct TimeBudget {
    limit: Option<Duration>,
    used: Duration,
}

impl TimeBudget {
    pub(crate) fn new(limit: Option<Duration>) -> Self {
        TimeBudget {
            limit,
            used: Duration::ZERO,
        }
    }

    /// Epoch ticks to allow for the next guest entry (one more than the
    /// remaining time covers, since the first tick may come at once), or
    /// `None` when the budget is already spent. Unlimited budgets get a deadline so far away
    /// it is never reached.
    pub(crate) fn ticks_remaining(&self) -> Option<u64> {
        let Some(limit) = self.limit else {
            return Some(u64::MAX / 2);
        };
        let remaining = limit.checked_sub(self.used).filter(|r| !r.is_zero())?;
        let tick = EPOCH_TICK.as_nanos();
        Some(
            remaining
                .as_nanos()
                .div_ceil(tick)
                .saturating_add(1)
                .clamp(1, u128::from(u64::MAX / 2)) as u64,
        )
    }

    pub(crate) fn charge(&mut self, elapsed: Duration) {
        self.used += elapsed;
    }

    pub(crate) fn used(&self) -> Duration {
        self.used
    }
}

/// The store's [`wasmtime::ResourceLimiter`]: caps linear memory (and
/// tables) and remembers a denied growth so the resulting trap is reported
/// as `Limit(Memory)` rather than as a crash.
#[derive(Debug)]
pub(crate) struct MemoryLimiter {
    pub(crate) max_memory_bytes: usize,
    pub(crate) exceeded: bool,
}

/// Raised (as a trap) when the guest asks for memory beyond its cap.
#[derive(Debug)]
pub(crate) struct MemoryLimitTrap;

impl std::fmt::Display for MemoryLimitTrap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("memory limit exceeded")
    }
}

impl std::error::Error for MemoryLimitTrap {}

/// Tables in a Rust guest hold function pointers; they do not grow at run
/// time, but cap them anyway so growth can never be unbounded.
const MAX_TABLE_ELEMENTS: usize = 1 << 20;

impl wasmtime::ResourceLimiter for MemoryLimiter {
    fn memory_growing(
        &mut self,
        _current: usize,
        desired: usize,
        maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        // Past the module's own declared maximum counts as the memory limit
        // too: the guest cannot have that memory either way.
        if desired > self.max_memory_bytes || maximum.is_some_and(|max| desired > max) {
            // Trap instead of letting `memory.grow` return -1: a Rust guest
            // would print "memory allocation failed" and abort anyway, and
            // trapping here reports the cause precisely.
            self.exceeded = true;
            return Err(wasmtime::Error::new(MemoryLimitTrap));
        }
        Ok(true)
    }

    fn memory_grow_failed(&mut self, _error: wasmtime::Error) -> wasmtime::Result<()> {
        // The OS refused the memory (or the pool slot is full): as far as the
        // program is concerned it asked for more memory than it can have.
        self.exceeded = true;
        Err(wasmtime::Error::new(MemoryLimitTrap))
    }

    fn table_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        Ok(desired <= MAX_TABLE_ELEMENTS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_budget_counts_down_in_ticks() {
        let mut budget = TimeBudget::new(Some(Duration::from_millis(12)));
        assert_eq!(budget.ticks_remaining(), Some(4));
        budget.charge(Duration::from_millis(10));
        assert_eq!(budget.ticks_remaining(), Some(2));
        budget.charge(Duration::from_millis(2));
        assert_eq!(budget.ticks_remaining(), None);
        assert!(TimeBudget::new(None).ticks_remaining().unwrap() > 1 << 60);
    }
}
