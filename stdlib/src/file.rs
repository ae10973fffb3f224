//! `open()`: file objects over os calls (`OS_CALLS.md`).
//!
//! A file is guest state, never a host handle: opening for reading reads
//! the whole file (`Path.read_bytes`) into an in-memory `StringIO` or
//! `BytesIO`, which serves every read; writes go to that buffer and reach
//! the host on `flush()`/`close()` (the end of a `with` block), as one
//! `Path.write_bytes` of the whole content (`w`, `x`, `r+`, `w+`) or one
//! `Path.append_bytes` of what was written since (`a`). So a run paused
//! with a file open snapshots it as plain data and resumes with it. A file
//! the program never closes is closed when the run ends (`at_exit.rs` in
//! the core), so its writes reach the host as in CPython, but only then:
//! CPython closes it as soon as its last reference goes away.

use serde::{Deserialize, Serialize};

use super::io::data::{ByteBuf, Newline, TextBuf};
use super::objects::NativeObj;
use crate::builtins::Args;
use crate::object::{ExcType, Obj, ObjId, Value};
use crate::vm::call::Kwargs;
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// An open file's state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FileData {
    /// The path as the program gave it (`f.name`).
    pub name: String,
    /// The absolute sandbox path it named when opened (where writes go,
    /// whatever `os.chdir` does after).
    pub path: String,
    /// The mode as given (`f.mode`).
    pub mode: String,
    pub readable: bool,
    pub writable: bool,
    pub append: bool,
    /// The `StringIO` or `BytesIO` holding the content.
    pub inner: Value,
    pub encoding: String,
    pub errors: String,
    pub closed: bool,
    /// Whether something was written since the last flush.
    pub dirty: bool,
}

struct Mode {
    readable: bool,
    writable: bool,
    append: bool,
    create_new: bool,
    truncate: bool,
    binary: bool,
}

fn parse_mode(mode: &str) -> PyResult<Mode> {
    let invalid = || PyErr::value_error(format!("invalid mode: '{mode}'"));
    let mut seen = String::new();
    for c in mode.chars() {
        if !"rwxabt+".contains(c) || seen.contains(c) {
            return Err(invalid());
        }
        seen.push(c);
    }
    let kinds = ['r', 'w', 'x', 'a']
        .iter()
        .filter(|c| seen.contains(**c))
        .count();
    if kinds != 1 {
        return Err(PyErr::value_error(
            "must have exactly one of create/read/write/append mode",
        ));
    }
    if seen.contains('b') && seen.contains('t') {
        return Err(PyErr::value_error(
            "can't have text and binary mode at once",
        ));
    }
    let plus = seen.contains('+');
    Ok(Mode {
        readable: seen.contains('r') || plus,
        writable: !seen.contains('r') || plus,
        append: seen.contains('a'),
        create_new: seen.contains('x'),
        truncate: seen.contains('w'),
        binary: seen.contains('b'),
    })
}

/// The text of a path argument (str, bytes or a path-like object).
fn path_of(vm: &mut Vm, file: Value) -> PyResult<String> {
    if let Value::Int(_) | Value::Bool(_) = file {
        return Err(PyErr::new(
            ExcType::OSError,
            "[Errno 9] Bad file descriptor",
        ));
    }
    match super::os::fspath_of(vm, file)? {
        Some(super::os::PathArg::Text(t)) => Ok(t),
        Some(super::os::PathArg::Bytes(b)) => Ok(String::from_utf8_lossy(&b).into_owned()),
        _ => Err(PyErr::type_error(format!(
            "expected str, bytes or os.PathLike object, not {}",
            vm.class_name(file)
        ))),
    }
}

fn opt_str(vm: &Vm, v: Option<Value>, what: &str) -> PyResult<Option<String>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(v) => match as_str(&vm.heap, v) {
            Some(s) => Ok(Some(s.to_string())),
            None => Err(PyErr::type_error(format!(
                "{what}() argument must be str or None, not {}",
                vm.class_name(v)
            ))),
        },
    }
}

/// `open(file, mode='r', buffering=-1, encoding=None, errors=None,
/// newline=None, closefd=True, opener=None)`.
pub fn open(vm: &mut Vm, a: Args) -> PyResult<Value> {
    a.check_keywords(&[
        "file",
        "mode",
        "buffering",
        "encoding",
        "errors",
        "newline",
        "closefd",
        "opener",
    ])?;
    if a.pos.len() > 8 {
        return Err(PyErr::type_error(format!(
            "open() takes at most 8 arguments ({} given)",
            a.pos.len()
        )));
    }
    let Some(file) = a.get(0, "file") else {
        return Err(PyErr::type_error(
            "open() missing required argument 'file' (pos 1)",
        ));
    };
    let mode_text = opt_str(vm, a.get(1, "mode"), "open")?.unwrap_or_else(|| "r".into());
    let encoding = opt_str(vm, a.get(3, "encoding"), "open")?;
    let errors = opt_str(vm, a.get(4, "errors"), "open")?;
    let newline = opt_str(vm, a.get(5, "newline"), "open")?;
    open_path(vm, file, &mode_text, encoding, errors, newline)
}

/// Opens `file` (what `open()` and `Path.open()` share).
pub fn open_path(
    vm: &mut Vm,
    file: Value,
    mode_text: &str,
    encoding: Option<String>,
    errors: Option<String>,
    newline: Option<String>,
) -> PyResult<Value> {
    let mode = parse_mode(mode_text)?;
    if mode.binary && encoding.is_some() {
        return Err(PyErr::value_error(
            "binary mode doesn't take an encoding argument",
        ));
    }
    if mode.binary && errors.is_some() {
        return Err(PyErr::value_error(
            "binary mode doesn't take an errors argument",
        ));
    }
    if mode.binary && newline.is_some() {
        return Err(PyErr::value_error(
            "binary mode doesn't take a newline argument",
        ));
    }
    if let Some(nl) = &newline {
        if !["", "\n", "\r", "\r\n"].contains(&nl.as_str()) {
            return Err(PyErr::value_error(format!(
                "illegal newline value: {}",
                crate::vm::repr::str_repr(nl)
            )));
        }
    }
    let name = path_of(vm, file)?;
    let encoding = encoding.unwrap_or_else(|| "utf-8".into());
    let errors = errors.unwrap_or_else(|| "strict".into());
    // the open-time effect: read, create, truncate or check
    let content = if mode.readable && !mode.truncate && !mode.append && !mode.create_new {
        super::os_calls::read_bytes(vm, &name)?
    } else {
        if mode.create_new && super::os_calls::bool_call(vm, "Path.exists", &name)? {
            let e = vm.os_error(ExcType::FileExistsError, 17, "File exists", &name);
            return Err(PyErr::Raise(e));
        }
        super::os_calls::write_bytes(vm, &name, Vec::new(), mode.append)?;
        Vec::new()
    };
    let inner = if mode.binary {
        vm.heap
            .new_value(Obj::Native(NativeObj::BytesIO(Box::new(ByteBuf {
                buf: content,
                pos: 0,
                closed: false,
            }))))
    } else {
        let text = crate::builtins::codecs::decode(&content, &encoding, &errors)?;
        let text = match newline.as_deref() {
            None => text.replace("\r\n", "\n").replace('\r', "\n"),
            _ => text,
        };
        let newline = match newline.as_deref() {
            Some("\r") => Newline::Cr,
            Some("\r\n") => Newline::CrLf,
            Some("") => Newline::Untranslated,
            _ => Newline::Lf,
        };
        vm.heap
            .new_value(Obj::Native(NativeObj::StringIO(Box::new(TextBuf {
                buf: text.chars().collect(),
                pos: 0,
                closed: false,
                newline,
            }))))
    };
    if mode.writable {
        // (after the os calls above: a pause in them runs this native code
        // again, and its journal expects the same calls in the same order)
        vm.prepare_at_exit()?;
    }
    let path = super::os_calls::sandbox_path(vm, &name);
    Ok(vm
        .heap
        .new_value(Obj::Native(NativeObj::File(Box::new(FileData {
            name,
            path,
            mode: mode_text.to_string(),
            readable: mode.readable,
            writable: mode.writable,
            append: mode.append,
            inner,
            encoding,
            errors,
            closed: false,
            dirty: false,
        })))))
}

fn data(vm: &Vm, id: ObjId) -> &FileData {
    match vm.heap.get(id) {
        Obj::Native(NativeObj::File(f)) => f,
        _ => unreachable!("a file"),
    }
}

fn data_mut(vm: &mut Vm, id: ObjId) -> &mut FileData {
    match vm.heap.get_mut(id) {
        Obj::Native(NativeObj::File(f)) => f,
        _ => unreachable!("a file"),
    }
}

fn is_binary(vm: &Vm, id: ObjId) -> bool {
    let inner = data(vm, id).inner;
    matches!(inner, Value::Ref(i) if matches!(vm.heap.get(i), Obj::Native(NativeObj::BytesIO(_))))
}

fn unsupported(what: &str) -> PyErr {
    PyErr::new(ExcType::OSError, what.to_string())
}

/// Sends what was written to the host, if anything.
fn flush(vm: &mut Vm, id: ObjId) -> PyResult<()> {
    let f = data(vm, id);
    if !f.dirty || f.closed {
        return Ok(());
    }
    let (inner, path, append) = (f.inner, f.path.clone(), f.append);
    let (encoding, errors) = (f.encoding.clone(), f.errors.clone());
    let Value::Ref(iid) = inner else {
        unreachable!("a buffer")
    };
    let bytes = match vm.heap.get(iid) {
        Obj::Native(NativeObj::BytesIO(b)) => b.buf.clone(),
        Obj::Native(NativeObj::StringIO(t)) => {
            let text: String = t.buf.iter().collect();
            crate::builtins::codecs::encode(&text, &encoding, &errors)?
        }
        _ => unreachable!("a buffer"),
    };
    // (as CPython's, an error writing an open file names no file)
    super::os_calls::write_open_file(vm, &path, bytes, append)?;
    // (after the os call: a run again after the pause does this once)
    if append {
        // appended: the buffer starts over
        match vm.heap.get_mut(iid) {
            Obj::Native(NativeObj::BytesIO(b)) => {
                b.buf.clear();
                b.pos = 0;
            }
            Obj::Native(NativeObj::StringIO(t)) => {
                t.buf.clear();
                t.pos = 0;
            }
            _ => {}
        }
    }
    data_mut(vm, id).dirty = false;
    Ok(())
}

fn check_open(vm: &Vm, id: ObjId) -> PyResult<()> {
    if data(vm, id).closed {
        return Err(PyErr::value_error("I/O operation on closed file."));
    }
    Ok(())
}

/// The methods a file has.
const METHODS: &[&str] = &[
    "read",
    "readline",
    "readlines",
    "write",
    "writelines",
    "seek",
    "tell",
    "flush",
    "close",
    "readable",
    "writable",
    "seekable",
    "isatty",
    "fileno",
    "truncate",
    "__enter__",
    "__exit__",
    "__iter__",
    "__next__",
];

/// Calls method `name` of file `id`.
fn call_method(
    vm: &mut Vm,
    id: ObjId,
    name: &str,
    args: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Option<Value>> {
    match name {
        "close" => {
            flush(vm, id)?;
            data_mut(vm, id).closed = true;
            return Ok(Some(Value::None));
        }
        "__exit__" => {
            flush(vm, id)?;
            data_mut(vm, id).closed = true;
            return Ok(Some(Value::None));
        }
        "readable" | "writable" | "seekable" => {
            check_open(vm, id)?;
            let f = data(vm, id);
            return Ok(Some(Value::Bool(match name {
                "readable" => f.readable,
                "writable" => f.writable,
                _ => true,
            })));
        }
        _ => {}
    }
    check_open(vm, id)?;
    let f = data(vm, id);
    let (readable, writable, inner) = (f.readable, f.writable, f.inner);
    match name {
        "flush" => {
            flush(vm, id)?;
            return Ok(Some(Value::None));
        }
        "__enter__" | "__iter__" => return Ok(Some(Value::Ref(id))),
        "isatty" => return Ok(Some(Value::Bool(false))),
        "fileno" => return Err(unsupported("fileno")),
        "read" | "readline" | "readlines" | "__next__" if !readable => {
            return Err(unsupported("not readable"))
        }
        "write" | "writelines" | "truncate" if !writable => {
            return Err(unsupported("not writable"))
        }
        "write" | "writelines" | "truncate" => data_mut(vm, id).dirty = true,
        _ => {}
    }
    let Value::Ref(iid) = inner else {
        unreachable!("a buffer")
    };
    if name == "__next__" {
        return match super::io::next_line(vm, iid)? {
            Some(line) => Ok(Some(line)),
            None => Err(PyErr::New(ExcType::StopIteration, Vec::new())),
        };
    }
    let method = vm.get_attr(inner, name)?;
    vm.call_value(method, args, kw).map(Some)
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// File objects.
pub struct FileType;

impl np::NativeType for FileType {
    fn type_name(o: &np::NativeObj) -> &'static str {
        match o {
            np::NativeObj::File(f) if f.mode.contains('b') => {
                if f.readable && !f.writable {
                    "_io.BufferedReader"
                } else if f.writable && !f.readable {
                    "_io.BufferedWriter"
                } else {
                    "_io.BufferedRandom"
                }
            }
            _ => "_io.TextIOWrapper",
        }
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        if let np::NativeObj::File(d) = o {
            f(d.inner);
        }
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        let f = data(vm, id);
        Ok(Some(match name {
            "name" => {
                let n = f.name.clone();
                vm.new_str(n)
            }
            "mode" => {
                let m = f.mode.clone();
                vm.new_str(m)
            }
            "closed" => Value::Bool(f.closed),
            "encoding" if !is_binary(vm, id) => {
                let e = data(vm, id).encoding.clone();
                vm.new_str(e)
            }
            "errors" if !is_binary(vm, id) => {
                let e = data(vm, id).errors.clone();
                vm.new_str(e)
            }
            _ => return Ok(None),
        }))
    }

    fn has_method(_vm: &np::Vm, _id: np::ObjId, name: &str) -> bool {
        METHODS.contains(&name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        if !METHODS.contains(&name) {
            return Ok(None);
        }
        call_method(vm, id, name, args, kw)
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        let f = data(vm, id);
        let name = crate::vm::repr::str_repr(&f.name);
        Ok(if is_binary(vm, id) {
            format!("<{} name={name}>", Self::type_name_of(vm, id))
        } else {
            let f = data(vm, id);
            let mode = crate::vm::repr::str_repr(&f.mode);
            let enc = crate::vm::repr::str_repr(&f.encoding);
            format!("<_io.TextIOWrapper name={name} mode={mode} encoding={enc}>")
        })
    }

    fn iter(_vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::Value>> {
        Ok(Some(Value::Ref(id)))
    }

    fn is_iterator(_vm: &np::Vm, _id: np::ObjId) -> bool {
        true
    }

    fn next(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::Value>> {
        check_open(vm, id)?;
        if !data(vm, id).readable {
            return Err(unsupported("not readable"));
        }
        let Value::Ref(iid) = data(vm, id).inner else {
            unreachable!("a buffer")
        };
        super::io::next_line(vm, iid)
    }
}

impl FileType {
    fn type_name_of(vm: &Vm, id: ObjId) -> &'static str {
        match vm.heap.get(id) {
            Obj::Native(o) => <Self as np::NativeType>::type_name(o),
            _ => "_io.TextIOWrapper",
        }
    }
}
