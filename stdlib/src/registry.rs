//! The registry of native modules: [`MODULES`], which names each module's
//! [`ModuleDef`] static, and what needs the whole table (function names and
//! ids, calls by id, imports, the snapshot fingerprint).
//!
//! The top of the crate: it names every module, and no module names it
//! (they find their own index with [`module_index`](crate::module_index),
//! which needs only [`MODULE_NAMES`](crate::MODULE_NAMES), and reach native
//! names through the `Stdlib` trait), so imports point one way.

use crate::builtins::Args;
use crate::object::{Dict, DictKind, ExcType, HashKey, Module, NativeId, Obj, Value};
use crate::vm::call::Kwargs;
use crate::vm::{PyErr, PyResult, Vm};
use crate::{asyncio, collections};
use crate::{ImportVm, ModuleDef, NativeFn};

/// [`registry::MODULES`](MODULES) from `native_modules!` (lib.rs).
macro_rules! module_table {
    ($($name:literal => $file:ident $def:ident,)*) => {
        /// Every native module, in [`NativeId::module`] order (the order of
        /// [`MODULE_NAMES`](crate::MODULE_NAMES): both come from one list).
        pub(crate) static MODULES: &[&ModuleDef] = &[$(&crate::$file::$def),*];
    };
}

native_modules!(module_table);

/// The dict kind a `collections` class makes (`defaultdict`, `Counter`,
/// `OrderedDict`), for the methods they inherit from dict.
pub fn dict_class_kind(t: NativeId) -> Option<DictKind> {
    collections::dict_class_kind(t)
}

/// A fingerprint of every table a snapshot refers to by position: the
/// native modules and their functions ([`NativeId`] is a pair of indices),
/// the builtin functions and the builtin exception classes (enum
/// discriminants). A snapshot records it, and a build whose tables differ
/// (reordered, inserted, renamed) refuses the snapshot instead of calling
/// another function.
pub fn native_table_fingerprint() -> u64 {
    NATIVE_TABLE_FINGERPRINT
}

/// [`native_table_fingerprint`], computed when the crate is compiled: a
/// fresh instance (every restore) would otherwise hash some 25 000 bytes
/// of names before its first snapshot or restore.
const NATIVE_TABLE_FINGERPRINT: u64 = {
    let mut h = FNV_OFFSET;
    let mut m = 0;
    while m < MODULES.len() {
        h = fnv_feed(h, MODULES[m].name);
        let mut f = 0;
        while f < MODULES[m].funcs.len() {
            h = fnv_feed(h, MODULES[m].funcs[f].name);
            f += 1;
        }
        m += 1;
    }
    h = fnv_feed(h, "--builtins");
    let mut b = 0;
    while b < crate::builtins::Builtin::ALL.len() {
        h = fnv_feed(h, crate::builtins::Builtin::ALL[b].name());
        b += 1;
    }
    h = fnv_feed(h, "--exceptions");
    let mut e = 0;
    while e < ExcType::ALL.len() {
        h = fnv_feed(h, ExcType::ALL[e].name());
        e += 1;
    }
    h
};

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a 64 over `text`'s bytes, then a 0xff separator.
const fn fnv_feed(mut h: u64, text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        h ^= bytes[i] as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    h ^= 0xff;
    h.wrapping_mul(0x0000_0100_0000_01b3)
}

/// Whether `id` names a registered native function (the snapshot
/// validator's check: ids from a snapshot are data, not trusted indices).
pub fn native_exists(id: NativeId) -> bool {
    MODULES
        .get(id.module as usize)
        .is_some_and(|m| (id.func as usize) < m.funcs.len())
}

/// The id of function `name` of module `module`, if both exist.
pub fn native_id(module: &str, name: &str) -> Option<NativeId> {
    let m = MODULES.iter().position(|m| m.name == module)?;
    let f = MODULES[m].funcs.iter().position(|f| f.name == name)?;
    Some(NativeId {
        module: m as u16,
        func: f as u16,
    })
}

fn def_of(id: NativeId) -> &'static NativeFn {
    &MODULES[id.module as usize].funcs[id.func as usize]
}

/// The Python name of a native function.
pub fn native_name(id: NativeId) -> &'static str {
    def_of(id).name
}

/// Is `id` `asyncio.run` (which the VM runs as frames)?
pub fn is_asyncio_run(id: NativeId) -> bool {
    asyncio::is_run(id)
}

/// Calls a native function.
///
/// # Errors
/// Whatever the function raises.
pub fn call(vm: &mut Vm, id: NativeId, pos: Vec<Value>, kw: Kwargs) -> PyResult<Value> {
    let def = def_of(id);
    (def.call)(vm, Args::new(def.name, pos, kw))
}

/// Modules a program may well import that the sandbox cannot have (the
/// network, processes, threads, native code, files, the host's clock
/// zones): importing them names the sandbox, not a typo. A submodule of
/// one (`http.client`) counts too.
const UNAVAILABLE: &[&str] = &[
    "zoneinfo",
    "socket",
    "ssl",
    "select",
    "selectors",
    "subprocess",
    "multiprocessing",
    "threading",
    "_thread",
    "concurrent",
    "signal",
    "ctypes",
    "sqlite3",
    "urllib.request",
    "urllib.error",
    "http",
    "ftplib",
    "smtplib",
    "requests",
    "httpx",
    "urllib3",
    "aiohttp",
];

/// The native modules that are packages in CPython (a submodule of any
/// other, `os.nothing`, is "not a package").
const PACKAGES: &[&str] = &[
    "asyncio",
    "collections",
    "json",
    "re",
    "tomllib",
    "pathlib",
    "urllib",
    "html",
    "logging",
];

fn unavailable(name: &str) -> bool {
    let top = name.split('.').next().unwrap_or(name);
    UNAVAILABLE.contains(&name) || UNAVAILABLE.contains(&top)
}

impl ImportVm for Vm {
    fn import_module(&mut self, name: &str) -> PyResult<Value> {
        // `os.path` is `posixpath`, as on every POSIX CPython
        let name = if name == "os.path" { "posixpath" } else { name };
        if let Some((_, v)) = self.modules.iter().find(|(n, _)| n == name) {
            return Ok(*v);
        }
        let Some(index) = MODULES.iter().position(|m| m.name == name) else {
            if unavailable(name) {
                return Err(PyErr::new(
                    ExcType::ModuleNotFoundError,
                    format!("No module named '{name}': it is not available in this sandbox"),
                ));
            }
            if let Some((parent, _)) = name.rsplit_once('.') {
                // `import a.b` fails on `a` first when `a` does not exist
                self.import_module(parent)?;
                if !PACKAGES.contains(&parent) {
                    return Err(PyErr::new(
                        ExcType::ModuleNotFoundError,
                        format!("No module named '{name}'; '{parent}' is not a package"),
                    ));
                }
            }
            return Err(PyErr::new(
                ExcType::ModuleNotFoundError,
                format!("No module named '{name}'"),
            ));
        };
        let def = MODULES[index];
        let mut attrs = Dict::new();
        let put = |vm: &mut Vm, attrs: &mut Dict, k: &str, v: Value| {
            let key = vm.new_str(k);
            attrs.insert(HashKey::Str(k.into()), key, v);
        };
        let n = self.new_str(name);
        put(self, &mut attrs, "__name__", n);
        for (i, f) in def.funcs.iter().enumerate() {
            let v = Value::Native(NativeId {
                module: index as u16,
                func: i as u16,
            });
            put(self, &mut attrs, f.name, v);
        }
        let mut extra = Vec::new();
        (def.init)(self, &mut extra);
        for (k, v) in extra {
            put(self, &mut attrs, &k, v);
        }
        let m = self.heap.new_value(Obj::Module(Box::new(Module {
            name: name.to_string(),
            attrs,
        })));
        self.modules.push((name.to_string(), m));
        Ok(m)
    }

    fn import_from(&mut self, module: Value, name: &str) -> PyResult<Value> {
        // (always a module in compiled code; a forged snapshot's stack may
        // hold anything there: raise, not trap)
        let Some(m) = module.as_ref().and_then(|id| match self.heap.get(id) {
            Obj::Module(m) => Some(m),
            _ => None,
        }) else {
            return Err(PyErr::new(
                ExcType::ImportError,
                format!("cannot import name '{name}' from a non-module"),
            ));
        };
        if let Some(v) = m.attrs.get_str(name) {
            return Ok(v);
        }
        let mname = m.name.clone();
        // a submodule (`from os import path`)
        if let Ok(v) = self.import_module(&format!("{mname}.{name}")) {
            return Ok(v);
        }
        Err(PyErr::new(
            ExcType::ImportError,
            format!("cannot import name '{name}' from '{mname}' (unknown location)"),
        ))
    }
}

#[cfg(test)]
mod tests {
    /// [`crate::module_index`] looks names up in `MODULE_NAMES`: it must
    /// list the modules in [`super::MODULES`] order.
    #[test]
    fn module_names_match_registry() {
        let names: Vec<&str> = super::MODULES.iter().map(|m| m.name).collect();
        assert_eq!(names, crate::MODULE_NAMES);
    }
}
