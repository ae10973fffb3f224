//! `collections`: `defaultdict`, `Counter` and `OrderedDict` (real dicts
//! with a [`DictKind`], so `isinstance(x, dict)` holds), `deque` (a native
//! object) and `namedtuple` (a class whose instances behave as tuples).
//!
//! This file owns the module table, the function indices that name its
//! classes (for `isinstance` and `type()`), and the mapping between those
//! classes and dict kinds; each type's behaviour lives in a submodule.

pub(crate) mod counter_ops;
pub(crate) mod deque;
pub(crate) mod deque_ops;
pub(crate) mod dict_kinds;
mod ids;
pub(crate) mod namedtuple;

use super::objects::NativeObj;
use super::{ModuleDef, NativeId};
use crate::object::{DictKind, Value};
use crate::vm::Vm;
use ids::{
    dict_kind, index, native, F_COUNTER, F_DEFAULTDICT, F_DEQUE, F_NT_ASDICT, F_NT_DUNDER,
    F_NT_GETNEWARGS, F_NT_INIT, F_NT_REPLACE, F_NT_TUPLE_METHOD, F_ORDEREDDICT,
};

use crate::objects::native_of;
pub use deque::DequeType;
pub(crate) use namedtuple::namedtuple;

/// Whether `f` is one of the namedtuple methods a namedtuple class holds,
/// which bind their instance when looked up through one.
pub(super) fn binds_as_method(f: NativeId) -> bool {
    matches!(
        f.func,
        F_NT_ASDICT | F_NT_REPLACE | F_NT_GETNEWARGS | F_NT_INIT | F_NT_DUNDER | F_NT_TUPLE_METHOD
    )
}

fn init(_vm: &mut Vm, _attrs: &mut Vec<(String, Value)>) {}

pub static MODULE: ModuleDef = ModuleDef {
    name: "collections",
    funcs: natives_table![
        defaultdict = dict_kinds::defaultdict,
        Counter = dict_kinds::counter,
        OrderedDict = dict_kinds::ordereddict,
        deque = deque::deque,
        namedtuple,
        _asdict = namedtuple::nt_asdict,
        _replace = namedtuple::nt_replace,
        _make = namedtuple::nt_make,
        __getnewargs__ = namedtuple::nt_getnewargs,
        _nt_init = namedtuple::nt_init,
        _nt_dunder = namedtuple::nt_dunder,
        _nt_tuple_method = namedtuple::nt_tuple_method,
    ],
    init,
};

/// The `collections` classes on the VM.
///
/// An extension trait: the VM type lives in `monty-vm`, so the library
/// adds its methods through traits (brought into scope where used).
pub trait CollectionsVm {
    /// The class of a dict of a `collections` kind (`type(Counter())`).
    /// (See [`dict_class_kind`] for the reverse.)
    fn dict_kind_class(kind: DictKind) -> Option<NativeId>;

    /// `isinstance(v, collections.X)`.
    fn collections_isinstance(&mut self, v: Value, t: NativeId) -> Option<bool>;
}

impl CollectionsVm for Vm {
    fn dict_kind_class(kind: DictKind) -> Option<NativeId> {
        Some(native(match kind {
            DictKind::Plain => return None,
            DictKind::DefaultDict(_) => F_DEFAULTDICT,
            DictKind::Counter => F_COUNTER,
            DictKind::OrderedDict => F_ORDEREDDICT,
        }))
    }

    fn collections_isinstance(&mut self, v: Value, t: NativeId) -> Option<bool> {
        if t.module != index() {
            return None;
        }
        let kind = dict_kind(self, v);
        Some(match t.func {
            F_DEFAULTDICT => matches!(kind, Some(DictKind::DefaultDict(_))),
            F_COUNTER => kind == Some(DictKind::Counter),
            F_ORDEREDDICT => kind == Some(DictKind::OrderedDict),
            F_DEQUE => {
                matches!(v, Value::Ref(id) if matches!(native_of(self.heap.get(id)), Some(NativeObj::Deque { .. })))
            }
            _ => return None,
        })
    }
}

/// The dict kind `collections` class `t` makes, if it is one of the dict
/// classes.
pub fn dict_class_kind(t: NativeId) -> Option<DictKind> {
    if t.module != index() {
        return None;
    }
    Some(match t.func {
        F_DEFAULTDICT => DictKind::DefaultDict(Value::None),
        F_COUNTER => DictKind::Counter,
        F_ORDEREDDICT => DictKind::OrderedDict,
        _ => return None,
    })
}
