//! `EnumType`, the metaclass of every enum class: what the class object
//! itself does. Calling it looks a member up by value (`Color(1)`, with
//! `_missing_` and flags' pseudo-members) or, given names, makes a new
//! enum class (the functional API, `Enum('Animal', 'CAT DOG')`);
//! iterating, `len`, `in`, `Color['RED']`, `repr`, `__members__`, and the
//! refusal to reassign or delete a member.

use crate::enums::{
    enum_class_id, flag_kind, member_class, member_map, member_named, members, module_class,
    value_of,
};
use crate::object::{Dict, ExcType, HashKey, Obj, ObjId, Value};
use crate::vm::{PyErr, PyResult, Vm};

fn cls_id(vm: &Vm, cls: Value) -> PyResult<ObjId> {
    enum_class_id(vm, cls).ok_or_else(|| PyErr::type_error("expected an enum class"))
}

native! {
    /// `EnumType.__init__(cls, name, bases, ns)`: makes the members.
    pub(crate) builtin fn _meta_init as "EnumType.__init__"(vm, cls, _name, _bases, _ns, /) {
        let Value::Ref(id) = cls else { return Ok(Value::None) };
        crate::enum_build::init_class(vm, id)?;
        Ok(Value::None)
    }

    /// `EnumType.__call__(cls, value, names=None, *, module=None,
    /// qualname=None, type=None, start=1, boundary=None)`.
    pub(crate) def fn _meta_call as "EnumType.__call__"(vm, cls, value, names?, **kwargs) {
        let id = cls_id(vm, cls)?;
        let mut opts = [None; 4];
        for (k, v) in kwargs {
            match k.as_str() {
                "module" => opts[0] = Some(v),
                "qualname" => opts[1] = Some(v),
                "type" => opts[2] = Some(v),
                "start" => opts[3] = Some(v),
                "boundary" => {}
                _ => {
                    return Err(PyErr::type_error(format!(
                        "EnumType.__call__() got an unexpected keyword argument '{k}'"
                    )))
                }
            }
        }
        let [module, qualname, mixin, start] = opts;
        match names {
            Some(n) if !n.is_none() => functional(vm, cls, value, n, module, qualname, mixin, start),
            _ => lookup(vm, id, value),
        }
    }

    /// `iter(EnumClass)`: the canonical members in definition order.
    pub(crate) builtin fn _meta_iter as "EnumType.__iter__"(vm, cls, /) {
        let id = cls_id(vm, cls)?;
        let l = members(vm, id);
        let l = vm.new_list(l);
        vm.get_iter(l)
    }

    /// `reversed(EnumClass)`.
    pub(crate) builtin fn _meta_reversed as "EnumType.__reversed__"(vm, cls, /) {
        let id = cls_id(vm, cls)?;
        let mut l = members(vm, id);
        l.reverse();
        let l = vm.new_list(l);
        vm.get_iter(l)
    }

    /// `len(EnumClass)`.
    pub(crate) builtin fn _meta_len as "EnumType.__len__"(vm, cls, /) {
        let id = cls_id(vm, cls)?;
        Ok(Value::Int(members(vm, id).len() as i64))
    }

    /// `x in EnumClass`: a member of it, or (since 3.12) a member's value.
    pub(crate) builtin fn _meta_contains as "EnumType.__contains__"(vm, cls, value, /) {
        let id = cls_id(vm, cls)?;
        if let Some(c) = member_class(vm, value) {
            return Ok(Value::Bool(vm.class_is_subclass(c, id)));
        }
        Ok(Value::Bool(find_by_value(vm, id, value)?.is_some()))
    }

    /// `EnumClass[name]`.
    pub(crate) builtin fn _meta_getitem as "EnumType.__getitem__"(vm, cls, name, /) {
        let id = cls_id(vm, cls)?;
        let found = crate::vm::as_str(&vm.heap, name).and_then(|n| member_named(vm, id, n));
        match found {
            Some(m) => Ok(m),
            None => Err(PyErr::New(ExcType::KeyError, vec![name])),
        }
    }

    /// `repr(EnumClass)`: `<enum 'Color'>`, `<flag 'Perm'>`.
    pub(crate) builtin fn _meta_repr as "EnumType.__repr__"(vm, cls, /) {
        let id = cls_id(vm, cls)?;
        let kind = if flag_kind(vm, id).is_some() { "flag" } else { "enum" };
        let name = vm.class(id).name.clone();
        Ok(vm.new_str(format!("<{kind} '{name}'>")))
    }

    /// `EnumClass.name = value`: members cannot be reassigned.
    pub(crate) builtin fn _meta_setattr as "EnumType.__setattr__"(vm, cls, name, value, /) {
        let id = cls_id(vm, cls)?;
        let n = vm.str_of(name)?;
        if member_named(vm, id, &n).is_some() {
            return Err(PyErr::new(
                ExcType::AttributeError,
                format!("cannot reassign member '{n}'"),
            ));
        }
        crate::enums::set_class_attr(vm, id, &n, value);
        Ok(Value::None)
    }

    /// `del EnumClass.name`: members cannot be deleted.
    pub(crate) builtin fn _meta_delattr as "EnumType.__delattr__"(vm, cls, name, /) {
        let id = cls_id(vm, cls)?;
        let n = vm.str_of(name)?;
        let cname = vm.class(id).name.clone();
        if member_named(vm, id, &n).is_some() {
            return Err(PyErr::new(
                ExcType::AttributeError,
                format!("'{cname}' cannot delete member '{n}'."),
            ));
        }
        let removed = match vm.heap.get_mut(id) {
            Obj::Class(c) => c.attrs.remove(&HashKey::Str(n.as_str().into())).is_some(),
            _ => false,
        };
        if removed {
            Ok(Value::None)
        } else {
            Err(PyErr::new(ExcType::AttributeError, n))
        }
    }

    /// `EnumClass.__members__`: a read-only mapping of every name
    /// (aliases included) to its member.
    pub(crate) builtin fn _meta_members as "EnumType.__members__"(vm, cls, /) {
        let id = cls_id(vm, cls)?;
        let mut d = Dict::new();
        for (k, m) in member_map(vm, id) {
            let hk = vm.hash_key(k)?;
            d.insert(hk, k, m);
        }
        let d = vm.heap.new_value(Obj::Dict(Box::new(d)));
        let types = crate::ImportVm::import_module(vm, "types")?;
        let proxy = vm.get_attr(types, "MappingProxyType")?;
        vm.call_value(proxy, vec![d], Vec::new())
    }
}

/// The member of `cls` whose value equals `value` (aliases lead to their
/// member), if any.
pub(crate) fn find_by_value(vm: &mut Vm, cls: ObjId, value: Value) -> PyResult<Option<Value>> {
    for (_, m) in member_map(vm, cls) {
        let v = value_of(vm, m);
        if vm.same_object(v, value) || vm.py_eq(v, value)? {
            return Ok(Some(m));
        }
    }
    Ok(None)
}

/// `EnumClass(value)`.
fn lookup(vm: &mut Vm, cls: ObjId, value: Value) -> PyResult<Value> {
    if member_class(vm, value).is_some_and(|c| vm.class_is_subclass(c, cls)) {
        return Ok(value);
    }
    if let Some(m) = find_by_value(vm, cls, value)? {
        return Ok(m);
    }
    if let Some(m) = crate::enum_flag::flag_lookup(vm, cls, value)? {
        return Ok(m);
    }
    if vm.class_lookup(cls, "_missing_").is_some() {
        let f = vm.get_attr(Value::Ref(cls), "_missing_")?;
        let r = vm.call_value(f, vec![value], Vec::new())?;
        if member_class(vm, r).is_some_and(|c| vm.class_is_subclass(c, cls)) {
            return Ok(r);
        }
        if !r.is_none() {
            let (qn, rt) = (vm.class(cls).qualname.clone(), vm.class_name(r));
            return Err(PyErr::type_error(format!(
                "error in {qn}._missing_: returned {} instead of None or a valid member",
                if rt == "NoneType" {
                    "None".to_owned()
                } else {
                    vm.repr(r)?
                }
            )));
        }
    }
    let r = vm.repr(value)?;
    let qn = vm.class(cls).qualname.clone();
    Err(PyErr::value_error(format!("{r} is not a valid {qn}")))
}

/// `Enum('Animal', names, *, module, qualname, type, start)`: a new enum
/// class whose namespace holds the names (values from `auto()` unless
/// given as pairs or a mapping).
#[allow(clippy::too_many_arguments)]
fn functional(
    vm: &mut Vm,
    cls: Value,
    name: Value,
    names: Value,
    module: Option<Value>,
    qualname: Option<Value>,
    mixin: Option<Value>,
    start: Option<Value>,
) -> PyResult<Value> {
    let class_name = vm.str_of(name)?;
    let pairs: Vec<(Value, Option<Value>)> = match crate::vm::as_str(&vm.heap, names) {
        Some(s) => {
            let s = s.replace(',', " ");
            s.split_whitespace()
                .map(str::to_owned)
                .collect::<Vec<_>>()
                .into_iter()
                .map(|n| (vm.new_str(n), None))
                .collect()
        }
        None => {
            let is_dict =
                matches!(names, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Dict(_)));
            let mut out = Vec::new();
            if is_dict {
                let items =
                    crate::builtins::methods::call_method(vm, names, "items", vec![], vec![])?;
                for it in vm.collect_iterable(items)? {
                    let kv = vm.collect_iterable(it)?;
                    out.push((kv[0], Some(kv[1])));
                }
            } else {
                for item in vm.collect_iterable(names)? {
                    if crate::vm::as_str(&vm.heap, item).is_some() {
                        out.push((item, None));
                    } else {
                        let kv = vm.collect_iterable(item)?;
                        if kv.len() != 2 {
                            return Err(PyErr::type_error("invalid enum member name/value pair"));
                        }
                        out.push((kv[0], Some(kv[1])));
                    }
                }
            }
            out
        }
    };
    let start = start.unwrap_or(Value::Int(1));
    let auto = module_class(vm, "auto");
    let mut ns = Dict::new();
    let module = match module {
        Some(m) if !m.is_none() => m,
        _ => vm.new_str("__main__"),
    };
    let qualname = match qualname {
        Some(q) if !q.is_none() => vm.str_of(q)?,
        _ => class_name.clone(),
    };
    let mut put = |vm: &mut Vm, k: Value, v: Value| -> PyResult<()> {
        let hk = vm.hash_key(k)?;
        ns.insert(hk, k, v);
        Ok(())
    };
    let k = vm.new_str("__module__");
    put(vm, k, module)?;
    let (k, q) = (vm.new_str("__qualname__"), vm.new_str(qualname.as_str()));
    put(vm, k, q)?;
    let uses_start = !matches!(start, Value::Int(1));
    for (i, (k, v)) in pairs.into_iter().enumerate() {
        let v = match v {
            Some(v) => v,
            None if uses_start => vm.binary_op(
                monty_compile::bytecode::BinOp::Add,
                start,
                Value::Int(i as i64),
                false,
            )?,
            None => match auto {
                Some(a) => vm.call_value(Value::Ref(a), Vec::new(), Vec::new())?,
                None => Value::Int(i as i64 + 1),
            },
        };
        put(vm, k, v)?;
    }
    let ns = vm.heap.new_value(Obj::Dict(Box::new(ns)));
    let bases = match mixin {
        Some(t) if !t.is_none() => vec![t, cls],
        _ => vec![cls],
    };
    vm.build_class(class_name, qualname, bases, ns)
}
