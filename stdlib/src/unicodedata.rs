//! `unicodedata`: the Unicode character database (Unicode 16.0.0, as in
//! CPython 3.14) with CPython's argument checks and messages. Properties and
//! normalization come from `crate::unicode` (tables generated from CPython's
//! own `unicodedata`); names from `crate::unicode::names` (a phrasebook in
//! monty-text, which the parser's `\N{...}` escapes use as well).

use super::ModuleDef;
use crate::object::{ExcType, Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};
use monty_vm::unicode::{self, Form};

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

fn str_result(vm: &mut Vm, s: &str) -> PyResult<Value> {
    Ok(vm.new_str(s))
}

native! {
    /// `unicodedata.category(chr, /)`.
    builtin fn category in "unicodedata" (vm, chr, /) {
        let c = char_arg(vm, chr, "category", "")?;
        str_result(vm, unicode::record(c).category())
    }

    /// `unicodedata.bidirectional(chr, /)`.
    builtin fn bidirectional in "unicodedata" (vm, chr, /) {
        let c = char_arg(vm, chr, "bidirectional", "")?;
        str_result(vm, unicode::record(c).bidirectional())
    }

    /// `unicodedata.east_asian_width(chr, /)`.
    builtin fn east_asian_width in "unicodedata" (vm, chr, /) {
        let c = char_arg(vm, chr, "east_asian_width", "")?;
        str_result(vm, unicode::record(c).east_asian_width())
    }

    /// `unicodedata.combining(chr, /)`.
    builtin fn combining in "unicodedata" (vm, chr, /) {
        let c = char_arg(vm, chr, "combining", "")?;
        Ok(Value::Int(unicode::record(c).combining().into()))
    }

    /// `unicodedata.mirrored(chr, /)`.
    builtin fn mirrored in "unicodedata" (vm, chr, /) {
        let c = char_arg(vm, chr, "mirrored", "")?;
        Ok(Value::Int(unicode::record(c).mirrored().into()))
    }

    /// `unicodedata.decomposition(chr, /)`: `"<tag> XXXX YYYY"` in hex, or
    /// `""`.
    builtin fn decomposition in "unicodedata" (vm, chr, /) {
        let c = char_arg(vm, chr, "decomposition", "")?;
        decomposition_of(vm, c)
    }

    /// `unicodedata.decimal(chr, default=<unset>, /)`.
    builtin fn decimal in "unicodedata" (vm, chr, default?, /) {
        let c = char_arg(vm, chr, "decimal", " 1")?;
        number(c, default, |r| r.decimal().map(|d| Value::Int(d.into())), "not a decimal")
    }

    /// `unicodedata.digit(chr, default=<unset>, /)`.
    builtin fn digit in "unicodedata" (vm, chr, default?, /) {
        let c = char_arg(vm, chr, "digit", " 1")?;
        number(c, default, |r| r.digit().map(|d| Value::Int(d.into())), "not a digit")
    }

    /// `unicodedata.numeric(chr, default=<unset>, /)`.
    builtin fn numeric in "unicodedata" (vm, chr, default?, /) {
        let c = char_arg(vm, chr, "numeric", " 1")?;
        number(c, default, |r| r.numeric().map(Value::Float), "not a numeric character")
    }

    /// `unicodedata.name(chr, default=<unset>, /)`.
    builtin fn name in "unicodedata" (vm, chr, default?, /) {
        let c = char_arg(vm, chr, "name", " 1")?;
        name_of(vm, c, default)
    }

    /// `unicodedata.lookup(name, /)`: the character named `name`
    /// (case-insensitive, aliases included); `name` may be str or bytes.
    builtin fn lookup in "unicodedata" (vm, name, /) {
        lookup_of(vm, name)
    }

    /// `unicodedata.normalize(form, unistr, /)`.
    builtin fn normalize in "unicodedata" (vm, form, unistr, /) {
        let (f, text) = form_and_text(vm, "normalize", form, unistr)?;
        let out = unicode::normalize(f, &text);
        if out == text {
            // CPython returns the argument itself when it is already normal
            return Ok(unistr);
        }
        Ok(vm.new_str(out))
    }

    /// `unicodedata.is_normalized(form, unistr, /)`.
    builtin fn is_normalized in "unicodedata" (vm, form, unistr, /) {
        let (f, text) = form_and_text(vm, "is_normalized", form, unistr)?;
        Ok(Value::Bool(unicode::normalize(f, &text) == text))
    }
}

fn decomposition_of(vm: &mut Vm, c: char) -> PyResult<Value> {
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
    c: char,
    default: Option<Value>,
    get: fn(unicode::Record) -> Option<Value>,
    missing: &str,
) -> PyResult<Value> {
    match (get(unicode::record(c)), default) {
        (Some(v), _) => Ok(v),
        (None, Some(d)) => Ok(d),
        (None, None) => Err(PyErr::value_error(missing)),
    }
}

/// `name(chr, default)`: the character's name.
fn name_of(vm: &mut Vm, c: char, default: Option<Value>) -> PyResult<Value> {
    match (unicode::names::name(c), default) {
        (Some(n), _) => Ok(vm.new_str(n)),
        (None, Some(d)) => Ok(d),
        (None, None) => Err(PyErr::value_error("no such name")),
    }
}

/// The longest name CPython's `lookup` accepts.
const MAX_NAME_LEN: usize = 256;

/// `lookup(name)`: the character named `name` (case-insensitive, aliases
/// included); `name` may be str or bytes.
fn lookup_of(vm: &mut Vm, v: Value) -> PyResult<Value> {
    let text = match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Str(s) => Some(s.s.to_string()),
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
    match unicode::names::character(&text) {
        Some(c) => Ok(vm.new_str(c)),
        None => Err(PyErr::new(
            ExcType::KeyError,
            format!("undefined character name '{text}'"),
        )),
    }
}

/// The form and string of `normalize`/`is_normalized`, all type checks
/// before the form's value is checked.
fn form_and_text(vm: &Vm, func: &str, form: Value, unistr: Value) -> PyResult<(Form, String)> {
    let mut strs = Vec::with_capacity(2);
    for (i, v) in [form, unistr].into_iter().enumerate() {
        match as_str(&vm.heap, v) {
            Some(s) => strs.push(s),
            None => {
                return Err(PyErr::type_error(format!(
                    "{}() argument {} must be str, not {}",
                    func,
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
