//! The methods of `StringIO` and `BytesIO` objects, declared with
//! `native!`: a table for each (`BytesIO` adds `read1`), the class name
//! qualifying the messages CPython qualifies (`StringIO.write() takes
//! exactly one argument (0 given)`).

use super::{
    bytes, check_open, closed_err, is_closed, is_empty_line, is_text, next_line, read_line,
    size_arg, text, write,
};
use crate::native::{call_method, has_method, receiver, Method};
use crate::object::{ExcType, Obj, ObjId, Value};
use crate::vm::call::Kwargs;
use crate::vm::{PyErr, PyResult, Vm};

/// The methods of `StringIO`.
static TEXT_METHODS: &[Method] = methods_table![
    write = io_write,
    writelines,
    read,
    readline,
    readlines,
    getvalue,
    seek,
    tell,
    truncate,
    close,
    flush,
    readable,
    writable,
    seekable,
    isatty,
    fileno,
    detach,
    __enter__ = enter,
    __exit__ = exit,
    __iter__ = iter,
    __next__ = next,
];

/// The methods of `BytesIO`: `StringIO`'s, `read1`, and `readinto` and
/// `getbuffer`, which exist but are not implemented.
static BYTES_METHODS: &[Method] = methods_table![
    write = io_write,
    writelines,
    read,
    read1 = read,
    readinto = unimplemented_readinto,
    getbuffer = unimplemented_getbuffer,
    readline,
    readlines,
    getvalue,
    seek,
    tell,
    truncate,
    close,
    flush,
    readable,
    writable,
    seekable,
    isatty,
    fileno,
    detach,
    __enter__ = enter,
    __exit__ = exit,
    __iter__ = iter,
    __next__ = next,
];

/// The method table of stream `id` and its class name.
fn methods_of(vm: &Vm, id: ObjId) -> (&'static [Method], &'static str) {
    if is_text(vm, id) {
        (TEXT_METHODS, "StringIO")
    } else {
        (BYTES_METHODS, "BytesIO")
    }
}

/// Whether stream `id` has method `name`.
pub fn has(vm: &Vm, id: ObjId, name: &str) -> bool {
    has_method(methods_of(vm, id).0, name)
}

/// Calls method `name` of stream `id`.
pub fn call(
    vm: &mut Vm,
    id: ObjId,
    name: &str,
    args: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Option<Value>> {
    let (table, owner) = methods_of(vm, id);
    call_method(table, owner, vm, Value::Ref(id), name, args, kw)
}

/// Fails if the stream is closed.
fn check(vm: &Vm, id: ObjId) -> PyResult<()> {
    if is_closed(vm, id) {
        Err(closed_err(!is_text(vm, id)))
    } else {
        Ok(())
    }
}

/// Marks the stream closed.
fn set_closed(vm: &mut Vm, id: ObjId) {
    if is_text(vm, id) {
        text(vm, id).closed = true;
    } else {
        bytes(vm, id).closed = true;
    }
}

native! {
    /// `StringIO.write(s, /)`, `BytesIO.write(b, /)`.
    builtin method io_write(vm, this, s, /) {
        write(vm, receiver(this), s)
    }

    /// `writelines(lines, /)`.
    builtin method writelines(vm, this, lines, /) {
        let id = receiver(this);
        check(vm, id)?;
        let it = vm.get_iter(lines)?;
        while let Some(line) = vm.iter_next(it)? {
            write(vm, id, line)?;
        }
        Ok(Value::None)
    }

    /// `read(size=-1, /)` (and `BytesIO.read1`).
    builtin method read(vm, this, size?, /) {
        let id = receiver(this);
        check(vm, id)?;
        let limit = size_arg(vm, size)?;
        Ok(if is_text(vm, id) {
            let t = text(vm, id);
            let start = t.pos.min(t.buf.len());
            let end = limit.map_or(t.buf.len(), |l| t.buf.len().min(start.saturating_add(l)));
            let s: String = t.buf[start..end].iter().collect();
            t.pos = end.max(t.pos);
            vm.new_str(s)
        } else {
            let b = bytes(vm, id);
            let start = b.pos.min(b.buf.len());
            let end = limit.map_or(b.buf.len(), |l| b.buf.len().min(start.saturating_add(l)));
            let v = b.buf[start..end].to_vec();
            b.pos = end.max(b.pos);
            vm.heap.new_value(Obj::Bytes(v))
        })
    }

    /// `readline(size=-1, /)`.
    builtin method readline(vm, this, size?, /) {
        let id = receiver(this);
        check(vm, id)?;
        let limit = size_arg(vm, size)?;
        Ok(read_line(vm, id, limit))
    }

    /// `readlines(hint=-1, /)`.
    builtin method readlines(vm, this, hint?, /) {
        let id = receiver(this);
        check(vm, id)?;
        let hint = size_arg(vm, hint)?.filter(|h| *h > 0);
        let mut lines = Vec::new();
        let mut total = 0usize;
        loop {
            let line = read_line(vm, id, None);
            if is_empty_line(vm, line) {
                break;
            }
            total += vm.len_of(line)?;
            lines.push(line);
            if hint.is_some_and(|h| total >= h) {
                break;
            }
        }
        Ok(vm.new_list(lines))
    }

    /// `getvalue()`.
    builtin method getvalue(vm, this) {
        let id = receiver(this);
        check(vm, id)?;
        Ok(if is_text(vm, id) {
            let s: String = text(vm, id).buf.iter().collect();
            vm.new_str(s)
        } else {
            let v = bytes(vm, id).buf.clone();
            vm.heap.new_value(Obj::Bytes(v))
        })
    }

    /// `seek(pos, whence=0, /)`.
    builtin method seek(vm, this, pos, whence?, /) {
        seek_to(vm, receiver(this), pos, whence)
    }

    /// `tell()`.
    builtin method tell(vm, this) {
        let id = receiver(this);
        check(vm, id)?;
        let pos = if is_text(vm, id) {
            text(vm, id).pos
        } else {
            bytes(vm, id).pos
        };
        Ok(Value::Int(pos as i64))
    }

    /// `truncate(size=None, /)`.
    builtin method truncate(vm, this, size?, /) {
        truncate_to(vm, receiver(this), size)
    }

    /// `close()`.
    builtin method close(vm, this) {
        set_closed(vm, receiver(this));
        Ok(Value::None)
    }

    /// `flush()`.
    builtin method flush(vm, this) {
        check(vm, receiver(this))?;
        Ok(Value::None)
    }

    /// `readable()`.
    builtin method readable(vm, this) {
        check(vm, receiver(this))?;
        Ok(Value::Bool(true))
    }

    /// `writable()`.
    builtin method writable(vm, this) {
        check(vm, receiver(this))?;
        Ok(Value::Bool(true))
    }

    /// `seekable()`.
    builtin method seekable(vm, this) {
        check(vm, receiver(this))?;
        Ok(Value::Bool(true))
    }

    /// `isatty()`.
    builtin method isatty(vm, this) {
        check(vm, receiver(this))?;
        Ok(Value::Bool(false))
    }

    /// `fileno()`: an in-memory stream has none (`OSError`).
    builtin method fileno(vm, this, *args, **kwargs) {
        Err(PyErr::new(ExcType::OSError, "fileno"))
    }

    /// `detach()`: unsupported (`OSError`).
    builtin method detach(vm, this, *args, **kwargs) {
        Err(PyErr::new(ExcType::OSError, "detach"))
    }

    /// `BytesIO.readinto(buffer, /)`: not implemented.
    builtin method unimplemented_readinto(vm, this, *args, **kwargs) {
        Err(PyErr::new(
            ExcType::AttributeError,
            "'_io.BytesIO' object has no attribute 'readinto'",
        ))
    }

    /// `BytesIO.getbuffer()`: not implemented.
    builtin method unimplemented_getbuffer(vm, this, *args, **kwargs) {
        Err(PyErr::new(
            ExcType::AttributeError,
            "'_io.BytesIO' object has no attribute 'getbuffer'",
        ))
    }

    /// `__enter__()`.
    builtin method enter(vm, this, *args, **kwargs) {
        check(vm, receiver(this))?;
        Ok(this)
    }

    /// `__exit__(*args)`.
    builtin method exit(vm, this, *args, **kwargs) {
        set_closed(vm, receiver(this));
        Ok(Value::None)
    }

    /// `__iter__()`.
    builtin method iter(vm, this, *args, **kwargs) {
        check_open(vm, receiver(this))?;
        Ok(this)
    }

    /// `__next__()`.
    builtin method next(vm, this, *args, **kwargs) {
        match next_line(vm, receiver(this))? {
            Some(v) => Ok(v),
            None => Err(PyErr::New(ExcType::StopIteration, vec![])),
        }
    }
}

/// `truncate(size)`: the size given, or the position.
fn truncate_to(vm: &mut Vm, id: ObjId, size: Option<Value>) -> PyResult<Value> {
    let text_mode = is_text(vm, id);
    check(vm, id)?;
    let size = match size {
        None | Some(Value::None) => None,
        Some(v) => Some(vm.index_arg(v)?),
    };
    if let Some(n) = size.filter(|n| *n < 0) {
        return Err(PyErr::value_error(if text_mode {
            format!("Negative size value {n}")
        } else {
            format!("negative size value {n}")
        }));
    }
    let n = if text_mode {
        let t = text(vm, id);
        let n = size.map_or(t.pos, |s| s as usize);
        t.buf.truncate(n);
        n
    } else {
        let b = bytes(vm, id);
        let n = size.map_or(b.pos, |s| s as usize);
        b.buf.truncate(n);
        n
    };
    Ok(Value::Int(n as i64))
}

/// `seek(pos, whence)`.
fn seek_to(vm: &mut Vm, id: ObjId, pos: Value, whence: Option<Value>) -> PyResult<Value> {
    let text_mode = is_text(vm, id);
    let off = vm.index_arg(pos)?;
    let whence = match whence {
        Some(w) => vm.index_arg(w)?,
        None => 0,
    };
    if text_mode {
        if !(0..=2).contains(&whence) {
            return Err(PyErr::value_error(format!(
                "Invalid whence ({whence}, should be 0, 1 or 2)"
            )));
        }
        if off < 0 && whence == 0 {
            return Err(PyErr::value_error(format!("Negative seek position {off}")));
        }
        if whence != 0 && off != 0 {
            return Err(PyErr::new(
                ExcType::OSError,
                "Can't do nonzero cur-relative seeks",
            ));
        }
        if is_closed(vm, id) {
            return Err(closed_err(false));
        }
        let t = text(vm, id);
        t.pos = match whence {
            0 => off as usize,
            1 => t.pos,
            _ => t.buf.len(),
        };
        Ok(Value::Int(t.pos as i64))
    } else {
        if is_closed(vm, id) {
            return Err(closed_err(true));
        }
        if !(0..=2).contains(&whence) {
            return Err(PyErr::value_error(format!(
                "invalid whence ({whence}, should be 0, 1 or 2)"
            )));
        }
        if off < 0 && whence == 0 {
            return Err(PyErr::value_error(format!("negative seek value {off}")));
        }
        let b = bytes(vm, id);
        let base = match whence {
            0 => 0,
            1 => b.pos as i64,
            _ => b.buf.len() as i64,
        };
        b.pos = base.saturating_add(off).max(0) as usize;
        Ok(Value::Int(b.pos as i64))
    }
}
