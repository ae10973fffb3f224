//! `types`: `SimpleNamespace` (attributes from keywords or a mapping,
//! `namespace(a=1, b=2)` repr, equality by attributes) and
//! `MappingProxyType` (a read-only view of a mapping).
//!
//! Both are classes made at import whose methods are natives bound to the
//! instance (as `contextlib`'s): a namespace's attributes are its
//! instance's own, a proxy holds its mapping in an attribute.

use super::ModuleDef;
use crate::object::{Dict, HashKey, Obj, Value};
use crate::vm::{PyErr, PyResult, Vm};
use crate::{ImportVm, NativeId};

fn not_implemented() -> Value {
    Value::Builtin(crate::builtins::Builtin::NotImplemented)
}

/// The attributes of instance `v`, in order (`None` if not an instance).
fn instance_attrs(vm: &mut Vm, v: Value) -> Option<Vec<(Value, Value)>> {
    match v {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::Instance(_)) => {
            Some(vm.instance_entries(id))
        }
        _ => None,
    }
}

fn is_namespace(vm: &mut Vm, v: Value) -> PyResult<bool> {
    let cls = module_attr(vm, "SimpleNamespace")?;
    let isinstance = vm.builtin_by_name("isinstance")?;
    let r = vm.call_value(isinstance, vec![v, cls], Vec::new())?;
    vm.truthy(r)
}

fn module_attr(vm: &mut Vm, name: &str) -> PyResult<Value> {
    let m = vm.import_module("types")?;
    vm.get_attr(m, name)
}

fn mapping(vm: &mut Vm, this: Value) -> PyResult<Value> {
    vm.get_attr(this, "_mapping")
}

fn call_method(vm: &mut Vm, recv: Value, name: &str, args: Vec<Value>) -> PyResult<Value> {
    crate::builtins::methods::call_method(vm, recv, name, args, Vec::new())
}

native! {
    /// `SimpleNamespace.__init__(self, mapping_or_iterable=(), /, **kwargs)`.
    builtin fn _ns_init as "SimpleNamespace"(vm, this, /, *args, **kwargs) {
        if args.len() > 1 {
            return Err(PyErr::type_error(format!(
                "SimpleNamespace expected at most 1 argument, got {}",
                args.len()
            )));
        }
        if let Some(&m) = args.first() {
            let dict = vm.builtin_by_name("dict")?;
            let d = vm.call_value(dict, vec![m], Vec::new())?;
            for k in vm.collect_iterable(d)? {
                if !matches!(k, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Str(_))) {
                    return Err(PyErr::type_error("keywords must be strings"));
                }
                let v = vm.get_item(d, k)?;
                let name = vm.str_of(k)?;
                vm.set_attr(this, &name, v)?;
            }
        }
        for (k, v) in kwargs {
            vm.set_attr(this, &k, v)?;
        }
        Ok(Value::None)
    }

    /// `SimpleNamespace.__repr__`: `namespace(a=1, b=2)` (the subclass's
    /// name for a subclass).
    def fn _ns_repr as "SimpleNamespace.__repr__"(vm, this) {
        let cls = vm.builtin_by_name("type")?;
        let cls = vm.call_value(cls, vec![this], Vec::new())?;
        let base = module_attr(vm, "SimpleNamespace")?;
        let name = if cls == base {
            "namespace".to_owned()
        } else {
            let n = vm.get_attr(cls, "__name__")?;
            vm.str_of(n)?
        };
        let mut parts = Vec::new();
        for (k, v) in instance_attrs(vm, this).unwrap_or_default() {
            let k = vm.str_of(k)?;
            parts.push(format!("{k}={}", vm.repr(v)?));
        }
        Ok(vm.new_str(format!("{name}({})", parts.join(", "))))
    }

    /// `SimpleNamespace.__eq__`: equal attributes, against another
    /// namespace.
    def fn _ns_eq as "SimpleNamespace.__eq__"(vm, this, other) {
        if !is_namespace(vm, other)? {
            return Ok(not_implemented());
        }
        let (da, db) = (vm.attrs_dict_value(this), vm.attrs_dict_value(other));
        Ok(Value::Bool(vm.py_eq(da, db)?))
    }

    /// `MappingProxyType.__init__(self, mapping, /)`.
    builtin fn _mp_init as "mappingproxy"(vm, this, mapping, /) {
        let ok = matches!(mapping, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Dict(_)))
            || vm.get_attr(mapping, "__getitem__").is_ok() && vm.get_attr(mapping, "keys").is_ok();
        let is_seq = matches!(mapping, Value::Ref(id)
            if matches!(vm.heap.get(id), Obj::List(_) | Obj::Tuple(_) | Obj::Str(_)));
        if !ok || is_seq {
            return Err(PyErr::type_error(format!(
                "mappingproxy() argument must be a mapping, not {}",
                vm.class_name(mapping)
            )));
        }
        vm.set_attr(this, "_mapping", mapping)?;
        Ok(Value::None)
    }

    /// `mappingproxy[key]`.
    def fn _mp_getitem as "mappingproxy.__getitem__"(vm, this, key) {
        let m = mapping(vm, this)?;
        vm.get_item(m, key)
    }

    /// `len(mappingproxy)`.
    def fn _mp_len as "mappingproxy.__len__"(vm, this) {
        let m = mapping(vm, this)?;
        Ok(Value::Int(vm.len_of(m)? as i64))
    }

    /// `iter(mappingproxy)`.
    def fn _mp_iter as "mappingproxy.__iter__"(vm, this) {
        let m = mapping(vm, this)?;
        vm.get_iter(m)
    }

    /// `key in mappingproxy`.
    def fn _mp_contains as "mappingproxy.__contains__"(vm, this, key) {
        let m = mapping(vm, this)?;
        Ok(Value::Bool(vm.contains(m, key)?))
    }

    /// `mappingproxy.get(key, default=None, /)`.
    builtin fn _mp_get as "get"(vm, this, key, default?, /) {
        let m = mapping(vm, this)?;
        call_method(vm, m, "get", vec![key, default.unwrap_or(Value::None)])
    }

    /// `mappingproxy.keys()`.
    def fn _mp_keys as "mappingproxy.keys"(vm, this) {
        let m = mapping(vm, this)?;
        call_method(vm, m, "keys", Vec::new())
    }

    /// `mappingproxy.values()`.
    def fn _mp_values as "mappingproxy.values"(vm, this) {
        let m = mapping(vm, this)?;
        call_method(vm, m, "values", Vec::new())
    }

    /// `mappingproxy.items()`.
    def fn _mp_items as "mappingproxy.items"(vm, this) {
        let m = mapping(vm, this)?;
        call_method(vm, m, "items", Vec::new())
    }

    /// `mappingproxy.copy()`: a shallow copy of the mapping.
    def fn _mp_copy as "mappingproxy.copy"(vm, this) {
        let m = mapping(vm, this)?;
        call_method(vm, m, "copy", Vec::new())
    }

    /// `repr(mappingproxy)`: `mappingproxy({...})`.
    def fn _mp_repr as "mappingproxy.__repr__"(vm, this) {
        let m = mapping(vm, this)?;
        let r = vm.repr(m)?;
        Ok(vm.new_str(format!("mappingproxy({r})")))
    }

    /// `str(mappingproxy)`: the mapping's.
    def fn _mp_str as "mappingproxy.__str__"(vm, this) {
        let m = mapping(vm, this)?;
        let s = vm.str_of(m)?;
        Ok(vm.new_str(s))
    }

    /// `mappingproxy == other`: as the mapping.
    def fn _mp_eq as "mappingproxy.__eq__"(vm, this, other) {
        let m = mapping(vm, this)?;
        Ok(Value::Bool(vm.py_eq(m, other)?))
    }

    /// `mappingproxy | other`: a new dict.
    def fn _mp_or as "mappingproxy.__or__"(vm, this, other) {
        let m = mapping(vm, this)?;
        let d = call_method(vm, m, "copy", Vec::new())?;
        if !matches!(other, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Dict(_))) {
            return Ok(not_implemented());
        }
        call_method(vm, d, "update", vec![other])?;
        Ok(d)
    }
}

/// A class's methods: (attribute, native).
type Methods = &'static [(&'static str, &'static str)];

/// The classes: name, `__qualname__`, and methods.
const CLASSES: &[(&str, &str, Methods)] = &[
    (
        "SimpleNamespace",
        "SimpleNamespace",
        &[
            ("__init__", "_ns_init"),
            ("__repr__", "_ns_repr"),
            ("__eq__", "_ns_eq"),
        ],
    ),
    (
        "MappingProxyType",
        "mappingproxy",
        &[
            ("__init__", "_mp_init"),
            ("__getitem__", "_mp_getitem"),
            ("__len__", "_mp_len"),
            ("__iter__", "_mp_iter"),
            ("__contains__", "_mp_contains"),
            ("get", "_mp_get"),
            ("keys", "_mp_keys"),
            ("values", "_mp_values"),
            ("items", "_mp_items"),
            ("copy", "_mp_copy"),
            ("__repr__", "_mp_repr"),
            ("__str__", "_mp_str"),
            ("__eq__", "_mp_eq"),
            ("__or__", "_mp_or"),
        ],
    ),
];

fn index() -> u16 {
    crate::module_index("types")
}

fn native_id(name: &str) -> NativeId {
    MODULE.native_id(name)
}

/// Whether `f` is one of the classes' methods, which bind the instance
/// they are looked up through.
pub(crate) fn binds_as_method(f: NativeId) -> bool {
    f.module == index()
        && MODULE.funcs.get(f.func as usize).is_some_and(|d| {
            CLASSES
                .iter()
                .any(|(_, _, ms)| ms.iter().any(|(_, n)| *n == d.name))
        })
}

fn make_class(vm: &mut Vm, qualname: &str, methods: &[(&str, &str)]) -> PyResult<Value> {
    let mut ns = Dict::new();
    let put = |vm: &mut Vm, ns: &mut Dict, k: &str, v: Value| {
        let key = vm.new_str(k);
        ns.insert(HashKey::Str(k.into()), key, v);
    };
    let module = vm.new_str("types");
    put(vm, &mut ns, "__module__", module);
    for (attr, func) in methods {
        let v = vm.heap.new_value(Obj::BoundNative {
            func: native_id(func),
            bound: Vec::new(),
            name: format!("{qualname}.{attr}"),
        });
        put(vm, &mut ns, attr, v);
    }
    if qualname == "SimpleNamespace" {
        // mutable, so unhashable, as CPython's
        put(vm, &mut ns, "__hash__", Value::None);
    }
    let ns = vm.heap.new_value(Obj::Dict(Box::new(ns)));
    vm.build_class(qualname.into(), qualname.into(), Vec::new(), ns)
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    for (name, qualname, methods) in CLASSES {
        if let Ok(cls) = make_class(vm, qualname, methods) {
            attrs.push(((*name).into(), cls));
        }
    }
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "types",
    funcs: natives_table![
        _ns_init,
        _ns_repr,
        _ns_eq,
        _mp_init,
        _mp_getitem,
        _mp_len,
        _mp_iter,
        _mp_contains,
        _mp_get,
        _mp_keys,
        _mp_values,
        _mp_items,
        _mp_copy,
        _mp_repr,
        _mp_str,
        _mp_eq,
        _mp_or,
        GenericAlias = generic_alias_new,
    ],
    init,
};

native! {
    /// `types.GenericAlias(origin, args, /)`: `origin[args]`.
    def fn generic_alias_new as "GenericAlias"(vm, origin, args, /) {
        let args = match args {
            Value::Ref(id) if matches!(vm.heap.get(id), Obj::Tuple(_)) => args,
            _ => vm.new_tuple(vec![args]),
        };
        Ok(vm.heap.new_value(Obj::from(crate::objects::NativeObj::GenericAlias {
            origin,
            args,
        })))
    }
}

/// `types.GenericAlias`, the class of `list[int]`.
pub(crate) fn generic_alias_class() -> NativeId {
    native_id("GenericAlias")
}
