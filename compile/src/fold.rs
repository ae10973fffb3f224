//! Constant folding: an arithmetic expression over literals (`-1`,
//! `2 ** 64`, `60 * 60 * 24`, `1 << 20`) becomes one constant, as
//! CPython's AST optimizer makes it, so a loop does not redo it on every
//! pass (`a[-1]` was a load and a negation; `x * (2 ** 64 + i)` a power
//! and a big-int allocation per iteration).
//!
//! Only what is certain to give the value the VM would compute, with no
//! error: int arithmetic (Python's floor division and modulo, two's
//! complement bit operations), float `+ - *` and true division of floats
//! and of ints small enough to be exact floats, negation of ints and
//! floats. Results are bounded as CPython bounds them (an int product,
//! power or left shift of at most 128 bits, a str concatenation of at
//! most 4096 characters), so folding never builds a large value the
//! program might not reach. Anything else (a division by zero, a negative
//! exponent or shift, bools, complex numbers, float `%`/`//`/`**`) is left
//! to run, where it raises or computes as it always did.

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};
use rustpython_parser::ast::{self, Expr};

use super::bytecode::Const;
use super::expr::constant;

/// CPython's `MAX_INT_SIZE` (bits) for folded `*`, `**` and `<<`.
const MAX_INT_BITS: u64 = 128;
/// CPython's `MAX_STR_SIZE` for folded str concatenation.
const MAX_STR_CHARS: usize = 4096;
/// How deep an expression folding looks: constant expressions are
/// shallow, and the bound keeps a long chain like `a + 1 + 2 + ...`, which
/// the compiler asks about at every level, linear.
const MAX_DEPTH: u32 = 32;
/// The largest magnitude of an int that converts to a float exactly.
const EXACT_FLOAT_INT: u64 = 1 << 53;

/// A folded literal operand.
enum Num {
    Int(BigInt),
    Float(f64),
    Str(String),
}

/// The constant `e` folds to, if it is an arithmetic expression over
/// literals that folds (see the module doc); `None` for anything else,
/// including a bare literal (the caller emits that as it is).
pub(super) fn fold(e: &Expr) -> Option<Const> {
    if !matches!(e, Expr::BinOp(_) | Expr::UnaryOp(_)) {
        return None;
    }
    Some(match operand(e, 0)? {
        Num::Int(i) => match i.to_i64() {
            Some(v) => Const::Int(v),
            None => Const::BigInt(i),
        },
        Num::Float(f) => Const::Float(f),
        Num::Str(s) => Const::Str(s),
    })
}

fn operand(e: &Expr, depth: u32) -> Option<Num> {
    if depth > MAX_DEPTH {
        return None;
    }
    match e {
        Expr::Constant(c) => match constant(&c.value) {
            Const::Int(i) => Some(Num::Int(BigInt::from(i))),
            Const::BigInt(i) => Some(Num::Int(i)),
            Const::Float(f) => Some(Num::Float(f)),
            Const::Str(s) => Some(Num::Str(s)),
            _ => None,
        },
        Expr::UnaryOp(u) => unary(u.op, operand(&u.operand, depth + 1)?),
        Expr::BinOp(b) => binary(
            b.op,
            operand(&b.left, depth + 1)?,
            operand(&b.right, depth + 1)?,
        ),
        _ => None,
    }
}

fn unary(op: ast::UnaryOp, v: Num) -> Option<Num> {
    use ast::UnaryOp as U;
    match (op, v) {
        (U::USub, Num::Int(i)) => Some(Num::Int(-i)),
        (U::UAdd, Num::Int(i)) => Some(Num::Int(i)),
        (U::Invert, Num::Int(i)) => Some(Num::Int(-i - 1)),
        (U::USub, Num::Float(f)) => Some(Num::Float(-f)),
        (U::UAdd, Num::Float(f)) => Some(Num::Float(f)),
        _ => None,
    }
}

fn binary(op: ast::Operator, a: Num, b: Num) -> Option<Num> {
    match (a, b) {
        (Num::Int(a), Num::Int(b)) => int_binary(op, a, b),
        (Num::Float(a), Num::Float(b)) => float_binary(op, a, b),
        (Num::Int(a), Num::Float(b)) => float_binary(op, exact_float(&a)?, b),
        (Num::Float(a), Num::Int(b)) => float_binary(op, a, exact_float(&b)?),
        (Num::Str(a), Num::Str(b)) if op == ast::Operator::Add => {
            (a.chars().count() + b.chars().count() <= MAX_STR_CHARS).then(|| Num::Str(a + &b))
        }
        _ => None,
    }
}

/// `i` as a float, if the conversion is exact (|i| <= 2**53).
fn exact_float(i: &BigInt) -> Option<f64> {
    let v = i.to_i64()?;
    (v.unsigned_abs() <= EXACT_FLOAT_INT).then_some(v as f64)
}

fn float_binary(op: ast::Operator, a: f64, b: f64) -> Option<Num> {
    use ast::Operator as O;
    Some(Num::Float(match op {
        O::Add => a + b,
        O::Sub => a - b,
        O::Mult => a * b,
        O::Div if b != 0.0 => a / b,
        _ => return None,
    }))
}

fn int_binary(op: ast::Operator, a: BigInt, b: BigInt) -> Option<Num> {
    use ast::Operator as O;
    let bits = |i: &BigInt| i.bits();
    Some(match op {
        O::Add => Num::Int(a + b),
        O::Sub => Num::Int(a - b),
        O::Mult if bits(&a) + bits(&b) <= MAX_INT_BITS => Num::Int(a * b),
        O::FloorDiv if !b.is_zero() => Num::Int(floor_div(&a, &b)),
        O::Mod if !b.is_zero() => Num::Int(&a - floor_div(&a, &b) * &b),
        O::Div if !b.is_zero() => float_binary(op, exact_float(&a)?, exact_float(&b)?)?,
        O::Pow if !b.is_negative() => {
            let e = b.to_u64()?;
            if e != 0 && bits(&a) > MAX_INT_BITS / e {
                return None;
            }
            Num::Int(num_traits::pow(a, e.to_usize()?))
        }
        O::LShift if !b.is_negative() => {
            let n = b.to_u64()?;
            if n > MAX_INT_BITS || bits(&a) > MAX_INT_BITS - n {
                return None;
            }
            Num::Int(a << n)
        }
        O::RShift if !b.is_negative() => {
            let n = b.to_u64().unwrap_or(u64::MAX).min(bits(&a) + 1);
            // rounding toward negative infinity, as Python's
            Num::Int(floor_div(&a, &(BigInt::from(1) << n)))
        }
        O::BitAnd => Num::Int(a & b),
        O::BitOr => Num::Int(a | b),
        O::BitXor => Num::Int(a ^ b),
        _ => return None,
    })
}

/// Python's `a // b`: the quotient rounded toward negative infinity.
fn floor_div(a: &BigInt, b: &BigInt) -> BigInt {
    let (q, r) = (a / b, a % b);
    if !r.is_zero() && (r.is_negative() != b.is_negative()) {
        q - 1
    } else {
        q
    }
}
