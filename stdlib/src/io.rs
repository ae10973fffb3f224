//! `io`: the in-memory streams `StringIO` and `BytesIO`, and the classes
//! of the files `open()` returns (`io/classes.rs`; the files themselves
//! are `file.rs`), with `io.open` (the builtin) and
//! `io.UnsupportedOperation`. The streams are what programs hand to
//! `csv`, `json.dump` and `tomllib.load`, and what they read lines from.
//! Both keep their whole buffer as plain data in `NativeObj::StringIO` /
//! `BytesIO`, with CPython's messages for closed streams, bad seeks and
//! wrong types.
//!
//! `StringIO` stores characters (positions count code points, as in
//! CPython) and honours the `newline` argument: `None` translates `\r\n`
//! and `\r` to `\n` on write, `''` leaves text alone but ends lines at any
//! of the three, `'\r'` / `'\r\n'` translate `\n` on write.

pub(crate) mod classes;
pub(crate) mod data;
pub(crate) mod methods;

pub use data::{ByteBuf, Newline, TextBuf};

use super::objects::NativeObj;
use super::ModuleDef;
use crate::object::{ExcType, Obj, ObjId, Value};
use crate::objects::{native_of, native_of_mut};
use crate::vm::{as_str, PyErr, PyResult, Vm};

fn closed_err(period: bool) -> PyErr {
    PyErr::value_error(if period {
        "I/O operation on closed file."
    } else {
        "I/O operation on closed file"
    })
}

fn text(vm: &mut Vm, id: ObjId) -> &mut TextBuf {
    match native_of_mut(vm.heap.get_mut(id)) {
        Some(NativeObj::StringIO(t)) => t,
        _ => unreachable!("a StringIO"),
    }
}

fn bytes(vm: &mut Vm, id: ObjId) -> &mut ByteBuf {
    match native_of_mut(vm.heap.get_mut(id)) {
        Some(NativeObj::BytesIO(b)) => b,
        _ => unreachable!("a BytesIO"),
    }
}

fn is_text(vm: &Vm, id: ObjId) -> bool {
    matches!(native_of(vm.heap.get(id)), Some(NativeObj::StringIO(_)))
}

fn is_closed(vm: &Vm, id: ObjId) -> bool {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::StringIO(t)) => t.closed,
        Some(NativeObj::BytesIO(b)) => b.closed,
        _ => false,
    }
}

/// `iter(f)` fails on a closed stream (`StringIO` only, as in CPython).
pub fn check_open(vm: &mut Vm, id: ObjId) -> PyResult<()> {
    if is_text(vm, id) && is_closed(vm, id) {
        return Err(closed_err(true));
    }
    Ok(())
}

pub fn getattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<Value> {
    let text = is_text(vm, id);
    Some(match name {
        "closed" => Value::Bool(is_closed(vm, id)),
        "line_buffering" if text => Value::Bool(false),
        "newlines" | "encoding" | "errors" if text => Value::None,
        _ => return None,
    })
}

pub fn setattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<PyErr> {
    getattr(vm, id, name)?;
    Some(PyErr::new(
        ExcType::AttributeError,
        format!(
            "attribute '{name}' of '{}' objects is not writable",
            if is_text(vm, id) {
                "_io._TextIOBase"
            } else {
                "_io._IOBase"
            }
        ),
    ))
}

/// A size argument: an int, or `None` / negative for "all".
fn size_arg(vm: &mut Vm, v: Option<Value>) -> PyResult<Option<usize>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(v @ (Value::Int(_) | Value::Bool(_))) => {
            let n = vm.index_arg(v)?;
            Ok(usize::try_from(n).ok())
        }
        Some(v) => {
            if vm.user_index(v)?.is_some()
                || matches!(v, Value::Ref(r) if matches!(vm.heap.get(r), Obj::BigInt(_)))
            {
                let n = vm.index_arg(v)?;
                return Ok(usize::try_from(n).ok());
            }
            Err(PyErr::type_error(format!(
                "argument should be integer or None, not '{}'",
                vm.class_name(v)
            )))
        }
    }
}

/// The newline translation applied to text written to a `StringIO`.
fn translate(s: &str, nl: Newline) -> Vec<char> {
    match nl {
        Newline::Universal => {
            let mut out = Vec::with_capacity(s.len());
            let mut it = s.chars().peekable();
            while let Some(c) = it.next() {
                if c == '\r' {
                    if it.peek() == Some(&'\n') {
                        it.next();
                    }
                    out.push('\n');
                } else {
                    out.push(c);
                }
            }
            out
        }
        Newline::Cr | Newline::CrLf => {
            let mut out = Vec::with_capacity(s.len());
            for c in s.chars() {
                if c == '\n' {
                    out.push('\r');
                    if nl == Newline::CrLf {
                        out.push('\n');
                    }
                } else {
                    out.push(c);
                }
            }
            out
        }
        Newline::Lf | Newline::Untranslated => s.chars().collect(),
    }
}

/// Writes `data` at the position, padding with NULs past the end.
fn put<T: Copy + Default>(buf: &mut Vec<T>, pos: &mut usize, data: &[T]) {
    if *pos > buf.len() {
        buf.resize(*pos, T::default());
    }
    let end = *pos + data.len();
    let overlap = buf.len().min(end) - *pos;
    buf[*pos..*pos + overlap].copy_from_slice(&data[..overlap]);
    buf.extend_from_slice(&data[overlap..]);
    *pos = end;
}

/// The end (exclusive) of the line starting at `start`.
fn text_line_end(t: &TextBuf, start: usize, limit: Option<usize>) -> usize {
    let len = t.buf.len();
    let stop = limit.map_or(len, |l| len.min(start.saturating_add(l)));
    let mut i = start;
    while i < stop {
        let c = t.buf[i];
        match t.newline {
            Newline::Lf | Newline::Universal if c == '\n' => return i + 1,
            Newline::Cr if c == '\r' => return i + 1,
            Newline::CrLf if c == '\r' && t.buf.get(i + 1) == Some(&'\n') => {
                return (i + 2).min(stop)
            }
            Newline::Untranslated if c == '\n' => return i + 1,
            Newline::Untranslated if c == '\r' => {
                return if t.buf.get(i + 1) == Some(&'\n') {
                    (i + 2).min(stop)
                } else {
                    i + 1
                }
            }
            _ => {}
        }
        i += 1;
    }
    stop
}

fn byte_line_end(b: &ByteBuf, start: usize, limit: Option<usize>) -> usize {
    let len = b.buf.len();
    let stop = limit.map_or(len, |l| len.min(start.saturating_add(l)));
    match b.buf[start.min(stop)..stop]
        .iter()
        .position(|c| *c == b'\n')
    {
        Some(i) => start + i + 1,
        None => stop,
    }
}

/// One line from the position (empty at the end), advancing past it.
fn read_line(vm: &mut Vm, id: ObjId, limit: Option<usize>) -> Value {
    if is_text(vm, id) {
        let t = text(vm, id);
        let start = t.pos.min(t.buf.len());
        let end = text_line_end(t, start, limit);
        let s: String = t.buf[start..end].iter().collect();
        t.pos = end.max(t.pos);
        vm.new_str(s)
    } else {
        let b = bytes(vm, id);
        let start = b.pos.min(b.buf.len());
        let end = byte_line_end(b, start, limit);
        let v = b.buf[start..end].to_vec();
        b.pos = end.max(b.pos);
        vm.heap.new_value(Obj::Bytes(v))
    }
}

fn is_empty_line(vm: &Vm, v: Value) -> bool {
    match v {
        Value::Ref(r) => match vm.heap.get(r) {
            Obj::Str(s) => s.s.is_empty(),
            Obj::Bytes(b) => b.is_empty(),
            _ => false,
        },
        _ => false,
    }
}

/// `next(f)`: the next line, `None` at the end.
pub fn next_line(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    if is_closed(vm, id) {
        return Err(closed_err(!is_text(vm, id)));
    }
    let line = read_line(vm, id, None);
    Ok(if is_empty_line(vm, line) {
        None
    } else {
        Some(line)
    })
}

/// The bytes of a bytes-like argument.
fn bytes_arg(vm: &Vm, v: Value) -> PyResult<Vec<u8>> {
    match v {
        Value::Ref(r) => match vm.heap.get(r) {
            Obj::Bytes(b) | Obj::ByteArray(b) => Ok(b.clone()),
            _ => Err(PyErr::type_error(format!(
                "a bytes-like object is required, not '{}'",
                vm.class_name(v)
            ))),
        },
        _ => Err(PyErr::type_error(format!(
            "a bytes-like object is required, not '{}'",
            vm.class_name(v)
        ))),
    }
}

fn write(vm: &mut Vm, id: ObjId, v: Value) -> PyResult<Value> {
    if is_text(vm, id) {
        let Some(s) = as_str(&vm.heap, v).map(str::to_string) else {
            return Err(PyErr::type_error(format!(
                "string argument expected, got '{}'",
                vm.class_name(v)
            )));
        };
        if is_closed(vm, id) {
            return Err(closed_err(false));
        }
        let n = s.chars().count();
        let t = text(vm, id);
        let grown = t.buf.len().max(t.pos.saturating_add(n * 2));
        vm.check_alloc(grown as u128 * 4)?;
        let t = text(vm, id);
        let data = translate(&s, t.newline);
        put(&mut t.buf, &mut t.pos, &data);
        Ok(Value::Int(n as i64))
    } else {
        if is_closed(vm, id) {
            return Err(closed_err(true));
        }
        let data = bytes_arg(vm, v)?;
        let b = bytes(vm, id);
        let grown = b.buf.len().max(b.pos.saturating_add(data.len()));
        vm.check_alloc(grown as u128)?;
        let b = bytes(vm, id);
        let n = data.len();
        put(&mut b.buf, &mut b.pos, &data);
        Ok(Value::Int(n as i64))
    }
}

native! {
    /// `io.StringIO(initial_value='', newline='\n')`.
    clinic fn string_io as "StringIO"(vm, initial_value?, newline?) {
        string_io_of(vm, initial_value, newline)
    }

    /// `io.BytesIO(initial_bytes=b'')`.
    clinic fn bytes_io as "BytesIO"(vm, initial_bytes?) {
        let buf = match initial_bytes {
            None | Some(Value::None) => Vec::new(),
            Some(v) => bytes_arg(vm, v)?,
        };
        Ok(vm
            .heap
            .new_value(Obj::from(NativeObj::BytesIO(Box::new(ByteBuf {
                buf,
                pos: 0,
                closed: false,
            })))))
    }
}

fn string_io_of(
    vm: &mut Vm,
    initial_value: Option<Value>,
    newline: Option<Value>,
) -> PyResult<Value> {
    let newline = match newline {
        None => Newline::Lf,
        Some(Value::None) => Newline::Universal,
        Some(v) => match as_str(&vm.heap, v) {
            Some("") => Newline::Untranslated,
            Some("\n") => Newline::Lf,
            Some("\r") => Newline::Cr,
            Some("\r\n") => Newline::CrLf,
            Some(other) => {
                return Err(PyErr::value_error(format!(
                    "illegal newline value: {}",
                    crate::vm::repr::str_repr(other)
                )))
            }
            None => {
                return Err(PyErr::type_error(format!(
                    "newline must be str or None, not {}",
                    vm.class_name(v)
                )))
            }
        },
    };
    let initial = match initial_value {
        None | Some(Value::None) => String::new(),
        Some(v) => match as_str(&vm.heap, v) {
            Some(s) => s.to_string(),
            None => {
                return Err(PyErr::type_error(format!(
                    "initial_value must be str or None, not {}",
                    vm.class_name(v)
                )))
            }
        },
    };
    let buf = translate(&initial, newline);
    Ok(vm
        .heap
        .new_value(Obj::from(NativeObj::StringIO(Box::new(TextBuf {
            buf,
            pos: 0,
            closed: false,
            newline,
        })))))
}

fn init(_vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    attrs.push(("SEEK_SET".into(), Value::Int(0)));
    attrs.push(("SEEK_CUR".into(), Value::Int(1)));
    attrs.push(("SEEK_END".into(), Value::Int(2)));
    attrs.push(("DEFAULT_BUFFER_SIZE".into(), Value::Int(8192)));
    attrs.push((
        "open".into(),
        Value::Builtin(crate::builtins::Builtin::Open),
    ));
    attrs.push((
        "UnsupportedOperation".into(),
        Value::ExcType(ExcType::UnsupportedOperation),
    ));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "io",
    funcs: natives_table![
        StringIO = string_io,
        BytesIO = bytes_io,
        TextIOWrapper = classes::text_io_wrapper,
        BufferedReader = classes::buffered_reader,
        BufferedWriter = classes::buffered_writer,
        BufferedRandom = classes::buffered_random,
        IOBase = classes::io_base,
        RawIOBase = classes::raw_io_base,
        BufferedIOBase = classes::buffered_io_base,
        TextIOBase = classes::text_io_base,
    ],
    init,
};

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `io.StringIO` and `io.BytesIO`.
pub struct BufferType;

impl np::NativeType for BufferType {
    fn type_name(o: &np::NativeObj) -> &'static str {
        match o {
            np::NativeObj::BytesIO(_) => "_io.BytesIO",
            _ => "_io.StringIO",
        }
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(getattr(vm, id, name))
    }

    fn setattr(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        _: np::Value,
    ) -> Option<np::PyResult<()>> {
        setattr(vm, id, name).map(Err)
    }

    fn has_method(vm: &np::Vm, id: np::ObjId, name: &str) -> bool {
        methods::has(vm, id, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        methods::call(vm, id, name, args, kw)
    }

    fn iter(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::Value>> {
        check_open(vm, id)?;
        Ok(Some(np::Value::Ref(id)))
    }

    fn is_iterator(_: &np::Vm, _: np::ObjId) -> bool {
        true
    }

    fn next(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::Value>> {
        next_line(vm, id)
    }
}
