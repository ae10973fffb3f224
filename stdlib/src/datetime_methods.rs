//! Attributes and methods of `datetime` objects, and the class-level
//! attributes (`date.min`, `timezone.utc`, `datetime.now`, ...).

use super::datetime::{
    c_int, check_clock, check_date, check_tz, class_method_value, dt_from_micros, dt_id, dt_micros,
    dt_of, local_zone, make_zone, new_dt, no_clock, round_half_even, utc, zone_of, Clock, Date,
    Delta, Dt, Zone, DATE, DATETIME, DAY_US, EPOCH_ORDINAL, MAX_DAYS, TIME, TIMEDELTA, TIMEZONE,
};
use super::datetime_args::{bind_c, exact, CName};
use super::datetime_fmt::{self as fmt, Fields};
use crate::object::{ObjId, Value};
use crate::vm::call::Kwargs;
use crate::vm::{as_str, repr::str_repr, PyErr, PyResult, Vm};

const DATE_METHODS: &[&str] = &[
    "replace",
    "isoformat",
    "strftime",
    "weekday",
    "isoweekday",
    "isocalendar",
    "toordinal",
    "ctime",
    "timetuple",
    "__format__",
];
const DATETIME_METHODS: &[&str] = &[
    "date",
    "time",
    "timetz",
    "utcoffset",
    "tzname",
    "dst",
    "astimezone",
    "timestamp",
    "utctimetuple",
];
const TIME_METHODS: &[&str] = &[
    "replace",
    "isoformat",
    "strftime",
    "utcoffset",
    "tzname",
    "dst",
    "__format__",
];

pub fn has_method(vm: &Vm, id: ObjId, name: &str) -> bool {
    match dt_id(vm, id) {
        Dt::Date(_) => DATE_METHODS.contains(&name),
        Dt::DateTime(..) => DATE_METHODS.contains(&name) || DATETIME_METHODS.contains(&name),
        Dt::Time(..) => TIME_METHODS.contains(&name),
        Dt::Delta(_) => name == "total_seconds",
        Dt::Zone(_) => matches!(name, "utcoffset" | "tzname" | "dst" | "fromutc"),
    }
}

pub fn getattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<Value> {
    let int = |n: i64| Some(Value::Int(n));
    match (dt_id(vm, id), name) {
        (Dt::Date(d) | Dt::DateTime(d, ..), "year") => int(d.y),
        (Dt::Date(d) | Dt::DateTime(d, ..), "month") => int(d.m),
        (Dt::Date(d) | Dt::DateTime(d, ..), "day") => int(d.d),
        (Dt::DateTime(_, c, _) | Dt::Time(c, _), "hour") => int(c.h),
        (Dt::DateTime(_, c, _) | Dt::Time(c, _), "minute") => int(c.mi),
        (Dt::DateTime(_, c, _) | Dt::Time(c, _), "second") => int(c.s),
        (Dt::DateTime(_, c, _) | Dt::Time(c, _), "microsecond") => int(c.us),
        (Dt::DateTime(_, c, _) | Dt::Time(c, _), "fold") => int(c.fold),
        (Dt::DateTime(_, _, tz) | Dt::Time(_, tz), "tzinfo") => Some(tz),
        (Dt::Delta(d), "days") => int(d.days),
        (Dt::Delta(d), "seconds") => int(d.secs),
        (Dt::Delta(d), "microseconds") => int(d.us),
        _ => None,
    }
}

fn delta(vm: &mut Vm, us: i64) -> PyResult<Value> {
    let d = Delta::from_us(us as i128)?;
    Ok(new_dt(vm, Dt::Delta(d)))
}

fn str_arg(vm: &Vm, fname: &str, n: usize, v: Value) -> PyResult<String> {
    match as_str(&vm.heap, v) {
        Some(s) => Ok(s.to_string()),
        None => {
            let t = if v.is_none() {
                "None".into()
            } else {
                vm.class_name(v)
            };
            Err(PyErr::type_error(format!(
                "{fname}() argument {n} must be str, not {t}"
            )))
        }
    }
}

fn fields(vm: &Vm, d: &Dt) -> Fields {
    match d {
        Dt::Date(d) => Fields::of(*d, Clock::MIDNIGHT, None),
        Dt::DateTime(d, c, tz) => Fields::of(*d, *c, zone_of(vm, *tz).as_ref()),
        Dt::Time(c, tz) => Fields::of(
            Date {
                y: 1900,
                m: 1,
                d: 1,
            },
            *c,
            zone_of(vm, *tz).as_ref(),
        ),
        _ => unreachable!("a date or time"),
    }
}

/// `format(value, spec)` (the core's `__format__` hook): strftime, or
/// `str()` for an empty spec.
#[allow(dead_code)] // called by a core hook that does not exist yet
pub fn format(vm: &mut Vm, id: ObjId, spec: &str) -> PyResult<Option<String>> {
    let d = dt_id(vm, id);
    if spec.is_empty() || matches!(d, Dt::Delta(_) | Dt::Zone(_)) {
        return Ok(None);
    }
    Ok(Some(fmt::strftime(&fields(vm, &d), spec)))
}

fn replace(vm: &mut Vm, d: &Dt, args: &[Value], kw: &Kwargs) -> PyResult<Value> {
    let (names, pos_max): (&[&str], usize) = match d {
        Dt::Date(_) => (&["year", "month", "day"], 3),
        Dt::DateTime(..) => (
            &[
                "year",
                "month",
                "day",
                "hour",
                "minute",
                "second",
                "microsecond",
                "tzinfo",
                "fold",
            ],
            8,
        ),
        _ => (
            &["hour", "minute", "second", "microsecond", "tzinfo", "fold"],
            5,
        ),
    };
    let b = bind_c(CName::Named("replace"), args, kw, names, 0, pos_max)?;
    let get = |vm: &Vm, name: &str, cur: i64| -> PyResult<i64> {
        match names.iter().position(|n| *n == name).and_then(|i| b[i]) {
            Some(v) => c_int(vm, v),
            None => Ok(cur),
        }
    };
    let tz_slot = names.iter().position(|n| *n == "tzinfo").and_then(|i| b[i]);
    Ok(match d {
        Dt::Date(x) => {
            let nd = check_date(
                get(vm, "year", x.y)?,
                get(vm, "month", x.m)?,
                get(vm, "day", x.d)?,
            )?;
            new_dt(vm, Dt::Date(nd))
        }
        Dt::DateTime(x, c, tz) => {
            let nd = check_date(
                get(vm, "year", x.y)?,
                get(vm, "month", x.m)?,
                get(vm, "day", x.d)?,
            )?;
            let nc = new_clock(vm, &get, c)?;
            let ntz = check_tz(vm, tz_slot.unwrap_or(*tz))?;
            new_dt(vm, Dt::DateTime(nd, nc, ntz))
        }
        Dt::Time(c, tz) => {
            let nc = new_clock(vm, &get, c)?;
            let ntz = check_tz(vm, tz_slot.unwrap_or(*tz))?;
            new_dt(vm, Dt::Time(nc, ntz))
        }
        _ => unreachable!(),
    })
}

fn new_clock(vm: &Vm, get: &dyn Fn(&Vm, &str, i64) -> PyResult<i64>, c: &Clock) -> PyResult<Clock> {
    check_clock(
        get(vm, "hour", c.h)?,
        get(vm, "minute", c.mi)?,
        get(vm, "second", c.s)?,
        get(vm, "microsecond", c.us)?,
        get(vm, "fold", c.fold)?,
    )
}

fn isoformat(vm: &mut Vm, d: &Dt, args: &[Value], kw: &Kwargs) -> PyResult<Value> {
    let s = match d {
        Dt::Date(x) => {
            exact("isoformat", args, kw, 0)?;
            fmt::date_iso(*x)
        }
        Dt::DateTime(x, c, tz) => {
            let b = bind_c(
                CName::Named("isoformat"),
                args,
                kw,
                &["sep", "timespec"],
                0,
                2,
            )?;
            let sep = match b[0] {
                None => 'T',
                Some(v) => {
                    let s = as_str(&vm.heap, v);
                    match s.map(|s| (s.chars().count(), s.chars().next())) {
                        Some((1, Some(ch))) => ch,
                        Some((n, _)) => {
                            return Err(PyErr::type_error(format!(
                                "isoformat() argument 1 must be a unicode character, not a string of length {n}"
                            )))
                        }
                        None => {
                            let t = if v.is_none() { "None".into() } else { vm.class_name(v) };
                            return Err(PyErr::type_error(format!(
                                "isoformat() argument 1 must be a unicode character, not {t}"
                            )));
                        }
                    }
                }
            };
            let spec = match b[1] {
                Some(v) => str_arg(vm, "isoformat", 2, v)?,
                None => "auto".into(),
            };
            let z = zone_of(vm, *tz);
            fmt::datetime_iso(*x, *c, z.as_ref(), sep, &spec)?
        }
        Dt::Time(c, tz) => {
            let b = bind_c(CName::Named("isoformat"), args, kw, &["timespec"], 0, 1)?;
            let spec = match b[0] {
                Some(v) => str_arg(vm, "isoformat", 1, v)?,
                None => "auto".into(),
            };
            let z = zone_of(vm, *tz);
            fmt::time_iso(*c, z.as_ref(), &spec)?
        }
        _ => unreachable!(),
    };
    Ok(vm.new_str(s))
}

/// Converts a datetime to another zone (`None`: the local zone, UTC).
fn astimezone(vm: &mut Vm, d: Date, c: Clock, tz: Value, target: Value) -> PyResult<Value> {
    let from = zone_of(vm, tz).map_or(0, |z| z.off_us);
    let target = if target.is_none() {
        local_zone(vm)
    } else {
        check_tz(vm, target)?
    };
    let to = zone_of(vm, target).map_or(0, |z| z.off_us);
    let utc_us = dt_micros(d, c) - from;
    dt_from_micros(utc_us, 0)?;
    let (nd, nc) = dt_from_micros(utc_us + to, 0)?;
    Ok(new_dt(vm, Dt::DateTime(nd, nc, target)))
}

/// Calls a method of a datetime object.
pub fn call(
    vm: &mut Vm,
    id: ObjId,
    name: &str,
    args: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Option<Value>> {
    let d = dt_id(vm, id);
    let kind = match d {
        Dt::DateTime(..) => "datetime",
        Dt::Time(..) => "time",
        Dt::Zone(_) => "timezone",
        _ => "date",
    };
    let noargs = |n: &str| exact(&format!("{kind}.{n}"), &args, &kw, 0);
    let r = match (&d, name) {
        (Dt::Date(_) | Dt::DateTime(..) | Dt::Time(..), "replace") => replace(vm, &d, &args, &kw)?,
        (Dt::Date(_) | Dt::DateTime(..) | Dt::Time(..), "isoformat") => {
            isoformat(vm, &d, &args, &kw)?
        }
        (Dt::Date(_) | Dt::DateTime(..) | Dt::Time(..), "strftime" | "__format__") => {
            let b = bind_c(CName::Named(name), &args, &kw, &["format"], 1, 1)?;
            let f = str_arg(vm, name, 1, b[0].expect("bound"))?;
            let s = fmt::strftime(&fields(vm, &d), &f);
            vm.new_str(s)
        }
        (Dt::Date(x) | Dt::DateTime(x, ..), _) if DATE_METHODS.contains(&name) => {
            exact(name, &args, &kw, 0)?;
            match name {
                "weekday" => Value::Int(x.weekday()),
                "isoweekday" => Value::Int(x.weekday() + 1),
                "toordinal" => Value::Int(x.ordinal()),
                "isocalendar" => {
                    let (y, w, wd) = x.iso_calendar();
                    vm.new_tuple(vec![Value::Int(y), Value::Int(w), Value::Int(wd)])
                }
                "ctime" => {
                    let s = fmt::strftime(&fields(vm, &d), "%a %b %e %H:%M:%S %Y");
                    vm.new_str(s)
                }
                _ => {
                    let (c, tz) = match &d {
                        Dt::DateTime(_, c, tz) => (*c, *tz),
                        _ => (Clock::MIDNIGHT, Value::None),
                    };
                    let dst = if tz.is_none() { -1 } else { 0 };
                    super::time::struct_time_value(vm, *x, c, dst, None)
                }
            }
        }
        (Dt::DateTime(x, c, tz), _) => match name {
            "date" => {
                noargs("date")?;
                new_dt(vm, Dt::Date(*x))
            }
            "time" | "timetz" => {
                noargs(name)?;
                let t = if name == "time" { Value::None } else { *tz };
                new_dt(vm, Dt::Time(*c, t))
            }
            "utcoffset" | "tzname" | "dst" => {
                noargs(name)?;
                zone_answer(vm, name, zone_of(vm, *tz))?
            }
            "astimezone" => {
                let b = bind_c(CName::Named("astimezone"), &args, &kw, &["tz"], 0, 1)?;
                astimezone(vm, *x, *c, *tz, b[0].unwrap_or(Value::None))?
            }
            "timestamp" => {
                noargs("timestamp")?;
                let off = zone_of(vm, *tz).map_or(0, |z| z.off_us);
                let us = dt_micros(*x, *c) - off - (EPOCH_ORDINAL - 1) * DAY_US;
                Value::Float(us as f64 / 1e6)
            }
            "utctimetuple" => {
                noargs(name)?;
                let off = zone_of(vm, *tz).map_or(0, |z| z.off_us);
                let (nd, nc) = dt_from_micros(dt_micros(*x, *c) - off, 0)?;
                super::time::struct_time_value(vm, nd, nc, 0, None)
            }
            _ => return Ok(None),
        },
        (Dt::Time(_, tz), "utcoffset" | "tzname" | "dst") => {
            noargs(name)?;
            zone_answer(vm, name, zone_of(vm, *tz))?
        }
        (Dt::Delta(x), "total_seconds") => {
            exact("total_seconds", &args, &kw, 0)?;
            Value::Float(x.total_us() as f64 / 1e6)
        }
        (Dt::Zone(z), "utcoffset" | "tzname" | "dst") => {
            if args.len() != 1 || !kw.is_empty() {
                exact(&format!("timezone.{name}"), &args, &kw, 1)?;
            }
            let a = args[0];
            if !a.is_none() && !matches!(dt_of(vm, a), Some(Dt::DateTime(..))) {
                return Err(PyErr::type_error(format!(
                    "{name}(dt) argument must be a datetime instance or None, not {}",
                    vm.class_name(a)
                )));
            }
            zone_answer(vm, name, Some(z.clone()))?
        }
        (Dt::Zone(z), "fromutc") => {
            exact("timezone.fromutc", &args, &kw, 1)?;
            let Some(Dt::DateTime(x, c, tz)) = dt_of(vm, args[0]).cloned() else {
                return Err(PyErr::type_error("fromutc: argument must be a datetime"));
            };
            let (nd, nc) = dt_from_micros(dt_micros(x, c) + z.off_us, 0)?;
            new_dt(vm, Dt::DateTime(nd, nc, tz))
        }
        _ => return Ok(None),
    };
    Ok(Some(r))
}

fn zone_answer(vm: &mut Vm, name: &str, z: Option<Zone>) -> PyResult<Value> {
    let Some(z) = z else { return Ok(Value::None) };
    Ok(match name {
        "utcoffset" => delta(vm, z.off_us)?,
        "tzname" => {
            let n = super::datetime_ops::zone_name(&z);
            vm.new_str(n)
        }
        _ => Value::None,
    })
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
        (DATE, "today" | "fromisoformat" | "fromordinal" | "fromtimestamp" | "fromisocalendar")
        | (
            DATETIME,
            "now" | "utcnow" | "today" | "fromisoformat" | "strptime" | "combine" | "fromtimestamp"
            | "utcfromtimestamp" | "fromordinal",
        )
        | (TIME, "fromisoformat") => class_method_value(vm, cls, name),
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
    let cn = CName::Named(name);
    match (cls, name) {
        (DATETIME, "now") => {
            let b = bind_c(cn, &args, &kw, &["tz"], 0, 1)?;
            check_tz(vm, b[0].unwrap_or(Value::None))?;
            Err(no_clock("datetime.now()"))
        }
        (_, "today" | "utcnow") => {
            exact(name, &args, &kw, 0)?;
            Err(no_clock(&format!("{name}()")))
        }
        (_, "fromisoformat") => {
            exact(
                &format!(
                    "{}.fromisoformat",
                    ["date", "datetime", "time"][cls as usize]
                ),
                &args,
                &kw,
                1,
            )?;
            let Some(s) = as_str(&vm.heap, args[0]).map(str::to_string) else {
                return Err(PyErr::type_error("fromisoformat: argument must be str"));
            };
            iso_parse(vm, cls, &s)
        }
        (DATETIME, "strptime") => {
            exact("strptime", &args, &kw, 2)?;
            let s = str_arg(vm, "strptime", 1, args[0])?;
            let f = str_arg(vm, "strptime", 2, args[1])?;
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
        (DATETIME, "combine") => {
            let b = bind_c(cn, &args, &kw, &["date", "time", "tzinfo"], 2, 3)?;
            let Some(Dt::Date(d) | Dt::DateTime(d, ..)) = dt_of(vm, b[0].expect("bound")).cloned()
            else {
                return Err(PyErr::type_error(format!(
                    "combine() argument 1 must be datetime.date, not {}",
                    vm.class_name(b[0].expect("bound"))
                )));
            };
            let Some(Dt::Time(c, ttz)) = dt_of(vm, b[1].expect("bound")).cloned() else {
                return Err(PyErr::type_error(format!(
                    "combine() argument 2 must be datetime.time, not {}",
                    vm.class_name(b[1].expect("bound"))
                )));
            };
            let tz = check_tz(vm, b[2].unwrap_or(ttz))?;
            Ok(new_dt(vm, Dt::DateTime(d, c, tz)))
        }
        (DATE | DATETIME, "fromtimestamp") | (DATETIME, "utcfromtimestamp") => {
            let params: &[&str] = if cls == DATETIME && name == "fromtimestamp" {
                &["timestamp", "tz"]
            } else {
                &["timestamp"]
            };
            let b = bind_c(cn, &args, &kw, params, 1, params.len())?;
            let tz = check_tz(vm, b.get(1).copied().flatten().unwrap_or(Value::None))?;
            let (d, c) = from_timestamp(vm, b[0].expect("bound"), tz)?;
            Ok(if cls == DATE {
                new_dt(vm, Dt::Date(d))
            } else {
                new_dt(vm, Dt::DateTime(d, c, tz))
            })
        }
        (DATE | DATETIME, "fromordinal") => {
            exact("fromordinal", &args, &kw, 1)?;
            let n = c_int(vm, args[0])?;
            if !(1..=super::datetime::MAX_ORDINAL).contains(&n) {
                return Err(PyErr::value_error("ordinal must be >= 1"));
            }
            let d = Date::from_ordinal(n);
            Ok(if cls == DATE {
                new_dt(vm, Dt::Date(d))
            } else {
                new_dt(vm, Dt::DateTime(d, Clock::MIDNIGHT, Value::None))
            })
        }
        (DATE, "fromisocalendar") => {
            let b = bind_c(cn, &args, &kw, &["year", "week", "day"], 3, 3)?;
            let (y, w, wd) = (
                c_int(vm, b[0].expect("b"))?,
                c_int(vm, b[1].expect("b"))?,
                c_int(vm, b[2].expect("b"))?,
            );
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
        _ => Err(PyErr::type_error(format!("unknown class method {name}"))),
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
