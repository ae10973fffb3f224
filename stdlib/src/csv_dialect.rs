//! `_csv.Dialect`: the resolved format parameters every reader and writer
//! works from, built the way CPython's `dialect_new` builds them — a named
//! or object dialect first, keyword overrides on top, each parameter
//! type-checked, then the combination validated — with its messages.
//! Also the dialect registry (`register_dialect`, `get_dialect`, ...),
//! kept as a dict in the `_csv` module object so it is per-execution data.

pub use super::csv_data::{
    Dialect, QUOTE_ALL, QUOTE_MINIMAL, QUOTE_NONE, QUOTE_NONNUMERIC, QUOTE_NOTNULL, QUOTE_STRINGS,
};
use super::objects::NativeObj;
use crate::object::{ExcType, HashKey, Obj, ObjId, Value};
use crate::objects::native_of;
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// The parameter names, in CPython's keyword order.
pub const PARAMS: &[&str] = &[
    "dialect",
    "delimiter",
    "doublequote",
    "escapechar",
    "lineterminator",
    "quotechar",
    "quoting",
    "skipinitialspace",
    "strict",
];

pub fn csv_error(msg: impl Into<String>) -> PyErr {
    PyErr::new(ExcType::CsvError, msg.into())
}

/// The `Dialect` behind a value, if it is one.
pub fn dialect_of(vm: &Vm, v: Value) -> Option<&Dialect> {
    match v {
        Value::Ref(id) => match native_of(vm.heap.get(id)) {
            Some(NativeObj::CsvDialect(d)) => Some(d),
            _ => None,
        },
        _ => None,
    }
}

pub fn new_dialect(vm: &mut Vm, d: Dialect) -> Value {
    vm.heap
        .new_value(Obj::from(NativeObj::CsvDialect(Box::new(d))))
}

pub fn getattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<Value> {
    let Some(NativeObj::CsvDialect(d)) = native_of(vm.heap.get(id)) else {
        return None;
    };
    let d = (**d).clone();
    let ch = |vm: &mut Vm, c: Option<char>| c.map_or(Value::None, |c| vm.new_str(c));
    Some(match name {
        "delimiter" => vm.new_str(d.delimiter),
        "quotechar" => ch(vm, d.quotechar),
        "escapechar" => ch(vm, d.escapechar),
        "doublequote" => Value::Bool(d.doublequote),
        "skipinitialspace" => Value::Bool(d.skipinitialspace),
        "strict" => Value::Bool(d.strict),
        "lineterminator" => vm.new_str(d.lineterminator),
        "quoting" => Value::Int(d.quoting as i64),
        _ => return None,
    })
}

/// `_set_char` / `_set_char_or_none`: a one-character str (or None).
fn char_param(vm: &Vm, name: &str, v: Value, or_none: bool) -> PyResult<Option<char>> {
    if or_none && v.is_none() {
        return Ok(None);
    }
    let what = if or_none {
        "a unicode character or None"
    } else {
        "a unicode character"
    };
    match as_str(&vm.heap, v) {
        Some(s) => {
            let mut it = s.chars();
            match (it.next(), it.next()) {
                (Some(c), None) => Ok(Some(c)),
                _ => Err(PyErr::type_error(format!(
                    "\"{name}\" must be {what}, not a string of length {}",
                    s.chars().count()
                ))),
            }
        }
        None => Err(PyErr::type_error(format!(
            "\"{name}\" must be {what}, not {}",
            vm.class_name(v)
        ))),
    }
}

/// `_set_int`: an exact int that fits a C int.
fn int_param(vm: &Vm, name: &str, v: Value) -> PyResult<i64> {
    match v {
        Value::Int(i) if i32::try_from(i).is_ok() => Ok(i),
        Value::Int(_) => Err(PyErr::new(
            ExcType::OverflowError,
            "Python int too large to convert to C int",
        )),
        Value::Ref(r) if matches!(vm.heap.get(r), Obj::BigInt(_)) => Err(PyErr::new(
            ExcType::OverflowError,
            "Python int too large to convert to C int",
        )),
        _ => Err(PyErr::type_error(format!(
            "\"{name}\" must be an integer, not {}",
            vm.class_name(v)
        ))),
    }
}

/// Looks `name` up in the registry (`csv.Error: unknown dialect`).
pub fn registry_get(vm: &mut Vm, name: Value) -> PyResult<Value> {
    let reg = registry(vm)?;
    let key = match vm.hash_key(name) {
        Ok(k) => k,
        Err(_) => return Err(csv_error("unknown dialect")),
    };
    match dict_get(vm, reg, &key) {
        Some(v) => Ok(v),
        None => Err(csv_error("unknown dialect")),
    }
}

fn dict_get(vm: &Vm, d: Value, key: &HashKey) -> Option<Value> {
    match d {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Dict(d) => d.get(key),
            _ => None,
        },
        _ => None,
    }
}

/// The registry dict, kept as `_csv._dialects`.
pub fn registry(vm: &mut Vm) -> PyResult<Value> {
    let m = vm.import_module("_csv")?;
    vm.get_attr(m, "_dialects")
}

/// `_csv.Dialect(dialect=None, **params)` and what `reader`/`writer` use:
/// a `Dialect` value resolved from a dialect argument and overrides.
pub fn resolve(vm: &mut Vm, pos: &[Value], kw: &[(String, Value)]) -> PyResult<Value> {
    let mut given: [Option<Value>; 9] = [None; 9];
    if pos.len() > PARAMS.len() {
        return Err(PyErr::type_error(format!(
            "Dialect() takes at most 9 arguments ({} given)",
            pos.len() + kw.len()
        )));
    }
    for (i, v) in pos.iter().enumerate() {
        given[i] = Some(*v);
    }
    for (k, v) in kw {
        let Some(i) = PARAMS.iter().position(|p| p == k) else {
            return Err(PyErr::type_error(format!(
                "this function got an unexpected keyword argument '{k}'"
            )));
        };
        if given[i].is_some() {
            return Err(PyErr::type_error(format!(
                "argument for function given by name ('{k}') and position ({})",
                i + 1
            )));
        }
        given[i] = Some(*v);
    }
    let mut dialect = given[0];
    if let Some(d) = dialect {
        if as_str(&vm.heap, d).is_some() {
            dialect = Some(registry_get(vm, d)?);
        }
    }
    if let Some(d) = dialect {
        if dialect_of(vm, d).is_some() && given[1..].iter().all(Option::is_none) {
            return Ok(d);
        }
    }
    // parameters not given come from the dialect object, when it has them
    let mut vals = given;
    if let Some(d) = dialect {
        for i in 1..PARAMS.len() {
            if vals[i].is_none() {
                vals[i] = match vm.get_attr(d, PARAMS[i]) {
                    Ok(v) => Some(v),
                    Err(e) if vm.is_exc_kind(&e, ExcType::AttributeError) => None,
                    Err(e) => return Err(e),
                };
            }
        }
    }
    let mut out = Dialect::excel();
    out.delimiter = match vals[1] {
        None => ',',
        Some(v) => char_param(vm, "delimiter", v, false)?.unwrap_or(','),
    };
    if let Some(v) = vals[2] {
        out.doublequote = vm.truthy(v)?;
    }
    out.escapechar = match vals[3] {
        None => None,
        Some(v) => char_param(vm, "escapechar", v, true)?,
    };
    if let Some(v) = vals[4] {
        match as_str(&vm.heap, v) {
            Some(s) => out.lineterminator = s.to_string(),
            None => {
                return Err(PyErr::type_error(format!(
                    "\"lineterminator\" must be a string, not {}",
                    vm.class_name(v)
                )))
            }
        }
    }
    out.quotechar = match vals[5] {
        None => Some('"'),
        Some(v) => char_param(vm, "quotechar", v, true)?,
    };
    let quoting = match vals[6] {
        None => QUOTE_MINIMAL as i64,
        Some(v) => int_param(vm, "quoting", v)?,
    };
    if let Some(v) = vals[7] {
        out.skipinitialspace = vm.truthy(v)?;
    }
    if let Some(v) = vals[8] {
        out.strict = vm.truthy(v)?;
    }
    if !(0..=5).contains(&quoting) {
        return Err(PyErr::type_error("bad \"quoting\" value"));
    }
    out.quoting = quoting as u8;
    if vals[5].is_some_and(|v| v.is_none()) && vals[6].is_none() {
        out.quoting = QUOTE_NONE;
    }
    if out.quoting != QUOTE_NONE && out.quotechar.is_none() {
        return Err(PyErr::type_error(
            "quotechar must be set if quoting enabled",
        ));
    }
    validate(&out)?;
    Ok(new_dialect(vm, out))
}

/// `dialect_check_char` / `dialect_check_chars`.
fn validate(d: &Dialect) -> PyResult<()> {
    let check_char = |name: &str, c: Option<char>, allow_space: bool| -> PyResult<()> {
        let Some(c) = c else { return Ok(()) };
        if c == '\r' || c == '\n' || (c == ' ' && !allow_space) {
            return Err(PyErr::value_error(format!("bad {name} value")));
        }
        if d.lineterminator.contains(c) {
            return Err(PyErr::value_error(format!(
                "bad {name} or lineterminator value"
            )));
        }
        Ok(())
    };
    check_char("delimiter", Some(d.delimiter), true)?;
    check_char("escapechar", d.escapechar, !d.skipinitialspace)?;
    check_char("quotechar", d.quotechar, !d.skipinitialspace)?;
    let check_pair = |n1: &str, n2: &str, c1: Option<char>, c2: Option<char>| -> PyResult<()> {
        if c1.is_some() && c1 == c2 {
            return Err(PyErr::value_error(format!("bad {n1} or {n2} value")));
        }
        Ok(())
    };
    check_pair("delimiter", "escapechar", Some(d.delimiter), d.escapechar)?;
    check_pair("delimiter", "quotechar", Some(d.delimiter), d.quotechar)?;
    check_pair("escapechar", "quotechar", d.escapechar, d.quotechar)
}

/// The `Dialect` data of a resolved dialect value.
pub fn data(vm: &Vm, v: Value) -> Dialect {
    dialect_of(vm, v).cloned().unwrap_or_else(Dialect::excel)
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;
use crate::ImportVm;

/// `_csv.Dialect`.
pub struct DialectType;

impl np::NativeType for DialectType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "_csv.Dialect"
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(getattr(vm, id, name))
    }

    fn setattr(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        _: np::Value,
    ) -> Option<np::PyResult<()>> {
        super::csv_reader::setattr(vm, id, name).map(Err)
    }
}
