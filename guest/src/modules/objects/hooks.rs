//! The hooks the VM calls on a native object (attributes, methods, repr,
//! `str`, comparison, hashing, operators, length, iteration, indexing,
//! truthiness, `format`): each dispatches on the [`NativeObj`] variant to
//! the module that owns it, so the VM core never names a module's type.

use super::{obj, NativeObj};
use crate::object::{HashKey, ObjId, Value};
use crate::vm::call::Kwargs;
use crate::vm::{PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp};

impl Vm {
    /// An attribute (data or bound method) of a native object.
    pub fn native_obj_getattr(&mut self, id: ObjId, _name: &str) -> PyResult<Option<Value>> {
        match obj(self, id) {
            NativeObj::Reserved
            | NativeObj::Future { .. }
            | NativeObj::Task(_)
            | NativeObj::Gather { .. }
            | NativeObj::Sleep { .. }
            | NativeObj::WaitFor { .. }
            | NativeObj::AsCompleted(_)
            | NativeObj::NextCompleted(_) => Ok(None),
            NativeObj::Random(_) => Ok(crate::modules::random_obj::getattr(_name)),
            NativeObj::RePattern(_) => {
                Ok(crate::modules::re_match::pattern_getattr(self, id, _name))
            }
            NativeObj::ReMatch(_) => Ok(crate::modules::re_match::match_getattr(self, id, _name)),
            NativeObj::Datetime(_) => {
                Ok(crate::modules::datetime_methods::getattr(self, id, _name))
            }
            NativeObj::StructTime(_) => Ok(crate::modules::time::getattr(self, id, _name)),
            NativeObj::Hash(_) => Ok(crate::modules::hashlib_obj::getattr(self, id, _name)),
            NativeObj::Hmac(_) => Ok(crate::modules::hmac::getattr(self, id, _name)),
            NativeObj::StructSeq { .. } => Ok(crate::modules::structseq::getattr(self, id, _name)),
            NativeObj::Stream(_) => Ok(None),
            NativeObj::GenericAlias { .. } | NativeObj::Union(_) => {
                crate::modules::generic::getattr(self, id, _name)
            }
            NativeObj::Decimal(_) => Ok(crate::modules::decimal::ops::getattr(self, id, _name)),
            NativeObj::DecContext(_) => {
                Ok(crate::modules::decimal::ctxobj::getattr(self, id, _name))
            }
            NativeObj::DecSignals { .. } | NativeObj::DecLocal { .. } | NativeObj::DecState(_) => {
                Ok(None)
            }
            NativeObj::TypingForm { .. } | NativeObj::TypingAlias { .. } => {
                crate::modules::typing::getattr(self, id, _name)
            }
            NativeObj::Path(_) => Ok(crate::modules::pathlib::getattr(self, id, _name)),
            NativeObj::Deque { maxlen, .. } => Ok(match _name {
                "maxlen" => Some(maxlen.map_or(Value::None, |m| Value::Int(m as i64))),
                _ => None,
            }),
            NativeObj::StringIO(_) | NativeObj::BytesIO(_) => {
                Ok(crate::modules::io::getattr(self, id, _name))
            }
            NativeObj::CsvDialect(_) => Ok(crate::modules::csv_dialect::getattr(self, id, _name)),
            NativeObj::CsvReader(_) | NativeObj::CsvWriter(_) => {
                Ok(crate::modules::csv_reader::getattr(self, id, _name))
            }
            NativeObj::CsvDictReader(_) | NativeObj::CsvDictWriter(_) => {
                crate::modules::csv_dict::getattr(self, id, _name)
            }
        }
    }

    /// Calls method `name` of a native object; `None` if there is none.
    pub fn native_obj_call_method(
        &mut self,
        id: ObjId,
        _name: &str,
        _args: Vec<Value>,
        _kw: Kwargs,
    ) -> PyResult<Option<Value>> {
        match obj(self, id) {
            NativeObj::Future { .. } | NativeObj::Task(_) | NativeObj::Gather { .. } => {
                self.task_method(id, _name, _args.len() + _kw.len())
            }
            NativeObj::Reserved
            | NativeObj::Sleep { .. }
            | NativeObj::WaitFor { .. }
            | NativeObj::AsCompleted(_)
            | NativeObj::NextCompleted(_) => Ok(None),
            NativeObj::Random(_) => {
                crate::modules::random_obj::call_method(self, id, _name, _args, _kw)
            }
            NativeObj::RePattern(_) => {
                crate::modules::re_match::pattern_method(self, id, _name, _args, _kw)
            }
            NativeObj::ReMatch(_) => {
                crate::modules::re_match::match_method(self, id, _name, _args, _kw)
            }
            NativeObj::Datetime(_) => {
                crate::modules::datetime_methods::call(self, id, _name, _args, _kw)
            }
            NativeObj::StructTime(_) => Ok(None),
            NativeObj::Hash(_) => {
                crate::modules::hashlib_obj::call_method(self, id, _name, _args, _kw)
            }
            NativeObj::Hmac(_) => crate::modules::hmac::call_method(self, id, _name, _args, _kw),
            NativeObj::Deque { .. } => self.deque_method(id, _name, _args, _kw),
            NativeObj::StructSeq { .. } => {
                crate::modules::structseq::call_method(self, id, _name, _args, _kw)
            }
            NativeObj::Stream(n) => {
                crate::modules::structseq::stream_method(self, *n, _name, _args)
            }
            NativeObj::GenericAlias { .. } | NativeObj::Union(_) => Ok(None),
            NativeObj::StringIO(_) | NativeObj::BytesIO(_) => {
                crate::modules::io::call_method(self, id, _name, _args, _kw)
            }
            NativeObj::CsvDialect(_) => Ok(None),
            NativeObj::CsvReader(_) => Ok(None),
            NativeObj::CsvWriter(_) => {
                crate::modules::csv_writer::call_method(self, id, _name, _args, _kw)
            }
            NativeObj::CsvDictReader(_) | NativeObj::CsvDictWriter(_) => {
                crate::modules::csv_dict::call_method(self, id, _name, _args, _kw)
            }
            NativeObj::Decimal(_) => {
                crate::modules::decimal::methods::call_method(self, id, _name, _args, _kw)
            }
            NativeObj::DecContext(_) => {
                crate::modules::decimal::ctxobj::call_method(self, id, _name, _args, _kw)
            }
            NativeObj::DecSignals { .. } => {
                crate::modules::decimal::signals::sd_method(self, id, _name, _args, _kw)
            }
            NativeObj::DecLocal { .. } => {
                crate::modules::decimal::ctxobj::local_method(self, id, _name)
            }
            NativeObj::DecState(_) => Ok(None),
            NativeObj::TypingForm { .. } | NativeObj::TypingAlias { .. } => Ok(None),
            NativeObj::Path(_) => crate::modules::pathlib::call_method(self, id, _name, _args, _kw),
        }
    }

    /// Whether the object has a method `name` (for `obj.name(...)` calls).
    pub fn native_obj_has_method(&self, id: ObjId, _name: &str) -> bool {
        match obj(self, id) {
            NativeObj::Future { .. } | NativeObj::Task(_) | NativeObj::Gather { .. } => {
                crate::vm::tasks::TASK_METHODS.contains(&_name)
            }
            NativeObj::Reserved
            | NativeObj::Sleep { .. }
            | NativeObj::WaitFor { .. }
            | NativeObj::AsCompleted(_)
            | NativeObj::NextCompleted(_) => false,
            NativeObj::Random(_) => crate::modules::random_obj::has_method(_name),
            NativeObj::RePattern(_) => crate::modules::re_match::PATTERN_METHODS.contains(&_name),
            NativeObj::ReMatch(_) => crate::modules::re_match::MATCH_METHODS.contains(&_name),
            NativeObj::Datetime(_) => crate::modules::datetime_methods::has_method(self, id, _name),
            NativeObj::StructTime(_) => false,
            NativeObj::Hash(_) => crate::modules::hashlib_obj::METHODS.contains(&_name),
            NativeObj::Hmac(_) => crate::modules::hmac::METHODS.contains(&_name),
            NativeObj::Deque { .. } => crate::modules::collections::DEQUE_METHODS.contains(&_name),
            NativeObj::StructSeq { .. } => crate::modules::structseq::SEQ_METHODS.contains(&_name),
            NativeObj::Stream(_) => crate::modules::structseq::STREAM_METHODS.contains(&_name),
            NativeObj::GenericAlias { .. } | NativeObj::Union(_) => false,
            NativeObj::StringIO(_) | NativeObj::BytesIO(_) => {
                crate::modules::io::has_method(self, id, _name)
            }
            NativeObj::CsvDialect(_) | NativeObj::CsvReader(_) => false,
            NativeObj::CsvWriter(_) => crate::modules::csv_writer::METHODS.contains(&_name),
            NativeObj::CsvDictReader(_) | NativeObj::CsvDictWriter(_) => {
                crate::modules::csv_dict::has_method(self, id, _name)
            }
            NativeObj::Decimal(_) => crate::modules::decimal::methods::has_method(_name),
            NativeObj::DecContext(_) => crate::modules::decimal::ctxobj::has_method(_name),
            NativeObj::DecSignals { .. } => {
                crate::modules::decimal::signals::SD_METHODS.contains(&_name)
            }
            NativeObj::DecLocal { .. } => matches!(_name, "__enter__" | "__exit__"),
            NativeObj::DecState(_) => false,
            NativeObj::TypingForm { .. } | NativeObj::TypingAlias { .. } => false,
            NativeObj::Path(_) => crate::modules::pathlib::has_method(_name),
        }
    }

    pub fn native_obj_repr(&mut self, id: ObjId) -> PyResult<String> {
        match obj(self, id) {
            NativeObj::Reserved => Ok("<object>".into()),
            NativeObj::Future { .. }
            | NativeObj::Task(_)
            | NativeObj::Gather { .. }
            | NativeObj::Sleep { .. }
            | NativeObj::WaitFor { .. }
            | NativeObj::AsCompleted(_)
            | NativeObj::NextCompleted(_) => Ok(self.task_obj_repr(id)),
            NativeObj::Random(_) => Ok(crate::modules::random_obj::repr(id)),
            NativeObj::RePattern(_) => Ok(crate::modules::re_match::pattern_repr(self, id)),
            NativeObj::ReMatch(_) => crate::modules::re_match::match_repr(self, id),
            NativeObj::Datetime(_) => crate::modules::datetime_ops::repr(self, id),
            NativeObj::StructTime(_) => Ok(crate::modules::time::repr(self, id)),
            NativeObj::Hash(_) => Ok(crate::modules::hashlib_obj::repr(self, id)),
            NativeObj::Hmac(_) => Ok(crate::modules::hmac::repr(id)),
            NativeObj::Deque { .. } => self.deque_repr(id),
            NativeObj::StructSeq { .. } => crate::modules::structseq::repr(self, id),
            NativeObj::Stream(n) => Ok(if *n == 2 {
                "<_io.TextIOWrapper name='<stderr>' mode='w' encoding='utf-8'>".into()
            } else {
                "<_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>".into()
            }),
            NativeObj::GenericAlias { .. } | NativeObj::Union(_) => {
                crate::modules::generic::repr(self, id)
            }
            n @ (NativeObj::StringIO(_)
            | NativeObj::BytesIO(_)
            | NativeObj::CsvDialect(_)
            | NativeObj::CsvReader(_)
            | NativeObj::CsvWriter(_)) => Ok(format!(
                "<{} object at 0x{:012x}>",
                n.type_name(),
                0x7f00_0000_0000u64 + id.0 as u64 * 0x40
            )),
            NativeObj::CsvDictReader(_) | NativeObj::CsvDictWriter(_) => Ok(format!(
                "<csv.{} object at 0x{:012x}>",
                obj(self, id).type_name(),
                0x7f00_0000_0000u64 + id.0 as u64 * 0x40
            )),
            NativeObj::Decimal(_) => Ok(crate::modules::decimal::ops::repr(self, id)),
            NativeObj::DecContext(_) => Ok(crate::modules::decimal::ctxobj::repr(self, id)),
            NativeObj::DecSignals { .. } => crate::modules::decimal::signals::sd_repr(self, id),
            NativeObj::DecLocal { .. } => Ok(format!(
                "<decimal.ContextManager object at {:#x}>",
                0x7f00_0000_0000u64 + id.0 as u64 * 16
            )),
            NativeObj::DecState(_) => Ok("<decimal state>".into()),
            NativeObj::TypingForm { .. } | NativeObj::TypingAlias { .. } => {
                crate::modules::typing::repr(self, id)
            }
            NativeObj::Path(_) => Ok(crate::modules::pathlib::repr(self, id)),
        }
    }

    /// `obj.name = v` on a native object; `None` for the default handling
    /// (no attributes can be set).
    pub fn native_obj_setattr(
        &mut self,
        id: ObjId,
        _name: &str,
        _v: Value,
    ) -> Option<PyResult<()>> {
        match obj(self, id) {
            NativeObj::Hash(_) => crate::modules::hashlib_obj::setattr(self, id, _name).map(Err),
            NativeObj::CsvDialect(_) | NativeObj::CsvReader(_) | NativeObj::CsvWriter(_) => {
                crate::modules::csv_reader::setattr(self, id, _name).map(Err)
            }
            NativeObj::CsvDictReader(_) | NativeObj::CsvDictWriter(_) => {
                crate::modules::csv_dict::setattr(self, id, _name, _v)
            }
            NativeObj::StringIO(_) | NativeObj::BytesIO(_) => {
                crate::modules::io::setattr(self, id, _name).map(Err)
            }
            NativeObj::Decimal(_) => {
                Some(Err(crate::modules::decimal::ops::setattr(self, id, _name)))
            }
            NativeObj::DecContext(_) => Some(crate::modules::decimal::ctxobj::setattr(
                self, id, _name, _v,
            )),
            NativeObj::Deque { .. } if _name == "maxlen" => Some(Err(crate::vm::PyErr::new(
                crate::object::ExcType::AttributeError,
                "attribute 'maxlen' of 'collections.deque' objects is not writable",
            ))),
            _ => None,
        }
    }

    /// `str()`; defaults to the repr.
    pub fn native_obj_str(&mut self, id: ObjId) -> PyResult<String> {
        if let NativeObj::Datetime(_) = obj(self, id) {
            return crate::modules::datetime_ops::str_of(self, id);
        }
        if let NativeObj::Decimal(_) = obj(self, id) {
            return Ok(crate::modules::decimal::ops::str_of(self, id));
        }
        if let NativeObj::Path(_) = obj(self, id) {
            return Ok(crate::modules::pathlib::str_of(self, id));
        }
        self.native_obj_repr(id)
    }

    /// A comparison where one operand is a native object; `None` means not
    /// supported (equality then falls back to identity).
    pub fn native_obj_compare(
        &mut self,
        _op: CmpOp,
        _a: Value,
        _b: Value,
    ) -> PyResult<Option<bool>> {
        if let Some(r) = crate::modules::decimal::ops::compare(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if matches!(_op, CmpOp::Eq | CmpOp::Ne) {
            if let Some(r) = crate::modules::decimal::signals::sd_compare(self, _a, _b)? {
                return Ok(Some(if _op == CmpOp::Eq { r } else { !r }));
            }
        }
        if let Some(r) = self.deque_compare(_op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = crate::modules::re_match::compare(self, _op, _a, _b) {
            return Ok(Some(r));
        }
        if let Some(r) = crate::modules::datetime_ops::compare(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = crate::modules::time::compare(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = crate::modules::structseq::compare(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = crate::modules::generic::compare(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = crate::modules::pathlib::compare(self, _op, _a, _b) {
            return Ok(Some(r));
        }
        if matches!(_op, CmpOp::Eq | CmpOp::Ne) {
            if let Some(eq) = crate::modules::typing::equal(self, _a, _b)? {
                return Ok(Some(eq == (_op == CmpOp::Eq)));
            }
        }
        Ok(None)
    }

    /// The dict key of a hashable native object; `None` hashes by identity.
    pub fn native_obj_hash(&mut self, _id: ObjId) -> PyResult<Option<HashKey>> {
        if let NativeObj::RePattern(_) = obj(self, _id) {
            return Ok(Some(crate::modules::re_match::pattern_hash(self, _id)));
        }
        if let NativeObj::Decimal(_) = obj(self, _id) {
            return crate::modules::decimal::ops::hash(self, _id).map(Some);
        }
        if let NativeObj::DecSignals { .. } = obj(self, _id) {
            return Err(crate::vm::PyErr::type_error(
                "unhashable type: 'SignalDict'",
            ));
        }
        if let NativeObj::Datetime(_) = obj(self, _id) {
            return Ok(Some(crate::modules::datetime_ops::hash(self, _id)));
        }
        if let NativeObj::StructTime(_) = obj(self, _id) {
            return Ok(Some(crate::modules::time::hash(self, _id)));
        }
        if let NativeObj::Path(_) = obj(self, _id) {
            return Ok(Some(crate::modules::pathlib::hash(self, _id)));
        }
        if let NativeObj::Deque { .. } = obj(self, _id) {
            return Err(crate::vm::PyErr::type_error(
                "unhashable type: 'collections.deque'",
            ));
        }
        if let NativeObj::StructSeq { .. } = obj(self, _id) {
            return crate::modules::structseq::hash(self, _id).map(Some);
        }
        if let Some(k) = crate::modules::generic::hash(self, _id)? {
            return Ok(Some(k));
        }
        if let Some(k) = crate::modules::typing::hash(self, _id)? {
            return Ok(Some(k));
        }
        Ok(None)
    }

    /// A binary operator with a native operand; `None` if unsupported.
    pub fn native_obj_binary(
        &mut self,
        _op: BinOp,
        _a: Value,
        _b: Value,
    ) -> PyResult<Option<Value>> {
        if let Some(r) = crate::modules::decimal::ops::binary(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = crate::modules::datetime_ops::binary(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = crate::modules::structseq::binary(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = crate::modules::pathlib::binary(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        Ok(None)
    }

    /// `len()`; `None` if the object has no length.
    pub fn native_obj_len(&mut self, _id: ObjId) -> PyResult<Option<usize>> {
        if let NativeObj::StructTime(_) = obj(self, _id) {
            return Ok(Some(9));
        }
        if let NativeObj::DecSignals { .. } = obj(self, _id) {
            return Ok(Some(9));
        }
        if let Some(n) = crate::modules::structseq::len(self, _id) {
            return Ok(Some(n));
        }
        if let NativeObj::Deque { items, .. } = obj(self, _id) {
            return Ok(Some(items.len()));
        }
        Ok(None)
    }

    /// `iter()`; `None` if the object is not iterable.
    pub fn native_obj_iter(&mut self, _id: ObjId) -> PyResult<Option<Value>> {
        if let NativeObj::StructTime(_) = obj(self, _id) {
            return crate::modules::time::iter(self, _id).map(Some);
        }
        if let NativeObj::DecSignals { .. } = obj(self, _id) {
            return crate::modules::decimal::signals::sd_iter(self, _id).map(Some);
        }
        if let Some(it) = crate::modules::structseq::iter(self, _id)? {
            return Ok(Some(it));
        }
        if let NativeObj::Deque { items, .. } = obj(self, _id) {
            let l: Vec<Value> = items.iter().copied().collect();
            let l = self.new_list(l);
            return self.get_iter(l).map(Some);
        }
        match obj(self, _id) {
            NativeObj::StringIO(_) | NativeObj::BytesIO(_) => {
                crate::modules::io::check_open(self, _id)?;
                Ok(Some(Value::Ref(_id)))
            }
            NativeObj::CsvReader(_) | NativeObj::CsvDictReader(_) => Ok(Some(Value::Ref(_id))),
            _ => Ok(None),
        }
    }

    /// Whether the native object is its own iterator (`next()` works on it).
    pub fn native_obj_is_iterator(&self, id: ObjId) -> bool {
        matches!(
            obj(self, id),
            NativeObj::StringIO(_)
                | NativeObj::BytesIO(_)
                | NativeObj::CsvReader(_)
                | NativeObj::CsvDictReader(_)
        )
    }

    /// `next()` of a native object that is an iterator; `None` when exhausted.
    pub fn native_obj_next(&mut self, id: ObjId) -> PyResult<Option<Value>> {
        match obj(self, id) {
            NativeObj::StringIO(_) | NativeObj::BytesIO(_) => {
                crate::modules::io::next_line(self, id)
            }
            NativeObj::CsvReader(_) => crate::modules::csv_reader::next_row(self, id),
            NativeObj::CsvDictReader(_) => crate::modules::csv_dict::next_dict(self, id),
            _ => Err(crate::vm::PyErr::type_error(format!(
                "'{}' object is not an iterator",
                obj(self, id).type_name()
            ))),
        }
    }

    /// `obj[idx]`; `None` if not subscriptable.
    pub fn native_obj_getitem(&mut self, _id: ObjId, _idx: Value) -> PyResult<Option<Value>> {
        if let NativeObj::ReMatch(_) = obj(self, _id) {
            return crate::modules::re_match::match_getitem(self, _id, _idx).map(Some);
        }
        if let NativeObj::DecSignals { .. } = obj(self, _id) {
            return crate::modules::decimal::signals::sd_getitem(self, _id, _idx).map(Some);
        }
        if let NativeObj::StructTime(_) = obj(self, _id) {
            return crate::modules::time::getitem(self, _id, _idx).map(Some);
        }
        if let Some(v) = crate::modules::structseq::getitem(self, _id, _idx)? {
            return Ok(Some(v));
        }
        if let Some(v) = crate::modules::generic::getitem(self, _id)? {
            return Ok(Some(v));
        }
        if let Some(v) = crate::modules::typing::getitem(self, _id, _idx)? {
            return Ok(Some(v));
        }
        if let NativeObj::Deque { .. } = obj(self, _id) {
            let j = self.deque_slot(_id, _idx)?;
            let NativeObj::Deque { items, .. } = obj(self, _id) else {
                unreachable!()
            };
            return Ok(Some(items[j]));
        }
        Ok(None)
    }

    /// Truthiness of a native object (`timedelta(0)` and empty deques are false).
    pub fn native_obj_truthy(&mut self, id: ObjId) -> bool {
        match obj(self, id) {
            NativeObj::Deque { items, .. } => !items.is_empty(),
            NativeObj::Datetime(_) => crate::modules::datetime_ops::truthy(self, id),
            NativeObj::Decimal(d) => !d.is_zero(),
            _ => true,
        }
    }

    /// Unary `-`, `+` (`op` '-' / '+') and `abs()` ('a') of a native object.
    pub fn native_obj_unary(&mut self, v: Value, op: char) -> PyResult<Option<Value>> {
        if let Some(r) = crate::modules::decimal::ops::unary(self, v, op)? {
            return Ok(Some(r));
        }
        crate::modules::datetime_ops::unary(self, v, op)
    }

    /// `format(obj, spec)`; `None` falls back to `str()`.
    pub fn native_obj_format(&mut self, id: ObjId, spec: &str) -> PyResult<Option<String>> {
        match obj(self, id) {
            NativeObj::Datetime(_) => crate::modules::datetime_methods::format(self, id, spec),
            NativeObj::Decimal(d) => {
                let d = (**d).clone();
                crate::modules::decimal::format::format(self, &d, spec).map(Some)
            }
            _ => Ok(None),
        }
    }
}
