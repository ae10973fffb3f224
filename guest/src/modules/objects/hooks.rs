//! The hooks the VM calls on a native object (attributes, methods, repr,
//! `str`, comparison, hashing, operators, length, membership, iteration,
//! indexing, truthiness, `format`): each reads the object's variant and
//! calls that variant's [`NativeType`](super::NativeType), so the VM core
//! never names a module's type. Operators with two operands ask the left
//! native operand's type first, then the right one's.

use super::{obj, Kind};
use crate::object::{HashKey, Obj, ObjId, Value};
use crate::vm::call::Kwargs;
use crate::vm::{PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp};

impl Vm {
    fn native_kind(&self, id: ObjId) -> Kind {
        obj(self, id).kind()
    }

    /// The variant of `v` if it is a native object.
    fn native_kind_of(&self, v: Value) -> Option<Kind> {
        match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Native(n) => Some(n.kind()),
                _ => None,
            },
            _ => None,
        }
    }

    /// The kinds to ask about an operation on `a` and `b`: each native
    /// operand's, left first, once.
    fn native_operand_kinds(&self, a: Value, b: Value) -> [Option<Kind>; 2] {
        let (ka, kb) = (self.native_kind_of(a), self.native_kind_of(b));
        [ka, kb.filter(|k| Some(*k) != ka)]
    }

    /// An attribute (data or bound method) of a native object.
    pub fn native_obj_getattr(&mut self, id: ObjId, name: &str) -> PyResult<Option<Value>> {
        self.native_kind(id).getattr(self, id, name)
    }

    /// Calls method `name` of a native object; `None` if there is none.
    pub fn native_obj_call_method(
        &mut self,
        id: ObjId,
        name: &str,
        args: Vec<Value>,
        kw: Kwargs,
    ) -> PyResult<Option<Value>> {
        self.native_kind(id).call_method(self, id, name, args, kw)
    }

    /// Whether the object has a method `name` (for `obj.name(...)` calls).
    pub fn native_obj_has_method(&self, id: ObjId, name: &str) -> bool {
        self.native_kind(id).has_method(self, id, name)
    }

    pub fn native_obj_repr(&mut self, id: ObjId) -> PyResult<String> {
        self.native_kind(id).repr(self, id)
    }

    /// `obj.name = v` on a native object; `None` for the default handling
    /// (no attributes can be set).
    pub fn native_obj_setattr(&mut self, id: ObjId, name: &str, v: Value) -> Option<PyResult<()>> {
        self.native_kind(id).setattr(self, id, name, v)
    }

    /// `str()`; defaults to the repr.
    pub fn native_obj_str(&mut self, id: ObjId) -> PyResult<String> {
        self.native_kind(id).str(self, id)
    }

    /// A comparison where one operand is a native object; `None` means not
    /// supported (equality then falls back to identity).
    pub fn native_obj_compare(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
        for kind in self.native_operand_kinds(a, b).into_iter().flatten() {
            if let Some(r) = kind.compare(self, op, a, b)? {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }

    /// The dict key of a hashable native object; `None` hashes by identity.
    pub fn native_obj_hash(&mut self, id: ObjId) -> PyResult<Option<HashKey>> {
        self.native_kind(id).hash(self, id)
    }

    /// A binary operator with a native operand; `None` if unsupported.
    pub fn native_obj_binary(
        &mut self,
        op: BinOp,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> PyResult<Option<Value>> {
        for kind in self.native_operand_kinds(a, b).into_iter().flatten() {
            if let Some(r) = kind.binary(self, op, a, b, inplace)? {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }

    /// `len()`; `None` if the object has no length.
    pub fn native_obj_len(&mut self, id: ObjId) -> PyResult<Option<usize>> {
        self.native_kind(id).len(self, id)
    }

    /// `item in obj`; `None` to iterate and compare.
    pub fn native_obj_contains(&mut self, id: ObjId, item: Value) -> PyResult<Option<bool>> {
        self.native_kind(id).contains(self, id, item)
    }

    /// `iter()`; `None` if the object is not iterable.
    pub fn native_obj_iter(&mut self, id: ObjId) -> PyResult<Option<Value>> {
        self.native_kind(id).iter(self, id)
    }

    /// Whether the native object is its own iterator (`next()` works on it).
    pub fn native_obj_is_iterator(&self, id: ObjId) -> bool {
        self.native_kind(id).is_iterator(self, id)
    }

    /// Whether `reversed()` takes the native object.
    pub fn native_obj_is_reversible(&self, id: ObjId) -> bool {
        self.native_kind(id).is_reversible(self, id)
    }

    /// `next()` of a native object that is an iterator; `None` when exhausted.
    pub fn native_obj_next(&mut self, id: ObjId) -> PyResult<Option<Value>> {
        self.native_kind(id).next(self, id)
    }

    /// `obj[idx]`; `None` if not subscriptable.
    pub fn native_obj_getitem(&mut self, id: ObjId, idx: Value) -> PyResult<Option<Value>> {
        self.native_kind(id).getitem(self, id, idx)
    }

    /// `obj[idx] = v` / `del obj[idx]` (`v` is `None`); `None` if the
    /// object does not support it.
    pub fn native_obj_setitem(
        &mut self,
        id: ObjId,
        idx: Value,
        v: Option<Value>,
    ) -> Option<PyResult<()>> {
        self.native_kind(id).setitem(self, id, idx, v)
    }

    /// Truthiness of a native object (`timedelta(0)` and empty deques are false).
    pub fn native_obj_truthy(&mut self, id: ObjId) -> bool {
        self.native_kind(id).truthy(self, id)
    }

    /// Unary `-`, `+` (`op` '-' / '+') and `abs()` ('a') of a native object.
    pub fn native_obj_unary(&mut self, v: Value, op: char) -> PyResult<Option<Value>> {
        match self.native_kind_of(v) {
            Some(kind) => kind.unary(self, v, op),
            None => Ok(None),
        }
    }

    /// `format(obj, spec)`; `None` falls back to `str()`.
    pub fn native_obj_format(&mut self, id: ObjId, spec: &str) -> PyResult<Option<String>> {
        self.native_kind(id).format(self, id, spec)
    }
}
