//! Methods of the runtime's own objects: exceptions, properties and
//! generators (and coroutines, and async generators).

use crate::object::{Exception, HashKey, Obj, ObjId, Value};
use crate::vm::tasks_data::AgenStep;
use crate::vm::PyErr;

/// The object a method was called on.
fn receiver(this: Value) -> ObjId {
    match this {
        Value::Ref(id) => id,
        _ => unreachable!("a heap object's method's receiver"),
    }
}

native_methods! { pub fn exception_methods; with_traceback, add_note }

native_methods! {
    pub fn exception_group_methods; with_traceback, add_note, split, subgroup, derive
}

native_methods! { pub fn property_methods; getter, setter, deleter }

native_methods! { pub fn generator_methods; send, throw, close, __next__, __iter__ }

native_methods! { pub fn async_generator_methods; __anext__, asend, athrow, aclose, __aiter__ }

native! {
    /// `BaseException.with_traceback(tb, /)`.
    builtin method with_traceback(vm, this, tb, /) {
        // `with_traceback(None)` drops the frames recorded so far;
        // traceback objects are not exposed, so any other argument keeps
        // them.
        if tb.is_none() {
            if let Obj::Exception(e) = vm.heap.get_mut(receiver(this)) {
                e.traceback.clear();
            }
        }
        Ok(this)
    }

    /// `BaseException.add_note(note, /)`: appends to `__notes__` (a list
    /// the traceback prints after the exception's line).
    builtin method add_note(vm, this, note, /) {
        let is_str = matches!(note, Value::Ref(n) if matches!(vm.heap.get(n), Obj::Str(_)));
        if !is_str {
            return Err(PyErr::type_error(format!(
                "note must be a str, not '{}'",
                vm.class_name(note)
            )));
        }
        let notes = match vm.heap.get(receiver(this)) {
            Obj::Exception(e) => e.attrs.get_str("__notes__"),
            _ => None,
        };
        match notes {
            Some(Value::Ref(l)) if matches!(vm.heap.get(l), Obj::List(_)) => {
                if let Obj::List(items) = vm.heap.get_mut(l) {
                    items.push(note);
                }
            }
            Some(other) => {
                return Err(PyErr::type_error(format!(
                    "Cannot add note: __notes__ is not a list ({})",
                    vm.class_name(other)
                )))
            }
            None => {
                let list = vm.new_list(vec![note]);
                let key = vm.new_str("__notes__");
                if let Obj::Exception(e) = vm.heap.get_mut(receiver(this)) {
                    e.attrs.insert(HashKey::Str("__notes__".into()), key, list);
                }
            }
        }
        Ok(Value::None)
    }

    /// `BaseExceptionGroup.split(condition, /)`: `(match, rest)`.
    builtin method split(vm, this, condition, /) {
        let (m, r) = vm.group_split(this, condition, true)?;
        Ok(vm.new_tuple(vec![m, r]))
    }

    /// `BaseExceptionGroup.subgroup(condition, /)`.
    builtin method subgroup(vm, this, condition, /) {
        Ok(vm.group_split(this, condition, false)?.0)
    }

    /// `BaseExceptionGroup.derive(excs, /)`.
    builtin method derive(vm, this, excs, /) {
        let (message, _) = match vm.heap.get(receiver(this)) {
            Obj::Exception(e) => (e.args.first().copied().unwrap_or(Value::None), ()),
            _ => (Value::None, ()),
        };
        vm.new_exception_group(crate::object::ExcType::BaseExceptionGroup, None, vec![message, excs])
    }

    /// `property.getter(fget, /)`.
    builtin method getter(vm, this, fget, /) {
        let mut p = property(vm, this);
        p.fget = fget;
        Ok(vm.heap.new_value(Obj::Property(Box::new(p))))
    }

    /// `property.setter(fset, /)`.
    builtin method setter(vm, this, fset, /) {
        let mut p = property(vm, this);
        p.fset = fset;
        Ok(vm.heap.new_value(Obj::Property(Box::new(p))))
    }

    /// `property.deleter(fdel, /)`.
    builtin method deleter(vm, this, fdel, /) {
        let mut p = property(vm, this);
        p.fdel = fdel;
        Ok(vm.heap.new_value(Obj::Property(Box::new(p))))
    }

    /// `generator.send(value, /)`.
    builtin method send(vm, this, value, /) {
        match vm.generator_next(receiver(this), value)? {
            Some(v) => Ok(v),
            None => Err(vm.stop_iteration_of(this)),
        }
    }

    /// `generator.throw(typ, val=None, tb=None, /)`.
    builtin method throw(vm, this, typ, val?, tb?, /) {
        let exc = match typ {
            Value::ExcType(t) => {
                let args = val.map(|v| vec![v]).unwrap_or_default();
                vm.new_exception(Exception::new(t, args))
            }
            other => other,
        };
        match vm.generator_throw(receiver(this), exc)? {
            Some(v) => Ok(v),
            None => Err(vm.stop_iteration_of(this)),
        }
    }

    /// `generator.close()`.
    builtin method close(vm, this) {
        vm.generator_close(receiver(this))?;
        Ok(Value::None)
    }

    /// `generator.__next__()`: a slot wrapper, with their messages.
    builtin method __next__(vm, this, *rest, **kwargs) {
        super::shared::slot_wrapper_no_args("__next__", &rest, &kwargs)?;
        match vm.generator_next(receiver(this), Value::None)? {
            Some(v) => Ok(v),
            None => Err(vm.stop_iteration_of(this)),
        }
    }

    /// `async_generator.__anext__()`: the awaitable of the next item.
    builtin method __anext__(vm, this) {
        Ok(vm.agen_step(receiver(this), AgenStep::Send(Value::None), None))
    }

    /// `async_generator.asend(value, /)`.
    builtin method asend(vm, this, value, /) {
        Ok(vm.agen_step(receiver(this), AgenStep::Send(value), None))
    }

    /// `async_generator.athrow(typ, val=None, tb=None, /)`.
    builtin method athrow(vm, this, typ, val?, tb?, /) {
        let exc = match typ {
            Value::ExcType(t) => {
                let args = val.map(|v| vec![v]).unwrap_or_default();
                vm.new_exception(Exception::new(t, args))
            }
            other => other,
        };
        Ok(vm.agen_step(receiver(this), AgenStep::Throw(exc), None))
    }

    /// `async_generator.aclose()`.
    builtin method aclose(vm, this) {
        Ok(vm.agen_step(receiver(this), AgenStep::Close, None))
    }

    /// `async_generator.__aiter__()`.
    builtin method __aiter__(vm, this) {
        Ok(this)
    }

    /// `generator.__iter__()`: a slot wrapper, with their messages.
    builtin method __iter__(vm, this, *rest, **kwargs) {
        super::shared::slot_wrapper_no_args("__iter__", &rest, &kwargs)?;
        Ok(this)
    }
}

/// A copy of the property a method was called on.
fn property(vm: &crate::vm::Vm, this: Value) -> crate::object::Property {
    match vm.heap.get(receiver(this)) {
        Obj::Property(p) => **p,
        _ => unreachable!("a property"),
    }
}
