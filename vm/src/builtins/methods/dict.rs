//! Methods of `dict`.

use crate::object::{Dict, DictKind, ExcType, Obj, ObjId, Value, ViewKind};
use crate::vm::stdlib::Stdlib;
use crate::vm::{PyErr, PyResult, Vm};

use super::super::Args;

pub const METHODS: &[&str] = &[
    "get",
    "keys",
    "values",
    "items",
    "pop",
    "popitem",
    "setdefault",
    "update",
    "copy",
    "clear",
    "fromkeys",
];

fn dict<S: Stdlib>(vm: &Vm<S>, id: ObjId) -> &Dict {
    match vm.heap.get(id) {
        Obj::Dict(d) => d,
        _ => unreachable!("dict"),
    }
}

fn dict_mut<S: Stdlib>(vm: &mut Vm<S>, id: ObjId) -> &mut Dict {
    match vm.heap.get_mut(id) {
        Obj::Dict(d) => d,
        _ => unreachable!("dict"),
    }
}

/// `dict.fromkeys(iterable, value=None)`.
pub fn fromkeys<S: Stdlib>(vm: &mut Vm<S>, a: Args) -> PyResult<Value> {
    fromkeys_of(vm, a, DictKind::Plain)
}

/// `cls.fromkeys(iterable, value=None)` for `cls` a dict class of `kind`
/// (it builds `cls()`, so a defaultdict's factory is None); `Counter`
/// refuses, as in CPython.
pub fn fromkeys_of<S: Stdlib>(vm: &mut Vm<S>, a: Args, kind: DictKind) -> PyResult<Value> {
    if matches!(kind, DictKind::Counter) {
        return Err(PyErr::new(
            ExcType::NotImplementedError,
            "Counter.fromkeys() is undefined.  Use Counter(iterable) instead.",
        ));
    }
    let kind = match kind {
        DictKind::DefaultDict(_) => DictKind::DefaultDict(Value::None),
        k => k,
    };
    a.check(1, 2, &[])?;
    let keys = vm.collect_iterable(a.pos[0])?;
    let v = a.pos.get(1).copied().unwrap_or(Value::None);
    let mut d = Dict::with_capacity(keys.len());
    d.kind = kind;
    let out = vm.heap.new_value(Obj::Dict(d));
    let Value::Ref(out_id) = out else {
        unreachable!()
    };
    for k in keys {
        vm.insert_keyed(out_id, k, v, false)?;
    }
    Ok(out)
}

pub fn call<S: Stdlib>(vm: &mut Vm<S>, id: ObjId, name: &str, a: Args) -> PyResult<Option<Value>> {
    Ok(Some(match name {
        "get" => {
            a.check(1, 2, &[])?;
            let k = vm.dict_key_in(id, a.pos[0])?;
            dict(vm, id)
                .get(&k)
                .unwrap_or(a.pos.get(1).copied().unwrap_or(Value::None))
        }
        "keys" | "values" | "items" => {
            a.check(0, 0, &[])?;
            let kind = match name {
                "keys" => ViewKind::Keys,
                "values" => ViewKind::Values,
                _ => ViewKind::Items,
            };
            vm.heap.new_value(Obj::DictView(id, kind))
        }
        "pop" => {
            a.check(1, 2, &[])?;
            let k = vm.dict_key_in(id, a.pos[0])?;
            match dict_mut(vm, id).remove(&k) {
                Some((_, v)) => v,
                None => match a.pos.get(1) {
                    Some(d) => *d,
                    None => return Err(PyErr::New(ExcType::KeyError, vec![a.pos[0]])),
                },
            }
        }
        "popitem" => {
            a.check(0, 0, &[])?;
            match dict_mut(vm, id).pop_last() {
                Some((k, v)) => vm.new_tuple(vec![k, v]),
                None => {
                    return Err(PyErr::new(
                        ExcType::KeyError,
                        "popitem(): dictionary is empty",
                    ))
                }
            }
        }
        "setdefault" => {
            a.check(1, 2, &[])?;
            let k = vm.dict_key_in(id, a.pos[0])?;
            match dict(vm, id).get(&k) {
                Some(v) => v,
                None => {
                    let d = a.pos.get(1).copied().unwrap_or(Value::None);
                    dict_mut(vm, id).insert(k, a.pos[0], d);
                    d
                }
            }
        }
        "update" => {
            if a.pos.len() > 1 {
                return Err(PyErr::type_error(format!(
                    "update expected at most 1 argument, got {}",
                    a.pos.len()
                )));
            }
            let target = Value::Ref(id);
            if let Some(&src) = a.pos.first() {
                vm.dict_update_any(target, src)?;
            }
            for (k, v) in a.kw {
                let kv = vm.new_str(k.clone());
                dict_mut(vm, id).insert(crate::object::HashKey::Str(k.into()), kv, v);
            }
            Value::None
        }
        "copy" => {
            a.check(0, 0, &[])?;
            let c = dict(vm, id).clone();
            vm.heap.new_value(Obj::Dict(c))
        }
        "clear" => {
            a.check(0, 0, &[])?;
            dict_mut(vm, id).clear();
            Value::None
        }
        "fromkeys" => {
            let kind = dict(vm, id).kind;
            fromkeys_of(vm, a, kind)?
        }
        _ => return Ok(None),
    }))
}
