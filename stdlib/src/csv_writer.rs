//! `_csv.writer`: formats records and hands each line to the `write`
//! callable it bound at construction (a user object's method, a
//! `StringIO`, `sys.stdout`), returning what `write` returned. Quoting and
//! escaping follow `_csv.c`'s `join_append`: a field is quoted when the
//! quoting mode says so or when it holds a special character, and
//! characters that cannot be quoted are escaped (or fail with
//! "need to escape, but no escapechar set").

pub use super::csv_data::WriterState;
use super::csv_dialect::{
    self, csv_error, Dialect, QUOTE_ALL, QUOTE_NONE, QUOTE_NONNUMERIC, QUOTE_NOTNULL, QUOTE_STRINGS,
};
use super::native::{call_method, has_method, receiver, Method};
use super::objects::NativeObj;
use crate::builtins::Builtin;
use crate::object::{ExcType, Obj, ObjId, Value};
use crate::objects::native_of;
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// `file.write`, which must exist and be callable.
pub fn bind_write(vm: &mut Vm, file: Value) -> PyResult<Value> {
    let no_write = || PyErr::type_error("argument 1 must have a \"write\" method");
    let w = match vm.get_attr(file, "write") {
        Ok(w) => w,
        Err(e) if vm.is_exc_kind(&e, ExcType::AttributeError) => return Err(no_write()),
        Err(e) => return Err(e),
    };
    let callable = vm.call_value(Value::Builtin(Builtin::Callable), vec![w], Vec::new())?;
    if callable != Value::Bool(true) {
        return Err(no_write());
    }
    Ok(w)
}

/// `csv.writer(fileobj, dialect='excel', **fmtparams)`.
pub fn new_writer(
    vm: &mut Vm,
    file: Value,
    dialect: Option<Value>,
    kw: &[(String, Value)],
) -> PyResult<Value> {
    let write = bind_write(vm, file)?;
    let dialect = csv_dialect::resolve(vm, dialect.as_slice(), kw)?;
    let d = csv_dialect::data(vm, dialect);
    Ok(vm
        .heap
        .new_value(Obj::from(NativeObj::CsvWriter(Box::new(WriterState {
            write,
            dialect,
            d,
        })))))
}

/// `PyNumber_Check`: ints, floats, complex numbers, bools, Decimals and
/// objects convertible to them.
fn is_number(vm: &mut Vm, v: Value) -> bool {
    match v {
        Value::Int(_) | Value::Float(_) | Value::Bool(_) => true,
        Value::Ref(r) => match vm.heap.get(r) {
            Obj::BigInt(_) | Obj::Complex(_) => true,
            Obj::Native(n) => matches!(
                n.downcast_ref(),
                Some(crate::objects::NativeObj::Decimal(_))
            ),
            Obj::Instance(i) => {
                let cls = i.class;
                ["__index__", "__int__", "__float__", "__complex__"]
                    .iter()
                    .any(|m| vm.class_lookup(cls, m).is_some())
            }
            _ => false,
        },
        _ => false,
    }
}

/// A record being built.
struct Record<'a> {
    d: &'a Dialect,
    out: String,
    num_fields: usize,
}

impl Record<'_> {
    /// `join_append_data` in both of CPython's phases: `quoted` may become
    /// true when the field holds a special character.
    fn append(&mut self, field: &str, mut quoted: bool) -> PyResult<()> {
        let d = self.d;
        let mut body = String::with_capacity(field.len());
        for c in field.chars() {
            let special = c == d.delimiter
                || Some(c) == d.escapechar
                || Some(c) == d.quotechar
                || c == '\n'
                || c == '\r'
                || d.lineterminator.contains(c);
            if special {
                let mut want_escape = false;
                if d.quoting == QUOTE_NONE {
                    want_escape = true;
                } else {
                    if Some(c) == d.quotechar {
                        if d.doublequote {
                            body.push(c);
                        } else {
                            want_escape = true;
                        }
                    } else if Some(c) == d.escapechar {
                        want_escape = true;
                    }
                    if !want_escape {
                        quoted = true;
                    }
                }
                if want_escape {
                    let Some(e) = d.escapechar else {
                        return Err(csv_error("need to escape, but no escapechar set"));
                    };
                    body.push(e);
                }
            }
            body.push(c);
        }
        if self.num_fields > 0 {
            self.out.push(d.delimiter);
        }
        let q = d.quotechar.unwrap_or('"');
        if quoted {
            self.out.push(q);
        }
        self.out.push_str(&body);
        if quoted {
            self.out.push(q);
        }
        self.num_fields += 1;
        Ok(())
    }
}

fn state(vm: &Vm, id: ObjId) -> &WriterState {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::CsvWriter(w)) => w,
        _ => unreachable!("a csv writer"),
    }
}

/// Writes one record whose fields `next_field` produces; returns what
/// `write` returned.
pub fn write_fields(
    vm: &mut Vm,
    id: ObjId,
    next_field: &mut dyn FnMut(&mut Vm) -> PyResult<Option<Value>>,
) -> PyResult<Value> {
    let (write, d) = {
        let w = state(vm, id);
        (w.write, w.d.clone())
    };
    let mut rec = Record {
        d: &d,
        out: String::new(),
        num_fields: 0,
    };
    let mut null_field = false;
    while let Some(field) = next_field(vm)? {
        let quoted = match d.quoting {
            QUOTE_NONNUMERIC => !is_number(vm, field),
            QUOTE_ALL => true,
            QUOTE_STRINGS => as_str(&vm.heap, field).is_some(),
            QUOTE_NOTNULL => !field.is_none(),
            _ => false,
        };
        null_field = field.is_none();
        let mut quoted = quoted;
        let text = if null_field {
            String::new()
        } else if let Some(s) = as_str(&vm.heap, field) {
            s.to_string()
        } else {
            vm.str_of(field)?
        };
        if !quoted && text.is_empty() && d.delimiter == ' ' && d.skipinitialspace {
            if d.quoting == QUOTE_NONE
                || (null_field && (d.quoting == QUOTE_STRINGS || d.quoting == QUOTE_NOTNULL))
            {
                return Err(csv_error(
                    "empty field must be quoted if delimiter is a space and skipinitialspace is true",
                ));
            }
            quoted = true;
        }
        rec.append(&text, quoted)?;
    }
    if rec.num_fields > 0 && rec.out.is_empty() {
        if d.quoting == QUOTE_NONE
            || (null_field && (d.quoting == QUOTE_STRINGS || d.quoting == QUOTE_NOTNULL))
        {
            return Err(csv_error("single empty field record must be quoted"));
        }
        rec.num_fields -= 1;
        rec.append("", true)?;
    }
    rec.out.push_str(&d.lineterminator);
    let line = vm.new_str(rec.out);
    vm.call_value(write, vec![line], Vec::new())
}

/// `writer.writerow(row)`.
pub fn writerow(vm: &mut Vm, id: ObjId, row: Value) -> PyResult<Value> {
    let it = match vm.get_iter(row) {
        Ok(it) => it,
        Err(e) if vm.is_exc_kind(&e, ExcType::TypeError) => {
            return Err(csv_error(format!(
                "iterable expected, not {}",
                vm.class_name(row)
            )))
        }
        Err(e) => return Err(e),
    };
    write_fields(vm, id, &mut |vm| vm.iter_next(it))
}

/// The methods of `_csv.writer` objects.
static METHODS: &[Method] = methods_table![writerow = writer_writerow, writerows];

native! {
    /// `writer.writerow(row, /)`.
    builtin method writer_writerow(vm, this, row, /) {
        writerow(vm, receiver(this), row)
    }

    /// `writer.writerows(rows, /)`.
    builtin method writerows(vm, this, rows, /) {
        let id = receiver(this);
        let it = vm.get_iter(rows)?;
        while let Some(row) = vm.iter_next(it)? {
            writerow(vm, id, row)?;
        }
        Ok(Value::None)
    }
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `_csv.writer`.
pub struct WriterType;

impl np::NativeType for WriterType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "_csv.writer"
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        if let np::NativeObj::CsvWriter(w) = o {
            w.for_each_child(f);
        }
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(super::csv_reader::getattr(vm, id, name))
    }

    fn setattr(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        _: np::Value,
    ) -> Option<np::PyResult<()>> {
        super::csv_reader::setattr(vm, id, name).map(Err)
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        has_method(METHODS, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        call_method(METHODS, "writer", vm, np::Value::Ref(id), name, args, kw)
    }
}
