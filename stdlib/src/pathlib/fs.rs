//! The methods of `pathlib.Path` that reach the filesystem, each built on
//! the os calls of `os_calls.rs` (`OS_CALLS.md`): `exists`, `is_file`,
//! `is_dir`, `stat`, `read_text`/`read_bytes`, `write_text`/`write_bytes`,
//! `open`, `iterdir`, `glob`/`rglob`, `walk`, `mkdir`, `touch`, `unlink`,
//! `rmdir`, `rename`/`replace`, `absolute`/`resolve`. The sandbox has no
//! symbolic links, owners or permissions to change: `is_symlink()` is
//! False and the others are refused.

use super::{new_path, path_text, segment, Parsed};
use crate::native::{call_method, has_method, receiver, Method};
use crate::object::{ExcType, ObjId, Value};
use crate::os_calls;
use crate::vm::call::Kwargs;
use crate::vm::{as_str, PyErr, PyResult, Vm};

static METHODS: &[Method] = methods_table![
    exists,
    is_file,
    is_dir,
    is_symlink,
    stat,
    read_text,
    read_bytes,
    write_text,
    write_bytes,
    open,
    iterdir,
    glob,
    rglob,
    walk,
    mkdir,
    touch,
    unlink,
    rmdir,
    rename,
    replace = rename,
    absolute,
    resolve,
];

/// Whether paths have filesystem method `name`.
pub fn has(name: &str) -> bool {
    has_method(METHODS, name)
}

/// Calls filesystem method `name` of path `id`.
pub fn call(
    vm: &mut Vm,
    id: ObjId,
    name: &str,
    args: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Option<Value>> {
    call_method(METHODS, "Path", vm, Value::Ref(id), name, args, kw)
}

fn text_of(vm: &Vm, this: Value) -> String {
    path_text(vm, receiver(this)).to_string()
}

fn flag(vm: &mut Vm, v: Option<Value>) -> PyResult<bool> {
    match v {
        Some(v) => vm.truthy(v),
        None => Ok(false),
    }
}

fn opt_str(vm: &Vm, v: Option<Value>, what: &str) -> PyResult<Option<String>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(v) => as_str(&vm.heap, v)
            .map(|s| Some(s.to_string()))
            .ok_or_else(|| {
                // (pathlib passes them on to open())
                PyErr::type_error(format!(
                    "open() argument '{what}' must be str or None, not {}",
                    vm.class_name(v)
                ))
            }),
    }
}

fn child(vm: &mut Vm, dir: &str, name: &str) -> Value {
    let mut p = Parsed::parse(dir);
    p.join(name);
    new_path(vm, &p)
}

/// `Path.glob` / `Path.rglob` (`glob.rs`).
fn glob_paths(
    vm: &mut Vm,
    this: Value,
    pattern: Value,
    recursive: bool,
    case_sensitive: Option<Value>,
) -> PyResult<Value> {
    let base = text_of(vm, this);
    let pattern = match pattern {
        Value::Int(_) | Value::Bool(_) | Value::Float(_) | Value::None => {
            return Err(PyErr::type_error(format!(
                "_path_splitroot_ex: path should be string, bytes or os.PathLike, not {}",
                vm.class_name(pattern)
            )))
        }
        _ => segment(vm, pattern)?,
    };
    let case_sensitive = match case_sensitive {
        None | Some(Value::None) => None,
        Some(v) => Some(vm.truthy(v)?),
    };
    super::glob::glob_paths(vm, &base, &pattern, recursive, case_sensitive)
}

/// `Path.walk`, as CPython 3.13 writes it: a generator over `os.walk`
/// of the path's text, yielding paths (made by `Vm::snippet_function`;
/// the class makes its name `Path.walk`, as CPython's generator shows).
const WALK_SOURCE: &str = "\
from os import walk

class Path:
    def walk(self, top_down=True, on_error=None, follow_symlinks=False):
        root_dir = str(self)
        for path_str, dirnames, filenames in walk(root_dir, top_down, on_error, follow_symlinks):
            if root_dir == '.':
                path_str = path_str[2:]
            yield type(self)(path_str), dirnames, filenames

path_walk = Path.walk
";

native! {
    /// `Path.exists(*, follow_symlinks=True)`.
    def_method method exists as "Path.exists"(vm, this, *, follow_symlinks?) {
        let p = text_of(vm, this);
        Ok(Value::Bool(os_calls::bool_call(vm, "Path.exists", &p)?))
    }

    /// `Path.is_file(*, follow_symlinks=True)`.
    def_method method is_file as "Path.is_file"(vm, this, *, follow_symlinks?) {
        let p = text_of(vm, this);
        Ok(Value::Bool(os_calls::bool_call(vm, "Path.is_file", &p)?))
    }

    /// `Path.is_dir(*, follow_symlinks=True)`.
    def_method method is_dir as "Path.is_dir"(vm, this, *, follow_symlinks?) {
        let p = text_of(vm, this);
        Ok(Value::Bool(os_calls::bool_call(vm, "Path.is_dir", &p)?))
    }

    /// `Path.is_symlink()`: the sandbox shows no links.
    def_method method is_symlink as "Path.is_symlink"(vm, this) {
        Ok(Value::Bool(false))
    }

    /// `Path.stat(*, follow_symlinks=True)`: an `os.stat_result`.
    def_method method stat as "Path.stat"(vm, this, *, follow_symlinks?) {
        let p = text_of(vm, this);
        stat_result(vm, &p)
    }

    /// `Path.read_bytes()`.
    def_method method read_bytes as "Path.read_bytes"(vm, this) {
        let p = text_of(vm, this);
        let data = os_calls::read_bytes(vm, &p)?;
        Ok(vm.new_bytes(data))
    }

    /// `Path.read_text(encoding=None, errors=None, newline=None)`.
    def_method method read_text as "Path.read_text"(vm, this, encoding?, errors?, newline?) {
        let p = text_of(vm, this);
        let encoding = opt_str(vm, encoding, "encoding")?.unwrap_or_else(|| "utf-8".into());
        let errors = opt_str(vm, errors, "errors")?.unwrap_or_else(|| "strict".into());
        let newline = opt_str(vm, newline, "newline")?;
        let data = os_calls::read_bytes(vm, &p)?;
        let text = crate::builtins::codecs::decode(&data, &encoding, &errors)?;
        let text = match newline {
            None => text.replace("\r\n", "\n").replace('\r', "\n"),
            Some(_) => text,
        };
        Ok(vm.new_str(text))
    }

    /// `Path.write_bytes(data)`: the number of bytes written.
    def_method method write_bytes as "Path.write_bytes"(vm, this, data) {
        let p = text_of(vm, this);
        let bytes = match data {
            Value::Ref(id) => match vm.heap.get(id) {
                crate::object::Obj::Bytes(b) | crate::object::Obj::ByteArray(b) => Some(b.clone()),
                _ => None,
            },
            _ => None,
        };
        let Some(bytes) = bytes else {
            return Err(PyErr::type_error(format!(
                "memoryview: a bytes-like object is required, not '{}'",
                vm.class_name(data)
            )));
        };
        let n = bytes.len() as i64;
        os_calls::write_bytes(vm, &p, bytes, false)?;
        Ok(Value::Int(n))
    }

    /// `Path.write_text(data, encoding=None, errors=None, newline=None)`:
    /// the number of characters written.
    def_method method write_text as "Path.write_text"(vm, this, data, encoding?, errors?, newline?) {
        let p = text_of(vm, this);
        let Some(text) = as_str(&vm.heap, data).map(str::to_string) else {
            return Err(PyErr::type_error(format!(
                "data must be str, not {}",
                vm.class_name(data)
            )));
        };
        let encoding = opt_str(vm, encoding, "encoding")?.unwrap_or_else(|| "utf-8".into());
        let errors = opt_str(vm, errors, "errors")?.unwrap_or_else(|| "strict".into());
        let newline = opt_str(vm, newline, "newline")?;
        let n = text.chars().count() as i64;
        let text = match newline.as_deref() {
            Some("\r\n") => text.replace('\n', "\r\n"),
            Some("\r") => text.replace('\n', "\r"),
            _ => text,
        };
        let bytes = crate::builtins::codecs::encode(&text, &encoding, &errors)?;
        os_calls::write_bytes(vm, &p, bytes, false)?;
        Ok(Value::Int(n))
    }

    /// `Path.open(mode='r', buffering=-1, encoding=None, errors=None,
    /// newline=None)`.
    def_method method open as "Path.open"(vm, this, mode?, buffering?, encoding?, errors?, newline?) {
        // (CPython's Path.open first asks `"b" not in mode`)
        let mode = match mode {
            None => "r".to_string(),
            Some(m) => match as_str(&vm.heap, m) {
                Some(m) => m.to_string(),
                None => {
                    return Err(PyErr::type_error(format!(
                        "argument of type '{}' is not iterable",
                        vm.class_name(m)
                    )))
                }
            },
        };
        let encoding = opt_str(vm, encoding, "encoding")?;
        let errors = opt_str(vm, errors, "errors")?;
        let newline = opt_str(vm, newline, "newline")?;
        crate::file::open_path(vm, this, &mode, encoding, errors, newline)
    }

    /// `Path.iterdir()`: the entries, as paths.
    def_method method iterdir as "Path.iterdir"(vm, this) {
        let p = text_of(vm, this);
        let names = os_calls::list_dir(vm, &p)?;
        let paths: Vec<Value> = names.iter().map(|n| child(vm, &p, n)).collect();
        let l = vm.new_list(paths);
        vm.get_iter(l)
    }

    /// `Path.glob(pattern, *, case_sensitive=None, recurse_symlinks=False)`.
    def_method method glob as "Path.glob"(vm, this, pattern, *, case_sensitive?, recurse_symlinks?) {
        let _ = recurse_symlinks;
        glob_paths(vm, this, pattern, false, case_sensitive)
    }

    /// `Path.rglob(pattern, *, case_sensitive=None, recurse_symlinks=False)`.
    def_method method rglob as "Path.rglob"(vm, this, pattern, *, case_sensitive?, recurse_symlinks?) {
        let _ = recurse_symlinks;
        glob_paths(vm, this, pattern, true, case_sensitive)
    }

    /// `Path.walk(top_down=True, on_error=None, follow_symlinks=False)`:
    /// top-down triples `(dirpath, dirnames, filenames)`.
    def_method method walk as "Path.walk"(vm, this, top_down?, on_error?, follow_symlinks?) {
        let f = vm.snippet_function(WALK_SOURCE, "path_walk")?;
        let kwargs: Vec<(String, Value)> = [
            ("top_down", top_down),
            ("on_error", on_error),
            ("follow_symlinks", follow_symlinks),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k.to_string(), v)))
        .collect();
        vm.call_value(f, vec![this], kwargs)
    }

    /// `Path.mkdir(mode=0o777, parents=False, exist_ok=False)`.
    def_method method mkdir as "Path.mkdir"(vm, this, mode?, parents?, exist_ok?) {
        let p = text_of(vm, this);
        let parents = flag(vm, parents)?;
        let exist_ok = flag(vm, exist_ok)?;
        let kwargs = vec![
            ("parents".to_string(), Value::Bool(parents)),
            ("exist_ok".to_string(), Value::Bool(exist_ok)),
        ];
        os_calls::on_path(vm, "Path.mkdir", &p, Vec::new(), kwargs)?;
        Ok(Value::None)
    }

    /// `Path.touch(mode=0o666, exist_ok=True)`.
    def_method method touch as "Path.touch"(vm, this, mode?, exist_ok?) {
        let p = text_of(vm, this);
        let exist_ok = match exist_ok {
            Some(v) => vm.truthy(v)?,
            None => true,
        };
        if os_calls::bool_call(vm, "Path.exists", &p)? {
            if !exist_ok {
                let e = vm.os_error(ExcType::FileExistsError, 17, "File exists", &p);
                return Err(PyErr::Raise(e));
            }
            return Ok(Value::None);
        }
        os_calls::write_bytes(vm, &p, Vec::new(), true)?;
        Ok(Value::None)
    }

    /// `Path.unlink(missing_ok=False)`.
    def_method method unlink as "Path.unlink"(vm, this, missing_ok?) {
        let p = text_of(vm, this);
        let missing_ok = flag(vm, missing_ok)?;
        match os_calls::on_path(vm, "Path.unlink", &p, Vec::new(), Vec::new()) {
            Ok(_) => Ok(Value::None),
            Err(PyErr::Raise(e)) if missing_ok && os_calls::is_error(vm, e, ExcType::FileNotFoundError) => {
                Ok(Value::None)
            }
            Err(e) => Err(e),
        }
    }

    /// `Path.rmdir()`.
    def_method method rmdir as "Path.rmdir"(vm, this) {
        let p = text_of(vm, this);
        os_calls::on_path(vm, "Path.rmdir", &p, Vec::new(), Vec::new())?;
        Ok(Value::None)
    }

    /// `Path.rename(target)` (and `replace`): the new path.
    def_method method rename as "Path.rename"(vm, this, target) {
        let p = text_of(vm, this);
        let t = segment(vm, target)?;
        os_calls::on_paths(vm, "Path.rename", &p, &t)?;
        Ok(new_path(vm, &Parsed::parse(&t)))
    }

    /// `Path.absolute()`: from the sandbox's working directory.
    def_method method absolute as "Path.absolute"(vm, this) {
        let p = text_of(vm, this);
        let mut q = Parsed::parse(&os_calls::cwd(vm));
        q.join(&p);
        Ok(new_path(vm, &q))
    }

    /// `Path.resolve(strict=False)`: absolute and normalized (no links).
    def_method method resolve as "Path.resolve"(vm, this, strict?) {
        let p = text_of(vm, this);
        let r = os_calls::sandbox_path(vm, &p);
        Ok(new_path(vm, &Parsed::parse(&r)))
    }
}

/// An `os.stat_result` for `path`.
pub fn stat_result(vm: &mut Vm, path: &str) -> PyResult<Value> {
    let s = os_calls::stat(vm, path)?;
    let values = vec![
        Value::Int(s.mode),
        Value::Int(0),
        Value::Int(0),
        Value::Int(1),
        Value::Int(0),
        Value::Int(0),
        Value::Int(s.size),
        Value::Float(s.mtime),
        Value::Float(s.mtime),
        Value::Float(s.mtime),
    ];
    Ok(crate::structseq::new(
        vm,
        crate::structseq::SeqKind::StatResult,
        values,
    ))
}
