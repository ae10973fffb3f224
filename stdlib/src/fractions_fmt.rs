//! `format(fraction, spec)`, as CPython 3.13: with no presentation type
//! the `n/d` form (fill, alignment, sign, `#` for an explicit `/1`,
//! width, thousands separators), and the float presentation types
//! `e E f F g G %` computed exactly from the fraction (round-half-even),
//! with `z`, `#`, zero padding and grouping. Anything else is CPython's
//! "Invalid format specifier" `ValueError`.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, Zero};

use super::fractions_ops::Ratio;
use crate::vm::{PyErr, PyResult};

/// The fields of a format spec.
#[derive(Default)]
struct Spec {
    fill: Option<char>,
    align: Option<char>,
    sign: Option<char>,
    no_neg_zero: bool,
    alternate: bool,
    zeropad: bool,
    width: Option<usize>,
    thousands: Option<char>,
    precision: Option<usize>,
    kind: Option<char>,
}

/// A cursor over the spec's characters.
struct Cur<'a> {
    c: &'a [char],
    i: usize,
}

impl Cur<'_> {
    fn peek(&self, k: usize) -> Option<char> {
        self.c.get(self.i + k).copied()
    }

    fn eat(&mut self, f: impl Fn(char) -> bool) -> Option<char> {
        let c = self.peek(0).filter(|c| f(*c))?;
        self.i += 1;
        Some(c)
    }

    /// `0|[1-9][0-9]*`.
    fn number(&mut self) -> Option<usize> {
        match self.peek(0)? {
            '0' => {
                self.i += 1;
                Some(0)
            }
            '1'..='9' => {
                let mut n: usize = 0;
                while let Some(d) = self.peek(0).and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d as usize);
                    self.i += 1;
                }
                Some(n)
            }
            _ => None,
        }
    }
}

fn is_align(c: char) -> bool {
    matches!(c, '<' | '>' | '=' | '^')
}

/// Parses `spec` as the general form (`float_style` false) or the float
/// form; `None` if it does not match the whole spec.
fn parse(spec: &[char], float_style: bool) -> Option<Spec> {
    let mut s = Spec::default();
    let mut cur = Cur { c: spec, i: 0 };
    if cur.peek(1).is_some_and(is_align) {
        s.fill = cur.peek(0);
        s.align = cur.peek(1);
        cur.i = 2;
    } else if cur.peek(0).is_some_and(is_align) {
        s.align = cur.peek(0);
        cur.i = 1;
    }
    s.sign = cur.eat(|c| matches!(c, '-' | '+' | ' '));
    if float_style {
        s.no_neg_zero = cur.eat(|c| c == 'z').is_some();
    }
    s.alternate = cur.eat(|c| c == '#').is_some();
    if float_style && cur.peek(0) == Some('0') && cur.peek(1).is_some_and(|c| c.is_ascii_digit()) {
        s.zeropad = true;
        cur.i += 1;
    }
    s.width = cur.number();
    s.thousands = cur.eat(|c| matches!(c, ',' | '_'));
    if float_style {
        if cur.peek(0) == Some('.') {
            cur.i += 1;
            s.precision = Some(cur.number()?);
        }
        s.kind = Some(cur.eat(|c| "eEfFgG%".contains(c))?);
    }
    (cur.i == spec.len()).then_some(s)
}

/// Digits grouped by three from the right with `sep`.
fn group(digits: &str, sep: Option<char>) -> String {
    let Some(sep) = sep else {
        return digits.to_string();
    };
    let n = digits.len();
    let mut out = String::with_capacity(n + n / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (n - i).is_multiple_of(3) {
            out.push(sep);
        }
        out.push(c);
    }
    out
}

/// Pads `sign` + `body` to the spec's width.
fn pad(s: &Spec, sign: &str, body: &str) -> String {
    let fill = s.fill.unwrap_or(' ');
    let len = sign.chars().count() + body.chars().count();
    let n = s.width.unwrap_or(0).saturating_sub(len);
    let padding: String = std::iter::repeat_n(fill, n).collect();
    match s.align.unwrap_or('>') {
        '>' => format!("{padding}{sign}{body}"),
        '<' => format!("{sign}{body}{padding}"),
        '^' => {
            let half: String = std::iter::repeat_n(fill, n / 2).collect();
            let rest: String = std::iter::repeat_n(fill, n - n / 2).collect();
            format!("{half}{sign}{body}{rest}")
        }
        _ => format!("{sign}{padding}{body}"),
    }
}

fn pos_sign(s: &Spec) -> &'static str {
    match s.sign {
        Some('+') => "+",
        Some(' ') => " ",
        _ => "",
    }
}

/// The `n/d` form.
fn general(s: &Spec, r: &Ratio) -> String {
    let (n, d) = r;
    let num = group(&n.abs().to_string(), s.thousands);
    let body = if *d > BigInt::from(1) || s.alternate {
        format!("{num}/{}", group(&d.to_string(), s.thousands))
    } else {
        num
    };
    let sign = if n.is_negative() { "-" } else { pos_sign(s) };
    pad(s, sign, &body)
}

/// `n/d` rounded to a multiple of `10**exponent`, halves to even: the
/// sign and the absolute multiple.
fn round_to_exponent(n: &BigInt, d: &BigInt, exponent: i64, no_neg_zero: bool) -> (bool, BigInt) {
    let ten = BigInt::from(10u32);
    let (n, d) = if exponent >= 0 {
        (n.clone(), d * ten.pow(exponent as u32))
    } else {
        (n * ten.pow((-exponent) as u32), d.clone())
    };
    let half: BigInt = &d >> 1u32;
    let (mut q, rem) = (&n + half).div_mod_floor(&d);
    if rem.is_zero() && d.is_even() {
        // a tie: to even
        q = (q >> 1u32) << 1u32;
    }
    let negative = if no_neg_zero {
        q.is_negative()
    } else {
        n.is_negative()
    };
    (negative, q.abs())
}

/// `n/d` rounded to `figures` significant digits: sign, digits and the
/// exponent of the last one.
fn round_to_figures(n: &BigInt, d: &BigInt, figures: i64) -> (bool, BigInt, i64) {
    if n.is_zero() {
        return (false, BigInt::zero(), 1 - figures);
    }
    let (sn, sd) = (n.abs().to_string(), d.to_string());
    // as CPython: the strings compared as strings (either m is fine)
    let m = sn.len() as i64 - sd.len() as i64 + i64::from(sd <= sn);
    let mut exponent = m - figures;
    let (negative, mut sig) = round_to_exponent(n, d, exponent, false);
    if sig.to_string().len() as i64 == figures + 1 {
        sig /= 10u32;
        exponent += 1;
    }
    (negative, sig, exponent)
}

/// The float presentation types.
fn float_style(s: &Spec, r: &Ratio) -> String {
    let (n, d) = r;
    let kind = s.kind.unwrap_or('g');
    let precision = s.precision.unwrap_or(6) as i64;
    let trim_zeros = matches!(kind, 'g' | 'G') && !s.alternate;
    let trim_point = !s.alternate;
    let e_char = if matches!(kind, 'E' | 'F' | 'G') {
        'E'
    } else {
        'e'
    };
    let zeropad = s.zeropad || (s.align == Some('=') && s.fill == Some('0'));
    let (negative, sig, scientific, point_pos, exponent) = if matches!(kind, 'f' | 'F' | '%') {
        let exponent = -precision - if kind == '%' { 2 } else { 0 };
        let (neg, sig) = round_to_exponent(n, d, exponent, s.no_neg_zero);
        (neg, sig, false, precision, exponent)
    } else {
        let figures = if matches!(kind, 'g' | 'G') {
            precision.max(1)
        } else {
            precision + 1
        };
        let (neg, sig, exponent) = round_to_figures(n, d, figures);
        let scientific = matches!(kind, 'e' | 'E') || exponent > 0 || exponent + figures <= -4;
        let point_pos = if scientific { figures - 1 } else { -exponent };
        (neg, sig, scientific, point_pos, exponent)
    };
    let suffix = if kind == '%' {
        "%".to_string()
    } else if scientific {
        let e = exponent + point_pos;
        format!("{e_char}{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
    } else {
        String::new()
    };
    let mut digits = sig.to_string();
    let min_len = (point_pos + 1).max(0) as usize;
    if digits.len() < min_len {
        digits = format!("{}{digits}", "0".repeat(min_len - digits.len()));
    }
    let sign = if negative { "-" } else { pos_sign(s) };
    let split = digits.len() - point_pos.max(0) as usize;
    let mut leading = digits[..split].to_string();
    let mut frac = digits[split..].to_string();
    if trim_zeros {
        frac = frac.trim_end_matches('0').to_string();
    }
    let point = if trim_point && frac.is_empty() {
        ""
    } else {
        "."
    };
    let trailing = format!("{point}{frac}{suffix}");
    if zeropad {
        let width = s.width.unwrap_or(0) as i64;
        let min_leading = width - sign.len() as i64 - trailing.chars().count() as i64;
        let target = if s.thousands.is_some() {
            num_integer::Integer::div_floor(&(3 * min_leading), &4) + 1
        } else {
            min_leading
        };
        if target > leading.len() as i64 {
            leading = format!("{}{leading}", "0".repeat(target as usize - leading.len()));
        }
    }
    let leading = group(&leading, s.thousands);
    pad(s, sign, &format!("{leading}{trailing}"))
}

/// `format(fraction, spec)`.
///
/// # Errors
/// `ValueError` for a spec neither form accepts.
pub fn format(r: &Ratio, spec: &str, str_form: impl Fn() -> String) -> PyResult<String> {
    if spec.is_empty() {
        return Ok(str_form());
    }
    let chars: Vec<char> = spec.chars().collect();
    if let Some(s) = parse(&chars, false) {
        return Ok(general(&s, r));
    }
    if let Some(s) = parse(&chars, true) {
        if s.align.is_none() || !s.zeropad {
            return Ok(float_style(&s, r));
        }
    }
    Err(PyErr::value_error(format!(
        "Invalid format specifier {} for object of type 'Fraction'",
        crate::vm::repr::str_repr(spec)
    )))
}
