//! Methods of builtin values, one file per receiver type. `has_method`
//! answers attribute lookups (`lst.append` exists); `call_method` runs one.

pub mod bytes;
pub mod bytes_text;

pub use bytes_text::sep_byte as bytes_sep;
pub mod dict;
pub mod list;
pub mod numbers;
pub mod set;
pub mod str;
pub mod str_fast;
mod str_text;

use crate::object::{Obj, Type, Value};
use crate::vm::call::Kwargs;
use crate::vm::stdlib::Stdlib;
use crate::vm::{PyErr, PyResult, Vm};

use super::native::{find_method, Method};
use super::Args;

/// The method table of `obj`'s builtin type, for the types whose methods
/// are declared with `native!`.
fn table_of<S: Stdlib>(vm: &Vm<S>, obj: Value) -> Option<&'static [Method<S>]> {
    match obj {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::List(_) => Some(list::list_methods()),
            Obj::Tuple(_) => Some(list::tuple_methods()),
            Obj::Str(_) => Some(str::str_methods()),
            Obj::Bytes(_) => Some(bytes::bytes_methods()),
            Obj::ByteArray(_) => Some(bytes::bytearray_methods()),
            _ => None,
        },
        _ => None,
    }
}

/// The builtin method names of `obj` (for `dir()`).
pub fn method_names<S: Stdlib>(vm: &Vm<S>, obj: Value) -> Vec<&'static str> {
    if let Some(table) = table_of(vm, obj) {
        return table.iter().map(|m| m.name).collect();
    }
    let names: &'static [&'static str] = match obj {
        Value::Int(_) | Value::Bool(_) => numbers::INT_METHODS,
        Value::Float(_) => numbers::FLOAT_METHODS,
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Complex(_) => numbers::COMPLEX_METHODS,
            Obj::Dict(_) => dict::METHODS,
            Obj::Set(_) => set::METHODS,
            Obj::FrozenSet(_) => set::FROZEN_METHODS,
            _ => &[],
        },
        _ => &[],
    };
    names.to_vec()
}

/// Does `obj` have a builtin method called `name`?
pub fn has_method<S: Stdlib>(vm: &Vm<S>, obj: Value, name: &str) -> bool {
    if let Some(table) = table_of(vm, obj) {
        return find_method(table, name).is_some();
    }
    match obj {
        Value::Int(_) | Value::Bool(_) => numbers::INT_METHODS.contains(&name),
        Value::Float(_) => numbers::FLOAT_METHODS.contains(&name),
        Value::Type(Type::Dict) => name == "fromkeys",
        Value::Native(t) => name == "fromkeys" && S::dict_class_kind(t).is_some(),
        Value::Type(Type::Str) => name == "maketrans",
        Value::Type(Type::Complex) => name == "from_number",
        Value::Type(t @ (Type::Bytes | Type::ByteArray)) => bytes::type_has_method::<S>(t, name),
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Dict(d) => dict::METHODS.contains(&name) || S::dict_kind_has_method(d.kind, name),
            Obj::Set(_) => set::METHODS.contains(&name),
            Obj::FrozenSet(_) => set::FROZEN_METHODS.contains(&name),
            Obj::BigInt(_) => numbers::INT_METHODS.contains(&name),
            Obj::Complex(_) => numbers::COMPLEX_METHODS.contains(&name),
            Obj::Exception(_) => name == "with_traceback" || name == "add_note",
            Obj::Property(_) => matches!(name, "getter" | "setter" | "deleter"),
            Obj::Native(_) => S::native_obj_has_method(vm, id, name),
            Obj::Generator(_) => {
                matches!(name, "send" | "throw" | "close" | "__next__" | "__iter__")
            }
            _ => false,
        },
        _ => false,
    }
}

/// Calls builtin method `name` of `obj`.
///
/// # Errors
/// Whatever the method raises; `AttributeError` if there is no such method.
pub fn call_method<S: Stdlib>(
    vm: &mut Vm<S>,
    obj: Value,
    name: &str,
    pos: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Value> {
    if let Some(m) = table_of(vm, obj).and_then(|t| find_method(t, name)) {
        let mut a = Args::new(m.name, pos, kw);
        a.owner = method_owner(vm, obj);
        return (m.call)(vm, obj, a);
    }
    let mut a = Args::new(method_name(name), pos, kw);
    a.owner = method_owner(vm, obj);
    let r = match obj {
        Value::Int(_) | Value::Bool(_) => numbers::call_int(vm, obj, name, a)?,
        Value::Float(f) => numbers::call_float(vm, f, name, a)?,
        Value::Type(Type::Dict) if name == "fromkeys" => Some(dict::fromkeys(vm, a)?),
        Value::Type(Type::Complex) if name == "from_number" => {
            Some(numbers::complex_from_number(vm, a)?)
        }
        Value::Native(t) if name == "fromkeys" => match S::dict_class_kind(t) {
            Some(kind) => Some(dict::fromkeys_of(vm, a, kind)?),
            None => None,
        },
        Value::Type(t @ (Type::Bytes | Type::ByteArray))
            if bytes::type_has_method::<S>(t, name) =>
        {
            Some(bytes::call_type(vm, t, name, a)?)
        }
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Dict(_) => match S::dict_kind_method(vm, id, name, &a)? {
                Some(v) => Some(v),
                None => dict::call(vm, id, name, a)?,
            },
            Obj::Set(_) | Obj::FrozenSet(_) => set::call(vm, id, name, a)?,
            Obj::BigInt(_) => numbers::call_int(vm, obj, name, a)?,
            Obj::Complex(z) => {
                let z = *z;
                numbers::call_complex(vm, z, name, a)?
            }
            Obj::Exception(_) if name == "with_traceback" => {
                a.check(1, 1, &[])?;
                // `with_traceback(None)` drops the frames recorded so far;
                // traceback objects are not exposed, so any other argument
                // keeps them.
                if a.pos[0].is_none() {
                    if let Obj::Exception(e) = vm.heap.get_mut(id) {
                        e.traceback.clear();
                    }
                }
                Some(obj)
            }
            Obj::Generator(_) => Some(generator_method(vm, id, name, a)?),
            Obj::Native(_) => S::native_obj_call_method(vm, id, name, a.pos, a.kw)?,
            Obj::Property(p) => {
                let mut p = *p;
                a.check(1, 1, &[])?;
                match name {
                    "getter" => p.fget = a.pos[0],
                    "setter" => p.fset = a.pos[0],
                    _ => p.fdel = a.pos[0],
                }
                Some(vm.heap.new_value(Obj::Property(p)))
            }
            _ => None,
        },
        _ => None,
    };
    r.ok_or_else(|| {
        PyErr::new(
            crate::object::ExcType::AttributeError,
            format!("'{}' object has no attribute '{name}'", vm.class_name(obj)),
        )
    })
}

/// The builtin type that defines the methods of `obj`, for messages such
/// as `list.append() takes exactly one argument (0 given)`.
fn method_owner<S: Stdlib>(vm: &Vm<S>, obj: Value) -> &'static str {
    match obj {
        Value::Int(_) | Value::Bool(_) => "int",
        Value::Float(_) => "float",
        Value::Type(Type::Complex) => "complex",
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Complex(_) => "complex",
            Obj::Str(_) => "str",
            Obj::Bytes(_) => "bytes",
            Obj::ByteArray(_) => "bytearray",
            Obj::List(_) => "list",
            Obj::Tuple(_) => "tuple",
            Obj::Dict(_) => "dict",
            Obj::Set(_) => "set",
            Obj::FrozenSet(_) => "frozenset",
            Obj::BigInt(_) => "int",
            _ => "",
        },
        _ => "",
    }
}

/// Leaks nothing: method names are matched against static tables, so the
/// `&'static str` for error messages comes from there.
fn method_name(name: &str) -> &'static str {
    for table in [
        dict::METHODS,
        set::METHODS,
        numbers::INT_METHODS,
        numbers::FLOAT_METHODS,
        numbers::COMPLEX_METHODS,
        numbers::COMPLEX_TYPE_METHODS,
    ] {
        if let Some(n) = table.iter().find(|n| **n == name) {
            return n;
        }
    }
    "method"
}

/// Clamps Python `start`/`end` arguments to `0..=len`.
pub fn clamp_range<S: Stdlib>(
    vm: &mut Vm<S>,
    a: &Args,
    first: usize,
    len: usize,
) -> PyResult<(usize, usize)> {
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

/// `gen.send(v)`, `gen.throw(exc)`, `gen.close()`, `gen.__next__()`.
fn generator_method<S: Stdlib>(
    vm: &mut Vm<S>,
    id: crate::object::ObjId,
    name: &str,
    a: Args,
) -> PyResult<Value> {
    let stop = || PyErr::New(crate::object::ExcType::StopIteration, vec![]);
    match name {
        "send" => {
            a.check(1, 1, &[])?;
            vm.generator_next(id, a.pos[0])?.ok_or_else(stop)
        }
        "__next__" => {
            a.check(0, 0, &[])?;
            vm.generator_next(id, Value::None)?.ok_or_else(stop)
        }
        "__iter__" => Ok(Value::Ref(id)),
        "throw" => {
            a.check(1, 3, &[])?;
            let exc = match a.pos[0] {
                Value::ExcType(t) => {
                    let args = a.pos.get(1).map(|v| vec![*v]).unwrap_or_default();
                    vm.new_exception(crate::object::Exception::new(t, args))
                }
                other => other,
            };
            vm.generator_throw(id, exc)?.ok_or_else(stop)
        }
        _ => {
            a.check(0, 0, &[])?;
            vm.generator_close(id)?;
            Ok(Value::None)
        }
    }
}
