//! `os`: the POSIX constants (`sep`, `linesep`, `name`, ...), `fspath`,
//! an empty `environ` with `getenv`, and the functions that would touch
//! the operating system (`listdir`, `stat`, `mkdir`, `remove`, `system`,
//! ...). The sandbox grants no OS access, so those validate their
//! arguments exactly as CPython's argument clinic does (same messages, same
//! order) and then raise `PermissionError`; an int path is a file
//! descriptor, and the sandbox has none open, so it fails with `EBADF`.
//! `os.path` lives in [`super::os_path`].

use super::ModuleDef;
use crate::object::{ExcType, Obj, Value};
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
            Obj::Native(n) => {
                if let Some(super::objects::NativeObj::Path(p)) = n.downcast_ref() {
                    return Ok(Some(PathArg::Text(p.clone())));
                }
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
        let nul = match &p {
            PathArg::Text(t) => t.contains('\0'),
            PathArg::Bytes(b) => b.contains(&0),
            _ => false,
        };
        if nul {
            return Err(PyErr::value_error(format!(
                "{func}: embedded null character in {arg}"
            )));
        }
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

/// The text of a path argument the os calls take (`None`: an fd).
fn text_of(p: &PathArg) -> Option<String> {
    match p {
        PathArg::Text(t) => Some(t.clone()),
        PathArg::Bytes(b) => Some(String::from_utf8_lossy(b).into_owned()),
        PathArg::Absent => Some(".".into()),
        PathArg::Fd(_) => None,
    }
}

/// `listdir`/`scandir(path=None)` (neither of an fd: none is open).
fn listdir_of(vm: &mut Vm, func: &str, path: Option<Value>) -> PyResult<Value> {
    let p = path_arg(vm, func, "path", path, true, true)?;
    match text_of(&p) {
        Some(_) if func == "scandir" => super::os_dir::scandir(vm, &p),
        Some(t) => {
            let bytes = matches!(p, PathArg::Bytes(_));
            let names = super::os_calls::list_dir(vm, &t)?;
            let names: Vec<Value> = names
                .into_iter()
                .map(|n| {
                    if bytes {
                        vm.new_bytes(n.into_bytes())
                    } else {
                        vm.new_str(n)
                    }
                })
                .collect();
            Ok(vm.new_list(names))
        }
        _ => Err(refuse(func, &p, false)),
    }
}

/// `stat`/`lstat(path, *, dir_fd=None, follow_symlinks=True)` (only `stat`
/// takes an fd).
fn stat_of(vm: &mut Vm, func: &str, path: Value, dir_fd: Option<Value>) -> PyResult<Value> {
    let p = path_arg(vm, func, "path", Some(path), func == "stat", false)?;
    dir_fd_arg(vm, dir_fd)?;
    match text_of(&p) {
        Some(t) => super::pathlib::stat_result(vm, &t),
        None => Err(refuse(func, &p, true)),
    }
}

/// `remove`/`unlink`/`rmdir(path, *, dir_fd=None)`.
fn remove_of(vm: &mut Vm, func: &str, path: Value, dir_fd: Option<Value>) -> PyResult<Value> {
    let p = path_arg(vm, func, "path", Some(path), false, false)?;
    dir_fd_arg(vm, dir_fd)?;
    let Some(t) = text_of(&p) else {
        return Err(refuse(func, &p, true));
    };
    let call = if func == "rmdir" {
        "Path.rmdir"
    } else {
        "Path.unlink"
    };
    super::os_calls::on_path(vm, call, &t, Vec::new(), Vec::new())?;
    Ok(Value::None)
}

/// `os.mkdir`/`os.makedirs` of a path.
fn make_dir(vm: &mut Vm, path: &str, parents: bool, exist_ok: bool) -> PyResult<Value> {
    let kwargs = vec![
        ("parents".to_string(), Value::Bool(parents)),
        ("exist_ok".to_string(), Value::Bool(exist_ok)),
    ];
    super::os_calls::on_path(vm, "Path.mkdir", path, Vec::new(), kwargs)?;
    Ok(Value::None)
}

/// `rename`/`replace(src, dst, *, src_dir_fd=None, dst_dir_fd=None)`.
fn rename_of(
    vm: &mut Vm,
    func: &str,
    src: Value,
    dst: Value,
    fds: [Option<Value>; 2],
) -> PyResult<Value> {
    let s = path_arg(vm, func, "src", Some(src), false, false)?;
    let d = path_arg(vm, func, "dst", Some(dst), false, false)?;
    dir_fd_arg(vm, fds[0])?;
    dir_fd_arg(vm, fds[1])?;
    let (Some(s), Some(d)) = (text_of(&s), text_of(&d)) else {
        return Err(no_os(func));
    };
    super::os_calls::on_paths(vm, "Path.rename", &s, &d)?;
    Ok(Value::None)
}

native! {
    /// `os.listdir(path=None)`.
    clinic fn listdir(vm, path?) {
        listdir_of(vm, "listdir", path)
    }

    /// `os.scandir(path=None)`.
    clinic fn scandir(vm, path?) {
        listdir_of(vm, "scandir", path)
    }

    /// `os.stat(path, *, dir_fd=None, follow_symlinks=True)`.
    clinic fn stat(vm, path, *, dir_fd?, follow_symlinks?) {
        stat_of(vm, "stat", path, dir_fd)
    }

    /// `os.lstat(path, *, dir_fd=None)`.
    clinic fn lstat(vm, path, *, dir_fd?, follow_symlinks?) {
        stat_of(vm, "lstat", path, dir_fd)
    }

    /// `os.mkdir(path, mode=0o777, *, dir_fd=None)`.
    clinic fn mkdir(vm, path, mode?, *, dir_fd?) {
        let p = path_arg(vm, "mkdir", "path", Some(path), false, false)?;
        c_int_arg(vm, mode)?;
        dir_fd_arg(vm, dir_fd)?;
        match text_of(&p) {
            Some(t) => make_dir(vm, &t, false, false),
            None => Err(refuse("mkdir", &p, true)),
        }
    }

    /// `os.remove(path, *, dir_fd=None)`.
    clinic fn remove(vm, path, *, dir_fd?) {
        remove_of(vm, "remove", path, dir_fd)
    }

    /// `os.unlink(path, *, dir_fd=None)`.
    clinic fn unlink(vm, path, *, dir_fd?) {
        remove_of(vm, "unlink", path, dir_fd)
    }

    /// `os.rmdir(path, *, dir_fd=None)`.
    clinic fn rmdir(vm, path, *, dir_fd?) {
        remove_of(vm, "rmdir", path, dir_fd)
    }

    /// `os.rename(src, dst, *, src_dir_fd=None, dst_dir_fd=None)`.
    clinic fn rename(vm, src, dst, *, src_dir_fd?, dst_dir_fd?) {
        rename_of(vm, "rename", src, dst, [src_dir_fd, dst_dir_fd])
    }

    /// `os.replace(src, dst, *, src_dir_fd=None, dst_dir_fd=None)`.
    clinic fn replace(vm, src, dst, *, src_dir_fd?, dst_dir_fd?) {
        rename_of(vm, "replace", src, dst, [src_dir_fd, dst_dir_fd])
    }

    /// `os.chdir(path)` (an fd allowed, though none is open): the
    /// directory becomes the working directory relative paths start from
    /// (run state, `os_calls::cwd`).
    clinic fn chdir(vm, path) {
        let p = path_arg(vm, "chdir", "path", Some(path), true, false)?;
        let Some(t) = text_of(&p) else {
            return Err(refuse("chdir", &p, true));
        };
        if t.is_empty() {
            return Err(super::os_calls::empty_path(vm));
        }
        let st = super::os_calls::stat(vm, &t)?;
        if st.mode & 0o170000 != 0o040000 {
            let e = vm.os_error(ExcType::NotADirectoryError, 20, "Not a directory", &t);
            return Err(PyErr::Raise(e));
        }
        let dir = super::os_calls::sandbox_path(vm, &t);
        super::os_calls::set_cwd(vm, &dir);
        Ok(Value::None)
    }

    /// `os.open(path, flags, mode=0o777, *, dir_fd=None)`.
    clinic fn open(vm, path, flags, mode?, *, dir_fd?) {
        let p = path_arg(vm, "open", "path", Some(path), false, false)?;
        c_int_arg(vm, Some(flags))?;
        c_int_arg(vm, mode)?;
        dir_fd_arg(vm, dir_fd)?;
        Err(refuse("open", &p, true))
    }

    /// `os.system(command)`.
    clinic fn system(vm, command) {
        fspath_required(vm, command)?;
        Err(no_os("system"))
    }

    /// `os.getcwd()`: the sandbox's working directory.
    builtin fn getcwd in "posix" (vm) {
        let cwd = super::os_calls::cwd(vm);
        Ok(vm.new_str(cwd))
    }

    /// `os.getcwdb()`.
    builtin fn getcwdb in "posix" (vm) {
        let cwd = super::os_calls::cwd(vm);
        Ok(vm.new_bytes(cwd.into_bytes()))
    }

    /// `os.makedirs(name, mode=0o777, exist_ok=False)`.
    def fn makedirs(vm, name, mode?, exist_ok?) {
        let p = fspath_required(vm, name)?;
        c_int_arg(vm, mode)?;
        let exist_ok = match exist_ok {
            Some(v) => vm.truthy(v)?,
            None => false,
        };
        match text_of(&p) {
            Some(t) => make_dir(vm, &t, true, exist_ok),
            None => Err(no_os("makedirs")),
        }
    }

    /// `os.removedirs(name)`.
    def fn removedirs(vm, name) {
        fspath_required(vm, name)?;
        Err(no_os("removedirs"))
    }

    /// `os.walk(top, topdown=True, onerror=None, followlinks=False)`: a
    /// generator (`os_dir`).
    def fn walk(vm, top, topdown?, onerror?, followlinks?) {
        let args = vec![top];
        let mut kwargs = Vec::new();
        for (k, v) in [("topdown", topdown), ("onerror", onerror), ("followlinks", followlinks)] {
            if let Some(v) = v {
                kwargs.push((k.to_string(), v));
            }
        }
        super::os_dir::walk(vm, args, kwargs)
    }

    /// `os.urandom(size, /)`: validated, then refused (no OS randomness).
    builtin fn urandom in "posix" (vm, size, /) {
        match vm.as_index(size) {
            Ok(Some(n)) if n < 0 => Err(PyErr::new(
                ExcType::ValueError,
                "negative argument not allowed",
            )),
            Ok(Some(n)) => {
                let v = vm.os_call("os.urandom", vec![Value::Int(n)], Vec::new())?;
                match v {
                    Value::Ref(id) if matches!(vm.heap.get(id), Obj::Bytes(b) if b.len() as i64 == n) => Ok(v),
                    _ => Err(PyErr::new(
                        ExcType::RuntimeError,
                        "the host answered the os call os.urandom with something other than bytes of the size asked",
                    )),
                }
            }
            Ok(None) => Err(PyErr::type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                vm.class_name(size)
            ))),
            Err(_) => Err(PyErr::new(
                ExcType::OverflowError,
                "Python int too large to convert to C ssize_t",
            )),
        }
    }

    /// `os.fspath(path)`.
    clinic fn fspath(vm, path) {
        if as_str(&vm.heap, path).is_some() {
            return Ok(path);
        }
        if let Value::Ref(id) = path {
            if matches!(vm.heap.get(id), Obj::Bytes(_)) {
                return Ok(path);
            }
        }
        Ok(match fspath_required(vm, path)? {
            PathArg::Text(t) => vm.new_str(t),
            PathArg::Bytes(b) => vm.new_bytes(b),
            _ => unreachable!("fspath gives text"),
        })
    }

    /// `os.getenv(key, default=None)`: looks `key` up in `os.environ`.
    def fn getenv(vm, key, default?) {
        let default = default.unwrap_or(Value::None);
        let Some(k) = as_str(&vm.heap, key).map(str::to_string) else {
            return Err(PyErr::type_error(format!(
                "str expected, not {}",
                vm.class_name(key)
            )));
        };
        let os = vm.import_module("os")?;
        let environ = vm.get_attr(os, "environ")?;
        let key = vm.new_str(k);
        super::os_environ::getenv(vm, environ, key, default)
    }
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
    let environ = super::os_environ::new(vm);
    out.push(("environ".into(), environ));
    if let Ok(classes) = super::os_dir::classes(vm, &MODULE) {
        out.extend(classes);
    }
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
        fspath,
        getenv,
        getcwd,
        getcwdb,
        listdir,
        scandir,
        stat,
        lstat,
        mkdir,
        makedirs,
        remove,
        unlink,
        rmdir,
        removedirs,
        walk,
        rename,
        replace,
        chdir,
        open,
        system,
        urandom,
        _dir_entry_init = super::os_dir::_dir_entry_init,
        _dir_entry_repr = super::os_dir::_dir_entry_repr,
        _dir_entry_fspath = super::os_dir::_dir_entry_fspath,
        _dir_entry_setattr = super::os_dir::_dir_entry_setattr,
        _dir_entry_getattr = super::os_dir::_dir_entry_getattr,
        _dir_entry_is_dir = super::os_dir::_dir_entry_is_dir,
        _dir_entry_is_file = super::os_dir::_dir_entry_is_file,
        _dir_entry_is_symlink = super::os_dir::_dir_entry_is_symlink,
        _dir_entry_is_junction = super::os_dir::_dir_entry_is_junction,
        _dir_entry_stat = super::os_dir::_dir_entry_stat,
        _dir_entry_inode = super::os_dir::_dir_entry_inode,
        _scandir_iter = super::os_dir::_scandir_iter,
        _scandir_next = super::os_dir::_scandir_next,
        _scandir_close = super::os_dir::_scandir_close,
        _scandir_exit = super::os_dir::_scandir_exit,
    ],
    init,
};
