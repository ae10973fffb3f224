//! Attributes and methods of `datetime` objects: one method table per
//! kind (`date`, `datetime`, `time`, `timedelta`, `timezone`), declared
//! with `native!`. The class-level attributes and class methods
//! (`date.min`, `datetime.now`, ...) are in `class`.

mod class;

pub use class::{class_attr, class_method};

use super::datetime::{
    check_clock, check_date, check_tz, dt_from_micros, dt_id, dt_micros, dt_of, int_or, local_zone,
    new_dt, zone_of, Clock, Date, Delta, Dt, Zone, DAY_US, EPOCH_ORDINAL,
};
use super::datetime_fmt::{self as fmt, Fields};
use super::native::{call_method, receiver, Method};
use crate::object::{ObjId, Value};
use crate::vm::call::Kwargs;
use crate::vm::{as_str, PyErr, PyResult, Vm};

static DATE_METHODS: &[Method] = methods_table![
    replace = date_replace,
    isoformat = date_isoformat,
    strftime,
    __format__ = format_method,
    weekday,
    isoweekday,
    isocalendar,
    toordinal,
    ctime,
    timetuple,
];

static DATETIME_METHODS: &[Method] = methods_table![
    replace = datetime_replace,
    isoformat = datetime_isoformat,
    strftime,
    __format__ = format_method,
    weekday,
    isoweekday,
    isocalendar,
    toordinal,
    ctime,
    timetuple,
    date,
    time,
    timetz,
    utcoffset,
    tzname,
    dst,
    astimezone,
    timestamp,
    utctimetuple,
];

static TIME_METHODS: &[Method] = methods_table![
    replace = time_replace,
    isoformat = time_isoformat,
    strftime,
    __format__ = format_method,
    utcoffset,
    tzname,
    dst,
];

static DELTA_METHODS: &[Method] = methods_table![total_seconds];

static ZONE_METHODS: &[Method] = methods_table![
    utcoffset = zone_utcoffset,
    tzname = zone_tzname,
    dst = zone_dst,
    fromutc,
];

/// The method table of a datetime object and its type's name.
fn methods_of(d: &Dt) -> (&'static [Method], &'static str) {
    match d {
        Dt::Date(_) => (DATE_METHODS, "date"),
        Dt::DateTime(..) => (DATETIME_METHODS, "datetime"),
        Dt::Time(..) => (TIME_METHODS, "time"),
        Dt::Delta(_) => (DELTA_METHODS, "timedelta"),
        Dt::Zone(_) => (ZONE_METHODS, "timezone"),
    }
}

pub fn has_method(vm: &Vm, id: ObjId, name: &str) -> bool {
    super::native::has_method(methods_of(&dt_id(vm, id)).0, name)
}

/// Calls a method of a datetime object.
pub fn call(
    vm: &mut Vm,
    id: ObjId,
    name: &str,
    args: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Option<Value>> {
    let (table, owner) = methods_of(&dt_id(vm, id));
    call_method(table, owner, vm, Value::Ref(id), name, args, kw)
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

/// The receiver of a method of `datetime` objects.
fn dt_this(vm: &Vm, this: Value) -> Dt {
    dt_id(vm, receiver(this))
}

/// The date of a `date` or `datetime`.
fn date_this(vm: &Vm, this: Value) -> Date {
    match dt_this(vm, this) {
        Dt::Date(x) | Dt::DateTime(x, ..) => x,
        _ => unreachable!("a date method's receiver"),
    }
}

/// The parts of a `datetime`.
fn datetime_this(vm: &Vm, this: Value) -> (Date, Clock, Value) {
    match dt_this(vm, this) {
        Dt::DateTime(x, c, tz) => (x, c, tz),
        _ => unreachable!("a datetime method's receiver"),
    }
}

/// The zone of a `datetime` or `time`.
fn tz_this(vm: &Vm, this: Value) -> Value {
    match dt_this(vm, this) {
        Dt::DateTime(_, _, tz) | Dt::Time(_, tz) => tz,
        _ => unreachable!("a datetime or time method's receiver"),
    }
}

/// The clock of `replace()`: each field given or the current one.
fn new_clock(vm: &Vm, c: &Clock, f: [Option<Value>; 4], fold: Option<Value>) -> PyResult<Clock> {
    check_clock(
        int_or(vm, f[0], c.h)?,
        int_or(vm, f[1], c.mi)?,
        int_or(vm, f[2], c.s)?,
        int_or(vm, f[3], c.us)?,
        int_or(vm, fold, c.fold)?,
    )
}

native! {
    /// `date.replace(year=self.year, month=self.month, day=self.day)`.
    clinic method date_replace(vm, this, year?, month?, day?) {
        let x = date_this(vm, this);
        let nd = check_date(int_or(vm, year, x.y)?, int_or(vm, month, x.m)?, int_or(vm, day, x.d)?)?;
        Ok(new_dt(vm, Dt::Date(nd)))
    }

    /// `datetime.replace(year=self.year, ..., tzinfo=self.tzinfo, *,
    /// fold=self.fold)`.
    clinic method datetime_replace(
        vm, this, year?, month?, day?, hour?, minute?, second?, microsecond?, tzinfo?, *, fold?
    ) {
        let (x, c, tz) = datetime_this(vm, this);
        let nd = check_date(int_or(vm, year, x.y)?, int_or(vm, month, x.m)?, int_or(vm, day, x.d)?)?;
        let nc = new_clock(vm, &c, [hour, minute, second, microsecond], fold)?;
        let ntz = check_tz(vm, tzinfo.unwrap_or(tz))?;
        Ok(new_dt(vm, Dt::DateTime(nd, nc, ntz)))
    }

    /// `time.replace(hour=self.hour, ..., tzinfo=self.tzinfo, *,
    /// fold=self.fold)`.
    clinic method time_replace(vm, this, hour?, minute?, second?, microsecond?, tzinfo?, *, fold?) {
        let Dt::Time(c, tz) = dt_this(vm, this) else {
            unreachable!("a time method's receiver")
        };
        let nc = new_clock(vm, &c, [hour, minute, second, microsecond], fold)?;
        let ntz = check_tz(vm, tzinfo.unwrap_or(tz))?;
        Ok(new_dt(vm, Dt::Time(nc, ntz)))
    }

    /// `date.isoformat()`.
    builtin method date_isoformat(vm, this) {
        let s = fmt::date_iso(date_this(vm, this));
        Ok(vm.new_str(s))
    }

    /// `datetime.isoformat(sep='T', timespec='auto')`.
    clinic method datetime_isoformat(vm, this, sep?, timespec?) {
        let (x, c, tz) = datetime_this(vm, this);
        let sep = match sep {
            None => 'T',
            Some(v) => iso_sep(vm, v)?,
        };
        let spec = match timespec {
            Some(v) => str_arg(vm, "isoformat", 2, v)?,
            None => "auto".into(),
        };
        let z = zone_of(vm, tz);
        let s = fmt::datetime_iso(x, c, z.as_ref(), sep, &spec)?;
        Ok(vm.new_str(s))
    }

    /// `time.isoformat(timespec='auto')`.
    clinic method time_isoformat(vm, this, timespec?) {
        let Dt::Time(c, tz) = dt_this(vm, this) else {
            unreachable!("a time method's receiver")
        };
        let spec = match timespec {
            Some(v) => str_arg(vm, "isoformat", 1, v)?,
            None => "auto".into(),
        };
        let z = zone_of(vm, tz);
        let s = fmt::time_iso(c, z.as_ref(), &spec)?;
        Ok(vm.new_str(s))
    }

    /// `date.strftime(format)` (and `datetime`'s, `time`'s).
    clinic method strftime(vm, this, format) {
        strftime_of(vm, this, "strftime", format)
    }

    /// `date.__format__(format, /)` (and `datetime`'s, `time`'s).
    getargs method format_method(vm, this, format, /) {
        strftime_of(vm, this, "__format__", format)
    }
}

/// `isoformat()`'s separator: one character.
fn iso_sep(vm: &Vm, v: Value) -> PyResult<char> {
    let s = as_str(&vm.heap, v);
    match s.map(|s| (s.chars().count(), s.chars().next())) {
        Some((1, Some(ch))) => Ok(ch),
        Some((n, _)) => Err(PyErr::type_error(format!(
            "isoformat() argument 1 must be a unicode character, not a string of length {n}"
        ))),
        None => {
            let t = if v.is_none() {
                "None".into()
            } else {
                vm.class_name(v)
            };
            Err(PyErr::type_error(format!(
                "isoformat() argument 1 must be a unicode character, not {t}"
            )))
        }
    }
}

fn strftime_of(vm: &mut Vm, this: Value, name: &str, format: Value) -> PyResult<Value> {
    let f = str_arg(vm, name, 1, format)?;
    let d = dt_this(vm, this);
    let s = fmt::strftime(&fields(vm, &d), &f);
    Ok(vm.new_str(s))
}

native! {
    /// `date.weekday()`.
    builtin method weekday(vm, this) {
        Ok(Value::Int(date_this(vm, this).weekday()))
    }

    /// `date.isoweekday()`.
    builtin method isoweekday(vm, this) {
        Ok(Value::Int(date_this(vm, this).weekday() + 1))
    }

    /// `date.isocalendar()`.
    builtin method isocalendar(vm, this) {
        let (y, w, wd) = date_this(vm, this).iso_calendar();
        let values = vec![Value::Int(y), Value::Int(w), Value::Int(wd)];
        Ok(crate::structseq::new(vm, crate::structseq::SeqKind::IsoCalendarDate, values))
    }

    /// `date.toordinal()`.
    builtin method toordinal(vm, this) {
        Ok(Value::Int(date_this(vm, this).ordinal()))
    }

    /// `date.ctime()`.
    builtin method ctime(vm, this) {
        let d = dt_this(vm, this);
        let s = fmt::strftime(&fields(vm, &d), "%a %b %e %H:%M:%S %Y");
        Ok(vm.new_str(s))
    }

    /// `date.timetuple()`.
    builtin method timetuple(vm, this) {
        let (x, c, tz) = match dt_this(vm, this) {
            Dt::DateTime(x, c, tz) => (x, c, tz),
            Dt::Date(x) => (x, Clock::MIDNIGHT, Value::None),
            _ => unreachable!("a date method's receiver"),
        };
        let dst = if tz.is_none() { -1 } else { 0 };
        Ok(super::time::struct_time_value(vm, x, c, dst, None))
    }

    /// `datetime.date()`.
    builtin method date(vm, this) {
        let (x, _, _) = datetime_this(vm, this);
        Ok(new_dt(vm, Dt::Date(x)))
    }

    /// `datetime.time()`.
    builtin method time(vm, this) {
        let (_, c, _) = datetime_this(vm, this);
        Ok(new_dt(vm, Dt::Time(c, Value::None)))
    }

    /// `datetime.timetz()`.
    builtin method timetz(vm, this) {
        let (_, c, tz) = datetime_this(vm, this);
        Ok(new_dt(vm, Dt::Time(c, tz)))
    }

    /// `datetime.utcoffset()` (and `time`'s).
    builtin method utcoffset(vm, this) {
        let z = zone_of(vm, tz_this(vm, this));
        zone_answer(vm, "utcoffset", z)
    }

    /// `datetime.tzname()` (and `time`'s).
    builtin method tzname(vm, this) {
        let z = zone_of(vm, tz_this(vm, this));
        zone_answer(vm, "tzname", z)
    }

    /// `datetime.dst()` (and `time`'s).
    builtin method dst(vm, this) {
        let z = zone_of(vm, tz_this(vm, this));
        zone_answer(vm, "dst", z)
    }

    /// `datetime.astimezone(tz=None)`.
    clinic method astimezone(vm, this, tz?) {
        let (x, c, own) = datetime_this(vm, this);
        astimezone_of(vm, x, c, own, tz.unwrap_or(Value::None))
    }

    /// `datetime.timestamp()`.
    builtin method timestamp(vm, this) {
        let (x, c, tz) = datetime_this(vm, this);
        let off = zone_of(vm, tz).map_or(0, |z| z.off_us);
        let us = dt_micros(x, c) - off - (EPOCH_ORDINAL - 1) * DAY_US;
        Ok(Value::Float(us as f64 / 1e6))
    }

    /// `datetime.utctimetuple()`.
    builtin method utctimetuple(vm, this) {
        let (x, c, tz) = datetime_this(vm, this);
        let off = zone_of(vm, tz).map_or(0, |z| z.off_us);
        let (nd, nc) = dt_from_micros(dt_micros(x, c) - off, 0)?;
        Ok(super::time::struct_time_value(vm, nd, nc, 0, None))
    }

    /// `timedelta.total_seconds()`.
    builtin method total_seconds(vm, this) {
        let Dt::Delta(x) = dt_this(vm, this) else {
            unreachable!("a timedelta method's receiver")
        };
        Ok(Value::Float(x.total_us() as f64 / 1e6))
    }

    /// `timezone.utcoffset(dt, /)`.
    builtin method zone_utcoffset(vm, this, dt, /) {
        zone_query(vm, this, "utcoffset", dt)
    }

    /// `timezone.tzname(dt, /)`.
    builtin method zone_tzname(vm, this, dt, /) {
        zone_query(vm, this, "tzname", dt)
    }

    /// `timezone.dst(dt, /)`.
    builtin method zone_dst(vm, this, dt, /) {
        zone_query(vm, this, "dst", dt)
    }

    /// `timezone.fromutc(dt, /)`.
    builtin method fromutc(vm, this, dt, /) {
        let Dt::Zone(z) = dt_this(vm, this) else {
            unreachable!("a timezone method's receiver")
        };
        let Some(Dt::DateTime(x, c, tz)) = dt_of(vm, dt).cloned() else {
            return Err(PyErr::type_error("fromutc: argument must be a datetime"));
        };
        let (nd, nc) = dt_from_micros(dt_micros(x, c) + z.off_us, 0)?;
        Ok(new_dt(vm, Dt::DateTime(nd, nc, tz)))
    }
}

/// `timezone.utcoffset`, `tzname` and `dst` (`name`) of `dt`.
fn zone_query(vm: &mut Vm, this: Value, name: &str, dt: Value) -> PyResult<Value> {
    let Dt::Zone(z) = dt_this(vm, this) else {
        unreachable!("a timezone method's receiver")
    };
    if !dt.is_none() && !matches!(dt_of(vm, dt), Some(Dt::DateTime(..))) {
        return Err(PyErr::type_error(format!(
            "{name}(dt) argument must be a datetime instance or None, not {}",
            vm.class_name(dt)
        )));
    }
    zone_answer(vm, name, Some(z))
}

/// Converts a datetime to another zone (`None`: the local zone, UTC).
fn astimezone_of(vm: &mut Vm, d: Date, c: Clock, tz: Value, target: Value) -> PyResult<Value> {
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
