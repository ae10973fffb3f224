//! The standard library as the VM core sees it: every question the VM,
//! the builtins and the object layer ask of the modules, in one trait,
//! [`Stdlib`], which `monty-stdlib` implements (`Library`, in its
//! `library.rs`) and installs once per process ([`install`]). The core is
//! not generic over the library: it calls the installed one through
//! [`lib`], and holds the library's objects, iterators and `random` state
//! as [`LibData`] (`library_data.rs`). So the core is compiled once, in
//! this crate, with this crate's optimization settings, and the library's
//! crate can be built with its own (README.md, "Module size").

use std::sync::OnceLock;

use monty_compile::bytecode::{BinOp, CmpOp};

use crate::object::{DictKind, HashKey, NativeId, ObjId, Value};
use crate::vm::library_data::{DataKind, LibData};
use crate::vm::tasks_data::Awaitable;
use crate::vm::Kwargs;
use crate::vm::{PyResult, Vm};

pub use crate::vm::library_data::LibraryData;

static LIBRARY: OnceLock<&'static dyn Stdlib> = OnceLock::new();

/// Makes `library` the one the core calls ([`lib`]). The first call wins:
/// a process holds one library (later calls with another are ignored).
pub fn install(library: &'static dyn Stdlib) {
    let _ = LIBRARY.set(library);
}

/// The installed library.
///
/// # Panics
///
/// If no library was installed: `monty-stdlib` installs its own before it
/// builds or restores a VM, so only a VM made without it gets here.
#[inline]
pub fn lib() -> &'static dyn Stdlib {
    match LIBRARY.get() {
        Some(l) => *l,
        None => panic!("monty-vm: no standard library installed (monty_stdlib installs it)"),
    }
}

/// What the VM core asks of the standard library. The methods named after
/// a kind of object (`native_obj_*`, `namedtuple_*`, `dataclass_*`,
/// `counter_*`, `decimal_*`, ...) are the hooks for the objects and
/// classes the library implements; the rest are its functions and modules.
pub trait Stdlib: Sync + 'static {
    /// The library object that stores one of the scheduler's awaitables.
    fn wrap_awaitable(&self, a: Awaitable) -> LibData;

    /// Reads a library object, iterator or `random` state (by `kind`) from
    /// the bytes its [`LibraryData::encode`] wrote into a snapshot.
    ///
    /// # Errors
    ///
    /// What the decoder reports for bytes that are not such data.
    fn decode_data(&self, kind: DataKind, bytes: &[u8]) -> Result<LibData, String>;

    /// An attribute (data or bound method) of a native object.
    fn native_obj_getattr(&self, vm: &mut Vm, id: ObjId, name: &str) -> PyResult<Option<Value>>;

    /// `obj.name = v` on a native object; `None` for the default handling
    /// (no attributes can be set).
    fn native_obj_setattr(
        &self,
        vm: &mut Vm,
        id: ObjId,
        name: &str,
        v: Value,
    ) -> Option<PyResult<()>>;

    /// Whether the object has a method `name` (for `obj.name(...)` calls).
    fn native_obj_has_method(&self, vm: &Vm, id: ObjId, name: &str) -> bool;

    /// Calls method `name` of a native object; `None` if there is none.
    fn native_obj_call_method(
        &self,
        vm: &mut Vm,
        id: ObjId,
        name: &str,
        args: Vec<Value>,
        kw: Kwargs,
    ) -> PyResult<Option<Value>>;

    /// `repr()` of a native object.
    fn native_obj_repr(&self, vm: &mut Vm, id: ObjId) -> PyResult<String>;

    /// `str()`; defaults to the repr.
    fn native_obj_str(&self, vm: &mut Vm, id: ObjId) -> PyResult<String>;

    /// A comparison where one operand is a native object; `None` means not
    /// supported (equality then falls back to identity).
    fn native_obj_compare(
        &self,
        vm: &mut Vm,
        op: CmpOp,
        a: Value,
        b: Value,
    ) -> PyResult<Option<bool>>;

    /// The dict key of a hashable native object; `None` hashes by identity.
    fn native_obj_hash(&self, vm: &mut Vm, id: ObjId) -> PyResult<Option<HashKey>>;

    /// A binary operator with a native operand; `None` if unsupported.
    fn native_obj_binary(
        &self,
        vm: &mut Vm,
        op: BinOp,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> PyResult<Option<Value>>;

    /// Unary `-`, `+` (`op` '-' / '+') and `abs()` ('a') of a native object.
    fn native_obj_unary(&self, vm: &mut Vm, v: Value, op: char) -> PyResult<Option<Value>>;

    /// `len()`; `None` if the object has no length.
    fn native_obj_len(&self, vm: &mut Vm, id: ObjId) -> PyResult<Option<usize>>;

    /// `item in obj`; `None` to iterate and compare.
    fn native_obj_contains(&self, vm: &mut Vm, id: ObjId, item: Value) -> PyResult<Option<bool>>;

    /// `iter()`; `None` if the object is not iterable.
    fn native_obj_iter(&self, vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>>;

    /// Whether the native object is its own iterator (`next()` works on it).
    fn native_obj_is_iterator(&self, vm: &Vm, id: ObjId) -> bool;

    /// Whether `reversed()` takes the native object.
    fn native_obj_is_reversible(&self, vm: &Vm, id: ObjId) -> bool;

    /// `next()` of a native object that is an iterator; `None` when exhausted.
    fn native_obj_next(&self, vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>>;

    /// `obj[idx]`; `None` if not subscriptable.
    fn native_obj_getitem(&self, vm: &mut Vm, id: ObjId, idx: Value) -> PyResult<Option<Value>>;

    /// `obj[idx] = v` / `del obj[idx]` (`v` is `None`); `None` if the
    /// object does not support it.
    fn native_obj_setitem(
        &self,
        vm: &mut Vm,
        id: ObjId,
        idx: Value,
        v: Option<Value>,
    ) -> Option<PyResult<()>>;

    /// Truthiness of a native object (`timedelta(0)` and empty deques are false).
    fn native_obj_truthy(&self, vm: &mut Vm, id: ObjId) -> bool;

    /// `format(obj, spec)`; `None` falls back to `str()`.
    fn native_obj_format(&self, vm: &mut Vm, id: ObjId, spec: &str) -> PyResult<Option<String>>;

    /// Attributes of a native constructor acting as a class
    /// (`datetime.datetime.now`, `date.min`).
    fn native_type_getattr(&self, vm: &mut Vm, t: NativeId, name: &str) -> PyResult<Option<Value>>;

    /// `isinstance(v, t)` where `t` is a native constructor acting as a
    /// class (`datetime.date`): `None` if `t` is not a class.
    fn native_type_isinstance(&self, vm: &mut Vm, v: Value, t: NativeId) -> Option<bool>;

    /// The native constructor acting as the class of `v`, if any (`type(v)`).
    fn native_type_of(&self, vm: &Vm, v: Value) -> Option<NativeId>;

    /// The class name shown for a native constructor acting as a class.
    fn native_class_name(&self, vm: &Vm, f: NativeId) -> Option<String>;

    /// An attribute of a bound native (`functools.partial(...).func`, ...).
    fn bound_native_getattr(&self, vm: &mut Vm, id: ObjId, name: &str) -> PyResult<Option<Value>>;

    /// Whether the bound native binds like a method when found on a class.
    fn bound_native_binds(&self, vm: &Vm, id: ObjId) -> bool;

    /// Whether the bound native stands for a Python function (a
    /// dataclass's generated `__init__`): `type()` of it is `function`
    /// and its repr `<function Name.__init__ at 0x...>`.
    fn bound_native_is_function(&self, _vm: &Vm, _id: ObjId) -> bool {
        false
    }

    /// `repr()` of a bound native (`functools.partial(<function f ...>, 1)`).
    fn bound_native_repr(
        &self,
        vm: &mut Vm,
        func: NativeId,
        bound: &[Value],
        id: ObjId,
    ) -> PyResult<Option<String>>;

    /// `next()` of a library iterator (itertools, ...); `None` when exhausted.
    fn native_iter_next(&self, vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>>;

    /// `repr()` of a library iterator.
    fn native_iter_repr(&self, vm: &mut Vm, id: ObjId) -> PyResult<Option<String>>;

    /// `repr()` of a `dict` subclass, given the plain dict repr.
    fn dict_kind_repr(
        &self,
        vm: &mut Vm,
        kind: DictKind,
        id: ObjId,
        plain: String,
    ) -> PyResult<String>;

    /// `import name`: the module object, created once per execution.
    fn import_module(&self, vm: &mut Vm, name: &str) -> PyResult<Value>;

    /// `from module import name`.
    fn import_from(&self, vm: &mut Vm, module: Value, name: &str) -> PyResult<Value>;

    /// `repr()` of a native constructor acting as a class (`<class 'collections.deque'>`); `None` if it does not act as one.
    fn class_repr(&self, vm: &Vm, t: NativeId) -> Option<String>;

    /// The native constructor that is the class of native object `id`.
    fn class_of(&self, vm: &Vm, id: ObjId) -> Option<NativeId>;

    /// The Python name of a native function.
    fn native_name(&self, id: NativeId) -> &'static str;

    /// Whether `id` is `asyncio.run` (which the VM runs as frames).
    fn is_asyncio_run(&self, id: NativeId) -> bool;

    /// Whether `id` is a function of `asyncio` (their reprs differ).
    fn is_asyncio_function(&self, id: NativeId) -> bool;

    /// Calls a native function.
    fn call_native(
        &self,
        vm: &mut Vm,
        id: NativeId,
        args: Vec<Value>,
        kw: Kwargs,
    ) -> PyResult<Value>;

    /// `a | b` of types (a union); `None` if neither is a type.
    fn union_binary(&self, vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>>;

    /// What calling `list[int]` calls (its origin), for a generic alias.
    fn alias_call_target(&self, vm: &Vm, v: Value) -> Option<Value>;

    /// What calling a `typing` alias calls, or the error it raises.
    fn typing_call_target(&self, vm: &Vm, v: Value) -> Option<PyResult<Value>>;

    /// `cls[idx]` for the classes `typing` makes subscriptable (`Union[...]`), or the error it raises.
    fn typing_class_getitem(&self, vm: &mut Vm, cls: Value, idx: Value) -> Option<PyResult<Value>>;

    /// The builtin `open(...)`.
    fn open_file(&self, vm: &mut Vm, args: crate::builtins::Args) -> PyResult<Value>;

    /// PEP 560's `__mro_entries__`: the class a non-class base of a class
    /// statement stands for (`Generic[T]` for `Generic`), if any.
    fn mro_entry(&self, vm: &mut Vm, base: Value) -> Option<Value>;

    /// The class a library base builds instead of an ordinary class
    /// (`class P(typing.NamedTuple)` is a namedtuple class); `None` if no
    /// base is such a marker.
    fn build_special_class(
        &self,
        vm: &mut Vm,
        name: &str,
        bases: &[Value],
        ns: Value,
    ) -> Option<PyResult<Value>>;

    /// `list[int]` and friends: a generic alias.
    fn generic_class_getitem(&self, vm: &mut Vm, cls: Value, idx: Value) -> Option<Value>;

    /// `isinstance(v, t)` where `t` is a union or a `typing` form.
    fn generic_isinstance(&self, vm: &mut Vm, v: Value, t: Value) -> Option<PyResult<bool>>;

    /// `issubclass(c, t)` where `t` is a class that counts builtin or
    /// library classes as its subclasses (`numbers.Integral` and `int`);
    /// `None` for the ordinary rules.
    fn virtual_issubclass(&self, vm: &Vm, c: Value, t: Value) -> Option<bool>;

    /// `float(v)` of a Decimal.
    fn decimal_float_of(&self, vm: &Vm, v: Value) -> Option<PyResult<f64>>;

    /// `int(v)` of a Decimal.
    fn decimal_int_of(&self, vm: &mut Vm, v: Value) -> Option<PyResult<Value>>;

    /// `round(v, nd)` of a Decimal.
    fn decimal_round(&self, vm: &mut Vm, v: Value, nd: Option<Value>) -> Option<PyResult<Value>>;

    /// Three-argument `pow` with a Decimal.
    fn decimal_pow3(&self, vm: &mut Vm, a: Value, b: Value, m: Value) -> PyResult<Option<Value>>;

    /// `divmod` with a Decimal.
    fn decimal_divmod(&self, vm: &mut Vm, a: Value, b: Value) -> PyResult<Option<Value>>;

    /// Whether `v` is a Decimal.
    fn is_decimal(&self, vm: &Vm, v: Value) -> bool;

    /// The builtin value an instance of a class mixing in a builtin type
    /// stands for (an `enum` member of `class Status(str, Enum)`: its
    /// value), which it hashes as, so it finds and is found under that
    /// value's key; `None` for any other instance.
    fn builtin_payload(&self, vm: &Vm, v: Value) -> Option<Value>;

    /// The fd of `sys.stdout` (1) / `sys.stderr` (2).
    fn stream_of(&self, vm: &Vm, v: Value) -> Option<u8>;

    /// The `collections` class of a dict of this kind (`Counter`, ...);
    /// `None` for a plain dict.
    fn dict_kind_class(&self, kind: DictKind) -> Option<NativeId>;

    /// The class name of a dict of this kind.
    fn dict_kind_name(&self, kind: DictKind) -> &'static str;

    /// The methods of a dict kind beyond dict's own, and its overrides of
    /// them, looked up before dict's: `Counter.most_common`,
    /// `OrderedDict.move_to_end`, and the special methods of its operators
    /// (`Counter.__add__`, `__neg__`, `__le__`, ...).
    fn dict_kind_methods(&self, kind: DictKind) -> &'static [crate::builtins::Method];

    /// The dict kind a `collections` class makes (`defaultdict`, `Counter`, `OrderedDict`).
    fn dict_class_kind(&self, t: NativeId) -> Option<DictKind>;

    /// The name of the module a native function belongs to (`math`).
    fn native_module(&self, id: NativeId) -> &'static str;

    /// Whether the library object `id` is a sequence (a `deque`): it
    /// repeats with `*` (the operand a failed `*` does not name) and
    /// matches sequence patterns.
    fn native_obj_is_sequence(&self, vm: &Vm, id: ObjId) -> bool;
}
