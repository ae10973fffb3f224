//! The decimal number itself: sign, coefficient (`BigUint`) and exponent,
//! or a special (infinity, quiet or signaling NaN with a payload), and the
//! exact conversions that need no context: parsing strings, exact float
//! conversion, scientific/engineering strings, exact comparison, and the
//! value as an integer, a float or a ratio.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// What kind of value a [`Dec`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    Finite,
    Inf,
    /// Quiet NaN; the coefficient is the payload.
    NaN,
    /// Signaling NaN; the coefficient is the payload.
    SNaN,
}

/// A decimal value: `(-1)**neg * coeff * 10**exp` when finite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Dec {
    pub neg: bool,
    pub kind: Kind,
    pub coeff: BigUint,
    pub exp: i64,
}

/// `10**n` as a `BigUint`.
pub fn pow10(n: u64) -> BigUint {
    num_traits::pow(BigUint::from(10u32), n as usize)
}

/// Decimal digits of `c` (1 for zero).
pub fn digits(c: &BigUint) -> u64 {
    if c.is_zero() {
        return 1;
    }
    if let Some(v) = c.to_u64() {
        return if v == 0 { 1 } else { v.ilog10() as u64 + 1 };
    }
    // estimate from the bit length, then correct
    let bits = c.bits();
    let est = ((bits - 1) as f64 * std::f64::consts::LOG10_2) as u64;
    let mut d = est.max(1);
    while pow10(d) <= *c {
        d += 1;
    }
    while d > 1 && pow10(d - 1) > *c {
        d -= 1;
    }
    d
}

impl Dec {
    pub fn finite(neg: bool, coeff: BigUint, exp: i64) -> Dec {
        Dec {
            neg,
            kind: Kind::Finite,
            coeff,
            exp,
        }
    }

    pub fn zero() -> Dec {
        Dec::finite(false, BigUint::zero(), 0)
    }

    pub fn from_i64(v: i64) -> Dec {
        Dec::finite(v < 0, BigUint::from(v.unsigned_abs()), 0)
    }

    pub fn from_bigint(v: &BigInt) -> Dec {
        Dec::finite(
            v.sign() == num_bigint::Sign::Minus,
            v.magnitude().clone(),
            0,
        )
    }

    pub fn inf(neg: bool) -> Dec {
        Dec {
            neg,
            kind: Kind::Inf,
            coeff: BigUint::zero(),
            exp: 0,
        }
    }

    pub fn nan() -> Dec {
        Dec {
            neg: false,
            kind: Kind::NaN,
            coeff: BigUint::zero(),
            exp: 0,
        }
    }

    pub fn is_finite(&self) -> bool {
        self.kind == Kind::Finite
    }

    pub fn is_nan(&self) -> bool {
        matches!(self.kind, Kind::NaN | Kind::SNaN)
    }

    pub fn is_inf(&self) -> bool {
        self.kind == Kind::Inf
    }

    pub fn is_zero(&self) -> bool {
        self.is_finite() && self.coeff.is_zero()
    }

    pub fn digits(&self) -> u64 {
        digits(&self.coeff)
    }

    /// The exponent of the most significant digit (0 for specials).
    pub fn adjusted(&self) -> i64 {
        if !self.is_finite() {
            return 0;
        }
        self.exp + self.digits() as i64 - 1
    }

    pub fn negated(&self) -> Dec {
        let mut d = self.clone();
        d.neg = !d.neg;
        d
    }

    pub fn abs(&self) -> Dec {
        let mut d = self.clone();
        d.neg = false;
        d
    }

    /// The same value with trailing zeros of the coefficient removed (for
    /// keys and exactness checks; not the context-aware `normalize`).
    pub fn stripped(&self) -> Dec {
        if !self.is_finite() || self.coeff.is_zero() {
            let mut d = self.clone();
            if self.is_finite() {
                d.exp = 0;
            }
            return d;
        }
        let (c, n) = strip_zeros(&self.coeff);
        Dec::finite(self.neg, c, self.exp + n as i64)
    }

    /// Is the value an integer (finite, no nonzero fraction digits)?
    pub fn is_integral(&self) -> bool {
        if !self.is_finite() {
            return false;
        }
        if self.exp >= 0 || self.coeff.is_zero() {
            return true;
        }
        let (_, n) = strip_zeros(&self.coeff);
        self.exp + n as i64 >= 0
    }

    /// The integer value truncated towards zero, or `None` if it would
    /// need more than `max_digits` digits.
    pub fn to_bigint_trunc(&self, max_digits: u64) -> Option<BigInt> {
        let mag = if self.exp >= 0 {
            if self.coeff.is_zero() {
                BigUint::zero()
            } else {
                if self.digits() + self.exp as u64 > max_digits {
                    return None;
                }
                &self.coeff * pow10(self.exp as u64)
            }
        } else {
            let shift = (-self.exp) as u64;
            if shift >= self.digits() {
                BigUint::zero()
            } else {
                &self.coeff / pow10(shift)
            }
        };
        let b = BigInt::from(mag);
        Some(if self.neg { -b } else { b })
    }

    /// The exact value of a float.
    pub fn from_f64(f: f64) -> Dec {
        if f.is_nan() {
            return Dec {
                neg: f.is_sign_negative(),
                ..Dec::nan()
            };
        }
        if f.is_infinite() {
            return Dec::inf(f < 0.0);
        }
        let neg = f.is_sign_negative();
        let bits = f.abs().to_bits();
        let e = ((bits >> 52) & 0x7ff) as i64;
        let mut m = bits & ((1 << 52) - 1);
        let mut e2 = if e == 0 { -1074 } else { e - 1075 };
        if e != 0 {
            m |= 1 << 52;
        }
        if m == 0 {
            return Dec::finite(neg, BigUint::zero(), 0);
        }
        while m & 1 == 0 {
            m >>= 1;
            e2 += 1;
        }
        if e2 >= 0 {
            Dec::finite(neg, BigUint::from(m) << e2 as usize, 0)
        } else {
            // m / 2**k == m * 5**k / 10**k
            let k = (-e2) as u32;
            let c = BigUint::from(m) * num_traits::pow(BigUint::from(5u32), k as usize);
            Dec::finite(neg, c, -(k as i64))
        }
    }

    /// The nearest float (`float(d)`); `None` for a signaling NaN.
    pub fn to_f64(&self) -> Option<f64> {
        let v = match self.kind {
            Kind::SNaN => return None,
            Kind::NaN => f64::NAN,
            Kind::Inf => f64::INFINITY,
            Kind::Finite => {
                if self.coeff.is_zero() {
                    0.0
                } else if self.adjusted() > 400 {
                    f64::INFINITY
                } else if self.adjusted() < -400 {
                    0.0
                } else {
                    format!("{}e{}", self.coeff, self.exp)
                        .parse::<f64>()
                        .unwrap_or(0.0)
                }
            }
        };
        Some(if self.neg && self.kind != Kind::NaN {
            -v
        } else {
            v
        })
    }

    /// `(numerator, denominator)` in lowest terms (finite only).
    pub fn as_ratio(&self) -> (BigInt, BigInt) {
        let (num, den) = if self.exp >= 0 {
            (
                BigInt::from(&self.coeff * pow10(self.exp as u64)),
                BigInt::one(),
            )
        } else {
            let n = BigInt::from(self.coeff.clone());
            let d = BigInt::from(pow10((-self.exp) as u64));
            let g = n.gcd(&d);
            if g.is_zero() {
                (BigInt::zero(), BigInt::one())
            } else {
                (n / &g, d / g)
            }
        };
        (if self.neg { -num } else { num }, den)
    }
}

/// Removes trailing zeros: the stripped coefficient and how many went.
pub fn strip_zeros(c: &BigUint) -> (BigUint, u64) {
    if c.is_zero() {
        return (BigUint::zero(), 0);
    }
    let mut c = c.clone();
    let mut n = 0;
    let big = BigUint::from(10_000_000_000_000_000u64);
    loop {
        let (q, r) = c.div_rem(&big);
        if !r.is_zero() {
            break;
        }
        c = q;
        n += 16;
    }
    let ten = BigUint::from(10u32);
    loop {
        let (q, r) = c.div_rem(&ten);
        if !r.is_zero() {
            break;
        }
        c = q;
        n += 1;
    }
    (c, n)
}

/// Compares the magnitudes of two finite values exactly.
pub fn cmp_abs(a: &Dec, b: &Dec) -> Ordering {
    match (a.coeff.is_zero(), b.coeff.is_zero()) {
        (true, true) => return Ordering::Equal,
        (true, false) => return Ordering::Less,
        (false, true) => return Ordering::Greater,
        _ => {}
    }
    let (aa, ab) = (a.adjusted(), b.adjusted());
    if aa != ab {
        return aa.cmp(&ab);
    }
    // same adjusted exponent: the exponents differ by less than the digits
    if a.exp >= b.exp {
        (&a.coeff * pow10((a.exp - b.exp) as u64)).cmp(&b.coeff)
    } else {
        a.coeff.cmp(&(&b.coeff * pow10((b.exp - a.exp) as u64)))
    }
}

/// Numeric order of two non-NaN values.
pub fn cmp_num(a: &Dec, b: &Dec) -> Ordering {
    let sign = |d: &Dec| -> i8 {
        if d.is_zero() {
            0
        } else if d.neg {
            -1
        } else {
            1
        }
    };
    let (sa, sb) = (sign(a), sign(b));
    if sa != sb {
        return sa.cmp(&sb);
    }
    let mag = match (a.is_inf(), b.is_inf()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ => cmp_abs(a, b),
    };
    if sa < 0 {
        mag.reverse()
    } else {
        mag
    }
}

/// Why a string is not a decimal literal.
pub struct SyntaxErr;

/// Parses a decimal literal as `Decimal(str)` does: surrounding
/// whitespace, a sign, digits with single underscores between them (any
/// Unicode decimal digits), a fraction, an exponent, or `Inf`/`Infinity`/
/// `NaN`/`sNaN` with an optional payload, all case-insensitively.
pub fn parse(s: &str) -> Result<Dec, SyntaxErr> {
    let t: String = s
        .trim()
        .chars()
        .filter(|&c| c != '_')
        .map(|c| unicode_digit(c).map_or(c, |d| (b'0' + d) as char))
        .collect();
    let t = t.as_str();
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let lower = body.to_ascii_lowercase();
    if lower == "inf" || lower == "infinity" {
        return Ok(Dec::inf(neg));
    }
    for (prefix, kind) in [("snan", Kind::SNaN), ("nan", Kind::NaN)] {
        if let Some(payload) = lower.strip_prefix(prefix) {
            let coeff = if payload.is_empty() {
                BigUint::zero()
            } else {
                parse_digits(payload)?
            };
            return Ok(Dec {
                neg,
                kind,
                coeff,
                exp: 0,
            });
        }
    }
    let (mantissa, exponent) = match lower.find('e') {
        Some(i) => (&lower[..i], Some(&lower[i + 1..])),
        None => (lower.as_str(), None),
    };
    let (int_part, frac_part) = match mantissa.find('.') {
        Some(i) => (&mantissa[..i], &mantissa[i + 1..]),
        None => (mantissa, ""),
    };
    if int_part.is_empty() && frac_part.is_empty() {
        return Err(SyntaxErr);
    }
    let int_digits = strip_underscores(int_part)?;
    let frac_digits = strip_underscores(frac_part)?;
    let mut all = int_digits;
    all.push_str(&frac_digits);
    if all.is_empty() || !all.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SyntaxErr);
    }
    let mut exp: i64 = 0;
    if let Some(e) = exponent {
        let (eneg, edigits) = match e.as_bytes().first() {
            Some(b'-') => (true, &e[1..]),
            Some(b'+') => (false, &e[1..]),
            _ => (false, e),
        };
        let edigits = strip_underscores(edigits)?;
        if edigits.is_empty() || !edigits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(SyntaxErr);
        }
        let trimmed = edigits.trim_start_matches('0');
        // beyond any context's reach: saturate (the value still rounds
        // to zero or overflows as CPython does)
        exp = if trimmed.len() > 18 {
            4_000_000_000_000_000_000
        } else {
            trimmed.parse::<i64>().unwrap_or(0)
        };
        if eneg {
            exp = -exp;
        }
    }
    exp -= frac_digits.len() as i64;
    let coeff = all.parse::<BigUint>().map_err(|_| SyntaxErr)?;
    Ok(Dec::finite(neg, coeff, exp))
}

fn parse_digits(s: &str) -> Result<BigUint, SyntaxErr> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SyntaxErr);
    }
    s.parse::<BigUint>().map_err(|_| SyntaxErr)
}

/// `_decimal` ignores every underscore in a literal.
fn strip_underscores(s: &str) -> Result<String, SyntaxErr> {
    Ok(s.replace('_', ""))
}

/// The value of a Unicode decimal digit outside ASCII (Arabic-Indic,
/// Devanagari, fullwidth, ...): the blocks of ten Python accepts.
fn unicode_digit(c: char) -> Option<u8> {
    const ZEROS: &[u32] = &[
        0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66, 0xDE6,
        0xE50, 0xED0, 0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90,
        0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0,
        0xFF10, 0x104A0, 0x11066, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6,
    ];
    let u = c as u32;
    if u < 0x80 {
        return None;
    }
    ZEROS
        .iter()
        .find(|&&z| (z..z + 10).contains(&u))
        .map(|&z| (u - z) as u8)
}

/// The scientific string (`str()`): plain notation when the exponent is
/// at most 0 and the adjusted exponent at least -6, else `d.dddE+n`.
pub fn to_sci(d: &Dec, capitals: bool) -> String {
    let mut out = String::new();
    if d.neg {
        out.push('-');
    }
    match d.kind {
        Kind::Inf => {
            out.push_str("Infinity");
            return out;
        }
        Kind::NaN | Kind::SNaN => {
            if d.kind == Kind::SNaN {
                out.push('s');
            }
            out.push_str("NaN");
            if !d.coeff.is_zero() {
                out.push_str(&d.coeff.to_string());
            }
            return out;
        }
        Kind::Finite => {}
    }
    let digits = d.coeff.to_string();
    let adj = d.exp + digits.len() as i64 - 1;
    if d.exp <= 0 && adj >= -6 {
        out.push_str(&plain(&digits, d.exp));
        return out;
    }
    out.push_str(&digits[..1]);
    if digits.len() > 1 {
        out.push('.');
        out.push_str(&digits[1..]);
    }
    push_exp(&mut out, adj, capitals);
    out
}

/// Digits with a decimal point `-exp` places from the right (`exp <= 0`).
pub fn plain(digits: &str, exp: i64) -> String {
    if exp >= 0 {
        let mut s = digits.to_string();
        s.extend(std::iter::repeat_n('0', exp as usize));
        return s;
    }
    let point = digits.len() as i64 + exp;
    if point > 0 {
        format!(
            "{}.{}",
            &digits[..point as usize],
            &digits[point as usize..]
        )
    } else {
        format!("0.{}{}", "0".repeat((-point) as usize), digits)
    }
}

fn push_exp(out: &mut String, e: i64, capitals: bool) {
    out.push(if capitals { 'E' } else { 'e' });
    if e >= 0 {
        out.push('+');
    }
    out.push_str(&e.to_string());
}

/// The engineering string: like [`to_sci`] but with an exponent that is
/// a multiple of three.
pub fn to_eng(d: &Dec, capitals: bool) -> String {
    if !d.is_finite() {
        return to_sci(d, capitals);
    }
    let digits = d.coeff.to_string();
    let adj = d.exp + digits.len() as i64 - 1;
    if d.exp <= 0 && adj >= -6 {
        return to_sci(d, capitals);
    }
    let mut out = String::new();
    if d.neg {
        out.push('-');
    }
    if d.coeff.is_zero() {
        // the exponent moves up to a multiple of three, zeros fill in
        let mut e = adj;
        let m = e.rem_euclid(3);
        let mut frac = 0;
        if m != 0 {
            e += 3 - m;
            frac = 3 - m;
        }
        out.push('0');
        if frac > 0 {
            out.push('.');
            out.push_str(&"0".repeat(frac as usize));
        }
        push_exp(&mut out, e, capitals);
        return out;
    }
    let m = adj.rem_euclid(3);
    let e = adj - m;
    let int_len = (m + 1) as usize;
    if digits.len() <= int_len {
        out.push_str(&digits);
        out.push_str(&"0".repeat(int_len - digits.len()));
    } else {
        out.push_str(&digits[..int_len]);
        out.push('.');
        out.push_str(&digits[int_len..]);
    }
    if e != 0 {
        push_exp(&mut out, e, capitals);
    }
    out
}
