//! Methods of `int` (and `bool`), `float` and `complex`, and
//! `complex.from_number`.

use num_traits::Signed;

use crate::object::complex::Complex;
use crate::object::{Obj, Value};
use crate::vm::ops::Num;

native_methods! {
    pub fn int_methods;
    bit_length, bit_count, conjugate = int_conjugate, is_integer = int_is_integer,
    __index__ = int_index,
}

native_methods! {
    pub fn float_methods;
    is_integer = float_is_integer, conjugate = float_conjugate, __round__ = float_round,
}

native_methods! { pub fn complex_methods; conjugate = complex_conjugate }

// the methods of the `complex` type itself
native_methods! { pub fn complex_type_methods; from_number }

/// An int as itself: a `bool` becomes its int.
fn as_int(vm: &crate::vm::Vm, v: Value) -> Value {
    match vm.as_num(v) {
        Some(Num::Int(i)) => Value::Int(i),
        _ => v,
    }
}

native! {
    /// `int.bit_length()`.
    builtin method bit_length(vm, this) {
        if let Value::Int(i) = this {
            return Ok(Value::Int(i64::from(64 - i.unsigned_abs().leading_zeros())));
        }
        Ok(Value::Int(vm.bigint_arg(this)?.abs().bits() as i64))
    }

    /// `int.bit_count()`.
    builtin method bit_count(vm, this) {
        if let Value::Int(i) = this {
            return Ok(Value::Int(i64::from(i.unsigned_abs().count_ones())));
        }
        let n = vm.bigint_arg(this)?;
        Ok(Value::Int(n.abs().iter_u64_digits().map(|d| i64::from(d.count_ones())).sum()))
    }

    /// `int.conjugate()`.
    builtin method int_conjugate(vm, this) {
        Ok(as_int(vm, this))
    }

    /// `int.is_integer()`.
    builtin method int_is_integer(vm, this) {
        Ok(Value::Bool(true))
    }

    /// `int.__index__()`: a slot wrapper, with their messages.
    builtin method int_index(vm, this, *rest, **kwargs) {
        super::shared::slot_wrapper_no_args("__index__", &rest, &kwargs)?;
        Ok(as_int(vm, this))
    }

    /// `float.is_integer()`.
    builtin method float_is_integer(vm, this) {
        let Value::Float(f) = this else { unreachable!("a float") };
        Ok(Value::Bool(f.is_finite() && f.fract() == 0.0))
    }

    /// `float.conjugate()`.
    builtin method float_conjugate(vm, this) {
        Ok(this)
    }

    /// `float.__round__(ndigits=None, /)`.
    builtin method float_round(vm, this, ndigits?, /) {
        super::super::round::round_number(vm, this, ndigits.filter(|v| !v.is_none()))
    }

    /// `complex.conjugate()`.
    builtin method complex_conjugate(vm, this) {
        let z = match this {
            Value::Ref(id) => match vm.heap.get(id) {
                Obj::Complex(z) => *z,
                _ => unreachable!("a complex"),
            },
            _ => unreachable!("a complex"),
        };
        Ok(vm.new_complex(Complex::new(z.re, -z.im)))
    }

    /// `complex.from_number(number, /)` (a class method).
    builtin method from_number(vm, this, number, /) {
        vm.complex_from_number(&[number])
    }
}
