//! `math`: the module table, its constants, and the functions of one or two
//! floats (roots, exponentials, logarithms, trigonometry, rounding to ints,
//! float decomposition), with CPython 3.14's error messages. Integer
//! functions are in `math_int`, sums and norms in `math_sum`, `erf`/`gamma`
//! in `math_special`.

use num_bigint::BigInt;
use num_traits::{FromPrimitive, Signed, ToPrimitive};

use super::math_special::{self as special, ldexp as ldexp_f};
use super::{math_int, math_sum, ModuleDef};
use crate::object::{float, int, ExcType, Value};
use crate::vm::ops::Num;
use crate::vm::{PyErr, PyResult, Vm};

fn domain() -> PyErr {
    PyErr::value_error("math domain error")
}

pub fn range_err() -> PyErr {
    PyErr::new(ExcType::OverflowError, "math range error")
}

/// A domain error naming the argument, as CPython 3.14 words them.
fn got(msg: &str, x: f64) -> PyErr {
    PyErr::value_error(format!("{msg}, got {}", float::repr(x)))
}

/// An infinite result from a finite argument is an overflow.
fn ovf(x: f64, r: f64) -> PyResult<f64> {
    if r.is_infinite() && x.is_finite() {
        Err(range_err())
    } else {
        Ok(r)
    }
}

fn finite_in(x: f64, f: fn(f64) -> f64) -> PyResult<f64> {
    if x.is_infinite() {
        return Err(got("expected a finite input", x));
    }
    Ok(f(x))
}

/// Functions of one float: `NAME => (x -> result)`.
macro_rules! unary {
    ($($name:ident => $body:expr;)*) => {$(
        native! {
            #[doc = concat!("`math.", stringify!($name), "(x, /)`.")]
            builtin fn $name in "math" (vm, x, /) {
                let x = vm.float_arg(x)?;
                let f: fn(f64) -> PyResult<f64> = $body;
                Ok(Value::Float(f(x)?))
            }
        }
    )*};
}

unary! {
    sqrt => |x| if x < 0.0 { Err(got("expected a nonnegative input", x)) } else { Ok(x.sqrt()) };
    cbrt => |x| Ok(x.cbrt());
    exp => |x| ovf(x, x.exp());
    exp2 => |x| ovf(x, x.exp2());
    expm1 => |x| ovf(x, x.exp_m1());
    fabs => |x| Ok(x.abs());
    sin => |x| finite_in(x, f64::sin);
    cos => |x| finite_in(x, f64::cos);
    tan => |x| finite_in(x, f64::tan);
    asin => |x| if x.abs() > 1.0 {
        Err(got("expected a number in range from -1 up to 1", x))
    } else {
        Ok(x.asin())
    };
    acos => |x| if x.abs() > 1.0 {
        Err(got("expected a number in range from -1 up to 1", x))
    } else {
        Ok(x.acos())
    };
    atan => |x| Ok(x.atan());
    sinh => |x| ovf(x, x.sinh());
    cosh => |x| ovf(x, x.cosh());
    tanh => |x| Ok(x.tanh());
    asinh => |x| Ok(x.asinh());
    acosh => |x| if x < 1.0 {
        Err(got("expected argument value not less than 1", x))
    } else {
        Ok(x.acosh())
    };
    atanh => |x| if x.abs() >= 1.0 {
        Err(got("expected a number between -1 and 1", x))
    } else {
        Ok(x.atanh())
    };
    log1p => |x| if x <= -1.0 {
        Err(got("expected argument value > -1", x))
    } else {
        Ok(x.ln_1p())
    };
    degrees => |x| Ok(x * (180.0 / std::f64::consts::PI));
    radians => |x| Ok(x * (std::f64::consts::PI / 180.0));
    erf => |x| Ok(special::erf(x));
    erfc => |x| Ok(special::erfc(x));
    gamma => |x| special::gamma(x).map_err(|dom| if dom {
        got("expected a noninteger or positive integer", x)
    } else {
        range_err()
    });
    lgamma => |x| special::lgamma(x).map_err(|dom| if dom {
        got("expected a noninteger or positive integer", x)
    } else {
        range_err()
    });
    ulp => |x| Ok(if x.is_nan() || x.is_infinite() {
        x.abs()
    } else {
        let x = x.abs();
        if x == f64::MAX {
            x - f64::from_bits(x.to_bits() - 1)
        } else {
            f64::from_bits(x.to_bits() + 1) - x
        }
    });
}

/// Predicates of one float.
macro_rules! predicate {
    ($($name:ident => $f:expr;)*) => {$(
        native! {
            #[doc = concat!("`math.", stringify!($name), "(x, /)`.")]
            builtin fn $name in "math" (vm, x, /) {
                let x = vm.float_arg(x)?;
                let f: fn(f64) -> bool = $f;
                Ok(Value::Bool(f(x)))
            }
        }
    )*};
}

predicate! {
    isnan => f64::is_nan;
    isinf => f64::is_infinite;
    isfinite => f64::is_finite;
}

/// Functions of two floats, no keywords.
macro_rules! binary {
    ($($name:ident => $body:expr;)*) => {$(
        native! {
            #[doc = concat!("`math.", stringify!($name), "(x, y, /)`.")]
            builtin fn $name in "math" (vm, x, y, /) {
                let x = vm.float_arg(x)?;
                let y = vm.float_arg(y)?;
                let f: fn(f64, f64) -> PyResult<f64> = $body;
                Ok(Value::Float(f(x, y)?))
            }
        }
    )*};
}

binary! {
    copysign => |x, y| Ok(x.copysign(y));
    atan2 => |y, x| Ok(y.atan2(x));
    fmod => |x, y| {
        if y.is_infinite() && x.is_finite() {
            return Ok(x);
        }
        let r = x % y;
        if r.is_nan() && !x.is_nan() && !y.is_nan() {
            return Err(domain());
        }
        Ok(r)
    };
    remainder => remainder_f;
    pow => |x, y| {
        let r = x.powf(y);
        if x.is_finite() && y.is_finite() {
            if r.is_nan() {
                return Err(domain());
            }
            if r.is_infinite() {
                return Err(if x == 0.0 { domain() } else { range_err() });
            }
        }
        Ok(r)
    };
}

/// IEEE 754 remainder: `x - n*y` for the integer `n` nearest `x / y`
/// (ties to even), computed exactly.
fn remainder_f(x: f64, y: f64) -> PyResult<f64> {
    if x.is_nan() {
        return Ok(x);
    }
    if y.is_nan() {
        return Ok(y);
    }
    if x.is_infinite() || y == 0.0 {
        return Err(domain());
    }
    if y.is_infinite() {
        return Ok(x);
    }
    let (ax, ay) = (x.abs(), y.abs());
    let m = ax % ay;
    let c = ay - m;
    let r = if m < c {
        m
    } else if m > c {
        -c
    } else {
        // halfway: round the quotient to even
        let q_odd = if ay > f64::MAX / 2.0 {
            ax >= ay
        } else {
            ax % (2.0 * ay) >= ay
        };
        if q_odd {
            -c
        } else {
            m
        }
    };
    Ok(if x < 0.0 { -r } else { r })
}

/// An int value from a float, with CPython's errors for NaN and infinity.
pub fn int_of_float(vm: &mut Vm, f: f64) -> PyResult<Value> {
    if f.is_nan() {
        return Err(PyErr::value_error("cannot convert float NaN to integer"));
    }
    if f.is_infinite() {
        return Err(PyErr::new(
            ExcType::OverflowError,
            "cannot convert float infinity to integer",
        ));
    }
    if f.abs() < 9.2e18 {
        return Ok(Value::Int(f as i64));
    }
    let b = BigInt::from_f64(f).unwrap_or_default();
    Ok(int::from_bigint(&mut vm.heap, b))
}

/// `floor`/`ceil`/`trunc`: ints pass through, floats round.
fn round_to_int(vm: &mut Vm, v: Value, qual: &str, f: fn(f64) -> f64) -> PyResult<Value> {
    let mode = match qual {
        "math.floor" => super::decimal::context::Rounding::Floor,
        "math.ceil" => super::decimal::context::Rounding::Ceiling,
        _ => super::decimal::context::Rounding::Down,
    };
    if let Some(r) = super::decimal::ops::floor_ceil(vm, v, mode) {
        return r;
    }
    let how = match qual {
        "math.floor" => 'f',
        "math.ceil" => 'c',
        _ => 't',
    };
    if let Some(n) = super::fractions_ops::floor_ceil(vm, v, how) {
        return Ok(n);
    }
    if let Some(cls) = vm.user_class_of(v) {
        // the class's __floor__/__ceil__/__trunc__, whatever it returns;
        // floor and ceil fall back on __float__ or __index__
        let hook = format!("__{}__", &qual["math.".len()..]);
        if vm.class_lookup(cls, &hook).is_some() {
            if let Some(r) = vm.call_dunder(v, &hook, Vec::new())? {
                return Ok(r);
            }
        }
        let as_float = vm.class_lookup(cls, "__float__").is_some()
            || vm.class_lookup(cls, "__index__").is_some();
        if qual != "math.trunc" && as_float {
            if let Value::Float(x) = crate::builtins::types::to_float(vm, v)? {
                return int_of_float(vm, f(x));
            }
        }
    }
    match vm.as_num(v) {
        Some(Num::Int(i)) => Ok(Value::Int(i)),
        Some(Num::Big(_)) => Ok(v),
        Some(Num::Float(x)) => int_of_float(vm, f(x)),
        None if qual == "math.trunc" => Err(PyErr::type_error(format!(
            "type {} doesn't define __trunc__ method",
            vm.class_name(v)
        ))),
        None => Err(PyErr::type_error(format!(
            "must be real number, not {}",
            vm.class_name(v)
        ))),
    }
}

native! {
    /// `math.floor(x, /)`.
    builtin fn floor in "math" (vm, x, /) {
        round_to_int(vm, x, "math.floor", f64::floor)
    }

    /// `math.ceil(x, /)`.
    builtin fn ceil in "math" (vm, x, /) {
        round_to_int(vm, x, "math.ceil", f64::ceil)
    }

    /// `math.trunc(x, /)`.
    builtin fn trunc in "math" (vm, x, /) {
        round_to_int(vm, x, "math.trunc", f64::trunc)
    }
}

#[derive(Clone, Copy)]
enum Base {
    E,
    Two,
    Ten,
}

impl Base {
    fn apply(self, x: f64) -> f64 {
        match self {
            Base::E => x.ln(),
            Base::Two => x.log2(),
            Base::Ten => x.log10(),
        }
    }
}

/// `frexp` of a positive big int: a mantissa in [0.5, 1) correctly rounded
/// to 53 bits, and the exponent.
fn big_frexp(b: &BigInt) -> (f64, u64) {
    let bits = b.bits();
    let (top, sticky) = if bits > 64 {
        let shift = bits - 64;
        let top: BigInt = b >> shift;
        let rest_zero = b.trailing_zeros().unwrap_or(0) >= shift;
        (top.to_u64().unwrap_or(u64::MAX), !rest_zero)
    } else {
        (b.to_u64().unwrap_or(0) << (64 - bits), false)
    };
    // the sticky bit makes the u64 -> f64 rounding correct
    let m = (top | u64::from(sticky)) as f64 / 18446744073709551616.0;
    if m >= 1.0 {
        (m / 2.0, bits + 1)
    } else {
        (m, bits)
    }
}

/// The logarithm of any real number, with CPython's handling of ints
/// beyond the float range.
fn log_of(vm: &Vm, v: Value, base: Base) -> PyResult<f64> {
    let positive = || PyErr::value_error("expected a positive input");
    let num = match super::decimal::ops::float_of(vm, v) {
        Some(f) => Some(Num::Float(f?)),
        None => vm.as_num(v),
    };
    match num {
        Some(Num::Int(i)) => {
            if i <= 0 {
                return Err(positive());
            }
            Ok(base.apply(i as f64))
        }
        Some(Num::Big(b)) => {
            if !b.is_positive() {
                return Err(positive());
            }
            match b.to_f64() {
                Some(f) if f.is_finite() => Ok(base.apply(f)),
                _ => {
                    let (m, e) = big_frexp(&b);
                    Ok(base.apply(m) + base.apply(2.0) * e as f64)
                }
            }
        }
        Some(Num::Float(x)) => {
            if x <= 0.0 {
                return Err(got("expected a positive input", x));
            }
            Ok(base.apply(x))
        }
        None => Err(PyErr::type_error(format!(
            "must be real number, not {}",
            vm.class_name(v)
        ))),
    }
}

/// `math.log(v)` for any real number (for `statistics`).
pub fn log_value(vm: &Vm, v: Value) -> PyResult<f64> {
    log_of(vm, v, Base::E)
}

native! {
    /// `math.log(x, [base=math.e], /)`.
    builtin fn log in "math" (vm, x, base?, /) {
        let num = log_of(vm, x, Base::E)?;
        let Some(base) = base else {
            return Ok(Value::Float(num));
        };
        let den = log_of(vm, base, Base::E)?;
        if den == 0.0 {
            return Err(PyErr::new(ExcType::ZeroDivisionError, "division by zero"));
        }
        Ok(Value::Float(num / den))
    }

    /// `math.log2(x, /)`.
    builtin fn log2 in "math" (vm, x, /) {
        Ok(Value::Float(log_of(vm, x, Base::Two)?))
    }

    /// `math.log10(x, /)`.
    builtin fn log10 in "math" (vm, x, /) {
        Ok(Value::Float(log_of(vm, x, Base::Ten)?))
    }

    /// `math.ldexp(x, i, /)`.
    builtin fn ldexp in "math" (vm, x, i, /) {
        ldexp_of(vm, x, i)
    }

    /// `math.frexp(x, /)`.
    builtin fn frexp in "math" (vm, x, /) {
        let x = vm.float_arg(x)?;
        let (m, e) = frexp_f(x);
        Ok(vm.new_tuple(vec![Value::Float(m), Value::Int(e)]))
    }

    /// `math.modf(x, /)`.
    builtin fn modf in "math" (vm, x, /) {
        let x = vm.float_arg(x)?;
        let (f, i) = if x.is_infinite() {
            (0.0_f64.copysign(x), x)
        } else if x.is_nan() {
            (x, x)
        } else {
            let i = x.trunc();
            ((x - i).copysign(x), i)
        };
        Ok(vm.new_tuple(vec![Value::Float(f), Value::Float(i)]))
    }
}

fn ldexp_of(vm: &mut Vm, x: Value, i: Value) -> PyResult<Value> {
    let x = vm.float_arg(x)?;
    let n = match vm.as_num(i) {
        Some(Num::Int(i)) => i,
        Some(Num::Big(b)) => {
            if b.is_positive() {
                i64::MAX
            } else {
                i64::MIN
            }
        }
        _ => {
            return Err(PyErr::type_error(
                "Expected an int as second argument to ldexp.",
            ))
        }
    };
    if x == 0.0 || !x.is_finite() {
        return Ok(Value::Float(x));
    }
    let r = ldexp_f(x, n);
    if r.is_infinite() {
        return Err(range_err());
    }
    Ok(Value::Float(r))
}

/// `(m, e)` with `x == m * 2**e` and `0.5 <= |m| < 1` (or `m == x` for
/// zero, infinities and NaN).
pub fn frexp_f(x: f64) -> (f64, i64) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let (x, adj) = if x.abs() < f64::MIN_POSITIVE {
        (x * 18014398509481984.0, -54) // 2**54
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i64 - 1022;
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (m, e + adj)
}

/// Floats in the order of their values, as integers (for `nextafter`).
fn ordered(x: f64) -> i64 {
    let b = x.to_bits() as i64;
    if b < 0 {
        -(b & i64::MAX)
    } else {
        b
    }
}

fn from_ordered(k: i64) -> f64 {
    if k < 0 {
        f64::from_bits(((-k) as u64) | (1 << 63))
    } else {
        f64::from_bits(k as u64)
    }
}

native! {
    /// `math.nextafter(x, y, /, *, steps=None)`.
    clinic fn nextafter(vm, x, y, /, *, steps?) {
        nextafter_of(vm, x, y, steps)
    }

    /// `math.isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0)`.
    clinic fn isclose(vm, a, b, *, rel_tol?, abs_tol?) {
        isclose_of(vm, a, b, rel_tol, abs_tol)
    }
}

fn nextafter_of(vm: &mut Vm, x: Value, y: Value, steps: Option<Value>) -> PyResult<Value> {
    let x = vm.float_arg(x)?;
    let y = vm.float_arg(y)?;
    let steps = match steps {
        None | Some(Value::None) => 1,
        Some(v) => {
            let n = vm.bigint_arg(v)?;
            if n.is_negative() {
                return Err(PyErr::value_error("steps must be a non-negative integer"));
            }
            n.to_u64().unwrap_or(u64::MAX)
        }
    };
    if x.is_nan() || y.is_nan() {
        return Ok(Value::Float(x + y));
    }
    if steps == 0 {
        return Ok(Value::Float(x));
    }
    let (kx, ky) = (ordered(x), ordered(y));
    let dist = (ky as i128 - kx as i128).unsigned_abs();
    if dist <= steps as u128 {
        return Ok(Value::Float(y));
    }
    let k = if ky > kx {
        kx as i128 + steps as i128
    } else {
        kx as i128 - steps as i128
    };
    Ok(Value::Float(from_ordered(k as i64)))
}

fn isclose_of(
    vm: &mut Vm,
    x: Value,
    y: Value,
    rel_tol: Option<Value>,
    abs_tol: Option<Value>,
) -> PyResult<Value> {
    let x = vm.float_arg(x)?;
    let y = vm.float_arg(y)?;
    let rel = match rel_tol {
        Some(v) => vm.float_arg(v)?,
        None => 1e-9,
    };
    let abs = match abs_tol {
        Some(v) => vm.float_arg(v)?,
        None => 0.0,
    };
    if rel < 0.0 || abs < 0.0 {
        return Err(PyErr::value_error("tolerances must be non-negative"));
    }
    if x == y {
        return Ok(Value::Bool(true));
    }
    if x.is_infinite() || y.is_infinite() {
        return Ok(Value::Bool(false));
    }
    let diff = (y - x).abs();
    Ok(Value::Bool(
        diff <= (rel * y).abs() || diff <= (rel * x).abs() || diff <= abs,
    ))
}

fn init(_vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    for (name, v) in [
        ("pi", std::f64::consts::PI),
        ("e", std::f64::consts::E),
        ("tau", std::f64::consts::TAU),
        ("inf", f64::INFINITY),
        ("nan", f64::NAN),
    ] {
        attrs.push((name.to_string(), Value::Float(v)));
    }
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "math",
    funcs: natives_table![
        sqrt = sqrt,
        cbrt = cbrt,
        exp = exp,
        exp2 = exp2,
        expm1 = expm1,
        fabs = fabs,
        sin = sin,
        cos = cos,
        tan = tan,
        asin = asin,
        acos = acos,
        atan = atan,
        sinh = sinh,
        cosh = cosh,
        tanh = tanh,
        asinh = asinh,
        acosh = acosh,
        atanh = atanh,
        log1p = log1p,
        degrees = degrees,
        radians = radians,
        erf = erf,
        erfc = erfc,
        gamma = gamma,
        lgamma = lgamma,
        ulp = ulp,
        isnan = isnan,
        isinf = isinf,
        isfinite = isfinite,
        copysign = copysign,
        atan2 = atan2,
        fmod = fmod,
        remainder = remainder,
        pow = pow,
        floor = floor,
        ceil = ceil,
        trunc = trunc,
        log = log,
        log2 = log2,
        log10 = log10,
        ldexp = ldexp,
        frexp = frexp,
        modf = modf,
        nextafter = nextafter,
        isclose = isclose,
        factorial = math_int::factorial,
        gcd = math_int::gcd,
        lcm = math_int::lcm,
        isqrt = math_int::isqrt,
        comb = math_int::comb,
        perm = math_int::perm,
        fsum = math_sum::fsum,
        prod = math_sum::prod,
        sumprod = math_sum::sumprod,
        hypot = math_sum::hypot,
        dist = math_sum::dist,
        fma = math_sum::fma,
    ],
    init,
};
