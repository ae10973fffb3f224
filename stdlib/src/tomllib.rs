//! `tomllib`: `loads(s, *, parse_float=float)` and `load(fp, *,
//! parse_float=float)` for TOML 1.0, raising `tomllib.TOMLDecodeError`
//! (a `ValueError`) with CPython's messages and positions. The parser is
//! `toml_parse.rs`; this file holds the module, the conversion of the
//! parsed tree to dicts and lists, and the scalar forms that need other
//! modules: integers (`int(text, 0)` with the 4300-digit limit) and dates
//! and times (objects of our `datetime` module, matched the way CPython's
//! regular expressions match them).

use num_bigint::BigInt;

use super::datetime::{self, Clock, Dt};
use super::toml_parse::{Fail, Parser};
use super::toml_tables::{Node, Table};
use super::ModuleDef;
use crate::object::{Dict, ExcType, HashKey, Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// `int(text, 0)` for a TOML integer (prefixed or decimal, underscores
/// allowed), with CPython's limit on decimal digits.
pub fn int_value(vm: &mut Vm, text: &str) -> PyResult<Value> {
    let clean: String = text.chars().filter(|c| *c != '_').collect();
    let (neg, body) = match clean.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, clean.strip_prefix('+').unwrap_or(&clean)),
    };
    let (radix, digits) = if let Some(d) = body.strip_prefix("0x") {
        (16, d)
    } else if let Some(d) = body.strip_prefix("0o") {
        (8, d)
    } else if let Some(d) = body.strip_prefix("0b") {
        (2, d)
    } else {
        (10, body)
    };
    if radix == 10 && digits.len() > 4300 {
        return Err(PyErr::value_error(format!(
            "Exceeds the limit (4300 digits) for integer string conversion: value has {} digits; use sys.set_int_max_str_digits() to increase the limit",
            digits.len()
        )));
    }
    if let Ok(n) = i64::from_str_radix(digits, radix) {
        return Ok(Value::Int(if neg { -n } else { n }));
    }
    let mut n = BigInt::parse_bytes(digits.as_bytes(), radix).unwrap_or_default();
    if neg {
        n = -n;
    }
    Ok(crate::object::int::from_bigint(&mut vm.heap, n))
}

fn num_at(src: &[char], pos: usize, len: usize) -> Option<i64> {
    let s = src.get(pos..pos + len)?;
    if !s.iter().all(char::is_ascii_digit) {
        return None;
    }
    Some(s.iter().fold(0, |n, c| n * 10 + (*c as i64 - '0' as i64)))
}

/// `HH:MM:SS(.ffffff...)?` at `pos` (hours 00-23, minutes and seconds
/// 00-59): the clock and the end.
fn match_time(src: &[char], pos: usize) -> Option<(Clock, usize)> {
    let h = num_at(src, pos, 2).filter(|h| *h <= 23)?;
    if src.get(pos + 2) != Some(&':') {
        return None;
    }
    let mi = num_at(src, pos + 3, 2).filter(|m| *m <= 59)?;
    if src.get(pos + 5) != Some(&':') {
        return None;
    }
    let s = num_at(src, pos + 6, 2).filter(|s| *s <= 59)?;
    let mut end = pos + 8;
    let mut us = 0;
    if src.get(end) == Some(&'.') && src.get(end + 1).is_some_and(char::is_ascii_digit) {
        let mut p = end + 1;
        let mut n = 0;
        while let Some(c) = src.get(p).filter(|c| c.is_ascii_digit()) {
            if n < 6 {
                us = us * 10 + (*c as i64 - '0' as i64);
                n += 1;
            }
            p += 1;
        }
        for _ in n..6 {
            us *= 10;
        }
        end = p;
    }
    Some((
        Clock {
            h,
            mi,
            s,
            us,
            fold: 0,
        },
        end,
    ))
}

/// A date, date-time or local time at `pos`, as CPython's `RE_DATETIME`
/// then `RE_LOCALTIME` match them; `None` if neither matches.
pub fn parse_datetime(
    vm: &mut Vm,
    src: &[char],
    pos: usize,
) -> Result<Option<(usize, Node)>, Fail> {
    let date = (|| {
        let y = num_at(src, pos, 4)?;
        if src.get(pos + 4) != Some(&'-') {
            return None;
        }
        let m = num_at(src, pos + 5, 2).filter(|m| (1..=12).contains(m))?;
        if src.get(pos + 7) != Some(&'-') {
            return None;
        }
        let d = num_at(src, pos + 8, 2).filter(|d| (1..=31).contains(d))?;
        Some((y, m, d))
    })();
    let Some((y, m, d)) = date else {
        return Ok(match_time(src, pos).map(|(c, end)| {
            (
                end,
                Node::Scalar(datetime::new_dt(vm, Dt::Time(c, Value::None))),
            )
        }));
    };
    let mut end = pos + 10;
    let mut clock = None;
    let mut tz = Value::None;
    if matches!(src.get(end), Some('T' | 't' | ' ')) {
        if let Some((c, e)) = match_time(src, end + 1) {
            clock = Some(c);
            end = e;
            match src.get(end) {
                Some('Z' | 'z') => {
                    end += 1;
                    tz = datetime::utc(vm)?;
                }
                Some(sign @ ('+' | '-')) => {
                    let oh = num_at(src, end + 1, 2).filter(|h| *h <= 23);
                    let colon = src.get(end + 3) == Some(&':');
                    let om = num_at(src, end + 4, 2).filter(|m| *m <= 59);
                    if let (Some(oh), true, Some(om)) = (oh, colon, om) {
                        let sgn = if *sign == '-' { -1 } else { 1 };
                        let off = sgn * (oh * 3600 + om * 60) * 1_000_000;
                        tz = datetime::make_zone(vm, off, None)?;
                        end += 6;
                    }
                }
                _ => {}
            }
        }
    }
    let invalid = || Fail::At(pos, "Invalid date or datetime".into());
    let date = datetime::check_date(y, m, d).map_err(|_| invalid())?;
    let v = match clock {
        None => datetime::new_dt(vm, Dt::Date(date)),
        Some(c) => datetime::new_dt(vm, Dt::DateTime(date, c, tz)),
    };
    Ok(Some((end, Node::Scalar(v))))
}

fn to_python(vm: &mut Vm, node: Node) -> PyResult<Value> {
    Ok(match node {
        Node::Scalar(v) => v,
        Node::Array(items) => {
            let mut out = Vec::with_capacity(items.len());
            for n in items {
                out.push(to_python(vm, n)?);
            }
            vm.new_list(out)
        }
        Node::Table(t) => table_to_python(vm, t)?,
    })
}

fn table_to_python(vm: &mut Vm, t: Table) -> PyResult<Value> {
    let mut d = Dict::with_capacity(t.entries.len());
    for (k, n) in t.entries {
        let v = to_python(vm, n)?;
        let key = vm.new_str(k.clone());
        d.insert(HashKey::Str(k.into()), key, v);
    }
    Ok(vm.heap.new_value(Obj::Dict(Box::new(d))))
}

/// Parses `s`, returning the document dict.
fn parse_document(vm: &mut Vm, s: &str, parse_float: Option<Value>) -> PyResult<Value> {
    let mut p = Parser::new(vm, s, parse_float);
    match p.parse() {
        Ok(t) => {
            drop(p);
            table_to_python(vm, t)
        }
        Err(Fail::At(pos, msg)) => {
            let text = format!("{msg} (at {})", p.coord(pos));
            Err(PyErr::new(ExcType::TOMLDecodeError, text))
        }
        Err(Fail::Py(e)) => Err(e),
    }
}

/// `parse_float`, `None` for `float` itself.
fn parse_float_arg(parse_float: Option<Value>) -> Option<Value> {
    parse_float.filter(|f| *f != Value::Type(crate::object::Type::Float))
}

native! {
    /// `tomllib.loads(s, /, *, parse_float=float)`.
    def fn loads(vm, s, /, *, parse_float?) {
        let parse_float = parse_float_arg(parse_float);
        let Some(text) = as_str(&vm.heap, s).map(str::to_string) else {
            return Err(PyErr::type_error(format!(
                "Expected str object, not '{}'",
                vm.class_name(s)
            )));
        };
        parse_document(vm, &text, parse_float)
    }

    /// `tomllib.load(fp, /, *, parse_float=float)`.
    def fn load(vm, fp, /, *, parse_float?) {
        load_of(vm, fp, parse_float_arg(parse_float))
    }
}

fn load_of(vm: &mut Vm, fp: Value, parse_float: Option<Value>) -> PyResult<Value> {
    let read = vm.get_attr(fp, "read")?;
    let data = vm.call_value(read, Vec::new(), Vec::new())?;
    let decode = match vm.get_attr(data, "decode") {
        Ok(d) => d,
        Err(e) if vm.is_exc_kind(&e, ExcType::AttributeError) => {
            return Err(PyErr::type_error(
                "File must be opened in binary mode, e.g. use `open('foo.toml', 'rb')`",
            ))
        }
        Err(e) => return Err(e),
    };
    let text = vm.call_value(decode, Vec::new(), Vec::new())?;
    let Some(text) = as_str(&vm.heap, text).map(str::to_string) else {
        return Err(PyErr::type_error(format!(
            "Expected str object, not '{}'",
            vm.class_name(text)
        )));
    };
    parse_document(vm, &text, parse_float)
}

fn init(_vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    attrs.push((
        "TOMLDecodeError".into(),
        Value::ExcType(ExcType::TOMLDecodeError),
    ));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "tomllib",
    funcs: natives_table![loads, load,],
    init,
};
