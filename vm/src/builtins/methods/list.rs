//! Methods of `list` and `tuple`.

use crate::object::{ExcType, List, Obj, ObjId, Value};
use crate::vm::{PyErr, PyResult, Vm};

use super::super::Args;

/// Item `i` of list or tuple `id`, if there is one.
fn item(vm: &Vm, id: ObjId, i: usize) -> Option<Value> {
    vm.heap.get(id).seq().and_then(|s| s.get(i))
}

fn len(vm: &Vm, id: ObjId) -> usize {
    vm.heap.get(id).seq().map_or(0, |s| s.len())
}

fn items_mut(vm: &mut Vm, id: ObjId) -> &mut List {
    match vm.heap.get_mut(id) {
        Obj::List(l) => l,
        _ => unreachable!("list"),
    }
}

/// The `start`/`stop` of a sequence's `index()`, coerced in order (an
/// `__index__` may mutate the sequence, so the caller reads its length
/// afterwards): ints or `__index__` objects, never None, huge values clamped.
pub fn sequence_bounds(vm: &mut Vm, bounds: &[Value]) -> PyResult<Vec<Value>> {
    let mut out = Vec::with_capacity(bounds.len());
    for &b in bounds {
        let is_int = matches!(b, Value::Int(_) | Value::Bool(_))
            || matches!(b, Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)));
        if !is_int && (b.is_none() || !vm.has_index_method(b)) {
            return Err(PyErr::type_error(
                "slice indices must be integers or have an __index__ method",
            ));
        }
        out.push(Value::Int(vm.slice_bound_mut(b)?));
    }
    Ok(out)
}

/// The list or tuple a method was called on.
fn receiver(this: Value) -> ObjId {
    match this {
        Value::Ref(id) => id,
        _ => unreachable!("a list or tuple method's receiver"),
    }
}

fn index_of(vm: &mut Vm, id: ObjId, x: Value, bounds: &[Value], what: &str) -> PyResult<Value> {
    // `__index__` of the bounds may resize the list: convert them first
    let mut pos = vec![x];
    pos.extend(sequence_bounds(vm, bounds)?);
    let bounds = Args::new("index", pos, Vec::new());
    let len = len(vm, id);
    let (start, end) = super::shared::clamp_range(vm, &bounds, 1, len)?;
    for i in start..end {
        let Some(v) = item(vm, id, i) else {
            break;
        };
        if vm.same_object(v, x) || vm.py_eq(v, x)? {
            return Ok(Value::Int(i as i64));
        }
    }
    if what == "list" {
        Err(PyErr::value_error("list.index(x): x not in list"))
    } else {
        Err(PyErr::value_error("tuple.index(x): x not in tuple"))
    }
}

fn count_of(vm: &mut Vm, id: ObjId, x: Value) -> PyResult<Value> {
    let mut n = 0;
    let all = vm
        .heap
        .get(id)
        .seq()
        .map(|s| s.to_vec())
        .unwrap_or_default();
    for v in all {
        if vm.same_object(v, x) || vm.py_eq(v, x)? {
            n += 1;
        }
    }
    Ok(Value::Int(n))
}

native_methods! { pub fn tuple_methods; index = tuple_index, count }

native_methods! {
    pub fn list_methods;
    append, extend, insert, pop, remove, index = list_index, count, sort, reverse, copy, clear,
}

native! {
    /// `tuple.index(value, start=0, stop=sys.maxsize, /)`.
    builtin method tuple_index(vm, this, value, start?, stop?, /) {
        let bounds: Vec<Value> = start.into_iter().chain(stop).collect();
        index_of(vm, receiver(this), value, &bounds, "tuple")
    }

    /// `list.index(value, start=0, stop=sys.maxsize, /)`.
    builtin method list_index(vm, this, value, start?, stop?, /) {
        let bounds: Vec<Value> = start.into_iter().chain(stop).collect();
        index_of(vm, receiver(this), value, &bounds, "list")
    }

    /// `list.count(value, /)`, `tuple.count(value, /)`.
    builtin method count(vm, this, value, /) {
        count_of(vm, receiver(this), value)
    }

    /// `list.append(object, /)`.
    builtin method append(vm, this, object, /) {
        items_mut(vm, receiver(this)).push(object);
        Ok(Value::None)
    }

    /// `list.extend(iterable, /)`.
    builtin method extend(vm, this, iterable, /) {
        let new = vm.collect_iterable(iterable)?;
        items_mut(vm, receiver(this)).extend(new);
        Ok(Value::None)
    }

    /// `list.insert(index, object, /)`.
    builtin method insert(vm, this, index, object, /) {
        let i = vm.index_arg_mut(index)?;
        let l = items_mut(vm, receiver(this));
        let n = l.len() as i64;
        let at = if i < 0 { (i + n).max(0) } else { i.min(n) } as usize;
        l.insert(at, object);
        Ok(Value::None)
    }

    /// `list.pop(index=-1, /)`.
    builtin method pop(vm, this, index?, /) {
        let i = match index {
            Some(v) => vm.index_arg_mut(v)?,
            None => -1,
        };
        let l = items_mut(vm, receiver(this));
        if l.is_empty() {
            return Err(PyErr::new(ExcType::IndexError, "pop from empty list"));
        }
        let n = l.len() as i64;
        let j = if i < 0 { i + n } else { i };
        if j < 0 || j >= n {
            return Err(PyErr::new(ExcType::IndexError, "pop index out of range"));
        }
        Ok(l.remove(j as usize))
    }

    /// `list.remove(value, /)`.
    builtin method remove(vm, this, value, /) {
        let id = receiver(this);
        // walks the live length: `__eq__` may resize the list, and then
        // (as CPython) whatever sits at the matched index goes, if any
        let mut i = 0;
        while let Some(v) = item(vm, id, i) {
            if vm.same_object(v, value) || vm.py_eq(v, value)? {
                let l = items_mut(vm, id);
                if i < l.len() {
                    l.remove(i);
                }
                return Ok(Value::None);
            }
            i += 1;
        }
        Err(PyErr::value_error("list.remove(x): x not in list"))
    }

    /// `list.sort(*, key=None, reverse=False)`.
    builtin method sort(vm, this, *, key?, reverse?) {
        let id = receiver(this);
        let key = key.unwrap_or(Value::None);
        let reverse = match reverse {
            Some(r) => vm.truthy(r)?,
            None => false,
        };
        // CPython empties the list while sorting; mutation shows up as an error.
        let taken = items_mut(vm, id).take();
        let sorted = vm.sort_values(taken.clone(), key, reverse);
        match sorted {
            Ok(s) => {
                // what was added meanwhile is dropped, the sorted items stay
                let l = items_mut(vm, id);
                let modified = !l.is_empty();
                *l = List::from_vec(s);
                if modified {
                    return Err(PyErr::value_error("list modified during sort"));
                }
                Ok(Value::None)
            }
            Err(e) => {
                *items_mut(vm, id) = List::from_vec(taken);
                Err(e)
            }
        }
    }

    /// `list.reverse()`.
    builtin method reverse(vm, this) {
        items_mut(vm, receiver(this)).reverse();
        Ok(Value::None)
    }

    /// `list.copy()`.
    builtin method copy(vm, this) {
        let c = items_mut(vm, receiver(this)).clone();
        Ok(vm.heap.new_value(Obj::List(c)))
    }

    /// `list.clear()`.
    builtin method clear(vm, this) {
        items_mut(vm, receiver(this)).clear();
        Ok(Value::None)
    }
}
