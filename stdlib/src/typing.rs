//! `typing`: the runtime objects annotated code touches. Markers such as
//! `typing.Any` or `typing.Optional` are `_SpecialForm` objects
//! ([`NativeObj::TypingForm`]) with CPython's reprs; `typing.List` and
//! friends are the same with an origin class (`_SpecialGenericAlias`);
//! subscribing them gives a [`NativeObj::TypingAlias`] (`typing.List[int]`,
//! `typing.ClassVar[int]`) with `__origin__`/`__args__`, equality and
//! hashing. `typing.Union` is the class of `int | str` (the union objects
//! themselves live in `generic.rs`), and `Union[...]`/`Optional[...]` build
//! such unions. Nothing is checked at run time: annotations are not
//! evaluated (as in Python 3.14).

use super::objects::NativeObj;
use super::{module_index, ModuleDef, NativeId};
use crate::builtins::Args;
use crate::object::{HashKey, Obj, ObjId, Type, Value};
use crate::objects::native_of;
use crate::vm::{PyErr, PyResult, Vm};

/// Plain markers: `_SpecialForm`s without an origin class.
const FORMS: &[&str] = &[
    "Any",
    "Callable",
    "ClassVar",
    "Final",
    "Iterable",
    "Iterator",
    "Generator",
    "Literal",
    "Mapping",
    "MutableMapping",
    "Sequence",
    "MutableSequence",
    "NoReturn",
    "Never",
    "Optional",
    "Self",
    "TypeAlias",
    "Awaitable",
    "Coroutine",
    "AsyncIterator",
    "AsyncGenerator",
    "Annotated",
    "TypeGuard",
    "TypeIs",
    "Concatenate",
    "Hashable",
    "Sized",
    "Collection",
    "Container",
    "Reversible",
    "AbstractSet",
    "MutableSet",
    "ItemsView",
    "KeysView",
    "ValuesView",
    "SupportsInt",
    "SupportsFloat",
    "SupportsIndex",
    "SupportsAbs",
    "SupportsRound",
    "Required",
    "NotRequired",
    "ReadOnly",
    "Unpack",
    "LiteralString",
    "IO",
    "TextIO",
    "BinaryIO",
    "Pattern",
    "Match",
];

/// Markers that cannot be subscripted.
const BARE: &[&str] = &[
    "Any",
    "NoReturn",
    "Never",
    "Self",
    "TypeAlias",
    "LiteralString",
    "Hashable",
    "Sized",
];

/// `typing.List` and friends: the builtin class each stands for and how
/// many parameters it takes (`None`: any number, as `Tuple`).
const GENERIC_ALIASES: &[(&str, Type, Option<usize>)] = &[
    ("List", Type::List, Some(1)),
    ("Dict", Type::Dict, Some(2)),
    ("Set", Type::Set, Some(1)),
    ("FrozenSet", Type::FrozenSet, Some(1)),
    ("Tuple", Type::Tuple, None),
    ("Type", Type::Type, Some(1)),
];

/// The function indexes of the classes this module defines.
const UNION: u16 = 5;
const SPECIAL_FORM: u16 = 6;
const SPECIAL_GENERIC_ALIAS: u16 = 7;
const GENERIC_ALIAS: u16 = 8;
const TYPE_VAR: u16 = 11;
const PARAM_SPEC: u16 = 12;
const TYPE_VAR_TUPLE: u16 = 13;
const TYPE_ALIAS_TYPE: u16 = 14;

fn class_id(func: u16) -> NativeId {
    NativeId {
        module: module_index("typing"),
        func,
    }
}

/// `typing.Union`, the class of `int | str`.
pub fn union_class() -> Value {
    Value::Native(class_id(UNION))
}

native! {
    /// `typing.cast(typ, val)`.
    def fn cast(vm, typ, val) {
        Ok(val)
    }

    /// `typing.overload(func)`: the function itself.
    def fn overload(vm, func) {
        Ok(func)
    }

    /// `typing.final(f)`.
    def fn final_(vm, f) {
        Ok(f)
    }

    /// `typing.runtime_checkable(cls)`.
    def fn runtime_checkable(vm, cls) {
        Ok(cls)
    }

    /// `typing.no_type_check(arg)`.
    def fn no_type_check(vm, arg) {
        Ok(arg)
    }

    /// `typing.get_origin(tp)`.
    def fn get_origin(vm, tp) {
        get_origin_of(vm, tp)
    }

    /// `typing.get_args(tp)`.
    def fn get_args(vm, tp) {
        get_args_of(vm, tp)
    }
}

fn no_instances(_vm: &mut Vm, a: Args) -> PyResult<Value> {
    let name = match a.name {
        "Union" => "typing.Union",
        other => other,
    };
    Err(PyErr::type_error(format!(
        "cannot create '{name}' instances"
    )))
}

fn form(vm: &Vm, v: Value) -> Option<&NativeObj> {
    native(vm, v).filter(|n| {
        matches!(
            n,
            NativeObj::TypingForm { .. } | NativeObj::TypingAlias { .. }
        )
    })
}

/// Is `v` a typing marker, a subscripted one, a type variable or a `type`
/// alias (a member a union accepts)?
pub fn is_typing_object(vm: &Vm, v: Value) -> bool {
    form(vm, v).is_some()
        || matches!(
            native(vm, v),
            Some(NativeObj::TypeVar(_) | NativeObj::TypeAlias(_))
        )
}

fn get_origin_of(vm: &mut Vm, tp: Value) -> PyResult<Value> {
    Ok(match native(vm, tp) {
        Some(NativeObj::GenericAlias { origin, .. }) => *origin,
        Some(NativeObj::TypingAlias { origin, .. }) => *origin,
        Some(NativeObj::TypingForm { origin, .. }) if !origin.is_none() => *origin,
        Some(NativeObj::Union(_)) => union_class(),
        _ => Value::None,
    })
}

fn get_args_of(vm: &mut Vm, tp: Value) -> PyResult<Value> {
    Ok(match native(vm, tp) {
        Some(NativeObj::GenericAlias { args, .. }) | Some(NativeObj::TypingAlias { args, .. }) => {
            *args
        }
        Some(NativeObj::Union(members)) => {
            let members = members.clone();
            vm.new_tuple(members)
        }
        _ => vm.new_tuple(Vec::new()),
    })
}

use crate::objects::obj_of as native;

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    for n in FORMS {
        let v = vm.heap.new_value(Obj::from(NativeObj::TypingForm {
            name: (*n).to_string(),
            origin: Value::None,
        }));
        attrs.push((n.to_string(), v));
    }
    for (n, t, _) in GENERIC_ALIASES {
        let v = vm.heap.new_value(Obj::from(NativeObj::TypingForm {
            name: (*n).to_string(),
            origin: Value::Type(*t),
        }));
        attrs.push((n.to_string(), v));
    }
    attrs.push(("TYPE_CHECKING".into(), Value::Bool(false)));
    // (building plain classes from natives cannot fail)
    let _ = super::typing_classes::init(vm, attrs);
}

/// The qualified name of this module's classes, for their reprs.
pub fn class_name(f: NativeId) -> Option<String> {
    if f.module != module_index("typing") {
        return None;
    }
    match f.func {
        UNION => Some("typing.Union".into()),
        SPECIAL_FORM => Some("typing._SpecialForm".into()),
        SPECIAL_GENERIC_ALIAS => Some("typing._SpecialGenericAlias".into()),
        GENERIC_ALIAS => Some("typing._GenericAlias".into()),
        TYPE_VAR => Some("typing.TypeVar".into()),
        PARAM_SPEC => Some("typing.ParamSpec".into()),
        TYPE_VAR_TUPLE => Some("typing.TypeVarTuple".into()),
        TYPE_ALIAS_TYPE => Some("typing.TypeAliasType".into()),
        _ => None,
    }
}

/// The class of a typing object, for `type(x)`.
pub fn class_of(o: &NativeObj) -> Option<NativeId> {
    Some(class_id(match o {
        NativeObj::Union(_) => UNION,
        NativeObj::TypingForm { origin, .. } if origin.is_none() => SPECIAL_FORM,
        NativeObj::TypingForm { .. } => SPECIAL_GENERIC_ALIAS,
        NativeObj::TypingAlias { .. } => GENERIC_ALIAS,
        NativeObj::TypeVar(t) => match t.kind {
            super::typing_params::ParamKind::TypeVar => TYPE_VAR,
            super::typing_params::ParamKind::ParamSpec => PARAM_SPEC,
            super::typing_params::ParamKind::TypeVarTuple => TYPE_VAR_TUPLE,
        },
        NativeObj::TypeAlias(_) => TYPE_ALIAS_TYPE,
        _ => return None,
    }))
}

/// `isinstance(v, t)` for this module's classes.
pub fn isinstance(vm: &Vm, v: Value, t: NativeId) -> Option<bool> {
    if t.module != module_index("typing") {
        return None;
    }
    let o = native(vm, v);
    Some(o.and_then(class_of) == Some(t))
}

/// `isinstance(v, t)` with `t` a typing marker: `typing.List` checks its
/// origin; the others are errors, as in CPython.
pub fn isinstance_check(vm: &mut Vm, v: Value, t: Value) -> Option<PyResult<bool>> {
    match form(vm, t)? {
        NativeObj::TypingForm { origin, .. } if !origin.is_none() => {
            let origin = *origin;
            Some(crate::builtins::functions::isinstance(vm, v, origin))
        }
        NativeObj::TypingForm { name, .. } => Some(Err(PyErr::type_error(format!(
            "typing.{name} cannot be used with isinstance()"
        )))),
        _ => Some(Err(PyErr::type_error(
            "Subscripted generics cannot be used with class and instance checks",
        ))),
    }
}

/// The items of a subscript: a tuple's items, or the one value.
fn subscript_items(vm: &Vm, idx: Value) -> Vec<Value> {
    match idx {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Tuple(items) => items.clone(),
            _ => vec![idx],
        },
        _ => vec![idx],
    }
}

/// `typing.Union[...]`; `None` if `cls` is not `typing.Union`.
pub fn class_getitem(vm: &mut Vm, cls: Value, idx: Value) -> Option<PyResult<Value>> {
    if cls != union_class() {
        return None;
    }
    let members = subscript_items(vm, idx);
    if members.is_empty() {
        return Some(Err(PyErr::type_error("Cannot take a Union of no types.")));
    }
    Some(super::generic::make_union(vm, members))
}

/// `marker[idx]`: `Optional[X]`, `List[int]`, `ClassVar[int]`, ...
pub fn getitem(vm: &mut Vm, id: ObjId, idx: Value) -> PyResult<Option<Value>> {
    let (name, origin) = match native_of(vm.heap.get(id)) {
        Some(NativeObj::TypingForm { name, origin }) => (name.clone(), *origin),
        Some(NativeObj::TypingAlias { .. }) => {
            let r = vm.repr(Value::Ref(id))?;
            return Err(PyErr::type_error(format!("{r} is not a generic class")));
        }
        _ => return Ok(None),
    };
    let items = subscript_items(vm, idx);
    if name == "Optional" {
        let is_tuple = matches!(idx, Value::Ref(t) if matches!(vm.heap.get(t), Obj::Tuple(_)));
        if is_tuple {
            let r = vm.repr(idx)?;
            return Err(PyErr::type_error(format!(
                "typing.Optional requires a single type. Got {r}."
            )));
        }
        return super::generic::make_union(vm, vec![idx, Value::None]).map(Some);
    }
    if BARE.contains(&name.as_str()) {
        return Err(PyErr::type_error(format!(
            "typing.{name} is not subscriptable"
        )));
    }
    if let Some((_, _, Some(want))) = GENERIC_ALIASES.iter().find(|(n, _, _)| *n == name) {
        let got = items.len();
        if got != *want {
            let how = if got > *want { "many" } else { "few" };
            return Err(PyErr::type_error(format!(
                "Too {how} arguments for typing.{name}; actual {got}, expected {want}"
            )));
        }
    }
    let origin = if origin.is_none() {
        Value::Ref(id)
    } else {
        origin
    };
    let args = vm.new_tuple(items);
    Ok(Some(vm.heap.new_value(Obj::from(NativeObj::TypingAlias {
        name,
        origin,
        args,
    }))))
}

/// How an argument is written inside a typing repr (`[int, str]` for the
/// parameter list of `Callable`).
fn arg_repr(vm: &mut Vm, v: Value) -> PyResult<String> {
    if let Value::Ref(id) = v {
        if let Obj::List(items) = vm.heap.get(id) {
            let items = items.clone();
            let mut parts = Vec::with_capacity(items.len());
            for item in items {
                parts.push(super::generic::type_repr(vm, item)?);
            }
            return Ok(format!("[{}]", parts.join(", ")));
        }
    }
    super::generic::type_repr(vm, v)
}

pub fn repr(vm: &mut Vm, id: ObjId) -> PyResult<String> {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::TypingForm { name, .. }) => Ok(format!("typing.{name}")),
        Some(NativeObj::TypingAlias { name, args, .. }) => {
            let (name, args) = (name.clone(), *args);
            let items = subscript_items(vm, args);
            let mut parts = Vec::with_capacity(items.len());
            for item in items.iter() {
                parts.push(arg_repr(vm, *item)?);
            }
            if parts.is_empty() {
                parts.push("()".into());
            }
            Ok(format!("typing.{name}[{}]", parts.join(", ")))
        }
        _ => unreachable!("a typing object"),
    }
}

pub fn getattr(vm: &mut Vm, id: ObjId, attr: &str) -> PyResult<Option<Value>> {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::TypingForm { name, origin }) => {
            let (name, origin) = (name.clone(), *origin);
            Ok(match attr {
                "__name__" | "_name" => Some(vm.new_str(name)),
                "__origin__" if !origin.is_none() => Some(origin),
                _ => None,
            })
        }
        Some(NativeObj::TypingAlias { name, origin, args }) => {
            let (name, origin, args) = (name.clone(), *origin, *args);
            Ok(match attr {
                "__name__" | "_name" => Some(vm.new_str(name)),
                "__origin__" => Some(origin),
                "__args__" => {
                    // `Callable[[int], str].__args__` is `(int, str)`
                    let mut flat = Vec::new();
                    for item in subscript_items(vm, args) {
                        match item {
                            Value::Ref(l) if matches!(vm.heap.get(l), Obj::List(_)) => {
                                if let Obj::List(xs) = vm.heap.get(l) {
                                    flat.extend(xs.iter());
                                }
                            }
                            _ => flat.push(item),
                        }
                    }
                    Some(vm.new_tuple(flat))
                }
                "__parameters__" => Some(vm.new_tuple(Vec::new())),
                _ => None,
            })
        }
        _ => Ok(None),
    }
}

/// Equality of subscripted markers (same marker, equal arguments);
/// markers themselves compare by identity.
pub fn equal(vm: &mut Vm, a: Value, b: Value) -> PyResult<Option<bool>> {
    let (Some(x), Some(y)) = (form(vm, a).cloned(), form(vm, b).cloned()) else {
        return Ok(None);
    };
    match (x, y) {
        (
            NativeObj::TypingAlias {
                name: n1,
                origin: o1,
                args: a1,
            },
            NativeObj::TypingAlias {
                name: n2,
                origin: o2,
                args: a2,
            },
        ) => Ok(Some(n1 == n2 && vm.py_eq(o1, o2)? && vm.py_eq(a1, a2)?)),
        _ => Ok(Some(a == b)),
    }
}

pub fn hash(vm: &mut Vm, id: ObjId) -> PyResult<Option<HashKey>> {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::TypingAlias { name, origin, args }) => {
            let (name, origin, args) = (name.clone(), *origin, *args);
            let o = vm.hash_key(origin)?;
            let a = vm.hash_key(args)?;
            Ok(Some(HashKey::Tuple(
                vec![HashKey::Str(format!("typing.{name}").into()), o, a].into_boxed_slice(),
            )))
        }
        _ => Ok(None),
    }
}

/// What calling a typing object does: `List[int]()` calls `list`; `None`
/// for objects that are not typing objects.
pub fn call_target(vm: &Vm, v: Value) -> Option<PyResult<Value>> {
    match form(vm, v)? {
        // `List[int]()` is refused like `List()`; other aliases call their origin
        NativeObj::TypingAlias { name, origin, .. }
            if form(vm, *origin).is_none() && !GENERIC_ALIASES.iter().any(|g| g.0 == name) =>
        {
            Some(Ok(*origin))
        }
        NativeObj::TypingForm { name, origin } | NativeObj::TypingAlias { name, origin, .. }
            if !origin.is_none() && form(vm, *origin).is_none() =>
        {
            let lower = match origin {
                Value::Type(t) => t.name(),
                _ => "",
            };
            Some(Err(PyErr::type_error(format!(
                "Type {name} cannot be instantiated; use {lower}() instead"
            ))))
        }
        NativeObj::TypingForm { name, .. } => Some(Err(PyErr::type_error(format!(
            "Cannot instantiate typing.{name}"
        )))),
        _ => Some(Err(PyErr::type_error(format!(
            "'{}' object is not callable",
            "typing._GenericAlias"
        )))),
    }
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "typing",
    funcs: natives_table![
        cast,
        overload,
        final = final_,
        runtime_checkable,
        no_type_check,
        // UNION, SPECIAL_FORM, SPECIAL_GENERIC_ALIAS, GENERIC_ALIAS: classes
        Union = no_instances,
        _SpecialForm = no_instances,
        _SpecialGenericAlias = no_instances,
        _GenericAlias = no_instances,
        get_origin,
        get_args,
        // TYPE_VAR, PARAM_SPEC, TYPE_VAR_TUPLE, TYPE_ALIAS_TYPE: classes
        // (`typing_params.rs`)
        TypeVar = super::typing_params::type_var_new,
        ParamSpec = super::typing_params::param_spec_new,
        TypeVarTuple = super::typing_params::type_var_tuple_new,
        TypeAliasType = super::typing_params::type_alias_new,
        _lazy_type_alias = super::typing_params::lazy_type_alias,
        // `typing_classes.rs`
        NamedTuple = super::typing_classes::named_tuple_new,
        TypedDict = super::typing_classes::typed_dict_new,
        _class_getitem = super::typing_classes::class_getitem,
        _typed_dict_call = super::typing_classes::typed_dict_call,
    ],
    init,
};

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `typing` markers and their subscripted forms.
pub struct TypingType;

impl np::NativeType for TypingType {
    fn type_name(o: &np::NativeObj) -> &'static str {
        match o {
            np::NativeObj::TypingForm { origin, .. } if origin.is_none() => "typing._SpecialForm",
            np::NativeObj::TypingForm { .. } => "typing._SpecialGenericAlias",
            _ => "typing._GenericAlias",
        }
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        match o {
            np::NativeObj::TypingForm { origin, .. } => f(*origin),
            np::NativeObj::TypingAlias { origin, args, .. } => {
                f(*origin);
                f(*args);
            }
            _ => {}
        }
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        getattr(vm, id, name)
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        repr(vm, id)
    }

    fn compare(
        vm: &mut np::Vm,
        op: np::CmpOp,
        a: np::Value,
        b: np::Value,
    ) -> np::PyResult<Option<bool>> {
        if !matches!(op, np::CmpOp::Eq | np::CmpOp::Ne) {
            return Ok(None);
        }
        Ok(equal(vm, a, b)?.map(|eq| eq == (op == np::CmpOp::Eq)))
    }

    fn hash(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::HashKey>> {
        hash(vm, id)
    }

    fn getitem(vm: &mut np::Vm, id: np::ObjId, idx: np::Value) -> np::PyResult<Option<np::Value>> {
        getitem(vm, id, idx)
    }
}
