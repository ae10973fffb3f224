//! `cmp_to_key` and `total_ordering`. A key is an instance of the small
//! class `KeyWrapper` (made when the module is imported) holding the
//! object and the comparison function; its comparison methods are bound
//! natives calling the function. `total_ordering` adds the missing
//! comparison methods to a class as bound natives that derive them from
//! the one the class defines.

use super::{bound_native, split, CMP_KEY, KEY_CMP, TOTAL_OP};
use crate::builtins::{Args, Builtin};
use crate::object::{Dict, HashKey, Instance, Obj, ObjId, Value};
use crate::util::rooted;
use crate::vm::{PyErr, PyResult, Vm};
use crate::ImportVm;
use monty_compile::bytecode::CmpOp;

/// The class of `cmp_to_key` keys, made once per import.
fn key_class(vm: &mut Vm) -> PyResult<ObjId> {
    let m = vm.import_module("functools")?;
    match vm.get_attr(m, "_KeyWrapper")? {
        Value::Ref(c) => Ok(c),
        _ => unreachable!("KeyWrapper is a class"),
    }
}

native! {
    /// `functools.cmp_to_key(mycmp)`.
    pub(super) clinic fn cmp_to_key(vm, mycmp) {
        Ok(bound_native(
            vm,
            CMP_KEY,
            vec![mycmp],
            "functools.KeyWrapper",
        ))
    }

    /// `K(obj)`, a key of `cmp_to_key(mycmp)` (the receiver): a
    /// `KeyWrapper` instance holding `obj` and the function.
    clinic method key_of as "K"(vm, mycmp, obj) {
        let class = key_class(vm)?;
        let mut attrs = crate::object::Attrs::new();
        for (name, v) in [("obj", obj), ("_cmp", mycmp)] {
            attrs.insert_str(vm.attr_key(name).1, v);
        }
        Ok(vm.heap.new_value(Obj::Instance(Instance { class, attrs })))
    }
}

/// Calling a key function: `mycmp` is bound.
pub(super) fn make_key(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (bound, extra) = split(a, 1)?;
    key_of(vm, bound[0], extra)
}

fn key_attr(vm: &Vm, v: Value, name: &str) -> Option<Value> {
    match vm.heap.get(v.as_ref()?) {
        Obj::Instance(i) => i.attrs.get_str(name),
        _ => None,
    }
}

/// A comparison method of `KeyWrapper`: `(op, self, other)`.
pub(super) fn key_compare(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let [Value::Int(op), this, other] = a.pos[..] else {
        return Err(PyErr::type_error("expected 1 argument"));
    };
    let (Some(x), Some(mycmp)) = (key_attr(vm, this, "obj"), key_attr(vm, this, "_cmp")) else {
        return Err(PyErr::type_error("other argument must be K instance"));
    };
    let Some(y) = key_attr(vm, other, "obj") else {
        return Err(PyErr::type_error("other argument must be K instance"));
    };
    let Some(&(_, op)) = usize::try_from(op).ok().and_then(|i| CMP_OPS.get(i)) else {
        return Err(PyErr::type_error("expected 1 argument"));
    };
    let r = vm.call_value(mycmp, vec![x, y], Vec::new())?;
    vm.compare_op(op, r, Value::Int(0))
}

const CMP_OPS: [(&str, CmpOp); 6] = [
    ("__lt__", CmpOp::Lt),
    ("__le__", CmpOp::Le),
    ("__gt__", CmpOp::Gt),
    ("__ge__", CmpOp::Ge),
    ("__eq__", CmpOp::Eq),
    ("__ne__", CmpOp::Ne),
];

fn set_class_attr(vm: &mut Vm, cls: ObjId, name: &str, v: Value) {
    let k = vm.new_str(name);
    if let Obj::Class(c) = vm.heap.get_mut(cls) {
        c.attrs.insert(HashKey::Str(name.into()), k, v);
    }
}

pub(super) fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let mut ns = Dict::new();
    for (i, (name, _)) in CMP_OPS.iter().enumerate() {
        let m = bound_native(
            vm,
            KEY_CMP,
            vec![Value::Int(i as i64)],
            "functools.KeyWrapper",
        );
        let k = vm.new_str(*name);
        ns.insert(HashKey::Str((*name).into()), k, m);
    }
    let k = vm.new_str("__hash__");
    ns.insert(HashKey::Str("__hash__".into()), k, Value::None);
    let ns = vm.heap.new_value(Obj::Dict(Box::new(ns)));
    let class = vm
        .build_class("KeyWrapper".into(), "KeyWrapper".into(), Vec::new(), ns)
        .expect("a class without bases");
    attrs.push(("_KeyWrapper".into(), class));
}

/// How `total_ordering` derives an operation from the root one `r`:
/// `not r and a != b`, `r or a == b`, `not r`, `not r or a == b`,
/// `r and a != b`.
#[derive(Clone, Copy)]
enum Derive {
    NotAndNe,
    OrEq,
    Not,
    NotOrEq,
    AndNe,
}

const DERIVED: [(&str, [(&str, Derive); 3]); 4] = [
    (
        "__lt__",
        [
            ("__gt__", Derive::NotAndNe),
            ("__le__", Derive::OrEq),
            ("__ge__", Derive::Not),
        ],
    ),
    (
        "__le__",
        [
            ("__ge__", Derive::NotOrEq),
            ("__lt__", Derive::AndNe),
            ("__gt__", Derive::Not),
        ],
    ),
    (
        "__gt__",
        [
            ("__lt__", Derive::NotAndNe),
            ("__ge__", Derive::OrEq),
            ("__le__", Derive::Not),
        ],
    ),
    (
        "__ge__",
        [
            ("__le__", Derive::NotOrEq),
            ("__gt__", Derive::AndNe),
            ("__lt__", Derive::Not),
        ],
    ),
];

native! {
    /// `functools.total_ordering(cls)`.
    pub(super) def fn total_ordering(vm, cls) {
        total_ordering_of(vm, cls)
    }
}

fn total_ordering_of(vm: &mut Vm, cls: Value) -> PyResult<Value> {
    let Some(cid) = cls
        .as_ref()
        .filter(|c| matches!(vm.heap.get(*c), Obj::Class(_)))
    else {
        return Err(PyErr::type_error("total_ordering() expects a class"));
    };
    let roots: Vec<usize> = (0..4)
        .filter(|&i| vm.class_lookup(cid, DERIVED[i].0).is_some())
        .collect();
    let Some(&root) = roots.first() else {
        return Err(PyErr::value_error(
            "must define at least one ordering operation: < > <= >=",
        ));
    };
    for (i, (name, _)) in DERIVED[root].1.iter().enumerate() {
        if !roots.iter().any(|&r| DERIVED[r].0 == *name) {
            let m = bound_native(
                vm,
                TOTAL_OP,
                vec![Value::Int(root as i64), Value::Int(i as i64)],
                "functools.total_ordering",
            );
            set_class_attr(vm, cid, name, m);
        }
    }
    Ok(cls)
}

/// A method `total_ordering` added: `(root, which, self, other)`.
pub(super) fn total_op(vm: &mut Vm, a: Args) -> PyResult<Value> {
    rooted(vm, &a.pos.clone(), |vm| total_op_rooted(vm, a))
}

fn total_op_rooted(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let [Value::Int(root), Value::Int(which), this, other] = a.pos[..] else {
        return Err(PyErr::type_error("expected 1 argument"));
    };
    let entry = |i: i64, n: usize| usize::try_from(i).ok().filter(|i| *i < n);
    let (Some(root), Some(which)) = (entry(root, 4), entry(which, 3)) else {
        return Err(PyErr::type_error("expected 1 argument"));
    };
    let (root_name, derived) = DERIVED[root];
    let how = derived[which].1;
    let Some(f) = vm
        .user_class_of(this)
        .and_then(|c| vm.class_lookup(c, root_name))
    else {
        return Ok(Value::Builtin(Builtin::NotImplemented));
    };
    let r = vm.call_value(f, vec![this, other], Vec::new())?;
    if r == Value::Builtin(Builtin::NotImplemented) {
        return Ok(r);
    }
    let truth = vm.truthy(r)?;
    Ok(match how {
        Derive::Not => Value::Bool(!truth),
        Derive::NotAndNe if truth => Value::Bool(false),
        Derive::AndNe if !truth => r,
        Derive::NotAndNe | Derive::AndNe => vm.compare_op(CmpOp::Ne, this, other)?,
        Derive::OrEq if truth => r,
        Derive::NotOrEq if !truth => Value::Bool(true),
        Derive::OrEq | Derive::NotOrEq => vm.compare_op(CmpOp::Eq, this, other)?,
    })
}
