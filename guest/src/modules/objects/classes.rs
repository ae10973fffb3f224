//! Native constructors acting as classes (`datetime.date`, `re.Pattern`,
//! `io.StringIO`, ...): `isinstance` against them, their attributes, the
//! class of a native object for `type(x)`, and their `repr`.

use super::{obj, obj_of, NativeObj};
use crate::modules::NativeId;
use crate::object::{Obj, ObjId, Value};
use crate::vm::{PyResult, Vm};

impl Vm {
    /// `isinstance(v, t)` where `t` is a native constructor acting as a
    /// class (`datetime.date`): `None` if `t` is not a class.
    pub fn native_type_isinstance(&mut self, _v: Value, _t: NativeId) -> Option<bool> {
        if crate::modules::decimal::is_class(_t) {
            return Some(match obj_of(self, _v) {
                Some(NativeObj::Decimal(_)) => _t.func == crate::modules::decimal::DECIMAL,
                Some(NativeObj::DecContext(_)) => _t.func == crate::modules::decimal::CONTEXT,
                _ => false,
            });
        }
        if let Some(r) = crate::modules::re::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::modules::datetime::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::modules::time::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = self.collections_isinstance(_v, _t) {
            return Some(r);
        }
        if let Some(r) = self.native_fn_isinstance(_v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::modules::hashlib_obj::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::modules::hmac::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = native_class_isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::modules::typing::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = crate::modules::pathlib::isinstance(self, _v, _t) {
            return Some(r);
        }
        if _t == crate::modules::random_obj::random_type_id() {
            return Some(crate::modules::random_obj::isinstance(self, _v));
        }
        None
    }

    /// Attributes of a native constructor acting as a class
    /// (`datetime.datetime.now`, `date.min`).
    pub fn native_type_getattr(&mut self, _t: NativeId, _name: &str) -> PyResult<Option<Value>> {
        if _t.module == crate::modules::decimal::module_index()
            && _t.func == crate::modules::decimal::DECIMAL
        {
            if let Some(v) = crate::modules::decimal::ops::type_getattr(self, _name) {
                return Ok(Some(v));
            }
        }
        if let Some(v) = crate::modules::datetime::type_getattr(self, _t, _name)? {
            return Ok(Some(v));
        }
        if let Some(v) = crate::modules::hashlib_obj::type_getattr(_t, _name) {
            return Ok(Some(v));
        }
        if let Some(v) = crate::modules::pathlib::type_getattr(_t, _name) {
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
            module: crate::modules::module_index("collections"),
            func: 3,
        });
    }
    if let NativeObj::Random(_) = o {
        return Some(crate::modules::random_obj::random_type_id());
    }
    if let NativeObj::Stream(_) = o {
        return Some(crate::modules::structseq::stream_class());
    }
    if let NativeObj::Decimal(_) | NativeObj::DecContext(_) = o {
        return Some(NativeId {
            module: crate::modules::decimal::module_index(),
            func: if matches!(o, NativeObj::Decimal(_)) {
                crate::modules::decimal::DECIMAL
            } else {
                crate::modules::decimal::CONTEXT
            },
        });
    }
    if let Some(t) =
        crate::modules::hashlib_obj::class_of(o).or_else(|| crate::modules::hmac::class_of(o))
    {
        return Some(t);
    }
    if let Some(t) = io_csv_class_of(o) {
        return Some(t);
    }
    if let Some(t) = crate::modules::typing::class_of(o) {
        return Some(t);
    }
    if let NativeObj::Path(_) = o {
        return Some(crate::modules::pathlib::class_id());
    }
    crate::modules::datetime::class_of(o)
}

/// `repr()` of a native constructor that is a class (`<class
/// 'datetime.date'>`); `None` for plain functions.
pub fn class_repr(vm: &Vm, t: NativeId) -> Option<String> {
    if let Some(name) = vm.native_class_name(t) {
        return Some(format!("<class '{name}'>"));
    }
    if t.module == crate::modules::module_index("collections") && t.func <= 3 {
        let name = crate::modules::native_name(t);
        return Some(format!("<class 'collections.{name}'>"));
    }
    if crate::modules::decimal::is_class(t) {
        return Some(format!(
            "<class 'decimal.{}'>",
            crate::modules::native_name(t)
        ));
    }
    if t == crate::modules::structseq::stream_class() {
        return Some("<class '_io.TextIOWrapper'>".into());
    }
    if let Some(r) =
        crate::modules::hashlib_obj::class_repr(t).or_else(|| crate::modules::hmac::class_repr(t))
    {
        return Some(r);
    }
    if let Some(name) = io_csv_class_name(t) {
        return Some(format!("<class '{name}'>"));
    }
    if let Some(r) = crate::modules::pathlib::class_repr(t) {
        return Some(r);
    }
    crate::modules::datetime::class_repr(t)
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
    crate::modules::native_id(module, name)
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
        .find(|(m, n, _)| crate::modules::native_id(m, n) == Some(t))
        .map(|p| p.2)
}

/// `isinstance(v, io.StringIO)` and the like.
fn native_class_isinstance(vm: &Vm, v: Value, t: NativeId) -> Option<bool> {
    io_csv_class_name(t)?;
    Some(match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Native(o) => io_csv_class_of(o) == Some(t),
            _ => false,
        },
        _ => false,
    })
}
