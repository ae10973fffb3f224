//! printf-style `bytes % args` (PEP 461): `%s`/`%b` take bytes-like
//! operands (or `__bytes__`), `%r`/`%a` the ASCII repr, `%c` a byte, and
//! the numeric conversions work as for `str`. Byte-oriented, with
//! CPython's error messages.

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

use crate::object::bytes::as_bytes;
use crate::object::{ExcType, Obj, Value};
use crate::vm::{PyErr, PyResult, Vm};

use super::format::float_body;

/// Flags, width and precision of one directive.
#[derive(Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
}

/// Where arguments come from: the items of a tuple, or one value.
struct Source {
    items: Vec<Value>,
    next: usize,
    single: bool,
}

impl Source {
    fn take(&mut self) -> PyResult<Value> {
        match self.items.get(self.next) {
            Some(v) if !self.single || self.next == 0 => {
                self.next += 1;
                Ok(*v)
            }
            _ => Err(PyErr::type_error("not enough arguments for format string")),
        }
    }
}

/// Does `%(key)` apply to `v` (CPython's `PyMapping_Check`, minus tuples,
/// bytes and str)?
fn is_mapping(vm: &mut Vm, v: Value) -> bool {
    match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Dict(_) | Obj::List(_) | Obj::Range(_) | Obj::ByteArray(_) => true,
            Obj::Tuple(_) | Obj::Bytes(_) | Obj::Str(_) => false,
            Obj::Instance(_) => vm.get_attr(v, "__getitem__").is_ok(),
            _ => false,
        },
        _ => false,
    }
}

/// `template % args` for a bytes template.
///
/// # Errors
/// CPython's errors for bad directives and operands.
pub fn format(vm: &mut Vm, template: &[u8], args: Value) -> PyResult<Vec<u8>> {
    let mark = vm.stack.len();
    vm.stack.push(args);
    let r = format_all(vm, template, args);
    vm.release_to(mark);
    r
}

fn format_all(vm: &mut Vm, t: &[u8], args: Value) -> PyResult<Vec<u8>> {
    let tuple = match args {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Tuple(items) => Some(items.clone()),
            _ => None,
        },
        _ => None,
    };
    let mapping = (tuple.is_none() && is_mapping(vm, args)).then_some(args);
    let mut src = match tuple {
        Some(items) => Source {
            items,
            next: 0,
            single: false,
        },
        None => Source {
            items: vec![args],
            next: 0,
            single: true,
        },
    };
    let n = t.len();
    let mut out = Vec::with_capacity(n);
    let mut i = 0;
    let incomplete = || PyErr::value_error("incomplete format");
    while i < n {
        if t[i] != b'%' {
            out.push(t[i]);
            i += 1;
            continue;
        }
        i += 1;
        match t.get(i) {
            None => return Err(incomplete()),
            Some(b'%') => {
                out.push(b'%');
                i += 1;
                continue;
            }
            Some(b'(') => {
                let Some(m) = mapping else {
                    return Err(PyErr::type_error("format requires a mapping"));
                };
                i += 1;
                let start = i;
                let mut depth = 1;
                while i < n && depth > 0 {
                    match t[i] {
                        b'(' => depth += 1,
                        b')' => depth -= 1,
                        _ => {}
                    }
                    i += 1;
                }
                if depth > 0 {
                    return Err(PyErr::value_error("incomplete format key"));
                }
                let key = vm.new_bytes(t[start..i - 1].to_vec());
                vm.stack.push(key);
                let v = vm.get_item(m, key)?;
                vm.stack.push(v);
                src = Source {
                    items: vec![v],
                    next: 0,
                    single: true,
                };
            }
            Some(_) => {}
        }
        let mut d = Spec::default();
        while let Some(&c) = t.get(i) {
            match c {
                b'-' => d.left = true,
                b'+' => d.plus = true,
                b' ' => d.space = true,
                b'#' => d.alt = true,
                b'0' => d.zero = true,
                _ => break,
            }
            i += 1;
        }
        if t.get(i) == Some(&b'*') {
            i += 1;
            let v = src.take()?;
            let w = star(vm, v, "Python int too large to convert to C ssize_t")?;
            if w < 0 {
                d.left = true;
            }
            d.width = w.unsigned_abs() as usize;
        } else {
            let mut w: u64 = 0;
            while let Some(c) = t.get(i).filter(|c| c.is_ascii_digit()) {
                w = w
                    .checked_mul(10)
                    .map(|w| w + (c - b'0') as u64)
                    .filter(|&w| w <= i64::MAX as u64)
                    .ok_or_else(|| PyErr::value_error("width too big"))?;
                i += 1;
            }
            d.width = w as usize;
        }
        if t.get(i) == Some(&b'.') {
            i += 1;
            if t.get(i) == Some(&b'*') {
                i += 1;
                let v = src.take()?;
                let p = star(vm, v, "Python int too large to convert to C int")?;
                if p > i32::MAX as i64 || p < i32::MIN as i64 {
                    return Err(PyErr::new(
                        ExcType::OverflowError,
                        "Python int too large to convert to C int",
                    ));
                }
                d.prec = Some(p.max(0) as usize);
            } else {
                let mut p: u64 = 0;
                while let Some(c) = t.get(i).filter(|c| c.is_ascii_digit()) {
                    p = p * 10 + (c - b'0') as u64;
                    if p > i32::MAX as u64 {
                        return Err(PyErr::value_error("prec too big"));
                    }
                    i += 1;
                }
                d.prec = Some(p as usize);
            }
        }
        if matches!(t.get(i), Some(b'h' | b'l' | b'L')) {
            i += 1;
        }
        let Some(&ty) = t.get(i) else {
            return Err(incomplete());
        };
        let v = src.take()?;
        let piece = convert(vm, ty, i, v, &d)?;
        out.extend_from_slice(&piece);
        vm.check_alloc(out.len() as u128)?;
        i += 1;
    }
    if src.next < src.items.len() && mapping.is_none() {
        return Err(PyErr::type_error(
            "not all arguments converted during bytes formatting",
        ));
    }
    Ok(out)
}

/// A `*` width or precision.
fn star(vm: &Vm, v: Value, overflow: &str) -> PyResult<i64> {
    match v {
        Value::Int(i) => Ok(i),
        Value::Bool(b) => Ok(b as i64),
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => {
            Err(PyErr::new(ExcType::OverflowError, overflow))
        }
        _ => Err(PyErr::type_error("* wants int")),
    }
}

fn pad(vm: &Vm, d: &Spec, sign: &[u8], body: &[u8], zero_ok: bool) -> PyResult<Vec<u8>> {
    let len = sign.len() + body.len();
    let mut out = Vec::with_capacity(len.max(d.width));
    if len >= d.width {
        out.extend_from_slice(sign);
        out.extend_from_slice(body);
        return Ok(out);
    }
    vm.check_alloc(d.width as u128)?;
    let fill = d.width - len;
    if d.left {
        out.extend_from_slice(sign);
        out.extend_from_slice(body);
        out.resize(d.width, b' ');
    } else if d.zero && zero_ok {
        out.extend_from_slice(sign);
        out.resize(sign.len() + fill, b'0');
        out.extend_from_slice(body);
    } else {
        out.resize(fill, b' ');
        out.extend_from_slice(sign);
        out.extend_from_slice(body);
    }
    Ok(out)
}

fn sign_of(d: &Spec, neg: bool) -> &'static [u8] {
    if neg {
        b"-"
    } else if d.plus {
        b"+"
    } else if d.space {
        b" "
    } else {
        b""
    }
}

/// `v.__index__()` of an instance that defines it.
fn index_of(vm: &mut Vm, v: Value) -> PyResult<Option<BigInt>> {
    if vm.user_class_of(v).is_none() {
        return Ok(None);
    }
    match vm.call_dunder(v, "__index__", vec![])? {
        None => Ok(None),
        Some(r) => vm.bigint_arg(r).map(Some).map_err(|_| {
            PyErr::type_error(format!(
                "__index__ returned non-int (type {})",
                vm.class_name(r)
            ))
        }),
    }
}

fn convert(vm: &mut Vm, ty: u8, at: usize, v: Value, d: &Spec) -> PyResult<Vec<u8>> {
    match ty {
        b's' | b'b' => {
            let mut data = match as_bytes(&vm.heap, v) {
                Some(b) => b.to_vec(),
                None => {
                    let via = match vm.user_class_of(v) {
                        Some(_) => vm.call_dunder(v, "__bytes__", vec![])?,
                        None => None,
                    };
                    match via.and_then(|r| as_bytes(&vm.heap, r).map(<[u8]>::to_vec)) {
                        Some(b) => b,
                        None => {
                            return Err(PyErr::type_error(format!(
                                "%b requires a bytes-like object, or an object that implements __bytes__, not '{}'",
                                vm.class_name(v)
                            )))
                        }
                    }
                }
            };
            if let Some(p) = d.prec {
                data.truncate(p);
            }
            pad(vm, d, b"", &data, false)
        }
        b'r' | b'a' => {
            let text = crate::vm::repr::ascii_escape(&vm.repr(v)?);
            let mut data = text.into_bytes();
            if let Some(p) = d.prec {
                data.truncate(p);
            }
            pad(vm, d, b"", &data, false)
        }
        b'c' => {
            let c = byte_operand(vm, v)?;
            pad(vm, d, b"", &[c], false)
        }
        b'd' | b'i' | b'u' | b'o' | b'x' | b'X' => {
            let n = int_operand(vm, ty, v)?;
            if d.prec.is_some_and(|p| p > i32::MAX as usize - 3) {
                return Err(PyErr::new(ExcType::OverflowError, "precision too large"));
            }
            let mag = n.abs();
            let (mut digits, prefix): (String, &[u8]) = match ty {
                b'o' => (mag.to_str_radix(8), b"0o"),
                b'x' => (mag.to_str_radix(16), b"0x"),
                b'X' => (mag.to_str_radix(16).to_uppercase(), b"0X"),
                _ => (mag.to_string(), b""),
            };
            if let Some(p) = d.prec {
                if p > digits.len() {
                    vm.check_alloc(p as u128)?;
                    digits.insert_str(0, &"0".repeat(p - digits.len()));
                }
            }
            let mut sign = sign_of(d, n.is_negative()).to_vec();
            if d.alt {
                sign.extend_from_slice(prefix);
            }
            pad(vm, d, &sign, digits.as_bytes(), true)
        }
        b'e' | b'E' | b'f' | b'F' | b'g' | b'G' => {
            let f = float_operand(vm, v)?;
            let body = float_body(vm, f, ty as char, d.prec.unwrap_or(6), d.alt)?;
            let neg = f.is_sign_negative() && !f.is_nan();
            pad(vm, d, sign_of(d, neg), body.as_bytes(), true)
        }
        c if c >= 0x80 => Err(PyErr::new(
            ExcType::OverflowError,
            "character argument not in range(0x110000)",
        )),
        c => Err(PyErr::value_error(format!(
            "unsupported format character '{}' (0x{:x}) at index {at}",
            c as char, c
        ))),
    }
}

/// The byte `%c` formats: an int in range(256) or a bytes of length 1.
fn byte_operand(vm: &mut Vm, v: Value) -> PyResult<u8> {
    let not_range = || PyErr::new(ExcType::OverflowError, "%c arg not in range(256)");
    match v {
        Value::Int(i) => return u8::try_from(i).map_err(|_| not_range()),
        Value::Bool(b) => return Ok(b as u8),
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => return Err(not_range()),
        _ => {}
    }
    if let Some(b) = as_bytes(&vm.heap, v) {
        if b.len() == 1 {
            return Ok(b[0]);
        }
        return Err(PyErr::type_error(format!(
            "%c requires an integer in range(256) or a single byte, not a {} object of length {}",
            vm.class_name(v),
            b.len()
        )));
    }
    if let Some(n) = index_of(vm, v)? {
        return n.to_u8().ok_or_else(not_range);
    }
    Err(PyErr::type_error(format!(
        "%c requires an integer in range(256) or a single byte, not {}",
        vm.class_name(v)
    )))
}

/// The integer a `%d`/`%x`-style conversion formats.
fn int_operand(vm: &mut Vm, ty: u8, v: Value) -> PyResult<BigInt> {
    let decimal = matches!(ty, b'd' | b'i' | b'u');
    if let Some(n) = index_of(vm, v)? {
        return Ok(n);
    }
    if decimal && vm.user_class_of(v).is_some() {
        if let Some(r) = vm.call_dunder(v, "__int__", vec![])? {
            return vm.bigint_arg(r);
        }
    }
    match v {
        Value::Float(f) if decimal => {
            if f.is_nan() {
                return Err(PyErr::value_error("cannot convert float NaN to integer"));
            }
            if f.is_infinite() {
                return Err(PyErr::new(
                    ExcType::OverflowError,
                    "cannot convert float infinity to integer",
                ));
            }
            Ok(num_traits::FromPrimitive::from_f64(f.trunc()).unwrap_or_default())
        }
        Value::Int(_) | Value::Bool(_) => vm.bigint_arg(v),
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => vm.bigint_arg(v),
        _ if decimal => Err(PyErr::type_error(format!(
            "%d format: a real number is required, not {}",
            vm.class_name(v)
        ))),
        _ => Err(PyErr::type_error(format!(
            "%{} format: an integer is required, not {}",
            ty as char,
            vm.class_name(v)
        ))),
    }
}

/// The float a `%e`/`%f`/`%g` conversion formats.
fn float_operand(vm: &mut Vm, v: Value) -> PyResult<f64> {
    let required =
        |vm: &Vm| PyErr::type_error(format!("float argument required, not {}", vm.class_name(v)));
    match v {
        Value::Float(f) => return Ok(f),
        Value::Int(i) => return Ok(i as f64),
        Value::Bool(b) => return Ok(b as i64 as f64),
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => {
            return vm.float_arg(v).map_err(|_| required(vm));
        }
        _ => {}
    }
    if vm.user_class_of(v).is_some() {
        if let Some(Value::Float(f)) = vm.call_dunder(v, "__float__", vec![])? {
            return Ok(f);
        }
        if let Some(n) = index_of(vm, v)? {
            return crate::vm::ops::bigint_to_f64(&n);
        }
    }
    Err(required(vm))
}
