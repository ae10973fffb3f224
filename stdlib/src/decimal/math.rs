//! The transcendental operations: `sqrt` (exact integer square root),
//! `exp`, `ln`, `log10` (fixed-point series, correctly rounded half-even
//! by retrying with more guard digits when a result lies too close to a
//! rounding boundary) and `**` (exact integer powers when small, rounded
//! repeated squaring when large, and `exp(y*ln(x))` at a working
//! precision for other exponents, the way libmpdec computes it so the
//! last digit agrees with CPython).

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use super::arith::{div, invalid, mul, nan1, nan2};
use super::context::*;
use super::number::{cmp_num, digits, pow10, strip_zeros, Dec, Kind};

fn ipow10(n: u64) -> BigInt {
    BigInt::from(pow10(n))
}

/// `sqrt`: correctly rounded (half-even), exact results at the ideal
/// exponent.
pub fn sqrt(a: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan1(a, ctx, st) {
        return n;
    }
    if a.is_zero() {
        let r = Dec::finite(a.neg, BigUint::zero(), a.exp.div_euclid(2));
        return ctx.finish(r, false, st);
    }
    if a.neg {
        return invalid(st);
    }
    if a.is_inf() {
        return a.clone();
    }
    let ideal = a.exp.div_euclid(2);
    let (mut c, mut e) = (a.coeff.clone(), a.exp);
    if e.rem_euclid(2) == 1 {
        c *= 10u32;
        e -= 1;
    }
    // scale to 2*prec+2 digits (an even number of places)
    let want = 2 * ctx.prec + 2;
    let k = (want - digits(&c) as i64 + 1).div_euclid(2);
    let mut dropped = false;
    if k >= 0 {
        c *= pow10(2 * k as u64);
    } else {
        let (q, r) = c.div_rem(&pow10((-2 * k) as u64));
        dropped = !r.is_zero();
        c = q;
    }
    e -= 2 * k;
    let q = c.sqrt();
    let exact = !dropped && &q * &q == c;
    let mut exp = e / 2;
    let mut q = q;
    let half_even = Ctx {
        rounding: Rounding::HalfEven,
        ..ctx.clone()
    };
    if exact {
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
        return half_even.finish(Dec::finite(false, q, exp), false, st);
    }
    half_even.finish(Dec::finite(false, q, exp), true, st)
}

/// `atanh(z) * 10**w` for `z = num/den` given as a fixed-point value.
fn atanh_fixed(z: &BigInt, w: u64) -> BigInt {
    let scale = ipow10(w);
    let zz = z * z / &scale;
    let mut term = z.clone();
    let mut sum = z.clone();
    let mut k: u64 = 1;
    loop {
        term = &term * &zz / &scale;
        if term.is_zero() {
            break;
        }
        k += 2;
        sum += &term / BigInt::from(k);
    }
    sum
}

/// `ln(2) * 10**w`.
fn ln2_fixed(w: u64) -> BigInt {
    let g = w + 5;
    let third = ipow10(g) / BigInt::from(3);
    (atanh_fixed(&third, g) * 2) / ipow10(5)
}

/// `ln(10) * 10**w` = 3 ln 2 + 2 atanh(1/9).
fn ln10_fixed(w: u64) -> BigInt {
    let g = w + 5;
    let ninth = ipow10(g) / BigInt::from(9);
    (ln2_fixed(g) * 3 + atanh_fixed(&ninth, g) * 2) / ipow10(5)
}

/// `exp(x) * 10**w` for a fixed-point `x` (scale `10**w`), `|x| < 3`.
fn exp_fixed(x: &BigInt, w: u64) -> BigInt {
    let g = w + 6;
    let scale = ipow10(g);
    let halvings = 10u32;
    let r = (x * ipow10(6)) >> halvings as usize;
    let mut term = scale.clone();
    let mut sum = scale.clone();
    let mut k: u64 = 0;
    loop {
        k += 1;
        term = &term * &r / &scale / BigInt::from(k);
        if term.is_zero() {
            break;
        }
        sum += &term;
    }
    for _ in 0..halvings {
        sum = &sum * &sum / &scale;
    }
    sum / ipow10(6)
}

/// `ln(x) * 10**w` for a positive finite `x`.
fn ln_fixed(x: &Dec, w: u64) -> BigInt {
    let g = w + 6;
    let nd = digits(&x.coeff);
    let adj = x.exp + nd as i64 - 1;
    // f = coeff / 10**(nd-1) in [1, 10), at scale 10**g
    let f = if nd - 1 > g {
        BigInt::from(&x.coeff / pow10(nd - 1 - g))
    } else {
        BigInt::from(&x.coeff * pow10(g - (nd - 1)))
    };
    let scale = ipow10(g);
    // f = 2**j * m with m in [0.75, 1.5)
    let mut j: i64 = 0;
    let mut m = f;
    let hi = &scale * 3 / 2;
    while m >= hi {
        m >>= 1usize;
        j += 1;
    }
    let z = (&m - &scale) * &scale / (&m + &scale);
    let mut r = atanh_fixed(&z, g) * 2;
    if j != 0 {
        r += ln2_fixed(g) * j;
    }
    if adj != 0 {
        r += ln10_fixed(g) * adj;
    }
    r / ipow10(6)
}

/// Rounds an approximation `v * 10**exp` (error below `10**err_digits`
/// units of its last place) to `prec` digits half-even, or `None` when
/// the approximation is too close to a halfway point to decide.
fn settle(v: &BigInt, exp: i64, prec: i64, err_digits: u64) -> Option<(Dec, bool)> {
    let neg = v.sign() == Sign::Minus;
    let mag = v.magnitude().clone();
    let nd = digits(&mag) as i64;
    let drop = nd - prec - 1;
    if drop <= err_digits as i64 + 1 {
        return None;
    }
    let p = pow10(drop as u64);
    let (q, r) = mag.div_rem(&p);
    // q has prec+1 digits; the approximation must not straddle the
    // halfway point `...5|000` (other boundaries round alike)
    let err = pow10(err_digits);
    let last = (&q % 10u32).to_u32().unwrap_or(0);
    if (last == 5 && r <= err) || (last == 4 && &p - &r <= err) {
        return None;
    }
    Some((Dec::finite(neg, q, exp + drop), true))
}

/// Runs `approx(guard)` with growing guard digits until [`settle`]
/// decides; returns the value truncated to `prec + 1` digits with the
/// remainder as sticky (inexact).
fn correctly_rounded(prec: i64, approx: impl Fn(u64) -> (BigInt, i64)) -> Dec {
    let mut guard = 12;
    loop {
        let (v, exp) = approx(guard);
        if let Some((d, _)) = settle(&v, exp, prec, 6) {
            return d;
        }
        if guard > 200 {
            let nd = digits(v.magnitude()) as i64;
            let drop = (nd - prec - 1).max(0) as u64;
            let q = v.magnitude() / pow10(drop);
            return Dec::finite(v.sign() == Sign::Minus, q, exp + drop as i64);
        }
        guard += 30;
    }
}

/// `exp(a)`: correctly rounded half-even.
pub fn exp(a: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan1(a, ctx, st) {
        return n;
    }
    if a.is_inf() {
        return if a.neg { Dec::zero() } else { a.clone() };
    }
    if a.is_zero() {
        return ctx.finish(Dec::from_i64(1), false, st);
    }
    let he = Ctx {
        rounding: Rounding::HalfEven,
        ..ctx.clone()
    };
    let p = ctx.prec;
    if a.adjusted() < -(p + 2) {
        // 1 + a to within far less than an ulp
        let c = pow10(p as u64 + 1);
        let r = if a.neg {
            Dec::finite(false, c - 1u32, -(p + 1))
        } else {
            Dec::finite(false, c, -(p + 1))
        };
        return he.finish(r, true, st);
    }
    // |a| >= 10**19 over/underflows any context
    if a.adjusted() > 18 {
        return range_out(a.neg, &he, st);
    }
    let int_digits = (a.adjusted() + 1).max(0) as u64;
    let limit_hi = (ctx.emax as f64 + 1.0) * std::f64::consts::LN_10;
    let approx_a = a.to_f64().unwrap_or(0.0);
    if approx_a > limit_hi + 10.0 {
        return range_out(false, &he, st);
    }
    if approx_a < (ctx.etiny() as f64 - 2.0) * std::f64::consts::LN_10 - 10.0 {
        return range_out(true, &he, st);
    }
    let d = correctly_rounded(p, |guard| {
        let s = p as u64 + guard + int_digits + 2;
        let x = fixed_of(a, s);
        let l10 = ln10_fixed(s);
        let n = x.div_floor(&l10);
        let r = &x - &n * &l10;
        let y = exp_fixed(&r, s);
        (y, n.to_i64().unwrap_or(0) - s as i64)
    });
    he.finish(d, true, st)
}

/// An exponential far out of range: overflow (`over`) or an underflow to
/// zero, as `finish` reports them.
fn range_out(under: bool, ctx: &Ctx, st: &mut Status) -> Dec {
    if under {
        ctx.finish(
            Dec::finite(false, BigUint::one(), ctx.etiny() - 2),
            true,
            st,
        )
    } else {
        ctx.finish(Dec::finite(false, BigUint::one(), ctx.emax + 2), true, st)
    }
}

/// `a * 10**s` truncated to an integer.
fn fixed_of(a: &Dec, s: u64) -> BigInt {
    let m = if a.exp >= -(s as i64) {
        &a.coeff * pow10((a.exp + s as i64) as u64)
    } else {
        let drop = (-(s as i64) - a.exp) as u64;
        if drop > digits(&a.coeff) {
            BigUint::zero()
        } else {
            &a.coeff / pow10(drop)
        }
    };
    let m = BigInt::from(m);
    if a.neg {
        -m
    } else {
        m
    }
}

/// Shared special cases of `ln`/`log10`: `Some(result)` when settled.
fn log_specials(a: &Dec, ctx: &Ctx, st: &mut Status) -> Option<Dec> {
    if let Some(n) = nan1(a, ctx, st) {
        return Some(n);
    }
    if a.is_zero() {
        return Some(Dec::inf(true));
    }
    if a.neg {
        return Some(invalid(st));
    }
    if a.is_inf() {
        return Some(a.clone());
    }
    None
}

/// How many leading zeros `ln(a)` has after the point (for `a` near 1).
fn ln_leading_zeros(a: &Dec) -> u64 {
    let mut s = 0;
    let one = Dec::from_i64(1);
    let d = super::arith::sub(a, &one, &Ctx::max_range(MAX_PREC), &mut s);
    if d.is_zero() {
        return 0;
    }
    (-d.adjusted()).max(0) as u64
}

/// `ln(a)`: correctly rounded half-even.
pub fn ln(a: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(r) = log_specials(a, ctx, st) {
        return r;
    }
    let he = Ctx {
        rounding: Rounding::HalfEven,
        ..ctx.clone()
    };
    if cmp_num(a, &Dec::from_i64(1)).is_eq() {
        return he.finish(Dec::zero(), false, st);
    }
    let d = ln_rounded(a, ctx.prec);
    he.finish(d, true, st)
}

/// `ln(a)` to `prec` digits plus a sticky digit, for finite `a > 0`, `a != 1`.
fn ln_rounded(a: &Dec, prec: i64) -> Dec {
    let lead = ln_leading_zeros(a);
    correctly_rounded(prec, |guard| {
        let w = prec as u64 + guard + lead;
        (ln_fixed(a, w), -(w as i64))
    })
}

/// `log10(a)`: exact for powers of ten, else correctly rounded.
pub fn log10(a: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(r) = log_specials(a, ctx, st) {
        return r;
    }
    let he = Ctx {
        rounding: Rounding::HalfEven,
        ..ctx.clone()
    };
    let (c, n) = strip_zeros(&a.coeff);
    if c.is_one() {
        let k = a.exp + n as i64;
        return he.finish(Dec::from_i64(k), false, st);
    }
    let lead = ln_leading_zeros(a);
    let p = ctx.prec;
    let d = correctly_rounded(p, |guard| {
        let w = p as u64 + guard + lead;
        let l = ln_fixed(a, w + 2);
        let t = ln10_fixed(w + 2);
        (l * ipow10(w) / t, -(w as i64))
    });
    he.finish(d, true, st)
}

/// Is `y` an odd integer?
fn is_odd_int(y: &Dec) -> bool {
    if !y.is_integral() {
        return false;
    }
    if y.exp > 0 {
        return false;
    }
    let c = &y.coeff / pow10((-y.exp) as u64);
    c.is_odd()
}

/// `a ** b`.
pub fn power(a: &Dec, b: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan2(a, b, ctx, st) {
        return n;
    }
    let b_int = b.is_integral();
    if b.is_zero() {
        if a.is_zero() {
            return invalid(st);
        }
        return ctx.finish(Dec::from_i64(1), false, st);
    }
    let odd = b_int && is_odd_int(b);
    let sign = a.neg && odd;
    if a.neg && !b_int && !a.is_zero() {
        return invalid(st);
    }
    if a.is_zero() {
        return if b.neg {
            Dec::inf(sign)
        } else {
            Dec::finite(sign, BigUint::zero(), 0)
        };
    }
    if a.is_inf() {
        return if b.neg {
            Dec::finite(sign, BigUint::zero(), 0)
        } else {
            Dec::inf(sign)
        };
    }
    let one = Dec::from_i64(1);
    let mag_vs_one = cmp_num(&a.abs(), &one);
    if b.is_inf() {
        if a.neg {
            return invalid(st);
        }
        return match mag_vs_one {
            std::cmp::Ordering::Equal => one_padded(ctx, st),
            std::cmp::Ordering::Greater => {
                if b.neg {
                    Dec::zero()
                } else {
                    Dec::inf(false)
                }
            }
            std::cmp::Ordering::Less => {
                if b.neg {
                    Dec::inf(false)
                } else {
                    Dec::zero()
                }
            }
        };
    }
    if b_int {
        return int_power(a, b, sign, ctx, st);
    }
    if mag_vs_one.is_eq() {
        return one_padded(ctx, st);
    }
    real_power(a, b, ctx, st)
}

/// `1.000...` with the full precision, inexact (`1 ** y` for non-integral
/// or infinite `y`).
fn one_padded(ctx: &Ctx, st: &mut Status) -> Dec {
    *st |= INEXACT | ROUNDED;
    let p = ctx.prec.max(1) as u64;
    Dec::finite(false, pow10(p - 1), -(p as i64 - 1))
}

/// `a ** n` for an integral `n`.
fn int_power(a: &Dec, b: &Dec, sign: bool, ctx: &Ctx, st: &mut Status) -> Dec {
    let p = ctx.prec;
    // n as an i64 (saturated: such exponents over/underflow anyway)
    let n: i64 = b
        .to_bigint_trunc(25)
        .and_then(|v| v.to_i64())
        .unwrap_or(if b.neg { i64::MIN / 4 } else { i64::MAX / 4 });
    let (sc, tz) = strip_zeros(&a.coeff);
    let nabs = n.unsigned_abs();
    if sc.is_one() {
        // a power of ten: exact, built without padding past the precision
        let t = tz as i128;
        let e = a.exp as i128;
        let clampi = |v: i128| v.clamp(-(4 << 60), 4 << 60) as i64;
        if n >= 0 {
            let zeros = t * n as i128;
            let keep = zeros.min(p as i128 + 1);
            let c = pow10(keep as u64);
            let exp = clampi(e * n as i128 + (zeros - keep));
            let mut r = ctx.finish(Dec::finite(sign, c, exp), false, st);
            r.neg = sign;
            return r;
        }
        let exp = clampi(-(t + e) * nabs as i128);
        return ctx.finish(Dec::finite(sign, BigUint::one(), exp), false, st);
    }
    // the magnitude of the result, to catch huge results early
    let log10a = {
        let nd = digits(&a.coeff) as i64;
        let lead: f64 = if nd > 17 {
            (&a.coeff / pow10((nd - 17) as u64))
                .to_f64()
                .unwrap_or(1.0)
                .log10()
                + (nd - 17) as f64
        } else {
            a.coeff.to_f64().unwrap_or(1.0).log10()
        };
        lead + a.exp as f64
    };
    let est = log10a * n as f64;
    if est > ctx.emax as f64 + 2.0 {
        let mut r = ctx.finish(Dec::finite(sign, BigUint::one(), ctx.emax + 2), true, st);
        r.neg = sign;
        return r;
    }
    if est < (ctx.etiny() - 2) as f64 {
        let mut r = ctx.finish(Dec::finite(sign, BigUint::one(), ctx.etiny() - 2), true, st);
        r.neg = sign;
        return r;
    }
    let exact_digits = digits(&a.coeff).saturating_mul(nabs);
    if exact_digits <= 100_000 {
        let c = num_traits::pow(a.coeff.clone(), nabs as usize);
        let x = Dec::finite(sign, c, a.exp * nabs as i64);
        if n >= 0 {
            return ctx.finish(x, false, st);
        }
        return div(&Dec::from_i64(1), &x, ctx, st);
    }
    // rounded repeated squaring at a working precision
    let wp = p + digits(&BigUint::from(nabs)) as i64 + 12;
    let wctx = Ctx::max_range(wp);
    let mut s = 0;
    let base = Dec::finite(false, a.coeff.clone(), a.exp);
    let mut acc = Dec::from_i64(1);
    let mut sq = base;
    let mut k = nabs;
    while k > 0 {
        if k & 1 == 1 {
            acc = mul(&acc, &sq, &wctx, &mut s);
        }
        k >>= 1;
        if k > 0 {
            sq = mul(&sq, &sq, &wctx, &mut s);
        }
    }
    if n < 0 {
        acc = div(&Dec::from_i64(1), &acc, &wctx, &mut s);
    }
    acc.neg = sign;
    // make sure the sticky carries at least one digit past the precision
    let nd = digits(&acc.coeff) as i64;
    if nd <= p {
        let pad = (p + 1 - nd) as u64;
        acc.coeff *= pow10(pad);
        acc.exp -= pad as i64;
    }
    ctx.finish(acc, true, st)
}

/// `a ** b` for a positive `a` and non-integral `b`: `exp(b * ln(a))`
/// each step correctly rounded at a working precision, then rounded.
fn real_power(a: &Dec, b: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    let wp = (digits(&a.coeff) as i64).max(ctx.prec) + 4 + 19;
    let wctx = Ctx::max_range(wp);
    let mut s = 0;
    let l = ln_rounded(a, wp);
    let l = wctx.finish(l, true, &mut s);
    let t = mul(&l, b, &wctx, &mut s);
    // exp at the working precision, with the context's range
    let ectx = Ctx {
        prec: wp,
        rounding: Rounding::HalfEven,
        emin: ctx.emin,
        emax: ctx.emax,
        clamp: false,
        ..ctx.clone()
    };
    let mut s2 = 0;
    let r = exp(&t, &ectx, &mut s2);
    if r.is_inf() || s2 & (OVERFLOW | UNDERFLOW) != 0 || r.is_zero() {
        let under = r.is_zero() || s2 & UNDERFLOW != 0;
        return range_out(under, ctx, st);
    }
    let mut s3 = 0;
    let out = ctx.finish(r, false, &mut s3);
    *st |= s3 | INEXACT | ROUNDED;
    out
}

/// `pow(a, b, m)` on integers.
pub fn power_mod(a: &Dec, b: &Dec, m: &Dec, ctx: &Ctx, st: &mut Status) -> Dec {
    if [a, b, m].iter().any(|d| d.kind == Kind::SNaN) {
        *st |= INVALID;
        let s = [a, b, m]
            .into_iter()
            .find(|d| d.kind == Kind::SNaN)
            .unwrap();
        return quiet(s, ctx);
    }
    if [a, b, m].iter().any(|d| d.is_nan()) {
        let s = [a, b, m].into_iter().find(|d| d.is_nan()).unwrap();
        return quiet(s, ctx);
    }
    let ints = [a, b, m].iter().all(|d| d.is_finite() && d.is_integral());
    if !ints || b.neg || m.is_zero() || (a.is_zero() && b.is_zero()) {
        return invalid(st);
    }
    let mm = m.stripped();
    if digits(&m.coeff) as i64 > ctx.prec && mm.exp + digits(&mm.coeff) as i64 > ctx.prec {
        return invalid(st);
    }
    let modulus = m
        .to_bigint_trunc(ctx.prec as u64 + 1)
        .map(|v| v.magnitude().clone());
    let Some(modulus) = modulus else {
        return invalid(st);
    };
    if digits(&modulus) as i64 > ctx.prec {
        return invalid(st);
    }
    // a mod m without building a's full value
    let am = {
        let ten = BigUint::from(10u32).modpow(&BigUint::from(a.exp.max(0) as u64), &modulus);
        let c = if a.exp >= 0 {
            a.coeff.clone()
        } else {
            &a.coeff / pow10((-a.exp) as u64)
        };
        (c % &modulus) * ten % &modulus
    };
    let bexp = {
        let bs = b.stripped();
        if bs.exp > 0 {
            if bs.exp > 1_000_000 {
                return invalid(st);
            }
            &bs.coeff * pow10(bs.exp as u64)
        } else {
            b.to_bigint_trunc(u64::MAX)
                .map(|v| v.magnitude().clone())
                .unwrap_or_default()
        }
    };
    let r = am.modpow(&bexp, &modulus);
    let neg = a.neg && bexp.is_odd();
    ctx.finish(Dec::finite(neg, r, 0), false, st)
}
