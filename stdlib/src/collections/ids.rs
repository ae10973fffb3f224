//! The `collections` module's own ids: its index in the registry, the
//! function indices that name its classes and namedtuple helpers, and the
//! dict-kind test the dict classes share.
//!
//! A leaf: it names no module (only the registry's `module_index`), so the
//! type files (`namedtuple.rs`, `counter_ops.rs`) can use these without a
//! circle through `mod.rs`, which names them all.

use crate::object::{DictKind, Obj, Value};
use crate::vm::Vm;
use crate::NativeId;

pub(super) fn index() -> u16 {
    crate::module_index("collections")
}

pub(super) fn native(func: u16) -> NativeId {
    NativeId {
        module: index(),
        func,
    }
}

// Function indices in `MODULE.funcs` (used for isinstance and bound methods).
pub(super) const F_DEFAULTDICT: u16 = 0;
pub(super) const F_COUNTER: u16 = 1;
pub(super) const F_ORDEREDDICT: u16 = 2;
pub(super) const F_DEQUE: u16 = 3;
pub(super) const F_NT_ASDICT: u16 = 5;
pub(super) const F_NT_REPLACE: u16 = 6;
pub(super) const F_NT_MAKE: u16 = 7;
pub(super) const F_NT_GETNEWARGS: u16 = 8;
pub(super) const F_NT_INIT: u16 = 9;
pub(super) const F_NT_DUNDER: u16 = 10;
pub(super) const F_NT_TUPLE_METHOD: u16 = 11;

pub(super) fn dict_kind(vm: &Vm, v: Value) -> Option<DictKind> {
    match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Dict(d) => Some(d.kind),
            _ => None,
        },
        _ => None,
    }
}
