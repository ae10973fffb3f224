//! Integer helpers: ints stay unboxed `i64` while they fit and become heap
//! `BigInt`s only when they do not, so the common case never allocates.

use crate::vm::{PyErr, PyResult};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};

use super::exc::ExcType;
use super::heap::Heap;
use super::value::Value;
use super::Obj;

/// Makes a value of `b`, unboxed when it fits in an `i64`.
pub fn from_bigint(heap: &mut Heap, b: BigInt) -> Value {
    match b.to_i64() {
        Some(i) => Value::Int(i),
        None => heap.new_value(Obj::BigInt(b)),
    }
}

/// Makes a value of an `i128` result (products and sums of two `i64`s).
pub fn from_i128(heap: &mut Heap, i: i128) -> Value {
    match i64::try_from(i) {
        Ok(i) => Value::Int(i),
        Err(_) => heap.new_value(Obj::BigInt(BigInt::from(i))),
    }
}

/// Floor division of machine ints as Python defines it (`b != 0`).
#[inline]
pub fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        Some(q - 1)
    } else {
        Some(q)
    }
}

/// Modulo of machine ints as Python defines it: the sign follows `b`.
#[inline]
pub fn floor_mod(a: i64, b: i64) -> i64 {
    let r = a.wrapping_rem(b);
    if r != 0 && ((r < 0) != (b < 0)) {
        r + b
    } else {
        r
    }
}

/// `b` as a float: `OverflowError` if it is beyond the float range.
pub fn bigint_to_f64(b: &BigInt) -> PyResult<f64> {
    match b.to_f64() {
        Some(f) if f.is_finite() => Ok(f),
        _ => Err(PyErr::new(
            ExcType::OverflowError,
            "int too large to convert to float",
        )),
    }
}

/// `a / b` correctly rounded to the nearest float (ties to even), as
/// CPython's int true division: operands beyond the float range still
/// divide, and no double rounding happens for large operands or subnormal
/// results. `None` when the quotient is too large for a float; `b` must
/// not be zero.
pub fn true_div(a: &BigInt, b: &BigInt) -> Option<f64> {
    // both exact as floats (judged on the ints: 2**53 + 1 converts to
    // 2**53, which would pass a test of the float)
    if a.bits() <= 53 && b.bits() <= 53 {
        if let (Some(x), Some(y)) = (a.to_f64(), b.to_f64()) {
            return Some(x / y);
        }
    }
    let negative = a.is_negative() != b.is_negative();
    let (n, d) = (a.abs(), b.abs());
    if n.bits() == 0 {
        return Some(if negative { -0.0 } else { 0.0 });
    }
    // value = (q + r/d') * 2**s with q holding 55 or 56 bits, or fewer when
    // the result is far into the subnormal range
    let diff = n.bits() as i64 - d.bits() as i64;
    let s = (diff - 55).max(-1077);
    let (n, d) = if s >= 0 {
        (n, d << (s as u64))
    } else {
        (n << ((-s) as u64), d)
    };
    let (q, r) = n.div_rem(&d);
    let q = q.to_u64().expect("at most 57 bits");
    let k = 64 - q.leading_zeros() as i64;
    // bits of q below the result's last place: 53 significant bits, and no
    // place below 2**-1074
    let drop = (k - 53).max(-1074 - s).max(1);
    let (mut mant, rest) = if drop >= 64 {
        (0, q)
    } else {
        (q >> drop, q & ((1u64 << drop) - 1))
    };
    let half = if drop >= 64 {
        u64::MAX
    } else {
        1u64 << (drop - 1)
    };
    if drop < 64 && (rest > half || (rest == half && (!r.is_zero() || mant & 1 == 1))) {
        mant += 1;
    }
    let e = s + drop;
    let m = mant as f64; // exact: mant <= 2**53
    let value = if e >= 0 {
        if e > 1100 {
            f64::INFINITY
        } else {
            m * 2f64.powi(e as i32)
        }
    } else if e < -1022 {
        // two exact steps so no intermediate result is subnormal
        m * 2f64.powi(-1022) * 2f64.powi((e + 1022) as i32)
    } else {
        m * 2f64.powi(e as i32)
    };
    if value.is_infinite() {
        return None;
    }
    Some(if negative { -value } else { value })
}
