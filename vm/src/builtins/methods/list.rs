//! Methods of `list` and `tuple`.

use crate::object::{ExcType, Obj, ObjId, Value};
use crate::vm::stdlib::Stdlib;
use crate::vm::{PyErr, PyResult, Vm};

use super::super::Args;

pub const METHODS: &[&str] = &[
    "append", "extend", "insert", "pop", "remove", "index", "count", "sort", "reverse", "copy",
    "clear",
];

fn items<S: Stdlib>(vm: &Vm<S>, id: ObjId) -> &Vec<Value> {
    match vm.heap.get(id) {
        Obj::List(l) | Obj::Tuple(l) => l,
        _ => unreachable!("list or tuple"),
    }
}

fn items_mut<S: Stdlib>(vm: &mut Vm<S>, id: ObjId) -> &mut Vec<Value> {
    match vm.heap.get_mut(id) {
        Obj::List(l) => l,
        _ => unreachable!("list"),
    }
}

/// The `start`/`stop` of a sequence's `index()`, coerced in order (an
/// `__index__` may mutate the sequence, so the caller reads its length
/// afterwards): ints or `__index__` objects, never None, huge values clamped.
pub fn sequence_bounds<S: Stdlib>(vm: &mut Vm<S>, bounds: &[Value]) -> PyResult<Vec<Value>> {
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

fn index_of<S: Stdlib>(vm: &mut Vm<S>, id: ObjId, a: &Args, what: &str) -> PyResult<Value> {
    a.check(1, 3, &[])?;
    let x = a.pos[0];
    // `__index__` of the bounds may resize the list: convert them first
    let mut pos = vec![x];
    pos.extend(sequence_bounds(vm, &a.pos[1..])?);
    let bounds = Args::new(a.name, pos, Vec::new());
    let len = items(vm, id).len();
    let (start, end) = super::clamp_range(vm, &bounds, 1, len)?;
    for i in start..end {
        let Some(&v) = items(vm, id).get(i) else {
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

fn count<S: Stdlib>(vm: &mut Vm<S>, id: ObjId, a: &Args) -> PyResult<Value> {
    a.check(1, 1, &[])?;
    let x = a.pos[0];
    let mut n = 0;
    for v in items(vm, id).clone() {
        if vm.same_object(v, x) || vm.py_eq(v, x)? {
            n += 1;
        }
    }
    Ok(Value::Int(n))
}

pub fn call_tuple<S: Stdlib>(
    vm: &mut Vm<S>,
    id: ObjId,
    name: &str,
    a: Args,
) -> PyResult<Option<Value>> {
    Ok(Some(match name {
        "index" => index_of(vm, id, &a, "tuple")?,
        "count" => count(vm, id, &a)?,
        _ => return Ok(None),
    }))
}

pub fn call<S: Stdlib>(vm: &mut Vm<S>, id: ObjId, name: &str, a: Args) -> PyResult<Option<Value>> {
    Ok(Some(match name {
        "append" => {
            a.check(1, 1, &[])?;
            items_mut(vm, id).push(a.pos[0]);
            Value::None
        }
        "extend" => {
            a.check(1, 1, &[])?;
            let new = vm.collect_iterable(a.pos[0])?;
            items_mut(vm, id).extend(new);
            Value::None
        }
        "insert" => {
            a.check(2, 2, &[])?;
            let i = vm.index_arg_mut(a.pos[0])?;
            let l = items_mut(vm, id);
            let n = l.len() as i64;
            let at = if i < 0 { (i + n).max(0) } else { i.min(n) } as usize;
            l.insert(at, a.pos[1]);
            Value::None
        }
        "pop" => {
            a.check(0, 1, &[])?;
            let i = match a.pos.first() {
                Some(v) => vm.index_arg_mut(*v)?,
                None => -1,
            };
            let l = items_mut(vm, id);
            if l.is_empty() {
                return Err(PyErr::new(ExcType::IndexError, "pop from empty list"));
            }
            let n = l.len() as i64;
            let j = if i < 0 { i + n } else { i };
            if j < 0 || j >= n {
                return Err(PyErr::new(ExcType::IndexError, "pop index out of range"));
            }
            l.remove(j as usize)
        }
        "remove" => {
            a.check(1, 1, &[])?;
            let x = a.pos[0];
            // walks the live length: `__eq__` may resize the list, and then
            // (as CPython) whatever sits at the matched index goes, if any
            let mut i = 0;
            while let Some(&v) = items(vm, id).get(i) {
                if vm.same_object(v, x) || vm.py_eq(v, x)? {
                    let l = items_mut(vm, id);
                    if i < l.len() {
                        l.remove(i);
                    }
                    return Ok(Some(Value::None));
                }
                i += 1;
            }
            return Err(PyErr::value_error("list.remove(x): x not in list"));
        }
        "index" => index_of(vm, id, &a, "list")?,
        "count" => count(vm, id, &a)?,
        "sort" => {
            a.check(0, 0, &["key", "reverse"])?;
            let key = a.kwarg("key").unwrap_or(Value::None);
            let reverse = match a.kwarg("reverse") {
                Some(r) => vm.truthy(r)?,
                None => false,
            };
            // CPython empties the list while sorting; mutation shows up as an error.
            let taken = std::mem::take(items_mut(vm, id));
            let sorted = vm.sort_values(taken.clone(), key, reverse);
            match sorted {
                Ok(s) => {
                    let l = items_mut(vm, id);
                    if !l.is_empty() {
                        return Err(PyErr::value_error("list modified during sort"));
                    }
                    *l = s;
                }
                Err(e) => {
                    *items_mut(vm, id) = taken;
                    return Err(e);
                }
            }
            Value::None
        }
        "reverse" => {
            a.check(0, 0, &[])?;
            items_mut(vm, id).reverse();
            Value::None
        }
        "copy" => {
            a.check(0, 0, &[])?;
            let c = items(vm, id).clone();
            vm.new_list(c)
        }
        "clear" => {
            a.check(0, 0, &[])?;
            items_mut(vm, id).clear();
            Value::None
        }
        _ => return Ok(None),
    }))
}
