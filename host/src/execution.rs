//! One execution: a fresh store and instance, driven from `start` through
//! any number of pauses (`call`, `os_call`, `wait`) and resumes to its end.
//!
//! Each guest entry goes through [`Live::call`], which sets the epoch
//! deadline from the remaining time budget, calls the export through the
//! canonical-ABI convention (argument copied in with `cabi_realloc`, result
//! read from the returned `[ptr, len]` area, then `cabi_post_<name>`), charges
//! the elapsed time, and turns any trap into the right [`Error`]. Fuel is set
//! once per store, so it is naturally shared by start and every resume.
//!
//! When the execution ends (complete, exception, limit, trap) the store is
//! dropped and its pooled instance slot returns to the engine.

use std::time::{Duration, Instant};

use wasmtime::{Instance, Memory, Store, Trap, TypedFunc};

use std::sync::Arc;

use crate::compiled::{Compiled, StoreState};
use crate::error::{Error, ExternalError, LimitKind};
use crate::limits::{Limits, MemoryLimitTrap, MemoryLimiter, SleepPolicy, TimeBudget};
use crate::output::OutputSink;
use crate::protocol::{self, CallResult, PendingCall, PendingOsCall};
use crate::session::Home;
use crate::wasi::{OutputLimitTrap, ProcExit, WasiState};
use monty_wire::Progress as WireProgress;
use monty_wire::Value;

/// The guest exports that take one `string`/`list<u8>` argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Export {
    Start,
    Resume,
    Restore,
    Check,
}

impl Export {
    pub(crate) const ALL: [Export; 4] = [
        Export::Start,
        Export::Resume,
        Export::Restore,
        Export::Check,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Export::Start => "start",
            Export::Resume => "resume",
            Export::Restore => "restore",
            Export::Check => "check",
        }
    }
}

type ArgFunc = TypedFunc<(i32, i32), i32>;
type PostFunc = TypedFunc<i32, ()>;

/// The typed exports of one instance.
struct Guest {
    memory: Memory,
    realloc: TypedFunc<(i32, i32, i32, i32), i32>,
    with_arg: [(ArgFunc, PostFunc); 4],
    snapshot: (TypedFunc<(), i32>, PostFunc),
}

impl Guest {
    fn new(instance: &Instance, store: &mut Store<StoreState>) -> wasmtime::Result<Guest> {
        let post = |store: &mut Store<StoreState>, name: &str| {
            instance.get_typed_func::<i32, ()>(&mut *store, &format!("cabi_post_{name}"))
        };
        let mut with_arg = Vec::with_capacity(4);
        for export in Export::ALL {
            let func = instance.get_typed_func::<(i32, i32), i32>(&mut *store, export.name())?;
            with_arg.push((func, post(store, export.name())?));
        }
        Ok(Guest {
            memory: instance
                .get_memory(&mut *store, "memory")
                .ok_or_else(|| wasmtime::Error::msg("the module exports no `memory`"))?,
            realloc: instance.get_typed_func(&mut *store, "cabi_realloc")?,
            with_arg: with_arg
                .try_into()
                .map_err(|_| wasmtime::Error::msg("export count"))?,
            snapshot: (
                instance.get_typed_func(&mut *store, "snapshot")?,
                post(store, "snapshot")?,
            ),
        })
    }

    /// The bytes of the result whose (pointer, length) pair the guest
    /// left at `ret`, read in place: valid until the export's post-return
    /// frees them.
    fn result_bytes<'a>(
        &self,
        store: &'a Store<StoreState>,
        ret: i32,
    ) -> wasmtime::Result<&'a [u8]> {
        let mut area = [0u8; 8];
        self.memory.read(store, ret as u32 as usize, &mut area)?;
        let ptr = u32::from_le_bytes(area[..4].try_into().expect("4 bytes")) as usize;
        let len = u32::from_le_bytes(area[4..].try_into().expect("4 bytes")) as usize;
        let data = self.memory.data(store);
        ptr.checked_add(len)
            .and_then(|end| data.get(ptr..end))
            .ok_or_else(|| wasmtime::Error::msg("the guest returned a result outside its memory"))
    }

    /// Calls `export(arg)` through the canonical ABI and gives the result
    /// bytes to `read` where they lie in the guest's memory (a progress
    /// message is parsed there, not copied out first).
    fn call<R>(
        &self,
        store: &mut Store<StoreState>,
        export: Export,
        arg: &[u8],
        read: impl FnOnce(&[u8]) -> R,
    ) -> wasmtime::Result<R> {
        let len = i32::try_from(arg.len())
            .map_err(|_| wasmtime::Error::msg("message larger than 2 GiB"))?;
        let ptr = self.realloc.call(&mut *store, (0, 0, 1, len))?;
        self.memory.write(&mut *store, ptr as u32 as usize, arg)?;
        let (func, post) = &self.with_arg[export as usize];
        let ret = func.call(&mut *store, (ptr, len))?;
        let result = read(self.result_bytes(store, ret)?);
        post.call(&mut *store, ret)?;
        Ok(result)
    }

    fn call_snapshot(&self, store: &mut Store<StoreState>) -> wasmtime::Result<Vec<u8>> {
        let ret = self.snapshot.0.call(&mut *store, ())?;
        let result = self.result_bytes(store, ret)?.to_vec();
        self.snapshot.1.call(&mut *store, ret)?;
        Ok(result)
    }
}

/// A live instance with its budgets.
pub(crate) struct Live {
    /// The module this instance runs (the store also keeps the wasmtime
    /// engine, and so its epoch ticker, alive).
    compiled: Arc<Compiled>,
    store: Store<StoreState>,
    /// (Boxed: its eleven typed exports are most of a `Live`'s bytes, and
    /// a `Live` moves through every call's return values.)
    guest: Box<Guest>,
    time: TimeBudget,
    limits: Limits,
    calls_made: u64,
    /// Sandbox time waited through under [`SleepPolicy::Real`].
    slept: Duration,
    /// The session this instance runs a cell of (`session.rs`): where it
    /// goes back when the cell ends, and which it leaves lost if dropped
    /// before that.
    pub(crate) home: Option<Home>,
}

impl Live {
    /// Instantiates the module in a fresh store under `limits`.
    pub(crate) fn new(
        compiled: &Arc<Compiled>,
        limits: Limits,
        sink: Box<dyn OutputSink>,
    ) -> Result<Live, Error> {
        let state = StoreState {
            wasi: WasiState::new(sink, limits.max_output_bytes),
            limiter: MemoryLimiter {
                max_memory_bytes: limits.max_memory_bytes,
                exceeded: false,
            },
        };
        let mut store = Store::new(&compiled.engine, state);
        store.limiter(|state| &mut state.limiter);
        if compiled.fuel_metering {
            store
                .set_fuel(limits.fuel.unwrap_or(u64::MAX))
                .map_err(Error::internal)?;
        }
        let mut time = TimeBudget::new(limits.timeout);
        store.set_epoch_deadline(
            time.ticks_remaining()
                .ok_or(Error::Limit(LimitKind::Time))?
                .saturating_add(compiled.epoch.lag()),
        );
        let started = Instant::now();
        let instance = compiled.pre.instantiate(&mut store);
        let instance = instance.map_err(|e| classify(&store, e, "instantiating the module"))?;
        let guest = Guest::new(&instance, &mut store)
            .map(Box::new)
            .map_err(|e| classify(&store, e, "reading the exports"))?;
        // A WASI "reactor" must run its constructors once before any export.
        if let Ok(init) = instance.get_typed_func::<(), ()>(&mut store, "_initialize") {
            init.call(&mut store, ())
                .map_err(|e| classify(&store, e, "_initialize"))?;
        }
        time.charge(started.elapsed());
        Ok(Live {
            compiled: Arc::clone(compiled),
            store,
            guest,
            time,
            limits,
            calls_made: 0,
            slept: Duration::ZERO,
            home: None,
        })
    }

    /// Readies a session's instance for its next cell: the per-execution
    /// budgets (fuel, time, output, calls) start afresh under `limits`, and
    /// output goes to `sink`.
    pub(crate) fn begin_cell(
        &mut self,
        limits: Limits,
        sink: Box<dyn OutputSink>,
    ) -> Result<(), Error> {
        if self.compiled.fuel_metering {
            self.store
                .set_fuel(limits.fuel.unwrap_or(u64::MAX))
                .map_err(Error::internal)?;
        }
        let state = self.store.data_mut();
        state.wasi.begin_cell(sink, limits.max_output_bytes);
        state.limiter.max_memory_bytes = limits.max_memory_bytes;
        self.time = TimeBudget::new(limits.timeout);
        self.calls_made = 0;
        self.slept = Duration::ZERO;
        self.limits = limits;
        Ok(())
    }

    /// Calls the guest's `snapshot` export.
    pub(crate) fn snapshot(&mut self) -> Result<Vec<u8>, Error> {
        let bytes = self.enter("snapshot", |guest, store| guest.call_snapshot(store))?;
        if bytes.is_empty() {
            return Err(Error::internal(
                "this monty.wasm does not support snapshots yet",
            ));
        }
        Ok(self.compiled().snapshot_key.seal(&bytes))
    }

    pub(crate) fn compiled(&self) -> &Compiled {
        &self.compiled
    }

    /// Enters the guest once, under the remaining time budget, and
    /// returns the result's bytes.
    pub(crate) fn call(&mut self, export: Export, arg: &[u8]) -> Result<Vec<u8>, Error> {
        self.call_with(export, arg, <[u8]>::to_vec)
    }

    /// [`Live::call`], with the result read in the guest's memory by `read`.
    pub(crate) fn call_with<R>(
        &mut self,
        export: Export,
        arg: &[u8],
        read: impl FnOnce(&[u8]) -> R,
    ) -> Result<R, Error> {
        self.enter(export.name(), |guest, store| {
            guest.call(store, export, arg, read)
        })
    }

    fn enter<R>(
        &mut self,
        what: &str,
        f: impl FnOnce(&Guest, &mut Store<StoreState>) -> wasmtime::Result<R>,
    ) -> Result<R, Error> {
        let ticks = self
            .time
            .ticks_remaining()
            .ok_or(Error::Limit(LimitKind::Time))?;
        // (counted from the engine's epoch, which lags the clock while the
        // ticker thread is late; one clock reading serves both)
        let started = Instant::now();
        self.store
            .set_epoch_deadline(ticks.saturating_add(self.compiled.epoch.lag_at(started)));
        let result = f(&self.guest, &mut self.store);
        self.time.charge(started.elapsed());
        result.map_err(|e| classify(&self.store, e, what))
    }

    /// Sends a start/resume/restore message and interprets the progress.
    pub(crate) fn advance(self, export: Export, message: &[u8]) -> Result<Progress, Error> {
        let (live, wire) = self.exchange(export, message)?;
        live.interpret(wire)
    }

    /// Sends a message and parses the progress it gives.
    pub(crate) fn exchange(
        mut self,
        export: Export,
        message: &[u8],
    ) -> Result<(Live, WireProgress), Error> {
        let wire = self
            .call_with(export, message, protocol::parse_progress)?
            .map_err(Error::Internal)?;
        Ok((self, wire))
    }

    /// What a progress message means to the host. A session's instance
    /// goes back to its session when the cell ends with a value or an
    /// exception, or was refused (the guest keeps the session's state).
    pub(crate) fn interpret(mut self, wire: WireProgress) -> Result<Progress, Error> {
        match wire {
            WireProgress::Complete { value, repr } => {
                self.go_home();
                Ok(Progress::Complete { value, repr })
            }
            WireProgress::Call(call) => {
                self.count_calls(1)?;
                let call = PendingCall::from(call);
                let pending = Pending::Call(call.id);
                Ok(Progress::Call(
                    call,
                    Execution {
                        live: self,
                        pending,
                        timer: None,
                    },
                ))
            }
            WireProgress::OsCall {
                id,
                function,
                args,
                kwargs,
            } => {
                self.count_calls(1)?;
                let call = PendingOsCall {
                    id,
                    function,
                    args,
                    kwargs: kwargs.0,
                };
                Ok(Progress::OsCall(
                    call,
                    Execution {
                        live: self,
                        pending: Pending::Call(id),
                        timer: None,
                    },
                ))
            }
            WireProgress::Wait { calls, sleep } => {
                self.count_calls(calls.len() as u64)?;
                let calls: Vec<PendingCall> = calls.into_iter().map(PendingCall::from).collect();
                let pending = Pending::Wait(calls.iter().map(|c| c.id).collect());
                let timer = sleep
                    .filter(|s| s.is_finite() && *s >= 0.0)
                    .map(|s| Duration::from_secs_f64(s.min(1e9)));
                Ok(Progress::Wait(
                    calls,
                    Execution {
                        live: self,
                        pending,
                        timer,
                    },
                ))
            }
            WireProgress::Error { error } => {
                self.go_home();
                Err(Error::Python(error.into()))
            }
            WireProgress::Ready => Err(Error::internal(
                "the snapshot is a session between cells: restore it with Engine::restore_session",
            )),
            WireProgress::Limit { kind, .. } => Err(Error::Limit(match kind.as_str() {
                "instructions" => LimitKind::Instructions,
                "memory" => LimitKind::Memory,
                _ => LimitKind::Time,
            })),
            WireProgress::Invalid { message } => {
                self.go_home();
                Err(Error::Internal(format!(
                    "the guest refused the request: {message}"
                )))
            }
        }
    }

    fn count_calls(&mut self, n: u64) -> Result<(), Error> {
        self.calls_made += n;
        if self.calls_made > self.limits.max_external_calls {
            return Err(Error::Limit(LimitKind::ExternalCalls));
        }
        Ok(())
    }
}

/// Maps a wasmtime error (trap or host-function error) to our [`Error`],
/// preferring the flags our host functions set over the error's shape.
fn classify(store: &Store<StoreState>, error: wasmtime::Error, what: &str) -> Error {
    let state = store.data();
    if state.limiter.exceeded || error.is::<MemoryLimitTrap>() {
        return Error::Limit(LimitKind::Memory);
    }
    if state.wasi.output_exceeded || error.is::<OutputLimitTrap>() {
        return Error::Limit(LimitKind::Output);
    }
    if let Some(exit) = error.downcast_ref::<ProcExit>() {
        return Error::Internal(exit.to_string());
    }
    let detail = match error.downcast_ref::<Trap>() {
        Some(Trap::OutOfFuel) => return Error::Limit(LimitKind::Fuel),
        Some(Trap::Interrupt) => return Error::Limit(LimitKind::Time),
        Some(Trap::StackOverflow) => {
            "the guest overflowed its native stack (deeply nested code or data?)".to_owned()
        }
        Some(trap) => format!("the guest trapped: {trap}"),
        None => format!("{error:#}"),
    };
    let mut message = format!("{what}: {detail}");
    let tail = state.wasi.stderr_tail();
    if !tail.is_empty() {
        message.push_str(&format!(" (guest stderr: {tail})"));
    }
    Error::Internal(message)
}

/// What the execution is waiting for.
#[derive(Debug, Clone)]
enum Pending {
    /// One synchronous (or OS) call.
    Call(u64),
    /// Async calls (those announced so far and not yet answered).
    Wait(Vec<u64>),
}

/// Where an execution stands after start or resume.
pub enum Progress {
    /// The program finished.
    Complete {
        /// The value of the last statement if it was an expression, else `None`.
        value: Value,
        /// `repr()` of that value; `None` when the value is `None`.
        repr: Option<String>,
    },
    /// The program is blocked on a synchronous external call; answer it with
    /// [`Execution::resume`].
    Call(PendingCall, Execution),
    /// The program is blocked on an OS operation; answer it with
    /// [`Execution::resume`] (an error such as `PermissionError` denies it).
    OsCall(PendingOsCall, Execution),
    /// Every task is blocked on async external calls; these are the ones not
    /// yet announced. Answer one or more with [`Execution::resume_many`].
    Wait(Vec<PendingCall>, Execution),
}

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Progress::Complete { value, repr } => f
                .debug_struct("Complete")
                .field("value", value)
                .field("repr", repr)
                .finish(),
            Progress::Call(call, _) => f.debug_tuple("Call").field(call).finish(),
            Progress::OsCall(call, _) => f.debug_tuple("OsCall").field(call).finish(),
            Progress::Wait(calls, _) => f.debug_tuple("Wait").field(calls).finish(),
        }
    }
}

/// A paused execution: it owns its store and instance. Dropping it abandons
/// the execution and frees the instance. It is `Send`, so it can be resumed
/// on another thread.
pub struct Execution {
    live: Live,
    pending: Pending,
    /// After a `wait`: sandbox time until the program's earliest timer.
    timer: Option<Duration>,
}

impl Execution {
    /// The ids of the calls the program is waiting on.
    pub fn pending_ids(&self) -> Vec<u64> {
        match &self.pending {
            Pending::Call(id) => vec![*id],
            Pending::Wait(ids) => ids.clone(),
        }
    }

    /// Answers the single pending call (a `call` or `os_call` progress) and
    /// runs the program to its next stop. An `Err` is raised inside the
    /// program as a Python exception of that type.
    ///
    /// # Errors
    ///
    /// [`Error::Python`] for an uncaught exception, [`Error::Limit`] when a
    /// limit is hit (time and fuel continue from where start left them), and
    /// [`Error::Internal`] on a trap, or when several calls are pending (use
    /// [`Execution::resume_many`]).
    pub fn resume(self, result: Result<Value, ExternalError>) -> Result<Progress, Error> {
        match self.pending {
            Pending::Call(id) => self.resume_many(vec![CallResult { id, result }]),
            Pending::Wait(ref ids) if ids.len() == 1 => {
                let id = ids[0];
                self.resume_many(vec![CallResult { id, result }])
            }
            Pending::Wait(_) => Err(Error::internal(
                "resume() answers exactly one call but several are pending: use resume_many()",
            )),
        }
    }

    /// Answers one or more pending calls by id and runs the program to its
    /// next stop. After a `wait`, any subset of the outstanding calls may be
    /// answered; the program continues as far as those answers allow.
    ///
    /// # Errors
    ///
    /// As [`Execution::resume`]; also [`Error::Internal`] if `results` is
    /// empty or the guest rejects an id.
    pub fn resume_many(self, results: Vec<CallResult>) -> Result<Progress, Error> {
        if results.is_empty() {
            return Err(Error::internal("resume_many() needs at least one result"));
        }
        self.resume_waited(results, None)
    }

    /// After a `wait`: sandbox time until the program's earliest timer
    /// (`asyncio.sleep`, a `wait_for` timeout), or `None` if it has none.
    /// A wait with no calls is the program only sleeping.
    pub fn timer(&self) -> Option<Duration> {
        self.timer
    }

    /// Answers a `wait` with the results that arrived (possibly none) and
    /// the sandbox time that passed: `None` under virtual time (the clock
    /// jumps to the next timer only when `results` is empty), or the real
    /// time waited under [`SleepPolicy::Real`], charged against its cap.
    ///
    /// # Errors
    ///
    /// As [`Execution::resume_many`]; [`Error::Limit`] (time) when
    /// `elapsed` goes past the policy's cap.
    pub fn resume_waited(
        mut self,
        results: Vec<CallResult>,
        elapsed: Option<Duration>,
    ) -> Result<Progress, Error> {
        if let Some(elapsed) = elapsed {
            self.charge_sleep(elapsed)?;
        }
        let outstanding: Vec<u64> = match &self.pending {
            Pending::Wait(ids) => ids
                .iter()
                .copied()
                .filter(|id| !results.iter().any(|r| r.id == *id))
                .collect(),
            Pending::Call(_) => Vec::new(),
        };
        let message = match &mut self.pending {
            Pending::Call(_) if results.len() == 1 => {
                protocol::reply_message(results.into_iter().next().expect("one result"))
            }
            Pending::Call(_) => return Err(Error::internal("only one call is pending")),
            Pending::Wait(_) => {
                protocol::results_message(results, elapsed.map(|d| d.as_secs_f64()))
            }
        };
        let progress = self.live.advance(Export::Resume, message.as_bytes())?;
        // A new `wait` lists only newly announced calls; keep the earlier
        // unanswered ones in `pending_ids`.
        Ok(match progress {
            Progress::Wait(calls, mut execution) => {
                if let Pending::Wait(ids) = &mut execution.pending {
                    ids.splice(0..0, outstanding);
                }
                Progress::Wait(calls, execution)
            }
            other => other,
        })
    }

    /// Lets the program's next timer fire, by the execution's
    /// [`SleepPolicy`]: at once under virtual time, after really sleeping
    /// for [`Execution::timer`] under real time. For hosts with no call
    /// results to deliver.
    ///
    /// # Errors
    ///
    /// [`Error::Internal`] if the program has no timer (it waits on calls
    /// only); [`Error::Limit`] (time) when the sleep would pass the cap;
    /// otherwise as [`Execution::resume_many`].
    pub fn wait_timer(self) -> Result<Progress, Error> {
        let Some(timer) = self.timer else {
            return Err(Error::internal(
                "the program waits on calls, not on a timer: answer them",
            ));
        };
        match self.live.limits.sleep {
            SleepPolicy::Virtual => self.resume_waited(Vec::new(), None),
            SleepPolicy::Real { .. } => {
                self.check_sleep(timer)?;
                std::thread::sleep(timer);
                self.resume_waited(Vec::new(), Some(timer))
            }
        }
    }

    /// Fails with `Limit(Time)` if waiting `d` more would pass the real-time
    /// sleep cap (always fine under virtual time).
    ///
    /// # Errors
    ///
    /// [`Error::Limit`] with [`LimitKind::Time`].
    pub fn check_sleep(&self, d: Duration) -> Result<(), Error> {
        match self.live.limits.sleep {
            SleepPolicy::Real { max_total } if self.live.slept + d > max_total => {
                Err(Error::Limit(LimitKind::Time))
            }
            _ => Ok(()),
        }
    }

    fn charge_sleep(&mut self, d: Duration) -> Result<(), Error> {
        self.check_sleep(d)?;
        self.live.slept += d;
        Ok(())
    }

    /// Serializes the paused execution so [`Engine::restore`] can continue it
    /// in a fresh instance (possibly in another process).
    ///
    /// # Errors
    ///
    /// [`Error::Internal`] if the guest traps or does not support snapshots
    /// (it returns no bytes); limits as for [`Execution::resume`].
    pub fn snapshot(&mut self) -> Result<Vec<u8>, Error> {
        self.live.snapshot()
    }

    /// Fuel consumed so far (start and all resumes).
    pub fn fuel_consumed(&self) -> u64 {
        let left = self.live.store.get_fuel().unwrap_or(0);
        self.live
            .limits
            .fuel
            .unwrap_or(u64::MAX)
            .saturating_sub(left)
    }

    /// Wall-clock time spent inside the guest so far (what the time limit
    /// counts).
    pub fn guest_time(&self) -> Duration {
        self.live.time.used()
    }

    /// External calls made so far, including the pending ones.
    pub fn external_calls(&self) -> u64 {
        self.live.calls_made
    }

    /// The limits this execution runs under.
    pub fn limits(&self) -> &Limits {
        &self.live.limits
    }
}

impl std::fmt::Debug for Execution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Execution")
            .field("pending", &self.pending)
            .field("calls_made", &self.live.calls_made)
            .field("guest_time", &self.live.time.used())
            .finish_non_exhaustive()
    }
}
