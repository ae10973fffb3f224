//! The named operations `Decimal` and `Context` methods share: tables
//! from method name to operation, and the operations that exist only as
//! methods (`logb`, the logical operations, `rotate`, `shift`, `scaleb`,
//! `number_class`, the predicates).

use num_bigint::BigUint;
use num_traits::Zero;
use std::cmp::Ordering;

use super::arith::{self, nan1, nan2};
use super::context::*;
use super::number::{Dec, Kind};

/// Unary operations shared by `Decimal` and `Context` methods.
pub fn unary_op(name: &str) -> Option<fn(&Dec, &Ctx, &mut Status) -> Dec> {
    Some(match name {
        "exp" => super::math::exp,
        "ln" => super::math::ln,
        "log10" => super::math::log10,
        "sqrt" => super::math::sqrt,
        "logb" => logb,
        "logical_invert" => logical_invert,
        "next_minus" => |a, c, st| arith::next(a, false, c, st),
        "next_plus" => |a, c, st| arith::next(a, true, c, st),
        "normalize" | "reduce" => arith::normalize,
        "abs" => arith::abs,
        "plus" => arith::plus,
        "minus" => arith::minus,
        "_apply" | "apply" => |a, c, st| match nan1(a, c, st) {
            Some(n) => n,
            None => c.finish(a.clone(), false, st),
        },
        "copy_abs" => |a, _, _| a.abs(),
        "copy_negate" => |a, _, _| a.negated(),
        "canonical" | "copy_decimal" => |a, _, _| a.clone(),
        _ => return None,
    })
}

/// A two-operand operation in a context.
pub type BinaryFn = fn(&Dec, &Dec, &Ctx, &mut Status) -> Dec;

/// Binary operations shared by `Decimal` and `Context` methods.
pub fn binary_op(name: &str) -> Option<BinaryFn> {
    Some(match name {
        "add" => arith::add,
        "subtract" => arith::sub,
        "multiply" => arith::mul,
        "divide" => arith::div,
        "divide_int" => arith::div_int,
        "remainder" => arith::rem,
        "remainder_near" => arith::rem_near,
        "compare" => |a, b, c, st| arith::compare(a, b, c, st, false),
        "compare_signal" => |a, b, c, st| arith::compare(a, b, c, st, true),
        "compare_total" => |a, b, _, _| ord_dec(arith::cmp_total(a, b)),
        "compare_total_mag" => |a, b, _, _| ord_dec(arith::cmp_total(&a.abs(), &b.abs())),
        "copy_sign" => |a, b, _, _| {
            let mut r = a.clone();
            r.neg = b.neg;
            r
        },
        "max" => |a, b, c, st| arith::max_min(a, b, c, st, true, false),
        "min" => |a, b, c, st| arith::max_min(a, b, c, st, false, false),
        "max_mag" => |a, b, c, st| arith::max_min(a, b, c, st, true, true),
        "min_mag" => |a, b, c, st| arith::max_min(a, b, c, st, false, true),
        "next_toward" => arith::next_toward,
        "power" => super::math::power,
        "quantize" => |a, b, c, st| arith::quantize(a, b, c.rounding, c, st),
        "rotate" => rotate,
        "shift" => shift,
        "scaleb" => scaleb,
        "logical_and" => |a, b, c, st| logical(a, b, c, st, |x, y| x & y),
        "logical_or" => |a, b, c, st| logical(a, b, c, st, |x, y| x | y),
        "logical_xor" => |a, b, c, st| logical(a, b, c, st, |x, y| x ^ y),
        _ => return None,
    })
}

fn ord_dec(o: Ordering) -> Dec {
    Dec::from_i64(match o {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    })
}

fn logb(a: &Dec, c: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan1(a, c, st) {
        return n;
    }
    if a.is_inf() {
        return Dec::inf(false);
    }
    if a.is_zero() {
        *st |= DIV_ZERO;
        return Dec::inf(true);
    }
    c.finish(Dec::from_i64(a.adjusted()), false, st)
}

fn logical_invert(a: &Dec, c: &Ctx, st: &mut Status) -> Dec {
    let Some(mut bits) = arith::logical_digits(a) else {
        return arith::invalid(st);
    };
    let p = c.prec.max(0) as usize;
    bits.resize(p.max(bits.len()), 0);
    bits.truncate(p);
    for b in bits.iter_mut() {
        *b ^= 1;
    }
    arith::from_logical(&bits)
}

fn logical(a: &Dec, b: &Dec, c: &Ctx, st: &mut Status, f: fn(u8, u8) -> u8) -> Dec {
    let (Some(x), Some(y)) = (arith::logical_digits(a), arith::logical_digits(b)) else {
        return arith::invalid(st);
    };
    let p = c.prec.max(0) as usize;
    let n = x.len().max(y.len()).min(p);
    let bits: Vec<u8> = (0..n)
        .map(|i| f(*x.get(i).unwrap_or(&0), *y.get(i).unwrap_or(&0)))
        .collect();
    arith::from_logical(&bits)
}

/// The integral second operand of `rotate`/`shift`, within `[-prec, prec]`.
fn shift_amount(a: &Dec, b: &Dec, c: &Ctx, st: &mut Status) -> Result<i64, Dec> {
    if let Some(n) = nan2(a, b, c, st) {
        return Err(n);
    }
    match arith::small_int(b) {
        Some(n) if b.exp == 0 && n.abs() <= c.prec => Ok(n),
        _ => Err(arith::invalid(st)),
    }
}

fn coeff_digits(a: &Dec, p: usize) -> Vec<u8> {
    let s = a.coeff.to_string();
    let mut v: Vec<u8> = s.bytes().map(|b| b - b'0').collect();
    if v.len() > p {
        v.drain(..v.len() - p);
    }
    while v.len() < p {
        v.insert(0, 0);
    }
    v
}

fn from_digits(neg: bool, v: &[u8], exp: i64) -> Dec {
    let s: String = v.iter().map(|d| (b'0' + d) as char).collect();
    let t = s.trim_start_matches('0');
    let c = if t.is_empty() {
        BigUint::zero()
    } else {
        t.parse().unwrap_or_default()
    };
    Dec::finite(neg, c, exp)
}

fn rotate(a: &Dec, b: &Dec, c: &Ctx, st: &mut Status) -> Dec {
    let n = match shift_amount(a, b, c, st) {
        Ok(n) => n,
        Err(d) => return d,
    };
    if a.is_inf() {
        return a.clone();
    }
    let p = c.prec as usize;
    let mut v = coeff_digits(a, p);
    if p > 0 {
        let k = n.rem_euclid(p as i64) as usize;
        v.rotate_left(k);
    }
    from_digits(a.neg, &v, a.exp)
}

fn shift(a: &Dec, b: &Dec, c: &Ctx, st: &mut Status) -> Dec {
    let n = match shift_amount(a, b, c, st) {
        Ok(n) => n,
        Err(d) => return d,
    };
    if a.is_inf() {
        return a.clone();
    }
    let p = c.prec as usize;
    let mut v = coeff_digits(a, p);
    if n > 0 {
        v.drain(..n as usize);
        v.extend(std::iter::repeat_n(0, n as usize));
    } else if n < 0 {
        let k = (-n) as usize;
        v.truncate(p - k);
        for _ in 0..k {
            v.insert(0, 0);
        }
    }
    from_digits(a.neg, &v, a.exp)
}

fn scaleb(a: &Dec, b: &Dec, c: &Ctx, st: &mut Status) -> Dec {
    if let Some(n) = nan2(a, b, c, st) {
        return n;
    }
    let limit = 2 * (c.emax.saturating_add(c.prec));
    let n = match arith::small_int(b) {
        Some(n) if b.exp == 0 && n.abs() <= limit => n,
        _ => return arith::invalid(st),
    };
    if a.is_inf() {
        return a.clone();
    }
    let mut r = a.clone();
    r.exp = r.exp.saturating_add(n);
    c.finish(r, false, st)
}

/// `Decimal.number_class()`.
pub fn number_class(a: &Dec, c: &Ctx) -> &'static str {
    match a.kind {
        Kind::SNaN => "sNaN",
        Kind::NaN => "NaN",
        Kind::Inf => {
            if a.neg {
                "-Infinity"
            } else {
                "+Infinity"
            }
        }
        Kind::Finite => {
            let sub = !a.coeff.is_zero() && a.adjusted() < c.emin;
            match (a.neg, a.coeff.is_zero(), sub) {
                (false, true, _) => "+Zero",
                (true, true, _) => "-Zero",
                (false, false, true) => "+Subnormal",
                (true, false, true) => "-Subnormal",
                (false, false, false) => "+Normal",
                (true, false, false) => "-Normal",
            }
        }
    }
}

/// Predicates that take no context.
pub fn predicate(name: &str, a: &Dec) -> Option<bool> {
    Some(match name {
        "is_canonical" => true,
        "is_finite" => a.is_finite(),
        "is_infinite" => a.is_inf(),
        "is_nan" => a.is_nan(),
        "is_qnan" => a.kind == Kind::NaN,
        "is_snan" => a.kind == Kind::SNaN,
        "is_signed" => a.neg,
        "is_zero" => a.is_zero(),
        _ => return None,
    })
}

pub fn is_normal(a: &Dec, c: &Ctx) -> bool {
    a.is_finite() && !a.coeff.is_zero() && a.adjusted() >= c.emin
}

pub fn is_subnormal(a: &Dec, c: &Ctx) -> bool {
    a.is_finite() && !a.coeff.is_zero() && a.adjusted() < c.emin
}

pub fn same_quantum(a: &Dec, b: &Dec) -> bool {
    match (a.kind, b.kind) {
        (Kind::Finite, Kind::Finite) => a.exp == b.exp,
        (Kind::Inf, Kind::Inf) => true,
        (Kind::NaN | Kind::SNaN, Kind::NaN | Kind::SNaN) => true,
        _ => false,
    }
}
