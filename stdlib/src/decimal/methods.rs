//! `Decimal`'s named methods as Python calls them: argument binding
//! with `_decimal`'s messages, the optional `context=`, and the methods
//! that build Python values (`as_tuple`, `as_integer_ratio`, ...).

use num_traits::Zero;

use super::arith;
use super::context::*;
use super::named::*;
use super::number::{self, Dec, Kind};
use super::ops::{parse_args, round_impl, rounding_arg, run, to_f64, to_int};
use super::{convert, ctx_of, new_dec, pick_ctx};
use crate::builtins::Args;
use crate::object::{ExcType, Obj, ObjId, Value};
use crate::objects::NativeObj;
use crate::vm::call::Kwargs;
use crate::vm::{as_str, PyErr, PyResult, Vm};

fn dec(vm: &Vm, id: ObjId) -> Dec {
    match vm.heap.get(id) {
        Obj::Native(NativeObj::Decimal(d)) => (**d).clone(),
        _ => unreachable!("a Decimal"),
    }
}

/// Methods that take no arguments at all.
const NO_ARG: &[&str] = &[
    "adjusted",
    "as_integer_ratio",
    "as_tuple",
    "canonical",
    "conjugate",
    "copy_abs",
    "copy_negate",
    "is_canonical",
    "is_finite",
    "is_infinite",
    "is_nan",
    "is_qnan",
    "is_signed",
    "is_snan",
    "is_zero",
    "radix",
    "__copy__",
    "__float__",
    "__int__",
    "__floor__",
    "__ceil__",
    "__trunc__",
    "__complex__",
    "__reduce__",
];

/// Methods taking only `context=None`.
const CTX_ONLY: &[&str] = &[
    "exp",
    "ln",
    "log10",
    "logb",
    "logical_invert",
    "next_minus",
    "next_plus",
    "normalize",
    "number_class",
    "sqrt",
    "to_eng_string",
    "is_normal",
    "is_subnormal",
];

/// Methods taking `other, context=None`.
const OTHER_CTX: &[&str] = &[
    "compare",
    "compare_signal",
    "compare_total",
    "compare_total_mag",
    "copy_sign",
    "logical_and",
    "logical_or",
    "logical_xor",
    "max",
    "max_mag",
    "min",
    "min_mag",
    "next_toward",
    "remainder_near",
    "rotate",
    "same_quantum",
    "scaleb",
    "shift",
];

const OTHERS: &[&str] = &[
    "fma",
    "quantize",
    "to_integral",
    "to_integral_exact",
    "to_integral_value",
    "__round__",
    "__format__",
    "__deepcopy__",
    "__reduce_ex__",
];

pub fn has_method(name: &str) -> bool {
    NO_ARG.contains(&name)
        || CTX_ONLY.contains(&name)
        || OTHER_CTX.contains(&name)
        || OTHERS.contains(&name)
}

/// A Decimal method call.
pub fn call_method(
    vm: &mut Vm,
    id: ObjId,
    name: &str,
    args: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Option<Value>> {
    if !has_method(name) {
        return Ok(None);
    }
    let me = dec(vm, id);
    let a = Args::new("", args, kw);
    if NO_ARG.contains(&name) {
        if !a.pos.is_empty() || !a.kw.is_empty() {
            return Err(PyErr::type_error(format!(
                "Decimal.{name}() takes no arguments ({} given)",
                a.pos.len() + a.kw.len()
            )));
        }
        return no_arg_method(vm, id, &me, name).map(Some);
    }
    if CTX_ONLY.contains(&name) {
        let s = parse_args(&a, &["context"], 0)?;
        let ctx = pick_ctx(vm, s[0])?;
        let c = ctx_of(vm, ctx).expect("context").clone();
        let v = match name {
            "number_class" => vm.new_str(number_class(&me, &c)),
            "is_normal" => Value::Bool(is_normal(&me, &c)),
            "is_subnormal" => Value::Bool(is_subnormal(&me, &c)),
            "to_eng_string" => vm.new_str(number::to_eng(&me, c.capitals)),
            _ => {
                let f = unary_op(name).expect("a unary op");
                let r = run(vm, ctx, |c, st| f(&me, c, st))?;
                new_dec(vm, r)
            }
        };
        return Ok(Some(v));
    }
    if OTHER_CTX.contains(&name) {
        let s = parse_args(&a, &["other", "context"], 1)?;
        let ctx = pick_ctx(vm, s[1])?;
        let other = convert(vm, s[0].expect("required"))?;
        if name == "same_quantum" {
            return Ok(Some(Value::Bool(same_quantum(&me, &other))));
        }
        let f = binary_op(name).expect("a binary op");
        let r = run(vm, ctx, |c, st| f(&me, &other, c, st))?;
        return Ok(Some(new_dec(vm, r)));
    }
    let v = match name {
        "fma" => {
            let s = parse_args(&a, &["other", "third", "context"], 2)?;
            let ctx = pick_ctx(vm, s[2])?;
            let b = convert(vm, s[0].expect("required"))?;
            let c3 = convert(vm, s[1].expect("required"))?;
            let r = run(vm, ctx, |c, st| arith::fma(&me, &b, &c3, c, st))?;
            new_dec(vm, r)
        }
        "quantize" => {
            let s = parse_args(&a, &["exp", "rounding", "context"], 1)?;
            let rounding = rounding_arg(vm, s[1])?;
            let ctx = pick_ctx(vm, s[2])?;
            let q = convert(vm, s[0].expect("required"))?;
            let r = run(vm, ctx, |c, st| {
                arith::quantize(&me, &q, rounding.unwrap_or(c.rounding), c, st)
            })?;
            new_dec(vm, r)
        }
        "to_integral" | "to_integral_exact" | "to_integral_value" => {
            let s = parse_args(&a, &["rounding", "context"], 0)?;
            let rounding = rounding_arg(vm, s[0])?;
            let ctx = pick_ctx(vm, s[1])?;
            let exact = name == "to_integral_exact";
            let r = run(vm, ctx, |c, st| {
                arith::to_integral(&me, rounding.unwrap_or(c.rounding), c, st, exact)
            })?;
            new_dec(vm, r)
        }
        "__round__" => {
            if a.pos.len() > 1 {
                return Err(PyErr::type_error(format!(
                    "__round__ expected at most 1 argument, got {}",
                    a.pos.len()
                )));
            }
            round_impl(vm, me, a.pos.first().copied())?
        }
        "__format__" => {
            let spec = a.pos.first().copied().unwrap_or(Value::None);
            let Some(spec) = as_str(&vm.heap, spec).map(str::to_string) else {
                return Err(PyErr::type_error("format arg must be str"));
            };
            if let Some(o) = a.pos.get(1) {
                if !matches!(*o, Value::Ref(d) if matches!(vm.heap.get(d), Obj::Dict(_))) {
                    return Err(PyErr::type_error("optional argument must be a dict"));
                }
            }
            let s = super::format::format(vm, &me, &spec)?;
            vm.new_str(s)
        }
        "__deepcopy__" => Value::Ref(id),
        "__reduce_ex__" => no_arg_method(vm, id, &me, "__reduce__")?,
        _ => return Ok(None),
    };
    Ok(Some(v))
}

fn no_arg_method(vm: &mut Vm, id: ObjId, me: &Dec, name: &str) -> PyResult<Value> {
    if let Some(b) = predicate(name, me) {
        return Ok(Value::Bool(b));
    }
    Ok(match name {
        "adjusted" => Value::Int(me.adjusted()),
        "radix" => new_dec(vm, Dec::from_i64(10)),
        "canonical" | "conjugate" | "__copy__" => Value::Ref(id),
        "copy_abs" => new_dec(vm, me.abs()),
        "copy_negate" => new_dec(vm, me.negated()),
        "__float__" => Value::Float(to_f64(me)?),
        "__int__" | "__trunc__" => to_int(vm, me, Rounding::Down)?,
        "__floor__" => to_int(vm, me, Rounding::Floor)?,
        "__ceil__" => to_int(vm, me, Rounding::Ceiling)?,
        "__complex__" => {
            let re = to_f64(me)?;
            vm.new_complex(crate::object::complex::Complex::new(re, 0.0))
        }
        "__reduce__" => {
            let cls = Value::Native(crate::NativeId {
                module: super::module_index(),
                func: super::DECIMAL,
            });
            let s = number::to_sci(me, true);
            let s = vm.new_str(s);
            let args = vm.new_tuple(vec![s]);
            vm.new_tuple(vec![cls, args])
        }
        "as_integer_ratio" => {
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
            vm.new_tuple(vec![n, d])
        }
        "as_tuple" => as_tuple(vm, me)?,
        _ => unreachable!("listed no-argument method"),
    })
}

/// `as_tuple()`: a `DecimalTuple(sign, digits, exponent)`.
fn as_tuple(vm: &mut Vm, me: &Dec) -> PyResult<Value> {
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
