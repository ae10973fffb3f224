//! Directory traversal in `os`: `os.scandir` (an iterator of `os.DirEntry`
//! objects over one `Path.iterdir` os call, usable as a context manager)
//! and `os.walk` (Python code over `scandir`, so it is a lazy generator as
//! in CPython: a top-down walk sees the caller prune `dirs` in place, a
//! bottom-up one yields each directory after its subdirectories, and every
//! listing is an os call made when the walk reaches it).
//!
//! A `DirEntry` asks the host about its type (`Path.is_dir`,
//! `Path.is_file`) or `stat` when asked; CPython answers from the listing's
//! cached `d_type` instead, which only changes what a program can observe
//! if the directory changes between the listing and the question. The
//! sandbox has no symbolic links, so `is_symlink()` and `is_junction()`
//! are `False` and `follow_symlinks` changes nothing.

use super::native_class::{binds, make_class, module_attr, Methods};
use super::os::PathArg;
use super::ModuleDef;
use crate::object::{ExcType, NativeId, Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// `os.walk(top, topdown=True, onerror=None, followlinks=False)`, as the
/// generator function it is in CPython (made by `Vm::snippet_function`).
const WALK_SOURCE: &str = "\
from os import fspath, scandir
from posixpath import join

def walk(top, topdown=True, onerror=None, followlinks=False):
    stack = [fspath(top)]
    while stack:
        top = stack.pop()
        if isinstance(top, tuple):
            yield top
            continue
        try:
            entries = list(scandir(top))
        except OSError as error:
            if onerror is not None:
                onerror(error)
            continue
        dirs = []
        nondirs = []
        for entry in entries:
            if entry.is_dir():
                dirs.append(entry.name)
            else:
                nondirs.append(entry.name)
        if topdown:
            yield top, dirs, nondirs
        else:
            stack.append((top, dirs, nondirs))
        for name in reversed(dirs):
            stack.append(join(top, name))
";

/// `os.DirEntry`'s methods: (attribute, native).
pub(crate) const DIR_ENTRY: Methods = &[
    ("__init__", "_dir_entry_init"),
    ("__repr__", "_dir_entry_repr"),
    ("__fspath__", "_dir_entry_fspath"),
    ("__setattr__", "_dir_entry_setattr"),
    ("__getattr__", "_dir_entry_getattr"),
    ("is_dir", "_dir_entry_is_dir"),
    ("is_file", "_dir_entry_is_file"),
    ("is_symlink", "_dir_entry_is_symlink"),
    ("is_junction", "_dir_entry_is_junction"),
    ("stat", "_dir_entry_stat"),
    ("inode", "_dir_entry_inode"),
];

/// The iterator `os.scandir` returns.
pub(crate) const SCANDIR_ITERATOR: Methods = &[
    ("__init__", "_dir_entry_init"),
    ("__iter__", "_scandir_iter"),
    ("__next__", "_scandir_next"),
    ("__enter__", "_scandir_iter"),
    ("__exit__", "_scandir_exit"),
    ("close", "_scandir_close"),
];

/// Whether `f` is one of the classes' methods.
pub(crate) fn binds_as_method(def: &ModuleDef, f: NativeId) -> bool {
    binds(def, &[DIR_ENTRY, SCANDIR_ITERATOR], f)
}

/// The classes `os.DirEntry` and (hidden) `os._ScandirIterator`, for the
/// module's attributes.
pub(crate) fn classes(vm: &mut Vm, def: &ModuleDef) -> PyResult<Vec<(String, Value)>> {
    let posix = vm.new_str("posix");
    let entry = make_class(
        vm,
        def,
        "DirEntry",
        Vec::new(),
        DIR_ENTRY,
        vec![("__module__", posix)],
    )?;
    let it = make_class(
        vm,
        def,
        "ScandirIterator",
        Vec::new(),
        SCANDIR_ITERATOR,
        vec![("__module__", posix)],
    )?;
    Ok(vec![
        ("DirEntry".into(), entry),
        ("_ScandirIterator".into(), it),
    ])
}

/// An instance of the `os` class `name` (not through `__init__`, which
/// refuses, as CPython's types do) with the attributes `attrs`.
fn instance(vm: &mut Vm, name: &str, attrs: Vec<(&str, Value)>) -> PyResult<Value> {
    let Value::Ref(class) = module_attr(vm, "os", name)? else {
        return Err(PyErr::new(
            ExcType::RuntimeError,
            format!("os.{name} is not a class"),
        ));
    };
    // (straight into the instance's dict: `DirEntry.__setattr__` refuses)
    Ok(vm.raw_instance(class, attrs))
}

/// `os.scandir(path)` of a path given as text or bytes (`'.'` when absent).
pub(crate) fn scandir(vm: &mut Vm, path: &PathArg) -> PyResult<Value> {
    let (dir, bytes) = match path {
        PathArg::Text(t) => (t.clone(), false),
        PathArg::Bytes(b) => (String::from_utf8_lossy(b).into_owned(), true),
        _ => (".".to_string(), false),
    };
    if dir.is_empty() {
        // (the empty path names no directory)
        return Err(super::os_calls::empty_path(vm));
    }
    let names = super::os_calls::list_dir(vm, &dir)?;
    let mut entries = Vec::with_capacity(names.len());
    for name in names {
        let full = super::os_path::join_text(&dir, &name);
        let (name, full) = if bytes {
            (
                vm.new_bytes(name.into_bytes()),
                vm.new_bytes(full.into_bytes()),
            )
        } else {
            (vm.new_str(name), vm.new_str(full))
        };
        entries.push(instance(
            vm,
            "DirEntry",
            vec![("name", name), ("path", full)],
        )?);
    }
    let list = vm.new_list(entries);
    let it = vm.get_iter(list)?;
    instance(vm, "_ScandirIterator", vec![("_it", it)])
}

/// `os.walk(...)`: the generator.
pub(crate) fn walk(vm: &mut Vm, args: Vec<Value>, kwargs: Vec<(String, Value)>) -> PyResult<Value> {
    let f = vm.snippet_function(WALK_SOURCE, "walk")?;
    vm.call_value(f, args, kwargs)
}

/// The entry's path as text (a bytes path decoded) for the os calls.
fn entry_path(vm: &mut Vm, this: Value) -> PyResult<String> {
    let p = vm.get_attr(this, "path")?;
    if let Some(s) = as_str(&vm.heap, p) {
        return Ok(s.to_string());
    }
    match p {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Bytes(b) => Ok(String::from_utf8_lossy(b).into_owned()),
            _ => Err(PyErr::type_error("DirEntry.path is not a path")),
        },
        _ => Err(PyErr::type_error("DirEntry.path is not a path")),
    }
}

/// Closes a scandir iterator: what is left of the listing is dropped.
fn close_scandir(vm: &mut Vm, this: Value) -> PyResult<Value> {
    let empty = vm.new_tuple(Vec::new());
    let it = vm.get_iter(empty)?;
    vm.set_attr(this, "_it", it)?;
    Ok(Value::None)
}

/// The error for an attribute an entry does not have.
fn no_attribute(vm: &Vm, name: Value) -> PyErr {
    let n = as_str(&vm.heap, name).unwrap_or("");
    PyErr::new(
        ExcType::AttributeError,
        format!("'posix.DirEntry' object has no attribute '{n}'"),
    )
}

/// The arguments of `is_dir`/`is_file`/`stat`: only the keyword
/// `follow_symlinks` (which changes nothing here), with CPython's messages.
fn follow_symlinks_only(name: &str, args: &[Value], kwargs: &[(String, Value)]) -> PyResult<()> {
    if !args.is_empty() {
        return Err(PyErr::type_error(format!(
            "{name}() takes no positional arguments"
        )));
    }
    if let Some((k, _)) = kwargs.iter().find(|(k, _)| k != "follow_symlinks") {
        return Err(PyErr::type_error(format!(
            "{name}() got an unexpected keyword argument '{k}'"
        )));
    }
    Ok(())
}

/// The answer of a type question about the entry: `False` for an entry
/// that is gone.
fn entry_is(vm: &mut Vm, this: Value, call: &str) -> PyResult<Value> {
    let p = entry_path(vm, this)?;
    Ok(Value::Bool(super::os_calls::bool_call(vm, call, &p)?))
}

native! {
    /// `DirEntry()` / `ScandirIterator()`: not made by programs.
    pub(crate) builtin fn _dir_entry_init as "DirEntry.__init__"(vm, this, /, *args, **kwargs) {
        let _ = (args, kwargs);
        let name = vm.class_name(this);
        Err(PyErr::type_error(format!("cannot create 'posix.{name}' instances")))
    }

    /// `repr(entry)`: `<DirEntry 'name'>`.
    pub(crate) def fn _dir_entry_repr as "DirEntry.__repr__"(vm, this) {
        let name = vm.get_attr(this, "name")?;
        let r = vm.repr(name)?;
        Ok(vm.new_str(format!("<DirEntry {r}>")))
    }

    /// `entry.__fspath__()`: its path.
    pub(crate) def fn _dir_entry_fspath as "DirEntry.__fspath__"(vm, this) {
        vm.get_attr(this, "path")
    }

    /// `entry.is_dir(*, follow_symlinks=True)`.
    pub(crate) builtin fn _dir_entry_is_dir as "DirEntry.is_dir"(vm, this, /, *args, **kwargs) {
        follow_symlinks_only("is_dir", &args, &kwargs)?;
        entry_is(vm, this, "Path.is_dir")
    }

    /// `entry.is_file(*, follow_symlinks=True)`.
    pub(crate) builtin fn _dir_entry_is_file as "DirEntry.is_file"(vm, this, /, *args, **kwargs) {
        follow_symlinks_only("is_file", &args, &kwargs)?;
        entry_is(vm, this, "Path.is_file")
    }

    /// `entry.x = v`: an entry's attributes are read-only, and it has no
    /// others.
    pub(crate) builtin fn _dir_entry_setattr as "DirEntry.__setattr__"(vm, this, name, value, /) {
        let _ = value;
        let known = matches!(as_str(&vm.heap, name), Some("name" | "path"));
        if known {
            return Err(PyErr::new(ExcType::AttributeError, "readonly attribute"));
        }
        let _ = this;
        Err(no_attribute(vm, name))
    }

    /// An attribute an entry does not have, named as CPython names it.
    pub(crate) builtin fn _dir_entry_getattr as "DirEntry.__getattr__"(vm, this, name, /) {
        let _ = this;
        Err(no_attribute(vm, name))
    }

    /// `entry.is_symlink()`: the sandbox has no links.
    pub(crate) def fn _dir_entry_is_symlink as "DirEntry.is_symlink"(vm, this) {
        let _ = (vm, this);
        Ok(Value::Bool(false))
    }

    /// `entry.is_junction()`.
    pub(crate) def fn _dir_entry_is_junction as "DirEntry.is_junction"(vm, this) {
        let _ = (vm, this);
        Ok(Value::Bool(false))
    }

    /// `entry.stat(*, follow_symlinks=True)`.
    pub(crate) builtin fn _dir_entry_stat as "DirEntry.stat"(vm, this, /, *args, **kwargs) {
        follow_symlinks_only("stat", &args, &kwargs)?;
        let p = entry_path(vm, this)?;
        super::pathlib::stat_result(vm, &p)
    }

    /// `entry.inode()`: the sandbox's files have no inode numbers (0, as
    /// `stat().st_ino`).
    pub(crate) def fn _dir_entry_inode as "DirEntry.inode"(vm, this) {
        let _ = (vm, this);
        Ok(Value::Int(0))
    }

    /// `iter(it)` / `with os.scandir() as it`: the iterator itself.
    pub(crate) def fn _scandir_iter as "ScandirIterator.__iter__"(vm, this) {
        let _ = vm;
        Ok(this)
    }

    /// `next(it)`.
    pub(crate) def fn _scandir_next as "ScandirIterator.__next__"(vm, this) {
        let it = vm.get_attr(this, "_it")?;
        match vm.iter_next(it)? {
            Some(v) => Ok(v),
            None => Err(PyErr::New(ExcType::StopIteration, Vec::new())),
        }
    }

    /// `it.close()`: the rest of the listing is dropped.
    pub(crate) def fn _scandir_close as "ScandirIterator.close"(vm, this) {
        close_scandir(vm, this)
    }

    /// Leaving `with os.scandir() as it`: closes it.
    pub(crate) builtin fn _scandir_exit as "ScandirIterator.__exit__"(vm, this, /, *args) {
        let _ = args;
        close_scandir(vm, this)
    }
}
