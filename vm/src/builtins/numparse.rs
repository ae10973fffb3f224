//! `int(x)` and `float(x)`: conversion of numbers, strings, bytes and
//! instances with `__int__`/`__float__`/`__index__`, and CPython's rules
//! for parsing int and float literals (signs, underscores, prefixes,
//! Unicode digits, the digit limit).

use num_bigint::BigInt;
use num_traits::Num as _;

use crate::object::{int, ExcType, Value};
use crate::vm::ops::Num;
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// `int(x)` for a non-str-with-base argument.
pub fn to_int(vm: &mut Vm, x: Value) -> PyResult<Value> {
    if let Some(r) = crate::lib().decimal_int_of(vm, x) {
        return r;
    }
    match vm.as_num(x) {
        Some(Num::Int(i)) => return Ok(Value::Int(i)),
        Some(Num::Big(_)) => return Ok(x),
        Some(Num::Float(f)) => {
            if f.is_nan() {
                return Err(PyErr::value_error("cannot convert float NaN to integer"));
            }
            if f.is_infinite() {
                return Err(PyErr::new(
                    ExcType::OverflowError,
                    "cannot convert float infinity to integer",
                ));
            }
            let t = f.trunc();
            let b: BigInt = num_traits::FromPrimitive::from_f64(t).expect("finite");
            return Ok(int::from_bigint(&mut vm.heap, b));
        }
        None => {}
    }
    if let Some(s) = as_str(&vm.heap, x) {
        let s = s.to_string();
        return parse_int(vm, &s, 10);
    }
    if let Some(b) = crate::object::bytes::as_bytes(&vm.heap, x) {
        let b = b.to_vec();
        return int_from_bytes(vm, &b, 10);
    }
    if let Some(r) = user_int(vm, x)? {
        return Ok(r);
    }
    Err(PyErr::type_error(format!(
        "int() argument must be a string, a bytes-like object or a real number, not '{}'",
        vm.class_name(x)
    )))
}

/// `int(b, base)` for a bytes-like `b`: its ASCII text, with the bytes
/// repr in the error message.
fn int_from_bytes(vm: &mut Vm, b: &[u8], base: i64) -> PyResult<Value> {
    let bad = || {
        PyErr::value_error(format!(
            "invalid literal for int() with base {base}: {}",
            crate::object::bytes::repr(b)
        ))
    };
    let s = std::str::from_utf8(b)
        .ok()
        .filter(|s| s.is_ascii())
        .ok_or_else(bad)?;
    parse_int(vm, s, base).map_err(|e| match e {
        PyErr::Msg(ExcType::ValueError, m) if m.starts_with("invalid literal") => bad(),
        e => e,
    })
}

/// `int(s, base)` with Python's rules: surrounding whitespace, a sign,
/// single underscores between digits, `0x`/`0o`/`0b` prefixes.
pub fn parse_int(vm: &mut Vm, s: &str, base: i64) -> PyResult<Value> {
    if base != 0 && !(2..=36).contains(&base) {
        return Err(PyErr::value_error(
            "int() base must be >= 2 and <= 36, or 0",
        ));
    }
    let invalid = || {
        PyErr::value_error(format!(
            "invalid literal for int() with base {base}: {}",
            crate::vm::repr::str_repr(s)
        ))
    };
    let ascii = crate::unicode::ascii_digits(s);
    let t = ascii.trim_matches(crate::unicode::is_space);
    let (neg, mut body) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let mut radix = base as u32;
    let lower = body.to_ascii_lowercase();
    let prefixed = |p: &str| lower.starts_with(p);
    let had_prefix = (base == 0 || base == 16) && prefixed("0x")
        || (base == 0 || base == 8) && prefixed("0o")
        || (base == 0 || base == 2) && prefixed("0b");
    if (base == 0 || base == 16) && prefixed("0x") {
        radix = 16;
        body = &body[2..];
    } else if (base == 0 || base == 8) && prefixed("0o") {
        radix = 8;
        body = &body[2..];
    } else if (base == 0 || base == 2) && prefixed("0b") {
        radix = 2;
        body = &body[2..];
    } else if base == 0 {
        radix = 10;
        if body.len() > 1 && body.starts_with('0') && body.chars().any(|c| c != '0' && c != '_') {
            return Err(invalid());
        }
    }
    let body = body
        .strip_prefix('_')
        .filter(|_| had_prefix)
        .unwrap_or(body);
    if body.is_empty() || body.starts_with('_') || body.ends_with('_') || body.contains("__") {
        return Err(invalid());
    }
    let digits: String = body.chars().filter(|c| *c != '_').collect();
    if !digits.chars().all(|c| c.is_digit(radix)) {
        // Unicode decimal digits are accepted by CPython; map them.
        let mapped: Option<String> = digits
            .chars()
            .map(|c| {
                if c.is_ascii() {
                    Some(c)
                } else {
                    c.to_digit(10).and_then(|d| char::from_digit(d, 10))
                }
            })
            .collect();
        match mapped {
            Some(m) if m.chars().all(|c| c.is_digit(radix)) => {
                return finish_int(vm, &m, radix, neg)
            }
            _ => return Err(invalid()),
        }
    }
    finish_int(vm, &digits, radix, neg)
}

/// The int of ASCII `digits` in `radix`; CPython's 4300-digit limit
/// applies to the bases that are not powers of two.
fn finish_int(vm: &mut Vm, digits: &str, radix: u32, neg: bool) -> PyResult<Value> {
    if digits.len() > 4300 && !radix.is_power_of_two() {
        return Err(PyErr::value_error(format!(
            "Exceeds the limit (4300 digits) for integer string conversion: value has {} digits; use sys.set_int_max_str_digits() to increase the limit",
            digits.len()
        )));
    }
    if let Ok(i) = i64::from_str_radix(digits, radix) {
        return Ok(Value::Int(if neg { -i } else { i }));
    }
    let b = BigInt::from_str_radix(digits, radix)
        .map_err(|_| PyErr::value_error("invalid literal for int()"))?;
    Ok(int::from_bigint(&mut vm.heap, if neg { -b } else { b }))
}

/// `int(x)` for an instance of a class with `__int__` or `__index__`
/// (tried in that order, each looked up on the class; no `__trunc__`
/// fallback, as in 3.14); `None` when it has neither.
fn user_int(vm: &mut Vm, x: Value) -> PyResult<Option<Value>> {
    let Some(cls) = vm.user_class_of(x) else {
        return Ok(None);
    };
    if vm.class_lookup(cls, "__int__").is_some() {
        let r = vm
            .call_dunder(x, "__int__", Vec::new())?
            .unwrap_or(Value::None);
        return match vm.as_num(r) {
            Some(Num::Int(i)) => Ok(Some(Value::Int(i))),
            Some(Num::Big(_)) => Ok(Some(r)),
            _ => Err(PyErr::type_error(format!(
                "__int__ returned non-int (type {})",
                vm.class_name(r)
            ))),
        };
    }
    if let Some(i) = vm.user_index(x)? {
        return Ok(Some(i));
    }
    Ok(None)
}

/// `float(x)` for an instance of a class with `__float__` or `__index__`;
/// `None` when it has neither.
fn user_float(vm: &mut Vm, x: Value) -> PyResult<Option<Value>> {
    let Some(cls) = vm.user_class_of(x) else {
        return Ok(None);
    };
    if vm.class_lookup(cls, "__float__").is_some() {
        let r = vm
            .call_dunder(x, "__float__", Vec::new())?
            .unwrap_or(Value::None);
        return match r {
            Value::Float(_) => Ok(Some(r)),
            _ => Err(PyErr::type_error(format!(
                "{}.__float__ returned non-float (type {})",
                vm.class_name(x),
                vm.class_name(r)
            ))),
        };
    }
    match vm.user_index(x)? {
        Some(i) => to_float(vm, i).map(Some),
        None => Ok(None),
    }
}

/// `float(x)`.
pub fn to_float(vm: &mut Vm, x: Value) -> PyResult<Value> {
    if let Some(r) = crate::lib().decimal_float_of(vm, x) {
        return r.map(Value::Float);
    }
    match vm.as_num(x) {
        Some(Num::Float(f)) => return Ok(Value::Float(f)),
        Some(Num::Int(i)) => return Ok(Value::Float(i as f64)),
        Some(Num::Big(b)) => return Ok(Value::Float(crate::vm::ops::bigint_to_f64(&b)?)),
        None => {}
    }
    if let Some(b) = crate::object::bytes::as_bytes(&vm.heap, x) {
        let f = std::str::from_utf8(b)
            .ok()
            .filter(|s| s.is_ascii())
            .and_then(parse_float);
        let Some(f) = f else {
            return Err(PyErr::value_error(format!(
                "could not convert string to float: {}",
                crate::object::bytes::repr(b)
            )));
        };
        return Ok(fresh_nan(vm, f));
    }
    if let Some(s) = as_str(&vm.heap, x) {
        let Some(f) = parse_float(s) else {
            return Err(PyErr::value_error(format!(
                "could not convert string to float: {}",
                crate::vm::repr::str_repr(s)
            )));
        };
        return Ok(fresh_nan(vm, f));
    }
    if let Some(r) = user_float(vm, x)? {
        return Ok(r);
    }
    Err(PyErr::type_error(format!(
        "float() argument must be a string or a real number, not '{}'",
        vm.class_name(x)
    )))
}

/// `f` as a new float object: a NaN gets a payload of its own
/// (`Vm::nan_serial`), as each `float('nan')` is a new object in CPython.
fn fresh_nan(vm: &mut Vm, f: f64) -> Value {
    if !f.is_nan() {
        return Value::Float(f);
    }
    vm.nan_serial += 1;
    const PAYLOAD: u64 = (1 << 51) - 1;
    let bits = (f.to_bits() & !PAYLOAD) | (vm.nan_serial & PAYLOAD).max(1);
    Value::Float(f64::from_bits(bits))
}

/// Parses a float literal as `float()` accepts it.
pub fn parse_float(s: &str) -> Option<f64> {
    let ascii = crate::unicode::ascii_digits(s);
    let t = ascii.trim_matches(crate::unicode::is_space);
    let lower = t.to_ascii_lowercase();
    let (neg, body) = match lower.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, lower.strip_prefix('+').unwrap_or(&lower)),
    };
    let v = match body {
        "inf" | "infinity" => f64::INFINITY,
        "nan" => f64::NAN,
        _ => {
            if body.is_empty()
                || body.starts_with('_')
                || body.ends_with('_')
                || body.contains("__")
                || body.contains("_.")
                || body.contains("._")
                || body.contains("e_")
                || body.contains("_e")
            {
                return None;
            }
            let clean: String = body.chars().filter(|c| *c != '_').collect();
            if !clean.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
                return None;
            }
            if clean
                .char_indices()
                .any(|(i, c)| matches!(c, '+' | '-') && !clean[..i].ends_with('e'))
            {
                return None;
            }
            if !clean
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | '+' | '-'))
            {
                return None;
            }
            if !clean.chars().any(|c| c.is_ascii_digit()) {
                return None;
            }
            clean.parse::<f64>().ok()?
        }
    };
    Some(if neg { -v } else { v })
}

/// `int(x, base)`: `x` a str or bytes-like object.
pub fn int_with_base(vm: &mut Vm, x: Value, base: Value) -> PyResult<Value> {
    // a base wider than i64 is merely out of range
    let base = i64::try_from(&vm.bigint_arg_mut(base)?).unwrap_or(-1);
    if base != 0 && !(2..=36).contains(&base) {
        return Err(PyErr::value_error(
            "int() base must be >= 2 and <= 36, or 0",
        ));
    }
    if let Some(b) = crate::object::bytes::as_bytes(&vm.heap, x) {
        let b = b.to_vec();
        return int_from_bytes(vm, &b, base);
    }
    match as_str(&vm.heap, x) {
        Some(s) => {
            let s = s.to_string();
            parse_int(vm, &s, base)
        }
        None => Err(PyErr::type_error(
            "int() can't convert non-string with explicit base",
        )),
    }
}
