//! `Decimal.__format__`: the format-spec mini-language as `decimal`
//! reads it (fill/align, sign, `z`, `#`, zero padding, width, `,`/`_`
//! grouping of the integer and — as in 3.14 — the fraction, precision,
//! and the types `e E f F g G n %` or none), rounding with the current
//! context's rounding mode.

use num_bigint::BigUint;
use num_traits::Zero;

use super::arith::rescale;
use super::context::{round_coeff, Rounding};
use super::number::{digits, pow10, Dec};
use crate::vm::{PyErr, PyResult, Vm};

struct Spec {
    fill: char,
    align: Option<char>,
    sign: char,
    no_neg_zero: bool,
    alt: bool,
    zeropad: bool,
    width: usize,
    group: Option<char>,
    frac_group: Option<char>,
    precision: Option<usize>,
    ty: Option<char>,
}

fn invalid() -> PyErr {
    PyErr::value_error("invalid format string")
}

fn too_big() -> PyErr {
    PyErr::new(
        crate::object::ExcType::OverflowError,
        "cannot fit 'int' into an index-sized integer",
    )
}

fn parse_num(chars: &[char], i: &mut usize) -> PyResult<Option<usize>> {
    let start = *i;
    while *i < chars.len() && chars[*i].is_ascii_digit() {
        *i += 1;
    }
    if *i == start {
        return Ok(None);
    }
    let s: String = chars[start..*i].iter().collect();
    match s.parse::<i64>() {
        Ok(n) => Ok(Some(n as usize)),
        Err(_) => Err(too_big()),
    }
}

fn parse_spec(spec: &str) -> PyResult<Spec> {
    let c: Vec<char> = spec.chars().collect();
    let mut i = 0;
    let mut s = Spec {
        fill: ' ',
        align: None,
        sign: '-',
        no_neg_zero: false,
        alt: false,
        zeropad: false,
        width: 0,
        group: None,
        frac_group: None,
        precision: None,
        ty: None,
    };
    let is_align = |ch: char| matches!(ch, '<' | '>' | '^' | '=');
    if c.len() >= 2 && is_align(c[1]) {
        s.fill = c[0];
        s.align = Some(c[1]);
        i = 2;
    } else if !c.is_empty() && is_align(c[0]) {
        s.align = Some(c[0]);
        i = 1;
    }
    if i < c.len() && matches!(c[i], '+' | '-' | ' ') {
        s.sign = c[i];
        i += 1;
    }
    if i < c.len() && c[i] == 'z' {
        s.no_neg_zero = true;
        i += 1;
    }
    if i < c.len() && c[i] == '#' {
        s.alt = true;
        i += 1;
    }
    if i < c.len() && c[i] == '0' {
        if s.align.is_some() {
            return Err(invalid());
        }
        s.zeropad = true;
        s.fill = '0';
        s.align = Some('=');
        i += 1;
    }
    if let Some(w) = parse_num(&c, &mut i)? {
        s.width = w;
    }
    if i < c.len() && matches!(c[i], ',' | '_') {
        s.group = Some(c[i]);
        i += 1;
    }
    if i < c.len() && c[i] == '.' {
        i += 1;
        s.precision = parse_num(&c, &mut i)?;
        if i < c.len() && matches!(c[i], ',' | '_') {
            s.frac_group = Some(c[i]);
            i += 1;
        }
        if s.precision.is_none() && s.frac_group.is_none() {
            return Err(invalid());
        }
    }
    if i < c.len() {
        if !matches!(c[i], 'e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'n' | '%') {
            return Err(invalid());
        }
        s.ty = Some(c[i]);
        i += 1;
    }
    if i != c.len() {
        return Err(invalid());
    }
    if s.ty == Some('n') && (s.group.is_some() || s.frac_group.is_some()) {
        return Err(invalid());
    }
    Ok(s)
}

/// Formats `d` by `spec` in the current context.
pub fn format(vm: &mut Vm, d: &Dec, spec: &str) -> PyResult<String> {
    let s = parse_spec(spec)?;
    let ctx = super::current(vm);
    let c = super::ctx_of(vm, ctx).expect("context").clone();
    // rough output size, checked before building anything
    let est = s.width as u128
        + s.precision.unwrap_or(0) as u128
        + if d.is_finite() {
            digits(&d.coeff) as u128 + d.exp.unsigned_abs() as u128
        } else {
            0
        };
    vm.check_alloc(est * 2)?;
    if !d.is_finite() {
        let sign = sign_str(d.neg, &s);
        let mut body = super::number::to_sci(&d.abs(), true);
        if s.ty == Some('%') {
            body.push('%');
        }
        let mut s = s;
        if s.zeropad {
            s.fill = ' ';
            s.align = Some('>');
        }
        return Ok(align(&sign, &body, &s));
    }
    let ty = match s.ty {
        None => {
            if c.capitals {
                'G'
            } else {
                'g'
            }
        }
        Some('n') => 'g',
        Some(t) => t,
    };
    let mut v = d.clone();
    if ty == '%' {
        v.exp += 2;
    }
    let rounding = c.rounding;
    let mut precision = s.precision;
    if matches!(ty, 'g' | 'G') && precision == Some(0) {
        precision = Some(1);
    }
    if let Some(p) = precision {
        match ty {
            'e' | 'E' => {
                if !v.coeff.is_zero() {
                    let want = p as u64 + 1;
                    let nd = digits(&v.coeff);
                    if nd < want {
                        v.coeff *= pow10(want - nd);
                        v.exp -= (want - nd) as i64;
                    } else {
                        v = round_sig(&v, want, rounding);
                    }
                }
            }
            'f' | 'F' | '%' => {
                v = rescale(&v, -(p as i64), rounding, u64::MAX)
                    .expect("no limit")
                    .0;
            }
            _ => {
                if digits(&v.coeff) > p as u64 {
                    v = round_sig(&v, p as u64, rounding);
                }
            }
        }
    }
    if v.coeff.is_zero() && v.exp > 0 && matches!(ty, 'f' | 'F' | '%') {
        v = Dec::finite(v.neg, BigUint::zero(), 0);
    }
    let neg = if v.coeff.is_zero() && s.no_neg_zero {
        false
    } else {
        v.neg
    };
    let ds = v.coeff.to_string();
    let nd = ds.len() as i64;
    let leftdigits = v.exp + nd;
    let dotplace = match ty {
        'e' | 'E' => {
            if v.coeff.is_zero() && precision.is_some() {
                1 - precision.unwrap_or(0) as i64
            } else {
                1
            }
        }
        'f' | 'F' | '%' => leftdigits,
        _ => {
            if v.exp <= 0 && leftdigits > -6 {
                leftdigits
            } else {
                1
            }
        }
    };
    let (intpart, fracpart) = if dotplace < 0 {
        (
            "0".to_string(),
            format!("{}{}", "0".repeat((-dotplace) as usize), ds),
        )
    } else if dotplace > nd {
        (
            format!("{}{}", ds, "0".repeat((dotplace - nd) as usize)),
            String::new(),
        )
    } else {
        let (a, b) = ds.split_at(dotplace as usize);
        (
            if a.is_empty() {
                "0".to_string()
            } else {
                a.to_string()
            },
            b.to_string(),
        )
    };
    let exp = leftdigits - dotplace;
    let sign = sign_str(neg, &s);
    let mut frac = String::new();
    if !fracpart.is_empty() || s.alt {
        frac.push('.');
        frac.push_str(&group_fraction(&fracpart, s.frac_group));
    }
    if exp != 0 || matches!(ty, 'e' | 'E') {
        let ech = if matches!(ty, 'E' | 'G') { 'E' } else { 'e' };
        frac.push(ech);
        if exp >= 0 {
            frac.push('+');
        }
        frac.push_str(&exp.to_string());
    }
    if ty == '%' {
        frac.push('%');
    }
    let min_width = if s.zeropad {
        s.width
            .saturating_sub(frac.chars().count())
            .saturating_sub(sign.chars().count())
    } else {
        0
    };
    let int = group_int(&intpart, s.group, min_width);
    Ok(align(&sign, &format!("{int}{frac}"), &s))
}

/// `v` rounded to `p` significant digits.
fn round_sig(v: &Dec, p: u64, mode: Rounding) -> Dec {
    let nd = digits(&v.coeff);
    if nd <= p {
        return v.clone();
    }
    let drop = nd - p;
    let (mut c, _) = round_coeff(&v.coeff, drop, v.neg, mode, false);
    let mut exp = v.exp + drop as i64;
    if digits(&c) > p {
        c /= 10u32;
        exp += 1;
    }
    Dec::finite(v.neg, c, exp)
}

fn sign_str(neg: bool, s: &Spec) -> String {
    if neg {
        "-".into()
    } else {
        match s.sign {
            '+' => "+".into(),
            ' ' => " ".into(),
            _ => String::new(),
        }
    }
}

/// Groups integer digits by three, zero-padding to `min_width`
/// (separators count towards it).
fn group_int(digits: &str, sep: Option<char>, min_width: usize) -> String {
    let Some(sep) = sep else {
        if digits.len() < min_width {
            return format!("{}{}", "0".repeat(min_width - digits.len()), digits);
        }
        return digits.to_string();
    };
    let mut groups: Vec<String> = Vec::new();
    let mut rest = digits.to_string();
    let mut min_width = min_width as i64;
    loop {
        let l = (rest.len() as i64).max(min_width).clamp(1, 3) as usize;
        let take = l.min(rest.len());
        let tail = rest.split_off(rest.len() - take);
        groups.push(format!("{}{}", "0".repeat(l - take), tail));
        min_width -= l as i64;
        if rest.is_empty() && min_width <= 0 {
            break;
        }
        min_width -= 1;
    }
    groups.reverse();
    groups.join(&sep.to_string())
}

/// Groups fraction digits by three from the point (3.14's `.N_f`).
fn group_fraction(digits: &str, sep: Option<char>) -> String {
    let Some(sep) = sep else {
        return digits.to_string();
    };
    let chunks: Vec<String> = digits
        .as_bytes()
        .chunks(3)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect();
    chunks.join(&sep.to_string())
}

fn align(sign: &str, body: &str, s: &Spec) -> String {
    let len = sign.chars().count() + body.chars().count();
    let pad_n = s.width.saturating_sub(len);
    let pad: String = std::iter::repeat_n(s.fill, pad_n).collect();
    match s.align.unwrap_or('>') {
        '<' => format!("{sign}{body}{pad}"),
        '=' => format!("{sign}{pad}{body}"),
        '^' => {
            let half = pad_n / 2;
            let left: String = std::iter::repeat_n(s.fill, half).collect();
            let right: String = std::iter::repeat_n(s.fill, pad_n - half).collect();
            format!("{left}{sign}{body}{right}")
        }
        _ => format!("{pad}{sign}{body}"),
    }
}
