//! `round()`: the builtin, with exact half-to-even rounding of floats
//! and ints.

use num_bigint::BigInt;
use num_traits::Signed;

use crate::object::{int, ExcType, Value};
use crate::vm::ops::Num;
use crate::vm::{PyErr, PyResult, Vm};

use super::Args;

/// `round(number, ndigits=None)`.
pub fn round(vm: &mut Vm, a: Args) -> PyResult<Value> {
    round_builtin(vm, a)
}

native! {
    /// `round(number, ndigits=None)`.
    clinic fn round_builtin as "round" (vm, number, ndigits?) {
        round_number(vm, number, ndigits.filter(|v| !v.is_none()))
    }
}

/// `round(x, nd)`, `nd` an int-like or absent (None).
pub(crate) fn round_number(vm: &mut Vm, x: Value, nd: Option<Value>) -> PyResult<Value> {
    if let Some(r) = crate::lib().decimal_round(vm, x, nd) {
        return r;
    }
    if vm.user_class_of(x).is_some() {
        if let Some(r) = vm.call_dunder(x, "__round__", nd.into_iter().collect())? {
            return Ok(r);
        }
    }
    if vm.as_num(x).is_none() {
        // before `ndigits` is looked at, as CPython
        return Err(PyErr::type_error(format!(
            "type {} doesn't define __round__ method",
            vm.class_name(x)
        )));
    }
    let nd = match nd {
        Some(v) => {
            let n = vm.bigint_arg_mut(v)?;
            Some(i64::try_from(&n).unwrap_or(if n.is_negative() {
                i64::MIN / 2
            } else {
                i64::MAX
            }))
        }
        None => None,
    };
    match vm.as_num(x) {
        Some(Num::Float(f)) => match nd {
            None => {
                if f.is_nan() {
                    return Err(PyErr::value_error("cannot convert float NaN to integer"));
                }
                if f.is_infinite() {
                    return Err(PyErr::new(
                        ExcType::OverflowError,
                        "cannot convert float infinity to integer",
                    ));
                }
                let r = f.round_ties_even();
                match num_bigint::BigInt::from_f64_opt(r) {
                    Some(b) => Ok(int::from_bigint(&mut vm.heap, b)),
                    None => Ok(Value::Float(r)),
                }
            }
            Some(n) => Ok(Value::Float(round_float(f, n))),
        },
        Some(Num::Int(_)) | Some(Num::Big(_)) => match nd {
            None => Ok(match x {
                Value::Bool(b) => Value::Int(b as i64),
                _ => x,
            }),
            Some(n) if n >= 0 => Ok(match x {
                Value::Bool(b) => Value::Int(b as i64),
                _ => x,
            }),
            Some(n) => {
                let v = vm.bigint_arg(x)?;
                let k = n.unsigned_abs();
                // |v| < 10**(k-1) <= 10**k / 2 rounds to zero; skip the huge power.
                if k > v.bits() / 3 + 2 {
                    return Ok(Value::Int(0));
                }
                let p = num_traits::pow::Pow::pow(BigInt::from(10), k);
                let half = &p / 2;
                let (q, r) = num_integer::Integer::div_mod_floor(&v, &p);
                let q = if r > half || (r == half && num_integer::Integer::is_odd(&q)) {
                    q + 1
                } else {
                    q
                };
                Ok(int::from_bigint(&mut vm.heap, q * p))
            }
        },
        None => Err(PyErr::type_error(format!(
            "type {} doesn't define __round__ method",
            vm.class_name(x)
        ))),
    }
}

/// `round(f, n)`: correctly rounded through the decimal expansion.
fn round_float(f: f64, n: i64) -> f64 {
    if !f.is_finite() || f == 0.0 {
        return f;
    }
    if n >= 0 {
        if n > 320 {
            return f;
        }
        let s = format!("{:.*}", n as usize, f);
        s.parse().unwrap_or(f)
    } else {
        if n < -308 {
            return 0.0_f64.copysign(f);
        }
        let p = 10f64.powi(-n as i32);
        let y = (f / p).round_ties_even() * p;
        if y == 0.0 {
            0.0_f64.copysign(f)
        } else {
            y
        }
    }
}

trait FromF64Opt: Sized {
    fn from_f64_opt(f: f64) -> Option<Self>;
}

impl FromF64Opt for BigInt {
    fn from_f64_opt(f: f64) -> Option<BigInt> {
        num_traits::FromPrimitive::from_f64(f)
    }
}
