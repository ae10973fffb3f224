//! Native constructors acting as classes (`datetime.date`, `re.Pattern`,
//! `io.StringIO`, ...): `isinstance` against them, their attributes, the
//! class of a native object for `type(x)`, and their `repr`.

use super::{obj, obj_of, NativeObj};
use crate::collections::CollectionsVm;
use crate::iters::NativeIterVm;
use crate::object::{ObjId, Value};
use crate::objects::native_of;
use crate::vm::{PyResult, Vm};
use crate::NativeId;

/// Native constructors acting as classes on the VM (`datetime.date`,
/// `re.Pattern`, ...): `isinstance`, attributes, `type(x)`.
///
/// An extension trait: the VM type lives in `monty-vm`, so the library
/// adds its methods through traits (brought into scope where used).
pub trait NativeClassVm {
    /// `isinstance(v, t)` where `t` is a native constructor acting as a
    /// class (`datetime.date`): `None` if `t` is not a class.
    fn native_type_isinstance(&mut self, _v: Value, _t: NativeId) -> Option<bool>;

    /// Attributes of a native constructor acting as a class
    /// (`datetime.datetime.now`, `date.min`).
    fn native_type_getattr(&mut self, _t: NativeId, _name: &str) -> PyResult<Option<Value>>;
}

impl NativeClassVm for Vm {
    fn native_type_isinstance(&mut self, _v: Value, _t: NativeId) -> Option<bool> {
        if crate::decimal::is_class(_t) {
            return Some(match obj_of(self, _v) {
                Some(NativeObj::Decimal(_)) => _t.func == crate::decimal::DECIMAL,
                Some(NativeObj::DecContext(_)) => _t.func == crate::decimal::CONTEXT,
                _ => false,
            });
        }
        if let Some(r) = crate::re::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::datetime::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::time::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = self.collections_isinstance(_v, _t) {
            return Some(r);
        }
        if let Some(r) = self.native_fn_isinstance(_v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::hashlib_obj::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::hmac::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::io::classes::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = native_class_isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::typing::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::pathlib::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::uuid::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::struct_module::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::graphlib::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::fractions::isinstance(self, _v, _t) {
            return Some(r);
        }
        if _t == crate::random_obj::random_type_id() {
            return Some(crate::random_obj::isinstance(self, _v));
        }
        None
    }

    fn native_type_getattr(&mut self, _t: NativeId, _name: &str) -> PyResult<Option<Value>> {
        if _t.module == crate::decimal::module_index() && _t.func == crate::decimal::DECIMAL {
            if let Some(v) = crate::decimal::ops::type_getattr(self, _name) {
                return Ok(Some(v));
            }
        }
        if let Some(v) = crate::datetime::type_getattr(self, _t, _name)? {
            return Ok(Some(v));
        }
        if let Some(v) = crate::hashlib_obj::type_getattr(_t, _name) {
            return Ok(Some(v));
        }
        if let Some(v) = crate::pathlib::type_getattr(_t, _name) {
            return Ok(Some(v));
        }
        if let Some(v) = crate::fractions::type_getattr(_t, _name) {
            return Ok(Some(v));
        }
        self.native_fn_getattr(_t, _name)
    }
}

/// The class (constructor) of a native object, for `type(x)`.
pub fn class_of(vm: &Vm, id: ObjId) -> Option<NativeId> {
    let o = obj(vm, id);
    if let NativeObj::Deque { .. } = o {
        return Some(NativeId {
            module: crate::module_index("collections"),
            func: 3,
        });
    }
    if let NativeObj::Random(_) = o {
        return Some(crate::random_obj::random_type_id());
    }
    if let NativeObj::Stream(_) = o {
        return Some(crate::structseq::stream_class());
    }
    if let NativeObj::Decimal(_) | NativeObj::DecContext(_) = o {
        return Some(NativeId {
            module: crate::decimal::module_index(),
            func: if matches!(o, NativeObj::Decimal(_)) {
                crate::decimal::DECIMAL
            } else {
                crate::decimal::CONTEXT
            },
        });
    }
    if let Some(t) = crate::hashlib_obj::class_of(o).or_else(|| crate::hmac::class_of(o)) {
        return Some(t);
    }
    if let Some(t) = io_csv_class_of(o).or_else(|| crate::io::classes::class_of(o)) {
        return Some(t);
    }
    if let Some(t) = crate::typing::class_of(o) {
        return Some(t);
    }
    if let NativeObj::Path(_) = o {
        return Some(crate::pathlib::class_id());
    }
    if let Some(t) = crate::uuid::class_of(o)
        .or_else(|| crate::struct_module::class_of(o))
        .or_else(|| crate::graphlib::class_of(o))
        .or_else(|| crate::fractions::class_of(o))
    {
        return Some(t);
    }
    crate::datetime::class_of(o)
}

/// `repr()` of a native constructor that is a class (`<class
/// 'datetime.date'>`); `None` for plain functions.
pub fn class_repr(vm: &Vm, t: NativeId) -> Option<String> {
    if let Some(name) = vm.native_class_name(t) {
        return Some(format!("<class '{name}'>"));
    }
    if t.module == crate::module_index("collections") && t.func <= 3 {
        let name = crate::registry::native_name(t);
        return Some(format!("<class 'collections.{name}'>"));
    }
    if crate::decimal::is_class(t) {
        return Some(format!(
            "<class 'decimal.{}'>",
            crate::registry::native_name(t)
        ));
    }
    if t == crate::structseq::stream_class() {
        return Some("<class '_io.TextIOWrapper'>".into());
    }
    if let Some(r) = crate::hashlib_obj::class_repr(t).or_else(|| crate::hmac::class_repr(t)) {
        return Some(r);
    }
    if let Some(name) = io_csv_class_name(t).or_else(|| crate::io::classes::class_name(t)) {
        return Some(format!("<class '{name}'>"));
    }
    if let Some(r) = crate::pathlib::class_repr(t) {
        return Some(r);
    }
    if let Some(r) = crate::uuid::class_repr(t)
        .or_else(|| crate::struct_module::class_repr(t))
        .or_else(|| crate::graphlib::class_repr(t))
        .or_else(|| crate::fractions::class_repr(t))
    {
        return Some(r);
    }
    crate::datetime::class_repr(t)
}

/// The class of an `io` / `csv` object: a native of `io`, `_csv` or `csv`
/// acting as its type.
fn io_csv_class_of(o: &NativeObj) -> Option<NativeId> {
    let (module, name) = match o {
        NativeObj::StringIO(_) => ("io", "StringIO"),
        NativeObj::BytesIO(_) => ("io", "BytesIO"),
        NativeObj::CsvDialect(_) => ("_csv", "Dialect"),
        NativeObj::CsvReader(_) => ("_csv", "reader"),
        NativeObj::CsvWriter(_) => ("_csv", "writer"),
        NativeObj::CsvDictReader(_) => ("csv", "DictReader"),
        NativeObj::CsvDictWriter(_) => ("csv", "DictWriter"),
        _ => return None,
    };
    crate::registry::native_id(module, name)
}

/// The qualified name of the `io` / `csv` classes (`_io.StringIO`).
fn io_csv_class_name(t: NativeId) -> Option<&'static str> {
    let pairs: [(&str, &str, &'static str); 7] = [
        ("io", "StringIO", "_io.StringIO"),
        ("io", "BytesIO", "_io.BytesIO"),
        ("_csv", "Dialect", "_csv.Dialect"),
        ("_csv", "reader", "_csv.reader"),
        ("_csv", "writer", "_csv.writer"),
        ("csv", "DictReader", "csv.DictReader"),
        ("csv", "DictWriter", "csv.DictWriter"),
    ];
    pairs
        .iter()
        .find(|(m, n, _)| crate::registry::native_id(m, n) == Some(t))
        .map(|p| p.2)
}

/// `isinstance(v, io.StringIO)` and the like.
fn native_class_isinstance(vm: &Vm, v: Value, t: NativeId) -> Option<bool> {
    io_csv_class_name(t)?;
    Some(match v {
        Value::Ref(id) => match native_of(vm.heap.get(id)) {
            Some(o) => io_csv_class_of(o) == Some(t),
            _ => false,
        },
        _ => false,
    })
}
