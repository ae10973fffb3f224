//! Membership: `item in container` for every built-in container, dict
//! views, strings and bytes, native objects, and user classes through
//! `__contains__`, `__iter__` or the old `__getitem__` protocol, with
//! CPython's error for values that are neither.

use crate::object::{Obj, Value, ViewKind};

use super::{PyErr, PyResult, Vm};

impl Vm {
    /// `item in container`.
    pub fn contains(&mut self, container: Value, item: Value) -> PyResult<bool> {
        if let Value::Ref(id) = container {
            if let Obj::Native(_) = self.heap.get(id) {
                if let Some(found) = crate::lib().native_obj_contains(self, id, item)? {
                    return Ok(found);
                }
            }
            enum Plan {
                /// A list or tuple, walked by index (an `__eq__` may
                /// change the list: each step reads it again, as CPython).
                Scan,
                Done(bool),
                Key,
                Values(Vec<Value>),
                Items(crate::object::ObjId),
                Iterate,
            }
            let plan = match self.heap.get(id) {
                Obj::Str(s) => match super::as_str(&self.heap, item) {
                    Some(sub) => Plan::Done(s.s.contains(sub)),
                    None => {
                        return Err(PyErr::type_error(format!(
                            "'in <string>' requires string as left operand, not {}",
                            self.class_name(item)
                        )))
                    }
                },
                Obj::List(_) | Obj::Tuple(_) => Plan::Scan,
                Obj::Bytes(_) | Obj::ByteArray(_) => return self.bytes_contains(id, item),
                Obj::Dict(_) | Obj::Set(_) | Obj::FrozenSet(_) => Plan::Key,
                Obj::DictView(d, kind) => match (self.heap.get(*d), kind) {
                    (Obj::Dict(_), ViewKind::Keys) => {
                        let dict_id = *d;
                        let k = self.dict_key_in(dict_id, item)?;
                        let Obj::DictView(d, _) = self.heap.get(id) else {
                            unreachable!()
                        };
                        let Obj::Dict(dict) = self.heap.get(*d) else {
                            unreachable!()
                        };
                        Plan::Done(dict.contains(&k))
                    }
                    (Obj::Dict(dict), ViewKind::Values) => {
                        Plan::Values(dict.entries().map(|e| e.1).collect())
                    }
                    (Obj::Dict(_), ViewKind::Items) => Plan::Items(*d),
                    _ => Plan::Done(false),
                },
                Obj::Range(r) => {
                    let i = match item {
                        Value::Int(i) => Some(i),
                        Value::Bool(b) => Some(b as i64),
                        Value::Float(f) if f.fract() == 0.0 && f.abs() < 9.0e18 => Some(f as i64),
                        _ => None,
                    };
                    Plan::Done(match i {
                        None => false,
                        Some(i) => {
                            let n = r.len_i128();
                            let off = i as i128 - r.start as i128;
                            let step = r.step as i128;
                            n > 0 && off % step == 0 && off / step >= 0 && off / step < n
                        }
                    })
                }
                Obj::Instance(inst) => {
                    let class = inst.class;
                    if matches!(self.class_lookup(class, "__contains__"), Some(Value::None)) {
                        return Err(PyErr::type_error(format!(
                            "'{}' object is not a container",
                            self.class_name(container)
                        )));
                    }
                    if let Some(r) = self.call_dunder(container, "__contains__", vec![item])? {
                        return self.truthy(r);
                    }
                    // `__iter__ = None` opts out even of `__getitem__` iteration
                    let iterable = match self.class_lookup(class, "__iter__") {
                        Some(f) => !f.is_none(),
                        None => self.class_lookup(class, "__getitem__").is_some(),
                    };
                    if !iterable {
                        return Err(PyErr::type_error(format!(
                            "argument of type '{}' is not a container or iterable",
                            self.class_name(container)
                        )));
                    }
                    Plan::Iterate
                }
                Obj::Iter(_) | Obj::Native(_) => Plan::Iterate,
                // a class whose metaclass defines `__contains__` (`meta.rs`)
                Obj::Class(c) if c.meta.is_some() => {
                    match self.call_meta(container, "__contains__", vec![item])? {
                        Some(r) => return self.truthy(r),
                        None => Plan::Iterate,
                    }
                }
                _ => {
                    return Err(PyErr::type_error(format!(
                        "argument of type '{}' is not a container or iterable",
                        self.class_name(container)
                    )))
                }
            };
            return match plan {
                Plan::Done(r) => Ok(r),
                Plan::Scan => {
                    let mut i = 0;
                    while let Some(x) = self.heap.get(id).seq().and_then(|s| s.get(i)) {
                        if self.same_object(x, item) || self.py_eq(x, item)? {
                            return Ok(true);
                        }
                        i += 1;
                    }
                    Ok(false)
                }
                Plan::Values(items) => {
                    for x in items {
                        if self.same_object(x, item) || self.py_eq(x, item)? {
                            return Ok(true);
                        }
                    }
                    Ok(false)
                }
                Plan::Key => {
                    let k = match self.heap.get(id) {
                        Obj::Dict(_) => self.dict_key_in(id, item)?,
                        _ => self.set_key_in(id, item)?,
                    };
                    match self.heap.get(id) {
                        Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => Ok(d.contains(&k)),
                        _ => Ok(false),
                    }
                }
                Plan::Items(d) => {
                    let pair = match item {
                        Value::Ref(t) => match self.heap.get(t) {
                            Obj::Tuple(kv) if kv.len() == 2 => Some((kv[0], kv[1])),
                            _ => None,
                        },
                        _ => None,
                    };
                    let Some((k, v)) = pair else { return Ok(false) };
                    let hk = self.dict_key_in(d, k)?;
                    let found = match self.heap.get(d) {
                        Obj::Dict(dict) => dict.get(&hk),
                        _ => None,
                    };
                    match found {
                        Some(w) => Ok(self.same_object(w, v) || self.py_eq(w, v)?),
                        None => Ok(false),
                    }
                }
                Plan::Iterate => {
                    let it = self.get_iter(container)?;
                    while let Some(x) = self.iter_next(it)? {
                        if self.same_object(x, item) || self.py_eq(x, item)? {
                            return Ok(true);
                        }
                    }
                    Ok(false)
                }
            };
        }
        Err(PyErr::type_error(format!(
            "argument of type '{}' is not a container or iterable",
            self.class_name(container)
        )))
    }
}
