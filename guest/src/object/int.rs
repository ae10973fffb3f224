//! Integer helpers: ints stay unboxed `i64` while they fit and become heap
//! `BigInt`s only when they do not, so the common case never allocates.

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

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

/// CPython's `hash(n)` of an int: `n` modulo the prime 2**61 - 1, keeping
/// the sign, with -1 reserved.
pub fn hash(n: &BigInt) -> i64 {
    let modulus = BigInt::from((1i64 << 61) - 1);
    let h: i64 = (n.abs() % modulus).try_into().expect("below 2**61");
    let h = if n.is_negative() { -h } else { h };
    if h == -1 {
        -2
    } else {
        h
    }
}
