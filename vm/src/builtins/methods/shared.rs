//! Argument helpers shared by the methods of several builtin types:
//! `start`/`end` clamping and the checks of no-argument slot wrappers.
//!
//! Low in `methods/`: it names only the VM core and `Args`, not the method
//! tables, so the per-type files can use it without a circle through
//! `mod.rs`, which names every per-type file.

use crate::builtins::Args;
use crate::object::Value;
use crate::vm::{Kwargs, PyErr, PyResult, Vm};

/// Clamps Python `start`/`end` arguments to `0..=len`.
pub fn clamp_range(vm: &mut Vm, a: &Args, first: usize, len: usize) -> PyResult<(usize, usize)> {
    let mut get = |i: usize| -> PyResult<Option<i64>> {
        match a.pos.get(i) {
            None => Ok(None),
            Some(v) if v.is_none() => Ok(None),
            Some(v) => vm.slice_bound_mut(*v).map(Some),
        }
    };
    let norm = |v: Option<i64>, default: usize| -> usize {
        match v {
            None => default,
            Some(i) if i < 0 => (len as i64).saturating_add(i).max(0) as usize,
            Some(i) => (i as usize).min(len),
        }
    };
    Ok((norm(get(first)?, 0), norm(get(first + 1)?, len)))
}

/// The checks of a slot wrapper that takes no arguments
/// (`int.__index__`, `generator.__next__`), in CPython's wording.
pub(super) fn slot_wrapper_no_args(name: &str, rest: &[Value], kwargs: &Kwargs) -> PyResult<()> {
    if !kwargs.is_empty() {
        return Err(PyErr::type_error(format!(
            "wrapper {name}() takes no keyword arguments"
        )));
    }
    if !rest.is_empty() {
        return Err(PyErr::type_error(format!(
            "expected 0 arguments, got {}",
            rest.len()
        )));
    }
    Ok(())
}
