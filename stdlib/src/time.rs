//! `time`: conversions between timestamps, `struct_time` and text
//! (`gmtime`, `localtime`, `mktime`, `asctime`, `ctime`, `strftime`,
//! `strptime`) plus the zone constants. The session's local zone is UTC.
//! The sandbox has no clock: `time()`, `time_ns()`, `monotonic()` and
//! `perf_counter()` (and their `_ns` forms) raise `OSError`; the process
//! clocks (`process_time`, `thread_time`) report 0 (no CPU time is
//! observable); `sleep()` validates its argument and returns at once.

use super::datetime::{Clock, Date, EPOCH_ORDINAL};
use super::datetime_fmt::{self as fmt, Fields};
use super::objects::NativeObj;
pub use super::time_data::StructTime;
use super::{ModuleDef, NativeId};
use crate::builtins::Args;
use crate::object::{ExcType, HashKey, Obj, ObjId, Value};
use crate::objects::native_of;
use crate::vm::{as_str, PyErr, PyResult, Vm};
use monty_compile::bytecode::CmpOp;

const FIELDS: [&str; 9] = [
    "tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min", "tm_sec", "tm_wday", "tm_yday", "tm_isdst",
];

pub fn struct_time_value(
    vm: &mut Vm,
    d: Date,
    c: Clock,
    isdst: i64,
    zone: Option<(String, i64)>,
) -> Value {
    let (zone, gmtoff) = zone.unwrap_or(("UTC".into(), 0));
    let st = StructTime {
        f: [d.y, d.m, d.d, c.h, c.mi, c.s, d.weekday(), d.yday(), isdst],
        zone,
        gmtoff,
    };
    vm.heap
        .new_value(Obj::from(NativeObj::StructTime(Box::new(st))))
}

fn st_of(vm: &Vm, id: ObjId) -> StructTime {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::StructTime(s)) => (**s).clone(),
        _ => unreachable!("a struct_time"),
    }
}

pub fn getattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<Value> {
    let st = st_of(vm, id);
    if let Some(i) = FIELDS.iter().position(|f| *f == name) {
        return Some(Value::Int(st.f[i]));
    }
    match name {
        "tm_zone" => Some(vm.new_str(st.zone)),
        "tm_gmtoff" => Some(Value::Int(st.gmtoff)),
        "n_fields" => Some(Value::Int(11)),
        "n_sequence_fields" => Some(Value::Int(9)),
        _ => None,
    }
}

fn as_tuple(vm: &mut Vm, id: ObjId) -> Value {
    let st = st_of(vm, id);
    let items = st.f.iter().map(|x| Value::Int(*x)).collect();
    vm.new_tuple(items)
}

pub fn getitem(vm: &mut Vm, id: ObjId, idx: Value) -> PyResult<Value> {
    let t = as_tuple(vm, id);
    vm.get_item(t, idx)
}

pub fn iter(vm: &mut Vm, id: ObjId) -> PyResult<Value> {
    let t = as_tuple(vm, id);
    vm.get_iter(t)
}

pub fn repr(vm: &Vm, id: ObjId) -> String {
    let st = st_of(vm, id);
    let parts: Vec<String> = FIELDS
        .iter()
        .zip(st.f.iter())
        .map(|(n, v)| format!("{n}={v}"))
        .collect();
    format!("time.struct_time({})", parts.join(", "))
}

pub fn compare(vm: &mut Vm, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
    let is_st = |vm: &Vm, v: Value| matches!(v, Value::Ref(id) if matches!(native_of(vm.heap.get(id)), Some(NativeObj::StructTime(_))));
    if !is_st(vm, a) && !is_st(vm, b) {
        return Ok(None);
    }
    let conv = |vm: &mut Vm, v: Value| match v {
        Value::Ref(id) if is_st(vm, v) => as_tuple(vm, id),
        other => other,
    };
    let (x, y) = (conv(vm, a), conv(vm, b));
    let r = vm.compare_op(op, x, y)?;
    Ok(Some(r == Value::Bool(true)))
}

pub fn hash(vm: &Vm, id: ObjId) -> HashKey {
    let st = st_of(vm, id);
    HashKey::Tuple(st.f.iter().map(|x| HashKey::Int(*x)).collect())
}

/// The clocks: each reads the host's clock (the os call `time.time`,
/// `OS_CALLS.md`), in seconds or nanoseconds.
macro_rules! clocks {
    ($($f:ident => $name:literal, $ns:literal),*) => {
        $(native! {
            #[doc = concat!("`time.", $name, "()`.")]
            builtin fn $f in "time" (vm) {
                let t = crate::os_calls::time(vm)?;
                Ok(if $ns { Value::Int((t * 1e9) as i64) } else { Value::Float(t) })
            }
        })*
    };
}

clocks!(clock_time => "time", false, clock_time_ns => "time_ns", true,
    clock_monotonic => "monotonic", false, clock_monotonic_ns => "monotonic_ns", true,
    clock_perf => "perf_counter", false, clock_perf_ns => "perf_counter_ns", true);

native! {
    /// `time.process_time()` and `time.thread_time()`: 0.0 (no clock).
    builtin fn process_clock in "time" (vm) {
        Ok(Value::Float(0.0))
    }

    /// `time.process_time_ns()` and `time.thread_time_ns()`: 0.
    builtin fn process_clock_ns in "time" (vm) {
        Ok(Value::Int(0))
    }
}

/// An int or float argument (`__index__` honoured), as seconds.
fn seconds(vm: &mut Vm, v: Value, what: &str) -> PyResult<f64> {
    match v {
        Value::Int(i) => Ok(i as f64),
        Value::Bool(b) => Ok(b as i64 as f64),
        Value::Float(f) => Ok(f),
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => Ok(f64::INFINITY),
        _ => {
            if vm.user_class_of(v).is_some() {
                if let Some(r) = vm.call_dunder(v, "__index__", vec![])? {
                    return Ok(vm.index_arg(r)? as f64);
                }
            }
            Err(PyErr::type_error(format!(
                "'{}' object cannot be interpreted as an integer{what}",
                vm.class_name(v)
            )))
        }
    }
}

native! {
    /// `time.sleep(secs, /)`: checks the argument; returns at once.
    builtin fn sleep in "time" (vm, secs, /) {
        sleep_check(vm, secs)
    }
}

fn sleep_check(vm: &mut Vm, secs: Value) -> PyResult<Value> {
    let s = seconds(vm, secs, " or float")?;
    if s.is_nan() {
        return Err(PyErr::value_error("Invalid value NaN (not a number)"));
    }
    if s.abs() >= 9.2e9 {
        return Err(PyErr::new(
            ExcType::OverflowError,
            "timestamp out of range for C PyTime_t",
        ));
    }
    if s < 0.0 {
        return Err(PyErr::value_error("sleep length must be non-negative"));
    }
    Ok(Value::None)
}

/// `gmtime`/`localtime` of `secs` (the host's current time when not
/// given or None; the sandbox's local zone is UTC).
fn from_secs(vm: &mut Vm, _name: &str, secs: Option<Value>) -> PyResult<Value> {
    let s = match secs.filter(|v| !v.is_none()) {
        Some(v) => seconds(vm, v, "")?,
        None => crate::os_calls::time(vm)?,
    };
    if s.is_nan() {
        return Err(PyErr::value_error("Invalid value NaN (not a number)"));
    }
    if s.abs() > 1e17 {
        return Err(PyErr::new(
            ExcType::OverflowError,
            "timestamp out of range for platform time_t",
        ));
    }
    let secs = s.floor() as i64;
    let days = secs.div_euclid(86_400);
    let d = Date::from_ordinal(days + EPOCH_ORDINAL);
    let c = Clock::from_micros(secs.rem_euclid(86_400) * 1_000_000, 0);
    Ok(struct_time_value(vm, d, c, 0, None))
}

native! {
    /// `time.gmtime([secs])`.
    getargs fn gmtime(vm, secs?, /) {
        from_secs(vm, "gmtime", secs)
    }

    /// `time.localtime([secs])`: UTC (the sandbox's zone).
    getargs fn localtime(vm, secs?, /) {
        from_secs(vm, "localtime", secs)
    }
}

/// The nine fields of a time tuple, and the zone of a struct_time.
type TupleFields = ([i64; 9], Option<(i64, String)>);

/// The nine fields of a tuple or struct_time argument.
fn tuple_fields(vm: &Vm, v: Value, who: &str) -> PyResult<TupleFields> {
    let items = match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Tuple(t) => t.clone(),
            Obj::Native(n) => match n.downcast_ref() {
                Some(NativeObj::StructTime(s)) => {
                    return Ok((s.f, Some((s.gmtoff * 1_000_000, s.zone.clone()))))
                }
                _ => return Err(PyErr::type_error("Tuple or struct_time argument required")),
            },
            _ => return Err(PyErr::type_error("Tuple or struct_time argument required")),
        },
        _ => return Err(PyErr::type_error("Tuple or struct_time argument required")),
    };
    if items.len() != 9 {
        return Err(PyErr::type_error(format!(
            "{who}(): illegal time tuple argument"
        )));
    }
    let mut f = [0i64; 9];
    for (slot, v) in f.iter_mut().zip(items) {
        *slot = vm.index_arg(v)?;
    }
    Ok((f, None))
}

/// CPython's `checktm`, then the strftime fields.
fn checked_fields(f: [i64; 9], zone: Option<(i64, String)>) -> PyResult<Fields> {
    let mon = if f[1] == 0 { 1 } else { f[1] };
    if !(1..=12).contains(&mon) {
        return Err(PyErr::value_error("month out of range"));
    }
    let mday = if f[2] == 0 { 1 } else { f[2] };
    if !(1..=31).contains(&mday) {
        return Err(PyErr::value_error("day of month out of range"));
    }
    for (v, hi, what) in [
        (f[3], 23, "hour"),
        (f[4], 59, "minute"),
        (f[5], 61, "seconds"),
    ] {
        if !(0..=hi).contains(&v) {
            return Err(PyErr::value_error(format!("{what} out of range")));
        }
    }
    let wday_sun = (f[6] + 1) % 7;
    if wday_sun < 0 {
        return Err(PyErr::value_error("day of week out of range"));
    }
    let yday0 = if f[7] == 0 { 0 } else { f[7] - 1 };
    if !(0..=365).contains(&yday0) {
        return Err(PyErr::value_error("day of year out of range"));
    }
    Ok(Fields {
        date: Date {
            y: f[0],
            m: mon,
            d: mday,
        },
        clock: Clock {
            h: f[3],
            mi: f[4],
            s: f[5],
            us: 0,
            fold: 0,
        },
        wday: (wday_sun + 6) % 7,
        yday: yday0 + 1,
        zone: Some(zone.unwrap_or((0, "UTC".into()))),
    })
}

native! {
    /// `time.strftime(format[, tuple])`.
    getargs fn strftime(vm, format, t?, /) {
        let Some(f) = as_str(&vm.heap, format).map(str::to_string) else {
            return Err(PyErr::type_error(format!(
                "strftime() argument 1 must be str, not {}",
                vm.class_name(format)
            )));
        };
        let t = match t {
            Some(t) => t,
            None => from_secs(vm, "localtime", None)?,
        };
        let (fields, zone) = tuple_fields(vm, t, "strftime")?;
        let fl = checked_fields(fields, zone)?;
        let s = fmt::strftime(&fl, &f);
        Ok(vm.new_str(s))
    }

    /// `time.asctime([tuple])`.
    builtin fn asctime(vm, t?, /) {
        let t = match t {
            Some(t) => t,
            None => from_secs(vm, "localtime", None)?,
        };
        let (fields, zone) = tuple_fields(vm, t, "asctime")?;
        let fl = checked_fields(fields, zone)?;
        let s = fmt::strftime(&fl, "%a %b %e %H:%M:%S %Y");
        Ok(vm.new_str(s))
    }

    /// `time.ctime([secs])`.
    getargs fn ctime(vm, secs?, /) {
        let st = from_secs(vm, "ctime", secs)?;
        let (fields, zone) = tuple_fields(vm, st, "ctime")?;
        let fl = checked_fields(fields, zone)?;
        let s = fmt::strftime(&fl, "%a %b %e %H:%M:%S %Y");
        Ok(vm.new_str(s))
    }

    /// `time.mktime(t, /)`.
    builtin fn mktime in "time" (vm, t, /) {
        let (f, _) = tuple_fields(vm, t, "mktime")?;
        let first = Date {
            y: f[0],
            m: 1,
            d: 1,
        }
        .ordinal();
        let mut days = first;
        for m in 1..f[1].clamp(1, 13) {
            days += super::datetime::days_in_month(f[0], m);
        }
        days += f[2] - 1;
        let secs = (days - EPOCH_ORDINAL) * 86_400 + f[3] * 3600 + f[4] * 60 + f[5];
        Ok(Value::Float(secs as f64))
    }

    /// `time.strptime(data_string[, format])`: a `METH_VARARGS` function
    /// that passes its positionals on to `_strptime._strptime_time`.
    getargs fn strptime(vm, *args) {
        strptime_time(vm, Args::new("_strptime_time", args, Vec::new()))
    }

    /// `_strptime._strptime_time(data_string, format="%a %b %d %H:%M:%S %Y")`.
    def fn strptime_time(vm, data_string, format?) {
        let s = as_str(&vm.heap, data_string)
            .ok_or_else(|| PyErr::type_error("strptime() argument 0 must be str"))?
            .to_string();
        let f = match format {
            Some(v) => as_str(&vm.heap, v)
                .ok_or_else(|| PyErr::type_error("strptime() argument 1 must be str"))?
                .to_string(),
            None => "%a %b %d %H:%M:%S %Y".into(),
        };
        let p = fmt::strptime(&s, &f)?;
        let isdst = if p.zone_name.is_some() { 0 } else { -1 };
        let zone = p.off_us.map(|o| (String::new(), o / 1_000_000));
        Ok(struct_time_value(
            vm,
            p.date.expect("set"),
            p.clock.expect("set"),
            isdst,
            zone,
        ))
    }
}

fn struct_time_new(_vm: &mut Vm, _a: Args) -> PyResult<Value> {
    Err(PyErr::new(
        ExcType::NotImplementedError,
        "time.struct_time() cannot be built directly yet: use gmtime() or strptime()",
    ))
}

pub const STRUCT_TIME: u16 = 0;

pub fn isinstance(vm: &Vm, v: Value, t: NativeId) -> Option<bool> {
    if t.module != super::module_index("time") || t.func != STRUCT_TIME {
        return None;
    }
    Some(
        matches!(v, Value::Ref(id) if matches!(native_of(vm.heap.get(id)), Some(NativeObj::StructTime(_)))),
    )
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    attrs.push(("timezone".into(), Value::Int(0)));
    attrs.push(("altzone".into(), Value::Int(0)));
    attrs.push(("daylight".into(), Value::Int(0)));
    let u = vm.new_str("UTC");
    let names = vm.new_tuple(vec![u, u]);
    attrs.push(("tzname".into(), names));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "time",
    funcs: natives_table![
        struct_time = struct_time_new,
        time = clock_time,
        time_ns = clock_time_ns,
        monotonic = clock_monotonic,
        monotonic_ns = clock_monotonic_ns,
        perf_counter = clock_perf,
        perf_counter_ns = clock_perf_ns,
        process_time = process_clock,
        process_time_ns = process_clock_ns,
        thread_time = process_clock,
        thread_time_ns = process_clock_ns,
        sleep,
        gmtime,
        localtime,
        mktime,
        asctime,
        ctime,
        strftime,
        strptime,
    ],
    init,
};

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `time.struct_time`.
pub struct StructTimeType;

impl np::NativeType for StructTimeType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "time.struct_time"
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(getattr(vm, id, name))
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(repr(vm, id))
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

    fn len(_: &mut np::Vm, _: np::ObjId) -> np::PyResult<Option<usize>> {
        Ok(Some(9))
    }

    fn iter(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::Value>> {
        iter(vm, id).map(Some)
    }

    fn getitem(vm: &mut np::Vm, id: np::ObjId, idx: np::Value) -> np::PyResult<Option<np::Value>> {
        getitem(vm, id, idx).map(Some)
    }
}
