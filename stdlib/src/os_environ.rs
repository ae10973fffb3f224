//! `os.environ`: the host's environment (`OS_CALLS.md`), fetched with one
//! os call (`os.environ`) the first time the program looks at it, then
//! kept as a dict in the object: changes the program makes stay in the
//! sandbox (`os.getenv` reads them too), as a process's own environment.

use serde::{Deserialize, Serialize};

use super::objects::NativeObj;
use crate::object::{Obj, ObjId, Value};
use crate::objects::{native_of, native_of_mut};
use crate::vm::call::Kwargs;
use crate::vm::{as_str, PyErr, PyResult, Vm};
use crate::ImportVm;

/// `os.environ`'s data: the dict once fetched, else None.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EnvironData {
    pub dict: Value,
}

/// A new, not yet fetched `os.environ`.
pub fn new(vm: &mut Vm) -> Value {
    vm.heap
        .new_value(Obj::from(NativeObj::Environ(Box::new(EnvironData {
            dict: Value::None,
        }))))
}

/// The environment dict, fetched on first use.
pub fn dict(vm: &mut Vm, id: ObjId) -> PyResult<Value> {
    let Some(NativeObj::Environ(e)) = native_of(vm.heap.get(id)) else {
        unreachable!("os.environ")
    };
    if !e.dict.is_none() {
        return Ok(e.dict);
    }
    // (a host that grants no environment: an empty one)
    let answer = match vm.os_call("os.environ", Vec::new(), Vec::new()) {
        Err(PyErr::Raise(e))
            if super::os_calls::is_error(vm, e, crate::object::ExcType::PermissionError) =>
        {
            vm.heap
                .new_value(Obj::Dict(Box::new(crate::object::Dict::new())))
        }
        r => r?,
    };
    let items: Vec<(Value, Value)> = match answer {
        Value::Ref(a) => match vm.heap.get(a) {
            Obj::Dict(d) => d.entries().collect(),
            _ => return Err(bad_answer()),
        },
        _ => return Err(bad_answer()),
    };
    let d = vm
        .heap
        .new_value(Obj::Dict(Box::new(crate::object::Dict::new())));
    for (k, v) in items {
        if as_str(&vm.heap, k).is_none() || as_str(&vm.heap, v).is_none() {
            return Err(bad_answer());
        }
        vm.set_item(d, k, v)?;
    }
    if let Some(NativeObj::Environ(e)) = native_of_mut(vm.heap.get_mut(id)) {
        e.dict = d;
    }
    Ok(d)
}

fn bad_answer() -> PyErr {
    PyErr::new(
        crate::object::ExcType::RuntimeError,
        "the host answered the os call os.environ with something other than a dict of str",
    )
}

/// `$HOME` from `os.environ` (fetched from the host on first use), if set
/// to a str.
///
/// # Errors
/// What fetching the environment raised.
pub fn home(vm: &mut Vm) -> PyResult<Option<String>> {
    let os = vm.import_module("os")?;
    let environ = vm.get_attr(os, "environ")?;
    let key = vm.new_str("HOME");
    let v = getenv(vm, environ, key, Value::None)?;
    Ok(as_str(&vm.heap, v).map(str::to_string))
}

/// `~` or `~/rest` with `$HOME` in place of `~`, as CPython's
/// `posixpath.expanduser`; `None` when the path does not start with `~`
/// alone or `$HOME` is not set (`~user` needs a password database the
/// sandbox has none of: CPython leaves an unknown user's path as it is).
///
/// # Errors
/// What fetching the environment raised.
pub fn expand_user(vm: &mut Vm, path: &str) -> PyResult<Option<String>> {
    let Some(rest) = path.strip_prefix('~') else {
        return Ok(None);
    };
    if !(rest.is_empty() || rest.starts_with('/')) {
        return Ok(None);
    }
    let Some(home) = home(vm)? else {
        return Ok(None);
    };
    let expanded = format!("{}{rest}", home.trim_end_matches('/'));
    Ok(Some(if expanded.is_empty() {
        "/".into()
    } else {
        expanded
    }))
}

/// `os.getenv(key, default)`.
pub fn getenv(vm: &mut Vm, environ: Value, key: Value, default: Value) -> PyResult<Value> {
    let Value::Ref(id) = environ else {
        return Ok(default);
    };
    let d = match vm.heap.get(id) {
        Obj::Native(n) if matches!(n.downcast_ref(), Some(NativeObj::Environ(_))) => dict(vm, id)?,
        Obj::Dict(_) => environ,
        _ => return Ok(default),
    };
    let Value::Ref(did) = d else {
        return Ok(default);
    };
    let k = as_str(&vm.heap, key).unwrap_or("").to_string();
    match vm.heap.get(did) {
        Obj::Dict(dd) => Ok(dd.get_str(&k).unwrap_or(default)),
        _ => Ok(default),
    }
}

/// The dict methods `os.environ` has.
const METHODS: &[&str] = &[
    "get",
    "keys",
    "values",
    "items",
    "copy",
    "setdefault",
    "pop",
    "popitem",
    "update",
    "clear",
    "__getitem__",
    "__setitem__",
    "__delitem__",
    "__contains__",
    "__iter__",
    "__len__",
];

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `os.environ`, a mapping over the fetched dict.
pub struct EnvironType;

impl np::NativeType for EnvironType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "os._Environ"
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        if let np::NativeObj::Environ(e) = o {
            f(e.dict);
        }
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        METHODS.contains(&name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        if !METHODS.contains(&name) {
            return Ok(None);
        }
        let d = dict(vm, id)?;
        // (`copy()` is a plain dict, as CPython's)
        let f = vm.get_attr(d, name)?;
        vm.call_value(f, args, kw).map(Some)
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        let d = dict(vm, id)?;
        Ok(format!("environ({})", vm.repr(d)?))
    }

    fn getitem(vm: &mut np::Vm, id: np::ObjId, idx: np::Value) -> np::PyResult<Option<np::Value>> {
        let d = dict(vm, id)?;
        vm.get_item(d, idx).map(Some)
    }

    fn setitem(
        vm: &mut np::Vm,
        id: np::ObjId,
        idx: np::Value,
        v: Option<np::Value>,
    ) -> Option<np::PyResult<()>> {
        Some((|| {
            let d = dict(vm, id)?;
            if let Some(v) = v {
                for x in [idx, v] {
                    if as_str(&vm.heap, x).is_none() {
                        return Err(PyErr::type_error(format!(
                            "str expected, not {}",
                            vm.class_name(x)
                        )));
                    }
                }
                vm.set_item(d, idx, v)
            } else {
                vm.del_item(d, idx)
            }
        })())
    }

    fn contains(vm: &mut np::Vm, id: np::ObjId, item: np::Value) -> np::PyResult<Option<bool>> {
        let d = dict(vm, id)?;
        vm.contains(d, item).map(Some)
    }

    fn len(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<usize>> {
        let d = dict(vm, id)?;
        let Value::Ref(did) = d else {
            return Ok(Some(0));
        };
        Ok(Some(match vm.heap.get(did) {
            Obj::Dict(dd) => dd.len(),
            _ => 0,
        }))
    }

    fn iter(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::Value>> {
        let d = dict(vm, id)?;
        vm.get_iter(d).map(Some)
    }

    fn truthy(_vm: &mut np::Vm, _id: np::ObjId) -> bool {
        true
    }
}
