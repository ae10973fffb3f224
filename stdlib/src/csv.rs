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

native! {
    /// `csv.reader(csvfile, dialect='excel', /, **fmtparams)`.
    pub(super) builtin fn reader(vm, csvfile, dialect?, /, **fmtparams) {
        super::csv_reader::new_reader(vm, csvfile, dialect, &fmtparams)
    }

    /// `csv.writer(fileobj, dialect='excel', /, **fmtparams)`.
    pub(super) builtin fn writer(vm, fileobj, dialect?, /, **fmtparams) {
        super::csv_writer::new_writer(vm, fileobj, dialect, &fmtparams)
    }

    /// `csv.Dialect(dialect=None, **kwargs)`: `_csv.Dialect` binds its
    /// arguments anonymously ("this function got an unexpected keyword
    /// argument"), as `csv_dialect::resolve` does.
    builtin fn dialect_class(vm, *args, **kwargs) {
        csv_dialect::resolve(vm, &args, &kwargs)
    }

    /// `csv.get_dialect(name)`.
    clinic fn get_dialect(vm, name) {
        csv_dialect::registry_get(vm, name)
    }

    /// `csv.unregister_dialect(name)`.
    clinic fn unregister_dialect(vm, name) {
        let reg = csv_dialect::registry(vm)?;
        let key = vm
            .hash_key(name)
            .map_err(|_| csv_error("unknown dialect"))?;
        match registry_dict(vm, reg).remove(&key) {
            Some(_) => Ok(Value::None),
            None => Err(csv_error("unknown dialect")),
        }
    }

    /// `csv.register_dialect(name, dialect=<unset>, /, **fmtparams)`.
    builtin fn register_dialect(vm, name, dialect?, /, **fmtparams) {
        let Some(key) = as_str(&vm.heap, name).map(str::to_string) else {
            return Err(PyErr::type_error("dialect name must be a string"));
        };
        let dialect = csv_dialect::resolve(vm, dialect.as_slice(), &fmtparams)?;
        let reg = csv_dialect::registry(vm)?;
        registry_dict(vm, reg).insert(HashKey::Str(key.into()), name, dialect);
        Ok(Value::None)
    }

    /// `csv.list_dialects()`.
    builtin fn list_dialects in "_csv" (vm) {
        let reg = csv_dialect::registry(vm)?;
        let keys: Vec<Value> = registry_dict(vm, reg).keys().collect();
        Ok(vm.new_list(keys))
    }

    /// `csv.field_size_limit(new_limit=<unset>)`.
    clinic fn field_size_limit(vm, new_limit?) {
        field_size_limit_of(vm, new_limit)
    }
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

fn field_size_limit_of(vm: &mut Vm, new_limit: Option<Value>) -> PyResult<Value> {
    let old = field_limit(vm)? as i64;
    if let Some(v) = new_limit {
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
    let reg = vm.heap.new_value(Obj::Dict(Box::new(reg)));
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

native! {
    /// `csv.DictReader(f, fieldnames=None, restkey=None, restval=None,
    /// dialect='excel', *args, **kwds)`: a `def` with `*args`, bound by
    /// `csv_dict`.
    builtin fn dict_reader(vm, *args, **kwds) {
        super::csv_dict::new_dict_reader(vm, args, kwds)
    }

    /// `csv.DictWriter(f, fieldnames, restval='', extrasaction='raise',
    /// dialect='excel', *args, **kwds)`.
    builtin fn dict_writer(vm, *args, **kwds) {
        super::csv_dict::new_dict_writer(vm, args, kwds)
    }
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
