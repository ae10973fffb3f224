//! The format-spec mini-language (`format(x, spec)`, f-string `{x:spec}`):
//! fill, alignment, sign, `#`, `0`, width, grouping, precision and the
//! presentation types of int, float and str, with CPython's errors.

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

use crate::object::{float, Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// A parsed format spec.
#[derive(Default, Debug)]
struct Spec {
    fill: Option<char>,
    align: Option<char>,
    sign: Option<char>,
    alt: bool,
    zero: bool,
    width: usize,
    grouping: Option<char>,
    precision: Option<usize>,
    ty: Option<char>,
}

fn parse_spec(spec: &str) -> PyResult<Spec> {
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
    let start = i;
    while i < chars.len() && chars[i].is_ascii_digit() {
        i += 1;
    }
    if i > start {
        let w: String = chars[start..i].iter().collect();
        s.width = w
            .parse()
            .map_err(|_| PyErr::value_error("Too many decimal digits in format string"))?;
    }
    if i < chars.len() && matches!(chars[i], ',' | '_') {
        s.grouping = Some(chars[i]);
        i += 1;
    }
    if i < chars.len() && chars[i] == '.' {
        i += 1;
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return Err(PyErr::value_error("Format specifier missing precision"));
        }
        let p: String = chars[start..i].iter().collect();
        s.precision = Some(
            p.parse()
                .map_err(|_| PyErr::value_error("Too many decimal digits in format string"))?,
        );
    }
    if i < chars.len() {
        s.ty = Some(chars[i]);
        i += 1;
    }
    if i < chars.len() {
        return Err(PyErr::value_error("Invalid format specifier"));
    }
    if s.width > 100_000_000 || s.precision.unwrap_or(0) > 100_000_000 {
        return Err(PyErr::value_error(
            "Too many decimal digits in format string",
        ));
    }
    Ok(s)
}

/// Inserts a grouping separator every 3 digits of an integer part.
fn group(digits: &str, sep: char, every: usize) -> String {
    let n = digits.len();
    let mut out = String::with_capacity(n + n / every);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (n - i).is_multiple_of(every) {
            out.push(sep);
        }
        out.push(c);
    }
    out
}

/// Pads `body` (with `sign` prefix) to the spec's width.
fn align(s: &Spec, sign: &str, body: &str, default_align: char) -> String {
    let len = sign.chars().count() + body.chars().count();
    let (fill, align) = if s.zero && s.align.is_none() {
        ('0', '=')
    } else {
        (s.fill.unwrap_or(' '), s.align.unwrap_or(default_align))
    };
    if len >= s.width {
        return format!("{sign}{body}");
    }
    let pad = s.width - len;
    let fills = |n: usize| std::iter::repeat_n(fill, n).collect::<String>();
    match align {
        '<' => format!("{sign}{body}{}", fills(pad)),
        '>' => format!("{}{sign}{body}", fills(pad)),
        '^' => format!("{}{sign}{body}{}", fills(pad / 2), fills(pad - pad / 2)),
        _ => format!("{sign}{}{body}", fills(pad)),
    }
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

/// `format(v, spec)`.
pub fn format_value(vm: &mut Vm, v: Value, spec: &str) -> PyResult<String> {
    if spec.is_empty() {
        return vm.str_of(v);
    }
    let s = parse_spec(spec)?;
    match v {
        Value::Int(_) | Value::Bool(_) => format_int(vm, &s, v),
        Value::Float(f) => format_float(&s, f, "float"),
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::BigInt(_) => format_int(vm, &s, v),
            Obj::Str(st) => {
                let text = st.s.clone();
                format_str(&s, &text, "str")
            }
            _ => Err(PyErr::type_error(format!(
                "unsupported format string passed to {}.__format__",
                vm.class_name(v)
            ))),
        },
        Value::None => Err(PyErr::type_error(
            "unsupported format string passed to NoneType.__format__",
        )),
        _ => Err(PyErr::type_error(format!(
            "unsupported format string passed to {}.__format__",
            vm.class_name(v)
        ))),
    }
}

fn format_str(s: &Spec, text: &str, tname: &str) -> PyResult<String> {
    match s.ty {
        None | Some('s') => {}
        Some(t) => {
            return Err(PyErr::value_error(format!(
                "Unknown format code '{t}' for object of type '{tname}'"
            )))
        }
    }
    if s.sign.is_some() {
        return Err(PyErr::value_error(
            "Sign not allowed in string format specifier",
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
    let spec = Spec {
        zero: false,
        fill: s.fill.or(if s.zero { Some('0') } else { None }),
        ..*s
    };
    Ok(align(&spec, "", &body, '<'))
}

fn format_int(vm: &mut Vm, s: &Spec, v: Value) -> PyResult<String> {
    let n: BigInt = vm.bigint_arg(v)?;
    let ty = s.ty.unwrap_or('d');
    if matches!(ty, 'e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%') {
        let f = crate::vm::ops::bigint_to_f64(&n)?;
        return format_float(s, f, "int");
    }
    if s.precision.is_some() {
        return Err(PyErr::value_error(
            "Precision not allowed in integer format specifier",
        ));
    }
    let neg = n.is_negative();
    let mag = n.abs();
    let (digits, prefix) = match ty {
        'd' | 'n' => (mag.to_string(), ""),
        'x' => (mag.to_str_radix(16), "0x"),
        'X' => (mag.to_str_radix(16).to_uppercase(), "0X"),
        'o' => (mag.to_str_radix(8), "0o"),
        'b' => (mag.to_str_radix(2), "0b"),
        'c' => {
            let c = mag.to_u32().and_then(char::from_u32).ok_or_else(|| {
                PyErr::new(
                    crate::object::ExcType::OverflowError,
                    "%c arg not in range(0x110000)",
                )
            })?;
            if s.sign.is_some() {
                return Err(PyErr::value_error(
                    "Sign not allowed with integer format specifier 'c'",
                ));
            }
            return Ok(align(s, "", &c.to_string(), '>'));
        }
        t => {
            return Err(PyErr::value_error(format!(
                "Unknown format code '{t}' for object of type '{}'",
                vm.class_name(v)
            )))
        }
    };
    let grouped = match s.grouping {
        Some(g) => {
            if g == ',' && !matches!(ty, 'd' | 'n') {
                return Err(PyErr::value_error(format!(
                    "Cannot specify ',' with '{ty}'."
                )));
            }
            let every = if matches!(ty, 'd' | 'n') { 3 } else { 4 };
            if s.zero && s.align.is_none() {
                zero_pad_grouped(
                    &digits,
                    g,
                    every,
                    s.width.saturating_sub(
                        sign_str(s, neg).len() + if s.alt { prefix.len() } else { 0 },
                    ),
                )
            } else {
                group(&digits, g, every)
            }
        }
        None => digits,
    };
    let sign = format!("{}{}", sign_str(s, neg), if s.alt { prefix } else { "" });
    Ok(align(s, &sign, &grouped, '>'))
}

/// Zero padding that keeps grouping separators in the padding (`{:08,}`).
fn zero_pad_grouped(digits: &str, sep: char, every: usize, width: usize) -> String {
    let mut d = digits.to_string();
    loop {
        let g = group(&d, sep, every);
        if g.len() >= width {
            return g;
        }
        d.insert(0, '0');
        let g2 = group(&d, sep, every);
        if g2.len() > width {
            // a separator would be the first char: CPython pads it with 0s there too
            return format!("0{g}");
        }
    }
}

/// Formats `f` with `prec` digits after the point, as `%f` does.
fn fixed(f: f64, prec: usize) -> String {
    format!("{:.*}", prec, f.abs())
}

/// Formats `|f|` in exponent form with `prec` digits after the point.
fn exponent(f: f64, prec: usize, upper: bool) -> String {
    let s = format!("{:.*e}", prec, f.abs());
    let (mant, exp) = s.split_once('e').expect("exponent form");
    let exp: i32 = exp.parse().expect("int exponent");
    let e = if upper { 'E' } else { 'e' };
    format!(
        "{mant}{e}{}{:02}",
        if exp < 0 { '-' } else { '+' },
        exp.abs()
    )
}

/// `%g`-style formatting of `|f|`; `keep_point` for the no-type variant.
fn general(f: f64, prec: usize, upper: bool, alt: bool, repr_style: bool) -> String {
    let p = if prec == 0 { 1 } else { prec };
    let a = f.abs();
    let exp = if a == 0.0 {
        0
    } else {
        let s = format!("{:.*e}", p - 1, a);
        s.split_once('e')
            .expect("exp")
            .1
            .parse::<i32>()
            .expect("int")
    };
    let mut out = if exp >= -4 && exp < p as i32 {
        fixed(a, (p as i32 - 1 - exp).max(0) as usize)
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
    if repr_style && !out.contains(['.', 'e', 'E', 'n', 'i']) {
        if let Some(i) = out.find(['e', 'E']) {
            out.insert_str(i, ".0");
        } else {
            out.push_str(".0");
        }
    }
    out
}

fn format_float(s: &Spec, f: f64, tname: &str) -> PyResult<String> {
    let ty = s.ty;
    let neg = f.is_sign_negative() && !f.is_nan();
    let upper = matches!(ty, Some('E' | 'F' | 'G'));
    let body = if f.is_nan() || f.is_infinite() {
        let t = if f.is_nan() { "nan" } else { "inf" };
        let t = if upper {
            t.to_uppercase()
        } else {
            t.to_string()
        };
        if ty == Some('%') {
            format!("{t}%")
        } else {
            t
        }
    } else {
        match ty {
            Some('f' | 'F') => fixed(f, s.precision.unwrap_or(6)),
            Some('e' | 'E') => exponent(f, s.precision.unwrap_or(6), upper),
            Some('g' | 'G') => general(f, s.precision.unwrap_or(6), upper, s.alt, false),
            Some('n') => general(f, s.precision.unwrap_or(6), false, s.alt, false),
            Some('%') => format!("{}%", fixed(f * 100.0, s.precision.unwrap_or(6))),
            None => match s.precision {
                Some(p) => general(f, p, false, s.alt, true),
                None => float::repr(f.abs()),
            },
            Some(t) => {
                return Err(PyErr::value_error(format!(
                    "Unknown format code '{t}' for object of type '{tname}'"
                )))
            }
        }
    };
    let body = match s.grouping {
        Some(g) if f.is_finite() => {
            let (int_part, rest) = match body.find(['.', 'e', 'E', '%']) {
                Some(i) => (&body[..i], &body[i..]),
                None => (body.as_str(), ""),
            };
            if s.zero && s.align.is_none() {
                let w = s.width.saturating_sub(sign_str(s, neg).len() + rest.len());
                format!("{}{rest}", zero_pad_grouped(int_part, g, 3, w))
            } else {
                format!("{}{rest}", group(int_part, g, 3))
            }
        }
        _ => body,
    };
    let body = if s.alt
        && !body.contains('.')
        && matches!(ty, Some('f' | 'F' | 'e' | 'E') | None)
        && f.is_finite()
    {
        match body.find(['e', 'E']) {
            Some(i) => format!("{}.{}", &body[..i], &body[i..]),
            None => format!("{body}."),
        }
    } else {
        body
    };
    Ok(align(s, sign_str(s, neg), &body, '>'))
}

impl Vm {
    /// The `FormatValue` op: conversion (0 none, 1 `!s`, 2 `!r`, 3 `!a`)
    /// then the format spec.
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
        let s = format_value(self, v, &spec)?;
        Ok(self.new_str(s))
    }
}
