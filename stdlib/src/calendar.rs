//! `calendar`: `isleap`, `leapdays`, `weekday`, `monthrange`,
//! `monthcalendar`, `month`/`prmonth`, `calendar`/`prcal`, `timegm`,
//! `weekheader`, `firstweekday`/`setfirstweekday`, the names
//! (`month_name`, `month_abbr`, `day_name`, `day_abbr`, as tuples), the
//! day constants, and `Calendar`/`TextCalendar` (classes made at import:
//! `iterweekdays`, `itermonthdays`, `itermonthdays2`, `monthdayscalendar`,
//! `monthdays2calendar`, `formatmonth`, `prmonth`, `formatyear`,
//! `pryear`, `formatweekheader`, `formatmonthname`, `formatweekday`).
//! The arithmetic and layouts are `calendar_text.rs`.
//!
//! Differences from CPython 3.13: the day and month constants are plain
//! ints (CPython's are `Day`/`Month` enum members, equal to them but with
//! another repr), and so is `weekday()`'s result; the name sequences are
//! tuples; `IllegalMonthError` derives from `ValueError` only.

use super::calendar_text as ct;
use super::native_class::{binds, make_class, module_attr, set_module_attr, write_to, Methods};
use super::ModuleDef;
use crate::object::{ExcType, Exception, NativeId, Value};
use crate::vm::{PyErr, PyResult, Vm};

fn int(vm: &mut Vm, v: Value) -> PyResult<i64> {
    vm.index_arg(v)
}

fn opt_int(vm: &mut Vm, v: Option<Value>, default: i64) -> PyResult<i64> {
    match v {
        Some(v) => vm.index_arg(v),
        None => Ok(default),
    }
}

/// A month number, or `IllegalMonthError`.
fn month_arg(vm: &mut Vm, m: Value) -> PyResult<u32> {
    let m = vm.index_arg(m)?;
    if !(1..=12).contains(&m) {
        let cls = module_attr(vm, "calendar", "IllegalMonthError")?;
        let msg = vm.new_str(format!("bad month number {m}; must be 1-12"));
        let mut e = Exception::new(ExcType::ValueError, vec![msg]);
        if let Value::Ref(c) = cls {
            e.class = Some(c);
        }
        return Err(PyErr::Raise(vm.new_exception(e)));
    }
    Ok(m as u32)
}

fn weekday_arg(vm: &mut Vm, d: Value) -> PyResult<i64> {
    let d = vm.index_arg(d)?;
    if !(0..=6).contains(&d) {
        let cls = module_attr(vm, "calendar", "IllegalWeekdayError")?;
        let msg = vm.new_str(format!(
            "bad weekday number {d}; must be 0 (Monday) to 6 (Sunday)"
        ));
        let mut e = Exception::new(ExcType::ValueError, vec![msg]);
        if let Value::Ref(c) = cls {
            e.class = Some(c);
        }
        return Err(PyErr::Raise(vm.new_exception(e)));
    }
    Ok(d)
}

fn module_first(vm: &mut Vm) -> PyResult<i64> {
    let v = module_attr(vm, "calendar", "_firstweekday")?;
    vm.index_arg(v)
}

fn first_of(vm: &mut Vm, this: Value) -> PyResult<i64> {
    let v = vm.get_attr(this, "firstweekday")?;
    Ok(vm.index_arg(v)?.rem_euclid(7))
}

fn weeks_value(vm: &mut Vm, weeks: Vec<Vec<(u32, i64)>>, pairs: bool) -> Value {
    let mut out = Vec::new();
    for w in weeks {
        let days = w
            .into_iter()
            .map(|(d, wd)| {
                if pairs {
                    vm.new_tuple(vec![Value::Int(i64::from(d)), Value::Int(wd)])
                } else {
                    Value::Int(i64::from(d))
                }
            })
            .collect();
        out.push(vm.new_list(days));
    }
    vm.new_list(out)
}

fn print_text(vm: &mut Vm, text: &str) -> PyResult<Value> {
    let out = module_attr(vm, "sys", "stdout")?;
    write_to(vm, out, text)?;
    Ok(Value::None)
}

native! {
    /// `isleap(year)`.
    def fn isleap(vm, year) {
        let y = int(vm, year)?;
        Ok(Value::Bool(ct::is_leap(y)))
    }

    /// `leapdays(y1, y2)`: leap years in `[y1, y2)`.
    def fn leapdays(vm, y1, y2) {
        let (a, b) = (int(vm, y1)?, int(vm, y2)?);
        Ok(Value::Int(ct::leapdays(a, b)))
    }

    /// `weekday(year, month, day)`: Monday 0.
    def fn weekday(vm, year, month, day) {
        let y = int(vm, year)?;
        let m = month_arg(vm, month)?;
        let d = int(vm, day)?;
        if !(1..=i64::from(ct::days_in_month(y, m))).contains(&d) {
            return Err(PyErr::value_error("day is out of range for month"));
        }
        Ok(Value::Int(ct::weekday(y, m, d)))
    }

    /// `monthrange(year, month)`: the first day's weekday and the number
    /// of days.
    def fn monthrange(vm, year, month) {
        let y = int(vm, year)?;
        let m = month_arg(vm, month)?;
        let first = ct::weekday(y, m, 1);
        Ok(vm.new_tuple(vec![Value::Int(first), Value::Int(i64::from(ct::days_in_month(y, m)))]))
    }

    /// `monthcalendar(year, month)`: weeks of day numbers (0 outside the
    /// month), from the module's first weekday.
    def fn monthcalendar(vm, year, month) {
        let y = int(vm, year)?;
        let m = month_arg(vm, month)?;
        let fw = module_first(vm)?;
        Ok(weeks_value(vm, ct::month_weeks(fw, y, m), false))
    }

    /// `month(theyear, themonth, w=0, l=0)`: the month as text.
    def fn month(vm, theyear, themonth, w?, l?) {
        let y = int(vm, theyear)?;
        let m = month_arg(vm, themonth)?;
        let (w, l) = (opt_int(vm, w, 0)?, opt_int(vm, l, 0)?);
        let fw = module_first(vm)?;
        Ok(vm.new_str(ct::format_month(fw, y, m, w, l)))
    }

    /// `prmonth(theyear, themonth, w=0, l=0)`.
    def fn prmonth(vm, theyear, themonth, w?, l?) {
        let y = int(vm, theyear)?;
        let m = month_arg(vm, themonth)?;
        let (w, l) = (opt_int(vm, w, 0)?, opt_int(vm, l, 0)?);
        let fw = module_first(vm)?;
        let text = ct::format_month(fw, y, m, w, l);
        print_text(vm, &text)
    }

    /// `calendar(theyear, w=2, l=1, c=6, m=3)`: the year as text.
    def fn calendar(vm, theyear, w?, l?, c?, m?) {
        let y = int(vm, theyear)?;
        let (w, l, c, m) = (opt_int(vm, w, 2)?, opt_int(vm, l, 1)?, opt_int(vm, c, 6)?, opt_int(vm, m, 3)?);
        let fw = module_first(vm)?;
        Ok(vm.new_str(ct::format_year(fw, y, w, l, c, m)))
    }

    /// `prcal(theyear, w=0, l=0, c=6, m=3)`.
    def fn prcal(vm, theyear, w?, l?, c?, m?) {
        let y = int(vm, theyear)?;
        let (w, l, c, m) = (opt_int(vm, w, 0)?, opt_int(vm, l, 0)?, opt_int(vm, c, 6)?, opt_int(vm, m, 3)?);
        let fw = module_first(vm)?;
        let text = ct::format_year(fw, y, w, l, c, m);
        print_text(vm, &text)
    }

    /// `weekheader(width)`.
    def fn weekheader(vm, width) {
        let w = int(vm, width)?.max(0) as usize;
        let fw = module_first(vm)?;
        Ok(vm.new_str(ct::week_header(fw, w)))
    }

    /// `firstweekday()`.
    def fn firstweekday(vm) {
        module_attr(vm, "calendar", "_firstweekday")
    }

    /// `setfirstweekday(firstweekday)`.
    def fn setfirstweekday(vm, firstweekday) {
        let d = weekday_arg(vm, firstweekday)?;
        set_module_attr(vm, "calendar", "_firstweekday", Value::Int(d))?;
        Ok(Value::None)
    }

    /// `timegm(tuple)`: seconds since the epoch of a UTC time tuple.
    def fn timegm(vm, tuple) {
        let items = vm.collect_iterable(tuple)?;
        if items.len() < 6 {
            return Err(PyErr::value_error(format!(
                "not enough values to unpack (expected 6, got {})",
                items.len()
            )));
        }
        let mut f = [0i64; 6];
        for (k, v) in items.into_iter().take(6).enumerate() {
            f[k] = vm.index_arg(v)?;
        }
        if !(1..=12).contains(&f[1]) {
            return Err(PyErr::value_error(format!("month must be in 1..12, not {}", f[1])));
        }
        let days = ct::days_from_epoch(f[0], f[1] as u32, f[2]);
        Ok(Value::Int(((days * 24 + f[3]) * 60 + f[4]) * 60 + f[5]))
    }

    /// `Calendar.__init__(self, firstweekday=0)`.
    def fn _cal_init as "Calendar.__init__"(vm, this, firstweekday?) {
        vm.set_attr(this, "firstweekday", firstweekday.unwrap_or(Value::Int(0)))?;
        Ok(Value::None)
    }

    /// `Calendar.getfirstweekday()`.
    def fn _cal_get_first as "Calendar.getfirstweekday"(vm, this) {
        Ok(Value::Int(first_of(vm, this)?))
    }

    /// `Calendar.setfirstweekday(firstweekday)`.
    def fn _cal_set_first as "Calendar.setfirstweekday"(vm, this, firstweekday) {
        vm.set_attr(this, "firstweekday", firstweekday)?;
        Ok(Value::None)
    }

    /// `Calendar.iterweekdays()`.
    def fn _cal_iterweekdays as "Calendar.iterweekdays"(vm, this) {
        let fw = first_of(vm, this)?;
        let days = (0..7).map(|i| Value::Int((fw + i) % 7)).collect();
        let list = vm.new_list(days);
        vm.get_iter(list)
    }

    /// `Calendar.itermonthdays(year, month)`.
    def fn _cal_itermonthdays as "Calendar.itermonthdays"(vm, this, year, month) {
        let fw = first_of(vm, this)?;
        let y = int(vm, year)?;
        let m = month_arg(vm, month)?;
        let days = ct::month_weeks(fw, y, m).into_iter().flatten().map(|(d, _)| Value::Int(i64::from(d))).collect();
        let list = vm.new_list(days);
        vm.get_iter(list)
    }

    /// `Calendar.itermonthdays2(year, month)`: `(day, weekday)` pairs.
    def fn _cal_itermonthdays2 as "Calendar.itermonthdays2"(vm, this, year, month) {
        let fw = first_of(vm, this)?;
        let y = int(vm, year)?;
        let m = month_arg(vm, month)?;
        let mut days = Vec::new();
        for (d, wd) in ct::month_weeks(fw, y, m).into_iter().flatten() {
            days.push(vm.new_tuple(vec![Value::Int(i64::from(d)), Value::Int(wd)]));
        }
        let list = vm.new_list(days);
        vm.get_iter(list)
    }

    /// `Calendar.monthdayscalendar(year, month)`.
    def fn _cal_monthdays as "Calendar.monthdayscalendar"(vm, this, year, month) {
        let fw = first_of(vm, this)?;
        let y = int(vm, year)?;
        let m = month_arg(vm, month)?;
        Ok(weeks_value(vm, ct::month_weeks(fw, y, m), false))
    }

    /// `Calendar.monthdays2calendar(year, month)`.
    def fn _cal_monthdays2 as "Calendar.monthdays2calendar"(vm, this, year, month) {
        let fw = first_of(vm, this)?;
        let y = int(vm, year)?;
        let m = month_arg(vm, month)?;
        Ok(weeks_value(vm, ct::month_weeks(fw, y, m), true))
    }

    /// `TextCalendar.formatmonth(theyear, themonth, w=0, l=0)`.
    def fn _tc_formatmonth as "TextCalendar.formatmonth"(vm, this, theyear, themonth, w?, l?) {
        let fw = first_of(vm, this)?;
        let y = int(vm, theyear)?;
        let m = month_arg(vm, themonth)?;
        let (w, l) = (opt_int(vm, w, 0)?, opt_int(vm, l, 0)?);
        Ok(vm.new_str(ct::format_month(fw, y, m, w, l)))
    }

    /// `TextCalendar.prmonth(theyear, themonth, w=0, l=0)`.
    def fn _tc_prmonth as "TextCalendar.prmonth"(vm, this, theyear, themonth, w?, l?) {
        let fw = first_of(vm, this)?;
        let y = int(vm, theyear)?;
        let m = month_arg(vm, themonth)?;
        let (w, l) = (opt_int(vm, w, 0)?, opt_int(vm, l, 0)?);
        let text = ct::format_month(fw, y, m, w, l);
        // CPython prints it with `end=''`
        print_text(vm, &text)
    }

    /// `TextCalendar.formatyear(theyear, w=2, l=1, c=6, m=3)`.
    def fn _tc_formatyear as "TextCalendar.formatyear"(vm, this, theyear, w?, l?, c?, m?) {
        let fw = first_of(vm, this)?;
        let y = int(vm, theyear)?;
        let (w, l, c, m) = (opt_int(vm, w, 2)?, opt_int(vm, l, 1)?, opt_int(vm, c, 6)?, opt_int(vm, m, 3)?);
        Ok(vm.new_str(ct::format_year(fw, y, w, l, c, m)))
    }

    /// `TextCalendar.pryear(theyear, w=0, l=0, c=6, m=3)`.
    def fn _tc_pryear as "TextCalendar.pryear"(vm, this, theyear, w?, l?, c?, m?) {
        let fw = first_of(vm, this)?;
        let y = int(vm, theyear)?;
        let (w, l, c, m) = (opt_int(vm, w, 0)?, opt_int(vm, l, 0)?, opt_int(vm, c, 6)?, opt_int(vm, m, 3)?);
        let text = ct::format_year(fw, y, w, l, c, m);
        print_text(vm, &text)
    }

    /// `TextCalendar.formatweekheader(width)`.
    def fn _tc_weekheader as "TextCalendar.formatweekheader"(vm, this, width) {
        let fw = first_of(vm, this)?;
        let w = int(vm, width)?.max(0) as usize;
        Ok(vm.new_str(ct::week_header(fw, w)))
    }

    /// `TextCalendar.formatweekday(day, width)`.
    def fn _tc_weekday as "TextCalendar.formatweekday"(vm, this, day, width) {
        let _ = this;
        let d = int(vm, day)?;
        let w = int(vm, width)?.max(0) as usize;
        Ok(vm.new_str(ct::weekday_name(d, w)))
    }

    /// `TextCalendar.formatmonthname(theyear, themonth, width,
    /// withyear=True)`.
    def fn _tc_monthname as "TextCalendar.formatmonthname"(vm, this, theyear, themonth, width, withyear?) {
        let _ = this;
        let y = int(vm, theyear)?;
        let m = month_arg(vm, themonth)?;
        let w = int(vm, width)?.max(0) as usize;
        let with_year = match withyear {
            Some(v) => vm.truthy(v)?,
            None => true,
        };
        Ok(vm.new_str(ct::month_name(y, m, w, with_year)))
    }
}

const CALENDAR: Methods = &[
    ("__init__", "_cal_init"),
    ("getfirstweekday", "_cal_get_first"),
    ("setfirstweekday", "_cal_set_first"),
    ("iterweekdays", "_cal_iterweekdays"),
    ("itermonthdays", "_cal_itermonthdays"),
    ("itermonthdays2", "_cal_itermonthdays2"),
    ("monthdayscalendar", "_cal_monthdays"),
    ("monthdays2calendar", "_cal_monthdays2"),
];

const TEXT_CALENDAR: Methods = &[
    ("formatmonth", "_tc_formatmonth"),
    ("prmonth", "_tc_prmonth"),
    ("formatyear", "_tc_formatyear"),
    ("pryear", "_tc_pryear"),
    ("formatweekheader", "_tc_weekheader"),
    ("formatweekday", "_tc_weekday"),
    ("formatmonthname", "_tc_monthname"),
];

/// Whether `f` is one of the classes' methods.
pub(crate) fn binds_as_method(f: NativeId) -> bool {
    binds(&MODULE, &[CALENDAR, TEXT_CALENDAR], f)
}

fn build(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) -> PyResult<()> {
    for (i, name) in [
        "MONDAY",
        "TUESDAY",
        "WEDNESDAY",
        "THURSDAY",
        "FRIDAY",
        "SATURDAY",
        "SUNDAY",
    ]
    .iter()
    .enumerate()
    {
        attrs.push(((*name).into(), Value::Int(i as i64)));
    }
    for (i, name) in ct::MONTH_NAMES.iter().enumerate().skip(1) {
        attrs.push((name.to_uppercase(), Value::Int(i as i64)));
    }
    let names: Vec<Value> = ct::MONTH_NAMES.iter().map(|n| vm.new_str(*n)).collect();
    let t = vm.new_tuple(names);
    attrs.push(("month_name".into(), t));
    let abbr: Vec<Value> = ct::MONTH_NAMES
        .iter()
        .map(|n| vm.new_str(n.chars().take(3).collect::<String>()))
        .collect();
    let t = vm.new_tuple(abbr);
    attrs.push(("month_abbr".into(), t));
    let days: Vec<Value> = ct::DAY_NAMES.iter().map(|n| vm.new_str(*n)).collect();
    let t = vm.new_tuple(days);
    attrs.push(("day_name".into(), t));
    let abbr: Vec<Value> = ct::DAY_NAMES
        .iter()
        .map(|n| vm.new_str(n.chars().take(3).collect::<String>()))
        .collect();
    let t = vm.new_tuple(abbr);
    attrs.push(("day_abbr".into(), t));
    attrs.push(("_firstweekday".into(), Value::Int(0)));
    let mdays: Vec<Value> = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        .iter()
        .map(|&d| Value::Int(d))
        .collect();
    let mdays = vm.new_list(mdays);
    attrs.push(("mdays".into(), mdays));
    let cal = make_class(vm, &MODULE, "Calendar", Vec::new(), CALENDAR, Vec::new())?;
    attrs.push(("Calendar".into(), cal));
    let tc = make_class(
        vm,
        &MODULE,
        "TextCalendar",
        vec![cal],
        TEXT_CALENDAR,
        Vec::new(),
    )?;
    attrs.push(("TextCalendar".into(), tc));
    for name in ["IllegalMonthError", "IllegalWeekdayError"] {
        let e = make_class(
            vm,
            &MODULE,
            name,
            vec![Value::ExcType(ExcType::ValueError)],
            &[],
            Vec::new(),
        )?;
        attrs.push((name.into(), e));
    }
    Ok(())
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let _ = build(vm, attrs);
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "calendar",
    funcs: natives_table![
        isleap,
        leapdays,
        weekday,
        monthrange,
        monthcalendar,
        month,
        prmonth,
        calendar,
        prcal,
        weekheader,
        firstweekday,
        setfirstweekday,
        timegm,
        _cal_init,
        _cal_get_first,
        _cal_set_first,
        _cal_iterweekdays,
        _cal_itermonthdays,
        _cal_itermonthdays2,
        _cal_monthdays,
        _cal_monthdays2,
        _tc_formatmonth,
        _tc_prmonth,
        _tc_formatyear,
        _tc_pryear,
        _tc_weekheader,
        _tc_weekday,
        _tc_monthname,
    ],
    init,
};
