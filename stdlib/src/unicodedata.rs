//! `unicodedata`: the Unicode character database (Unicode 16.0.0, as in
//! CPython 3.14) with CPython's argument checks and messages. Properties and
//! normalization come from `crate::unicode` (tables generated from CPython's
//! own `unicodedata`); names come from `unicode_names2`, which the parser
//! already links for `\N{...}` escapes.

use super::util::{no_kw, one_arg};
use super::ModuleDef;
use crate::builtins::{arg_count_error, Args};
use crate::object::{ExcType, Obj, Value};
use crate::unicode::{self, Form};
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// The single character of argument `v`. `which` is `""` for functions of
/// one parameter, else `" 1"` (CPython numbers the argument then).
fn char_arg(vm: &Vm, v: Value, func: &str, which: &str) -> PyResult<char> {
    let Some(s) = as_str(&vm.heap, v) else {
        return Err(PyErr::type_error(format!(
            "{func}() argument{which} must be a unicode character, not {}",
            vm.class_name(v)
        )));
    };
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(PyErr::type_error(format!(
            "{func}(): argument{which} must be a unicode character, not a string of length {}",
            s.chars().count()
        ))),
    }
}

/// A one-character function (`METH_O`): its character.
fn only_char(vm: &Vm, a: &Args) -> PyResult<char> {
    let v = one_arg(a, &format!("unicodedata.{}", a.name))?;
    char_arg(vm, v, a.name, "")
}

/// `f(chr, default=<unset>)`: the character and the default.
fn char_and_default(vm: &Vm, a: &Args) -> PyResult<(char, Option<Value>)> {
    no_kw(a, &format!("unicodedata.{}", a.name))?;
    if a.pos.is_empty() || a.pos.len() > 2 {
        return Err(arg_count_error(a.name, 1, 2, a.pos.len()));
    }
    Ok((char_arg(vm, a.pos[0], a.name, " 1")?, a.pos.get(1).copied()))
}

fn str_result(vm: &mut Vm, s: &str) -> PyResult<Value> {
    Ok(vm.new_str(s))
}

fn category(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let c = only_char(vm, &a)?;
    str_result(vm, unicode::record(c).category())
}

fn bidirectional(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let c = only_char(vm, &a)?;
    str_result(vm, unicode::record(c).bidirectional())
}

fn east_asian_width(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let c = only_char(vm, &a)?;
    str_result(vm, unicode::record(c).east_asian_width())
}

fn combining(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let c = only_char(vm, &a)?;
    Ok(Value::Int(unicode::record(c).combining().into()))
}

fn mirrored(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let c = only_char(vm, &a)?;
    Ok(Value::Int(unicode::record(c).mirrored().into()))
}

/// `decomposition(chr)`: `"<tag> XXXX YYYY"` in hex, or `""`.
fn decomposition(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let c = only_char(vm, &a)?;
    let mut out = String::new();
    if let Some((tag, chars)) = unicode::decomposition(c) {
        out.push_str(tag);
        for ch in chars {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&format!("{:04X}", ch as u32));
        }
    }
    str_result(vm, &out)
}

/// `decimal`/`digit`/`numeric`: the value, else the default, else
/// `ValueError(missing)`.
fn number(
    vm: &mut Vm,
    a: &Args,
    get: fn(unicode::Record) -> Option<Value>,
    missing: &str,
) -> PyResult<Value> {
    let (c, default) = char_and_default(vm, a)?;
    match (get(unicode::record(c)), default) {
        (Some(v), _) => Ok(v),
        (None, Some(d)) => Ok(d),
        (None, None) => Err(PyErr::value_error(missing)),
    }
}

fn decimal(vm: &mut Vm, a: Args) -> PyResult<Value> {
    number(
        vm,
        &a,
        |r| r.decimal().map(|d| Value::Int(d.into())),
        "not a decimal",
    )
}

fn digit(vm: &mut Vm, a: Args) -> PyResult<Value> {
    number(
        vm,
        &a,
        |r| r.digit().map(|d| Value::Int(d.into())),
        "not a digit",
    )
}

fn numeric(vm: &mut Vm, a: Args) -> PyResult<Value> {
    number(
        vm,
        &a,
        |r| r.numeric().map(Value::Float),
        "not a numeric character",
    )
}

/// `name(chr, default)`: the character's name.
fn name(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (c, default) = char_and_default(vm, &a)?;
    match (unicode_names2::name(c), default) {
        (Some(n), _) => {
            let s = n.to_string();
            Ok(vm.new_str(s))
        }
        (None, Some(d)) => Ok(d),
        (None, None) => Err(PyErr::value_error("no such name")),
    }
}

/// The longest name CPython's `lookup` accepts.
const MAX_NAME_LEN: usize = 256;

/// `lookup(name)`: the character named `name` (case-insensitive, aliases
/// included); `name` may be str or bytes.
fn lookup(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let v = one_arg(&a, "unicodedata.lookup")?;
    let text = match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Str(s) => Some(s.s.clone()),
            Obj::Bytes(b) | Obj::ByteArray(b) => Some(String::from_utf8_lossy(b).into_owned()),
            _ => None,
        },
        _ => None,
    };
    let Some(text) = text else {
        return Err(PyErr::type_error(format!(
            "a bytes-like object is required, not '{}'",
            vm.class_name(v)
        )));
    };
    if text.len() > MAX_NAME_LEN {
        return Err(PyErr::new(ExcType::KeyError, "name too long"));
    }
    match unicode_names2::character(&text) {
        Some(c) => Ok(vm.new_str(c.to_string())),
        None => Err(PyErr::new(
            ExcType::KeyError,
            format!("undefined character name '{text}'"),
        )),
    }
}

/// The form and string of `normalize`/`is_normalized`, all type checks
/// before the form's value is checked.
fn form_and_text(vm: &Vm, a: &Args) -> PyResult<(Form, String)> {
    no_kw(a, &format!("unicodedata.{}", a.name))?;
    if a.pos.len() != 2 {
        return Err(arg_count_error(a.name, 2, 2, a.pos.len()));
    }
    let mut strs = Vec::with_capacity(2);
    for (i, &v) in a.pos.iter().enumerate() {
        match as_str(&vm.heap, v) {
            Some(s) => strs.push(s),
            None => {
                return Err(PyErr::type_error(format!(
                    "{}() argument {} must be str, not {}",
                    a.name,
                    i + 1,
                    vm.class_name(v)
                )))
            }
        }
    }
    let form =
        Form::from_name(strs[0]).ok_or_else(|| PyErr::value_error("invalid normalization form"))?;
    Ok((form, strs[1].to_string()))
}

fn normalize(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (form, text) = form_and_text(vm, &a)?;
    let out = unicode::normalize(form, &text);
    if out == text {
        // CPython returns the argument itself when it is already normal
        return Ok(a.pos[1]);
    }
    Ok(vm.new_str(out))
}

fn is_normalized(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (form, text) = form_and_text(vm, &a)?;
    Ok(Value::Bool(unicode::normalize(form, &text) == text))
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let v = vm.new_str(unicode::UNIDATA_VERSION);
    attrs.push(("unidata_version".into(), v));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "unicodedata",
    funcs: natives_table![
        category,
        bidirectional,
        east_asian_width,
        combining,
        mirrored,
        decomposition,
        decimal,
        digit,
        numeric,
        name,
        lookup,
        normalize,
        is_normalized,
    ],
    init,
};
