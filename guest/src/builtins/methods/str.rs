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
];

fn is_py_space(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\x1c'..='\x1f')
}

fn arg_str(vm: &Vm, v: Value, method: &str) -> PyResult<String> {
    match as_str(&vm.heap, v) {
        Some(s) => Ok(s.to_string()),
        None => Err(PyErr::type_error(format!(
            "{method} arg must be None or str, not {}",
            vm.class_name(v)
        ))),
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

fn title(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut prev_cased = false;
    for c in s.chars() {
        if prev_cased {
            out.extend(c.to_lowercase());
        } else {
            out.extend(c.to_uppercase());
        }
        prev_cased = c.is_alphabetic();
    }
    out
}

fn pad(vm: &Vm, s: &PyStr, a: &Args, how: char) -> PyResult<String> {
    a.check(1, 2, &[])?;
    let width = vm.index_arg(a.pos[0])?;
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

pub fn call(vm: &mut Vm, id: ObjId, name: &str, a: Args) -> PyResult<Option<Value>> {
    let Obj::Str(ps) = vm.heap.get(id) else {
        unreachable!("str")
    };
    let ps = ps.clone();
    let s = ps.s.as_str();
    let out_str = |vm: &mut Vm, r: String| -> Value { vm.new_str(r) };
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
                Some(m) => vm.index_arg(m)?,
                None => -1,
            };
            let parts: Vec<String> = match sep {
                None => split_whitespace(s, maxsplit, name == "rsplit"),
                Some(sv) => {
                    let sep = arg_str(vm, sv, name)?;
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
            a.check(1, 1, &[])?;
            let items = vm.collect_iterable(a.pos[0])?;
            let mut out = String::new();
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
                Some(&c) => Some(arg_str(vm, c, name)?),
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
            let old = must_str(vm, a.pos[0])?;
            let new = must_str(vm, a.pos[1])?;
            let count = match a.get(2, "count") {
                Some(c) => vm.index_arg(c)?,
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
            let sub = must_str(vm, a.pos[0])?;
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
            let prefixes: Vec<String> = match a.pos[0] {
                Value::Ref(t) if matches!(vm.heap.get(t), Obj::Tuple(_)) => {
                    let Obj::Tuple(items) = vm.heap.get(t) else {
                        unreachable!()
                    };
                    let mut v = Vec::new();
                    for &i in items {
                        v.push(must_str(vm, i)?);
                    }
                    v
                }
                other => match as_str(&vm.heap, other) {
                    Some(p) => vec![p.to_string()],
                    None => {
                        return Err(PyErr::type_error(format!(
                            "{name} first arg must be str or a tuple of str, not {}",
                            vm.class_name(other)
                        )))
                    }
                },
            };
            let r = prefixes.iter().any(|p| {
                if name == "startswith" {
                    hay.starts_with(p.as_str())
                } else {
                    hay.ends_with(p.as_str())
                }
            });
            Value::Bool(r)
        }
        "upper" => out_str(vm, s.to_uppercase()),
        "lower" => out_str(vm, s.to_lowercase()),
        "casefold" => out_str(vm, s.to_lowercase().replace('ß', "ss").replace('ς', "σ")),
        "swapcase" => {
            let r: String = s
                .chars()
                .flat_map(|c| {
                    if c.is_uppercase() {
                        c.to_lowercase().collect::<Vec<_>>()
                    } else {
                        c.to_uppercase().collect::<Vec<_>>()
                    }
                })
                .collect();
            out_str(vm, r)
        }
        "title" => out_str(vm, title(s)),
        "capitalize" => {
            let mut cs = s.chars();
            let r = match cs.next() {
                Some(f) => f
                    .to_uppercase()
                    .chain(cs.flat_map(char::to_lowercase))
                    .collect(),
                None => String::new(),
            };
            out_str(vm, r)
        }
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
            let width = vm.index_arg(a.pos[0])?;
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
            let p = must_str(vm, a.pos[0])?;
            let r = if name == "removeprefix" {
                s.strip_prefix(p.as_str()).unwrap_or(s)
            } else {
                s.strip_suffix(p.as_str()).unwrap_or(s)
            };
            let r = r.to_string();
            out_str(vm, r)
        }
        "expandtabs" => {
            a.check(0, 1, &["tabsize"])?;
            let ts = match a.get(0, "tabsize") {
                Some(t) => vm.index_arg(t)?,
                None => 8,
            };
            let mut out = String::new();
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
