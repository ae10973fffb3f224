//! Host objects inside the sandbox (`$object` on the wire, see
//! `monty-wire`'s `host_object.rs`): an object the host gives the program,
//! whose methods pause the run with a call naming the object.
//!
//! Each is an ordinary instance of a class the run makes once per class
//! name and method set (`class_for`), whose attributes are the host's
//! `attrs` and whose class holds one bound native per declared method
//! (`_method`, binding as a method like a function). Calling one makes a
//! host call from native code ([`Vm::host_call_from_native`]: journaled, so
//! it pauses and resumes like a tool called by `map`), named
//! `Class.method` and with the object as its first argument; the boundary
//! announces it as a method call on the object's id (`host_object_of`).
//!
//! The ids are not attributes: the table of the objects the host gave
//! (id → (instance, declaration)) is the hidden global `<host objects>`
//! and the class cache `<host classes>` (`vm/src/vm/hidden_globals.rs`),
//! which no Python name reaches and a snapshot carries. An object's id is
//! found by its identity in that table, so nothing Python does to an
//! instance (setting attributes, `object.__setattr__`, `copy.copy`,
//! `type(obj)()`, which `__init__` refuses) can make a call name another
//! object: a method called on anything not in the table raises `TypeError`
//! before any call is made. The declaration kept beside the object (its
//! class name and method names) is checked too, so a method of one host
//! class cannot be called on an object of another (class dicts are
//! mutable: `type(db).drop = type(cache).drop` moves the function, not
//! the declaration).

use crate::object::{Dict, HashKey, NativeId, Obj, ObjId, Value};
use crate::vm::{PyErr, PyResult, Vm};
use crate::ModuleDef;

/// The hidden global holding `{id: instance}` for every host object of the
/// run.
const OBJECTS: &str = "<host objects>";
/// The hidden global holding `{key: class}`, the classes made so far.
const CLASSES: &str = "<host classes>";

/// A method as the boundary declares it (the guest keeps no parameter
/// names: matching keywords to positions is the host's).
pub struct MethodSpec {
    pub name: String,
    pub is_async: bool,
}

/// A host object as the boundary declares it, its attributes already on
/// the heap.
pub struct HostObjectSpec {
    pub id: u64,
    pub class: String,
    pub attrs: Vec<(String, Value)>,
    pub methods: Vec<MethodSpec>,
}

/// The dict in hidden global `name`, made on first use.
fn table(vm: &mut Vm, name: &str) -> ObjId {
    if let Some(Value::Ref(id)) = vm.hidden_global(name) {
        if matches!(vm.heap.get(id), Obj::Dict(_)) {
            return id;
        }
    }
    let d = vm.heap.new_value(Obj::Dict(Box::new(Dict::new())));
    vm.set_hidden_global(name, d);
    let Value::Ref(id) = d else { unreachable!() };
    id
}

fn table_get(vm: &Vm, name: &str, key: &HashKey) -> Option<Value> {
    match vm.hidden_global(name)? {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Dict(d) => d.get(key),
            _ => None,
        },
        _ => None,
    }
}

/// The sandbox object for `spec`: the one the run already has for its id
/// (same identity; its class must match), else a new instance.
///
/// # Errors
/// A sentence for the host: the class name is a builtin's, or the id is
/// known under another class.
pub fn host_object(vm: &mut Vm, spec: HostObjectSpec) -> Result<Value, String> {
    let key = HashKey::Int(spec.id as i64);
    if let Some((known, declaration)) = table_get(vm, OBJECTS, &key).and_then(|e| entry(vm, e)) {
        let (class, _) = parse_declaration(&declaration);
        if class != spec.class {
            return Err(format!(
                "host object {} was given as a '{class}', not a '{}'",
                spec.id, spec.class
            ));
        }
        return Ok(known);
    }
    if vm.builtin_by_name(&spec.class).is_ok() {
        return Err(format!(
            "host object {} has class name '{}', which is the name of a builtin",
            spec.id, spec.class
        ));
    }
    let declaration = declaration_key(&spec.class, &spec.methods);
    let cls = class_for(vm, &spec.class, &spec.methods, &declaration).map_err(describe)?;
    let inst = vm.raw_instance(cls, spec.attrs.iter().map(|(k, v)| (k.as_str(), *v)));
    let declaration = vm.new_str(declaration);
    let record = vm.new_tuple(vec![inst, declaration]);
    let objects = table(vm, OBJECTS);
    if let Obj::Dict(d) = vm.heap.get_mut(objects) {
        d.insert(key, Value::Int(spec.id as i64), record);
    }
    Ok(inst)
}

fn describe(e: PyErr) -> String {
    match e {
        PyErr::Msg(kind, msg) => format!("{}: {msg}", kind.name()),
        other => format!("cannot make the class of a host object: {other:?}"),
    }
}

/// A declaration as one string: the class name, then each method's name
/// after `\0` (sync) or `\1` (async). The table keeps it beside each
/// object, out of Python's reach, and the class cache is keyed by it.
fn declaration_key(class: &str, methods: &[MethodSpec]) -> String {
    let mut key = class.to_owned();
    for m in methods {
        key.push(if m.is_async { '\u{1}' } else { '\u{0}' });
        key.push_str(&m.name);
    }
    key
}

/// The class name and the method names of a declaration key.
fn parse_declaration(key: &str) -> (&str, Vec<&str>) {
    let mut parts = key.split(['\u{0}', '\u{1}']);
    let class = parts.next().unwrap_or("");
    (class, parts.collect())
}

/// The instance and declaration key of a record of the table.
fn entry(vm: &Vm, record: Value) -> Option<(Value, String)> {
    let Value::Ref(r) = record else { return None };
    match vm.heap.get(r) {
        Obj::Tuple(items) if items.len() == 2 => {
            let Value::Ref(k) = items[1] else { return None };
            match vm.heap.get(k) {
                Obj::Str(s) => Some((items[0], s.s.to_string())),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The id and declaration key of `v`, if it is a host object of this run.
fn record_of(vm: &Vm, v: Value) -> Option<(u64, String)> {
    let Value::Ref(id) = v else { return None };
    if !matches!(vm.heap.get(id), Obj::Instance(_)) {
        return None;
    }
    let Some(Value::Ref(objects)) = vm.hidden_global(OBJECTS) else {
        return None;
    };
    let Obj::Dict(d) = vm.heap.get(objects) else {
        return None;
    };
    d.entries()
        .find_map(|(k, record)| match (k, entry(vm, record)) {
            (Value::Int(n), Some((inst, declaration))) if inst == v => {
                Some((n as u64, declaration))
            }
            _ => None,
        })
}

/// The id and (declared) class name of `v`, if it is a host object of this
/// run.
pub fn host_object_of(vm: &Vm, v: Value) -> Option<(u64, String)> {
    let (id, declaration) = record_of(vm, v)?;
    let (class, _) = parse_declaration(&declaration);
    Some((id, class.to_owned()))
}

/// The class of host objects named `name` with `methods`, made once per
/// run for each distinct declaration.
fn class_for(vm: &mut Vm, name: &str, methods: &[MethodSpec], key: &str) -> PyResult<ObjId> {
    let hk = HashKey::Str(key.into());
    if let Some(Value::Ref(c)) = table_get(vm, CLASSES, &hk) {
        return Ok(c);
    }
    let mut ns = Dict::new();
    let put = |vm: &mut Vm, ns: &mut Dict, k: &str, v: Value| {
        let key = vm.new_str(k);
        ns.insert(HashKey::Str(k.into()), key, v);
    };
    let module = vm.new_str("host");
    put(vm, &mut ns, "__module__", module);
    let native = |vm: &mut Vm, func: &str, bound: Vec<Value>, attr: &str| {
        vm.heap.new_value(Obj::BoundNative {
            func: MODULE.native_id(func),
            bound,
            name: format!("{name}.{attr}"),
        })
    };
    for (attr, func) in [
        ("__init__", "_init"),
        ("__repr__", "_repr"),
        ("__copy__", "_copy"),
        ("__deepcopy__", "_copy"),
    ] {
        let v = native(vm, func, Vec::new(), attr);
        put(vm, &mut ns, attr, v);
    }
    for m in methods {
        let mname = vm.new_str(m.name.as_str());
        let v = native(vm, "_method", vec![mname, Value::Bool(m.is_async)], &m.name);
        put(vm, &mut ns, &m.name, v);
    }
    let ns = vm.heap.new_value(Obj::Dict(Box::new(ns)));
    let cls = vm.build_class(name.to_owned(), name.to_owned(), Vec::new(), ns)?;
    let classes = table(vm, CLASSES);
    let k = vm.new_str(key);
    if let Obj::Dict(d) = vm.heap.get_mut(classes) {
        d.insert(hk, k, cls);
    }
    let Value::Ref(c) = cls else { unreachable!() };
    Ok(c)
}

/// `self` of a host object's method or special method, which must be a
/// host object of this run (declared with `method`, if given): its id and
/// declared class name.
fn receiver(
    vm: &Vm,
    what: &str,
    method: Option<&str>,
    args: &[Value],
) -> PyResult<(Value, u64, String)> {
    let Some(&this) = args.first() else {
        return Err(PyErr::type_error(format!(
            "{what}() needs a host object to be called on"
        )));
    };
    let Some((id, declaration)) = record_of(vm, this) else {
        return Err(PyErr::type_error(format!(
            "{what}() must be called on an object the host gave, not on a '{}' object",
            vm.class_name(this)
        )));
    };
    let (class, methods) = parse_declaration(&declaration);
    if let Some(m) = method {
        if !methods.contains(&m) {
            // (a method of another host class, called on this object)
            return Err(PyErr::type_error(format!(
                "{what}() is not a method the host declared for '{class}' objects"
            )));
        }
    }
    Ok((this, id, class.to_owned()))
}

native! {
    /// A declared method: `obj.name(*args, **kwargs)` calls the host.
    builtin fn host_method(vm, name, is_async, /, *args, **kwargs) {
        let method = vm.str_of(name)?;
        let (this, _, class) = receiver(vm, &method, Some(&method), &args)?;
        let is_async = matches!(is_async, Value::Bool(true));
        vm.host_call_from_native(this, format!("{class}.{method}"), is_async, args, kwargs)
    }

    /// `__init__`: host objects come only from the host.
    builtin fn host_init(vm, /, *args, **kwargs) {
        let _ = kwargs;
        let class = args.first().map_or_else(|| "host object".to_owned(), |v| vm.class_name(*v));
        Err(PyErr::type_error(format!("cannot create '{class}' instances")))
    }

    /// `__repr__`: `<Database object (host)>`.
    builtin fn host_repr(vm, /, *args, **kwargs) {
        let _ = kwargs;
        let class = args.first().map_or_else(|| "host object".to_owned(), |v| vm.class_name(*v));
        Ok(vm.new_str(format!("<{class} object (host)>")))
    }

    /// `__copy__` and `__deepcopy__`: a host object is a handle, and a copy
    /// of it is itself.
    builtin fn host_copy(vm, /, *args, **kwargs) {
        let _ = kwargs;
        let (this, _, _) = receiver(vm, "__copy__", None, &args)?;
        Ok(this)
    }
}

/// `__name__` and `__qualname__` of a host object's method (and of the
/// class's special methods), as of a Python function.
pub(crate) fn bound_getattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<Value> {
    let Obj::BoundNative { name: qualname, .. } = vm.heap.get(id) else {
        return None;
    };
    let text = match name {
        "__qualname__" => qualname.clone(),
        "__name__" => qualname.rsplit('.').next().unwrap_or("").to_owned(),
        _ => return None,
    };
    Some(vm.new_str(text))
}

/// Whether the bound native `f` binds as a method (all of this module's
/// do).
pub(crate) fn binds_as_method(f: NativeId) -> bool {
    f.module == crate::module_index(MODULE.name)
}

/// Whether `f` stands for a Python function (a declared method: its repr
/// is `<function Database.query at 0x...>`, bound `<bound method ...>`).
pub(crate) fn is_function(f: NativeId) -> bool {
    binds_as_method(f)
        && MODULE
            .funcs
            .get(f.func as usize)
            .is_some_and(|n| n.name == "_method")
}

/// Not importable (its name is no Python name): it holds the natives the
/// classes of host objects bind.
pub static MODULE: ModuleDef = ModuleDef {
    name: "<host>",
    funcs: natives_table![
        _method = host_method,
        _init = host_init,
        _repr = host_repr,
        _copy = host_copy,
    ],
    init: crate::no_init,
};
