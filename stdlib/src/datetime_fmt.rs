//! Text forms of `datetime` values: `isoformat` / `fromisoformat`,
//! `strftime` (the C-locale directives of glibc, which CPython on Linux
//! uses) and `strptime` (CPython's `_strptime` rules: each directive is a
//! regular expression, matched case-insensitively from the start).

use super::datetime::{check_clock, check_date, Clock, Date, Zone};
use super::datetime_ops::{offset_text, zone_name};
use crate::vm::{PyErr, PyResult};

pub const DAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];
pub const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

pub fn date_iso(d: Date) -> String {
    format!("{:04}-{:02}-{:02}", d.y, d.m, d.d)
}

fn clock_iso(c: Clock, timespec: &str) -> PyResult<String> {
    Ok(match timespec {
        "auto" if c.us != 0 => format!("{:02}:{:02}:{:02}.{:06}", c.h, c.mi, c.s, c.us),
        "auto" | "seconds" => format!("{:02}:{:02}:{:02}", c.h, c.mi, c.s),
        "hours" => format!("{:02}", c.h),
        "minutes" => format!("{:02}:{:02}", c.h, c.mi),
        "milliseconds" => format!("{:02}:{:02}:{:02}.{:03}", c.h, c.mi, c.s, c.us / 1000),
        "microseconds" => format!("{:02}:{:02}:{:02}.{:06}", c.h, c.mi, c.s, c.us),
        _ => return Err(PyErr::value_error("Unknown timespec value")),
    })
}

pub fn time_iso(c: Clock, z: Option<&Zone>, timespec: &str) -> PyResult<String> {
    let mut out = clock_iso(c, timespec)?;
    if let Some(z) = z {
        out.push_str(&offset_text(z.off_us, ":"));
    }
    Ok(out)
}

pub fn datetime_iso(
    d: Date,
    c: Clock,
    z: Option<&Zone>,
    sep: char,
    timespec: &str,
) -> PyResult<String> {
    Ok(format!("{}{sep}{}", date_iso(d), time_iso(c, z, timespec)?))
}

/// The fields `strftime` reads.
pub struct Fields {
    pub date: Date,
    pub clock: Clock,
    /// Monday is 0.
    pub wday: i64,
    /// 1-based.
    pub yday: i64,
    /// Offset and name when aware.
    pub zone: Option<(i64, String)>,
}

impl Fields {
    pub fn of(date: Date, clock: Clock, zone: Option<&Zone>) -> Fields {
        Fields {
            date,
            clock,
            wday: date.weekday(),
            yday: date.yday(),
            zone: zone.map(|z| (z.off_us, zone_name(z))),
        }
    }
}

fn pad(n: i64, width: usize, flag: Option<char>) -> String {
    match flag {
        Some('-') => n.to_string(),
        Some('_') => format!("{n:>width$}"),
        _ => format!("{n:0width$}"),
    }
}

/// `strftime(fmt)`; unknown directives are kept as written.
pub fn strftime(f: &Fields, fmt: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = fmt.chars().collect();
    let mut i = 0;
    let (d, c) = (f.date, f.clock);
    while i < chars.len() {
        if chars[i] != '%' || i + 1 >= chars.len() {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let mut flag = None;
        if matches!(chars[i], '-' | '_' | '0') && i + 1 < chars.len() {
            flag = Some(chars[i]);
            i += 1;
        }
        let mut colon = false;
        if chars[i] == ':' && chars.get(i + 1) == Some(&'z') {
            colon = true;
            i += 1;
        }
        let dir = chars[i];
        i += 1;
        let h12 = if c.h % 12 == 0 { 12 } else { c.h % 12 };
        let wsun = (f.wday + 1) % 7;
        let piece = match dir {
            'a' => DAYS[f.wday as usize][..3].to_string(),
            'A' => DAYS[f.wday as usize].to_string(),
            'w' => wsun.to_string(),
            'u' => (f.wday + 1).to_string(),
            'd' => pad(d.d, 2, flag),
            'e' => pad(d.d, 2, flag.or(Some('_'))),
            'b' | 'h' => MONTHS[d.m as usize - 1][..3].to_string(),
            'B' => MONTHS[d.m as usize - 1].to_string(),
            'm' => pad(d.m, 2, flag),
            'y' => pad(d.y % 100, 2, flag),
            'Y' => d.y.to_string(),
            'C' => pad(d.y / 100, 2, flag),
            'H' => pad(c.h, 2, flag),
            'I' => pad(h12, 2, flag),
            'k' => pad(c.h, 2, flag.or(Some('_'))),
            'l' => pad(h12, 2, flag.or(Some('_'))),
            'p' => if c.h < 12 { "AM" } else { "PM" }.to_string(),
            'M' => pad(c.mi, 2, flag),
            'S' => pad(c.s, 2, flag),
            'f' => format!("{:06}", c.us),
            'j' => pad(f.yday, 3, flag),
            'U' => pad((f.yday - 1 + 7 - wsun) / 7, 2, flag),
            'W' => pad((f.yday - 1 + 7 - f.wday) / 7, 2, flag),
            'G' => d.iso_calendar().0.to_string(),
            'g' => pad(d.iso_calendar().0 % 100, 2, flag),
            'V' => pad(d.iso_calendar().1, 2, flag),
            'z' => match &f.zone {
                Some((off, _)) => offset_text(*off, if colon { ":" } else { "" }),
                None => String::new(),
            },
            'Z' => f.zone.as_ref().map(|z| z.1.clone()).unwrap_or_default(),
            'c' => strftime(f, "%a %b %e %H:%M:%S %Y"),
            'x' | 'D' => strftime(f, "%m/%d/%y"),
            'X' | 'T' => strftime(f, "%H:%M:%S"),
            'F' => strftime(f, "%Y-%m-%d"),
            'R' => strftime(f, "%H:%M"),
            'r' => strftime(f, "%I:%M:%S %p"),
            'n' => "\n".into(),
            't' => "\t".into(),
            '%' => "%".into(),
            _ => chars[start..i].iter().collect(),
        };
        out.push_str(&piece);
    }
    out
}

/// What `strptime` read.
#[derive(Default)]
pub struct Parsed {
    pub date: Option<Date>,
    pub clock: Option<Clock>,
    pub off_us: Option<i64>,
    pub zone_name: Option<String>,
    pub wday: Option<i64>,
}

fn no_match(s: &str, fmt: &str) -> PyErr {
    PyErr::value_error(format!(
        "time data {} does not match format {}",
        crate::vm::repr::str_repr(s),
        crate::vm::repr::str_repr(fmt)
    ))
}

fn names(list: &[&str], abbrev: bool) -> String {
    let mut v: Vec<String> = list
        .iter()
        .map(|n| {
            if abbrev {
                n[..3].to_lowercase()
            } else {
                n.to_lowercase()
            }
        })
        .collect();
    v.sort_by_key(|n| std::cmp::Reverse(n.len()));
    format!("({})", v.join("|"))
}

fn directive_re(c: char) -> Option<String> {
    Some(
        match c {
            'd' => r"(3[01]|[12]\d|0[1-9]|[1-9]| [1-9])",
            'f' => r"(\d{1,6})",
            'H' => r"(2[0-3]|[0-1]\d|\d)",
            'I' => r"(1[0-2]|0[1-9]|[1-9])",
            'G' | 'Y' => r"(\d\d\d\d)",
            'j' => r"(36[0-6]|3[0-5]\d|[12]\d\d|0[1-9]\d|00[1-9]|[1-9]\d|0[1-9]|[1-9])",
            'm' => r"(1[0-2]|0[1-9]|[1-9])",
            'M' => r"([0-5]\d|\d)",
            'S' => r"(6[0-1]|[0-5]\d|\d)",
            'U' | 'W' => r"(5[0-3]|[0-4]\d|\d)",
            'w' => r"([0-6])",
            'u' => r"([1-7])",
            'V' => r"(5[0-3]|0[1-9]|[1-4]\d|\d)",
            'y' => r"(\d\d)",
            'z' => r"([+-]\d\d:?[0-5]\d(?::?[0-5]\d(?:\.\d{1,6})?)?|(?-i:Z))",
            'p' => r"(am|pm)",
            'Z' => r"(utc|gmt)",
            'a' => return Some(names(&DAYS, true)),
            'A' => return Some(names(&DAYS, false)),
            'b' => return Some(names(&MONTHS, true)),
            'B' => return Some(names(&MONTHS, false)),
            _ => return None,
        }
        .to_string(),
    )
}

/// Parses `s` with `fmt` the way CPython's `_strptime` does.
pub fn strptime(s: &str, fmt: &str) -> PyResult<Parsed> {
    let mut pattern = String::from(r"(?i)\A");
    let mut dirs: Vec<char> = Vec::new();
    let expanded = fmt
        .replace("%c", "%a %b %d %H:%M:%S %Y")
        .replace("%x", "%m/%d/%y")
        .replace("%X", "%H:%M:%S");
    let chars: Vec<char> = expanded.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if ch == '%' {
            let Some(&d) = chars.get(i + 1) else {
                return Err(PyErr::value_error(format!(
                    "stray % in format {}",
                    crate::vm::repr::str_repr(fmt)
                )));
            };
            i += 2;
            if d == '%' {
                pattern.push('%');
                continue;
            }
            let Some(re) = directive_re(d) else {
                return Err(PyErr::value_error(format!(
                    "'{d}' is a bad directive in format {}",
                    crate::vm::repr::str_repr(fmt)
                )));
            };
            pattern.push_str(&re);
            dirs.push(d);
        } else if ch.is_whitespace() {
            while chars.get(i).is_some_and(|c| c.is_whitespace()) {
                i += 1;
            }
            pattern.push_str(r"\s+");
        } else {
            if ch.is_ascii_alphanumeric() {
                pattern.push(ch);
            } else {
                pattern.push_str(&format!("\\U{:08x}", ch as u32));
            }
            i += 1;
        }
    }
    let Ok(re) = crate::re::cached(&pattern, 0) else {
        return Err(PyErr::value_error("bad strptime format"));
    };
    // the subject is a short date: no budget to count against
    let caps = monty_re::exec::find(
        &re.program,
        s,
        0,
        monty_re::exec::Mode::Match,
        false,
        &mut || Ok(()),
    )
    .ok()
    .flatten()
    .ok_or_else(|| no_match(s, fmt))?;
    let end = caps[0].map_or(0, |m| m.1);
    if end != s.len() {
        return Err(PyErr::value_error(format!(
            "unconverted data remains: {}",
            &s[end..]
        )));
    }
    let mut year = 1900;
    let (mut month, mut day, mut hour, mut minute, mut second, mut us) = (1, 1, 0, 0, 0, 0);
    let mut julian: Option<i64> = None;
    let mut ampm: Option<bool> = None;
    let mut hour12: Option<i64> = None;
    let mut out = Parsed::default();
    for (k, d) in dirs.iter().enumerate() {
        let text = caps
            .get(k + 1)
            .copied()
            .flatten()
            .map_or("", |(a, b)| &s[a..b]);
        let num = || text.trim().parse::<i64>().unwrap_or(0);
        let find = |list: &[&str], abbrev: bool| {
            list.iter().position(|n| {
                let n = if abbrev { &n[..3] } else { n };
                n.eq_ignore_ascii_case(text)
            })
        };
        match d {
            'Y' => year = num(),
            'y' => {
                let y = num();
                year = if y < 69 { y + 2000 } else { y + 1900 };
            }
            'm' => month = num(),
            'b' => month = find(&MONTHS, true).unwrap_or(0) as i64 + 1,
            'B' => month = find(&MONTHS, false).unwrap_or(0) as i64 + 1,
            'd' => day = num(),
            'H' => hour = num(),
            'I' => hour12 = Some(num()),
            'p' => ampm = Some(text.eq_ignore_ascii_case("pm")),
            'M' => minute = num(),
            'S' => second = num(),
            'f' => us = format!("{text:0<6}").parse().unwrap_or(0),
            'j' => julian = Some(num()),
            'a' => out.wday = find(&DAYS, true).map(|x| x as i64),
            'A' => out.wday = find(&DAYS, false).map(|x| x as i64),
            'z' => out.off_us = Some(parse_z(text)?),
            'Z' => out.zone_name = Some(text.to_string()),
            _ => {}
        }
    }
    if let Some(h) = hour12 {
        hour = match ampm {
            Some(true) if h != 12 => h + 12,
            Some(true) => 12,
            _ if h == 12 => 0,
            _ => h,
        };
    }
    let date = match julian {
        Some(j) => {
            let first = Date {
                y: year,
                m: 1,
                d: 1,
            }
            .ordinal();
            Date::from_ordinal(first + j - 1)
        }
        None => check_date(year, month, day)?,
    };
    if second > 59 {
        second = 59;
    }
    out.date = Some(date);
    out.clock = Some(check_clock(hour, minute, second, us, 0)?);
    Ok(out)
}

fn parse_z(text: &str) -> PyResult<i64> {
    if text.eq_ignore_ascii_case("z") {
        return Ok(0);
    }
    let sign = if text.starts_with('-') { -1 } else { 1 };
    let body = &text[1..];
    let colons = body.matches(':').count();
    if colons == 1 && body.len() > 5 {
        return Err(PyErr::value_error(format!(
            "Inconsistent use of : in {text}"
        )));
    }
    let digits: String = body.chars().filter(|c| *c != ':').collect();
    let (main, frac) = match digits.split_once('.') {
        Some((m, f)) => (m.to_string(), f.to_string()),
        None => (digits, String::new()),
    };
    let n = |a: usize| {
        main.get(a..a + 2)
            .and_then(|x| x.parse::<i64>().ok())
            .unwrap_or(0)
    };
    let mut us = ((n(0) * 60 + n(2)) * 60 + n(4)) * 1_000_000;
    if !frac.is_empty() {
        us += format!("{frac:0<6}").parse::<i64>().unwrap_or(0);
    }
    Ok(sign * us)
}

fn digits(s: &[u8], at: usize, n: usize) -> Option<i64> {
    let part = s.get(at..at + n)?;
    if !part.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(part).ok()?.parse().ok()
}

/// `YYYY-MM-DD` or `YYYYMMDD`.
pub fn parse_iso_date(s: &str) -> Option<(i64, i64, i64)> {
    let b = s.as_bytes();
    match b.len() {
        10 if b[4] == b'-' && b[7] == b'-' => {
            Some((digits(b, 0, 4)?, digits(b, 5, 2)?, digits(b, 8, 2)?))
        }
        8 => Some((digits(b, 0, 4)?, digits(b, 4, 2)?, digits(b, 6, 2)?)),
        _ => None,
    }
}

/// `HH[:MM[:SS[.fff[fff]]]]` (or without colons) plus an optional offset:
/// the clock fields and the offset in microseconds.
pub fn parse_iso_time(s: &str) -> Option<([i64; 4], Option<i64>)> {
    let (clock, tz) = match s.find(['+', '-', 'Z', 'z']) {
        Some(i) => (&s[..i], Some(&s[i..])),
        None => (s, None),
    };
    let (main, frac) = match clock.find(['.', ',']) {
        Some(i) => (&clock[..i], Some(&clock[i + 1..])),
        None => (clock, None),
    };
    let b = main.as_bytes();
    let mut f = [0i64; 4];
    let colon = b.len() > 2 && b[2] == b':';
    let step = if colon { 3 } else { 2 };
    let n = if colon {
        (b.len() + 1) / 3
    } else {
        b.len() / 2
    };
    if n == 0
        || n > 3
        || (if colon {
            b.len() != n * 3 - 1
        } else {
            b.len() != n * 2
        })
    {
        return None;
    }
    for (k, slot) in f.iter_mut().enumerate().take(n) {
        if colon && k > 0 && b[k * 3 - 1] != b':' {
            return None;
        }
        *slot = digits(b, k * step, 2)?;
    }
    if let Some(fr) = frac {
        if n != 3 || fr.is_empty() || !fr.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let six: String = format!("{fr:0<6}").chars().take(6).collect();
        f[3] = six.parse().ok()?;
    }
    let off = match tz {
        None => None,
        Some(t) if t.eq_ignore_ascii_case("z") => Some(0),
        Some(t) => {
            let sign = if t.starts_with('-') { -1 } else { 1 };
            let ([h, m, sec, u], None) = parse_iso_time(&t[1..])? else {
                return None;
            };
            Some(sign * (((h * 60 + m) * 60 + sec) * 1_000_000 + u))
        }
    };
    Some((f, off))
}
