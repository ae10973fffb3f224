//! Methods of `int` and `float`.

use num_traits::Signed;

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

pub fn call_int(vm: &mut Vm, v: Value, name: &str, a: Args) -> PyResult<Option<Value>> {
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

pub fn call_float(_vm: &mut Vm, f: f64, name: &str, a: Args) -> PyResult<Option<Value>> {
    a.check(0, 0, &[])?;
    Ok(Some(match name {
        "is_integer" => Value::Bool(f.is_finite() && f.fract() == 0.0),
        "conjugate" => Value::Float(f),
        _ => return Ok(None),
    }))
}
