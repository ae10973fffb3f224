//! Methods of `str`. Indices in and out are code-point positions, as in
//! Python, even though the storage is UTF-8.

use crate::object::{ExcType, Obj, ObjId, PyStr, Value};
use crate::unicode;
use crate::vm::stdlib::Stdlib;
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
    unicode::is_space(c)
}

/// `isupper`/`islower`: some character is `want`, none is `other` or
/// titlecase.
fn cased_as(s: &str, want: fn(char) -> bool, other: fn(char) -> bool) -> bool {
    let mut cased = false;
    for c in s.chars() {
        if other(c) || unicode::is_title(c) {
            return false;
        }
        cased |= want(c);
    }
    cased
}

/// `istitle`: cased runs start with an upper- or titlecase letter and
/// continue in lowercase; at least one cased character.
fn is_titlecased(s: &str) -> bool {
    let (mut cased, mut previous_cased) = (false, false);
    for c in s.chars() {
        if c.is_uppercase() || unicode::is_title(c) {
            if previous_cased {
                return false;
            }
            previous_cased = true;
            cased = true;
        } else if c.is_lowercase() {
            if !previous_cased {
                return false;
            }
            previous_cased = true;
            cased = true;
        } else {
            previous_cased = false;
        }
    }
    cased
}

/// A str argument; otherwise `TypeError: {what} must be str, not {type}`
/// (CPython names `None` itself, not its type).
fn str_arg<S: Stdlib>(vm: &Vm<S>, v: Value, what: &str) -> PyResult<String> {
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

fn must_str<S: Stdlib>(vm: &Vm<S>, v: Value) -> PyResult<String> {
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

/// `str.casefold()`.
fn casefold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match unicode::casefold(c) {
            Some(folded) => out.push_str(folded),
            None => out.extend(c.to_lowercase()),
        }
    }
    out
}

/// The titlecase form of `c` (`'ǆ'` gives `'ǅ'`, `'ß'` gives `"Ss"`).
fn title_char(c: char) -> String {
    match unicode::titlecase(c) {
        Some(t) => t.to_string(),
        None => c.to_uppercase().collect(),
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
        prev_cased = c.is_lowercase() || c.is_uppercase() || unicode::is_title(c);
    }
    out
}

fn pad<S: Stdlib>(vm: &mut Vm<S>, s: &PyStr, a: &Args, how: char) -> PyResult<String> {
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

pub fn call<S: Stdlib>(vm: &mut Vm<S>, id: ObjId, name: &str, a: Args) -> PyResult<Option<Value>> {
    let Obj::Str(ps) = vm.heap.get(id) else {
        unreachable!("str")
    };
    let ps = ps.clone();
    let s = ps.s.as_str();
    let out_str = |vm: &mut Vm<S>, r: String| -> Value { vm.new_str(r) };
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
                if out.len() > vm.max_alloc_bytes() {
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
        "isdigit" => Value::Bool(!s.is_empty() && s.chars().all(unicode::is_digit)),
        "isnumeric" => Value::Bool(!s.is_empty() && s.chars().all(unicode::is_numeric)),
        "isalpha" => Value::Bool(!s.is_empty() && s.chars().all(unicode::is_alpha)),
        "isalnum" => Value::Bool(
            !s.is_empty()
                && s.chars().all(|c| {
                    unicode::is_alpha(c) || unicode::is_numeric(c) || unicode::is_digit(c)
                }),
        ),
        "isspace" => Value::Bool(!s.is_empty() && s.chars().all(is_py_space)),
        "isascii" => Value::Bool(s.is_ascii()),
        "isprintable" => Value::Bool(s.chars().all(unicode::is_printable)),
        "isupper" => Value::Bool(cased_as(s, char::is_uppercase, char::is_lowercase)),
        "islower" => Value::Bool(cased_as(s, char::is_lowercase, char::is_uppercase)),
        "istitle" => Value::Bool(is_titlecased(s)),
        "isidentifier" => Value::Bool(unicode::is_identifier(s)),
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
