//! Objects of native modules (dates, regex matches, deques, ...): one
//! enum, [`NativeObj`], with a variant per kind, each naming the type that
//! implements its behaviour ([`NativeType`]: attributes, methods, repr,
//! comparison, hashing, operators, iteration) in its module's own file.
//! A new kind of object is one line in `native_objects!` below and one
//! `impl NativeType` beside its code; the VM core does not change.
//!
//! The VM reaches these through `Stdlib::native_obj_*` (`../library.rs`),
//! which dispatch through the variant with the functions below;
//! `classes.rs` has the hooks of native constructors acting as classes.

pub(crate) mod classes;
mod native_type;

use monty_compile::bytecode::{BinOp, CmpOp};
use serde::{Deserialize, Serialize};

use crate::object::{HashKey, Obj, ObjId, Value};
use crate::vm::call::Kwargs;
use crate::vm::{PyResult, Vm};

pub use classes::{class_of, class_repr};
pub use native_type::{default_repr, prelude, NativeType};

/// Declares [`NativeObj`], one variant per kind of native object, each
/// with the [`NativeType`] implementation that gives it its behaviour, and
/// the dispatch from a variant to that implementation (`Kind`).
macro_rules! native_objects {
    ($( $(#[$doc:meta])* $variant:ident $body:tt => $imp:path, )*) => {
        /// The data of a native module's object.
        #[derive(Clone, Debug, Serialize, Deserialize)]
        pub enum NativeObj {
            $( $(#[$doc])* $variant $body, )*
        }

        /// Which variant an object is: copied out of the heap so the VM can
        /// be borrowed mutably while the variant's hook runs.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(super) enum Kind {
            $( $variant, )*
        }

        impl NativeObj {
            pub(super) fn kind(&self) -> Kind {
                match self {
                    $( NativeObj::$variant { .. } => Kind::$variant, )*
                }
            }

            /// The class name (`type(x).__name__`).
            pub fn type_name(&self) -> &'static str {
                match self {
                    $( NativeObj::$variant { .. } => <$imp as NativeType>::type_name(self), )*
                }
            }

            /// Calls `f` on every value the object holds.
            pub fn for_each_child(&self, f: &mut dyn FnMut(Value)) {
                match self {
                    $( NativeObj::$variant { .. } => <$imp as NativeType>::for_each_child(self, f), )*
                }
            }
        }

        impl Kind {
            pub(super) fn getattr(self, vm: &mut Vm, id: ObjId, name: &str) -> PyResult<Option<Value>> {
                match self { $( Kind::$variant => <$imp as NativeType>::getattr(vm, id, name), )* }
            }
            pub(super) fn setattr(self, vm: &mut Vm, id: ObjId, name: &str, v: Value) -> Option<PyResult<()>> {
                match self { $( Kind::$variant => <$imp as NativeType>::setattr(vm, id, name, v), )* }
            }
            pub(super) fn has_method(self, vm: &Vm, id: ObjId, name: &str) -> bool {
                match self { $( Kind::$variant => <$imp as NativeType>::has_method(vm, id, name), )* }
            }
            pub(super) fn call_method(self, vm: &mut Vm, id: ObjId, name: &str, args: Vec<Value>, kw: Kwargs) -> PyResult<Option<Value>> {
                match self { $( Kind::$variant => <$imp as NativeType>::call_method(vm, id, name, args, kw), )* }
            }
            pub(super) fn repr(self, vm: &mut Vm, id: ObjId) -> PyResult<String> {
                match self { $( Kind::$variant => <$imp as NativeType>::repr(vm, id), )* }
            }
            pub(super) fn str(self, vm: &mut Vm, id: ObjId) -> PyResult<String> {
                match self { $( Kind::$variant => <$imp as NativeType>::str(vm, id), )* }
            }
            pub(super) fn compare(self, vm: &mut Vm, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
                match self { $( Kind::$variant => <$imp as NativeType>::compare(vm, op, a, b), )* }
            }
            pub(super) fn hash(self, vm: &mut Vm, id: ObjId) -> PyResult<Option<HashKey>> {
                match self { $( Kind::$variant => <$imp as NativeType>::hash(vm, id), )* }
            }
            pub(super) fn binary(self, vm: &mut Vm, op: BinOp, a: Value, b: Value, inplace: bool) -> PyResult<Option<Value>> {
                match self { $( Kind::$variant => <$imp as NativeType>::binary(vm, op, a, b, inplace), )* }
            }
            pub(super) fn unary(self, vm: &mut Vm, v: Value, op: char) -> PyResult<Option<Value>> {
                match self { $( Kind::$variant => <$imp as NativeType>::unary(vm, v, op), )* }
            }
            pub(super) fn len(self, vm: &mut Vm, id: ObjId) -> PyResult<Option<usize>> {
                match self { $( Kind::$variant => <$imp as NativeType>::len(vm, id), )* }
            }
            pub(super) fn contains(self, vm: &mut Vm, id: ObjId, item: Value) -> PyResult<Option<bool>> {
                match self { $( Kind::$variant => <$imp as NativeType>::contains(vm, id, item), )* }
            }
            pub(super) fn iter(self, vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
                match self { $( Kind::$variant => <$imp as NativeType>::iter(vm, id), )* }
            }
            pub(super) fn is_iterator(self, vm: &Vm, id: ObjId) -> bool {
                match self { $( Kind::$variant => <$imp as NativeType>::is_iterator(vm, id), )* }
            }
            pub(super) fn is_reversible(self, vm: &Vm, id: ObjId) -> bool {
                match self { $( Kind::$variant => <$imp as NativeType>::is_reversible(vm, id), )* }
            }
            pub(super) fn next(self, vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
                match self { $( Kind::$variant => <$imp as NativeType>::next(vm, id), )* }
            }
            pub(super) fn getitem(self, vm: &mut Vm, id: ObjId, idx: Value) -> PyResult<Option<Value>> {
                match self { $( Kind::$variant => <$imp as NativeType>::getitem(vm, id, idx), )* }
            }
            pub(super) fn setitem(self, vm: &mut Vm, id: ObjId, idx: Value, v: Option<Value>) -> Option<PyResult<()>> {
                match self { $( Kind::$variant => <$imp as NativeType>::setitem(vm, id, idx, v), )* }
            }
            pub(super) fn truthy(self, vm: &mut Vm, id: ObjId) -> bool {
                match self { $( Kind::$variant => <$imp as NativeType>::truthy(vm, id), )* }
            }
            pub(super) fn format(self, vm: &mut Vm, id: ObjId, spec: &str) -> PyResult<Option<String>> {
                match self { $( Kind::$variant => <$imp as NativeType>::format(vm, id, spec), )* }
            }
        }
    };
}

native_objects! {
    /// Placeholder so the enum is never empty; not constructed.
    Reserved {} => ReservedType,
    /// The VM scheduler's awaitables (`vm/tasks.rs`): futures, tasks,
    /// gathers, sleeps, `wait_for`, `as_completed`.
    Awaitable(crate::vm::tasks::Awaitable) => super::asyncio::AwaitableType,
    /// `collections.deque` (`collections/deque.rs`).
    Deque {
        items: std::collections::VecDeque<Value>,
        maxlen: Option<usize>,
    } => super::collections::DequeType,
    /// A `random.Random` instance and its generator (`random_obj.rs`).
    Random(Box<super::random::State>) => super::random_obj::RandomType,
    /// `re.Pattern` (`re.rs`).
    RePattern(Box<super::re::PatternData>) => super::re_match::PatternType,
    /// `re.Match` (`re.rs`).
    ReMatch(Box<super::re::MatchData>) => super::re_match::MatchType,
    /// `datetime.date`, `datetime`, `time`, `timedelta`, `timezone` (`datetime.rs`).
    Datetime(Box<super::datetime::Dt>) => super::datetime_ops::DatetimeType,
    /// `time.struct_time` (`time.rs`).
    StructTime(Box<super::time::StructTime>) => super::time::StructTimeType,
    /// A `hashlib` hash object (`hashlib.rs`).
    Hash(Box<super::digests::Hasher>) => super::hashlib_obj::HashType,
    /// An `hmac.HMAC` object (`hmac.rs`).
    Hmac(Box<super::digests::HmacKey>) => super::hmac::HmacType,
    /// A struct sequence such as `sys.version_info` (`structseq.rs`).
    StructSeq {
        kind: super::structseq::SeqKind,
        values: Vec<Value>,
    } => super::structseq::StructSeqType,
    /// `sys.stdout` (1) / `sys.stderr` (2) (`structseq.rs`).
    Stream(u8) => super::structseq::StreamType,
    /// `types.GenericAlias`: `list[int]` (`generic.rs`); `args` is a tuple.
    GenericAlias {
        origin: Value,
        args: Value,
    } => super::generic::AliasType,
    /// A union type, `int | None` (`generic.rs`).
    Union(Vec<Value>) => super::generic::AliasType,
    /// `io.StringIO` / `io.BytesIO` (`io.rs`).
    StringIO(Box<super::io::TextBuf>) => super::io::BufferType,
    BytesIO(Box<super::io::ByteBuf>) => super::io::BufferType,
    /// `_csv.Dialect`, `_csv.reader`, `_csv.writer` (`csv_dialect.rs`,
    /// `csv_reader.rs`, `csv_writer.rs`) and `csv.DictReader` /
    /// `csv.DictWriter` (`csv_dict.rs`).
    CsvDialect(Box<super::csv_dialect::Dialect>) => super::csv_dialect::DialectType,
    CsvReader(Box<super::csv_reader::ReaderState>) => super::csv_reader::ReaderType,
    CsvWriter(Box<super::csv_writer::WriterState>) => super::csv_writer::WriterType,
    CsvDictReader(Box<super::csv_dict::DictReaderState>) => super::csv_dict::DictObjectType,
    CsvDictWriter(Box<super::csv_dict::DictWriterState>) => super::csv_dict::DictObjectType,
    /// `decimal.Decimal` (`decimal/ops.rs`).
    Decimal(Box<super::decimal::number::Dec>) => super::decimal::ops::DecimalType,
    /// `decimal.Context` (`decimal/ctxobj.rs`).
    DecContext(Box<super::decimal::context::Ctx>) => super::decimal::ctxobj::ContextType,
    /// A context's `flags` or `traps` (a live view of `ctx`).
    DecSignals {
        ctx: Value,
        traps: bool,
    } => super::decimal::signals::SignalsType,
    /// A `localcontext()` manager: the context it installs and, while
    /// active, the one it restores.
    DecLocal {
        ctx: Value,
        saved: Value,
    } => super::decimal::ctxobj::LocalContextType,
    /// The `decimal` module's hidden state (current context, classes).
    DecState(Box<super::decimal::DecState>) => super::decimal::StateType,
    /// A `typing` marker: `typing.Any`, `typing.Optional` (no origin), or
    /// `typing.List` (origin `list`) (`typing.rs`).
    TypingForm {
        name: String,
        origin: Value,
    } => super::typing::TypingType,
    /// A subscripted marker: `typing.List[int]`, `typing.ClassVar[int]`;
    /// `origin` is the class (or the marker itself), `args` a tuple.
    TypingAlias {
        name: String,
        origin: Value,
        args: Value,
    } => super::typing::TypingType,
    /// A `pathlib` path: its normalized text (`pathlib.rs`).
    Path(String) => super::pathlib::PathType,
}

/// The placeholder variant.
pub struct ReservedType;

impl NativeType for ReservedType {
    fn type_name(_: &NativeObj) -> &'static str {
        "object"
    }

    fn repr(_: &mut Vm, _: ObjId) -> PyResult<String> {
        Ok("<object>".into())
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

/// The variant of native object `id`.
pub(super) fn kind(vm: &Vm, id: ObjId) -> Kind {
    obj(vm, id).kind()
}

/// The variant of `v`, if it is a native object.
pub(super) fn kind_of_value(vm: &Vm, v: Value) -> Option<Kind> {
    match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Native(n) => Some(n.kind()),
            _ => None,
        },
        _ => None,
    }
}

/// The variants to ask about an operation on `a` and `b` (comparison,
/// binary operators): each native operand's, the left one first, once.
pub(super) fn operand_kinds(vm: &Vm, a: Value, b: Value) -> [Option<Kind>; 2] {
    let (ka, kb) = (kind_of_value(vm, a), kind_of_value(vm, b));
    [ka, kb.filter(|k| Some(*k) != ka)]
}

pub(crate) fn obj(vm: &Vm, id: ObjId) -> &NativeObj {
    match vm.heap.get(id) {
        Obj::Native(n) => n,
        _ => unreachable!("a native object"),
    }
}
