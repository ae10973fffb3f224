//! How call-site errors name the callable, as CPython does: `f()`, `A.m()`,
//! `list.sort()`, `math.floor()`, `collections.deque()` in "got multiple
//! values for keyword argument" and "argument after * must be an iterable".
//! Code of the program is named as Python 3.14 names it, without the
//! `__main__.` that 3.13 puts first (the design contract follows 3.14 where
//! the peer suite does).

use crate::object::{ExcType, Obj, Value};

use super::{PyErr, Vm};

impl Vm {
    /// How CPython names a callable in call-site argument errors
    /// (`f()`, `A.m()`, `len()`, `list()`); other
    /// callables are named by their repr, as CPython does.
    pub fn callable_display(&mut self, f: Value) -> String {
        let named = match f {
            Value::Builtin(b) => Some(format!("{}()", b.name())),
            Value::Native(id) => Some(self.native_display(id)),
            Value::Type(t) => Some(format!("{}()", t.name())),
            Value::ExcType(e) => Some(format!("{}()", e.name())),
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Function(fun) => Some(format!(
                    "{}()",
                    self.program.codes[fun.code as usize].qualname
                )),
                Obj::BoundMethod { func, .. } => {
                    let func = *func;
                    return self.callable_display(func);
                }
                Obj::Class(c) => Some(format!("{}()", c.qualname)),
                // `list.sort()`, `dict.fromkeys()`
                Obj::BuiltinMethod(recv, name) => Some(match recv {
                    Value::Type(t) => format!("{}.{name}()", t.name()),
                    _ => format!("{}.{name}()", self.class_name(*recv)),
                }),
                _ => None,
            },
            _ => None,
        };
        match named {
            Some(n) => n,
            None => self.repr(f).unwrap_or_else(|_| "object".into()),
        }
    }

    /// A native function or class as CPython names it in call errors:
    /// qualified by its module (`math.floor()`, `collections.deque()`).
    fn native_display(&self, id: crate::object::NativeId) -> String {
        if let Some(r) = crate::lib().class_repr(self, id) {
            let name = r.trim_start_matches("<class '").trim_end_matches("'>");
            return format!("{name}()");
        }
        format!(
            "{}.{}()",
            crate::lib().native_module(id),
            crate::lib().native_name(id)
        )
    }
}

impl Vm {
    /// Prefixes a `**` error from building a call's keywords with the
    /// callable's name, as CPython does (`f() got multiple values for
    /// keyword argument 'a'`).
    pub fn name_call_error(&mut self, err: PyErr, callable: Value) -> PyErr {
        match err {
            PyErr::Msg(ExcType::TypeError, msg)
                if msg.starts_with("got multiple values") || msg.starts_with("argument after") =>
            {
                let name = self.callable_display(callable);
                PyErr::type_error(format!("{name} {msg}"))
            }
            other => other,
        }
    }

    /// Rewords "'int' object is not iterable" for a `*value` that is not
    /// iterable: `Value after * must be an iterable, not int` in a display,
    /// `f() argument after * must be an iterable, not int` in a call. An
    /// error raised while iterating is left alone.
    pub fn name_star_error(&mut self, err: PyErr, value: Value, callable: Option<Value>) -> PyErr {
        let type_name = self.class_name(value);
        match err {
            PyErr::Msg(ExcType::TypeError, msg)
                if msg == format!("'{type_name}' object is not iterable")
                    && !self.has_iter_slot(value) =>
            {
                match callable {
                    Some(c) => {
                        let name = self.callable_display(c);
                        PyErr::type_error(format!(
                            "{name} argument after * must be an iterable, not {type_name}"
                        ))
                    }
                    None => PyErr::type_error(format!(
                        "Value after * must be an iterable, not {type_name}"
                    )),
                }
            }
            other => other,
        }
    }
}
