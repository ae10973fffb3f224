//! The arithmetic and text of `calendar` in plain Rust: leap years,
//! weekdays (proleptic Gregorian, Monday 0), the weeks of a month for a
//! first weekday, and `TextCalendar`'s month and year layouts, padded as
//! CPython's `str.center` pads.

pub const MONTH_NAMES: [&str; 13] = [
    "",
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
pub const DAY_NAMES: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

pub fn is_leap(y: i64) -> bool {
    y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
}

/// Leap years in `[y1, y2)`.
pub fn leapdays(y1: i64, y2: i64) -> i64 {
    let (y1, y2) = (y1 - 1, y2 - 1);
    (y2.div_euclid(4) - y1.div_euclid(4)) - (y2.div_euclid(100) - y1.div_euclid(100))
        + (y2.div_euclid(400) - y1.div_euclid(400))
}

pub fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to `y-m-d` (`d` may run past the month).
pub fn days_from_epoch(y: i64, m: u32, d: i64) -> i64 {
    // (Howard Hinnant's days_from_civil, for the first of the month)
    let y2 = if m <= 2 { y - 1 } else { y };
    let era = y2.div_euclid(400);
    let yoe = y2 - era * 400;
    let mp = (i64::from(m) + 9) % 12;
    let doy = (153 * mp + 2) / 5;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468 + (d - 1)
}

/// The weekday of `y-m-d`, Monday 0 (years outside 1..9999 as CPython:
/// the same day of the 400-year cycle from 2000).
pub fn weekday(y: i64, m: u32, d: i64) -> i64 {
    let y = if (1..=9999).contains(&y) {
        y
    } else {
        2000 + y.rem_euclid(400)
    };
    // 1970-01-01 was a Thursday (3)
    (days_from_epoch(y, m, d) + 3).rem_euclid(7)
}

/// The days of the month's weeks, `(day, weekday)`, day 0 outside it.
pub fn month_weeks(firstweekday: i64, y: i64, m: u32) -> Vec<Vec<(u32, i64)>> {
    let day1 = weekday(y, m, 1);
    let ndays = days_in_month(y, m);
    let before = (day1 - firstweekday).rem_euclid(7);
    let after = (firstweekday - day1 - i64::from(ndays)).rem_euclid(7);
    let mut days: Vec<u32> = vec![0; before as usize];
    days.extend(1..=ndays);
    days.extend(std::iter::repeat_n(0, after as usize));
    days.chunks(7)
        .map(|w| {
            w.iter()
                .enumerate()
                .map(|(i, &d)| (d, (firstweekday + i as i64).rem_euclid(7)))
                .collect()
        })
        .collect()
}

/// `str.center(width)` as CPython pads (the odd space goes left when
/// both the margin and the width are odd).
pub fn center(s: &str, width: usize) -> String {
    let len = s.chars().count();
    if len >= width {
        return s.to_owned();
    }
    let marg = width - len;
    let left = marg / 2 + (marg & width & 1);
    format!("{}{s}{}", " ".repeat(left), " ".repeat(marg - left))
}

pub fn weekday_name(day: i64, width: usize) -> String {
    let name = DAY_NAMES[day.rem_euclid(7) as usize];
    let name: String = if width >= 9 {
        name.to_owned()
    } else {
        name.chars().take(width.min(3)).collect()
    };
    let name: String = name.chars().take(width).collect();
    center(&name, width)
}

pub fn week_header(firstweekday: i64, width: usize) -> String {
    (0..7)
        .map(|i| weekday_name(firstweekday + i, width))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn month_name(y: i64, m: u32, width: usize, with_year: bool) -> String {
    let s = if with_year {
        format!("{} {y}", MONTH_NAMES[m as usize])
    } else {
        MONTH_NAMES[m as usize].to_owned()
    };
    center(&s, width)
}

pub fn format_week(week: &[(u32, i64)], width: usize) -> String {
    week.iter()
        .map(|&(d, _)| {
            let s = if d == 0 {
                String::new()
            } else {
                format!("{d:2}")
            };
            center(&s, width)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `TextCalendar.formatmonth(y, m, w, l)`.
pub fn format_month(firstweekday: i64, y: i64, m: u32, w: i64, l: i64) -> String {
    let w = w.max(2) as usize;
    let nl = "\n".repeat(l.max(1) as usize);
    let mut s = month_name(y, m, 7 * (w + 1) - 1, true)
        .trim_end()
        .to_owned();
    s.push_str(&nl);
    s.push_str(week_header(firstweekday, w).trim_end());
    s.push_str(&nl);
    for week in month_weeks(firstweekday, y, m) {
        s.push_str(format_week(&week, w).trim_end());
        s.push_str(&nl);
    }
    s
}

fn join_centered(cols: &[String], colwidth: usize, spacing: usize) -> String {
    cols.iter()
        .map(|c| center(c, colwidth))
        .collect::<Vec<_>>()
        .join(&" ".repeat(spacing))
}

/// `TextCalendar.formatyear(y, w, l, c, m)`.
pub fn format_year(firstweekday: i64, y: i64, w: i64, l: i64, c: i64, m: i64) -> String {
    let w = w.max(2) as usize;
    let nl = "\n".repeat(l.max(1) as usize);
    let c = c.max(2) as usize;
    let m = m.max(1) as usize;
    let colwidth = (w + 1) * 7 - 1;
    let mut v = center(&y.to_string(), colwidth * m + c * (m - 1))
        .trim_end()
        .to_owned();
    v.push_str(&nl);
    let header = week_header(firstweekday, w);
    let months: Vec<u32> = (1..=12).collect();
    for row in months.chunks(m) {
        v.push_str(&nl);
        let names: Vec<String> = row
            .iter()
            .map(|&k| month_name(y, k, colwidth, false))
            .collect();
        v.push_str(join_centered(&names, colwidth, c).trim_end());
        v.push_str(&nl);
        let headers: Vec<String> = row.iter().map(|_| header.clone()).collect();
        v.push_str(join_centered(&headers, colwidth, c).trim_end());
        v.push_str(&nl);
        let cals: Vec<Vec<Vec<(u32, i64)>>> = row
            .iter()
            .map(|&k| month_weeks(firstweekday, y, k))
            .collect();
        let height = cals.iter().map(Vec::len).max().unwrap_or(0);
        for j in 0..height {
            let weeks: Vec<String> = cals
                .iter()
                .map(|cal| cal.get(j).map_or(String::new(), |wk| format_week(wk, w)))
                .collect();
            v.push_str(join_centered(&weeks, colwidth, c).trim_end());
            v.push_str(&nl);
        }
    }
    v
}
