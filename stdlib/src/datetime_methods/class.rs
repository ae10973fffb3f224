//! The class-level attributes of the `datetime` types (`date.min`,
//! `timezone.utc`, ...) and their class methods (`datetime.now`,
//! `date.fromisoformat`, ...): one method table per class, called with the
//! class's index in the module as the receiver.

use super::super::datetime::{
    c_int, check_clock, check_date, check_tz, class_method_value, dt_from_micros, dt_of, make_zone,
    new_dt, round_half_even, utc, zone_of, Clock, Date, Delta, Dt, DATE, DATETIME, DAY_US,
    EPOCH_ORDINAL, MAX_DAYS, TIME, TIMEDELTA, TIMEZONE,
};
use super::super::datetime_fmt as fmt;
use super::{delta, str_arg};
use crate::native::{call_method, has_method, Method};
use crate::object::Value;
use crate::vm::call::Kwargs;
use crate::vm::{as_str, repr::str_repr, PyErr, PyResult, Vm};

static DATE_CLASS_METHODS: &[Method] = methods_table![
    today,
    fromisoformat,
    fromordinal,
    fromtimestamp = date_fromtimestamp,
    fromisocalendar,
];

static DATETIME_CLASS_METHODS: &[Method] = methods_table![
    now,
    utcnow,
    today,
    fromisoformat,
    strptime,
    combine,
    fromtimestamp = datetime_fromtimestamp,
    utcfromtimestamp,
    fromordinal,
];

static TIME_CLASS_METHODS: &[Method] = methods_table![fromisoformat];

/// The class methods of class `cls` and its name.
fn class_methods(cls: u16) -> (&'static [Method], &'static str) {
    match cls {
        DATE => (DATE_CLASS_METHODS, "date"),
        DATETIME => (DATETIME_CLASS_METHODS, "datetime"),
        TIME => (TIME_CLASS_METHODS, "time"),
        _ => (&[], ""),
    }
}

/// Class attributes: `min`, `max`, `resolution`, `utc`, class methods.
pub fn class_attr(vm: &mut Vm, cls: u16, name: &str) -> PyResult<Option<Value>> {
    let date = |y, m, d| Date { y, m, d };
    let max_clock = Clock {
        h: 23,
        mi: 59,
        s: 59,
        us: 999_999,
        fold: 0,
    };
    let v = match (cls, name) {
        (DATE, "min") => new_dt(vm, Dt::Date(date(1, 1, 1))),
        (DATE, "max") => new_dt(vm, Dt::Date(date(9999, 12, 31))),
        (DATE, "resolution") => delta(vm, DAY_US)?,
        (DATETIME, "min") => new_dt(
            vm,
            Dt::DateTime(date(1, 1, 1), Clock::MIDNIGHT, Value::None),
        ),
        (DATETIME, "max") => new_dt(vm, Dt::DateTime(date(9999, 12, 31), max_clock, Value::None)),
        (DATETIME | TIME | TIMEDELTA, "resolution") => delta(vm, 1)?,
        (TIME, "min") => new_dt(vm, Dt::Time(Clock::MIDNIGHT, Value::None)),
        (TIME, "max") => new_dt(vm, Dt::Time(max_clock, Value::None)),
        (TIMEDELTA, "min") => new_dt(
            vm,
            Dt::Delta(Delta {
                days: -MAX_DAYS,
                secs: 0,
                us: 0,
            }),
        ),
        (TIMEDELTA, "max") => new_dt(
            vm,
            Dt::Delta(Delta {
                days: MAX_DAYS,
                secs: 86_399,
                us: 999_999,
            }),
        ),
        (TIMEZONE, "utc") => utc(vm)?,
        (TIMEZONE, "min") => make_zone(vm, -(DAY_US - 60_000_000), None)?,
        (TIMEZONE, "max") => make_zone(vm, DAY_US - 60_000_000, None)?,
        _ if has_method(class_methods(cls).0, name) => class_method_value(vm, cls, name),
        _ => return Ok(None),
    };
    Ok(Some(v))
}

fn invalid_iso(s: &str) -> PyErr {
    PyErr::value_error(format!("Invalid isoformat string: {}", str_repr(s)))
}

fn from_timestamp(vm: &mut Vm, ts: Value, tz: Value) -> PyResult<(Date, Clock)> {
    let secs = vm.float_arg(ts)?;
    if secs.is_nan() {
        return Err(PyErr::value_error("Invalid value NaN (not a number)"));
    }
    let us = round_half_even(secs * 1e6);
    if us.abs() > 3e17 {
        return Err(PyErr::new(
            crate::object::ExcType::OverflowError,
            "timestamp out of range for platform time_t",
        ));
    }
    let off = zone_of(vm, tz).map_or(0, |z| z.off_us);
    dt_from_micros(us as i64 + (EPOCH_ORDINAL - 1) * DAY_US + off, 0)
        .map_err(|_| PyErr::value_error("year is out of range"))
}

/// `datetime.X.name(...)`.
pub fn class_method(
    vm: &mut Vm,
    cls: u16,
    name: &str,
    args: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Value> {
    let (table, owner) = class_methods(cls);
    call_method(table, owner, vm, Value::Int(i64::from(cls)), name, args, kw)?
        .ok_or_else(|| PyErr::type_error(format!("unknown class method {name}")))
}

/// The class a class method was called on.
fn class_of(this: Value) -> u16 {
    match this {
        Value::Int(cls) => cls as u16,
        _ => unreachable!("a class method's receiver is its class's index"),
    }
}

native! {
    /// `datetime.now(tz=None)`.
    clinic method now(vm, this, tz?) {
        let tz = check_tz(vm, tz.unwrap_or(Value::None))?;
        let t = Value::Float(crate::os_calls::time(vm)?);
        let (d, c) = from_timestamp(vm, t, tz)?;
        Ok(new_dt(vm, Dt::DateTime(d, c, tz)))
    }

    /// `date.today()` (and `datetime`'s): the host's clock, in UTC (the
    /// sandbox's local zone).
    builtin method today(vm, this) {
        let t = Value::Float(crate::os_calls::time(vm)?);
        let (d, c) = from_timestamp(vm, t, Value::None)?;
        Ok(if class_of(this) == DATE {
            new_dt(vm, Dt::Date(d))
        } else {
            new_dt(vm, Dt::DateTime(d, c, Value::None))
        })
    }

    /// `datetime.utcnow()`.
    builtin method utcnow(vm, this) {
        let t = Value::Float(crate::os_calls::time(vm)?);
        let (d, c) = from_timestamp(vm, t, Value::None)?;
        Ok(new_dt(vm, Dt::DateTime(d, c, Value::None)))
    }

    /// `date.fromisoformat(date_string, /)` (and `datetime`'s, `time`'s).
    builtin method fromisoformat(vm, this, date_string, /) {
        let Some(s) = as_str(&vm.heap, date_string).map(str::to_string) else {
            return Err(PyErr::type_error("fromisoformat: argument must be str"));
        };
        iso_parse(vm, class_of(this), &s)
    }

    /// `datetime.strptime(date_string, format, /)`.
    getargs method strptime(vm, this, date_string, format, /) {
        let s = str_arg(vm, "strptime", 1, date_string)?;
        let f = str_arg(vm, "strptime", 2, format)?;
        let p = fmt::strptime(&s, &f)?;
        let tz = match p.off_us {
            Some(o) => make_zone(vm, o, None)?,
            None => Value::None,
        };
        Ok(new_dt(
            vm,
            Dt::DateTime(p.date.expect("set"), p.clock.expect("set"), tz),
        ))
    }

    /// `datetime.combine(date, time, tzinfo=time.tzinfo)`.
    clinic method combine(vm, this, date, time, tzinfo?) {
        let Some(Dt::Date(d) | Dt::DateTime(d, ..)) = dt_of(vm, date).cloned() else {
            return Err(PyErr::type_error(format!(
                "combine() argument 1 must be datetime.date, not {}",
                vm.class_name(date)
            )));
        };
        let Some(Dt::Time(c, ttz)) = dt_of(vm, time).cloned() else {
            return Err(PyErr::type_error(format!(
                "combine() argument 2 must be datetime.time, not {}",
                vm.class_name(time)
            )));
        };
        let tz = check_tz(vm, tzinfo.unwrap_or(ttz))?;
        Ok(new_dt(vm, Dt::DateTime(d, c, tz)))
    }

    /// `date.fromtimestamp(timestamp, /)`.
    builtin method date_fromtimestamp(vm, this, timestamp, /) {
        let (d, _) = from_timestamp(vm, timestamp, Value::None)?;
        Ok(new_dt(vm, Dt::Date(d)))
    }

    /// `datetime.fromtimestamp(timestamp, tz=None)`.
    clinic method datetime_fromtimestamp(vm, this, timestamp, tz?) {
        let tz = check_tz(vm, tz.unwrap_or(Value::None))?;
        let (d, c) = from_timestamp(vm, timestamp, tz)?;
        Ok(new_dt(vm, Dt::DateTime(d, c, tz)))
    }

    /// `datetime.utcfromtimestamp(timestamp, /)`.
    getargs method utcfromtimestamp(vm, this, timestamp, /) {
        let (d, c) = from_timestamp(vm, timestamp, Value::None)?;
        Ok(new_dt(vm, Dt::DateTime(d, c, Value::None)))
    }

    /// `date.fromordinal(n, /)` (and `datetime`'s).
    getargs method fromordinal(vm, this, n, /) {
        let n = c_int(vm, n)?;
        if !(1..=super::super::datetime::MAX_ORDINAL).contains(&n) {
            return Err(PyErr::value_error("ordinal must be >= 1"));
        }
        let d = Date::from_ordinal(n);
        Ok(if class_of(this) == DATE {
            new_dt(vm, Dt::Date(d))
        } else {
            new_dt(vm, Dt::DateTime(d, Clock::MIDNIGHT, Value::None))
        })
    }

    /// `date.fromisocalendar(year, week, day)`.
    clinic method fromisocalendar(vm, this, year, week, day) {
        let (y, w, wd) = (c_int(vm, year)?, c_int(vm, week)?, c_int(vm, day)?);
        if !(1..=7).contains(&wd) {
            return Err(PyErr::value_error(format!(
                "Invalid weekday: {wd} (range is [1, 7])"
            )));
        }
        let jan4 = check_date(y, 1, 4)?.ordinal();
        let start = jan4 - (jan4 + 6) % 7;
        Ok(new_dt(
            vm,
            Dt::Date(Date::from_ordinal(start + (w - 1) * 7 + wd - 1)),
        ))
    }
}

fn iso_parse(vm: &mut Vm, cls: u16, s: &str) -> PyResult<Value> {
    let bad = || invalid_iso(s);
    match cls {
        DATE => {
            let (y, m, d) = fmt::parse_iso_date(s).ok_or_else(bad)?;
            let d = check_date(y, m, d)?;
            Ok(new_dt(vm, Dt::Date(d)))
        }
        TIME => {
            let (f, off) = fmt::parse_iso_time(s).ok_or_else(bad)?;
            let c = check_clock(f[0], f[1], f[2], f[3], 0)?;
            let tz = match off {
                Some(o) => make_zone(vm, o, None)?,
                None => Value::None,
            };
            Ok(new_dt(vm, Dt::Time(c, tz)))
        }
        _ => {
            let split = if s.as_bytes().get(4) == Some(&b'-') {
                10
            } else {
                8
            };
            let (dpart, rest) = if s.len() > split && s.is_char_boundary(split) {
                (&s[..split], Some(&s[split..]))
            } else {
                (s, None)
            };
            let (y, m, d) = fmt::parse_iso_date(dpart).ok_or_else(bad)?;
            let date = check_date(y, m, d)?;
            let (c, tz) = match rest {
                None => (Clock::MIDNIGHT, Value::None),
                Some(r) => {
                    let mut it = r.chars();
                    it.next().ok_or_else(bad)?;
                    let (f, off) = fmt::parse_iso_time(it.as_str()).ok_or_else(bad)?;
                    let (mut f, mut day) = (f, date);
                    if f[0] == 24 && f[1..].iter().all(|x| *x == 0) {
                        f[0] = 0;
                        day = Date::from_ordinal(date.ordinal() + 1);
                    }
                    let c = check_clock(f[0], f[1], f[2], f[3], 0)?;
                    let tz = match off {
                        Some(o) => make_zone(vm, o, None)?,
                        None => Value::None,
                    };
                    return Ok(new_dt(vm, Dt::DateTime(day, c, tz)));
                }
            };
            Ok(new_dt(vm, Dt::DateTime(date, c, tz)))
        }
    }
}
