//! The importable standard library (`monty-stdlib`). Each module is a
//! file that declares a [`ModuleDef`]: its native functions (plain `fn`s,
//! named by index so a module object stays plain data) and an `init` that
//! adds constants. [`Library`] implements the core's `Stdlib` trait:
//! `entry::install` makes it the library `monty-vm` calls. Nothing here reaches the host:
//! modules are deterministic and pure.
//!
//! This file holds only what the modules themselves name (the types of a
//! module's definition, [`module_index`], [`ImportVm`]) and so names no
//! module: the table of modules is in [`registry`], the `Stdlib` impl in
//! `library.rs`, both at the top, so imports point one way.

pub mod builtins;
pub mod object;
pub mod vm;

pub use monty_vm::{output, unicode};

// The computations under `random` and `hashlib`/`hmac`/`uuid`, compiled
// for speed in their own crate (monty-kernels), named here as the modules
// always named them.
use monty_kernels::{digests, digests_sponge, random_state};

#[macro_use]
mod native;

/// Every native module, once, in [`NativeId::module`] order: its Python
/// name, its file and the static [`ModuleDef`] there. `$list!` receives
/// the entries: here it makes [`MODULE_NAMES`] (all a module needs to find
/// its own index), at the top of the crate `registry::MODULES` (the
/// statics), so the list is written once and nothing below the registry
/// names a module. Adding a module is its file plus its `mod` line and
/// entry here.
macro_rules! native_modules {
    ($list:ident) => {
        $list! {
            "asyncio" => asyncio MODULE,
            "dataclasses" => dataclasses MODULE,
            "collections" => collections MODULE,
            "sys" => sys MODULE,
            "typing" => typing MODULE,
            "__future__" => future MODULE,
            "copy" => copy MODULE,
            "json" => json MODULE,
            "operator" => operator MODULE,
            "string" => string MODULE,
            "textwrap" => textwrap MODULE,
            "math" => math MODULE,
            "random" => random MODULE,
            "bisect" => bisect MODULE,
            "heapq" => heapq MODULE,
            "itertools" => itertools MODULE,
            "functools" => functools MODULE,
            "statistics" => statistics MODULE,
            "re" => re MODULE,
            "datetime" => datetime MODULE,
            "time" => time MODULE,
            "hashlib" => hashlib MODULE,
            "_hashlib" => hashlib_obj C_MODULE,
            "base64" => base64 MODULE,
            "binascii" => binascii MODULE,
            "hmac" => hmac MODULE,
            "io" => io MODULE,
            "_csv" => csv C_MODULE,
            "csv" => csv MODULE,
            "tomllib" => tomllib MODULE,
            "decimal" => decimal MODULE,
            "unicodedata" => unicodedata MODULE,
            "pathlib" => pathlib MODULE,
            "os" => os MODULE,
            "posixpath" => os_path MODULE,
            "urllib" => urllib MODULE,
            "urllib.parse" => urllib_parse MODULE,
            "html" => html MODULE,
            "fnmatch" => fnmatch MODULE,
            "shlex" => shlex MODULE,
            "uuid" => uuid MODULE,
            "struct" => struct_module MODULE,
            "graphlib" => graphlib MODULE,
            "fractions" => fractions MODULE,
            "contextlib" => contextlib MODULE,
            "types" => types MODULE,
            "pprint" => pprint MODULE,
            "enum" => enums MODULE,
            "abc" => abc MODULE,
            "traceback" => traceback MODULE,
            "logging" => logging MODULE,
            "warnings" => warnings MODULE,
            "numbers" => numbers MODULE,
            "difflib" => difflib MODULE,
            "calendar" => calendar MODULE,
            "gc" => gc MODULE,
            "<host>" => host_object MODULE,
        }
    };
}

mod abc;
mod asyncio;
mod base64;
mod base85;
mod binascii;
mod bisect;
mod calendar;
mod calendar_text;
pub(crate) mod collections;
mod contextlib;
mod copy;
mod csv;
mod csv_data;
mod csv_dialect;
mod csv_dict;
mod csv_reader;
mod csv_writer;
mod dataclasses;
mod dataclasses_convert;
mod dataclasses_gen;
mod datetime;
mod datetime_args;
mod datetime_data;
mod datetime_fmt;
mod datetime_methods;
mod datetime_ops;
pub mod decimal;
mod difflib;
mod difflib_differ;
mod difflib_match;
pub mod entry;
mod enum_build;
mod enum_flag;
mod enum_member;
mod enum_meta;
mod enums;
mod file;
mod file_pos;
mod fnmatch;
mod fractions;
mod fractions_fmt;
mod fractions_ops;
mod functools;
mod future;
mod gc;
pub mod generic;
mod graphlib;
mod graphlib_data;
mod hashlib;
mod hashlib_obj;
mod heapq;
mod hmac;
pub mod host_object;
mod html;
mod html_entities;
mod io;
pub mod iters;
mod itertools;
mod json;
mod library;
mod logging;
mod logging_handler;
mod logging_logger;
mod logging_record;
mod math;
mod math_int;
mod math_special;
mod math_sum;
mod native_class;
mod numbers;
pub mod objects;
mod operator;
mod os;
mod os_calls;
mod os_dir;
mod os_environ;
mod os_path;
mod pathlib;
mod pprint;
pub mod random;
mod random_obj;
mod random_ops;
mod re;
mod re_data;
mod re_match;
pub mod registry;
mod shlex;
mod statistics;
mod statistics_bivariate;
mod string;
mod string_template;
mod struct_codec;
mod struct_module;
pub mod structseq;
mod structseq_data;
mod sys;
mod textwrap;
mod time;
mod time_data;
mod toml_parse;
mod toml_tables;
mod tomllib;
mod traceback;
mod types;
pub mod typing;
mod typing_classes;
mod typing_params;
mod unicodedata;
mod urllib;
mod urllib_parse;
mod urllib_quote;
mod urllib_result;
mod util;
mod uuid;
mod warnings;
mod wire_records;

use crate::builtins::Args;
use crate::object::Value;
use crate::vm::{PyResult, Vm};

/// A function of a native module (defined with the values, which name it).
pub use crate::object::NativeId;

pub use vm::Library;

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

impl ModuleDef {
    /// The id of this module's function `name`, which it declares.
    ///
    /// # Panics
    /// If the module has no such function (a bug of the module's code).
    pub fn native_id(&self, name: &str) -> NativeId {
        let func = self
            .funcs
            .iter()
            .position(|f| f.name == name)
            .unwrap_or_else(|| panic!("{} has no native {name}", self.name));
        NativeId {
            module: module_index(self.name),
            func: func as u16,
        }
    }
}

/// For modules with nothing but functions.
pub fn no_init(_: &mut Vm, _: &mut Vec<(String, Value)>) {}

/// [`MODULE_NAMES`] from [`native_modules!`].
macro_rules! module_names {
    ($($name:literal => $file:ident $def:ident,)*) => {
        /// The Python names of the native modules, in [`NativeId::module`]
        /// order (`registry::MODULES` is made from the same list).
        pub const MODULE_NAMES: &[&str] = &[$($name),*];
    };
}

native_modules!(module_names);

/// The `__future__` feature names, for the compiler's check.
pub use monty_compile::FUTURE_FEATURES;

/// The names of the native modules.
pub fn module_names() -> impl Iterator<Item = &'static str> {
    MODULE_NAMES.iter().copied()
}

/// The index of module `name` in the registry (for bound natives).
pub fn module_index(name: &str) -> u16 {
    MODULE_NAMES
        .iter()
        .position(|m| *m == name)
        .expect("registered module") as u16
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
