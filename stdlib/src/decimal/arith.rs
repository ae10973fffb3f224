//! Context arithmetic on [`Dec`] values: the operators (`+ - * / // %`,
//! `divmod`), `remainder_near`, `fma`, `compare`, `quantize`, integral
//! rounding, `normalize`, `max`/`min` and friends — each following the
//! General Decimal Arithmetic rules for NaNs, infinities and ideal
//! exponents. Work is bounded: operands far apart in scale are reduced
//! to a sticky digit instead of being aligned digit by digit.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use std::cmp::Ordering;

use super::context::*;
use super::number::{cmp_abs, cmp_num, digits, pow10, strip_zeros, Dec, Kind};

/// NaN propagation for two operands: `Some(result)` if either is a NaN.
pub fn nan2(a: &Dec, b: &Dec, ctx: &Ctx, st: &mut Status) -> Option<Dec> {
    if a.kind == Kind::SNaN {
        *st |= INVALID;
        return Some(quiet(a, ctx));
    }
    if b.kind == Kind::SNaN {
        *st |= INVALID;
        return Some(quiet(b, ctx));
    }
    if a.kind == Kind::NaN {
        return Some(quiet(a, ctx));
    }
    if b.kind == Kind::NaN {
        return Some(quiet(b, ctx));
    }
    None
}

pub fn nan1(a: &Dec, ctx: &Ctx, st: &mut Status) -> Option<Dec> {
    match a.kind {
        Kind::SNaN => {
            *st |= INVALID;
            Some(quiet(a, ctx))
        }
        Kind::NaN => Some(quiet(a, ctx)),
        _ => None,
    }
}

pub fn invalid(st: &mut Status) -> Dec {
    *st |= INVALID;
    Dec::nan()
}

/// `a + b` (exact sum, then rounded).
pub fn add(a: &Dec, b: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan2(a, b, ctx, st) {
        return n;
    }
    if a.is_inf() || b.is_inf() {
        if a.is_inf() && b.is_inf() && a.neg != b.neg {
            return invalid(st);
        }
        return if a.is_inf() { a.clone() } else { b.clone() };
    }
    let (r, sticky) = exact_sum(a, b, ctx);
    let mut r = r;
    if r.coeff.is_zero() && !sticky {
        // the sign of an exact zero sum
        r.neg = if a.neg == b.neg {
            a.neg
        } else {
            ctx.rounding == Rounding::Floor
        };
    }
    ctx.finish(r, sticky, st)
}

/// The sum of two finite values, with a far smaller operand reduced to
/// a sticky unit (and zero padding cut at the precision) so alignment
/// never builds huge coefficients.
fn exact_sum(a: &Dec, b: &Dec, ctx: &Ctx) -> (Dec, bool) {
    let prec = ctx.prec.max(1) as u64;
    if a.coeff.is_zero() || b.coeff.is_zero() {
        let exp = a.exp.min(b.exp);
        let src = if a.coeff.is_zero() { b } else { a };
        if src.coeff.is_zero() {
            return (Dec::finite(a.neg && b.neg, BigUint::zero(), exp), false);
        }
        let nd = digits(&src.coeff);
        let mut pad = (src.exp - exp) as u64;
        if nd + pad > prec + 1 {
            // zeros past the precision only get rounded away again
            pad = (prec + 1).saturating_sub(nd);
        }
        let c = &src.coeff * pow10(pad);
        return (Dec::finite(src.neg, c, src.exp - pad as i64), false);
    }
    let (big, small) = if a.adjusted() >= b.adjusted() {
        (a, b)
    } else {
        (b, a)
    };
    // the lowest position that can still influence rounding
    let cut = big.exp.min(big.adjusted() - prec as i64) - 2;
    let reduced;
    let small = if small.adjusted() < cut {
        reduced = Dec::finite(small.neg, BigUint::one(), cut);
        &reduced
    } else {
        small
    };
    let exp = big.exp.min(small.exp);
    let ca = &big.coeff * pow10((big.exp - exp) as u64);
    let cb = &small.coeff * pow10((small.exp - exp) as u64);
    if big.neg == small.neg {
        (Dec::finite(big.neg, ca + cb, exp), false)
    } else {
        match ca.cmp(&cb) {
            Ordering::Equal => (Dec::finite(false, BigUint::zero(), exp), false),
            Ordering::Greater => (Dec::finite(big.neg, ca - cb, exp), false),
            Ordering::Less => (Dec::finite(small.neg, cb - ca, exp), false),
        }
    }
}

pub fn sub(a: &Dec, b: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan2(a, b, ctx, st) {
        return n;
    }
    add(a, &b.negated(), ctx, st)
}

/// `a * b`.
pub fn mul(a: &Dec, b: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan2(a, b, ctx, st) {
        return n;
    }
    let neg = a.neg != b.neg;
    if a.is_inf() || b.is_inf() {
        if a.is_zero() || b.is_zero() {
            return invalid(st);
        }
        return Dec::inf(neg);
    }
    let r = Dec::finite(neg, &a.coeff * &b.coeff, a.exp + b.exp);
    ctx.finish(r, false, st)
}

/// `a / b`.
pub fn div(a: &Dec, b: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan2(a, b, ctx, st) {
        return n;
    }
    let neg = a.neg != b.neg;
    if a.is_inf() {
        if b.is_inf() {
            return invalid(st);
        }
        return Dec::inf(neg);
    }
    if b.is_inf() {
        *st |= CLAMPED;
        return Dec::finite(neg, BigUint::zero(), ctx.etiny());
    }
    if b.coeff.is_zero() {
        if a.coeff.is_zero() {
            *st |= DIV_UNDEFINED;
            return Dec::nan();
        }
        *st |= DIV_ZERO;
        return Dec::inf(neg);
    }
    let ideal = a.exp - b.exp;
    if a.coeff.is_zero() {
        return ctx.finish(Dec::finite(neg, BigUint::zero(), ideal), false, st);
    }
    let (da, db) = (digits(&a.coeff) as i64, digits(&b.coeff) as i64);
    let shift = (ctx.prec + 1 + db - da).max(0) as u64;
    let (q, r) = (&a.coeff * pow10(shift)).div_rem(&b.coeff);
    let mut exp = ideal - shift as i64;
    let mut q = q;
    if r.is_zero() {
        // exact: move towards the ideal exponent
        let (s, n) = strip_zeros(&q);
        let can = (ideal - exp).min(n as i64).max(0);
        if can > 0 {
            q = if can as u64 == n {
                s
            } else {
                q / pow10(can as u64)
            };
            exp += can;
        }
        return ctx.finish(Dec::finite(neg, q, exp), false, st);
    }
    ctx.finish(Dec::finite(neg, q, exp), true, st)
}

/// The truncated integer quotient and the remainder of finite `a`, `b`
/// (`b` nonzero); `None` if the quotient needs more than `prec` digits.
fn divmod_finite(a: &Dec, b: &Dec, prec: i64) -> Option<(BigUint, Dec)> {
    let exp = a.exp.min(b.exp);
    if a.coeff.is_zero() {
        return Some((BigUint::zero(), Dec::finite(a.neg, BigUint::zero(), exp)));
    }
    if a.adjusted() - b.adjusted() > prec {
        return None;
    }
    if cmp_abs(a, b) == Ordering::Less {
        let ca = &a.coeff * pow10((a.exp - exp) as u64);
        return Some((BigUint::zero(), Dec::finite(a.neg, ca, exp)));
    }
    let ca = &a.coeff * pow10((a.exp - exp) as u64);
    let cb = &b.coeff * pow10((b.exp - exp) as u64);
    let (q, r) = ca.div_rem(&cb);
    if digits(&q) as i64 > prec {
        return None;
    }
    Some((q, Dec::finite(a.neg, r, exp)))
}

/// `a // b` (truncating).
pub fn div_int(a: &Dec, b: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan2(a, b, ctx, st) {
        return n;
    }
    let neg = a.neg != b.neg;
    if a.is_inf() {
        if b.is_inf() {
            return invalid(st);
        }
        return Dec::inf(neg);
    }
    if b.is_inf() {
        return Dec::finite(neg, BigUint::zero(), 0);
    }
    if b.coeff.is_zero() {
        if a.coeff.is_zero() {
            *st |= DIV_UNDEFINED;
            return Dec::nan();
        }
        *st |= DIV_ZERO;
        return Dec::inf(neg);
    }
    match divmod_finite(a, b, ctx.prec) {
        Some((q, _)) => ctx.finish(Dec::finite(neg, q, 0), false, st),
        None => {
            *st |= DIV_IMPOSSIBLE;
            Dec::nan()
        }
    }
}

/// The results of `%` and `remainder_near` that need no division: NaN
/// operands, an infinite dividend (invalid), an infinite divisor (`a`),
/// a zero divisor (invalid, or undefined for 0 % 0).
fn remainder_special(a: &Dec, b: &Dec, ctx: &Ctx, st: &mut Status) -> Option<Dec> {
    if let Some(n) = nan2(a, b, ctx, st) {
        return Some(n);
    }
    if a.is_inf() {
        return Some(invalid(st));
    }
    if b.is_inf() {
        return Some(ctx.finish(a.clone(), false, st));
    }
    if b.coeff.is_zero() {
        if a.coeff.is_zero() {
            *st |= DIV_UNDEFINED;
        } else {
            *st |= INVALID;
        }
        return Some(Dec::nan());
    }
    None
}

/// `a % b` (sign of `a`).
pub fn rem(a: &Dec, b: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(special) = remainder_special(a, b, ctx, st) {
        return special;
    }
    match divmod_finite(a, b, ctx.prec) {
        Some((_, r)) => ctx.finish(r, false, st),
        None => {
            *st |= DIV_IMPOSSIBLE;
            Dec::nan()
        }
    }
}

/// `divmod(a, b)`.
pub fn divmod(a: &Dec, b: &Dec, ctx: &Ctx, st: &mut Status) -> (Dec, Dec) {
    if let Some(n) = nan2(a, b, ctx, st) {
        return (n.clone(), n);
    }
    let neg = a.neg != b.neg;
    if a.is_inf() {
        if b.is_inf() {
            let n = invalid(st);
            return (n.clone(), n);
        }
        *st |= INVALID;
        return (Dec::inf(neg), Dec::nan());
    }
    if b.is_inf() {
        let r = ctx.finish(a.clone(), false, st);
        return (Dec::finite(neg, BigUint::zero(), 0), r);
    }
    if b.coeff.is_zero() {
        if a.coeff.is_zero() {
            *st |= DIV_UNDEFINED;
            return (Dec::nan(), Dec::nan());
        }
        *st |= INVALID | DIV_ZERO;
        return (Dec::inf(neg), Dec::nan());
    }
    match divmod_finite(a, b, ctx.prec) {
        Some((q, r)) => {
            let q = ctx.finish(Dec::finite(neg, q, 0), false, st);
            let r = ctx.finish(r, false, st);
            (q, r)
        }
        None => {
            *st |= DIV_IMPOSSIBLE;
            (Dec::nan(), Dec::nan())
        }
    }
}

/// `a.remainder_near(b)`: `a - b*n` with `n` the nearest integer to
/// `a/b` (ties to even).
pub fn rem_near(a: &Dec, b: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(special) = remainder_special(a, b, ctx, st) {
        return special;
    }
    let Some((q, r)) = divmod_finite(a, b, ctx.prec) else {
        *st |= DIV_IMPOSSIBLE;
        return Dec::nan();
    };
    let exp = r.exp;
    let cb = &b.coeff * pow10((b.exp - exp) as u64);
    let twice = &r.coeff * 2u32;
    let mut rc = r.coeff.clone();
    let mut neg = r.neg;
    let mut q = q;
    let up = match twice.cmp(&cb) {
        Ordering::Greater => true,
        Ordering::Equal => q.is_odd(),
        Ordering::Less => false,
    };
    if up {
        rc = &cb - &rc;
        neg = !neg;
        q += 1u32;
    }
    if digits(&q) as i64 > ctx.prec {
        *st |= DIV_IMPOSSIBLE;
        return Dec::nan();
    }
    if rc.is_zero() {
        neg = a.neg;
    }
    ctx.finish(Dec::finite(neg, rc, exp), false, st)
}

/// `a*b + c` with a single rounding.
pub fn fma(a: &Dec, b: &Dec, c: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if a.kind == Kind::SNaN || b.kind == Kind::SNaN || c.kind == Kind::SNaN {
        let s = [a, b, c]
            .into_iter()
            .find(|d| d.kind == Kind::SNaN)
            .unwrap();
        *st |= INVALID;
        return quiet(s, ctx);
    }
    if a.is_nan() || b.is_nan() {
        return nan2(a, b, ctx, st).unwrap_or_else(Dec::nan);
    }
    let mut s1 = 0;
    let p = if a.is_inf() || b.is_inf() {
        if a.is_zero() || b.is_zero() {
            return invalid(st);
        }
        Dec::inf(a.neg != b.neg)
    } else {
        Dec::finite(a.neg != b.neg, &a.coeff * &b.coeff, a.exp + b.exp)
    };
    if c.is_nan() {
        return quiet(c, ctx);
    }
    let r = add(&p, c, ctx, &mut s1);
    *st |= s1;
    r
}

/// Numeric comparison as a Decimal (`-1`, `0`, `1`, or NaN).
pub fn compare(a: &Dec, b: &Dec, ctx: &Ctx, st: &mut Status, signal: bool) -> Dec {
    if a.is_nan() || b.is_nan() {
        if signal {
            *st |= INVALID;
            return nan2(a, b, ctx, &mut 0).unwrap_or_else(Dec::nan);
        }
        return nan2(a, b, ctx, st).unwrap_or_else(Dec::nan);
    }
    match cmp_num(a, b) {
        Ordering::Less => Dec::from_i64(-1),
        Ordering::Equal => Dec::from_i64(0),
        Ordering::Greater => Dec::from_i64(1),
    }
}

/// Total ordering of the representations (`compare_total`).
pub fn cmp_total(a: &Dec, b: &Dec) -> Ordering {
    if a.neg != b.neg {
        return if a.neg {
            Ordering::Less
        } else {
            Ordering::Greater
        };
    }
    let rank = |d: &Dec| match d.kind {
        Kind::Finite => 0,
        Kind::Inf => 1,
        Kind::SNaN => 2,
        Kind::NaN => 3,
    };
    let ord = match (rank(a), rank(b)) {
        (x, y) if x != y => x.cmp(&y),
        (0, 0) => match cmp_abs(a, b) {
            Ordering::Equal => a.exp.cmp(&b.exp),
            o => o,
        },
        (1, 1) => Ordering::Equal,
        _ => a.coeff.cmp(&b.coeff),
    };
    if a.neg {
        ord.reverse()
    } else {
        ord
    }
}

/// `max`/`min` (and their `_mag` forms): a quiet NaN loses to a number.
pub fn max_min(a: &Dec, b: &Dec, ctx: &Ctx, st: &mut Status, want_max: bool, mag: bool) -> Dec {
    if a.kind == Kind::SNaN || b.kind == Kind::SNaN {
        return nan2(a, b, ctx, st).unwrap_or_else(Dec::nan);
    }
    match (a.is_nan(), b.is_nan()) {
        (true, true) => return quiet(a, ctx),
        (true, false) => return ctx.finish(b.clone(), false, st),
        (false, true) => return ctx.finish(a.clone(), false, st),
        _ => {}
    }
    let mut ord = if mag {
        match cmp_num(&a.abs(), &b.abs()) {
            Ordering::Equal => cmp_num(a, b),
            o => o,
        }
    } else {
        cmp_num(a, b)
    };
    if ord == Ordering::Equal {
        ord = cmp_total(a, b);
    }
    let pick_a = if want_max {
        ord != Ordering::Less
    } else {
        ord != Ordering::Greater
    };
    let r = if pick_a { a } else { b };
    ctx.finish(r.clone(), false, st)
}

/// Rescales `a` to exponent `exp`, rounding by `mode` (no precision
/// checks); `None` if that needs more than `max_digits` digits.
pub fn rescale(a: &Dec, exp: i64, mode: Rounding, max_digits: u64) -> Option<(Dec, bool)> {
    if exp >= a.exp {
        let drop = (exp - a.exp) as u64;
        let (c, lost) = round_coeff(&a.coeff, drop, a.neg, mode, false);
        Some((Dec::finite(a.neg, c, exp), lost))
    } else {
        let pad = (a.exp - exp) as u64;
        if a.coeff.is_zero() {
            return Some((Dec::finite(a.neg, BigUint::zero(), exp), false));
        }
        if digits(&a.coeff) + pad > max_digits {
            return None;
        }
        Some((Dec::finite(a.neg, &a.coeff * pow10(pad), exp), false))
    }
}

/// `a.quantize(b)`: `a` at `b`'s exponent.
pub fn quantize(a: &Dec, b: &Dec, mode: Rounding, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan2(a, b, ctx, st) {
        return n;
    }
    if a.is_inf() || b.is_inf() {
        if a.is_inf() && b.is_inf() {
            return a.clone();
        }
        return invalid(st);
    }
    let exp = b.exp;
    if exp > ctx.emax || exp < ctx.etiny() {
        return invalid(st);
    }
    let Some((r, lost)) = rescale(a, exp, mode, ctx.prec as u64) else {
        return invalid(st);
    };
    if !r.coeff.is_zero() && (digits(&r.coeff) as i64 > ctx.prec || r.adjusted() > ctx.emax) {
        return invalid(st);
    }
    if lost {
        *st |= INEXACT | ROUNDED;
    } else if exp > a.exp && !a.coeff.is_zero() {
        *st |= ROUNDED;
    }
    if !r.coeff.is_zero() && r.adjusted() < ctx.emin {
        *st |= SUBNORMAL;
        if lost {
            *st |= UNDERFLOW;
        }
    }
    r
}

/// `to_integral_value` (`exact` adds the Inexact/Rounded signals of
/// `to_integral_exact`).
pub fn to_integral(a: &Dec, mode: Rounding, ctx: &Ctx, st: &mut Status, exact: bool) -> Dec {
    if let Some(n) = nan1(a, ctx, st) {
        return n;
    }
    if a.is_inf() || a.exp >= 0 {
        return a.clone();
    }
    let (r, lost) = rescale(a, 0, mode, 0).expect("rounding never pads");
    if exact {
        *st |= ROUNDED;
        if lost {
            *st |= INEXACT;
        }
    }
    r
}

/// `normalize`: rounded, trailing zeros stripped (zero becomes `0`).
pub fn normalize(a: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan1(a, ctx, st) {
        return n;
    }
    if a.is_inf() {
        return a.clone();
    }
    let r = ctx.finish(a.clone(), false, st);
    if r.coeff.is_zero() {
        return Dec::finite(r.neg, BigUint::zero(), 0);
    }
    let (c, n) = strip_zeros(&r.coeff);
    let mut exp = r.exp + n as i64;
    let mut c = c;
    let top = if ctx.clamp { ctx.etop() } else { ctx.emax };
    if exp > top {
        c *= pow10((exp - top) as u64);
        exp = top;
    }
    Dec::finite(r.neg, c, exp)
}

/// Unary plus/minus/abs: the operand rounded; `-0` becomes `0` except
/// when rounding to floor.
pub fn plus(a: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan1(a, ctx, st) {
        return n;
    }
    let mut r = a.clone();
    if r.is_zero() && r.neg {
        r.neg = ctx.rounding == Rounding::Floor;
    }
    ctx.finish(r, false, st)
}

pub fn minus(a: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan1(a, ctx, st) {
        return n;
    }
    plus(&a.negated(), ctx, st)
}

pub fn abs(a: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan1(a, ctx, st) {
        return n;
    }
    plus(&a.abs(), ctx, st)
}

/// `next_plus`/`next_minus`: the neighbour towards +/- infinity.
pub fn next(a: &Dec, up: bool, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan1(a, ctx, st) {
        return n;
    }
    if a.is_inf() {
        if a.neg != up {
            return a.clone();
        }
        return ctx.max_finite(a.neg);
    }
    // add or subtract a unit far below the precision, rounding towards
    let mut c = ctx.clone();
    c.rounding = if up {
        Rounding::Ceiling
    } else {
        Rounding::Floor
    };
    c.traps = 0;
    let tiny_exp = (ctx.etiny() - 1).min(a.adjusted() - ctx.prec - 2);
    let tiny = Dec::finite(!up, BigUint::one(), tiny_exp);
    // the neighbour is exact by definition: no signals
    add(a, &tiny, &c, &mut 0)
}

pub fn next_toward(a: &Dec, b: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan2(a, b, ctx, st) {
        return n;
    }
    match cmp_num(a, b) {
        Ordering::Equal => {
            let mut r = a.clone();
            r.neg = b.neg;
            r
        }
        o => {
            let mut s = 0;
            let r = next(a, o == Ordering::Less, ctx, &mut s);
            if r.is_inf() {
                *st |= OVERFLOW | INEXACT | ROUNDED;
            } else if r.is_finite() && !r.coeff.is_zero() && r.adjusted() < ctx.emin {
                *st |= SUBNORMAL | UNDERFLOW | INEXACT | ROUNDED;
                if r.coeff.is_zero() {
                    *st |= CLAMPED;
                }
            }
            r
        }
    }
}

/// Exponent of an integral operand for `scaleb`/`rotate`/`shift`.
pub fn small_int(d: &Dec) -> Option<i64> {
    if !d.is_finite() || d.exp != 0 {
        if d.is_finite() && d.is_integral() {
            return d.to_bigint_trunc(40).and_then(|b| i64::try_from(b).ok());
        }
        return None;
    }
    i64::try_from(d.to_bigint_trunc(40)?).ok()
}

pub fn one() -> Dec {
    Dec::from_i64(1)
}

/// `10**n` as a decimal `1En`.
pub fn unit(exp: i64) -> Dec {
    Dec::finite(false, BigUint::one(), exp)
}

/// The coefficient of `d` as digits `0`/`1` (for the logical operations).
pub fn logical_digits(d: &Dec) -> Option<Vec<u8>> {
    if !d.is_finite() || d.neg || d.exp != 0 {
        return None;
    }
    let s = d.coeff.to_string();
    if !s.bytes().all(|b| b == b'0' || b == b'1') {
        return None;
    }
    Some(s.bytes().rev().map(|b| b - b'0').collect())
}

pub fn from_logical(bits: &[u8]) -> Dec {
    let s: String = bits.iter().rev().map(|b| (b'0' + b) as char).collect();
    let s = s.trim_start_matches('0');
    let c = if s.is_empty() {
        BigUint::zero()
    } else {
        s.parse().unwrap_or_default()
    };
    Dec::finite(false, c, 0)
}
