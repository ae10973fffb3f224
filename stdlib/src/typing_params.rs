//! `typing.TypeVar`, `ParamSpec`, `TypeVarTuple` and `TypeAliasType`: the
//! objects of PEP 695 (`type X[T] = ...`) and of the classic
//! `T = TypeVar("T")`.
//!
//! A `type` statement compiles to `typing._lazy_type_alias(name, evaluate,
//! params)` (`compile/src/type_alias.rs`): `evaluate` is a function whose
//! parameters are the alias's type parameters, called with them on the
//! first read of `__value__`, which then keeps the result. Type variables
//! are markers only: nothing is checked at run time.

use serde::{Deserialize, Serialize};

use super::objects::NativeObj;
use crate::builtins::Args;
use crate::object::{ExcType, Obj, ObjId, Value};
use crate::objects::{native_of, native_of_mut};
use crate::vm::{PyErr, PyResult, Vm};

/// Which kind of type parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ParamKind {
    TypeVar,
    ParamSpec,
    TypeVarTuple,
}

/// A type variable's data.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TypeVarData {
    pub name: String,
    pub kind: ParamKind,
    pub bound: Value,
    /// A tuple.
    pub constraints: Value,
    pub covariant: bool,
    pub contravariant: bool,
    /// Declared by PEP 695 syntax (its repr is the bare name).
    pub infer_variance: bool,
}

/// A `type` alias: its name, the tuple of its type parameters, and either
/// the function computing its value (not yet read) or the value.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TypeAliasData {
    pub name: String,
    pub params: Value,
    pub evaluate: Value,
    pub value: Value,
    pub module: Value,
}

impl ParamKind {
    fn class_name(self) -> &'static str {
        match self {
            ParamKind::TypeVar => "TypeVar",
            ParamKind::ParamSpec => "ParamSpec",
            ParamKind::TypeVarTuple => "TypeVarTuple",
        }
    }
}

fn new_type_var(vm: &mut Vm, data: TypeVarData) -> Value {
    vm.heap
        .new_value(Obj::from(NativeObj::TypeVar(Box::new(data))))
}

fn flag(vm: &mut Vm, a: &Args, kw: &str) -> PyResult<bool> {
    match a.kwarg(kw) {
        Some(v) => vm.truthy(v),
        None => Ok(false),
    }
}

/// The `name` argument; messages name the constructor as CPython's
/// argument parser does (`typevar()`).
fn name_arg(vm: &Vm, a: &Args, class: &str) -> PyResult<String> {
    let f = class.to_lowercase();
    let Some(name) = a.get(0, "name") else {
        return Err(PyErr::type_error(format!(
            "{f}() missing required argument 'name' (pos 1)"
        )));
    };
    vm.str_arg(
        name,
        &format!(
            "{f}() argument 'name' must be str, not {}",
            vm.class_name(name)
        ),
    )
}

/// `typing.TypeVar(name, *constraints, bound=None, covariant=False,
/// contravariant=False, infer_variance=False)`.
pub fn type_var_new(vm: &mut Vm, a: Args) -> PyResult<Value> {
    a.check_keywords(&[
        "name",
        "bound",
        "covariant",
        "contravariant",
        "infer_variance",
        "default",
    ])?;
    let name = name_arg(vm, &a, "TypeVar")?;
    let constraints: Vec<Value> = a.pos.iter().skip(1).copied().collect();
    let bound = a.kwarg("bound").unwrap_or(Value::None);
    let covariant = flag(vm, &a, "covariant")?;
    let contravariant = flag(vm, &a, "contravariant")?;
    let infer_variance = flag(vm, &a, "infer_variance")?;
    if covariant && contravariant {
        return Err(PyErr::value_error("Bivariant types are not supported."));
    }
    if infer_variance && (covariant || contravariant) {
        return Err(PyErr::value_error(
            "Variance cannot be specified with infer_variance.",
        ));
    }
    if constraints.len() == 1 {
        return Err(PyErr::type_error("A single constraint is not allowed"));
    }
    if !constraints.is_empty() && !bound.is_none() {
        return Err(PyErr::type_error(
            "Constraints cannot be combined with bound=...",
        ));
    }
    let constraints = vm.new_tuple(constraints);
    Ok(new_type_var(
        vm,
        TypeVarData {
            name,
            kind: ParamKind::TypeVar,
            bound,
            constraints,
            covariant,
            contravariant,
            infer_variance,
        },
    ))
}

/// `typing.ParamSpec(name, *, bound=None, covariant=False, ...)`.
pub fn param_spec_new(vm: &mut Vm, a: Args) -> PyResult<Value> {
    variadic_new(vm, a, ParamKind::ParamSpec)
}

/// `typing.TypeVarTuple(name)`.
pub fn type_var_tuple_new(vm: &mut Vm, a: Args) -> PyResult<Value> {
    variadic_new(vm, a, ParamKind::TypeVarTuple)
}

fn variadic_new(vm: &mut Vm, a: Args, kind: ParamKind) -> PyResult<Value> {
    let class = kind.class_name();
    if kind == ParamKind::TypeVarTuple {
        a.check_keywords(&["name", "default"])?;
    } else {
        a.check_keywords(&[
            "name",
            "bound",
            "covariant",
            "contravariant",
            "infer_variance",
            "default",
        ])?;
    }
    if a.pos.len() > 1 {
        return Err(PyErr::type_error(format!(
            "{class}.__new__() takes at most 1 positional argument ({} given)",
            a.pos.len()
        )));
    }
    let name = name_arg(vm, &a, class)?;
    let covariant = flag(vm, &a, "covariant")?;
    let contravariant = flag(vm, &a, "contravariant")?;
    let infer_variance = flag(vm, &a, "infer_variance")?;
    let bound = a.kwarg("bound").unwrap_or(Value::None);
    let constraints = vm.new_tuple(Vec::new());
    Ok(new_type_var(
        vm,
        TypeVarData {
            name,
            kind,
            bound,
            constraints,
            covariant,
            contravariant,
            infer_variance,
        },
    ))
}

fn module_name(vm: &mut Vm) -> Value {
    vm.new_str("__main__")
}

/// `typing.TypeAliasType(name, value, *, type_params=())`: an alias whose
/// value is given (not lazy).
pub fn type_alias_new(vm: &mut Vm, a: Args) -> PyResult<Value> {
    a.check_keywords(&["name", "value", "type_params"])?;
    let (Some(name), Some(value)) = (a.get(0, "name"), a.get(1, "value")) else {
        return Err(PyErr::type_error(
            "TypeAliasType() missing required argument 'value' (pos 2)",
        ));
    };
    let name = vm.str_arg(
        name,
        &format!(
            "TypeAliasType() argument 'name' must be str, not {}",
            vm.class_name(name)
        ),
    )?;
    let params = match a.kwarg("type_params") {
        Some(p) if matches!(p, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Tuple(_))) => p,
        Some(_) => {
            return Err(PyErr::type_error("type_params must be a tuple"));
        }
        None => vm.new_tuple(Vec::new()),
    };
    let module = module_name(vm);
    Ok(vm
        .heap
        .new_value(Obj::from(NativeObj::TypeAlias(Box::new(TypeAliasData {
            name,
            params,
            evaluate: Value::None,
            value,
            module,
        })))))
}

/// `typing._lazy_type_alias(name, evaluate, spellings)`: what a `type`
/// statement runs. `spellings` are the type parameters as written
/// (`"T"`, `"*Ts"`, `"**P"`).
pub fn lazy_type_alias(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let [name, evaluate, spellings] = a.pos[..] else {
        return Err(PyErr::type_error("_lazy_type_alias() takes 3 arguments"));
    };
    let name = vm.str_arg(name, "_lazy_type_alias(): the name must be a str")?;
    let spellings: Vec<String> = tuple_items(vm, spellings)
        .into_iter()
        .filter_map(|v| crate::vm::as_str(&vm.heap, v).map(str::to_string))
        .collect();
    let mut params = Vec::with_capacity(spellings.len());
    for s in spellings {
        let (kind, name) = if let Some(n) = s.strip_prefix("**") {
            (ParamKind::ParamSpec, n)
        } else if let Some(n) = s.strip_prefix('*') {
            (ParamKind::TypeVarTuple, n)
        } else {
            (ParamKind::TypeVar, s.as_str())
        };
        let constraints = vm.new_tuple(Vec::new());
        params.push(new_type_var(
            vm,
            TypeVarData {
                name: name.to_string(),
                kind,
                bound: Value::None,
                constraints,
                covariant: false,
                contravariant: false,
                infer_variance: kind != ParamKind::TypeVarTuple,
            },
        ));
    }
    let params = vm.new_tuple(params);
    let module = module_name(vm);
    Ok(vm
        .heap
        .new_value(Obj::from(NativeObj::TypeAlias(Box::new(TypeAliasData {
            name,
            params,
            evaluate,
            value: Value::None,
            module,
        })))))
}

fn tuple_items(vm: &Vm, v: Value) -> Vec<Value> {
    match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Tuple(items) => items.clone(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

fn alias(vm: &Vm, id: ObjId) -> &TypeAliasData {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::TypeAlias(a)) => a,
        _ => unreachable!("a type alias"),
    }
}

fn type_var(vm: &Vm, id: ObjId) -> &TypeVarData {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::TypeVar(t)) => t,
        _ => unreachable!("a type variable"),
    }
}

/// An alias's `__value__`, computed on first read.
fn alias_value(vm: &mut Vm, id: ObjId) -> PyResult<Value> {
    let a = alias(vm, id);
    if a.evaluate.is_none() {
        return Ok(a.value);
    }
    let (evaluate, params) = (a.evaluate, a.params);
    let args = tuple_items(vm, params);
    let value = vm.call_value(evaluate, args, Default::default())?;
    if let Some(NativeObj::TypeAlias(a)) = native_of_mut(vm.heap.get_mut(id)) {
        a.value = value;
        a.evaluate = Value::None;
    }
    Ok(value)
}

/// The attributes a `TypeAliasType` or type variable has (read-only).
const ALIAS_ATTRS: &[&str] = &[
    "__name__",
    "__qualname__",
    "__module__",
    "__value__",
    "__type_params__",
    "__parameters__",
];
const VAR_ATTRS: &[&str] = &[
    "__name__",
    "__bound__",
    "__constraints__",
    "__covariant__",
    "__contravariant__",
    "__infer_variance__",
];

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// Type variables and `type` aliases.
pub struct TypeParamType;

impl np::NativeType for TypeParamType {
    fn type_name(o: &np::NativeObj) -> &'static str {
        match o {
            np::NativeObj::TypeVar(t) => match t.kind {
                ParamKind::TypeVar => "typing.TypeVar",
                ParamKind::ParamSpec => "typing.ParamSpec",
                ParamKind::TypeVarTuple => "typing.TypeVarTuple",
            },
            _ => "typing.TypeAliasType",
        }
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        match o {
            np::NativeObj::TypeVar(t) => {
                f(t.bound);
                f(t.constraints);
            }
            np::NativeObj::TypeAlias(a) => {
                f(a.params);
                f(a.evaluate);
                f(a.value);
                f(a.module);
            }
            _ => {}
        }
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        if let Some(NativeObj::TypeVar(_)) = native_of(vm.heap.get(id)) {
            let t = type_var(vm, id).clone();
            return Ok(Some(match name {
                "__name__" => vm.new_str(t.name),
                "__bound__" => t.bound,
                "__constraints__" => t.constraints,
                "__covariant__" => Value::Bool(t.covariant),
                "__contravariant__" => Value::Bool(t.contravariant),
                "__infer_variance__" => Value::Bool(t.infer_variance),
                "__module__" => vm.new_str("typing"),
                _ => return Ok(None),
            }));
        }
        Ok(Some(match name {
            "__name__" | "__qualname__" => {
                let n = alias(vm, id).name.clone();
                vm.new_str(n)
            }
            "__module__" => alias(vm, id).module,
            "__value__" => alias_value(vm, id)?,
            "__type_params__" | "__parameters__" => alias(vm, id).params,
            _ => return Ok(None),
        }))
    }

    fn setattr(vm: &mut np::Vm, id: np::ObjId, name: &str, _v: np::Value) -> Option<PyResult<()>> {
        let (known, class) = match native_of(vm.heap.get(id)) {
            Some(NativeObj::TypeVar(t)) => (
                VAR_ATTRS.contains(&name),
                format!("typing.{}", t.kind.class_name()),
            ),
            _ => (ALIAS_ATTRS.contains(&name), "typing.TypeAliasType".into()),
        };
        if known && class != "typing.TypeAliasType" {
            return Some(Err(PyErr::new(
                ExcType::AttributeError,
                "readonly attribute",
            )));
        }
        Some(Err(if known {
            PyErr::new(
                ExcType::AttributeError,
                format!("attribute '{name}' of '{class}' objects is not writable"),
            )
        } else {
            PyErr::new(
                ExcType::AttributeError,
                format!("'{class}' object has no attribute '{name}'"),
            )
        }))
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(match native_of(vm.heap.get(id)) {
            Some(NativeObj::TypeVar(t)) => {
                let prefix = if t.infer_variance || t.kind == ParamKind::TypeVarTuple {
                    ""
                } else if t.covariant {
                    "+"
                } else if t.contravariant {
                    "-"
                } else {
                    "~"
                };
                format!("{prefix}{}", t.name)
            }
            _ => alias(vm, id).name.clone(),
        })
    }

    /// `Alias[int]`: a generic alias of a generic `type` alias.
    fn getitem(vm: &mut np::Vm, id: np::ObjId, idx: np::Value) -> np::PyResult<Option<np::Value>> {
        let Some(NativeObj::TypeAlias(a)) = native_of(vm.heap.get(id)) else {
            return Ok(None);
        };
        if tuple_items(vm, a.params).is_empty() {
            return Err(PyErr::type_error(
                "Only generic type aliases are subscriptable",
            ));
        }
        let args = match idx {
            Value::Ref(t) if matches!(vm.heap.get(t), Obj::Tuple(_)) => idx,
            _ => vm.new_tuple(vec![idx]),
        };
        Ok(Some(vm.heap.new_value(Obj::from(
            NativeObj::GenericAlias {
                origin: Value::Ref(id),
                args,
            },
        ))))
    }
}
