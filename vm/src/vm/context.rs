//! Context managers for `with`: calling `__enter__`/`__exit__` of a user
//! instance or of a native object (`io.StringIO`, ...).

use crate::object::{Obj, Value};

use super::{PyErr, PyResult, Vm};

impl Vm {
    /// Calls `mgr.__enter__()` / `mgr.__exit__(...)` (a user instance or a
    /// native object such as `io.StringIO`).
    pub(super) fn context_call(
        &mut self,
        mgr: Value,
        name: &str,
        args: Vec<Value>,
    ) -> PyResult<Value> {
        if let Value::Ref(id) = mgr {
            if matches!(self.heap.get(id), Obj::Native(_))
                && crate::lib().native_obj_has_method(self, id, name)
            {
                if let Some(v) =
                    crate::lib().native_obj_call_method(self, id, name, args.clone(), Vec::new())?
                {
                    return Ok(v);
                }
            }
        }
        let f = self.context_method(mgr, name)?;
        let mut all = Vec::with_capacity(args.len() + 1);
        all.push(mgr);
        all.extend(args);
        self.call_value(f, all, Vec::new())
    }

    /// `__enter__`/`__exit__` of a context manager (a user instance).
    pub(super) fn context_method(&mut self, mgr: Value, name: &str) -> PyResult<Value> {
        if let Value::Ref(id) = mgr {
            if matches!(self.heap.get(id), Obj::Native(_))
                && crate::lib().native_obj_has_method(self, id, name)
            {
                return Ok(Value::None);
            }
        }
        if let Some(cls) = self.user_class_of(mgr) {
            if let Some(f) = self.class_lookup(cls, name) {
                return Ok(f);
            }
        }
        if let Value::Ref(id) = mgr {
            // native managers (`decimal.localcontext()`): a bound method,
            // which ignores the manager passed again as first argument
            if self.is_native_obj(mgr) && crate::lib().native_obj_has_method(self, id, name) {
                return Ok(self
                    .heap
                    .new_value(Obj::BuiltinMethod(mgr, name.to_string())));
            }
        }
        Err(PyErr::type_error(format!(
            "'{}' object does not support the context manager protocol (missed {name} method)",
            self.class_name(mgr)
        )))
    }
}
