//! The Rust host of the monty Python sandbox.
//!
//! `monty.wasm` is the interpreter compiled to a WASI preview-1 core module.
//! This crate loads it with wasmtime and runs every execution in a fresh
//! instance that can reach nothing but what the host hands it: no files, no
//! network, no clock, no environment. A program calls the host's functions by
//! name; each call pauses the instance, the host answers, and the program
//! continues. The pieces, in the order a run uses them:
//!
//! * [`Engine`] (built from a [`Config`]): the compiled module, linked once,
//!   shared across threads.
//! * [`StartRequest`]: code, inputs, declared [`ExternalFunction`]s and
//!   [`Limits`]; [`Engine::start`] runs it to its first stop.
//! * [`Progress`]: `Complete`, or a pause holding an [`Execution`] you
//!   [`resume`](Execution::resume) with the call's result.
//! * [`Error`]: an uncaught Python exception, a [`LimitKind`] that was
//!   exceeded, or an internal error — never a crash of the host.
//! * [`Value`]: Python values, lossless to and from tagged JSON.
//! * [`OutputSink`]: where `print` goes, as it happens.
//!
//! [`Engine::run_with_functions`] wraps the loop for the common case:
//!
//! ```
//! use monty_host::{Config, Engine, ExternalError, Functions, Value};
//!
//! let engine = Engine::new(Config::new())?;
//! let mut functions = Functions::new();
//! functions.register("add", &["a", "b"], |call| {
//!     let a = call.require("a")?.as_i64().ok_or_else(|| ExternalError::new("TypeError", "int expected"))?;
//!     let b = call.require("b")?.as_i64().ok_or_else(|| ExternalError::new("TypeError", "int expected"))?;
//!     Ok(Value::Int(a + b))
//! });
//! let outcome = engine.run_with_functions("print('adding')\nadd(40, b=2)", &functions)?;
//! assert_eq!(outcome.stdout, "adding\n");
//! assert_eq!(outcome.value, Value::Int(42));
//! assert_eq!(outcome.repr.as_deref(), Some("42"));
//! # Ok::<(), monty_host::Error>(())
//! ```
//!
//! The same file runs in any WASI host: the exports are plain core functions
//! following the canonical ABI (see `execution.rs`), and the only imports are
//! the preview-1 functions this crate implements as deny-all (`wasi.rs`).

#![warn(missing_docs)]

mod async_run;
mod cache;
mod call_message;
mod codegen;
mod compiled;
mod engine;
mod error;
mod execution;
mod functions;
mod limits;
mod os_access;
mod os_call;
mod os_clock;
mod os_env;
mod os_error;
mod os_fs;
mod os_memfs;
mod os_mount;
mod os_router;
mod output;
mod precompiled;
mod protocol;
mod session;
mod snapshot_seal;
mod wasi;

pub use async_run::{AsyncCall, AsyncFunctions, CallFuture};
pub use cache::default_cache_dir;
pub use engine::{Config, Engine};
pub use error::{Error, ExternalError, LimitKind, PyException};
pub use execution::{Execution, Progress};
pub use functions::{Call, Functions, RunOutcome};
pub use limits::{Limits, SleepPolicy, EPOCH_TICK};
pub use monty_wire::{HostObject, Method, Value, MAX_PLAIN_INT};
pub use os_access::{DenyAll, OsAccess};
pub use os_call::{OsCall, PathOp};
pub use os_clock::{Clock, Entropy, MAX_URANDOM_BYTES};
pub use os_env::Environment;
pub use os_error::{io_error, Errno};
pub use os_fs::{check_path, FileKind, FileStat, FileSystem, MAX_NAME_BYTES, MAX_PATH_BYTES};
pub use os_memfs::{MemFs, ENTRY_BYTES};
pub use os_mount::{Mount, DEFAULT_MAX_FILE_BYTES};
pub use os_router::OsRouter;
pub use output::{CaptureSink, OutputSink, StdioSink, Stream};
pub use protocol::{
    CallResult, CheckReport, Diagnostic, ExternalFunction, PendingCall, PendingOsCall, StartRequest,
};
pub use session::Session;
