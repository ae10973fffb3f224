//! Methods of `bytes` and `bytearray`, declared with `native!` (the byte
//! algorithms behind them are in `bytes_text.rs`), and the calls on the
//! types themselves: `bytes.fromhex(...)`, `bytes.lower(b'x')`. A method
//! of a `bytearray` returns `bytearray`s where the `bytes` one returns
//! `bytes`.

use crate::builtins::native::{find_method, Method};
use crate::builtins::Args;
use crate::object::bytes::{self as pb, as_bytes};
use crate::object::{ExcType, Obj, Type, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

use super::bytes_text::{self as text, byte_value, index_of, index_value, Align};

native_methods! {
    pub fn bytes_methods;
    decode, hex, fromhex, count, find, rfind, index, rindex, startswith, endswith, split, rsplit,
    join, strip, lstrip, rstrip, replace, upper, lower, swapcase, title, capitalize, isdigit,
    isalpha, isalnum, isspace, isupper, islower, istitle, isascii, partition, rpartition, zfill,
    center, ljust, rjust, removeprefix, removesuffix, splitlines, expandtabs, translate,
    maketrans,
}

native_methods! {
    pub fn bytearray_methods;
    decode, hex, fromhex, count, find, rfind, index, rindex, startswith, endswith, split, rsplit,
    join, strip, lstrip, rstrip, replace, upper, lower, swapcase, title, capitalize, isdigit,
    isalpha, isalnum, isspace, isupper, islower, istitle, isascii, partition, rpartition, zfill,
    center, ljust, rjust, removeprefix, removesuffix, splitlines, expandtabs, translate,
    maketrans, append, extend, pop, insert, remove, clear, copy, reverse,
}

/// The methods of type `t`, `bytes` or `bytearray`.
fn table_of(t: Type) -> &'static [Method] {
    if t == Type::ByteArray {
        bytearray_methods()
    } else {
        bytes_methods()
    }
}

/// Whether `bytes.name`/`bytearray.name` exists (class methods, and the
/// instance methods as unbound functions: `bytes.lower(b'x')`).
pub fn type_has_method(t: Type, name: &str) -> bool {
    find_method(table_of(t), name).is_some()
}

/// Calls `bytes.fromhex(...)`/`bytes.maketrans(...)` on the type, or an
/// instance method unbound (`bytes.upper(b'x')`).
pub fn call_type(vm: &mut Vm, t: Type, name: &str, mut a: Args) -> PyResult<Value> {
    let qual = t.name();
    let Some(m) = find_method(table_of(t), name) else {
        return Err(PyErr::new(
            ExcType::AttributeError,
            format!("type object '{qual}' has no attribute '{name}'"),
        ));
    };
    a.name = m.name;
    a.owner = qual;
    if matches!(name, "fromhex" | "maketrans") {
        return (m.call)(vm, Value::Type(t), a);
    }
    let Some(&recv) = a.pos.first() else {
        return Err(PyErr::type_error(format!(
            "unbound method {qual}.{name}() needs an argument"
        )));
    };
    let applies = match recv {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::ByteArray(_) => t == Type::ByteArray,
            Obj::Bytes(_) => t == Type::Bytes,
            _ => false,
        },
        _ => false,
    };
    if !applies {
        return Err(PyErr::type_error(format!(
            "descriptor '{name}' for '{qual}' objects doesn't apply to a '{}' object",
            vm.class_name(recv)
        )));
    }
    a.pos.remove(0);
    (m.call)(vm, recv, a)
}

/// The contents of the bytes or bytearray a method was called on, and
/// whether it is a bytearray.
fn recv(vm: &Vm, this: Value) -> (&[u8], bool) {
    match this {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Bytes(b) => (b, false),
            Obj::ByteArray(b) => (b, true),
            _ => unreachable!("a bytes method's receiver"),
        },
        _ => unreachable!("a bytes method's receiver"),
    }
}

/// The bytearray a mutating method was called on.
fn array_mut(vm: &mut Vm, this: Value) -> &mut Vec<u8> {
    match this {
        Value::Ref(id) => match vm.heap.get_mut(id) {
            Obj::ByteArray(b) => b,
            _ => unreachable!("a bytearray method's receiver"),
        },
        _ => unreachable!("a bytearray method's receiver"),
    }
}

/// A new object of the receiver's kind holding `b`.
fn new_like(vm: &mut Vm, this: Value, b: Vec<u8>) -> PyResult<Value> {
    let array = recv(vm, this).1;
    Ok(vm.new_bytes_kind(array, b))
}

/// A list of objects of the receiver's kind.
fn list_like(vm: &mut Vm, this: Value, parts: Vec<Vec<u8>>) -> PyResult<Value> {
    let array = recv(vm, this).1;
    let items = parts
        .into_iter()
        .map(|p| vm.new_bytes_kind(array, p))
        .collect();
    Ok(vm.new_list(items))
}

/// What `find` and its relatives answer.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Search {
    Find,
    RFind,
    Index,
    RIndex,
    Count,
}

/// `count`/`find`/`rfind`/`index`/`rindex`.
fn search(
    vm: &mut Vm,
    this: Value,
    (sub, start, end): (Value, Option<Value>, Option<Value>),
    how: Search,
) -> PyResult<Value> {
    let start = index_value(vm, start)?;
    let end = index_value(vm, end)?;
    let s = recv(vm, this).0;
    let (start, end) = text::bounds(vm, start, end, s.len())?;
    let sub = text::needle(vm, sub)?;
    let window = if start <= end {
        &s[start..end]
    } else {
        &[][..]
    };
    let fits = start <= end && end - start >= sub.len();
    let found = match how {
        Search::Count => {
            let n = if !fits {
                0
            } else if sub.is_empty() {
                window.len() + 1
            } else {
                pb::find_all(window, &sub, usize::MAX).len()
            };
            return Ok(Value::Int(n as i64));
        }
        _ if !fits => None,
        Search::Find | Search::Index => pb::find(window, &sub),
        Search::RFind | Search::RIndex => pb::rfind(window, &sub),
    };
    match found {
        Some(i) => Ok(Value::Int((start + i) as i64)),
        None if matches!(how, Search::Index | Search::RIndex) => {
            Err(PyErr::value_error("subsection not found"))
        }
        None => Ok(Value::Int(-1)),
    }
}

/// `startswith`/`endswith`. As CPython: the bounds first, then the
/// items of a tuple in order, a match ending the search before a later
/// item of the wrong type is seen.
fn affix(
    vm: &mut Vm,
    this: Value,
    (affix, start, end): (Value, Option<Value>, Option<Value>),
    at_start: bool,
    name: &str,
) -> PyResult<Value> {
    let start = index_value(vm, start)?;
    let end = index_value(vm, end)?;
    let s = recv(vm, this).0;
    let n = s.len();
    let (start, end) = text::bounds(vm, start, end, n)?;
    let hit = |p: &[u8]| {
        let k = p.len();
        if at_start {
            start + k <= n && end >= start && end - start >= k && s[start..start + k] == *p
        } else {
            start <= n && end >= start && end - start >= k && s[end - k..end] == *p
        }
    };
    if let Value::Ref(t) = affix {
        if let Obj::Tuple(items) = vm.heap.get(t) {
            for &i in items {
                match as_bytes(&vm.heap, i) {
                    Some(p) if hit(p) => return Ok(Value::Bool(true)),
                    Some(_) => {}
                    None => {
                        return Err(PyErr::type_error(format!(
                            "a bytes-like object is required, not '{}'",
                            vm.class_name(i)
                        )))
                    }
                }
            }
            return Ok(Value::Bool(false));
        }
    }
    match as_bytes(&vm.heap, affix) {
        Some(p) => Ok(Value::Bool(hit(p))),
        None => Err(PyErr::type_error(format!(
            "{name} first arg must be bytes or a tuple of bytes, not {}",
            vm.class_name(affix)
        ))),
    }
}

/// `split`/`rsplit`.
fn split_bytes(
    vm: &mut Vm,
    this: Value,
    sep: Option<Value>,
    maxsplit: Option<Value>,
    right: bool,
) -> PyResult<Value> {
    let maxsplit = match maxsplit {
        Some(m) => index_of(vm, m)?,
        None => -1,
    };
    let parts = match sep.filter(|v| !v.is_none()) {
        None => text::split_ws(recv(vm, this).0, maxsplit, right),
        Some(sep) => {
            let sep = vm.bytes_arg(sep)?;
            if sep.is_empty() {
                return Err(PyErr::value_error("empty separator"));
            }
            text::split_sep(recv(vm, this).0, &sep, maxsplit, right)
        }
    };
    list_like(vm, this, parts)
}

/// `strip`/`lstrip`/`rstrip`.
fn strip_bytes(
    vm: &mut Vm,
    this: Value,
    bytes: Option<Value>,
    left: bool,
    right: bool,
) -> PyResult<Value> {
    let chars = match bytes.filter(|v| !v.is_none()) {
        Some(c) => Some(vm.bytes_arg(c)?),
        None => None,
    };
    let strip = |c: &u8| match &chars {
        Some(cs) => cs.contains(c),
        None => pb::is_space(*c),
    };
    let s = recv(vm, this).0;
    let (mut lo, mut hi) = (0, s.len());
    if left {
        while lo < hi && strip(&s[lo]) {
            lo += 1;
        }
    }
    if right {
        while hi > lo && strip(&s[hi - 1]) {
            hi -= 1;
        }
    }
    let r = s[lo..hi].to_vec();
    new_like(vm, this, r)
}

/// `partition`/`rpartition`.
fn partition_bytes(vm: &mut Vm, this: Value, sep_v: Value, right: bool) -> PyResult<Value> {
    let sep = vm.bytes_arg(sep_v)?;
    if sep.is_empty() {
        return Err(PyErr::value_error("empty separator"));
    }
    let (s, array) = recv(vm, this);
    let found = if right {
        pb::rfind(s, &sep)
    } else {
        pb::find(s, &sep)
    };
    let (x, y, z) = match found {
        Some(i) => (s[..i].to_vec(), sep.clone(), s[i + sep.len()..].to_vec()),
        None if !right => (s.to_vec(), Vec::new(), Vec::new()),
        None => (Vec::new(), Vec::new(), s.to_vec()),
    };
    // bytes.partition returns the separator object it was given
    let mid = if found.is_some() && !array {
        sep_v
    } else {
        vm.new_bytes_kind(array, y)
    };
    let items = vec![
        vm.new_bytes_kind(array, x),
        mid,
        vm.new_bytes_kind(array, z),
    ];
    Ok(vm.new_tuple(items))
}

/// `center`/`ljust`/`rjust`.
fn pad_bytes(
    vm: &mut Vm,
    this: Value,
    (width, fillchar): (Value, Option<Value>),
    how: Align,
    name: &str,
) -> PyResult<Value> {
    let width = index_of(vm, width)?;
    let fill = text::fill_byte(vm, fillchar, name)?;
    let s = recv(vm, this).0;
    let r = if width <= s.len() as i64 {
        s.to_vec()
    } else {
        vm.check_alloc(width as u128)?;
        text::pad(s, width, fill, how)
    };
    new_like(vm, this, r)
}

/// The receiver mapped by `f`, as a new object of its kind.
fn map(vm: &mut Vm, this: Value, f: impl Fn(&[u8]) -> Vec<u8>) -> PyResult<Value> {
    let r = f(recv(vm, this).0);
    new_like(vm, this, r)
}

/// A predicate of the receiver's contents, as a bool.
fn test(vm: &Vm, this: Value, f: impl Fn(&[u8]) -> bool) -> PyResult<Value> {
    Ok(Value::Bool(f(recv(vm, this).0)))
}

native! {
    /// `bytes.decode(encoding='utf-8', errors='strict')`.
    clinic method decode(vm, this, /, encoding?, errors?) {
        let enc = text::str_param(vm, encoding, "decode", "encoding", "utf-8")?;
        let errors = text::str_param(vm, errors, "decode", "errors", "strict")?;
        let r = crate::builtins::codecs::decode(recv(vm, this).0, &enc, &errors)?;
        Ok(vm.new_str(r))
    }

    /// `bytes.hex(sep=<unrepresentable>, bytes_per_sep=1)`.
    clinic method hex(vm, this, /, sep?, bytes_per_sep?) {
        let per = index_value(vm, bytes_per_sep)?;
        let h = text::hex(vm, recv(vm, this).0, sep, per)?;
        Ok(vm.new_str(h))
    }

    /// `bytes.fromhex(string, /)`, on the type or an instance.
    builtin method fromhex(vm, this, string, /) {
        let array = match this {
            Value::Type(t) => t == Type::ByteArray,
            _ => recv(vm, this).1,
        };
        let b = text::fromhex(vm, string)?;
        Ok(vm.new_bytes_kind(array, b))
    }

    /// `bytes.maketrans(frm, to, /)`, on the type or an instance.
    builtin method maketrans(vm, this, frm, to, /) {
        let t = text::maketrans(vm, frm, to)?;
        Ok(vm.new_bytes(t))
    }

    /// `bytes.count(sub[, start[, end]], /)`.
    builtin method count(vm, this, sub, start?, end?, /) {
        search(vm, this, (sub, start, end), Search::Count)
    }

    /// `bytes.find(sub[, start[, end]], /)`.
    builtin method find(vm, this, sub, start?, end?, /) {
        search(vm, this, (sub, start, end), Search::Find)
    }

    /// `bytes.rfind(sub[, start[, end]], /)`.
    builtin method rfind(vm, this, sub, start?, end?, /) {
        search(vm, this, (sub, start, end), Search::RFind)
    }

    /// `bytes.index(sub[, start[, end]], /)`.
    builtin method index(vm, this, sub, start?, end?, /) {
        search(vm, this, (sub, start, end), Search::Index)
    }

    /// `bytes.rindex(sub[, start[, end]], /)`.
    builtin method rindex(vm, this, sub, start?, end?, /) {
        search(vm, this, (sub, start, end), Search::RIndex)
    }

    /// `bytes.startswith(prefix[, start[, end]], /)`.
    builtin method startswith(vm, this, prefix, start?, end?, /) {
        affix(vm, this, (prefix, start, end), true, "startswith")
    }

    /// `bytes.endswith(suffix[, start[, end]], /)`.
    builtin method endswith(vm, this, suffix, start?, end?, /) {
        affix(vm, this, (suffix, start, end), false, "endswith")
    }

    /// `bytes.split(sep=None, maxsplit=-1)`.
    clinic method split(vm, this, /, sep?, maxsplit?) {
        split_bytes(vm, this, sep, maxsplit, false)
    }

    /// `bytes.rsplit(sep=None, maxsplit=-1)`.
    clinic method rsplit(vm, this, /, sep?, maxsplit?) {
        split_bytes(vm, this, sep, maxsplit, true)
    }

    /// `bytes.join(iterable_of_bytes, /)`.
    builtin method join(vm, this, iterable_of_bytes, /) {
        let items = vm.collect_iterable(iterable_of_bytes)?;
        let s = recv(vm, this).0;
        let mut out = Vec::new();
        for (i, it) in items.iter().enumerate() {
            if i > 0 {
                out.extend_from_slice(s);
            }
            match as_bytes(&vm.heap, *it) {
                Some(b) => out.extend_from_slice(b),
                None => {
                    return Err(PyErr::type_error(format!(
                        "sequence item {i}: expected a bytes-like object, {} found",
                        vm.class_name(*it)
                    )))
                }
            }
            vm.check_alloc(out.len() as u128)?;
        }
        new_like(vm, this, out)
    }

    /// `bytes.strip(bytes=None, /)`.
    builtin method strip(vm, this, bytes?, /) {
        strip_bytes(vm, this, bytes, true, true)
    }

    /// `bytes.lstrip(bytes=None, /)`.
    builtin method lstrip(vm, this, bytes?, /) {
        strip_bytes(vm, this, bytes, true, false)
    }

    /// `bytes.rstrip(bytes=None, /)`.
    builtin method rstrip(vm, this, bytes?, /) {
        strip_bytes(vm, this, bytes, false, true)
    }

    /// `bytes.replace(old, new, count=-1, /)`.
    builtin method replace(vm, this, old, new, count?, /) {
        let old = vm.bytes_arg(old)?;
        let new = vm.bytes_arg(new)?;
        let count = match count {
            Some(c) => index_of(vm, c)?,
            None => -1,
        };
        let s = recv(vm, this).0;
        let est = if old.is_empty() {
            (s.len() + 1) * new.len() + s.len()
        } else {
            s.len() / old.len() * new.len() + s.len()
        };
        vm.check_alloc(est as u128)?;
        let r = text::replace(s, &old, &new, count);
        new_like(vm, this, r)
    }

    /// `bytes.upper()`.
    builtin method upper(vm, this) {
        map(vm, this, <[u8]>::to_ascii_uppercase)
    }

    /// `bytes.lower()`.
    builtin method lower(vm, this) {
        map(vm, this, <[u8]>::to_ascii_lowercase)
    }

    /// `bytes.swapcase()`.
    builtin method swapcase(vm, this) {
        map(vm, this, text::swapcase)
    }

    /// `bytes.title()`.
    builtin method title(vm, this) {
        map(vm, this, text::title)
    }

    /// `bytes.capitalize()`.
    builtin method capitalize(vm, this) {
        map(vm, this, text::capitalize)
    }

    /// `bytes.isdigit()`.
    builtin method isdigit(vm, this) {
        test(vm, this, |s| !s.is_empty() && s.iter().all(u8::is_ascii_digit))
    }

    /// `bytes.isalpha()`.
    builtin method isalpha(vm, this) {
        test(vm, this, |s| !s.is_empty() && s.iter().all(u8::is_ascii_alphabetic))
    }

    /// `bytes.isalnum()`.
    builtin method isalnum(vm, this) {
        test(vm, this, |s| !s.is_empty() && s.iter().all(u8::is_ascii_alphanumeric))
    }

    /// `bytes.isspace()`.
    builtin method isspace(vm, this) {
        test(vm, this, |s| !s.is_empty() && s.iter().all(|c| pb::is_space(*c)))
    }

    /// `bytes.isupper()`.
    builtin method isupper(vm, this) {
        test(vm, this, |s| {
            s.iter().any(u8::is_ascii_uppercase) && !s.iter().any(u8::is_ascii_lowercase)
        })
    }

    /// `bytes.islower()`.
    builtin method islower(vm, this) {
        test(vm, this, |s| {
            s.iter().any(u8::is_ascii_lowercase) && !s.iter().any(u8::is_ascii_uppercase)
        })
    }

    /// `bytes.istitle()`.
    builtin method istitle(vm, this) {
        test(vm, this, |s| s.iter().any(u8::is_ascii_alphabetic) && text::title(s) == s)
    }

    /// `bytes.isascii()`.
    builtin method isascii(vm, this) {
        test(vm, this, <[u8]>::is_ascii)
    }

    /// `bytes.partition(sep, /)`.
    builtin method partition(vm, this, sep, /) {
        partition_bytes(vm, this, sep, false)
    }

    /// `bytes.rpartition(sep, /)`.
    builtin method rpartition(vm, this, sep, /) {
        partition_bytes(vm, this, sep, true)
    }

    /// `bytes.zfill(width, /)`.
    builtin method zfill(vm, this, width, /) {
        let width = index_of(vm, width)?;
        let s = recv(vm, this).0;
        let r = if width <= s.len() as i64 {
            s.to_vec()
        } else {
            vm.check_alloc(width as u128)?;
            text::zfill(s, width)
        };
        new_like(vm, this, r)
    }

    /// `bytes.center(width, fillchar=b' ', /)`.
    builtin method center(vm, this, width, fillchar?, /) {
        pad_bytes(vm, this, (width, fillchar), Align::Center, "center")
    }

    /// `bytes.ljust(width, fillchar=b' ', /)`.
    builtin method ljust(vm, this, width, fillchar?, /) {
        pad_bytes(vm, this, (width, fillchar), Align::Left, "ljust")
    }

    /// `bytes.rjust(width, fillchar=b' ', /)`.
    builtin method rjust(vm, this, width, fillchar?, /) {
        pad_bytes(vm, this, (width, fillchar), Align::Right, "rjust")
    }

    /// `bytes.removeprefix(prefix, /)`.
    builtin method removeprefix(vm, this, prefix, /) {
        let p = vm.bytes_arg(prefix)?;
        let s = recv(vm, this).0;
        let r = s.strip_prefix(p.as_slice()).unwrap_or(s).to_vec();
        new_like(vm, this, r)
    }

    /// `bytes.removesuffix(suffix, /)`.
    builtin method removesuffix(vm, this, suffix, /) {
        let p = vm.bytes_arg(suffix)?;
        let s = recv(vm, this).0;
        let r = s.strip_suffix(p.as_slice()).unwrap_or(s).to_vec();
        new_like(vm, this, r)
    }

    /// `bytes.splitlines(keepends=False)`.
    clinic method splitlines(vm, this, /, keepends?) {
        let keep = match keepends {
            Some(k) => vm.truthy(k)?,
            None => false,
        };
        let parts = text::splitlines(recv(vm, this).0, keep);
        list_like(vm, this, parts)
    }

    /// `bytes.expandtabs(tabsize=8)`.
    clinic method expandtabs(vm, this, /, tabsize?) {
        let ts = match tabsize {
            Some(t) => index_of(vm, t)?,
            None => 8,
        };
        let r = text::expandtabs(vm, recv(vm, this).0, ts)?;
        new_like(vm, this, r)
    }

    /// `bytes.translate(table, /, delete=b'')`.
    clinic method translate(vm, this, table, /, delete?) {
        let table = match Some(table).filter(|v| !v.is_none()) {
            None => None,
            Some(t) => {
                let t = vm.bytes_arg(t)?;
                if t.len() != 256 {
                    return Err(PyErr::value_error(
                        "translation table must be 256 characters long",
                    ));
                }
                Some(t)
            }
        };
        let delete = match delete {
            Some(d) => vm.bytes_arg(d)?,
            None => Vec::new(),
        };
        let r: Vec<u8> = recv(vm, this)
            .0
            .iter()
            .filter(|c| !delete.contains(c))
            .map(|&c| table.as_ref().map_or(c, |t| t[c as usize]))
            .collect();
        new_like(vm, this, r)
    }

    /// `bytearray.append(item, /)`.
    builtin method append(vm, this, item, /) {
        let c = byte_value(vm, item)?;
        array_mut(vm, this).push(c);
        Ok(Value::None)
    }

    /// `bytearray.extend(iterable_of_ints, /)`.
    builtin method extend(vm, this, iterable_of_ints, /) {
        let v = iterable_of_ints;
        let add = match as_bytes(&vm.heap, v) {
            Some(b) => b.to_vec(),
            None => {
                if as_str(&vm.heap, v).is_some() {
                    return Err(PyErr::type_error(
                        "expected iterable of integers; got: 'str'",
                    ));
                }
                if !matches!(v, Value::Ref(_)) || vm.get_iter(v).is_err() {
                    return Err(PyErr::type_error(format!(
                        "can't extend bytearray with {}",
                        vm.class_name(v)
                    )));
                }
                let items = vm.collect_iterable(v)?;
                let mut out = Vec::with_capacity(items.len());
                for it in items {
                    out.push(byte_value(vm, it)?);
                }
                out
            }
        };
        let len = recv(vm, this).0.len();
        vm.check_alloc(len as u128 + add.len() as u128)?;
        array_mut(vm, this).extend_from_slice(&add);
        Ok(Value::None)
    }

    /// `bytearray.pop(index=-1, /)`.
    builtin method pop(vm, this, index?, /) {
        let i = match index {
            Some(v) => index_of(vm, v)?,
            None => -1,
        };
        let b = array_mut(vm, this);
        if b.is_empty() {
            return Err(PyErr::new(ExcType::IndexError, "pop from empty bytearray"));
        }
        let n = b.len() as i64;
        let j = if i < 0 { i + n } else { i };
        if j < 0 || j >= n {
            return Err(PyErr::new(ExcType::IndexError, "pop index out of range"));
        }
        Ok(Value::Int(b.remove(j as usize) as i64))
    }

    /// `bytearray.insert(index, item, /)`.
    builtin method insert(vm, this, index, item, /) {
        let i = index_of(vm, index)?;
        let c = byte_value(vm, item)?;
        let b = array_mut(vm, this);
        let n = b.len() as i64;
        let j = if i < 0 { (i + n).max(0) } else { i.min(n) };
        b.insert(j as usize, c);
        Ok(Value::None)
    }

    /// `bytearray.remove(value, /)`.
    builtin method remove(vm, this, value, /) {
        let c = byte_value(vm, value)?;
        let b = array_mut(vm, this);
        match b.iter().position(|x| *x == c) {
            Some(i) => {
                b.remove(i);
                Ok(Value::None)
            }
            None => Err(PyErr::value_error("value not found in bytearray")),
        }
    }

    /// `bytearray.clear()`.
    builtin method clear(vm, this) {
        array_mut(vm, this).clear();
        Ok(Value::None)
    }

    /// `bytearray.reverse()`.
    builtin method reverse(vm, this) {
        array_mut(vm, this).reverse();
        Ok(Value::None)
    }

    /// `bytearray.copy()`.
    builtin method copy(vm, this) {
        let b = recv(vm, this).0.to_vec();
        Ok(vm.new_bytearray(b))
    }
}
