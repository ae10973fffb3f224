//! `csv.DictReader` and `csv.DictWriter`. In CPython these are Python
//! classes in `csv.py`; here they are native objects that do the same
//! steps in the same order (so the same errors surface first): their
//! attributes (`fieldnames`, `restkey`, `restval`, `extrasaction`, ...)
//! are plain assignable values, read again at every row.

pub use super::csv_data::{DictReaderState, DictWriterState};
use super::native::{call_method, has_method, receiver, Method};
use super::objects::NativeObj;
use crate::builtins::Args;
use crate::object::{Dict, ExcType, Obj, ObjId, Value};
use crate::objects::{native_of, native_of_mut};
use crate::vm::call::Kwargs;
use crate::vm::{as_str, PyErr, PyResult, Vm};
use monty_compile::bytecode::BinOp;

fn reader_state(vm: &mut Vm, id: ObjId) -> &mut DictReaderState {
    match native_of_mut(vm.heap.get_mut(id)) {
        Some(NativeObj::CsvDictReader(r)) => r,
        _ => unreachable!("a DictReader"),
    }
}

fn writer_state(vm: &mut Vm, id: ObjId) -> &mut DictWriterState {
    match native_of_mut(vm.heap.get_mut(id)) {
        Some(NativeObj::CsvDictWriter(w)) => w,
        _ => unreachable!("a DictWriter"),
    }
}

fn is_reader(vm: &Vm, id: ObjId) -> bool {
    matches!(
        native_of(vm.heap.get(id)),
        Some(NativeObj::CsvDictReader(_))
    )
}

/// Binds `f, <names...>, *args, **kwds` the way a Python `__init__` does:
/// the slots for the named parameters, the surplus positionals and the
/// keywords left for the dialect.
fn bind_init(
    cls: &str,
    names: &[&str],
    required: usize,
    mut pos: Vec<Value>,
    kw: Kwargs,
) -> PyResult<(Vec<Option<Value>>, Vec<Value>, Kwargs)> {
    let mut slots: Vec<Option<Value>> = vec![None; names.len()];
    let extra = if pos.len() > names.len() {
        pos.split_off(names.len())
    } else {
        Vec::new()
    };
    for (i, v) in pos.into_iter().enumerate() {
        slots[i] = Some(v);
    }
    let mut rest = Vec::new();
    for (k, v) in kw {
        match names.iter().position(|n| *n == k) {
            Some(i) if slots[i].is_some() => {
                return Err(PyErr::type_error(format!(
                    "{cls}.__init__() got multiple values for argument '{k}'"
                )))
            }
            Some(i) => slots[i] = Some(v),
            None => rest.push((k, v)),
        }
    }
    let missing: Vec<String> = (0..required)
        .filter(|i| slots[*i].is_none())
        .map(|i| format!("'{}'", names[i]))
        .collect();
    if !missing.is_empty() {
        let s = if missing.len() == 1 { "" } else { "s" };
        return Err(PyErr::type_error(format!(
            "{cls}.__init__() missing {} required positional argument{s}: {}",
            missing.len(),
            missing.join(" and ")
        )));
    }
    Ok((slots, extra, rest))
}

/// `fieldnames if iter(fieldnames) is not fieldnames else list(fieldnames)`.
fn fieldnames_arg(vm: &mut Vm, v: Value) -> PyResult<Value> {
    if v.is_none() {
        return Ok(v);
    }
    let it = vm.get_iter(v)?;
    if vm.is(it, v) {
        let items = vm.collect_iterable(v)?;
        return Ok(vm.new_list(items));
    }
    Ok(v)
}

/// `csv.DictReader(f, fieldnames=None, restkey=None, restval=None,
/// dialect='excel', *args, **kwds)`.
pub fn new_dict_reader(vm: &mut Vm, pos: Vec<Value>, kw: Kwargs) -> PyResult<Value> {
    let names = ["f", "fieldnames", "restkey", "restval", "dialect"];
    let (slots, extra, kwds) = bind_init("DictReader", &names, 1, pos, kw)?;
    let fieldnames = fieldnames_arg(vm, slots[1].unwrap_or(Value::None))?;
    let dialect = match slots[4] {
        Some(d) => d,
        None => vm.new_str("excel"),
    };
    let mut rpos = vec![slots[0].expect("required"), dialect];
    rpos.extend(extra);
    let reader = super::csv::reader(vm, Args::new("reader", rpos, kwds))?;
    Ok(vm
        .heap
        .new_value(Obj::from(NativeObj::CsvDictReader(Box::new(
            DictReaderState {
                reader,
                fieldnames,
                restkey: slots[2].unwrap_or(Value::None),
                restval: slots[3].unwrap_or(Value::None),
                dialect,
                line_num: Value::Int(0),
            },
        )))))
}

fn reader_line_num(vm: &mut Vm, reader: Value) -> PyResult<Value> {
    vm.get_attr(reader, "line_num")
}

/// The `fieldnames` property: reads the header row on first use.
fn reader_fieldnames(vm: &mut Vm, id: ObjId) -> PyResult<Value> {
    let (reader, names) = {
        let r = reader_state(vm, id);
        (r.reader, r.fieldnames)
    };
    if names.is_none() {
        let it = vm.get_iter(reader)?;
        if let Some(row) = vm.iter_next(it)? {
            reader_state(vm, id).fieldnames = row;
        }
    }
    let n = reader_line_num(vm, reader)?;
    let r = reader_state(vm, id);
    r.line_num = n;
    Ok(r.fieldnames)
}

fn list_items(vm: &Vm, v: Value) -> Vec<Value> {
    match v {
        Value::Ref(r) => match vm.heap.get(r) {
            Obj::List(l) => l.to_vec(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// `next(dict_reader)`.
pub fn next_dict(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    if reader_state(vm, id).line_num == Value::Int(0) {
        reader_fieldnames(vm, id)?;
    }
    let reader = reader_state(vm, id).reader;
    let Some(mut row) = vm.iter_next(reader)? else {
        return Ok(None);
    };
    let n = reader_line_num(vm, reader)?;
    reader_state(vm, id).line_num = n;
    while vm.len_of(row)? == 0 {
        match vm.iter_next(reader)? {
            Some(r) => row = r,
            None => return Ok(None),
        }
    }
    let row_items = list_items(vm, row);
    let names_value = reader_fieldnames(vm, id)?;
    let names = vm.collect_iterable(names_value)?;
    let mut d = Dict::new();
    for (k, v) in names.iter().zip(row_items.iter()) {
        let hk = vm.dict_key(*k)?;
        d.insert(hk, *k, *v);
    }
    let (lf, lr) = (names.len(), row_items.len());
    if lf < lr {
        let restkey = reader_state(vm, id).restkey;
        let rest = vm.new_list(row_items[lf..].to_vec());
        let hk = vm.dict_key(restkey)?;
        d.insert(hk, restkey, rest);
    } else if lf > lr {
        let restval = reader_state(vm, id).restval;
        for k in &names[lr..] {
            let hk = vm.dict_key(*k)?;
            d.insert(hk, *k, restval);
        }
    }
    Ok(Some(vm.heap.new_value(Obj::Dict(Box::new(d)))))
}

/// `csv.DictWriter(f, fieldnames, restval='', extrasaction='raise',
/// dialect='excel', *args, **kwds)`.
pub fn new_dict_writer(vm: &mut Vm, pos: Vec<Value>, kw: Kwargs) -> PyResult<Value> {
    let names = ["f", "fieldnames", "restval", "extrasaction", "dialect"];
    let (slots, extra, kwds) = bind_init("DictWriter", &names, 2, pos, kw)?;
    let fieldnames = fieldnames_arg(vm, slots[1].expect("required"))?;
    let restval = match slots[2] {
        Some(v) => v,
        None => vm.new_str(""),
    };
    let extrasaction = match slots[3] {
        Some(v) => {
            let lower = vm.get_attr(v, "lower")?;
            vm.call_value(lower, Vec::new(), Vec::new())?
        }
        None => vm.new_str("raise"),
    };
    let action = as_str(&vm.heap, extrasaction).map(str::to_string);
    if !matches!(action.as_deref(), Some("raise" | "ignore")) {
        let shown = vm.str_of(extrasaction)?;
        return Err(PyErr::value_error(format!(
            "extrasaction ({shown}) must be 'raise' or 'ignore'"
        )));
    }
    let dialect = match slots[4] {
        Some(d) => d,
        None => vm.new_str("excel"),
    };
    let mut wpos = vec![slots[0].expect("required"), dialect];
    wpos.extend(extra);
    let writer = super::csv::writer(vm, Args::new("writer", wpos, kwds))?;
    Ok(vm
        .heap
        .new_value(Obj::from(NativeObj::CsvDictWriter(Box::new(
            DictWriterState {
                writer,
                fieldnames,
                restval,
                extrasaction,
            },
        )))))
}

/// `DictWriter.writerow(rowdict)`: `_dict_to_list` then the writer.
fn dict_writerow(vm: &mut Vm, id: ObjId, row: Value) -> PyResult<Value> {
    let (writer, action) = {
        let w = writer_state(vm, id);
        (w.writer, w.extrasaction)
    };
    if as_str(&vm.heap, action) == Some("raise") {
        let keys = vm.get_attr(row, "keys")?;
        let keys = vm.call_value(keys, Vec::new(), Vec::new())?;
        let names = writer_state(vm, id).fieldnames;
        let wrong = vm.binary_op(BinOp::Sub, keys, names, false)?;
        if vm.truthy(wrong)? {
            let items = vm.collect_iterable(wrong)?;
            let mut parts = Vec::with_capacity(items.len());
            for k in items {
                parts.push(vm.repr(k)?);
            }
            return Err(PyErr::value_error(format!(
                "dict contains fields not in fieldnames: {}",
                parts.join(", ")
            )));
        }
    }
    let names = writer_state(vm, id).fieldnames;
    let restval = writer_state(vm, id).restval;
    let Value::Ref(wid) = writer else {
        return Err(PyErr::type_error("DictWriter.writer is not a csv writer"));
    };
    if !matches!(native_of(vm.heap.get(wid)), Some(NativeObj::CsvWriter(_))) {
        // a replaced writer: go through its own writerow
        let list = dict_row_values(vm, row, names, restval)?;
        let f = vm.get_attr(writer, "writerow")?;
        return vm.call_value(f, vec![list], Vec::new());
    }
    let mut it: Option<Value> = None;
    let mut get: Option<Value> = None;
    super::csv_writer::write_fields(vm, wid, &mut |vm| {
        let iter = match it {
            Some(i) => i,
            None => {
                let i = vm.get_iter(names)?;
                it = Some(i);
                i
            }
        };
        let Some(key) = vm.iter_next(iter)? else {
            return Ok(None);
        };
        let g = match get {
            Some(g) => g,
            None => {
                let g = vm.get_attr(row, "get")?;
                get = Some(g);
                g
            }
        };
        vm.call_value(g, vec![key, restval], Vec::new()).map(Some)
    })
}

/// `[rowdict.get(key, restval) for key in fieldnames]`.
fn dict_row_values(vm: &mut Vm, row: Value, names: Value, restval: Value) -> PyResult<Value> {
    let it = vm.get_iter(names)?;
    let mut out = Vec::new();
    while let Some(key) = vm.iter_next(it)? {
        let g = vm.get_attr(row, "get")?;
        out.push(vm.call_value(g, vec![key, restval], Vec::new())?);
    }
    Ok(vm.new_list(out))
}

/// The methods of `csv.DictReader` (Python methods in CPython).
static READER_METHODS: &[Method] = methods_table![__iter__ = reader_iter, __next__ = reader_next];

/// The methods of `csv.DictWriter`.
static WRITER_METHODS: &[Method] = methods_table![writerow, writerows, writeheader];

/// The method table of a `DictReader` or `DictWriter` and its class name.
fn methods_of(vm: &Vm, id: ObjId) -> (&'static [Method], &'static str) {
    if is_reader(vm, id) {
        (READER_METHODS, "DictReader")
    } else {
        (WRITER_METHODS, "DictWriter")
    }
}

native! {
    /// `DictReader.__iter__(self)`.
    def_method method reader_iter as "DictReader.__iter__"(vm, this) {
        Ok(this)
    }

    /// `DictReader.__next__(self)`.
    def_method method reader_next as "DictReader.__next__"(vm, this) {
        match next_dict(vm, receiver(this))? {
            Some(v) => Ok(v),
            None => Err(PyErr::New(ExcType::StopIteration, vec![])),
        }
    }

    /// `DictWriter.writerow(self, rowdict)`.
    def_method method writerow as "DictWriter.writerow"(vm, this, rowdict) {
        dict_writerow(vm, receiver(this), rowdict)
    }

    /// `DictWriter.writerows(self, rowdicts)`.
    def_method method writerows as "DictWriter.writerows"(vm, this, rowdicts) {
        let id = receiver(this);
        let it = vm.get_iter(rowdicts)?;
        while let Some(row) = vm.iter_next(it)? {
            dict_writerow(vm, id, row)?;
        }
        Ok(Value::None)
    }

    /// `DictWriter.writeheader(self)`.
    def_method method writeheader as "DictWriter.writeheader"(vm, this) {
        let id = receiver(this);
        let names = writer_state(vm, id).fieldnames;
        let items = vm.collect_iterable(names)?;
        let mut d = Dict::new();
        for k in items {
            let hk = vm.dict_key(k)?;
            d.insert(hk, k, k);
        }
        let header = vm.heap.new_value(Obj::Dict(Box::new(d)));
        dict_writerow(vm, id, header)
    }
}

pub fn getattr(vm: &mut Vm, id: ObjId, name: &str) -> PyResult<Option<Value>> {
    if is_reader(vm, id) {
        return Ok(Some(match name {
            "fieldnames" => reader_fieldnames(vm, id)?,
            "_fieldnames" => reader_state(vm, id).fieldnames,
            "reader" => reader_state(vm, id).reader,
            "restkey" => reader_state(vm, id).restkey,
            "restval" => reader_state(vm, id).restval,
            "dialect" => reader_state(vm, id).dialect,
            "line_num" => reader_state(vm, id).line_num,
            _ => return Ok(None),
        }));
    }
    let w = writer_state(vm, id);
    Ok(Some(match name {
        "writer" => w.writer,
        "fieldnames" => w.fieldnames,
        "restval" => w.restval,
        "extrasaction" => w.extrasaction,
        _ => return Ok(None),
    }))
}

/// Assigning an attribute: the class's own attributes are plain values.
pub fn setattr(vm: &mut Vm, id: ObjId, name: &str, v: Value) -> Option<PyResult<()>> {
    if is_reader(vm, id) {
        let r = reader_state(vm, id);
        match name {
            "fieldnames" | "_fieldnames" => r.fieldnames = v,
            "reader" => r.reader = v,
            "restkey" => r.restkey = v,
            "restval" => r.restval = v,
            "dialect" => r.dialect = v,
            "line_num" => r.line_num = v,
            _ => return None,
        }
        return Some(Ok(()));
    }
    let w = writer_state(vm, id);
    match name {
        "writer" => w.writer = v,
        "fieldnames" => w.fieldnames = v,
        "restval" => w.restval = v,
        "extrasaction" => w.extrasaction = v,
        _ => return None,
    }
    Some(Ok(()))
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `csv.DictReader` and `csv.DictWriter`: the same attributes and
/// methods; the reader is its own iterator.
pub struct DictObjectType;

impl np::NativeType for DictObjectType {
    fn type_name(o: &np::NativeObj) -> &'static str {
        match o {
            np::NativeObj::CsvDictReader(_) => "DictReader",
            _ => "DictWriter",
        }
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        match o {
            np::NativeObj::CsvDictReader(r) => r.for_each_child(f),
            np::NativeObj::CsvDictWriter(w) => w.for_each_child(f),
            _ => {}
        }
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        getattr(vm, id, name)
    }

    fn setattr(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        v: np::Value,
    ) -> Option<np::PyResult<()>> {
        setattr(vm, id, name, v)
    }

    fn has_method(vm: &np::Vm, id: np::ObjId, name: &str) -> bool {
        has_method(methods_of(vm, id).0, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        let (table, owner) = methods_of(vm, id);
        call_method(table, owner, vm, np::Value::Ref(id), name, args, kw)
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(format!(
            "<csv.{} object at 0x{:012x}>",
            np::obj(vm, id).type_name(),
            0x7f00_0000_0000u64 + id.0 as u64 * 0x40
        ))
    }

    fn iter(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::Value>> {
        Ok(is_reader(vm, id).then_some(np::Value::Ref(id)))
    }

    fn is_iterator(vm: &np::Vm, id: np::ObjId) -> bool {
        is_reader(vm, id)
    }

    fn next(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::Value>> {
        if is_reader(vm, id) {
            next_dict(vm, id)
        } else {
            Err(np::PyErr::type_error(
                "'DictWriter' object is not an iterator",
            ))
        }
    }
}
