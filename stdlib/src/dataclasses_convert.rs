//! `dataclasses`' conversions over the fields a class was decorated with
//! (`Class::dataclass`): `asdict`, `astuple` and `replace`.

use crate::object::{DataclassInfo, Dict, ExcType, HashKey, Obj, ObjId, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// The class's (or instance's) own record of its decoration.
pub(crate) fn info_of(vm: &Vm, v: Value) -> Option<(ObjId, DataclassInfo)> {
    let cls = match v {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::Class(_)) => id,
        _ => vm.user_class_of(v)?,
    };
    vm.class(cls).dataclass.clone().map(|i| (cls, i))
}

pub(crate) fn must_instance(vm: &Vm, v: Value, what: &str) -> PyResult<(ObjId, DataclassInfo)> {
    match info_of(vm, v) {
        Some(x) if vm.user_class_of(v).is_some() => Ok(x),
        _ => Err(PyErr::type_error(format!(
            "{what}() should be called on dataclass instances"
        ))),
    }
}

/// `getattr(class_or_instance, '__dataclass_fields__', None)`.
pub(crate) fn fields_mapping(vm: &mut Vm, v: Value) -> Option<Value> {
    let cls = match v {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::Class(_)) => id,
        _ => vm.user_class_of(v)?,
    };
    vm.class_lookup(cls, "__dataclass_fields__")
}

/// Deep conversion for `asdict`/`astuple`.
pub(crate) fn convert(vm: &mut Vm, v: Value, as_dict: bool, depth: u32) -> PyResult<Value> {
    if depth > 200 {
        return Err(PyErr::new(
            ExcType::RecursionError,
            "maximum recursion depth exceeded",
        ));
    }
    if let Some((_, info)) = info_of(vm, v).filter(|_| vm.user_class_of(v).is_some()) {
        let mut vals = Vec::new();
        for f in &info.fields {
            let x = vm.get_attr(v, &f.name)?;
            vals.push((f.name.clone(), convert(vm, x, as_dict, depth + 1)?));
        }
        if as_dict {
            let mut d = Dict::new();
            for (k, x) in vals {
                let key = vm.new_str(k.clone());
                d.insert(HashKey::Str(k.into()), key, x);
            }
            return Ok(vm.heap.new_value(Obj::Dict(Box::new(d))));
        }
        let items = vals.into_iter().map(|p| p.1).collect();
        return Ok(vm.new_tuple(items));
    }
    let Value::Ref(id) = v else { return Ok(v) };
    match vm.heap.get(id).clone() {
        Obj::List(items) => {
            let mut out = Vec::with_capacity(items.len());
            for i in items {
                out.push(convert(vm, i, as_dict, depth + 1)?);
            }
            Ok(vm.new_list(out))
        }
        Obj::Tuple(items) => {
            let mut out = Vec::with_capacity(items.len());
            for i in items {
                out.push(convert(vm, i, as_dict, depth + 1)?);
            }
            Ok(vm.new_tuple(out))
        }
        Obj::Dict(d) => {
            let mut out = Dict::with_capacity(d.len());
            for (k, x) in d.entries() {
                let k2 = convert(vm, k, as_dict, depth + 1)?;
                let x2 = convert(vm, x, as_dict, depth + 1)?;
                let hk = vm.hash_key(k2)?;
                out.insert(hk, k2, x2);
            }
            Ok(vm.heap.new_value(Obj::Dict(Box::new(out))))
        }
        _ => Ok(v),
    }
}

pub(crate) fn replace_fields(
    vm: &mut Vm,
    obj: Value,
    changes: &[(String, Value)],
) -> PyResult<Value> {
    let (cls, info) = must_instance(vm, obj, "replace")?;
    let mut kwargs = Vec::new();
    for f in info.fields.iter().filter(|f| f.init) {
        let v = match changes.iter().find(|(k, _)| *k == f.name) {
            Some((_, v)) => *v,
            None => vm.get_attr(obj, &f.name)?,
        };
        kwargs.push((f.name.clone(), v));
    }
    for (k, _) in changes {
        if !info.fields.iter().any(|f| &f.name == k && f.init) {
            let n = vm.class(cls).name.clone();
            return Err(PyErr::type_error(format!(
                "{n}.__init__() got an unexpected keyword argument '{k}'"
            )));
        }
    }
    vm.call_value(Value::Ref(cls), Vec::new(), kwargs)
}
