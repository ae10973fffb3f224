//! The format-spec mini-language (`format(x, spec)`, f-string `{x:spec}`,
//! `str.format`): fill, alignment, sign, `z`, `#`, `0`, width, grouping,
//! precision (with fractional grouping) and the presentation types of int,
//! float and str, with CPython's errors.

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

use crate::object::{float, ExcType, Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

#[path = "format_complex.rs"]
mod complex;

/// The value of a Unicode decimal digit (`'7'`, `'٧'`, `'７'`, ...).
pub fn decimal_value(c: char) -> Option<u32> {
    crate::unicode::decimal(c).map(u32::from)
}

/// Reads a run of decimal digits at `chars[*i..]` as a count, the way
/// CPython's `get_integer` does: `None` if there is no digit, an error past
/// `isize::MAX`.
pub fn parse_count(chars: &[char], i: &mut usize) -> PyResult<Option<usize>> {
    let mut n: u64 = 0;
    let mut any = false;
    while let Some(d) = chars.get(*i).and_then(|&c| decimal_value(c)) {
        n = n
            .checked_mul(10)
            .and_then(|n| n.checked_add(d as u64))
            .filter(|&n| n <= i64::MAX as u64)
            .ok_or_else(|| PyErr::value_error("Too many decimal digits in format string"))?;
        any = true;
        *i += 1;
    }
    Ok(any.then_some(n as usize))
}

/// The largest float precision CPython accepts (`INT_MAX - 1024`).
const MAX_FLOAT_PRECISION: usize = 2_147_482_623;

/// A parsed format spec.
#[derive(Default, Debug, Clone)]
struct Spec {
    fill: Option<char>,
    align: Option<char>,
    sign: Option<char>,
    no_neg_zero: bool,
    alt: bool,
    zero: bool,
    width: usize,
    grouping: Option<char>,
    frac_grouping: Option<char>,
    precision: Option<usize>,
    ty: Option<char>,
}

impl Spec {
    /// The fill character and alignment in effect, given the type's
    /// default alignment (`>` for numbers, `<` for strings).
    fn fill_align(&self, default_align: char) -> (char, char) {
        let fill = self.fill.unwrap_or(if self.zero { '0' } else { ' ' });
        let align = self.align.unwrap_or(if self.zero && default_align == '>' {
            '='
        } else {
            default_align
        });
        (fill, align)
    }

    /// Sign-aware zero padding that keeps grouping separators (`{:08,}`).
    fn zero_grouped(&self) -> bool {
        self.fill_align('>') == ('0', '=')
    }
}

fn parse_spec(spec: &str, tname: &str, default_ty: Option<char>) -> PyResult<Spec> {
    let chars: Vec<char> = spec.chars().collect();
    let mut i = 0;
    let mut s = Spec::default();
    let is_align = |c: char| matches!(c, '<' | '>' | '^' | '=');
    if chars.len() >= 2 && is_align(chars[1]) {
        s.fill = Some(chars[0]);
        s.align = Some(chars[1]);
        i = 2;
    } else if !chars.is_empty() && is_align(chars[0]) {
        s.align = Some(chars[0]);
        i = 1;
    }
    if i < chars.len() && matches!(chars[i], '+' | '-' | ' ') {
        s.sign = Some(chars[i]);
        i += 1;
    }
    if i < chars.len() && chars[i] == 'z' {
        s.no_neg_zero = true;
        i += 1;
    }
    if i < chars.len() && chars[i] == '#' {
        s.alt = true;
        i += 1;
    }
    if i < chars.len() && chars[i] == '0' {
        s.zero = true;
        i += 1;
    }
    s.width = parse_count(&chars, &mut i)?.unwrap_or(0);
    if i < chars.len() && matches!(chars[i], ',' | '_') {
        let g = chars[i];
        s.grouping = Some(g);
        i += 1;
        if let Some(&next) = chars.get(i) {
            if next == g {
                return Err(PyErr::value_error(format!(
                    "Cannot specify '{g}' with '{g}'."
                )));
            }
            if matches!(next, ',' | '_') {
                return Err(PyErr::value_error("Cannot specify both ',' and '_'."));
            }
        }
    }
    if i < chars.len() && chars[i] == '.' {
        i += 1;
        s.precision = parse_count(&chars, &mut i)?;
        if i < chars.len() && matches!(chars[i], ',' | '_') {
            s.frac_grouping = Some(chars[i]);
            i += 1;
        }
        if s.precision.is_none() && s.frac_grouping.is_none() {
            return Err(PyErr::value_error("Format specifier missing precision"));
        }
    }
    if chars.len() - i > 1 {
        return Err(PyErr::value_error(format!(
            "Invalid format specifier '{spec}' for object of type '{tname}'"
        )));
    }
    s.ty = chars.get(i).copied();
    if let Some(g) = s.grouping {
        let ty = s.ty.or(default_ty);
        let ok = match ty {
            None | Some('d' | 'e' | 'f' | 'g' | 'E' | 'G' | '%' | 'F') => true,
            Some('b' | 'o' | 'x' | 'X') => g == '_',
            _ => false,
        };
        if !ok {
            let t = ty.unwrap_or('\0');
            return Err(PyErr::value_error(
                if (' '..'\u{80}').contains(&t) && t != ' ' {
                    format!("Cannot specify '{g}' with '{t}'.")
                } else {
                    format!("Cannot specify '{g}' with '\\x{:x}'.", t as u32)
                },
            ));
        }
    }
    Ok(s)
}

/// Inserts a grouping separator every `every` digits of an integer part.
fn group(digits: &str, sep: char, every: usize) -> String {
    let n = digits.chars().count();
    let mut out = String::with_capacity(n + n / every);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (n - i).is_multiple_of(every) {
            out.push(sep);
        }
        out.push(c);
    }
    out
}

/// Groups `digits` and pads them with zeros (themselves grouped) up to
/// `width`, never starting with a separator (`{:08,}` gives `0,000,007`).
fn zero_pad_grouped(digits: &str, sep: char, every: usize, width: usize) -> String {
    let d: Vec<char> = digits.chars().collect();
    let mut out = Vec::with_capacity(width.max(d.len()) + 4);
    let mut k = 0;
    loop {
        let real = k < d.len();
        if !real && out.len() >= width {
            break;
        }
        if k > 0 && k % every == 0 {
            out.push(sep);
        }
        out.push(if real { d[d.len() - 1 - k] } else { '0' });
        k += 1;
    }
    out.iter().rev().collect()
}

/// Pads `body` (with `sign` prefix) to the spec's width.
fn align(vm: &Vm, s: &Spec, sign: &str, body: &str, default_align: char) -> PyResult<String> {
    let len = sign.chars().count() + body.chars().count();
    if len >= s.width {
        return Ok(format!("{sign}{body}"));
    }
    vm.check_alloc(s.width as u128 * 4)?;
    let (fill, align) = s.fill_align(default_align);
    let pad = s.width - len;
    let fills = |n: usize| std::iter::repeat_n(fill, n).collect::<String>();
    Ok(match align {
        '<' => format!("{sign}{body}{}", fills(pad)),
        '>' => format!("{}{sign}{body}", fills(pad)),
        '^' => format!("{}{sign}{body}{}", fills(pad / 2), fills(pad - pad / 2)),
        _ => format!("{sign}{}{body}", fills(pad)),
    })
}

fn sign_str(s: &Spec, negative: bool) -> &'static str {
    if negative {
        "-"
    } else {
        match s.sign {
            Some('+') => "+",
            Some(' ') => " ",
            _ => "",
        }
    }
}

fn unknown_code(t: char, tname: &str) -> PyErr {
    PyErr::value_error(if (' '..'\u{80}').contains(&t) && t != ' ' {
        format!("Unknown format code '{t}' for object of type '{tname}'")
    } else {
        format!(
            "Unknown format code '\\x{:x}' for object of type '{tname}'",
            t as u32
        )
    })
}

/// `format(v, spec)`.
#[inline(never)]
/// `v.__format__(spec)` when `v` is an instance of a user class that
/// defines it: the str it returned (`None` when it defines none).
///
/// # Errors
///
/// What `__format__` raised, or `TypeError` when it returned no str.
fn user_format(vm: &mut Vm, v: Value, spec: &str) -> PyResult<Option<Value>> {
    if vm.user_class_of(v).is_none() {
        return Ok(None);
    }
    let spec_value = vm.new_str(spec);
    let mark = vm.stack.len();
    vm.stack.push(spec_value);
    let r = vm.call_dunder(v, "__format__", vec![spec_value]);
    vm.release_to(mark);
    match r? {
        Some(r) if as_str(&vm.heap, r).is_none() => Err(PyErr::type_error(format!(
            "__format__ must return a str, not {}",
            vm.class_name(r)
        ))),
        r => Ok(r),
    }
}

pub fn format_value(vm: &mut Vm, v: Value, spec: &str) -> PyResult<String> {
    if let Value::Ref(id) = v {
        if let Obj::Native(_) = vm.heap.get(id) {
            if let Some(s) = crate::lib().native_obj_format(vm, id, spec)? {
                return Ok(s);
            }
            if spec.is_empty() {
                return vm.str_of(v);
            }
        }
    }
    if let Some(r) = user_format(vm, v, spec)? {
        return Ok(as_str(&vm.heap, r).unwrap_or_default().to_string());
    }
    if spec.is_empty() {
        return vm.str_of(v);
    }
    let tname = vm.class_name(v);
    match v {
        Value::Int(_) | Value::Bool(_) => format_int(vm, spec, v, &tname),
        Value::Float(f) => format_float(vm, &parse_spec(spec, &tname, None)?, f),
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::BigInt(_) => format_int(vm, spec, v, &tname),
            Obj::Complex(z) => complex::format_complex(vm, spec, *z),
            Obj::Str(st) => {
                let text = st.s.clone();
                format_str(vm, &parse_spec(spec, &tname, Some('s'))?, &text, &tname)
            }
            Obj::Native(_) if crate::lib().native_obj_has_method(vm, id, "__format__") => {
                let spec_value = vm.new_str(spec);
                let r = crate::lib().native_obj_call_method(
                    vm,
                    id,
                    "__format__",
                    vec![spec_value],
                    Vec::new(),
                )?;
                match r.and_then(|r| as_str(&vm.heap, r).map(str::to_string)) {
                    Some(s) => Ok(s),
                    None => Err(PyErr::type_error("__format__ must return a str")),
                }
            }
            _ => Err(PyErr::type_error(format!(
                "unsupported format string passed to {tname}.__format__"
            ))),
        },
        _ => Err(PyErr::type_error(format!(
            "unsupported format string passed to {tname}.__format__"
        ))),
    }
}

fn format_str(vm: &Vm, s: &Spec, text: &str, tname: &str) -> PyResult<String> {
    match s.ty {
        None | Some('s') => {}
        Some(t) => return Err(unknown_code(t, tname)),
    }
    match s.sign {
        Some(' ') => {
            return Err(PyErr::value_error(
                "Space not allowed in string format specifier",
            ))
        }
        Some(_) => {
            return Err(PyErr::value_error(
                "Sign not allowed in string format specifier",
            ))
        }
        None => {}
    }
    if s.no_neg_zero {
        return Err(PyErr::value_error(
            "Negative zero coercion (z) not allowed in string format specifier",
        ));
    }
    if s.alt {
        return Err(PyErr::value_error(
            "Alternate form (#) not allowed in string format specifier",
        ));
    }
    if s.align == Some('=') {
        return Err(PyErr::value_error(
            "'=' alignment not allowed in string format specifier",
        ));
    }
    let body: String = match s.precision {
        Some(p) => text.chars().take(p).collect(),
        None => text.to_string(),
    };
    align(vm, s, "", &body, '<')
}

fn format_int(vm: &mut Vm, spec: &str, v: Value, tname: &str) -> PyResult<String> {
    let s = parse_spec(spec, tname, Some('d'))?;
    let n: BigInt = vm.bigint_arg(v)?;
    let ty = s.ty.unwrap_or('d');
    match ty {
        'b' | 'c' | 'd' | 'o' | 'x' | 'X' | 'n' => {}
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%' => {
            let f = crate::object::int::bigint_to_f64(&n)?;
            return format_float(vm, &s, f);
        }
        t => return Err(unknown_code(t, tname)),
    }
    if s.precision.is_some() {
        return Err(PyErr::value_error(
            "Precision not allowed in integer format specifier",
        ));
    }
    if s.no_neg_zero {
        return Err(PyErr::value_error(
            "Negative zero coercion (z) not allowed in integer format specifier",
        ));
    }
    if ty == 'c' {
        if s.sign.is_some() {
            return Err(PyErr::value_error(
                "Sign not allowed with integer format specifier 'c'",
            ));
        }
        if s.alt {
            return Err(PyErr::value_error(
                "Alternate form (#) not allowed with integer format specifier 'c'",
            ));
        }
        let x = n.to_i64().ok_or_else(|| {
            PyErr::new(
                ExcType::OverflowError,
                "Python int too large to convert to C long",
            )
        })?;
        let c = u32::try_from(x)
            .ok()
            .and_then(char::from_u32)
            .ok_or_else(|| PyErr::new(ExcType::OverflowError, "%c arg not in range(0x110000)"))?;
        return align(vm, &s, "", &c.to_string(), '>');
    }
    let neg = n.is_negative();
    let mag = n.abs();
    let (digits, prefix) = match ty {
        'x' => (mag.to_str_radix(16), "0x"),
        'X' => (mag.to_str_radix(16).to_uppercase(), "0X"),
        'o' => (mag.to_str_radix(8), "0o"),
        'b' => (mag.to_str_radix(2), "0b"),
        _ => {
            let as_value = crate::object::int::from_bigint(&mut vm.heap, mag);
            (vm.repr(as_value)?, "")
        }
    };
    let prefix = if s.alt { prefix } else { "" };
    let grouped = match s.grouping {
        Some(g) => {
            let every = if matches!(ty, 'd' | 'n') { 3 } else { 4 };
            if s.zero_grouped() {
                let lead = sign_str(&s, neg).len() + prefix.len();
                zero_pad_grouped(&digits, g, every, s.width.saturating_sub(lead))
            } else {
                group(&digits, g, every)
            }
        }
        None => digits,
    };
    let sign = format!("{}{prefix}", sign_str(&s, neg));
    align(vm, &s, &sign, &grouped, '>')
}

/// Formats `f` with `prec` digits after the point, as `%f` does.
fn fixed(f: f64, prec: usize) -> String {
    // a double has at most 1074 digits after the point: past that, zeros
    // (and Rust's formatter takes no precision above u16::MAX)
    let mut s = format!("{:.*}", prec.min(EXACT_DIGITS), f.abs());
    s.extend(std::iter::repeat_n('0', prec.saturating_sub(EXACT_DIGITS)));
    s
}

/// More fractional digits than any double has.
const EXACT_DIGITS: usize = 1100;

/// Formats `|f|` in exponent form with `prec` digits after the point.
fn exponent(f: f64, prec: usize, upper: bool) -> String {
    let s = format!("{:.*e}", prec.min(EXACT_DIGITS), f.abs());
    let zeros = prec.saturating_sub(EXACT_DIGITS);
    let s = match (zeros, s.split_once('e')) {
        (0, _) | (_, None) => s,
        (_, Some((m, e))) => format!("{m}{}e{e}", "0".repeat(zeros)),
    };
    let (mant, exp) = s.split_once('e').expect("exponent form");
    let exp: i32 = exp.parse().expect("int exponent");
    let e = if upper { 'E' } else { 'e' };
    format!(
        "{mant}{e}{}{:02}",
        if exp < 0 { '-' } else { '+' },
        exp.abs()
    )
}

/// `%g`-style formatting of `|f|`; `repr_style` for a float spec with a
/// precision and no type, which switches to exponent form one digit
/// earlier and keeps a `.0` on integral results.
fn general(f: f64, prec: usize, upper: bool, alt: bool, repr_style: bool) -> String {
    let p = prec.max(1);
    let a = f.abs();
    let exp = if a == 0.0 {
        0
    } else {
        let s = format!("{:.*e}", (p - 1).min(EXACT_DIGITS), a);
        s.split_once('e')
            .expect("exp")
            .1
            .parse::<i32>()
            .expect("int")
    };
    let limit = if repr_style { p as i64 - 1 } else { p as i64 };
    let mut out = if exp >= -4 && (exp as i64) < limit {
        fixed(a, (p as i64 - 1 - exp as i64).max(0) as usize)
    } else {
        exponent(a, p - 1, upper)
    };
    if !alt {
        // strip trailing zeros in the mantissa
        let (mant, rest) = match out.find(['e', 'E']) {
            Some(i) => (out[..i].to_string(), out[i..].to_string()),
            None => (out.clone(), String::new()),
        };
        let mant = if mant.contains('.') {
            mant.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            mant
        };
        out = format!("{mant}{rest}");
    }
    if repr_style && !out.contains(['.', 'e', 'E']) {
        out.push_str(".0");
    }
    out
}

/// Groups the digits after the decimal point of `body` from the left.
fn group_fraction(body: &str, sep: char) -> String {
    let Some(dot) = body.find('.') else {
        return body.to_string();
    };
    let (head, tail) = body.split_at(dot + 1);
    let ndigits = tail.chars().take_while(char::is_ascii_digit).count();
    let mut out = head.to_string();
    for (i, c) in tail.chars().enumerate() {
        if i > 0 && i < ndigits && i % 3 == 0 {
            out.push(sep);
        }
        out.push(c);
    }
    out
}

/// Adds the decimal point the alternate form (`#`) always shows.
fn add_point(body: String) -> String {
    if body.contains('.') {
        return body;
    }
    match body.find(['e', 'E', '%']) {
        Some(i) => format!("{}.{}", &body[..i], &body[i..]),
        None => format!("{body}."),
    }
}

/// The text of `|f|` under presentation type `ty` (one of `eEfFgG`) with
/// precision `prec`, shared by format specs and `%`-formatting.
///
/// # Errors
/// `ValueError` for a precision past CPython's limit, `MemoryError` for an
/// output too big to build.
pub fn float_body(vm: &Vm, f: f64, ty: char, prec: usize, alt: bool) -> PyResult<String> {
    float_text(vm, f, ty, prec, alt, false)
}

fn float_text(
    vm: &Vm,
    f: f64,
    ty: char,
    prec: usize,
    alt: bool,
    repr_style: bool,
) -> PyResult<String> {
    if prec > MAX_FLOAT_PRECISION {
        return Err(PyErr::value_error("precision too big"));
    }
    let upper = matches!(ty, 'E' | 'F' | 'G');
    if !f.is_finite() {
        let t = if f.is_nan() { "nan" } else { "inf" };
        return Ok(if upper {
            t.to_uppercase()
        } else {
            t.to_string()
        });
    }
    let generic = matches!(ty, 'g' | 'G');
    if !generic || alt {
        // the output really has this many digits
        vm.check_alloc(prec as u128 + 400)?;
    }
    let body = match ty {
        'f' | 'F' => fixed(f, prec),
        'e' | 'E' => exponent(f, prec, upper),
        // digits past ~800 of a double are zeros that 'g' strips anyway
        _ => general(
            f,
            if alt { prec } else { prec.min(1000) },
            upper,
            alt,
            repr_style,
        ),
    };
    Ok(if alt { add_point(body) } else { body })
}

fn format_float(vm: &Vm, s: &Spec, f: f64) -> PyResult<String> {
    let ty = s.ty;
    if !matches!(
        ty,
        None | Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'n' | '%')
    ) {
        return Err(unknown_code(ty.unwrap_or('\0'), "float"));
    }
    let prec = s.precision.unwrap_or(6);
    let mut neg = f.is_sign_negative() && !f.is_nan();
    let body = match ty {
        Some(t @ ('e' | 'E' | 'f' | 'F' | 'g' | 'G')) => float_body(vm, f, t, prec, s.alt)?,
        Some('n') => float_body(vm, f, 'g', prec, s.alt)?,
        Some(_) => format!("{}%", float_body(vm, f * 100.0, 'f', prec, s.alt)?),
        None => match s.precision {
            Some(p) => float_text(vm, f, 'g', p, s.alt, true)?,
            None if s.alt && f.is_finite() => add_point(float::repr(f.abs())),
            None => float::repr(f.abs()),
        },
    };
    if s.frac_grouping.is_some() && ty == Some('n') {
        let g = s.frac_grouping.unwrap_or('_');
        return Err(PyErr::value_error(format!(
            "Cannot specify '{g}' with 'n'."
        )));
    }
    if s.no_neg_zero && neg && f.is_finite() && !body.chars().any(|c| matches!(c, '1'..='9')) {
        neg = false;
    }
    let body = match s.frac_grouping {
        Some(g) if f.is_finite() => group_fraction(&body, g),
        _ => body,
    };
    let body = match s.grouping {
        Some(g) if f.is_finite() => {
            let (int_part, rest) = match body.find(['.', 'e', 'E', '%']) {
                Some(i) => (&body[..i], &body[i..]),
                None => (body.as_str(), ""),
            };
            if s.zero_grouped() {
                let w = s
                    .width
                    .saturating_sub(sign_str(s, neg).len() + rest.chars().count());
                format!("{}{rest}", zero_pad_grouped(int_part, g, 3, w))
            } else {
                format!("{}{rest}", group(int_part, g, 3))
            }
        }
        _ => body,
    };
    align(vm, s, sign_str(s, neg), &body, '>')
}

impl Vm {
    /// The `FormatValue` op: conversion (0 none, 1 `!s`, 2 `!r`, 3 `!a`)
    /// then the format spec.
    #[inline(never)]
    pub fn format_value(&mut self, v: Value, conv: u32, spec: Option<Value>) -> PyResult<Value> {
        let v = match conv {
            1 => {
                let s = self.str_of(v)?;
                self.new_str(s)
            }
            2 => {
                let s = self.repr(v)?;
                self.new_str(s)
            }
            3 => {
                let s = self.repr(v)?;
                self.new_str(crate::vm::repr::ascii_escape(&s))
            }
            _ => v,
        };
        let spec = match spec {
            Some(s) => as_str(&self.heap, s).unwrap_or("").to_string(),
            None => String::new(),
        };
        if spec.is_empty() && as_str(&self.heap, v).is_some() {
            return Ok(v);
        }
        // (the str a user `__format__` returned is the part itself:
        // `f"{x}" is CACHED`, as in CPython)
        if let Some(r) = user_format(self, v, &spec)? {
            return Ok(r);
        }
        let s = format_value(self, v, &spec)?;
        Ok(self.new_str(s))
    }
}
