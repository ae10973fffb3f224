//! The `pow()` builtin: its arguments (by position or keyword), the
//! three-argument form with CPython's dispatch order over user instances,
//! floats, complex numbers and Decimals, and modular exponentiation of ints
//! (negative exponents through the modular inverse).

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

use crate::object::{int, Value};
use crate::vm::ops::Num;
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::BinOp;

use super::{Args, Builtin};

pub fn pow(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (base, exp, modulus) = pow_args(&a)?;
    match modulus {
        None => vm.binary_op(BinOp::Pow, base, exp, false),
        Some(m) if m.is_none() => vm.binary_op(BinOp::Pow, base, exp, false),
        Some(m) => {
            if let Some(r) = user_pow3(vm, base, exp, m)? {
                return Ok(r);
            }
            if let Some(e) = vm.complex_modulo_error(base, exp, m) {
                return Err(e);
            }
            // float's pow rejects a modulus before looking at its
            // operands, and int's and Decimal's decline floats
            if [base, exp, m].iter().any(|v| matches!(v, Value::Float(_))) {
                return Err(PyErr::type_error(
                    "pow() 3rd argument not allowed unless all arguments are integers",
                ));
            }
            if let Some(r) = crate::lib().decimal_pow3(vm, base, exp, m)? {
                return Ok(r);
            }
            let as_int = |v: Value| match vm.as_num(v) {
                Some(Num::Int(i)) => Some(BigInt::from(i)),
                Some(Num::Big(b)) => Some(b),
                _ => None,
            };
            let (Some(b), Some(e), Some(modulus)) = (as_int(base), as_int(exp), as_int(m)) else {
                return Err(PyErr::type_error(format!(
                    "unsupported operand type(s) for ** or pow(): '{}', '{}', '{}'",
                    vm.class_name(base),
                    vm.class_name(exp),
                    vm.class_name(m)
                )));
            };
            if modulus.is_zero() {
                return Err(PyErr::value_error("pow() 3rd argument cannot be 0"));
            }
            let r = if e.is_negative() {
                let inv = mod_inverse(&b, &modulus).ok_or_else(|| {
                    PyErr::value_error("base is not invertible for the given modulus")
                })?;
                super::modpow::modpow(&inv, &(-e), &modulus.abs())
            } else {
                super::modpow::modpow(&b, &e, &modulus.abs())
            };
            // Python's result takes the sign of the modulus.
            let r = if modulus.is_negative() && !r.is_zero() {
                r + &modulus
            } else {
                r
            };
            Ok(int::from_bigint(&mut vm.heap, r))
        }
    }
}

/// `pow()`'s `base`, `exp` and optional `mod`, by position or keyword,
/// with CPython's messages for missing, repeated and extra arguments.
fn pow_args(a: &Args) -> PyResult<(Value, Value, Option<Value>)> {
    const NAMES: [&str; 3] = ["base", "exp", "mod"];
    let given = a.pos.len() + a.kw.len();
    if given > 3 {
        return Err(PyErr::type_error(format!(
            "pow() takes at most 3 arguments ({given} given)"
        )));
    }
    let mut slots: [Option<Value>; 3] = [None; 3];
    for (slot, v) in slots.iter_mut().zip(&a.pos) {
        *slot = Some(*v);
    }
    // as CPython: the missing required ones first, then the stray keywords
    for (i, name) in NAMES.iter().enumerate().skip(a.pos.len()) {
        slots[i] = a.kwarg(name);
        if slots[i].is_none() && i < 2 {
            return Err(PyErr::type_error(format!(
                "pow() missing required argument '{name}' (pos {})",
                i + 1
            )));
        }
    }
    for (k, _) in &a.kw {
        match NAMES.iter().position(|n| n == k) {
            None => {
                return Err(PyErr::type_error(format!(
                    "pow() got an unexpected keyword argument '{k}'"
                )))
            }
            Some(i) if i < a.pos.len() => {
                return Err(PyErr::type_error(format!(
                    "argument for pow() given by name ('{k}') and position ({})",
                    i + 1
                )))
            }
            Some(_) => {}
        }
    }
    let (Some(base), Some(exp)) = (slots[0], slots[1]) else {
        unreachable!("required arguments checked above");
    };
    Ok((base, exp, slots[2]))
}

/// Three-argument `pow()` when the base or exponent is a user instance:
/// each operand's slot in turn as CPython's ternary dispatch does (a float
/// ahead rejects the modulus, `base.__pow__(exp, mod)`, then
/// `exp.__rpow__(base, mod)` for a different class); the modulus never
/// dispatches. `None` when neither is a user instance.
fn user_pow3(vm: &mut Vm, base: Value, exp: Value, m: Value) -> PyResult<Option<Value>> {
    let (cb, ce) = (vm.user_class_of(base), vm.user_class_of(exp));
    if cb.is_none() && ce.is_none() {
        return Ok(None);
    }
    let float_error =
        || PyErr::type_error("pow() 3rd argument not allowed unless all arguments are integers");
    let not_impl = |v: &Value| matches!(v, Value::Builtin(Builtin::NotImplemented));
    if matches!(base, Value::Float(_)) {
        return Err(float_error());
    }
    if cb.is_some() {
        if let Some(r) = vm.call_dunder(base, "__pow__", vec![exp, m])? {
            if !not_impl(&r) {
                return Ok(Some(r));
            }
        }
    }
    if ce.is_some() && ce != cb {
        if let Some(r) = vm.call_dunder(exp, "__rpow__", vec![base, m])? {
            if !not_impl(&r) {
                return Ok(Some(r));
            }
        }
    }
    if matches!(exp, Value::Float(_)) || matches!(m, Value::Float(_)) {
        return Err(float_error());
    }
    Err(PyErr::type_error(format!(
        "unsupported operand type(s) for ** or pow(): '{}', '{}', '{}'",
        vm.class_name(base),
        vm.class_name(exp),
        vm.class_name(m)
    )))
}

fn mod_inverse(a: &BigInt, m: &BigInt) -> Option<BigInt> {
    let m = m.abs();
    let (mut old_r, mut r) = (((a % &m) + &m) % &m, m.clone());
    let (mut old_s, mut s) = (BigInt::from(1), BigInt::zero());
    while !r.is_zero() {
        let q = &old_r / &r;
        let tmp = &old_r - &q * &r;
        old_r = std::mem::replace(&mut r, tmp);
        let tmp = &old_s - &q * &s;
        old_s = std::mem::replace(&mut s, tmp);
    }
    if old_r != BigInt::from(1) {
        return None;
    }
    Some(((old_s % &m) + &m) % &m)
}
