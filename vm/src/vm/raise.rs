//! `raise` at run time: turning the raised value (an instance or a class)
//! into an exception, chaining `from` causes, and matching an exception
//! against the type of an `except` clause.

use crate::object::{ExcType, Obj, Value};

use super::{PyErr, PyResult, Vm};

impl Vm {
    /// `raise`, `raise exc`, `raise exc from cause`.
    pub(super) fn do_raise(&mut self, kind: u32) -> PyResult<PyErr> {
        if kind == 0 {
            return match self.exc_stack.last() {
                Some(&e) => Ok(PyErr::Reraise(e)),
                None => Err(PyErr::new(
                    ExcType::RuntimeError,
                    "No active exception to reraise",
                )),
            };
        }
        let cause = if kind == 2 { Some(self.pop()) } else { None };
        let exc = self.pop();
        let exc = self.make_exception(exc)?;
        if let Some(c) = cause {
            let c = if c.is_none() {
                Value::None
            } else {
                self.make_exception_for_cause(c)?
            };
            if let Value::Ref(id) = exc {
                if let Obj::Exception(e) = self.heap.get_mut(id) {
                    e.cause = c;
                    e.suppress_context = true;
                }
            }
        }
        Ok(PyErr::Raise(exc))
    }

    /// An exception instance from `raise X`: instances as they are, classes
    /// called with no arguments.
    pub(super) fn make_exception(&mut self, v: Value) -> PyResult<Value> {
        match v {
            Value::ExcType(t) => Ok(self.new_exception(crate::object::Exception::new(t, vec![]))),
            Value::Ref(id) if matches!(self.heap.get(id), Obj::Exception(_)) => Ok(v),
            Value::Ref(id) if matches!(self.heap.get(id), Obj::Class(c) if c.exc_base.is_some()) => {
                let e = self.call_value(v, Vec::new(), Vec::new())?;
                Ok(e)
            }
            _ => Err(PyErr::type_error(
                "exceptions must derive from BaseException",
            )),
        }
    }

    pub(super) fn make_exception_for_cause(&mut self, v: Value) -> PyResult<Value> {
        match v {
            Value::ExcType(_) => self.make_exception(v),
            Value::Ref(id) if matches!(self.heap.get(id), Obj::Exception(_)) => Ok(v),
            Value::Ref(id) if matches!(self.heap.get(id), Obj::Class(c) if c.exc_base.is_some()) => {
                self.make_exception(v)
            }
            _ => Err(PyErr::type_error(
                "exception causes must derive from BaseException",
            )),
        }
    }

    /// Does exception `exc` match the `except` clause type `ty`?
    pub fn exception_matches(&self, exc: Value, ty: Value) -> PyResult<bool> {
        let (kind, class) = match exc {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Exception(e) => (e.kind, e.class),
                _ => return Ok(false),
            },
            _ => return Ok(false),
        };
        match ty {
            Value::ExcType(t) => {
                Ok(kind.is_subclass_of(t)
                    || class.is_some_and(|c| self.class_is_exc_subclass(c, t)))
            }
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Class(c) if c.exc_base.is_some() => {
                    Ok(class.is_some_and(|k| self.class_is_subclass(k, id)))
                }
                Obj::Tuple(items) => {
                    // every item is checked first, as CPython's `except`
                    // does: a nested tuple is not descended into
                    if !items.iter().all(|&t| self.is_exception_class(t)) {
                        return Err(PyErr::type_error(
                            "catching classes that do not inherit from BaseException is not allowed",
                        ));
                    }
                    for &t in items {
                        if self.exception_matches(exc, t)? {
                            return Ok(true);
                        }
                    }
                    Ok(false)
                }
                _ => Err(PyErr::type_error(
                    "catching classes that do not inherit from BaseException is not allowed",
                )),
            },
            _ => Err(PyErr::type_error(
                "catching classes that do not inherit from BaseException is not allowed",
            )),
        }
    }
}
