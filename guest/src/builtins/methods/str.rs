//! Methods of `str`. Indices in and out are code-point positions, as in
//! Python, even though the storage is UTF-8.

use crate::object::{ExcType, Obj, ObjId, PyStr, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

use super::super::Args;

pub const METHODS: &[&str] = &[
    "split",
    "rsplit",
    "join",
    "strip",
    "lstrip",
    "rstrip",
    "replace",
    "find",
    "rfind",
    "index",
    "rindex",
    "count",
    "startswith",
    "endswith",
    "upper",
    "lower",
    "title",
    "capitalize",
    "isdigit",
    "isalpha",
    "isalnum",
    "isspace",
    "isupper",
    "islower",
    "isdecimal",
    "isnumeric",
    "istitle",
    "isidentifier",
    "isascii",
    "isprintable",
    "zfill",
    "center",
    "ljust",
    "rjust",
    "splitlines",
    "partition",
    "rpartition",
    "swapcase",
    "casefold",
    "removeprefix",
    "removesuffix",
    "expandtabs",
    "format",
    "format_map",
    "encode",
];

pub(super) fn is_py_space(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\x1c'..='\x1f')
}

/// A str argument; otherwise `TypeError: {what} must be str, not {type}`
/// (CPython names `None` itself, not its type).
fn str_arg(vm: &Vm, v: Value, what: &str) -> PyResult<String> {
    match as_str(&vm.heap, v) {
        Some(s) => Ok(s.to_string()),
        None => {
            let ty = if v.is_none() {
                "None".to_string()
            } else {
                vm.class_name(v)
            };
            Err(PyErr::type_error(format!("{what} must be str, not {ty}")))
        }
    }
}

fn must_str(vm: &Vm, v: Value) -> PyResult<String> {
    match as_str(&vm.heap, v) {
        Some(s) => Ok(s.to_string()),
        None => Err(PyErr::type_error(format!(
            "must be str, not {}",
            vm.class_name(v)
        ))),
    }
}

/// Byte range of code points `start..end` in `s`.
fn byte_range(s: &PyStr, start: usize, end: usize) -> (usize, usize) {
    if start >= end {
        let b = s.byte_offset(start.min(s.char_len()));
        return (b, b);
    }
    (s.byte_offset(start), s.byte_offset(end))
}

fn split_whitespace(s: &str, maxsplit: i64, from_right: bool) -> Vec<String> {
    let mut out = Vec::new();
    if !from_right {
        let mut rest = s.trim_start_matches(is_py_space);
        while !rest.is_empty() {
            if maxsplit >= 0 && out.len() as i64 == maxsplit {
                out.push(rest.to_string());
                return out;
            }
            let end = rest.find(is_py_space).unwrap_or(rest.len());
            out.push(rest[..end].to_string());
            rest = rest[end..].trim_start_matches(is_py_space);
        }
    } else {
        let mut rest = s.trim_end_matches(is_py_space);
        while !rest.is_empty() {
            if maxsplit >= 0 && out.len() as i64 == maxsplit {
                out.push(rest.to_string());
                break;
            }
            let start = rest
                .rfind(is_py_space)
                .map(|i| i + rest[i..].chars().next().map_or(1, char::len_utf8))
                .unwrap_or(0);
            out.push(rest[start..].to_string());
            rest = rest[..start].trim_end_matches(is_py_space);
        }
        out.reverse();
    }
    out
}

/// Unicode decimal digits (category Nd).
pub fn is_decimal(c: char) -> bool {
    crate::builtins::format::decimal_value(c).is_some()
}

/// Digits that are not decimal (superscripts, circled digits).
fn is_digit_only(c: char) -> bool {
    matches!(c as u32, 0xb2 | 0xb3 | 0xb9 | 0x2070 | 0x2074..=0x2079 | 0x2080..=0x2089 | 0x2460..=0x2468 | 0x2776..=0x277e)
}

/// Characters whose case folding differs from their lowercase form, with
/// the folding (from Unicode's CaseFolding.txt, as CPython applies it).
#[rustfmt::skip]
const CASEFOLD: &[(u32, &str)] = &[
    (0xb5, "\u{3bc}"), (0xdf, "\u{73}\u{73}"), (0x149, "\u{2bc}\u{6e}"), (0x17f, "\u{73}"),
    (0x1f0, "\u{6a}\u{30c}"), (0x345, "\u{3b9}"), (0x390, "\u{3b9}\u{308}\u{301}"),
    (0x3b0, "\u{3c5}\u{308}\u{301}"), (0x3c2, "\u{3c3}"), (0x3d0, "\u{3b2}"), (0x3d1, "\u{3b8}"),
    (0x3d5, "\u{3c6}"), (0x3d6, "\u{3c0}"), (0x3f0, "\u{3ba}"), (0x3f1, "\u{3c1}"),
    (0x3f5, "\u{3b5}"), (0x587, "\u{565}\u{582}"), (0x13a0, "\u{13a0}"), (0x13a1, "\u{13a1}"),
    (0x13a2, "\u{13a2}"), (0x13a3, "\u{13a3}"), (0x13a4, "\u{13a4}"), (0x13a5, "\u{13a5}"),
    (0x13a6, "\u{13a6}"), (0x13a7, "\u{13a7}"), (0x13a8, "\u{13a8}"), (0x13a9, "\u{13a9}"),
    (0x13aa, "\u{13aa}"), (0x13ab, "\u{13ab}"), (0x13ac, "\u{13ac}"), (0x13ad, "\u{13ad}"),
    (0x13ae, "\u{13ae}"), (0x13af, "\u{13af}"), (0x13b0, "\u{13b0}"), (0x13b1, "\u{13b1}"),
    (0x13b2, "\u{13b2}"), (0x13b3, "\u{13b3}"), (0x13b4, "\u{13b4}"), (0x13b5, "\u{13b5}"),
    (0x13b6, "\u{13b6}"), (0x13b7, "\u{13b7}"), (0x13b8, "\u{13b8}"), (0x13b9, "\u{13b9}"),
    (0x13ba, "\u{13ba}"), (0x13bb, "\u{13bb}"), (0x13bc, "\u{13bc}"), (0x13bd, "\u{13bd}"),
    (0x13be, "\u{13be}"), (0x13bf, "\u{13bf}"), (0x13c0, "\u{13c0}"), (0x13c1, "\u{13c1}"),
    (0x13c2, "\u{13c2}"), (0x13c3, "\u{13c3}"), (0x13c4, "\u{13c4}"), (0x13c5, "\u{13c5}"),
    (0x13c6, "\u{13c6}"), (0x13c7, "\u{13c7}"), (0x13c8, "\u{13c8}"), (0x13c9, "\u{13c9}"),
    (0x13ca, "\u{13ca}"), (0x13cb, "\u{13cb}"), (0x13cc, "\u{13cc}"), (0x13cd, "\u{13cd}"),
    (0x13ce, "\u{13ce}"), (0x13cf, "\u{13cf}"), (0x13d0, "\u{13d0}"), (0x13d1, "\u{13d1}"),
    (0x13d2, "\u{13d2}"), (0x13d3, "\u{13d3}"), (0x13d4, "\u{13d4}"), (0x13d5, "\u{13d5}"),
    (0x13d6, "\u{13d6}"), (0x13d7, "\u{13d7}"), (0x13d8, "\u{13d8}"), (0x13d9, "\u{13d9}"),
    (0x13da, "\u{13da}"), (0x13db, "\u{13db}"), (0x13dc, "\u{13dc}"), (0x13dd, "\u{13dd}"),
    (0x13de, "\u{13de}"), (0x13df, "\u{13df}"), (0x13e0, "\u{13e0}"), (0x13e1, "\u{13e1}"),
    (0x13e2, "\u{13e2}"), (0x13e3, "\u{13e3}"), (0x13e4, "\u{13e4}"), (0x13e5, "\u{13e5}"),
    (0x13e6, "\u{13e6}"), (0x13e7, "\u{13e7}"), (0x13e8, "\u{13e8}"), (0x13e9, "\u{13e9}"),
    (0x13ea, "\u{13ea}"), (0x13eb, "\u{13eb}"), (0x13ec, "\u{13ec}"), (0x13ed, "\u{13ed}"),
    (0x13ee, "\u{13ee}"), (0x13ef, "\u{13ef}"), (0x13f0, "\u{13f0}"), (0x13f1, "\u{13f1}"),
    (0x13f2, "\u{13f2}"), (0x13f3, "\u{13f3}"), (0x13f4, "\u{13f4}"), (0x13f5, "\u{13f5}"),
    (0x13f8, "\u{13f0}"), (0x13f9, "\u{13f1}"), (0x13fa, "\u{13f2}"), (0x13fb, "\u{13f3}"),
    (0x13fc, "\u{13f4}"), (0x13fd, "\u{13f5}"), (0x1c80, "\u{432}"), (0x1c81, "\u{434}"),
    (0x1c82, "\u{43e}"), (0x1c83, "\u{441}"), (0x1c84, "\u{442}"), (0x1c85, "\u{442}"),
    (0x1c86, "\u{44a}"), (0x1c87, "\u{463}"), (0x1c88, "\u{a64b}"), (0x1e96, "\u{68}\u{331}"),
    (0x1e97, "\u{74}\u{308}"), (0x1e98, "\u{77}\u{30a}"), (0x1e99, "\u{79}\u{30a}"),
    (0x1e9a, "\u{61}\u{2be}"), (0x1e9b, "\u{1e61}"), (0x1e9e, "\u{73}\u{73}"),
    (0x1f50, "\u{3c5}\u{313}"), (0x1f52, "\u{3c5}\u{313}\u{300}"),
    (0x1f54, "\u{3c5}\u{313}\u{301}"), (0x1f56, "\u{3c5}\u{313}\u{342}"),
    (0x1f80, "\u{1f00}\u{3b9}"), (0x1f81, "\u{1f01}\u{3b9}"), (0x1f82, "\u{1f02}\u{3b9}"),
    (0x1f83, "\u{1f03}\u{3b9}"), (0x1f84, "\u{1f04}\u{3b9}"), (0x1f85, "\u{1f05}\u{3b9}"),
    (0x1f86, "\u{1f06}\u{3b9}"), (0x1f87, "\u{1f07}\u{3b9}"), (0x1f88, "\u{1f00}\u{3b9}"),
    (0x1f89, "\u{1f01}\u{3b9}"), (0x1f8a, "\u{1f02}\u{3b9}"), (0x1f8b, "\u{1f03}\u{3b9}"),
    (0x1f8c, "\u{1f04}\u{3b9}"), (0x1f8d, "\u{1f05}\u{3b9}"), (0x1f8e, "\u{1f06}\u{3b9}"),
    (0x1f8f, "\u{1f07}\u{3b9}"), (0x1f90, "\u{1f20}\u{3b9}"), (0x1f91, "\u{1f21}\u{3b9}"),
    (0x1f92, "\u{1f22}\u{3b9}"), (0x1f93, "\u{1f23}\u{3b9}"), (0x1f94, "\u{1f24}\u{3b9}"),
    (0x1f95, "\u{1f25}\u{3b9}"), (0x1f96, "\u{1f26}\u{3b9}"), (0x1f97, "\u{1f27}\u{3b9}"),
    (0x1f98, "\u{1f20}\u{3b9}"), (0x1f99, "\u{1f21}\u{3b9}"), (0x1f9a, "\u{1f22}\u{3b9}"),
    (0x1f9b, "\u{1f23}\u{3b9}"), (0x1f9c, "\u{1f24}\u{3b9}"), (0x1f9d, "\u{1f25}\u{3b9}"),
    (0x1f9e, "\u{1f26}\u{3b9}"), (0x1f9f, "\u{1f27}\u{3b9}"), (0x1fa0, "\u{1f60}\u{3b9}"),
    (0x1fa1, "\u{1f61}\u{3b9}"), (0x1fa2, "\u{1f62}\u{3b9}"), (0x1fa3, "\u{1f63}\u{3b9}"),
    (0x1fa4, "\u{1f64}\u{3b9}"), (0x1fa5, "\u{1f65}\u{3b9}"), (0x1fa6, "\u{1f66}\u{3b9}"),
    (0x1fa7, "\u{1f67}\u{3b9}"), (0x1fa8, "\u{1f60}\u{3b9}"), (0x1fa9, "\u{1f61}\u{3b9}"),
    (0x1faa, "\u{1f62}\u{3b9}"), (0x1fab, "\u{1f63}\u{3b9}"), (0x1fac, "\u{1f64}\u{3b9}"),
    (0x1fad, "\u{1f65}\u{3b9}"), (0x1fae, "\u{1f66}\u{3b9}"), (0x1faf, "\u{1f67}\u{3b9}"),
    (0x1fb2, "\u{1f70}\u{3b9}"), (0x1fb3, "\u{3b1}\u{3b9}"), (0x1fb4, "\u{3ac}\u{3b9}"),
    (0x1fb6, "\u{3b1}\u{342}"), (0x1fb7, "\u{3b1}\u{342}\u{3b9}"), (0x1fbc, "\u{3b1}\u{3b9}"),
    (0x1fbe, "\u{3b9}"), (0x1fc2, "\u{1f74}\u{3b9}"), (0x1fc3, "\u{3b7}\u{3b9}"),
    (0x1fc4, "\u{3ae}\u{3b9}"), (0x1fc6, "\u{3b7}\u{342}"), (0x1fc7, "\u{3b7}\u{342}\u{3b9}"),
    (0x1fcc, "\u{3b7}\u{3b9}"), (0x1fd2, "\u{3b9}\u{308}\u{300}"),
    (0x1fd3, "\u{3b9}\u{308}\u{301}"), (0x1fd6, "\u{3b9}\u{342}"),
    (0x1fd7, "\u{3b9}\u{308}\u{342}"), (0x1fe2, "\u{3c5}\u{308}\u{300}"),
    (0x1fe3, "\u{3c5}\u{308}\u{301}"), (0x1fe4, "\u{3c1}\u{313}"), (0x1fe6, "\u{3c5}\u{342}"),
    (0x1fe7, "\u{3c5}\u{308}\u{342}"), (0x1ff2, "\u{1f7c}\u{3b9}"), (0x1ff3, "\u{3c9}\u{3b9}"),
    (0x1ff4, "\u{3ce}\u{3b9}"), (0x1ff6, "\u{3c9}\u{342}"), (0x1ff7, "\u{3c9}\u{342}\u{3b9}"),
    (0x1ffc, "\u{3c9}\u{3b9}"), (0xab70, "\u{13a0}"), (0xab71, "\u{13a1}"), (0xab72, "\u{13a2}"),
    (0xab73, "\u{13a3}"), (0xab74, "\u{13a4}"), (0xab75, "\u{13a5}"), (0xab76, "\u{13a6}"),
    (0xab77, "\u{13a7}"), (0xab78, "\u{13a8}"), (0xab79, "\u{13a9}"), (0xab7a, "\u{13aa}"),
    (0xab7b, "\u{13ab}"), (0xab7c, "\u{13ac}"), (0xab7d, "\u{13ad}"), (0xab7e, "\u{13ae}"),
    (0xab7f, "\u{13af}"), (0xab80, "\u{13b0}"), (0xab81, "\u{13b1}"), (0xab82, "\u{13b2}"),
    (0xab83, "\u{13b3}"), (0xab84, "\u{13b4}"), (0xab85, "\u{13b5}"), (0xab86, "\u{13b6}"),
    (0xab87, "\u{13b7}"), (0xab88, "\u{13b8}"), (0xab89, "\u{13b9}"), (0xab8a, "\u{13ba}"),
    (0xab8b, "\u{13bb}"), (0xab8c, "\u{13bc}"), (0xab8d, "\u{13bd}"), (0xab8e, "\u{13be}"),
    (0xab8f, "\u{13bf}"), (0xab90, "\u{13c0}"), (0xab91, "\u{13c1}"), (0xab92, "\u{13c2}"),
    (0xab93, "\u{13c3}"), (0xab94, "\u{13c4}"), (0xab95, "\u{13c5}"), (0xab96, "\u{13c6}"),
    (0xab97, "\u{13c7}"), (0xab98, "\u{13c8}"), (0xab99, "\u{13c9}"), (0xab9a, "\u{13ca}"),
    (0xab9b, "\u{13cb}"), (0xab9c, "\u{13cc}"), (0xab9d, "\u{13cd}"), (0xab9e, "\u{13ce}"),
    (0xab9f, "\u{13cf}"), (0xaba0, "\u{13d0}"), (0xaba1, "\u{13d1}"), (0xaba2, "\u{13d2}"),
    (0xaba3, "\u{13d3}"), (0xaba4, "\u{13d4}"), (0xaba5, "\u{13d5}"), (0xaba6, "\u{13d6}"),
    (0xaba7, "\u{13d7}"), (0xaba8, "\u{13d8}"), (0xaba9, "\u{13d9}"), (0xabaa, "\u{13da}"),
    (0xabab, "\u{13db}"), (0xabac, "\u{13dc}"), (0xabad, "\u{13dd}"), (0xabae, "\u{13de}"),
    (0xabaf, "\u{13df}"), (0xabb0, "\u{13e0}"), (0xabb1, "\u{13e1}"), (0xabb2, "\u{13e2}"),
    (0xabb3, "\u{13e3}"), (0xabb4, "\u{13e4}"), (0xabb5, "\u{13e5}"), (0xabb6, "\u{13e6}"),
    (0xabb7, "\u{13e7}"), (0xabb8, "\u{13e8}"), (0xabb9, "\u{13e9}"), (0xabba, "\u{13ea}"),
    (0xabbb, "\u{13eb}"), (0xabbc, "\u{13ec}"), (0xabbd, "\u{13ed}"), (0xabbe, "\u{13ee}"),
    (0xabbf, "\u{13ef}"), (0xfb00, "\u{66}\u{66}"), (0xfb01, "\u{66}\u{69}"),
    (0xfb02, "\u{66}\u{6c}"), (0xfb03, "\u{66}\u{66}\u{69}"), (0xfb04, "\u{66}\u{66}\u{6c}"),
    (0xfb05, "\u{73}\u{74}"), (0xfb06, "\u{73}\u{74}"), (0xfb13, "\u{574}\u{576}"),
    (0xfb14, "\u{574}\u{565}"), (0xfb15, "\u{574}\u{56b}"), (0xfb16, "\u{57e}\u{576}"),
    (0xfb17, "\u{574}\u{56d}"),
];

/// `str.casefold()`.
fn casefold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match CASEFOLD.binary_search_by_key(&(c as u32), |e| e.0) {
            Ok(i) => out.push_str(CASEFOLD[i].1),
            Err(_) => out.extend(c.to_lowercase()),
        }
    }
    out
}

/// The titlecase form of `c` (`'ǆ'` gives `'ǅ'`, `'ß'` gives `"Ss"`).
fn title_char(c: char) -> String {
    match c {
        '\u{1c4}'..='\u{1c6}' => "\u{1c5}".into(),
        '\u{1c7}'..='\u{1c9}' => "\u{1c8}".into(),
        '\u{1ca}'..='\u{1cc}' => "\u{1cb}".into(),
        '\u{1f1}'..='\u{1f3}' => "\u{1f2}".into(),
        // Georgian Mkhedruli has no title case of its own
        '\u{10d0}'..='\u{10fa}' | '\u{10fd}'..='\u{10ff}' => c.into(),
        // Greek with ypogegrammeni: one precomposed letter with prosgegrammeni
        '\u{1f80}'..='\u{1faf}' => {
            let n = c as u32;
            char::from_u32(n | 8).unwrap_or(c).into()
        }
        '\u{1fb3}' => "\u{1fbc}".into(),
        '\u{1fc3}' => "\u{1fcc}".into(),
        '\u{1ff3}' => "\u{1ffc}".into(),
        '\u{1fb2}' | '\u{1fb4}' | '\u{1fb7}' | '\u{1fc2}' | '\u{1fc4}' | '\u{1fc7}'
        | '\u{1ff2}' | '\u{1ff4}' | '\u{1ff7}' => {
            let up: String = c.to_uppercase().collect();
            format!("{}\u{345}", up.trim_end_matches('\u{399}'))
        }
        _ => {
            let mut up = c.to_uppercase();
            let first = up.next().unwrap_or(c);
            let rest: String = up.collect();
            format!("{first}{}", rest.to_lowercase())
        }
    }
}

/// `s.lower()` with its first character in title case instead.
fn capitalize(s: &str) -> String {
    let Some(first) = s.chars().next() else {
        return String::new();
    };
    let lower = s.to_lowercase();
    let skip = first.to_lowercase().count();
    let mut out = title_char(first);
    out.extend(lower.chars().skip(skip));
    out
}

/// Whether the capital sigma at `chars[i]` lowercases to the final form:
/// a cased letter before it and none after it (skipping case-ignorables).
fn final_sigma(chars: &[char], i: usize) -> bool {
    let cased = |c: char| c.is_lowercase() || c.is_uppercase();
    let ignorable = |c: char| {
        matches!(
            c,
            '\'' | '.' | ':' | '\u{b7}' | '\u{2019}' | '\u{300}'..='\u{36f}'
        )
    };
    let before = chars[..i].iter().rev().find(|&&c| !ignorable(c));
    let after = chars[i + 1..].iter().find(|&&c| !ignorable(c));
    before.is_some_and(|&c| cased(c)) && !after.is_some_and(|&c| cased(c))
}

fn title(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut prev_cased = false;
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if prev_cased {
            if c == '\u{3a3}' {
                out.push(if final_sigma(&chars, i) { 'ς' } else { 'σ' });
            } else {
                out.extend(c.to_lowercase());
            }
        } else {
            out.push_str(&title_char(c));
        }
        prev_cased = c.is_lowercase()
            || c.is_uppercase()
            || matches!(c, '\u{1c5}' | '\u{1c8}' | '\u{1cb}' | '\u{1f2}' | '\u{1f88}'..='\u{1f8f}'
                | '\u{1f98}'..='\u{1f9f}' | '\u{1fa8}'..='\u{1faf}' | '\u{1fbc}' | '\u{1fcc}' | '\u{1ffc}');
    }
    out
}

fn pad(vm: &mut Vm, s: &PyStr, a: &Args, how: char) -> PyResult<String> {
    a.check(1, 2, &[])?;
    let width = vm.index_arg_mut(a.pos[0])?;
    let fill = match a.pos.get(1) {
        Some(&f) => {
            let fs = as_str(&vm.heap, f).ok_or_else(|| {
                PyErr::type_error(format!(
                    "The fill character must be a unicode character, not {}",
                    vm.class_name(f)
                ))
            })?;
            let mut cs = fs.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) => c,
                _ => {
                    return Err(PyErr::type_error(
                        "The fill character must be exactly one character long",
                    ))
                }
            }
        }
        None => ' ',
    };
    let n = s.char_len() as i64;
    if width <= n {
        return Ok(s.s.clone());
    }
    vm.check_alloc(width as u128)?;
    let total = (width - n) as usize;
    let (left, right) = match how {
        '<' => (0, total),
        '>' => (total, 0),
        _ => {
            // CPython's centering puts the extra fill on the right unless
            // both the string length and width are odd.
            let left = total / 2 + (total & width as usize & 1);
            (left, total - left)
        }
    };
    let mut out = String::new();
    out.extend(std::iter::repeat_n(fill, left));
    out.push_str(&s.s);
    out.extend(std::iter::repeat_n(fill, right));
    Ok(out)
}

/// Methods that take no arguments.
const NO_ARG_METHODS: &[&str] = &[
    "upper",
    "lower",
    "casefold",
    "swapcase",
    "title",
    "capitalize",
    "isdecimal",
    "isdigit",
    "isnumeric",
    "isalpha",
    "isalnum",
    "isspace",
    "isascii",
    "isprintable",
    "isidentifier",
    "islower",
    "isupper",
    "istitle",
];

pub fn call(vm: &mut Vm, id: ObjId, name: &str, a: Args) -> PyResult<Option<Value>> {
    let Obj::Str(ps) = vm.heap.get(id) else {
        unreachable!("str")
    };
    let ps = ps.clone();
    let s = ps.s.as_str();
    let out_str = |vm: &mut Vm, r: String| -> Value { vm.new_str(r) };
    if NO_ARG_METHODS.contains(&name) {
        a.check(0, 0, &[])?;
    }
    Ok(Some(match name {
        "format" => {
            let named = crate::builtins::strformat::Named::Kwargs(&a.kw);
            let r = crate::builtins::strformat::format_str(vm, s, Some(&a.pos), named)?;
            out_str(vm, r)
        }
        "format_map" => {
            if a.pos.len() != 1 || !a.kw.is_empty() {
                a.check(1, 1, &[])?;
            }
            let named = crate::builtins::strformat::Named::Mapping(a.pos[0]);
            let r = crate::builtins::strformat::format_str(vm, s, None, named)?;
            out_str(vm, r)
        }
        "split" | "rsplit" => {
            a.check(0, 2, &["sep", "maxsplit"])?;
            let sep = a.get(0, "sep").filter(|v| !v.is_none());
            let maxsplit = match a.get(1, "maxsplit") {
                Some(m) => vm.index_arg_mut(m)?,
                None => -1,
            };
            let parts: Vec<String> = match sep {
                None => split_whitespace(s, maxsplit, name == "rsplit"),
                Some(sv) => {
                    let sep = match as_str(&vm.heap, sv) {
                        Some(sep) => sep.to_string(),
                        None => {
                            return Err(PyErr::type_error(format!(
                                "must be str or None, not {}",
                                vm.class_name(sv)
                            )))
                        }
                    };
                    if sep.is_empty() {
                        return Err(PyErr::value_error("empty separator"));
                    }
                    if maxsplit < 0 {
                        s.split(sep.as_str()).map(str::to_string).collect()
                    } else if name == "split" {
                        s.splitn(maxsplit as usize + 1, sep.as_str())
                            .map(str::to_string)
                            .collect()
                    } else {
                        let mut v: Vec<String> = s
                            .rsplitn(maxsplit as usize + 1, sep.as_str())
                            .map(str::to_string)
                            .collect();
                        v.reverse();
                        v
                    }
                }
            };
            let items: Vec<Value> = parts.into_iter().map(|p| vm.new_str(p)).collect();
            vm.new_list(items)
        }
        "join" => {
            if a.pos.len() != 1 || !a.kw.is_empty() {
                return Err(PyErr::type_error(if a.kw.is_empty() {
                    format!(
                        "str.join() takes exactly one argument ({} given)",
                        a.pos.len()
                    )
                } else {
                    "str.join() takes no keyword arguments".to_string()
                }));
            }
            if vm.get_iter(a.pos[0]).is_err() {
                return Err(PyErr::type_error("can only join an iterable"));
            }
            let items = vm.collect_iterable(a.pos[0])?;
            // The size is known before building: refuse a too-big result
            // up front instead of growing into the memory limit.
            let total: u128 = items
                .iter()
                .map(|it| as_str(&vm.heap, *it).map_or(0, str::len) as u128)
                .sum::<u128>()
                + s.len() as u128 * items.len().saturating_sub(1) as u128;
            vm.check_alloc(total)?;
            let mut out = String::with_capacity(total as usize);
            for (i, it) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(s);
                }
                match as_str(&vm.heap, *it) {
                    Some(x) => out.push_str(x),
                    None => {
                        return Err(PyErr::type_error(format!(
                            "sequence item {i}: expected str instance, {} found",
                            vm.class_name(*it)
                        )))
                    }
                }
                if out.len() > vm.limits.max_alloc_bytes {
                    return Err(PyErr::new(ExcType::MemoryError, ""));
                }
            }
            out_str(vm, out)
        }
        "strip" | "lstrip" | "rstrip" => {
            a.check(0, 1, &[])?;
            let chars = match a.pos.first().filter(|v| !v.is_none()) {
                Some(&c) => match as_str(&vm.heap, c) {
                    Some(cs) => Some(cs.to_string()),
                    None => {
                        return Err(PyErr::type_error(format!("{name} arg must be None or str")))
                    }
                },
                None => None,
            };
            let r = match (&chars, name) {
                (None, "strip") => s.trim_matches(is_py_space),
                (None, "lstrip") => s.trim_start_matches(is_py_space),
                (None, _) => s.trim_end_matches(is_py_space),
                (Some(cs), "strip") => s.trim_matches(|c| cs.contains(c)),
                (Some(cs), "lstrip") => s.trim_start_matches(|c| cs.contains(c)),
                (Some(cs), _) => s.trim_end_matches(|c| cs.contains(c)),
            };
            let r = r.to_string();
            out_str(vm, r)
        }
        "replace" => {
            a.check(2, 3, &["count"])?;
            let old = str_arg(vm, a.pos[0], "replace() argument 1")?;
            let new = str_arg(vm, a.pos[1], "replace() argument 2")?;
            let count = match a.get(2, "count") {
                Some(c) => vm.index_arg_mut(c)?,
                None => -1,
            };
            let est = if old.is_empty() {
                (s.len() + 1) * new.len() + s.len()
            } else {
                s.len() / old.len() * new.len() + s.len()
            };
            vm.check_alloc(est as u128)?;
            let r = if count < 0 {
                s.replace(&old, &new)
            } else {
                s.replacen(&old, &new, count as usize)
            };
            out_str(vm, r)
        }
        "find" | "rfind" | "index" | "rindex" | "count" => {
            a.check(1, 3, &[])?;
            let sub = str_arg(vm, a.pos[0], &format!("{name}() argument 1"))?;
            let (start, end) = super::clamp_range(vm, &a, 1, ps.char_len())?;
            if start > end || (start > ps.char_len()) {
                if name == "count" {
                    return Ok(Some(Value::Int(0)));
                }
                if name.contains("index") {
                    return Err(PyErr::value_error("substring not found"));
                }
                return Ok(Some(Value::Int(-1)));
            }
            let (b0, b1) = byte_range(&ps, start, end);
            let hay = &s[b0..b1];
            if name == "count" {
                let n = if sub.is_empty() {
                    hay.chars().count() + 1
                } else {
                    hay.matches(sub.as_str()).count()
                };
                return Ok(Some(Value::Int(n as i64)));
            }
            let found = if name.starts_with('r') {
                hay.rfind(sub.as_str())
            } else {
                hay.find(sub.as_str())
            };
            match found {
                Some(b) => Value::Int(ps.char_index(b0 + b) as i64),
                None => {
                    if name.contains("index") {
                        return Err(PyErr::value_error("substring not found"));
                    }
                    Value::Int(-1)
                }
            }
        }
        "startswith" | "endswith" => {
            a.check(1, 3, &[])?;
            let (start, end) = super::clamp_range(vm, &a, 1, ps.char_len())?;
            if start > end {
                return Ok(Some(Value::Bool(false)));
            }
            let (b0, b1) = byte_range(&ps, start, end);
            let hay = &s[b0..b1];
            let matches = |p: &str| {
                if name == "startswith" {
                    hay.starts_with(p)
                } else {
                    hay.ends_with(p)
                }
            };
            // A tuple is tried in order: a match ends the search before a
            // later item of the wrong type is seen (as CPython).
            let r = match a.pos[0] {
                Value::Ref(t) if matches!(vm.heap.get(t), Obj::Tuple(_)) => {
                    let Obj::Tuple(items) = vm.heap.get(t) else {
                        unreachable!()
                    };
                    let mut found = false;
                    for &i in items {
                        match as_str(&vm.heap, i) {
                            Some(p) if matches(p) => {
                                found = true;
                                break;
                            }
                            Some(_) => {}
                            None => {
                                return Err(PyErr::type_error(format!(
                                    "tuple for {name} must only contain str, not {}",
                                    vm.class_name(i)
                                )))
                            }
                        }
                    }
                    found
                }
                other => match as_str(&vm.heap, other) {
                    Some(p) => matches(p),
                    None => {
                        return Err(PyErr::type_error(format!(
                            "{name} first arg must be str or a tuple of str, not {}",
                            vm.class_name(other)
                        )))
                    }
                },
            };
            Value::Bool(r)
        }
        "upper" => out_str(vm, s.to_uppercase()),
        "lower" => out_str(vm, s.to_lowercase()),
        "casefold" => out_str(vm, casefold(s)),
        "swapcase" => {
            let chars: Vec<char> = s.chars().collect();
            let mut r = String::with_capacity(s.len());
            for (i, &c) in chars.iter().enumerate() {
                if c == '\u{3a3}' {
                    r.push(if final_sigma(&chars, i) { 'ς' } else { 'σ' });
                } else if c.is_uppercase() {
                    r.extend(c.to_lowercase());
                } else if c.is_lowercase() {
                    r.extend(c.to_uppercase());
                } else {
                    r.push(c);
                }
            }
            out_str(vm, r)
        }
        "title" => out_str(vm, title(s)),
        "capitalize" => out_str(vm, capitalize(s)),
        "isdecimal" => Value::Bool(!s.is_empty() && s.chars().all(is_decimal)),
        "isdigit" => {
            Value::Bool(!s.is_empty() && s.chars().all(|c| is_decimal(c) || is_digit_only(c)))
        }
        "isnumeric" => Value::Bool(!s.is_empty() && s.chars().all(char::is_numeric)),
        "isalpha" => Value::Bool(!s.is_empty() && s.chars().all(char::is_alphabetic)),
        "isalnum" => Value::Bool(!s.is_empty() && s.chars().all(|c| c.is_alphanumeric())),
        "isspace" => Value::Bool(!s.is_empty() && s.chars().all(is_py_space)),
        "isascii" => Value::Bool(s.is_ascii()),
        "isprintable" => Value::Bool(s.chars().all(|c| {
            let n = c as u32;
            !(n < 0x20
                || n == 0x7f
                || (0x80..=0xa0).contains(&n)
                || n == 0xad
                || crate::vm::repr::is_unprintable(c))
        })),
        "isupper" => {
            Value::Bool(s.chars().any(char::is_uppercase) && !s.chars().any(char::is_lowercase))
        }
        "islower" => {
            Value::Bool(s.chars().any(char::is_lowercase) && !s.chars().any(char::is_uppercase))
        }
        "istitle" => {
            Value::Bool(!s.is_empty() && title(s) == s && s.chars().any(char::is_alphabetic))
        }
        "isidentifier" => {
            let mut cs = s.chars();
            Value::Bool(match cs.next() {
                Some(c) => {
                    (c == '_' || c.is_alphabetic()) && cs.all(|c| c == '_' || c.is_alphanumeric())
                }
                None => false,
            })
        }
        "zfill" => {
            a.check(1, 1, &[])?;
            let width = vm.index_arg_mut(a.pos[0])?;
            let n = ps.char_len() as i64;
            if width <= n {
                out_str(vm, s.to_string())
            } else {
                vm.check_alloc(width as u128)?;
                let zeros = "0".repeat((width - n) as usize);
                let r = match s.chars().next() {
                    Some(c @ ('+' | '-')) => format!("{c}{zeros}{}", &s[1..]),
                    _ => format!("{zeros}{s}"),
                };
                out_str(vm, r)
            }
        }
        "center" => {
            let r = pad(vm, &ps, &a, '^')?;
            out_str(vm, r)
        }
        "ljust" => {
            let r = pad(vm, &ps, &a, '<')?;
            out_str(vm, r)
        }
        "rjust" => {
            let r = pad(vm, &ps, &a, '>')?;
            out_str(vm, r)
        }
        "splitlines" => {
            a.check(0, 1, &["keepends"])?;
            let keep = match a.get(0, "keepends") {
                Some(k) => vm.truthy(k)?,
                None => false,
            };
            let mut lines = Vec::new();
            let mut cur = String::new();
            let mut chars = s.chars().peekable();
            while let Some(c) = chars.next() {
                let is_break = matches!(
                    c,
                    '\n' | '\r'
                        | '\x0b'
                        | '\x0c'
                        | '\x1c'
                        | '\x1d'
                        | '\x1e'
                        | '\u{85}'
                        | '\u{2028}'
                        | '\u{2029}'
                );
                if is_break {
                    let mut end = c.to_string();
                    if c == '\r' && chars.peek() == Some(&'\n') {
                        chars.next();
                        end.push('\n');
                    }
                    if keep {
                        cur.push_str(&end);
                    }
                    lines.push(std::mem::take(&mut cur));
                } else {
                    cur.push(c);
                }
            }
            if !cur.is_empty() {
                lines.push(cur);
            }
            let items: Vec<Value> = lines.into_iter().map(|l| vm.new_str(l)).collect();
            vm.new_list(items)
        }
        "partition" | "rpartition" => {
            a.check(1, 1, &[])?;
            let sep = must_str(vm, a.pos[0])?;
            if sep.is_empty() {
                return Err(PyErr::value_error("empty separator"));
            }
            let found = if name == "partition" {
                s.find(sep.as_str())
            } else {
                s.rfind(sep.as_str())
            };
            let (x, y, z) = match found {
                Some(i) => (
                    s[..i].to_string(),
                    sep.clone(),
                    s[i + sep.len()..].to_string(),
                ),
                None if name == "partition" => (s.to_string(), String::new(), String::new()),
                None => (String::new(), String::new(), s.to_string()),
            };
            let items = vec![vm.new_str(x), vm.new_str(y), vm.new_str(z)];
            vm.new_tuple(items)
        }
        "removeprefix" | "removesuffix" => {
            a.check(1, 1, &[])?;
            let p = str_arg(vm, a.pos[0], &format!("{name}() argument"))?;
            let r = if name == "removeprefix" {
                s.strip_prefix(p.as_str()).unwrap_or(s)
            } else {
                s.strip_suffix(p.as_str()).unwrap_or(s)
            };
            let r = r.to_string();
            out_str(vm, r)
        }
        "encode" => {
            let p =
                crate::vm::bytes::bind_clinic("encode", &a.pos, &a.kw, &["encoding", "errors"])?;
            let mut args = [String::from("utf-8"), String::from("strict")];
            for (i, what) in ["encoding", "errors"].iter().enumerate() {
                if let Some(v) = p[i] {
                    match as_str(&vm.heap, v) {
                        Some(t) => args[i] = t.to_string(),
                        None => {
                            return Err(PyErr::type_error(format!(
                                "encode() argument '{what}' must be str, not {}",
                                if v.is_none() {
                                    "None".to_string()
                                } else {
                                    vm.class_name(v)
                                }
                            )))
                        }
                    }
                }
            }
            let b = crate::builtins::codecs::encode(s, &args[0], &args[1])?;
            vm.new_bytes(b)
        }
        "expandtabs" => {
            a.check(0, 1, &["tabsize"])?;
            let ts = match a.get(0, "tabsize") {
                Some(t) => vm.index_arg_mut(t)?,
                None => 8,
            };
            // CPython takes the tab size as a C int.
            if i32::try_from(ts).is_err() {
                return Err(PyErr::new(
                    ExcType::OverflowError,
                    "Python int too large to convert to C int",
                ));
            }
            // First the result's size, so a huge one fails before building.
            let mut total = 0u128;
            let mut col = 0i64;
            for c in s.chars() {
                match c {
                    '\t' if ts > 0 => {
                        let n = ts - col % ts;
                        total += n as u128;
                        col += n;
                    }
                    '\t' => {}
                    '\n' | '\r' => {
                        total += 1;
                        col = 0;
                    }
                    _ => {
                        total += c.len_utf8() as u128;
                        col += 1;
                    }
                }
            }
            vm.check_alloc(total)?;
            let mut out = String::with_capacity(total as usize);
            let mut col = 0i64;
            for c in s.chars() {
                match c {
                    '\t' => {
                        if ts > 0 {
                            let n = ts - col % ts;
                            out.extend(std::iter::repeat_n(' ', n as usize));
                            col += n;
                        }
                    }
                    '\n' | '\r' => {
                        out.push(c);
                        col = 0;
                    }
                    _ => {
                        out.push(c);
                        col += 1;
                    }
                }
            }
            out_str(vm, out)
        }
        _ => return Ok(None),
    }))
}
