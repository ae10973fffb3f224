//! An instance's attributes at run time: setting them (the plain fast
//! path of `StoreAttr`, properties and `__setattr__`, the raw store),
//! deleting them, and reading them all as pairs or a dict (`vars()`,
//! `__dict__`, `copy`).

use crate::object::{Dict, ExcType, HashKey, Instance, Obj, ObjId, Value};

use super::{PyErr, PyResult, Vm};

impl Vm {
    /// `obj.<name n of the program> = v` when no Python code runs for it:
    /// `obj` an instance of a class without properties, `__setattr__` or
    /// frozen fields (`class_flags` 0). False, and nothing done, otherwise.
    #[inline]
    pub(crate) fn store_plain_attr(&mut self, obj: Value, n: u32, v: Value) -> bool {
        let Value::Ref(id) = obj else { return false };
        let Obj::Instance(i) = self.heap.get(id) else {
            return false;
        };
        if self.class_flags(i.class) != 0 {
            return false;
        }
        let Some(name) = self.name_texts.get(n as usize) else {
            return false;
        };
        let Obj::Instance(i) = self.heap.get_mut(id) else {
            unreachable!("checked above")
        };
        if !i.attrs.set_existing_str(name, v) {
            i.attrs.push_new(name.clone(), v);
        }
        true
    }

    /// Sets an attribute on an instance (properties with setters first).
    pub fn instance_set_attr(
        &mut self,
        obj: Value,
        cls: ObjId,
        name: &str,
        v: Value,
    ) -> PyResult<()> {
        let flags = self.class_flags(cls);
        if flags == 0 {
            self.raw_set_attr(obj, name, v);
            return Ok(());
        }
        if let Some(Value::Ref(pid)) = self.class_lookup(cls, name) {
            if let Obj::Property(p) = self.heap.get(pid) {
                let fset = p.fset;
                if fset.is_none() {
                    let cname = self.class(cls).name.clone();
                    return Err(PyErr::new(
                        ExcType::AttributeError,
                        format!("property '{name}' of '{cname}' object has no setter"),
                    ));
                }
                self.call_value(fset, vec![obj, v], Vec::new())?;
                return Ok(());
            }
        }
        if let Some(setattr) = self.class_lookup(cls, "__setattr__") {
            let key = self.new_str(name);
            self.call_value(setattr, vec![obj, key, v], Vec::new())?;
            return Ok(());
        }
        self.raw_set_attr(obj, name, v);
        Ok(())
    }

    /// The attributes of instance `id` as (name, value) pairs of `str`
    /// objects and values, in the order they were set (`vars()`,
    /// `copy`, `types.SimpleNamespace`'s repr).
    pub fn instance_entries(&mut self, id: ObjId) -> Vec<(Value, Value)> {
        self.instance_keyed(id)
            .into_iter()
            .map(|(key, _, v)| (key, v))
            .collect()
    }

    /// The attributes of instance `id`: each name as its `str` object and
    /// its text, and the value.
    fn instance_keyed(&mut self, id: ObjId) -> Vec<(Value, std::rc::Rc<str>, Value)> {
        self.instance_pairs(id)
            .into_iter()
            .map(|(name, v)| {
                let (key, text) = self.attr_key(&name);
                (key, text, v)
            })
            .collect()
    }

    /// A new instance of `class` with `attrs` set directly (no `__init__`).
    pub fn raw_instance<'a>(
        &mut self,
        class: ObjId,
        attrs: impl IntoIterator<Item = (&'a str, Value)>,
    ) -> Value {
        let mut set = crate::object::Attrs::new();
        for (name, v) in attrs {
            set.insert_str(self.attr_key(name).1, v);
        }
        self.heap
            .new_value(Obj::Instance(Instance { class, attrs: set }))
    }

    /// The (name, value) pairs of instance `id` (none if not an instance).
    pub fn instance_pairs(&self, id: ObjId) -> Vec<(std::rc::Rc<str>, Value)> {
        match self.heap.get(id) {
            Obj::Instance(i) => i.attrs.iter().map(|(k, v)| (k.clone(), v)).collect(),
            _ => Vec::new(),
        }
    }

    /// A new dict object of the attributes of `v` (empty unless `v` is an
    /// instance): `__dict__`, `LogRecord.__dict__`, namespace equality.
    pub fn attrs_dict_value(&mut self, v: Value) -> Value {
        let d = match v {
            Value::Ref(id) => self.instance_dict(id),
            _ => Dict::new(),
        };
        self.heap.new_value(Obj::Dict(Box::new(d)))
    }

    /// A new dict of the attributes of instance `id` (its `__dict__`).
    pub fn instance_dict(&mut self, id: ObjId) -> Dict {
        let mut d = Dict::new();
        for (key, text, v) in self.instance_keyed(id) {
            d.insert(HashKey::Str(text.into()), key, v);
        }
        d
    }

    /// Stores into the instance dict, bypassing properties and `__setattr__`.
    pub fn raw_set_attr(&mut self, obj: Value, name: &str, v: Value) {
        if let Value::Ref(id) = obj {
            let replaced = match self.heap.get_mut(id) {
                Obj::Instance(i) => i.attrs.set_existing_str(name, v),
                Obj::Exception(e) => e.attrs.set_existing_str(name, v),
                _ => false,
            };
            if replaced {
                return;
            }
        }
        let (key, text) = self.attr_key(name);
        if let Value::Ref(id) = obj {
            match self.heap.get_mut(id) {
                // (not set: looked for above)
                Obj::Instance(i) => i.attrs.push_new(text, v),
                Obj::Exception(e) => e.attrs.insert(HashKey::Str(text.into()), key, v),
                _ => {}
            }
        }
    }

    pub fn instance_del_attr(&mut self, obj: Value, cls: ObjId, name: &str) -> PyResult<()> {
        if let Some(delattr) = self.class_lookup(cls, "__delattr__") {
            let key = self.new_str(name);
            self.call_value(delattr, vec![obj, key], Vec::new())?;
            return Ok(());
        }
        if let Some(Value::Ref(pid)) = self.class_lookup(cls, name) {
            if let Obj::Property(p) = self.heap.get(pid) {
                let fdel = p.fdel;
                if !fdel.is_none() {
                    self.call_value(fdel, vec![obj], Vec::new())?;
                    return Ok(());
                }
            }
        }
        let removed = match obj {
            Value::Ref(id) => match self.heap.get_mut(id) {
                Obj::Instance(i) => i.attrs.remove_str(name).is_some(),
                Obj::Exception(e) => e.attrs.remove(&HashKey::Str(name.into())).is_some(),
                _ => false,
            },
            _ => false,
        };
        if removed {
            Ok(())
        } else {
            let cname = self.class(cls).name.clone();
            Err(PyErr::new(
                ExcType::AttributeError,
                format!("'{cname}' object has no attribute '{name}'"),
            ))
        }
    }
}
