//! `json`: `dumps` and `loads` with CPython's output byte for byte and its
//! error messages. This file declares the module: the functions' keyword
//! arguments, `JSONDecodeError`'s attributes; the two directions are the
//! `monty-json` crate's `encode` and `decode`, compiled for speed. `dump`
//! and `load` work with any object that has `write` / `read` (such as
//! `io.StringIO`; the sandbox has no files): `dump` writes the whole
//! document in one `write` call where CPython writes it in chunks.

use monty_json::{decode, encode};

use super::ModuleDef;
use crate::object::{ExcType, Exception, HashKey, Obj, Value};
use crate::vm::call::Kwargs;
use crate::vm::{PyErr, PyResult, Vm};

native! {
    /// `json.dumps(obj, *, skipkeys=False, ensure_ascii=True,
    /// check_circular=True, allow_nan=True, cls=None, indent=None,
    /// separators=None, default=None, sort_keys=False, **kw)`.
    def fn dumps(vm, obj, *, skipkeys?, ensure_ascii?, check_circular?, allow_nan?, cls?,
                 indent?, separators?, default?, sort_keys?, **kw) {
        let opts = [
            skipkeys, ensure_ascii, check_circular, allow_nan, cls, indent, separators, default,
            sort_keys,
        ];
        dumps_of(vm, obj, opts, &kw)
    }

    /// `json.loads(s, *, cls=None, object_hook=None, parse_float=None,
    /// parse_int=None, parse_constant=None, object_pairs_hook=None, **kw)`.
    def fn loads(vm, s, *, cls?, object_hook?, parse_float?, parse_int?, parse_constant?,
                 object_pairs_hook?, **kw) {
        let hooks = [cls, object_hook, parse_float, parse_int, parse_constant, object_pairs_hook];
        loads_of(vm, s, hooks, &kw)
    }

    /// `json.dump(obj, fp, *, skipkeys=False, ensure_ascii=True,
    /// check_circular=True, allow_nan=True, cls=None, indent=None,
    /// separators=None, default=None, sort_keys=False, **kw)`:
    /// `fp.write(dumps(obj, ...))`.
    def fn dump(vm, obj, fp, *, skipkeys?, ensure_ascii?, check_circular?, allow_nan?, cls?,
                indent?, separators?, default?, sort_keys?, **kw) {
        let opts = [
            skipkeys, ensure_ascii, check_circular, allow_nan, cls, indent, separators, default,
            sort_keys,
        ];
        // the encoder is made (and its indent made into text, whatever
        // the document) before anything is encoded, as in CPython
        if let Some(ind) = indent.filter(|x| !x.is_none()) {
            encode::indent_text(vm, ind)?;
        }
        // CPython streams the document; written at once here. Where
        // encoding fails, CPython has already written a container's first
        // chunk (`{`, or `[` and a first scalar), so a bad `fp` fails
        // first: that chunk is written before the error is raised
        let text = match dumps_of(vm, obj, opts, &kw) {
            Ok(text) => text,
            Err(e) => {
                if let Some(first) = first_chunk(vm, obj, opts, &kw)? {
                    let write = crate::util::rooted(vm, &[first], |vm| vm.get_attr(fp, "write"))?;
                    vm.call_value(write, vec![first], Vec::new())?;
                }
                return Err(e);
            }
        };
        let write = crate::util::rooted(vm, &[text], |vm| vm.get_attr(fp, "write"))?;
        vm.call_value(write, vec![text], Vec::new())?;
        Ok(Value::None)
    }

    /// `json.load(fp, *, cls=None, object_hook=None, parse_float=None,
    /// parse_int=None, parse_constant=None, object_pairs_hook=None, **kw)`:
    /// `loads(fp.read(), ...)`.
    def fn load(vm, fp, *, cls?, object_hook?, parse_float?, parse_int?, parse_constant?,
                object_pairs_hook?, **kw) {
        let read = vm.get_attr(fp, "read")?;
        let text = vm.call_value(read, Vec::new(), Vec::new())?;
        let hooks = [cls, object_hook, parse_float, parse_int, parse_constant, object_pairs_hook];
        loads_of(vm, text, hooks, &kw)
    }
}

/// The first chunk CPython's encoder yields for a non-empty list, tuple
/// or dict (`None` for anything else): `{`, or `[`, the indent and the
/// first element if it is a scalar.
fn first_chunk(
    vm: &mut Vm,
    obj: Value,
    opts: [Option<Value>; 9],
    kw: &Kwargs,
) -> PyResult<Option<Value>> {
    let Value::Ref(id) = obj else { return Ok(None) };
    let first = match vm.heap.get(id) {
        Obj::Dict(d) if !d.is_empty() => return Ok(Some(vm.new_str("{"))),
        Obj::List(l) if !l.is_empty() => l.at(0),
        Obj::Tuple(t) if !t.is_empty() => t[0],
        _ => return Ok(None),
    };
    let mut chunk = "[".to_string();
    if let Some(ind) = opts[5].filter(|x| !x.is_none()) {
        chunk.push('\n');
        chunk.push_str(&encode::indent_text(vm, ind)?);
    }
    let scalar = match first {
        Value::None | Value::Bool(_) | Value::Int(_) | Value::Float(_) => true,
        Value::Ref(r) => matches!(vm.heap.get(r), Obj::Str(_) | Obj::BigInt(_)),
        _ => false,
    };
    if scalar {
        let s = dumps_of(vm, first, opts, kw)?;
        chunk.push_str(crate::vm::as_str(&vm.heap, s).unwrap_or_default());
    }
    Ok(Some(vm.new_str(chunk)))
}

/// `dumps` of `obj` with its keyword-only arguments in order (`None` when
/// not given) and the other keywords (`JSONEncoder`'s).
fn dumps_of(vm: &mut Vm, obj: Value, v: [Option<Value>; 9], extra: &Kwargs) -> PyResult<Value> {
    let flag = |vm: &mut Vm, v: Option<Value>, default: bool| -> PyResult<bool> {
        match v {
            Some(v) => vm.truthy(v),
            None => Ok(default),
        }
    };
    let opts = encode::Options {
        skipkeys: flag(vm, v[0], false)?,
        ensure_ascii: flag(vm, v[1], true)?,
        check_circular: flag(vm, v[2], true)?,
        allow_nan: flag(vm, v[3], true)?,
        indent: v[5].filter(|x| !x.is_none()),
        separators: v[6].filter(|x| !x.is_none()),
        default: v[7].filter(|x| !x.is_none()),
        sort_keys: flag(vm, v[8], false)?,
        payload: crate::enums::builtin_payload,
    };
    if let Some(c) = v[4].filter(|x| !x.is_none()) {
        return Err(PyErr::type_error(format!(
            "json.dumps(cls=...) is not supported in this sandbox (got {})",
            vm.repr(c)?
        )));
    }
    if let Some((k, _)) = extra.first() {
        return Err(PyErr::type_error(format!(
            "JSONEncoder.__init__() got an unexpected keyword argument '{k}'"
        )));
    }
    let s = encode::dumps(vm, obj, opts)?;
    Ok(vm.new_str(s))
}

/// `loads` of `s` with its keyword-only arguments in order (`None` when
/// not given) and the other keywords (`JSONDecoder`'s).
fn loads_of(vm: &mut Vm, s: Value, v: [Option<Value>; 6], extra: &Kwargs) -> PyResult<Value> {
    let mut strict = true;
    for (k, val) in extra {
        if k == "strict" {
            strict = vm.truthy(*val)?;
        } else {
            return Err(PyErr::type_error(format!(
                "JSONDecoder.__init__() got an unexpected keyword argument '{k}'"
            )));
        }
    }
    if let Some(c) = v[0].filter(|x| !x.is_none()) {
        return Err(PyErr::type_error(format!(
            "json.loads(cls=...) is not supported in this sandbox (got {})",
            vm.repr(c)?
        )));
    }
    let chars: Vec<char> = match s {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Str(text) => decode::document_chars(&text.s),
            Obj::Bytes(b) | Obj::ByteArray(b) => decode::document_chars(&decode_utf8(b)?),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    if chars.is_empty() && !is_text(vm, s) {
        return Err(PyErr::type_error(format!(
            "the JSON object must be str, bytes or bytearray, not {}",
            vm.class_name(s)
        )));
    }
    let some = |x: Option<Value>| x.filter(|x| !x.is_none());
    let hooks = decode::Hooks {
        object_hook: some(v[1]),
        parse_float: some(v[2]),
        parse_int: some(v[3]),
        parse_constant: some(v[4]),
        object_pairs_hook: some(v[5]),
        strict,
    };
    match decode::loads(vm, &chars, hooks) {
        Err(PyErr::Msg(ExcType::JSONDecodeError, text)) => {
            let doc = if is_str(vm, s) {
                s
            } else {
                vm.new_str(chars.iter().collect::<String>())
            };
            Err(decode_error(vm, text, doc))
        }
        r => r,
    }
}

fn is_str(vm: &Vm, s: Value) -> bool {
    matches!(s, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Str(_)))
}

/// The `JSONDecodeError` for message `text` (`msg: line L column C (char
/// P)`), with CPython's attributes `msg`, `doc`, `pos`, `lineno`, `colno`.
fn decode_error(vm: &mut Vm, text: String, doc: Value) -> PyErr {
    let Some(at) = text.rfind(": line ") else {
        return PyErr::Msg(ExcType::JSONDecodeError, text);
    };
    let msg = text[..at].to_owned();
    let nums: Vec<i64> = text[at..]
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    let [lineno, colno, pos] = nums[..] else {
        return PyErr::Msg(ExcType::JSONDecodeError, text);
    };
    let arg = vm.new_str(text);
    let mut e = Exception::new(ExcType::JSONDecodeError, vec![arg]);
    let msg = vm.new_str(msg);
    for (k, v) in [
        ("msg", msg),
        ("doc", doc),
        ("pos", Value::Int(pos)),
        ("lineno", Value::Int(lineno)),
        ("colno", Value::Int(colno)),
    ] {
        let key = vm.new_str(k);
        e.attrs.insert(HashKey::Str(k.into()), key, v);
    }
    PyErr::Raise(vm.new_exception(e))
}

fn is_text(vm: &Vm, v: Value) -> bool {
    matches!(v, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Str(_) | Obj::Bytes(_) | Obj::ByteArray(_)))
}

/// The text of a bytes document: UTF-8, with an optional BOM dropped
/// (`utf-8-sig`).
fn decode_utf8(b: &[u8]) -> PyResult<String> {
    let b = b.strip_prefix(b"\xef\xbb\xbf").unwrap_or(b);
    match std::str::from_utf8(b) {
        Ok(s) => Ok(s.to_string()),
        Err(e) => {
            let at = e.valid_up_to();
            let why = if e.error_len().is_some() {
                "invalid start byte"
            } else {
                "unexpected end of data"
            };
            Err(PyErr::new(
                ExcType::UnicodeDecodeError,
                format!(
                    "'utf-8' codec can't decode byte 0x{:02x} in position {at}: {why}",
                    b[at]
                ),
            ))
        }
    }
}

fn init(_vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    attrs.push((
        "JSONDecodeError".into(),
        Value::ExcType(ExcType::JSONDecodeError),
    ));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "json",
    funcs: natives_table![dumps, loads, dump, load,],
    init,
};
