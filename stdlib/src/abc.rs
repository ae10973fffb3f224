//! `abc`: `ABC`, `ABCMeta`, `abstractmethod`.
//!
//! `abstractmethod` marks a function `__isabstractmethod__ = True` (the
//! function inside a `classmethod`/`staticmethod`; a `property` is
//! abstract when one of its functions is). `ABC` carries the metaclass
//! `ABCMeta` (`Class::meta`, `vm/src/vm/meta.rs`), whose `__init__`
//! records in each class's namespace the frozenset `__abstractmethods__`:
//! its own abstract attributes and those of its bases it does not
//! override. Instantiating a class whose set is not empty is the VM's
//! `TypeError` (as CPython's `object.__new__`).

use super::ModuleDef;
use crate::object::{Dict, HashKey, Obj, ObjId, Value};
use crate::vm::{PyResult, Vm};
use crate::NativeId;

native! {
    /// `abstractmethod(funcobj)`: the function marked abstract.
    def fn abstractmethod(vm, funcobj) {
        let target = match funcobj {
            Value::Ref(id) => match vm.heap.get(id) {
                Obj::StaticMethod(f) | Obj::ClassMethod(f) => *f,
                Obj::Property(p) => p.fget,
                _ => funcobj,
            },
            _ => funcobj,
        };
        let is_function = matches!(target, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Function(_)));
        if is_function {
            vm.set_attr(target, "__isabstractmethod__", Value::Bool(true))?;
        }
        Ok(funcobj)
    }

    /// `ABCMeta.__init__(cls, name, bases, ns)`: the class's
    /// `__abstractmethods__`.
    builtin fn _abcmeta_init as "ABCMeta.__init__"(vm, cls, _name, _bases, _ns, /) {
        let Value::Ref(id) = cls else { return Ok(Value::None) };
        record_abstracts(vm, id)?;
        Ok(Value::None)
    }

    /// `ABCMeta.register(cls, subclass)`: the subclass (virtual
    /// subclasses are not tracked: `isinstance` does not see them).
    builtin fn _abcmeta_register as "ABCMeta.register"(vm, cls, subclass, /) {
        let _ = (vm, cls);
        Ok(subclass)
    }
}

/// Whether class attribute `v` is abstract.
fn is_abstract(vm: &mut Vm, v: Value) -> PyResult<bool> {
    let Value::Ref(id) = v else { return Ok(false) };
    match vm.heap.get(id) {
        Obj::Function(_) => match vm.get_attr(v, "__isabstractmethod__") {
            Ok(flag) => vm.truthy(flag),
            Err(_) => Ok(false),
        },
        Obj::StaticMethod(f) | Obj::ClassMethod(f) => {
            let f = *f;
            is_abstract(vm, f)
        }
        Obj::Property(p) => {
            let fs = [p.fget, p.fset, p.fdel];
            for f in fs {
                if is_abstract(vm, f)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        _ => Ok(false),
    }
}

/// The names in a class's `__abstractmethods__` (own or inherited).
fn abstract_names(vm: &Vm, cls: ObjId) -> Vec<String> {
    match vm.class_lookup(cls, "__abstractmethods__") {
        Some(Value::Ref(s)) => match vm.heap.get(s) {
            Obj::FrozenSet(d) | Obj::Set(d) => d
                .keys()
                .filter_map(|k| crate::vm::as_str(&vm.heap, k).map(str::to_owned))
                .collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

fn record_abstracts(vm: &mut Vm, cls: ObjId) -> PyResult<()> {
    let mut names: Vec<String> = Vec::new();
    let own: Vec<(Value, Value)> = vm.class(cls).attrs.entries().collect();
    for (k, v) in own {
        if is_abstract(vm, v)? {
            if let Some(s) = crate::vm::as_str(&vm.heap, k) {
                names.push(s.to_owned());
            }
        }
    }
    let bases: Vec<ObjId> = vm
        .class(cls)
        .bases
        .iter()
        .filter_map(|b| match b {
            Value::Ref(id) if matches!(vm.heap.get(*id), Obj::Class(_)) => Some(*id),
            _ => None,
        })
        .collect();
    for base in bases {
        for name in abstract_names(vm, base) {
            if names.contains(&name) {
                continue;
            }
            let still = match vm.class_lookup(cls, &name) {
                Some(v) => is_abstract(vm, v)?,
                None => true,
            };
            if still {
                names.push(name);
            }
        }
    }
    let set = frozenset(vm, &names);
    let key = vm.new_str("__abstractmethods__");
    if let Obj::Class(c) = vm.heap.get_mut(cls) {
        c.attrs
            .insert(HashKey::Str("__abstractmethods__".into()), key, set);
    }
    Ok(())
}

fn frozenset(vm: &mut Vm, names: &[String]) -> Value {
    let mut d = Dict::new();
    for n in names {
        let k = vm.new_str(n.as_str());
        d.insert(HashKey::Str(n.as_str().into()), k, Value::None);
    }
    vm.heap.new_value(Obj::FrozenSet(Box::new(d)))
}

fn index() -> u16 {
    crate::module_index("abc")
}

fn native_id(name: &str) -> NativeId {
    MODULE.native_id(name)
}

/// The metaclass's methods bind the class they are looked up through.
pub(crate) fn binds_as_method(f: NativeId) -> bool {
    f.module == index()
}

fn make_class(vm: &mut Vm, name: &str, entries: Vec<(&str, Value)>) -> PyResult<ObjId> {
    let mut ns = Dict::new();
    let module = vm.new_str("abc");
    for (k, v) in std::iter::once(("__module__", module)).chain(entries) {
        let key = vm.new_str(k);
        ns.insert(HashKey::Str(k.into()), key, v);
    }
    let ns = vm.heap.new_value(Obj::Dict(Box::new(ns)));
    match vm.build_class(name.into(), name.into(), Vec::new(), ns)? {
        Value::Ref(id) => Ok(id),
        _ => unreachable!("build_class makes a class"),
    }
}

fn build(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) -> PyResult<()> {
    let mut methods = Vec::new();
    for (attr, func) in [
        ("__init__", "_abcmeta_init"),
        ("register", "_abcmeta_register"),
    ] {
        let v = vm.heap.new_value(Obj::BoundNative {
            func: native_id(func),
            bound: Vec::new(),
            name: format!("ABCMeta.{attr}"),
        });
        methods.push((attr, v));
    }
    let meta = make_class(vm, "ABCMeta", methods)?;
    let empty = frozenset(vm, &[]);
    let abc = make_class(vm, "ABC", vec![("__abstractmethods__", empty)])?;
    if let Obj::Class(c) = vm.heap.get_mut(abc) {
        c.meta = Some(meta);
    }
    attrs.push(("ABCMeta".to_owned(), Value::Ref(meta)));
    attrs.push(("ABC".to_owned(), Value::Ref(abc)));
    Ok(())
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    // (building plain classes from natives cannot fail)
    let _ = build(vm, attrs);
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "abc",
    funcs: natives_table![abstractmethod, _abcmeta_init, _abcmeta_register],
    init,
};
