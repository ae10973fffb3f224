//! Metaclasses, as far as the library needs them: a class may carry a
//! metaclass (`Class::meta`, a class the library built, such as
//! `enum.EnumType` or `abc.ABCMeta`), inherited from its first base that
//! has one. The VM knows nothing of what a metaclass means; it only asks
//! the metaclass's special methods about operations on the class object
//! itself, as CPython looks them up on `type(cls)`:
//!
//! - `__init__(cls, name, bases, ns)` once the class is built;
//! - `__call__(cls, *args, **kwargs)` instead of instantiating;
//! - `__iter__`, `__reversed__`, `__len__`, `__contains__`, `__getitem__`,
//!   `__repr__`, `__setattr__`, `__delattr__` of the class object;
//! - any other attribute the class and its bases lack (a property of the
//!   metaclass is called with the class, a method binds it).
//!
//! A class with a metaclass may also name builtin types among its bases
//! (`class Status(str, Enum)`): they stay in `__bases__`, are left out of
//! the MRO, and make `isinstance(member, str)` true; what the instances do
//! as that type is up to the metaclass (`enum` delegates to the value).
//!
//! Instantiation of a class with a metaclass also checks
//! `__abstractmethods__` in the class's own namespace, as CPython's
//! `object.__new__` does for the flag `ABCMeta` sets.

use crate::object::{ExcType, Obj, ObjId, Type, Value};

use super::{PyErr, PyResult, Vm};

impl Vm {
    /// The metaclass of `v`, if `v` is a class that has one.
    #[inline]
    pub fn meta_of(&self, v: Value) -> Option<ObjId> {
        let Value::Ref(id) = v else { return None };
        match self.heap.get(id) {
            Obj::Class(c) => c.meta,
            _ => None,
        }
    }

    /// Special method `name` of the metaclass of class `v`, if any.
    pub fn meta_method(&self, v: Value, name: &str) -> Option<Value> {
        let meta = self.meta_of(v)?;
        self.class_lookup(meta, name)
    }

    /// Calls special method `name` of the metaclass of class `v` with the
    /// class first; `None` if `v` has no metaclass defining it.
    #[inline(never)]
    pub fn call_meta(&mut self, v: Value, name: &str, args: Vec<Value>) -> PyResult<Option<Value>> {
        let Some(f) = self.meta_method(v, name) else {
            return Ok(None);
        };
        let mut all = Vec::with_capacity(args.len() + 1);
        all.push(v);
        all.extend(args);
        self.call_value(f, all, Vec::new()).map(Some)
    }

    /// An attribute class `cls` and its bases lack, looked up on its
    /// metaclass: a property is called with the class, a function (or a
    /// library method) is bound to it, anything else is returned as is.
    #[inline(never)]
    pub fn meta_get_attr(&mut self, cls: ObjId, name: &str) -> PyResult<Option<Value>> {
        let Some(meta) = self.class(cls).meta else {
            return Ok(None);
        };
        let Some(v) = self.class_lookup(meta, name) else {
            return Ok(None);
        };
        let Value::Ref(id) = v else {
            return Ok(Some(v));
        };
        if crate::lib().bound_native_binds(self, id) {
            return Ok(Some(self.heap.new_value(Obj::BoundMethod {
                func: v,
                recv: Value::Ref(cls),
            })));
        }
        match self.heap.get(id) {
            Obj::Property(p) => {
                let fget = p.fget;
                self.call_value(fget, vec![Value::Ref(cls)], Vec::new())
                    .map(Some)
            }
            Obj::Function(_) => Ok(Some(self.heap.new_value(Obj::BoundMethod {
                func: v,
                recv: Value::Ref(cls),
            }))),
            _ => Ok(Some(v)),
        }
    }

    /// Runs the metaclass's `__init__(cls, name, bases, ns)` on a class
    /// just built, if its metaclass defines one.
    pub(super) fn meta_init(&mut self, cls: ObjId, ns: Value) -> PyResult<()> {
        let v = Value::Ref(cls);
        if self.meta_method(v, "__init__").is_none() {
            return Ok(());
        }
        let name = self.class(cls).name.clone();
        let name = self.new_str(name);
        let bases = self.class(cls).bases.clone();
        let bases = self.new_tuple(bases);
        self.call_meta(v, "__init__", vec![name, bases, ns])?;
        Ok(())
    }

    /// Whether some class in the MRO of `cls` names builtin type `t` (or
    /// a subtype of it) among its bases (`class Status(str, Enum)`).
    pub fn class_has_builtin_base(&self, cls: ObjId, t: Type) -> bool {
        self.class(cls).mro.iter().any(|c| {
            self.class(*c)
                .bases
                .iter()
                .any(|b| matches!(b, Value::Type(bt) if bt.is_subtype_of(t)))
        })
    }

    /// `TypeError` if class `cls` has abstract methods left
    /// (`__abstractmethods__` in its own namespace, non-empty).
    pub(super) fn check_abstract(&mut self, cls: ObjId) -> PyResult<()> {
        let Some(Value::Ref(set)) = self.class(cls).attrs.get_str("__abstractmethods__") else {
            return Ok(());
        };
        let mut names: Vec<String> = match self.heap.get(set) {
            Obj::FrozenSet(d) | Obj::Set(d) => d
                .entries()
                .filter_map(|(k, _)| super::as_str(&self.heap, k).map(str::to_string))
                .collect(),
            _ => return Ok(()),
        };
        if names.is_empty() {
            return Ok(());
        }
        names.sort();
        let plural = if names.len() == 1 { "" } else { "s" };
        let list: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
        Err(PyErr::new(
            ExcType::TypeError,
            format!(
                "Can't instantiate abstract class {} without an implementation for abstract method{plural} {}",
                self.class(cls).name,
                list.join(", ")
            ),
        ))
    }
}
