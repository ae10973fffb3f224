//! Methods of `set` and `frozenset`.

use crate::object::{Dict, ExcType, Obj, ObjId, Value};
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::BinOp;

fn set_mut(vm: &mut Vm, id: ObjId) -> &mut Dict {
    match vm.heap.get_mut(id) {
        Obj::Set(d) | Obj::FrozenSet(d) => d,
        _ => unreachable!("set"),
    }
}

fn set_ref(vm: &Vm, id: ObjId) -> &Dict {
    match vm.heap.get(id) {
        Obj::Set(d) | Obj::FrozenSet(d) => d,
        _ => unreachable!("set"),
    }
}

/// The set or frozenset a method was called on.
fn receiver(this: Value) -> ObjId {
    match this {
        Value::Ref(id) => id,
        _ => unreachable!("a set method's receiver"),
    }
}

native_methods! {
    pub fn set_methods;
    add, remove, discard, pop, clear, copy, union, intersection, difference,
    symmetric_difference, issubset, issuperset, isdisjoint, update, intersection_update,
    difference_update, symmetric_difference_update,
}

native_methods! {
    pub fn frozenset_methods;
    copy, union, intersection, difference, symmetric_difference, issubset, issuperset,
    isdisjoint,
}

/// A shallow copy of the set `id`, of its type.
fn copy_of(vm: &mut Vm, id: ObjId) -> Value {
    let frozen = matches!(vm.heap.get(id), Obj::FrozenSet(_));
    let c = set_ref(vm, id).clone();
    vm.heap.new_value(if frozen {
        Obj::FrozenSet(Box::new(c))
    } else {
        Obj::Set(Box::new(c))
    })
}

/// `union`/`intersection`/`difference`/`symmetric_difference`: a copy of
/// the receiver combined with each of `others` in turn.
fn combine(vm: &mut Vm, this: Value, op: BinOp, others: &[Value]) -> PyResult<Value> {
    let mut acc = copy_of(vm, receiver(this));
    for &other in others {
        let o = vm.to_set(other)?;
        acc = vm.set_op(op, acc, o, true)?;
    }
    Ok(acc)
}

/// The in-place forms: the receiver combined with each of `others`.
fn combine_in_place(vm: &mut Vm, this: Value, op: BinOp, others: &[Value]) -> PyResult<Value> {
    for &other in others {
        let o = vm.to_set(other)?;
        vm.set_op(op, this, o, true)?;
    }
    Ok(Value::None)
}

#[derive(Clone, Copy)]
enum Relation {
    Subset,
    Superset,
    Disjoint,
}

fn relation(vm: &mut Vm, this: Value, other: Value, rel: Relation) -> PyResult<Value> {
    let id = receiver(this);
    // a set argument is used as it is (its elements keep their hashes)
    let o = match other {
        Value::Ref(oid) if matches!(vm.heap.get(oid), Obj::Set(_) | Obj::FrozenSet(_)) => other,
        _ => vm.to_set(other)?,
    };
    let Value::Ref(oid) = o else { unreachable!() };
    if vm.has_user_keys(id) || vm.has_user_keys(oid) {
        let r = match rel {
            Relation::Subset => vm.keys_subset(id, oid)?,
            Relation::Superset => vm.keys_subset(oid, id)?,
            Relation::Disjoint => !vm.any_shared_key(id, oid)?,
        };
        return Ok(Value::Bool(r));
    }
    let (s, t) = (set_ref(vm, id), set_ref(vm, oid));
    let r = match rel {
        Relation::Subset => s.keyed_entries().all(|(k, _)| t.contains(k)),
        Relation::Superset => t.keyed_entries().all(|(k, _)| s.contains(k)),
        Relation::Disjoint => s.keyed_entries().all(|(k, _)| !t.contains(k)),
    };
    Ok(Value::Bool(r))
}

native! {
    /// `set.add(object, /)`.
    builtin method add(vm, this, object, /) {
        let id = receiver(this);
        let k = vm.set_key_in(id, object)?;
        set_mut(vm, id).insert(k, object, Value::None);
        Ok(Value::None)
    }

    /// `set.remove(object, /)`.
    builtin method remove(vm, this, object, /) {
        let id = receiver(this);
        let k = vm.set_key_in(id, object)?;
        if set_mut(vm, id).remove(&k).is_none() {
            return Err(PyErr::New(ExcType::KeyError, vec![object]));
        }
        Ok(Value::None)
    }

    /// `set.discard(object, /)`.
    builtin method discard(vm, this, object, /) {
        let id = receiver(this);
        let k = vm.set_key_in(id, object)?;
        set_mut(vm, id).remove(&k);
        Ok(Value::None)
    }

    /// `set.pop()`.
    builtin method pop(vm, this) {
        match set_mut(vm, receiver(this)).pop_first() {
            Some((k, _)) => Ok(k),
            None => Err(PyErr::new(ExcType::KeyError, "pop from an empty set")),
        }
    }

    /// `set.clear()`.
    builtin method clear(vm, this) {
        set_mut(vm, receiver(this)).clear();
        Ok(Value::None)
    }

    /// `set.copy()`, `frozenset.copy()`.
    builtin method copy(vm, this) {
        Ok(copy_of(vm, receiver(this)))
    }

    /// `set.union(*others)`, `frozenset.union(*others)`.
    builtin method union(vm, this, *others) {
        combine(vm, this, BinOp::BitOr, &others)
    }

    /// `set.intersection(*others)`, `frozenset.intersection(*others)`.
    builtin method intersection(vm, this, *others) {
        combine(vm, this, BinOp::BitAnd, &others)
    }

    /// `set.difference(*others)`, `frozenset.difference(*others)`.
    builtin method difference(vm, this, *others) {
        combine(vm, this, BinOp::Sub, &others)
    }

    /// `set.symmetric_difference(other, /)`, `frozenset.symmetric_difference(other, /)`.
    builtin method symmetric_difference(vm, this, other, /) {
        combine(vm, this, BinOp::BitXor, &[other])
    }

    /// `set.issubset(other, /)`, `frozenset.issubset(other, /)`.
    builtin method issubset(vm, this, other, /) {
        relation(vm, this, other, Relation::Subset)
    }

    /// `set.issuperset(other, /)`, `frozenset.issuperset(other, /)`.
    builtin method issuperset(vm, this, other, /) {
        relation(vm, this, other, Relation::Superset)
    }

    /// `set.isdisjoint(other, /)`, `frozenset.isdisjoint(other, /)`.
    builtin method isdisjoint(vm, this, other, /) {
        relation(vm, this, other, Relation::Disjoint)
    }

    /// `set.update(*others)`.
    builtin method update(vm, this, *others) {
        combine_in_place(vm, this, BinOp::BitOr, &others)
    }

    /// `set.intersection_update(*others)`.
    builtin method intersection_update(vm, this, *others) {
        combine_in_place(vm, this, BinOp::BitAnd, &others)
    }

    /// `set.difference_update(*others)`.
    builtin method difference_update(vm, this, *others) {
        combine_in_place(vm, this, BinOp::Sub, &others)
    }

    /// `set.symmetric_difference_update(other, /)`.
    builtin method symmetric_difference_update(vm, this, other, /) {
        combine_in_place(vm, this, BinOp::BitXor, &[other])
    }
}
