//! The data of `datetime` objects: [`Dt`] (`NativeObj::Datetime`) and the
//! date, time-of-day, duration and zone values it is made of.
//!
//! A leaf: plain data naming no module, so `objects/mod.rs` can name it
//! without a circle through `datetime.rs`, which names `NativeObj`. The
//! calendar arithmetic on these types stays in `datetime.rs`.

use serde::{Deserialize, Serialize};

use crate::object::Value;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Date {
    pub y: i64,
    pub m: i64,
    pub d: i64,
}

/// A time of day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    pub h: i64,
    pub mi: i64,
    pub s: i64,
    pub us: i64,
    pub fold: i64,
}

/// A normalized duration: `0 <= secs < 86400`, `0 <= us < 10**6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Delta {
    pub days: i64,
    pub secs: i64,
    pub us: i64,
}

/// A fixed-offset zone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Zone {
    pub off_us: i64,
    pub name: Option<String>,
}

/// A `datetime` module object. `tz` values are `None` or a `timezone`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Dt {
    Date(Date),
    DateTime(Date, Clock, Value),
    Time(Clock, Value),
    Delta(Delta),
    Zone(Zone),
}

impl Dt {
    pub fn type_name(&self) -> &'static str {
        match self {
            Dt::Date(_) => "datetime.date",
            Dt::DateTime(..) => "datetime.datetime",
            Dt::Time(..) => "datetime.time",
            Dt::Delta(_) => "datetime.timedelta",
            Dt::Zone(_) => "datetime.timezone",
        }
    }

    pub fn for_each_child(&self, f: &mut dyn FnMut(Value)) {
        match self {
            Dt::DateTime(_, _, tz) | Dt::Time(_, tz) => f(*tz),
            _ => {}
        }
    }
}
