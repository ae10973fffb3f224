//! The `typing` names that are class bases: `Generic` and `Protocol` (real
//! classes, so they appear in the MRO as in CPython), `NamedTuple` and
//! `TypedDict` (markers: a class statement naming them builds a namedtuple
//! class, or a class whose calls make plain dicts), and PEP 560's
//! `__mro_entries__`: a subscripted base (`Generic[T]`, `Base[int]`) stands
//! for its origin class.

use super::objects::NativeObj;
use super::typing::MODULE;
use crate::builtins::Args;
use crate::object::{Dict, HashKey, NativeId, Obj, Type, Value};
use crate::objects::native_of;
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// `Generic[T]` (and any subclass's `Cls[int]`): a generic alias whose
/// origin is the class; calling it calls the class.
pub fn class_getitem(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let [cls, idx] = a.pos[..] else {
        return Err(PyErr::type_error("__class_getitem__ expected 2 arguments"));
    };
    let args = match idx {
        Value::Ref(t) if matches!(vm.heap.get(t), Obj::Tuple(_)) => idx,
        _ => vm.new_tuple(vec![idx]),
    };
    Ok(vm
        .heap
        .new_value(Obj::from(NativeObj::GenericAlias { origin: cls, args })))
}

/// `TypedDict` classes' metaclass `__call__`: a plain dict.
pub fn typed_dict_call(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let args = a.pos.get(1..).unwrap_or_default().to_vec();
    vm.call_value(Value::Type(Type::Dict), args, a.kw)
}

/// `typing.NamedTuple(typename, fields)`: the functional form, with
/// `fields` a list of `(name, type)` pairs.
pub fn named_tuple_new(vm: &mut Vm, a: Args) -> PyResult<Value> {
    a.check_keywords(&[])?;
    let [typename, fields] = a.pos[..] else {
        return Err(PyErr::type_error(format!(
            "NamedTuple() takes 2 positional arguments but {} were given",
            a.pos.len()
        )));
    };
    let mut names = Vec::new();
    let mut annotations = Dict::new();
    for pair in vm.collect_iterable(fields)? {
        let items = vm.collect_iterable(pair)?;
        let [name, typ] = items[..] else {
            return Err(PyErr::type_error(
                "NamedTuple('Name', [(f0, t0), (f1, t1), ...]); each field needs a name and a type",
            ));
        };
        let key = vm.hash_key(name)?;
        annotations.insert(key, name, typ);
        names.push(name);
    }
    let names = vm.new_list(names);
    let cls = crate::collections::namedtuple::make_class(vm, typename, names, None, None, None)?;
    let annotations = vm.heap.new_value(Obj::Dict(Box::new(annotations)));
    vm.set_attr(cls, "__annotations__", annotations)?;
    Ok(cls)
}

/// `typing.TypedDict(typename, fields, *, total=True)`: the functional
/// form, with `fields` a dict of name to type.
pub fn typed_dict_new(vm: &mut Vm, a: Args) -> PyResult<Value> {
    a.check_keywords(&["total"])?;
    let [typename, fields] = a.pos[..] else {
        return Err(PyErr::type_error(format!(
            "TypedDict() takes 2 positional arguments but {} were given",
            a.pos.len()
        )));
    };
    let name = vm.str_of(typename)?;
    let total = match a.kwarg("total") {
        Some(t) => vm.truthy(t)?,
        None => true,
    };
    let Value::Ref(fid) = fields else {
        return Err(PyErr::type_error(
            "TypedDict takes a dict as its second argument",
        ));
    };
    let Obj::Dict(d) = vm.heap.get(fid) else {
        return Err(PyErr::type_error(
            "TypedDict takes a dict as its second argument",
        ));
    };
    let annotations = vm.heap.new_value(Obj::Dict(d.clone()));
    let mut ns = Dict::new();
    put(vm, &mut ns, "__annotations__", annotations);
    let module = vm.new_str("__main__");
    put(vm, &mut ns, "__module__", module);
    let ns = vm.heap.new_value(Obj::Dict(Box::new(ns)));
    typed_dict_class(vm, &name, ns, total)
}

fn put(vm: &mut Vm, ns: &mut Dict, k: &str, v: Value) {
    let key = vm.new_str(k);
    ns.insert(HashKey::Str(k.into()), key, v);
}

fn native_id(name: &str) -> NativeId {
    MODULE.native_id(name)
}

fn bound_native(vm: &mut Vm, func: &str, name: &str) -> Value {
    vm.heap.new_value(Obj::BoundNative {
        func: native_id(func),
        bound: Vec::new(),
        name: name.into(),
    })
}

fn make_class(
    vm: &mut Vm,
    name: &str,
    bases: Vec<Value>,
    entries: Vec<(&str, Value)>,
) -> PyResult<Value> {
    let mut ns = Dict::new();
    let module = vm.new_str("typing");
    put(vm, &mut ns, "__module__", module);
    for (k, v) in entries {
        put(vm, &mut ns, k, v);
    }
    let ns = vm.heap.new_value(Obj::Dict(Box::new(ns)));
    vm.build_class(name.into(), name.into(), bases, ns)
}

/// `typing.Generic` and `typing.Protocol`, made when `typing` is imported.
pub fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) -> PyResult<()> {
    let getitem = bound_native(vm, "_class_getitem", "Generic.__class_getitem__");
    let generic = make_class(
        vm,
        "Generic",
        Vec::new(),
        vec![("__class_getitem__", getitem)],
    )?;
    let protocol = make_class(vm, "Protocol", vec![generic], Vec::new())?;
    let call = bound_native(vm, "_typed_dict_call", "_TypedDictMeta.__call__");
    let meta = make_class(vm, "_TypedDictMeta", Vec::new(), vec![("__call__", call)])?;
    attrs.push(("Generic".into(), generic));
    attrs.push(("Protocol".into(), protocol));
    attrs.push(("_TypedDictMeta".into(), meta));
    Ok(())
}

/// PEP 560: a generic alias base stands for its origin class.
pub fn mro_entry(vm: &mut Vm, base: Value) -> Option<Value> {
    let Value::Ref(id) = base else { return None };
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::GenericAlias { origin, .. }) => Some(*origin),
        Some(NativeObj::TypingAlias { origin, .. }) if !origin.is_none() => Some(*origin),
        _ => None,
    }
}

/// `class P(NamedTuple)` and `class M(TypedDict)`.
pub fn build_special_class(
    vm: &mut Vm,
    name: &str,
    bases: &[Value],
    ns: Value,
) -> Option<PyResult<Value>> {
    if bases.contains(&Value::Native(native_id("NamedTuple"))) {
        return Some(named_tuple_class(vm, name, bases, ns));
    }
    if bases.contains(&Value::Native(native_id("TypedDict"))) {
        return Some(typed_dict_class(vm, name, ns, true));
    }
    None
}

/// The namespace of a class body, as (name, value) pairs in order.
fn ns_entries(vm: &Vm, ns: Value) -> Vec<(String, Value)> {
    let Value::Ref(id) = ns else {
        return Vec::new();
    };
    let Obj::Dict(d) = vm.heap.get(id) else {
        return Vec::new();
    };
    d.entries()
        .filter_map(|(k, v)| as_str(&vm.heap, k).map(|k| (k.to_string(), v)))
        .collect()
}

/// The field names a class body annotated, in order.
fn annotated_fields(vm: &Vm, ns: Value) -> (Vec<String>, Value) {
    let annotations = ns_entries(vm, ns)
        .into_iter()
        .find(|(k, _)| k == "__annotations__")
        .map(|(_, v)| v)
        .unwrap_or(Value::None);
    (
        ns_entries(vm, annotations)
            .into_iter()
            .map(|(k, _)| k)
            .collect(),
        annotations,
    )
}

/// Attributes a `NamedTuple` class body may not define (CPython's list).
const PROHIBITED: &[&str] = &[
    "__new__",
    "__init__",
    "__slots__",
    "__getnewargs__",
    "_fields",
    "_field_defaults",
    "_make",
    "_replace",
    "_asdict",
    "_source",
];

fn named_tuple_class(vm: &mut Vm, name: &str, bases: &[Value], ns: Value) -> PyResult<Value> {
    if bases.len() > 1 {
        return Err(PyErr::type_error(
            "can only inherit from a NamedTuple type and Generic",
        ));
    }
    let (fields, annotations) = annotated_fields(vm, ns);
    let entries = ns_entries(vm, ns);
    let mut defaults = Vec::new();
    let mut first_default: Option<&str> = None;
    for f in &fields {
        match entries.iter().find(|(k, _)| k == f) {
            Some((_, v)) => {
                first_default.get_or_insert(f);
                defaults.push(*v);
            }
            None => {
                if let Some(d) = first_default {
                    return Err(PyErr::type_error(format!(
                        "Non-default namedtuple field {f} cannot follow default field {d}"
                    )));
                }
            }
        }
    }
    let typename = vm.new_str(name);
    let names: Vec<Value> = fields.iter().map(|f| vm.new_str(f.clone())).collect();
    let names = vm.new_list(names);
    let defaults = vm.new_tuple(defaults);
    let module = entries
        .iter()
        .find(|(k, _)| k == "__module__")
        .map(|(_, v)| *v);
    let cls = crate::collections::namedtuple::make_class(
        vm,
        typename,
        names,
        None,
        Some(defaults),
        module,
    )?;
    for (k, v) in entries {
        if PROHIBITED.contains(&k.as_str()) {
            return Err(PyErr::new(
                crate::object::ExcType::AttributeError,
                format!("Cannot overwrite NamedTuple attribute {k}"),
            ));
        }
        if k == "__module__" || fields.contains(&k) {
            continue;
        }
        vm.set_attr(cls, &k, v)?;
    }
    if !annotations.is_none() {
        vm.set_attr(cls, "__annotations__", annotations)?;
    }
    Ok(cls)
}

/// A `TypedDict` class: its body's annotations are the keys; calling it
/// makes a dict.
fn typed_dict_class(vm: &mut Vm, name: &str, ns: Value, total: bool) -> PyResult<Value> {
    let (fields, _) = annotated_fields(vm, ns);
    let keys: Vec<Value> = fields.iter().map(|f| vm.new_str(f.clone())).collect();
    let keys = frozenset(vm, keys)?;
    let empty = frozenset(vm, Vec::new())?;
    let (required, optional) = if total { (keys, empty) } else { (empty, keys) };
    let meta = crate::native_class::module_attr(vm, "typing", "_TypedDictMeta")?;
    let Value::Ref(meta) = meta else {
        unreachable!("typing made the metaclass")
    };
    let cls = vm.build_class_with_meta(
        name.into(),
        name.into(),
        vec![Value::Type(Type::Dict)],
        ns,
        Some(meta),
    )?;
    vm.set_attr(cls, "__total__", Value::Bool(total))?;
    vm.set_attr(cls, "__required_keys__", required)?;
    vm.set_attr(cls, "__optional_keys__", optional)?;
    Ok(cls)
}

fn frozenset(vm: &mut Vm, items: Vec<Value>) -> PyResult<Value> {
    let l = vm.new_list(items);
    vm.call_value(Value::Type(Type::FrozenSet), vec![l], Vec::new())
}
