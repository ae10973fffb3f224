//! Objects of native modules (dates, regex matches, deques, ...): one
//! enum, [`NativeObj`], with a variant per kind, and the hooks the VM calls
//! for them (attributes, methods, repr, comparison, hashing, operators,
//! iteration). A module adds its variant here and implements the hooks in
//! its own file; the VM core does not change.
//!
//! This file owns the enum and what every variant needs (children for the
//! collector, the type name); `hooks.rs` dispatches the per-object hooks and
//! `classes.rs` the hooks of native constructors acting as classes.

mod classes;
mod hooks;

use serde::{Deserialize, Serialize};

use crate::object::{Obj, ObjId, Value};
use crate::vm::Vm;

pub use classes::{class_of, class_repr};

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
    /// `collections.deque` (`collections/deque.rs`).
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

pub(super) fn obj_of(vm: &Vm, v: Value) -> Option<&NativeObj> {
    match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Native(n) => Some(n),
            _ => None,
        },
        _ => None,
    }
}

pub(super) fn obj(vm: &Vm, id: ObjId) -> &NativeObj {
    match vm.heap.get(id) {
        Obj::Native(n) => n,
        _ => unreachable!("a native object"),
    }
}
