//! The standard library as the VM core sees it: every question the VM,
//! the builtins and the object layer ask of the modules, in one trait,
//! [`Stdlib`], which `monty-stdlib` implements (`Library`, in its
//! `library.rs`). The core takes the library as a type parameter
//! (`Vm<S: Stdlib>`, `Obj<S>`, `Heap<S>`, `Iter<S>`), monomorphised with the
//! one library, so nothing is dispatched dynamically and this crate does
//! not depend on the modules.

use monty_compile::bytecode::{BinOp, CmpOp};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::object::{DictKind, HashKey, NativeId, ObjId, Value};
use crate::vm::tasks_data::Awaitable;
use crate::vm::Kwargs;
use crate::vm::{PyResult, Vm};

/// What the core needs of every library object: the values it holds (for
/// the collector and the snapshot validator) and its class name.
pub trait LibraryObject: Clone + std::fmt::Debug + Serialize + DeserializeOwned {
    /// Calls `f` on every value the object holds.
    fn for_each_child(&self, f: &mut dyn FnMut(Value));
    /// `type(x).__name__`.
    fn type_name(&self) -> &'static str;
    /// Whether the object must be closed before the run ends (an open file
    /// holding written data the host has not seen): the collector keeps
    /// it, and the run closes it at exit (`at_exit.rs`), as CPython closes
    /// a file whose last reference goes away.
    fn pending_close(&self) -> bool {
        false
    }
}

/// What the core needs of every library iterator's state.
pub trait LibraryIterator: Clone + std::fmt::Debug + Serialize + DeserializeOwned {
    /// Calls `f` on every value the iterator holds.
    fn for_each_child(&self, f: &mut dyn FnMut(Value));
    /// The class name of the iterator (`itertools.count`, ...).
    fn class_name(&self) -> &'static str;
}

/// What the VM core asks of the standard library. The methods named after
/// a kind of object (`native_obj_*`, `namedtuple_*`, `dataclass_*`,
/// `counter_*`, `decimal_*`, ...) are the hooks for the objects and
/// classes the library implements; the rest are its functions and modules.
pub trait Stdlib: Sized + Clone + Default + std::fmt::Debug + 'static {
    /// The data of the library's objects (`Obj::Native`): deques, dates,
    /// regex matches, ..., and the scheduler's awaitables, which the
    /// library stores for the VM (`from_awaitable`).
    type Object: LibraryObject;
    /// The state of the library's iterators (`Iter::Native`: itertools, ...).
    type Iterator: LibraryIterator;
    /// The state of `random`'s module-level generator, kept by the VM.
    type RandomState: Clone + std::fmt::Debug + Serialize + DeserializeOwned;

    /// The scheduler's awaitable stored in `o`, if `o` is one.
    fn awaitable(o: &Self::Object) -> Option<&Awaitable>;

    /// [`Stdlib::awaitable`], to update.
    fn awaitable_mut(o: &mut Self::Object) -> Option<&mut Awaitable>;

    /// The library object that stores one of the scheduler's awaitables.
    fn from_awaitable(a: Awaitable) -> Self::Object;

    /// An attribute (data or bound method) of a native object.
    fn native_obj_getattr(vm: &mut Vm<Self>, id: ObjId, name: &str) -> PyResult<Option<Value>>;

    /// `obj.name = v` on a native object; `None` for the default handling
    /// (no attributes can be set).
    fn native_obj_setattr(
        vm: &mut Vm<Self>,
        id: ObjId,
        name: &str,
        v: Value,
    ) -> Option<PyResult<()>>;

    /// Whether the object has a method `name` (for `obj.name(...)` calls).
    fn native_obj_has_method(vm: &Vm<Self>, id: ObjId, name: &str) -> bool;

    /// Calls method `name` of a native object; `None` if there is none.
    fn native_obj_call_method(
        vm: &mut Vm<Self>,
        id: ObjId,
        name: &str,
        args: Vec<Value>,
        kw: Kwargs,
    ) -> PyResult<Option<Value>>;

    /// `repr()` of a native object.
    fn native_obj_repr(vm: &mut Vm<Self>, id: ObjId) -> PyResult<String>;

    /// `str()`; defaults to the repr.
    fn native_obj_str(vm: &mut Vm<Self>, id: ObjId) -> PyResult<String>;

    /// A comparison where one operand is a native object; `None` means not
    /// supported (equality then falls back to identity).
    fn native_obj_compare(
        vm: &mut Vm<Self>,
        op: CmpOp,
        a: Value,
        b: Value,
    ) -> PyResult<Option<bool>>;

    /// The dict key of a hashable native object; `None` hashes by identity.
    fn native_obj_hash(vm: &mut Vm<Self>, id: ObjId) -> PyResult<Option<HashKey>>;

    /// A binary operator with a native operand; `None` if unsupported.
    fn native_obj_binary(
        vm: &mut Vm<Self>,
        op: BinOp,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> PyResult<Option<Value>>;

    /// Unary `-`, `+` (`op` '-' / '+') and `abs()` ('a') of a native object.
    fn native_obj_unary(vm: &mut Vm<Self>, v: Value, op: char) -> PyResult<Option<Value>>;

    /// `len()`; `None` if the object has no length.
    fn native_obj_len(vm: &mut Vm<Self>, id: ObjId) -> PyResult<Option<usize>>;

    /// `item in obj`; `None` to iterate and compare.
    fn native_obj_contains(vm: &mut Vm<Self>, id: ObjId, item: Value) -> PyResult<Option<bool>>;

    /// `iter()`; `None` if the object is not iterable.
    fn native_obj_iter(vm: &mut Vm<Self>, id: ObjId) -> PyResult<Option<Value>>;

    /// Whether the native object is its own iterator (`next()` works on it).
    fn native_obj_is_iterator(vm: &Vm<Self>, id: ObjId) -> bool;

    /// Whether `reversed()` takes the native object.
    fn native_obj_is_reversible(vm: &Vm<Self>, id: ObjId) -> bool;

    /// `next()` of a native object that is an iterator; `None` when exhausted.
    fn native_obj_next(vm: &mut Vm<Self>, id: ObjId) -> PyResult<Option<Value>>;

    /// `obj[idx]`; `None` if not subscriptable.
    fn native_obj_getitem(vm: &mut Vm<Self>, id: ObjId, idx: Value) -> PyResult<Option<Value>>;

    /// `obj[idx] = v` / `del obj[idx]` (`v` is `None`); `None` if the
    /// object does not support it.
    fn native_obj_setitem(
        vm: &mut Vm<Self>,
        id: ObjId,
        idx: Value,
        v: Option<Value>,
    ) -> Option<PyResult<()>>;

    /// Truthiness of a native object (`timedelta(0)` and empty deques are false).
    fn native_obj_truthy(vm: &mut Vm<Self>, id: ObjId) -> bool;

    /// `format(obj, spec)`; `None` falls back to `str()`.
    fn native_obj_format(vm: &mut Vm<Self>, id: ObjId, spec: &str) -> PyResult<Option<String>>;

    /// Attributes of a native constructor acting as a class
    /// (`datetime.datetime.now`, `date.min`).
    fn native_type_getattr(vm: &mut Vm<Self>, t: NativeId, name: &str) -> PyResult<Option<Value>>;

    /// `isinstance(v, t)` where `t` is a native constructor acting as a
    /// class (`datetime.date`): `None` if `t` is not a class.
    fn native_type_isinstance(vm: &mut Vm<Self>, v: Value, t: NativeId) -> Option<bool>;

    /// The native constructor acting as the class of `v`, if any (`type(v)`).
    fn native_type_of(vm: &Vm<Self>, v: Value) -> Option<NativeId>;

    /// The class name shown for a native constructor acting as a class.
    fn native_class_name(vm: &Vm<Self>, f: NativeId) -> Option<String>;

    /// An attribute of a bound native (`functools.partial(...).func`, ...).
    fn bound_native_getattr(vm: &mut Vm<Self>, id: ObjId, name: &str) -> PyResult<Option<Value>>;

    /// Whether the bound native binds like a method when found on a class.
    fn bound_native_binds(vm: &Vm<Self>, id: ObjId) -> bool;

    /// Whether the bound native stands for a Python function (a
    /// dataclass's generated `__init__`): `type()` of it is `function`
    /// and its repr `<function Name.__init__ at 0x...>`.
    fn bound_native_is_function(_vm: &Vm<Self>, _id: ObjId) -> bool {
        false
    }

    /// `repr()` of a bound native (`functools.partial(<function f ...>, 1)`).
    fn bound_native_repr(
        vm: &mut Vm<Self>,
        func: NativeId,
        bound: &[Value],
        id: ObjId,
    ) -> PyResult<Option<String>>;

    /// `next()` of a library iterator (itertools, ...); `None` when exhausted.
    fn native_iter_next(vm: &mut Vm<Self>, id: ObjId) -> PyResult<Option<Value>>;

    /// `repr()` of a library iterator.
    fn native_iter_repr(vm: &mut Vm<Self>, id: ObjId) -> PyResult<Option<String>>;

    /// `repr()` of a `dict` subclass, given the plain dict repr.
    fn dict_kind_repr(
        vm: &mut Vm<Self>,
        kind: DictKind,
        id: ObjId,
        plain: String,
    ) -> PyResult<String>;

    /// `import name`: the module object, created once per execution.
    fn import_module(vm: &mut Vm<Self>, name: &str) -> PyResult<Value>;

    /// `from module import name`.
    fn import_from(vm: &mut Vm<Self>, module: Value, name: &str) -> PyResult<Value>;

    /// `repr()` of a native constructor acting as a class (`<class 'collections.deque'>`); `None` if it does not act as one.
    fn class_repr(vm: &Vm<Self>, t: NativeId) -> Option<String>;

    /// The native constructor that is the class of native object `id`.
    fn class_of(vm: &Vm<Self>, id: ObjId) -> Option<NativeId>;

    /// The Python name of a native function.
    fn native_name(id: NativeId) -> &'static str;

    /// Whether `id` is `asyncio.run` (which the VM runs as frames).
    fn is_asyncio_run(id: NativeId) -> bool;

    /// Whether `id` is a function of `asyncio` (their reprs differ).
    fn is_asyncio_function(id: NativeId) -> bool;

    /// Calls a native function.
    fn call_native(
        vm: &mut Vm<Self>,
        id: NativeId,
        args: Vec<Value>,
        kw: Kwargs,
    ) -> PyResult<Value>;

    /// `a | b` of types (a union); `None` if neither is a type.
    fn union_binary(vm: &mut Vm<Self>, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>>;

    /// What calling `list[int]` calls (its origin), for a generic alias.
    fn alias_call_target(vm: &Vm<Self>, v: Value) -> Option<Value>;

    /// What calling a `typing` alias calls, or the error it raises.
    fn typing_call_target(vm: &Vm<Self>, v: Value) -> Option<PyResult<Value>>;

    /// `cls[idx]` for the classes `typing` makes subscriptable (`Union[...]`), or the error it raises.
    fn typing_class_getitem(vm: &mut Vm<Self>, cls: Value, idx: Value) -> Option<PyResult<Value>>;

    /// The builtin `open(...)`.
    fn open_file(vm: &mut Vm<Self>, args: crate::builtins::Args) -> PyResult<Value>;

    /// PEP 560's `__mro_entries__`: the class a non-class base of a class
    /// statement stands for (`Generic[T]` for `Generic`), if any.
    fn mro_entry(vm: &mut Vm<Self>, base: Value) -> Option<Value>;

    /// The class a library base builds instead of an ordinary class
    /// (`class P(typing.NamedTuple)` is a namedtuple class); `None` if no
    /// base is such a marker.
    fn build_special_class(
        vm: &mut Vm<Self>,
        name: &str,
        bases: &[Value],
        ns: Value,
    ) -> Option<PyResult<Value>>;

    /// `list[int]` and friends: a generic alias.
    fn generic_class_getitem(vm: &mut Vm<Self>, cls: Value, idx: Value) -> Option<Value>;

    /// `isinstance(v, t)` where `t` is a union or a `typing` form.
    fn generic_isinstance(vm: &mut Vm<Self>, v: Value, t: Value) -> Option<PyResult<bool>>;

    /// `issubclass(c, t)` where `t` is a class that counts builtin or
    /// library classes as its subclasses (`numbers.Integral` and `int`);
    /// `None` for the ordinary rules.
    fn virtual_issubclass(vm: &Vm<Self>, c: Value, t: Value) -> Option<bool>;

    /// `float(v)` of a Decimal.
    fn decimal_float_of(vm: &Vm<Self>, v: Value) -> Option<PyResult<f64>>;

    /// `int(v)` of a Decimal.
    fn decimal_int_of(vm: &mut Vm<Self>, v: Value) -> Option<PyResult<Value>>;

    /// `round(v, nd)` of a Decimal.
    fn decimal_round(vm: &mut Vm<Self>, v: Value, nd: Option<Value>) -> Option<PyResult<Value>>;

    /// Three-argument `pow` with a Decimal.
    fn decimal_pow3(vm: &mut Vm<Self>, a: Value, b: Value, m: Value) -> PyResult<Option<Value>>;

    /// `divmod` with a Decimal.
    fn decimal_divmod(vm: &mut Vm<Self>, a: Value, b: Value) -> PyResult<Option<Value>>;

    /// Whether `v` is a Decimal.
    fn is_decimal(vm: &Vm<Self>, v: Value) -> bool;

    /// The builtin value an instance of a class mixing in a builtin type
    /// stands for (an `enum` member of `class Status(str, Enum)`: its
    /// value), which it hashes as, so it finds and is found under that
    /// value's key; `None` for any other instance.
    fn builtin_payload(vm: &Vm<Self>, v: Value) -> Option<Value>;

    /// The fd of `sys.stdout` (1) / `sys.stderr` (2).
    fn stream_of(vm: &Vm<Self>, v: Value) -> Option<u8>;

    /// The `collections` class of a dict of this kind (`Counter`, ...);
    /// `None` for a plain dict.
    fn dict_kind_class(kind: DictKind) -> Option<NativeId>;

    /// The class name of a dict of this kind.
    fn dict_kind_name(kind: DictKind) -> &'static str;

    /// The methods of a dict kind beyond dict's own, and its overrides of
    /// them, looked up before dict's: `Counter.most_common`,
    /// `OrderedDict.move_to_end`, and the special methods of its operators
    /// (`Counter.__add__`, `__neg__`, `__le__`, ...).
    fn dict_kind_methods(kind: DictKind) -> &'static [crate::builtins::Method<Self>];

    /// The dict kind a `collections` class makes (`defaultdict`, `Counter`, `OrderedDict`).
    fn dict_class_kind(t: NativeId) -> Option<DictKind>;

    /// The name of the module a native function belongs to (`math`).
    fn native_module(id: NativeId) -> &'static str;

    /// Whether the library object `id` is a sequence (a `deque`): it
    /// repeats with `*` (the operand a failed `*` does not name) and
    /// matches sequence patterns.
    fn native_obj_is_sequence(vm: &Vm<Self>, id: ObjId) -> bool;
}
