//! The convenient way to run code: register Rust closures as the program's
//! external functions and let the engine dispatch every call until the
//! program finishes.
//!
//! [`Engine::run`], [`Engine::run_with_functions`] and [`Engine::run_request`]
//! all drive the same loop: start, then for each `call` look up the function
//! by name and resume with its result; `wait` answers every announced call
//! (one after another, in order); `os_call` is answered by the [`OsAccess`]
//! given with [`Functions::os_access`] — by default [`DenyAll`], so every
//! file, environment, clock or randomness access is a `PermissionError`.
//! Output is captured and returned in [`RunOutcome`].
//!
//! Calls of a host object's methods ([`HostObject`](crate::HostObject),
//! given as an input or returned by a function) are dispatched to the
//! handlers registered with [`Functions::register_method`] for the
//! object's class and the method's name; the handler sees the object's id
//! in [`Call::object`].

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use crate::engine::Engine;
use crate::error::{Error, ExternalError};
use crate::execution::Progress;
use crate::limits::SleepPolicy;
use crate::os_access::{DenyAll, OsAccess};
use crate::output::CaptureSink;
use crate::protocol::{CallResult, ExternalFunction, PendingCall, PendingOsCall, StartRequest};
use monty_wire::Value;

type HostFn = dyn Fn(&Call) -> Result<Value, ExternalError> + Send + Sync;

/// One registered function: its parameter names, whether Python sees it
/// as `async def`, and the Rust callable (`F` is the closure type).
pub(crate) struct Entry<F: ?Sized> {
    pub(crate) params: Arc<[String]>,
    pub(crate) is_async: bool,
    pub(crate) func: Arc<F>,
}

/// Named functions in registration order; shared by [`Functions`] and
/// [`AsyncFunctions`](crate::AsyncFunctions), which differ only in `F`.
pub(crate) struct Registry<F: ?Sized> {
    by_name: HashMap<String, Arc<Entry<F>>>,
    order: Vec<String>,
}

impl<F: ?Sized> Default for Registry<F> {
    fn default() -> Self {
        Registry {
            by_name: HashMap::new(),
            order: Vec::new(),
        }
    }
}

impl<F: ?Sized> Clone for Registry<F> {
    fn clone(&self) -> Self {
        Registry {
            by_name: self.by_name.clone(),
            order: self.order.clone(),
        }
    }
}

impl<F: ?Sized> fmt::Debug for Registry<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(&self.order).finish()
    }
}

impl<F: ?Sized> Registry<F> {
    /// Registers `func` as `name(params...)`; a name registered again is
    /// replaced and keeps its place.
    pub(crate) fn insert(&mut self, name: &str, params: &[&str], is_async: bool, func: Arc<F>) {
        let entry = Entry {
            params: params.iter().map(|p| (*p).to_owned()).collect(),
            is_async,
            func,
        };
        if self
            .by_name
            .insert(name.to_owned(), Arc::new(entry))
            .is_none()
        {
            self.order.push(name.to_owned());
        }
    }

    pub(crate) fn get(&self, name: &str) -> Option<&Entry<F>> {
        self.by_name.get(name).map(|e| &**e)
    }

    /// The key of a method in a registry of methods.
    pub(crate) fn method_key(class: &str, name: &str) -> String {
        format!("{class}.{name}")
    }

    /// The entry a pending call names: a function, or for a method call
    /// the method of the object's class (in `methods`); the error the
    /// program gets when there is none.
    pub(crate) fn lookup<'a>(
        &'a self,
        methods: &'a Registry<F>,
        call: &PendingCall,
    ) -> Result<&'a Entry<F>, ExternalError> {
        match (call.object, &call.class) {
            (Some(id), class) => {
                let class = class.as_deref().unwrap_or("object");
                methods
                    .get(&Self::method_key(class, &call.name))
                    .ok_or_else(|| {
                        ExternalError::new(
                            "AttributeError",
                            format!(
                                "the host has no method '{}' for '{class}' object {id}",
                                call.name
                            ),
                        )
                    })
            }
            (None, _) => self.get(&call.name).ok_or_else(|| {
                ExternalError::new(
                    "NameError",
                    format!("no host function named '{}'", call.name),
                )
            }),
        }
    }

    /// The declarations to send in a [`StartRequest`].
    pub(crate) fn externals(&self) -> Vec<ExternalFunction> {
        self.order
            .iter()
            .map(|name| ExternalFunction {
                name: name.clone(),
                params: Some(self.by_name[name].params.to_vec()),
                is_async: self.by_name[name].is_async,
                module: None,
            })
            .collect()
    }
}

/// A set of named host functions the program may call, and the
/// [`OsAccess`] that answers its os calls.
#[derive(Clone)]
pub struct Functions {
    registry: Registry<HostFn>,
    /// Methods of host objects, by `Class.method`.
    methods: Registry<HostFn>,
    os: Arc<dyn OsAccess>,
}

impl Default for Functions {
    fn default() -> Self {
        Functions {
            registry: Registry::default(),
            methods: Registry::default(),
            os: Arc::new(DenyAll),
        }
    }
}

impl fmt::Debug for Functions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Functions")
            .field("registry", &self.registry)
            .finish_non_exhaustive()
    }
}

impl Functions {
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
    /// [`Functions::os_access`].
    ///
    /// # Errors
    ///
    /// As [`OsAccess::call`]: the exception the program gets.
    pub fn answer_os_call(&self, call: &PendingOsCall) -> Result<Value, ExternalError> {
        self.os.answer(call)
    }

    /// Registers `func` as the Python function `name(params...)`.
    /// Registering a name again replaces the earlier function.
    pub fn register<F>(&mut self, name: &str, params: &[&str], func: F) -> &mut Self
    where
        F: Fn(&Call) -> Result<Value, ExternalError> + Send + Sync + 'static,
    {
        self.registry.insert(name, params, false, Arc::new(func));
        self
    }

    /// Registers `func` as the method `name(params...)` of the host
    /// objects of class `class` (which the object's declaration, a
    /// [`HostObject`](crate::HostObject), lists too: that is what the
    /// program sees, and whether the method is async). The handler gets
    /// the object's id in [`Call::object`]; the object itself is not among
    /// the arguments. Registering a method again replaces it.
    pub fn register_method<F>(
        &mut self,
        class: &str,
        name: &str,
        params: &[&str],
        func: F,
    ) -> &mut Self
    where
        F: Fn(&Call) -> Result<Value, ExternalError> + Send + Sync + 'static,
    {
        let key = Registry::<HostFn>::method_key(class, name);
        self.methods.insert(&key, params, false, Arc::new(func));
        self
    }

    /// The declarations to send in a [`StartRequest`].
    pub fn externals(&self) -> Vec<ExternalFunction> {
        self.registry.externals()
    }

    /// Declares these functions in `request` (those it does not declare
    /// itself).
    pub(crate) fn declare_in(&self, request: &mut StartRequest) {
        for external in self.externals() {
            if !request.externals.iter().any(|e| e.name == external.name) {
                request.externals.push(external);
            }
        }
    }

    /// Runs the registered function (or host object method) a pending
    /// call names.
    ///
    /// # Errors
    ///
    /// Whatever the function returns; a `NameError` for an unknown name,
    /// an `AttributeError` for a method no handler is registered for.
    pub fn dispatch(&self, call: &PendingCall) -> Result<Value, ExternalError> {
        let registered = self.registry.lookup(&self.methods, call)?;
        let view = Call {
            name: &call.name,
            object: call.object,
            class: call.class.as_deref(),
            args: &call.args,
            kwargs: &call.kwargs,
            params: &registered.params,
        };
        (registered.func)(&view)
    }
}

/// The arguments of one call, as a registered function sees them.
#[derive(Debug, Clone, Copy)]
pub struct Call<'a> {
    /// The function's name (the method's, for a method call).
    pub name: &'a str,
    /// For a method call: the id of the host object it is called on.
    pub object: Option<u64>,
    /// For a method call: the object's class name.
    pub class: Option<&'a str>,
    /// Positional arguments.
    pub args: &'a [Value],
    /// Keyword arguments, in call order.
    pub kwargs: &'a [(String, Value)],
    params: &'a [String],
}

impl<'a> Call<'a> {
    pub(crate) fn new(
        name: &'a str,
        args: &'a [Value],
        kwargs: &'a [(String, Value)],
        params: &'a [String],
    ) -> Self {
        Call {
            name,
            object: None,
            class: None,
            args,
            kwargs,
            params,
        }
    }

    /// The argument for parameter `name`, whether it was passed by position
    /// (matched against the registered parameter names) or by keyword.
    pub fn arg(&self, name: &str) -> Option<&'a Value> {
        if let Some((_, value)) = self.kwargs.iter().find(|(k, _)| k == name) {
            return Some(value);
        }
        let index = self.params.iter().position(|p| p == name)?;
        self.args.get(index)
    }

    /// Like [`Call::arg`], but a missing argument is a `TypeError` for the
    /// program, worded as CPython words it.
    ///
    /// # Errors
    ///
    /// `TypeError: f() missing required argument: 'name'`.
    pub fn require(&self, name: &str) -> Result<&'a Value, ExternalError> {
        self.arg(name).ok_or_else(|| {
            ExternalError::new(
                "TypeError",
                format!("{}() missing required argument: '{name}'", self.name),
            )
        })
    }
}

/// A finished run: the final value and everything printed.
#[derive(Debug, Clone, PartialEq)]
pub struct RunOutcome {
    /// The value of the last statement if it was an expression, else `None`.
    pub value: Value,
    /// `repr()` of the value; `None` when the value is `None`.
    pub repr: Option<String>,
    /// Everything the program wrote to stdout.
    pub stdout: String,
    /// Everything the program wrote to stderr.
    pub stderr: String,
}

impl Engine {
    /// Runs `code` with the given global variables and no external
    /// functions; output is captured.
    ///
    /// # Errors
    ///
    /// As [`Engine::start`]. Output printed before the error is not returned
    /// (use [`Engine::start`] with a sink to keep it).
    pub fn run(&self, code: &str, inputs: &[(&str, Value)]) -> Result<RunOutcome, Error> {
        let mut request = StartRequest::new(code);
        request.inputs = inputs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect();
        self.run_request(request, &Functions::new())
    }

    /// Runs `code`, answering its calls with `functions`; output is captured.
    ///
    /// # Errors
    ///
    /// As [`Engine::start`]; errors returned by a function are raised inside
    /// the program and only surface here if it does not catch them.
    ///
    /// # Panics
    ///
    /// If a registered function panics, the panic propagates to the caller.
    pub fn run_with_functions(
        &self,
        code: &str,
        functions: &Functions,
    ) -> Result<RunOutcome, Error> {
        self.run_request(StartRequest::new(code), functions)
    }

    /// Runs a full request (its externals are extended with `functions`),
    /// answering calls with `functions` until the program finishes.
    ///
    /// # Errors
    ///
    /// As [`Engine::run_with_functions`].
    ///
    /// # Panics
    ///
    /// If a registered function panics, the panic propagates to the caller.
    pub fn run_request(
        &self,
        mut request: StartRequest,
        functions: &Functions,
    ) -> Result<RunOutcome, Error> {
        functions.declare_in(&mut request);
        let sink = CaptureSink::new();
        let progress = self.start(request, sink.clone())?;
        drive(progress, functions, &sink)
    }
}

/// Answers `progress`'s calls with `functions` until the program finishes;
/// its output is what `sink` captured.
///
/// # Errors
///
/// As [`Engine::run_with_functions`].
pub(crate) fn drive(
    mut progress: Progress,
    functions: &Functions,
    sink: &CaptureSink,
) -> Result<RunOutcome, Error> {
    loop {
        progress = match progress {
            Progress::Complete { value, repr } => {
                return Ok(RunOutcome {
                    value,
                    repr,
                    stdout: sink.stdout(),
                    stderr: sink.stderr(),
                });
            }
            Progress::Call(call, execution) => execution.resume(functions.dispatch(&call))?,
            Progress::OsCall(call, execution) => {
                execution.resume(functions.answer_os_call(&call))?
            }
            Progress::Wait(calls, execution) => {
                if calls.is_empty() {
                    // Only timers are pending (the functions answered
                    // every call at once): let the next one fire.
                    execution.wait_timer()?
                } else {
                    let started = std::time::Instant::now();
                    let results: Vec<CallResult> = calls
                        .iter()
                        .map(|c| CallResult {
                            id: c.id,
                            result: functions.dispatch(c),
                        })
                        .collect();
                    let elapsed = match execution.limits().sleep {
                        SleepPolicy::Real { .. } => Some(started.elapsed()),
                        SleepPolicy::Virtual => None,
                    };
                    execution.resume_waited(results, elapsed)?
                }
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_found_by_position_or_keyword() {
        let mut functions = Functions::new();
        functions.register("add", &["a", "b"], |call| {
            let a = call.require("a")?.as_i64().unwrap_or(0);
            let b = call.require("b")?.as_i64().unwrap_or(0);
            Ok(Value::Int(a + b))
        });
        let call = PendingCall {
            kwargs: vec![("b".into(), Value::Int(2))],
            ..PendingCall::new(1, "add", vec![Value::Int(1)])
        };
        assert_eq!(functions.dispatch(&call), Ok(Value::Int(3)));
        let missing = PendingCall::new(2, "add", vec![Value::Int(1)]);
        assert_eq!(
            functions.dispatch(&missing).unwrap_err().message,
            "add() missing required argument: 'b'"
        );
        let unknown = PendingCall::new(3, "nope", vec![]);
        assert_eq!(
            functions.dispatch(&unknown).unwrap_err().type_name,
            "NameError"
        );
        assert_eq!(
            functions.externals()[0].params.as_deref(),
            Some(&["a".to_owned(), "b".to_owned()][..])
        );
    }

    #[test]
    fn method_calls_reach_the_method_of_the_class() {
        let mut functions = Functions::new();
        functions.register("query", &["sql"], |_| Ok(Value::from("function")));
        functions.register_method("Database", "query", &["sql"], |call| {
            Ok(Value::List(vec![
                Value::from(call.object.unwrap_or(0)),
                call.require("sql")?.clone(),
            ]))
        });
        let call = PendingCall {
            object: Some(7),
            class: Some("Database".into()),
            ..PendingCall::new(1, "query", vec![Value::from("q")])
        };
        assert!(call.is_method_call());
        assert_eq!(
            functions.dispatch(&call),
            Ok(Value::List(vec![Value::Int(7), Value::from("q")]))
        );
        let plain = PendingCall::new(2, "query", vec![Value::from("q")]);
        assert_eq!(functions.dispatch(&plain), Ok(Value::from("function")));
        let other = PendingCall {
            class: Some("Cache".into()),
            ..call.clone()
        };
        let e = functions.dispatch(&other).unwrap_err();
        assert_eq!(
            (e.type_name.as_str(), e.message.as_str()),
            (
                "AttributeError",
                "the host has no method 'query' for 'Cache' object 7"
            )
        );
        assert!(functions.externals().len() == 1);
    }
}
