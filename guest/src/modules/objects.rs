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
}

impl NativeObj {
    pub fn for_each_child(&self, _f: &mut dyn FnMut(Value)) {
        match self {
            NativeObj::Reserved => {}
        }
    }

    /// The class name (`type(x).__name__`).
    pub fn type_name(&self) -> &'static str {
        match self {
            NativeObj::Reserved => "object",
        }
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
            NativeObj::Reserved => Ok(None),
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
            NativeObj::Reserved => Ok(None),
        }
    }

    /// Whether the object has a method `name` (for `obj.name(...)` calls).
    pub fn native_obj_has_method(&self, id: ObjId, _name: &str) -> bool {
        match obj(self, id) {
            NativeObj::Reserved => false,
        }
    }

    pub fn native_obj_repr(&mut self, id: ObjId) -> PyResult<String> {
        match obj(self, id) {
            NativeObj::Reserved => Ok("<object>".into()),
        }
    }

    /// `str()`; defaults to the repr.
    pub fn native_obj_str(&mut self, id: ObjId) -> PyResult<String> {
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
        Ok(None)
    }

    /// The dict key of a hashable native object; `None` hashes by identity.
    pub fn native_obj_hash(&mut self, _id: ObjId) -> PyResult<Option<HashKey>> {
        Ok(None)
    }

    /// A binary operator with a native operand; `None` if unsupported.
    pub fn native_obj_binary(
        &mut self,
        _op: BinOp,
        _a: Value,
        _b: Value,
    ) -> PyResult<Option<Value>> {
        Ok(None)
    }

    /// `len()`; `None` if the object has no length.
    pub fn native_obj_len(&mut self, _id: ObjId) -> PyResult<Option<usize>> {
        Ok(None)
    }

    /// `iter()`; `None` if the object is not iterable.
    pub fn native_obj_iter(&mut self, _id: ObjId) -> PyResult<Option<Value>> {
        Ok(None)
    }

    /// `obj[idx]`; `None` if not subscriptable.
    pub fn native_obj_getitem(&mut self, _id: ObjId, _idx: Value) -> PyResult<Option<Value>> {
        Ok(None)
    }

    /// `isinstance(v, t)` where `t` is a native constructor acting as a
    /// class (`datetime.date`): `None` if `t` is not a class.
    pub fn native_type_isinstance(&mut self, _v: Value, _t: NativeId) -> Option<bool> {
        None
    }

    /// Attributes of a native constructor acting as a class
    /// (`datetime.datetime.now`, `date.min`).
    pub fn native_type_getattr(&mut self, _t: NativeId, _name: &str) -> PyResult<Option<Value>> {
        Ok(None)
    }
}
