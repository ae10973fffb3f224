//! `enum`: `Enum`, `IntEnum`, `StrEnum`, `Flag`, `IntFlag`, `ReprEnum`,
//! `auto`, `unique`, `member`, `nonmember` and the metaclass `EnumType`
//! (alias `EnumMeta`).
//!
//! The classes are ordinary classes made at import, whose methods are
//! natives bound as methods (as `types`' are); `Enum` carries the
//! metaclass `EnumType` (`Class::meta`, `vm/src/vm/meta.rs`), which every
//! enum class inherits. The VM asks the metaclass about the class object:
//! its `__init__` turns the class body's values into members
//! (`enum_build.rs`), its `__call__`, `__iter__`, `__len__`, `__contains__`,
//! `__getitem__`, `__repr__`, `__setattr__` are the enum class's
//! (`enum_meta.rs`). Members are instances of their class holding `_name_`
//! and `_value_`; the class keeps `_member_names_` (the canonical members
//! in definition order), `_member_map_` (every name, aliases included) and
//! `_value2member_map_` (flags' values, pseudo-members included) in its
//! namespace, as CPython does, so all the state is plain heap data.
//! Members' own methods are in `enum_member.rs`, `Flag`'s in `enum_flag.rs`.

use super::ModuleDef;
use crate::object::{Dict, HashKey, Obj, ObjId, Type, Value};
use crate::vm::{PyErr, PyResult, Vm};
use crate::NativeId;

use super::enum_build::{_member_init, _nonmember_init};
use super::enum_flag::{_flag_bool, _flag_contains, _flag_invert, _flag_iter, _flag_len, _flag_op};
use super::enum_member::{
    _enum_copy, _enum_deepcopy, _enum_format, _enum_name, _enum_repr, _enum_set_readonly,
    _enum_str, _enum_value, _mixin_op, _next_value, _value_format, _value_str,
};
use super::enum_meta::{
    _meta_call, _meta_contains, _meta_delattr, _meta_getitem, _meta_init, _meta_iter, _meta_len,
    _meta_members, _meta_repr, _meta_reversed, _meta_setattr,
};

native! {
    /// `unique(enumeration)`: the class, or `ValueError` naming the
    /// aliases (`duplicate values found in <enum 'X'>: B -> A`).
    def fn unique(vm, enumeration) {
        let Some(cls) = enum_class_id(vm, enumeration) else {
            return Err(PyErr::type_error("unique() argument must be an Enum class"));
        };
        let mut dups = Vec::new();
        let map = member_map(vm, cls);
        for (k, m) in map {
            let key = vm.str_of(k)?;
            let name = name_of(vm, m);
            let name = vm.str_of(name)?;
            if key != name {
                dups.push(format!("{key} -> {name}"));
            }
        }
        if !dups.is_empty() {
            let r = vm.repr(enumeration)?;
            return Err(PyErr::value_error(format!(
                "duplicate values found in {r}: {}",
                dups.join(", ")
            )));
        }
        Ok(enumeration)
    }

    /// `auto.__init__(self, value=_auto_null)`.
    def fn _auto_init as "auto.__init__"(vm, this, value?) {
        if let Some(v) = value {
            vm.raw_set_attr(this, "value", v);
        }
        Ok(Value::None)
    }

    /// `repr(auto())`.
    def fn _auto_repr as "auto.__repr__"(vm, this) {
        let v = instance_attr(vm, this, "value");
        let r = match v {
            Some(v) => vm.repr(v)?,
            None => "_auto_null".to_owned(),
        };
        Ok(vm.new_str(format!("auto({r})")))
    }
}

/// The natives that are methods of the classes, by attribute.
const ENUM_TYPE: &[(&str, &str)] = &[
    ("__init__", "_meta_init"),
    ("__call__", "_meta_call"),
    ("__iter__", "_meta_iter"),
    ("__reversed__", "_meta_reversed"),
    ("__len__", "_meta_len"),
    ("__contains__", "_meta_contains"),
    ("__getitem__", "_meta_getitem"),
    ("__repr__", "_meta_repr"),
    ("__setattr__", "_meta_setattr"),
    ("__delattr__", "_meta_delattr"),
];

const ENUM: &[(&str, &str)] = &[
    ("__repr__", "_enum_repr"),
    ("__str__", "_enum_str"),
    ("__format__", "_enum_format"),
    ("__copy__", "_enum_copy"),
    ("__deepcopy__", "_enum_deepcopy"),
];

const REPR_ENUM: &[(&str, &str)] = &[("__str__", "_value_str"), ("__format__", "_value_format")];

/// `Flag`'s operators, also put on `IntFlag` over the int ones.
pub(crate) const FLAG_OPS: &[&str] = &[
    "__or__", "__and__", "__xor__", "__ror__", "__rand__", "__rxor__",
];

const FLAG: &[(&str, &str)] = &[
    ("__invert__", "_flag_invert"),
    ("__contains__", "_flag_contains"),
    ("__iter__", "_flag_iter"),
    ("__len__", "_flag_len"),
    ("__bool__", "_flag_bool"),
];

/// The dunders a member of a class mixing in a builtin type delegates to
/// its value (`class Status(str, Enum)`, `IntEnum`, `StrEnum`).
pub(crate) const MIXIN_OPS: &[&str] = &[
    "__eq__",
    "__ne__",
    "__lt__",
    "__le__",
    "__gt__",
    "__ge__",
    "__add__",
    "__radd__",
    "__sub__",
    "__rsub__",
    "__mul__",
    "__rmul__",
    "__truediv__",
    "__rtruediv__",
    "__floordiv__",
    "__rfloordiv__",
    "__mod__",
    "__rmod__",
    "__pow__",
    "__rpow__",
    "__lshift__",
    "__rlshift__",
    "__rshift__",
    "__rrshift__",
    "__and__",
    "__rand__",
    "__or__",
    "__ror__",
    "__xor__",
    "__rxor__",
    "__neg__",
    "__pos__",
    "__abs__",
    "__invert__",
    "__int__",
    "__float__",
    "__index__",
    "__bool__",
    "__len__",
    "__contains__",
    "__getitem__",
    "__iter__",
    "__round__",
    "__getattr__",
];

fn index() -> u16 {
    crate::module_index("enum")
}

pub(crate) fn native_id(name: &str) -> NativeId {
    MODULE.native_id(name)
}

/// Every native of the module bound on a class binds the instance (or,
/// on the metaclass, the class) it is looked up through.
pub(crate) fn binds_as_method(f: NativeId) -> bool {
    f.module == index()
}

/// A native of this module as a method value named `qualname`, with
/// `bound` values before the receiver.
pub(crate) fn method(vm: &mut Vm, func: &str, qualname: &str, bound: Vec<Value>) -> Value {
    vm.heap.new_value(Obj::BoundNative {
        func: native_id(func),
        bound,
        name: qualname.to_owned(),
    })
}

/// Sets `name` in the namespace of class `cls`, as `setattr` on a class
/// without a metaclass would.
pub(crate) fn set_class_attr(vm: &mut Vm, cls: ObjId, name: &str, v: Value) {
    let key = vm.new_str(name);
    if let Obj::Class(c) = vm.heap.get_mut(cls) {
        c.attrs.insert(HashKey::Str(name.into()), key, v);
    }
}

/// An attribute in the instance dict of `v`.
pub(crate) fn instance_attr(vm: &Vm, v: Value, name: &str) -> Option<Value> {
    match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Instance(i) => i.attrs.get_str(name),
            _ => None,
        },
        _ => None,
    }
}

/// The class `v` if it is an enum class (one with `_member_map_`).
pub(crate) fn enum_class_id(vm: &Vm, v: Value) -> Option<ObjId> {
    let Value::Ref(id) = v else { return None };
    match vm.heap.get(id) {
        Obj::Class(_) => vm.class_lookup(id, "_member_map_").map(|_| id),
        _ => None,
    }
}

/// The enum class of member `v`, if `v` is a member (or pseudo-member).
pub(crate) fn member_class(vm: &Vm, v: Value) -> Option<ObjId> {
    let cls = vm.user_class_of(v)?;
    instance_attr(vm, v, "_value_")?;
    vm.class_lookup(cls, "_member_map_").map(|_| cls)
}

/// `member._value_` (None if unset).
pub(crate) fn value_of(vm: &Vm, m: Value) -> Value {
    instance_attr(vm, m, "_value_").unwrap_or(Value::None)
}

/// `member._name_` (None for a flag's pseudo-member without a name).
pub(crate) fn name_of(vm: &Vm, m: Value) -> Value {
    instance_attr(vm, m, "_name_").unwrap_or(Value::None)
}

fn class_dict(vm: &Vm, cls: ObjId, name: &str) -> Option<ObjId> {
    match vm.class_lookup(cls, name)? {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::Dict(_)) => Some(id),
        _ => None,
    }
}

/// `_member_map_` of enum class `cls`: (name, member), aliases included.
pub(crate) fn member_map(vm: &Vm, cls: ObjId) -> Vec<(Value, Value)> {
    match class_dict(vm, cls, "_member_map_").map(|d| vm.heap.get(d)) {
        Some(Obj::Dict(d)) => d.entries().collect(),
        _ => Vec::new(),
    }
}

/// The canonical members of `cls`, in definition order.
pub(crate) fn members(vm: &Vm, cls: ObjId) -> Vec<Value> {
    let names = match vm.class_lookup(cls, "_member_names_") {
        Some(Value::Ref(id)) => match vm.heap.get(id) {
            Obj::List(l) => l.to_vec(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    let Some(map) = class_dict(vm, cls, "_member_map_") else {
        return Vec::new();
    };
    let Obj::Dict(d) = vm.heap.get(map) else {
        return Vec::new();
    };
    names
        .iter()
        .filter_map(|n| crate::vm::as_str(&vm.heap, *n).and_then(|s| d.get_str(s)))
        .collect()
}

/// The member named `name` (aliases included).
pub(crate) fn member_named(vm: &Vm, cls: ObjId, name: &str) -> Option<Value> {
    match vm.heap.get(class_dict(vm, cls, "_member_map_")?) {
        Obj::Dict(d) => d.get_str(name),
        _ => None,
    }
}

/// The builtin type mixed into enum class `cls` (`int` for `IntEnum`,
/// `str` for `class Status(str, Enum)`), if any.
pub(crate) fn mixin_type(vm: &Vm, cls: ObjId) -> Option<Type> {
    vm.class(cls).mro.iter().find_map(|c| {
        vm.class(*c).bases.iter().find_map(|b| match b {
            Value::Type(t) if *t != Type::Object => Some(*t),
            _ => None,
        })
    })
}

/// Whether enum class `cls` is a `Flag` (it has a `_boundary_`), and
/// whether out-of-range bits are kept (`IntFlag`) rather than refused.
pub(crate) fn flag_kind(vm: &Vm, cls: ObjId) -> Option<bool> {
    let b = vm.class_lookup(cls, "_boundary_")?;
    Some(crate::vm::as_str(&vm.heap, b) == Some("keep"))
}

/// The value a member of a class mixing in a builtin type stands for
/// (`Stdlib::builtin_payload`): hashing and JSON use it.
pub fn builtin_payload(vm: &Vm, v: Value) -> Option<Value> {
    let value = instance_attr(vm, v, "_value_")?;
    let cls = vm.user_class_of(v)?;
    vm.class_lookup(cls, "_member_map_")?;
    mixin_type(vm, cls).map(|_| value)
}

/// The `enum` module's class `name`, if the module is imported (it always
/// is once an enum class exists); never imports it.
pub(crate) fn module_class(vm: &Vm, name: &str) -> Option<ObjId> {
    let m = vm.modules.iter().find(|(n, _)| n == "enum")?.1;
    let Value::Ref(mid) = m else { return None };
    let Obj::Module(m) = vm.heap.get(mid) else {
        return None;
    };
    match m.attrs.get_str(name)? {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::Class(_)) => Some(id),
        _ => None,
    }
}

fn make_class(
    vm: &mut Vm,
    name: &str,
    bases: Vec<Value>,
    methods: &[(&str, &str)],
    extra: Vec<(&str, Value)>,
) -> PyResult<ObjId> {
    let mut ns = Dict::new();
    let mut put = |vm: &mut Vm, k: &str, v: Value| {
        let key = vm.new_str(k);
        ns.insert(HashKey::Str(k.into()), key, v);
    };
    let module = vm.new_str("enum");
    put(vm, "__module__", module);
    for (attr, func) in methods {
        let v = method(vm, func, &format!("{name}.{attr}"), Vec::new());
        put(vm, attr, v);
    }
    for (k, v) in extra {
        put(vm, k, v);
    }
    let ns = vm.heap.new_value(Obj::Dict(Box::new(ns)));
    match vm.build_class(name.into(), name.into(), bases, ns)? {
        Value::Ref(id) => Ok(id),
        _ => unreachable!("build_class makes a class"),
    }
}

fn property(vm: &mut Vm, get: &str, name: &str, set: Option<Value>) -> Value {
    let fget = method(vm, get, name, Vec::new());
    vm.heap
        .new_value(Obj::Property(Box::new(crate::object::Property {
            fget,
            fset: set.unwrap_or(Value::None),
            fdel: Value::None,
        })))
}

fn build(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) -> PyResult<()> {
    let members = property(vm, "_meta_members", "EnumType.__members__", None);
    let meta = make_class(
        vm,
        "EnumType",
        Vec::new(),
        ENUM_TYPE,
        vec![("__members__", members)],
    )?;
    let (n, v) = (vm.new_str("name"), vm.new_str("value"));
    let readonly = method(vm, "_enum_set_readonly", "Enum.__set__", vec![n]);
    let name = property(vm, "_enum_name", "Enum.name", Some(readonly));
    let readonly = method(vm, "_enum_set_readonly", "Enum.__set__", vec![v]);
    let value = property(vm, "_enum_value", "Enum.value", Some(readonly));
    let next = method(vm, "_next_value", "Enum._generate_next_value_", Vec::new());
    let next = vm.heap.new_value(Obj::StaticMethod(next));
    let extra = vec![
        ("name", name),
        ("value", value),
        ("_generate_next_value_", next),
    ];
    let enum_cls = make_class(vm, "Enum", Vec::new(), ENUM, extra)?;
    // members of its own: the empty namespace state every enum inherits
    let l = vm.new_list(Vec::new());
    set_class_attr(vm, enum_cls, "_member_names_", l);
    for n in ["_member_map_", "_value2member_map_"] {
        let d = vm.heap.new_value(Obj::Dict(Box::new(Dict::new())));
        set_class_attr(vm, enum_cls, n, d);
    }
    if let Obj::Class(c) = vm.heap.get_mut(enum_cls) {
        c.meta = Some(meta);
    }
    let e = Value::Ref(enum_cls);
    let repr_enum = make_class(vm, "ReprEnum", vec![e], REPR_ENUM, Vec::new())?;
    let r = Value::Ref(repr_enum);
    let int_enum = make_class(
        vm,
        "IntEnum",
        vec![Value::Type(Type::Int), r],
        &[],
        Vec::new(),
    )?;
    let lower = method(
        vm,
        "_next_value",
        "StrEnum._generate_next_value_",
        vec![Value::Int(1)],
    );
    let lower = vm.heap.new_value(Obj::StaticMethod(lower));
    let str_enum = make_class(
        vm,
        "StrEnum",
        vec![Value::Type(Type::Str), r],
        &[],
        vec![("_generate_next_value_", lower)],
    )?;
    let mut flag_methods: Vec<(&str, &str)> = FLAG.to_vec();
    flag_methods.extend(FLAG_OPS.iter().map(|op| (*op, "_flag_op")));
    let pow2 = method(
        vm,
        "_next_value",
        "Flag._generate_next_value_",
        vec![Value::Int(2)],
    );
    let pow2 = vm.heap.new_value(Obj::StaticMethod(pow2));
    let strict = vm.new_str("strict");
    let flag = make_class(
        vm,
        "Flag",
        vec![e],
        &[],
        vec![("_generate_next_value_", pow2), ("_boundary_", strict)],
    )?;
    // `Flag`'s operators carry their name, as the mixin's do
    for (attr, func) in flag_methods.iter().copied() {
        let bound = if func == "_flag_op" {
            vec![vm.new_str(attr)]
        } else {
            Vec::new()
        };
        let m = method(vm, func, &format!("Flag.{attr}"), bound);
        set_class_attr(vm, flag, attr, m);
    }
    let keep = vm.new_str("keep");
    let int_flag = make_class(
        vm,
        "IntFlag",
        vec![Value::Type(Type::Int), r, Value::Ref(flag)],
        &[],
        vec![("_boundary_", keep)],
    )?;
    // the flag operators over the int ones the mixin put there
    for (attr, _) in flag_methods.iter().copied() {
        if let Some(m) = vm.class(flag).attrs.get_str(attr) {
            set_class_attr(vm, int_flag, attr, m);
        }
    }
    let auto = make_class(
        vm,
        "auto",
        Vec::new(),
        &[("__init__", "_auto_init"), ("__repr__", "_auto_repr")],
        Vec::new(),
    )?;
    let member = make_class(
        vm,
        "member",
        Vec::new(),
        &[("__init__", "_member_init")],
        Vec::new(),
    )?;
    let nonmember = make_class(
        vm,
        "nonmember",
        Vec::new(),
        &[("__init__", "_nonmember_init")],
        Vec::new(),
    )?;
    let prop = vm.builtin_by_name("property")?;
    for (k, v) in [
        ("EnumType", meta),
        ("EnumMeta", meta),
        ("Enum", enum_cls),
        ("ReprEnum", repr_enum),
        ("IntEnum", int_enum),
        ("StrEnum", str_enum),
        ("Flag", flag),
        ("IntFlag", int_flag),
        ("auto", auto),
        ("member", member),
        ("nonmember", nonmember),
    ] {
        attrs.push((k.to_owned(), Value::Ref(v)));
    }
    attrs.push(("property".to_owned(), prop));
    Ok(())
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    // (building plain classes from natives cannot fail)
    let _ = build(vm, attrs);
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "enum",
    funcs: natives_table![
        unique,
        _auto_init,
        _auto_repr,
        _member_init,
        _nonmember_init,
        _meta_init,
        _meta_call,
        _meta_iter,
        _meta_reversed,
        _meta_len,
        _meta_contains,
        _meta_getitem,
        _meta_repr,
        _meta_setattr,
        _meta_delattr,
        _meta_members,
        _enum_repr,
        _enum_str,
        _enum_format,
        _enum_copy,
        _enum_deepcopy,
        _enum_name,
        _enum_value,
        _enum_set_readonly,
        _next_value,
        _value_str,
        _value_format,
        _mixin_op,
        _flag_op,
        _flag_invert,
        _flag_contains,
        _flag_iter,
        _flag_len,
        _flag_bool,
    ],
    init,
};
