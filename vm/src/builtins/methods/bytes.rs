//! Methods of `bytes` and `bytearray`: searching, splitting, joining,
//! stripping and replacing here; case, padding, hex, decoding and the
//! `bytearray` mutators in `bytes_text.rs`. A method of a `bytearray`
//! returns `bytearray`s where the `bytes` one returns `bytes`.

use crate::object::bytes::{self as pb, as_bytes};
use crate::object::{ExcType, Obj, ObjId, Type, Value};
use crate::vm::stdlib::Stdlib;
use crate::vm::{PyErr, PyResult, Vm};

use super::super::Args;
use super::bytes_text;

/// Methods shared by `bytes` and `bytearray`.
pub const METHODS: &[&str] = &[
    "decode",
    "hex",
    "fromhex",
    "count",
    "find",
    "rfind",
    "index",
    "rindex",
    "startswith",
    "endswith",
    "split",
    "rsplit",
    "join",
    "strip",
    "lstrip",
    "rstrip",
    "replace",
    "upper",
    "lower",
    "swapcase",
    "title",
    "capitalize",
    "isdigit",
    "isalpha",
    "isalnum",
    "isspace",
    "isupper",
    "islower",
    "istitle",
    "isascii",
    "partition",
    "rpartition",
    "zfill",
    "center",
    "ljust",
    "rjust",
    "removeprefix",
    "removesuffix",
    "splitlines",
    "expandtabs",
    "translate",
    "maketrans",
];

/// Methods only `bytearray` has.
pub const ARRAY_METHODS: &[&str] = &[
    "append", "extend", "pop", "insert", "remove", "clear", "copy", "reverse",
];

/// Methods called on the type itself (`bytes.fromhex(...)`).
pub const TYPE_METHODS: &[&str] = &["fromhex", "maketrans"];

/// Whether `bytes.name`/`bytearray.name` exists (class methods, and the
/// instance methods as unbound functions: `bytes.lower(b)`).
pub fn type_has_method(t: Type, name: &str) -> bool {
    METHODS.contains(&name) || (t == Type::ByteArray && ARRAY_METHODS.contains(&name))
}

/// Calls `bytes.fromhex(...)`/`bytes.maketrans(...)` on the type, or an
/// instance method unbound (`bytes.upper(b'x')`).
pub fn call_type<S: Stdlib>(vm: &mut Vm<S>, t: Type, name: &str, mut a: Args) -> PyResult<Value> {
    let array = t == Type::ByteArray;
    if TYPE_METHODS.contains(&name) {
        return bytes_text::type_method(vm, array, name, a);
    }
    let qual = t.name();
    let Some(&recv) = a.pos.first() else {
        return Err(PyErr::type_error(format!(
            "unbound method {qual}.{name}() needs an argument"
        )));
    };
    let id = match recv {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::ByteArray(_)) && array => id,
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::Bytes(_)) && !array => id,
        _ => {
            return Err(PyErr::type_error(format!(
                "descriptor '{name}' for '{qual}' objects doesn't apply to a '{}' object",
                vm.class_name(recv)
            )))
        }
    };
    a.pos.remove(0);
    call(vm, id, name, a)?.ok_or_else(|| {
        PyErr::new(
            ExcType::AttributeError,
            format!("type object '{qual}' has no attribute '{name}'"),
        )
    })
}

/// CPython's bounds for `find`-style `start`/`end` arguments: negative
/// values count from the end, `end` is clamped to the length, `start` is
/// not clamped upwards (a start past the end finds nothing).
fn bounds<S: Stdlib>(vm: &Vm<S>, a: &Args, first: usize, len: usize) -> PyResult<(usize, usize)> {
    let get = |i: usize| -> PyResult<Option<i64>> {
        match a.pos.get(i) {
            None => Ok(None),
            Some(v) if v.is_none() => Ok(None),
            Some(&v) => match v {
                Value::Int(i) => Ok(Some(i)),
                Value::Bool(b) => Ok(Some(b as i64)),
                Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => {
                    let Obj::BigInt(b) = vm.heap.get(id) else {
                        unreachable!()
                    };
                    Ok(Some(if num_traits::Signed::is_negative(b) {
                        i64::MIN
                    } else {
                        i64::MAX
                    }))
                }
                _ => Err(PyErr::type_error(
                    "slice indices must be integers or None or have an __index__ method",
                )),
            },
        }
    };
    let n = len as i64;
    let adj = |v: i64| if v < 0 { v.saturating_add(n).max(0) } else { v };
    let start = get(first)?.map_or(0, adj);
    let end = get(first + 1)?.map_or(n, |e| adj(e).min(n));
    Ok((start as usize, end as usize))
}

/// The needle of `find`/`count`/`index`: bytes-like or a byte value.
fn needle<S: Stdlib>(vm: &Vm<S>, v: Value) -> PyResult<Vec<u8>> {
    if let Some(b) = as_bytes(&vm.heap, v) {
        return Ok(b.to_vec());
    }
    let is_int = match v {
        Value::Int(_) | Value::Bool(_) => true,
        Value::Ref(id) => matches!(vm.heap.get(id), Obj::BigInt(_)),
        _ => false,
    };
    if is_int {
        return Ok(vec![vm.byte_arg(v)?]);
    }
    Err(PyErr::type_error(format!(
        "argument should be integer or bytes-like object, not '{}'",
        vm.class_name(v)
    )))
}

/// Splits on runs of ASCII whitespace.
fn split_ws(s: &[u8], maxsplit: i64, right: bool) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let max = if maxsplit < 0 {
        usize::MAX
    } else {
        maxsplit as usize
    };
    if !right {
        let mut i = 0;
        while i < s.len() {
            while i < s.len() && pb::is_space(s[i]) {
                i += 1;
            }
            if i == s.len() {
                break;
            }
            if out.len() == max {
                out.push(s[i..].to_vec());
                break;
            }
            let start = i;
            while i < s.len() && !pb::is_space(s[i]) {
                i += 1;
            }
            out.push(s[start..i].to_vec());
        }
    } else {
        let mut j = s.len();
        while j > 0 {
            while j > 0 && pb::is_space(s[j - 1]) {
                j -= 1;
            }
            if j == 0 {
                break;
            }
            if out.len() == max {
                out.push(s[..j].to_vec());
                break;
            }
            let end = j;
            while j > 0 && !pb::is_space(s[j - 1]) {
                j -= 1;
            }
            out.push(s[j..end].to_vec());
        }
        out.reverse();
    }
    out
}

/// Splits on `sep` (not empty), at most `maxsplit` times.
fn split_sep(s: &[u8], sep: &[u8], maxsplit: i64, right: bool) -> Vec<Vec<u8>> {
    let max = if maxsplit < 0 {
        usize::MAX
    } else {
        maxsplit as usize
    };
    let mut out = Vec::new();
    if !right {
        let mut prev = 0;
        for i in pb::find_all(s, sep, max) {
            out.push(s[prev..i].to_vec());
            prev = i + sep.len();
        }
        out.push(s[prev..].to_vec());
    } else {
        let mut end = s.len();
        for i in pb::rfind_all(s, sep, max) {
            out.push(s[i + sep.len()..end].to_vec());
            end = i;
        }
        out.push(s[..end].to_vec());
        out.reverse();
    }
    out
}

/// `bytes.replace(old, new, count)`.
fn replace(s: &[u8], old: &[u8], new: &[u8], count: i64) -> Vec<u8> {
    let max = if count < 0 {
        usize::MAX
    } else {
        count as usize
    };
    let mut out = Vec::with_capacity(s.len());
    if old.is_empty() {
        let mut n = 0;
        for &c in s {
            if n < max {
                out.extend_from_slice(new);
                n += 1;
            }
            out.push(c);
        }
        if n < max {
            out.extend_from_slice(new);
        }
        return out;
    }
    let mut prev = 0;
    for i in pb::find_all(s, old, max) {
        out.extend_from_slice(&s[prev..i]);
        out.extend_from_slice(new);
        prev = i + old.len();
    }
    out.extend_from_slice(&s[prev..]);
    out
}

/// Replaces instances with `__index__` among the positional arguments from
/// `from` on (and the named keywords) by the ints they stand for: CPython
/// converts integer arguments before checking the others.
fn index_args<S: Stdlib>(vm: &mut Vm<S>, a: &mut Args, from: usize, kws: &[&str]) -> PyResult<()> {
    for i in from..a.pos.len() {
        if let Some(r) = vm.user_index(a.pos[i])? {
            a.pos[i] = r;
        }
    }
    for (k, v) in a.kw.iter_mut() {
        if kws.contains(&k.as_str()) {
            if let Some(r) = vm.user_index(*v)? {
                *v = r;
            }
        }
    }
    Ok(())
}

/// Calls method `name` of the bytes or bytearray `id`; `None` if there is
/// no such method.
pub fn call<S: Stdlib>(
    vm: &mut Vm<S>,
    id: ObjId,
    name: &str,
    mut a: Args,
) -> PyResult<Option<Value>> {
    match name {
        "count" | "find" | "rfind" | "index" | "rindex" | "startswith" | "endswith" => {
            index_args(vm, &mut a, 1, &[])?
        }
        "split" | "rsplit" => index_args(vm, &mut a, 1, &["maxsplit"])?,
        "replace" => index_args(vm, &mut a, 2, &[])?,
        "zfill" | "center" | "ljust" | "rjust" | "expandtabs" | "pop" => {
            index_args(vm, &mut a, 0, &["tabsize"])?
        }
        "insert" | "append" | "remove" => index_args(vm, &mut a, 0, &[])?,
        "hex" => index_args(vm, &mut a, 1, &["bytes_per_sep"])?,
        _ => {}
    }
    let array = matches!(vm.heap.get(id), Obj::ByteArray(_));
    if array && ARRAY_METHODS.contains(&name) {
        return bytes_text::array_method(vm, id, name, a).map(Some);
    }
    if !METHODS.contains(&name) {
        return Ok(None);
    }
    let s = match vm.heap.get(id) {
        Obj::Bytes(b) | Obj::ByteArray(b) => b.clone(),
        _ => unreachable!("bytes"),
    };
    let qual = if array { "bytearray" } else { "bytes" };
    if let Some(v) = bytes_text::call(vm, &s, array, qual, name, &a)? {
        return Ok(Some(v));
    }
    let list_of = |vm: &mut Vm<S>, parts: Vec<Vec<u8>>| -> Value {
        let items = parts
            .into_iter()
            .map(|p| vm.new_bytes_kind(array, p))
            .collect();
        vm.new_list(items)
    };
    Ok(Some(match name {
        "count" | "find" | "rfind" | "index" | "rindex" => {
            if a.pos.is_empty() {
                return Err(PyErr::type_error(format!(
                    "{name} expected at least 1 argument, got 0"
                )));
            }
            a.check(1, 3, &[])?;
            let sub = needle(vm, a.pos[0])?;
            let (start, end) = bounds(vm, &a, 1, s.len())?;
            let window = if start <= end {
                &s[start..end]
            } else {
                &[][..]
            };
            let fits = start <= end && end - start >= sub.len();
            if name == "count" {
                let n = if !fits {
                    0
                } else if sub.is_empty() {
                    window.len() + 1
                } else {
                    pb::find_all(window, &sub, usize::MAX).len()
                };
                return Ok(Some(Value::Int(n as i64)));
            }
            let found = if !fits {
                None
            } else if name.starts_with('r') {
                pb::rfind(window, &sub)
            } else {
                pb::find(window, &sub)
            };
            match found {
                Some(i) => Value::Int((start + i) as i64),
                None if name.contains("index") => {
                    return Err(PyErr::value_error("subsection not found"))
                }
                None => Value::Int(-1),
            }
        }
        "startswith" | "endswith" => {
            if a.pos.is_empty() {
                return Err(PyErr::type_error(format!(
                    "{name} expected at least 1 argument, got 0"
                )));
            }
            a.check(1, 3, &[])?;
            let first = a.pos[0];
            let cands: Vec<Vec<u8>> = match first {
                Value::Ref(t) if matches!(vm.heap.get(t), Obj::Tuple(_)) => {
                    let Obj::Tuple(items) = vm.heap.get(t) else {
                        unreachable!()
                    };
                    let items = items.clone();
                    let mut v = Vec::with_capacity(items.len());
                    for i in items {
                        v.push(vm.bytes_arg(i)?);
                    }
                    v
                }
                other => match as_bytes(&vm.heap, other) {
                    Some(b) => vec![b.to_vec()],
                    None => {
                        return Err(PyErr::type_error(format!(
                            "{name} first arg must be bytes or a tuple of bytes, not {}",
                            vm.class_name(other)
                        )))
                    }
                },
            };
            let (start, end) = bounds(vm, &a, 1, s.len())?;
            let n = s.len();
            let hit = cands.iter().any(|p| {
                let k = p.len();
                if name == "startswith" {
                    start + k <= n && end >= start && end - start >= k && s[start..start + k] == **p
                } else {
                    start <= n && end >= start && end - start >= k && s[end - k..end] == **p
                }
            });
            Value::Bool(hit)
        }
        "split" | "rsplit" => {
            a.check(0, 2, &["sep", "maxsplit"])?;
            let maxsplit = match a.get(1, "maxsplit") {
                Some(m) => vm.index_arg(m)?,
                None => -1,
            };
            let parts = match a.get(0, "sep").filter(|v| !v.is_none()) {
                None => split_ws(&s, maxsplit, name == "rsplit"),
                Some(sep) => {
                    let sep = vm.bytes_arg(sep)?;
                    if sep.is_empty() {
                        return Err(PyErr::value_error("empty separator"));
                    }
                    split_sep(&s, &sep, maxsplit, name == "rsplit")
                }
            };
            list_of(vm, parts)
        }
        "join" => {
            a.check(1, 1, &[])?;
            let items = vm.collect_iterable(a.pos[0])?;
            let mut out = Vec::new();
            for (i, it) in items.iter().enumerate() {
                if i > 0 {
                    out.extend_from_slice(&s);
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
            vm.new_bytes_kind(array, out)
        }
        "strip" | "lstrip" | "rstrip" => {
            a.check(0, 1, &[])?;
            let chars = match a.pos.first().filter(|v| !v.is_none()) {
                Some(&c) => Some(vm.bytes_arg(c)?),
                None => None,
            };
            let strip = |c: &u8| match &chars {
                Some(cs) => cs.contains(c),
                None => pb::is_space(*c),
            };
            let mut lo = 0;
            let mut hi = s.len();
            if name != "rstrip" {
                while lo < hi && strip(&s[lo]) {
                    lo += 1;
                }
            }
            if name != "lstrip" {
                while hi > lo && strip(&s[hi - 1]) {
                    hi -= 1;
                }
            }
            vm.new_bytes_kind(array, s[lo..hi].to_vec())
        }
        "replace" => {
            if !a.kw.is_empty() {
                return Err(PyErr::type_error(format!(
                    "{qual}.replace() takes no keyword arguments"
                )));
            }
            a.check(2, 3, &[])?;
            let old = vm.bytes_arg(a.pos[0])?;
            let new = vm.bytes_arg(a.pos[1])?;
            let count = match a.pos.get(2) {
                Some(&c) => vm.index_arg(c)?,
                None => -1,
            };
            let est = if old.is_empty() {
                (s.len() + 1) * new.len() + s.len()
            } else {
                s.len() / old.len() * new.len() + s.len()
            };
            vm.check_alloc(est as u128)?;
            let r = replace(&s, &old, &new, count);
            vm.new_bytes_kind(array, r)
        }
        "partition" | "rpartition" => {
            a.check(1, 1, &[])?;
            let sep = vm.bytes_arg(a.pos[0])?;
            if sep.is_empty() {
                return Err(PyErr::value_error("empty separator"));
            }
            let found = if name == "partition" {
                pb::find(&s, &sep)
            } else {
                pb::rfind(&s, &sep)
            };
            let (x, y, z) = match found {
                Some(i) => (s[..i].to_vec(), sep.clone(), s[i + sep.len()..].to_vec()),
                None if name == "partition" => (s.clone(), Vec::new(), Vec::new()),
                None => (Vec::new(), Vec::new(), s.clone()),
            };
            // bytes.partition returns the separator object it was given
            let mid = if found.is_some() && !array {
                a.pos[0]
            } else {
                vm.new_bytes_kind(array, y)
            };
            let items = vec![
                vm.new_bytes_kind(array, x),
                mid,
                vm.new_bytes_kind(array, z),
            ];
            vm.new_tuple(items)
        }
        "removeprefix" | "removesuffix" => {
            a.check(1, 1, &[])?;
            let p = vm.bytes_arg(a.pos[0])?;
            let r = if name == "removeprefix" {
                s.strip_prefix(p.as_slice()).unwrap_or(&s)
            } else {
                s.strip_suffix(p.as_slice()).unwrap_or(&s)
            };
            vm.new_bytes_kind(array, r.to_vec())
        }
        "splitlines" => {
            a.check(0, 1, &["keepends"])?;
            let keep = match a.get(0, "keepends") {
                Some(k) => vm.truthy(k)?,
                None => false,
            };
            let mut parts = Vec::new();
            let mut i = 0;
            let mut start = 0;
            while i < s.len() {
                let eol = match s[i] {
                    b'\n' => 1,
                    b'\r' if s.get(i + 1) == Some(&b'\n') => 2,
                    b'\r' => 1,
                    _ => 0,
                };
                if eol == 0 {
                    i += 1;
                    continue;
                }
                let end = if keep { i + eol } else { i };
                parts.push(s[start..end].to_vec());
                i += eol;
                start = i;
            }
            if start < s.len() {
                parts.push(s[start..].to_vec());
            }
            list_of(vm, parts)
        }
        _ => {
            return Err(PyErr::new(
                ExcType::AttributeError,
                format!("'{qual}' object has no attribute '{name}'"),
            ))
        }
    }))
}
