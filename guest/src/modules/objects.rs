//! Objects of native modules (dates, regex matches, deques, ...): one
//! enum, [`NativeObj`], with a variant per kind, and the hooks the VM calls
//! for them (attributes, methods, repr, comparison, hashing, operators,
//! iteration). A module adds its variant here and implements the hooks in
//! its own file; the VM core does not change.

use serde::{Deserialize, Serialize};

use crate::compile::bytecode::{BinOp, CmpOp};
use crate::object::{HashKey, Obj, ObjId, Value};
use crate::vm::call::Kwargs;
use crate::vm::{PyResult, Vm};

use super::NativeId;

/// The data of a native module's object.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum NativeObj {
    /// Placeholder so the enum is never empty; not constructed.
    Reserved,
    /// asyncio objects (`vm/tasks.rs`): a host call's result to come,
    /// a task (index into `Vm::tasks`), a gather, a sleep.
    Future {
        call_id: u64,
        state: crate::vm::tasks::FutState,
    },
    Task(u32),
    Gather {
        children: Vec<Value>,
        return_exceptions: bool,
    },
    Sleep {
        delay: f64,
        result: Value,
    },
    /// `collections.deque` (`collections.rs`).
    Deque {
        items: std::collections::VecDeque<Value>,
        maxlen: Option<usize>,
    },
    /// A `random.Random` instance and its generator (`random_obj.rs`).
    Random(Box<super::random::State>),
    /// `re.Pattern` (`re.rs`).
    RePattern(Box<super::re::PatternData>),
    /// `re.Match` (`re.rs`).
    ReMatch(Box<super::re::MatchData>),
    /// `datetime.date`, `datetime`, `time`, `timedelta`, `timezone` (`datetime.rs`).
    Datetime(Box<super::datetime::Dt>),
    /// `time.struct_time` (`time.rs`).
    StructTime(Box<super::time::StructTime>),
    /// A `hashlib` hash object (`hashlib.rs`).
    Hash(Box<super::digests::Hasher>),
    /// An `hmac.HMAC` object (`hmac.rs`).
    Hmac(Box<super::digests::HmacKey>),
    /// A struct sequence such as `sys.version_info` (`structseq.rs`).
    StructSeq {
        kind: super::structseq::SeqKind,
        values: Vec<Value>,
    },
    /// `sys.stdout` (1) / `sys.stderr` (2) (`structseq.rs`).
    Stream(u8),
    /// `types.GenericAlias`: `list[int]` (`generic.rs`); `args` is a tuple.
    GenericAlias {
        origin: Value,
        args: Value,
    },
    /// A union type, `int | None` (`generic.rs`).
    Union(Vec<Value>),
    /// `asyncio.wait_for(aw, timeout)` (`vm/tasks.rs`): `inner` is a task or
    /// future; awaiting this raises `TimeoutError` once `timeout` seconds of
    /// sandbox time pass first.
    WaitFor {
        inner: Value,
        timeout: f64,
    },
    /// `asyncio.as_completed(aws)`'s shared state: the awaitables not yet
    /// handed out (`vm/tasks.rs`).
    AsCompleted(Vec<Value>),
    /// One item `as_completed` yields: awaiting it gives the outcome of the
    /// next awaitable of its group to finish.
    NextCompleted(Value),
    /// `io.StringIO` / `io.BytesIO` (`io.rs`).
    StringIO(Box<super::io::TextBuf>),
    BytesIO(Box<super::io::ByteBuf>),
    /// `_csv.Dialect`, `_csv.reader`, `_csv.writer` (`csv_dialect.rs`,
    /// `csv_reader.rs`, `csv_writer.rs`) and `csv.DictReader` /
    /// `csv.DictWriter` (`csv_dict.rs`).
    CsvDialect(Box<super::csv_dialect::Dialect>),
    CsvReader(Box<super::csv_reader::ReaderState>),
    CsvWriter(Box<super::csv_writer::WriterState>),
    CsvDictReader(Box<super::csv_dict::DictReaderState>),
    CsvDictWriter(Box<super::csv_dict::DictWriterState>),
    /// `decimal.Decimal` (`decimal/ops.rs`).
    Decimal(Box<super::decimal::number::Dec>),
    /// `decimal.Context` (`decimal/ctxobj.rs`).
    DecContext(Box<super::decimal::context::Ctx>),
    /// A context's `flags` or `traps` (a live view of `ctx`).
    DecSignals {
        ctx: Value,
        traps: bool,
    },
    /// A `localcontext()` manager: the context it installs and, while
    /// active, the one it restores.
    DecLocal {
        ctx: Value,
        saved: Value,
    },
    /// The `decimal` module's hidden state (current context, classes).
    DecState(Box<super::decimal::DecState>),
    /// A `typing` marker: `typing.Any`, `typing.Optional` (no origin), or
    /// `typing.List` (origin `list`) (`typing.rs`).
    TypingForm {
        name: String,
        origin: Value,
    },
    /// A subscripted marker: `typing.List[int]`, `typing.ClassVar[int]`;
    /// `origin` is the class (or the marker itself), `args` a tuple.
    TypingAlias {
        name: String,
        origin: Value,
        args: Value,
    },
    /// A `pathlib` path: its normalized text (`pathlib.rs`).
    Path(String),
}

impl NativeObj {
    pub fn for_each_child(&self, _f: &mut dyn FnMut(Value)) {
        match self {
            NativeObj::Reserved | NativeObj::Random(_) | NativeObj::RePattern(_) => {}
            NativeObj::Future { state, .. } => state.for_each_child(_f),
            NativeObj::Task(_) => {}
            NativeObj::Gather { children, .. } => children.iter().for_each(|v| _f(*v)),
            NativeObj::Sleep { result, .. } => _f(*result),
            NativeObj::ReMatch(m) => [m.pattern, m.string].iter().for_each(|v| _f(*v)),
            NativeObj::Datetime(d) => d.for_each_child(_f),
            NativeObj::StructTime(_) => {}
            NativeObj::Hash(_) | NativeObj::Hmac(_) => {}
            NativeObj::Deque { items, .. } => items.iter().for_each(|v| _f(*v)),
            NativeObj::StructSeq { values, .. } => values.iter().for_each(|v| _f(*v)),
            NativeObj::Stream(_) => {}
            NativeObj::GenericAlias { origin, args } => [origin, args].iter().for_each(|v| _f(**v)),
            NativeObj::Union(args) => args.iter().for_each(|v| _f(*v)),
            NativeObj::WaitFor { inner, .. } => _f(*inner),
            NativeObj::AsCompleted(items) => items.iter().for_each(|v| _f(*v)),
            NativeObj::NextCompleted(group) => _f(*group),
            NativeObj::StringIO(_) | NativeObj::BytesIO(_) | NativeObj::CsvDialect(_) => {}
            NativeObj::CsvReader(r) => r.for_each_child(_f),
            NativeObj::CsvWriter(w) => w.for_each_child(_f),
            NativeObj::CsvDictReader(r) => r.for_each_child(_f),
            NativeObj::CsvDictWriter(w) => w.for_each_child(_f),
            NativeObj::Decimal(_) | NativeObj::DecContext(_) => {}
            NativeObj::DecSignals { ctx, .. } => _f(*ctx),
            NativeObj::DecLocal { ctx, saved } => {
                _f(*ctx);
                _f(*saved);
            }
            NativeObj::DecState(st) => {
                _f(st.current);
                _f(st.tuple_class);
                st.classes.iter().for_each(|v| _f(*v));
                st.templates.iter().for_each(|v| _f(*v));
            }
            NativeObj::TypingForm { origin, .. } => _f(*origin),
            NativeObj::TypingAlias { origin, args, .. } => {
                [origin, args].iter().for_each(|v| _f(**v))
            }
            NativeObj::Path(_) => {}
        }
    }

    /// The class name (`type(x).__name__`).
    pub fn type_name(&self) -> &'static str {
        match self {
            NativeObj::Reserved => "object",
            NativeObj::Future { .. } => "Future",
            NativeObj::Task(_) => "Task",
            NativeObj::Gather { .. } => "_GatheringFuture",
            NativeObj::Sleep { .. } => "coroutine",
            NativeObj::Deque { .. } => "collections.deque",
            NativeObj::Random(_) => "Random",
            NativeObj::RePattern(_) => "re.Pattern",
            NativeObj::ReMatch(_) => "re.Match",
            NativeObj::Datetime(d) => d.type_name(),
            NativeObj::StructTime(_) => "time.struct_time",
            NativeObj::Hash(h) => super::hashlib_obj::type_name(h),
            NativeObj::Hmac(_) => "HMAC",
            NativeObj::StructSeq { kind, .. } => kind.type_name(),
            NativeObj::Stream(_) => "_io.TextIOWrapper",
            NativeObj::GenericAlias { .. } => "types.GenericAlias",
            NativeObj::Union(_) => "typing.Union",
            NativeObj::WaitFor { .. } | NativeObj::NextCompleted(_) => "coroutine",
            NativeObj::AsCompleted(_) => "_AsCompletedIterator",
            NativeObj::StringIO(_) => "_io.StringIO",
            NativeObj::BytesIO(_) => "_io.BytesIO",
            NativeObj::CsvDialect(_) => "_csv.Dialect",
            NativeObj::CsvReader(_) => "_csv.reader",
            NativeObj::CsvWriter(_) => "_csv.writer",
            NativeObj::CsvDictReader(_) => "DictReader",
            NativeObj::CsvDictWriter(_) => "DictWriter",
            NativeObj::Decimal(_) => "decimal.Decimal",
            NativeObj::DecContext(_) => "decimal.Context",
            NativeObj::DecSignals { .. } => "SignalDict",
            NativeObj::DecLocal { .. } => "decimal.ContextManager",
            NativeObj::DecState(_) => "object",
            NativeObj::TypingForm { origin, .. } if origin.is_none() => "typing._SpecialForm",
            NativeObj::TypingForm { .. } => "typing._SpecialGenericAlias",
            NativeObj::TypingAlias { .. } => "typing._GenericAlias",
            NativeObj::Path(_) => "PosixPath",
        }
    }
}

fn obj_of(vm: &Vm, v: Value) -> Option<&NativeObj> {
    match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Native(n) => Some(n),
            _ => None,
        },
        _ => None,
    }
}

fn obj(vm: &Vm, id: ObjId) -> &NativeObj {
    match vm.heap.get(id) {
        Obj::Native(n) => n,
        _ => unreachable!("a native object"),
    }
}

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
            NativeObj::Random(_) => Ok(super::random_obj::getattr(_name)),
            NativeObj::RePattern(_) => Ok(super::re_match::pattern_getattr(self, id, _name)),
            NativeObj::ReMatch(_) => Ok(super::re_match::match_getattr(self, id, _name)),
            NativeObj::Datetime(_) => Ok(super::datetime_methods::getattr(self, id, _name)),
            NativeObj::StructTime(_) => Ok(super::time::getattr(self, id, _name)),
            NativeObj::Hash(_) => Ok(super::hashlib_obj::getattr(self, id, _name)),
            NativeObj::Hmac(_) => Ok(super::hmac::getattr(self, id, _name)),
            NativeObj::StructSeq { .. } => Ok(super::structseq::getattr(self, id, _name)),
            NativeObj::Stream(_) => Ok(None),
            NativeObj::GenericAlias { .. } | NativeObj::Union(_) => {
                super::generic::getattr(self, id, _name)
            }
            NativeObj::Decimal(_) => Ok(super::decimal::ops::getattr(self, id, _name)),
            NativeObj::DecContext(_) => Ok(super::decimal::ctxobj::getattr(self, id, _name)),
            NativeObj::DecSignals { .. } | NativeObj::DecLocal { .. } | NativeObj::DecState(_) => {
                Ok(None)
            }
            NativeObj::TypingForm { .. } | NativeObj::TypingAlias { .. } => {
                super::typing::getattr(self, id, _name)
            }
            NativeObj::Path(_) => Ok(super::pathlib::getattr(self, id, _name)),
            NativeObj::Deque { maxlen, .. } => Ok(match _name {
                "maxlen" => Some(maxlen.map_or(Value::None, |m| Value::Int(m as i64))),
                _ => None,
            }),
            NativeObj::StringIO(_) | NativeObj::BytesIO(_) => {
                Ok(super::io::getattr(self, id, _name))
            }
            NativeObj::CsvDialect(_) => Ok(super::csv_dialect::getattr(self, id, _name)),
            NativeObj::CsvReader(_) | NativeObj::CsvWriter(_) => {
                Ok(super::csv_reader::getattr(self, id, _name))
            }
            NativeObj::CsvDictReader(_) | NativeObj::CsvDictWriter(_) => {
                super::csv_dict::getattr(self, id, _name)
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
            NativeObj::Random(_) => super::random_obj::call_method(self, id, _name, _args, _kw),
            NativeObj::RePattern(_) => super::re_match::pattern_method(self, id, _name, _args, _kw),
            NativeObj::ReMatch(_) => super::re_match::match_method(self, id, _name, _args, _kw),
            NativeObj::Datetime(_) => super::datetime_methods::call(self, id, _name, _args, _kw),
            NativeObj::StructTime(_) => Ok(None),
            NativeObj::Hash(_) => super::hashlib_obj::call_method(self, id, _name, _args, _kw),
            NativeObj::Hmac(_) => super::hmac::call_method(self, id, _name, _args, _kw),
            NativeObj::Deque { .. } => self.deque_method(id, _name, _args, _kw),
            NativeObj::StructSeq { .. } => {
                super::structseq::call_method(self, id, _name, _args, _kw)
            }
            NativeObj::Stream(n) => super::structseq::stream_method(self, *n, _name, _args),
            NativeObj::GenericAlias { .. } | NativeObj::Union(_) => Ok(None),
            NativeObj::StringIO(_) | NativeObj::BytesIO(_) => {
                super::io::call_method(self, id, _name, _args, _kw)
            }
            NativeObj::CsvDialect(_) => Ok(None),
            NativeObj::CsvReader(_) => Ok(None),
            NativeObj::CsvWriter(_) => super::csv_writer::call_method(self, id, _name, _args, _kw),
            NativeObj::CsvDictReader(_) | NativeObj::CsvDictWriter(_) => {
                super::csv_dict::call_method(self, id, _name, _args, _kw)
            }
            NativeObj::Decimal(_) => {
                super::decimal::methods::call_method(self, id, _name, _args, _kw)
            }
            NativeObj::DecContext(_) => {
                super::decimal::ctxobj::call_method(self, id, _name, _args, _kw)
            }
            NativeObj::DecSignals { .. } => {
                super::decimal::signals::sd_method(self, id, _name, _args, _kw)
            }
            NativeObj::DecLocal { .. } => super::decimal::ctxobj::local_method(self, id, _name),
            NativeObj::DecState(_) => Ok(None),
            NativeObj::TypingForm { .. } | NativeObj::TypingAlias { .. } => Ok(None),
            NativeObj::Path(_) => super::pathlib::call_method(self, id, _name, _args, _kw),
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
            NativeObj::Random(_) => super::random_obj::has_method(_name),
            NativeObj::RePattern(_) => super::re_match::PATTERN_METHODS.contains(&_name),
            NativeObj::ReMatch(_) => super::re_match::MATCH_METHODS.contains(&_name),
            NativeObj::Datetime(_) => super::datetime_methods::has_method(self, id, _name),
            NativeObj::StructTime(_) => false,
            NativeObj::Hash(_) => super::hashlib_obj::METHODS.contains(&_name),
            NativeObj::Hmac(_) => super::hmac::METHODS.contains(&_name),
            NativeObj::Deque { .. } => super::collections::DEQUE_METHODS.contains(&_name),
            NativeObj::StructSeq { .. } => super::structseq::SEQ_METHODS.contains(&_name),
            NativeObj::Stream(_) => super::structseq::STREAM_METHODS.contains(&_name),
            NativeObj::GenericAlias { .. } | NativeObj::Union(_) => false,
            NativeObj::StringIO(_) | NativeObj::BytesIO(_) => {
                super::io::has_method(self, id, _name)
            }
            NativeObj::CsvDialect(_) | NativeObj::CsvReader(_) => false,
            NativeObj::CsvWriter(_) => super::csv_writer::METHODS.contains(&_name),
            NativeObj::CsvDictReader(_) | NativeObj::CsvDictWriter(_) => {
                super::csv_dict::has_method(self, id, _name)
            }
            NativeObj::Decimal(_) => super::decimal::methods::has_method(_name),
            NativeObj::DecContext(_) => super::decimal::ctxobj::has_method(_name),
            NativeObj::DecSignals { .. } => super::decimal::signals::SD_METHODS.contains(&_name),
            NativeObj::DecLocal { .. } => matches!(_name, "__enter__" | "__exit__"),
            NativeObj::DecState(_) => false,
            NativeObj::TypingForm { .. } | NativeObj::TypingAlias { .. } => false,
            NativeObj::Path(_) => super::pathlib::has_method(_name),
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
            NativeObj::Random(_) => Ok(super::random_obj::repr(id)),
            NativeObj::RePattern(_) => Ok(super::re_match::pattern_repr(self, id)),
            NativeObj::ReMatch(_) => super::re_match::match_repr(self, id),
            NativeObj::Datetime(_) => super::datetime_ops::repr(self, id),
            NativeObj::StructTime(_) => Ok(super::time::repr(self, id)),
            NativeObj::Hash(_) => Ok(super::hashlib_obj::repr(self, id)),
            NativeObj::Hmac(_) => Ok(super::hmac::repr(id)),
            NativeObj::Deque { .. } => self.deque_repr(id),
            NativeObj::StructSeq { .. } => super::structseq::repr(self, id),
            NativeObj::Stream(n) => Ok(if *n == 2 {
                "<_io.TextIOWrapper name='<stderr>' mode='w' encoding='utf-8'>".into()
            } else {
                "<_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>".into()
            }),
            NativeObj::GenericAlias { .. } | NativeObj::Union(_) => super::generic::repr(self, id),
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
            NativeObj::Decimal(_) => Ok(super::decimal::ops::repr(self, id)),
            NativeObj::DecContext(_) => Ok(super::decimal::ctxobj::repr(self, id)),
            NativeObj::DecSignals { .. } => super::decimal::signals::sd_repr(self, id),
            NativeObj::DecLocal { .. } => Ok(format!(
                "<decimal.ContextManager object at {:#x}>",
                0x7f00_0000_0000u64 + id.0 as u64 * 16
            )),
            NativeObj::DecState(_) => Ok("<decimal state>".into()),
            NativeObj::TypingForm { .. } | NativeObj::TypingAlias { .. } => {
                super::typing::repr(self, id)
            }
            NativeObj::Path(_) => Ok(super::pathlib::repr(self, id)),
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
            NativeObj::Hash(_) => super::hashlib_obj::setattr(self, id, _name).map(Err),
            NativeObj::CsvDialect(_) | NativeObj::CsvReader(_) | NativeObj::CsvWriter(_) => {
                super::csv_reader::setattr(self, id, _name).map(Err)
            }
            NativeObj::CsvDictReader(_) | NativeObj::CsvDictWriter(_) => {
                super::csv_dict::setattr(self, id, _name, _v)
            }
            NativeObj::StringIO(_) | NativeObj::BytesIO(_) => {
                super::io::setattr(self, id, _name).map(Err)
            }
            NativeObj::Decimal(_) => Some(Err(super::decimal::ops::setattr(self, id, _name))),
            NativeObj::DecContext(_) => Some(super::decimal::ctxobj::setattr(self, id, _name, _v)),
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
            return super::datetime_ops::str_of(self, id);
        }
        if let NativeObj::Decimal(_) = obj(self, id) {
            return Ok(super::decimal::ops::str_of(self, id));
        }
        if let NativeObj::Path(_) = obj(self, id) {
            return Ok(super::pathlib::str_of(self, id));
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
        if let Some(r) = super::decimal::ops::compare(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if matches!(_op, CmpOp::Eq | CmpOp::Ne) {
            if let Some(r) = super::decimal::signals::sd_compare(self, _a, _b)? {
                return Ok(Some(if _op == CmpOp::Eq { r } else { !r }));
            }
        }
        if let Some(r) = self.deque_compare(_op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = super::re_match::compare(self, _op, _a, _b) {
            return Ok(Some(r));
        }
        if let Some(r) = super::datetime_ops::compare(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = super::time::compare(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = super::structseq::compare(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = super::generic::compare(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = super::pathlib::compare(self, _op, _a, _b) {
            return Ok(Some(r));
        }
        if matches!(_op, CmpOp::Eq | CmpOp::Ne) {
            if let Some(eq) = super::typing::equal(self, _a, _b)? {
                return Ok(Some(eq == (_op == CmpOp::Eq)));
            }
        }
        Ok(None)
    }

    /// The dict key of a hashable native object; `None` hashes by identity.
    pub fn native_obj_hash(&mut self, _id: ObjId) -> PyResult<Option<HashKey>> {
        if let NativeObj::RePattern(_) = obj(self, _id) {
            return Ok(Some(super::re_match::pattern_hash(self, _id)));
        }
        if let NativeObj::Decimal(_) = obj(self, _id) {
            return super::decimal::ops::hash(self, _id).map(Some);
        }
        if let NativeObj::DecSignals { .. } = obj(self, _id) {
            return Err(crate::vm::PyErr::type_error(
                "unhashable type: 'SignalDict'",
            ));
        }
        if let NativeObj::Datetime(_) = obj(self, _id) {
            return Ok(Some(super::datetime_ops::hash(self, _id)));
        }
        if let NativeObj::StructTime(_) = obj(self, _id) {
            return Ok(Some(super::time::hash(self, _id)));
        }
        if let NativeObj::Path(_) = obj(self, _id) {
            return Ok(Some(super::pathlib::hash(self, _id)));
        }
        if let NativeObj::Deque { .. } = obj(self, _id) {
            return Err(crate::vm::PyErr::type_error(
                "unhashable type: 'collections.deque'",
            ));
        }
        if let NativeObj::StructSeq { .. } = obj(self, _id) {
            return super::structseq::hash(self, _id).map(Some);
        }
        if let Some(k) = super::generic::hash(self, _id)? {
            return Ok(Some(k));
        }
        if let Some(k) = super::typing::hash(self, _id)? {
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
        if let Some(r) = super::decimal::ops::binary(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = super::datetime_ops::binary(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = super::structseq::binary(self, _op, _a, _b)? {
            return Ok(Some(r));
        }
        if let Some(r) = super::pathlib::binary(self, _op, _a, _b)? {
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
        if let Some(n) = super::structseq::len(self, _id) {
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
            return super::time::iter(self, _id).map(Some);
        }
        if let NativeObj::DecSignals { .. } = obj(self, _id) {
            return super::decimal::signals::sd_iter(self, _id).map(Some);
        }
        if let Some(it) = super::structseq::iter(self, _id)? {
            return Ok(Some(it));
        }
        if let NativeObj::Deque { items, .. } = obj(self, _id) {
            let l: Vec<Value> = items.iter().copied().collect();
            let l = self.new_list(l);
            return self.get_iter(l).map(Some);
        }
        match obj(self, _id) {
            NativeObj::StringIO(_) | NativeObj::BytesIO(_) => {
                super::io::check_open(self, _id)?;
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
            NativeObj::StringIO(_) | NativeObj::BytesIO(_) => super::io::next_line(self, id),
            NativeObj::CsvReader(_) => super::csv_reader::next_row(self, id),
            NativeObj::CsvDictReader(_) => super::csv_dict::next_dict(self, id),
            _ => Err(crate::vm::PyErr::type_error(format!(
                "'{}' object is not an iterator",
                obj(self, id).type_name()
            ))),
        }
    }

    /// `obj[idx]`; `None` if not subscriptable.
    pub fn native_obj_getitem(&mut self, _id: ObjId, _idx: Value) -> PyResult<Option<Value>> {
        if let NativeObj::ReMatch(_) = obj(self, _id) {
            return super::re_match::match_getitem(self, _id, _idx).map(Some);
        }
        if let NativeObj::DecSignals { .. } = obj(self, _id) {
            return super::decimal::signals::sd_getitem(self, _id, _idx).map(Some);
        }
        if let NativeObj::StructTime(_) = obj(self, _id) {
            return super::time::getitem(self, _id, _idx).map(Some);
        }
        if let Some(v) = super::structseq::getitem(self, _id, _idx)? {
            return Ok(Some(v));
        }
        if let Some(v) = super::generic::getitem(self, _id)? {
            return Ok(Some(v));
        }
        if let Some(v) = super::typing::getitem(self, _id, _idx)? {
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

    /// The position `idx` names in deque `id`: an int (or `__index__`),
    /// negative from the end.
    ///
    /// # Errors
    /// `TypeError` for other index types, `IndexError` out of range.
    pub fn deque_slot(&mut self, id: ObjId, idx: Value) -> PyResult<usize> {
        let i = match idx {
            Value::Int(_) | Value::Bool(_) => self.index_arg(idx)?,
            Value::Ref(r) if matches!(self.heap.get(r), Obj::BigInt(_)) => {
                return Err(crate::vm::PyErr::new(
                    crate::object::ExcType::IndexError,
                    "cannot fit 'int' into an index-sized integer",
                ))
            }
            _ => match self.user_index(idx)? {
                Some(r) => self.index_arg(r)?,
                None => {
                    return Err(crate::vm::PyErr::type_error(format!(
                        "sequence index must be integer, not '{}'",
                        self.class_name(idx)
                    )))
                }
            },
        };
        let NativeObj::Deque { items, .. } = obj(self, id) else {
            unreachable!("a deque")
        };
        let n = items.len() as i64;
        let j = if i < 0 { i + n } else { i };
        if j < 0 || j >= n {
            return Err(crate::vm::PyErr::new(
                crate::object::ExcType::IndexError,
                "deque index out of range",
            ));
        }
        Ok(j as usize)
    }

    /// `d[i] = v` / `del d[i]` on a deque (`v` is `None` to delete).
    pub fn deque_store(&mut self, id: ObjId, idx: Value, v: Option<Value>) -> PyResult<()> {
        let j = self.deque_slot(id, idx)?;
        if let Obj::Native(NativeObj::Deque { items, .. }) = self.heap.get_mut(id) {
            match v {
                Some(v) => items[j] = v,
                None => {
                    items.remove(j);
                }
            }
        }
        Ok(())
    }

    /// `isinstance(v, t)` where `t` is a native constructor acting as a
    /// class (`datetime.date`): `None` if `t` is not a class.
    pub fn native_type_isinstance(&mut self, _v: Value, _t: NativeId) -> Option<bool> {
        if super::decimal::is_class(_t) {
            return Some(match obj_of(self, _v) {
                Some(NativeObj::Decimal(_)) => _t.func == super::decimal::DECIMAL,
                Some(NativeObj::DecContext(_)) => _t.func == super::decimal::CONTEXT,
                _ => false,
            });
        }
        if let Some(r) = super::re::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = super::datetime::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = super::time::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = self.collections_isinstance(_v, _t) {
            return Some(r);
        }
        if let Some(r) = self.native_fn_isinstance(_v, _t) {
            return Some(r);
        }
        if let Some(r) = super::hashlib_obj::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = super::hmac::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = native_class_isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = super::typing::isinstance(self, _v, _t) {
            return Some(r);
        }
        if let Some(r) = super::pathlib::isinstance(self, _v, _t) {
            return Some(r);
        }
        if _t == super::random_obj::random_type_id() {
            return Some(super::random_obj::isinstance(self, _v));
        }
        None
    }

    /// Attributes of a native constructor acting as a class
    /// (`datetime.datetime.now`, `date.min`).
    pub fn native_type_getattr(&mut self, _t: NativeId, _name: &str) -> PyResult<Option<Value>> {
        if _t.module == super::decimal::module_index() && _t.func == super::decimal::DECIMAL {
            if let Some(v) = super::decimal::ops::type_getattr(self, _name) {
                return Ok(Some(v));
            }
        }
        if let Some(v) = super::datetime::type_getattr(self, _t, _name)? {
            return Ok(Some(v));
        }
        if let Some(v) = super::hashlib_obj::type_getattr(_t, _name) {
            return Ok(Some(v));
        }
        if let Some(v) = super::pathlib::type_getattr(_t, _name) {
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
            module: super::module_index("collections"),
            func: 3,
        });
    }
    if let NativeObj::Random(_) = o {
        return Some(super::random_obj::random_type_id());
    }
    if let NativeObj::Stream(_) = o {
        return Some(super::structseq::stream_class());
    }
    if let NativeObj::Decimal(_) | NativeObj::DecContext(_) = o {
        return Some(NativeId {
            module: super::decimal::module_index(),
            func: if matches!(o, NativeObj::Decimal(_)) {
                super::decimal::DECIMAL
            } else {
                super::decimal::CONTEXT
            },
        });
    }
    if let Some(t) = super::hashlib_obj::class_of(o).or_else(|| super::hmac::class_of(o)) {
        return Some(t);
    }
    if let Some(t) = io_csv_class_of(o) {
        return Some(t);
    }
    if let Some(t) = super::typing::class_of(o) {
        return Some(t);
    }
    if let NativeObj::Path(_) = o {
        return Some(super::pathlib::class_id());
    }
    super::datetime::class_of(o)
}

/// `repr()` of a native constructor that is a class (`<class
/// 'datetime.date'>`); `None` for plain functions.
pub fn class_repr(vm: &Vm, t: NativeId) -> Option<String> {
    if let Some(name) = vm.native_class_name(t) {
        return Some(format!("<class '{name}'>"));
    }
    if t.module == super::module_index("collections") && t.func <= 3 {
        let name = super::native_name(t);
        return Some(format!("<class 'collections.{name}'>"));
    }
    if super::decimal::is_class(t) {
        return Some(format!("<class 'decimal.{}'>", super::native_name(t)));
    }
    if t == super::structseq::stream_class() {
        return Some("<class '_io.TextIOWrapper'>".into());
    }
    if let Some(r) = super::hashlib_obj::class_repr(t).or_else(|| super::hmac::class_repr(t)) {
        return Some(r);
    }
    if let Some(name) = io_csv_class_name(t) {
        return Some(format!("<class '{name}'>"));
    }
    if let Some(r) = super::pathlib::class_repr(t) {
        return Some(r);
    }
    super::datetime::class_repr(t)
}

impl Vm {
    /// Truthiness of a native object (`timedelta(0)` and empty deques are false).
    pub fn native_obj_truthy(&mut self, id: ObjId) -> bool {
        match obj(self, id) {
            NativeObj::Deque { items, .. } => !items.is_empty(),
            NativeObj::Datetime(_) => super::datetime_ops::truthy(self, id),
            NativeObj::Decimal(d) => !d.is_zero(),
            _ => true,
        }
    }

    /// Unary `-`, `+` (`op` '-' / '+') and `abs()` ('a') of a native object.
    pub fn native_obj_unary(&mut self, v: Value, op: char) -> PyResult<Option<Value>> {
        if let Some(r) = super::decimal::ops::unary(self, v, op)? {
            return Ok(Some(r));
        }
        super::datetime_ops::unary(self, v, op)
    }

    /// `format(obj, spec)`; `None` falls back to `str()`.
    pub fn native_obj_format(&mut self, id: ObjId, spec: &str) -> PyResult<Option<String>> {
        match obj(self, id) {
            NativeObj::Datetime(_) => super::datetime_methods::format(self, id, spec),
            NativeObj::Decimal(d) => {
                let d = (**d).clone();
                super::decimal::format::format(self, &d, spec).map(Some)
            }
            _ => Ok(None),
        }
    }
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
    super::native_id(module, name)
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
        .find(|(m, n, _)| super::native_id(m, n) == Some(t))
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
