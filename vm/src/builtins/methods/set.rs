//! Methods of `set` and `frozenset`.

use crate::object::{Dict, ExcType, Obj, ObjId, Value};
use crate::vm::stdlib::Stdlib;
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::BinOp;

use super::super::Args;

pub const METHODS: &[&str] = &[
    "add",
    "remove",
    "discard",
    "pop",
    "clear",
    "copy",
    "union",
    "intersection",
    "difference",
    "symmetric_difference",
    "issubset",
    "issuperset",
    "isdisjoint",
    "update",
    "intersection_update",
    "difference_update",
    "symmetric_difference_update",
];

pub const FROZEN_METHODS: &[&str] = &[
    "copy",
    "union",
    "intersection",
    "difference",
    "symmetric_difference",
    "issubset",
    "issuperset",
    "isdisjoint",
];

fn set_mut<S: Stdlib>(vm: &mut Vm<S>, id: ObjId) -> &mut Dict {
    match vm.heap.get_mut(id) {
        Obj::Set(d) | Obj::FrozenSet(d) => d,
        _ => unreachable!("set"),
    }
}

fn set_ref<S: Stdlib>(vm: &Vm<S>, id: ObjId) -> &Dict {
    match vm.heap.get(id) {
        Obj::Set(d) | Obj::FrozenSet(d) => d,
        _ => unreachable!("set"),
    }
}

pub fn call<S: Stdlib>(vm: &mut Vm<S>, id: ObjId, name: &str, a: Args) -> PyResult<Option<Value>> {
    let me = Value::Ref(id);
    let frozen = matches!(vm.heap.get(id), Obj::FrozenSet(_));
    if frozen && !FROZEN_METHODS.contains(&name) {
        return Ok(None);
    }
    Ok(Some(match name {
        "add" => {
            a.check(1, 1, &[])?;
            let k = vm.set_key_in(id, a.pos[0])?;
            set_mut(vm, id).insert(k, a.pos[0], Value::None);
            Value::None
        }
        "remove" | "discard" => {
            a.check(1, 1, &[])?;
            let k = vm.set_key_in(id, a.pos[0])?;
            if set_mut(vm, id).remove(&k).is_none() && name == "remove" {
                return Err(PyErr::New(ExcType::KeyError, vec![a.pos[0]]));
            }
            Value::None
        }
        "pop" => {
            a.check(0, 0, &[])?;
            match set_mut(vm, id).pop_first() {
                Some((k, _)) => k,
                None => return Err(PyErr::new(ExcType::KeyError, "pop from an empty set")),
            }
        }
        "clear" => {
            a.check(0, 0, &[])?;
            set_mut(vm, id).clear();
            Value::None
        }
        "copy" => {
            a.check(0, 0, &[])?;
            let c = set_ref(vm, id).clone();
            vm.heap.new_value(if frozen {
                Obj::FrozenSet(c)
            } else {
                Obj::Set(c)
            })
        }
        "union" | "intersection" | "difference" | "symmetric_difference" => {
            let op = match name {
                "union" => BinOp::BitOr,
                "intersection" => BinOp::BitAnd,
                "difference" => BinOp::Sub,
                _ => BinOp::BitXor,
            };
            if name == "symmetric_difference" {
                a.check(1, 1, &[])?;
            }
            let mut acc = {
                let c = set_ref(vm, id).clone();
                vm.heap.new_value(if frozen {
                    Obj::FrozenSet(c)
                } else {
                    Obj::Set(c)
                })
            };
            for &other in &a.pos {
                let o = vm.to_set(other)?;
                acc = vm.set_op(op, acc, o, true)?;
            }
            acc
        }
        "update" | "intersection_update" | "difference_update" | "symmetric_difference_update" => {
            let op = match name {
                "update" => BinOp::BitOr,
                "intersection_update" => BinOp::BitAnd,
                "difference_update" => BinOp::Sub,
                _ => BinOp::BitXor,
            };
            for &other in &a.pos {
                let o = vm.to_set(other)?;
                vm.set_op(op, me, o, true)?;
            }
            Value::None
        }
        "issubset" | "issuperset" | "isdisjoint" => {
            a.check(1, 1, &[])?;
            let o = vm.to_set(a.pos[0])?;
            let Value::Ref(oid) = o else { unreachable!() };
            if vm.has_user_keys(id) || vm.has_user_keys(oid) {
                let r = match name {
                    "issubset" => vm.keys_subset(id, oid)?,
                    "issuperset" => vm.keys_subset(oid, id)?,
                    _ => !vm.any_shared_key(id, oid)?,
                };
                return Ok(Some(Value::Bool(r)));
            }
            let (s, t) = (set_ref(vm, id), set_ref(vm, oid));
            let r = match name {
                "issubset" => s.keyed_entries().all(|(k, _)| t.contains(k)),
                "issuperset" => t.keyed_entries().all(|(k, _)| s.contains(k)),
                _ => s.keyed_entries().all(|(k, _)| !t.contains(k)),
            };
            Value::Bool(r)
        }
        _ => return Ok(None),
    }))
}
