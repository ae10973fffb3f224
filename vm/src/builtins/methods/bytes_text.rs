//! The byte algorithms and argument conversions behind the `bytes` and
//! `bytearray` methods (declared in `bytes.rs`): search bounds, splitting,
//! replacing, hex conversion, ASCII case mapping, padding, tabs, lines.

use crate::object::bytes::{self as pb, as_bytes};
use crate::object::{ExcType, Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// An integer argument with its `__index__` applied: CPython converts
/// integer arguments before checking the others.
pub(super) fn index_value(vm: &mut Vm, v: Option<Value>) -> PyResult<Option<Value>> {
    match v {
        Some(v) => Ok(Some(vm.user_index(v)?.unwrap_or(v))),
        None => Ok(None),
    }
}

/// A byte value argument (`0..=255`), `__index__` allowed.
pub(super) fn byte_value(vm: &mut Vm, v: Value) -> PyResult<u8> {
    let v = vm.user_index(v)?.unwrap_or(v);
    vm.byte_arg(v)
}

/// An index argument, `__index__` allowed.
pub(super) fn index_of(vm: &mut Vm, v: Value) -> PyResult<i64> {
    let v = vm.user_index(v)?.unwrap_or(v);
    vm.index_arg(v)
}

/// A `str` argument in CPython's bad-argument wording
/// (`decode() argument 'encoding' must be str, not None`).
pub(super) fn str_param(
    vm: &Vm,
    v: Option<Value>,
    fname: &str,
    what: &str,
    default: &str,
) -> PyResult<String> {
    match v {
        None => Ok(default.to_string()),
        Some(v) => match as_str(&vm.heap, v) {
            Some(s) => Ok(s.to_string()),
            None => Err(PyErr::type_error(format!(
                "{fname}() argument '{what}' must be str, not {}",
                if v.is_none() {
                    "None".to_string()
                } else {
                    vm.class_name(v)
                }
            ))),
        },
    }
}

/// CPython's bounds for `find`-style `start`/`end` arguments (ints, None
/// or absent, `__index__` already applied): negative values count from the
/// end, `end` is clamped to the length, `start` is not clamped upwards (a
/// start past the end finds nothing).
pub(super) fn bounds(
    vm: &Vm,
    start: Option<Value>,
    end: Option<Value>,
    len: usize,
) -> PyResult<(usize, usize)> {
    let get = |v: Option<Value>| -> PyResult<Option<i64>> {
        match v {
            None => Ok(None),
            Some(v) if v.is_none() => Ok(None),
            Some(v) => match v {
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
    let start = get(start)?.map_or(0, adj);
    let end = get(end)?.map_or(n, |e| adj(e).min(n));
    Ok((start as usize, end as usize))
}

/// The needle of `find`/`count`/`index`: bytes-like or a byte value.
pub(super) fn needle(vm: &Vm, v: Value) -> PyResult<Vec<u8>> {
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
pub(super) fn split_ws(s: &[u8], maxsplit: i64, right: bool) -> Vec<Vec<u8>> {
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
pub(super) fn split_sep(s: &[u8], sep: &[u8], maxsplit: i64, right: bool) -> Vec<Vec<u8>> {
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
pub(super) fn replace(s: &[u8], old: &[u8], new: &[u8], count: i64) -> Vec<u8> {
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

/// `bytes.splitlines(keepends)`.
pub(super) fn splitlines(s: &[u8], keep: bool) -> Vec<Vec<u8>> {
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
    parts
}

/// `bytes.fromhex(s)`: pairs of hex digits, whitespace allowed between
/// pairs.
pub(super) fn fromhex(vm: &Vm, v: Value) -> PyResult<Vec<u8>> {
    let Some(s) = as_str(&vm.heap, v) else {
        return Err(PyErr::type_error(format!(
            "fromhex() argument must be str, not {}",
            vm.class_name(v)
        )));
    };
    let chars: Vec<char> = s.chars().collect();
    let digit = |c: char| -> Option<u8> { c.is_ascii().then(|| pb::hex_value(c as u8)).flatten() };
    let space = |c: char| matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c');
    let bad = |i: usize| {
        PyErr::value_error(format!(
            "non-hexadecimal number found in fromhex() arg at position {i}"
        ))
    };
    let mut out = Vec::with_capacity(chars.len() / 2);
    let mut i = 0;
    while i < chars.len() {
        if space(chars[i]) {
            i += 1;
            continue;
        }
        let hi = digit(chars[i]).ok_or_else(|| bad(i))?;
        let Some(&c2) = chars.get(i + 1) else {
            return Err(PyErr::value_error(
                "fromhex() arg must contain an even number of hexadecimal digits",
            ));
        };
        let lo = digit(c2).ok_or_else(|| bad(i + 1))?;
        out.push(hi << 4 | lo);
        i += 2;
    }
    Ok(out)
}

/// `bytes.maketrans(frm, to)`: the 256-byte translation table.
pub(super) fn maketrans(vm: &Vm, frm: Value, to: Value) -> PyResult<Vec<u8>> {
    let frm = vm.bytes_arg(frm)?;
    let to = vm.bytes_arg(to)?;
    if frm.len() != to.len() {
        return Err(PyErr::value_error(
            "maketrans arguments must have same length",
        ));
    }
    let mut table: Vec<u8> = (0..=255).collect();
    for (f, t) in frm.into_iter().zip(to) {
        table[f as usize] = t;
    }
    Ok(table)
}

/// `bytes.hex(sep, bytes_per_sep)` (`bytes_per_sep` with its `__index__`
/// applied).
pub(super) fn hex(
    vm: &Vm,
    s: &[u8],
    sep: Option<Value>,
    bytes_per_sep: Option<Value>,
) -> PyResult<String> {
    let sep = match sep {
        None => None,
        Some(v) => Some(sep_byte(vm, v)?),
    };
    let per = match bytes_per_sep {
        None => 1,
        Some(v) => {
            let n = match v {
                Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => i64::MAX,
                _ => vm.index_arg(v)?,
            };
            if n > i32::MAX as i64 || n < i32::MIN as i64 {
                return Err(PyErr::new(
                    ExcType::OverflowError,
                    "Python int too large to convert to C int",
                ));
            }
            n
        }
    };
    let h = pb::hex(s, sep, per);
    Ok(String::from_utf8(h).unwrap_or_default())
}

/// The separator of `hex()`/`binascii.hexlify()`: a str or bytes of length
/// one, ASCII if a str.
pub fn sep_byte(vm: &Vm, v: Value) -> PyResult<u8> {
    if let Some(s) = as_str(&vm.heap, v) {
        let mut cs = s.chars();
        return match (cs.next(), cs.next()) {
            (Some(c), None) if c.is_ascii() => Ok(c as u8),
            (Some(_), None) => Err(PyErr::value_error("sep must be ASCII.")),
            _ => Err(PyErr::value_error("sep must be length 1.")),
        };
    }
    if let Some(b) = as_bytes(&vm.heap, v) {
        return match b {
            [c] => Ok(*c),
            _ => Err(PyErr::value_error("sep must be length 1.")),
        };
    }
    let n = match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::List(l) => Some(l.len()),
            Obj::Tuple(l) => Some(l.len()),
            Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => Some(d.len()),
            _ => None,
        },
        _ => None,
    };
    match n {
        Some(1) => Err(PyErr::type_error("sep must be str or bytes.")),
        Some(_) => Err(PyErr::value_error("sep must be length 1.")),
        None => Err(PyErr::type_error(format!(
            "object of type '{}' has no len()",
            vm.class_name(v)
        ))),
    }
}

/// The fill byte of `center`/`ljust`/`rjust` (named `name` in messages).
pub(super) fn fill_byte(vm: &Vm, fillchar: Option<Value>, name: &str) -> PyResult<u8> {
    match fillchar {
        None => Ok(b' '),
        Some(f) => match as_bytes(&vm.heap, f) {
            Some([c]) => Ok(*c),
            _ => Err(PyErr::type_error(format!(
                "{name}() argument 2 must be a byte string of length 1, not {}",
                vm.class_name(f)
            ))),
        },
    }
}

/// Where padding goes: `ljust`, `rjust`, `center`.
#[derive(Clone, Copy)]
pub(super) enum Align {
    Left,
    Right,
    Center,
}

/// `s` padded with `fill` to `width` bytes (`width > s.len()`).
pub(super) fn pad(s: &[u8], width: i64, fill: u8, how: Align) -> Vec<u8> {
    let total = (width - s.len() as i64) as usize;
    let left = match how {
        Align::Left => 0,
        Align::Right => total,
        Align::Center => total / 2 + (total & width as usize & 1),
    };
    let mut out = vec![fill; left];
    out.extend_from_slice(s);
    out.resize(width as usize, fill);
    out
}

/// `s.zfill(width)` for `width` above its length.
pub(super) fn zfill(s: &[u8], width: i64) -> Vec<u8> {
    let zeros = (width - s.len() as i64) as usize;
    let mut r = Vec::with_capacity(width as usize);
    let body = match s.first() {
        Some(&c @ (b'+' | b'-')) => {
            r.push(c);
            &s[1..]
        }
        _ => s,
    };
    r.resize(r.len() + zeros, b'0');
    r.extend_from_slice(body);
    r
}

/// `bytes.title()`.
pub(super) fn title(s: &[u8]) -> Vec<u8> {
    let mut prev_cased = false;
    s.iter()
        .map(|&c| {
            let r = if prev_cased {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            };
            prev_cased = c.is_ascii_alphabetic();
            r
        })
        .collect()
}

/// `bytes.swapcase()`.
pub(super) fn swapcase(s: &[u8]) -> Vec<u8> {
    s.iter()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}

/// `bytes.capitalize()`.
pub(super) fn capitalize(s: &[u8]) -> Vec<u8> {
    s.iter()
        .enumerate()
        .map(|(i, c)| {
            if i == 0 {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

/// `bytes.expandtabs(ts)`; `MemoryError` past the allocation limit.
pub(super) fn expandtabs(vm: &Vm, s: &[u8], ts: i64) -> PyResult<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len());
    let mut col = 0i64;
    for &c in s {
        match c {
            b'\t' if ts > 0 => {
                let k = ts - col % ts;
                vm.check_alloc(out.len() as u128 + k as u128)?;
                out.resize(out.len() + k as usize, b' ');
                col += k;
            }
            b'\t' => {}
            b'\n' | b'\r' => {
                out.push(c);
                col = 0;
            }
            _ => {
                out.push(c);
                col += 1;
            }
        }
    }
    Ok(out)
}
