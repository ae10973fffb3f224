//! The dispatch from a [`NativeObj`] variant to the [`NativeType`] that
//! implements its behaviour in its module's file: `type_name`,
//! `for_each_child`, and one method on [`Kind`] per hook.
//!
//! At the top of the crate: it names every module's `NativeType`, so no
//! module names it (they name the data, `objects/mod.rs`, and the trait,
//! `native_type.rs`); `library.rs` calls it for the VM. Every `match` here
//! is exhaustive, so a variant added to `native_objects!` in `mod.rs`
//! without a line below does not compile.

use monty_compile::bytecode::{BinOp, CmpOp};

use super::{Kind, NativeObj, NativeType};
use crate::object::{HashKey, ObjId, Value};
use crate::vm::call::Kwargs;
use crate::vm::{PyResult, Vm};

/// Attaches to each variant of [`NativeObj`] the [`NativeType`]
/// implementation that gives it its behaviour.
macro_rules! native_dispatch {
    ($( $variant:ident => $imp:path, )*) => {
        impl NativeObj {
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
            pub(crate) fn getattr(self, vm: &mut Vm, id: ObjId, name: &str) -> PyResult<Option<Value>> {
                match self { $( Kind::$variant => <$imp as NativeType>::getattr(vm, id, name), )* }
            }
            pub(crate) fn setattr(self, vm: &mut Vm, id: ObjId, name: &str, v: Value) -> Option<PyResult<()>> {
                match self { $( Kind::$variant => <$imp as NativeType>::setattr(vm, id, name, v), )* }
            }
            pub(crate) fn has_method(self, vm: &Vm, id: ObjId, name: &str) -> bool {
                match self { $( Kind::$variant => <$imp as NativeType>::has_method(vm, id, name), )* }
            }
            pub(crate) fn call_method(self, vm: &mut Vm, id: ObjId, name: &str, args: Vec<Value>, kw: Kwargs) -> PyResult<Option<Value>> {
                match self { $( Kind::$variant => <$imp as NativeType>::call_method(vm, id, name, args, kw), )* }
            }
            pub(crate) fn repr(self, vm: &mut Vm, id: ObjId) -> PyResult<String> {
                match self { $( Kind::$variant => <$imp as NativeType>::repr(vm, id), )* }
            }
            pub(crate) fn str(self, vm: &mut Vm, id: ObjId) -> PyResult<String> {
                match self { $( Kind::$variant => <$imp as NativeType>::str(vm, id), )* }
            }
            pub(crate) fn compare(self, vm: &mut Vm, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
                match self { $( Kind::$variant => <$imp as NativeType>::compare(vm, op, a, b), )* }
            }
            pub(crate) fn hash(self, vm: &mut Vm, id: ObjId) -> PyResult<Option<HashKey>> {
                match self { $( Kind::$variant => <$imp as NativeType>::hash(vm, id), )* }
            }
            pub(crate) fn binary(self, vm: &mut Vm, op: BinOp, a: Value, b: Value, inplace: bool) -> PyResult<Option<Value>> {
                match self { $( Kind::$variant => <$imp as NativeType>::binary(vm, op, a, b, inplace), )* }
            }
            pub(crate) fn unary(self, vm: &mut Vm, v: Value, op: char) -> PyResult<Option<Value>> {
                match self { $( Kind::$variant => <$imp as NativeType>::unary(vm, v, op), )* }
            }
            pub(crate) fn len(self, vm: &mut Vm, id: ObjId) -> PyResult<Option<usize>> {
                match self { $( Kind::$variant => <$imp as NativeType>::len(vm, id), )* }
            }
            pub(crate) fn contains(self, vm: &mut Vm, id: ObjId, item: Value) -> PyResult<Option<bool>> {
                match self { $( Kind::$variant => <$imp as NativeType>::contains(vm, id, item), )* }
            }
            pub(crate) fn iter(self, vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
                match self { $( Kind::$variant => <$imp as NativeType>::iter(vm, id), )* }
            }
            pub(crate) fn is_iterator(self, vm: &Vm, id: ObjId) -> bool {
                match self { $( Kind::$variant => <$imp as NativeType>::is_iterator(vm, id), )* }
            }
            pub(crate) fn is_reversible(self, vm: &Vm, id: ObjId) -> bool {
                match self { $( Kind::$variant => <$imp as NativeType>::is_reversible(vm, id), )* }
            }
            pub(crate) fn next(self, vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
                match self { $( Kind::$variant => <$imp as NativeType>::next(vm, id), )* }
            }
            pub(crate) fn getitem(self, vm: &mut Vm, id: ObjId, idx: Value) -> PyResult<Option<Value>> {
                match self { $( Kind::$variant => <$imp as NativeType>::getitem(vm, id, idx), )* }
            }
            pub(crate) fn setitem(self, vm: &mut Vm, id: ObjId, idx: Value, v: Option<Value>) -> Option<PyResult<()>> {
                match self { $( Kind::$variant => <$imp as NativeType>::setitem(vm, id, idx, v), )* }
            }
            pub(crate) fn truthy(self, vm: &mut Vm, id: ObjId) -> bool {
                match self { $( Kind::$variant => <$imp as NativeType>::truthy(vm, id), )* }
            }
            pub(crate) fn format(self, vm: &mut Vm, id: ObjId, spec: &str) -> PyResult<Option<String>> {
                match self { $( Kind::$variant => <$imp as NativeType>::format(vm, id, spec), )* }
            }
        }
    };
}

native_dispatch! {
    Reserved => ReservedType,
    Awaitable => crate::asyncio::AwaitableType,
    Deque => crate::collections::DequeType,
    Random => crate::random_obj::RandomType,
    RePattern => crate::re_match::PatternType,
    ReMatch => crate::re_match::MatchType,
    Datetime => crate::datetime_ops::DatetimeType,
    StructTime => crate::time::StructTimeType,
    Hash => crate::hashlib_obj::HashType,
    Hmac => crate::hmac::HmacType,
    StructSeq => crate::structseq::StructSeqType,
    Stream => crate::structseq::StreamType,
    GenericAlias => crate::generic::AliasType,
    Union => crate::generic::AliasType,
    StringIO => crate::io::BufferType,
    BytesIO => crate::io::BufferType,
    CsvDialect => crate::csv_dialect::DialectType,
    CsvReader => crate::csv_reader::ReaderType,
    CsvWriter => crate::csv_writer::WriterType,
    CsvDictReader => crate::csv_dict::DictObjectType,
    CsvDictWriter => crate::csv_dict::DictObjectType,
    Decimal => crate::decimal::ops::DecimalType,
    DecContext => crate::decimal::ctxobj::ContextType,
    DecSignals => crate::decimal::signals::SignalsType,
    DecLocal => crate::decimal::ctxobj::LocalContextType,
    DecState => crate::decimal::StateType,
    TypingForm => crate::typing::TypingType,
    TypingAlias => crate::typing::TypingType,
    TypeVar => crate::typing_params::TypeParamType,
    TypeAlias => crate::typing_params::TypeParamType,
    File => crate::file::FileType,
    Environ => crate::os_environ::EnvironType,
    Path => crate::pathlib::PathType,
    Uuid => crate::uuid::UuidType,
    Struct => crate::struct_module::StructType,
    TopoSorter => crate::graphlib::TopoSorterType,
    Fraction => crate::fractions::FractionType,
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
