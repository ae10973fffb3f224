//! Arithmetic on big ints: `big_binary`, the first look at a binary
//! operation whose operands are ints at least one of which is big (or two
//! machine ints whose result overflowed), computed on the operands where
//! they lie in the heap; and the general `big_op`/`int_pow` of the numeric
//! tower (`ops.rs`), which take their operands by value.

use std::borrow::Cow;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};

use crate::object::{int, ExcType, Obj, Value};
use monty_compile::bytecode::BinOp;

use super::ops::{bigint_to_f64, zero_div};
use super::{PyErr, PyResult, Vm};

impl Vm {
    /// `a op b` for `+ - * // % & | ^` of two ints, one of them big (a
    /// machine int's overflow reaches here as two machine ints): computed
    /// from the big operands in place, where the general path copied each
    /// into a [`super::ops::Num`] first (an allocation and a copy per
    /// operand, most of a small big int's operation). `None` for any other
    /// operation or operands (a bool, a float, a user class): the general
    /// path takes those.
    #[inline(never)]
    pub(super) fn big_binary(&mut self, op: BinOp, a: Value, b: Value) -> Option<PyResult<Value>> {
        if !matches!(
            op,
            BinOp::Add
                | BinOp::Sub
                | BinOp::Mul
                | BinOp::FloorDiv
                | BinOp::Mod
                | BinOp::BitAnd
                | BinOp::BitOr
                | BinOp::BitXor
        ) {
            return None;
        }
        // a big int plus or minus a machine int: num-bigint's scalar
        // forms, without widening the machine int into a heap-allocated
        // `BigInt` first
        match (op, a, b) {
            (BinOp::Add | BinOp::Sub, Value::Ref(_), Value::Int(j)) => {
                let x = self.big_operand(a)?;
                let r = if op == BinOp::Add {
                    x.as_ref() + j
                } else {
                    x.as_ref() - j
                };
                return Some(Ok(int::from_bigint(&mut self.heap, r)));
            }
            (BinOp::Add, Value::Int(i), Value::Ref(_)) => {
                let y = self.big_operand(b)?;
                let r = y.as_ref() + i;
                return Some(Ok(int::from_bigint(&mut self.heap, r)));
            }
            _ => {}
        }
        let (x, y) = (self.big_operand(a)?, self.big_operand(b)?);
        let (x, y) = (x.as_ref(), y.as_ref());
        let r = match op {
            BinOp::Add => x + y,
            BinOp::Sub => x - y,
            BinOp::Mul => {
                if let Err(e) = self.check_alloc((x.bits() + y.bits()) as u128 / 8) {
                    return Some(Err(e));
                }
                match (a, b) {
                    (_, Value::Int(m)) if m.unsigned_abs() <= u32::MAX as u64 => mul_small(x, m),
                    (Value::Int(m), _) if m.unsigned_abs() <= u32::MAX as u64 => mul_small(y, m),
                    _ => x * y,
                }
            }
            BinOp::FloorDiv | BinOp::Mod if y.is_zero() => {
                return Some(Err(zero_div("division by zero")))
            }
            BinOp::FloorDiv => x.div_floor(y),
            BinOp::Mod => x.mod_floor(y),
            BinOp::BitAnd => x & y,
            BinOp::BitOr => x | y,
            _ => x ^ y,
        };
        Some(Ok(int::from_bigint(&mut self.heap, r)))
    }

    /// `divmod(a, b)` of two ints, one division computed from the operands
    /// where they lie (the general path copied each operand twice and
    /// divided twice, for `//` and `%`). `None`, nothing done, for any
    /// other operands.
    pub fn int_divmod(&mut self, a: Value, b: Value) -> Option<PyResult<Value>> {
        if matches!((a, b), (Value::Int(_), Value::Int(_))) {
            // machine ints: the general path has no copies to save
            return None;
        }
        let (x, y) = (self.big_operand(a)?, self.big_operand(b)?);
        if y.is_zero() {
            return Some(Err(zero_div("division by zero")));
        }
        let (q, r) = x.as_ref().div_mod_floor(y.as_ref());
        let q = int::from_bigint(&mut self.heap, q);
        let r = int::from_bigint(&mut self.heap, r);
        Some(Ok(self.new_tuple(vec![q, r])))
    }

    /// An int operand of [`Vm::big_binary`]: a big int where it lies, a
    /// machine int widened.
    #[inline]
    fn big_operand(&self, v: Value) -> Option<Cow<'_, BigInt>> {
        match v {
            Value::Int(i) => Some(Cow::Owned(BigInt::from(i))),
            Value::Ref(id) => match self.heap.get(id) {
                Obj::BigInt(b) => Some(Cow::Borrowed(b)),
                _ => None,
            },
            _ => None,
        }
    }

    pub(super) fn big_op(&mut self, op: BinOp, a: BigInt, b: BigInt) -> PyResult<Value> {
        let r = match op {
            BinOp::Add => a + b,
            BinOp::Sub => a - b,
            BinOp::Mul => {
                self.check_alloc((a.bits() + b.bits()) as u128 / 8)?;
                a * b
            }
            BinOp::FloorDiv => {
                if b.is_zero() {
                    return Err(zero_div("division by zero"));
                }
                a.div_floor(&b)
            }
            BinOp::Mod => {
                if b.is_zero() {
                    return Err(zero_div("division by zero"));
                }
                a.mod_floor(&b)
            }
            BinOp::Div => {
                if b.is_zero() {
                    return Err(zero_div("division by zero"));
                }
                return match int::true_div(&a, &b) {
                    Some(f) => Ok(Value::Float(f)),
                    None => Err(PyErr::new(
                        ExcType::OverflowError,
                        "integer division result too large for a float",
                    )),
                };
            }
            BinOp::Pow => return self.int_pow(a, b),
            BinOp::BitAnd => a & b,
            BinOp::BitOr => a | b,
            BinOp::BitXor => a ^ b,
            BinOp::LShift => {
                if b.is_negative() {
                    return Err(PyErr::value_error("negative shift count"));
                }
                let sh = b.to_u64().unwrap_or(u64::MAX);
                if a.is_zero() {
                    return Ok(Value::Int(0));
                }
                self.check_alloc((a.bits() as u128 + sh as u128) / 8)?;
                a << sh
            }
            BinOp::RShift => {
                if b.is_negative() {
                    return Err(PyErr::value_error("negative shift count"));
                }
                let sh = b.to_u64().unwrap_or(u64::MAX);
                if sh >= a.bits() {
                    BigInt::from(if a.is_negative() { -1 } else { 0 })
                } else {
                    a >> sh
                }
            }
            BinOp::MatMul => {
                return Err(PyErr::type_error(
                    "unsupported operand type(s) for @: 'int' and 'int'",
                ))
            }
        };
        Ok(int::from_bigint(&mut self.heap, r))
    }

    fn int_pow(&mut self, a: BigInt, b: BigInt) -> PyResult<Value> {
        if b.is_negative() {
            let af = bigint_to_f64(&a)?;
            let bf = bigint_to_f64(&b)?;
            return self.float_pow(af, bf);
        }
        // 0, 1 and -1 stay small whatever the exponent
        if a.is_zero() || a == BigInt::from(1) {
            let r = if a.is_zero() && b.is_zero() {
                BigInt::from(1)
            } else {
                a
            };
            return Ok(int::from_bigint(&mut self.heap, r));
        }
        if a == BigInt::from(-1) {
            let odd = b.bit(0);
            return Ok(Value::Int(if odd { -1 } else { 1 }));
        }
        let Some(e) = b.to_u64() else {
            return Err(PyErr::new(ExcType::MemoryError, ""));
        };
        if a.bits() > 1 || a.is_negative() {
            self.check_alloc(a.bits() as u128 * e as u128 / 8)?;
        }
        // a power of two to a power (`2 ** 64`, `4 ** k`): one shift,
        // where squaring would multiply ever longer numbers
        let r = match a.to_u64() {
            Some(base) if base.is_power_of_two() => {
                BigInt::from(1) << (e as u128 * base.trailing_zeros() as u128)
            }
            _ => num_traits::pow::Pow::pow(&a, e),
        };
        Ok(int::from_bigint(&mut self.heap, r))
    }
}

/// `x * m` for a machine int `m` of at most 32 bits (`r *= i` of a
/// factorial, a big int scaled): `x`'s digits read once and written
/// multiplied into the result, four per loop turn. num-bigint's own
/// `&x * &m` copies `x` and then multiplies the copy one digit per turn,
/// and in the module every turn of a loop also pays wasmtime's fuel and
/// epoch checks (`to_u32_digits` is no shortcut either: it collects one
/// digit per turn).
fn mul_small(x: &BigInt, m: i64) -> BigInt {
    use num_bigint::{BigUint, Sign};
    let factor = m.unsigned_abs();
    if factor == 0 || x.is_zero() {
        return BigInt::zero();
    }
    let mut digits_in = x.magnitude().iter_u32_digits();
    let n = digits_in.len();
    let mut out = vec![0u32; n + 1];
    let mut carry = 0u64;
    let mut chunks = out[..n].chunks_exact_mut(4);
    for c in &mut chunks {
        let mut next = || digits_in.next().unwrap_or(0) as u64;
        let t0 = next() * factor + carry;
        let t1 = next() * factor + (t0 >> 32);
        let t2 = next() * factor + (t1 >> 32);
        let t3 = next() * factor + (t2 >> 32);
        c[0] = t0 as u32;
        c[1] = t1 as u32;
        c[2] = t2 as u32;
        c[3] = t3 as u32;
        carry = t3 >> 32;
    }
    for d in chunks.into_remainder() {
        let t = digits_in.next().unwrap_or(0) as u64 * factor + carry;
        *d = t as u32;
        carry = t >> 32;
    }
    out[n] = carry as u32;
    let sign = if (m < 0) != x.is_negative() {
        Sign::Minus
    } else {
        Sign::Plus
    };
    BigInt::from_biguint(sign, BigUint::new(out))
}
