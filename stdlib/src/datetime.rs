//! `datetime`: `date`, `datetime`, `time`, `timedelta` and fixed-offset
//! `timezone` (plus `timezone.utc` / `UTC`), with CPython's reprs, range
//! checks and messages (3.14 wording). The classes are native constructors
//! acting as types; their instances are [`Dt`] values inside
//! `NativeObj::Datetime`. The sandbox has no clock: `now()`, `today()` and
//! `utcnow()` raise `OSError` until the host provides the current time. The
//! session's local zone is UTC (naive values read as UTC wall time).
//!
//! Split: this file holds the types, calendar arithmetic and constructors;
//! `datetime_ops.rs` comparisons, hashing, operators and reprs;
//! `datetime_methods.rs` attributes and methods; `datetime_fmt.rs`
//! `strftime`, `strptime` and ISO 8601.

use super::datetime_args::bind_c;
pub use super::datetime_data::{Clock, Date, Delta, Dt, Zone};
use super::objects::NativeObj;
use super::{ModuleDef, NativeId};
use crate::object::{ExcType, Obj, ObjId, Value};
use crate::objects::native_of;
use crate::vm::call::Kwargs;
use crate::vm::stdlib::Stdlib;
use crate::vm::{as_str, Library, PyErr, PyResult, Vm};
use crate::ImportVm;

/// Microseconds in a day.
pub const DAY_US: i64 = 86_400_000_000;
/// The largest `timedelta.days` magnitude.
pub const MAX_DAYS: i64 = 999_999_999;
/// `date.max.toordinal()`.
pub const MAX_ORDINAL: i64 = 3_652_059;
/// `date(1970, 1, 1).toordinal()`.
pub const EPOCH_ORDINAL: i64 = 719_163;

pub fn is_leap(y: i64) -> bool {
    y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
}

pub fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to a proleptic Gregorian date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (
        if m <= 2 {
            yoe + era * 400 + 1
        } else {
            yoe + era * 400
        },
        m,
        d,
    )
}

impl Date {
    /// Day 1 is 0001-01-01.
    pub fn ordinal(self) -> i64 {
        days_from_civil(self.y, self.m, self.d) + EPOCH_ORDINAL
    }

    pub fn from_ordinal(n: i64) -> Date {
        let (y, m, d) = civil_from_days(n - EPOCH_ORDINAL);
        Date { y, m, d }
    }

    /// Monday is 0.
    pub fn weekday(self) -> i64 {
        (self.ordinal() + 6) % 7
    }

    pub fn yday(self) -> i64 {
        self.ordinal()
            - Date {
                y: self.y,
                m: 1,
                d: 1,
            }
            .ordinal()
            + 1
    }

    /// ISO year, week and weekday.
    pub fn iso_calendar(self) -> (i64, i64, i64) {
        let week1 = |y: i64| {
            let jan4 = Date { y, m: 1, d: 4 }.ordinal();
            jan4 - (jan4 + 6) % 7
        };
        let ord = self.ordinal();
        let mut y = self.y;
        let mut start = week1(y);
        if ord < start {
            y -= 1;
            start = week1(y);
        } else if ord >= week1(y + 1) {
            y += 1;
            start = week1(y);
        }
        (y, (ord - start) / 7 + 1, (ord - start) % 7 + 1)
    }
}

impl Clock {
    pub const MIDNIGHT: Clock = Clock {
        h: 0,
        mi: 0,
        s: 0,
        us: 0,
        fold: 0,
    };

    pub fn micros(self) -> i64 {
        ((self.h * 60 + self.mi) * 60 + self.s) * 1_000_000 + self.us
    }

    pub fn from_micros(us: i64, fold: i64) -> Clock {
        Clock {
            h: us / 3_600_000_000,
            mi: us / 60_000_000 % 60,
            s: us / 1_000_000 % 60,
            us: us % 1_000_000,
            fold,
        }
    }
}

impl Delta {
    pub fn total_us(self) -> i128 {
        (self.days as i128 * 86_400 + self.secs as i128) * 1_000_000 + self.us as i128
    }

    /// Normalizes a microsecond count; `OverflowError` beyond the range.
    pub fn from_us(total: i128) -> PyResult<Delta> {
        let day = DAY_US as i128;
        let days = total.div_euclid(day);
        let rem = total.rem_euclid(day) as i64;
        if days.abs() > MAX_DAYS as i128 {
            return Err(PyErr::new(
                ExcType::OverflowError,
                format!("days={days}; must have magnitude <= {MAX_DAYS}"),
            ));
        }
        Ok(Delta {
            days: days as i64,
            secs: rem / 1_000_000,
            us: rem % 1_000_000,
        })
    }
}

/// Microseconds since 0001-01-01T00:00 of a date and time.
pub fn dt_micros(d: Date, c: Clock) -> i64 {
    (d.ordinal() - 1) * DAY_US + c.micros()
}

/// The date and time at a microsecond count; `OverflowError` outside
/// years 1..9999.
pub fn dt_from_micros(us: i64, fold: i64) -> PyResult<(Date, Clock)> {
    let days = us.div_euclid(DAY_US) + 1;
    if !(1..=MAX_ORDINAL).contains(&days) {
        return Err(PyErr::new(
            ExcType::OverflowError,
            "date value out of range",
        ));
    }
    Ok((
        Date::from_ordinal(days),
        Clock::from_micros(us.rem_euclid(DAY_US), fold),
    ))
}

pub fn module_index() -> u16 {
    super::module_index("datetime")
}

/// Class indices in the module's function table.
pub const DATE: u16 = 0;
pub const DATETIME: u16 = 1;
pub const TIME: u16 = 2;
pub const TIMEDELTA: u16 = 3;
pub const TIMEZONE: u16 = 4;
pub const TZINFO: u16 = 5;
const CLASSMETHOD: u16 = 6;

pub fn new_dt(vm: &mut Vm, d: Dt) -> Value {
    vm.heap
        .new_value(Obj::from(NativeObj::Datetime(Box::new(d))))
}

/// The `Dt` behind a value, if it is one.
pub fn dt_of(vm: &Vm, v: Value) -> Option<&Dt> {
    match v {
        Value::Ref(id) => match native_of(vm.heap.get(id)) {
            Some(NativeObj::Datetime(d)) => Some(d),
            _ => None,
        },
        _ => None,
    }
}

pub fn dt_id(vm: &Vm, id: ObjId) -> Dt {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::Datetime(d)) => (**d).clone(),
        _ => unreachable!("a datetime object"),
    }
}

/// The zone of a tz value (`None` when naive).
pub fn zone_of(vm: &Vm, tz: Value) -> Option<Zone> {
    match dt_of(vm, tz) {
        Some(Dt::Zone(z)) => Some(z.clone()),
        _ => None,
    }
}

/// Checks a `tzinfo` argument.
pub fn check_tz(vm: &Vm, v: Value) -> PyResult<Value> {
    if v.is_none() || matches!(dt_of(vm, v), Some(Dt::Zone(_))) {
        return Ok(v);
    }
    Err(PyErr::type_error(format!(
        "tzinfo argument must be None or of a tzinfo subclass, not type '{}'",
        vm.class_name(v)
    )))
}

/// A C `int` argument (the `i` format).
pub fn c_int(vm: &Vm, v: Value) -> PyResult<i64> {
    let n = match v {
        Value::Int(i) => i,
        Value::Bool(b) => b as i64,
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => {
            return Err(PyErr::new(
                ExcType::OverflowError,
                "Python int too large to convert to C long",
            ))
        }
        _ => {
            return Err(PyErr::type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                vm.class_name(v)
            )))
        }
    };
    if n > i32::MAX as i64 {
        return Err(PyErr::new(
            ExcType::OverflowError,
            "signed integer is greater than maximum",
        ));
    }
    if n < i32::MIN as i64 {
        return Err(PyErr::new(
            ExcType::OverflowError,
            "signed integer is less than minimum",
        ));
    }
    Ok(n)
}

pub fn check_date(y: i64, m: i64, d: i64) -> PyResult<Date> {
    if !(1..=9999).contains(&y) {
        return Err(PyErr::value_error(format!(
            "year must be in 1..9999, not {y}"
        )));
    }
    if !(1..=12).contains(&m) {
        return Err(PyErr::value_error(format!(
            "month must be in 1..12, not {m}"
        )));
    }
    let dim = days_in_month(y, m);
    if !(1..=dim).contains(&d) {
        return Err(PyErr::value_error(format!(
            "day {d} must be in range 1..{dim} for month {m} in year {y}"
        )));
    }
    Ok(Date { y, m, d })
}

pub fn check_clock(h: i64, mi: i64, s: i64, us: i64, fold: i64) -> PyResult<Clock> {
    for (name, v, hi) in [
        ("hour", h, 23),
        ("minute", mi, 59),
        ("second", s, 59),
        ("microsecond", us, 999_999),
    ] {
        if !(0..=hi).contains(&v) {
            return Err(PyErr::value_error(format!(
                "{name} must be in 0..{hi}, not {v}"
            )));
        }
    }
    if fold != 0 && fold != 1 {
        return Err(PyErr::value_error(format!(
            "fold must be either 0 or 1, not {fold}"
        )));
    }
    Ok(Clock { h, mi, s, us, fold })
}

pub fn int_or(vm: &Vm, v: Option<Value>, default: i64) -> PyResult<i64> {
    match v {
        Some(v) => c_int(vm, v),
        None => Ok(default),
    }
}

native! {
    /// `datetime.date(year, month, day)`: CPython parses the arguments
    /// with an anonymous `PyArg_ParseTupleAndKeywords` ("function missing
    /// required argument 'year' (pos 1)"), which `bind_c` words.
    builtin fn date_new(vm, *args, **kw) {
        date_of(vm, &args, &kw)
    }

    /// `datetime.datetime(year, month, day, hour=0, minute=0, second=0,
    /// microsecond=0, tzinfo=None, *, fold=0)`, bound as `date` is.
    builtin fn datetime_new(vm, *args, **kw) {
        datetime_of(vm, &args, &kw)
    }

    /// `datetime.time(hour=0, minute=0, second=0, microsecond=0,
    /// tzinfo=None, *, fold=0)`, bound as `date` is.
    builtin fn time_new(vm, *args, **kw) {
        time_of(vm, &args, &kw)
    }
}

fn date_of(vm: &mut Vm, args: &[Value], kw: &Kwargs) -> PyResult<Value> {
    let b = bind_c(args, kw, &["year", "month", "day"], (3, 3), |_, v| {
        c_int(vm, v).map(drop)
    })?;
    let (y, m, d) = (
        int_or(vm, b[0], 0)?,
        int_or(vm, b[1], 0)?,
        int_or(vm, b[2], 0)?,
    );
    let date = check_date(y, m, d)?;
    Ok(new_dt(vm, Dt::Date(date)))
}

const DT_PARAMS: &[&str] = &[
    "year",
    "month",
    "day",
    "hour",
    "minute",
    "second",
    "microsecond",
    "tzinfo",
    "fold",
];

fn datetime_of(vm: &mut Vm, args: &[Value], kw: &Kwargs) -> PyResult<Value> {
    // all ints but `tzinfo` (`"iii|iiiiO$i"`)
    let b = bind_c(args, kw, DT_PARAMS, (3, 8), |i, v| match i {
        7 => Ok(()),
        _ => c_int(vm, v).map(drop),
    })?;
    let mut n = [0i64; 7];
    for (i, slot) in n.iter_mut().enumerate() {
        *slot = int_or(vm, b[i], 0)?;
    }
    let fold = int_or(vm, b[8], 0)?;
    let date = check_date(n[0], n[1], n[2])?;
    let clock = check_clock(n[3], n[4], n[5], n[6], fold)?;
    let tz = check_tz(vm, b[7].unwrap_or(Value::None))?;
    Ok(new_dt(vm, Dt::DateTime(date, clock, tz)))
}

fn time_of(vm: &mut Vm, args: &[Value], kw: &Kwargs) -> PyResult<Value> {
    let params = ["hour", "minute", "second", "microsecond", "tzinfo", "fold"];
    let b = bind_c(args, kw, &params, (0, 5), |i, v| match i {
        4 => Ok(()),
        _ => c_int(vm, v).map(drop),
    })?;
    let mut n = [0i64; 4];
    for (i, slot) in n.iter_mut().enumerate() {
        *slot = int_or(vm, b[i], 0)?;
    }
    let fold = int_or(vm, b[5], 0)?;
    let clock = check_clock(n[0], n[1], n[2], n[3], fold)?;
    let tz = check_tz(vm, b[4].unwrap_or(Value::None))?;
    Ok(new_dt(vm, Dt::Time(clock, tz)))
}

/// Rounds half to even.
pub fn round_half_even(x: f64) -> f64 {
    let r = x.round();
    if (x - x.trunc()).abs() == 0.5 {
        2.0 * (x / 2.0).round()
    } else {
        r
    }
}

native! {
    /// `datetime.timedelta(days=0, seconds=0, microseconds=0,
    /// milliseconds=0, minutes=0, hours=0, weeks=0)`.
    clinic fn timedelta_new as "__new__"(
        vm, days?, seconds?, microseconds?, milliseconds?, minutes?, hours?, weeks?
    ) {
        let given = [days, seconds, microseconds, milliseconds, minutes, hours, weeks];
        timedelta_of(vm, given)
    }
}

/// A timedelta from its components in `timedelta()`'s order.
fn timedelta_of(vm: &mut Vm, given: [Option<Value>; 7]) -> PyResult<Value> {
    let units: [(&str, i128); 7] = [
        ("days", DAY_US as i128),
        ("seconds", 1_000_000),
        ("microseconds", 1),
        ("milliseconds", 1_000),
        ("minutes", 60_000_000),
        ("hours", 3_600_000_000),
        ("weeks", 7 * DAY_US as i128),
    ];
    let mut whole: i128 = 0;
    let mut frac: f64 = 0.0;
    for ((name, unit), v) in units.iter().zip(given) {
        let Some(v) = v else { continue };
        match v {
            Value::Int(n) => whole += n as i128 * unit,
            Value::Bool(b) => whole += b as i128 * unit,
            Value::Float(f) => {
                if !f.is_finite() {
                    return Err(PyErr::new(
                        ExcType::OverflowError,
                        "cannot convert float infinity to integer",
                    ));
                }
                let t = f.trunc();
                if t.abs() > 1e20 {
                    return Err(PyErr::new(
                        ExcType::OverflowError,
                        "Python int too large to convert to C int",
                    ));
                }
                whole += t as i128 * unit;
                frac += (f - t) * *unit as f64;
            }
            Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => {
                return Err(PyErr::new(
                    ExcType::OverflowError,
                    "Python int too large to convert to C int",
                ))
            }
            other => {
                return Err(PyErr::type_error(format!(
                    "unsupported type for timedelta {name} component: {}",
                    vm.class_name(other)
                )))
            }
        }
    }
    let fl = frac.floor();
    let rem = frac - fl;
    let mut total = whole + fl as i128;
    if rem > 0.5 || (rem == 0.5 && total % 2 != 0) {
        total += 1;
    }
    let d = Delta::from_us(total)?;
    Ok(new_dt(vm, Dt::Delta(d)))
}

/// `timezone(offset, name)` from parts, checking the range.
pub fn make_zone(vm: &mut Vm, off_us: i64, name: Option<String>) -> PyResult<Value> {
    if off_us.abs() >= DAY_US {
        let d = Delta::from_us(off_us as i128)?;
        return Err(PyErr::value_error(format!(
            "offset must be a timedelta strictly between -timedelta(hours=24) and \
             timedelta(hours=24), not {}",
            super::datetime_ops::delta_repr(d)
        )));
    }
    if off_us == 0 && name.is_none() {
        return utc(vm);
    }
    Ok(new_dt(vm, Dt::Zone(Zone { off_us, name })))
}

native! {
    /// `datetime.timezone(offset, name=<unset>)`.
    clinic fn timezone_new as "timezone"(vm, offset, name?) {
        timezone_of(vm, offset, name)
    }
}

fn timezone_of(vm: &mut Vm, off: Value, name: Option<Value>) -> PyResult<Value> {
    let Some(Dt::Delta(d)) = dt_of(vm, off).cloned() else {
        let t = if off.is_none() {
            "None".to_string()
        } else {
            vm.class_name(off)
        };
        return Err(PyErr::type_error(format!(
            "timezone() argument 1 must be datetime.timedelta, not {t}"
        )));
    };
    let name = match name {
        None => None,
        Some(v) => match as_str(&vm.heap, v) {
            Some(s) => Some(s.to_string()),
            None => {
                let t = if v.is_none() {
                    "None".to_string()
                } else {
                    vm.class_name(v)
                };
                return Err(PyErr::type_error(format!(
                    "timezone() argument 2 must be str, not {t}"
                )));
            }
        },
    };
    make_zone(vm, d.total_us() as i64, name)
}

native! {
    /// `datetime.tzinfo(*args, **kwargs)`: abstract here.
    builtin fn tzinfo_new(vm, *args, **kwargs) {
        Err(PyErr::new(
            ExcType::NotImplementedError,
            "datetime.tzinfo is abstract: use datetime.timezone",
        ))
    }
}

/// The `timezone.utc` singleton.
pub fn utc(vm: &mut Vm) -> PyResult<Value> {
    let m = vm.import_module("datetime")?;
    vm.get_attr(m, "UTC")
}

/// The session's local zone: UTC, named.
pub fn local_zone(vm: &mut Vm) -> Value {
    new_dt(
        vm,
        Dt::Zone(Zone {
            off_us: 0,
            name: Some("UTC".into()),
        }),
    )
}

native! {
    /// `datetime.X.method(...)`: the bound class and method name come
    /// first (see [`class_method_value`]).
    builtin fn classmethod(vm, cls, name, /, *rest, **kw) {
        let Value::Int(cls) = cls else {
            return Err(PyErr::type_error("bad class method"));
        };
        let name = as_str(&vm.heap, name).unwrap_or("").to_string();
        super::datetime_methods::class_method(vm, cls as u16, &name, rest, kw)
    }
}

/// A bound class method value (`datetime.datetime.now`).
pub fn class_method_value(vm: &mut Vm, cls: u16, name: &str) -> Value {
    let n = vm.new_str(name);
    let cname = MODULE.funcs[cls as usize].name;
    vm.heap.new_value(Obj::BoundNative {
        func: NativeId {
            module: module_index(),
            func: CLASSMETHOD,
        },
        bound: vec![Value::Int(cls as i64), n],
        name: format!("{cname}.{name}"),
    })
}

/// `isinstance(v, t)` for the datetime classes.
pub fn isinstance(vm: &Vm, v: Value, t: NativeId) -> Option<bool> {
    if t.module != module_index() || t.func > TZINFO {
        return None;
    }
    let d = dt_of(vm, v);
    Some(matches!(
        (t.func, d),
        (DATE, Some(Dt::Date(_) | Dt::DateTime(..)))
            | (DATETIME, Some(Dt::DateTime(..)))
            | (TIME, Some(Dt::Time(..)))
            | (TIMEDELTA, Some(Dt::Delta(_)))
            | (TIMEZONE | TZINFO, Some(Dt::Zone(_)))
    ))
}

/// The class of a `datetime`, `time` or `re` object, for the core's
/// `type()` (a hook the core does not have yet).
pub fn class_of(obj: &NativeObj) -> Option<NativeId> {
    let (module, func) = match obj {
        NativeObj::Datetime(d) => (
            module_index(),
            match **d {
                Dt::Date(_) => DATE,
                Dt::DateTime(..) => DATETIME,
                Dt::Time(..) => TIME,
                Dt::Delta(_) => TIMEDELTA,
                Dt::Zone(_) => TIMEZONE,
            },
        ),
        NativeObj::StructTime(_) => (super::module_index("time"), super::time::STRUCT_TIME),
        NativeObj::RePattern(_) => (super::re::module_index(), super::re::PATTERN_CLASS),
        NativeObj::ReMatch(_) => (super::re::module_index(), super::re::MATCH_CLASS),
        _ => return None,
    };
    Some(NativeId { module, func })
}

/// `repr()` of a class of this module, `time` or `re` (`<class
/// 'datetime.date'>`), for the core's repr of `Value::Native` (a hook the
/// core does not have yet).
pub fn class_repr(t: NativeId) -> Option<String> {
    let name = Library.native_name(t);
    let module = if t.module == module_index() && t.func <= TZINFO {
        "datetime"
    } else if t.module == super::module_index("time") && t.func == super::time::STRUCT_TIME {
        "time"
    } else if t.module == super::re::module_index()
        && (t.func == super::re::PATTERN_CLASS || t.func == super::re::MATCH_CLASS)
    {
        "re"
    } else {
        return None;
    };
    Some(format!("<class '{module}.{name}'>"))
}

/// Class attributes: constants and class methods.
pub fn type_getattr(vm: &mut Vm, t: NativeId, name: &str) -> PyResult<Option<Value>> {
    if t.module != module_index() || t.func > TZINFO {
        return Ok(None);
    }
    super::datetime_methods::class_attr(vm, t.func, name)
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let utc = new_dt(
        vm,
        Dt::Zone(Zone {
            off_us: 0,
            name: None,
        }),
    );
    attrs.push(("UTC".into(), utc));
    attrs.push(("MINYEAR".into(), Value::Int(1)));
    attrs.push(("MAXYEAR".into(), Value::Int(9999)));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "datetime",
    funcs: natives_table![
        date = date_new,
        datetime = datetime_new,
        time = time_new,
        timedelta = timedelta_new,
        timezone = timezone_new,
        tzinfo = tzinfo_new,
        _classmethod = classmethod,
    ],
    init,
};
