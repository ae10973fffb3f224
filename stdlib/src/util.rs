//! Helpers shared by the native modules: ranges measured without overflow,
//! and rooting values that native code holds while it calls back into
//! Python (the collector only sees VM roots). Binding arguments to a
//! signature is the core's (`builtins::bind`), declared with `native!`.

use crate::object::Value;
use crate::vm::{PyErr, PyResult, Vm};

/// `len(v)` as a 64-bit count: ranges are measured directly, so huge
/// ones are right on 32-bit targets too.
pub fn seq_len(vm: &mut Vm, v: Value) -> PyResult<u64> {
    if let Value::Ref(id) = v {
        if let crate::object::Obj::Range(r) = vm.heap.get(id) {
            let n = range_len(r);
            return u64::try_from(n)
                .ok()
                .filter(|n| *n <= i64::MAX as u64)
                .ok_or_else(|| {
                    PyErr::new(
                        crate::object::ExcType::OverflowError,
                        "Python int too large to convert to C ssize_t",
                    )
                });
        }
    }
    Ok(vm.len_of(v)? as u64)
}

/// The length of a range (it may exceed `sys.maxsize`).
fn range_len(r: &crate::object::Range) -> i128 {
    let (start, stop, step) = (i128::from(r.start), i128::from(r.stop), i128::from(r.step));
    if step > 0 && start < stop {
        (stop - start - 1) / step + 1
    } else if step < 0 && start > stop {
        (start - stop - 1) / -step + 1
    } else {
        0
    }
}

/// `seq[i]` for `0 <= i`, computing range items directly (64-bit on every
/// target).
pub fn seq_item(vm: &mut Vm, seq: Value, i: u64) -> PyResult<Value> {
    if let Value::Ref(id) = seq {
        if let crate::object::Obj::Range(r) = vm.heap.get(id) {
            if i128::from(i) < range_len(r) {
                let v = i128::from(r.start) + i128::from(i) * i128::from(r.step);
                return Ok(crate::object::int::from_i128(&mut vm.heap, v));
            }
            return Err(PyErr::new(
                crate::object::ExcType::IndexError,
                "range object index out of range",
            ));
        }
    }
    vm.get_item(seq, Value::Int(i as i64))
}

/// Runs `f` with `vals` pushed on the VM stack, so a collection that a
/// Python callback triggers keeps them (and whatever they refer to) alive.
pub fn rooted<T>(vm: &mut Vm, vals: &[Value], f: impl FnOnce(&mut Vm) -> T) -> T {
    let mark = vm.stack.len();
    vm.stack.extend_from_slice(vals);
    let r = f(vm);
    vm.release_to(mark);
    r
}

/// Keeps `v` alive until the enclosing [`rooted`] call returns.
pub fn keep(vm: &mut Vm, v: Value) -> Value {
    vm.stack.push(v);
    v
}
