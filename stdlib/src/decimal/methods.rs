//! `Decimal`'s named methods, declared with `native!` in CPython's
//! signatures (`_decimal` parses `context=` and the other optional
//! arguments with `PyArg_ParseTupleAndKeywords`: the `keywords` style),
//! their table, and the methods that build Python values (`as_tuple`,
//! `as_integer_ratio`, `__reduce__`, ...).

use num_traits::Zero;

use super::arith;
use super::context::*;
use super::named;
use super::number::{self, Dec, Kind};
use super::ops::{round_impl, rounding_arg, run, to_f64, to_int};
use super::{convert, ctx_of, new_dec, pick_ctx};
use crate::native::Method;
use crate::object::{ExcType, Obj, Value};
use crate::objects::native_of;
use crate::objects::NativeObj;
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// The methods of `Decimal`.
pub static METHODS: &[Method] = methods_table![
    adjusted,
    as_integer_ratio,
    as_tuple,
    canonical = dec_self,
    conjugate = dec_self,
    copy_abs,
    copy_negate,
    is_canonical,
    is_finite,
    is_infinite,
    is_nan,
    is_qnan,
    is_signed,
    is_snan,
    is_zero,
    radix,
    __copy__ = dec_self,
    __float__ = dec_float,
    __int__ = dec_trunc,
    __floor__ = dec_floor,
    __ceil__ = dec_ceil,
    __trunc__ = dec_trunc,
    __complex__ = dec_complex,
    __reduce__ = dec_reduce,
    __reduce_ex__ = dec_reduce_ex,
    __deepcopy__ = dec_deepcopy,
    __round__ = dec_round,
    __format__ = dec_format,
    exp,
    ln,
    log10,
    logb,
    logical_invert,
    next_minus,
    next_plus,
    normalize,
    sqrt,
    number_class,
    to_eng_string,
    is_normal,
    is_subnormal,
    compare,
    compare_signal,
    compare_total,
    compare_total_mag,
    copy_sign,
    logical_and,
    logical_or,
    logical_xor,
    max,
    max_mag,
    min,
    min_mag,
    next_toward,
    remainder_near,
    rotate,
    same_quantum,
    scaleb,
    shift,
    fma,
    quantize,
    to_integral = to_integral_value,
    to_integral_exact,
    to_integral_value,
];

/// The Decimal a method was called on.
fn dec(vm: &Vm, this: Value) -> Dec {
    match native_of(vm.heap.get(crate::native::receiver(this))) {
        Some(NativeObj::Decimal(d)) => (**d).clone(),
        _ => unreachable!("a Decimal"),
    }
}

/// A context-free predicate of `self` (`is_nan`, ...).
fn predicate(vm: &Vm, this: Value, name: &str) -> PyResult<Value> {
    let me = dec(vm, this);
    Ok(Value::Bool(
        named::predicate(name, &me).expect("a predicate"),
    ))
}

/// The unary operation `name` of `self` in `context` (or the current one).
fn unary(vm: &mut Vm, this: Value, context: Option<Value>, name: &str) -> PyResult<Value> {
    let me = dec(vm, this);
    let ctx = pick_ctx(vm, context)?;
    let f = named::unary_op(name).expect("a unary op");
    let r = run(vm, ctx, |c, st| f(&me, c, st))?;
    Ok(new_dec(vm, r))
}

/// The binary operation `name` of `self` and `other` in `context`.
fn binary(
    vm: &mut Vm,
    this: Value,
    other: Value,
    context: Option<Value>,
    name: &str,
) -> PyResult<Value> {
    let me = dec(vm, this);
    let ctx = pick_ctx(vm, context)?;
    let other = convert(vm, other)?;
    let f = named::binary_op(name).expect("a binary op");
    let r = run(vm, ctx, |c, st| f(&me, &other, c, st))?;
    Ok(new_dec(vm, r))
}

/// `to_integral*(rounding=None, context=None)`.
fn integral(
    vm: &mut Vm,
    this: Value,
    rounding: Option<Value>,
    context: Option<Value>,
    exact: bool,
) -> PyResult<Value> {
    let me = dec(vm, this);
    let ctx = pick_ctx(vm, context)?;
    let rounding = rounding_arg(vm, rounding)?;
    let r = run(vm, ctx, |c, st| {
        arith::to_integral(&me, rounding.unwrap_or(c.rounding), c, st, exact)
    })?;
    Ok(new_dec(vm, r))
}

native! {
    /// `Decimal.adjusted()`.
    builtin method adjusted(vm, this) {
        Ok(Value::Int(dec(vm, this).adjusted()))
    }

    /// `Decimal.as_integer_ratio()`.
    builtin method as_integer_ratio(vm, this) {
        integer_ratio(vm, &dec(vm, this))
    }

    /// `Decimal.as_tuple()`: a `DecimalTuple(sign, digits, exponent)`.
    builtin method as_tuple(vm, this) {
        as_tuple_of(vm, &dec(vm, this))
    }

    /// `Decimal.canonical()` (and `conjugate`, `__copy__`): the Decimal
    /// itself.
    builtin method dec_self(vm, this) {
        Ok(this)
    }

    /// `Decimal.__deepcopy__(memo, /)`.
    builtin method dec_deepcopy(vm, this, memo, /) {
        Ok(this)
    }

    /// `Decimal.copy_abs()`.
    builtin method copy_abs(vm, this) {
        let r = dec(vm, this).abs();
        Ok(new_dec(vm, r))
    }

    /// `Decimal.copy_negate()`.
    builtin method copy_negate(vm, this) {
        let r = dec(vm, this).negated();
        Ok(new_dec(vm, r))
    }

    /// `Decimal.is_canonical()`.
    builtin method is_canonical(vm, this) {
        predicate(vm, this, "is_canonical")
    }

    /// `Decimal.is_finite()`.
    builtin method is_finite(vm, this) {
        predicate(vm, this, "is_finite")
    }

    /// `Decimal.is_infinite()`.
    builtin method is_infinite(vm, this) {
        predicate(vm, this, "is_infinite")
    }

    /// `Decimal.is_nan()`.
    builtin method is_nan(vm, this) {
        predicate(vm, this, "is_nan")
    }

    /// `Decimal.is_qnan()`.
    builtin method is_qnan(vm, this) {
        predicate(vm, this, "is_qnan")
    }

    /// `Decimal.is_signed()`.
    builtin method is_signed(vm, this) {
        predicate(vm, this, "is_signed")
    }

    /// `Decimal.is_snan()`.
    builtin method is_snan(vm, this) {
        predicate(vm, this, "is_snan")
    }

    /// `Decimal.is_zero()`.
    builtin method is_zero(vm, this) {
        predicate(vm, this, "is_zero")
    }

    /// `Decimal.radix()`.
    builtin method radix(vm, this) {
        Ok(new_dec(vm, Dec::from_i64(10)))
    }

    /// `Decimal.__float__()`.
    builtin method dec_float(vm, this) {
        Ok(Value::Float(to_f64(&dec(vm, this))?))
    }

    /// `Decimal.__trunc__()` (and `__int__`).
    builtin method dec_trunc(vm, this) {
        to_int(vm, &dec(vm, this), Rounding::Down)
    }

    /// `Decimal.__floor__()`.
    builtin method dec_floor(vm, this) {
        to_int(vm, &dec(vm, this), Rounding::Floor)
    }

    /// `Decimal.__ceil__()`.
    builtin method dec_ceil(vm, this) {
        to_int(vm, &dec(vm, this), Rounding::Ceiling)
    }

    /// `Decimal.__complex__()`.
    builtin method dec_complex(vm, this) {
        let re = to_f64(&dec(vm, this))?;
        Ok(vm.new_complex(crate::object::complex::Complex::new(re, 0.0)))
    }

    /// `Decimal.__reduce__()`.
    builtin method dec_reduce(vm, this) {
        reduce(vm, &dec(vm, this))
    }

    /// `object.__reduce_ex__(protocol, /)`, which for a Decimal is its
    /// `__reduce__()`.
    builtin method dec_reduce_ex in "object" (vm, this, protocol, /) {
        reduce(vm, &dec(vm, this))
    }

    /// `Decimal.__round__(n, /)` (`PyArg_ParseTuple`'s `"|O"`).
    getargs method dec_round as "" (vm, this, n?, /) {
        if n == Some(Value::None) {
            return Err(PyErr::type_error("optional arg must be an integer"));
        }
        round_impl(vm, dec(vm, this), n)
    }

    /// `Decimal.__format__(format_spec, override, /)` (`"O|O"`).
    getargs method dec_format as "" (vm, this, spec, overrides?, /) {
        let Some(spec) = as_str(&vm.heap, spec).map(str::to_string) else {
            return Err(PyErr::type_error("format arg must be str"));
        };
        if let Some(o) = overrides {
            if !matches!(o, Value::Ref(d) if matches!(vm.heap.get(d), Obj::Dict(_))) {
                return Err(PyErr::type_error("optional argument must be a dict"));
            }
        }
        let s = super::format::format(vm, &dec(vm, this), &spec)?;
        Ok(vm.new_str(s))
    }

    /// `Decimal.exp(context=None)`.
    keywords method exp as "" (vm, this, context?) {
        unary(vm, this, context, "exp")
    }

    /// `Decimal.ln(context=None)`.
    keywords method ln as "" (vm, this, context?) {
        unary(vm, this, context, "ln")
    }

    /// `Decimal.log10(context=None)`.
    keywords method log10 as "" (vm, this, context?) {
        unary(vm, this, context, "log10")
    }

    /// `Decimal.logb(context=None)`.
    keywords method logb as "" (vm, this, context?) {
        unary(vm, this, context, "logb")
    }

    /// `Decimal.logical_invert(context=None)`.
    keywords method logical_invert as "" (vm, this, context?) {
        unary(vm, this, context, "logical_invert")
    }

    /// `Decimal.next_minus(context=None)`.
    keywords method next_minus as "" (vm, this, context?) {
        unary(vm, this, context, "next_minus")
    }

    /// `Decimal.next_plus(context=None)`.
    keywords method next_plus as "" (vm, this, context?) {
        unary(vm, this, context, "next_plus")
    }

    /// `Decimal.normalize(context=None)`.
    keywords method normalize as "" (vm, this, context?) {
        unary(vm, this, context, "normalize")
    }

    /// `Decimal.sqrt(context=None)`.
    keywords method sqrt as "" (vm, this, context?) {
        unary(vm, this, context, "sqrt")
    }

    /// `Decimal.number_class(context=None)`.
    keywords method number_class as "" (vm, this, context?) {
        let me = dec(vm, this);
        let ctx = pick_ctx(vm, context)?;
        let class = named::number_class(&me, ctx_of(vm, ctx).expect("context"));
        Ok(vm.new_str(class))
    }

    /// `Decimal.to_eng_string(context=None)`.
    keywords method to_eng_string as "" (vm, this, context?) {
        let me = dec(vm, this);
        let ctx = pick_ctx(vm, context)?;
        let caps = ctx_of(vm, ctx).expect("context").capitals;
        Ok(vm.new_str(number::to_eng(&me, caps)))
    }

    /// `Decimal.is_normal(context=None)`.
    keywords method is_normal as "" (vm, this, context?) {
        let me = dec(vm, this);
        let ctx = pick_ctx(vm, context)?;
        Ok(Value::Bool(named::is_normal(&me, ctx_of(vm, ctx).expect("context"))))
    }

    /// `Decimal.is_subnormal(context=None)`.
    keywords method is_subnormal as "" (vm, this, context?) {
        let me = dec(vm, this);
        let ctx = pick_ctx(vm, context)?;
        Ok(Value::Bool(named::is_subnormal(&me, ctx_of(vm, ctx).expect("context"))))
    }

    /// `Decimal.compare(other, context=None)`.
    keywords method compare as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "compare")
    }

    /// `Decimal.compare_signal(other, context=None)`.
    keywords method compare_signal as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "compare_signal")
    }

    /// `Decimal.compare_total(other, context=None)`.
    keywords method compare_total as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "compare_total")
    }

    /// `Decimal.compare_total_mag(other, context=None)`.
    keywords method compare_total_mag as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "compare_total_mag")
    }

    /// `Decimal.copy_sign(other, context=None)`.
    keywords method copy_sign as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "copy_sign")
    }

    /// `Decimal.logical_and(other, context=None)`.
    keywords method logical_and as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "logical_and")
    }

    /// `Decimal.logical_or(other, context=None)`.
    keywords method logical_or as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "logical_or")
    }

    /// `Decimal.logical_xor(other, context=None)`.
    keywords method logical_xor as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "logical_xor")
    }

    /// `Decimal.max(other, context=None)`.
    keywords method max as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "max")
    }

    /// `Decimal.max_mag(other, context=None)`.
    keywords method max_mag as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "max_mag")
    }

    /// `Decimal.min(other, context=None)`.
    keywords method min as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "min")
    }

    /// `Decimal.min_mag(other, context=None)`.
    keywords method min_mag as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "min_mag")
    }

    /// `Decimal.next_toward(other, context=None)`.
    keywords method next_toward as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "next_toward")
    }

    /// `Decimal.remainder_near(other, context=None)`.
    keywords method remainder_near as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "remainder_near")
    }

    /// `Decimal.rotate(other, context=None)`.
    keywords method rotate as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "rotate")
    }

    /// `Decimal.scaleb(other, context=None)`.
    keywords method scaleb as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "scaleb")
    }

    /// `Decimal.shift(other, context=None)`.
    keywords method shift as "" (vm, this, other, context?) {
        binary(vm, this, other, context, "shift")
    }

    /// `Decimal.same_quantum(other, context=None)`.
    keywords method same_quantum as "" (vm, this, other, context?) {
        let me = dec(vm, this);
        pick_ctx(vm, context)?;
        let other = convert(vm, other)?;
        Ok(Value::Bool(named::same_quantum(&me, &other)))
    }

    /// `Decimal.fma(other, third, context=None)`.
    keywords method fma as "" (vm, this, other, third, context?) {
        let me = dec(vm, this);
        let ctx = pick_ctx(vm, context)?;
        let b = convert(vm, other)?;
        let c3 = convert(vm, third)?;
        let r = run(vm, ctx, |c, st| arith::fma(&me, &b, &c3, c, st))?;
        Ok(new_dec(vm, r))
    }

    /// `Decimal.quantize(exp, rounding=None, context=None)`.
    keywords method quantize as "" (vm, this, exp, rounding?, context?) {
        let me = dec(vm, this);
        let ctx = pick_ctx(vm, context)?;
        let rounding = rounding_arg(vm, rounding)?;
        let q = convert(vm, exp)?;
        let r = run(vm, ctx, |c, st| {
            arith::quantize(&me, &q, rounding.unwrap_or(c.rounding), c, st)
        })?;
        Ok(new_dec(vm, r))
    }

    /// `Decimal.to_integral_value(rounding=None, context=None)` (and
    /// `to_integral`).
    keywords method to_integral_value as "" (vm, this, rounding?, context?) {
        integral(vm, this, rounding, context, false)
    }

    /// `Decimal.to_integral_exact(rounding=None, context=None)`.
    keywords method to_integral_exact as "" (vm, this, rounding?, context?) {
        integral(vm, this, rounding, context, true)
    }
}

/// `(Decimal, (str(self),))`, `__reduce__`'s value.
fn reduce(vm: &mut Vm, me: &Dec) -> PyResult<Value> {
    let cls = Value::Native(crate::NativeId {
        module: super::module_index(),
        func: super::DECIMAL,
    });
    let s = number::to_sci(me, true);
    let s = vm.new_str(s);
    let args = vm.new_tuple(vec![s]);
    Ok(vm.new_tuple(vec![cls, args]))
}

/// `as_integer_ratio()`: the lowest-terms `(numerator, denominator)`.
fn integer_ratio(vm: &mut Vm, me: &Dec) -> PyResult<Value> {
    match me.kind {
        Kind::NaN | Kind::SNaN => {
            return Err(PyErr::value_error("cannot convert NaN to integer ratio"))
        }
        Kind::Inf => {
            return Err(PyErr::new(
                ExcType::OverflowError,
                "cannot convert Infinity to integer ratio",
            ))
        }
        Kind::Finite => {}
    }
    if me.exp > 0 {
        vm.check_alloc((me.digits() + me.exp as u64) as u128 / 2)?;
    }
    let (n, d) = me.as_ratio();
    let n = super::int_value(vm, n);
    let d = super::int_value(vm, d);
    Ok(vm.new_tuple(vec![n, d]))
}

/// `as_tuple()`: a `DecimalTuple(sign, digits, exponent)`.
fn as_tuple_of(vm: &mut Vm, me: &Dec) -> PyResult<Value> {
    let digits: Vec<Value> = match me.kind {
        Kind::Inf => vec![Value::Int(0)],
        Kind::NaN | Kind::SNaN if me.coeff.is_zero() => Vec::new(),
        _ => me
            .coeff
            .to_string()
            .bytes()
            .map(|b| Value::Int((b - b'0') as i64))
            .collect(),
    };
    let digits = vm.new_tuple(digits);
    let exp = match me.kind {
        Kind::Finite => Value::Int(me.exp),
        Kind::Inf => vm.new_str("F"),
        Kind::NaN => vm.new_str("n"),
        Kind::SNaN => vm.new_str("N"),
    };
    let cls = super::state(vm).tuple_class;
    super::ctxobj::new_decimal_tuple(vm, cls, vec![Value::Int(me.neg as i64), digits, exp])
}
