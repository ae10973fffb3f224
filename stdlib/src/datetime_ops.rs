//! `datetime` operators: comparisons (naive vs aware rules), hashing,
//! arithmetic (`datetime ± timedelta`, `timedelta * / // %`, ...), the
//! unary operators and truthiness, and `repr()` / `str()`.

use super::datetime::{
    dt_from_micros, dt_id, dt_micros, dt_of, new_dt, round_half_even, zone_of, Clock, Date, Delta,
    Dt, Zone, DAY_US,
};
use crate::object::{int, ExcType, HashKey, ObjId, Value};
use crate::vm::repr::str_repr;
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp};

fn ord_result(op: CmpOp, o: std::cmp::Ordering) -> Option<bool> {
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

fn offset(vm: &Vm, tz: Value) -> Option<i64> {
    zone_of(vm, tz).map(|z| z.off_us)
}

/// A comparison with a datetime object on either side.
pub fn compare(vm: &mut Vm, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
    let (Some(x), Some(y)) = (dt_of(vm, a).cloned(), dt_of(vm, b).cloned()) else {
        return Ok(None);
    };
    let eq_only = matches!(op, CmpOp::Eq | CmpOp::Ne);
    let o = match (&x, &y) {
        (Dt::Date(p), Dt::Date(q)) => p.ordinal().cmp(&q.ordinal()),
        (Dt::Delta(p), Dt::Delta(q)) => p.total_us().cmp(&q.total_us()),
        (Dt::Zone(p), Dt::Zone(q)) => {
            if !eq_only {
                return Ok(None);
            }
            p.off_us.cmp(&q.off_us)
        }
        (Dt::DateTime(d1, c1, t1), Dt::DateTime(d2, c2, t2)) => {
            let (o1, o2) = (offset(vm, *t1), offset(vm, *t2));
            let (u1, u2) = (dt_micros(*d1, *c1), dt_micros(*d2, *c2));
            match (o1, o2) {
                (None, None) => u1.cmp(&u2),
                (Some(p), Some(q)) => (u1 - p).cmp(&(u2 - q)),
                _ if eq_only => return Ok(Some(op == CmpOp::Ne)),
                _ => {
                    return Err(PyErr::type_error(
                        "can't compare offset-naive and offset-aware datetimes",
                    ))
                }
            }
        }
        (Dt::Time(c1, t1), Dt::Time(c2, t2)) => {
            let (o1, o2) = (offset(vm, *t1), offset(vm, *t2));
            match (o1, o2) {
                (None, None) => c1.micros().cmp(&c2.micros()),
                (Some(p), Some(q)) => (c1.micros() - p).cmp(&(c2.micros() - q)),
                _ if eq_only => return Ok(Some(op == CmpOp::Ne)),
                _ => {
                    return Err(PyErr::type_error(
                        "can't compare offset-naive and offset-aware times",
                    ))
                }
            }
        }
        (Dt::Date(_), Dt::DateTime(..)) | (Dt::DateTime(..), Dt::Date(_)) => {
            if eq_only {
                return Ok(Some(op == CmpOp::Ne));
            }
            return Err(PyErr::type_error(format!(
                "can't compare {} to {}",
                y.type_name(),
                x.type_name()
            )));
        }
        _ => {
            if eq_only {
                return Ok(Some(op == CmpOp::Ne));
            }
            return Ok(None);
        }
    };
    Ok(ord_result(op, o))
}

fn tagged(tag: &str, n: i128) -> HashKey {
    HashKey::Tuple(
        vec![
            HashKey::Str(format!("\0datetime.{tag}").into()),
            HashKey::Int(n as i64),
            HashKey::Int((n >> 64) as i64),
        ]
        .into_boxed_slice(),
    )
}

/// The hash key: equal objects (aware values at the same instant, zones
/// with the same offset) get equal keys.
pub fn hash(vm: &Vm, id: ObjId) -> HashKey {
    match dt_id(vm, id) {
        Dt::Date(d) => tagged("date", d.ordinal() as i128),
        Dt::Delta(d) => tagged("timedelta", d.total_us()),
        Dt::Zone(z) => tagged("timezone", z.off_us as i128),
        Dt::DateTime(d, c, tz) => match offset(vm, tz) {
            None => tagged("naive", dt_micros(d, c) as i128),
            Some(o) => tagged("aware", (dt_micros(d, c) - o) as i128),
        },
        Dt::Time(c, tz) => match offset(vm, tz) {
            None => tagged("time", c.micros() as i128),
            Some(o) => tagged("awaretime", (c.micros() - o) as i128),
        },
    }
}

fn delta_value(vm: &mut Vm, us: i128) -> PyResult<Value> {
    let d = Delta::from_us(us)?;
    Ok(new_dt(vm, Dt::Delta(d)))
}

fn int_value(vm: &mut Vm, n: i128) -> Value {
    match i64::try_from(n) {
        Ok(i) => Value::Int(i),
        Err(_) => int::from_bigint(&mut vm.heap, num_bigint::BigInt::from(n)),
    }
}

fn zero_div() -> PyErr {
    PyErr::new(ExcType::ZeroDivisionError, "division by zero")
}

/// `a op b` with a datetime object on either side; `None` if unsupported.
pub fn binary(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
    let x = dt_of(vm, a).cloned();
    let y = dt_of(vm, b).cloned();
    let r = match (x, y, op) {
        (Some(Dt::Delta(p)), Some(Dt::Delta(q)), _) => {
            let (m, n) = (p.total_us(), q.total_us());
            match op {
                BinOp::Add => delta_value(vm, m + n)?,
                BinOp::Sub => delta_value(vm, m - n)?,
                BinOp::Div => {
                    if n == 0 {
                        return Err(zero_div());
                    }
                    Value::Float(m as f64 / n as f64)
                }
                BinOp::FloorDiv => {
                    if n == 0 {
                        return Err(zero_div());
                    }
                    int_value(vm, floor_div(m, n))
                }
                BinOp::Mod => {
                    if n == 0 {
                        return Err(zero_div());
                    }
                    let r = m - n * floor_div(m, n);
                    delta_value(vm, r)?
                }
                _ => return Ok(None),
            }
        }
        (Some(Dt::Delta(p)), None, _) => match (op, b) {
            (BinOp::Mul, Value::Int(_) | Value::Bool(_)) => {
                let n = vm.index_arg(b)? as i128;
                delta_value(vm, p.total_us() * n)?
            }
            (BinOp::Mul, Value::Float(f)) => {
                delta_value(vm, round_half_even(p.total_us() as f64 * f) as i128)?
            }
            (BinOp::FloorDiv, Value::Int(_) | Value::Bool(_)) => {
                let n = vm.index_arg(b)? as i128;
                if n == 0 {
                    return Err(zero_div());
                }
                let m = p.total_us();
                delta_value(vm, floor_div(m, n))?
            }
            (BinOp::Div, Value::Int(_) | Value::Bool(_)) => {
                let n = vm.index_arg(b)? as i128;
                if n == 0 {
                    return Err(zero_div());
                }
                delta_value(vm, div_nearest(p.total_us(), n))?
            }
            (BinOp::Div, Value::Float(f)) => {
                if f == 0.0 {
                    return Err(zero_div());
                }
                delta_value(vm, round_half_even(p.total_us() as f64 / f) as i128)?
            }
            _ => return Ok(None),
        },
        (None, Some(Dt::Delta(q)), BinOp::Mul) => match a {
            Value::Int(_) | Value::Bool(_) => {
                let n = vm.index_arg(a)? as i128;
                delta_value(vm, q.total_us() * n)?
            }
            Value::Float(f) => delta_value(vm, round_half_even(q.total_us() as f64 * f) as i128)?,
            _ => return Ok(None),
        },
        (Some(Dt::Date(d)), Some(Dt::Delta(q)), BinOp::Add | BinOp::Sub)
        | (Some(Dt::Delta(q)), Some(Dt::Date(d)), BinOp::Add) => {
            let days = if op == BinOp::Sub { -q.days } else { q.days };
            let n = d.ordinal() + days;
            if !(1..=super::datetime::MAX_ORDINAL).contains(&n) {
                return Err(PyErr::new(
                    ExcType::OverflowError,
                    "date value out of range",
                ));
            }
            new_dt(vm, Dt::Date(Date::from_ordinal(n)))
        }
        (Some(Dt::Date(p)), Some(Dt::Date(q)), BinOp::Sub) => {
            delta_value(vm, (p.ordinal() - q.ordinal()) as i128 * DAY_US as i128)?
        }
        (Some(Dt::DateTime(d, c, tz)), Some(Dt::Delta(q)), BinOp::Add | BinOp::Sub)
        | (Some(Dt::Delta(q)), Some(Dt::DateTime(d, c, tz)), BinOp::Add) => {
            let step = if op == BinOp::Sub {
                -q.total_us()
            } else {
                q.total_us()
            };
            let us = dt_micros(d, c) as i128 + step;
            let us = i64::try_from(us)
                .map_err(|_| PyErr::new(ExcType::OverflowError, "date value out of range"))?;
            let (nd, nc) = dt_from_micros(us, 0)?;
            new_dt(vm, Dt::DateTime(nd, nc, tz))
        }
        (Some(Dt::DateTime(d1, c1, t1)), Some(Dt::DateTime(d2, c2, t2)), BinOp::Sub) => {
            let (o1, o2) = (offset(vm, t1), offset(vm, t2));
            let (u1, u2) = (dt_micros(d1, c1) as i128, dt_micros(d2, c2) as i128);
            let diff = match (o1, o2) {
                (None, None) => u1 - u2,
                (Some(p), Some(q)) => (u1 - p as i128) - (u2 - q as i128),
                _ => {
                    return Err(PyErr::type_error(
                        "can't subtract offset-naive and offset-aware datetimes",
                    ))
                }
            };
            delta_value(vm, diff)?
        }
        _ => return Ok(None),
    };
    Ok(Some(r))
}

/// Floor division of integers.
fn floor_div(m: i128, n: i128) -> i128 {
    m.div_euclid(n) - i128::from(n < 0 && m.rem_euclid(n) != 0)
}

/// `round(m / n)` with ties to even, in integers.
fn div_nearest(m: i128, n: i128) -> i128 {
    let q = floor_div(m, n);
    let twice = 2 * (m - n * q).abs();
    if twice > n.abs() || (twice == n.abs() && q % 2 != 0) {
        q + 1
    } else {
        q
    }
}

/// Unary `-`, `+` and `abs()` of a timedelta (for the core's unary hook).
#[allow(dead_code)] // called by a core hook that does not exist yet
pub fn unary(vm: &mut Vm, v: Value, op: char) -> PyResult<Option<Value>> {
    let Some(Dt::Delta(d)) = dt_of(vm, v).cloned() else {
        return Ok(None);
    };
    let t = d.total_us();
    let r = match op {
        '-' => -t,
        '+' => t,
        _ => t.abs(),
    };
    delta_value(vm, r).map(Some)
}

/// Truthiness: only `timedelta(0)` is false.
#[allow(dead_code)] // called by a core hook that does not exist yet
pub fn truthy(vm: &Vm, id: ObjId) -> bool {
    !matches!(dt_id(vm, id), Dt::Delta(d) if d.total_us() == 0)
}

pub fn delta_repr(d: Delta) -> String {
    let mut parts = Vec::new();
    if d.days != 0 {
        parts.push(format!("days={}", d.days));
    }
    if d.secs != 0 {
        parts.push(format!("seconds={}", d.secs));
    }
    if d.us != 0 {
        parts.push(format!("microseconds={}", d.us));
    }
    if parts.is_empty() {
        return "datetime.timedelta(0)".into();
    }
    format!("datetime.timedelta({})", parts.join(", "))
}

pub fn delta_str(d: Delta) -> String {
    let mut out = String::new();
    if d.days != 0 {
        let s = if d.days.abs() == 1 { "" } else { "s" };
        out.push_str(&format!("{} day{s}, ", d.days));
    }
    out.push_str(&format!(
        "{}:{:02}:{:02}",
        d.secs / 3600,
        d.secs / 60 % 60,
        d.secs % 60
    ));
    if d.us != 0 {
        out.push_str(&format!(".{:06}", d.us));
    }
    out
}

/// `+HH:MM[:SS[.ffffff]]` for an offset; `sep` between the fields.
pub fn offset_text(off_us: i64, sep: &str) -> String {
    let sign = if off_us < 0 { '-' } else { '+' };
    let a = off_us.abs();
    let (h, m, s, us) = (
        a / 3_600_000_000,
        a / 60_000_000 % 60,
        a / 1_000_000 % 60,
        a % 1_000_000,
    );
    let mut out = format!("{sign}{h:02}{sep}{m:02}");
    if s != 0 || us != 0 {
        out.push_str(&format!("{sep}{s:02}"));
        if us != 0 {
            out.push_str(&format!(".{us:06}"));
        }
    }
    out
}

/// `tzname()` of a zone.
pub fn zone_name(z: &Zone) -> String {
    match &z.name {
        Some(n) => n.clone(),
        None if z.off_us == 0 => "UTC".into(),
        None => format!("UTC{}", offset_text(z.off_us, ":")),
    }
}

pub fn zone_repr(z: &Zone) -> String {
    if z.off_us == 0 && z.name.is_none() {
        return "datetime.timezone.utc".into();
    }
    let d = Delta::from_us(z.off_us as i128).expect("in range");
    match &z.name {
        Some(n) => format!("datetime.timezone({}, {})", delta_repr(d), str_repr(n)),
        None => format!("datetime.timezone({})", delta_repr(d)),
    }
}

fn clock_args(c: Clock) -> String {
    let mut out = format!("{}, {}", c.h, c.mi);
    if c.us != 0 {
        out.push_str(&format!(", {}, {}", c.s, c.us));
    } else if c.s != 0 {
        out.push_str(&format!(", {}", c.s));
    }
    out
}

fn tail(vm: &mut Vm, fold: i64, tz: Value) -> PyResult<String> {
    let mut out = String::new();
    if fold != 0 {
        out.push_str(", fold=1");
    }
    if !tz.is_none() {
        out.push_str(&format!(", tzinfo={}", vm.repr(tz)?));
    }
    Ok(out)
}

pub fn repr(vm: &mut Vm, id: ObjId) -> PyResult<String> {
    Ok(match dt_id(vm, id) {
        Dt::Date(d) => format!("datetime.date({}, {}, {})", d.y, d.m, d.d),
        Dt::DateTime(d, c, tz) => format!(
            "datetime.datetime({}, {}, {}, {}{})",
            d.y,
            d.m,
            d.d,
            clock_args(c),
            tail(vm, c.fold, tz)?
        ),
        Dt::Time(c, tz) => format!("datetime.time({}{})", clock_args(c), tail(vm, c.fold, tz)?),
        Dt::Delta(d) => delta_repr(d),
        Dt::Zone(z) => zone_repr(&z),
    })
}

pub fn str_of(vm: &mut Vm, id: ObjId) -> PyResult<String> {
    Ok(match dt_id(vm, id) {
        Dt::Date(d) => super::datetime_fmt::date_iso(d),
        Dt::DateTime(d, c, tz) => {
            let z = zone_of(vm, tz);
            super::datetime_fmt::datetime_iso(d, c, z.as_ref(), ' ', "auto")?
        }
        Dt::Time(c, tz) => {
            let z = zone_of(vm, tz);
            super::datetime_fmt::time_iso(c, z.as_ref(), "auto")?
        }
        Dt::Delta(d) => delta_str(d),
        Dt::Zone(z) => zone_name(&z),
    })
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `datetime.date`, `datetime`, `time`, `timedelta`, `timezone`.
pub struct DatetimeType;

impl np::NativeType for DatetimeType {
    fn type_name(o: &np::NativeObj) -> &'static str {
        match o {
            np::NativeObj::Datetime(d) => d.type_name(),
            _ => "object",
        }
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        if let np::NativeObj::Datetime(d) = o {
            d.for_each_child(f);
        }
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(super::datetime_methods::getattr(vm, id, name))
    }

    fn has_method(vm: &np::Vm, id: np::ObjId, name: &str) -> bool {
        super::datetime_methods::has_method(vm, id, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        super::datetime_methods::call(vm, id, name, args, kw)
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        repr(vm, id)
    }

    fn str(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        str_of(vm, id)
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
        Ok(Some(hash(vm, id)))
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
        truthy(vm, id)
    }

    fn format(vm: &mut np::Vm, id: np::ObjId, spec: &str) -> np::PyResult<Option<String>> {
        super::datetime_methods::format(vm, id, spec)
    }
}
