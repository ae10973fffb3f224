//! `fractions`: the `Fraction` class, a native object holding a
//! numerator and a positive denominator in lowest terms (`BigInt`s).
//! This file owns construction (from ints, fractions, strings, floats and
//! Decimals, with CPython's errors), `from_float`/`from_decimal`,
//! `limit_denominator`, the attributes and the `NativeType` hooks;
//! arithmetic, comparisons, hashing and rounding are in
//! [`super::fractions_ops`], `format()` in [`super::fractions_fmt`].

use num_bigint::BigInt;
use num_traits::{One, Zero};

use super::fractions_ops::{self as ops, frac_of, make, new_frac, rational_of, Ratio};
use super::native::{call_method, has_method, receiver, Method};
use super::objects::NativeObj;
use super::{ModuleDef, NativeId};
use crate::object::{ExcType, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// The ratio of a float, or CPython's error for infinities and NaN.
fn float_ratio(x: f64) -> PyResult<Ratio> {
    if x.is_nan() {
        return Err(PyErr::value_error("cannot convert NaN to integer ratio"));
    }
    if x.is_infinite() {
        return Err(PyErr::new(
            ExcType::OverflowError,
            "cannot convert Infinity to integer ratio",
        ));
    }
    Ok(ops::float_ratio(x))
}

/// The ratio of a Decimal (`as_integer_ratio()`).
fn decimal_ratio(vm: &mut Vm, d: Value) -> PyResult<Ratio> {
    let pair = crate::builtins::methods::call_method(vm, d, "as_integer_ratio", vec![], vec![])?;
    let parts = vm.unpack_exact(pair, 2)?;
    Ok((vm.bigint_arg(parts[0])?, vm.bigint_arg(parts[1])?))
}

/// Decimal digits (any Unicode `Nd`) with single underscores between
/// them: the value, and how many digits; `None` if malformed.
fn digits(s: &[char]) -> Option<(BigInt, usize)> {
    let mut n = BigInt::zero();
    let mut count = 0;
    let mut prev_digit = false;
    for (i, &c) in s.iter().enumerate() {
        if c == '_' {
            if !prev_digit || i + 1 == s.len() {
                return None;
            }
            prev_digit = false;
            continue;
        }
        let d = monty_vm::unicode::decimal(c)?;
        n = n * 10u32 + u32::from(d);
        count += 1;
        prev_digit = true;
    }
    Some((n, count))
}

/// Parses CPython's Fraction literal: `[sign] num [/ den]` or
/// `[sign] [int] [.frac] [e exp]`, surrounded by optional whitespace.
fn parse_literal(vm: &Vm, text: &str) -> Option<PyResult<Ratio>> {
    let chars: Vec<char> = text.chars().collect();
    let is_space = |c: &char| monty_vm::unicode::is_space(*c);
    let start = chars.iter().position(|c| !is_space(c))?;
    let end = chars.iter().rposition(|c| !is_space(c))? + 1;
    let mut s = &chars[start..end];
    let negative = s.first() == Some(&'-');
    if matches!(s.first(), Some('-' | '+')) {
        s = &s[1..];
    }
    // a digit or `.digit` must come first
    let first_digit =
        |c: Option<&char>| c.is_some_and(|c| monty_vm::unicode::decimal(*c).is_some());
    if !(first_digit(s.first()) || (s.first() == Some(&'.') && first_digit(s.get(1)))) {
        return None;
    }
    let sign = |n: BigInt| if negative { -n } else { n };
    if let Some(slash) = s.iter().position(|&c| c == '/') {
        // `num \s* / \s* den`
        let before = &s[..slash];
        let num_len = before
            .iter()
            .rposition(|c| !is_space(c))
            .map_or(0, |i| i + 1);
        let after = &s[slash + 1..];
        let den_start = after.iter().position(|c| !is_space(c))?;
        let (num, count) = digits(&before[..num_len])?;
        let (den, dcount) = digits(&after[den_start..])?;
        if count == 0 || dcount == 0 {
            return None;
        }
        return Some(Ok((sign(num), den)));
    }
    let exp_at = s.iter().position(|&c| c == 'e' || c == 'E');
    let (mantissa, exp) = match exp_at {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (int_part, frac_part) = match mantissa.iter().position(|&c| c == '.') {
        Some(i) => (&mantissa[..i], Some(&mantissa[i + 1..])),
        None => (mantissa, None),
    };
    let (mut num, _) = digits(int_part)?;
    let mut den = BigInt::one();
    if let Some(f) = frac_part {
        let (fv, count) = digits(f)?;
        let scale = BigInt::from(10u32).pow(count as u32);
        num = num * &scale + fv;
        den = scale;
    }
    if let Some(e) = exp {
        let (eneg, e) = match e.first() {
            Some('-') => (true, &e[1..]),
            Some('+') => (false, &e[1..]),
            _ => (false, e),
        };
        let (ev, count) = digits(e)?;
        if count == 0 {
            return None;
        }
        let Some(ev) = num_traits::ToPrimitive::to_u32(&ev) else {
            return Some(Err(PyErr::new(ExcType::MemoryError, "")));
        };
        if let Err(err) = vm.check_alloc(u128::from(ev) / 2) {
            return Some(Err(err));
        }
        let p = BigInt::from(10u32).pow(ev);
        if eneg {
            den *= p;
        } else {
            num *= p;
        }
    }
    Some(Ok((sign(num), den)))
}

/// `Fraction(numerator=0, denominator=None)`.
fn construct(vm: &mut Vm, numerator: Option<Value>, denominator: Option<Value>) -> PyResult<Value> {
    let numerator = numerator.unwrap_or(Value::Int(0));
    let denominator = denominator.filter(|d| !d.is_none());
    let Some(den) = denominator else {
        if let Some((n, d)) = frac_of(vm, numerator) {
            return Ok(new_frac(vm, n, d));
        }
        if let Some((n, _)) = rational_of(vm, numerator) {
            return Ok(new_frac(vm, n, BigInt::one()));
        }
        if let Value::Float(x) = numerator {
            let (n, d) = float_ratio(x)?;
            return Ok(new_frac(vm, n, d));
        }
        if super::decimal::is_decimal(vm, numerator) {
            let (n, d) = decimal_ratio(vm, numerator)?;
            return make(vm, n, d);
        }
        if let Some(text) = as_str(&vm.heap, numerator).map(str::to_string) {
            return match parse_literal(vm, &text) {
                Some(r) => {
                    let (n, d) = r?;
                    make(vm, n, d)
                }
                None => Err(PyErr::value_error(format!(
                    "Invalid literal for Fraction: {}",
                    crate::vm::repr::str_repr(&text)
                ))),
            };
        }
        return Err(PyErr::type_error(
            "argument should be a string or a Rational instance",
        ));
    };
    let (Some((n1, d1)), Some((n2, d2))) = (rational_of(vm, numerator), rational_of(vm, den))
    else {
        return Err(PyErr::type_error(
            "both arguments should be Rational instances",
        ));
    };
    if d1.is_one() && d2.is_one() {
        return make(vm, n1, n2);
    }
    make(vm, n1 * d2, d1 * n2)
}

/// The best approximation with a denominator at most `max` (continued
/// fractions: the last convergent or semiconvergent in range).
fn limit(r: &Ratio, max: &BigInt) -> Ratio {
    if r.1 <= *max {
        return r.clone();
    }
    let (mut p0, mut q0, mut p1, mut q1) =
        (BigInt::zero(), BigInt::one(), BigInt::one(), BigInt::zero());
    let (mut n, mut d) = r.clone();
    loop {
        let a = num_integer::Integer::div_floor(&n, &d);
        let q2 = &q0 + &a * &q1;
        if q2 > *max {
            break;
        }
        let p2 = &p0 + &a * &p1;
        p0 = std::mem::replace(&mut p1, p2);
        q0 = std::mem::replace(&mut q1, q2);
        let rem = &n - &a * &d;
        n = std::mem::replace(&mut d, rem);
    }
    let k = num_integer::Integer::div_floor(&(max - &q0), &q1);
    // the semiconvergent or the last convergent, whichever is closer
    let qk = &q0 + &k * &q1;
    if BigInt::from(2u32) * &d * &qk <= r.1 {
        (p1, q1)
    } else {
        (p0 + k * p1, qk)
    }
}

native! {
    /// `Fraction(numerator=0, denominator=None)`.
    def_method fn fraction as "Fraction.__new__"(vm, numerator?, denominator?) {
        construct(vm, numerator, denominator)
    }

    /// `Fraction.from_float(f)`.
    def fn _from_float as "from_float"(vm, f) {
        if let Some((n, _)) = rational_of(vm, f).filter(|_| frac_of(vm, f).is_none()) {
            return Ok(new_frac(vm, n, BigInt::one()));
        }
        let Value::Float(x) = f else {
            let r = vm.repr(f)?;
            return Err(PyErr::type_error(format!(
                "Fraction.from_float() only takes floats, not {r} ({})",
                vm.class_name(f)
            )));
        };
        let (n, d) = float_ratio(x)?;
        Ok(new_frac(vm, n, d))
    }

    /// `Fraction.from_decimal(dec)`.
    def fn _from_decimal as "from_decimal"(vm, dec) {
        if let Some((n, _)) = rational_of(vm, dec).filter(|_| frac_of(vm, dec).is_none()) {
            return Ok(new_frac(vm, n, BigInt::one()));
        }
        if !super::decimal::is_decimal(vm, dec) {
            let r = vm.repr(dec)?;
            return Err(PyErr::type_error(format!(
                "Fraction.from_decimal() only takes Decimals, not {r} ({})",
                vm.class_name(dec)
            )));
        }
        let (n, d) = decimal_ratio(vm, dec)?;
        make(vm, n, d)
    }
}

fn own(vm: &Vm, this: Value) -> Ratio {
    frac_of(vm, Value::Ref(receiver(this))).expect("a Fraction")
}

/// The methods of `Fraction`.
static METHODS: &[Method] = methods_table![
    limit_denominator,
    as_integer_ratio,
    is_integer,
    conjugate,
    __floor__ = floor,
    __ceil__ = ceil,
    __trunc__ = trunc,
    __round__ = round_method,
];

native! {
    /// `Fraction.limit_denominator(max_denominator=1000000)`.
    def_method method limit_denominator as "Fraction.limit_denominator"(vm, this, max_denominator?) {
        let max = match max_denominator {
            // a float bound counts as its floor (CPython would carry the
            // float into the result's parts)
            Some(Value::Float(f)) if f.is_finite() => {
                num_bigint::BigInt::from(f.floor() as i128)
            }
            Some(m) => match vm.as_num(m) {
                Some(crate::vm::ops::Num::Int(i)) => BigInt::from(i),
                Some(crate::vm::ops::Num::Big(b)) => b,
                _ => {
                    return Err(PyErr::type_error(format!(
                        "'<' not supported between instances of '{}' and 'int'",
                        vm.class_name(m)
                    )))
                }
            },
            None => BigInt::from(1_000_000),
        };
        if max < BigInt::one() {
            return Err(PyErr::value_error("max_denominator should be at least 1"));
        }
        let (n, d) = limit(&own(vm, this), &max);
        Ok(new_frac(vm, n, d))
    }

    /// `Fraction.as_integer_ratio()`.
    def_method method as_integer_ratio as "Fraction.as_integer_ratio"(vm, this) {
        let (n, d) = own(vm, this);
        let (n, d) = (
            crate::object::int::from_bigint(&mut vm.heap, n),
            crate::object::int::from_bigint(&mut vm.heap, d),
        );
        Ok(vm.new_tuple(vec![n, d]))
    }

    /// `Fraction.is_integer()`.
    def_method method is_integer as "Fraction.is_integer"(vm, this) {
        Ok(Value::Bool(own(vm, this).1.is_one()))
    }

    /// `Fraction.conjugate()`: the fraction itself.
    def_method method conjugate as "Fraction.conjugate"(vm, this) {
        let (n, d) = own(vm, this);
        Ok(new_frac(vm, n, d))
    }

    /// `Fraction.__floor__()`.
    def_method method floor as "Fraction.__floor__"(vm, this) {
        Ok(ops::floor_ceil(vm, this, 'f').expect("a Fraction"))
    }

    /// `Fraction.__ceil__()`.
    def_method method ceil as "Fraction.__ceil__"(vm, this) {
        Ok(ops::floor_ceil(vm, this, 'c').expect("a Fraction"))
    }

    /// `Fraction.__trunc__()`.
    def_method method trunc as "Fraction.__trunc__"(vm, this) {
        Ok(ops::floor_ceil(vm, this, 't').expect("a Fraction"))
    }

    /// `Fraction.__round__(ndigits=None)`.
    def_method method round_method as "Fraction.__round__"(vm, this, ndigits?) {
        ops::round(vm, this, ndigits).expect("a Fraction")
    }
}

fn index() -> u16 {
    crate::module_index("fractions")
}

/// The `Fraction` class: its constructor's id.
pub fn class_id() -> NativeId {
    NativeId {
        module: index(),
        func: 0,
    }
}

/// `type(x)` of a native object, if it is a `Fraction`.
pub fn class_of(o: &NativeObj) -> Option<NativeId> {
    matches!(o, NativeObj::Fraction(_)).then(class_id)
}

/// `repr(fractions.Fraction)`.
pub fn class_repr(t: NativeId) -> Option<String> {
    (t == class_id()).then(|| "<class 'fractions.Fraction'>".to_string())
}

/// `isinstance(v, fractions.Fraction)`.
pub fn isinstance(vm: &Vm, v: Value, t: NativeId) -> Option<bool> {
    (t == class_id()).then(|| frac_of(vm, v).is_some())
}

/// `Fraction.from_float` and `Fraction.from_decimal`.
pub fn type_getattr(t: NativeId, name: &str) -> Option<Value> {
    if t != class_id() {
        return None;
    }
    let hidden = match name {
        "from_float" => "_from_float",
        "from_decimal" => "_from_decimal",
        _ => return None,
    };
    let func = MODULE.funcs.iter().position(|f| f.name == hidden)? as u16;
    Some(Value::Native(NativeId {
        module: index(),
        func,
    }))
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "fractions",
    // `Fraction` first: its index is `class_id`
    funcs: natives_table![Fraction = fraction, _from_float, _from_decimal],
    init: super::no_init,
};

/// `str(f)`: `n/d`, or `n` for an integral fraction.
fn text(r: &Ratio) -> String {
    if r.1.is_one() {
        r.0.to_string()
    } else {
        format!("{}/{}", r.0, r.1)
    }
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `fractions.Fraction`.
pub struct FractionType;

impl np::NativeType for FractionType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "Fraction"
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        let (n, d) = frac_of(vm, Value::Ref(id)).expect("a Fraction");
        Ok(Some(match name {
            "numerator" => crate::object::int::from_bigint(&mut vm.heap, n),
            "denominator" => crate::object::int::from_bigint(&mut vm.heap, d),
            "real" => new_frac(vm, n, d),
            "imag" => Value::Int(0),
            _ => return Ok(None),
        }))
    }

    fn setattr(_: &mut np::Vm, _: np::ObjId, name: &str, _: np::Value) -> Option<np::PyResult<()>> {
        Some(Err(PyErr::new(
            ExcType::AttributeError,
            if matches!(name, "numerator" | "denominator" | "real" | "imag") {
                format!("property '{name}' of 'Fraction' object has no setter")
            } else {
                format!("'Fraction' object has no attribute '{name}' and no __dict__ for setting new attributes")
            },
        )))
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        has_method(METHODS, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        call_method(METHODS, "Fraction", vm, np::Value::Ref(id), name, args, kw)
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        let (n, d) = frac_of(vm, Value::Ref(id)).expect("a Fraction");
        Ok(format!("Fraction({n}, {d})"))
    }

    fn str(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(text(&frac_of(vm, Value::Ref(id)).expect("a Fraction")))
    }

    fn compare(
        vm: &mut np::Vm,
        op: np::CmpOp,
        a: np::Value,
        b: np::Value,
    ) -> np::PyResult<Option<bool>> {
        ops::compare(vm, op, a, b)
    }

    fn hash(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::HashKey>> {
        ops::hash(vm, id).map(Some)
    }

    fn binary(
        vm: &mut np::Vm,
        op: np::BinOp,
        a: np::Value,
        b: np::Value,
        _inplace: bool,
    ) -> np::PyResult<Option<np::Value>> {
        ops::binary(vm, op, a, b)
    }

    fn unary(vm: &mut np::Vm, v: np::Value, op: char) -> np::PyResult<Option<np::Value>> {
        Ok(ops::unary(vm, v, op))
    }

    fn truthy(vm: &mut np::Vm, id: np::ObjId) -> bool {
        frac_of(vm, Value::Ref(id)).is_some_and(|r| !r.0.is_zero())
    }

    fn format(vm: &mut np::Vm, id: np::ObjId, spec: &str) -> np::PyResult<Option<String>> {
        let r = frac_of(vm, Value::Ref(id)).expect("a Fraction");
        super::fractions_fmt::format(&r, spec, || text(&r)).map(Some)
    }
}
