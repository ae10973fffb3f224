//! [`NativeType`]: what one kind of native object does. Each module that
//! owns an object type (a deque, a date, a regex match) implements it next
//! to the type, and the registry in `mod.rs` names the type once; the VM
//! reaches every native object through `Stdlib::native_obj_*`
//! (`../library.rs`), which dispatch on the variant to these
//! implementations.
//!
//! Every method but [`NativeType::type_name`] has a default meaning "this
//! type has no such behaviour" (no attribute, no method, not comparable,
//! hashed by identity, no length, not iterable, ...), so a type implements
//! only what it supports.

use monty_compile::bytecode::{BinOp, CmpOp};

use super::NativeObj;
use crate::object::{HashKey, ObjId, Value};
use crate::vm::call::Kwargs;
use crate::vm::{PyErr, PyResult, Vm};

/// The behaviour of a kind of native object. The hooks take the VM and the
/// object's id (they may allocate, call back into Python, or raise); the
/// two that only read the data take the object itself.
pub trait NativeType {
    /// `type(x).__name__` of `o`, an object of this type.
    fn type_name(o: &NativeObj) -> &'static str;

    /// Calls `f` on every value `o` holds (for the collector and the
    /// snapshot validator).
    fn for_each_child(_o: &NativeObj, _f: &mut dyn FnMut(Value)) {}

    /// An attribute (data or bound method); `None` if there is none.
    fn getattr(_vm: &mut Vm, _id: ObjId, _name: &str) -> PyResult<Option<Value>> {
        Ok(None)
    }

    /// `obj.name = v`; `None` for the default (attributes cannot be set).
    fn setattr(_vm: &mut Vm, _id: ObjId, _name: &str, _v: Value) -> Option<PyResult<()>> {
        None
    }

    /// Whether `obj.name(...)` names a method.
    fn has_method(_vm: &Vm, _id: ObjId, _name: &str) -> bool {
        false
    }

    /// Calls method `name`; `None` if there is none.
    fn call_method(
        _vm: &mut Vm,
        _id: ObjId,
        _name: &str,
        _args: Vec<Value>,
        _kw: Kwargs,
    ) -> PyResult<Option<Value>> {
        Ok(None)
    }

    /// `repr()`; by default `<type object at 0x...>`.
    fn repr(vm: &mut Vm, id: ObjId) -> PyResult<String> {
        Ok(default_repr(vm, id))
    }

    /// `str()`; by default the repr.
    fn str(vm: &mut Vm, id: ObjId) -> PyResult<String> {
        Self::repr(vm, id)
    }

    /// A comparison where `a` or `b` is of this type; `None` if unsupported
    /// (equality then falls back to identity).
    fn compare(_vm: &mut Vm, _op: CmpOp, _a: Value, _b: Value) -> PyResult<Option<bool>> {
        Ok(None)
    }

    /// The dict key of a hashable object; `None` hashes by identity.
    fn hash(_vm: &mut Vm, _id: ObjId) -> PyResult<Option<HashKey>> {
        Ok(None)
    }

    /// A binary operator where `a` or `b` is of this type (`inplace` for
    /// `a op= b`); `None` if unsupported.
    fn binary(
        _vm: &mut Vm,
        _op: BinOp,
        _a: Value,
        _b: Value,
        _inplace: bool,
    ) -> PyResult<Option<Value>> {
        Ok(None)
    }

    /// Unary `-`, `+` (`op` '-' / '+') and `abs()` ('a').
    fn unary(_vm: &mut Vm, _v: Value, _op: char) -> PyResult<Option<Value>> {
        Ok(None)
    }

    /// `len()`; `None` if the object has no length.
    fn len(_vm: &mut Vm, _id: ObjId) -> PyResult<Option<usize>> {
        Ok(None)
    }

    /// `item in obj`; `None` to iterate and compare.
    fn contains(_vm: &mut Vm, _id: ObjId, _item: Value) -> PyResult<Option<bool>> {
        Ok(None)
    }

    /// `iter()`; `None` if the object is not iterable.
    fn iter(_vm: &mut Vm, _id: ObjId) -> PyResult<Option<Value>> {
        Ok(None)
    }

    /// Whether the object is its own iterator (`next()` works on it).
    fn is_iterator(_vm: &Vm, _id: ObjId) -> bool {
        false
    }

    /// Whether `reversed()` takes it (by collecting its items).
    fn is_reversible(_vm: &Vm, _id: ObjId) -> bool {
        false
    }

    /// `next()`; `None` when exhausted.
    fn next(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
        Err(PyErr::type_error(format!(
            "'{}' object is not an iterator",
            super::obj(vm, id).type_name()
        )))
    }

    /// `obj[idx]`; `None` if not subscriptable.
    fn getitem(_vm: &mut Vm, _id: ObjId, _idx: Value) -> PyResult<Option<Value>> {
        Ok(None)
    }

    /// `obj[idx] = v` (`Some(v)`) or `del obj[idx]` (`None`); `None` if
    /// the object does not support it.
    fn setitem(_vm: &mut Vm, _id: ObjId, _idx: Value, _v: Option<Value>) -> Option<PyResult<()>> {
        None
    }

    /// Truth value (`timedelta(0)` and empty deques are false).
    fn truthy(_vm: &mut Vm, _id: ObjId) -> bool {
        true
    }

    /// `format(obj, spec)`; `None` falls back to `str()`.
    fn format(_vm: &mut Vm, _id: ObjId, _spec: &str) -> PyResult<Option<String>> {
        Ok(None)
    }
}

/// `<type object at 0x...>`, the repr of objects that define none.
pub fn default_repr(vm: &Vm, id: ObjId) -> String {
    format!(
        "<{} object at 0x{:012x}>",
        super::obj(vm, id).type_name(),
        0x7f00_0000_0000u64 + id.0 as u64 * 0x40
    )
}

/// What an implementation of [`NativeType`] needs, under one name
/// (`use crate::objects::prelude as np;`), so a module's file can
/// add its implementation without touching its own imports.
pub mod prelude {
    pub(crate) use super::super::obj;
    pub use super::super::NativeObj;
    pub use super::{default_repr, NativeType};
    pub use crate::object::{HashKey, ObjId, Value};
    pub use crate::vm::call::Kwargs;
    pub use crate::vm::{PyErr, PyResult, Vm};
    pub use monty_compile::bytecode::{BinOp, CmpOp};
}
