//! printf-style `str % args`: `%s %r %a %c %d %i %u %o %x %X %e %E %f %F
//! %g %G %%`, mapping keys `%(name)s`, flags `-+ 0#`, `*` widths and
//! precisions, length modifiers, and CPython's errors.

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

use crate::object::{ExcType, Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

use super::format::float_body;

/// Where the next argument comes from: a tuple, or one value (the whole
/// right operand, or the value a `%(key)` selected), as CPython tracks it.
struct ArgState {
    items: Vec<Value>,
    single: Value,
    len: i64,
    idx: i64,
}

impl ArgState {
    fn single(v: Value) -> ArgState {
        ArgState {
            items: Vec::new(),
            single: v,
            len: -1,
            idx: -2,
        }
    }

    fn next(&mut self) -> PyResult<Value> {
        if self.idx < self.len {
            self.idx += 1;
            if self.len < 0 {
                return Ok(self.single);
            }
            return Ok(self.items[(self.idx - 1) as usize]);
        }
        Err(PyErr::type_error("not enough arguments for format string"))
    }
}

/// Flags, width and precision of one directive.
#[derive(Default)]
struct Directive {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
}

/// Whether `v` supports `v[key]` the way `PyMapping_Check` sees it (str and
/// tuple are excluded by the caller).
fn is_mapping(vm: &mut Vm, v: Value) -> bool {
    match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Dict(_)
            | Obj::List(_)
            | Obj::Range(_)
            | Obj::Tuple(_)
            | Obj::Str(_)
            | Obj::Bytes(_)
            | Obj::ByteArray(_) => true,
            Obj::BigInt(_)
            | Obj::Set(_)
            | Obj::FrozenSet(_)
            | Obj::Function(_)
            | Obj::Exception(_)
            | Obj::Iter(_)
            | Obj::DictView(..)
            | Obj::Module(_)
            | Obj::BuiltinMethod(..)
            | Obj::BoundNative { .. } => false,
            _ => vm.get_attr(v, "__getitem__").is_ok(),
        },
        _ => false,
    }
}

/// `template % args` (`template` is a str).
///
/// # Errors
/// CPython's `TypeError`/`ValueError`/`OverflowError`s for bad directives
/// and arguments.
#[inline(never)]
pub fn percent_format(vm: &mut Vm, template: Value, args: Value) -> PyResult<Value> {
    let text = as_str(&vm.heap, template).unwrap_or("").to_string();
    // the operands stay reachable while `__str__` & co. run Python code
    let mark = vm.stack.len();
    vm.stack.push(args);
    let r = format_all(vm, &text, args);
    vm.release_to(mark);
    r
}

fn format_all(vm: &mut Vm, template: &str, args: Value) -> PyResult<Value> {
    let tuple = match args {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Tuple(items) => Some(items.clone()),
            _ => None,
        },
        _ => None,
    };
    let dict = (tuple.is_none() && as_str(&vm.heap, args).is_none() && is_mapping(vm, args))
        .then_some(args);
    let mut state = match tuple {
        Some(items) => ArgState {
            len: items.len() as i64,
            items,
            single: Value::None,
            idx: 0,
        },
        None => ArgState::single(args),
    };
    let chars: Vec<char> = template.chars().collect();
    let n = chars.len();
    let incomplete = || PyErr::value_error("incomplete format");
    let mut out = String::with_capacity(template.len());
    let mut i = 0;
    while i < n {
        if chars[i] != '%' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        i += 1;
        match chars.get(i) {
            None => return Err(incomplete()),
            Some('%') => {
                out.push('%');
                i += 1;
                continue;
            }
            Some('(') => {
                let Some(mapping) = dict else {
                    return Err(PyErr::type_error("format requires a mapping"));
                };
                i += 1;
                let start = i;
                let mut depth = 1;
                while i < n && depth > 0 {
                    match chars[i] {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        _ => {}
                    }
                    i += 1;
                }
                if depth > 0 {
                    return Err(PyErr::value_error("incomplete format key"));
                }
                let key = vm.new_str(chars[start..i - 1].iter().collect::<String>());
                let v = vm.get_item(mapping, key)?;
                vm.stack.push(v);
                state = ArgState::single(v);
            }
            Some(_) => {}
        }
        let mut d = Directive::default();
        while let Some(&c) = chars.get(i) {
            match c {
                '-' => d.left = true,
                '+' => d.plus = true,
                ' ' => d.space = true,
                '#' => d.alt = true,
                '0' => d.zero = true,
                _ => break,
            }
            i += 1;
        }
        if chars.get(i) == Some(&'*') {
            i += 1;
            let v = state.next()?;
            let w = star_arg(vm, v, "Python int too large to convert to C ssize_t")?;
            if w < 0 {
                d.left = true;
            }
            d.width = w.unsigned_abs() as usize;
        } else {
            let mut w: u64 = 0;
            while let Some(dg) = chars.get(i).and_then(|c| c.to_digit(10)) {
                w = w
                    .checked_mul(10)
                    .map(|w| w + dg as u64)
                    .filter(|&w| w <= i64::MAX as u64)
                    .ok_or_else(|| PyErr::value_error("width too big"))?;
                i += 1;
            }
            d.width = w as usize;
        }
        if chars.get(i) == Some(&'.') {
            i += 1;
            if chars.get(i) == Some(&'*') {
                i += 1;
                let v = state.next()?;
                let p = star_arg(vm, v, "Python int too large to convert to C int")?;
                if p > i32::MAX as i64 || p < i32::MIN as i64 {
                    return Err(PyErr::new(
                        ExcType::OverflowError,
                        "Python int too large to convert to C int",
                    ));
                }
                d.prec = Some(p.max(0) as usize);
            } else {
                let mut p: u64 = 0;
                while let Some(dg) = chars.get(i).and_then(|c| c.to_digit(10)) {
                    p = p * 10 + dg as u64;
                    if p > i32::MAX as u64 {
                        return Err(PyErr::value_error("precision too big"));
                    }
                    i += 1;
                }
                d.prec = Some(p as usize);
            }
        }
        if matches!(chars.get(i), Some('h' | 'l' | 'L')) {
            i += 1;
        }
        let Some(&ty) = chars.get(i) else {
            return Err(incomplete());
        };
        let v = state.next()?;
        let text = convert(vm, ty, i, v, &d)?;
        out.push_str(&text);
        vm.check_alloc(out.len() as u128)?;
        i += 1;
    }
    if state.idx < state.len && dict.is_none() {
        return Err(PyErr::type_error(
            "not all arguments converted during string formatting",
        ));
    }
    Ok(vm.new_str(out))
}

/// A `*` width or precision argument.
fn star_arg(vm: &Vm, v: Value, overflow: &str) -> PyResult<i64> {
    match v {
        Value::Int(i) => Ok(i),
        Value::Bool(b) => Ok(b as i64),
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => {
            Err(PyErr::new(ExcType::OverflowError, overflow))
        }
        _ => Err(PyErr::type_error("* wants int")),
    }
}

/// Pads `sign + body` to the directive's width; `zero_ok` for numbers.
fn pad(vm: &Vm, d: &Directive, sign: &str, body: &str, zero_ok: bool) -> PyResult<String> {
    let len = sign.chars().count() + body.chars().count();
    if len >= d.width {
        return Ok(format!("{sign}{body}"));
    }
    vm.check_alloc(d.width as u128)?;
    let fill = d.width - len;
    Ok(if d.left {
        format!("{sign}{body}{}", " ".repeat(fill))
    } else if d.zero && zero_ok {
        format!("{sign}{}{body}", "0".repeat(fill))
    } else {
        format!("{}{sign}{body}", " ".repeat(fill))
    })
}

fn sign_of(d: &Directive, neg: bool) -> &'static str {
    if neg {
        "-"
    } else if d.plus {
        "+"
    } else if d.space {
        " "
    } else {
        ""
    }
}

/// Formats one argument under conversion `ty` (at char index `at`).
fn convert(vm: &mut Vm, ty: char, at: usize, v: Value, d: &Directive) -> PyResult<String> {
    match ty {
        's' | 'r' | 'a' => {
            let text = match ty {
                's' => vm.str_of(v)?,
                'r' => vm.repr(v)?,
                _ => crate::vm::repr::ascii_escape(&vm.repr(v)?),
            };
            let text = match d.prec {
                Some(p) => text.chars().take(p).collect(),
                None => text,
            };
            pad(vm, d, "", &text, false)
        }
        'c' => {
            let c = match v {
                Value::Int(_) | Value::Bool(_) => {
                    let x = vm.index_arg(v)?;
                    u32::try_from(x).ok().and_then(char::from_u32)
                }
                Value::Float(_) => {
                    return Err(PyErr::type_error(
                        "%c requires an int or a unicode character, not float",
                    ))
                }
                _ => match as_str(&vm.heap, v) {
                    Some(s) => {
                        let mut it = s.chars();
                        match (it.next(), it.next()) {
                            (Some(c), None) => Some(c),
                            _ => {
                                return Err(PyErr::type_error(format!(
                                    "%c requires an int or a unicode character, not a string of length {}",
                                    s.chars().count()
                                )))
                            }
                        }
                    }
                    None if vm.as_num(v).is_some() => None,
                    None if vm.user_class_of(v).is_some() => match index_of(vm, v)? {
                        Some(n) => n.to_u32().and_then(char::from_u32),
                        None => {
                            return Err(PyErr::type_error(format!(
                                "%c requires an int or a unicode character, not {}",
                                vm.class_name(v)
                            )))
                        }
                    },
                    None => {
                        return Err(PyErr::type_error(format!(
                            "%c requires an int or a unicode character, not {}",
                            vm.class_name(v)
                        )))
                    }
                },
            };
            let c = c.ok_or_else(|| {
                PyErr::new(ExcType::OverflowError, "%c arg not in range(0x110000)")
            })?;
            pad(vm, d, "", &c.to_string(), false)
        }
        'd' | 'i' | 'u' | 'o' | 'x' | 'X' => {
            let n = int_operand(vm, ty, v)?;
            if d.prec.is_some_and(|p| p > i32::MAX as usize - 3) {
                return Err(PyErr::new(ExcType::OverflowError, "precision too large"));
            }
            let neg = n.is_negative();
            let mag = n.abs();
            let (mut digits, prefix) = match ty {
                'o' => (mag.to_str_radix(8), "0o"),
                'x' => (mag.to_str_radix(16), "0x"),
                'X' => (mag.to_str_radix(16).to_uppercase(), "0X"),
                _ => {
                    let as_value = crate::object::int::from_bigint(&mut vm.heap, mag);
                    (vm.repr(as_value)?, "")
                }
            };
            if let Some(p) = d.prec {
                if p > digits.len() {
                    vm.check_alloc(p as u128)?;
                    digits.insert_str(0, &"0".repeat(p - digits.len()));
                }
            }
            let sign = format!("{}{}", sign_of(d, neg), if d.alt { prefix } else { "" });
            pad(vm, d, &sign, &digits, true)
        }
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' => {
            let f = match vm.as_num(v) {
                Some(_) => vm.float_arg(v)?,
                None if vm.user_class_of(v).is_some() || crate::lib().is_decimal(vm, v) => {
                    float_of(vm, v)?
                }
                None => {
                    return Err(PyErr::type_error(format!(
                        "must be real number, not {}",
                        vm.class_name(v)
                    )))
                }
            };
            let body = float_body(vm, f, ty, d.prec.unwrap_or(6), d.alt)?;
            let neg = f.is_sign_negative() && !f.is_nan();
            pad(vm, d, sign_of(d, neg), &body, true)
        }
        c => {
            let shown = if (' '..='~').contains(&c) || c == '\x1f' {
                c
            } else {
                '?'
            };
            Err(PyErr::value_error(format!(
                "unsupported format character '{shown}' (0x{:x}) at index {at}",
                c as u32
            )))
        }
    }
}

/// `v.__index__()` for an instance that defines it.
fn index_of(vm: &mut Vm, v: Value) -> PyResult<Option<BigInt>> {
    let Some(r) = vm.call_dunder(v, "__index__", vec![])? else {
        return Ok(None);
    };
    match r {
        Value::Int(_) => vm.bigint_arg(r).map(Some),
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => vm.bigint_arg(r).map(Some),
        _ => Err(PyErr::type_error(format!(
            "__index__ returned non-int (type {})",
            vm.class_name(r)
        ))),
    }
}

/// `float(v)` for an instance: `__float__`, else `__index__`.
fn float_of(vm: &mut Vm, v: Value) -> PyResult<f64> {
    if let Some(r) = crate::lib().decimal_float_of(vm, v) {
        return r;
    }
    if let Some(r) = vm.call_dunder(v, "__float__", vec![])? {
        return match r {
            Value::Float(f) => Ok(f),
            _ => Err(PyErr::type_error(format!(
                "{}.__float__ returned non-float (type {})",
                vm.class_name(v),
                vm.class_name(r)
            ))),
        };
    }
    match index_of(vm, v)? {
        Some(n) => crate::object::int::bigint_to_f64(&n),
        None => Err(PyErr::type_error(format!(
            "must be real number, not {}",
            vm.class_name(v)
        ))),
    }
}

/// The integer a `%d`/`%x`-style conversion formats.
fn int_operand(vm: &mut Vm, ty: char, v: Value) -> PyResult<BigInt> {
    if matches!(ty, 'd' | 'i' | 'u') {
        if let Some(r) = crate::lib().decimal_int_of(vm, v) {
            return vm.bigint_arg(r?);
        }
    }
    if vm.user_class_of(v).is_some() {
        if let Some(n) = index_of(vm, v)? {
            return Ok(n);
        }
        if matches!(ty, 'd' | 'i' | 'u') {
            if let Some(r) = vm.call_dunder(v, "__int__", vec![])? {
                return vm.bigint_arg(r).map_err(|_| {
                    PyErr::type_error(format!(
                        "__int__ returned non-int (type {})",
                        vm.class_name(r)
                    ))
                });
            }
        }
    }
    if let Value::Float(f) = v {
        if matches!(ty, 'd' | 'i' | 'u') {
            if f.is_nan() {
                return Err(PyErr::value_error("cannot convert float NaN to integer"));
            }
            if f.is_infinite() {
                return Err(PyErr::new(
                    ExcType::OverflowError,
                    "cannot convert float infinity to integer",
                ));
            }
            return Ok(num_traits::FromPrimitive::from_f64(f.trunc()).unwrap_or_default());
        }
    }
    match v {
        Value::Int(_) | Value::Bool(_) => vm.bigint_arg(v),
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => vm.bigint_arg(v),
        _ => Err(PyErr::type_error(if matches!(ty, 'd' | 'i' | 'u') {
            format!(
                "%{ty} format: a real number is required, not {}",
                vm.class_name(v)
            )
        } else {
            format!(
                "%{ty} format: an integer is required, not {}",
                vm.class_name(v)
            )
        })),
    }
}
