//! The result classes of `urllib.parse` (`SplitResult`, `ParseResult`,
//! `DefragResult` and their `...Bytes` forms): namedtuple classes made at
//! import ([`make_class`]), with `geturl()`, `encode()`/`decode()` and the
//! `username`, `password`, `hostname` and `port` properties, which are
//! hidden natives of the module ([`super::urllib_parse`] lists them).

use super::urllib_parse::{class, text, unparse, unsplit, Kind, MODULE};
use crate::builtins::methods::call_method;
use crate::collections::namedtuple::NamedtupleVm;
use crate::object::bytes::as_bytes;
use crate::object::{HashKey, Obj, Property, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};
use crate::{ImportVm, NativeId};

/// The fields of a result object, as text, and whether they are bytes.
fn fields_of(vm: &mut Vm, this: Value) -> PyResult<(Vec<String>, bool)> {
    let Some((_, values)) = vm.namedtuple_parts(this) else {
        return Err(PyErr::type_error(format!(
            "descriptor requires a urllib.parse result, not '{}'",
            vm.class_name(this)
        )));
    };
    let bytes = values
        .first()
        .is_some_and(|v| as_str(&vm.heap, *v).is_none());
    let mut out = Vec::with_capacity(values.len());
    for v in values {
        if let Some(s) = as_str(&vm.heap, v) {
            out.push(s.to_string());
        } else if let Some(b) = as_bytes(&vm.heap, v) {
            out.push(b.iter().map(|&c| c as char).collect());
        } else {
            out.push(vm.str_of(v)?);
        }
    }
    Ok((out, bytes))
}

/// The netloc of a result object (text, bytes flag).
fn netloc_of(vm: &mut Vm, this: Value) -> PyResult<(String, bool)> {
    let v = vm.get_attr(this, "netloc")?;
    if let Some(s) = as_str(&vm.heap, v) {
        return Ok((s.to_string(), false));
    }
    match as_bytes(&vm.heap, v) {
        Some(b) => Ok((b.iter().map(|&c| c as char).collect(), true)),
        None => Err(PyErr::type_error("netloc must be str or bytes")),
    }
}

/// `_userinfo`: the username and password of a netloc.
fn userinfo(netloc: &str) -> (Option<&str>, Option<&str>) {
    match netloc.rsplit_once('@') {
        Some((info, _)) => match info.split_once(':') {
            Some((user, pass)) => (Some(user), Some(pass)),
            None => (Some(info), None),
        },
        None => (None, None),
    }
}

/// `_hostinfo`: the hostname and the port text of a netloc.
fn hostinfo(netloc: &str) -> (&str, Option<&str>) {
    let info = netloc.rsplit_once('@').map_or(netloc, |(_, h)| h);
    let (host, port) = match info.split_once('[') {
        Some((_, bracketed)) => {
            let (host, after) = bracketed.split_once(']').unwrap_or((bracketed, ""));
            (host, after.split_once(':').map_or("", |(_, p)| p))
        }
        None => info.split_once(':').unwrap_or((info, "")),
    };
    (host, (!port.is_empty()).then_some(port))
}

fn opt_text(vm: &mut Vm, s: Option<&str>, bytes: bool) -> Value {
    match s {
        Some(s) => text(vm, s, bytes),
        None => Value::None,
    }
}

native! {
    /// `result.geturl()`.
    pub(crate) def fn _geturl as "geturl"(vm, this) {
        let (f, bytes) = fields_of(vm, this)?;
        let url = match f.len() {
            2 if f[1].is_empty() => f[0].clone(),
            2 => format!("{}#{}", f[0], f[1]),
            5 => unsplit(&f[0], &f[1], &f[2], &f[3], &f[4]),
            _ => unparse(&f),
        };
        Ok(text(vm, &url, bytes))
    }

    /// `result.encode(encoding='ascii', errors='strict')`: the `...Bytes`
    /// result.
    pub(crate) def fn _encode as "encode"(vm, this, encoding?, errors?) {
        recode(vm, this, "encode", encoding, errors)
    }

    /// `result.decode(encoding='ascii', errors='strict')`: the str result.
    pub(crate) def fn _decode as "decode"(vm, this, encoding?, errors?) {
        recode(vm, this, "decode", encoding, errors)
    }

    /// The `username` property.
    pub(crate) def fn _username as "username"(vm, this) {
        let (n, bytes) = netloc_of(vm, this)?;
        Ok(opt_text(vm, userinfo(&n).0, bytes))
    }

    /// The `password` property.
    pub(crate) def fn _password as "password"(vm, this) {
        let (n, bytes) = netloc_of(vm, this)?;
        Ok(opt_text(vm, userinfo(&n).1, bytes))
    }

    /// The `hostname` property: lowercased, keeping an IPv6 zone's case.
    pub(crate) def fn _hostname as "hostname"(vm, this) {
        let (n, bytes) = netloc_of(vm, this)?;
        let host = hostinfo(&n).0;
        if host.is_empty() {
            return Ok(Value::None);
        }
        let (addr, zone) = match host.split_once('%') {
            Some((a, z)) => (a, Some(z)),
            None => (host, None),
        };
        let mut out = if bytes { addr.to_ascii_lowercase() } else { addr.to_lowercase() };
        if let Some(z) = zone {
            out.push('%');
            out.push_str(z);
        }
        Ok(text(vm, &out, bytes))
    }

    /// The `port` property: an int in 0-65535, or None.
    pub(crate) def fn _port as "port"(vm, this) {
        let (n, bytes) = netloc_of(vm, this)?;
        let Some(port) = hostinfo(&n).1 else {
            return Ok(Value::None);
        };
        if !port.bytes().all(|b| b.is_ascii_digit()) {
            let shown = if bytes {
                crate::object::bytes::repr(&port.chars().map(|c| c as u8).collect::<Vec<_>>())
            } else {
                crate::vm::repr::str_repr(port)
            };
            return Err(PyErr::value_error(format!(
                "Port could not be cast to integer value as {shown}"
            )));
        }
        let digits = port.trim_start_matches('0');
        match digits.parse::<u32>() {
            Ok(p) if p <= 65535 => Ok(Value::Int(i64::from(p))),
            _ if digits.is_empty() => Ok(Value::Int(0)),
            _ => Err(PyErr::value_error("Port out of range 0-65535")),
        }
    }
}

/// `encode()`/`decode()` of a result: each field converted, into the
/// counterpart class.
fn recode(
    vm: &mut Vm,
    this: Value,
    method: &str,
    encoding: Option<Value>,
    errors: Option<Value>,
) -> PyResult<Value> {
    let Some((fields, values)) = vm.namedtuple_parts(this) else {
        return Err(PyErr::type_error("a urllib.parse result is required"));
    };
    let encoding = encoding.unwrap_or_else(|| vm.new_str("ascii"));
    let errors = errors.unwrap_or_else(|| vm.new_str("strict"));
    let mut out = Vec::with_capacity(values.len());
    for v in values {
        out.push(call_method(
            vm,
            v,
            method,
            vec![encoding, errors],
            Vec::new(),
        )?);
    }
    let base = match fields.len() {
        2 => "DefragResult",
        5 => "SplitResult",
        _ => "ParseResult",
    };
    let cls = if method == "encode" {
        class(vm, &format!("{base}Bytes"))?
    } else {
        class(vm, base)?
    };
    vm.call_value(cls, out, Vec::new())
}

/// The index of this module in the registry.
fn module() -> u16 {
    crate::module_index("urllib.parse")
}

/// Whether `f` is a method of the result classes, which binds the
/// instance it is looked up through.
pub(crate) fn binds_as_method(f: NativeId) -> bool {
    f.module == module()
        && matches!(
            MODULE.funcs.get(f.func as usize).map(|d| d.name),
            Some("_geturl" | "_encode" | "_decode")
        )
}

fn native_id(name: &str) -> Value {
    Value::Native(MODULE.native_id(name))
}

/// Makes result class `name`: a namedtuple of `fields` with the methods and
/// properties of its kind.
pub(crate) fn make_class(vm: &mut Vm, name: &str, fields: &str, kind: Kind) -> PyResult<Value> {
    let collections = vm.import_module("collections")?;
    let namedtuple = vm.get_attr(collections, "namedtuple")?;
    let args = vec![vm.new_str(name), vm.new_str(fields)];
    let module = vm.new_str("urllib.parse");
    let cls = vm.call_value(namedtuple, args, vec![("module".into(), module)])?;
    let Value::Ref(cid) = cls else {
        return Ok(cls);
    };
    let bytes = name.ends_with("Bytes");
    let mut attrs: Vec<(&str, Value)> = Vec::new();
    let mut method = |vm: &mut Vm, py: &'static str, native: &str| {
        let Value::Native(func) = native_id(native) else {
            unreachable!()
        };
        let v = vm.heap.new_value(Obj::BoundNative {
            func,
            bound: Vec::new(),
            name: format!("{name}.{py}"),
        });
        attrs.push((py, v));
    };
    method(vm, "geturl", "_geturl");
    if bytes {
        method(vm, "decode", "_decode");
    } else {
        method(vm, "encode", "_encode");
    }
    if kind != Kind::Defrag {
        for p in ["username", "password", "hostname", "port"] {
            let fget = native_id(&format!("_{p}"));
            let v = vm.heap.new_value(Obj::Property(Box::new(Property {
                fget,
                fset: Value::None,
                fdel: Value::None,
            })));
            attrs.push((p, v));
        }
    }
    for (k, v) in attrs {
        let key = vm.new_str(k);
        if let Obj::Class(c) = vm.heap.get_mut(cid) {
            c.attrs.insert(HashKey::Str(k.into()), key, v);
        }
    }
    Ok(cls)
}
