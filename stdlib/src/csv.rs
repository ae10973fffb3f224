//! `csv` and its C half `_csv`: the module functions (`reader`, `writer`,
//! the dialect registry, `field_size_limit`), the constants and
//! `csv.Error`. `_csv` owns the per-execution state as module attributes:
//! the registry dict `_dialects` (as CPython's `_csv._dialects`) and the
//! field size limit. `csv` re-exports `_csv` and adds `DictReader` /
//! `DictWriter` (`csv_dict.rs`) and the `excel` / `excel_tab` /
//! `unix_dialect` dialects. The parser and formatter live in
//! `csv_reader.rs` / `csv_writer.rs`, parameters in `csv_dialect.rs`.

use super::csv_dialect::{self, csv_error, Dialect, QUOTE_ALL};
use super::ModuleDef;
use crate::builtins::Args;
use crate::object::{Dict, ExcType, HashKey, Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};
use crate::ImportVm;

/// CPython's default `field_size_limit()`.
const DEFAULT_FIELD_LIMIT: i64 = 128 * 1024;

fn c_module_dict(vm: &mut Vm, m: Value) -> &mut Dict {
    let Value::Ref(id) = m else {
        unreachable!("a module")
    };
    match vm.heap.get_mut(id) {
        Obj::Module(m) => &mut m.attrs,
        _ => unreachable!("a module"),
    }
}

/// The current field size limit.
pub fn field_limit(vm: &mut Vm) -> PyResult<usize> {
    let m = vm.import_module("_csv")?;
    let v = c_module_dict(vm, m).get_str("_field_limit");
    Ok(match v {
        Some(Value::Int(n)) => usize::try_from(n).unwrap_or(0),
        _ => DEFAULT_FIELD_LIMIT as usize,
    })
}

fn reader(vm: &mut Vm, a: Args) -> PyResult<Value> {
    super::csv_reader::new_reader(vm, a.pos, &a.kw)
}

fn writer(vm: &mut Vm, a: Args) -> PyResult<Value> {
    super::csv_writer::new_writer(vm, a.pos, &a.kw)
}

fn dialect_class(vm: &mut Vm, a: Args) -> PyResult<Value> {
    csv_dialect::resolve(vm, &a.pos, &a.kw)
}

/// `name` of a function taking one required argument, counted the way
/// CPython's `get_dialect` / `unregister_dialect` count them.
fn name_arg(a: &Args, fname: &str) -> PyResult<Value> {
    let total = a.pos.len() + a.kw.len();
    if total > 1 {
        return Err(PyErr::type_error(format!(
            "{fname}() takes at most 1 argument ({total} given)"
        )));
    }
    a.get(0, "name").ok_or_else(|| {
        PyErr::type_error(format!(
            "{fname}() missing required argument 'name' (pos 1)"
        ))
    })
}

fn get_dialect(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let name = name_arg(&a, "get_dialect")?;
    csv_dialect::registry_get(vm, name)
}

fn registry_dict(vm: &mut Vm, reg: Value) -> &mut Dict {
    let Value::Ref(id) = reg else {
        unreachable!("the registry")
    };
    match vm.heap.get_mut(id) {
        Obj::Dict(d) => d,
        _ => unreachable!("the registry"),
    }
}

fn unregister_dialect(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let name = name_arg(&a, "unregister_dialect")?;
    let reg = csv_dialect::registry(vm)?;
    let key = vm
        .hash_key(name)
        .map_err(|_| csv_error("unknown dialect"))?;
    match registry_dict(vm, reg).remove(&key) {
        Some(_) => Ok(Value::None),
        None => Err(csv_error("unknown dialect")),
    }
}

fn register_dialect(vm: &mut Vm, a: Args) -> PyResult<Value> {
    if a.pos.is_empty() {
        return Err(PyErr::type_error(
            "register_dialect expected at least 1 argument, got 0",
        ));
    }
    if a.pos.len() > 2 {
        return Err(PyErr::type_error(format!(
            "register_dialect expected at most 2 arguments, got {}",
            a.pos.len()
        )));
    }
    let name = a.pos[0];
    let Some(key) = as_str(&vm.heap, name).map(str::to_string) else {
        return Err(PyErr::type_error("dialect name must be a string"));
    };
    let dialect = csv_dialect::resolve(vm, &a.pos[1..], &a.kw)?;
    let reg = csv_dialect::registry(vm)?;
    registry_dict(vm, reg).insert(HashKey::Str(key.into()), name, dialect);
    Ok(Value::None)
}

fn list_dialects(vm: &mut Vm, a: Args) -> PyResult<Value> {
    super::util::no_args(&a, "_csv.list_dialects")?;
    let reg = csv_dialect::registry(vm)?;
    let keys: Vec<Value> = registry_dict(vm, reg).keys().collect();
    Ok(vm.new_list(keys))
}

fn field_size_limit(vm: &mut Vm, a: Args) -> PyResult<Value> {
    for (k, _) in &a.kw {
        if k != "new_limit" {
            return Err(PyErr::type_error(format!(
                "field_size_limit() got an unexpected keyword argument '{k}'"
            )));
        }
    }
    let total = a.pos.len() + a.kw.len();
    if total > 1 {
        return Err(PyErr::type_error(format!(
            "field_size_limit() takes at most 1 argument ({total} given)"
        )));
    }
    let old = field_limit(vm)? as i64;
    if let Some(v) = a.get(0, "new_limit") {
        let n = match v {
            Value::Int(n) => n,
            Value::Ref(r) if matches!(vm.heap.get(r), Obj::BigInt(_)) => {
                return Err(PyErr::new(
                    ExcType::OverflowError,
                    "Python int too large to convert to C long",
                ))
            }
            _ => return Err(PyErr::type_error("limit must be an integer")),
        };
        let m = vm.import_module("_csv")?;
        let key = vm.new_str("_field_limit");
        c_module_dict(vm, m).insert(HashKey::Str("_field_limit".into()), key, Value::Int(n));
    }
    Ok(Value::Int(old))
}

fn c_init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    for (name, v) in [
        ("QUOTE_MINIMAL", 0),
        ("QUOTE_ALL", 1),
        ("QUOTE_NONNUMERIC", 2),
        ("QUOTE_NONE", 3),
        ("QUOTE_STRINGS", 4),
        ("QUOTE_NOTNULL", 5),
    ] {
        attrs.push((name.into(), Value::Int(v)));
    }
    attrs.push(("Error".into(), Value::ExcType(ExcType::CsvError)));
    let version = vm.new_str("1.0");
    attrs.push(("__version__".into(), version));
    let mut reg = Dict::new();
    let excel = Dialect::excel();
    let tab = Dialect {
        delimiter: '\t',
        ..Dialect::excel()
    };
    let unix = Dialect {
        lineterminator: "\n".into(),
        quoting: QUOTE_ALL,
        ..Dialect::excel()
    };
    for (name, d) in [("excel", excel), ("excel-tab", tab), ("unix", unix)] {
        let k = vm.new_str(name);
        let v = csv_dialect::new_dialect(vm, d);
        reg.insert(HashKey::Str(name.into()), k, v);
    }
    let reg = vm.heap.new_value(Obj::Dict(reg));
    attrs.push(("_dialects".into(), reg));
}

/// `_csv`: the parser, formatter and registry.
pub static C_MODULE: ModuleDef = ModuleDef {
    name: "_csv",
    funcs: natives_table![
        reader,
        writer,
        Dialect = dialect_class,
        get_dialect,
        register_dialect,
        unregister_dialect,
        list_dialects,
        field_size_limit,
    ],
    init: c_init,
};

fn dict_reader(vm: &mut Vm, a: Args) -> PyResult<Value> {
    super::csv_dict::new_dict_reader(vm, a)
}

fn dict_writer(vm: &mut Vm, a: Args) -> PyResult<Value> {
    super::csv_dict::new_dict_writer(vm, a)
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let Ok(c) = vm.import_module("_csv") else {
        return;
    };
    let Value::Ref(id) = c else { return };
    let Obj::Module(m) = vm.heap.get(id) else {
        return;
    };
    let exported: Vec<(String, Value)> = m
        .attrs
        .entries()
        .filter_map(|(k, v)| {
            let name = as_str(&vm.heap, k)?.to_string();
            (!name.starts_with('_') || name == "__version__").then_some((name, v))
        })
        .collect();
    attrs.extend(exported);
    for (attr, name) in [
        ("excel", "excel"),
        ("excel_tab", "excel-tab"),
        ("unix_dialect", "unix"),
    ] {
        let key = vm.new_str(name);
        if let Ok(d) = csv_dialect::registry_get(vm, key) {
            attrs.push((attr.into(), d));
        }
    }
}

/// `csv`: `_csv` plus the dict-based reader and writer.
pub static MODULE: ModuleDef = ModuleDef {
    name: "csv",
    funcs: natives_table![DictReader = dict_reader, DictWriter = dict_writer,],
    init,
};
