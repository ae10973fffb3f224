//! Classes a native module makes at import as ordinary classes (so
//! `isinstance`, subclassing and instance attributes work as in CPython)
//! whose methods are natives bound to the instance (`Obj::BoundNative`):
//! the shared part of `logging`'s, `warnings`', `difflib`'s and
//! `calendar`'s classes. A module lists its classes as [`ClassSpec`]s; a
//! native named in one of them binds as a method ([`binds`]).
//!
//! Also [`write_to`], writing text to a file argument (`sys.stderr`, an
//! `io.StringIO`, any object with `write`).

// (the class helpers' users come in the next modules)
#![allow(dead_code)]

use crate::object::{Dict, Exception, HashKey, NativeId, Obj, Value};
use crate::vm::{PyErr, PyResult, Vm};
use crate::{ImportVm, ModuleDef};

/// A class's methods: (attribute, native function of the module).
pub type Methods = &'static [(&'static str, &'static str)];

/// Whether `f`, a native of `def`, is named as a method in `classes`.
pub fn binds(def: &ModuleDef, classes: &[Methods], f: NativeId) -> bool {
    f.module == crate::module_index(def.name)
        && def.funcs.get(f.func as usize).is_some_and(|d| {
            classes
                .iter()
                .any(|ms| ms.iter().any(|(_, n)| *n == d.name))
        })
}

/// A class `name` of module `def` with `bases`, the natives `methods` and
/// the plain attributes `extra`.
pub fn make_class(
    vm: &mut Vm,
    def: &ModuleDef,
    name: &str,
    bases: Vec<Value>,
    methods: Methods,
    extra: Vec<(&str, Value)>,
) -> PyResult<Value> {
    let mut ns = Dict::new();
    let put = |vm: &mut Vm, ns: &mut Dict, k: &str, v: Value| {
        let key = vm.new_str(k);
        ns.insert(HashKey::Str(k.into()), key, v);
    };
    let module = vm.new_str(def.name);
    put(vm, &mut ns, "__module__", module);
    for (attr, func) in methods {
        let v = vm.heap.new_value(Obj::BoundNative {
            func: def.native_id(func),
            bound: Vec::new(),
            name: format!("{name}.{attr}"),
        });
        put(vm, &mut ns, attr, v);
    }
    for (k, v) in extra {
        put(vm, &mut ns, k, v);
    }
    let ns = vm.heap.new_value(Obj::Dict(Box::new(ns)));
    vm.build_class(name.into(), name.into(), bases, ns)
}

/// Attribute `name` of module `module` (importing it if needed).
pub fn module_attr(vm: &mut Vm, module: &str, name: &str) -> PyResult<Value> {
    let m = vm.import_module(module)?;
    vm.get_attr(m, name)
}

/// Sets attribute `name` of module `module`.
pub fn set_module_attr(vm: &mut Vm, module: &str, name: &str, v: Value) -> PyResult<()> {
    let m = vm.import_module(module)?;
    vm.set_attr(m, name, v)
}

/// Writes `text` to `file`: the sandbox's stdout/stderr directly, any
/// other object through its `write` method.
pub fn write_to(vm: &mut Vm, file: Value, text: &str) -> PyResult<()> {
    if let Some(stream) = crate::structseq::stream_of(vm, file) {
        monty_vm::output::write(u32::from(stream), text);
        return Ok(());
    }
    let write = vm.get_attr(file, "write")?;
    let s = vm.new_str(text);
    vm.call_value(write, vec![s], Vec::new())?;
    Ok(())
}

/// `sys.stderr` as the program sees it now (it may be replaced).
pub fn stderr(vm: &mut Vm) -> PyResult<Value> {
    module_attr(vm, "sys", "stderr")
}

/// Calls method `name` of `recv` with positional `args`.
pub fn call_method(vm: &mut Vm, recv: Value, name: &str, args: Vec<Value>) -> PyResult<Value> {
    let f = vm.get_attr(recv, name)?;
    vm.call_value(f, args, Vec::new())
}

/// The exception object of a pending error (made now if it was lazy); a
/// pause or a breached limit passes through.
pub fn err_value(vm: &mut Vm, e: PyErr) -> PyResult<Value> {
    match e {
        PyErr::Suspend => Err(PyErr::Suspend),
        PyErr::Limit => Err(PyErr::Limit),
        PyErr::Raise(v) | PyErr::Reraise(v) => Ok(v),
        PyErr::New(k, args) => Ok(vm.new_exception(Exception::new(k, args))),
        PyErr::Msg(k, m) => {
            let args = if m.is_empty() {
                Vec::new()
            } else {
                vec![vm.new_str(m)]
            };
            Ok(vm.new_exception(Exception::new(k, args)))
        }
    }
}
