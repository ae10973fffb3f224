//! Objects of native modules (dates, regex matches, deques, ...): one
//! enum, [`NativeObj`], with a variant per kind, each naming the type that
//! implements its behaviour ([`NativeType`]: attributes, methods, repr,
//! comparison, hashing, operators, iteration) in its module's own file.
//! A new kind of object is one variant in `native_objects!` below, one
//! line in `native_dispatch!` (`dispatch.rs`) and one `impl NativeType`
//! beside its code; the VM core does not change.
//!
//! This file holds the data only (it names the variants' data types, not
//! their behaviour), so the modules can name [`NativeObj`] without a
//! circle through every other module. The VM reaches the behaviour through
//! `Stdlib::native_obj_*` (`../library.rs`), which dispatch through the
//! variant with `dispatch.rs`; `classes.rs` has the hooks of native
//! constructors acting as classes. Both are at the top: no module names
//! them.

pub(crate) mod classes;
mod dispatch;
mod native_type;

use serde::{Deserialize, Serialize};

use crate::object::{Obj, ObjId, Value};
use crate::vm::Vm;

pub use native_type::{default_repr, prelude, NativeType};

/// The library object `o` holds, if it is one (the core holds it as
/// `LibData`, `monty-vm`'s `vm/library_data.rs`).
#[inline]
pub fn native_of(o: &Obj) -> Option<&NativeObj> {
    match o {
        Obj::Native(n) => n.downcast_ref(),
        _ => None,
    }
}

/// [`native_of`], to update.
#[inline]
pub fn native_of_mut(o: &mut Obj) -> Option<&mut NativeObj> {
    match o {
        Obj::Native(n) => n.downcast_mut(),
        _ => None,
    }
}

impl From<NativeObj> for Obj {
    /// The heap object holding `n`.
    fn from(n: NativeObj) -> Obj {
        Obj::Native(crate::vm::library_data::LibData::new(n))
    }
}

/// Declares [`NativeObj`], one variant per kind of native object, and
/// [`Kind`], which variant an object is. The behaviour of each variant
/// (its [`NativeType`] implementation) is attached in `dispatch.rs`.
macro_rules! native_objects {
    ($( $(#[$doc:meta])* $variant:ident $body:tt, )*) => {
        /// The data of a native module's object.
        #[derive(Clone, Debug, Serialize, Deserialize)]
        pub enum NativeObj {
            $( $(#[$doc])* $variant $body, )*
        }

        /// Which variant an object is: copied out of the heap so the VM can
        /// be borrowed mutably while the variant's hook runs.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum Kind {
            $( $variant, )*
        }

        impl NativeObj {
            pub(super) fn kind(&self) -> Kind {
                match self {
                    $( NativeObj::$variant { .. } => Kind::$variant, )*
                }
            }
        }
    };
}

native_objects! {
    /// Placeholder so the enum is never empty; not constructed.
    Reserved {},
    /// The VM scheduler's awaitables (`vm/tasks.rs`): futures, tasks,
    /// gathers, sleeps, `wait_for`, `as_completed`.
    Awaitable(Box<crate::vm::tasks::Awaitable>),
    /// `collections.deque` (`collections/deque.rs`).
    Deque {
        items: std::collections::VecDeque<Value>,
        maxlen: Option<usize>,
        /// Bumped by every structural change (CPython's `state`): a live
        /// iterator that sees it move raises.
        state: u64,
    },
    /// A `random.Random` instance and its generator (`random_obj.rs`).
    Random(Box<crate::random_state::State>),
    /// `re.Pattern` (`re.rs`).
    RePattern(Box<crate::re_data::PatternData>),
    /// `re.Match` (`re.rs`).
    ReMatch(Box<crate::re_data::MatchData>),
    /// `datetime.date`, `datetime`, `time`, `timedelta`, `timezone` (`datetime.rs`).
    Datetime(Box<crate::datetime_data::Dt>),
    /// `time.struct_time` (`time.rs`).
    StructTime(Box<crate::time_data::StructTime>),
    /// A `hashlib` hash object (`hashlib.rs`).
    Hash(Box<super::digests::Hasher>),
    /// An `hmac.HMAC` object (`hmac.rs`).
    Hmac(Box<super::digests::HmacKey>),
    /// A struct sequence such as `sys.version_info` (`structseq.rs`).
    StructSeq {
        kind: crate::structseq_data::SeqKind,
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
    /// `io.StringIO` / `io.BytesIO` (`io.rs`).
    StringIO(Box<crate::io::data::TextBuf>),
    BytesIO(Box<crate::io::data::ByteBuf>),
    /// `_csv.Dialect`, `_csv.reader`, `_csv.writer` (`csv_dialect.rs`,
    /// `csv_reader.rs`, `csv_writer.rs`) and `csv.DictReader` /
    /// `csv.DictWriter` (`csv_dict.rs`).
    CsvDialect(Box<crate::csv_data::Dialect>),
    CsvReader(Box<crate::csv_data::ReaderState>),
    CsvWriter(Box<crate::csv_data::WriterState>),
    CsvDictReader(Box<crate::csv_data::DictReaderState>),
    CsvDictWriter(Box<crate::csv_data::DictWriterState>),
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
    DecState(Box<super::decimal::state::DecState>),
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
    /// A `uuid.UUID`: its 128-bit value, high and low halves (`uuid.rs`).
    Uuid {
        hi: u64,
        lo: u64,
    },
    /// A `struct.Struct`: its format text (`struct_module.rs`).
    Struct(Box<String>),
    /// A `graphlib.TopologicalSorter` (`graphlib.rs`).
    TopoSorter(Box<crate::graphlib_data::TopoState>),
    /// A `fractions.Fraction`: numerator and positive denominator in
    /// lowest terms (`fractions.rs`).
    Fraction(Box<(num_bigint::BigInt, num_bigint::BigInt)>),
    /// `typing.TypeVar`, `ParamSpec`, `TypeVarTuple` (`typing_params.rs`).
    TypeVar(Box<crate::typing_params::TypeVarData>),
    /// A `type X = ...` alias, `typing.TypeAliasType` (`typing_params.rs`).
    TypeAlias(Box<crate::typing_params::TypeAliasData>),
    /// A file `open()` returned (`file.rs`).
    File(Box<crate::file::FileData>),
    /// `os.environ` (`os_environ.rs`).
    Environ(Box<crate::os_environ::EnvironData>),
}

/// The library object `v` refers to, if it is one.
pub fn obj_of(vm: &Vm, v: Value) -> Option<&NativeObj> {
    native_of(vm.heap.get(v.as_ref()?))
}

/// The variant of native object `id`.
pub(super) fn kind(vm: &Vm, id: ObjId) -> Kind {
    obj(vm, id).kind()
}

/// The variant of `v`, if it is a native object.
pub(super) fn kind_of_value(vm: &Vm, v: Value) -> Option<Kind> {
    match v {
        Value::Ref(id) => native_of(vm.heap.get(id)).map(NativeObj::kind),
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
    match native_of(vm.heap.get(id)) {
        Some(n) => n,
        _ => unreachable!("a native object"),
    }
}
