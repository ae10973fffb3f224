//! The position of a file object (`file.rs`): `seek` and `tell` with
//! CPython's rules for each kind of file, and the messages of operations
//! on a closed file, which differ between text and binary files and
//! between operations.
//!
//! A text file's position is CPython's cookie for a stateless encoder:
//! the byte offset of the character position (the encoded length of the
//! text before it), so `tell()` after reading `'aβ'` is 3 as in CPython,
//! and `seek()` takes such an offset back. (Text read with universal
//! newlines was translated when opened, so a `\r\n` counts one byte there.)

use crate::object::{ExcType, Obj, ObjId, Value};
use crate::objects::NativeObj;
use crate::objects::{native_of, native_of_mut};
use crate::vm::{PyErr, PyResult, Vm};

/// The error of operation `name` on a closed file.
pub fn closed_error(binary: bool, writable: bool, name: &str) -> PyErr {
    PyErr::value_error(match (binary, name) {
        (true, "flush") if writable => "flush of closed file",
        (_, "readable" | "writable" | "seekable" | "isatty" | "fileno") => {
            "I/O operation on closed file"
        }
        (true, "tell") => "I/O operation on closed file",
        (true, "seek") => "seek of closed file",
        (true, "truncate") => "truncate of closed file",
        (true, "read" | "read1") => "read of closed file",
        (true, "write") => "write to closed file",
        (true, "readline" | "__next__") => "readline of closed file",
        _ => "I/O operation on closed file.",
    })
}

/// The inner buffer of a file (its `StringIO` / `BytesIO`).
fn inner_id(inner: Value) -> ObjId {
    match inner {
        Value::Ref(i) => i,
        _ => unreachable!("a buffer"),
    }
}

/// The encoded length of `chars` (the byte offset they end at).
fn encoded_len(chars: &[char], encoding: &str) -> usize {
    let norm = encoding.to_ascii_lowercase().replace(['-', '_'], "");
    match norm.as_str() {
        "utf8" => chars.iter().map(|c| c.len_utf8()).sum(),
        "latin1" | "iso88591" | "ascii" | "usascii" | "cp1252" => chars.len(),
        _ => {
            let s: String = chars.iter().collect();
            crate::builtins::codecs::encode(&s, encoding, "surrogatepass")
                .map_or(s.len(), |b| b.len())
        }
    }
}

/// `f.tell()`.
pub fn tell(vm: &mut Vm, inner: Value, binary: bool, encoding: &str) -> PyResult<Value> {
    let iid = inner_id(inner);
    Ok(Value::Int(match native_of(vm.heap.get(iid)) {
        Some(NativeObj::BytesIO(b)) if binary => b.pos as i64,
        Some(NativeObj::StringIO(t)) => {
            let end = t.pos.min(t.buf.len());
            (encoded_len(&t.buf[..end], encoding) + (t.pos - end)) as i64
        }
        _ => unreachable!("a buffer"),
    }))
}

/// `f.seek(pos, whence=0)`.
pub fn seek(
    vm: &mut Vm,
    inner: Value,
    binary: bool,
    encoding: &str,
    args: &[Value],
) -> PyResult<Value> {
    let (pos, whence) = match args {
        [p] => (*p, None),
        [p, w] => (*p, Some(*w)),
        _ => {
            return Err(PyErr::type_error(format!(
                "seek expected at least 1 argument, got {}",
                args.len()
            )))
        }
    };
    let whence = match whence {
        Some(w) => vm.index_arg(w)?,
        None => 0,
    };
    let iid = inner_id(inner);
    if binary {
        if !(0..=2).contains(&whence) {
            return Err(PyErr::value_error(format!(
                "whence value {whence} unsupported"
            )));
        }
        let off = offset_arg(vm, pos)?;
        let Some(NativeObj::BytesIO(b)) = native_of_mut(vm.heap.get_mut(iid)) else {
            unreachable!("a BytesIO")
        };
        let base = match whence {
            0 => 0,
            1 => b.pos as i64,
            _ => b.buf.len() as i64,
        };
        let target = base.saturating_add(off);
        if target < 0 {
            let args = vec![Value::Int(22), vm.new_str("Invalid argument")];
            return Err(PyErr::Raise(vm.new_os_error(ExcType::OSError, args)));
        }
        b.pos = target as usize;
        return Ok(Value::Int(target));
    }
    // a text file: only absolute cookies, or 0 relative to here or the end
    match whence {
        0 => {}
        1 | 2 if !is_zero(vm, pos)? => {
            return Err(PyErr::new(
                ExcType::UnsupportedOperation,
                if whence == 1 {
                    "can't do nonzero cur-relative seeks"
                } else {
                    "can't do nonzero end-relative seeks"
                },
            ))
        }
        1 => return tell(vm, inner, false, encoding),
        2 => {
            if let Some(NativeObj::StringIO(t)) = native_of_mut(vm.heap.get_mut(iid)) {
                t.pos = t.buf.len();
            }
            return tell(vm, inner, false, encoding);
        }
        _ => {
            return Err(PyErr::value_error(format!(
                "invalid whence ({whence}, should be 0, 1 or 2)"
            )))
        }
    }
    // (CPython compares the cookie with 0, then takes it apart as an int)
    let cookie = match pos {
        Value::Int(n) => n,
        Value::Bool(b) => i64::from(b),
        Value::Ref(r) if matches!(vm.heap.get(r), Obj::BigInt(_)) => {
            let text = vm.repr(pos)?;
            if text.starts_with('-') {
                return Err(PyErr::value_error(format!("negative seek position {text}")));
            }
            // past any text the sandbox can hold: the end
            if let Some(NativeObj::StringIO(t)) = native_of_mut(vm.heap.get_mut(iid)) {
                t.pos = usize::MAX / 2;
            }
            return Ok(pos);
        }
        _ => {
            return Err(PyErr::type_error(format!(
                "'<' not supported between instances of '{}' and 'int'",
                vm.class_name(pos)
            )))
        }
    };
    if cookie < 0 {
        return Err(PyErr::value_error(format!(
            "negative seek position {cookie}"
        )));
    }
    let Some(NativeObj::StringIO(t)) = native_of_mut(vm.heap.get_mut(iid)) else {
        unreachable!("a StringIO")
    };
    // the character at which the encoded text reaches the cookie
    let target = cookie as usize;
    let mut bytes = 0usize;
    let mut chars = 0usize;
    let norm = encoding.to_ascii_lowercase().replace(['-', '_'], "");
    while chars < t.buf.len() && bytes < target {
        bytes += if norm == "utf8" {
            t.buf[chars].len_utf8()
        } else {
            encoded_len(&t.buf[chars..=chars], encoding)
        };
        chars += 1;
    }
    t.pos = chars + target.saturating_sub(bytes);
    Ok(Value::Int(cookie))
}

/// Whether a seek offset is zero (compared as CPython does, with `==`).
fn is_zero(vm: &mut Vm, v: Value) -> PyResult<bool> {
    match v {
        Value::Int(n) => Ok(n == 0),
        Value::Bool(b) => Ok(!b),
        _ => Ok(vm.index_arg(v)? == 0),
    }
}

/// A binary file's seek offset: an int that fits in an `off_t`.
fn offset_arg(vm: &mut Vm, v: Value) -> PyResult<i64> {
    if let Value::Ref(r) = v {
        if matches!(vm.heap.get(r), Obj::BigInt(_)) {
            return Err(PyErr::value_error(
                "cannot fit 'int' into an offset-sized integer",
            ));
        }
    }
    vm.index_arg(v)
}
