//! A context's `flags` and `traps`: `SignalDict` objects that are live
//! views of their context's bits, with the mapping methods, CPython's
//! errors for non-signal keys and deletion, and equality with dicts.

use super::ctxobj::signal_dict_bits;
use super::{ctx_mut, ctx_of, signal_bit, SIGNAL_NAMES};
use crate::object::{Dict, ExcType, Obj, ObjId, Value};
use crate::objects::native_of;
use crate::objects::NativeObj;
use crate::vm::call::Kwargs;
use crate::vm::{PyErr, PyResult, Vm};

fn sd_parts(vm: &Vm, id: ObjId) -> (Value, bool) {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::DecSignals { ctx, traps }) => (*ctx, *traps),
        _ => unreachable!("a SignalDict"),
    }
}

fn sd_bits(vm: &Vm, id: ObjId) -> u16 {
    let (ctx, traps) = sd_parts(vm, id);
    let c = ctx_of(vm, ctx).expect("context");
    if traps {
        c.traps
    } else {
        c.flags
    }
}

fn sd_set(vm: &mut Vm, id: ObjId, bits: u16) {
    let (ctx, traps) = sd_parts(vm, id);
    let c = ctx_mut(vm, ctx).expect("context");
    if traps {
        c.traps = bits;
    } else {
        c.flags = bits;
    }
}

fn signal_classes(vm: &Vm) -> Vec<Value> {
    let classes = &super::state(vm).classes;
    (0..9).map(|b| classes[super::bit_class(b)]).collect()
}

pub fn sd_getitem(vm: &mut Vm, id: ObjId, key: Value) -> PyResult<Value> {
    match signal_bit(vm, key) {
        Some(b) => Ok(Value::Bool(sd_bits(vm, id) & b != 0)),
        None => Err(signal_key_error(vm)),
    }
}

/// The KeyError for a key that is not a signal.
pub fn signal_key_error(vm: &mut Vm) -> PyErr {
    let msg = vm.new_str(
        "valid values for signals are:\n  [InvalidOperation, FloatOperation, DivisionByZero,\n   Overflow, Underflow, Subnormal, Inexact, Rounded,\n   Clamped]",
    );
    PyErr::New(ExcType::KeyError, vec![msg])
}

pub fn sd_setitem(vm: &mut Vm, id: ObjId, key: Value, v: Option<Value>) -> PyResult<()> {
    let Some(v) = v else {
        return Err(PyErr::value_error("signal keys cannot be deleted"));
    };
    let Some(b) = signal_bit(vm, key) else {
        return Err(signal_key_error(vm));
    };
    let on = vm.truthy(v)?;
    let bits = sd_bits(vm, id);
    sd_set(vm, id, if on { bits | b } else { bits & !b });
    Ok(())
}

pub fn sd_repr(vm: &mut Vm, id: ObjId) -> PyResult<String> {
    let bits = sd_bits(vm, id);
    let parts: Vec<String> = SIGNAL_NAMES
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let on = if bits & (1 << i) != 0 {
                "True"
            } else {
                "False"
            };
            format!("<class 'decimal.{n}'>:{on}")
        })
        .collect();
    Ok(format!("{{{}}}", parts.join(", ")))
}

pub fn sd_iter(vm: &mut Vm, id: ObjId) -> PyResult<Value> {
    let _ = id;
    let l = signal_classes(vm);
    let l = vm.new_list(l);
    vm.get_iter(l)
}

/// The signal dict as a plain dict.
fn sd_dict(vm: &mut Vm, id: ObjId) -> PyResult<Value> {
    let bits = sd_bits(vm, id);
    let d = vm.heap.new_value(Obj::Dict(Box::new(Dict::new())));
    for (i, cls) in signal_classes(vm).into_iter().enumerate() {
        vm.set_item(d, cls, Value::Bool(bits & (1 << i) != 0))?;
    }
    Ok(d)
}

pub const SD_METHODS: &[&str] = &[
    "keys",
    "values",
    "items",
    "get",
    "copy",
    "update",
    "pop",
    "popitem",
    "setdefault",
    "clear",
    "__copy__",
    "__deepcopy__",
    "__reduce__",
    "__reduce_ex__",
];

pub fn sd_method(
    vm: &mut Vm,
    id: ObjId,
    name: &str,
    args: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Option<Value>> {
    let bits = sd_bits(vm, id);
    let classes = signal_classes(vm);
    Ok(Some(match name {
        "keys" => vm.new_list(classes),
        "values" => {
            let v = (0..9).map(|i| Value::Bool(bits & (1 << i) != 0)).collect();
            vm.new_list(v)
        }
        "items" => {
            let mut v = Vec::new();
            for (i, c) in classes.into_iter().enumerate() {
                v.push(vm.new_tuple(vec![c, Value::Bool(bits & (1 << i) != 0)]));
            }
            vm.new_list(v)
        }
        "get" => {
            let key = args.first().copied().unwrap_or(Value::None);
            let default = args.get(1).copied().unwrap_or(Value::None);
            match signal_bit(vm, key) {
                Some(b) => Value::Bool(bits & b != 0),
                None => default,
            }
        }
        "copy" => sd_dict(vm, id)?,
        "update" => {
            let mut pairs: Vec<(Value, Value)> = Vec::new();
            if let Some(&other) = args.first() {
                if let Some(b) = signal_dict_bits(vm, other) {
                    for (i, c) in classes.iter().enumerate() {
                        pairs.push((*c, Value::Bool(b & (1 << i) != 0)));
                    }
                } else if let Value::Ref(oid) = other {
                    if let Obj::Dict(d) = vm.heap.get(oid) {
                        pairs = d.entries().collect();
                    }
                }
                if pairs.is_empty() && signal_dict_bits(vm, other).is_none() {
                    let is_dict =
                        matches!(other, Value::Ref(o) if matches!(vm.heap.get(o), Obj::Dict(_)));
                    if !is_dict {
                        for item in vm.collect_iterable(other)? {
                            let kv = vm.collect_iterable(item)?;
                            if kv.len() != 2 {
                                let msg = if kv.len() < 2 {
                                    format!(
                                        "not enough values to unpack (expected 2, got {})",
                                        kv.len()
                                    )
                                } else {
                                    "too many values to unpack (expected 2)".to_string()
                                };
                                return Err(PyErr::value_error(msg));
                            }
                            pairs.push((kv[0], kv[1]));
                        }
                    }
                }
            }
            for (k, v) in pairs {
                sd_setitem(vm, id, k, Some(v))?;
            }
            let _ = kw;
            Value::None
        }
        "pop" | "popitem" | "clear" | "setdefault" => {
            return Err(PyErr::value_error("signal keys cannot be deleted"))
        }
        "__copy__" | "__deepcopy__" | "__reduce__" | "__reduce_ex__" => {
            return Err(PyErr::type_error("cannot pickle 'SignalDict' object"))
        }
        _ => return Ok(None),
    }))
}

/// `==` between a signal dict and a dict or signal dict.
pub fn sd_compare(vm: &mut Vm, a: Value, b: Value) -> PyResult<Option<bool>> {
    let (sd, other) = match (signal_dict_bits(vm, a), signal_dict_bits(vm, b)) {
        (Some(x), Some(y)) => return Ok(Some(x == y)),
        (Some(x), None) => (x, b),
        (None, Some(y)) => (y, a),
        _ => return Ok(None),
    };
    let Value::Ref(oid) = other else {
        return Ok(Some(false));
    };
    let Obj::Dict(d) = vm.heap.get(oid) else {
        return Ok(Some(false));
    };
    let entries: Vec<(Value, Value)> = d.entries().collect();
    if entries.is_empty() {
        return Err(PyErr::value_error("invalid signal dict"));
    }
    if entries.len() != 9 {
        return Ok(Some(false));
    }
    let mut bits = 0;
    for (k, v) in entries {
        let Some(b) = signal_bit(vm, k) else {
            return Ok(Some(false));
        };
        if vm.truthy(v)? {
            bits |= b;
        }
    }
    Ok(Some(bits == sd))
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// A context's `flags` or `traps`.
pub struct SignalsType;

impl np::NativeType for SignalsType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "SignalDict"
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        if let np::NativeObj::DecSignals { ctx, .. } = o {
            f(*ctx);
        }
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        SD_METHODS.contains(&name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        sd_method(vm, id, name, args, kw)
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        sd_repr(vm, id)
    }

    fn compare(
        vm: &mut np::Vm,
        op: np::CmpOp,
        a: np::Value,
        b: np::Value,
    ) -> np::PyResult<Option<bool>> {
        if !matches!(op, np::CmpOp::Eq | np::CmpOp::Ne) {
            return Ok(None);
        }
        Ok(sd_compare(vm, a, b)?.map(|r| if op == np::CmpOp::Eq { r } else { !r }))
    }

    fn hash(_: &mut np::Vm, _: np::ObjId) -> np::PyResult<Option<np::HashKey>> {
        Err(np::PyErr::type_error("unhashable type: 'SignalDict'"))
    }

    fn len(_: &mut np::Vm, _: np::ObjId) -> np::PyResult<Option<usize>> {
        Ok(Some(9))
    }

    fn iter(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::Value>> {
        sd_iter(vm, id).map(Some)
    }

    fn getitem(vm: &mut np::Vm, id: np::ObjId, idx: np::Value) -> np::PyResult<Option<np::Value>> {
        sd_getitem(vm, id, idx).map(Some)
    }

    fn setitem(
        vm: &mut np::Vm,
        id: np::ObjId,
        idx: np::Value,
        v: Option<np::Value>,
    ) -> Option<np::PyResult<()>> {
        Some(sd_setitem(vm, id, idx, v))
    }
}
