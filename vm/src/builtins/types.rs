//! Constructors of the builtin types: `int(...)`, `str(...)`, `list(...)`,
//! `range(...)`, the lazy `enumerate`/`zip`/`map`/`filter`/`reversed`, and
//! `type(x)`, including CPython's parsing rules for `int("...")` and
//! `float("...")`.

use crate::vm::stdlib::Stdlib;
use num_bigint::BigInt;
use num_traits::Num as _;

use crate::object::{int, Dict, ExcType, Iter, Obj, Range, Type, Value};
use crate::vm::call::Kwargs;
use crate::vm::ops::Num;
use crate::vm::{as_str, PyErr, PyResult, Vm};

use super::Args;

pub fn construct<S: Stdlib>(
    vm: &mut Vm<S>,
    t: Type,
    pos: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Value> {
    if matches!(t, Type::Bytes | Type::ByteArray) {
        return vm.construct_bytes(t, pos, kw);
    }
    if t == Type::Str && (pos.len() > 1 || !kw.is_empty()) {
        return str_decode(vm, pos, kw);
    }
    let a = Args::new(t.name(), pos, kw);
    match t {
        Type::Int => {
            a.check(0, 2, &["base"])?;
            let Some(x) = a.pos.first().copied() else {
                return Ok(Value::Int(0));
            };
            match a.get(1, "base") {
                Some(b) => {
                    // a base wider than i64 is merely out of range
                    let base = i64::try_from(&vm.bigint_arg_mut(b)?).unwrap_or(-1);
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
                None => to_int(vm, x),
            }
        }
        Type::Complex => vm.construct_complex(a.pos, a.kw),
        Type::Float => {
            a.check(0, 1, &[])?;
            let Some(x) = a.pos.first().copied() else {
                return Ok(Value::Float(0.0));
            };
            to_float(vm, x)
        }
        Type::Str => {
            a.check(0, 1, &[])?;
            match a.pos.first() {
                None => Ok(vm.new_str("")),
                Some(&v) => {
                    if as_str(&vm.heap, v).is_some() {
                        return Ok(v);
                    }
                    let s = vm.str_of(v)?;
                    Ok(vm.new_str(s))
                }
            }
        }
        Type::Bool => {
            a.check(0, 1, &[])?;
            match a.pos.first() {
                None => Ok(Value::Bool(false)),
                Some(&v) => Ok(Value::Bool(vm.truthy(v)?)),
            }
        }
        Type::List => {
            a.check(0, 1, &[])?;
            let items = match a.pos.first() {
                Some(&v) => vm.collect_iterable(v)?,
                None => Vec::new(),
            };
            Ok(vm.new_list(items))
        }
        Type::Tuple => {
            a.check(0, 1, &[])?;
            match a.pos.first() {
                Some(&v) => {
                    if let Value::Ref(id) = v {
                        if let Obj::Tuple(_) = vm.heap.get(id) {
                            return Ok(v);
                        }
                    }
                    let items = vm.collect_iterable(v)?;
                    Ok(vm.new_tuple(items))
                }
                None => Ok(vm.new_tuple(Vec::new())),
            }
        }
        Type::Set | Type::FrozenSet => {
            a.check(0, 1, &[])?;
            let items = match a.pos.first() {
                Some(&v) => vm.collect_iterable(v)?,
                None => Vec::new(),
            };
            vm.new_set_of(items, t == Type::FrozenSet)
        }
        Type::Dict => {
            if a.pos.len() > 1 {
                return Err(PyErr::type_error(format!(
                    "dict expected at most 1 argument, got {}",
                    a.pos.len()
                )));
            }
            let d = vm.heap.new_value(Obj::Dict(Dict::new()));
            if let Some(&src) = a.pos.first() {
                vm.dict_update_any(d, src)?;
            }
            for (k, v) in a.kw {
                let kv = vm.new_str(k.clone());
                let Value::Ref(id) = d else { unreachable!() };
                if let Obj::Dict(m) = vm.heap.get_mut(id) {
                    m.insert(crate::object::HashKey::Str(k.into()), kv, v);
                }
            }
            Ok(d)
        }
        Type::Range => {
            a.check(1, 3, &[])?;
            let mut ints = Vec::new();
            for &v in &a.pos {
                ints.push(vm.index_arg_mut(v)?);
            }
            let r = match ints.len() {
                1 => Range {
                    start: 0,
                    stop: ints[0],
                    step: 1,
                },
                2 => Range {
                    start: ints[0],
                    stop: ints[1],
                    step: 1,
                },
                _ => {
                    if ints[2] == 0 {
                        return Err(PyErr::value_error("range() arg 3 must not be zero"));
                    }
                    Range {
                        start: ints[0],
                        stop: ints[1],
                        step: ints[2],
                    }
                }
            };
            Ok(vm.heap.new_value(Obj::Range(r)))
        }
        Type::Enumerate => {
            let given = a.pos.len() + a.kw.len();
            if given > 2 {
                return Err(PyErr::type_error(format!(
                    "enumerate() takes at most 2 arguments ({given} given)"
                )));
            }
            a.check(0, 2, &["iterable", "start"])?;
            let Some(iterable) = a.get(0, "iterable") else {
                return Err(PyErr::type_error(
                    "enumerate() missing required argument 'iterable'",
                ));
            };
            let inner = vm.get_iter(iterable)?;
            let start = match a.get(1, "start") {
                Some(s) => vm.index_arg_mut(s)?,
                None => 0,
            };
            Ok(vm.heap.new_value(Obj::Iter(Iter::Enumerate {
                inner,
                count: start,
            })))
        }
        Type::Zip => {
            a.check(0, usize::MAX, &["strict"])?;
            let strict = match a.kwarg("strict") {
                Some(s) => vm.truthy(s)?,
                None => false,
            };
            let mut iters = Vec::new();
            for &v in &a.pos {
                iters.push(vm.get_iter(v)?);
            }
            Ok(vm.heap.new_value(Obj::Iter(Iter::Zip { iters, strict })))
        }
        Type::Map => {
            if a.pos.len() < 2 {
                return Err(PyErr::type_error("map() must have at least two arguments."));
            }
            a.check(2, usize::MAX, &[])?;
            let func = a.pos[0];
            let mut iters = Vec::new();
            for &v in &a.pos[1..] {
                iters.push(vm.get_iter(v)?);
            }
            Ok(vm.heap.new_value(Obj::Iter(Iter::Map { func, iters })))
        }
        Type::Filter => {
            if a.pos.len() != 2 {
                return Err(PyErr::type_error(format!(
                    "filter expected 2 arguments, got {}",
                    a.pos.len()
                )));
            }
            a.check(2, 2, &[])?;
            let inner = vm.get_iter(a.pos[1])?;
            Ok(vm.heap.new_value(Obj::Iter(Iter::Filter {
                func: a.pos[0],
                inner,
            })))
        }
        Type::Reversed => {
            a.check(1, 1, &[])?;
            let v = a.pos[0];
            if let Value::Ref(id) = v {
                let it = match vm.heap.get(id) {
                    Obj::List(l) | Obj::Tuple(l) => Some(Iter::Reversed {
                        seq: id,
                        idx: l.len(),
                    }),
                    Obj::Bytes(b) | Obj::ByteArray(b) => Some(Iter::Reversed {
                        seq: id,
                        idx: b.len(),
                    }),
                    Obj::Str(s) => Some(Iter::Reversed {
                        seq: id,
                        idx: s.char_len(),
                    }),
                    Obj::Range(r) => {
                        let n = r.len();
                        let last = r.start + (n - 1) * r.step;
                        Some(Iter::Range {
                            cur: if n > 0 { last } else { 0 },
                            stop: if n > 0 { r.start - r.step } else { 0 },
                            step: -r.step,
                        })
                    }
                    Obj::Native(_) if !S::native_obj_is_reversible(vm, id) => None,
                    Obj::Dict(_) | Obj::Native(_) => {
                        let mut keys = vm.collect_iterable(v)?;
                        keys.reverse();
                        let l = vm.new_list(keys);
                        let Value::Ref(lid) = l else { unreachable!() };
                        Some(Iter::Seq { seq: lid, idx: 0 })
                    }
                    _ => None,
                };
                if let Some(it) = it {
                    return Ok(vm.heap.new_value(Obj::Iter(it)));
                }
            }
            Err(PyErr::type_error(format!(
                "'{}' object is not reversible",
                vm.class_name(v)
            )))
        }
        Type::Type => {
            if a.pos.len() == 3 {
                return type_new(vm, a);
            }
            if a.pos.len() != 1 {
                return Err(PyErr::type_error("type() takes 1 or 3 arguments"));
            }
            a.check(1, 1, &[])?;
            Ok(vm.type_value(a.pos[0]))
        }
        Type::Slice => {
            a.check(1, 3, &[])?;
            let (s, e, st) = match a.pos.len() {
                1 => (Value::None, a.pos[0], Value::None),
                2 => (a.pos[0], a.pos[1], Value::None),
                _ => (a.pos[0], a.pos[1], a.pos[2]),
            };
            Ok(vm.heap.new_value(Obj::Slice(s, e, st)))
        }
        Type::NotImplementedType | Type::Ellipsis => {
            if !a.pos.is_empty() || !a.kw.is_empty() {
                return Err(PyErr::type_error(format!(
                    "{}() takes no arguments",
                    t.name()
                )));
            }
            Ok(Value::Builtin(if t == Type::Ellipsis {
                crate::builtins::Builtin::Ellipsis
            } else {
                crate::builtins::Builtin::NotImplemented
            }))
        }
        _ => Err(PyErr::type_error(format!(
            "cannot create '{}' instances",
            t.name()
        ))),
    }
}

/// `type(name, bases, dict)`: creates a class at run time.
fn type_new<S: Stdlib>(vm: &mut Vm<S>, a: Args) -> PyResult<Value> {
    let bad = |vm: &Vm<S>, i: usize, want: &str, v: Value| {
        let got = if v.is_none() {
            "None".to_string()
        } else {
            vm.class_name(v)
        };
        PyErr::type_error(format!(
            "type.__new__() argument {i} must be {want}, not {got}"
        ))
    };
    let Some(name) = as_str(&vm.heap, a.pos[0]).map(str::to_string) else {
        return Err(bad(vm, 1, "str", a.pos[0]));
    };
    let bases = match a.pos[1] {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Tuple(t) => Some(t.clone()),
            _ => None,
        },
        _ => None,
    };
    let Some(bases) = bases else {
        return Err(bad(vm, 2, "tuple", a.pos[1]));
    };
    let ns = match a.pos[2] {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Dict(d) => Some(d.clone()),
            _ => None,
        },
        _ => None,
    };
    let Some(ns) = ns else {
        return Err(bad(vm, 3, "dict", a.pos[2]));
    };
    if !a.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{name}.__init_subclass__() takes no keyword arguments"
        )));
    }
    let mut ns = ns;
    for (k, v) in [("__module__", Some("__main__")), ("__doc__", None)] {
        if ns.get_str(k).is_none() {
            let kv = vm.new_str(k);
            let vv = v.map_or(Value::None, |v| vm.new_str(v));
            ns.insert(crate::object::HashKey::Str(k.into()), kv, vv);
        }
    }
    let ns = vm.heap.new_value(Obj::Dict(ns));
    vm.build_class(name.clone(), name, bases, ns)
}

/// `str(object, encoding, errors)`: decodes a bytes-like object.
fn str_decode<S: Stdlib>(vm: &mut Vm<S>, pos: Vec<Value>, kw: Kwargs) -> PyResult<Value> {
    let p = crate::vm::bytes::bind_clinic("str", &pos, &kw, &["object", "encoding", "errors"])?;
    let text = |v: Option<Value>, what: &str, default: &str| -> PyResult<String> {
        match v {
            None => Ok(default.to_string()),
            Some(v) => match as_str(&vm.heap, v) {
                Some(s) => Ok(s.to_string()),
                None => Err(PyErr::type_error(format!(
                    "str() argument '{what}' must be str, not {}",
                    vm.class_name(v)
                ))),
            },
        }
    };
    let enc = text(p[1], "encoding", "utf-8")?;
    let errors = text(p[2], "errors", "strict")?;
    let obj = p[0].unwrap_or(Value::None);
    match crate::object::bytes::as_bytes(&vm.heap, obj) {
        Some(b) => {
            let s = super::codecs::decode(b, &enc, &errors)?;
            Ok(vm.new_str(s))
        }
        None if p[0].is_none() => Ok(vm.new_str("")),
        None if as_str(&vm.heap, obj).is_some() => {
            Err(PyErr::type_error("decoding str is not supported"))
        }
        None => Err(PyErr::type_error(format!(
            "decoding to str: need a bytes-like object, {} found",
            vm.class_name(obj)
        ))),
    }
}

/// `int(x)` for a non-str-with-base argument.
fn to_int<S: Stdlib>(vm: &mut Vm<S>, x: Value) -> PyResult<Value> {
    if let Some(r) = S::decimal_int_of(vm, x) {
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
fn int_from_bytes<S: Stdlib>(vm: &mut Vm<S>, b: &[u8], base: i64) -> PyResult<Value> {
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
pub fn parse_int<S: Stdlib>(vm: &mut Vm<S>, s: &str, base: i64) -> PyResult<Value> {
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
    if digits.len() > 4300 && radix == 10 {
        return Err(PyErr::value_error(
            "Exceeds the limit (4300 digits) for integer string conversion: value has more digits; use sys.set_int_max_str_digits() to increase the limit",
        ));
    }
    finish_int(vm, &digits, radix, neg)
}

fn finish_int<S: Stdlib>(vm: &mut Vm<S>, digits: &str, radix: u32, neg: bool) -> PyResult<Value> {
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
fn user_int<S: Stdlib>(vm: &mut Vm<S>, x: Value) -> PyResult<Option<Value>> {
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
fn user_float<S: Stdlib>(vm: &mut Vm<S>, x: Value) -> PyResult<Option<Value>> {
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
pub fn to_float<S: Stdlib>(vm: &mut Vm<S>, x: Value) -> PyResult<Value> {
    if let Some(r) = S::decimal_float_of(vm, x) {
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
        return f.map(Value::Float).ok_or_else(|| {
            PyErr::value_error(format!(
                "could not convert string to float: {}",
                crate::object::bytes::repr(b)
            ))
        });
    }
    if let Some(s) = as_str(&vm.heap, x) {
        return parse_float(s).map(Value::Float).ok_or_else(|| {
            PyErr::value_error(format!(
                "could not convert string to float: {}",
                crate::vm::repr::str_repr(s)
            ))
        });
    }
    if let Some(r) = user_float(vm, x)? {
        return Ok(r);
    }
    Err(PyErr::type_error(format!(
        "float() argument must be a string or a real number, not '{}'",
        vm.class_name(x)
    )))
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

impl<S: Stdlib> Vm<S> {
    /// `dict.update(src)` / `dict(src)`: a mapping or an iterable of pairs.
    pub fn dict_update_any(&mut self, target: Value, src: Value) -> PyResult<()> {
        if let Value::Ref(id) = src {
            if let Obj::Dict(_) = self.heap.get(id) {
                return self.dict_update_from(target, src, false);
            }
        }
        let items = self.collect_iterable(src)?;
        let Value::Ref(tid) = target else {
            unreachable!("dict")
        };
        for (i, item) in items.into_iter().enumerate() {
            let pair = match self.unpack_exact(item, 2) {
                Ok(p) => p,
                Err(PyErr::Msg(ExcType::ValueError, _)) => {
                    let n = self.len_of(item).unwrap_or(0);
                    return Err(PyErr::value_error(format!(
                        "dictionary update sequence element #{i} has length {n}; 2 is required"
                    )));
                }
                Err(_) => {
                    return Err(PyErr::type_error(format!(
                        "cannot convert dictionary update sequence element #{i} to a sequence"
                    )))
                }
            };
            self.insert_keyed(tid, pair[0], pair[1], false)?;
        }
        Ok(())
    }
}
