//! Methods of `str`, declared with `native!` (the text algorithms behind
//! them are in `str_text.rs`; `str_fast.rs` answers the commonest calls
//! before they get here). Indices in and out are code-point positions, as
//! in Python, even though the storage is UTF-8.

use crate::builtins::strformat::{format_str, Named};
use crate::object::{ExcType, Obj, PyStr, Value};
use crate::unicode;
use crate::vm::{as_str, PyErr, PyResult, Vm};

use super::str_text::{self as text, is_decimal, is_py_space, Align};

native_methods! {
    pub fn str_methods;
    // the most called first: the table is searched in order
    join, split, strip, startswith, replace, format, endswith, find, lower, upper, rstrip,
    lstrip, rsplit, rfind, index, rindex, count, partition, rpartition, splitlines,
    isdigit, isalpha, isalnum, isspace, isupper, islower, isdecimal, isnumeric, istitle,
    isidentifier, isascii, isprintable, title, capitalize, swapcase, casefold, zfill, center,
    ljust, rjust, removeprefix, removesuffix, expandtabs, format_map, encode,
}

/// The str a method was called on.
fn recv(vm: &Vm, this: Value) -> &PyStr {
    match this {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Str(s) => s,
            _ => unreachable!("a str method's receiver"),
        },
        _ => unreachable!("a str method's receiver"),
    }
}

/// A new str from `s`.
fn new_str(vm: &mut Vm, s: String) -> PyResult<Value> {
    Ok(vm.new_str(s))
}

/// The name of `v`'s type in a `must be str, not ...` message (CPython
/// names `None` itself, not its type).
fn type_for_message(vm: &Vm, v: Value) -> String {
    if v.is_none() {
        "None".to_string()
    } else {
        vm.class_name(v)
    }
}

/// `TypeError: {what} must be str, not {type}`.
fn not_str(vm: &Vm, v: Value, what: &str) -> PyErr {
    PyErr::type_error(format!(
        "{what} must be str, not {}",
        type_for_message(vm, v)
    ))
}

/// Code points `start..end` of a string of `len` code points, from Python
/// `start`/`end` arguments (None or absent: the ends; negative: from the
/// end; clamped to `0..=len`).
fn clamp(
    vm: &mut Vm,
    start: Option<Value>,
    end: Option<Value>,
    len: usize,
) -> PyResult<(usize, usize)> {
    let mut get = |v: Option<Value>| -> PyResult<Option<i64>> {
        match v {
            Some(v) if !v.is_none() => vm.slice_bound_mut(v).map(Some),
            _ => Ok(None),
        }
    };
    let norm = |v: Option<i64>, default: usize| -> usize {
        match v {
            None => default,
            Some(i) if i < 0 => (len as i64).saturating_add(i).max(0) as usize,
            Some(i) => (i as usize).min(len),
        }
    };
    let start = norm(get(start)?, 0);
    Ok((start, norm(get(end)?, len)))
}

/// Byte range of code points `start..end` in `s`.
fn byte_range(s: &PyStr, start: usize, end: usize) -> (usize, usize) {
    if start >= end {
        let b = s.byte_offset(start.min(s.char_len()));
        return (b, b);
    }
    (s.byte_offset(start), s.byte_offset(end))
}

/// `split`/`rsplit`.
fn split_str(
    vm: &mut Vm,
    this: Value,
    sep: Option<Value>,
    maxsplit: Option<Value>,
    from_right: bool,
) -> PyResult<Value> {
    let sep = sep.filter(|v| !v.is_none());
    let maxsplit = match maxsplit {
        Some(m) => vm.index_arg_mut(m)?,
        None => -1,
    };
    let s = recv(vm, this).s.as_str();
    let parts = match sep {
        None => text::split_whitespace(s, maxsplit, from_right),
        Some(sv) => {
            let Some(sep) = as_str(&vm.heap, sv) else {
                return Err(PyErr::type_error(format!(
                    "must be str or None, not {}",
                    vm.class_name(sv)
                )));
            };
            if sep.is_empty() {
                return Err(PyErr::value_error("empty separator"));
            }
            text::split_sep(s, sep, maxsplit, from_right)
        }
    };
    let items: Vec<Value> = parts.into_iter().map(|p| vm.new_str(p)).collect();
    Ok(vm.new_list(items))
}

/// Which end(s) `strip` works on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Both,
    Left,
    Right,
}

/// `strip`/`lstrip`/`rstrip`.
fn strip_str(
    vm: &mut Vm,
    this: Value,
    chars: Option<Value>,
    side: Side,
    name: &str,
) -> PyResult<Value> {
    let s = recv(vm, this).s.as_str();
    let r = match chars.filter(|v| !v.is_none()) {
        None => match side {
            Side::Both => s.trim_matches(is_py_space),
            Side::Left => s.trim_start_matches(is_py_space),
            Side::Right => s.trim_end_matches(is_py_space),
        },
        Some(c) => {
            let Some(cs) = as_str(&vm.heap, c) else {
                return Err(PyErr::type_error(format!("{name} arg must be None or str")));
            };
            let strip = |c: char| cs.contains(c);
            match side {
                Side::Both => s.trim_matches(strip),
                Side::Left => s.trim_start_matches(strip),
                Side::Right => s.trim_end_matches(strip),
            }
        }
    };
    let r = r.to_string();
    new_str(vm, r)
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

/// `find`/`rfind`/`index`/`rindex`/`count`.
fn search(
    vm: &mut Vm,
    this: Value,
    (sub, start, end): (Value, Option<Value>, Option<Value>),
    how: Search,
    name: &str,
) -> PyResult<Value> {
    if as_str(&vm.heap, sub).is_none() {
        return Err(not_str(vm, sub, &format!("{name}() argument 1")));
    }
    let len = recv(vm, this).char_len();
    let (start, end) = clamp(vm, start, end, len)?;
    let not_found = || match how {
        Search::Index | Search::RIndex => Err(PyErr::value_error("substring not found")),
        _ => Ok(Value::Int(-1)),
    };
    if start > end || start > len {
        return match how {
            Search::Count => Ok(Value::Int(0)),
            _ => not_found(),
        };
    }
    let ps = recv(vm, this);
    let sub = as_str(&vm.heap, sub).unwrap_or_default();
    let (b0, b1) = byte_range(ps, start, end);
    let hay = &ps.s[b0..b1];
    let found = match how {
        Search::Count => {
            let n = if sub.is_empty() {
                hay.chars().count() + 1
            } else {
                hay.matches(sub).count()
            };
            return Ok(Value::Int(n as i64));
        }
        Search::Find | Search::Index => hay.find(sub),
        Search::RFind | Search::RIndex => hay.rfind(sub),
    };
    match found {
        Some(b) => Ok(Value::Int(ps.char_index(b0 + b) as i64)),
        None => not_found(),
    }
}

/// `startswith`/`endswith`.
fn affix(
    vm: &mut Vm,
    this: Value,
    (affix, start, end): (Value, Option<Value>, Option<Value>),
    at_start: bool,
    name: &str,
) -> PyResult<Value> {
    let len = recv(vm, this).char_len();
    let (start, end) = clamp(vm, start, end, len)?;
    if start > end {
        return Ok(Value::Bool(false));
    }
    let ps = recv(vm, this);
    let (b0, b1) = byte_range(ps, start, end);
    let hay = &ps.s[b0..b1];
    let matches = |p: &str| {
        if at_start {
            hay.starts_with(p)
        } else {
            hay.ends_with(p)
        }
    };
    // A tuple is tried in order: a match ends the search before a later
    // item of the wrong type is seen (as CPython).
    if let Value::Ref(t) = affix {
        if let Obj::Tuple(items) = vm.heap.get(t) {
            for &i in items {
                match as_str(&vm.heap, i) {
                    Some(p) if matches(p) => return Ok(Value::Bool(true)),
                    Some(_) => {}
                    None => {
                        return Err(PyErr::type_error(format!(
                            "tuple for {name} must only contain str, not {}",
                            vm.class_name(i)
                        )))
                    }
                }
            }
            return Ok(Value::Bool(false));
        }
    }
    match as_str(&vm.heap, affix) {
        Some(p) => Ok(Value::Bool(matches(p))),
        None => Err(PyErr::type_error(format!(
            "{name} first arg must be str or a tuple of str, not {}",
            vm.class_name(affix)
        ))),
    }
}

/// `center`/`ljust`/`rjust`.
fn pad_str(
    vm: &mut Vm,
    this: Value,
    width: Value,
    fillchar: Option<Value>,
    how: Align,
) -> PyResult<Value> {
    let width = vm.index_arg_mut(width)?;
    let fill = match fillchar {
        Some(f) => {
            let fs = as_str(&vm.heap, f).ok_or_else(|| {
                PyErr::type_error(format!(
                    "The fill character must be a unicode character, not {}",
                    vm.class_name(f)
                ))
            })?;
            let mut cs = fs.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) => c,
                _ => {
                    return Err(PyErr::type_error(
                        "The fill character must be exactly one character long",
                    ))
                }
            }
        }
        None => ' ',
    };
    let ps = recv(vm, this);
    let n = ps.char_len() as i64;
    if width <= n {
        let r = ps.s.to_string();
        return new_str(vm, r);
    }
    vm.check_alloc(width as u128)?;
    let r = text::pad(&ps.s, n, width, fill, how);
    new_str(vm, r)
}

/// `partition`/`rpartition`.
fn partition_str(vm: &mut Vm, this: Value, sep: Value, right: bool) -> PyResult<Value> {
    let Some(sep) = as_str(&vm.heap, sep) else {
        return Err(PyErr::type_error(format!(
            "must be str, not {}",
            vm.class_name(sep)
        )));
    };
    if sep.is_empty() {
        return Err(PyErr::value_error("empty separator"));
    }
    let s = recv(vm, this).s.as_str();
    let found = if right { s.rfind(sep) } else { s.find(sep) };
    let (x, y, z) = match found {
        Some(i) => (
            s[..i].to_string(),
            sep.to_string(),
            s[i + sep.len()..].to_string(),
        ),
        None if !right => (s.to_string(), String::new(), String::new()),
        None => (String::new(), String::new(), s.to_string()),
    };
    let items = vec![vm.new_str(x), vm.new_str(y), vm.new_str(z)];
    Ok(vm.new_tuple(items))
}

/// `removeprefix`/`removesuffix`.
fn remove_affix(vm: &mut Vm, this: Value, affix: Value, prefix: bool) -> PyResult<Value> {
    let Some(p) = as_str(&vm.heap, affix) else {
        let what = if prefix {
            "removeprefix() argument"
        } else {
            "removesuffix() argument"
        };
        return Err(not_str(vm, affix, what));
    };
    let s = recv(vm, this).s.as_str();
    let r = if prefix {
        s.strip_prefix(p).unwrap_or(s)
    } else {
        s.strip_suffix(p).unwrap_or(s)
    };
    let r = r.to_string();
    new_str(vm, r)
}

/// A predicate of the receiver's text, as a bool.
fn test(vm: &Vm, this: Value, f: impl Fn(&str) -> bool) -> PyResult<Value> {
    Ok(Value::Bool(f(&recv(vm, this).s)))
}

/// The receiver's text mapped by `f`, as a new str.
fn map(vm: &mut Vm, this: Value, f: impl Fn(&str) -> String) -> PyResult<Value> {
    let r = f(&recv(vm, this).s);
    new_str(vm, r)
}

native! {
    /// `str.join(iterable, /)`.
    builtin method join(vm, this, iterable, /) {
        let listed = matches!(iterable, Value::Ref(id)
            if matches!(vm.heap.get(id), Obj::List(_) | Obj::Tuple(_)));
        let iterable = match if listed { Ok(iterable) } else { vm.get_iter(iterable) } {
            Ok(it) => it,
            // an error raised by `__iter__` itself propagates
            Err(e) if !vm.is_exc_kind(&e, ExcType::TypeError) => return Err(e),
            Err(_) => return Err(PyErr::type_error("can only join an iterable")),
        };
        let mut items = vm.collect_iterable(iterable)?;
        for it in &mut items {
            // a str mixed into a class with a metaclass (a `StrEnum` member)
            if as_str(&vm.heap, *it).is_none() {
                if let Some(p) = crate::lib().builtin_payload(vm, *it) {
                    *it = p;
                }
            }
        }
        let s = recv(vm, this).s.as_str();
        // The size is known before building: refuse a too-big result up
        // front instead of growing into the memory limit.
        let total: u128 = items
            .iter()
            .map(|it| as_str(&vm.heap, *it).map_or(0, str::len) as u128)
            .sum::<u128>()
            + s.len() as u128 * items.len().saturating_sub(1) as u128;
        vm.check_alloc(total)?;
        let mut out = String::with_capacity(total as usize);
        for (i, it) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(s);
            }
            match as_str(&vm.heap, *it) {
                Some(x) => out.push_str(x),
                None => {
                    return Err(PyErr::type_error(format!(
                        "sequence item {i}: expected str instance, {} found",
                        vm.class_name(*it)
                    )))
                }
            }
            if out.len() > vm.max_alloc_bytes() {
                return Err(PyErr::new(ExcType::MemoryError, ""));
            }
        }
        new_str(vm, out)
    }

    /// `str.split(sep=None, maxsplit=-1)`.
    clinic method split(vm, this, /, sep?, maxsplit?) {
        split_str(vm, this, sep, maxsplit, false)
    }

    /// `str.rsplit(sep=None, maxsplit=-1)`.
    clinic method rsplit(vm, this, /, sep?, maxsplit?) {
        split_str(vm, this, sep, maxsplit, true)
    }

    /// `str.strip(chars=None, /)`.
    builtin method strip(vm, this, chars?, /) {
        strip_str(vm, this, chars, Side::Both, "strip")
    }

    /// `str.lstrip(chars=None, /)`.
    builtin method lstrip(vm, this, chars?, /) {
        strip_str(vm, this, chars, Side::Left, "lstrip")
    }

    /// `str.rstrip(chars=None, /)`.
    builtin method rstrip(vm, this, chars?, /) {
        strip_str(vm, this, chars, Side::Right, "rstrip")
    }

    /// `str.replace(old, new, /, count=-1)`.
    clinic method replace(vm, this, old, new, /, count?) {
        for (v, what) in [(old, "replace() argument 1"), (new, "replace() argument 2")] {
            if as_str(&vm.heap, v).is_none() {
                return Err(not_str(vm, v, what));
            }
        }
        let count = match count {
            Some(c) => vm.index_arg_mut(c)?,
            None => -1,
        };
        let s = recv(vm, this).s.as_str();
        let old = as_str(&vm.heap, old).unwrap_or_default();
        let new = as_str(&vm.heap, new).unwrap_or_default();
        let est = if old.is_empty() {
            (s.len() + 1) * new.len() + s.len()
        } else {
            s.len() / old.len() * new.len() + s.len()
        };
        vm.check_alloc(est as u128)?;
        let r = if count < 0 {
            s.replace(old, new)
        } else {
            s.replacen(old, new, count as usize)
        };
        new_str(vm, r)
    }

    /// `str.find(sub[, start[, end]], /)`.
    builtin method find(vm, this, sub, start?, end?, /) {
        search(vm, this, (sub, start, end), Search::Find, "find")
    }

    /// `str.rfind(sub[, start[, end]], /)`.
    builtin method rfind(vm, this, sub, start?, end?, /) {
        search(vm, this, (sub, start, end), Search::RFind, "rfind")
    }

    /// `str.index(sub[, start[, end]], /)`.
    builtin method index(vm, this, sub, start?, end?, /) {
        search(vm, this, (sub, start, end), Search::Index, "index")
    }

    /// `str.rindex(sub[, start[, end]], /)`.
    builtin method rindex(vm, this, sub, start?, end?, /) {
        search(vm, this, (sub, start, end), Search::RIndex, "rindex")
    }

    /// `str.count(sub[, start[, end]], /)`.
    builtin method count(vm, this, sub, start?, end?, /) {
        search(vm, this, (sub, start, end), Search::Count, "count")
    }

    /// `str.startswith(prefix[, start[, end]], /)`.
    builtin method startswith(vm, this, prefix, start?, end?, /) {
        affix(vm, this, (prefix, start, end), true, "startswith")
    }

    /// `str.endswith(suffix[, start[, end]], /)`.
    builtin method endswith(vm, this, suffix, start?, end?, /) {
        affix(vm, this, (suffix, start, end), false, "endswith")
    }

    /// `str.partition(sep, /)`.
    builtin method partition(vm, this, sep, /) {
        partition_str(vm, this, sep, false)
    }

    /// `str.rpartition(sep, /)`.
    builtin method rpartition(vm, this, sep, /) {
        partition_str(vm, this, sep, true)
    }

    /// `str.removeprefix(prefix, /)`.
    builtin method removeprefix(vm, this, prefix, /) {
        remove_affix(vm, this, prefix, true)
    }

    /// `str.removesuffix(suffix, /)`.
    builtin method removesuffix(vm, this, suffix, /) {
        remove_affix(vm, this, suffix, false)
    }

    /// `str.splitlines(keepends=False)`.
    clinic method splitlines(vm, this, /, keepends?) {
        let keep = match keepends {
            Some(k) => vm.truthy(k)?,
            None => false,
        };
        let lines = text::splitlines(&recv(vm, this).s, keep);
        let items: Vec<Value> = lines.into_iter().map(|l| vm.new_str(l)).collect();
        Ok(vm.new_list(items))
    }

    /// `str.format(*args, **kwargs)`.
    builtin method format(vm, this, *args, **kwargs) {
        let s = recv(vm, this).s.clone();
        let r = format_str(vm, &s, Some(&args), Named::Kwargs(&kwargs))?;
        new_str(vm, r)
    }

    /// `str.format_map(mapping, /)`.
    builtin method format_map(vm, this, mapping, /) {
        let s = recv(vm, this).s.clone();
        let r = format_str(vm, &s, None, Named::Mapping(mapping))?;
        new_str(vm, r)
    }

    /// `str.upper()`.
    builtin method upper(vm, this) {
        map(vm, this, str::to_uppercase)
    }

    /// `str.lower()`.
    builtin method lower(vm, this) {
        map(vm, this, str::to_lowercase)
    }

    /// `str.casefold()`.
    builtin method casefold(vm, this) {
        map(vm, this, text::casefold)
    }

    /// `str.swapcase()`.
    builtin method swapcase(vm, this) {
        map(vm, this, text::swapcase)
    }

    /// `str.title()`.
    builtin method title(vm, this) {
        map(vm, this, text::title)
    }

    /// `str.capitalize()`.
    builtin method capitalize(vm, this) {
        map(vm, this, text::capitalize)
    }

    /// `str.isdecimal()`.
    builtin method isdecimal(vm, this) {
        test(vm, this, |s| !s.is_empty() && s.chars().all(is_decimal))
    }

    /// `str.isdigit()`.
    builtin method isdigit(vm, this) {
        test(vm, this, |s| !s.is_empty() && s.chars().all(unicode::is_digit))
    }

    /// `str.isnumeric()`.
    builtin method isnumeric(vm, this) {
        test(vm, this, |s| !s.is_empty() && s.chars().all(unicode::is_numeric))
    }

    /// `str.isalpha()`.
    builtin method isalpha(vm, this) {
        test(vm, this, |s| !s.is_empty() && s.chars().all(unicode::is_alpha))
    }

    /// `str.isalnum()`.
    builtin method isalnum(vm, this) {
        test(vm, this, |s| !s.is_empty() && s.chars().all(text::is_alnum))
    }

    /// `str.isspace()`.
    builtin method isspace(vm, this) {
        test(vm, this, |s| !s.is_empty() && s.chars().all(is_py_space))
    }

    /// `str.isascii()`.
    builtin method isascii(vm, this) {
        test(vm, this, str::is_ascii)
    }

    /// `str.isprintable()`.
    builtin method isprintable(vm, this) {
        test(vm, this, |s| s.chars().all(unicode::is_printable))
    }

    /// `str.isupper()`.
    builtin method isupper(vm, this) {
        test(vm, this, |s| text::cased_as(s, char::is_uppercase, char::is_lowercase))
    }

    /// `str.islower()`.
    builtin method islower(vm, this) {
        test(vm, this, |s| text::cased_as(s, char::is_lowercase, char::is_uppercase))
    }

    /// `str.istitle()`.
    builtin method istitle(vm, this) {
        test(vm, this, text::is_titlecased)
    }

    /// `str.isidentifier()`.
    builtin method isidentifier(vm, this) {
        test(vm, this, unicode::is_identifier)
    }

    /// `str.zfill(width, /)`.
    builtin method zfill(vm, this, width, /) {
        let width = vm.index_arg_mut(width)?;
        let ps = recv(vm, this);
        let n = ps.char_len() as i64;
        if width <= n {
            let r = ps.s.to_string();
            return new_str(vm, r);
        }
        vm.check_alloc(width as u128)?;
        let r = text::zfill(&ps.s, n, width);
        new_str(vm, r)
    }

    /// `str.center(width, fillchar=' ', /)`.
    builtin method center(vm, this, width, fillchar?, /) {
        pad_str(vm, this, width, fillchar, Align::Center)
    }

    /// `str.ljust(width, fillchar=' ', /)`.
    builtin method ljust(vm, this, width, fillchar?, /) {
        pad_str(vm, this, width, fillchar, Align::Left)
    }

    /// `str.rjust(width, fillchar=' ', /)`.
    builtin method rjust(vm, this, width, fillchar?, /) {
        pad_str(vm, this, width, fillchar, Align::Right)
    }

    /// `str.expandtabs(tabsize=8)`.
    clinic method expandtabs(vm, this, /, tabsize?) {
        let ts = match tabsize {
            // past i64 it is as out of range for a C int as 2**31 is
            Some(t) => match vm.index_arg_mut(t) {
                Err(e) if vm.is_exc_kind(&e, ExcType::OverflowError) => i64::MAX,
                r => r?,
            },
            None => 8,
        };
        // CPython takes the tab size as a C int.
        if i32::try_from(ts).is_err() {
            return Err(PyErr::new(
                ExcType::OverflowError,
                "Python int too large to convert to C int",
            ));
        }
        let s = recv(vm, this).s.as_str();
        let size = text::expanded_size(s, ts);
        vm.check_alloc(size)?;
        let r = text::expandtabs(s, ts, size as usize);
        new_str(vm, r)
    }

    /// `str.encode(encoding='utf-8', errors='strict')`.
    clinic method encode(vm, this, /, encoding?, errors?) {
        let mut names = ["utf-8", "strict"];
        for (i, (what, v)) in [("encoding", encoding), ("errors", errors)].into_iter().enumerate() {
            if let Some(v) = v {
                match as_str(&vm.heap, v) {
                    Some(t) => names[i] = t,
                    None => {
                        return Err(PyErr::type_error(format!(
                            "encode() argument '{what}' must be str, not {}",
                            type_for_message(vm, v)
                        )))
                    }
                }
            }
        }
        let b = crate::builtins::codecs::encode(&recv(vm, this).s, names[0], names[1])?;
        Ok(vm.new_bytes(b))
    }
}
