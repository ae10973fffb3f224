//! Methods of builtin values, one file per receiver type. `has_method`
//! answers attribute lookups (`lst.append` exists); `call_method` runs one.

pub mod bytes;
pub mod bytes_text;

pub use bytes_text::sep_byte as bytes_sep;
pub mod dict;
pub mod list;
pub mod numbers;
pub mod runtime;
pub mod set;
mod shared;
pub mod str;
pub mod str_fast;
mod str_text;

use crate::object::{DictKind, Obj, ObjId, Type, Value, ViewKind};
use crate::vm::Kwargs;
use crate::vm::{PyErr, PyResult, Vm};

use super::native::{find_method, Method};
use super::Args;

pub use shared::clamp_range;

/// The method table of `obj`'s builtin type, for the types whose methods
/// are declared with `native!`.
fn table_of(vm: &Vm, obj: Value) -> Option<&'static [Method]> {
    match obj {
        Value::Int(_) | Value::Bool(_) => Some(numbers::int_methods()),
        Value::Float(_) => Some(numbers::float_methods()),
        Value::Type(Type::Dict) => Some(dict::dict_type_methods()),
        Value::Type(Type::Complex) => Some(numbers::complex_type_methods()),
        Value::Native(t) => crate::lib()
            .dict_class_kind(t)
            .map(dict::dict_class_methods),
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::List(_) => Some(list::list_methods()),
            Obj::Tuple(_) => Some(list::tuple_methods()),
            Obj::Str(_) => Some(str::str_methods()),
            Obj::Bytes(_) => Some(bytes::bytes_methods()),
            Obj::ByteArray(_) => Some(bytes::bytearray_methods()),
            Obj::Dict(_) => Some(dict::dict_methods()),
            Obj::DictView(_, ViewKind::Keys | ViewKind::Items) => Some(dict::set_view_methods()),
            Obj::Set(_) => Some(set::set_methods()),
            Obj::FrozenSet(_) => Some(set::frozenset_methods()),
            Obj::BigInt(_) => Some(numbers::int_methods()),
            Obj::Complex(_) => Some(numbers::complex_methods()),
            Obj::Exception(e) if e.kind.is_group() => Some(runtime::exception_group_methods()),
            Obj::Exception(_) => Some(runtime::exception_methods()),
            Obj::Property(_) => Some(runtime::property_methods()),
            Obj::Generator(g) if vm.program.codes[g.code as usize].is_async_generator() => {
                Some(runtime::async_generator_methods())
            }
            Obj::Generator(_) => Some(runtime::generator_methods()),
            _ => None,
        },
        _ => None,
    }
}

/// The methods of the instances of builtin type `t`, which `t.name`
/// gives unbound (`str.lower`, `dict.get`: a `BuiltinMethod` whose
/// receiver is the type, called with the instance first).
fn instance_table(t: Type) -> Option<&'static [Method]> {
    Some(match t {
        Type::Str => str::str_methods(),
        Type::List => list::list_methods(),
        Type::Tuple => list::tuple_methods(),
        Type::Bytes => bytes::bytes_methods(),
        Type::ByteArray => bytes::bytearray_methods(),
        Type::Dict => dict::dict_methods(),
        Type::Set => set::set_methods(),
        Type::FrozenSet => set::frozenset_methods(),
        Type::Int | Type::Bool => numbers::int_methods(),
        Type::Float => numbers::float_methods(),
        Type::Complex => numbers::complex_methods(),
        _ => return None,
    })
}

/// Whether `Type::name` is an instance method given unbound (not a
/// method of the type itself, such as `dict.fromkeys`).
pub fn is_unbound_method(vm: &Vm, t: Type, name: &str) -> bool {
    !type_level_method(vm, Value::Type(t), name)
        && instance_table(t).is_some_and(|table| find_method(table, name).is_some())
}

/// The dict `obj` and its kind, if it is one of the library's dict kinds
/// (`Counter`, `OrderedDict`, `defaultdict`), whose own methods come
/// before the plain dict's.
fn dict_kind_of(vm: &Vm, obj: Value) -> Option<(ObjId, DictKind)> {
    match obj {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Dict(d) if !matches!(d.kind, DictKind::Plain) => Some((id, d.kind)),
            _ => None,
        },
        _ => None,
    }
}

/// The builtin method names of `obj` (for `dir()`).
pub fn method_names(vm: &Vm, obj: Value) -> Vec<&'static str> {
    if let Some(table) = table_of(vm, obj) {
        let mut names: Vec<&'static str> = table.iter().map(|m| m.name).collect();
        if let Some((_, kind)) = dict_kind_of(vm, obj) {
            names.extend(crate::lib().dict_kind_methods(kind).iter().map(|m| m.name));
        }
        return names;
    }
    Vec::new()
}

/// Does `obj` have a builtin method called `name`?
pub fn has_method(vm: &Vm, obj: Value, name: &str) -> bool {
    type_level_method(vm, obj, name)
        || matches!(obj, Value::Type(t) if is_unbound_method(vm, t, name))
}

fn type_level_method(vm: &Vm, obj: Value, name: &str) -> bool {
    if let Some(table) = table_of(vm, obj) {
        return find_method(table, name).is_some()
            || dict_kind_of(vm, obj).is_some_and(|(_, kind)| {
                find_method(crate::lib().dict_kind_methods(kind), name).is_some()
            });
    }
    match obj {
        Value::Type(Type::Str) => name == "maketrans",
        Value::Type(t @ (Type::Bytes | Type::ByteArray)) => bytes::type_has_method(t, name),
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Native(_) => crate::lib().native_obj_has_method(vm, id, name),
            _ => false,
        },
        _ => false,
    }
}

/// Builtin method `name` of `obj` from its type's table: `None` when the
/// type has no table (natives, types), `Some(None)` when the table has no
/// such method. A dict kind's own methods and overrides come first.
#[inline]
pub fn table_method(vm: &Vm, obj: Value, name: &str) -> Option<Option<&'static Method>> {
    let table = table_of(vm, obj)?;
    Some(
        dict_kind_of(vm, obj)
            .and_then(|(_, kind)| find_method(crate::lib().dict_kind_methods(kind), name))
            .or_else(|| find_method(table, name)),
    )
}

/// Calls `m`, found by [`table_method`] for `obj`.
///
/// # Errors
/// Whatever the method raises.
pub fn call_found(
    vm: &mut Vm,
    obj: Value,
    m: &'static Method,
    pos: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Value> {
    let mut a = Args::new(m.name, pos, kw);
    a.owner = method_owner(vm, obj);
    (m.call)(vm, obj, a)
}

/// Calls builtin method `name` of `obj`.
///
/// # Errors
/// Whatever the method raises; `AttributeError` if there is no such method.
pub fn call_method(
    vm: &mut Vm,
    obj: Value,
    name: &str,
    pos: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Value> {
    if let Value::Type(t) = obj {
        if is_unbound_method(vm, t, name) {
            return call_unbound(vm, t, name, pos, kw);
        }
    }
    if let Some(found) = table_method(vm, obj, name) {
        return match found {
            Some(m) => call_found(vm, obj, m, pos, kw),
            None => Err(no_method(vm, obj, name)),
        };
    }
    // the natives below name themselves in their messages
    let mut a = Args::new("method", pos, kw);
    a.owner = method_owner(vm, obj);
    let r = match obj {
        Value::Type(t @ (Type::Bytes | Type::ByteArray)) if bytes::type_has_method(t, name) => {
            Some(bytes::call_type(vm, t, name, a)?)
        }
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Native(_) => crate::lib().native_obj_call_method(vm, id, name, a.pos, a.kw)?,
            _ => None,
        },
        _ => None,
    };
    r.ok_or_else(|| no_method(vm, obj, name))
}

/// `str.lower(s)`: the method of the first argument, which must be a `t`.
fn call_unbound(
    vm: &mut Vm,
    t: Type,
    name: &str,
    mut pos: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Value> {
    let tname = t.name();
    if pos.is_empty() {
        return Err(PyErr::type_error(format!(
            "unbound method {tname}.{name}() needs an argument"
        )));
    }
    let recv = pos.remove(0);
    if !super::objects::is_instance(vm, recv, Value::Type(t))? {
        return Err(PyErr::type_error(format!(
            "descriptor '{name}' for '{tname}' objects doesn't apply to a '{}' object",
            vm.class_name(recv)
        )));
    }
    call_method(vm, recv, name, pos, kw)
}

fn no_method(vm: &Vm, obj: Value, name: &str) -> PyErr {
    PyErr::new(
        crate::object::ExcType::AttributeError,
        format!("'{}' object has no attribute '{name}'", vm.class_name(obj)),
    )
}

/// The builtin type that defines the methods of `obj`, for messages such
/// as `list.append() takes exactly one argument (0 given)`.
fn method_owner(vm: &Vm, obj: Value) -> &'static str {
    match obj {
        Value::Int(_) => "int",
        Value::Bool(_) => "bool",
        Value::Float(_) => "float",
        Value::Type(Type::Complex) => "complex",
        Value::Type(Type::Dict) => "dict",
        Value::Native(t) => match crate::lib().dict_class_kind(t) {
            Some(DictKind::DefaultDict(_)) => "defaultdict",
            Some(DictKind::OrderedDict) => "OrderedDict",
            Some(DictKind::Counter) => "Counter",
            Some(DictKind::Plain) => "dict",
            None => "",
        },
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
            Obj::Exception(_) => "BaseException",
            Obj::Property(_) => "property",
            Obj::Generator(g) if vm.program.codes[g.code as usize].is_coroutine => {
                if vm.program.codes[g.code as usize].is_generator {
                    "async_generator"
                } else {
                    "coroutine"
                }
            }
            Obj::Generator(_) => "generator",
            _ => "",
        },
        _ => "",
    }
}
