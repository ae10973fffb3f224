//! More methods of `bytes` and `bytearray`: decoding, hex conversion,
//! ASCII case mapping and classification, padding, tabs, `translate`, and
//! the in-place methods only `bytearray` has (`append`, `pop`, ...).

use crate::object::bytes::{self as pb, as_bytes};
use crate::object::{ExcType, Obj, ObjId, Value};
use crate::vm::bytes::bind_clinic;
use crate::vm::stdlib::Stdlib;
use crate::vm::{as_str, PyErr, PyResult, Vm};

use super::super::Args;

/// A `str` argument in CPython's bad-argument wording
/// (`decode() argument 'encoding' must be str, not None`).
fn str_param<S: Stdlib>(
    vm: &Vm<S>,
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

/// `bytes.fromhex(s)`: pairs of hex digits, whitespace allowed between
/// pairs.
fn fromhex<S: Stdlib>(vm: &Vm<S>, v: Value) -> PyResult<Vec<u8>> {
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

/// `bytes.maketrans(frm, to)`.
fn maketrans<S: Stdlib>(vm: &Vm<S>, a: &Args) -> PyResult<Vec<u8>> {
    a.check(2, 2, &[])?;
    let frm = vm.bytes_arg(a.pos[0])?;
    let to = vm.bytes_arg(a.pos[1])?;
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

/// `fromhex`/`maketrans` called on the type (or an instance).
pub fn type_method<S: Stdlib>(vm: &mut Vm<S>, array: bool, name: &str, a: Args) -> PyResult<Value> {
    if name == "maketrans" {
        let t = maketrans(vm, &a)?;
        return Ok(vm.new_bytes(t));
    }
    a.check(1, 1, &[])?;
    let b = fromhex(vm, a.pos[0])?;
    Ok(vm.new_bytes_kind(array, b))
}

/// `bytes.hex(sep, bytes_per_sep)`.
fn hex_method<S: Stdlib>(vm: &Vm<S>, s: &[u8], a: &Args) -> PyResult<String> {
    let p = bind_clinic("hex", &a.pos, &a.kw, &["sep", "bytes_per_sep"])?;
    let sep = match p[0] {
        None => None,
        Some(v) => Some(sep_byte(vm, v)?),
    };
    let per = match p[1] {
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
pub fn sep_byte<S: Stdlib>(vm: &Vm<S>, v: Value) -> PyResult<u8> {
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
            Obj::List(l) | Obj::Tuple(l) => Some(l.len()),
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

/// `center`/`ljust`/`rjust`.
fn pad<S: Stdlib>(vm: &Vm<S>, s: &[u8], a: &Args, name: &str) -> PyResult<Vec<u8>> {
    if a.pos.is_empty() {
        return Err(PyErr::type_error(format!(
            "{name} expected at least 1 argument, got 0"
        )));
    }
    a.check(1, 2, &[])?;
    let width = vm.index_arg(a.pos[0])?;
    let fill = match a.pos.get(1) {
        None => b' ',
        Some(&f) => match as_bytes(&vm.heap, f) {
            Some([c]) => *c,
            _ => {
                return Err(PyErr::type_error(format!(
                    "{name}() argument 2 must be a byte string of length 1, not {}",
                    vm.class_name(f)
                )))
            }
        },
    };
    let n = s.len() as i64;
    if width <= n {
        return Ok(s.to_vec());
    }
    vm.check_alloc(width as u128)?;
    let total = (width - n) as usize;
    let left = match name {
        "ljust" => 0,
        "rjust" => total,
        _ => total / 2 + (total & width as usize & 1),
    };
    let mut out = vec![fill; left];
    out.extend_from_slice(s);
    out.resize(width as usize, fill);
    Ok(out)
}

fn title(s: &[u8]) -> Vec<u8> {
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

/// The non-searching methods; `None` for names handled by the caller.
pub fn call<S: Stdlib>(
    vm: &mut Vm<S>,
    s: &[u8],
    array: bool,
    qual: &str,
    name: &str,
    a: &Args,
) -> PyResult<Option<Value>> {
    let no_args = |a: &Args| -> PyResult<()> {
        if !a.kw.is_empty() {
            return Err(PyErr::type_error(format!(
                "{qual}.{name}() takes no keyword arguments"
            )));
        }
        if !a.pos.is_empty() {
            return Err(PyErr::type_error(format!(
                "{qual}.{name}() takes no arguments ({} given)",
                a.pos.len()
            )));
        }
        Ok(())
    };
    let bool_of = |f: &dyn Fn(&[u8]) -> bool| Value::Bool(f(s));
    let new = |vm: &mut Vm<S>, b: Vec<u8>| vm.new_bytes_kind(array, b);
    Ok(Some(match name {
        "decode" => {
            let p = bind_clinic("decode", &a.pos, &a.kw, &["encoding", "errors"])?;
            let enc = str_param(vm, p[0], "decode", "encoding", "utf-8")?;
            let errors = str_param(vm, p[1], "decode", "errors", "strict")?;
            let text = crate::builtins::codecs::decode(s, &enc, &errors)?;
            vm.new_str(text)
        }
        "hex" => {
            let h = hex_method(vm, s, a)?;
            vm.new_str(h)
        }
        "fromhex" | "maketrans" => {
            return type_method(
                vm,
                array,
                name,
                Args::new(a.name, a.pos.clone(), a.kw.clone()),
            )
            .map(Some)
        }
        "upper" | "lower" | "swapcase" | "title" | "capitalize" => {
            no_args(a)?;
            let r: Vec<u8> = match name {
                "upper" => s.to_ascii_uppercase(),
                "lower" => s.to_ascii_lowercase(),
                "swapcase" => s
                    .iter()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect(),
                "title" => title(s),
                _ => s
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        if i == 0 {
                            c.to_ascii_uppercase()
                        } else {
                            c.to_ascii_lowercase()
                        }
                    })
                    .collect(),
            };
            new(vm, r)
        }
        "isdigit" | "isalpha" | "isalnum" | "isspace" | "isupper" | "islower" | "istitle"
        | "isascii" => {
            no_args(a)?;
            match name {
                "isdigit" => bool_of(&|s| !s.is_empty() && s.iter().all(u8::is_ascii_digit)),
                "isalpha" => bool_of(&|s| !s.is_empty() && s.iter().all(u8::is_ascii_alphabetic)),
                "isalnum" => bool_of(&|s| !s.is_empty() && s.iter().all(u8::is_ascii_alphanumeric)),
                "isspace" => bool_of(&|s| !s.is_empty() && s.iter().all(|c| pb::is_space(*c))),
                "isupper" => bool_of(&|s| {
                    s.iter().any(u8::is_ascii_uppercase) && !s.iter().any(u8::is_ascii_lowercase)
                }),
                "islower" => bool_of(&|s| {
                    s.iter().any(u8::is_ascii_lowercase) && !s.iter().any(u8::is_ascii_uppercase)
                }),
                "istitle" => bool_of(&|s| s.iter().any(u8::is_ascii_alphabetic) && title(s) == s),
                _ => bool_of(&|s| s.is_ascii()),
            }
        }
        "zfill" => {
            a.check(1, 1, &[])?;
            let width = vm.index_arg(a.pos[0])?;
            let n = s.len() as i64;
            if width <= n {
                new(vm, s.to_vec())
            } else {
                vm.check_alloc(width as u128)?;
                let zeros = (width - n) as usize;
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
                new(vm, r)
            }
        }
        "center" | "ljust" | "rjust" => {
            let r = pad(vm, s, a, name)?;
            new(vm, r)
        }
        "expandtabs" => {
            a.check(0, 1, &["tabsize"])?;
            let ts = match a.get(0, "tabsize") {
                Some(t) => vm.index_arg(t)?,
                None => 8,
            };
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
            new(vm, out)
        }
        "translate" => {
            let p = bind_clinic("translate", &a.pos, &a.kw, &["table", "delete"])?;
            if p[0].is_none() {
                return Err(PyErr::type_error(
                    "translate() missing required argument 'table' (pos 1)",
                ));
            }
            let table = match p[0].filter(|v| !v.is_none()) {
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
            let delete = match p[1] {
                Some(d) => vm.bytes_arg(d)?,
                None => Vec::new(),
            };
            let r: Vec<u8> = s
                .iter()
                .filter(|c| !delete.contains(c))
                .map(|&c| table.as_ref().map_or(c, |t| t[c as usize]))
                .collect();
            new(vm, r)
        }
        _ => return Ok(None),
    }))
}

/// The in-place methods of `bytearray`.
pub fn array_method<S: Stdlib>(vm: &mut Vm<S>, id: ObjId, name: &str, a: Args) -> PyResult<Value> {
    let len = match vm.heap.get(id) {
        Obj::ByteArray(b) => b.len(),
        _ => unreachable!("bytearray"),
    };
    fn data<S: Stdlib>(vm: &mut Vm<S>, id: ObjId) -> &mut Vec<u8> {
        match vm.heap.get_mut(id) {
            Obj::ByteArray(b) => b,
            _ => unreachable!("bytearray"),
        }
    }
    match name {
        "append" => {
            a.check(1, 1, &[])?;
            let c = vm.byte_arg(a.pos[0])?;
            data(vm, id).push(c);
        }
        "extend" => {
            a.check(1, 1, &[])?;
            let v = a.pos[0];
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
                        out.push(vm.byte_arg(it)?);
                    }
                    out
                }
            };
            vm.check_alloc(len as u128 + add.len() as u128)?;
            data(vm, id).extend_from_slice(&add);
        }
        "pop" => {
            a.check(0, 1, &[])?;
            let i = match a.pos.first() {
                Some(&v) => vm.index_arg(v)?,
                None => -1,
            };
            if len == 0 {
                return Err(PyErr::new(ExcType::IndexError, "pop from empty bytearray"));
            }
            let j = if i < 0 { i + len as i64 } else { i };
            if j < 0 || j >= len as i64 {
                return Err(PyErr::new(ExcType::IndexError, "pop index out of range"));
            }
            let c = data(vm, id).remove(j as usize);
            return Ok(Value::Int(c as i64));
        }
        "insert" => {
            a.check(2, 2, &[])?;
            let i = vm.index_arg(a.pos[0])?;
            let c = vm.byte_arg(a.pos[1])?;
            let n = len as i64;
            let j = if i < 0 { (i + n).max(0) } else { i.min(n) };
            data(vm, id).insert(j as usize, c);
        }
        "remove" => {
            a.check(1, 1, &[])?;
            let c = vm.byte_arg(a.pos[0])?;
            let b = data(vm, id);
            match b.iter().position(|x| *x == c) {
                Some(i) => {
                    b.remove(i);
                }
                None => return Err(PyErr::value_error("value not found in bytearray")),
            }
        }
        "clear" => {
            a.check(0, 0, &[])?;
            data(vm, id).clear();
        }
        "reverse" => {
            a.check(0, 0, &[])?;
            data(vm, id).reverse();
        }
        _ => {
            a.check(0, 0, &[])?;
            let b = data(vm, id).clone();
            return Ok(vm.new_bytearray(b));
        }
    }
    Ok(Value::None)
}
