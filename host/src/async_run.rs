//! The async (tokio) way to run code: register async closures as the
//! program's external functions; [`Engine::run_async`] drives the program,
//! starts every call the program announces at once (a `wait` lists all of
//! them), and resumes the program as results arrive, so an
//! `asyncio.gather` over ten 100 ms tools takes about 100 ms, not a second.
//!
//! Functions registered with [`AsyncFunctions::register`] are `async def`
//! in Python (the program awaits them, alone or gathered);
//! [`AsyncFunctions::register_plain`] ones are plain `def` (the program
//! stops at the call; calls already in flight keep running meanwhile).
//! Timers (`asyncio.sleep`, `wait_for` timeouts) follow the execution's
//! [`SleepPolicy`]: under real time, `tokio::time` sleeps for them.
//!
//! Os calls are answered by the [`OsAccess`] given with
//! [`AsyncFunctions::os_access`] (default: denied). The program is stopped
//! at an os call, so it is answered inline, on the driving task; calls
//! already in flight keep running meanwhile, as they do while guest code
//! runs. The answers of this crate's file systems are quick (memory, or one
//! local file); an `OsAccess` that may block for long belongs on a
//! blocking-capable runtime thread, as a slow plain `def` tool would.
//!
//! Guest code runs on the calling task's thread between awaits (each slice
//! is bounded by the execution's fuel and time limits); the sync API
//! ([`Engine::run_with_functions`]) is unchanged.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use tokio::task::JoinSet;

use crate::engine::Engine;
use crate::error::{Error, ExternalError};
use crate::execution::Progress;
use crate::functions::{Call, Registry, RunOutcome};
use crate::limits::SleepPolicy;
use crate::os_access::{DenyAll, OsAccess};
use crate::output::CaptureSink;
use crate::protocol::{CallResult, ExternalFunction, PendingCall, PendingOsCall, StartRequest};
use monty_wire::Value;

/// What an async host function returns.
pub type CallFuture = Pin<Box<dyn Future<Output = Result<Value, ExternalError>> + Send>>;

type AsyncHostFn = dyn Fn(AsyncCall) -> CallFuture + Send + Sync;

/// A set of named async host functions the program may call, and the
/// [`OsAccess`] that answers its os calls.
#[derive(Clone)]
pub struct AsyncFunctions {
    registry: Registry<AsyncHostFn>,
    /// Methods of host objects, by `Class.method`.
    methods: Registry<AsyncHostFn>,
    os: Arc<dyn OsAccess>,
}

impl Default for AsyncFunctions {
    fn default() -> Self {
        AsyncFunctions {
            registry: Registry::default(),
            methods: Registry::default(),
            os: Arc::new(DenyAll),
        }
    }
}

impl std::fmt::Debug for AsyncFunctions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AsyncFunctions")
            .field("registry", &self.registry)
            .finish_non_exhaustive()
    }
}

/// One call's arguments, owned so the closure's future can keep them.
#[derive(Debug, Clone)]
pub struct AsyncCall {
    /// The function's name (the method's, for a method call).
    pub name: String,
    /// For a method call: the id of the host object it is called on.
    pub object: Option<u64>,
    /// For a method call: the object's class name.
    pub class: Option<String>,
    /// Positional arguments.
    pub args: Vec<Value>,
    /// Keyword arguments, in call order.
    pub kwargs: Vec<(String, Value)>,
    params: Arc<[String]>,
}

impl AsyncCall {
    fn view(&self) -> Call<'_> {
        let mut call = Call::new(&self.name, &self.args, &self.kwargs, &self.params);
        call.object = self.object;
        call.class = self.class.as_deref();
        call
    }

    /// The argument for parameter `name`, by position or keyword.
    pub fn arg(&self, name: &str) -> Option<&Value> {
        self.view().arg(name)
    }

    /// Like [`AsyncCall::arg`]; a missing argument is a `TypeError` for
    /// the program.
    ///
    /// # Errors
    ///
    /// `TypeError: f() missing required argument: 'name'`.
    pub fn require(&self, name: &str) -> Result<&Value, ExternalError> {
        self.view().require(name)
    }
}

impl AsyncFunctions {
    /// An empty set; os calls are denied.
    pub fn new() -> Self {
        Self::default()
    }

    /// Answers the program's os calls (files, environment, clock,
    /// randomness) with `os`, e.g. an [`OsRouter`](crate::OsRouter),
    /// instead of denying them.
    pub fn os_access(&mut self, os: impl OsAccess + 'static) -> &mut Self {
        self.os = Arc::new(os);
        self
    }

    /// Answers a pending os call with the [`OsAccess`] set by
    /// [`AsyncFunctions::os_access`].
    ///
    /// # Errors
    ///
    /// As [`OsAccess::call`]: the exception the program gets.
    pub fn answer_os_call(&self, call: &PendingOsCall) -> Result<Value, ExternalError> {
        self.os.answer(call)
    }

    /// Registers `func` as `async def name(params...)`: the program awaits
    /// it, and all calls announced together run concurrently.
    pub fn register<F, Fut>(&mut self, name: &str, params: &[&str], func: F) -> &mut Self
    where
        F: Fn(AsyncCall) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Value, ExternalError>> + Send + 'static,
    {
        self.insert(name, params, true, func)
    }

    /// Registers `func` as a plain `def name(params...)`: the program
    /// stops at the call until it completes.
    pub fn register_plain<F, Fut>(&mut self, name: &str, params: &[&str], func: F) -> &mut Self
    where
        F: Fn(AsyncCall) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Value, ExternalError>> + Send + 'static,
    {
        self.insert(name, params, false, func)
    }

    fn insert<F, Fut>(&mut self, name: &str, params: &[&str], is_async: bool, func: F) -> &mut Self
    where
        F: Fn(AsyncCall) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Value, ExternalError>> + Send + 'static,
    {
        let func: Arc<AsyncHostFn> = Arc::new(move |call| Box::pin(func(call)) as CallFuture);
        self.registry.insert(name, params, is_async, func);
        self
    }

    /// Registers `func` as the method `name(params...)` of the host
    /// objects of class `class` (as
    /// [`Functions::register_method`](crate::Functions::register_method):
    /// the object's declaration says whether the program awaits it).
    pub fn register_method<F, Fut>(
        &mut self,
        class: &str,
        name: &str,
        params: &[&str],
        func: F,
    ) -> &mut Self
    where
        F: Fn(AsyncCall) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Value, ExternalError>> + Send + 'static,
    {
        let func: Arc<AsyncHostFn> = Arc::new(move |call| Box::pin(func(call)) as CallFuture);
        let key = Registry::<AsyncHostFn>::method_key(class, name);
        self.methods.insert(&key, params, true, func);
        self
    }

    /// The declarations to send in a [`StartRequest`].
    pub fn externals(&self) -> Vec<ExternalFunction> {
        self.registry.externals()
    }

    /// The future of the registered function (or host object method) a
    /// pending call names (a `NameError` for an unknown name, an
    /// `AttributeError` for an unknown method).
    pub fn call(&self, call: PendingCall) -> CallFuture {
        let registered = match self.registry.lookup(&self.methods, &call) {
            Ok(r) => r,
            Err(error) => return Box::pin(std::future::ready(Err(error))),
        };
        (registered.func)(AsyncCall {
            name: call.name,
            object: call.object,
            class: call.class,
            args: call.args,
            kwargs: call.kwargs,
            params: registered.params.clone(),
        })
    }
}

/// Calls in flight: tokio tasks, each remembered by the call id it answers
/// (so even a panicking function's call gets an answer).
struct InFlight {
    tasks: JoinSet<Result<Value, ExternalError>>,
    ids: HashMap<tokio::task::Id, u64>,
}

impl InFlight {
    fn start(&mut self, id: u64, future: CallFuture) {
        let handle = self.tasks.spawn(future);
        self.ids.insert(handle.id(), id);
    }

    fn result(
        &mut self,
        joined: Result<(tokio::task::Id, Result<Value, ExternalError>), tokio::task::JoinError>,
    ) -> Option<CallResult> {
        let (task, result) = match joined {
            Ok((task, result)) => (task, result),
            Err(e) => (
                e.id(),
                Err(ExternalError::new(
                    "RuntimeError",
                    if e.is_panic() {
                        "the host function panicked"
                    } else {
                        "the host function was cancelled"
                    },
                )),
            ),
        };
        let id = self.ids.remove(&task)?;
        Some(CallResult { id, result })
    }

    /// Waits for the next result (up to `limit`, if given), then takes
    /// every other one already finished.
    async fn next_results(&mut self, limit: Option<std::time::Duration>) -> Vec<CallResult> {
        let first = match limit {
            Some(limit) => tokio::time::timeout(limit, self.tasks.join_next_with_id())
                .await
                .ok()
                .flatten(),
            None => self.tasks.join_next_with_id().await,
        };
        let mut results: Vec<CallResult> = first.and_then(|j| self.result(j)).into_iter().collect();
        while let Some(joined) = self.tasks.try_join_next_with_id() {
            results.extend(self.result(joined));
        }
        results
    }
}

impl Engine {
    /// Runs a request (its externals are extended with `functions`) to the
    /// end on the current tokio runtime, answering calls with `functions`:
    /// every call the program announces starts at once, and the program
    /// resumes with each batch of results as it arrives.
    ///
    /// # Errors
    ///
    /// As [`Engine::run_request`]. When the run ends, calls still in flight
    /// are aborted.
    pub async fn run_async(
        &self,
        mut request: StartRequest,
        functions: &AsyncFunctions,
    ) -> Result<RunOutcome, Error> {
        for external in functions.externals() {
            if !request.externals.iter().any(|e| e.name == external.name) {
                request.externals.push(external);
            }
        }
        let sink = CaptureSink::new();
        let mut progress = self.start(request, sink.clone())?;
        let mut in_flight = InFlight {
            tasks: JoinSet::new(),
            ids: HashMap::new(),
        };
        loop {
            progress = match progress {
                Progress::Complete { value, repr } => {
                    in_flight.tasks.abort_all();
                    return Ok(RunOutcome {
                        value,
                        repr,
                        stdout: sink.stdout(),
                        stderr: sink.stderr(),
                    });
                }
                Progress::Call(call, execution) => {
                    let result = functions.call(call).await;
                    execution.resume(result)?
                }
                Progress::OsCall(call, execution) => {
                    execution.resume(functions.answer_os_call(&call))?
                }
                Progress::Wait(calls, execution) => {
                    for call in calls {
                        let id = call.id;
                        in_flight.start(id, functions.call(call));
                    }
                    let real = matches!(execution.limits().sleep, SleepPolicy::Real { .. });
                    let timer = execution.timer();
                    // tokio's clock, so a paused test runtime measures its own time
                    let started = tokio::time::Instant::now();
                    let results = if in_flight.tasks.is_empty() {
                        // Only timers are pending.
                        let Some(timer) = timer else {
                            return Err(Error::internal(
                                "the program waits but nothing is pending",
                            ));
                        };
                        if real {
                            execution.check_sleep(timer)?;
                            tokio::time::sleep(timer).await;
                        }
                        Vec::new()
                    } else {
                        in_flight.next_results(timer.filter(|_| real)).await
                    };
                    let elapsed = real.then(|| started.elapsed());
                    execution.resume_waited(results, elapsed)?
                }
            };
        }
    }
}
