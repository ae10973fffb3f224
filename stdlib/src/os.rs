//! `os`: the POSIX constants (`sep`, `linesep`, `name`, ...), `fspath`,
//! an empty `environ` with `getenv`, and the functions that would touch
//! the operating system (`listdir`, `stat`, `mkdir`, `remove`, `system`,
//! ...). The sandbox grants no OS access, so those validate their
//! arguments exactly as CPython's argument clinic does (same messages, same
//! order) and then raise `PermissionError`; an int path is a file
//! descriptor, and the sandbox has none open, so it fails with `EBADF`.
//! `os.path` lives in [`super::os_path`].

use super::ModuleDef;
use crate::builtins::Args;
use crate::object::{Dict, ExcType, Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};
use crate::ImportVm;

/// The error of a function that would need the OS.
pub fn no_os(func: &str) -> PyErr {
    let needs = match func {
        "system" => "a shell",
        "getcwd" | "getcwdb" => "a working directory",
        "path.expanduser" => "a home directory",
        _ => "a filesystem",
    };
    PyErr::new(
        ExcType::PermissionError,
        format!("os.{func}() needs {needs}: no OS access is granted to this sandbox"),
    )
}

/// Binds arguments like CPython's argument clinic (`_PyArg_UnpackKeywords`):
/// `params` in order, the first `required` mandatory, at most `max_pos`
/// given by position. Returns one slot per parameter.
pub fn clinic(
    a: &Args,
    params: &[&str],
    required: usize,
    max_pos: usize,
) -> PyResult<Vec<Option<Value>>> {
    let name = a.name;
    let npos = a.pos.len();
    let total = npos + a.kw.len();
    if total > params.len() {
        let n = params.len();
        return Err(PyErr::type_error(format!(
            "{name}() takes at most {n} {}argument{} ({total} given)",
            if npos == 0 { "keyword " } else { "" },
            if n == 1 { "" } else { "s" }
        )));
    }
    if npos > max_pos {
        return Err(PyErr::type_error(if max_pos == 0 {
            format!("{name}() takes no positional arguments")
        } else {
            format!(
                "{name}() takes {} {max_pos} positional argument{} ({npos} given)",
                if required == max_pos {
                    "exactly"
                } else {
                    "at most"
                },
                if max_pos == 1 { "" } else { "s" }
            )
        }));
    }
    let mut out = Vec::with_capacity(params.len());
    for (i, p) in params.iter().enumerate() {
        let v = if i < npos { Some(a.pos[i]) } else { a.kwarg(p) };
        if v.is_none() && i < required {
            return Err(PyErr::type_error(format!(
                "{name}() missing required argument '{p}' (pos {})",
                i + 1
            )));
        }
        out.push(v);
    }
    for (k, _) in &a.kw {
        match params.iter().position(|p| p == k) {
            Some(i) if i < npos => {
                return Err(PyErr::type_error(format!(
                    "argument for {name}() given by name ('{k}') and position ({})",
                    i + 1
                )))
            }
            Some(_) => {}
            None => {
                return Err(PyErr::type_error(format!(
                    "{name}() got an unexpected keyword argument '{k}'"
                )))
            }
        }
    }
    Ok(out)
}

/// A path argument after conversion.
pub enum PathArg {
    Text(String),
    Bytes(Vec<u8>),
    Fd(i32),
    Absent,
}

/// Converts a file descriptor (an int) to a C int.
fn fd_of(vm: &Vm, v: Value) -> PyResult<Option<i32>> {
    let big_negative = |neg: bool| {
        PyErr::new(
            ExcType::OverflowError,
            if neg {
                "fd is less than minimum"
            } else {
                "fd is greater than maximum"
            },
        )
    };
    match v {
        Value::Int(i) => i32::try_from(i).map(Some).map_err(|_| big_negative(i < 0)),
        Value::Bool(b) => Ok(Some(b as i32)),
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::BigInt(b) => Err(big_negative(num_traits::Signed::is_negative(b))),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

/// The text of a str, bytes or path-like value (`__fspath__`), if it is one.
///
/// # Errors
/// Whatever `__fspath__` raises, or `TypeError` for its bad result.
pub fn fspath_of(vm: &mut Vm, v: Value) -> PyResult<Option<PathArg>> {
    if let Some(s) = as_str(&vm.heap, v) {
        return Ok(Some(PathArg::Text(s.to_string())));
    }
    if let Value::Ref(id) = v {
        match vm.heap.get(id) {
            Obj::Bytes(b) => return Ok(Some(PathArg::Bytes(b.to_vec()))),
            Obj::Native(super::objects::NativeObj::Path(p)) => {
                return Ok(Some(PathArg::Text(p.clone())))
            }
            Obj::Instance(_) => {
                let Ok(method) = vm.get_attr(v, "__fspath__") else {
                    return Ok(None);
                };
                let r = vm.call_value(method, Vec::new(), Default::default())?;
                return match fspath_of_plain(vm, r) {
                    Some(p) => Ok(Some(p)),
                    None => Err(PyErr::type_error(format!(
                        "expected {}.__fspath__() to return str or bytes, not {}",
                        vm.class_name(v),
                        vm.class_name(r)
                    ))),
                };
            }
            _ => {}
        }
    }
    Ok(None)
}

fn fspath_of_plain(vm: &Vm, v: Value) -> Option<PathArg> {
    if let Some(s) = as_str(&vm.heap, v) {
        return Some(PathArg::Text(s.to_string()));
    }
    match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Bytes(b) => Some(PathArg::Bytes(b.to_vec())),
            _ => None,
        },
        _ => None,
    }
}

/// `os.fspath`'s conversion (also `PyUnicode_FSConverter`'s message).
pub fn fspath_required(vm: &mut Vm, v: Value) -> PyResult<PathArg> {
    match fspath_of(vm, v)? {
        Some(p) => Ok(p),
        None => Err(PyErr::type_error(format!(
            "expected str, bytes or os.PathLike object, not {}",
            vm.class_name(v)
        ))),
    }
}

/// CPython's `path_converter`: a path, or an fd when `allow_fd`, or
/// `None` when `nullable`.
fn path_arg(
    vm: &mut Vm,
    func: &str,
    arg: &str,
    v: Option<Value>,
    allow_fd: bool,
    nullable: bool,
) -> PyResult<PathArg> {
    let Some(v) = v else {
        return Ok(PathArg::Absent);
    };
    if nullable && v.is_none() {
        return Ok(PathArg::Absent);
    }
    if allow_fd {
        if let Some(fd) = fd_of(vm, v)? {
            return Ok(PathArg::Fd(fd));
        }
    }
    if let Some(p) = fspath_of(vm, v)? {
        return Ok(p);
    }
    let kinds = match (allow_fd, nullable) {
        (true, true) => "string, bytes, os.PathLike, integer or None",
        (true, false) => "string, bytes, os.PathLike or integer",
        (false, true) => "string, bytes, os.PathLike or None",
        (false, false) => "string, bytes or os.PathLike",
    };
    Err(PyErr::type_error(format!(
        "{func}: {arg} should be {kinds}, not {}",
        vm.class_name(v)
    )))
}

/// A `dir_fd` argument: `None` or an fd.
fn dir_fd_arg(vm: &Vm, v: Option<Value>) -> PyResult<()> {
    match v {
        None => Ok(()),
        Some(v) if v.is_none() => Ok(()),
        Some(v) => match fd_of(vm, v)? {
            Some(_) => Ok(()),
            None => Err(PyErr::type_error(format!(
                "argument should be integer or None, not {}",
                vm.class_name(v)
            ))),
        },
    }
}

/// A C `int` argument (`mode`, `flags`).
pub fn c_int_arg(vm: &Vm, v: Option<Value>) -> PyResult<()> {
    let Some(v) = v else { return Ok(()) };
    let too_big = || {
        PyErr::new(
            ExcType::OverflowError,
            "Python int too large to convert to C int",
        )
    };
    match v {
        Value::Int(i) => i32::try_from(i).map(|_| ()).map_err(|_| too_big()),
        Value::Bool(_) => Ok(()),
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => Err(too_big()),
        _ => Err(PyErr::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            vm.class_name(v)
        ))),
    }
}

/// The failure of an OS call on a path: `EBADF` for an fd (none is open),
/// `PermissionError` otherwise.
fn refuse(func: &str, p: &PathArg, name_fd: bool) -> PyErr {
    match p {
        PathArg::Fd(fd) => PyErr::new(
            ExcType::OSError,
            if name_fd {
                format!("[Errno 9] Bad file descriptor: {fd}")
            } else {
                "[Errno 9] Bad file descriptor".to_string()
            },
        ),
        _ => no_os(func),
    }
}

/// `listdir(path=None)` / `scandir(path=None)`.
fn listdir(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, &["path"], 0, 1)?;
    let p = path_arg(vm, a.name, "path", s[0], true, true)?;
    Err(refuse(a.name, &p, false))
}

/// `stat(path, *, dir_fd=None, follow_symlinks=True)` and `lstat` (no fd).
fn stat(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, &["path", "dir_fd", "follow_symlinks"], 1, 1)?;
    let p = path_arg(vm, a.name, "path", s[0], a.name == "stat", false)?;
    dir_fd_arg(vm, s[1])?;
    Err(refuse(a.name, &p, true))
}

/// `mkdir(path, mode=0o777, *, dir_fd=None)`.
fn mkdir(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, &["path", "mode", "dir_fd"], 1, 2)?;
    let p = path_arg(vm, a.name, "path", s[0], false, false)?;
    c_int_arg(vm, s[1])?;
    dir_fd_arg(vm, s[2])?;
    Err(refuse(a.name, &p, true))
}

/// `remove` / `unlink` / `rmdir(path, *, dir_fd=None)`.
fn remove(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, &["path", "dir_fd"], 1, 1)?;
    let p = path_arg(vm, a.name, "path", s[0], false, false)?;
    dir_fd_arg(vm, s[1])?;
    Err(refuse(a.name, &p, true))
}

/// `rename` / `replace(src, dst, *, src_dir_fd=None, dst_dir_fd=None)`.
fn rename(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, &["src", "dst", "src_dir_fd", "dst_dir_fd"], 2, 2)?;
    path_arg(vm, a.name, "src", s[0], false, false)?;
    path_arg(vm, a.name, "dst", s[1], false, false)?;
    dir_fd_arg(vm, s[2])?;
    dir_fd_arg(vm, s[3])?;
    Err(no_os(a.name))
}

/// `chdir(path)` (an fd allowed).
fn chdir(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, &["path"], 1, 1)?;
    let p = path_arg(vm, a.name, "path", s[0], true, false)?;
    Err(refuse(a.name, &p, true))
}

/// `open(path, flags, mode=0o777, *, dir_fd=None)`.
fn open(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, &["path", "flags", "mode", "dir_fd"], 2, 3)?;
    let p = path_arg(vm, a.name, "path", s[0], false, false)?;
    c_int_arg(vm, s[1])?;
    c_int_arg(vm, s[2])?;
    dir_fd_arg(vm, s[3])?;
    Err(refuse(a.name, &p, true))
}

/// `system(command)`.
fn system(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, &["command"], 1, 1)?;
    if let Some(v) = s[0] {
        fspath_required(vm, v)?;
    }
    Err(no_os(a.name))
}

/// `getcwd()` / `getcwdb()`: the sandbox has no working directory.
fn getcwd(_vm: &mut Vm, a: Args) -> PyResult<Value> {
    if !a.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "posix.{}() takes no keyword arguments",
            a.name
        )));
    }
    if !a.pos.is_empty() {
        return Err(PyErr::type_error(format!(
            "posix.{}() takes no arguments ({} given)",
            a.name,
            a.pos.len()
        )));
    }
    Err(no_os(a.name))
}

/// Binds a Python-level (`def`) signature: `params`, the first `required`
/// mandatory. Messages are those of a Python function.
pub fn bind_def(a: &Args, params: &[&str], required: usize) -> PyResult<Vec<Option<Value>>> {
    let name = a.name;
    let npos = a.pos.len();
    if npos > params.len() {
        let n = params.len();
        let takes = if required == n {
            format!("{n}")
        } else {
            format!("from {required} to {n}")
        };
        return Err(PyErr::type_error(format!(
            "{name}() takes {takes} positional argument{} but {npos} {} given",
            if n == 1 { "" } else { "s" },
            if npos == 1 { "was" } else { "were" }
        )));
    }
    for (k, _) in &a.kw {
        match params.iter().position(|p| p == k) {
            Some(i) if i < npos => {
                return Err(PyErr::type_error(format!(
                    "{name}() got multiple values for argument '{k}'"
                )))
            }
            Some(_) => {}
            None => {
                return Err(PyErr::type_error(format!(
                    "{name}() got an unexpected keyword argument '{k}'"
                )))
            }
        }
    }
    let out: Vec<Option<Value>> = params
        .iter()
        .enumerate()
        .map(|(i, p)| a.pos.get(i).copied().or_else(|| a.kwarg(p)))
        .collect();
    let missing: Vec<&str> = params[..required]
        .iter()
        .zip(&out)
        .filter(|(_, v)| v.is_none())
        .map(|(p, _)| *p)
        .collect();
    if !missing.is_empty() {
        let names: Vec<String> = missing.iter().map(|p| format!("'{p}'")).collect();
        let list = match names.len() {
            1 => names[0].clone(),
            2 => format!("{} and {}", names[0], names[1]),
            _ => format!(
                "{}, and {}",
                names[..names.len() - 1].join(", "),
                names[names.len() - 1]
            ),
        };
        return Err(PyErr::type_error(format!(
            "{name}() missing {} required positional argument{}: {list}",
            missing.len(),
            if missing.len() == 1 { "" } else { "s" }
        )));
    }
    Ok(out)
}

/// `makedirs(name, mode=0o777, exist_ok=False)`.
fn makedirs(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = bind_def(&a, &["name", "mode", "exist_ok"], 1)?;
    fspath_required(vm, s[0].expect("required"))?;
    c_int_arg(vm, s[1])?;
    Err(no_os(a.name))
}

/// `removedirs(name)`, `walk(top, ...)`: Python-level functions.
fn removedirs(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let params: &[&str] = if a.name == "walk" {
        &["top", "topdown", "onerror", "followlinks"]
    } else {
        &["name"]
    };
    let s = bind_def(&a, params, 1)?;
    fspath_required(vm, s[0].expect("required"))?;
    Err(no_os(a.name))
}

/// `urandom(size)`: validated, then refused (no OS randomness).
fn urandom(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, &["size"], 1, 1)?;
    let v = s[0].expect("required");
    match vm.as_index(v) {
        Ok(Some(n)) if n < 0 => Err(PyErr::new(
            ExcType::ValueError,
            "negative argument not allowed",
        )),
        Ok(Some(_)) => Err(PyErr::new(
            ExcType::PermissionError,
            "os.urandom() needs OS randomness: no OS access is granted to this sandbox",
        )),
        Ok(None) => Err(PyErr::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            vm.class_name(v)
        ))),
        Err(_) => Err(PyErr::new(
            ExcType::OverflowError,
            "Python int too large to convert to C ssize_t",
        )),
    }
}

/// `fspath(path)`.
fn fspath(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, &["path"], 1, 1)?;
    let v = s[0].expect("required");
    if as_str(&vm.heap, v).is_some() {
        return Ok(v);
    }
    if let Value::Ref(id) = v {
        if matches!(vm.heap.get(id), Obj::Bytes(_)) {
            return Ok(v);
        }
    }
    Ok(match fspath_required(vm, v)? {
        PathArg::Text(t) => vm.new_str(t),
        PathArg::Bytes(b) => vm.new_bytes(b),
        _ => unreachable!("fspath gives text"),
    })
}

/// `getenv(key, default=None)`: looks `key` up in `os.environ`.
fn getenv(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = bind_def(&a, &["key", "default"], 1)?;
    let key = s[0].expect("required");
    let default = s[1].unwrap_or(Value::None);
    let Some(k) = as_str(&vm.heap, key).map(str::to_string) else {
        return Err(PyErr::type_error(format!(
            "str expected, not {}",
            vm.class_name(key)
        )));
    };
    let os = vm.import_module("os")?;
    let environ = vm.get_attr(os, "environ")?;
    if let Value::Ref(id) = environ {
        if let Obj::Dict(d) = vm.heap.get(id) {
            if let Some(v) = d.get_str(&k) {
                return Ok(v);
            }
        }
    }
    Ok(default)
}

fn init(vm: &mut Vm, out: &mut Vec<(String, Value)>) {
    for (k, v) in super::os_path::CONSTANTS {
        let v = vm.new_str(*v);
        out.push(((*k).to_string(), v));
    }
    out.push(("altsep".into(), Value::None));
    for (k, v) in [("name", "posix"), ("linesep", "\n")] {
        let v = vm.new_str(v);
        out.push((k.into(), v));
    }
    let environ = vm.heap.new_value(Obj::Dict(Dict::new()));
    out.push(("environ".into(), environ));
    for (k, v) in [
        ("O_RDONLY", 0),
        ("O_WRONLY", 1),
        ("O_RDWR", 2),
        ("O_CREAT", 0o100),
        ("O_EXCL", 0o200),
        ("O_TRUNC", 0o1000),
        ("O_APPEND", 0o2000),
        ("F_OK", 0),
        ("R_OK", 4),
        ("W_OK", 2),
        ("X_OK", 1),
        ("SEEK_SET", 0),
        ("SEEK_CUR", 1),
        ("SEEK_END", 2),
    ] {
        out.push((k.into(), Value::Int(v)));
    }
    if let Ok(path) = vm.import_module("posixpath") {
        out.push(("path".into(), path));
    }
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "os",
    funcs: natives_table![
        "fspath" => fspath,
        "getenv" => getenv,
        "getcwd" => getcwd,
        "getcwdb" => getcwd,
        "listdir" => listdir,
        "scandir" => listdir,
        "stat" => stat,
        "lstat" => stat,
        "mkdir" => mkdir,
        "makedirs" => makedirs,
        "remove" => remove,
        "unlink" => remove,
        "rmdir" => remove,
        "removedirs" => removedirs,
        "walk" => removedirs,
        "rename" => rename,
        "replace" => rename,
        "chdir" => chdir,
        "open" => open,
        "system" => system,
        "urandom" => urandom,
    ],
    init,
};
