//! Methods of `dict` and the type-level `fromkeys` of `dict` and the
//! library's dict classes. The library's dict kinds (`Counter`,
//! `OrderedDict`, `defaultdict`) add and override methods; `call_method`
//! asks them first (`Stdlib::dict_kind_method`).

use crate::object::{Dict, DictKind, ExcType, HashKey, Obj, ObjId, Value, ViewKind};
use crate::vm::{PyErr, PyResult, Vm};

use super::super::native::Method;
use super::super::Args;

fn dict(vm: &Vm, id: ObjId) -> &Dict {
    match vm.heap.get(id) {
        Obj::Dict(d) => d,
        _ => unreachable!("dict"),
    }
}

fn dict_mut(vm: &mut Vm, id: ObjId) -> &mut Dict {
    match vm.heap.get_mut(id) {
        Obj::Dict(d) => d,
        _ => unreachable!("dict"),
    }
}

/// The dict a method was called on.
fn receiver(this: Value) -> ObjId {
    match this {
        Value::Ref(id) => id,
        _ => unreachable!("a dict method's receiver"),
    }
}

// the hot ones first: the table is searched in order
native_methods! {
    pub fn dict_methods;
    get, items, keys, values, setdefault, update, pop, popitem, copy, clear,
    fromkeys = instance_fromkeys,
}

native_methods! { pub fn dict_type_methods; fromkeys }

native_methods! { pub fn set_view_methods; isdisjoint }

native! {
    /// `dict_keys.isdisjoint(other, /)`, `dict_items.isdisjoint(other, /)`.
    builtin method isdisjoint(vm, this, other, /) {
        Ok(Value::Bool(vm.view_isdisjoint(this, other)?))
    }
}

native_methods! { pub fn ordered_dict_type_methods; fromkeys = ordered_dict_fromkeys }

native_methods! { pub fn counter_type_methods; fromkeys = counter_fromkeys }

/// The methods of the library's dict class of `kind` (the type itself).
pub fn dict_class_methods(kind: DictKind) -> &'static [Method] {
    match kind {
        DictKind::OrderedDict => ordered_dict_type_methods(),
        DictKind::Counter => counter_type_methods(),
        DictKind::Plain | DictKind::DefaultDict(_) => dict_type_methods(),
    }
}

/// The dict kind `fromkeys` builds: that of the class it is called on or
/// of the instance's class (`cls()`, so a defaultdict's factory is None).
fn fromkeys_kind(vm: &Vm, this: Value) -> DictKind {
    let kind = match this {
        Value::Native(t) => crate::lib().dict_class_kind(t).unwrap_or_default(),
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Dict(d) => d.kind,
            _ => DictKind::Plain,
        },
        _ => DictKind::Plain,
    };
    match kind {
        DictKind::DefaultDict(_) => DictKind::DefaultDict(Value::None),
        k => k,
    }
}

/// `fromkeys` called on a dict: the class method of its kind.
fn instance_fromkeys(vm: &mut Vm, this: Value, args: Args) -> PyResult<Value> {
    match fromkeys_kind(vm, this) {
        DictKind::OrderedDict => ordered_dict_fromkeys(vm, this, args),
        DictKind::Counter => counter_fromkeys(vm, this, args),
        _ => fromkeys(vm, this, args),
    }
}

/// A new dict of `kind` mapping each item of `iterable` to `value`.
fn build_fromkeys(
    vm: &mut Vm,
    kind: DictKind,
    iterable: Value,
    value: Option<Value>,
) -> PyResult<Value> {
    let keys = vm.collect_iterable(iterable)?;
    let v = value.unwrap_or(Value::None);
    let mut d = Dict::with_capacity(keys.len());
    d.kind = kind;
    let out = vm.heap.new_value(Obj::Dict(Box::new(d)));
    let Value::Ref(out_id) = out else {
        unreachable!()
    };
    for k in keys {
        vm.insert_keyed(out_id, k, v, false)?;
    }
    Ok(out)
}

native! {
    /// `dict.get(key, default=None, /)`.
    builtin method get(vm, this, key, default?, /) {
        let id = receiver(this);
        let k = vm.dict_key_in(id, key)?;
        Ok(dict(vm, id).get(&k).unwrap_or(default.unwrap_or(Value::None)))
    }

    /// `dict.items()`.
    builtin method items(vm, this) {
        Ok(vm.heap.new_value(Obj::DictView(receiver(this), ViewKind::Items)))
    }

    /// `dict.keys()`.
    builtin method keys(vm, this) {
        Ok(vm.heap.new_value(Obj::DictView(receiver(this), ViewKind::Keys)))
    }

    /// `dict.values()`.
    builtin method values(vm, this) {
        Ok(vm.heap.new_value(Obj::DictView(receiver(this), ViewKind::Values)))
    }

    /// `dict.setdefault(key, default=None, /)`.
    builtin method setdefault(vm, this, key, default?, /) {
        let id = receiver(this);
        let k = vm.dict_key_in(id, key)?;
        Ok(match dict(vm, id).get(&k) {
            Some(v) => v,
            None => {
                let d = default.unwrap_or(Value::None);
                dict_mut(vm, id).insert(k, key, d);
                d
            }
        })
    }

    /// `dict.update([other, ]/, **kwargs)`.
    builtin method update(vm, this, other?, /, **kwargs) {
        let id = receiver(this);
        if let Some(src) = other {
            vm.dict_update_any(this, src)?;
        }
        for (k, v) in kwargs {
            let kv = vm.new_str(k.clone());
            dict_mut(vm, id).insert(HashKey::Str(k.into()), kv, v);
        }
        Ok(Value::None)
    }

    /// `dict.pop(key[, default], /)`.
    builtin method pop(vm, this, key, default?, /) {
        let id = receiver(this);
        let k = vm.dict_key_in(id, key)?;
        match dict_mut(vm, id).remove(&k) {
            Some((_, v)) => Ok(v),
            None => default.ok_or_else(|| PyErr::New(ExcType::KeyError, vec![key])),
        }
    }

    /// `dict.popitem()`.
    builtin method popitem(vm, this) {
        match dict_mut(vm, receiver(this)).pop_last() {
            Some((k, v)) => Ok(vm.new_tuple(vec![k, v])),
            None => Err(PyErr::new(ExcType::KeyError, "popitem(): dictionary is empty")),
        }
    }

    /// `dict.copy()`.
    builtin method copy(vm, this) {
        let c = dict(vm, receiver(this)).clone();
        Ok(vm.heap.new_value(Obj::Dict(Box::new(c))))
    }

    /// `dict.clear()`.
    builtin method clear(vm, this) {
        dict_mut(vm, receiver(this)).clear();
        Ok(Value::None)
    }

    /// `dict.fromkeys(iterable, value=None, /)` (a class method; also
    /// `defaultdict.fromkeys`).
    builtin method fromkeys(vm, this, iterable, value?, /) {
        let kind = fromkeys_kind(vm, this);
        build_fromkeys(vm, kind, iterable, value)
    }

    /// `OrderedDict.fromkeys(iterable, value=None)`.
    clinic method ordered_dict_fromkeys(vm, this, iterable, value?) {
        build_fromkeys(vm, DictKind::OrderedDict, iterable, value)
    }

    /// `Counter.fromkeys(cls, iterable, v=None)`: defined in Python to refuse.
    def_method method counter_fromkeys as "Counter.fromkeys" (vm, this, iterable, v?) {
        Err(PyErr::new(
            ExcType::NotImplementedError,
            "Counter.fromkeys() is undefined.  Use Counter(iterable) instead.",
        ))
    }
}
