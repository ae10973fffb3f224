//! The importable standard library (`monty-stdlib`). Each module is a
//! file that declares a [`ModuleDef`]: its native functions (plain `fn`s,
//! named by index so a module object stays plain data) and an `init` that
//! adds constants. [`Library`] implements the core's `Stdlib` trait: it is
//! what `monty-vm` is instantiated with. Nothing here reaches the host:
//! modules are deterministic and pure.

/// The core's `vm` module with its VM instantiated at [`Library`], so the
/// modules name `Vm` as the one VM they run on.
pub mod vm {
    pub use monty_vm::vm::*;
    /// The VM running this library.
    pub type Vm = monty_vm::vm::Vm<crate::Library>;
}

/// The core's `object` module with its heap types instantiated at
/// [`Library`].
pub mod object {
    pub use monty_vm::object::*;
    /// A heap object of this library's VM.
    pub type Obj = monty_vm::object::Obj<crate::Library>;
    /// An iterator's state in this library's VM.
    pub type Iter = monty_vm::object::Iter<crate::Library>;
    /// The heap of this library's VM.
    pub type Heap = monty_vm::object::Heap<crate::Library>;
}

pub use monty_vm::{builtins, output, unicode};

#[macro_use]
mod native;

mod asyncio;
mod base64;
mod base85;
mod binascii;
mod bisect;
pub(crate) mod collections;
mod copy;
mod csv;
mod csv_dialect;
mod csv_dict;
mod csv_reader;
mod csv_writer;
mod dataclasses;
mod datetime;
mod datetime_args;
mod datetime_fmt;
mod datetime_methods;
mod datetime_ops;
pub mod decimal;
mod digests;
mod digests_sponge;
pub mod entry;
mod functools;
mod future;
pub mod generic;
mod hashlib;
mod hashlib_obj;
mod heapq;
mod hmac;
mod io;
pub mod iters;
mod itertools;
mod json;
mod library;
mod math;
mod math_int;
mod math_special;
mod math_sum;
pub mod objects;
mod operator;
mod os;
mod os_path;
mod pathlib;
pub mod random;
mod random_obj;
mod random_ops;
mod re;
mod re_groups;
mod re_match;
mod re_parse;
mod sha512;
mod statistics;
mod statistics_bivariate;
mod string;
pub mod structseq;
mod sys;
mod textwrap;
mod time;
mod toml_parse;
mod toml_tables;
mod tomllib;
pub mod typing;
mod unicodedata;
mod util;

use crate::builtins::Args;
use crate::object::{Dict, ExcType, HashKey, Module, Obj, Value};
use crate::vm::call::Kwargs;
use crate::vm::{PyErr, PyResult, Vm};

/// A function of a native module (defined with the values, which name it).
pub use crate::object::NativeId;

pub use library::Library;

/// A native function: its Python name and implementation.
pub struct NativeFn {
    pub name: &'static str,
    pub call: fn(&mut Vm, Args) -> PyResult<Value>,
}

/// A native module.
pub struct ModuleDef {
    pub name: &'static str,
    pub funcs: &'static [NativeFn],
    /// Adds the module's other attributes (constants, types).
    pub init: fn(&mut Vm, &mut Vec<(String, Value)>),
}

/// For modules with nothing but functions.
pub fn no_init(_: &mut Vm, _: &mut Vec<(String, Value)>) {}

static MODULES: &[&ModuleDef] = &[
    &asyncio::MODULE,
    &dataclasses::MODULE,
    &collections::MODULE,
    &sys::MODULE,
    &typing::MODULE,
    &future::MODULE,
    &copy::MODULE,
    &json::MODULE,
    &operator::MODULE,
    &string::MODULE,
    &textwrap::MODULE,
    &math::MODULE,
    &random::MODULE,
    &bisect::MODULE,
    &heapq::MODULE,
    &itertools::MODULE,
    &functools::MODULE,
    &statistics::MODULE,
    &re::MODULE,
    &datetime::MODULE,
    &time::MODULE,
    &hashlib::MODULE,
    &hashlib_obj::C_MODULE,
    &base64::MODULE,
    &binascii::MODULE,
    &hmac::MODULE,
    &io::MODULE,
    &csv::C_MODULE,
    &csv::MODULE,
    &tomllib::MODULE,
    &decimal::MODULE,
    &unicodedata::MODULE,
    &pathlib::MODULE,
    &os::MODULE,
    &os_path::MODULE,
];

/// The dict kind a `collections` class makes (`defaultdict`, `Counter`,
/// `OrderedDict`), for the methods they inherit from dict.
pub fn dict_class_kind(t: NativeId) -> Option<crate::object::DictKind> {
    collections::dict_class_kind(t)
}

/// The `__future__` feature names, for the compiler's check.
pub use future::FEATURES as FUTURE_FEATURES;

/// The names of the native modules.
pub fn module_names() -> impl Iterator<Item = &'static str> {
    MODULES.iter().map(|m| m.name)
}

/// The index of module `name` in the registry (for bound natives).
pub fn module_index(name: &str) -> u16 {
    MODULES
        .iter()
        .position(|m| m.name == name)
        .expect("registered module") as u16
}

/// A fingerprint of every table a snapshot refers to by position: the
/// native modules and their functions ([`NativeId`] is a pair of indices),
/// the builtin functions and the builtin exception classes (enum
/// discriminants). A snapshot records it, and a build whose tables differ
/// (reordered, inserted, renamed) refuses the snapshot instead of calling
/// another function. Computed once per instance.
pub fn native_table_fingerprint() -> u64 {
    static FINGERPRINT: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *FINGERPRINT.get_or_init(|| {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut feed = |text: &str| {
            for b in text.bytes().chain([0xff]) {
                h ^= b as u64;
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        for m in MODULES {
            feed(m.name);
            m.funcs.iter().for_each(|f| feed(f.name));
        }
        feed("--builtins");
        crate::builtins::Builtin::ALL
            .iter()
            .for_each(|b| feed(b.name()));
        feed("--exceptions");
        ExcType::ALL.iter().for_each(|e| feed(e.name()));
        h
    })
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

/// Imports on the VM: `import name` and `from module import name`.
///
/// An extension trait: the VM type lives in `monty-vm`, so the library
/// adds its methods through traits (brought into scope where used).
pub trait ImportVm {
    /// `import name`: the module object, created once per execution.
    ///
    /// # Errors
    /// `ModuleNotFoundError` for an unknown module.
    fn import_module(&mut self, name: &str) -> PyResult<Value>;

    /// `from module import name`.
    ///
    /// # Errors
    /// `ImportError` naming what could not be imported.
    fn import_from(&mut self, module: Value, name: &str) -> PyResult<Value>;
}

impl ImportVm for Vm {
    fn import_module(&mut self, name: &str) -> PyResult<Value> {
        // `os.path` is `posixpath`, as on every POSIX CPython
        let name = if name == "os.path" { "posixpath" } else { name };
        if let Some((_, v)) = self.modules.iter().find(|(n, _)| n == name) {
            return Ok(*v);
        }
        let Some(index) = MODULES.iter().position(|m| m.name == name) else {
            if let Some((parent, _)) = name.rsplit_once('.') {
                // `import a.b` fails on `a` first when `a` does not exist
                self.import_module(parent)?;
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
mod size_tests {
    /// Every heap slot is an `Obj` of this library's VM, so its size is the
    /// per-object floor (a million empty lists cost a million slots): large
    /// payloads, the library's objects among them, are boxed to keep it
    /// small.
    #[test]
    fn obj_stays_small() {
        // 104 since dicts keep a small inline table (no index up to 8 slots)
        assert!(std::mem::size_of::<crate::object::Obj>() <= 104);
    }
}
