//! The builtin functions about objects and classes: `isinstance` and
//! `issubclass`, `callable`, the attribute functions, `super`, the
//! descriptors (`staticmethod`, `classmethod`, `property`), and the methods
//! of `object` and `BaseException` that `super()` reaches. The table in
//! `mod.rs` names each one.

use crate::object::{ExcType, Obj, ObjId, Type, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

use super::{exactly_one, Builtin};

native! {
    /// `isinstance(obj, class_or_tuple, /)`.
    pub(super) builtin fn isinstance(vm, obj, class_or_tuple, /) {
        Ok(Value::Bool(is_instance(vm, obj, class_or_tuple)?))
    }

    /// `issubclass(cls, class_or_tuple, /)`.
    pub(super) builtin fn issubclass(vm, cls, class_or_tuple, /) {
        Ok(Value::Bool(is_subclass(vm, cls, class_or_tuple)?))
    }

    /// `callable(obj, /)`.
    pub(super) builtin fn callable(vm, obj, /) {
        Ok(Value::Bool(is_callable(vm, obj)))
    }

    /// `getattr(object, name, default=..., /)`.
    pub(super) builtin fn getattr(vm, object, name, default?, /) {
        let name = attr_name_arg(vm, name)?;
        match vm.get_attr(object, &name) {
            Ok(v) => Ok(v),
            Err(e) => match default {
                Some(d) if is_attribute_error(vm, &e) => Ok(d),
                _ => Err(e),
            },
        }
    }

    /// `hasattr(obj, name, /)`.
    pub(super) builtin fn hasattr(vm, obj, name, /) {
        let name = attr_name_arg(vm, name)?;
        match vm.get_attr(obj, &name) {
            Ok(_) => Ok(Value::Bool(true)),
            Err(e) if is_attribute_error(vm, &e) => Ok(Value::Bool(false)),
            Err(e) => Err(e),
        }
    }

    /// `setattr(obj, name, value, /)`.
    pub(super) builtin fn setattr(vm, obj, name, value, /) {
        let name = attr_name_arg(vm, name)?;
        vm.set_attr(obj, &name, value)?;
        Ok(Value::None)
    }

    /// `delattr(obj, name, /)`.
    pub(super) builtin fn delattr(vm, obj, name, /) {
        let name = attr_name_arg(vm, name)?;
        vm.del_attr(obj, &name)?;
        Ok(Value::None)
    }

    /// `vars(object=..., /)`; without an argument, `locals()`.
    pub(super) builtin fn vars(vm, object?, /) {
        let Some(object) = object else {
            return vm.builtin_locals(super::Args::new("locals", Vec::new(), Vec::new()));
        };
        vm.get_attr(object, "__dict__")
            .map_err(|_| PyErr::type_error("vars() argument must have __dict__ attribute"))
    }

    /// `dir(object=..., /)`; without an argument, the sorted names of
    /// `locals()`.
    pub(super) builtin fn dir(vm, object?, /) {
        let Some(object) = object else {
            let scope = vm.builtin_locals(super::Args::new("locals", Vec::new(), Vec::new()))?;
            let mut names: Vec<String> = match scope {
                Value::Ref(id) => match vm.heap.get(id) {
                    Obj::Dict(d) => d
                        .entries()
                        .filter_map(|(k, _)| crate::vm::as_str(&vm.heap, k).map(str::to_string))
                        .collect(),
                    _ => Vec::new(),
                },
                _ => Vec::new(),
            };
            names.sort();
            let items: Vec<Value> = names.into_iter().map(|n| vm.new_str(n)).collect();
            return Ok(vm.new_list(items));
        };
        let names = vm.dir_of(object);
        let items: Vec<Value> = names.into_iter().map(|n| vm.new_str(n)).collect();
        Ok(vm.new_list(items))
    }

    /// `super()`, `super(type, obj)`. Explicit count: CPython's words
    /// (`super() expected at most 2 arguments, got 3`) and the one-argument
    /// form, which is not supported.
    pub(super) builtin fn super_(vm, *args) {
        match args.len() {
            0 => vm.zero_arg_super(),
            2 => match args[0] {
                Value::Ref(c) if matches!(vm.heap.get(c), Obj::Class(_)) => {
                    Ok(vm.heap.new_value(Obj::Super {
                        class: c,
                        obj: args[1],
                    }))
                }
                _ => Err(PyErr::type_error("super() argument 1 must be a type")),
            },
            1 => Err(PyErr::type_error("super() expected 0 or 2 arguments, got 1")),
            n => Err(PyErr::type_error(format!(
                "super() expected at most 2 arguments, got {n}"
            ))),
        }
    }

    /// `staticmethod(function, /)` (`staticmethod expected 1 argument`).
    pub(super) builtin fn staticmethod(vm, *args) {
        let f = exactly_one("staticmethod", &args)?;
        Ok(vm.heap.new_value(Obj::StaticMethod(f)))
    }

    /// `classmethod(function, /)` (`classmethod expected 1 argument`).
    pub(super) builtin fn classmethod(vm, *args) {
        let f = exactly_one("classmethod", &args)?;
        Ok(vm.heap.new_value(Obj::ClassMethod(f)))
    }

    /// `property(fget=None, fset=None, fdel=None, doc=None)`.
    pub(super) clinic fn property(vm, fget?, fset?, fdel?, doc?) {
        let p = crate::object::Property {
            fget: fget.unwrap_or(Value::None),
            fset: fset.unwrap_or(Value::None),
            fdel: fdel.unwrap_or(Value::None),
        };
        Ok(vm.heap.new_value(Obj::Property(Box::new(p))))
    }

    /// `Ellipsis(...)`: not callable, whatever the arguments.
    pub(super) builtin fn ellipsis(vm, *args, **kwargs) {
        Err(PyErr::type_error("'ellipsis' object is not callable"))
    }

    /// `NotImplemented(...)`: not callable, whatever the arguments.
    pub(super) builtin fn not_implemented(vm, *args, **kwargs) {
        Err(PyErr::type_error("'NotImplementedType' object is not callable"))
    }

    /// `object.__init__(self, /)`, reached through `super()`: its own
    /// message for any further argument.
    pub(super) builtin fn object_init(vm, *args, **kwargs) {
        if args.len() > 1 || !kwargs.is_empty() {
            return Err(PyErr::type_error(
                "object.__init__() takes exactly one argument (the instance to initialize)",
            ));
        }
        Ok(Value::None)
    }

    /// `BaseException.__init__(self, /, *args)`, reached through `super()`;
    /// keywords are ignored.
    pub(super) builtin fn exception_init(vm, *args, **kwargs) {
        let mut rest = args;
        if rest.is_empty() {
            return Err(PyErr::type_error(
                "descriptor '__init__' of 'BaseException' object needs an argument",
            ));
        }
        let exc = rest.remove(0);
        if let Value::Ref(id) = exc {
            if let Obj::Exception(e) = vm.heap.get_mut(id) {
                e.args = rest;
            }
        }
        Ok(Value::None)
    }

    /// `object.__setattr__(self, name, value, /)`, reached through
    /// `super()`: the receiver is checked before the keywords, with the
    /// slot wrapper's words.
    pub(super) builtin fn object_setattr(vm, *args, **kwargs) {
        let Some(&target) = args.first() else {
            return Err(PyErr::type_error(
                "descriptor '__setattr__' of 'object' object needs an argument",
            ));
        };
        if !kwargs.is_empty() {
            return Err(PyErr::type_error(
                "wrapper __setattr__() takes no keyword arguments",
            ));
        }
        if args.len() != 3 {
            return Err(PyErr::type_error(format!(
                "__setattr__ expected 2 arguments, got {}",
                args.len() - 1
            )));
        }
        let Some(name) = as_str(&vm.heap, args[1]).map(str::to_string) else {
            return Err(PyErr::type_error(format!(
                "attribute name must be string, not '{}'",
                vm.class_name(args[1])
            )));
        };
        let has_dict = matches!(target, Value::Ref(id)
            if matches!(vm.heap.get(id), Obj::Instance(_) | Obj::Exception(_)));
        if !has_dict {
            return vm.set_attr(target, &name, args[2]).map(|_| Value::None);
        }
        vm.raw_set_attr(target, &name, args[2]);
        Ok(Value::None)
    }

    /// `object.__eq__(self, other, /)`, reached through `super()`.
    pub(super) builtin fn object_eq(vm, this, other, /) {
        Ok(if vm.is(this, other) {
            Value::Bool(true)
        } else {
            Value::Builtin(Builtin::NotImplemented)
        })
    }

    /// `object.__str__(self, /)`, reached through `super()`.
    pub(super) builtin fn object_str(vm, this, /) {
        let s = vm.default_repr(this)?;
        Ok(vm.new_str(s))
    }
}

/// Is `v` callable?
pub fn is_callable(vm: &Vm, v: Value) -> bool {
    match v {
        Value::Builtin(Builtin::Ellipsis) => false,
        Value::Builtin(_) | Value::Native(_) | Value::Type(_) | Value::ExcType(_) => true,
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Function(_)
            | Obj::BuiltinMethod(..)
            | Obj::External(_)
            | Obj::BoundNative { .. } => true,
            Obj::Class(_) | Obj::BoundMethod { .. } => true,
            Obj::Instance(i) => vm.class_lookup(i.class, "__call__").is_some(),
            _ => false,
        },
        _ => false,
    }
}

fn is_attribute_error(vm: &Vm, e: &PyErr) -> bool {
    match e {
        PyErr::Msg(k, _) | PyErr::New(k, _) => k.is_subclass_of(ExcType::AttributeError),
        PyErr::Raise(v) | PyErr::Reraise(v) => match v {
            Value::Ref(id) => {
                matches!(vm.heap.get(*id), Obj::Exception(x) if x.kind.is_subclass_of(ExcType::AttributeError))
            }
            _ => false,
        },
        PyErr::Suspend | PyErr::Limit => false,
    }
}

/// The attribute name argument of `getattr` and friends, with CPython's
/// message for a non-string.
fn attr_name_arg(vm: &Vm, v: Value) -> PyResult<String> {
    vm.str_arg(
        v,
        &format!("attribute name must be string, not '{}'", vm.class_name(v)),
    )
}

/// How deeply `isinstance` and `issubclass` follow nested tuples of
/// classes: CPython's C recursion limit makes a tuple 10 000 deep raise
/// `RecursionError`.
const MAX_CLASSINFO_DEPTH: usize = 9_999;

/// The tuple `v` refers to, if it is one.
fn tuple_id(vm: &Vm, v: Value) -> Option<ObjId> {
    match v {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::Tuple(_)) => Some(id),
        _ => None,
    }
}

/// Whether `leaf` holds for some class of `classinfo`, a class or a tuple
/// of classes and such tuples, tried depth first and left to right as
/// CPython recurses, but with an explicit stack: a deeply nested tuple
/// costs heap, not native stack. `check` names the hook in the message.
fn any_class(
    vm: &mut Vm,
    classinfo: Value,
    check: &str,
    mut leaf: impl FnMut(&mut Vm, Value) -> PyResult<bool>,
) -> PyResult<bool> {
    let Some(root) = tuple_id(vm, classinfo) else {
        return leaf(vm, classinfo);
    };
    // the tuple being walked and the index of its next item; the ones
    // around it in `path` (empty, so not allocated, for a flat tuple)
    let mut cur = (root, 0);
    let mut path: Vec<(ObjId, usize)> = Vec::new();
    loop {
        let item = match vm.heap.get(cur.0) {
            Obj::Tuple(items) => items.get(cur.1).copied(),
            _ => None,
        };
        let Some(item) = item else {
            match path.pop() {
                Some(outer) => cur = outer,
                None => return Ok(false),
            }
            continue;
        };
        cur.1 += 1;
        if let Some(inner) = tuple_id(vm, item) {
            if path.len() + 1 >= MAX_CLASSINFO_DEPTH {
                return Err(PyErr::new(
                    ExcType::RecursionError,
                    format!("maximum recursion depth exceeded in {check}"),
                ));
            }
            path.push(cur);
            cur = (inner, 0);
        } else if leaf(vm, item)? {
            return Ok(true);
        }
    }
}

/// `isinstance(v, ty)`.
pub fn is_instance(vm: &mut Vm, v: Value, ty: Value) -> PyResult<bool> {
    any_class(vm, ty, "__instancecheck__", |vm, t| {
        is_instance_of(vm, v, t)
    })
}

/// `isinstance(v, ty)` for `ty` other than a tuple.
fn is_instance_of(vm: &mut Vm, v: Value, ty: Value) -> PyResult<bool> {
    if let Some(r) = crate::lib().generic_isinstance(vm, v, ty) {
        return r;
    }
    match ty {
        Value::Native(t) => crate::lib()
            .native_type_isinstance(vm, v, t)
            .ok_or_else(|| {
                PyErr::type_error("isinstance() arg 2 must be a type, a tuple of types, or a union")
            }),
        Value::Type(t) => {
            let vt = vm.type_of(v);
            let is_class = matches!(v, Value::Type(_) | Value::ExcType(_))
                || matches!(v, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Class(_)))
                // a native constructor acting as a class (`defaultdict`)
                || matches!(v, Value::Native(id) if crate::lib().class_repr(vm, id).is_some());
            // a namedtuple is a tuple subclass
            let tuple_subclass = t == Type::Tuple
                && vm.user_class_of(v).is_some_and(|c| {
                    vm.class(c)
                        .mro
                        .iter()
                        .any(|m| vm.class(*m).namedtuple.is_some())
                });
            // a builtin mixed into a class with a metaclass (`vm/meta.rs`)
            let mixin = vm
                .user_class_of(v)
                .is_some_and(|c| vm.class_has_builtin_base(c, t));
            Ok(vt.is_subtype_of(t)
                || (t == Type::Type && is_class)
                || (t == Type::Object)
                || tuple_subclass
                || mixin)
        }
        Value::ExcType(t) => Ok(match v {
            Value::Ref(id) => match vm.heap.get(id) {
                Obj::Exception(e) => {
                    e.kind.is_subclass_of(t)
                        || e.class.is_some_and(|c| vm.class_is_exc_subclass(c, t))
                }
                _ => false,
            },
            _ => false,
        }),
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Class(_) => Ok(vm
                .user_class_of(v)
                .or_else(|| vm.meta_of(v))
                .is_some_and(|c| vm.class_is_subclass(c, id))),
            _ => Err(PyErr::type_error(
                "isinstance() arg 2 must be a type, a tuple of types, or a union",
            )),
        },
        _ => Err(PyErr::type_error(
            "isinstance() arg 2 must be a type, a tuple of types, or a union",
        )),
    }
}

/// `issubclass(c, ty)`.
fn is_subclass(vm: &mut Vm, c: Value, ty: Value) -> PyResult<bool> {
    any_class(vm, ty, "__subclasscheck__", |vm, t| {
        is_subclass_of(vm, c, t)
    })
}

/// `issubclass(c, ty)` for `ty` other than a tuple.
fn is_subclass_of(vm: &Vm, c: Value, ty: Value) -> PyResult<bool> {
    if let Some(r) = crate::lib().virtual_issubclass(vm, c, ty) {
        return Ok(r);
    }
    let user = |v: Value| match v {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::Class(_)) => Some(id),
        _ => None,
    };
    match (user(c), user(ty)) {
        (Some(a), Some(b)) => return Ok(vm.class_is_subclass(a, b)),
        (Some(a), None) => {
            return Ok(match ty {
                Value::Type(Type::Object) => true,
                Value::ExcType(e) => vm.class_is_exc_subclass(a, e),
                Value::Type(t) => vm.class_has_builtin_base(a, t),
                _ => {
                    return Err(PyErr::type_error(
                        "issubclass() arg 2 must be a class, a tuple of classes, or a union",
                    ))
                }
            })
        }
        (None, Some(_)) if matches!(c, Value::Type(_) | Value::ExcType(_)) => return Ok(false),
        _ => {}
    }
    match (c, ty) {
        (Value::Type(a), Value::Type(b)) => Ok(a.is_subtype_of(b)),
        (Value::ExcType(a), Value::ExcType(b)) => Ok(a.is_subclass_of(b)),
        (Value::ExcType(_), Value::Type(Type::Object)) => Ok(true),
        (Value::Type(_), Value::ExcType(_)) | (Value::ExcType(_), Value::Type(_)) => Ok(false),
        (Value::Type(_) | Value::ExcType(_), _) => Err(PyErr::type_error(
            "issubclass() arg 2 must be a class, a tuple of classes, or a union",
        )),
        _ => Err(PyErr::type_error("issubclass() arg 1 must be a class")),
    }
}
