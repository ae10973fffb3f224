//! Methods of `int`, `float` and `complex`.

use crate::vm::stdlib::Stdlib;
use num_traits::Signed;

use crate::object::complex::Complex;
use crate::object::Value;
use crate::vm::ops::Num;
use crate::vm::{PyResult, Vm};

use super::super::Args;

pub const INT_METHODS: &[&str] = &[
    "bit_length",
    "bit_count",
    "conjugate",
    "is_integer",
    "__index__",
];
pub const FLOAT_METHODS: &[&str] = &["is_integer", "conjugate", "__round__"];
pub const COMPLEX_METHODS: &[&str] = &["conjugate"];
/// Methods of the `complex` type itself.
pub const COMPLEX_TYPE_METHODS: &[&str] = &["from_number"];

pub fn call_int<S: Stdlib>(
    vm: &mut Vm<S>,
    v: Value,
    name: &str,
    a: Args,
) -> PyResult<Option<Value>> {
    a.check(0, 0, &[])?;
    let n = vm.bigint_arg(v)?;
    Ok(Some(match name {
        "bit_length" => Value::Int(n.abs().bits() as i64),
        "bit_count" => Value::Int(
            n.abs()
                .iter_u64_digits()
                .map(|d| d.count_ones() as i64)
                .sum(),
        ),
        "conjugate" | "__index__" => match vm.as_num(v) {
            Some(Num::Int(i)) => Value::Int(i),
            _ => v,
        },
        "is_integer" => Value::Bool(true),
        _ => return Ok(None),
    }))
}

pub fn call_float<S: Stdlib>(
    _vm: &mut Vm<S>,
    f: f64,
    name: &str,
    a: Args,
) -> PyResult<Option<Value>> {
    a.check(0, 0, &[])?;
    Ok(Some(match name {
        "is_integer" => Value::Bool(f.is_finite() && f.fract() == 0.0),
        "conjugate" => Value::Float(f),
        _ => return Ok(None),
    }))
}

pub fn call_complex<S: Stdlib>(
    vm: &mut Vm<S>,
    z: Complex,
    name: &str,
    a: Args,
) -> PyResult<Option<Value>> {
    a.check(0, 0, &[])?;
    Ok(match name {
        "conjugate" => Some(vm.new_complex(Complex::new(z.re, -z.im))),
        _ => None,
    })
}

/// `complex.from_number(x)`.
pub fn complex_from_number<S: Stdlib>(vm: &mut Vm<S>, a: Args) -> PyResult<Value> {
    if !a.kw.is_empty() {
        return Err(crate::vm::PyErr::type_error(
            "complex.from_number() takes no keyword arguments",
        ));
    }
    vm.complex_from_number(&a.pos)
}
