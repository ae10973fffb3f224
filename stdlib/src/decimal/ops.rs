//! The Python face of `Decimal`: the constructor and class methods,
//! operators, comparisons and hashing (consistent with `int` and `float`
//! so equal numbers are one dict key), conversions (`int`, `float`,
//! `round`, `math.floor`...) and the named methods, which share their
//! operation tables with `Context`'s methods.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use std::cmp::Ordering;

use super::arith;
use super::context::*;
use super::named::BinaryFn;
use super::number::{self, cmp_num, Dec, Kind};
use super::{convert, ctx_of, dec_of, new_dec, operand, pick_ctx, signal};
use crate::object::{ExcType, HashKey, Obj, ObjId, Value};
use crate::objects::native_of;
use crate::objects::NativeObj;
use crate::vm::{as_str, PyErr, PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp};

/// Runs `f` in context `ctx` and reports its signals there.
pub fn run(vm: &mut Vm, ctx: Value, f: impl FnOnce(&Ctx, &mut Status) -> Dec) -> PyResult<Dec> {
    let c = ctx_of(vm, ctx).expect("a context").clone();
    let mut st = 0;
    let r = f(&c, &mut st);
    signal(vm, ctx, st)?;
    Ok(r)
}

fn dec(vm: &Vm, id: ObjId) -> Dec {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::Decimal(d)) => (**d).clone(),
        _ => unreachable!("a Decimal"),
    }
}

native! {
    /// `Decimal(value="0", context=None)`.
    pub keywords fn decimal_new as "" (vm, value?, context?) {
        let ctx = pick_ctx(vm, context)?;
        let Some(v) = value else {
            return Ok(new_dec(vm, Dec::zero()));
        };
        let d = value_to_dec(vm, v, ctx, true)?;
        Ok(new_dec(vm, d))
    }

    /// `Decimal.from_float(f, /)`, a class method.
    pub builtin fn from_float as "from_float" in "Decimal" (vm, f, /) {
        let d = match f {
            Value::Float(x) => Dec::from_f64(x),
            _ => match vm.as_num(f) {
                Some(crate::vm::ops::Num::Int(i)) => Dec::from_i64(i),
                Some(crate::vm::ops::Num::Big(b)) => Dec::from_bigint(&b),
                _ => return Err(PyErr::type_error("argument must be int or float")),
            },
        };
        Ok(new_dec(vm, d))
    }

    /// `Decimal.from_number(number, /)`, a class method.
    pub builtin fn from_number as "from_number" in "Decimal" (vm, number, /) {
        if let Some(d) = dec_of(vm, number) {
            let d = d.clone();
            return Ok(new_dec(vm, d));
        }
        if let Value::Float(f) = number {
            return Ok(new_dec(vm, Dec::from_f64(f)));
        }
        let d = convert(vm, number)?;
        Ok(new_dec(vm, d))
    }
}

/// The exact Decimal of a constructor argument (strings that do not
/// parse signal `ConversionSyntax` in `ctx`; floats `FloatOperation`
/// when `float_signal`).
pub fn value_to_dec(vm: &mut Vm, v: Value, ctx: Value, float_signal: bool) -> PyResult<Dec> {
    if let Some(d) = dec_of(vm, v) {
        return Ok(d.clone());
    }
    match v {
        Value::Float(f) => {
            if float_signal {
                signal(vm, ctx, FLOAT_OP)?;
            }
            return Ok(Dec::from_f64(f));
        }
        Value::Int(i) => return Ok(Dec::from_i64(i)),
        Value::Bool(b) => return Ok(Dec::from_i64(b as i64)),
        _ => {}
    }
    if let Some(crate::vm::ops::Num::Big(b)) = vm.as_num(v) {
        return Ok(Dec::from_bigint(&b));
    }
    if let Some(s) = as_str(&vm.heap, v) {
        return match number::parse(s) {
            Ok(d) => Ok(d),
            Err(_) => {
                signal(vm, ctx, CONVERSION_SYNTAX)?;
                Ok(Dec::nan())
            }
        };
    }
    if let Value::Ref(id) = v {
        let items = match vm.heap.get(id) {
            Obj::List(t) => Some(t.to_vec()),
            Obj::Tuple(t) => Some(t.clone()),
            _ => None,
        };
        let items = match items {
            Some(i) => Some(i),
            None => vm.namedtuple_parts(v).map(|p| p.1),
        };
        if let Some(items) = items {
            return from_tuple(vm, &items);
        }
    }
    Err(PyErr::type_error(format!(
        "conversion from {} to Decimal is not supported",
        super::type_short_name(vm, v)
    )))
}

/// `Decimal((sign, digits, exponent))`.
fn from_tuple(vm: &mut Vm, items: &[Value]) -> PyResult<Dec> {
    if items.len() != 3 {
        return Err(PyErr::value_error(
            "argument must be a sequence of length 3",
        ));
    }
    let neg = match items[0] {
        Value::Int(0) | Value::Bool(false) => false,
        Value::Int(1) | Value::Bool(true) => true,
        _ => {
            return Err(PyErr::value_error(
                "sign must be an integer with the value 0 or 1",
            ))
        }
    };
    let kind = match items[2] {
        Value::Int(_) | Value::Bool(_) => Kind::Finite,
        v => match as_str(&vm.heap, v) {
            Some("F") => Kind::Inf,
            Some("n") => Kind::NaN,
            Some("N") => Kind::SNaN,
            Some(_) => {
                return Err(PyErr::value_error(
                    "string argument in the third position must be 'F', 'n' or 'N'",
                ))
            }
            None => {
                if let Some(crate::vm::ops::Num::Big(_)) = vm.as_num(v) {
                    Kind::Finite
                } else {
                    return Err(PyErr::value_error("exponent must be an integer"));
                }
            }
        },
    };
    let digit_vals = match items[1] {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::List(t) => t.to_vec(),
            Obj::Tuple(t) => t.clone(),
            _ => return Err(PyErr::value_error("coefficient must be a tuple of digits")),
        },
        _ => return Err(PyErr::value_error("coefficient must be a tuple of digits")),
    };
    let mut s = String::with_capacity(digit_vals.len());
    for d in digit_vals {
        match d {
            Value::Int(i) if (0..=9).contains(&i) => s.push((b'0' + i as u8) as char),
            _ => return Err(PyErr::value_error("coefficient must be a tuple of digits")),
        }
    }
    if kind == Kind::Inf {
        return Ok(Dec::inf(neg));
    }
    let coeff: BigUint = if s.is_empty() {
        BigUint::zero()
    } else {
        s.parse().unwrap_or_default()
    };
    if kind != Kind::Finite {
        return Ok(Dec {
            neg,
            kind,
            coeff,
            exp: 0,
        });
    }
    let exp = match vm.as_num(items[2]) {
        Some(crate::vm::ops::Num::Int(i)) => i,
        _ => {
            return Err(PyErr::new(
                ExcType::OverflowError,
                "Python int too large to convert to C ssize_t",
            ))
        }
    };
    Ok(Dec::finite(neg, coeff, exp))
}

/// A rounding argument (`None` means the context's).
pub fn rounding_arg(vm: &Vm, v: Option<Value>) -> PyResult<Option<Rounding>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(v) => match as_str(&vm.heap, v).and_then(Rounding::from_name) {
            Some(r) => Ok(Some(r)),
            None => Err(rounding_error()),
        },
    }
}

pub fn rounding_error() -> PyErr {
    PyErr::type_error(
        "valid values for rounding are:\n  [ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_DOWN,\n   ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN,\n   ROUND_05UP]",
    )
}

/// An operator between a Decimal and a Decimal or int.
pub fn binary(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
    if !super::is_decimal(vm, a) && !super::is_decimal(vm, b) {
        return Ok(None);
    }
    let (Some(x), Some(y)) = (operand(vm, a), operand(vm, b)) else {
        return Ok(None);
    };
    let f: BinaryFn = match op {
        BinOp::Add => arith::add,
        BinOp::Sub => arith::sub,
        BinOp::Mul => arith::mul,
        BinOp::Div => arith::div,
        BinOp::FloorDiv => arith::div_int,
        BinOp::Mod => arith::rem,
        BinOp::Pow => super::math::power,
        _ => return Ok(None),
    };
    let ctx = super::current(vm);
    let r = run(vm, ctx, |c, st| f(&x, &y, c, st))?;
    Ok(Some(new_dec(vm, r)))
}

/// `divmod()` with a Decimal operand.
pub fn divmod(vm: &mut Vm, a: Value, b: Value) -> PyResult<Option<Value>> {
    if !super::is_decimal(vm, a) && !super::is_decimal(vm, b) {
        return Ok(None);
    }
    let (Some(x), Some(y)) = (operand(vm, a), operand(vm, b)) else {
        return Err(PyErr::type_error(format!(
            "unsupported operand type(s) for divmod(): '{}' and '{}'",
            vm.class_name(a),
            vm.class_name(b)
        )));
    };
    let ctx = super::current(vm);
    let c = ctx_of(vm, ctx).expect("context").clone();
    let mut st = 0;
    let (q, r) = arith::divmod(&x, &y, &c, &mut st);
    signal(vm, ctx, st)?;
    let q = new_dec(vm, q);
    let r = new_dec(vm, r);
    Ok(Some(vm.new_tuple(vec![q, r])))
}

/// Three-argument `pow()` with a Decimal operand.
pub fn pow3(vm: &mut Vm, a: Value, b: Value, m: Value) -> PyResult<Option<Value>> {
    if ![a, b, m].iter().any(|v| super::is_decimal(vm, *v)) {
        return Ok(None);
    }
    let (Some(x), Some(y), Some(z)) = (operand(vm, a), operand(vm, b), operand(vm, m)) else {
        return Err(PyErr::type_error(format!(
            "unsupported operand type(s) for ** or pow(): '{}', '{}', '{}'",
            vm.class_name(a),
            vm.class_name(b),
            vm.class_name(m)
        )));
    };
    let ctx = super::current(vm);
    let r = run(vm, ctx, |c, st| super::math::power_mod(&x, &y, &z, c, st))?;
    Ok(Some(new_dec(vm, r)))
}

/// Unary `-`, `+`, `abs()`.
pub fn unary(vm: &mut Vm, v: Value, op: char) -> PyResult<Option<Value>> {
    let Some(d) = dec_of(vm, v).cloned() else {
        return Ok(None);
    };
    let ctx = super::current(vm);
    let r = run(vm, ctx, |c, st| match op {
        '-' => arith::minus(&d, c, st),
        '+' => arith::plus(&d, c, st),
        _ => arith::abs(&d, c, st),
    })?;
    Ok(Some(new_dec(vm, r)))
}

/// Comparisons with Decimals, ints and floats.
pub fn compare(vm: &mut Vm, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
    let (x, y) = match (dec_of(vm, a).cloned(), dec_of(vm, b).cloned()) {
        (None, None) => return Ok(None),
        (Some(x), Some(y)) => (x, y),
        (Some(x), None) => match other_for_compare(vm, op, b)? {
            Some(y) => (x, y),
            None => return Ok(None),
        },
        (None, Some(y)) => match other_for_compare(vm, op, a)? {
            Some(x) => (x, y),
            None => return Ok(None),
        },
    };
    let ordering = matches!(op, CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge);
    if x.is_nan() || y.is_nan() {
        let signaling = x.kind == Kind::SNaN || y.kind == Kind::SNaN;
        if ordering || signaling {
            let ctx = super::current(vm);
            signal(vm, ctx, INVALID)?;
        }
        return Ok(Some(op == CmpOp::Ne));
    }
    let o = cmp_num(&x, &y);
    Ok(Some(match op {
        CmpOp::Eq => o == Ordering::Equal,
        CmpOp::Ne => o != Ordering::Equal,
        CmpOp::Lt => o == Ordering::Less,
        CmpOp::Le => o != Ordering::Greater,
        CmpOp::Gt => o == Ordering::Greater,
        CmpOp::Ge => o != Ordering::Less,
        _ => return Ok(None),
    }))
}

/// The other side of a comparison: ints exactly, floats exactly with the
/// `FloatOperation` signal (trapped only for ordering comparisons), and
/// for `==`/`!=` complex numbers with no imaginary part like their real
/// part (any other complex, or ordering against one, is not comparable).
fn other_for_compare(vm: &mut Vm, op: CmpOp, v: Value) -> PyResult<Option<Dec>> {
    let real_of_complex = match vm.as_complex(v) {
        Some(z) if z.im == 0.0 && matches!(op, CmpOp::Eq | CmpOp::Ne) => Some(z.re),
        Some(_) => return Ok(None),
        None => None,
    };
    if let Some(f) = real_of_complex.or(match v {
        Value::Float(f) => Some(f),
        _ => None,
    }) {
        let ctx = super::current(vm);
        if matches!(op, CmpOp::Eq | CmpOp::Ne) {
            if let Some(c) = super::ctx_mut(vm, ctx) {
                c.flags |= FLOAT_OP as u16;
            }
        } else {
            signal(vm, ctx, FLOAT_OP)?;
        }
        return Ok(Some(Dec::from_f64(f)));
    }
    Ok(operand(vm, v))
}

/// The dict key: equal to the key of an equal int or float.
pub fn hash(vm: &mut Vm, id: ObjId) -> PyResult<HashKey> {
    let d = dec(vm, id);
    match d.kind {
        Kind::SNaN => return Err(PyErr::type_error("Cannot hash a signaling NaN value")),
        Kind::NaN => return Ok(HashKey::Id(id.0)),
        Kind::Inf => {
            let f = if d.neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            };
            return Ok(HashKey::Float(f.to_bits()));
        }
        Kind::Finite => {}
    }
    if d.is_integral() {
        // ints this long are out of practical reach; their key need
        // not match (and building it would be slow)
        let max_digits = 100_000;
        if let Some(b) = d.to_bigint_trunc(max_digits) {
            return Ok(match b.to_i64() {
                Some(i) => HashKey::Int(i),
                None => HashKey::Big(Box::new(b)),
            });
        }
    }
    if let Some(f) = d.to_f64() {
        if f.is_finite() && f != 0.0 && cmp_num(&Dec::from_f64(f), &d) == Ordering::Equal {
            return Ok(HashKey::Float(f.to_bits()));
        }
    }
    let s = d.stripped();
    let c = num_bigint::BigInt::from(s.coeff.clone());
    Ok(HashKey::Tuple(
        vec![
            HashKey::Str("decimal.Decimal".into()),
            HashKey::Big(Box::new(if s.neg { -c } else { c })),
            HashKey::Int(s.exp),
        ]
        .into_boxed_slice(),
    ))
}

fn capitals(vm: &mut Vm) -> bool {
    let c = super::current(vm);
    ctx_of(vm, c).is_none_or(|c| c.capitals)
}

pub fn str_of(vm: &mut Vm, id: ObjId) -> String {
    let d = dec(vm, id);
    let caps = capitals(vm);
    number::to_sci(&d, caps)
}

pub fn repr(vm: &mut Vm, id: ObjId) -> String {
    format!("Decimal('{}')", str_of(vm, id))
}

/// `float(d)`.
pub fn to_f64(d: &Dec) -> PyResult<f64> {
    d.to_f64()
        .ok_or_else(|| PyErr::value_error("cannot convert signaling NaN to float"))
}

/// `float()` of a Decimal value, `None` for other values.
pub fn float_of(vm: &Vm, v: Value) -> Option<PyResult<f64>> {
    dec_of(vm, v).map(to_f64)
}

/// The integer of `d` rounded by `mode` (`int()`, `round()`, `math.floor`).
pub fn to_int(vm: &mut Vm, d: &Dec, mode: Rounding) -> PyResult<Value> {
    match d.kind {
        Kind::NaN | Kind::SNaN => return Err(PyErr::value_error("cannot convert NaN to integer")),
        Kind::Inf => {
            return Err(PyErr::new(
                ExcType::OverflowError,
                "cannot convert Infinity to integer",
            ))
        }
        Kind::Finite => {}
    }
    let r = if d.exp < 0 {
        arith::rescale(d, 0, mode, 0).expect("no padding").0
    } else {
        d.clone()
    };
    if r.exp > 0 && !r.coeff.is_zero() {
        let digits = r.digits() + r.exp as u64;
        vm.check_alloc(digits as u128 * 415 / 1000)?;
    }
    let b = r.to_bigint_trunc(u64::MAX).unwrap_or_default();
    Ok(super::int_value(vm, b))
}

/// `int()` of a Decimal value, `None` for other values.
pub fn int_of(vm: &mut Vm, v: Value) -> Option<PyResult<Value>> {
    let d = dec_of(vm, v)?.clone();
    Some(to_int(vm, &d, Rounding::Down))
}

/// `round(d[, n])`.
pub fn round(vm: &mut Vm, v: Value, nd: Option<Value>) -> Option<PyResult<Value>> {
    let d = dec_of(vm, v)?.clone();
    Some(round_impl(vm, d, nd))
}

pub fn round_impl(vm: &mut Vm, d: Dec, nd: Option<Value>) -> PyResult<Value> {
    match nd {
        None | Some(Value::None) => to_int(vm, &d, Rounding::HalfEven),
        Some(n) => {
            let n = match vm.as_num(n) {
                Some(crate::vm::ops::Num::Int(i)) => i,
                Some(crate::vm::ops::Num::Big(_)) => {
                    return Err(PyErr::new(
                        ExcType::OverflowError,
                        "Python int too large to convert to C ssize_t",
                    ))
                }
                _ => return Err(PyErr::type_error("optional arg must be an integer")),
            };
            let ctx = super::current(vm);
            let q = Dec::finite(false, BigUint::from(1u32), n.saturating_neg());
            let r = run(vm, ctx, |c, st| arith::quantize(&d, &q, c.rounding, c, st))?;
            Ok(new_dec(vm, r))
        }
    }
}

/// `math.floor` / `math.ceil` / `math.trunc` of a Decimal.
pub fn floor_ceil(vm: &mut Vm, v: Value, mode: Rounding) -> Option<PyResult<Value>> {
    let d = dec_of(vm, v)?.clone();
    Some(to_int(vm, &d, mode))
}

/// Attributes that are not methods.
pub fn getattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<Value> {
    match name {
        "real" => Some(Value::Ref(id)),
        "imag" => Some(new_dec(vm, Dec::zero())),
        _ => None,
    }
}

pub fn setattr(vm: &Vm, id: ObjId, name: &str) -> PyErr {
    let _ = (vm, id);
    if name == "real" || name == "imag" {
        return PyErr::new(
            ExcType::AttributeError,
            format!("attribute '{name}' of 'decimal.Decimal' objects is not writable"),
        );
    }
    PyErr::new(
        ExcType::AttributeError,
        format!("'decimal.Decimal' object has no attribute '{name}' and no __dict__ for setting new attributes"),
    )
}

/// Class attributes of `Decimal`: `from_float`, `from_number`.
pub fn type_getattr(vm: &mut Vm, name: &str) -> Option<Value> {
    let _ = vm;
    match name {
        "from_float" | "from_number" => Some(Value::Native(crate::NativeId {
            module: super::module_index(),
            func: if name == "from_float" {
                super::FROM_FLOAT
            } else {
                super::FROM_NUMBER
            },
        })),
        _ => None,
    }
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::collections::namedtuple::NamedtupleVm;
use crate::objects::prelude as np;

/// `decimal.Decimal`.
pub struct DecimalType;

impl np::NativeType for DecimalType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "decimal.Decimal"
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(getattr(vm, id, name))
    }

    fn setattr(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        _: np::Value,
    ) -> Option<np::PyResult<()>> {
        Some(Err(setattr(vm, id, name)))
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        crate::native::has_method(super::methods::METHODS, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        let table = super::methods::METHODS;
        crate::native::call_method(table, "Decimal", vm, np::Value::Ref(id), name, args, kw)
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(repr(vm, id))
    }

    fn str(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(str_of(vm, id))
    }

    fn compare(
        vm: &mut np::Vm,
        op: np::CmpOp,
        a: np::Value,
        b: np::Value,
    ) -> np::PyResult<Option<bool>> {
        compare(vm, op, a, b)
    }

    fn hash(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::HashKey>> {
        hash(vm, id).map(Some)
    }

    fn binary(
        vm: &mut np::Vm,
        op: np::BinOp,
        a: np::Value,
        b: np::Value,
        _inplace: bool,
    ) -> np::PyResult<Option<np::Value>> {
        binary(vm, op, a, b)
    }

    fn unary(vm: &mut np::Vm, v: np::Value, op: char) -> np::PyResult<Option<np::Value>> {
        unary(vm, v, op)
    }

    fn truthy(vm: &mut np::Vm, id: np::ObjId) -> bool {
        !matches!(np::obj(vm, id), np::NativeObj::Decimal(d) if d.is_zero())
    }

    fn format(vm: &mut np::Vm, id: np::ObjId, spec: &str) -> np::PyResult<Option<String>> {
        let np::NativeObj::Decimal(d) = np::obj(vm, id) else {
            return Ok(None);
        };
        let d = (**d).clone();
        super::format::format(vm, &d, spec).map(Some)
    }
}
