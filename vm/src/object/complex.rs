//! `complex` numbers as plain math, with no VM in sight: the arithmetic
//! CPython does (Smith's division with C11 Annex G's recovery of infinities
//! and zeros, repeated squaring for small integer powers, the polar form
//! otherwise), the 3.14 mixed-mode rules under which a real operand only
//! touches its own part, `repr`, CPython's hash and `complex('...')`
//! parsing. `vm/complex.rs` connects them to values and operators.

use serde::{Deserialize, Serialize};

use super::float;

/// A complex number.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Complex {
    pub re: f64,
    pub im: f64,
}

/// Why a complex power failed.
#[derive(Debug, PartialEq)]
pub enum PowError {
    /// `0j ** -1`, `0j ** 1j`: ZeroDivisionError.
    ZeroToNegative,
    /// A finite base and exponent giving an infinite part: OverflowError.
    Overflow,
}

/// Why `complex('...')` failed.
#[derive(Debug, PartialEq)]
pub enum ParseError {
    /// The text is not of a complex form: "complex() arg is a malformed string".
    Malformed,
    /// Underscores in the wrong places: "could not convert string to complex".
    BadUnderscore,
}

impl Complex {
    pub const ONE: Complex = Complex { re: 1.0, im: 0.0 };

    pub fn new(re: f64, im: f64) -> Complex {
        Complex { re, im }
    }

    /// The product, with C11 Annex G.5.1's recovery (as CPython 3.14
    /// does) of infinities that came out as `nan+nanj`.
    pub fn product(self, o: Complex) -> Complex {
        let (mut a, mut b, mut c, mut d) = (self.re, self.im, o.re, o.im);
        let (ac, bd, ad, bc) = (a * c, b * d, a * d, b * c);
        let r = Complex::new(ac - bd, ad + bc);
        if !(r.re.is_nan() && r.im.is_nan()) {
            return r;
        }
        let zero_nan = |x: f64| if x.is_nan() { 0.0_f64.copysign(x) } else { x };
        let mut recalc = false;
        if a.is_infinite() || b.is_infinite() {
            // box the infinite factor, NaNs of the other one become zeros
            (a, b) = (inf_unit(a), inf_unit(b));
            (c, d) = (zero_nan(c), zero_nan(d));
            recalc = true;
        }
        if c.is_infinite() || d.is_infinite() {
            (c, d) = (inf_unit(c), inf_unit(d));
            (a, b) = (zero_nan(a), zero_nan(b));
            recalc = true;
        }
        if !recalc && [ac, bd, ad, bc].iter().any(|x| x.is_infinite()) {
            // infinities lost to overflow
            (a, b, c, d) = (zero_nan(a), zero_nan(b), zero_nan(c), zero_nan(d));
            recalc = true;
        }
        if !recalc {
            return r;
        }
        Complex::new(
            f64::INFINITY * (a * c - b * d),
            f64::INFINITY * (a * d + b * c),
        )
    }

    /// `self / o`, or `None` when `o` is zero.
    pub fn checked_div(self, o: Complex) -> Option<Complex> {
        let (abs_re, abs_im) = (o.re.abs(), o.im.abs());
        let mut r = if abs_re >= abs_im {
            if abs_re == 0.0 {
                return None;
            }
            let ratio = o.im / o.re;
            let denom = o.re + o.im * ratio;
            Complex::new(
                (self.re + self.im * ratio) / denom,
                (self.im - self.re * ratio) / denom,
            )
        } else if abs_im >= abs_re {
            let ratio = o.re / o.im;
            let denom = o.re * ratio + o.im;
            Complex::new(
                (self.re * ratio + self.im) / denom,
                (self.im * ratio - self.re) / denom,
            )
        } else {
            // a NaN in the divisor
            Complex::new(f64::NAN, f64::NAN)
        };
        if r.re.is_nan() && r.im.is_nan() {
            if (self.re.is_infinite() || self.im.is_infinite())
                && o.re.is_finite()
                && o.im.is_finite()
            {
                let x = inf_unit(self.re);
                let y = inf_unit(self.im);
                r = Complex::new(
                    f64::INFINITY * (x * o.re + y * o.im),
                    f64::INFINITY * (y * o.re - x * o.im),
                );
            } else if (abs_re.is_infinite() || abs_im.is_infinite())
                && self.re.is_finite()
                && self.im.is_finite()
            {
                let x = inf_unit(o.re);
                let y = inf_unit(o.im);
                r = Complex::new(
                    0.0 * (self.re * x + self.im * y),
                    0.0 * (self.im * x - self.re * y),
                );
            }
        }
        Some(r)
    }

    /// `a / self` for a real `a`: as [`Complex::checked_div`] with no imaginary
    /// part in the dividend (so no `0 * x` terms turn signs or NaNs up).
    pub fn rdiv_real(self, a: f64) -> Option<Complex> {
        let (abs_re, abs_im) = (self.re.abs(), self.im.abs());
        let mut r = if abs_re >= abs_im {
            if abs_re == 0.0 {
                return None;
            }
            let ratio = self.im / self.re;
            let denom = self.re + self.im * ratio;
            Complex::new(a / denom, (-a * ratio) / denom)
        } else if abs_im >= abs_re {
            let ratio = self.re / self.im;
            let denom = self.re * ratio + self.im;
            Complex::new((a * ratio) / denom, (-a) / denom)
        } else {
            Complex::new(f64::NAN, f64::NAN)
        };
        if r.re.is_nan()
            && r.im.is_nan()
            && a.is_finite()
            && (abs_re.is_infinite() || abs_im.is_infinite())
        {
            let x = inf_unit(self.re);
            let y = inf_unit(self.im);
            r = Complex::new(0.0 * (a * x), 0.0 * (-a * y));
        }
        Some(r)
    }

    /// `self ** e`: repeated squaring for integral exponents up to 100 in
    /// magnitude (exact where the polar form is not), the polar form
    /// otherwise.
    pub fn pow(self, e: Complex) -> Result<Complex, PowError> {
        if e.im == 0.0 && e.re.abs() <= 100.0 && e.re == e.re.floor() {
            let n = e.re as i64;
            let r = if n >= 0 {
                self.powu(n as u64)
            } else {
                Complex::ONE
                    .checked_div(self.powu(n.unsigned_abs()))
                    .ok_or(PowError::ZeroToNegative)?
            };
            return overflow_check(r);
        }
        if e.re == 0.0 && e.im == 0.0 {
            return Ok(Complex::ONE);
        }
        if self.re == 0.0 && self.im == 0.0 {
            if e.im != 0.0 || e.re < 0.0 {
                return Err(PowError::ZeroToNegative);
            }
            return Ok(Complex::new(0.0, 0.0));
        }
        let vabs = self.re.hypot(self.im);
        let mut len = vabs.powf(e.re);
        let at = self.im.atan2(self.re);
        let mut phase = at * e.re;
        if e.im != 0.0 {
            len /= (at * e.im).exp();
            phase += e.im * vabs.ln();
        }
        overflow_check(Complex::new(len * phase.cos(), len * phase.sin()))
    }

    fn powu(self, n: u64) -> Complex {
        let mut r = Complex::ONE;
        let mut p = self;
        let mut mask: u64 = 1;
        while mask > 0 && n >= mask {
            if n & mask != 0 {
                r = r.product(p);
            }
            mask <<= 1;
            p = p.product(p);
        }
        r
    }

    /// `abs(z)`: the hypotenuse, `inf` if either part is, or `None` when
    /// finite parts overflow.
    pub fn abs(self) -> Option<f64> {
        if self.re.is_infinite() || self.im.is_infinite() {
            return Some(f64::INFINITY);
        }
        if self.re.is_nan() || self.im.is_nan() {
            return Some(f64::NAN);
        }
        let r = self.re.hypot(self.im);
        r.is_finite().then_some(r)
    }

    /// CPython's `hash(z)`: `hash(re) + 1000003 * hash(im)`, wrapping.
    pub fn hash(self) -> i64 {
        let h = (float::hash(self.re) as u64)
            .wrapping_add((float::hash(self.im) as u64).wrapping_mul(1_000_003))
            as i64;
        if h == -1 {
            -2
        } else {
            h
        }
    }
}

/// `copysign(isinf(x) ? 1 : 0, x)`: Annex G's direction of an infinity.
fn inf_unit(x: f64) -> f64 {
    (if x.is_infinite() { 1.0_f64 } else { 0.0 }).copysign(x)
}

/// A power whose part came out infinite overflowed (only finite inputs
/// reach here with an infinite result, or an infinite base CPython also
/// reports as overflow).
fn overflow_check(r: Complex) -> Result<Complex, PowError> {
    if r.re.is_infinite() || r.im.is_infinite() {
        Err(PowError::Overflow)
    } else {
        Ok(r)
    }
}

pub use monty_text::complex_part_repr as part_repr;

/// `repr(z)` / `str(z)`: `1j`, `(1+2j)`, `(-0-0j)`, `(nan+infj)`.
pub fn repr(z: Complex) -> String {
    monty_text::complex_repr(z.re, z.im)
}

/// Parses `complex('...')`: `<float>`, `<float>j`, `<float><signed
/// float>j`, and the legacy `j`, `<sign>j`, `<float><sign>j`, optionally in
/// parentheses, with surrounding whitespace, single underscores between
/// digits, and Unicode digits and spaces read as ASCII.
pub fn parse(text: &str) -> Result<Complex, ParseError> {
    let ascii: String = text
        .chars()
        .map(|c| {
            if c.is_whitespace() {
                ' '
            } else if let Some(d) = crate::unicode::decimal(c).map(u32::from) {
                char::from_digit(d, 10).unwrap_or(c)
            } else {
                c
            }
        })
        .collect();
    let s = strip_underscores(&ascii)?;
    let b = s.as_bytes();
    let mut i = 0;
    let skip_space = |i: &mut usize| {
        while b.get(*i) == Some(&b' ') {
            *i += 1;
        }
    };
    skip_space(&mut i);
    let bracket = b.get(i) == Some(&b'(');
    if bracket {
        i += 1;
        skip_space(&mut i);
    }
    let is_j = |c: Option<&u8>| matches!(c, Some(b'j' | b'J'));
    let sign_unit = |c: u8| if c == b'+' { 1.0 } else { -1.0 };
    let (mut re, mut im) = (0.0, 0.0);
    match float_prefix(&b[i..]) {
        Some((z, n)) => {
            i += n;
            match b.get(i) {
                Some(&c @ (b'+' | b'-')) => {
                    re = z;
                    match float_prefix(&b[i..]) {
                        Some((y, m)) => {
                            im = y;
                            i += m;
                        }
                        None => {
                            im = sign_unit(c);
                            i += 1;
                        }
                    }
                    if !is_j(b.get(i)) {
                        return Err(ParseError::Malformed);
                    }
                    i += 1;
                }
                c if is_j(c) => {
                    im = z;
                    i += 1;
                }
                _ => re = z,
            }
        }
        None => {
            im = match b.get(i) {
                Some(&c @ (b'+' | b'-')) => {
                    i += 1;
                    sign_unit(c)
                }
                _ => 1.0,
            };
            if !is_j(b.get(i)) {
                return Err(ParseError::Malformed);
            }
            i += 1;
        }
    }
    skip_space(&mut i);
    if bracket {
        if b.get(i) != Some(&b')') {
            return Err(ParseError::Malformed);
        }
        i += 1;
        skip_space(&mut i);
    }
    if i != b.len() {
        return Err(ParseError::Malformed);
    }
    Ok(Complex::new(re, im))
}

/// Removes underscores that each sit between two digits; any other
/// underscore makes the whole string invalid.
fn strip_underscores(s: &str) -> Result<String, ParseError> {
    if !s.contains('_') {
        return Ok(s.to_string());
    }
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in b.iter().enumerate() {
        if c == b'_' {
            let before = i > 0 && b[i - 1].is_ascii_digit();
            let after = b.get(i + 1).is_some_and(u8::is_ascii_digit);
            if !(before && after) {
                return Err(ParseError::BadUnderscore);
            }
        } else {
            out.push(c as char);
        }
    }
    Ok(out)
}

/// The longest float at the start of `b` (sign, digits with an optional
/// point, an exponent only when digits follow it, or `inf`/`infinity`/
/// `nan`): its value (overflow gives an infinity) and length.
fn float_prefix(b: &[u8]) -> Option<(f64, usize)> {
    let mut i = 0;
    let neg = match b.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let signed = |x: f64| if neg { -x } else { x };
    let rest = &b[i..];
    let starts = |word: &str| {
        rest.len() >= word.len() && rest[..word.len()].eq_ignore_ascii_case(word.as_bytes())
    };
    if starts("infinity") {
        return Some((signed(f64::INFINITY), i + 8));
    }
    if starts("inf") {
        return Some((signed(f64::INFINITY), i + 3));
    }
    if starts("nan") {
        return Some((signed(f64::NAN), i + 3));
    }
    let start = i;
    let digits = |i: &mut usize| {
        let from = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - from
    };
    let mut n = digits(&mut i);
    if b.get(i) == Some(&b'.') {
        i += 1;
        n += digits(&mut i);
    }
    if n == 0 {
        return None;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(b.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        if digits(&mut j) > 0 {
            i = j;
        }
    }
    let text = std::str::from_utf8(&b[start..i]).ok()?;
    let x: f64 = text.parse().ok()?;
    Some((signed(x), i))
}
