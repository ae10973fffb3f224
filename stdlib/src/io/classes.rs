//! The classes of `io` beyond the in-memory streams: the file classes
//! `open()` returns (`TextIOWrapper`, `BufferedReader`, `BufferedWriter`,
//! `BufferedRandom`) and the abstract bases (`IOBase`, `RawIOBase`,
//! `BufferedIOBase`, `TextIOBase`), as natives acting as classes: which
//! class an object is (`type(f)`), `isinstance` against them (an
//! in-memory `StringIO` is a `TextIOBase`, a `BytesIO` a
//! `BufferedIOBase`, as in CPython), their names, and calling them.
//!
//! `TextIOWrapper(buffer, ...)` wraps a `BytesIO` (the one binary stream a
//! program can make): a text file over it (`file.rs`), which decodes what
//! the buffer holds from its position and writes back on `flush()`.

use crate::object::{NativeId, Value};
use crate::objects::native_of;
use crate::objects::NativeObj;
use crate::vm::{PyErr, Vm};

/// The io classes a native object belongs to, most derived first:
/// its own class and the abstract bases above it.
const FILE_CLASSES: [(&str, &str); 8] = [
    ("TextIOWrapper", "_io.TextIOWrapper"),
    ("BufferedReader", "_io.BufferedReader"),
    ("BufferedWriter", "_io.BufferedWriter"),
    ("BufferedRandom", "_io.BufferedRandom"),
    ("IOBase", "io.IOBase"),
    ("RawIOBase", "io.RawIOBase"),
    ("BufferedIOBase", "io.BufferedIOBase"),
    ("TextIOBase", "io.TextIOBase"),
];

fn id_of(name: &str) -> Option<NativeId> {
    crate::registry::native_id("io", name)
}

/// The `io` class name (`TextIOWrapper`, `BufferedReader`, ...) of a
/// file object.
pub fn file_class_name(o: &NativeObj) -> Option<&'static str> {
    let NativeObj::File(f) = o else { return None };
    Some(if !f.mode.contains('b') {
        "TextIOWrapper"
    } else if f.readable && f.writable {
        "BufferedRandom"
    } else if f.readable {
        "BufferedReader"
    } else {
        "BufferedWriter"
    })
}

/// The class of a file object, for `type(f)`.
pub fn class_of(o: &NativeObj) -> Option<NativeId> {
    id_of(file_class_name(o)?)
}

/// The qualified name of an io class (`_io.TextIOWrapper`, `io.IOBase`).
pub fn class_name(t: NativeId) -> Option<&'static str> {
    FILE_CLASSES
        .iter()
        .find(|(n, _)| id_of(n) == Some(t))
        .map(|p| p.1)
}

/// The `__module__` of an io class: `_io` for the concrete ones (the C
/// module CPython defines them in), `io` for the abstract bases.
pub fn module_of(t: NativeId) -> Option<&'static str> {
    if ["StringIO", "BytesIO"].iter().any(|n| id_of(n) == Some(t)) {
        return Some("_io");
    }
    class_name(t).map(|q| if q.starts_with("_io.") { "_io" } else { "io" })
}

/// Whether the abstract base `base` is above an object of class `own`.
fn is_below(own: &str, base: &str) -> bool {
    match base {
        "IOBase" => true,
        "TextIOBase" => matches!(own, "TextIOWrapper" | "StringIO"),
        "BufferedIOBase" => matches!(
            own,
            "BufferedReader" | "BufferedWriter" | "BufferedRandom" | "BytesIO"
        ),
        _ => own == base,
    }
}

/// `issubclass(c, t)` for the io classes (and `StringIO`/`BytesIO` below
/// them): `None` unless both are.
pub fn issubclass(c: Value, t: Value) -> Option<bool> {
    let (Value::Native(c), Value::Native(t)) = (c, t) else {
        return None;
    };
    let name = |id: NativeId| {
        ["StringIO", "BytesIO"]
            .iter()
            .chain(FILE_CLASSES.iter().map(|p| &p.0))
            .find(|n| id_of(n) == Some(id))
            .copied()
    };
    let (own, base) = (name(c)?, name(t)?);
    Some(own == base || is_below(own, base))
}

/// `isinstance(v, t)` for the io classes: `None` if `t` is not one.
pub fn isinstance(vm: &Vm, v: Value, t: NativeId) -> Option<bool> {
    let base = FILE_CLASSES.iter().find(|(n, _)| id_of(n) == Some(t))?.0;
    let Value::Ref(id) = v else {
        return Some(false);
    };
    let own = match native_of(vm.heap.get(id)) {
        Some(o @ NativeObj::File(_)) => file_class_name(o),
        Some(NativeObj::StringIO(_)) => Some("StringIO"),
        Some(NativeObj::BytesIO(_)) => Some("BytesIO"),
        _ => None,
    };
    Some(own.is_some_and(|own| is_below(own, base)))
}

/// The message of calling an io class the sandbox cannot make.
fn cannot_make(name: &str) -> PyErr {
    PyErr::new(
        crate::object::ExcType::NotImplementedError,
        format!("io.{name}() is not supported in the sandbox: open files with open()"),
    )
}

native! {
    /// `io.TextIOWrapper(buffer, encoding=None, errors=None, newline=None,
    /// line_buffering=False, write_through=False)`: over a `BytesIO`.
    pub(crate) clinic fn text_io_wrapper as "TextIOWrapper"(vm, buffer, encoding?, errors?, newline?, line_buffering?, write_through?) {
        let _ = (line_buffering, write_through);
        let is_bytes_io = matches!(
            buffer,
            Value::Ref(id) if matches!(native_of(vm.heap.get(id)), Some(NativeObj::BytesIO(_)))
        );
        if !is_bytes_io {
            // CPython asks the buffer whether it is readable first
            if vm.get_attr(buffer, "readable").is_err() {
                return Err(PyErr::new(
                    crate::object::ExcType::AttributeError,
                    format!("'{}' object has no attribute 'readable'", vm.class_name(buffer)),
                ));
            }
            return Err(cannot_make("TextIOWrapper"));
        }
        let encoding = crate::file::opt_arg(vm, encoding, "TextIOWrapper", "encoding")?;
        let errors = crate::file::opt_arg(vm, errors, "TextIOWrapper", "errors")?;
        let newline = crate::file::opt_arg(vm, newline, "TextIOWrapper", "newline")?;
        crate::file::wrap_buffer(vm, buffer, encoding, errors, newline)
    }

    /// `io.BufferedReader(raw, buffer_size=DEFAULT_BUFFER_SIZE)`.
    pub(crate) clinic fn buffered_reader as "BufferedReader"(vm, raw, buffer_size?) {
        let _ = (vm, raw, buffer_size);
        Err(cannot_make("BufferedReader"))
    }

    /// `io.BufferedWriter(raw, buffer_size=DEFAULT_BUFFER_SIZE)`.
    pub(crate) clinic fn buffered_writer as "BufferedWriter"(vm, raw, buffer_size?) {
        let _ = (vm, raw, buffer_size);
        Err(cannot_make("BufferedWriter"))
    }

    /// `io.BufferedRandom(raw, buffer_size=DEFAULT_BUFFER_SIZE)`.
    pub(crate) clinic fn buffered_random as "BufferedRandom"(vm, raw, buffer_size?) {
        let _ = (vm, raw, buffer_size);
        Err(cannot_make("BufferedRandom"))
    }

    /// `io.IOBase()`.
    pub(crate) builtin fn io_base as "IOBase"(vm, *args, **kwargs) {
        let _ = (vm, args, kwargs);
        Err(cannot_make("IOBase"))
    }

    /// `io.RawIOBase()`.
    pub(crate) builtin fn raw_io_base as "RawIOBase"(vm, *args, **kwargs) {
        let _ = (vm, args, kwargs);
        Err(cannot_make("RawIOBase"))
    }

    /// `io.BufferedIOBase()`.
    pub(crate) builtin fn buffered_io_base as "BufferedIOBase"(vm, *args, **kwargs) {
        let _ = (vm, args, kwargs);
        Err(cannot_make("BufferedIOBase"))
    }

    /// `io.TextIOBase()`.
    pub(crate) builtin fn text_io_base as "TextIOBase"(vm, *args, **kwargs) {
        let _ = (vm, args, kwargs);
        Err(cannot_make("TextIOBase"))
    }
}
