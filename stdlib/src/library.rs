//! [`Library`]: the standard library's side of the
//! [`Stdlib`](crate::vm::stdlib::Stdlib) trait, answering the VM core by
//! forwarding to the modules that own each answer; a native object's hooks
//! go to the [`NativeType`](super::objects::NativeType) of its variant.

use std::any::Any;

use monty_compile::bytecode::{BinOp, CmpOp};

use super::objects::{kind, kind_of_value, operand_kinds, NativeObj};
use crate::collections::dict_kinds::DictKindsVm;
use crate::collections::CollectionsVm;
use crate::iters::NativeIterVm;
use crate::object::{DictKind, HashKey, NativeId, ObjId, Value};
use crate::objects::classes::NativeClassVm;
use crate::objects::native_of;
use crate::vm::call::Kwargs;
use crate::vm::library_data::{DataKind, LibData};
use crate::vm::stdlib::{LibraryData, Stdlib};
use crate::vm::tasks::Awaitable;
use crate::vm::{Library, PyResult, Vm};
use crate::ImportVm;

/// The methods of [`LibraryData`] that are the same for each of the
/// library's data types: the snapshot encoding (postcard, as the guest
/// encodes the rest of a snapshot), the copy, and the `Any` views.
macro_rules! data_plumbing {
    () => {
        fn encode(&self) -> Result<Vec<u8>, String> {
            postcard::to_allocvec(self).map_err(|e| e.to_string())
        }

        fn clone_data(&self) -> LibData {
            LibData::new(self.clone())
        }

        fn as_any(&self) -> &dyn Any {
            self
        }

        fn as_any_mut(&mut self) -> &mut dyn Any {
            self
        }
    };
}

impl LibraryData for NativeObj {
    fn for_each_child(&self, f: &mut dyn FnMut(Value)) {
        NativeObj::for_each_child(self, f)
    }

    fn type_name(&self) -> &'static str {
        NativeObj::type_name(self)
    }

    fn pending_close(&self) -> bool {
        matches!(self, NativeObj::File(f) if f.writable && f.dirty && !f.closed && f.buffer.is_none())
    }

    fn awaitable(&self) -> Option<&Awaitable> {
        match self {
            NativeObj::Awaitable(a) => Some(a),
            _ => None,
        }
    }

    fn awaitable_mut(&mut self) -> Option<&mut Awaitable> {
        match self {
            NativeObj::Awaitable(a) => Some(a),
            _ => None,
        }
    }

    data_plumbing!();
}

impl LibraryData for super::iters::NativeIter {
    fn for_each_child(&self, f: &mut dyn FnMut(Value)) {
        super::iters::NativeIter::for_each_child(self, f)
    }

    fn type_name(&self) -> &'static str {
        super::iters::NativeIter::class_name(self)
    }

    data_plumbing!();
}

impl LibraryData for super::random::Generator {
    fn type_name(&self) -> &'static str {
        "random.Random"
    }

    data_plumbing!();
}

/// The one library of this crate, as the core calls it.
pub(crate) static LIBRARY: Library = Library;

impl Stdlib for Library {
    fn wrap_awaitable(&self, a: Awaitable) -> LibData {
        LibData::new(NativeObj::Awaitable(Box::new(a)))
    }

    fn decode_data(&self, kind: DataKind, bytes: &[u8]) -> Result<LibData, String> {
        fn decode<T: LibraryData + serde::de::DeserializeOwned>(
            b: &[u8],
        ) -> Result<LibData, String> {
            postcard::from_bytes::<T>(b)
                .map(LibData::new)
                .map_err(|e| e.to_string())
        }
        match kind {
            DataKind::Object => decode::<NativeObj>(bytes),
            DataKind::Iterator => decode::<super::iters::NativeIter>(bytes),
            DataKind::RandomState => decode::<super::random::Generator>(bytes),
        }
    }

    fn native_obj_getattr(&self, vm: &mut Vm, id: ObjId, name: &str) -> PyResult<Option<Value>> {
        kind(vm, id).getattr(vm, id, name)
    }

    fn native_obj_setattr(
        &self,
        vm: &mut Vm,
        id: ObjId,
        name: &str,
        v: Value,
    ) -> Option<PyResult<()>> {
        kind(vm, id).setattr(vm, id, name, v)
    }

    fn native_obj_has_method(&self, vm: &Vm, id: ObjId, name: &str) -> bool {
        kind(vm, id).has_method(vm, id, name)
    }

    fn native_obj_call_method(
        &self,
        vm: &mut Vm,
        id: ObjId,
        name: &str,
        args: Vec<Value>,
        kw: Kwargs,
    ) -> PyResult<Option<Value>> {
        kind(vm, id).call_method(vm, id, name, args, kw)
    }

    fn native_obj_repr(&self, vm: &mut Vm, id: ObjId) -> PyResult<String> {
        kind(vm, id).repr(vm, id)
    }

    fn native_obj_str(&self, vm: &mut Vm, id: ObjId) -> PyResult<String> {
        kind(vm, id).str(vm, id)
    }

    fn native_obj_compare(
        &self,
        vm: &mut Vm,
        op: CmpOp,
        a: Value,
        b: Value,
    ) -> PyResult<Option<bool>> {
        for kind in operand_kinds(vm, a, b).into_iter().flatten() {
            if let Some(r) = kind.compare(vm, op, a, b)? {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }

    fn native_obj_hash(&self, vm: &mut Vm, id: ObjId) -> PyResult<Option<HashKey>> {
        kind(vm, id).hash(vm, id)
    }

    fn native_obj_binary(
        &self,
        vm: &mut Vm,
        op: BinOp,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> PyResult<Option<Value>> {
        for kind in operand_kinds(vm, a, b).into_iter().flatten() {
            if let Some(r) = kind.binary(vm, op, a, b, inplace)? {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }

    fn native_obj_unary(&self, vm: &mut Vm, v: Value, op: char) -> PyResult<Option<Value>> {
        match kind_of_value(vm, v) {
            Some(kind) => kind.unary(vm, v, op),
            None => Ok(None),
        }
    }

    fn native_obj_len(&self, vm: &mut Vm, id: ObjId) -> PyResult<Option<usize>> {
        kind(vm, id).len(vm, id)
    }

    fn native_obj_contains(&self, vm: &mut Vm, id: ObjId, item: Value) -> PyResult<Option<bool>> {
        kind(vm, id).contains(vm, id, item)
    }

    fn native_obj_iter(&self, vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
        kind(vm, id).iter(vm, id)
    }

    fn native_obj_is_iterator(&self, vm: &Vm, id: ObjId) -> bool {
        kind(vm, id).is_iterator(vm, id)
    }

    fn native_obj_is_reversible(&self, vm: &Vm, id: ObjId) -> bool {
        kind(vm, id).is_reversible(vm, id)
    }

    fn native_obj_next(&self, vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
        kind(vm, id).next(vm, id)
    }

    fn native_obj_getitem(&self, vm: &mut Vm, id: ObjId, idx: Value) -> PyResult<Option<Value>> {
        kind(vm, id).getitem(vm, id, idx)
    }

    fn native_obj_setitem(
        &self,
        vm: &mut Vm,
        id: ObjId,
        idx: Value,
        v: Option<Value>,
    ) -> Option<PyResult<()>> {
        kind(vm, id).setitem(vm, id, idx, v)
    }

    fn native_obj_truthy(&self, vm: &mut Vm, id: ObjId) -> bool {
        kind(vm, id).truthy(vm, id)
    }

    fn native_obj_format(&self, vm: &mut Vm, id: ObjId, spec: &str) -> PyResult<Option<String>> {
        kind(vm, id).format(vm, id, spec)
    }

    fn native_type_getattr(&self, vm: &mut Vm, t: NativeId, name: &str) -> PyResult<Option<Value>> {
        vm.native_type_getattr(t, name)
    }

    fn native_type_isinstance(&self, vm: &mut Vm, v: Value, t: NativeId) -> Option<bool> {
        vm.native_type_isinstance(v, t)
    }

    fn native_type_of(&self, vm: &Vm, v: Value) -> Option<NativeId> {
        vm.native_type_of(v)
    }

    fn native_class_name(&self, vm: &Vm, f: NativeId) -> Option<String> {
        vm.native_class_name(f)
    }

    fn bound_native_getattr(&self, vm: &mut Vm, id: ObjId, name: &str) -> PyResult<Option<Value>> {
        vm.bound_native_getattr(id, name)
    }

    fn bound_native_binds(&self, vm: &Vm, id: ObjId) -> bool {
        vm.bound_native_binds(id)
    }

    fn bound_native_is_function(&self, vm: &Vm, id: ObjId) -> bool {
        matches!(vm.heap.get(id), crate::object::Obj::BoundNative { func, .. } if crate::dataclasses::is_function(*func) || crate::host_object::is_function(*func))
    }

    fn bound_native_repr(
        &self,
        vm: &mut Vm,
        func: NativeId,
        bound: &[Value],
        id: ObjId,
    ) -> PyResult<Option<String>> {
        vm.bound_native_repr(func, bound, id)
    }

    fn native_iter_next(&self, vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
        vm.native_iter_next(id)
    }

    fn native_iter_repr(&self, vm: &mut Vm, id: ObjId) -> PyResult<Option<String>> {
        vm.native_iter_repr(id)
    }

    fn dict_kind_repr(
        &self,
        vm: &mut Vm,
        kind: DictKind,
        id: ObjId,
        plain: String,
    ) -> PyResult<String> {
        vm.dict_kind_repr(kind, id, plain)
    }

    fn import_module(&self, vm: &mut Vm, name: &str) -> PyResult<Value> {
        vm.import_module(name)
    }

    fn import_from(&self, vm: &mut Vm, module: Value, name: &str) -> PyResult<Value> {
        vm.import_from(module, name)
    }

    fn class_repr(&self, vm: &Vm, t: NativeId) -> Option<String> {
        super::objects::classes::class_repr(vm, t)
    }

    fn class_of(&self, vm: &Vm, id: ObjId) -> Option<NativeId> {
        super::objects::classes::class_of(vm, id)
    }

    fn native_name(&self, id: NativeId) -> &'static str {
        crate::registry::native_name(id)
    }

    fn native_module(&self, id: NativeId) -> &'static str {
        if let Some(m) = super::io::classes::module_of(id) {
            return m;
        }
        crate::MODULE_NAMES
            .get(id.module as usize)
            .copied()
            .unwrap_or("builtins")
    }

    fn is_asyncio_run(&self, id: NativeId) -> bool {
        crate::registry::is_asyncio_run(id)
    }

    fn is_asyncio_function(&self, id: NativeId) -> bool {
        id.module == super::module_index("asyncio")
    }

    fn call_native(
        &self,
        vm: &mut Vm,
        id: NativeId,
        args: Vec<Value>,
        kw: Kwargs,
    ) -> PyResult<Value> {
        crate::registry::call(vm, id, args, kw)
    }

    fn union_binary(&self, vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
        super::generic::binary(vm, op, a, b)
    }

    fn alias_call_target(&self, vm: &Vm, v: Value) -> Option<Value> {
        super::generic::call_target(vm, v)
    }

    fn typing_call_target(&self, vm: &Vm, v: Value) -> Option<PyResult<Value>> {
        super::typing::call_target(vm, v)
    }

    fn typing_class_getitem(&self, vm: &mut Vm, cls: Value, idx: Value) -> Option<PyResult<Value>> {
        super::typing::class_getitem(vm, cls, idx)
    }

    fn open_file(&self, vm: &mut Vm, args: crate::builtins::Args) -> PyResult<Value> {
        super::file::open(vm, args)
    }

    fn mro_entry(&self, vm: &mut Vm, base: Value) -> Option<Value> {
        super::typing_classes::mro_entry(vm, base)
    }

    fn build_special_class(
        &self,
        vm: &mut Vm,
        name: &str,
        bases: &[Value],
        ns: Value,
    ) -> Option<PyResult<Value>> {
        super::typing_classes::build_special_class(vm, name, bases, ns)
    }

    fn generic_class_getitem(&self, vm: &mut Vm, cls: Value, idx: Value) -> Option<Value> {
        super::generic::class_getitem(vm, cls, idx)
    }

    fn generic_isinstance(&self, vm: &mut Vm, v: Value, t: Value) -> Option<PyResult<bool>> {
        super::generic::isinstance(vm, v, t)
    }

    fn virtual_issubclass(&self, vm: &Vm, c: Value, t: Value) -> Option<bool> {
        if let Some(r) = super::io::classes::issubclass(c, t) {
            return Some(r);
        }
        super::numbers::issubclass(vm, c, t)
    }

    fn decimal_float_of(&self, vm: &Vm, v: Value) -> Option<PyResult<f64>> {
        // also `float()` of a `Fraction`
        if let Some(f) = super::fractions_ops::float_of(vm, v) {
            return Some(f);
        }
        super::decimal::ops::float_of(vm, v)
    }

    fn decimal_int_of(&self, vm: &mut Vm, v: Value) -> Option<PyResult<Value>> {
        // also `int()` of the library's other objects with `__int__`
        if let Some(n) = super::uuid::int_of_uuid(vm, v) {
            return Some(Ok(n));
        }
        if let Some(n) = super::fractions_ops::int_of(vm, v) {
            return Some(Ok(n));
        }
        super::decimal::ops::int_of(vm, v)
    }

    fn decimal_round(&self, vm: &mut Vm, v: Value, nd: Option<Value>) -> Option<PyResult<Value>> {
        if let Some(r) = super::fractions_ops::round(vm, v, nd) {
            return Some(r);
        }
        super::decimal::ops::round(vm, v, nd)
    }

    fn decimal_pow3(&self, vm: &mut Vm, a: Value, b: Value, m: Value) -> PyResult<Option<Value>> {
        if super::fractions_ops::frac_of(vm, a).is_some() {
            // `Fraction.__pow__` takes no modulo
            return Err(crate::vm::PyErr::type_error(
                "Fraction.__pow__() takes 2 positional arguments but 3 were given",
            ));
        }
        super::decimal::ops::pow3(vm, a, b, m)
    }

    fn decimal_divmod(&self, vm: &mut Vm, a: Value, b: Value) -> PyResult<Option<Value>> {
        if let Some(r) = super::fractions_ops::divmod(vm, a, b)? {
            return Ok(Some(r));
        }
        super::decimal::ops::divmod(vm, a, b)
    }

    fn is_decimal(&self, vm: &Vm, v: Value) -> bool {
        // (what `%f` converts with `float()`: a `Fraction` too)
        super::decimal::is_decimal(vm, v) || super::fractions_ops::frac_of(vm, v).is_some()
    }

    fn builtin_payload(&self, vm: &Vm, v: Value) -> Option<Value> {
        super::enums::builtin_payload(vm, v)
    }

    fn stream_of(&self, vm: &Vm, v: Value) -> Option<u8> {
        super::structseq::stream_of(vm, v)
    }

    fn dict_kind_class(&self, kind: DictKind) -> Option<NativeId> {
        Vm::dict_kind_class(kind)
    }

    fn dict_kind_name(&self, kind: DictKind) -> &'static str {
        Vm::dict_kind_name(kind)
    }

    fn dict_kind_methods(&self, kind: DictKind) -> &'static [monty_vm::builtins::native::Method] {
        super::collections::dict_kinds::methods_of(kind)
    }

    fn dict_class_kind(&self, t: NativeId) -> Option<DictKind> {
        crate::registry::dict_class_kind(t)
    }

    fn native_obj_is_sequence(&self, vm: &Vm, id: ObjId) -> bool {
        matches!(native_of(vm.heap.get(id)), Some(NativeObj::Deque { .. }))
    }
}
