//! [`PyErr`], the error every fallible operation returns, with its
//! constructors.
//!
//! A leaf: it names only exception kinds and values, so the VM struct and
//! the object layer can return it without a circle through the unwinding
//! code (`exception.rs`), which walks the VM's frames.

use crate::object::exc::ExcType;
use crate::object::value::Value;

/// An error on its way to becoming (or being) a raised Python exception.
#[derive(Debug, Clone)]
pub enum PyErr {
    /// A new builtin exception with `args`.
    New(ExcType, Vec<Value>),
    /// A new builtin exception with one str argument, created lazily.
    Msg(ExcType, String),
    /// An existing exception object raised here (adds a traceback line).
    Raise(Value),
    /// Re-raise without adding a traceback line (bare `raise`, `finally`).
    Reraise(Value),
    /// Not an exception: the run is pausing for a host call made inside
    /// native code, which unwinds to the dispatch loop (`journal.rs`).
    /// Native code passes it on like any error and never catches it.
    Suspend,
    /// Not an exception: a budget ran out (`budget.rs`). Unwinds to the
    /// session; no handler runs.
    Limit,
}

impl PyErr {
    /// A new exception of `kind` with message `msg` (no args if empty).
    pub fn new(kind: ExcType, msg: impl Into<String>) -> PyErr {
        PyErr::Msg(kind, msg.into())
    }

    pub fn type_error(msg: impl Into<String>) -> PyErr {
        PyErr::new(ExcType::TypeError, msg)
    }

    pub fn value_error(msg: impl Into<String>) -> PyErr {
        PyErr::new(ExcType::ValueError, msg)
    }
}
