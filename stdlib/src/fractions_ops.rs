//! `fractions.Fraction`'s arithmetic: the operators with ints, floats,
//! complex numbers and other fractions (CPython's `_operator_fallbacks`:
//! exact with rationals, through `float()` otherwise), `**`, comparisons
//! (exact against floats), hashing equal to the hash of an equal int or
//! float, `round`, `math.floor`/`ceil`/`trunc`, `divmod`, `int()` and
//! `float()`. The type itself is in [`super::fractions`].

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::objects::NativeObj;
use crate::object::complex::Complex;
use crate::object::{ExcType, HashKey, Obj, ObjId, Value};
use crate::objects::native_of;
use crate::vm::ops::Num;
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp};

/// A fraction's numerator and (positive) denominator, in lowest terms.
pub type Ratio = (BigInt, BigInt);

/// The value of a `Fraction` object.
pub fn frac_of(vm: &Vm, v: Value) -> Option<Ratio> {
    match v {
        Value::Ref(id) => match native_of(vm.heap.get(id)) {
            Some(NativeObj::Fraction(r)) => Some((r.0.clone(), r.1.clone())),
            _ => None,
        },
        _ => None,
    }
}

/// The value of a rational operand: a `Fraction`, an int or a bool.
pub fn rational_of(vm: &Vm, v: Value) -> Option<Ratio> {
    if let Some(r) = frac_of(vm, v) {
        return Some(r);
    }
    match vm.as_num(v) {
        Some(Num::Int(i)) => Some((BigInt::from(i), BigInt::one())),
        Some(Num::Big(b)) => Some((b, BigInt::one())),
        _ => None,
    }
}

/// A new `Fraction` from coprime parts with a positive denominator.
pub fn new_frac(vm: &mut Vm, num: BigInt, den: BigInt) -> Value {
    vm.heap
        .new_value(Obj::from(NativeObj::Fraction(Box::new((num, den)))))
}

/// `Fraction(num, den)`: normalized (sign on the numerator, lowest terms).
///
/// # Errors
/// `ZeroDivisionError('Fraction(num, 0)')`.
pub fn make(vm: &mut Vm, num: BigInt, den: BigInt) -> PyResult<Value> {
    if den.is_zero() {
        return Err(PyErr::new(
            ExcType::ZeroDivisionError,
            format!("Fraction({num}, 0)"),
        ));
    }
    let g = num.gcd(&den);
    let (mut n, mut d) = if g.is_one() || g.is_zero() {
        (num, den)
    } else {
        (num / &g, den / &g)
    };
    if d.is_negative() {
        n = -n;
        d = -d;
    }
    Ok(new_frac(vm, n, d))
}

/// The exact ratio of a finite float.
pub fn float_ratio(x: f64) -> Ratio {
    if x == 0.0 {
        return (BigInt::zero(), BigInt::one());
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let mut mant = bits & ((1u64 << 52) - 1);
    let mut e = if exp == 0 {
        -1074
    } else {
        mant |= 1u64 << 52;
        exp - 1075
    };
    let tz = i64::from(mant.trailing_zeros());
    let (num, den) = if e >= 0 {
        (BigInt::from(mant) << e as usize, BigInt::one())
    } else {
        let shift = tz.min(-e);
        mant >>= shift;
        e += shift;
        (BigInt::from(mant), BigInt::one() << (-e) as usize)
    };
    let num = if x < 0.0 { -num } else { num };
    (num, den)
}

/// `float(fraction)`: the correctly rounded quotient.
pub fn to_float(r: &Ratio) -> PyResult<f64> {
    crate::object::int::true_div(&r.0, &r.1).ok_or_else(|| {
        PyErr::new(
            ExcType::OverflowError,
            "integer division result too large for a float",
        )
    })
}

fn int_value(vm: &mut Vm, n: BigInt) -> Value {
    crate::object::int::from_bigint(&mut vm.heap, n)
}

/// `a op b` on two rationals.
fn exact(vm: &mut Vm, op: BinOp, a: Ratio, b: Ratio) -> PyResult<Option<Value>> {
    let ((na, da), (nb, db)) = (a, b);
    let zero_div = |m: &str| PyErr::new(ExcType::ZeroDivisionError, m.to_string());
    Ok(Some(match op {
        BinOp::Add => make(vm, &na * &db + &nb * &da, da * db)?,
        BinOp::Sub => make(vm, &na * &db - &nb * &da, da * db)?,
        BinOp::Mul => make(vm, na * nb, da * db)?,
        BinOp::Div => {
            if nb.is_zero() {
                // CPython names the divisor's denominator (always 1)
                return Err(PyErr::new(
                    ExcType::ZeroDivisionError,
                    format!("Fraction({db}, 0)"),
                ));
            }
            make(vm, na * db, da * nb)?
        }
        BinOp::FloorDiv => {
            let den = da * nb;
            if den.is_zero() {
                return Err(zero_div("integer division or modulo by zero"));
            }
            int_value(vm, (na * db).div_floor(&den))
        }
        BinOp::Mod => {
            let m = &nb * &da;
            if m.is_zero() {
                return Err(zero_div("integer modulo by zero"));
            }
            make(vm, (na * &db).mod_floor(&m), da * db)?
        }
        BinOp::Pow => return power(vm, (na, da), (nb, db)).map(Some),
        _ => return Ok(None),
    }))
}

/// `a ** b` for a fraction `a` and a rational `b`.
fn power(vm: &mut Vm, a: Ratio, b: Ratio) -> PyResult<Value> {
    let (na, da) = a;
    let (nb, db) = b;
    if !db.is_one() {
        // a fractional power: through floats
        let x = to_float(&(na, da))?;
        let y = to_float(&(nb, db))?;
        return vm.binary_op(BinOp::Pow, Value::Float(x), Value::Float(y), false);
    }
    let Some(p) = nb.abs().to_u32() else {
        return Err(PyErr::new(ExcType::MemoryError, ""));
    };
    // an estimate of the result's size, refused before computing it
    let bits = na.bits().max(da.bits()) as u128 * u128::from(p);
    vm.check_alloc(bits / 8)?;
    if !nb.is_negative() {
        return Ok(new_frac(vm, na.pow(p), da.pow(p)));
    }
    if na.is_zero() {
        return Err(PyErr::new(
            ExcType::ZeroDivisionError,
            format!("Fraction({}, 0)", da.pow(p)),
        ));
    }
    if na.is_positive() {
        Ok(new_frac(vm, da.pow(p), na.pow(p)))
    } else {
        Ok(new_frac(vm, (-da).pow(p), (-na).pow(p)))
    }
}

fn is_float(v: Value) -> bool {
    matches!(v, Value::Float(_))
}

fn complex_of(vm: &Vm, v: Value) -> Option<Complex> {
    match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Complex(c) => Some(*c),
            _ => None,
        },
        _ => None,
    }
}

/// A binary operator where `a` or `b` is a `Fraction`.
pub fn binary(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
    if let Some(fa) = frac_of(vm, a) {
        if let Some(rb) = rational_of(vm, b) {
            return exact(vm, op, fa, rb);
        }
        if is_float(b) {
            let x = Value::Float(to_float(&fa)?);
            return fallback(vm, op, x, b).map(Some);
        }
        if complex_of(vm, b).is_some() {
            if op == BinOp::FloorDiv || op == BinOp::Mod {
                return Ok(None);
            }
            let x = vm.new_complex(Complex::new(to_float(&fa)?, 0.0));
            return fallback(vm, op, x, b).map(Some);
        }
        return Ok(None);
    }
    let Some(fb) = frac_of(vm, b) else {
        return Ok(None);
    };
    if op == BinOp::Pow {
        return rpow(vm, a, fb);
    }
    if let Some(ra) = rational_of(vm, a) {
        return exact(vm, op, ra, fb);
    }
    if is_float(a) {
        let y = Value::Float(to_float(&fb)?);
        return fallback(vm, op, a, y).map(Some);
    }
    if complex_of(vm, a).is_some() {
        if op == BinOp::FloorDiv || op == BinOp::Mod {
            return Ok(None);
        }
        let y = vm.new_complex(Complex::new(to_float(&fb)?, 0.0));
        return fallback(vm, op, a, y).map(Some);
    }
    Ok(None)
}

/// The operator on plain numbers.
fn fallback(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Value> {
    vm.binary_op(op, a, b, false)
}

/// `a ** b` where `b` is a `Fraction` and `a` is not.
fn rpow(vm: &mut Vm, a: Value, b: Ratio) -> PyResult<Option<Value>> {
    let (nb, db) = b;
    if db.is_one() && !nb.is_negative() {
        // an int stays an int where it can
        let e = int_value(vm, nb);
        return fallback(vm, BinOp::Pow, a, e).map(Some);
    }
    if let Some(ra) = rational_of(vm, a) {
        return power(vm, ra, (nb, db)).map(Some);
    }
    if !is_float(a) && complex_of(vm, a).is_none() {
        return Ok(None);
    }
    let e = if db.is_one() {
        int_value(vm, nb)
    } else {
        Value::Float(to_float(&(nb, db))?)
    };
    fallback(vm, BinOp::Pow, a, e).map(Some)
}

/// `divmod(a, b)` where one is a `Fraction`.
pub fn divmod(vm: &mut Vm, a: Value, b: Value) -> PyResult<Option<Value>> {
    let (fa, fb) = (frac_of(vm, a), frac_of(vm, b));
    if fa.is_none() && fb.is_none() {
        return Ok(None);
    }
    if let (Some((na, da)), Some((nb, db))) = (rational_of(vm, a), rational_of(vm, b)) {
        let den = &da * &nb;
        if den.is_zero() {
            return Err(PyErr::new(
                ExcType::ZeroDivisionError,
                "integer division or modulo by zero",
            ));
        }
        let (q, r) = (na * &db).div_mod_floor(&den);
        let q = int_value(vm, q);
        let r = make(vm, r, da * db)?;
        return Ok(Some(vm.new_tuple(vec![q, r])));
    }
    // a float operand: divmod(float(a), float(b))
    let other = if fa.is_some() { b } else { a };
    if !is_float(other) {
        return Ok(None);
    }
    let x = match fa {
        Some(r) => Value::Float(to_float(&r)?),
        None => a,
    };
    let y = match fb {
        Some(r) => Value::Float(to_float(&r)?),
        None => b,
    };
    let f = vm.builtin_by_name("divmod")?;
    vm.call_value(f, vec![x, y], Vec::new()).map(Some)
}

/// `-f`, `+f`, `abs(f)`.
pub fn unary(vm: &mut Vm, v: Value, op: char) -> Option<Value> {
    let (n, d) = frac_of(vm, v)?;
    Some(match op {
        '-' => new_frac(vm, -n, d),
        'a' => new_frac(vm, n.abs(), d),
        _ => new_frac(vm, n, d),
    })
}

fn order(op: CmpOp, o: std::cmp::Ordering) -> Option<bool> {
    use std::cmp::Ordering::*;
    Some(match op {
        CmpOp::Eq => o == Equal,
        CmpOp::Ne => o != Equal,
        CmpOp::Lt => o == Less,
        CmpOp::Le => o != Greater,
        CmpOp::Gt => o == Greater,
        CmpOp::Ge => o != Less,
        _ => return None,
    })
}

fn cmp_ratio(a: &Ratio, b: &Ratio) -> std::cmp::Ordering {
    (&a.0 * &b.1).cmp(&(&b.0 * &a.1))
}

/// A comparison where `a` or `b` is a `Fraction` (`None`: unsupported).
pub fn compare(vm: &mut Vm, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
    let (fa, fb) = (frac_of(vm, a), frac_of(vm, b));
    let (frac, other, flipped) = match (fa, fb) {
        (Some(x), _) => (x, b, false),
        (None, Some(y)) => (y, a, true),
        _ => return Ok(None),
    };
    let op = if flipped { mirror(op) } else { op };
    let equality = matches!(op, CmpOp::Eq | CmpOp::Ne);
    let mut other_ratio = rational_of(vm, other);
    let mut float = match other {
        Value::Float(x) => Some(x),
        _ => None,
    };
    if other_ratio.is_none() && float.is_none() && super::decimal::is_decimal(vm, other) {
        // a Decimal compares exactly (Decimal's own rule for rationals)
        let r =
            crate::builtins::methods::call_method(vm, other, "as_integer_ratio", vec![], vec![]);
        match r {
            Ok(pair) => {
                let parts = vm.unpack_exact(pair, 2)?;
                other_ratio = Some((vm.bigint_arg(parts[0])?, vm.bigint_arg(parts[1])?));
            }
            Err(PyErr::Suspend) => return Err(PyErr::Suspend),
            // infinities and NaNs
            Err(_) => float = super::decimal::ops::float_of(vm, other).and_then(Result::ok),
        }
    }
    if other_ratio.is_none() && float.is_none() {
        // a complex number equals a fraction only with no imaginary part
        let Some(c) = complex_of(vm, other) else {
            return Ok(None);
        };
        if !equality {
            return Ok(None);
        }
        if c.im != 0.0 {
            return Ok(Some(op == CmpOp::Ne));
        }
        float = Some(c.re);
    }
    if let Some(x) = float {
        if !x.is_finite() {
            // as CPython: compare 0.0 with the nan or infinity
            return Ok(order_float(op, 0.0, x));
        }
        other_ratio = Some(float_ratio(x));
    }
    let Some(other_ratio) = other_ratio else {
        return Ok(None);
    };
    Ok(order(op, cmp_ratio(&frac, &other_ratio)))
}

fn order_float(op: CmpOp, a: f64, b: f64) -> Option<bool> {
    Some(match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
        _ => return None,
    })
}

/// The comparison seen from the other operand (`a < b` is `b > a`).
fn mirror(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Ge => CmpOp::Le,
        other => other,
    }
}

/// CPython's `Fraction.__hash__` value.
fn hash_value(r: &Ratio) -> i64 {
    let p = BigInt::from((1u64 << 61) - 1);
    let inv = if (&r.1 % &p).is_zero() {
        None
    } else {
        Some(r.1.modpow(&(&p - 2u32), &p))
    };
    let h = match inv {
        None => BigInt::from(314_159),
        Some(inv) => ((r.0.abs() % &p) * inv) % &p,
    };
    let h = h.to_i64().unwrap_or(0);
    let h = if r.0.is_negative() { -h } else { h };
    if h == -1 {
        -2
    } else {
        h
    }
}

/// The dict key of a `Fraction`: an equal int's or float's key, else a
/// key matched by `==` whose hash is CPython's.
pub fn hash(vm: &mut Vm, id: ObjId) -> PyResult<HashKey> {
    let r = frac_of(vm, Value::Ref(id)).expect("a Fraction");
    if r.1.is_one() {
        let n = int_value(vm, r.0);
        return vm.hash_key(n);
    }
    if let Ok(x) = to_float(&r) {
        if x.is_finite() && float_ratio(x) == r {
            return vm.hash_key(Value::Float(x));
        }
    }
    Ok(HashKey::User(hash_value(&r), id.0))
}

/// Floor, ceiling and truncation to an int.
pub fn to_int(r: &Ratio, how: char) -> BigInt {
    let (q, rem) = r.0.div_mod_floor(&r.1);
    match how {
        'f' => q,
        'c' if !rem.is_zero() => q + 1,
        'c' => q,
        // toward zero
        _ if r.0.is_negative() && !rem.is_zero() => q + 1,
        _ => q,
    }
}

/// `math.floor`/`ceil`/`trunc` of a `Fraction` (`how`: 'f', 'c', 't').
pub fn floor_ceil(vm: &mut Vm, v: Value, how: char) -> Option<Value> {
    let r = frac_of(vm, v)?;
    let n = to_int(&r, how);
    Some(int_value(vm, n))
}

/// `int(f)`: truncated toward zero.
pub fn int_of(vm: &mut Vm, v: Value) -> Option<Value> {
    floor_ceil(vm, v, 't')
}

/// `float(f)`.
pub fn float_of(vm: &Vm, v: Value) -> Option<PyResult<f64>> {
    frac_of(vm, v).map(|r| to_float(&r))
}

/// Rounds to an int, halves to even.
fn round_half_even(r: &Ratio) -> BigInt {
    let (floor, rem) = r.0.div_mod_floor(&r.1);
    let twice = &rem * 2u32;
    match twice.cmp(&r.1) {
        std::cmp::Ordering::Less => floor,
        std::cmp::Ordering::Greater => floor + 1,
        std::cmp::Ordering::Equal if floor.is_even() => floor,
        std::cmp::Ordering::Equal => floor + 1,
    }
}

/// `round(f)` (an int) and `round(f, n)` (a `Fraction`).
pub fn round(vm: &mut Vm, v: Value, nd: Option<Value>) -> Option<PyResult<Value>> {
    let r = frac_of(vm, v)?;
    Some(round_impl(vm, r, nd))
}

fn round_impl(vm: &mut Vm, r: Ratio, nd: Option<Value>) -> PyResult<Value> {
    let nd = match nd {
        None | Some(Value::None) => {
            let n = round_half_even(&r);
            return Ok(int_value(vm, n));
        }
        Some(v) => vm.index_arg_mut(v)?,
    };
    let places = nd.unsigned_abs();
    vm.check_alloc(u128::from(places) / 2)?;
    let shift = BigInt::from(10u32).pow(u32::try_from(places).unwrap_or(u32::MAX));
    if nd >= 0 {
        let n = round_half_even(&(r.0 * &shift, r.1));
        make(vm, n, shift)
    } else {
        let n = round_half_even(&(r.0, r.1 * &shift));
        make(vm, n * shift, BigInt::one())
    }
}
