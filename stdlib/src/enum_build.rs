//! Making an enum class's members, once its body has run
//! (`EnumType.__init__`): which names of the namespace are members (not
//! dunders, sunders, descriptors or `nonmember(...)`), their values
//! (`auto()` through `_generate_next_value_`, converted to the mixed-in
//! type), aliases (a value seen before names the earlier member), an
//! `__init__` of the class run on each member, `StrEnum`'s and `Flag`'s
//! checks, and the namespace entries that record them.

use crate::enums::{
    flag_kind, instance_attr, member_class, method, mixin_type, module_class, set_class_attr,
    value_of, MIXIN_OPS,
};
use crate::object::{Dict, HashKey, Instance, Obj, ObjId, Type, Value};
use crate::vm::{PyErr, PyResult, Vm};

native! {
    /// `member.__init__(self, value)`.
    pub(crate) def fn _member_init as "member.__init__"(vm, this, value) {
        vm.raw_set_attr(this, "value", value);
        Ok(Value::None)
    }

    /// `nonmember.__init__(self, value)`.
    pub(crate) def fn _nonmember_init as "nonmember.__init__"(vm, this, value) {
        vm.raw_set_attr(this, "value", value);
        Ok(Value::None)
    }
}

/// What a namespace value says about the name it is bound to.
enum Marker {
    /// `auto()`, with its explicit value if given.
    Auto(Option<Value>),
    /// `member(v)`.
    Member(Value),
    /// `nonmember(v)`.
    NonMember(Value),
    Plain,
}

fn marker(vm: &Vm, v: Value) -> Marker {
    let Some(cls) = vm.user_class_of(v) else {
        return Marker::Plain;
    };
    let is = |name: &str| module_class(vm, name) == Some(cls);
    if is("auto") {
        return Marker::Auto(instance_attr(vm, v, "value"));
    }
    let inner = instance_attr(vm, v, "value").unwrap_or(Value::None);
    if is("member") {
        Marker::Member(inner)
    } else if is("nonmember") {
        Marker::NonMember(inner)
    } else {
        Marker::Plain
    }
}

fn is_dunder(n: &str) -> bool {
    n.len() > 4 && n.starts_with("__") && n.ends_with("__")
}

fn is_sunder(n: &str) -> bool {
    n.len() > 2
        && n.starts_with('_')
        && n.ends_with('_')
        && !n[1..].starts_with('_')
        && !n[..n.len() - 1].ends_with('_')
}

/// Functions, properties, static and class methods, natives and classes
/// stay attributes of the class.
fn is_descriptor(vm: &Vm, v: Value) -> bool {
    match v {
        Value::Ref(id) => matches!(
            vm.heap.get(id),
            Obj::Function(_)
                | Obj::Property(_)
                | Obj::StaticMethod(_)
                | Obj::ClassMethod(_)
                | Obj::BoundNative { .. }
                | Obj::Class(_)
        ),
        Value::Builtin(_) | Value::Native(_) | Value::Type(_) | Value::ExcType(_) => true,
        _ => false,
    }
}

/// `EnumType.__init__`: the members of class `cls` from its namespace.
pub(crate) fn init_class(vm: &mut Vm, cls: ObjId) -> PyResult<()> {
    let mro = vm.class(cls).mro.clone();
    for &base in &mro[1..] {
        let has_members = matches!(vm.class(base).attrs.get_str("_member_names_"),
            Some(Value::Ref(l)) if matches!(vm.heap.get(l), Obj::List(l) if !l.is_empty()));
        if has_members {
            let (a, b) = (vm.repr(Value::Ref(cls))?, vm.repr(Value::Ref(base))?);
            return Err(PyErr::type_error(format!("{a} cannot extend {b}")));
        }
    }
    let mixin = mixin_type(vm, cls);
    let flag = flag_kind(vm, cls).is_some();
    let is_str_enum = module_class(vm, "StrEnum").is_some_and(|s| mro[1..].contains(&s));
    let cname = vm.class(cls).name.clone();
    let private = format!("_{cname}__");
    let entries: Vec<(String, Value)> = vm
        .class(cls)
        .attrs
        .entries()
        .filter_map(|(k, v)| crate::vm::as_str(&vm.heap, k).map(|s| (s.to_owned(), v)))
        .collect();
    let mut names: Vec<Value> = Vec::new();
    let mut map = Dict::new();
    let mut by_value = Dict::new();
    let mut values: Vec<Value> = Vec::new();
    let mut canonical: Vec<Value> = Vec::new();
    for (name, v) in entries {
        if is_dunder(&name) || is_sunder(&name) || name.starts_with(&private) {
            continue;
        }
        if is_descriptor(vm, v) {
            continue;
        }
        let mut value = match marker(vm, v) {
            Marker::NonMember(inner) => {
                set_class_attr(vm, cls, &name, inner);
                continue;
            }
            Marker::Member(inner) => inner,
            Marker::Auto(Some(explicit)) => explicit,
            Marker::Auto(None) => next_value(vm, cls, &name, &values)?,
            Marker::Plain => v,
        };
        values.push(value);
        if is_str_enum && crate::vm::as_str(&vm.heap, value).is_none() {
            let r = vm.repr(value)?;
            return Err(PyErr::type_error(format!("{r} is not a string")));
        }
        if let Some(t) = mixin {
            value = convert(vm, t, value)?;
        }
        let name_v = vm.new_str(name.as_str());
        let alias = find_alias(vm, &canonical, &map, value)?;
        let member = match alias {
            Some(m) => m,
            None => {
                let m = new_member(vm, cls, name_v, value)?;
                let v = value_of(vm, m);
                let multi_bit = flag && !matches!(v, Value::Int(i) if i > 0 && i & (i - 1) == 0);
                if !multi_bit {
                    names.push(name_v);
                }
                canonical.push(m);
                if let Ok(hk) = vm.hash_key(v) {
                    if !hk.needs_eq() {
                        by_value.insert(hk, v, m);
                    }
                }
                m
            }
        };
        map.insert(HashKey::Str(name.as_str().into()), name_v, member);
        set_class_attr(vm, cls, &name, member);
    }
    let names = vm.new_list(names);
    set_class_attr(vm, cls, "_member_names_", names);
    let map = vm.heap.new_value(Obj::Dict(Box::new(map)));
    set_class_attr(vm, cls, "_member_map_", map);
    let by_value = vm.heap.new_value(Obj::Dict(Box::new(by_value)));
    set_class_attr(vm, cls, "_value2member_map_", by_value);
    let mixes_here = vm
        .class(cls)
        .bases
        .iter()
        .any(|b| matches!(b, Value::Type(t) if *t != Type::Object));
    if mixes_here {
        add_mixin_ops(vm, cls);
    }
    Ok(())
}

/// The member already holding `value`, whose name `value` then aliases.
fn find_alias(vm: &mut Vm, made: &[Value], _map: &Dict, value: Value) -> PyResult<Option<Value>> {
    for &m in made {
        let v = value_of(vm, m);
        if vm.same_object(v, value) || vm.py_eq(v, value)? {
            return Ok(Some(m));
        }
    }
    Ok(None)
}

/// A member: an instance of `cls` with `_name_` and `_value_`, after the
/// class's own `__init__` (called with the value, a tuple unpacked).
fn new_member(vm: &mut Vm, cls: ObjId, name: Value, value: Value) -> PyResult<Value> {
    let m = vm.heap.new_value(Obj::Instance(Instance {
        class: cls,
        attrs: Default::default(),
    }));
    vm.raw_set_attr(m, "_value_", value);
    vm.raw_set_attr(m, "_name_", name);
    if let Some(init @ Value::Ref(f)) = vm.class_lookup(cls, "__init__") {
        if matches!(vm.heap.get(f), Obj::Function(_)) {
            let mut args = vec![m];
            match value {
                Value::Ref(t) if matches!(vm.heap.get(t), Obj::Tuple(_)) => {
                    args.extend(vm.collect_iterable(value)?);
                }
                _ => args.push(value),
            }
            let r = vm.call_value(init, args, Vec::new())?;
            if !r.is_none() {
                return Err(PyErr::type_error(format!(
                    "__init__() should return None, not '{}'",
                    vm.class_name(r)
                )));
            }
        }
    }
    Ok(m)
}

/// A value converted to the mixed-in type (`int('1')`, `str(1)`); a tuple
/// is the type's arguments.
fn convert(vm: &mut Vm, t: Type, value: Value) -> PyResult<Value> {
    if vm.type_of(value).is_subtype_of(t) && member_class(vm, value).is_none() {
        return Ok(value);
    }
    let args = match value {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::Tuple(_)) => vm.collect_iterable(value)?,
        _ => vec![value],
    };
    vm.call_value(Value::Type(t), args, Vec::new())
}

/// `auto()`'s value: the class's `_generate_next_value_(name, start,
/// count, last_values)`.
fn next_value(vm: &mut Vm, cls: ObjId, name: &str, values: &[Value]) -> PyResult<Value> {
    let f = vm.get_attr(Value::Ref(cls), "_generate_next_value_")?;
    let name = vm.new_str(name);
    let last = vm.new_list(values.to_vec());
    vm.call_value(
        f,
        vec![name, Value::Int(1), Value::Int(values.len() as i64), last],
        Vec::new(),
    )
}

/// The dunders through which a member of a class mixing in a builtin
/// type acts as its value, where the class does not define its own.
fn add_mixin_ops(vm: &mut Vm, cls: ObjId) {
    let cname = vm.class(cls).name.clone();
    for op in MIXIN_OPS {
        if vm.class(cls).attrs.get_str(op).is_some() {
            continue;
        }
        let opname = vm.new_str(*op);
        let m = method(vm, "_mixin_op", &format!("{cname}.{op}"), vec![opname]);
        set_class_attr(vm, cls, op, m);
    }
}
