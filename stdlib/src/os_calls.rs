//! The guest side of os calls (`OS_CALLS.md`): the few operations of the
//! outside world the host answers (`Path.read_bytes`, `Path.iterdir`,
//! `os.getenv`, `time.time`, ...), each a pause of the run like a tool
//! call. `pathlib`, `os`, `os.path`, `open()`, `time` and `datetime` build
//! on these.
//!
//! Paths are sent absolute and lexically normalized from the sandbox's
//! working directory (`/`); a failed call on a path raises CPython's
//! exception for it (`FileNotFoundError: [Errno 2] No such file or
//! directory: 'data.csv'`, naming the path as the program wrote it).

use crate::object::{ExcType, Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// The working directory a run starts in.
pub const ROOT: &str = "/";

/// The hidden global (`Vm::hidden_global`) holding the working directory
/// `os.chdir` set, so a snapshot carries it.
const CWD_SLOT: &str = "<cwd>";

/// The sandbox's working directory: absolute and normalized.
pub fn cwd(vm: &Vm) -> String {
    vm.hidden_global(CWD_SLOT)
        .and_then(|v| as_str(&vm.heap, v).map(str::to_string))
        .unwrap_or_else(|| ROOT.to_string())
}

/// Makes `path` (absolute and normalized) the working directory.
pub fn set_cwd(vm: &mut Vm, path: &str) {
    let v = vm.new_str(path);
    vm.set_hidden_global(CWD_SLOT, v);
}

/// `text` as the absolute, lexically normalized path sent to the host.
pub fn sandbox_path(vm: &Vm, text: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    let joined;
    let full = if text.starts_with('/') {
        text
    } else {
        joined = format!("{}/{text}", cwd(vm));
        &joined
    };
    for seg in full.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    format!("/{}", parts.join("/"))
}

/// The error of an os call on the empty path, which names no file
/// (`FileNotFoundError: [Errno 2] No such file or directory: ''`); the
/// guest answers it without asking the host.
pub fn empty_path(vm: &mut Vm) -> PyErr {
    let e = vm.os_error(
        ExcType::FileNotFoundError,
        2,
        "No such file or directory",
        "",
    );
    PyErr::Raise(e)
}

/// Refuses a path the host must never see (a NUL byte), as CPython does.
fn check_path(text: &str) -> PyResult<()> {
    if text.contains('\0') {
        return Err(PyErr::value_error("embedded null byte"));
    }
    Ok(())
}

/// The os call `function` on `path` (as the program wrote it) with `rest`
/// arguments; an `OSError` from the host names `path`.
///
/// # Errors
/// The host's error, or `ValueError` for a path with a NUL byte.
pub fn on_path(
    vm: &mut Vm,
    function: &str,
    path: &str,
    rest: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> PyResult<Value> {
    check_path(path)?;
    let p = sandbox_path(vm, path);
    let p = vm.new_str(p);
    let mut args = vec![p];
    args.extend(rest);
    vm.os_call(function, args, kwargs)
        .map_err(|e| name_path(vm, e, path, None))
}

/// The os call `function` on two paths (`Path.rename`).
///
/// # Errors
/// As [`on_path`].
pub fn on_paths(vm: &mut Vm, function: &str, src: &str, dst: &str) -> PyResult<Value> {
    check_path(src)?;
    check_path(dst)?;
    let (s, d) = (sandbox_path(vm, src), sandbox_path(vm, dst));
    let (s, d) = (vm.new_str(s), vm.new_str(d));
    vm.os_call(function, vec![s, d], Vec::new())
        .map_err(|e| name_path(vm, e, src, Some(dst)))
}

/// Fills in `filename` (and `filename2`) of an os error from the host.
fn name_path(vm: &mut Vm, e: PyErr, path: &str, path2: Option<&str>) -> PyErr {
    let PyErr::Raise(exc) = e else { return e };
    let Value::Ref(id) = exc else { return e };
    let is_os = matches!(vm.heap.get(id), Obj::Exception(x)
        if x.kind.is_subclass_of(ExcType::OSError) && x.attrs.get_str("errno").is_some()
            && x.attrs.get_str("filename").is_none());
    if is_os {
        let mut names = vec![("filename", path)];
        names.extend(path2.map(|p2| ("filename2", p2)));
        for (attr, p) in names {
            let key = vm.new_str(attr);
            let v = vm.new_str(p);
            if let Obj::Exception(x) = vm.heap.get_mut(id) {
                x.attrs
                    .insert(crate::object::HashKey::Str(attr.into()), key, v);
            }
        }
    }
    PyErr::Raise(exc)
}

/// Whether exception `e` is a `kind` (or a subclass): what callers of
/// the os calls check to treat a refusal as an answer.
pub fn is_error(vm: &Vm, e: Value, kind: ExcType) -> bool {
    matches!(e, Value::Ref(id) if matches!(vm.heap.get(id),
        Obj::Exception(x) if x.kind.is_subclass_of(kind)))
}

/// A bool answer.
pub fn bool_call(vm: &mut Vm, function: &str, path: &str) -> PyResult<bool> {
    let v = on_path(vm, function, path, Vec::new(), Vec::new())?;
    vm.truthy(v)
}

/// `Path.read_bytes`: the file's bytes.
pub fn read_bytes(vm: &mut Vm, path: &str) -> PyResult<Vec<u8>> {
    let v = on_path(vm, "Path.read_bytes", path, Vec::new(), Vec::new())?;
    match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Bytes(b) => Ok(b.clone()),
            _ => Err(bad_answer("Path.read_bytes", "bytes")),
        },
        _ => Err(bad_answer("Path.read_bytes", "bytes")),
    }
}

/// `Path.write_bytes` (or `Path.append_bytes`): how many bytes were written.
pub fn write_bytes(vm: &mut Vm, path: &str, data: Vec<u8>, append: bool) -> PyResult<Value> {
    let function = if append {
        "Path.append_bytes"
    } else {
        "Path.write_bytes"
    };
    let d = vm.new_bytes(data);
    on_path(vm, function, path, vec![d], Vec::new())
}

/// What a file open for writing sends when flushed or closed: its whole
/// content (or, appending, what was written since) to the absolute `path`
/// it was opened at. A failure is CPython's error writing a file, which
/// names none (`OSError: [Errno 28] No space left on device`).
pub fn write_open_file(vm: &mut Vm, path: &str, data: Vec<u8>, append: bool) -> PyResult<()> {
    let function = if append {
        "Path.append_bytes"
    } else {
        "Path.write_bytes"
    };
    let (p, d) = (vm.new_str(path), vm.new_bytes(data));
    vm.os_call(function, vec![p, d], Vec::new())?;
    Ok(())
}

/// `Path.iterdir`: the entry names of a directory, sorted (hosts answer
/// in any order; sorting keeps runs reproducible).
pub fn list_dir(vm: &mut Vm, path: &str) -> PyResult<Vec<String>> {
    let v = on_path(vm, "Path.iterdir", path, Vec::new(), Vec::new())?;
    let items = match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::List(items) => items.to_vec(),
            Obj::Tuple(items) => items.clone(),
            _ => return Err(bad_answer("Path.iterdir", "a list of names")),
        },
        _ => return Err(bad_answer("Path.iterdir", "a list of names")),
    };
    let mut names = Vec::with_capacity(items.len());
    for i in items {
        match as_str(&vm.heap, i) {
            Some(s) if !s.is_empty() && !s.contains('/') && s != "." && s != ".." => {
                names.push(s.to_string())
            }
            _ => return Err(bad_answer("Path.iterdir", "entry names")),
        }
    }
    names.sort();
    Ok(names)
}

/// What `Path.stat` answers: size, modification time, mode.
pub struct Stat {
    pub size: i64,
    pub mtime: f64,
    pub mode: i64,
}

/// `Path.stat`.
pub fn stat(vm: &mut Vm, path: &str) -> PyResult<Stat> {
    let v = on_path(vm, "Path.stat", path, Vec::new(), Vec::new())?;
    let field = |vm: &mut Vm, k: &str| -> Value {
        match v {
            Value::Ref(id) => match vm.heap.get(id) {
                Obj::Dict(d) => d.get_str(k).unwrap_or(Value::None),
                _ => Value::None,
            },
            _ => Value::None,
        }
    };
    let size = match field(vm, "st_size") {
        Value::Int(n) => n,
        _ => return Err(bad_answer("Path.stat", "a dict with int st_size")),
    };
    let mtime = match field(vm, "st_mtime") {
        Value::Int(n) => n as f64,
        Value::Float(f) => f,
        _ => 0.0,
    };
    let mode = match field(vm, "st_mode") {
        Value::Int(n) => n,
        _ => 0o100644,
    };
    Ok(Stat { size, mtime, mode })
}

/// `time.time`: seconds since the Unix epoch, from the host.
pub fn time(vm: &mut Vm) -> PyResult<f64> {
    match vm.os_call("time.time", Vec::new(), Vec::new())? {
        Value::Float(f) if f.is_finite() => Ok(f),
        Value::Int(n) => Ok(n as f64),
        _ => Err(bad_answer("time.time", "a float")),
    }
}

/// The error for an answer of the wrong shape.
fn bad_answer(function: &str, want: &str) -> PyErr {
    PyErr::new(
        ExcType::RuntimeError,
        format!("the host answered the os call {function} with something other than {want}"),
    )
}
