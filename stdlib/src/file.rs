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
use crate::objects::{native_of, native_of_mut};
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
    /// Whether the program named the file with bytes (`f.name` is bytes).
    pub name_bytes: bool,
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
    /// For `io.TextIOWrapper(bytes_io)`: the `BytesIO` and the position in
    /// it where the text starts (flushing writes there, not to the host).
    #[serde(default)]
    pub buffer: Option<(Value, usize)>,
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
    if kinds > 1 {
        return Err(PyErr::value_error(
            "must have exactly one of create/read/write/append mode",
        ));
    }
    if seen.contains('b') && seen.contains('t') {
        return Err(PyErr::value_error(
            "can't have text and binary mode at once",
        ));
    }
    if kinds == 0 {
        // (FileIO's wording, where CPython's open() passes such a mode on)
        return Err(PyErr::value_error(
            "Must have exactly one of create/read/write/append mode and at most one plus",
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
/// The path `open()` was given, as text, and whether it was bytes.
fn path_of(vm: &mut Vm, file: Value) -> PyResult<(String, bool)> {
    if let Value::Int(_) | Value::Bool(_) = file {
        return Err(PyErr::new(
            ExcType::OSError,
            "[Errno 9] Bad file descriptor",
        ));
    }
    match super::os::fspath_of(vm, file)? {
        Some(super::os::PathArg::Text(t)) => Ok((t, false)),
        Some(super::os::PathArg::Bytes(b)) => Ok((String::from_utf8_lossy(&b).into_owned(), true)),
        _ => Err(PyErr::type_error(format!(
            "expected str, bytes or os.PathLike object, not {}",
            vm.class_name(file)
        ))),
    }
}

/// An optional str argument `arg` of `func` (`encoding`, `errors`,
/// `newline`), with CPython's message for another type.
pub(crate) fn opt_arg(
    vm: &Vm,
    v: Option<Value>,
    func: &str,
    arg: &str,
) -> PyResult<Option<String>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(v) => match as_str(&vm.heap, v) {
            Some(s) => Ok(Some(s.to_string())),
            None => Err(PyErr::type_error(format!(
                "{func}() argument '{arg}' must be str or None, not {}",
                vm.class_name(v)
            ))),
        },
    }
}

/// `open()`'s `mode`: a str (`None` is named as such, as
/// `_PyArg_BadArgument` does).
fn mode_arg(vm: &Vm, v: Option<Value>) -> PyResult<String> {
    match v {
        None => Ok("r".into()),
        Some(v) => match as_str(&vm.heap, v) {
            Some(s) => Ok(s.to_string()),
            None => Err(PyErr::type_error(format!(
                "open() argument 'mode' must be str, not {}",
                if v == Value::None {
                    "None".to_string()
                } else {
                    vm.class_name(v).to_string()
                }
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
    let mode_text = mode_arg(vm, a.get(1, "mode"))?;
    let encoding = opt_arg(vm, a.get(3, "encoding"), "open", "encoding")?;
    let errors = opt_arg(vm, a.get(4, "errors"), "open", "errors")?;
    let newline = opt_arg(vm, a.get(5, "newline"), "open", "newline")?;
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
    let (name, name_bytes) = path_of(vm, file)?;
    // (CPython's default is the locale's encoding, spelled 'UTF-8')
    let encoding = encoding.unwrap_or_else(|| "UTF-8".into());
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
    // (checked after the open, as CPython's TextIOWrapper does)
    check_newline(&newline)?;
    let inner = if mode.binary {
        vm.heap
            .new_value(Obj::from(NativeObj::BytesIO(Box::new(ByteBuf {
                buf: content,
                pos: 0,
                closed: false,
            }))))
    } else {
        text_buffer(vm, &content, &encoding, &errors, newline.as_deref())?
    };
    if mode.writable {
        // (after the os calls above: a pause in them runs this native code
        // again, and its journal expects the same calls in the same order)
        vm.prepare_at_exit()?;
    }
    let path = super::os_calls::sandbox_path(vm, &name);
    Ok(vm
        .heap
        .new_value(Obj::from(NativeObj::File(Box::new(FileData {
            name,
            path,
            name_bytes,
            mode: mode_text.to_string(),
            readable: mode.readable,
            writable: mode.writable,
            append: mode.append,
            inner,
            encoding,
            errors,
            closed: false,
            dirty: false,
            buffer: None,
        })))))
}

/// `io.TextIOWrapper(bytes_io, encoding, errors, newline)`: a text file
/// over what the `BytesIO` holds from its position.
pub(crate) fn wrap_buffer(
    vm: &mut Vm,
    buffer: Value,
    encoding: Option<String>,
    errors: Option<String>,
    newline: Option<String>,
) -> PyResult<Value> {
    check_newline(&newline)?;
    let Value::Ref(bid) = buffer else {
        unreachable!("a BytesIO")
    };
    let (content, start) = match native_of(vm.heap.get(bid)) {
        Some(NativeObj::BytesIO(b)) => {
            if b.closed {
                return Err(PyErr::value_error("I/O operation on closed file."));
            }
            let start = b.pos.min(b.buf.len());
            (b.buf[start..].to_vec(), b.pos)
        }
        _ => unreachable!("a BytesIO"),
    };
    let encoding = encoding.unwrap_or_else(|| "UTF-8".into());
    let errors = errors.unwrap_or_else(|| "strict".into());
    let inner = text_buffer(vm, &content, &encoding, &errors, newline.as_deref())?;
    if let Some(NativeObj::BytesIO(b)) = native_of_mut(vm.heap.get_mut(bid)) {
        b.pos = b.buf.len().max(b.pos);
    }
    Ok(vm
        .heap
        .new_value(Obj::from(NativeObj::File(Box::new(FileData {
            name: String::new(),
            path: String::new(),
            name_bytes: false,
            mode: String::new(),
            readable: true,
            writable: true,
            append: false,
            inner,
            encoding,
            errors,
            closed: false,
            dirty: false,
            buffer: Some((buffer, start)),
        })))))
}

/// The `StringIO` holding a text file's decoded content.
fn text_buffer(
    vm: &mut Vm,
    content: &[u8],
    encoding: &str,
    errors: &str,
    newline: Option<&str>,
) -> PyResult<Value> {
    let text = crate::builtins::codecs::decode(content, encoding, errors)?;
    let text = match newline {
        None => text.replace("\r\n", "\n").replace('\r', "\n"),
        _ => text,
    };
    let newline = match newline {
        Some("\r") => Newline::Cr,
        Some("\r\n") => Newline::CrLf,
        Some("") => Newline::Untranslated,
        _ => Newline::Lf,
    };
    Ok(vm
        .heap
        .new_value(Obj::from(NativeObj::StringIO(Box::new(TextBuf {
            buf: text.chars().collect(),
            pos: 0,
            closed: false,
            newline,
        })))))
}

fn check_newline(newline: &Option<String>) -> PyResult<()> {
    if let Some(nl) = newline {
        if !["", "\n", "\r", "\r\n"].contains(&nl.as_str()) {
            return Err(PyErr::value_error(format!("illegal newline value: {nl}")));
        }
    }
    Ok(())
}

fn data(vm: &Vm, id: ObjId) -> &FileData {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::File(f)) => f,
        _ => unreachable!("a file"),
    }
}

fn data_mut(vm: &mut Vm, id: ObjId) -> &mut FileData {
    match native_of_mut(vm.heap.get_mut(id)) {
        Some(NativeObj::File(f)) => f,
        _ => unreachable!("a file"),
    }
}

fn is_binary(vm: &Vm, id: ObjId) -> bool {
    let inner = data(vm, id).inner;
    matches!(inner, Value::Ref(i) if matches!(native_of(vm.heap.get(i)), Some(NativeObj::BytesIO(_))))
}

/// `io.UnsupportedOperation(what)`.
fn unsupported(what: &str) -> PyErr {
    PyErr::new(ExcType::UnsupportedOperation, what.to_string())
}

/// The error of reading a file not open for reading: a text file says
/// 'not readable', a binary one names the operation (`read`, `read1`).
fn not_readable(vm: &Vm, id: ObjId, name: &str) -> PyErr {
    unsupported(match (is_binary(vm, id), name) {
        (false, _) => "not readable",
        (true, "read1") => "read1",
        (true, _) => "read",
    })
}

/// The error of writing a file not open for writing.
fn not_writable(vm: &Vm, id: ObjId, name: &str) -> PyErr {
    unsupported(match (is_binary(vm, id), name) {
        (_, "truncate") => "truncate",
        (false, _) => "not writable",
        (true, _) => "write",
    })
}

/// A text file's `write(s)` takes a str, checked before anything else.
fn check_text_arg(vm: &Vm, id: ObjId, args: &[Value]) -> PyResult<()> {
    if let [v] = args {
        if !is_binary(vm, id) && as_str(&vm.heap, *v).is_none() {
            return Err(PyErr::type_error(format!(
                "write() argument must be str, not {}",
                vm.class_name(*v)
            )));
        }
    }
    Ok(())
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
    let bytes = match native_of(vm.heap.get(iid)) {
        Some(NativeObj::BytesIO(b)) => b.buf.clone(),
        Some(NativeObj::StringIO(t)) => {
            let text: String = t.buf.iter().collect();
            crate::builtins::codecs::encode(&text, &encoding, &errors)?
        }
        _ => unreachable!("a buffer"),
    };
    if let Some((Value::Ref(bid), start)) = data(vm, id).buffer {
        // a TextIOWrapper over a BytesIO: the text goes there
        if let Some(NativeObj::BytesIO(b)) = native_of_mut(vm.heap.get_mut(bid)) {
            if b.buf.len() < start {
                b.buf.resize(start, 0);
            }
            let end = b.buf.len().min(start + bytes.len());
            b.pos = start + bytes.len();
            b.buf.splice(start..end, bytes);
        }
        data_mut(vm, id).dirty = false;
        return Ok(());
    }
    // (as CPython's, an error writing an open file names no file)
    super::os_calls::write_open_file(vm, &path, bytes, append)?;
    // (after the os call: a run again after the pause does this once)
    if append {
        // appended: the buffer starts over
        match native_of_mut(vm.heap.get_mut(iid)) {
            Some(NativeObj::BytesIO(b)) => {
                b.buf.clear();
                b.pos = 0;
            }
            Some(NativeObj::StringIO(t)) => {
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
    if matches!(name, "close" | "__exit__") {
        flush(vm, id)?;
        data_mut(vm, id).closed = true;
        if let Some((Value::Ref(bid), _)) = data(vm, id).buffer {
            // closing the wrapper closes its buffer, as in CPython
            if let Some(NativeObj::BytesIO(b)) = native_of_mut(vm.heap.get_mut(bid)) {
                b.closed = true;
            }
        }
        return Ok(Some(Value::None));
    }
    if name == "write" {
        check_text_arg(vm, id, &args)?;
    }
    let binary = is_binary(vm, id);
    let f = data(vm, id);
    let (readable, writable, closed, inner) = (f.readable, f.writable, f.closed, f.inner);
    let reads = matches!(
        name,
        "read" | "read1" | "readline" | "readlines" | "__next__"
    );
    let writes = matches!(name, "write" | "writelines" | "truncate");
    // a binary file checks its mode before whether it is closed for these
    let mode_first = binary && matches!(name, "read" | "read1" | "write" | "readline" | "__next__");
    if mode_first && reads && !readable {
        return Err(not_readable(vm, id, name));
    }
    if mode_first && writes && !writable {
        return Err(not_writable(vm, id, name));
    }
    if closed {
        return Err(super::file_pos::closed_error(binary, writable, name));
    }
    if reads && !readable {
        return Err(not_readable(vm, id, name));
    }
    if writes && !writable {
        return Err(not_writable(vm, id, name));
    }
    let encoding = data(vm, id).encoding.clone();
    match name {
        "readable" => return Ok(Some(Value::Bool(readable))),
        "writable" => return Ok(Some(Value::Bool(writable))),
        "seekable" => return Ok(Some(Value::Bool(true))),
        "flush" => {
            flush(vm, id)?;
            return Ok(Some(Value::None));
        }
        "__enter__" | "__iter__" => return Ok(Some(Value::Ref(id))),
        "isatty" => return Ok(Some(Value::Bool(false))),
        "fileno" => return Err(unsupported("fileno")),
        "tell" => return super::file_pos::tell(vm, inner, binary, &encoding).map(Some),
        "seek" => return super::file_pos::seek(vm, inner, binary, &encoding, &args).map(Some),
        "readline" if !binary => {
            // a text file's size is an index (`'str' object cannot be
            // interpreted as an integer`)
            if let Some(&v) = args.first() {
                if v != Value::None {
                    vm.index_arg(v)?;
                }
            }
        }
        "writelines" if !binary => {
            // each line through the file's own `write`, as IOBase's does
            data_mut(vm, id).dirty = true;
            let Some(&lines) = args.first() else {
                return Err(PyErr::type_error(format!(
                    "writelines() takes exactly one argument ({} given)",
                    args.len()
                )));
            };
            let it = vm.get_iter(lines)?;
            while let Some(line) = vm.iter_next(it)? {
                check_text_arg(vm, id, &[line])?;
                let write = vm.get_attr(inner, "write")?;
                vm.call_value(write, vec![line], Vec::new())?;
            }
            return Ok(Some(Value::None));
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
    let name = if name == "read1" { "read" } else { name };
    let method = vm.get_attr(inner, name)?;
    vm.call_value(method, args, kw).map(Some)
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// File objects.
pub struct FileType;

impl np::NativeType for FileType {
    fn type_name(o: &np::NativeObj) -> &'static str {
        match super::io::classes::file_class_name(o) {
            Some("BufferedReader") => "_io.BufferedReader",
            Some("BufferedWriter") => "_io.BufferedWriter",
            Some("BufferedRandom") => "_io.BufferedRandom",
            _ => "_io.TextIOWrapper",
        }
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        if let np::NativeObj::File(d) = o {
            f(d.inner);
            if let Some((b, _)) = d.buffer {
                f(b);
            }
        }
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        let f = data(vm, id);
        if f.buffer.is_some() && matches!(name, "name" | "mode") {
            return Ok(None);
        }
        Ok(Some(match name {
            "buffer" => match f.buffer {
                Some((b, _)) => b,
                None => return Ok(None),
            },
            "line_buffering" | "write_through" if !is_binary(vm, id) => Value::Bool(false),
            "newlines" if !is_binary(vm, id) => Value::None,
            "name" => {
                let (n, b) = (f.name.clone(), f.name_bytes);
                if b {
                    vm.new_bytes(n.into_bytes())
                } else {
                    vm.new_str(n)
                }
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

    fn has_method(vm: &np::Vm, id: np::ObjId, name: &str) -> bool {
        METHODS.contains(&name) || (name == "read1" && is_binary(vm, id))
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        if !Self::has_method(vm, id, name) {
            return Ok(None);
        }
        call_method(vm, id, name, args, kw)
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        let f = data(vm, id);
        if f.buffer.is_some() {
            let enc = crate::vm::repr::str_repr(&f.encoding);
            return Ok(format!("<_io.TextIOWrapper encoding={enc}>"));
        }
        let name = if f.name_bytes {
            let b = vm.new_bytes(f.name.clone().into_bytes());
            vm.repr(b)?
        } else {
            crate::vm::repr::str_repr(&f.name)
        };
        Ok(if is_binary(vm, id) {
            format!("<{} name={name}>", Self::type_name_of(vm, id))
        } else {
            let f = data(vm, id);
            let mode = crate::vm::repr::str_repr(&f.mode);
            let enc = crate::vm::repr::str_repr(&f.encoding);
            format!("<_io.TextIOWrapper name={name} mode={mode} encoding={enc}>")
        })
    }

    fn iter(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::Value>> {
        check_open(vm, id)?;
        Ok(Some(Value::Ref(id)))
    }

    fn is_iterator(_vm: &np::Vm, _id: np::ObjId) -> bool {
        true
    }

    fn next(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::Value>> {
        if data(vm, id).closed {
            let f = data(vm, id);
            if is_binary(vm, id) && !f.readable {
                return Err(not_readable(vm, id, "read"));
            }
            let writable = data(vm, id).writable;
            return Err(super::file_pos::closed_error(
                is_binary(vm, id),
                writable,
                "__next__",
            ));
        }
        if !data(vm, id).readable {
            return Err(not_readable(vm, id, "read"));
        }
        let Value::Ref(iid) = data(vm, id).inner else {
            unreachable!("a buffer")
        };
        super::io::next_line(vm, iid)
    }
}

impl FileType {
    fn type_name_of(vm: &Vm, id: ObjId) -> &'static str {
        match native_of(vm.heap.get(id)) {
            Some(o) => <Self as np::NativeType>::type_name(o),
            _ => "_io.TextIOWrapper",
        }
    }
}
