//! Runtime typing objects: `types.GenericAlias` (`list[int]`,
//! `dict[str, int]`, `collections.deque[int]`) and the union type
//! (`int | None`, `typing.Union[int, str]`). Both are plain data
//! ([`NativeObj::GenericAlias`], [`NativeObj::Union`]); the hooks here are
//! called from `objects/`, `vm/subscr.rs` and the `|` operator.

use crate::builtins::Builtin;
use crate::object::{HashKey, Obj, ObjId, Type, Value};
use crate::vm::stdlib::Stdlib;
use crate::vm::{Library, PyErr, PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp};

use super::objects::NativeObj;
use crate::objects::native_of;

use crate::objects::obj_of as native;

fn is_alias(vm: &Vm, v: Value) -> bool {
    matches!(native(vm, v), Some(NativeObj::GenericAlias { .. }))
}

fn union_args(vm: &Vm, v: Value) -> Option<Vec<Value>> {
    match native(vm, v) {
        Some(NativeObj::Union(args)) => Some(args.clone()),
        _ => None,
    }
}

/// Is `v` a class (builtin, exception, user or native class)?
fn is_class(vm: &Vm, v: Value) -> bool {
    match v {
        Value::Type(_) | Value::ExcType(_) => true,
        Value::Native(n) => Library.class_repr(vm, n).is_some(),
        Value::Ref(id) => matches!(vm.heap.get(id), Obj::Class(_)),
        _ => false,
    }
}

/// Can `t[...]` make a generic alias of the class `t`?
fn is_generic_class(vm: &Vm, t: Value) -> bool {
    match t {
        Value::Type(t) => matches!(
            t,
            Type::List | Type::Dict | Type::Set | Type::FrozenSet | Type::Tuple | Type::Type
        ),
        Value::Native(n) => {
            let repr = Library.class_repr(vm, n).unwrap_or_default();
            [
                "collections.deque",
                "collections.defaultdict",
                "collections.OrderedDict",
                "collections.Counter",
                "functools.partial",
                "itertools.chain",
                "re.Pattern",
                "re.Match",
            ]
            .iter()
            .any(|name| repr == format!("<class '{name}'>"))
        }
        _ => false,
    }
}

/// The class of `v` if it is a generic alias: `types.GenericAlias`.
pub(crate) fn type_of(vm: &Vm, v: Value) -> Option<crate::object::NativeId> {
    match native(vm, v)? {
        NativeObj::GenericAlias { .. } => Some(crate::types::generic_alias_class()),
        _ => None,
    }
}

/// `cls[idx]` for a builtin class: a generic alias, or `None` if the class
/// is not generic.
pub fn class_getitem(vm: &mut Vm, cls: Value, idx: Value) -> Option<Value> {
    if !is_generic_class(vm, cls) {
        return None;
    }
    let args = match idx {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::Tuple(_)) => idx,
        _ => vm.new_tuple(vec![idx]),
    };
    Some(
        vm.heap
            .new_value(Obj::from(NativeObj::GenericAlias { origin: cls, args })),
    )
}

/// How a class or typing object is written inside an alias or union repr.
pub fn type_repr(vm: &mut Vm, v: Value) -> PyResult<String> {
    Ok(match v {
        Value::Builtin(Builtin::Ellipsis) => "...".into(),
        Value::Type(t) => t.name().into(),
        Value::ExcType(e) => e.name().into(),
        Value::Native(n) => match Library.class_repr(vm, n) {
            Some(r) => r
                .trim_start_matches("<class '")
                .trim_end_matches("'>")
                .to_string(),
            None => vm.repr(v)?,
        },
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Class(c) => format!("__main__.{}", c.qualname),
            _ => vm.repr(v)?,
        },
        _ => vm.repr(v)?,
    })
}

pub fn repr(vm: &mut Vm, id: ObjId) -> PyResult<String> {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::GenericAlias { origin, args }) => {
            let (origin, args) = (*origin, *args);
            let items = match args {
                Value::Ref(t) => match vm.heap.get(t) {
                    Obj::Tuple(items) => items.clone(),
                    _ => vec![args],
                },
                _ => vec![args],
            };
            let mut out = type_repr(vm, origin)?;
            out.push('[');
            if items.is_empty() {
                out.push_str("()");
            }
            for (i, a) in items.into_iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&type_repr(vm, a)?);
            }
            out.push(']');
            Ok(out)
        }
        Some(NativeObj::Union(args)) => {
            let args = args.clone();
            let mut parts = Vec::with_capacity(args.len());
            for a in args {
                parts.push(match a {
                    Value::Type(Type::NoneType) => "None".to_string(),
                    _ => type_repr(vm, a)?,
                });
            }
            Ok(parts.join(" | "))
        }
        _ => unreachable!("a typing object"),
    }
}

pub fn getattr(vm: &mut Vm, id: ObjId, name: &str) -> PyResult<Option<Value>> {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::GenericAlias { origin, args }) => {
            let (origin, args) = (*origin, *args);
            match name {
                "__origin__" => Ok(Some(origin)),
                "__args__" => Ok(Some(args)),
                "__parameters__" => Ok(Some(vm.new_tuple(Vec::new()))),
                // everything else is looked up on the origin class
                _ => vm.get_attr(origin, name).map(Some),
            }
        }
        Some(NativeObj::Union(args)) => {
            let args = args.clone();
            match name {
                "__args__" => Ok(Some(vm.new_tuple(args))),
                "__origin__" => Ok(Some(super::typing::union_class())),
                "__parameters__" => Ok(Some(vm.new_tuple(Vec::new()))),
                _ => Ok(None),
            }
        }
        _ => Ok(None),
    }
}

/// The members of `v` as a union operand: a union's own members, or `v`
/// (None stands for NoneType); `None` if `v` cannot be in a union.
fn union_members(vm: &Vm, v: Value) -> Option<Vec<Value>> {
    if let Some(args) = union_args(vm, v) {
        return Some(args);
    }
    match v {
        Value::None => Some(vec![Value::Type(Type::NoneType)]),
        _ if is_class(vm, v) || is_alias(vm, v) || super::typing::is_typing_object(vm, v) => {
            Some(vec![v])
        }
        _ => None,
    }
}

/// `a | b` of classes, aliases and unions; `None` if not such operands.
pub fn binary(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
    if op != BinOp::BitOr {
        return Ok(None);
    }
    // `None | None` stays unsupported: one side must be a type-like object
    if a.is_none() && b.is_none() {
        return Ok(None);
    }
    // a union's own `|` takes any operand (CPython 3.14)
    let any_side = union_args(vm, a).is_some() || union_args(vm, b).is_some();
    let members = |vm: &Vm, v: Value| union_members(vm, v).or_else(|| any_side.then(|| vec![v]));
    let (Some(x), Some(y)) = (members(vm, a), members(vm, b)) else {
        return Ok(None);
    };
    let mut all = x;
    all.extend(y);
    make_union(vm, all).map(Some)
}

/// A union of `members` (deduplicated, order kept); a single member is
/// returned as is.
pub fn make_union(vm: &mut Vm, members: Vec<Value>) -> PyResult<Value> {
    let mut out: Vec<Value> = Vec::with_capacity(members.len());
    for m in members {
        let m = if m.is_none() {
            Value::Type(Type::NoneType)
        } else {
            m
        };
        let mut dup = false;
        for &o in &out {
            if vm.same_object(o, m) || vm.py_eq(o, m)? {
                dup = true;
                break;
            }
        }
        if !dup {
            out.push(m);
        }
    }
    if out.len() == 1 {
        return Ok(out[0]);
    }
    Ok(vm.heap.new_value(Obj::from(NativeObj::Union(out))))
}

/// Equality of aliases (same origin and args) and unions (same members in
/// any order); ordering comparisons are unsupported.
/// How deeply alias comparisons may nest (an alias holding itself through
/// a list compares forever otherwise).
const MAX_ALIAS_COMPARE_NESTING: u32 = 200;

pub fn compare(vm: &mut Vm, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
    if !matches!(op, CmpOp::Eq | CmpOp::Ne) {
        return Ok(None);
    }
    if vm.compare_nesting >= MAX_ALIAS_COMPARE_NESTING {
        return Err(PyErr::new(
            crate::object::ExcType::RecursionError,
            "maximum recursion depth exceeded in comparison",
        ));
    }
    vm.compare_nesting += 1;
    let r = compare_aliases(vm, op, a, b);
    vm.compare_nesting -= 1;
    r
}

fn compare_aliases(vm: &mut Vm, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
    let eq = op == CmpOp::Eq;
    let r = match (native(vm, a).cloned(), native(vm, b).cloned()) {
        (
            Some(NativeObj::GenericAlias {
                origin: o1,
                args: a1,
            }),
            Some(NativeObj::GenericAlias {
                origin: o2,
                args: a2,
            }),
        ) => vm.py_eq(o1, o2)? && vm.py_eq(a1, a2)?,
        (Some(NativeObj::Union(x)), Some(NativeObj::Union(y))) => {
            let mut same = x.len() == y.len();
            for &m in &x {
                if !same {
                    break;
                }
                let mut found = false;
                for &n in &y {
                    if vm.py_eq(m, n)? {
                        found = true;
                        break;
                    }
                }
                same = found;
            }
            same
        }
        (Some(NativeObj::GenericAlias { .. } | NativeObj::Union(_)), _)
        | (_, Some(NativeObj::GenericAlias { .. } | NativeObj::Union(_))) => false,
        _ => return Ok(None),
    };
    Ok(Some(r == eq))
}

pub fn hash(vm: &mut Vm, id: ObjId) -> PyResult<Option<HashKey>> {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::GenericAlias { origin, args }) => {
            let (origin, args) = (*origin, *args);
            let o = vm.hash_key(origin)?;
            let a = vm.hash_key(args)?;
            Ok(Some(HashKey::Tuple(
                vec![HashKey::Str("GenericAlias".into()), o, a].into_boxed_slice(),
            )))
        }
        Some(NativeObj::Union(args)) => {
            let args = args.clone();
            let mut keys = Vec::with_capacity(args.len() + 1);
            for a in args {
                let k = vm.hash_key(a)?;
                keys.push((crate::object::python_hash(&k), k));
            }
            // order-independent, as the members of an equal union may differ in order
            monty_vm::cold_sort::sort_by_key(&mut keys, |k| k.0);
            let mut out = vec![HashKey::Str("Union".into())];
            out.extend(keys.into_iter().map(|k| k.1));
            Ok(Some(HashKey::Tuple(out.into_boxed_slice())))
        }
        _ => Ok(None),
    }
}

/// `isinstance(v, t)` with `t` a union (any member matches) or an alias
/// (an error, as in CPython); `None` if `t` is neither.
pub fn isinstance(vm: &mut Vm, v: Value, t: Value) -> Option<PyResult<bool>> {
    if let Some(r) = super::numbers::isinstance(vm, v, t) {
        return Some(r);
    }
    if let Some(r) = super::typing::isinstance_check(vm, v, t) {
        return Some(r);
    }
    if is_alias(vm, t) {
        return Some(Err(PyErr::type_error(
            "isinstance() argument 2 cannot be a parameterized generic",
        )));
    }
    let members = union_args(vm, t)?;
    for m in members {
        match crate::builtins::functions::isinstance(vm, v, m) {
            Ok(true) => return Some(Ok(true)),
            Ok(false) => {}
            Err(e) => return Some(Err(e)),
        }
    }
    Some(Ok(false))
}

/// The origin a generic alias calls (`list[int]()` is `list()`).
pub fn call_target(vm: &Vm, v: Value) -> Option<Value> {
    match native(vm, v) {
        Some(NativeObj::GenericAlias { origin, .. }) => Some(*origin),
        _ => None,
    }
}

/// `alias[x]` / `union[x]`: neither is a generic class any more.
pub fn getitem(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::GenericAlias { .. } | NativeObj::Union(_)) => {
            let r = repr(vm, id)?;
            Err(PyErr::type_error(format!("{r} is not a generic class")))
        }
        _ => Ok(None),
    }
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `types.GenericAlias` (`list[int]`) and unions (`int | None`).
pub struct AliasType;

impl np::NativeType for AliasType {
    fn type_name(o: &np::NativeObj) -> &'static str {
        match o {
            np::NativeObj::Union(_) => "typing.Union",
            _ => "types.GenericAlias",
        }
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        match o {
            np::NativeObj::GenericAlias { origin, args } => {
                f(*origin);
                f(*args);
            }
            np::NativeObj::Union(args) => args.iter().for_each(|v| f(*v)),
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
        compare(vm, op, a, b)
    }

    fn hash(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::HashKey>> {
        hash(vm, id)
    }

    fn getitem(vm: &mut np::Vm, id: np::ObjId, _idx: np::Value) -> np::PyResult<Option<np::Value>> {
        getitem(vm, id)
    }
}
