//! Argument conversions shared by builtins: `len()`, ints that must fit
//! a machine int, `__index__`, floats and strs.

use num_bigint::BigInt;

use crate::object::{ExcType, Obj, Value};
use crate::vm::ops::Num;
use crate::vm::{as_str, PyErr, PyResult, Vm};
use monty_compile::bytecode::CmpOp;

impl Vm {
    /// Can `next()` be called on `v`?
    pub fn is_iterator(&self, v: Value) -> bool {
        match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Iter(_) | Obj::Generator(_) => true,
                Obj::Instance(i) => self.class_lookup(i.class, "__next__").is_some(),
                Obj::Native(_) => crate::lib().native_obj_is_iterator(self, id),
                _ => false,
            },
            _ => false,
        }
    }

    /// `len(v)`.
    pub fn len_of(&mut self, v: Value) -> PyResult<usize> {
        if let Value::Ref(id) = v {
            if let Obj::Native(_) = self.heap.get(id) {
                return crate::lib().native_obj_len(self, id)?.ok_or_else(|| {
                    PyErr::type_error(format!(
                        "object of type '{}' has no len()",
                        self.class_name(v)
                    ))
                });
            }
        }
        if self.user_class_of(v).is_some() {
            return match self.call_dunder(v, "__len__", vec![])? {
                Some(n) => Ok(self.len_result(n)? as usize),
                None => Err(PyErr::type_error(format!(
                    "object of type '{}' has no len()",
                    self.class_name(v)
                ))),
            };
        }
        if let Value::Ref(id) = v {
            return Ok(match self.heap.get(id) {
                Obj::Str(s) => s.char_len(),
                Obj::Bytes(b) | Obj::ByteArray(b) => b.len(),
                Obj::List(l) => l.len(),
                Obj::Tuple(l) => l.len(),
                Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => d.len(),
                Obj::Range(r) => r.len() as usize,
                Obj::DictView(d, _) => match self.heap.get(*d) {
                    Obj::Dict(d) => d.len(),
                    _ => 0,
                },
                // a class whose metaclass defines `__len__` (`vm/meta.rs`)
                Obj::Class(c) if c.meta.is_some() => {
                    let meta = c.meta.expect("checked");
                    let Some(n) = self.call_meta(v, "__len__", vec![])? else {
                        return Err(PyErr::type_error(format!(
                            "object of type '{}' has no len()",
                            self.class(meta).name
                        )));
                    };
                    self.len_result(n)? as usize
                }
                _ => {
                    return Err(PyErr::type_error(format!(
                        "object of type '{}' has no len()",
                        self.class_name(v)
                    )))
                }
            });
        }
        Err(PyErr::type_error(format!(
            "object of type '{}' has no len()",
            self.class_name(v)
        )))
    }

    /// `v.__index__()` for an instance of a user class defining it: the
    /// int it returns (`TypeError` if that is not an int); `None` otherwise.
    pub fn user_index(&mut self, v: Value) -> PyResult<Option<Value>> {
        if self.user_class_of(v).is_none() {
            return Ok(None);
        }
        let Some(r) = self.call_dunder(v, "__index__", Vec::new())? else {
            return Ok(None);
        };
        if matches!(self.as_num(r), Some(Num::Int(_) | Num::Big(_))) {
            return Ok(Some(match r {
                Value::Bool(b) => Value::Int(b as i64),
                other => other,
            }));
        }
        Err(PyErr::type_error(format!(
            "__index__ returned non-int (type {})",
            self.class_name(r)
        )))
    }

    /// Whether `v` is an instance of a user class defining `__index__`.
    pub fn has_index_method(&self, v: Value) -> bool {
        self.user_class_of(v)
            .is_some_and(|c| self.class_lookup(c, "__index__").is_some())
    }

    /// A slice-style bound (`start`/`end` of the searches): an int or an
    /// `__index__` object, out-of-range values clamped to the i64 range as
    /// CPython clamps to `Py_ssize_t`.
    pub fn slice_bound_mut(&mut self, v: Value) -> PyResult<i64> {
        let v = self.user_index(v)?.unwrap_or(v);
        if let Value::Ref(id) = v {
            if let Obj::BigInt(b) = self.heap.get(id) {
                return Ok(if num_traits::Signed::is_negative(b) {
                    i64::MIN
                } else {
                    i64::MAX
                });
            }
        }
        match v {
            Value::Int(_) | Value::Bool(_) => self.index_arg(v),
            _ => Err(PyErr::type_error(
                "slice indices must be integers or None or have an __index__ method",
            )),
        }
    }

    /// `index_arg`, also accepting objects with an `__index__` method.
    pub fn index_arg_mut(&mut self, v: Value) -> PyResult<i64> {
        match self.user_index(v)? {
            Some(r) => self.index_arg(r),
            None => self.index_arg(v),
        }
    }

    /// `bigint_arg`, also accepting objects with an `__index__` method.
    pub fn bigint_arg_mut(&mut self, v: Value) -> PyResult<BigInt> {
        match self.user_index(v)? {
            Some(r) => self.bigint_arg(r),
            None => self.bigint_arg(v),
        }
    }

    /// An int argument that must fit a machine int.
    pub fn index_arg(&self, v: Value) -> PyResult<i64> {
        match v {
            Value::Int(i) => Ok(i),
            Value::Bool(b) => Ok(b as i64),
            Value::Ref(id) if matches!(self.heap.get(id), Obj::BigInt(_)) => Err(PyErr::new(
                ExcType::OverflowError,
                "Python int too large to convert to C ssize_t",
            )),
            _ => Err(PyErr::type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                self.class_name(v)
            ))),
        }
    }

    pub fn bigint_arg(&self, v: Value) -> PyResult<BigInt> {
        match self.as_num(v) {
            Some(Num::Int(i)) => Ok(BigInt::from(i)),
            Some(Num::Big(b)) => Ok(b),
            _ => Err(PyErr::type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                self.class_name(v)
            ))),
        }
    }

    pub fn float_arg(&self, v: Value) -> PyResult<f64> {
        if let Some(r) = crate::lib().decimal_float_of(self, v) {
            return r;
        }
        match self.as_num(v) {
            Some(Num::Int(i)) => Ok(i as f64),
            Some(Num::Big(b)) => crate::vm::ops::bigint_to_f64(&b),
            Some(Num::Float(f)) => Ok(f),
            None => Err(PyErr::type_error(format!(
                "must be real number, not {}",
                self.class_name(v)
            ))),
        }
    }

    pub fn str_arg(&self, v: Value, msg: &str) -> PyResult<String> {
        as_str(&self.heap, v)
            .map(str::to_string)
            .ok_or_else(|| PyErr::type_error(msg.to_string()))
    }

    /// Sorts values (by `key` if not None), stably; `reverse` keeps the
    /// stability of equal elements as CPython does.
    pub fn sort_values(
        &mut self,
        items: Vec<Value>,
        key: Value,
        reverse: bool,
    ) -> PyResult<Vec<Value>> {
        let mut pairs: Vec<(Value, Value)> = if key.is_none() {
            items.into_iter().map(|v| (v, v)).collect()
        } else {
            let mut out = Vec::with_capacity(items.len());
            for v in items {
                let k = self.call_args(key, &[v])?;
                out.push((k, v));
            }
            out
        };
        if reverse {
            pairs.reverse();
        }
        if !self.sort_by_columns(&mut pairs) {
            self.merge_sort_pairs(&mut pairs)?;
        }
        if reverse {
            pairs.reverse();
        }
        Ok(pairs.into_iter().map(|p| p.1).collect())
    }

    fn merge_sort_pairs(&mut self, pairs: &mut [(Value, Value)]) -> PyResult<()> {
        let mut lt = |a: &(Value, Value), b: &(Value, Value)| -> PyResult<bool> {
            match self.quick_cmp(a.0, b.0) {
                Some(o) => Ok(o == std::cmp::Ordering::Less),
                None => Ok(matches!(
                    self.compare_op(CmpOp::Lt, a.0, b.0)?,
                    Value::Bool(true)
                )),
            }
        };
        super::sort::merge_sort(pairs, &mut lt)
    }
}
