//! Borrowing fast path of comparisons between builtin values whose `==`
//! and `<` form a total order: ints (small and big, and bools), non-NaN
//! floats, strs, bytes, and tuples or lists of those. Nothing is cloned or
//! allocated; anything else (NaN, user objects, mixed containers, deep
//! nesting) answers `None` and takes the general path.

use std::cmp::Ordering;

use num_traits::ToPrimitive;

use crate::object::{Obj, Value};

use super::Vm;

/// Nesting depth of tuples/lists the fast path walks before giving up.
const MAX_DEPTH: u32 = 8;

/// Floats up to this magnitude convert from `i64` exactly.
const EXACT: i64 = 1 << 53;

impl Vm {
    /// The ordering of `a` and `b` if both are such values; for them
    /// `a == b` exactly when the ordering is `Equal`.
    #[inline]
    pub fn quick_cmp(&self, a: Value, b: Value) -> Option<Ordering> {
        self.quick_cmp_depth(a, b, 0)
    }

    fn quick_cmp_depth(&self, a: Value, b: Value, depth: u32) -> Option<Ordering> {
        match (a, b) {
            (Value::Int(x), Value::Int(y)) => Some(x.cmp(&y)),
            (Value::Bool(x), Value::Bool(y)) => Some(x.cmp(&y)),
            (Value::Int(x), Value::Bool(y)) => Some(x.cmp(&(y as i64))),
            (Value::Bool(x), Value::Int(y)) => Some((x as i64).cmp(&y)),
            (Value::Float(x), Value::Float(y)) => x.partial_cmp(&y),
            (Value::Int(x), Value::Float(y)) => int_float(x, y),
            (Value::Float(x), Value::Int(y)) => int_float(y, x).map(Ordering::reverse),
            (Value::Int(x), Value::Ref(id)) => match self.heap.get(id) {
                Obj::BigInt(b) => Some(small_big(x, b)),
                _ => None,
            },
            (Value::Ref(id), Value::Int(y)) => match self.heap.get(id) {
                Obj::BigInt(b) => Some(small_big(y, b).reverse()),
                _ => None,
            },
            (Value::Ref(x), Value::Ref(y)) => match (self.heap.get(x), self.heap.get(y)) {
                (Obj::Str(s), Obj::Str(t)) => Some(s.s.cmp(&t.s)),
                (Obj::Bytes(s), Obj::Bytes(t)) => Some(s.cmp(t)),
                (Obj::BigInt(s), Obj::BigInt(t)) => Some(s.cmp(t)),
                (a @ Obj::Tuple(_), b @ Obj::Tuple(_)) | (a @ Obj::List(_), b @ Obj::List(_))
                    if depth < MAX_DEPTH =>
                {
                    let (l, m) = (a.seq()?, b.seq()?);
                    for (p, q) in l.iter().zip(m.iter()) {
                        match self.quick_cmp_depth(p, q, depth + 1)? {
                            Ordering::Equal => {}
                            o => return Some(o),
                        }
                    }
                    Some(l.len().cmp(&m.len()))
                }
                _ => None,
            },
            _ => None,
        }
    }
}

/// `x` against the non-NaN float `y`, when the conversion is exact.
#[inline]
fn int_float(x: i64, y: f64) -> Option<Ordering> {
    if (-EXACT..=EXACT).contains(&x) {
        (x as f64).partial_cmp(&y)
    } else {
        None
    }
}

/// A small int against a big one (which may hold a small value).
fn small_big(x: i64, b: &num_bigint::BigInt) -> Ordering {
    match b.to_i64() {
        Some(y) => x.cmp(&y),
        None if b.sign() == num_bigint::Sign::Minus => Ordering::Greater,
        None => Ordering::Less,
    }
}
