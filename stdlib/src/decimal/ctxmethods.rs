//! `Context`'s methods, declared with `native!` in CPython's signatures
//! (`_decimal`'s: one-operand methods take exactly one argument, the
//! two-operand ones parse theirs with `PyArg_ParseTuple`'s unnamed `"OO"`,
//! `power` with `PyArg_ParseTupleAndKeywords`), and their table.

use super::context::*;
use super::named;
use super::number::{self, Dec};
use super::ops::{self, run};
use super::{convert, ctx_mut, ctx_of, dec_of, new_ctx, new_dec};
use crate::native::Method;
use crate::object::Value;
use crate::vm::{PyErr, PyResult, Vm};

/// The methods of `Context`.
pub static METHODS: &[Method] = methods_table![
    Etiny = etiny,
    Etop = etop,
    radix,
    copy,
    __copy__ = copy,
    clear_flags,
    clear_traps,
    __reduce__ = ctx_reduce,
    __deepcopy__ = ctx_deepcopy,
    abs,
    canonical,
    copy_abs,
    copy_decimal,
    copy_negate,
    exp,
    is_canonical,
    is_finite,
    is_infinite,
    is_nan,
    is_normal,
    is_qnan,
    is_signed,
    is_snan,
    is_subnormal,
    is_zero,
    ln,
    log10,
    logb,
    logical_invert,
    minus,
    next_minus,
    next_plus,
    normalize,
    number_class,
    plus,
    sqrt,
    to_eng_string,
    to_integral = to_integral_value,
    to_integral_exact,
    to_integral_value,
    to_sci_string,
    _apply = apply_method,
    create_decimal_from_float,
    create_decimal,
    add,
    compare,
    compare_signal,
    compare_total,
    compare_total_mag,
    copy_sign,
    divide,
    divide_int,
    divmod,
    logical_and,
    logical_or,
    logical_xor,
    max,
    max_mag,
    min,
    min_mag,
    multiply,
    next_toward,
    quantize,
    remainder,
    remainder_near,
    rotate,
    same_quantum,
    scaleb,
    shift,
    subtract,
    fma,
    power,
];

/// The settings of the context a method was called on.
fn ctx(vm: &Vm, this: Value) -> Ctx {
    ctx_of(vm, this).expect("a Context").clone()
}

/// The unary operation `name` of `x` in this context.
fn unary(vm: &mut Vm, this: Value, x: Value, name: &str) -> PyResult<Value> {
    let a = convert(vm, x)?;
    let f = named::unary_op(name).expect("a unary op");
    let r = run(vm, this, |c, st| f(&a, c, st))?;
    Ok(new_dec(vm, r))
}

/// A context-free predicate of `x` (`is_nan`, ...).
fn predicate(vm: &Vm, x: Value, name: &str) -> PyResult<Value> {
    let a = convert(vm, x)?;
    Ok(Value::Bool(
        named::predicate(name, &a).expect("a predicate"),
    ))
}

/// The binary operation `name` of `x` and `y` in this context.
fn binary(vm: &mut Vm, this: Value, x: Value, y: Value, name: &str) -> PyResult<Value> {
    let a = convert(vm, x)?;
    let b = convert(vm, y)?;
    let f = named::binary_op(name).expect("a binary op");
    let r = run(vm, this, |c, st| f(&a, &b, c, st))?;
    Ok(new_dec(vm, r))
}

/// `to_integral*(x)`, rounded by the context's rounding.
fn integral(vm: &mut Vm, this: Value, x: Value, exact: bool) -> PyResult<Value> {
    let a = convert(vm, x)?;
    let r = run(vm, this, |c, st| {
        super::arith::to_integral(&a, c.rounding, c, st, exact)
    })?;
    Ok(new_dec(vm, r))
}

/// Rounds a new value to the context (`create_decimal`, `_apply`).
fn apply(d: &Dec, c: &Ctx, st: &mut Status) -> Dec {
    if d.is_nan() {
        let mut r = quiet(d, c);
        r.kind = d.kind;
        return r;
    }
    c.finish(d.clone(), false, st)
}

native! {
    /// `Context.Etiny()`.
    builtin method etiny(vm, this) {
        Ok(Value::Int(ctx(vm, this).etiny()))
    }

    /// `Context.Etop()`.
    builtin method etop(vm, this) {
        Ok(Value::Int(ctx(vm, this).etop()))
    }

    /// `Context.radix()`.
    builtin method radix(vm, this) {
        Ok(new_dec(vm, Dec::from_i64(10)))
    }

    /// `Context.copy()` (and `__copy__`).
    builtin method copy(vm, this) {
        let c = ctx(vm, this);
        Ok(new_ctx(vm, c))
    }

    /// `Context.__deepcopy__(memo, /)`.
    builtin method ctx_deepcopy(vm, this, memo, /) {
        let c = ctx(vm, this);
        Ok(new_ctx(vm, c))
    }

    /// `Context.clear_flags()`.
    builtin method clear_flags(vm, this) {
        ctx_mut(vm, this).expect("context").flags = 0;
        Ok(Value::None)
    }

    /// `Context.clear_traps()`.
    builtin method clear_traps(vm, this) {
        ctx_mut(vm, this).expect("context").traps = 0;
        Ok(Value::None)
    }

    /// `Context.__reduce__()`.
    builtin method ctx_reduce(vm, this) {
        let cls = Value::Native(crate::NativeId {
            module: super::module_index(),
            func: super::CONTEXT,
        });
        let t = vm.new_tuple(vec![]);
        Ok(vm.new_tuple(vec![cls, t]))
    }

    /// `Context.abs(x, /)`.
    builtin method abs(vm, this, x, /) {
        unary(vm, this, x, "abs")
    }

    /// `Context.canonical(x, /)`: `x` must be a Decimal.
    builtin method canonical(vm, this, x, /) {
        let Some(d) = dec_of(vm, x).cloned() else {
            return Err(PyErr::type_error("argument must be a Decimal"));
        };
        Ok(new_dec(vm, d))
    }

    /// `Context.copy_abs(x, /)`.
    builtin method copy_abs(vm, this, x, /) {
        unary(vm, this, x, "copy_abs")
    }

    /// `Context.copy_decimal(x, /)`.
    builtin method copy_decimal(vm, this, x, /) {
        unary(vm, this, x, "copy_decimal")
    }

    /// `Context.copy_negate(x, /)`.
    builtin method copy_negate(vm, this, x, /) {
        unary(vm, this, x, "copy_negate")
    }

    /// `Context.exp(x, /)`.
    builtin method exp(vm, this, x, /) {
        unary(vm, this, x, "exp")
    }

    /// `Context.is_canonical(x, /)`.
    builtin method is_canonical(vm, this, x, /) {
        predicate(vm, x, "is_canonical")
    }

    /// `Context.is_finite(x, /)`.
    builtin method is_finite(vm, this, x, /) {
        predicate(vm, x, "is_finite")
    }

    /// `Context.is_infinite(x, /)`.
    builtin method is_infinite(vm, this, x, /) {
        predicate(vm, x, "is_infinite")
    }

    /// `Context.is_nan(x, /)`.
    builtin method is_nan(vm, this, x, /) {
        predicate(vm, x, "is_nan")
    }

    /// `Context.is_normal(x, /)`.
    builtin method is_normal(vm, this, x, /) {
        let a = convert(vm, x)?;
        Ok(Value::Bool(named::is_normal(&a, &ctx(vm, this))))
    }

    /// `Context.is_qnan(x, /)`.
    builtin method is_qnan(vm, this, x, /) {
        predicate(vm, x, "is_qnan")
    }

    /// `Context.is_signed(x, /)`.
    builtin method is_signed(vm, this, x, /) {
        predicate(vm, x, "is_signed")
    }

    /// `Context.is_snan(x, /)`.
    builtin method is_snan(vm, this, x, /) {
        predicate(vm, x, "is_snan")
    }

    /// `Context.is_subnormal(x, /)`.
    builtin method is_subnormal(vm, this, x, /) {
        let a = convert(vm, x)?;
        Ok(Value::Bool(named::is_subnormal(&a, &ctx(vm, this))))
    }

    /// `Context.is_zero(x, /)`.
    builtin method is_zero(vm, this, x, /) {
        predicate(vm, x, "is_zero")
    }

    /// `Context.ln(x, /)`.
    builtin method ln(vm, this, x, /) {
        unary(vm, this, x, "ln")
    }

    /// `Context.log10(x, /)`.
    builtin method log10(vm, this, x, /) {
        unary(vm, this, x, "log10")
    }

    /// `Context.logb(x, /)`.
    builtin method logb(vm, this, x, /) {
        unary(vm, this, x, "logb")
    }

    /// `Context.logical_invert(x, /)`.
    builtin method logical_invert(vm, this, x, /) {
        unary(vm, this, x, "logical_invert")
    }

    /// `Context.minus(x, /)`.
    builtin method minus(vm, this, x, /) {
        unary(vm, this, x, "minus")
    }

    /// `Context.next_minus(x, /)`.
    builtin method next_minus(vm, this, x, /) {
        unary(vm, this, x, "next_minus")
    }

    /// `Context.next_plus(x, /)`.
    builtin method next_plus(vm, this, x, /) {
        unary(vm, this, x, "next_plus")
    }

    /// `Context.normalize(x, /)`.
    builtin method normalize(vm, this, x, /) {
        unary(vm, this, x, "normalize")
    }

    /// `Context.number_class(x, /)`.
    builtin method number_class(vm, this, x, /) {
        let a = convert(vm, x)?;
        let class = named::number_class(&a, &ctx(vm, this));
        Ok(vm.new_str(class))
    }

    /// `Context.plus(x, /)`.
    builtin method plus(vm, this, x, /) {
        unary(vm, this, x, "plus")
    }

    /// `Context.sqrt(x, /)`.
    builtin method sqrt(vm, this, x, /) {
        unary(vm, this, x, "sqrt")
    }

    /// `Context.to_eng_string(x, /)`.
    builtin method to_eng_string(vm, this, x, /) {
        let a = convert(vm, x)?;
        let caps = ctx(vm, this).capitals;
        Ok(vm.new_str(number::to_eng(&a, caps)))
    }

    /// `Context.to_sci_string(x, /)`.
    builtin method to_sci_string(vm, this, x, /) {
        let a = convert(vm, x)?;
        let caps = ctx(vm, this).capitals;
        Ok(vm.new_str(number::to_sci(&a, caps)))
    }

    /// `Context.to_integral_value(x, /)` (and `to_integral`).
    builtin method to_integral_value(vm, this, x, /) {
        integral(vm, this, x, false)
    }

    /// `Context.to_integral_exact(x, /)`.
    builtin method to_integral_exact(vm, this, x, /) {
        integral(vm, this, x, true)
    }

    /// `Context._apply(x, /)`.
    builtin method apply_method(vm, this, x, /) {
        unary(vm, this, x, "_apply")
    }

    /// `Context.create_decimal_from_float(f, /)`.
    builtin method create_decimal_from_float(vm, this, f, /) {
        let d = match f {
            Value::Float(x) => Dec::from_f64(x),
            _ => match vm.as_num(f) {
                Some(crate::vm::ops::Num::Int(i)) => Dec::from_i64(i),
                Some(crate::vm::ops::Num::Big(b)) => Dec::from_bigint(&b),
                _ => return Err(PyErr::type_error("argument must be int or float")),
            },
        };
        let r = run(vm, this, |c, st| apply(&d, c, st))?;
        Ok(new_dec(vm, r))
    }

    /// `Context.create_decimal(num="0", /)` (`"|O"`).
    getargs method create_decimal as "" (vm, this, num?, /) {
        let d = match num {
            None => Dec::zero(),
            Some(v) => ops::value_to_dec(vm, v, this, true)?,
        };
        let r = run(vm, this, |c, st| apply(&d, c, st))?;
        Ok(new_dec(vm, r))
    }

    /// `Context.add(x, y, /)` (`"OO"`).
    getargs method add as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "add")
    }

    /// `Context.compare(x, y, /)`.
    getargs method compare as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "compare")
    }

    /// `Context.compare_signal(x, y, /)`.
    getargs method compare_signal as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "compare_signal")
    }

    /// `Context.compare_total(x, y, /)`.
    getargs method compare_total as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "compare_total")
    }

    /// `Context.compare_total_mag(x, y, /)`.
    getargs method compare_total_mag as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "compare_total_mag")
    }

    /// `Context.copy_sign(x, y, /)`.
    getargs method copy_sign as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "copy_sign")
    }

    /// `Context.divide(x, y, /)`.
    getargs method divide as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "divide")
    }

    /// `Context.divide_int(x, y, /)`.
    getargs method divide_int as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "divide_int")
    }

    /// `Context.divmod(x, y, /)`: `(x // y, x % y)`.
    getargs method divmod as "" (vm, this, x, y, /) {
        let a = convert(vm, x)?;
        let b = convert(vm, y)?;
        let mut st = 0;
        let (q, r) = super::arith::divmod(&a, &b, &ctx(vm, this), &mut st);
        super::signal(vm, this, st)?;
        let q = new_dec(vm, q);
        let r = new_dec(vm, r);
        Ok(vm.new_tuple(vec![q, r]))
    }

    /// `Context.logical_and(x, y, /)`.
    getargs method logical_and as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "logical_and")
    }

    /// `Context.logical_or(x, y, /)`.
    getargs method logical_or as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "logical_or")
    }

    /// `Context.logical_xor(x, y, /)`.
    getargs method logical_xor as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "logical_xor")
    }

    /// `Context.max(x, y, /)`.
    getargs method max as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "max")
    }

    /// `Context.max_mag(x, y, /)`.
    getargs method max_mag as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "max_mag")
    }

    /// `Context.min(x, y, /)`.
    getargs method min as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "min")
    }

    /// `Context.min_mag(x, y, /)`.
    getargs method min_mag as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "min_mag")
    }

    /// `Context.multiply(x, y, /)`.
    getargs method multiply as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "multiply")
    }

    /// `Context.next_toward(x, y, /)`.
    getargs method next_toward as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "next_toward")
    }

    /// `Context.quantize(x, y, /)`.
    getargs method quantize as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "quantize")
    }

    /// `Context.remainder(x, y, /)`.
    getargs method remainder as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "remainder")
    }

    /// `Context.remainder_near(x, y, /)`.
    getargs method remainder_near as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "remainder_near")
    }

    /// `Context.rotate(x, y, /)`.
    getargs method rotate as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "rotate")
    }

    /// `Context.same_quantum(x, y, /)`.
    getargs method same_quantum as "" (vm, this, x, y, /) {
        let a = convert(vm, x)?;
        let b = convert(vm, y)?;
        Ok(Value::Bool(named::same_quantum(&a, &b)))
    }

    /// `Context.scaleb(x, y, /)`.
    getargs method scaleb as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "scaleb")
    }

    /// `Context.shift(x, y, /)`.
    getargs method shift as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "shift")
    }

    /// `Context.subtract(x, y, /)`.
    getargs method subtract as "" (vm, this, x, y, /) {
        binary(vm, this, x, y, "subtract")
    }

    /// `Context.fma(x, y, z, /)` (`"OOO"`).
    getargs method fma as "" (vm, this, x, y, z, /) {
        let a = convert(vm, x)?;
        let b = convert(vm, y)?;
        let c3 = convert(vm, z)?;
        let r = run(vm, this, |c, st| super::arith::fma(&a, &b, &c3, c, st))?;
        Ok(new_dec(vm, r))
    }

    /// `Context.power(a, b, modulo=None)`.
    keywords method power as "" (vm, this, a, b, modulo?) {
        let x = convert(vm, a)?;
        let y = convert(vm, b)?;
        let r = match modulo {
            None | Some(Value::None) => run(vm, this, |c, st| super::math::power(&x, &y, c, st))?,
            Some(m) => {
                let z = convert(vm, m)?;
                run(vm, this, |c, st| super::math::power_mod(&x, &y, &z, c, st))?
            }
        };
        Ok(new_dec(vm, r))
    }
}
