//! The guard on native recursion over nested data: `json.dumps`/`loads`
//! and `copy.deepcopy` walk containers with Rust recursion, one native
//! stack frame per level, so a deeply nested value must raise
//! `RecursionError` before the native stack runs out. It lives in the core
//! because the walks live in different crates (`monty-json`,
//! `monty-stdlib`) and nest inside each other (a `default=` hook that
//! deep-copies), so they share one count.

use super::{PyErr, PyResult, Vm};
use crate::object::ExcType;

/// The most nested containers handled natively at once (across nested
/// `dumps`/`loads`/`deepcopy` calls), whatever the recursion limit: deeper
/// data raises `RecursionError` before the native stack could run out.
const MAX_NATIVE_NESTING: usize = 1000;

thread_local! {
    /// Native nesting levels in progress (see [`Nest`]).
    static NESTING: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One level of native recursion over nested data; dropping it leaves
/// the level.
pub struct Nest;

impl Drop for Nest {
    fn drop(&mut self) {
        NESTING.with(|n| n.set(n.get().saturating_sub(1)));
    }
}

/// Enters nesting level `depth` (of this walk).
///
/// # Errors
/// `RecursionError` (`maximum recursion depth exceeded{what}`) once the
/// Python frames plus `depth` pass the recursion limit, or the native
/// levels pass [`MAX_NATIVE_NESTING`].
#[inline(never)]
pub fn enter_nested(vm: &Vm, depth: usize, what: &str) -> PyResult<Nest> {
    let total = NESTING.with(|n| n.get()) + 1;
    // a Python callback running inside native code (a `default=` hook, a
    // `sorted` key, ...) takes about as much native stack as ten levels
    let budget = MAX_NATIVE_NESTING.saturating_sub(10 * vm.native_depth as usize);
    if vm.frames.len() + depth > vm.limits.max_recursion_depth || total > budget {
        return Err(PyErr::new(
            ExcType::RecursionError,
            format!("maximum recursion depth exceeded{what}"),
        ));
    }
    NESTING.with(|n| n.set(total));
    Ok(Nest)
}
